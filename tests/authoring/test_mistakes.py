"""An author's mistakes are caught where they are made, with the fix in the message.

Each test is one mistake a student made while turning the starter game into their own
(the list in the issue "a student's own game"), made here on tic-tac-toe's pieces.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Literal

import pytest

from boardkit.engine import Action, ActionSet, GameDefinitionError, Range, action
from boardkit.examples import tic_tac_toe as ttt
from boardkit.testing import pose


def test_a_list_field_is_refused_at_action_naming_the_field_and_the_fix():
    with pytest.raises(GameDefinitionError, match=r"Pick\.cards: an action field cannot hold "
                                                   r"list\[int\] \(a sequence: tuple\[int, \.\.\.\]"):
        @action
        class Pick(Action):
            cards: list[int]


@pytest.mark.parametrize("bad", [dict[str, int], set[int], object, tuple[int, list[str]],
                                 int | list[int]])
def test_every_unhashable_or_unsaveable_field_type_is_refused(bad):
    cls = type("Move", (Action,), {"__annotations__": {"what": bad}})
    with pytest.raises(GameDefinitionError, match=r"Move\.what: an action field cannot hold"):
        action(cls)


def test_the_field_types_actions_use_are_accepted():
    @action
    class Fine(Action):
        n: Annotated[int, Range(0, 3)]
        where: tuple[int, int]
        many: tuple[str, ...]
        kind: Literal["a", "b"] | None
        share: float = 0.5
        flag: bool = False

    assert Fine(1, (0, 1), ("x",), "a").to_dict()["where"] == [0, 1]


def test_a_class_without_action_is_refused_when_the_game_lists_it():
    class Place(Action):  # @action forgotten
        cell: int

    with pytest.raises(GameDefinitionError, match=r"Place is not decorated with @action: write "
                                                   r"@action on the line above"):
        ActionSet([Place])
    with pytest.raises(GameDefinitionError, match="is not an action class"):
        ActionSet([ttt.Place, dict])


def test_a_field_named_later_in_its_module_is_checked_when_the_game_lists_it():
    @action
    class Later(Action):
        what: Undefined  # noqa: F821 - resolved only once the module is whole

    Later.__annotations__["what"] = "list[int]"  # what the module names it, once whole
    with pytest.raises(GameDefinitionError, match=r"Later\.what"):
        ActionSet([Later])


def _position_with(legal):
    """A tic-tac-toe position whose step answers ``legal`` (a fresh step class each time:
    the engine checks a step class's answer once)."""
    step_class = type("MyStep", (ttt.PlaceStep,), {"legal": lambda self, state: legal(state)})
    state = ttt.GAME.new_game(seed=1)
    pose(state, step_class(0), *reversed(state.stack[:-1]))
    return state


@pytest.mark.parametrize("legal, says", [
    (lambda s: (ttt.Place(c) for c in range(9)), "returned a generator, not a list of actions: "
                                                 "return [...] (a list comprehension)"),
    (lambda s: None, "returned None, not a list of actions: end it with `return options`"),
    (lambda s: {ttt.Place(0)}, "returned a set, not a list of actions: return a list, sorted"),
    (lambda s: ttt.Place(0), "returned one action, Place(cell=0), not a list: return [Place(...)]"),
    (lambda s: [ttt.Place(0), (1, 1)], "returned (1, 1) at [1], which is not one of "
                                       "tic-tac-toe's actions (Place)"),
])
def test_what_legal_returns_is_checked_the_first_time_naming_the_step(legal, says):
    state = _position_with(legal)
    with pytest.raises(GameDefinitionError) as err:
        state.legal_actions()
    assert str(err.value).startswith("MyStep.legal ") and says in str(err.value)


def test_a_right_answer_is_checked_once_and_then_trusted():
    from boardkit.engine import state as state_module

    state = _position_with(lambda s: [ttt.Place(4)])
    assert state.legal_actions() == [ttt.Place(4)]
    assert type(state.stack[-1]) in state_module._LISTS_CHECKED
    assert dataclasses.is_dataclass(ttt.Place)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A student's folder, the current one, with nothing of it imported yet."""
    import sys

    from boardkit.engine import registry

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [*sys.path, str(tmp_path)])
    yield tmp_path
    for name in ("brokengame", "mygame", "nogame"):
        sys.modules.pop(name, None)
        registry._loaded.pop(name, None)
        registry._aliases.pop(name, None)
        registry._refs.pop(name, None)


