"""Erweitertes Spiel: the Auftragskarte is drawn at random, applies to everyone, and each of
the twelve cards is tested met and unmet."""

from __future__ import annotations

import pytest
from freizeitpark_helpers import ALMOST, build_at, new_game, position, rules, sheet, violation

from boardkit.engine import RuleViolation
from boardkit.freizeitpark import auftragskarten
from boardkit.freizeitpark.konstrukte import analysis
from boardkit.freizeitpark.wertung import tables

BLOCKS = {
    "K": ("KK", "KK"),
    "G": ("GGG", "GGG"),
    "W": ("WWW", "W.W", "WWW"),
    "A": ("AAAA", "A..A", "A..A", "AAAA"),
    "P": ("PPP", ".P."),
    "V": ("VVV",),
    "B": ("BBB", ".B.", ".B."),
}


def row_of(*glyphs: str):
    """Constructs side by side, one empty column apart (so none touches another)."""
    blocks = [BLOCKS[g] for g in glyphs]
    height = max(len(b) for b in blocks)
    rows = []
    for y in range(height):
        parts = [(b[y] if y < len(b) else "." * len(b[0])) for b in blocks]
        rows.append(".".join(parts) + ".")
    return sheet(*rows)


def card_met(card: str, s) -> bool:
    rs = rules(card)
    return auftragskarten.met(rs, analysis(rs, s))


CASES = [
    ("vielfalt", row_of("K", "G", "W", "A"), row_of("K", "G", "W", "W")),
    ("wasserpark", row_of("W", "W", "W", "A"), row_of("W", "W", "A")),
    ("kinderland", row_of("K", "K", "K", "K", "K"), row_of("K", "K", "K", "K", "G")),
    ("achterbahn_land", row_of("A", "A"), row_of("A", "W")),
    ("halloween", row_of("G", "G", "G", "G"), row_of("G", "G", "G", "K")),
    ("besucherrekord", row_of("P", "P", "P", "P", "P"), row_of("P", "P", "P", "P")),
    ("kommerz", row_of("V", "V", "V", "V", "V"), row_of("V", "V", "V", "V")),
    # Messe: 4 attractions need 3 + 2 stands; 5 attractions still need 5 (pairs only)
    ("messe", row_of("K", "G", "W", "A", "V", "V", "V", "V", "V"),
     row_of("K", "G", "W", "A", "V", "V", "V", "V")),
    ("volksfest", row_of("B", "B"), row_of("B", "K")),
]


@pytest.mark.parametrize("card, met, unmet", CASES, ids=[c[0] for c in CASES])
def test_counting_cards(card, met, unmet):
    assert card_met(card, met)
    assert not card_met(card, unmet)


def test_messe_counts_pairs_of_attractions():
    assert card_met("messe", row_of("K", "G", "W", "A", "K", "V", "V", "V", "V", "V"))
    assert not card_met("messe", row_of("K", "G", "W", "A", "K", "K", "V", "V", "V", "V", "V"))


def test_zug_needs_ten_connected_cells_and_four_per_line():
    train = sheet("ZZZZ.",
                  "...Z.",
                  "...Z.",
                  ".ZZZ.",
                  ".Z...",
                  ".ZZ..")
    assert card_met("zug", train)
    too_short = sheet("ZZZZ.", "...Z.", "...Z.", ".ZZZ.")
    assert not card_met("zug", too_short)
    five_in_a_row = sheet("ZZZZZ", "....Z", "....Z", "...ZZ", "...Z.")
    assert not card_met("zug", five_in_a_row)
    rs = rules("zug")
    an = analysis(rs, five_in_a_row)
    assert an.status(an.group_at[(0, 0)]) == "sin"
    split = sheet("ZZZZ.", "...Z.", ".....", ".ZZZ.", ".Z...", ".ZZ..")  # not connected
    assert not card_met("zug", split)


def test_the_train_scores_nothing():
    rs = rules("zug")
    train = sheet("ZZZZ.", "...Z.", "...Z.", ".ZZZ.", ".Z...", ".ZZ..")
    assert all(t.marks == 0 for t in tables(rs, analysis(rs, train)).values())


def test_nachhaltigkeit_card_two_landschaft_cells_per_point():
    rs = rules("nachhaltigkeit")
    s13 = sheet("LLLLLLL", "LLLLLL.")
    s14 = sheet("LLLLLLL", ".......", "LLLLLLL")  # need not be joined
    assert tables(rs, analysis(rs, s13))["nachhaltigkeit"].marks == 6
    assert not card_met("nachhaltigkeit", s13)
    assert tables(rs, analysis(rs, s14))["nachhaltigkeit"].marks == 7
    assert card_met("nachhaltigkeit", s14)


