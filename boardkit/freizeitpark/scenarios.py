"""Named positions for teaching and tests: sheets and games.

A walkthrough shows a rule on a position that makes it visible ("one empty cell left", "the
dice show 3 and 5"); building it by assigning internals hides what matters. Two kinds:

* **Named sheets** (``data/freizeitpark/sheets.toml``): a drawing on its own, no game, for the
  rules that ask only about a sheet (the end, the enclosure, the geometry). ``sheet(name)``
  gives it as a :class:`~boardkit.freizeitpark.sheet.Sheet`, ``describe(name)`` says what it
  shows, and ``names()`` lists them.
* **Scenarios** (``data/freizeitpark/scenarios.toml``): a game brought to a position by
  forced rolls and real actions, for the rules that ask about a decision (a roll to use, a
  structure to place). ``scenario(name)`` starts one; ``scenarios()`` lists the specs. Each
  saves and replays like any game (``GAME.from_json(text, allow_forced=True)``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, Self

from pydantic import Field, field_validator, model_validator

from boardkit.engine import DataError, VariantError
from boardkit.engine.content import Provenance, Strict, load
from boardkit.engine.errors import clipped
from boardkit.engine.resources import data_file

from .sheet import Sheet

if TYPE_CHECKING:
    from .state import FreizeitparkPlay


class SheetSpec(Strict):
    text: str = Field(min_length=8, description="what the position shows")
    rows: list[str] = Field(min_length=1, max_length=16)

    @field_validator("rows")
    @classmethod
    def _rectangle(cls, rows: list[str]) -> list[str]:
        if any(len(r) != len(rows[0]) for r in rows) or not 1 <= len(rows[0]) <= 16:
            raise ValueError("rows must be a rectangle of at most 16 × 16 cells")
        return rows


class SheetsFile(Strict):
    provenance: Provenance
    sheet: dict[str, SheetSpec]


@cache
def _sheets() -> SheetsFile:
    return load(SheetsFile, data_file("freizeitpark", "sheets.toml"))


def names() -> list[str]:
    """The named sheets."""
    return sorted(_sheets().sheet)


def rows(name: str) -> tuple[str, ...]:
    """The named sheet as text rows (top row first)."""
    found = _sheets().sheet.get(name)
    if found is None:
        raise DataError(f"freizeitpark: no sheet named {name!r} (known: {', '.join(names())})")
    return tuple(found.rows)


def describe(name: str) -> str:
    """What the named sheet shows, in words."""
    rows(name)
    return _sheets().sheet[name].text


def sheet(name: str) -> Sheet:
    """A fresh copy of the named sheet (changing it changes nothing else)."""
    return Sheet.from_rows(rows(name))


# ------------------------------------------------------------------ scenarios (games)

Value = int | bool | str | None
Die = Literal[1, 2, 3, 4, 5, 6]


class ScenarioSpec(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9\-]*$", max_length=40)
    title: str = Field(min_length=4)
    section: str
    description: str = Field(min_length=8, description="what the position shows")
    #: an earlier scenario this one goes on from (its rolls and actions come first)
    after: str | None = None
    players: int = Field(1, ge=1, le=6)
    seed: int = Field(0, ge=0)
    #: the Auftragskarte in play (the expanded game with a chosen card)
    card: str | None = None
    #: the rolls of rounds 1, 2, ... (after ``after``'s), forced in order
    rolls: list[tuple[Die, Die]] = Field([], max_length=100)
    actions: list[dict[str, Value]] = Field([], max_length=200)


class ScenarioFile(Strict):
    game: Literal["freizeitpark"]
    provenance: Provenance
    scenario: list[ScenarioSpec]

    @model_validator(mode="after")
    def _chained(self) -> Self:
        seen: dict[str, ScenarioSpec] = {}
        for spec in self.scenario:
            if spec.id in seen:
                raise ValueError(f"scenario {spec.id!r} is named twice")
            if spec.after is not None:
                base = seen.get(spec.after)
                if base is None:
                    raise ValueError(f"scenario {spec.id!r}: after = {spec.after!r} must name "
                                     "an earlier scenario")
                if "players" in spec.model_fields_set or "seed" in spec.model_fields_set \
                        or "card" in spec.model_fields_set:
                    raise ValueError(f"scenario {spec.id!r} goes on from {spec.after!r}: its "
                                     "players, seed and card are that game's")
            seen[spec.id] = spec
        return self


@cache
def scenarios() -> dict[str, ScenarioSpec]:
    """Every scenario by id, in the file's order (each one is played through in the tests)."""
    parsed = load(ScenarioFile, data_file("freizeitpark", "scenarios.toml"))
    return {s.id: s for s in parsed.scenario}


def _chain(name: str) -> list[ScenarioSpec]:
    """The scenario and the ones it goes on from, first one first."""
    known = scenarios()
    if not isinstance(name, str) or name not in known:
        raise VariantError(f"unknown Freizeitpark scenario {clipped(repr(name), 60)}; "
                           f"known: {', '.join(known)}")
    chain = [known[name]]
    while chain[-1].after is not None:
        chain.append(known[chain[-1].after])
    return chain[::-1]


def scenario(name: str, seed: int | None = None, params: Mapping[str, Any] | None = None,
             **variant: Any) -> FreizeitparkPlay:
    """A new game played up to the named position (see ``data/freizeitpark/scenarios.toml``):
    the scenario's rolls are forced in order, then its actions are played as real ones.
    ``seed`` rolls the dice after the scenario (None: the scenario's own seed); ``params``
    changes rule parameters, ``variant`` options (the scenario's ``card`` comes first).

    An unknown name is a :class:`~boardkit.engine.VariantError` that lists the known ones
    (as for the other games' scenarios).
    """
    from .game import GAME
    from .state import FreizeitparkPlay

    chain = _chain(name)
    first = chain[0]
    options = {**({"card": first.card} if first.card else {}), **variant}
    state = GAME.new_game(players=first.players, seed=first.seed if seed is None else seed,
                          variant=options or None,
                          params=None if params is None else dict(params))
    assert isinstance(state, FreizeitparkPlay), "GAME's state_class is FreizeitparkPlay"
    for spec in chain:
        for roll in spec.rolls:
            state.force("roll", tuple(roll))
    for spec in chain:
        for i, data in enumerate(spec.actions):
            state.apply(GAME.actions.from_dict(data, where=f"scenario {spec.id}: actions[{i}]"))
    return state