def test_a_game_module_that_fails_to_import_names_its_file_and_line(folder):
    import boardkit
    from boardkit.engine import UnknownGameError

    (folder / "brokengame.py").write_text("import math\nfrom boardkit.engine import Acton\n")
    with pytest.raises(UnknownGameError, match=r"cannot import name 'Acton'.*\(brokengame\.py, "
                                               r"line 2: from boardkit\.engine import Acton\)"):
        boardkit.game("brokengame:GAME")


def test_a_missing_module_and_a_missing_game_say_what_to_do(folder):
    import boardkit
    from boardkit.engine import UnknownGameError

    with pytest.raises(UnknownGameError, match=r"no module 'nothere' on Python's path; run the "
                                               r"command in the folder that holds nothere\.py"):
        boardkit.game("nothere:GAME")
    (folder / "nogame.py").write_text("X = 1\n")
    with pytest.raises(UnknownGameError, match=r"has no 'GAME'; define GAME = Game\(\.\.\.\) there"):
        boardkit.game("nogame:GAME")


def test_a_bare_name_finds_the_game_module_in_the_current_folder(folder):
    import boardkit

    (folder / "mygame.py").write_text("from boardkit.examples.tic_tac_toe import GAME\n")
    assert boardkit.game("mygame") is ttt.GAME
    # found by its module's name, it is listed once, by its own name (a form that offers
    # the games lists it once), and other processes import it from that module
    from boardkit.engine import registry

    assert "mygame" not in boardkit.games() and "tic-tac-toe" in boardkit.games()
    assert boardkit.game("mygame") is ttt.GAME  # the other name still finds it
    assert registry.reference("mygame") == "mygame:GAME"


