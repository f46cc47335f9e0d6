"""Würfel werfen und nutzen (rolling and splitting the dice).

Rulebook sections "Würfel werfen" and "Würfelergebnis beliebig nutzen", paraphrased: each
round two dice are rolled once for everybody (``freizeitpark.wurf.roll``); every player
decides for themselves which die gives the structure and which gives the symbol
(``freizeitpark.wurf.split``). Faces and symbols (``freizeitpark.wurf.symbol``): 1 and 2 an
attraction (``freizeitpark.wurf.attractions``: any of the four by default), 3 Landschaft,
4 Parkplätze, 5 Verkaufsstand, 6 a free choice (``freizeitpark.wurf.six``).
"""

from __future__ import annotations

import numpy as np

from boardkit.engine import RuleViolation, State

from .content import content
from .regelwerk import Ruleset


def roll(rng: np.random.Generator) -> tuple[int, int]:
    a, b = rng.integers(1, 7, size=2)
    return int(a), int(b)


def check_roll(state: State, value: object) -> None:
    """A roll forced or read from a save is two dice 1..6 (the state is not needed)."""
    if not (isinstance(value, tuple) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in value)):
        raise RuleViolation("freizeitpark.wurf.roll",
                            f"a roll is two six-sided dice showing 1..6, not {value!r}")


def splits(dice: tuple[int, int]) -> list[tuple[int, int]]:
    """The ways to use a roll: (structure die, symbol die); one way for a double."""
    a, b = dice
    return [(a, b)] if a == b else [(a, b), (b, a)]


def symbol_options(rs: Ruleset, face: int) -> tuple[str, ...]:
    """The symbols a die face gives in this game."""
    return rs.faces[face]


def symbol_violation(rs: Ruleset, face: int, symbol: str) -> RuleViolation | None:
    """Why the die ``face`` cannot give ``symbol`` (None when it can)."""
    options = rs.faces[face]
    if symbol in options:
        return None
    data = content().constructs
    c = data.get(symbol)
    if c is None or c.kind == "entrance":
        known = ", ".join(rs.symbols)
        return RuleViolation("freizeitpark.wurf.symbol",
                             f"'{symbol}' is not a symbol to draw (symbols: {known})")
    if c.card is not None and (rs.card is None or rs.card.id != c.card):
        return RuleViolation("freizeitpark.auftrag.symbol",
                             f"the {content().de(symbol)} symbol exists only with the "
                             f"Auftragskarte '{content().de(c.card, 'card')}'")
    name = content().de(symbol)
    allowed = ", ".join(content().de(s) for s in options)
    if face == 6:
        return RuleViolation("freizeitpark.wurf.six",
                             f"a 6 gives a free choice among {allowed}, not {name}")
    if face in (1, 2) and c.kind == "attraction":
        return RuleViolation("freizeitpark.wurf.attractions",
                             f"with the rule dice.attractions = 'split' a {face} gives {allowed}, "
                             f"not {name}")
    return RuleViolation("freizeitpark.wurf.symbol",
                         f"a {face} gives {allowed}, not {name}")
