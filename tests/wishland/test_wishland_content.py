"""Wishland content: what the rulebook prints is transcribed exactly; what it leaves out is
illustrative, marked so, and consistent with every worked example."""

import pytest
from pydantic import ValidationError

from boardkit.engine import DataError
from boardkit.engine.content import validate
from boardkit.wishland import content as C
from boardkit.wishland.content import CARDS, CONTENT, HOTEL, card_id

BOARD = CONTENT.board


def test_provenance_of_every_file():
    assert CONTENT.provenance == {
        "board.toml": "rulebook", "hotels.toml": "rulebook", "entrepreneurs.toml": "rulebook",
        "achievements.toml": "rulebook", "cards.toml": "illustrative",
        "tables.toml": "illustrative"}


def test_box_contents_card_counts():
    counts = {k: sum(1 for c in CARDS.values() if c.kind == i) for i, k in enumerate(C.KINDS)}
    assert counts == {"ride": 24, "restaurant": 24, "hotel": 24, "actor": 24, "mascot": 24,
                      "ticket": 20, "entrepreneur": 12}


def test_colours_and_category_symbols():
    colours = {k.key: k.colour for k in BOARD.kind}
    assert colours == {"ride": "yellow", "restaurant": "red", "actor": "blue", "hotel": "green",
                       "mascot": "black", "ticket": "purple", "entrepreneur": "orange"}
    by_colour = {k.key: k.symbols for k in BOARD.kind if k.symbols}
    assert by_colour == {
        "ride": ["ferris wheel", "roller coaster", "castle"],
        "restaurant": ["drink", "hamburger", "cotton candy"],
        "actor": ["top hat", "camera", "balloon"],
        "hotel": ["vase", "newspaper", "cocktail"]}
    assert len(CONTENT.category_symbols) == 12


def test_entertainment_symbols():
    assert CONTENT.entertainment_symbols == (
        "mask", "balloon", "cowboy hat", "magic wand", "top hat", "gun", "dagger",
        "veiled headdress", "gem", "palm tree", "column")
    actors = [c for c in CARDS.values() if c.kind == C.ACTOR]
    assert {c.entertainment for c in actors} == set(CONTENT.actor_entertainment)
    assert len(CONTENT.actor_entertainment) == 8


def gains(effects):
    return [(e.effect, e.n) for e in effects]


def test_turn_order_track_rewards():
    assert [gains(s.gain) for s in BOARD.turn_order] == [
        [], [("credits", 1)], [("vp", 1)], [("choice", 1)], [("ticket", 1)]]


def test_advertisement_and_mascot_bonuses():
    assert gains(BOARD.advertisement.gain) == [("credits", 1), ("choice", 1)]
    assert [gains(m.gain) for m in BOARD.mascot_bonus] == [
        [("ticket", 1)], [("choice", 1)], [("credits", 2)], [("vp", 1)], [("entertainment", 1)]]


def test_params_transcribed(wishland_params):
    p = wishland_params
    assert (p.rounds, p.turns_per_round, p.market_cards, p.income) == (7, 4, 4, 5)
    assert (p.start_workers, p.reserve_workers, p.reserve_extra_max) == (4, 6, 3)
    assert (p.tracks.max, p.tracks.happiness_odd_vp, p.tracks.visitors_odd_credits) == (10, 1, 2)
    assert (p.ticket_offices, p.reshuffle_after_round, p.achievement_vp) == (20, 6, 1)


@pytest.fixture
def wishland_params():
    from boardkit.wishland import GAME

    return GAME.make_params()


def test_hotels_transcribed():
    h = {n: CARDS[card_id(HOTEL, n)] for n in range(1, 25)}
    assert gains(h[1].immediate) == [("vp", 6)]
    assert gains(h[2].immediate) == [("credits", 3)]
    assert gains(h[3].immediate) == [("happiness", 1), ("visitors", 1), ("workers", 1)]
    assert gains(h[4].immediate) == [("ticket", 2)]
    assert [e.effect for e in h[5].final] == ["ticket_table"]
    assert gains(h[6].immediate) == [("vp", 1)] and h[6].final[0].effect == "milestones"
    assert h[6].final[0].n == 3
    finals = {n: [e.effect for e in h[n].final] for n in (7, 8, 9, 10, 11, 12, 17)}
    assert finals == {7: ["symbol_sets"], 8: ["bonus_card"], 9: ["entertainment"],
                      10: ["mascot_self"], 11: ["symbol_table"],
                      12: ["duplicate_entertainment"], 17: ["colour_sets"]}
    ongoing = {n: [e.effect for e in h[n].ongoing] for n in (13, 15, 16, 19, 24)}
    assert ongoing == {13: ["advertise_collect"], 15: ["swap_resources"], 16: ["pay_collect"],
                       19: ["buy_vp"], 24: ["ignore_limit"]}
    assert h[16].ongoing[0].cost == 3
    assert (h[19].ongoing[0].cost, h[19].ongoing[0].n) == (2, 1)
    t14 = h[14].ongoing[0]
    assert (t14.effect, t14.kind, gains(t14.gain)) == ("when_play", "restaurant", [("credits", 1)])
    assert h[14].final[0].effect == "no_restaurant_penalty"
    assert (h[18].ongoing[0].kind, gains(h[18].ongoing[0].gain)) == ("actor", [("choice", 1)])
    assert gains(h[20].ongoing[0].gain) == [("choice", 1)] and h[20].ongoing[0].who == "self"
    assert gains(h[21].income) == [("credits", -2)]
    assert (h[21].ongoing[0].kind, gains(h[21].ongoing[0].gain)) == ("hotel", [("vp", 1)])
    assert (h[22].ongoing[0].min_cost, gains(h[22].ongoing[0].gain)) == (5, [("choice", 1)])
    assert (h[23].income[0].effect, h[23].income[0].kind) == ("credits_per", "restaurant")
    assert all(CARDS[card_id(HOTEL, n)].text for n in range(1, 25))