def test_the_command_line_finds_a_game_in_its_folder(folder):
    """``boardkit rules pickpocket:GAME`` from the game's own folder (the console script,
    not ``python -m``: its path does not hold the current folder by itself)."""
    import subprocess
    import sys
    from pathlib import Path

    (folder / "mygame.py").write_text("from boardkit.examples.tic_tac_toe import GAME\n")
    script = Path(sys.executable).with_name("boardkit")
    for name in ("mygame:GAME", "mygame"):
        done = subprocess.run([str(script), "rules", name], cwd=folder, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert "tic-tac-toe.turn.place" in done.stdout


def test_set_takes_every_name_of_a_game_named_by_reference(folder):
    """``boardkit rules`` suggests ``--set NAME.KEY``; for a game named by its reference
    the name, the reference and the module all work, as does a bare key."""
    from boardkit.cli import _split_params

    (folder / "mygame.py").write_text("from boardkit.examples.dice_grid import GAME\n")
    for key in ("dice-grid.points.lucky_cell", "mygame:GAME.points.lucky_cell",
                "mygame.points.lucky_cell", "points.lucky_cell"):
        assert _split_params([f"{key}=3"], "mygame:GAME") == {"points.lucky_cell": 3}, key


class Meddling(ttt.PlaceStep):
    """A step whose check counts what it checks: it changes the state it may only read."""

    def check(self, state, act):
        state.checked = getattr(state, "checked", 0) + 1  # the mistake
        super().check(state, act)


def test_a_check_that_changes_the_state_is_caught_in_strict_mode():
    """A ``check`` that edits what it checks (removes the card from the hand, sorts it in
    place) is named where it happens once the author's debug mode is on; check_conformance
    runs in it and snapshots before any explaining."""
    from boardkit.engine import GameDefinitionError
    from boardkit.testing import strict

    state = ttt.GAME.new_game(seed=1)
    pose(state, Meddling(0), *reversed(state.stack[:-1]))
    state.explain(ttt.Place(0))  # outside the debug mode: unseen
    with strict(), pytest.raises(GameDefinitionError, match=r"Meddling\.check changed the state "
                                                            r"while checking Place\(cell=0\)"):
        state.explain(ttt.Place(0))
    clean = ttt.GAME.new_game(seed=1)
    with strict():
        assert clean.explain(ttt.Place(0)).legal  # a check that only reads passes


def test_a_game_over_before_its_first_decision_is_reported(monkeypatch):
    """A forgotten ``self.flow.begin(self)``: every game would be 'over' at once."""
    from boardkit.testing import check_conformance

    monkeypatch.setattr(ttt.TicTacToeState, "setup",
                        lambda self: (setattr(self, "grid", [None] * 9), setattr(self, "winner", None)))
    with pytest.raises(AssertionError, match=r"over before its first decision \(does setup\(\) "
                                             r"end with self\.flow\.begin\(self\)"):
        check_conformance("boardkit.examples.tic_tac_toe:GAME", seed=1)


def test_check_conformance_takes_rule_parameters():
    from boardkit.testing import check_conformance

    check_conformance("dice-grid", seed=2, params={"points.lucky_cell": 3}, steps=10)


def test_simulate_warns_of_a_game_over_at_the_start(monkeypatch):
    from boardkit.analysis import simulate
    from boardkit.analysis.simulation import GameOverAtStartWarning

    monkeypatch.setattr(ttt.TicTacToeState, "setup",
                        lambda self: (setattr(self, "grid", [None] * 9), setattr(self, "winner", None)))
    with pytest.warns(GameOverAtStartWarning, match="over before its first decision"):
        runs = simulate("boardkit.examples.tic_tac_toe:GAME", n=2, progress=False)
    assert (runs["actions"] == 0).all()


def test_gymnasium_registers_a_reference_named_game_with_an_id_that_loads(folder):
    """``register("mygame:GAME")`` gives ``boardkit/<its name>-v0``, which ``make`` loads;
    a game with no solo mode is refused at ``register``, not later at ``make``."""
    gymnasium = pytest.importorskip("gymnasium")
    from boardkit.engine import UnsupportedGameError
    from boardkit.interop import gymnasium as bk_gym

    (folder / "mygame.py").write_text("from boardkit.lands import GAME\n")
    try:  # the built-in lands id is replaced by the same game's reference, and gymnasium says so
        with pytest.warns(UserWarning, match="Overriding environment boardkit/lands-v0"):
            env_id = bk_gym.register("mygame:GAME", env_id=None)
        assert env_id == "boardkit/lands-v0"
        env = gymnasium.make(env_id)
        env.reset(seed=1)
        assert env.unwrapped.state_of_game.game.name == "lands"
        env.close()
    finally:
        with pytest.warns(UserWarning, match="Overriding environment boardkit/lands-v0"):
            bk_gym.register("lands", **bk_gym.SOLO["lands"])  # the built-in id as it was
    (folder / "nogame.py").write_text("from boardkit.examples.tic_tac_toe import GAME\n")
    with pytest.raises(UnsupportedGameError, match="tic-tac-toe has no solo mode"):
        bk_gym.register("nogame:GAME")


class CitesAMissingRule(ttt.PlaceStep):
    """A refusal that cites a rule id its catalog lacks (a typo in the id)."""

    def check(self, state, act):
        from boardkit.engine import RuleViolation

        raise RuleViolation("tic-tac-toe.turn.emtpy", "that cell is taken")


def test_a_refusal_citing_a_rule_missing_from_the_catalog_fails_at_the_first_explain():
    """Whatever ran before: the catalog is read with the game's first position, so the very
    first explain (or board click) names the missing id, not a later call."""
    from boardkit.engine import DataError
    from boardkit.engine.errors import KNOWN_RULES
    from boardkit.engine.rules import catalog

    catalog.cache_clear()
    KNOWN_RULES.clear()  # as in a fresh kernel
    state = ttt.GAME.new_game(seed=1)
    pose(state, CitesAMissingRule(0), *reversed(state.stack[:-1]))
    with pytest.raises(DataError, match=r"rules\.toml: rule: no entry for 'tic-tac-toe\.turn\.emtpy'"):
        state.explain(ttt.Place(0))
