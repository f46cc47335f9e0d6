"""Freizeitpark's rule parameters (``data/freizeitpark/params.toml``) and the variant options
of a game (the expanded game with an Auftragskarte). The state and the game both use them,
so they live below both."""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from boardkit.engine.game import Choices, house_rule

from .content import content


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SheetParams(_Model):
    width: int = Field(ge=4, le=16)
    height: int = Field(ge=4, le=16)


class DiceParams(_Model):
    attractions: Literal["any", "split"]
    six_gives_card_symbol: bool
    split: dict[str, tuple[str, ...]]

    @field_validator("split")
    @classmethod
    def _faces(cls, value: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
        if set(value) != {"1", "2"}:
            raise ValueError("dice.split maps the faces '1' and '2' to attraction symbols")
        return value


class PointParams(_Model):
    landschaft_cell: int = Field(ge=0)
    achterbahn: int = Field(ge=0)
    wildwasserbahn: int = Field(ge=0)
    geisterbahn: int = Field(ge=0)
    karussell: int = Field(ge=0)
    verkaufsstand: int = Field(ge=0)
    parkplaetze: int = Field(ge=0)


class TableParams(_Model):
    fields: int = Field(ge=1, le=60)
    minimum: int = Field(ge=0)

    @model_validator(mode="after")
    def _fits(self) -> Self:
        if self.minimum > self.fields:
            raise ValueError(f"a minimum of {self.minimum} does not fit in {self.fields} fields")
        return self


class Tables(_Model):
    nachhaltigkeit: TableParams
    beliebtheit: TableParams
    vermoegen: TableParams
    parkplaetze: TableParams


class EndParams(_Model):
    tie_break: Literal["share", "points"]
    unplayable: Literal["skip", "out"] = house_rule(
        "skip", "a roll that fits nowhere: 'skip' the round (our reading of the rulebook) or "
                "'out', the player is out of the game (the stricter reading)")


class Params(_Model):
    sheet: SheetParams
    dice: DiceParams
    points: PointParams
    tables: Tables
    end: EndParams

    @model_validator(mode="after")
    def _split_symbols(self) -> Self:
        known = {c.id for c in content().constructs.values() if c.kind == "attraction"}
        for face, ids in self.dice.split.items():
            if not ids or set(ids) - known:
                raise ValueError(f"dice.split.{face}: attraction symbols only ({sorted(known)})")
        return self


class Variant(_Model):
    """Options of ``new_game``: the expanded game with a random or a chosen Auftragskarte."""

    expanded: bool = Field(False, description="erweitertes Spiel: one random Auftragskarte")
    card: Annotated[str | None, Choices(lambda: content().cards)] = Field(
        None, description="play with this Auftragskarte (implies expanded)")

    @field_validator("card")
    @classmethod
    def _known(cls, value: str | None) -> str | None:
        if value is not None and value not in content().cards:
            raise ValueError(f"unknown Auftragskarte {value!r}; known: "
                             f"{', '.join(content().cards)}")
        return value
