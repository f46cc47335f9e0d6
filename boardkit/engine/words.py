"""Words shown to players: a count with its noun in the right number."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and its noun: ``plural(1, "move")`` is ``"1 move"``, ``plural(2, "move")``
    ``"2 moves"`` and ``plural(0, "card")`` ``"0 cards"``; ``many`` spells an irregular
    plural. A player reads the count, so the noun follows it, never a noun with "(s)"."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def scores_text(scores: list[float] | tuple[float, ...]) -> str:
    """Each seat's score as a player reads it: ``"P1 8, P2 3"`` (a whole score without its
    ``.0``), never a Python list."""
    whole = [int(s) if isinstance(s, float) and s.is_integer() else s for s in scores]
    return ", ".join(f"P{p + 1} {score}" for p, score in enumerate(whole))
