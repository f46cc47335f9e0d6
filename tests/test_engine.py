"""The engine's protocol, on the Dice Grid teaching game."""

import json
import pickle

import pytest

import boardkit
from boardkit.engine import (
    PUBLIC,
    ActionFormatError,
    RuleViolation,
    SaveGameError,
    UnknownGameError,
    VariantError,
    registry,
)
from boardkit.examples.dice_grid import GAME, ChooseDie, Claim, ClaimStep, Pass
from boardkit.testing import pose


def frozen(state) -> bytes:
    """Every byte of a state (log included)."""
    return pickle.dumps(state)


def at_claim(seed=3):
    """A state whose pending step is a claim (the die already chosen)."""
    s = GAME.new_game(seed=seed)
    while not isinstance(s.pending, ClaimStep):
        s.apply(s.legal_actions()[0])
    return s


# ------------------------------------------------------------------ registry
def test_registry_lists_and_finds_games():
    assert "dice-grid" in boardkit.games()
    assert boardkit.game("dice-grid") is GAME


def test_unknown_game_names_the_known_ones():
    with pytest.raises(UnknownGameError, match="available: .*dice-grid"):
        boardkit.game("chess")


# ------------------------------------------------------------ new-game options
@pytest.mark.parametrize("players", [1, 5, "2", True])
def test_bad_player_count(players):
    with pytest.raises(VariantError, match="takes 2–4 players"):
        GAME.new_game(players=players)


def test_bad_seed():
    with pytest.raises(VariantError, match="seed"):
        GAME.new_game(seed=-1)


def test_unknown_variant_option_is_named():
    with pytest.raises(VariantError, match="secret_luck.*Extra inputs|options: secret_lucky"):
        GAME.new_game(variant={"secret_luck": False})


def test_variant_option_wrong_type():
    with pytest.raises(VariantError, match="secret_lucky"):
        GAME.new_game(variant={"secret_lucky": "sometimes"})


def test_params_override_and_errors():
    s = GAME.new_game(params={"points.lucky_cell": 3})
    assert s.params.points.lucky_cell == 3
    with pytest.raises(VariantError, match="unknown rule parameter 'points.lucky'"):
        GAME.new_game(params={"points.lucky": 3})
    with pytest.raises(VariantError, match="points.lucky_cell"):
        GAME.new_game(params={"points.lucky_cell": -1})
    with pytest.raises(VariantError, match="die face"):
        GAME.new_game(params={"numbers": [[7, 1], [1, 1]]})


# ------------------------------------------------------------------ the rules
def test_roll_then_choose_then_claim():
    s = GAME.new_game(seed=11)
    roll = [e for e in s.log if e.kind == "chance" and e.name == "roll"][-1].value
    assert s.current_player == 0
    if roll[0] != roll[1]:
        assert s.legal_actions() == [ChooseDie(v) for v in sorted(set(roll))]
        s.apply(ChooseDie(roll[0]))
    assert isinstance(s.pending, ClaimStep) and s.pending.value == roll[0]


def test_choose_a_die_not_rolled():
    s = GAME.new_game(seed=11)
    s.force("roll", (2, 5))  # the next turn's roll
    s.apply(s.legal_actions()[0])
    while s.current_player != 1 or isinstance(s.pending, ClaimStep):
        s.apply(s.legal_actions()[0])
    before = frozen(s)
    with pytest.raises(RuleViolation) as err:
        s.apply(ChooseDie(6))
    assert err.value.rule == "dice-grid.turn.choose"
    assert frozen(s) == before


@pytest.mark.parametrize(
    "make_cell, rule",
    [
        (lambda s: (9, 9), "dice-grid.claim.inside"),
        (lambda s: next(c for c in s.cells if s.number(c) != s.pending.value), "dice-grid.claim.number"),
    ],
)
def test_illegal_claims_name_their_rule(make_cell, rule):
    s = at_claim()
    before = frozen(s)
    with pytest.raises(RuleViolation) as err:
        s.apply(Claim(make_cell(s)))
    assert err.value.rule == rule
    assert frozen(s) == before
    assert not s.explain(Claim(make_cell(s)))


