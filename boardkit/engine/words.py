"""Words shown to players: a count with its noun in the right number, each seat's score, and
a text broken at words to the width a reader sees whole."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable


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


#: the width a text for a reader is wrapped at: JupyterLab breaks a printed line that is wider
#: than its output area where the area ends, inside a word (``readable.WIDTH`` is the limit)
WIDTH = 88


def wrap(text: str, width: int = WIDTH, hanging: int = 4) -> str:
    """``text`` with each of its lines broken at words to ``width`` characters: a line that
    goes on starts ``hanging`` spaces further in than the line it continues, so a reader sees
    where an entry ends. A word longer than the line (an id, an address) is never cut, and a
    line with two spaces in a row after its indent is a table's (its columns line up) and is
    kept as it is."""
    out = []
    for line in text.split("\n"):
        indent = line[:len(line) - len(line.lstrip(" "))]
        if len(line) <= width or re.search(r"\S  ", line):
            out.append(line)
            continue
        out.extend(textwrap.wrap(line.strip(" "), width, initial_indent=indent,
                                 subsequent_indent=indent + " " * hanging,
                                 break_long_words=False, break_on_hyphens=False))
    return "\n".join(out)


def listing(items: Iterable[object], last: str = "and", empty: str = "none") -> str:
    """Items as a sentence names them: ``listing(["car", "train", "ship"])`` is ``"car, train
    and ship"``, ``listing([], empty="nobody")`` ``"nobody"``; never a Python list."""
    names = [str(item) for item in items]
    if len(names) < 2:
        return names[0] if names else empty
    return f"{', '.join(names[:-1])} {last} {names[-1]}"


def seats_text(seats: Iterable[int], empty: str = "nobody") -> str:
    """Seats as players are named: ``seats_text([0, 2])`` is ``"P1 and P3"``, ``seats_text([])``
    ``"nobody"`` (a game's ``winners()`` read aloud)."""
    return listing((f"P{seat + 1}" for seat in seats), empty=empty)