def test_park_der_landschaft_squares():
    rs = rules("park_der_landschaft")
    four = sheet("LL.LL.LL.LL", "LL.LL.LL.LL")
    three = sheet("LL.LL.LL.LLL", "LL.LL.LL....")
    t = tables(rs, analysis(rs, four))
    assert (t["nachhaltigkeit"].marks, t["beliebtheit"].marks) == (8, 4)
    assert card_met("park_der_landschaft", four)
    assert not card_met("park_der_landschaft", three)
    t3 = tables(rs, analysis(rs, three))
    assert (t3["nachhaltigkeit"].marks, t3["beliebtheit"].marks) == (6, 3)  # a bar scores 0


def test_park_der_landschaft_squares_keep_their_distance():
    rs = rules("park_der_landschaft")
    s = sheet("EEE.......",
              "LL........",
              "LL........",
              "..........")
    beside = build_at(rs, 5, [(2, 1), (2, 2)], "landschaft")
    assert violation(s, (5, 3), beside, rs) == "freizeitpark.konstrukt.abstand"
    assert violation(s, (5, 3), beside) is None  # without the card Landschaft grows freely


def test_card_symbols_are_drawn_with_the_card():
    start = sheet("EEE.......", "..........")
    state = position(start, dice=(3, 2), card="volksfest")
    symbols = {a.symbol for a in state.legal_actions() if a.die == 3}
    assert "bierzelt" in symbols


def test_a_random_card_for_everybody_in_the_expanded_game():
    drawn = {new_game(players=2, seed=seed, expanded=True).card for seed in range(40)}
    assert len(drawn) > 6 and drawn <= set(auftragskarten.RULE_IDS)
    state = new_game(players=2, seed=1, expanded=True)
    event = next(e for e in state.log if e.kind == "chance")
    assert event.name == "auftragskarte" and event.value == state.card
    assert new_game(players=2, seed=1).card is None


def test_a_teacher_can_force_the_card_and_nothing_else():
    chosen = new_game(players=1, card="zug")
    assert chosen.card == "zug" and "Zug (train)" in chosen.log.text()
    with pytest.raises(RuleViolation) as err:
        new_game(players=1, expanded=True).force("auftragskarte", "oktoberfest")
    assert err.value.rule == "freizeitpark.auftrag.ziehen"



def test_the_card_is_an_extra_condition():
    stand = [(0, 7), (1, 7), (2, 7)]
    state = position(sheet(*ALMOST), dice=(3, 5), card="kinderland")
    state.apply(build_at(state.rules, 3, stand, "verkaufsstand"))
    assert not state.is_over and state.standing(0).minimums_met()
    assert not state.standing(0).card_met
    state = position(sheet(*ALMOST), dice=(3, 5), card="vielfalt")
    state.apply(build_at(state.rules, 3, stand, "verkaufsstand"))
    assert state.is_over and state.winners() == [0]


def test_the_card_may_be_met_before_the_minimums():
    stand = [(0, 7), (1, 7), (2, 7)]
    state = position(sheet(*ALMOST), dice=(3, 5), card="vielfalt")
    assert state.standing(0).card_met and not state.standing(0).minimums_met()
    assert not state.is_over
    state.apply(build_at(state.rules, 3, stand, "verkaufsstand"))
    assert state.is_over


def test_a_met_card_is_ticked_off():
    rows = tuple(r.replace("AKKA", "A..A") for r in ALMOST)
    state = position(sheet(*rows), dice=(1, 2), card="vielfalt")
    assert not state.standing(0).card_met
    state.apply(build_at(state.rules, 1, [(1, 2), (2, 2), (1, 3), (2, 3)], "karussell"))
    assert state.standing(0).card_met and not state.is_over
    assert "Auftrag erfüllt" in state.log.text(last=3)
    assert state.observation(0)["players"][0]["card_progress"] == [4, 4]


def test_every_card_has_its_rule_written_out():
    from boardkit.freizeitpark.content import content

    assert set(auftragskarten.RULE_IDS) == set(content().cards)


def test_messe_can_lapse_and_the_log_says_so():
    """Our reading of freizeitpark.auftrag.bedingung: the card must hold when the game ends.
    Messe's need grows with the attractions, so a Messe met with three stands and one
    attraction lapses when a second attraction is finished, and the log says so."""
    rows = ("EEEKK.....",
            "...KK.....",
            "VVV.VVV...",
            "..........",
            "VVV.......",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........")
    state = position(sheet(*rows), dice=(1, 2), card="messe")
    assert state.standing(0).card_met and state.standing(0).card_progress == (3, 3)
    state.apply(build_at(state.rules, 1, [(6, 0), (7, 0), (6, 1), (7, 1)], "karussell"))
    assert not state.standing(0).card_met and state.standing(0).card_progress == (3, 4)
    assert "Auftrag no longer met: 3 of 4 needed" in state.log.text(last=3)