def test_claim_occupied_cell():
    s = at_claim()
    value = s.pending.value
    cell = next(c for c in s.cells if s.number(c) == value)
    s.owner[cell] = 1  # set up the position by hand: the cell is taken
    with pytest.raises(RuleViolation) as err:
        s.apply(Claim(cell))
    assert err.value.rule == "dice-grid.claim.empty"


def test_legal_claim_and_explain():
    s = at_claim()
    act = s.legal_actions()[0]
    why = s.explain(act)
    assert why.legal and why.rule == "dice-grid.claim.number"
    s.apply(act)
    assert s.owner[act.cell] == 0


def test_pass_only_when_nothing_fits():
    s = at_claim()
    with pytest.raises(RuleViolation) as err:
        s.apply(Pass())
    assert err.value.rule == "dice-grid.claim.pass"
    for c in s.cells:  # fill every cell showing the chosen number
        if s.number(c) == s.pending.value:
            s.owner[c] = 1
    assert s.legal_actions() == [Pass()]


def test_single_option_is_automatic_and_logged():
    s = GAME.new_game(seed=0)
    s.force("roll", (4, 4))
    while s.current_player != 1:
        s.apply(s.legal_actions()[0])
    autos = [e for e in s.log if e.kind == "auto"]
    assert autos and str(autos[-1]).endswith("(only option)")


def test_game_over_and_wrong_action_type():
    s = GAME.new_game(seed=5)
    with pytest.raises(RuleViolation) as err:
        s.apply("claim (1, 1)")
    assert err.value.rule == "engine.action_type"
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert s.current_player is None and s.legal_actions() == []
    with pytest.raises(RuleViolation) as err:
        s.apply(Pass())
    assert err.value.rule == "engine.game_over"


def test_scores_use_edge_groups_not_corners():
    s = GAME.new_game(seed=1, variant={"secret_lucky": False})
    s.owner.update({(0, 0): 0, (1, 1): 0, (2, 2): 0, (3, 3): 1, (3, 2): 1})
    assert s.score_parts(0)["group"] == 1  # a diagonal line: three groups of one
    assert s.score_parts(1)["group"] == 2


def test_winners_ties_share():
    s = GAME.new_game(seed=2)
    assert s.winners() == []  # not over yet
    pose(s)
    assert s.winners() == [i for i, v in enumerate(s.scores()) if v == max(s.scores())]


# ---------------------------------------------------------------- atomicity
def test_failure_deep_in_resolution_restores_everything(monkeypatch):
    s = at_claim()
    before = frozen(s)
    act = s.legal_actions()[0]

    def broken(self, state, a):
        state.owner[a.cell] = self.player  # half-applied ...
        state.note("half way")
        raise RuleViolation("dice-grid.claim.empty", "simulated failure late in the resolution")

    monkeypatch.setattr(ClaimStep, "resolve", broken)
    with pytest.raises(RuleViolation):
        s.apply(act)
    assert frozen(s) == before


# ------------------------------------------------------------- randomness
def test_same_seed_same_game():
    a, b = GAME.new_game(seed=42), GAME.new_game(seed=42)
    while not a.is_over:
        act = a.legal_actions()[-1]
        a.apply(act)
        b.apply(act)
    assert a.log.text() == b.log.text()


def test_force_a_roll_and_it_does_not_shift_later_rolls():
    plain, forced = GAME.new_game(seed=9), GAME.new_game(seed=9)
    forced.force("roll", (6, 1))

    def rolls(s):
        return [e.value for e in s.log if e.kind == "chance" and e.name == "roll"]

    for _ in range(4):
        plain.apply(plain.legal_actions()[0])
    assert rolls(plain)[0] != (6, 1) or True
    while len(rolls(forced)) < 3:
        forced.apply(forced.legal_actions()[0])
    assert rolls(forced)[1] == (6, 1)
    assert [e for e in forced.log if e.kind == "chance" and e.forced][0].value == (6, 1)
    while len(rolls(plain)) < 3:
        plain.apply(plain.legal_actions()[0])
    assert rolls(forced)[2] == rolls(plain)[2]


