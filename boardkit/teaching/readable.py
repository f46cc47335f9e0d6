"""What a reader must never meet in a lesson's outputs: numpy's reprs of its scalars
(``np.float64(0.71)``, ``np.True_``), NaN in a table or an answer, and in printed text a
pandas Series' ``dtype: float64`` footer or a float printed to its last digits
(``0.041666666666666664``, pandas' ``0.333333``). The classroom trials met all of them; nbval
scans every cell of the notebooks in :data:`READABLE` with :func:`unreadable` as it runs
them, in both editions."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

#: the notebooks whose every output is scanned when the suite runs them
READABLE = frozenset({"00-welcome.ipynb", "10-lands-of-amazement.ipynb", "30-wanderlust.ipynb",
                      "40-wishland.ipynb"})
#: how numpy 2 writes its scalars: np.float64(0.71), np.int64(7), np.True_
NUMPY_REPR = re.compile(r"np\.(float|int|uint|bool|complex)\w*\(|np\.(True|False)_")
#: a missing figure in a table: NaN in its text, or in a cell of its HTML
NAN_TEXT = re.compile(r"(?<![\w.])(NaN|nan)(?![\w.])")
NAN_HTML = re.compile(r">\s*(NaN|nan|<NA>)\s*<")
#: printed text only: a Series printed whole, and a float with six or more decimals
RAW_TEXT = re.compile(r"^dtype: \w+$|(?<![\w.])-?\d+\.\d{6,}(?![\d.])", re.MULTILINE)


def shown(outputs: Iterable[Mapping[str, Any]]) -> list[tuple[str, str]]:
    """(kind, text) of every output of a cell a reader sees: printed text, a result's text
    and its HTML."""
    found = []
    for out in outputs:
        if out.get("output_type") == "stream":
            found.append(("text", out.get("text", "")))
        data = out.get("data", {})
        if "text/plain" in data:
            found.append(("text", data["text/plain"]))
        if "text/html" in data:
            found.append(("html", data["text/html"]))
    return found


def unreadable(outputs: Iterable[Mapping[str, Any]]) -> list[str]:
    """The outputs of a cell that show a numpy repr or a NaN, each cut to its context."""
    bad = []
    for kind, text in shown(outputs):
        for pattern in (NUMPY_REPR, *((NAN_HTML,) if kind == "html" else (NAN_TEXT, RAW_TEXT))):
            hit = pattern.search(text)
            if hit:
                start = max(0, hit.start() - 60)
                bad.append(f"{kind}: …{text[start:hit.end() + 20]}…")
    return bad