def test_entrepreneurs_transcribed():
    e = {n: CARDS[card_id(C.ENTREPRENEUR, n)] for n in range(1, 13)}
    assert [(x.nth, gains(x.gain)) for x in e[1].ongoing] == [
        (1, [("credits", 1)]), (3, [("choice", 1)]), (5, [("vp", 1)])]
    assert [(x.nth, x.n) for x in e[2].ongoing] == [(1, 2), (5, 2)]
    assert e[3].setup[0].effect == "private_tile"
    assert [(x.who, gains(x.gain)) for x in e[3].ongoing] == [
        ("any", [("credits", 1)]), ("self", [("choice", 1)])]
    assert (e[4].ongoing[0].track, e[5].ongoing[0].track) == ("happiness", "visitors")
    for n, kind in ((6, "restaurant"), (7, "hotel")):
        assert [(x.effect, x.kind) for x in e[n].ongoing] == [
            ("when_play", kind), ("discount", kind), ("ignore_limit", kind)]
    assert [x.effect for x in e[8].ongoing] == ["discount", "double_mascot"]
    assert e[9].income[0].round == 1
    assert gains(e[9].income[0].gain) == [("workers", 2), ("credits", 3), ("vp", 1), ("ticket", 2)]
    assert e[10].final[0].n == 2 and e[11].final[0].effect == "common_symbol"
    assert [(x.at_least, gains(x.gain)) for x in e[12].income] == [
        (2, [("credits", 1)]), (4, [("choice", 1)]), (6, [("vp", 1)])]


def test_achievements_transcribed():
    a = CONTENT.achievements
    board = [(c.stat, c.kind, c.at_least) for i in range(1, 10) for c in a[f"board-{i}"].require]
    assert board == [("happiness", None, 7), ("visitors", None, 7), ("workers", None, 9),
                     ("vp", None, 15), ("cards", "ride", 5), ("cards", "actor", 5),
                     ("cards", "restaurant", 5), ("cards", "hotel", 5), ("cards", "mascot", 5)]
    assert [a[f"tile-{i}"].blank for i in range(1, 16)] == [False] * 10 + [True] * 5
    assert a["tile-3"].mode == "any" and a["tile-1"].mode == "all"
    assert "ticket" in a["tile-2"].require[0].kinds and "ticket" not in a["tile-4"].require[0].kinds
    assert a["tile-10"].require[0].min_cost == 6 and a["tile-8"].require[0].at_least == 12


def test_tables_keep_the_printed_entertainment_values():
    rows = dict(CONTENT.tables["entertainment"].rows)
    assert [rows[n] for n in (3, 4, 5, 6)] == [2, 3, 5, 7]
    assert C.table_value(CONTENT.tables["entertainment"], 1) == 0


def test_illustrative_faces_allow_the_rulebook_examples():
    """The Final Scoring example needs 3 income Restaurants worth 5 and 2 penalty ones."""
    from boardkit.wishland.positions import rulebook_example_cards

    cards = rulebook_example_cards()
    assert len(cards["restaurants"]) == 5 and len(set(sum(cards.values(), []))) == 20
    penalties = [c for c in cards["restaurants"] if CARDS[c].final]
    assert len(penalties) == 2
    assert all(gains(CARDS[c].immediate) == [("credits", 4)] for c in penalties)


def test_restaurant_faces_are_the_three_kinds():
    kinds = set()
    for c in CARDS.values():
        if c.kind != C.RESTAURANT:
            continue
        if c.final:
            assert gains(c.immediate) == [("credits", 4)] and gains(c.final) == [("penalty", 1)]
            kinds.add("penalty")
        elif c.immediate:
            assert c.immediate[0].effect == "visitors" and c.income
            kinds.add("visitors")
        else:
            assert c.income[0].effect == "credits"
            kinds.add("income")
    assert kinds == {"penalty", "visitors", "income"}


@pytest.mark.parametrize("model, raw, message", [
    (C.Effect, {"effect": "teleport"}, "effect"),
    (C.Effect, {"effect": "when_play", "kind": "dragon"}, "kind"),
    (C.Effect, {"effect": "when_play", "gain": [{"effect": "bonus_card"}]}, "cannot be gained"),
    # an income or discount that counts no kind of card would fail mid-game (KeyError: None)
    (C.Effect, {"effect": "credits_per", "n": 1}, "needs a kind"),
    (C.Effect, {"effect": "when_count", "at_least": 2}, "needs a kind"),
    (C.Effect, {"effect": "discount", "n": 1}, "needs a kind"),
    (C.HotelRule, {"number": 1, "text": "a text here", "immediate": [{"effect": "bonus_card"}]},
     "not allowed here"),
    (C.Condition, {"stat": "cards", "at_least": 3}, "needs a kind"),
    (C.Condition, {"stat": "mood", "at_least": 3}, "stat"),
    (C.TableSpec, {"key": "t", "text": "x", "rows": [[3, 1], [2, 2]]}, "increase"),
    (C.Face, {"number": 1, "cost": -1, "symbol": "vase"}, "cost"),
])
def test_malformed_content_names_the_field(model, raw, message):
    with pytest.raises(DataError, match=message) as err:
        validate(model, raw, "data/wishland/x.toml")
    assert "x.toml" in str(err.value)


def test_content_is_immutable():
    import dataclasses

    with pytest.raises(ValidationError):
        CARDS[102].immediate[0].n = 5  # Ride #2 scores 1 VP
    with pytest.raises(dataclasses.FrozenInstanceError):
        CARDS[102].cost = 0