@pytest.mark.parametrize("name, value, rule", [
    ("roll", (7, 1), "dice-grid.turn.roll"),
    ("roll", (1,), "dice-grid.turn.roll"),
    ("lucky", 0, "dice-grid.setup.lucky"),
    ("weather", "rain", "engine.force"),
])
def test_force_an_impossible_outcome(name, value, rule):
    s = GAME.new_game(seed=1)
    before = frozen(s)
    with pytest.raises(RuleViolation) as err:
        s.force(name, value)
    assert err.value.rule == rule
    assert frozen(s) == before


# --------------------------------------------------------- hidden information
def test_observation_hides_other_lucky_numbers():
    s = GAME.new_game(seed=4)
    obs = s.observation(0)
    assert obs["lucky"][0] == s.lucky[0] and obs["lucky"][1] is None
    assert str(s.lucky[1]) not in obs["log"][1]
    assert s.observation(None)["lucky"] == s.lucky
    with pytest.raises(ValueError):
        s.observation(5)


def test_determinize_is_consistent_with_the_observation():
    s = GAME.new_game(seed=4)
    s.apply(s.legal_actions()[0])
    seen = s.observation(0)
    others = {d.lucky[1] for d in (s.determinize(0, seed) for seed in range(40))}
    assert len(others) > 1  # the hidden number really is resampled
    for seed in range(10):
        d = s.determinize(0, seed)
        assert d.observation(0) == seen
        assert d.lucky[0] == s.lucky[0]


# ---------------------------------------------------------- clone, save, replay
def test_clone_is_independent():
    s = at_claim()
    c = s.clone()
    c.apply(c.legal_actions()[0])
    assert s.action_count + 1 == c.action_count
    assert len(c.log) > len(s.log)


def test_each_position_holds_the_game_that_made_it():
    """The game is handed to each position (not set on its class): copies, loads, determinized
    worlds and replays share it, a second Game over the same State class leaves the first
    one's positions alone, and a pickled position names its game instead of copying it."""
    from boardkit.engine import Game

    s = at_claim()
    assert s.game is GAME and "game" not in vars(type(s))
    assert s.clone().game is GAME and s.determinize(0, 1).game is GAME
    assert GAME.from_json(s.to_json()).game is GAME and s.replay_prefix(1).game is GAME
    other = Game(name="dice-grid-copy", title="copy", state_class=type(s),
                 actions=GAME.actions.classes.values(), players=(2, 4), data=GAME.data_folder,
                 params_model=GAME.params_model, variant_model=GAME.variant_model)
    assert other.new_game().game is other and s.game is GAME
    assert pickle.loads(pickle.dumps(s)).game is GAME
    assert len(pickle.dumps(s)) < len(pickle.dumps(s.__dict__ | {"game": None})) + 100


def test_json_round_trip_and_replay():
    s = GAME.new_game(players=3, seed=8, params={"points.lucky_cell": 2})
    s.force("roll", (1, 1))
    for _ in range(10):
        s.apply(s.legal_actions()[-1])
    s.force("roll", (3, 3))  # still pending: saved too
    text = s.to_json()
    with pytest.raises(SaveGameError, match="allow_forced=True"):
        GAME.from_json(text)  # a save's forced outcomes are refused unless allowed
    again = GAME.from_json(text, allow_forced=True)
    assert again.to_json() == text
    assert again.log.text() == s.log.text()
    assert pickle.dumps(again.observation(None)) == pickle.dumps(s.observation(None))


def test_replay_prefix_steps_back_without_rerolling():
    s = GAME.new_game(seed=13)
    s.force("roll", (5, 5))
    for _ in range(8):
        s.apply(s.legal_actions()[0])
    back = s.replay_prefix(3)
    assert back.action_count == 3
    forward = [e.action for e in s.log if e.kind == "action"][3:]
    for act in forward:
        back.apply(act)
    assert back.log.text() == s.log.text()


def _save(seed=21):
    s = GAME.new_game(seed=seed)
    for _ in range(6):
        s.apply(s.legal_actions()[0])
    return json.loads(s.to_json())


