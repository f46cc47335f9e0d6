"""What a reader sees when a notebook runs, and when they change what a notebook invites them
to change. The classroom trial (issue 47) met a design lab that stopped with an
AssertionError as soon as a student set the bonus to 0, a label that said "triple bonus"
whatever the bonus was, and numpy's reprs (``np.float64(0.71)``, ``np.True_``) and NaN in
the tables and answers shown."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"

#: how numpy 2 writes its scalars: np.float64(0.71), np.int64(7), np.True_
NUMPY_REPR = re.compile(r"np\.(float|int|uint|bool|complex)\w*\(|np\.(True|False)_")
#: a missing figure in a table: NaN in its text, or in a cell of its HTML
NAN_TEXT = re.compile(r"(?<![\w.])(NaN|nan)(?![\w.])")
NAN_HTML = re.compile(r">\s*(NaN|nan|<NA>)\s*<")


def _run(cells) -> nbformat.NotebookNode:
    """Execute ``cells`` as a notebook in a fresh kernel (the profile the root conftest made
    turns a deprecation into an error there too); an error in a cell raises."""
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=cells)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    return nb


def _shown(nb) -> list[tuple[int, str, str]]:
    """(cell index, kind, text) of every output a reader sees: printed text, a result's text
    and its HTML."""
    found = []
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", ()):
            if out.output_type == "stream":
                found.append((i, "text", out.text))
            data = out.get("data", {})
            if "text/plain" in data:
                found.append((i, "text", data["text/plain"]))
            if "text/html" in data:
                found.append((i, "html", data["text/html"]))
    return found


def _unreadable(nb) -> list[str]:
    """The outputs that show a numpy repr or a NaN, as ``cell i: ...`` (cut short)."""
    bad = []
    for i, kind, text in _shown(nb):
        for pattern in (NUMPY_REPR, NAN_HTML if kind == "html" else NAN_TEXT):
            hit = pattern.search(text)
            if hit:
                start = max(0, hit.start() - 60)
                bad.append(f"cell {i} ({kind}): …{text[start:hit.end() + 20]}…")
    return bad


def test_the_scan_finds_numpy_reprs_and_nan():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x")])
    nb.cells[0].outputs = [
        nbformat.v4.new_output("execute_result", {"text/plain": "{'a': np.float64(0.71), "
                                                                 "'b': np.True_}"}),
        nbformat.v4.new_output("stream", text="           value  ci_low\nagent balance  0.6  NaN\n"),
        nbformat.v4.new_output("display_data", {"text/html": "<td>0.603</td><td>NaN</td>"}),
    ]
    assert len(_unreadable(nb)) == 3
    nb.cells[0].outputs = [
        nbformat.v4.new_output("stream", text="a nanny's 0.71 (np.floor is a function) —\n"),
        nbformat.v4.new_output("display_data", {"text/html": "<td>0.603</td><td>—</td>"}),
    ]
    assert _unreadable(nb) == []


@pytest.mark.slow
def test_the_welcome_shows_no_numpy_repr_and_no_nan():
    """00-welcome as the teacher runs it (solutions included): no numpy repr, no NaN."""
    nb = _run(nbformat.read(NOTEBOOKS / "00-welcome.ipynb", as_version=4).cells)
    bad = _unreadable(nb)
    assert not bad, "00-welcome shows numpy reprs or NaN:\n" + "\n".join(bad)


def _design_lab_up_to_the_tournament(bonus: int):
    """The design lab's sections 1–4 with ``BONUS = bonus``: what a student runs after
    changing the bonus as section 4 invites."""
    cells = nbformat.read(NOTEBOOKS / "90-design-lab.ipynb", as_version=4).cells
    end = next(i for i, c in enumerate(cells)
               if c.cell_type == "markdown" and c.source.startswith("## 5."))
    cells = cells[:end]
    setting = [i for i, c in enumerate(cells) if c.cell_type == "code"
               and re.search(r"^BONUS = 3\b", c.source, re.M)]
    assert len(setting) == 1, "the design lab sets the bonus of variant B in one line, BONUS = 3"
    cell = cells[setting[0]]
    cell.source = re.sub(r"^BONUS = 3\b", f"BONUS = {bonus}", cell.source, flags=re.M)
    return cells


@pytest.mark.slow
@pytest.mark.parametrize("bonus", [0])  # the degenerate value; nbval runs the printed 3
def test_the_design_lab_survives_a_student_changing_the_bonus(bonus):
    """Set to 0 (no bonus) or 2, the lab runs to the end of section 4, its folded checks
    included, and every label names the bonus it was computed with."""
    import boardkit

    printed = boardkit.game("dice-grid").make_params().points.lucky_cell
    nb = _run(_design_lab_up_to_the_tournament(bonus))  # raises on an error, a failed check too
    text = "\n".join(t for _, kind, t in _shown(nb) if kind == "text")
    assert "triple" not in text.lower()
    assert f"A: bonus = {printed} (the printed rules), B: bonus = {bonus}" in text
    lines = re.findall(r"^greedy win share, bonus = (\d+)\b.*: (.+)$", text, re.M)
    assert [value for value, _ in lines] == [str(printed), str(bonus)]
    for _, rate in lines:  # each with its interval
        assert re.fullmatch(r"\d+\.\d % \(\d+\.\d–\d+\.\d\)", rate), rate
    bad = _unreadable(nb)
    assert not bad, f"the design lab with bonus {bonus} shows numpy reprs or NaN:\n" + "\n".join(bad)
