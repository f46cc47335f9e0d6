"""The notebooks and their readable sources (notebooks/src/*.py, jupytext's percent format)
agree cell by cell, and the stored notebooks carry no outputs (they are run by nbval)."""

from __future__ import annotations

from pathlib import Path

import jupytext
import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
SOURCES = ROOT / "notebooks" / "src"


def _cells(nb) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(c.cell_type, c.source.strip(), tuple(c.get("metadata", {}).get("tags", ())))
            for c in nb.cells]


def test_every_notebook_has_a_source_and_every_source_a_notebook():
    assert NOTEBOOKS, "no notebooks found"
    assert {p.stem for p in NOTEBOOKS} == {p.stem for p in SOURCES.glob("*.py")}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_and_source_agree(path):
    stored = nbformat.read(path, as_version=4)
    source = jupytext.read(SOURCES / f"{path.stem}.py")
    a, b = _cells(stored), _cells(source)
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        assert x == y, (f"{path.name} cell {i} differs from notebooks/src/{path.stem}.py: run "
                        f"`make sync-notebooks` (or open and save it in JupyterLab with jupytext)")
    assert len(a) == len(b), f"{path.name}: {len(a)} cells, its source {len(b)}: run `make sync-notebooks`"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_stored_notebook_has_no_outputs_and_stable_cell_ids(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            assert not cell.outputs, f"{path.name} cell {i} stores outputs: clear them"
            assert cell.execution_count is None, f"{path.name} cell {i} stores an execution count"
        assert cell.get("id"), f"{path.name} cell {i} has no id"
    ids = [c.id for c in nb.cells]
    assert len(set(ids)) == len(ids), f"{path.name}: duplicate cell ids"