@pytest.mark.parametrize("corrupt, message", [
    (lambda d: "{not json", "not valid JSON"),
    (lambda d: {**d, "format": "other/9"}, "format"),
    (lambda d: {**d, "game": "lands"}, "game"),
    (lambda d: {k: v for k, v in d.items() if k != "seed"}, "seed"),
    (lambda d: {**d, "players": 9}, "players"),
    (lambda d: {**d, "extra": 1}, "extra"),
    (lambda d: {**d, "variant": {"nope": True}}, "nope"),
    (lambda d: {**d, "params": {"points.x": 1}}, "points.x"),
])
def test_corrupt_saves_are_refused_clearly(corrupt, message):
    data = corrupt(_save())
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(SaveGameError, match=message):
        GAME.from_json(text)


def _edit_first(data, kind, fn):
    for rec in data["history"]:
        if rec["kind"] == kind:
            fn(rec)
            return data
    raise AssertionError(kind)


@pytest.mark.parametrize("edit, message", [
    (lambda r: r.update(value=[6, 6] if r["value"] != [6, 6] else [1, 1]), "altered"),
    (lambda r: r.update(name="weather"), "random event"),
    (lambda r: r.pop("forced"), "forced"),
])
def test_tampered_random_events(edit, message):
    data = _save()
    for rec in data["history"]:
        if rec["kind"] == "chance" and rec["name"] == "roll":
            edit(rec)
            break
    with pytest.raises(SaveGameError, match=message):
        GAME.from_dict(data)


@pytest.mark.parametrize("edit, message", [
    (lambda r: r["action"].update(type="Fly"), "unknown action 'Fly'"),
    (lambda r: r["action"].update(value="six"), "expected an integer"),
    (lambda r: r["action"].update(value=7), r"value: 7 is outside 1\.\.6"),
    (lambda r: r["action"].update(value=6, colour="red"), "unknown field"),
    (lambda r: r["action"].pop("value"), "missing field"),
    (lambda r: r.update(player=1), "recorded for P2"),
    (lambda r: r.update(kind="nap"), "kind"),
])
def test_tampered_actions(edit, message):
    data = _save()
    _edit_first(data, "action", edit)
    with pytest.raises((SaveGameError, ActionFormatError), match=message):
        GAME.from_dict(data)


def test_illegal_action_in_save():
    data = _save()
    roll = next(r["value"] for r in data["history"] if r["kind"] == "chance" and r["name"] == "roll")
    wrong = next(v for v in range(1, 7) if v not in roll)  # a die face, but not one rolled
    _edit_first(data, "action", lambda r: r["action"].update(value=wrong))
    with pytest.raises(SaveGameError, match="illegal there"):
        GAME.from_dict(data)


# ------------------------------------------------------------------- codec
def test_codec_is_a_stable_bijection():
    codec = GAME.codec
    assert codec.size == 6 + 64 + 1
    for code in range(codec.size):
        assert codec.encode(codec.decode(code)) == code
    # stable: these numbers are part of the API (search tables, RL libraries)
    assert codec.encode(ChooseDie(1)) == 0 and codec.encode(ChooseDie(6)) == 5
    assert codec.encode(Claim((0, 0))) == 6 and codec.encode(Claim((1, 0))) == 7
    assert codec.encode(Claim((0, 1))) == 14 and codec.encode(Pass()) == 70


def test_codec_errors():
    with pytest.raises(ActionFormatError):
        GAME.codec.decode(71)
    for _ in range(2):  # a refused action is not remembered: refused again
        with pytest.raises(ActionFormatError):
            GAME.codec.encode(Claim((9, 9)))
    for bad in ({"type": "Claim"}, ["Claim"], "Pass"):  # not actions, hashable or not
        with pytest.raises(ActionFormatError, match="not in this codec"):
            GAME.codec.encode(bad)


def test_codec_remembers_codes_it_computed():
    from boardkit.engine.actions import ActionCodec

    fresh = ActionCodec([(ChooseDie, {"value": range(1, 7)}),
                         (Claim, {"cell": [(x, y) for y in range(8) for x in range(8)]}),
                         (Pass, {})])
    for code in range(fresh.size):  # the same codes when asked again (and equal actions)
        act = fresh.decode(code)
        assert fresh.encode(act) == code == fresh.encode(fresh.decode(code))
        assert GAME.codec.encode(act) == code


