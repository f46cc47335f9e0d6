"""Spielablauf (the round): simultaneous decisions as secret sequential steps.

Rulebook section "Spielablauf", paraphrased: everybody plays at once — the dice are rolled
and all players use the same result, each combining it in their own way
(``freizeitpark.ablauf.simultan``). A round: roll, split the dice, draw the structure, fill
it with the symbol, build constructs, mark points (``freizeitpark.ablauf.runde``).

boardkit models the simultaneous round as one secret step per player, in seat order: a
player's build is kept aside (``state.builds``) and drawn on the sheets of all players at
once when the last player has decided. Until then nobody else sees it — not in the
observation, not in the log (``Step.secret``) — so every player decides without knowing the
others' choices of that round, as at the table. The Eingang (``freizeitpark.ablauf.eingang_zuerst``)
is drawn the same way before the first roll.

``freizeitpark.ablauf.aussetzen`` (our reading of "Spiel gewinnen", which puts a player out
only when they cannot build what the minimums need): a player whose park has no legal build
of the round's roll is not asked anything that round; the log says they skip it and nothing
is built (:func:`skips`). With the rule parameter ``end.unplayable = "out"`` such a player is
out instead (the stricter house rule).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from boardkit.engine import Action, RuleViolation, Step
from boardkit.engine.rules import rule_ids

from .actions import Build, Entrance
from .bauen import (
    check_build,
    check_entrance,
    has_build,
    legal_builds,
    legal_entrances,
    sample_build,
)
from .regelwerk import Ruleset
from .sheet import Sheet

if TYPE_CHECKING:
    from .position import FreizeitparkState

RULES = rule_ids("freizeitpark")


@RULES.implements("freizeitpark.ablauf.aussetzen", "freizeitpark.struktur.pro_runde")
def turn(state: FreizeitparkState, player: int) -> BuildStep | None:
    """A player's turn in a roll round: the build of the roll, or nothing when no structure
    of the roll fits the park (``freizeitpark.ablauf.aussetzen``: the player skips the round;
    with ``end.unplayable = "out"`` they are out instead). The log says which."""
    dice = state.dice
    # the phase's start rolls before any turn (flow._roll), so a roll round has its dice
    assert dice is not None, "a roll round's turn comes after its roll"
    if not skips(state.rules, state.sheets[player], dice):
        return BuildStep(player, dice)
    a, b = dice
    if state.rules.unplayable == "out":
        state.set_status(player, "out")
        state.note(f"cannot draw any structure of the roll {a} and {b} anywhere in "
                   f"the park: out (rule end.unplayable = \"out\")", player=player)
    else:
        state.skipped[player] = True
        state.skips[player] += 1
        state.note(f"skips round {state.round}: no structure of the roll {a} and {b} "
                   f"fits anywhere in the park, so nothing is built", player=player)
    return None


def skips(rs: Ruleset, sheet: Sheet, dice: tuple[int, int]) -> bool:
    """``freizeitpark.ablauf.aussetzen``: True when no structure of the roll (either split,
    any symbol it gives, any turn) has a legal place in the park, so the player skips the
    round."""
    return not has_build(rs, sheet, dice)


def _actions(options: Sequence[Action]) -> list[Action]:
    """A step's list of legal actions (made once per sheet and cached by the state)."""
    return list(options)


class EntranceStep(Step["FreizeitparkState"]):
    """A player draws the Eingang on the empty sheet (before the first roll)."""

    rule = "freizeitpark.struktur.eingang"
    auto = False
    secret = True

    def __init__(self, player: int) -> None:
        self.player = player

    def prompt(self, state: FreizeitparkState) -> str:
        return "draw the Eingang (entrance) touching the sheet's border"

    def public_text(self, state: FreizeitparkState, act: Action) -> str:
        return "draws the Eingang (hidden until everybody has drawn)"

    def legal(self, state: FreizeitparkState) -> list[Action]:
        return state.cached(self.player, "entrances",
                            lambda: _actions(legal_entrances(state.rules,
                                                             state.sheets[self.player])))

    def check(self, state: FreizeitparkState, act: Action) -> None:
        if not isinstance(act, Entrance):
            raise RuleViolation("freizeitpark.ablauf.eingang_zuerst",
                                "the game starts with the Eingang; the dice come after it")
        check_entrance(state.rules, state.sheets[self.player], act)

    def resolve(self, state: FreizeitparkState, act: Action) -> None:
        assert isinstance(act, Entrance), act  # check() accepted it
        state.builds[self.player] = act


class BuildStep(Step["FreizeitparkState"]):
    """A player uses the round's roll: one structure, one symbol."""

    rule = "freizeitpark.ablauf.runde"
    wide = True  # search draws builds (sample) instead of listing them
    auto = False
    secret = True

    def __init__(self, player: int, dice: tuple[int, int]) -> None:
        self.player = player
        self.dice = dice

    def prompt(self, state: FreizeitparkState) -> str:
        a, b = self.dice
        return (f"use the roll {a} and {b}: one die gives the structure, the other the symbol; "
                "draw the structure")

    def public_text(self, state: FreizeitparkState, act: Action) -> str:
        return "draws a structure (hidden until everybody has drawn)"

    def legal(self, state: FreizeitparkState) -> list[Action]:
        return state.cached(self.player, ("builds", self.dice),
                            lambda: _actions(legal_builds(state.rules, state.sheets[self.player],
                                                          self.dice)))

    def sample(self, state: FreizeitparkState, rng: np.random.Generator) -> Action:
        """A random legal build without listing them all (search playouts)."""
        drawn = sample_build(state.rules, state.sheets[self.player], self.dice, rng)
        return drawn if drawn is not None else super().sample(state, rng)

    def check(self, state: FreizeitparkState, act: Action) -> None:
        if not isinstance(act, Build):
            raise RuleViolation("freizeitpark.ablauf.eingang_zuerst",
                                "the Eingang is drawn once, at the start; now the roll is used")
        check_build(state.rules, state.sheets[self.player], self.dice, act)

    def resolve(self, state: FreizeitparkState, act: Action) -> None:
        assert isinstance(act, Build), act  # check() accepted it
        state.builds[self.player] = act
