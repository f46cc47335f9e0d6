"""Every game package has the same skeleton (docs/decisions.md, "One skeleton for every game"),
and so has its test folder: a reader who knows one game finds their way in the others."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest

import boardkit
from boardkit.engine.registry import BUILTIN

ROOT = Path(__file__).resolve().parent.parent
#: the modules every game package has (analysis.py, the rule modules named after the
#: rulebook's sections and helpers such as a solver come on top)
SKELETON = ("game", "params", "state", "actions", "flow", "content", "agents", "board", "setup",
            "scenarios")


def _package(name: str) -> str | None:
    """The package a registered game lives in (None: a game in one module, as the examples)."""
    module = importlib.import_module(BUILTIN[name].split(":")[0])
    return module.__name__ if hasattr(module, "__path__") else None


PACKAGES = {name: _package(name) for name in sorted(BUILTIN)}
GAME_PACKAGES = sorted(name for name, package in PACKAGES.items() if package)


def test_the_built_in_games_are_packages_but_the_small_examples():
    assert GAME_PACKAGES == ["freizeitpark", "lands", "wanderlust", "wishland"]
    assert set(boardkit.games()) >= set(BUILTIN)
    for name, package in PACKAGES.items():
        if package is None:  # a one-module example: boardkit.examples.<name>
            assert BUILTIN[name].startswith("boardkit.examples."), name


@pytest.mark.parametrize("name", GAME_PACKAGES)
def test_every_game_package_has_the_skeleton(name):
    package = PACKAGES[name]
    folder = ROOT / package.replace(".", "/")
    missing = [m for m in SKELETON if not (folder / f"{m}.py").is_file()]
    assert not missing, f"{package} lacks {missing} (see docs/adding-a-game.md)"
    stale = [m for m in ("agent", "moves", "options", "variants") if (folder / f"{m}.py").exists()]
    assert not stale, f"{package}: {stale} are named differently in the skeleton"


@pytest.mark.parametrize("name", GAME_PACKAGES)
def test_each_skeleton_module_holds_its_part(name):
    package = PACKAGES[name]
    root = importlib.import_module(package)
    game = importlib.import_module(f"{package}.game").GAME
    # __init__ re-exports the Game declared in game.py, and a way to reach named positions
    assert root.GAME is game and callable(root.scenario)
    assert "GAME" in root.__all__ and "scenario" in root.__all__
    assert game.params_model.__module__ == f"{package}.params"
    assert game.variant_model.__module__ == f"{package}.params"
    assert game.state_class.__module__ == f"{package}.state"
    # every action type is declared in actions.py
    for cls in game.actions.classes.values():
        assert cls.__module__ == f"{package}.actions", f"{cls.__name__} is in {cls.__module__}"
    # the board and the agents are found in board.py and agents.py
    assert game._board.startswith(f"{package}.board:")
    refs = [*game.agents.values(), game._heuristic, game.search.get("agent")]
    for ref in refs:
        if ref is None:
            continue
        where = ref.split(":")[0] if isinstance(ref, str) else inspect.getmodule(ref).__name__
        assert where == f"{package}.agents", f"{name}: an agent or heuristic in {where}"


@pytest.mark.parametrize("name", GAME_PACKAGES)
def test_every_game_test_folder_is_named_alike(name):
    folder = ROOT / "tests" / name
    files = sorted(p.name for p in folder.glob("*.py"))
    helpers = f"{name}_helpers.py"
    assert helpers in files, f"tests/{name} has no {helpers}"
    odd = [f for f in files if f not in (helpers, "conftest.py")
           and not f.startswith(f"test_{name}_")]
    assert not odd, f"tests/{name}: name these test_{name}_<topic>.py: {odd}"


def test_test_module_names_are_unique():
    """The test folders are no packages, so pytest imports their modules by file name: two
    files of one name (tests/browser/test_lands_board.py and a game folder's) would collide."""
    seen: dict[str, Path] = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        if path.name in ("conftest.py", "__init__.py") or (path.parent / "__init__.py").exists():
            continue
        assert path.name not in seen, f"{path} and {seen[path.name]} share a module name"
        seen[path.name] = path


# ------------------------------------------------------------------ the same shapes
def _shape(func) -> list[tuple[str, object, object]]:
    """A function's parameters as (name, kind, default): what a caller relies on."""
    return [(p.name, p.kind, p.default) for p in inspect.signature(func).parameters.values()]


P = inspect.Parameter
#: every game's ``scenario`` takes a name, a seed (None: the scenario's own), rule parameters
#: and variant options as keywords
SCENARIO = [("name", P.POSITIONAL_OR_KEYWORD, P.empty), ("seed", P.POSITIONAL_OR_KEYWORD, None),
            ("params", P.POSITIONAL_OR_KEYWORD, None), ("variant", P.VAR_KEYWORD, P.empty)]
ONE_STATE = [("state", P.POSITIONAL_OR_KEYWORD, P.empty)]
#: where each game keeps its final scoring and its game end: the rulebook section's module
#: (named in the rulebook's words, so in German for Freizeitpark), the same function name
SECTIONS = {
    "freizeitpark": ("wertung", "ende"),
    "lands": ("scoring", "ending"),
    "wanderlust": ("scoring", "turn"),
    "wishland": ("final_scoring", "end_of_round"),
}


def _returns(func) -> str:
    annotation = inspect.signature(func).return_annotation
    return annotation if isinstance(annotation, str) else getattr(annotation, "__name__", str(annotation))


@pytest.mark.parametrize("name", GAME_PACKAGES)
def test_scenario_has_one_shape_and_lives_in_scenarios(name):
    package = PACKAGES[name]
    root = importlib.import_module(package)
    game = importlib.import_module(f"{package}.game").GAME
    assert root.scenario.__module__ == f"{package}.scenarios"
    assert _shape(root.scenario) == SCENARIO, f"{name}: scenario{inspect.signature(root.scenario)}"
    assert _returns(root.scenario) == game.state_class.__name__


@pytest.mark.parametrize("name", GAME_PACKAGES)
def test_the_codec_is_made_by_make_codec_in_actions(name):
    package = PACKAGES[name]
    actions = importlib.import_module(f"{package}.actions")
    assert callable(getattr(actions, "make_codec", None)), f"{name}: actions.make_codec"
    assert _shape(actions.make_codec) == [] and _returns(actions.make_codec) == "ActionCodec"
    assert not hasattr(actions, "codec"), f"{name}: the codec factory is make_codec"
    game = importlib.import_module(f"{package}.game").GAME
    assert type(game.codec) is type(actions.make_codec())


@pytest.mark.parametrize("name", GAME_PACKAGES)
def test_setup_is_a_function_of_the_state_in_setup(name):
    package = PACKAGES[name]
    setup = importlib.import_module(f"{package}.setup").setup
    assert setup.__module__ == f"{package}.setup"
    assert _shape(setup) == ONE_STATE and _returns(setup) == "None"
    # the state's setup hands over to it (and starts the flow): no setup rules in state.py
    state_class = importlib.import_module(f"{package}.game").GAME.state_class
    source = inspect.getsource(state_class.setup)
    assert "setup(self)" in source and len(source.splitlines()) <= 6, source


@pytest.mark.parametrize("name", GAME_PACKAGES)
def test_final_scores_and_game_end_have_one_name_and_shape(name):
    package = PACKAGES[name]
    root = importlib.import_module(package)
    scoring, ending = SECTIONS[name]
    assert "final_scores" in root.__all__ and "game_end" in root.__all__
    assert root.final_scores.__module__ == f"{package}.{scoring}"
    assert root.game_end.__module__ == f"{package}.{ending}"
    assert _shape(root.final_scores) == ONE_STATE and _returns(root.final_scores) == "list[float]"
    assert _shape(root.game_end) == ONE_STATE and _returns(root.game_end) == "bool"
    # they are what the state and the flow use: scores() is final_scores, and the game is
    # over once game_end says so (and the last phase, if any, is done)
    game = importlib.import_module(f"{package}.game").GAME
    state = game.new_game(seed=3)
    assert state.scores() == root.final_scores(state)
    assert root.game_end(state) is False


@pytest.mark.parametrize("name", GAME_PACKAGES)
def test_the_same_names_are_not_shadowed_by_older_ones(name):
    """Names the skeleton replaced stay gone, so a reader does not meet two of them."""
    package = PACKAGES[name]
    folder = ROOT / package.replace(".", "/")
    for module in ("game", "positions"):
        if (folder / f"{module}.py").exists():
            assert not hasattr(importlib.import_module(f"{package}.{module}"), "scenario"), module


def test_the_games_own_play_games_take_the_same_arguments_in_the_same_order():
    """A game's analysis plays its games with ``play_games(n, players, agents, seed, variant,
    params)`` (through ``boardkit.agents.play``), whichever game it is."""
    found = []
    for name in GAME_PACKAGES:
        try:
            analysis = importlib.import_module(f"{PACKAGES[name]}.analysis")
        except ModuleNotFoundError:
            continue
        if hasattr(analysis, "play_games"):
            found.append(name)
            names = [p.name for p in inspect.signature(analysis.play_games).parameters.values()]
            assert names == ["n", "players", "agents", "seed", "variant", "params"], (name, names)
    assert found == ["freizeitpark", "wishland"]