def test_actions_from_browser_like_dicts():
    assert GAME.actions.from_dict({"type": "Claim", "cell": [1, 2]}) == Claim((1, 2))
    for bad, msg in [
        ([], "expected an object"),
        ({"type": "Claim"}, "missing field"),
        ({"type": "Claim", "cell": [1]}, "expected 2 items"),
        ({"type": "Claim", "cell": ["a", 1]}, r"cell\[0\]"),
        ({"type": "Claim", "cell": [1, 2], "x": 0}, "unknown field"),
    ]:
        with pytest.raises(ActionFormatError, match=msg):
            GAME.actions.from_dict(bad)


def test_an_offer_is_listed_once_and_lapses_when_the_log_grows(monkeypatch):
    s = GAME.new_game(seed=3)
    options = s.offer()
    calls = []
    step_type = type(s.pending)
    original = step_type.legal
    monkeypatch.setattr(step_type, "legal", lambda self, st: calls.append(1) or original(self, st))
    assert s.legal_actions() == options and not calls  # the agent reuses the offered list
    assert "_offered" not in s.clone().__dict__      # never copied
    assert "_offered" not in s.to_json()             # never saved
    s.apply(options[0])
    fresh = s.legal_actions()                        # listed afresh after the move
    assert fresh == list(s.pending.legal(s)) and fresh != options
    s.offer()
    s.withdraw_offer()
    assert "_offered" not in s.__dict__


def test_an_agents_choice_is_checked_but_applied_without_a_snapshot(monkeypatch):
    from boardkit.agents import apply_chosen
    from boardkit.engine.state import State

    s = at_claim()
    before = frozen(s)
    with pytest.raises(RuleViolation):
        apply_chosen(s, Claim((99, 99)))  # an agent's illegal choice still changes nothing
    assert frozen(s) == before
    snapshots = []
    original = State._snapshot
    monkeypatch.setattr(State, "_snapshot", lambda self: snapshots.append(1) or original(self))
    apply_chosen(s, s.legal_actions()[0])
    assert not snapshots
    s.force("roll", (3, 5))  # a pending forced outcome could still be refused: stay atomic
    while not s.is_over and s.has_forced_outcomes:
        apply_chosen(s, s.legal_actions()[0])
    assert snapshots


# ---------------------------------------------------------------- the log as the table reads it

def test_a_printed_log_reads_as_the_table_sees_it():
    """A lesson printing a game's log shows no deck order and nobody's secret draw; the
    teacher's full record is asked for by name (``viewer=None``), a seat sees its own."""
    wish = boardkit.game("wishland").new_game(players=3, seed=7)
    assert "top first" not in wish.log.text() and "top first" not in wish.log._repr_html_()
    assert "the hotels deck is shuffled" in wish.log.text()
    assert "shuffle hotels (setup): top first" in wish.log.text(viewer=None)
    trip = boardkit.game("wanderlust").new_game(players=3, seed=7)
    mission = {e.to: str(e) for e in trip.log if e.name == "mission"}
    assert set(mission) == {0, 1, 2}
    table = trip.log.text()
    assert not any(text in table for text in mission.values())
    assert "P2: draws a secret mission" in table  # whose secret it is, never what
    seat = trip.log.text(viewer=0)
    assert mission[0] in seat and mission[1] not in seat and mission[2] not in seat


@pytest.mark.parametrize("name", sorted(registry.BUILTIN))
def test_no_private_event_shows_in_the_printed_log(name):
    """In every built-in game, whatever random play draws: each private event's own text
    (a hand, a deck order, a lucky number) is absent from the log as printed, and present
    in the teacher's record."""
    from boardkit.agents import make_agent

    game = boardkit.game(name)
    state = game.new_game(players=min(3, game.max_players), seed=5)
    bot = make_agent("random", seed=5, game=name)
    for _ in range(60):
        if state.is_over:
            break
        state.apply(bot.act(state))
    secrets = [str(e) for e in state.log if e.visible_text(PUBLIC) != str(e)]
    shown = state.log.text()
    assert not [text for text in secrets if text in shown.splitlines()]
    assert all(text in state.log.text(viewer=None).splitlines() for text in secrets)


