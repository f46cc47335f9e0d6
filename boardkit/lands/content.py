"""The content of Lands of Amazement: park cards, abilities and goal cards, from TOML.

The rulebook does not print the card faces, so ``data/lands/cards.toml`` and
``data/lands/goals.toml`` are designed by us (``provenance = "illustrative"``); the titles of
the scoring table are transcribed (``data/lands/params.toml``). Faces, plans and megapark
plans are written as small pictures, one string per row, **top row first**:

* a card face (3 columns × 4 rows): a letter per icon (``R`` rides, ``G`` gifts, ``M`` games,
  ``F`` food, ``S`` shows), ``.`` for a blank square. The card's two **shapes** are its two
  edge-connected groups of icons; each must be of one icon type, and the two may not touch by
  an edge (so a card alone is always a legal park);
* a plan: the same letters, the pattern a park must show;
* a megapark plan: ``X`` for a highlighted square.

Everything is validated on load; a mistake raises :class:`~boardkit.engine.DataError` naming
the file and the field.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator

from boardkit.engine import DataError
from boardkit.engine.content import Provenance, Strict, load
from boardkit.engine.grid import GridLabels, components
from boardkit.engine.resources import data_dir
from boardkit.engine.words import wrap

ICONS: dict[str, str] = {"R": "rides", "G": "gifts", "M": "games", "F": "food", "S": "shows"}
LETTER: dict[str, str] = {v: k for k, v in ICONS.items()}
ICON_NAMES = tuple(ICONS.values())
#: a park's area on the table: AREA × AREA squares (see rule lands.build.area)
AREA = 14
#: how a park's area names its squares: columns A.. from the left, rows 1.. from the bottom
#: up (y grows upwards). The board's axis labels and every message, log line and hint that
#: names a square use it, so they say the same thing
SQUARES = GridLabels(AREA, AREA, rows_up=True, name="park's area")
#: the quarter turns a card may lie in (lands.build.rotation)
ANGLES = (0, 90, 180, 270)
Effect = Literal["move_plan", "bury", "reclaim", "swap"]

Cell = tuple[int, int]


def picture_cells(rows: tuple[str, ...] | list[str], alphabet: str) -> dict[Cell, str]:
    """``{(x, y): letter}`` of a picture (top row first, y grows upwards)."""
    height = len(rows)
    out: dict[Cell, str] = {}
    for i, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == ".":
                continue
            if ch not in alphabet:
                raise ValueError(f"row {i + 1}: '{ch}' is not one of {'.' + alphabet}")
            out[(x, height - 1 - i)] = ch
    return out


def _rectangular(rows: list[str]) -> list[str]:
    if not rows or any(len(r) != len(rows[0]) for r in rows) or not rows[0]:
        raise ValueError("a picture is a non-empty rectangle of equally long rows")
    return rows


class AbilitySpec(Strict):
    """An ability as data: an effect function's name and our wording of it."""

    key: str = Field(pattern=r"^[a-z_]+$")
    effect: Effect
    text: str = Field(min_length=8)


class CardSpec(Strict):
    id: int = Field(ge=0)
    name: str = Field(min_length=2)
    face: list[str]
    plan: list[str]
    ability: str

    @field_validator("face", "plan")
    @classmethod
    def _picture(cls, rows: list[str]) -> list[str]:
        return _rectangular(rows)


class CardFile(Strict):
    game: Literal["lands"]
    provenance: Provenance
    source: str
    card_width: int = Field(ge=2, le=6)
    card_height: int = Field(ge=2, le=6)
    ability: list[AbilitySpec]
    card: list[CardSpec]


class SideSpec(Strict):
    name: str
    portfolio: list[list[Literal["rides", "gifts", "games", "food", "shows"]]]
    megapark: list[str]
    witness: list[list[int]] = Field(min_length=5, max_length=5, description=(
        "a reserve reaching 0 penalty: [[setup card], [round 1 cards], ..., [round 4 cards]]"))

    @field_validator("portfolio")
    @classmethod
    def _four_rounds(cls, rounds: list[list[str]]) -> list[list[str]]:
        if len(rounds) != 4 or any(not r for r in rounds):
            raise ValueError("a portfolio lists icons for exactly 4 rounds, each at least one")
        return rounds

    @field_validator("megapark")
    @classmethod
    def _picture(cls, rows: list[str]) -> list[str]:
        return _rectangular(rows)


class GoalSpec(Strict):
    id: int = Field(ge=0)
    sides: list[SideSpec] = Field(min_length=2, max_length=2)


class GoalFile(Strict):
    game: Literal["lands"]
    provenance: Provenance
    source: str
    goal: list[GoalSpec]


# ------------------------------------------------------------------ plain objects


@dataclass(frozen=True)
class Shape:
    icon: str  # "rides", ...
    cells: tuple[Cell, ...]  # local card cells


