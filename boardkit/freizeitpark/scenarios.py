"""Named sheets for teaching and tests (``data/freizeitpark/sheets.toml``).

A walkthrough shows a rule on a position that makes it visible ("one empty cell left");
building it by assigning a sheet's internals hides what matters. ``sheet(name)`` gives the
named position as a :class:`~boardkit.freizeitpark.sheet.Sheet`, ``describe(name)`` says what
it shows, and ``names()`` lists them.
"""

from __future__ import annotations

from functools import cache

from pydantic import Field, field_validator

from boardkit.engine import DataError
from boardkit.engine.content import Provenance, Strict, load
from boardkit.engine.resources import data_file

from .sheet import Sheet


class SheetSpec(Strict):
    text: str = Field(min_length=8, description="what the position shows")
    rows: list[str] = Field(min_length=1, max_length=16)

    @field_validator("rows")
    @classmethod
    def _rectangle(cls, rows):
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
