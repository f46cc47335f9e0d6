"""Named positions for teaching and tests (``data/wishland/scenarios.toml``): the file read
and checked; what the setup deals and gives for one is in :mod:`.setup`
(:func:`~.setup.queue_deal`, :func:`~.setup.give_teacher_position`); a game is played to one
by :func:`boardkit.wishland.scenario` (:mod:`.scenarios`).

A walkthrough shows a rule on a position that makes it visible ("two stacks on the Actors
space"); building it by assigning a state's fields hides what matters and can give a position
the rules never reach. A scenario is reached the legal way:

* ``deal``: the cards dealt first to a Marketplace row (slot 0, 1, ...) — the setup's shuffle
  of that deck is a forced outcome, queued by the setup from the variant (so a save replays
  it); the rest of the deck is in a seeded order;
* ``moves``: real actions from the first decision of the game (turn order included).

A few positions take too many actions to reach (all six bonus Workers claimed, 7 Happiness,
the Final Scoring example's play area): they are **teacher's positions**, marked
``teacher = true``, and their ``cards`` (played as if bought: taken from the Marketplace,
every reward applies, choices are answered with Workers) and ``set`` fields (per player)
are given during the setup, before the first decision. A save of any scenario replays it.

Start one with :func:`boardkit.wishland.scenario` (scenarios.py; or ``new_game(variant={"scenario": id})``
for the setup alone); ``describe(id)`` says what it shows, ``names()`` lists them.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, Literal, Self

from pydantic import Field, field_validator, model_validator

from boardkit.engine import VariantError
from boardkit.engine.content import Provenance, Strict, load
from boardkit.engine.resources import data_file
from boardkit.engine.words import wrap

from .content import CARDS, ROWS

#: the per-player fields a teacher's position may give (nothing else)
SETTABLE = ("credits", "happiness", "visitors", "workers", "reserve")
#: card name -> card id (the scenarios name their cards)
CARD_IDS = {c.name: cid for cid, c in CARDS.items()}
if TYPE_CHECKING:  # Literals built from the tuples when the module runs; a name to a checker
    RowName = str
    SettableName = str
else:
    RowName = Literal[ROWS]
    SettableName = Literal[SETTABLE]


class ScenarioSpec(Strict):
    title: str = Field(min_length=4)
    section: str
    text: str = Field(min_length=8, description="what the position shows")
    players: int = Field(ge=1, le=4)
    teacher: bool = False
    deal: dict[RowName, list[str]] = {}
    cards: list[list[str]] = []
    set: dict[SettableName, list[int]] = {}
    moves: list[dict[str, Any]] = []
    play_out: bool = Field(False, description="then collect every turn until Final Scoring")

    @field_validator("deal")
    @classmethod
    def _dealt(cls, deal: dict[RowName, list[str]]) -> dict[RowName, list[str]]:
        for row, names in deal.items():
            kind = ROWS.index(row)
            for name in names:
                if CARD_IDS.get(name) is None or CARDS[CARD_IDS[name]].kind != kind:
                    raise ValueError(f"deal.{row}: {name!r} is not a card of that row")
        return deal

    @model_validator(mode="after")
    def _teacher(self) -> Self:
        if self.teacher != bool(self.cards or self.set):
            raise ValueError("a position with cards or set fields is a teacher's position "
                             "(teacher = true), and only those")
        return self

    @field_validator("cards")
    @classmethod
    def _known(cls, cards: list[list[str]]) -> list[list[str]]:
        for names in cards:
            for name in names:
                if name not in CARD_IDS:
                    raise ValueError(f"cards: no card named {name!r}")
        return cards


class ScenarioFile(Strict):
    game: Literal["wishland"]
    provenance: Provenance
    scenario: dict[str, ScenarioSpec]


@cache
def scenarios() -> dict[str, ScenarioSpec]:
    """Every scenario by id."""
    return load(ScenarioFile, data_file("wishland", "scenarios.toml")).scenario


def names() -> list[str]:
    """The scenario ids."""
    return sorted(scenarios())


def spec(name: str) -> ScenarioSpec:
    found = scenarios().get(name)
    if found is None:
        raise VariantError(f"wishland: unknown scenario {name!r} (known: {', '.join(names())})")
    return found


def describe(name: str) -> str:
    """What the scenario shows, in words (a teacher's position says so), broken at words."""
    s = spec(name)
    return wrap(f"{s.title} ({s.section}): {s.text}" + (" [teacher's position]" if s.teacher else ""))
