"""The Wanderlust board without a browser: clicks as messages, the SVG, the panel."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from wanderlust_helpers import scenario

from boardkit.boards.base import action_target
from boardkit.engine import ActionFormatError
from boardkit.wanderlust import GAME
from boardkit.wanderlust.actions import EndTurn, Souvenir, TakeBlind, TakeTicket, Travel


def click(board, target):
    return board.handle_message({"kind": "click", "target": target})


def targets_in(svg):
    root = ET.fromstring(svg)
    return {el.get("data-target") for el in root.iter() if el.get("data-target")}


def test_svg_is_well_formed_and_every_destination_is_a_target():
    board = GAME.board(scenario("jackie"))
    found = targets_in(board.svg())
    assert len([t for t in found if t.startswith("dest:")]) == 68
    state = board.state
    assert {action_target(state, a) for a in (TakeTicket(0), TakeBlind(), Souvenir())} <= found


def test_click_destination_then_payment_moves_the_trotter():
    board = GAME.board(scenario("jackie"))
    assert click(board, action_target(board.state, TakeTicket(0)))  # the train
    assert not click(board, "dest:anchorage") and board.selected == "Anchorage"
    assert board.last_error is None and "pay:0" in board.targets(board.state)
    assert "ways to pay for Anchorage" in board.svg()
    assert click(board, "pay:0")
    assert board.state.loc[0] == "Anchorage" and board.selected is None
    assert board.last_action == Travel("Anchorage", ("car", "train", "ship"))


def test_illegal_clicks_are_explained_and_change_nothing():
    board = GAME.board(scenario("jackie"))
    before = board.state.to_json()
    assert not click(board, "dest:tokyo")
    assert board.last_error.rule == "wanderlust.travel.route"
    assert not click(board, "dest:paris")
    assert board.last_error.rule == "wanderlust.travel.available"
    assert not click(board, action_target(board.state, EndTurn()))
    assert board.last_error.rule == "wanderlust.turn.no_skip"
    assert not click(board, "pay:3")
    assert "click a destination first" in str(board.last_error)
    for bad in ("dest:atlantis", "teleport", "slot:x", "slot:0", "end", "blind", "pay:x",
                "act:x", "act:" + "9" * 12):
        assert not click(board, bad)
        assert isinstance(board.last_error, ActionFormatError), bad
    assert not board.handle_message({"kind": "click", "target": "<script>"})
    assert board.state.to_json() == before


def test_view_as_hides_other_hands():
    state = scenario("jackie")
    board = GAME.board(state, viewer=1)
    svg = board.svg()
    assert "P2 (Laura)&#x27;s hand" in svg or "P2 (Laura)'s hand" in svg
    assert "P1 (Jackie)" not in svg.split("hand")[0][-40:]
    spectator = GAME.board(state).svg()
    assert "P1 (Jackie)&#x27;s hand" in spectator or "P1 (Jackie)'s hand" in spectator


def test_boards_of_every_kind_of_game_render():
    for variant, players in (({}, 5), ({"automatons": 3}, 1), ({"family": True}, 2)):
        s = GAME.new_game(players=players, seed=2, variant=variant)
        b = GAME.board(s, agent="greedy")
        for _ in range(6):
            b.ai_move()
        ET.fromstring(b.svg())
        assert b.last_error is None, b.last_error


def test_undo_and_the_log_slider_replay_scenarios():
    board = GAME.board(scenario("laura"))
    trip = Travel("Victoria Falls", ("airline", "airline", "wild", "car"), flights=1)
    assert board.play(trip)
    assert board.state.enc[0] == {"pen-pal": 1}
    assert board.undo()
    assert board.state.loc[0] == "New Delhi" and board.state.action_count == 0
    assert board.play(trip) and board.state.loc[0] == "Victoria Falls"
    board.show_move(0)
    assert board.state.loc[0] == "New Delhi"


def test_payment_options_never_shown_to_another_player():
    from boardkit.wanderlust.actions import TakeTicket

    board = GAME.board(scenario("jackie"))
    board.play(TakeTicket(board.state.display.index("train")))
    click(board, "dest:anchorage")
    assert "ways to pay for Anchorage" in board.svg()
    board.viewer = 1  # Laura looks while Jackie decides
    assert "ways to pay" not in board.svg() and board.selected is None


def test_picked_tickets_reach_a_trip_longer_than_the_listing():
    from wanderlust_helpers import set_available, set_hand

    state = scenario("jackie")
    set_hand(state, 0, *["wild"] * 9)
    set_available(state, "Anchorage", "Tokyo", "Reykjavík")
    board = GAME.board(state)
    nine = Travel("Anchorage", ("wild",) * 9)
    assert nine not in state.legal_actions()  # listed trips have at most 8 tickets
    assert "pick:wild" in targets_in(board.svg())
    for _ in range(9):
        assert not click(board, "pick:wild") and board.last_error is None
    assert not click(board, "pick:wild")  # no tenth wild ticket to pick
    assert "no more wild tickets" in str(board.last_error)
    assert board.picked == ["wild"] * 9 and "picked for a trip" in board.svg()
    assert not click(board, "dest:anchorage") and board.selected == "Anchorage"
    pays = board.payments(board.state, "Anchorage")
    assert pays and all(p.tickets == nine.tickets for p in pays)
    assert click(board, "pay:0")
    assert board.state.loc[0] == "Anchorage" and board.last_action == nine
    assert board.picked == []


def test_picked_tickets_that_pay_no_trip_are_explained():
    from wanderlust_helpers import set_available, set_hand

    state = scenario("jackie")
    set_hand(state, 0, "car", "car", "car")
    set_available(state, "Mexico City", "Tokyo", "Reykjavík")
    board = GAME.board(state)
    for _ in range(3):
        click(board, "pick:car")
    assert not click(board, "dest:mexico-city")
    assert board.last_error.rule == "wanderlust.travel.no_repeat"
    click(board, "pick:clear")
    assert board.picked == [] and not click(board, "dest:mexico-city")
    assert board.selected == "Mexico City"  # the listed payments (one car ticket)


def test_trotters_are_drawn_in_the_colour_the_log_names():
    """The log says "P1 is the yellow trotter": the board draws P1's disc yellow, not in a
    seat colour of its own (a classroom trial found a blue disc under that line)."""
    from boardkit.wanderlust.board import trotter_colour
    from boardkit.wanderlust.content import cards

    state = GAME.new_game(players=3, seed=7)
    svg = GAME.board(state).svg()
    for t in range(state.players):
        named = [e.text for e in state.log if e.kind == "chance" and e.name == "trotter"
                 and e.text.startswith(state.label(t) + " is the")]
        pid = state.passport[t]
        assert named == [f"{state.label(t)} is the {pid} trotter"]
        assert trotter_colour(state, t) == cards().passports[pid].colour
        assert f'fill="{cards().passports[pid].colour}"' in svg


def _named_colours(state) -> dict[str, str]:
    """Trotter label -> the colour the log names ("A1 is the green trotter")."""
    out = {}
    for e in state.log:
        if e.text.endswith(" trotter") and " is the " in e.text:
            who, colour = e.text[:-len(" trotter")].split(" is the ")
            out[who] = colour
    return out


def test_every_trotter_is_named_by_its_discs_colour_automatons_included():
    """A solo race and a scenario with neutral passports named no colour for the automatons
    or the neutral trotters, and drew them in seat colours that could repeat a player's
    (an orange automaton beside the orange trotter)."""
    from boardkit.wanderlust.board import trotter_colour
    from boardkit.wanderlust.content import cards

    passports = cards().passports
    for state in (GAME.new_game(players=1, seed=11, variant={"automatons": 3}),
                  scenario("laura-automaton-blocked"), scenario("jackie")):
        named = _named_colours(state)
        labels = [state.label(t) for t in range(state.trotters)]
        assert sorted(named) == sorted(labels), state.log.text()
        svg = GAME.board(state).svg()
        fills = [trotter_colour(state, t) for t in range(state.trotters)]
        assert len(set(fills)) == state.trotters, "no two discs share a colour"
        for t, label in enumerate(labels):
            assert fills[t] == passports[named[label]].colour
            assert f'fill="{fills[t]}"' in svg
    # a save replays the same colours (nothing random was added)
    solo = GAME.new_game(players=1, seed=11, variant={"automatons": 3})
    assert GAME.from_json(solo.to_json()).colours == solo.colours


def test_the_log_header_counts_match_the_entries_that_read_as_moves():
    """The header said "0 moves by players" over a log of automaton moves, and the rule's
    consequences were prefixed like moves ("P1: P1 travels ..."), so the lines that read as
    moves outnumbered the count."""
    import re

    state = scenario("laura-automaton-blocked")
    header = re.search(r"event log: [^<]*", GAME.board(state).log_view.value).group(0)
    steps = [e.text for e in state.log if re.match(r"A\d \(\w+\) (moves|flies) ", e.text)]
    assert header == f"event log: {len(state.log)} entries (0 moves by players, " \
                     f"{len(steps)} by automatons)" and len(steps) == 6
    game = GAME.new_game(players=3, seed=7)
    for _ in range(8):
        game.apply(game.legal_actions()[-1])
    prefixed = [str(e) for e in game.log if re.match(r"P\d: ", str(e))]
    assert len(prefixed) == game.action_count + game.auto_count, prefixed
    assert not any(re.match(r"P\d: P\d", line) for line in prefixed)
    board = GAME.board(game)
    assert f"({game.action_count} moves by players, {game.auto_count} automatic)" \
        in board.log_view.value


def test_no_wanderlust_text_counts_turns_from_zero():
    """"turn 0" meant a rotation in another game's log; Wanderlust counts rounds from 1 and
    names no turn by number, in the log or on the board."""
    state = GAME.new_game(players=2, seed=4)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    texts = state.log.text() + GAME.board(state).svg()
    assert "turn 0" not in texts.lower() and "round 0" not in texts.lower()
    assert "Round 1 ·" in GAME.board(scenario("sam")).svg()


def test_a_postcard_paid_with_an_airline_ticket_reads_an_airline():
    from boardkit.wanderlust.actions import Postcard

    assert str(Postcard("airline")) == "send a postcard (discarding an airline ticket)"
    assert str(Postcard("car")) == "send a postcard (discarding a car ticket)"


def _button_boxes(svg: str) -> list[tuple[float, float, float, float, str]]:
    """The drawn buttons: (x, y, w, h, label) of each pill-shaped box with a label."""
    import re

    found = re.findall(r'aria-label="([^"]*)"><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" '
                       r'height="24" rx="12"', svg)
    return [(float(x), float(y), float(w), 24.0, label) for label, x, y, w in found]


def test_the_action_buttons_fit_their_labels_and_never_overlap():
    """Seed 0 opens at a port with three Postcard choices: six buttons with long labels."""
    from boardkit.boards import svg as S
    from boardkit.wanderlust.board import HAND_W, HAND_X

    state = GAME.new_game(players=2, seed=0)
    board = GAME.board(state)
    buttons = _button_boxes(board.svg())
    labels = [b[4] for b in buttons]
    assert {"Postcard (charter)", "Postcard (airline)", "Postcard (wild)"} <= set(labels)
    for x, _, w, _, label in buttons:
        assert S.text_width(label, 24 * 0.45, bold=True) <= w - 8, label
        assert HAND_X <= x and x + w <= HAND_X + HAND_W + 1, label
    for i, a in enumerate(buttons):
        for b in buttons[i + 1:]:
            assert not S.overlaps((a[0], a[1], a[0] + a[2], a[1] + a[3]),
                                  (b[0], b[1], b[0] + b[2], b[1] + b[3])), (a[4], b[4])


def test_no_place_name_lies_under_a_trotters_token():
    """A token is a disc centred on its place, and every name keeps clear of every place's
    disc, so a token never hides a name wherever a trotter stands."""
    from boardkit.boards import svg as S
    from boardkit.wanderlust.board import TOKEN_R, place_labels, xy
    from boardkit.wanderlust.content import world

    labels = place_labels()
    for name in world().names:
        x, y = xy(name)
        disc = (x - TOKEN_R, y - TOKEN_R, x + TOKEN_R, y + TOKEN_R)
        assert not [n for n, lab in labels.items() if S.overlaps(disc, lab.box)], name
    svg = GAME.board(GAME.new_game(players=3, seed=2), viewer=None).svg()
    assert svg.count('class="bk-token" pointer-events="none"') >= 1
