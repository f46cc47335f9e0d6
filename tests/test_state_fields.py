"""Every game's State declares its fields in its class body (name and type, in one place).

A type checker (mypy, run by ``make lint``) reports a field that is read or written in the
game's typed code but not declared (attr-defined). This test covers what it cannot see: the
fields a random game actually creates, wherever they are set (rule modules take the state
untyped), must all be declared, and no State hides a missing attribute behind __getattr__.
"""

import numpy as np
import pytest

import boardkit
from boardkit.engine import State

GAMES = boardkit.games()
#: player counts that need a variant option (Wanderlust alone is played against automatons)
NEEDS = {("wanderlust", 1): {"automatons": 2}}


def declared(cls: type) -> set[str]:
    """The fields declared (annotated) in the class bodies of ``cls`` and its bases."""
    return {name for klass in cls.__mro__ for name in vars(klass).get("__annotations__", {})}


def undeclared(state: State) -> set[str]:
    return set(vars(state)) - declared(type(state))


def fields_seen(name: str, players: int, seed: int) -> set[str]:
    """Every attribute a random game of ``name`` sets on its state, from setup to the end."""
    g = boardkit.game(name)
    state = g.new_game(players=players, seed=seed, variant=NEEDS.get((name, players)))
    rng = np.random.default_rng(seed)
    seen = set(vars(state))
    state.offer()  # the play loop's memo is a field too
    while not state.is_over:
        seen |= set(vars(state))
        state.apply(state.random_action(rng))
    return seen | set(vars(state))


@pytest.mark.parametrize("name", GAMES)
def test_every_field_a_game_sets_is_declared_in_its_state_class(name):
    g = boardkit.game(name)
    cls = g.state_class
    for players in range(g.min_players, g.max_players + 1):
        missing = fields_seen(name, players, seed=players) - declared(cls)
        assert not missing, (f"{cls.__name__} sets fields its class body does not declare: "
                             f"{sorted(missing)}")


@pytest.mark.parametrize("name", GAMES)
def test_no_state_class_hides_a_missing_attribute(name):
    """A __getattr__ would make every misspelt field look declared to a type checker."""
    for klass in boardkit.game(name).state_class.__mro__:
        assert "__getattr__" not in vars(klass), f"{klass.__name__} defines __getattr__"
        assert "__getattribute__" not in vars(klass) or klass is object


def test_the_check_catches_an_undeclared_field():
    state = boardkit.game("dice-grid").new_game(seed=1)
    assert not undeclared(state)
    state.typo_field = 1
    assert undeclared(state) == {"typo_field"}
