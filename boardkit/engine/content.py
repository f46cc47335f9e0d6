"""Loading game content from TOML with a schema.

Every content file is read with :mod:`tomllib` and validated with a pydantic model, so a
malformed file fails at load time with a :class:`DataError` that names the file and the
field (``data/lands/cards.toml: card[3].shapes: field required``).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import DataError, clipped

M = TypeVar("M", bound=BaseModel)

Provenance = Literal["rulebook", "illustrative", "engine"]


class Strict(BaseModel):
    """Base of content schemas: unknown keys are errors (typos must not pass silently)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def format_validation_error(where: str, err: ValidationError, prefix: tuple = (),
                            limit: int = 10) -> str:
    """One line per error, ``where: a.b[3].c: message``; ``prefix`` is prepended to every
    location. Locations and messages are clipped (a key or tag may come from a huge file)
    and at most ``limit`` errors are listed."""
    lines = []
    errors = err.errors(include_url=False, include_context=False, include_input=False)
    for e in errors[:limit]:
        parts = (*prefix, *e["loc"])
        loc = ".".join(f"[{p}]" if isinstance(p, int) else clipped(str(p), 40) for p in parts)
        loc = loc.replace(".[", "[")
        msg = e["msg"].removeprefix("Value error, ")  # a validator's own words
        lines.append(f"{where}: {loc or '(top level)'}: {clipped(msg, 200)}")
    if len(errors) > limit:
        lines.append(f"{where}: ... and {len(errors) - limit} more")
    return "\n".join(lines)


def read_toml(path: Path) -> dict:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(f"{path}: file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from None


def validate(model: type[M], raw: dict, where: str) -> M:
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataError(format_validation_error(where, exc)) from None


def load(model: type[M], path: Path) -> M:
    """Read ``path`` and validate it against ``model``; :class:`DataError` names the field."""
    return validate(model, read_toml(path), str(path))