def test_a_game_shown_in_a_notebook_says_how_to_start_it():
    """A lesson's first cell shows the game: its title, players and options, not a repr."""
    html = boardkit.game("wanderlust")._repr_html_()
    assert "Wanderlust" in html and "1–5 players, solo mode" in html
    assert "<code>family</code>" in html and ".new_game(players=3, seed=0)" in html
    assert "1 player;" in boardkit.game("lands")._repr_html_()
    assert "2–4 players; options: <code>secret_lucky</code>" in boardkit.game("dice-grid")._repr_html_()


def test_a_count_takes_its_noun_in_the_right_number():
    from boardkit.engine.words import plural

    assert [plural(n, "move") for n in (0, 1, 2)] == ["0 moves", "1 move", "2 moves"]
    assert plural(3, "family", "families") == "3 families" and plural(1, "family", "families") == "1 family"


def test_the_last_line_of_a_dice_grid_game_names_each_players_score():
    """Lessons 00 and 50 print a finished game's last line: it read "scores [6, 5]", a
    Python list whose places the reader must count from 0."""
    from boardkit.agents import RandomAgent, play

    state = boardkit.game("dice-grid").new_game(players=2, seed=7)
    play(state, [RandomAgent(7), RandomAgent(8)])
    a, b = state.scores()
    assert state.log.text(last=1) == f"the game ends after {state.turn} turns; scores: P1 {a}, P2 {b}"


def test_a_state_shown_as_a_result_counts_its_players_in_words():
    """Lesson 41 ended a cell with a solo game, whose repr read "1 players"."""
    solo = boardkit.game("wishland").new_game(players=1, seed=0)
    assert "state: 1 player, seed 0" in repr(solo)
    assert "state: 2 players, seed 0" in repr(boardkit.game("dice-grid").new_game(players=2, seed=0))


def _plurals_as_s(path, comments: bool = False) -> list[str]:
    """Where a module's strings (f-strings included), and its comments if ``comments``, hold
    a word followed by "(s)" ("1 move(s)"); a call such as ``len(s)`` is code, not text."""
    import ast
    import io
    import re
    import tokenize

    text = path.read_text(encoding="utf-8")
    found = [f"{path}:{node.lineno}: {node.value[:60]!r}"
             for node in ast.walk(ast.parse(text))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and re.search(r"[A-Za-z]\(s\)", node.value)]
    found += [f"{path}:{tok.start[0]}: {tok.string[:60]!r}"
              for tok in tokenize.generate_tokens(io.StringIO(text).readline)
              if comments and tok.type == tokenize.COMMENT and re.search(r"[A-Za-z]\(s\)", tok.string)]
    return found


def test_no_message_of_the_package_writes_a_plural_as_s():
    """A player reads "1 move" or "2 moves", never "1 move(s)": no string in boardkit's
    modules (f-strings included) holds a word followed by "(s)"."""
    from pathlib import Path

    package = Path(boardkit.__file__).parent
    found = [hit for path in sorted(package.rglob("*.py")) for hit in _plurals_as_s(path)]
    assert not found, found


def test_no_lesson_writes_a_plural_as_s():
    """The lessons print counts as the package does ("1 listed move", "2 players", by
    ``engine.words.plural``): no string in a notebook's code and no line of its text
    (notebooks/src, jupytext's percent format: markdown cells are comments) writes a word
    followed by "(s)". Notebooks 10, 20 and 21 printed "1 listed move(s) per card placed",
    "0 round(s) skipped" and "1 player(s)"."""
    from pathlib import Path

    sources = sorted((Path(__file__).resolve().parents[1] / "notebooks" / "src").glob("*.py"))
    assert sources
    found = [hit for path in sources for hit in _plurals_as_s(path, comments=True)]
    assert not found, found


def test_scores_read_as_seats_and_whole_numbers():
    from boardkit.engine.words import scores_text

    assert scores_text([8, 3]) == "P1 8, P2 3"
    assert scores_text((8.0, 2.5, -1.0)) == "P1 8, P2 2.5, P3 -1"  # no "8.0", no list
    assert scores_text([]) == ""