@dataclass(frozen=True)
class Card:
    id: int
    name: str
    face: tuple[str, ...]
    shapes: tuple[Shape, Shape]
    plan: tuple[tuple[Cell, str], ...]  # ((x, y), icon) of the plan pattern
    plan_rows: tuple[str, ...]
    ability: AbilitySpec

    def icons(self) -> set[str]:
        return {s.icon for s in self.shapes}

    def describe(self) -> str:
        """The card in words: its shapes (shape 0 first) and its ability."""
        shapes = " and ".join(f"{len(s.cells)} {s.icon}" for s in self.shapes)
        return wrap(f"#{self.id} {self.name}: shapes of {shapes}; ability: {self.ability.text}")


@dataclass(frozen=True)
class Side:
    goal: int
    side: int  # 0 = "A", 1 = "B"
    name: str
    portfolio: tuple[tuple[str, ...], ...]
    megapark: tuple[Cell, ...]
    megapark_rows: tuple[str, ...]
    witness: tuple[tuple[int, ...], ...] = ()

    @property
    def label(self) -> str:
        return f"goal {self.goal + 1}{'AB'[self.side]} ({self.name})"

    def describe(self) -> str:
        """The side in words: the icons each round's reserved card must carry, and the
        megapark plan's size."""
        rounds = "; ".join(f"round {n} {', '.join(icons)}"
                           for n, icons in enumerate(self.portfolio, 1))
        return wrap(f"{self.label}: {rounds}; {len(self.megapark)} highlighted squares")

    def portfolio_counts(self) -> Counter[str]:
        return Counter(icon for rnd in self.portfolio for icon in rnd)


@dataclass(frozen=True)
class Content:
    width: int
    height: int
    cards: tuple[Card, ...]
    goals: tuple[tuple[Side, Side], ...]
    abilities: dict

    def side(self, goal: int, side: int) -> Side:
        return self.goals[goal][side]


def _card(spec: CardSpec, width: int, height: int, abilities: dict, where: str) -> Card:
    if len(spec.face) != height or len(spec.face[0]) != width:
        raise DataError(f"{where}.face: a card face is {width} columns × {height} rows")
    try:
        cells = picture_cells(spec.face, "".join(ICONS))
        plan = picture_cells(spec.plan, "".join(ICONS))
    except ValueError as exc:
        raise DataError(f"{where}: {exc}") from None
    groups = components(list(cells))
    if len(groups) != 2:
        raise DataError(f"{where}.face: a card has exactly two shapes (edge-connected groups "
                        f"of icons), found {len(groups)}")
    shapes = []
    for g in groups:
        letters = {cells[(int(x), int(y))] for x, y in g}
        if len(letters) != 1:
            raise DataError(f"{where}.face: a shape holds icons of one type, found {sorted(letters)}")
        shapes.append(Shape(ICONS[letters.pop()], tuple(sorted((int(x), int(y)) for x, y in g))))
    if not plan or len(components(list(plan))) != 1:
        raise DataError(f"{where}.plan: a plan is one edge-connected group of icons")
    if spec.ability not in abilities:
        raise DataError(f"{where}.ability: unknown ability '{spec.ability}' "
                        f"(known: {', '.join(sorted(abilities))})")
    return Card(spec.id, spec.name, tuple(spec.face), (shapes[0], shapes[1]),
                tuple(sorted((c, ICONS[v]) for c, v in plan.items())), tuple(spec.plan),
                abilities[spec.ability])


def load_content(folder: Path | None = None) -> Content:
    """Read and check ``cards.toml`` and ``goals.toml`` (a folder may replace the shipped one)."""
    folder = folder or data_dir() / "lands"
    cards_path, goals_path = folder / "cards.toml", folder / "goals.toml"
    cf = load(CardFile, cards_path)
    abilities = {a.key: a for a in cf.ability}
    cards = []
    for i, spec in enumerate(cf.card):
        if spec.id != i:
            raise DataError(f"{cards_path}: card[{i}].id: cards are numbered 0, 1, 2, ... in "
                            f"order, found {spec.id}")
        cards.append(_card(spec, cf.card_width, cf.card_height, abilities,
                           f"{cards_path}: card[{i}]"))
    gf = load(GoalFile, goals_path)
    goals = []
    for i, g in enumerate(gf.goal):
        if g.id != i:
            raise DataError(f"{goals_path}: goal[{i}].id: goals are numbered 0, 1, 2 in order")
        sides = []
        for j, s in enumerate(g.sides):
            try:
                cells = picture_cells(s.megapark, "X")
            except ValueError as exc:
                raise DataError(f"{goals_path}: goal[{i}].sides[{j}].megapark: {exc}") from None
            if not cells:
                raise DataError(f"{goals_path}: goal[{i}].sides[{j}].megapark: no highlighted square")
            sides.append(Side(i, j, s.name, tuple(tuple(r) for r in s.portfolio),
                              tuple(sorted(cells)), tuple(s.megapark),
                              tuple(tuple(w) for w in s.witness)))
        goals.append((sides[0], sides[1]))
    return Content(cf.card_width, cf.card_height, tuple(cards), tuple(goals), abilities)


@cache
def content() -> Content:
    """The shipped content (cached)."""
    return load_content()
