"""Freizeitpark content: structures, constructs, Auftragskarten, glossary.

Every file lives in ``data/freizeitpark/`` and is validated by a schema here, so a course can
replace a shape or a card and gets an error naming the file and the field if it is wrong.
Shapes are written as rows of text (``"#"`` = a cell, the top row first); cell ``(x, y)`` is
column ``x`` from the left and row ``y`` from the top.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Literal, Protocol, Self, TypeVar

from pydantic import Field, field_validator, model_validator

from boardkit.engine import DataError
from boardkit.engine.content import Provenance, Strict, load
from boardkit.engine.grid import is_connected
from boardkit.engine.resources import data_dir

GAME_NAME = "freizeitpark"
TABLES = ("nachhaltigkeit", "beliebtheit", "vermoegen", "parkplaetze")
Cell = tuple[int, int]
Shape = tuple[Cell, ...]


def parse_shape(rows: tuple[str, ...] | list[str]) -> Shape:
    """Cells of a shape written as text rows (``#`` = cell), sorted, at the origin."""
    cells = [(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#"]
    if not cells:
        raise ValueError("a shape needs at least one '#' cell")
    bad = {ch for row in rows for ch in row} - {"#", "."}
    if bad:
        raise ValueError(f"a shape uses only '#' and '.', found {sorted(bad)}")
    mx, my = min(x for x, _ in cells), min(y for _, y in cells)
    shape = tuple(sorted((x - mx, y - my) for x, y in cells))
    if not is_connected(shape):
        raise ValueError("a shape must be one edge-connected group of cells")
    return shape


ShapeRows = Annotated[tuple[str, ...], Field(min_length=1, max_length=12)]


class _Shaped(Strict):
    shape: ShapeRows

    @field_validator("shape")
    @classmethod
    def _valid(cls, rows: tuple[str, ...]) -> tuple[str, ...]:
        parse_shape(rows)
        return rows

    @property
    def cells(self) -> Shape:
        return parse_shape(self.shape)


# ------------------------------------------------------------------ structures


class StructureEntry(_Shaped):
    die: int = Field(ge=1, le=6)
    name: str
    de: str


class EntranceEntry(_Shaped):
    name: str
    de: str


class StructureFile(Strict):
    provenance: Provenance
    source: str
    structure: list[StructureEntry]
    entrance: EntranceEntry

    @model_validator(mode="after")
    def _one_per_face(self) -> Self:
        faces = sorted(s.die for s in self.structure)
        if faces != [1, 2, 3, 4, 5, 6]:
            raise ValueError(f"structure: one structure per die face 1..6 is needed, found {faces}")
        return self


# ------------------------------------------------------------------ constructs

Kind = Literal["attraction", "landscape", "stand", "parking", "entrance", "card", "train"]


class ConstructEntry(Strict):
    id: str = Field(pattern=r"^[a-z_]+$")
    kind: Kind
    faces: tuple[int, ...] = ()
    table: Literal["nachhaltigkeit", "beliebtheit", "vermoegen", "parkplaetze"] | None = None
    card: str | None = None
    glyph: str = Field(min_length=1, max_length=2)
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    shape: ShapeRows | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        free = self.kind in ("landscape", "train")
        if free and self.shape is not None:
            raise ValueError(f"construct {self.id}: a {self.kind} has no fixed shape")
        if not free and self.shape is None:
            raise ValueError(f"construct {self.id}: a {self.kind} needs a shape")
        if self.shape is not None:
            parse_shape(self.shape)
        if any(not 1 <= f <= 6 for f in self.faces):
            raise ValueError(f"construct {self.id}: faces are die faces 1..6")
        if (self.kind in ("card", "train")) != (self.card is not None):
            raise ValueError(f"construct {self.id}: card symbols (kind card/train) name their card")
        return self

    @property
    def cells(self) -> Shape | None:
        return None if self.shape is None else parse_shape(self.shape)


class ConstructFile(Strict):
    provenance: Provenance
    source: str
    entries: list[ConstructEntry] = Field(alias="construct")


# ------------------------------------------------------------------ Auftragskarten


class CardEntry(Strict):
    id: str = Field(pattern=r"^[a-z_]+$")
    kind: Literal["count", "each", "train", "messe", "sustainability", "landscape_squares"]
    text: str = Field(min_length=10)
    target: str | None = Field(None, alias="construct")
    constructs: tuple[str, ...] = ()
    count: int | None = Field(None, ge=1)
    symbol: str | None = None
    min_cells: int | None = Field(None, ge=1)
    max_per_line: int | None = Field(None, ge=1)
    base: int | None = Field(None, ge=0)
    per: int | None = Field(None, ge=1)
    cells_per_point: int | None = Field(None, ge=1)
    shape: ShapeRows | None = None
    nachhaltigkeit: int | None = Field(None, ge=0)
    beliebtheit: int | None = Field(None, ge=0)

    @model_validator(mode="after")
    def _fields_of_kind(self) -> Self:
        need = {"count": ("target", "count"), "each": ("constructs",),
                "train": ("symbol", "min_cells", "max_per_line"),
                "messe": ("target", "base", "per"), "sustainability": ("cells_per_point",),
                "landscape_squares": ("shape", "count", "nachhaltigkeit", "beliebtheit")}
        missing = [f for f in need[self.kind] if getattr(self, f) in (None, ())]
        if missing:
            raise ValueError(f"card {self.id}: a '{self.kind}' card needs {', '.join(missing)}")
        if self.shape is not None:
            parse_shape(self.shape)
        return self

    @property
    def cells(self) -> Shape | None:
        return None if self.shape is None else parse_shape(self.shape)


class CardFile(Strict):
    provenance: Provenance
    source: str
    card: list[CardEntry]


# ------------------------------------------------------------------ glossary


class Term(Strict):
    id: str = Field(pattern=r"^[a-z_]+$")
    de: str
    en: str
    note: str | None = None


class GlossaryFile(Strict):
    provenance: Provenance
    source: str
    term: list[Term]


# ------------------------------------------------------------------ the bundle


@dataclass(frozen=True)
class Content:
    """Everything read from the data files, cross-checked."""

    structures: dict[int, StructureEntry]
    entrance: EntranceEntry
    constructs: dict[str, ConstructEntry]
    cards: dict[str, CardEntry]
    terms: dict[str, Term]

    def term(self, key: str) -> Term:
        return self.terms[key]

    def label(self, key: str, kind: str = "") -> str:
        """``"Achterbahn (roller coaster)"``; kind ``card``/``table`` picks the right entry."""
        t = self.terms.get(f"{key}_karte" if kind == "card" else
                           f"{key}_tabelle" if kind == "table" else key) or self.terms.get(key)
        if t is None:
            return key
        return t.de if t.de == t.en else f"{t.de} ({t.en})"

    def de(self, key: str, kind: str = "") -> str:
        t = self.terms.get(f"{key}_karte" if kind == "card" else
                           f"{key}_tabelle" if kind == "table" else key) or self.terms.get(key)
        return key if t is None else t.de

    def en(self, key: str, kind: str = "") -> str:
        t = self.terms.get(f"{key}_karte" if kind == "card" else
                           f"{key}_tabelle" if kind == "table" else key) or self.terms.get(key)
        return key if t is None else t.en


class _Entry(Protocol):
    """An entry of a data file with an id (a construct, a card, a term)."""

    @property
    def id(self) -> str: ...


E = TypeVar("E", bound=_Entry)


def _index(items: Iterable[E], what: str, path: Path) -> dict[str, E]:
    out: dict[str, E] = {}
    for i, item in enumerate(items):
        if item.id in out:
            raise DataError(f"{path}: {what}[{i}].id: '{item.id}' appears twice")
        out[item.id] = item
    return out


@cache
def content() -> Content:
    """The game's content, loaded once and cross-checked (a DataError names file and field)."""
    folder = data_dir() / GAME_NAME
    structures = load(StructureFile, folder / "structures.toml")
    constructs_file = load(ConstructFile, folder / "constructs.toml")
    cards_file = load(CardFile, folder / "auftragskarten.toml")
    glossary = load(GlossaryFile, folder / "glossary.toml")
    constructs = _index(constructs_file.entries, "construct", folder / "constructs.toml")
    cards = _index(cards_file.card, "card", folder / "auftragskarten.toml")
    terms = _index(glossary.term, "term", folder / "glossary.toml")
    required = {"achterbahn", "geisterbahn", "karussell", "wildwasserbahn", "landschaft",
                "parkplaetze", "verkaufsstand", "eingang"}
    if missing := required - set(constructs):
        raise DataError(f"{folder / 'constructs.toml'}: construct: missing {sorted(missing)}")
    for i, c in enumerate(constructs_file.entries):
        if c.card is not None and c.card not in cards:
            raise DataError(f"{folder / 'constructs.toml'}: construct[{i}].card: no card '{c.card}'")
    for i, card in enumerate(cards_file.card):
        for ref in (card.target, *card.constructs, card.symbol):
            if ref is not None and ref not in constructs:
                raise DataError(f"{folder / 'auftragskarten.toml'}: card[{i}]: unknown "
                                f"construct or symbol '{ref}'")
    for key in [*constructs, *cards, *TABLES]:
        if key not in terms:
            raise DataError(f"{folder / 'glossary.toml'}: term: no entry for '{key}'")
    return Content({s.die: s for s in structures.structure}, structures.entrance, constructs,
                   cards, terms)