def test_items_and_seats_read_as_a_sentence_names_them():
    """A lesson printed ``visited: ['Lisbon', 'Cairo']`` and ``winners [0]``: the words
    helpers write them as a sentence does."""
    from boardkit.engine.words import listing, seats_text

    assert listing(["car", "train", "ship"]) == "car, train and ship"
    assert listing(["car"]) == "car" and listing([]) == "none"
    assert listing(["rides", "food"], last="or") == "rides or food"
    assert seats_text([0, 2]) == "P1 and P3" and seats_text([]) == "nobody"


def test_a_long_text_breaks_at_words_and_a_table_keeps_its_lines():
    """JupyterLab breaks a printed line wider than its output area inside a word; ``wrap``
    breaks it at words to 88 characters, a line that goes on indented below the line it
    continues, and leaves a table's lines (columns lined up by runs of spaces) and an id
    longer than the line whole."""
    from boardkit.engine.words import WIDTH, wrap

    text = "lands.build.align: " + "overlapping cards line up square on square " * 4
    wrapped = wrap(text + "\n    unclear: " + "a question " * 12)
    lines = wrapped.splitlines()
    assert all(len(line) <= WIDTH for line in lines) and len(lines) > 3
    assert lines[0].startswith("lands.build.align:") and lines[1].startswith("    square")
    unclear = next(i for i, line in enumerate(lines) if line.startswith("    unclear:"))
    assert lines[unclear + 1].startswith("        ") and lines[unclear + 1][8] != " "
    assert " ".join(wrapped.split()) == " ".join((text + " unclear: " + "a question " * 12).split())
    table = "agent   games  " + "win_rate  " * 12
    assert wrap(table) == table
    long_id = "x" * 120
    assert wrap(f"rule {long_id} holds") == f"rule\n    {long_id}\n    holds"


def test_variant_options_offer_each_option_as_its_simplest_control():
    """``Game.variant_options``: a yes/no, a short range of whole numbers or a named thing
    of the game's content (``Choices``) as a choice, a number otherwise, and what no control
    fits as data; the play page's form and the teacher's page draw their controls from it."""
    from typing import Annotated

    from pydantic import BaseModel, ConfigDict, Field

    from boardkit.engine import Choices
    from boardkit.engine.game import variant_options

    class Variant(BaseModel):
        model_config = ConfigDict(extra="forbid", frozen=True)
        fast: bool = Field(False, description="a shorter game")
        rounds: int = Field(3, ge=1, le=5)
        target: int = Field(20, ge=1, le=100, description="points to win")
        best: int | None = None
        deck: Annotated[str | None, Choices(lambda: ["red", "blue"])] = None
        colour: Annotated[str, Choices(lambda: ("red", "blue"))] = "red"
        seats: tuple[str, ...] | None = None

    got = {o.name: o for o in variant_options(Variant)}
    assert (got["fast"].kind, got["fast"].default, got["fast"].text) == ("bool", False,
                                                                         "a shorter game")
    assert (got["rounds"].kind, got["rounds"].values) == ("choice", (1, 2, 3, 4, 5))
    assert (got["target"].kind, got["target"].low, got["target"].high) == ("number", 1, 100)
    assert (got["best"].kind, got["best"].optional, got["best"].text) == ("number", True, "best")
    assert (got["deck"].kind, got["deck"].values) == ("choice", (None, "red", "blue"))
    assert (got["colour"].values, got["colour"].optional) == (("red", "blue"), False)
    assert got["seats"].kind == "other"
    assert list(got) == list(Variant.model_fields)  # in the model's order
    import boardkit
    from boardkit.freizeitpark.content import content

    cards = {o.name: o for o in boardkit.game("freizeitpark").variant_options()}["card"]
    assert cards.values[0] is None and set(cards.values[1:]) == set(content().cards)


def test_a_long_log_shows_its_last_events_numbered_with_room_for_the_numbers():
    import boardkit

    state = boardkit.game("wishland").new_game(players=2, seed=3)
    while len(state.log) < 120:
        state.apply(state.legal_actions()[0])
    page = state.log._repr_html_()
    assert f"… {len(state.log) - 40} earlier events" in page
    assert f"<ol start='{len(state.log) - 39}' style='padding-left: 3.5em'>" in page
    assert page.count("<li>") == 40
