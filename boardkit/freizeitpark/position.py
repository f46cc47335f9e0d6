"""The fields of a Freizeitpark position: every player's sheet, the roll, the hidden builds.

Each player has a park sheet (:class:`~.sheet.Sheet`), a status (:data:`STATUS`), the
Nachhaltigkeit lost to enclosed cells, the round's secret build (kept aside until the last
player has chosen) and the rounds skipped; shared are the round, its roll and the
Auftragskarte in play. The rules in force (:class:`~.regelwerk.Ruleset`) follow from the
rule parameters and the card, and are cached with the sheets' analyses (never saved).

:class:`FreizeitparkState` declares these fields with their types, and what can be read
from them alone; the rule modules take it (imported for annotations only) and this module
imports none of them, so no import circle runs through the position. The game played
(:class:`~boardkit.freizeitpark.state.FreizeitparkPlay`: its flow, setup, scoring and hidden
information) adds the rules to it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from boardkit.engine import State

from .actions import Build, Entrance
from .params import Params, Variant
from .regelwerk import Ruleset, ruleset
from .sheet import Sheet


class _Scratch(dict[Hashable, Any]):
    """Caches that are never saved, copied or compared (they pickle as empty)."""

    def __reduce__(self) -> tuple[type[_Scratch], tuple[()]]:
        return (_Scratch, ())


T = TypeVar("T")


STATUS = ("playing", "won", "fired", "out")


class FreizeitparkState(State):
    """A Freizeitpark position (see :mod:`boardkit.freizeitpark`)."""

    params: Params
    variant: Variant
    #: caches (the ruleset, per-sheet analyses): never saved, copied or compared
    _scratch: _Scratch
    #: the Auftragskarte in play (expanded game), None in the basic game
    card: str | None
    #: each player's park sheet
    sheets: list[Sheet]
    #: each player's status, one of :data:`STATUS`
    status: list[str]
    #: each player's penalty points
    penalty: list[int]
    #: each player's secret choice of the current round, drawn when the last has chosen
    builds: list[Entrance | Build | None]
    #: players who skip the current round (the roll fits nowhere in their park)
    skipped: list[bool]
    #: rounds skipped so far, per player
    skips: list[int]
    #: the round in which each player won, was fired or went out (None while playing)
    left_round: list[int | None]
    #: 0: the Eingang round; then the roll rounds
    round: int
    #: the roll of the current round (None before the first)
    dice: tuple[int, int] | None
    #: set when the game has ended (somebody won, or nobody is left)
    over: bool

    @property
    def rules(self) -> Ruleset:
        scratch = self.__dict__.get("_scratch")
        if scratch is None:
            scratch = self._scratch = _Scratch()
        rs = scratch.get("rules")
        if rs is None:
            rs = scratch["rules"] = ruleset(self.params, self.card)
        return rs

    def cached(self, player: int, key: Hashable, compute: Callable[[], T]) -> T:
        """A per-player cache valid while that player's sheet is unchanged."""
        scratch = self.__dict__.get("_scratch")
        if scratch is None:
            scratch = self._scratch = _Scratch()
        full = (player, self.sheets[player].version, key)
        if full not in scratch:
            scratch[full] = compute()
        return scratch[full]

    def set_status(self, player: int, status: str) -> None:
        """A player leaves the game: won, fired or out (in the current round)."""
        self.status[player] = status
        self.left_round[player] = self.round

    def playing(self) -> list[int]:
        return [p for p in range(self.players) if self.status[p] == "playing"]
