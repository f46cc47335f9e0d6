"""What a reader must never meet in a lesson's outputs: numpy's reprs of its scalars
(``np.float64(0.71)``, ``np.True_``) and NaN in a table or an answer (the classroom trial of
issue 47 met both); and in printed lines, as later reviews met them: a pandas Series'
``dtype: float64`` footer, a float printed to its last digits (``0.041666666666666664``,
pandas' ``0.333333``), a count of games as a float ("of 40.0 games") and two percent styles
in one output ("95 % interval 45% to 74%"; the lessons write "55 %", as
``boardkit.analysis.lab.interval_text`` does); and in a table's HTML, a cell written to six
decimals (``0.666667``: pandas' default for a column of floats). A third review met Python's
own containers in sentences (``visited: ['Lisbon', 'Cairo']``, ``variant {'solo_best': 0}``,
``hand: ('car', 'ship')``) and printed lines wider than the output area, which JupyterLab
breaks inside a word: printed text and a result shown as text are scanned for a container of
plain data (:data:`CONTAINER`), and a printed line of words for its width (:data:`WIDE`).
nbval scans every cell of the notebooks in :data:`READABLE` with :func:`unreadable` as it
runs them, in both editions."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

#: the notebooks whose every output is scanned when the suite runs them
READABLE = frozenset({"00-welcome.ipynb", "10-lands-of-amazement.ipynb", "11-lands-analysis.ipynb",
                      "20-freizeitpark.ipynb", "21-freizeitpark-analysis.ipynb",
                      "30-wanderlust.ipynb", "40-wishland.ipynb", "41-wishland-analysis.ipynb",
                      "50-ecosystems.ipynb", "60-build-a-game.ipynb", "70-class-playtests.ipynb",
                      "90-design-lab.ipynb"})
#: how numpy 2 writes its scalars: np.float64(0.71), np.int64(7), np.True_
NUMPY_REPR = re.compile(r"np\.(float|int|uint|bool|complex)\w*\(|np\.(True|False)_")
#: a missing figure in a table: NaN in its text, or in a cell of its HTML
NAN_TEXT = re.compile(r"(?<![\w.])(NaN|nan)(?![\w.])")
NAN_HTML = re.compile(r">\s*(NaN|nan|<NA>)\s*<")
#: printed text only: a Series printed whole, and a float with six or more decimals
RAW_TEXT = re.compile(r"^dtype: \w+$|(?<![\w.])-?\d+\.\d{6,}(?![\d.])", re.MULTILINE)
#: a table's cell (its HTML) holding a float to six or more decimals
RAW_HTML = re.compile(r"<td>\s*-?\d+\.\d{6,}\s*</td>")
#: a count written as a float: "of 40.0 games", "1,000.0 games"
FLOAT_COUNT = re.compile(r"(?<![\d.,])\d[\d,]*\.0 (games|deals|tables|seats|players|moves)\b")
#: a percentage written without the space the lessons put before "%" ("45%")
TIGHT_PERCENT = re.compile(r"\d%")
#: a percentage as the lessons write it ("45 %")
SPACED_PERCENT = re.compile(r"\d %")
#: Python's repr of a list, dict, set or tuple of plain data (quoted strings, numbers, None,
#: True, False, and one level of such containers inside): ``['car', 'train']``, ``{'P1': 3}``,
#: ``[0.33, 0.67]``, ``('car', 'ship')``, ``frozenset({...})``, an empty ``[]`` or ``{}``.
#: Not an index (``history[5]``), a call (``f(3, 4)``) or an object's field
#: (``Travel(tickets=('car', 'wild'))``): the bracket follows no word, bracket or "=". Not a
#: tuple of bare numbers (``(3, 4)``): a square or a roll written on purpose looks the same.
#: Not a list of actions (``[Place(cell=0), ...]``): a lesson on the protocol shows the
#: objects a student passes to ``apply``.
_QUOTED = r"""(?:'[^'\n]*'|"[^"\n]*")"""
_ATOM = rf"(?:{_QUOTED}|-?\d+(?:\.\d+)?|None|True|False)"
_ATOMS = rf"{_ATOM}(?:,\s+{_ATOM})*"  # IPython breaks a long one after a comma
_PAIRS = rf"{_ATOM}: {_ATOM}(?:,\s+{_ATOM}: {_ATOM})*"
_ITEM = rf"(?:{_ATOM}|\[(?:{_ATOMS})?\]|\({_ATOMS},?\)|\{{(?:{_ATOMS}|{_PAIRS})?\}})"
_ITEMS = rf"{_ITEM}(?:,\s+{_ITEM})*"
CONTAINER = re.compile(
    rf"(?<![\w\])\[=])(?:\[(?:{_ITEMS})?\]"  # a list
    rf"|\{{(?:{_ITEMS}|{_ITEM}: {_ITEM}(?:,\s+{_ITEM}: {_ITEM})*)?\}}"  # a dict or a set
    rf"|\((?:(?:{_ITEM}, )+{_QUOTED}(?:, {_ITEM})*|{_QUOTED}(?:, {_ITEM})+|{_QUOTED},)\))"
    r"|\b(?:frozen)?set\(")  # a tuple holding a quoted string; a set's own repr
#: the widest printed line of words a lesson shows: JupyterLab breaks a wider one where the
#: output area ends, inside a word (the package's texts wrap at 88)
WIDTH = 100
#: a printed line of words wider than :data:`WIDTH`. A line with two spaces in a row after
#: its indent is a table or a board drawn in text (its columns line up) and keeps its width,
#: as do a line with box-drawing characters and one holding an address (copied whole).
WIDE = re.compile(rf"^(?!.*\S  )(?!.*[\u2500-\u259f])(?!.*://).{{{WIDTH + 1},}}$", re.MULTILINE)


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
    """The outputs of a cell that show a numpy repr or a NaN, or print a count as a float,
    two percent styles, a Series whole, a float to its last digits, a Python container or a
    line of words wider than :data:`WIDTH` (the last three in printed lines only, the
    container in a result shown as text too: a table shown as a result is read in its HTML,
    where a cell written to six decimals is found), each cut to its context."""
    outputs = list(outputs)
    printed = [out.get("text", "") for out in outputs if out.get("output_type") == "stream"]
    as_text = [out["data"]["text/plain"] for out in outputs  # a result shown only as text
               if set(out.get("data", {})) == {"text/plain"}]
    bad = []
    for kind, text in shown(outputs):
        hits = [pattern.search(text) for pattern in
                ((NUMPY_REPR, NAN_HTML, RAW_HTML) if kind == "html" else (NUMPY_REPR, NAN_TEXT))]
        if kind == "text":
            hits.append(FLOAT_COUNT.search(text))
            if any(text is line for line in printed):
                hits.extend((RAW_TEXT.search(text), WIDE.search(text)))
            if any(text is line for line in printed + as_text):
                hits.append(CONTAINER.search(text))
            if SPACED_PERCENT.search(text):  # one output, one percent style
                hits.append(TIGHT_PERCENT.search(text))
        for hit in hits:
            if hit:
                start = max(0, hit.start() - 60)
                bad.append(f"{kind}: …{hit.string[start:hit.end() + 20]}…")
    return bad
