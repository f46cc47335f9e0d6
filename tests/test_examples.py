"""The worked examples in examples/ (games written by following docs/adding-a-game.md): their
notebooks are stored without outputs, nbval runs them as the teacher's edition (examples/ is
in pytest's testpaths), and their student edition, made by `make student` and handed out
with the game's package, runs from top to bottom without the teacher's solutions."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
#: the examples whose notebook lives in the game's own package (examples/<game>/<game>.ipynb)
NOTEBOOKS = sorted((ROOT / "examples").glob("*/*.ipynb"))


def test_the_examples_have_notebooks() -> None:
    assert [p.relative_to(ROOT / "examples").as_posix() for p in NOTEBOOKS] == [
        "kettles/kettles.ipynb"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_an_example_notebook_is_stored_without_outputs(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None, f"{path.name} cell {i}"
        assert cell.get("id"), f"{path.name} cell {i} has no id"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_student_edition_of_an_example_runs_beside_its_game(tmp_path: Path,
                                                                path: Path) -> None:
    from nbclient import NotebookClient

    package = tmp_path / path.parent.name  # the game's package, as handed out
    shutil.copytree(path.parent, package, ignore=shutil.ignore_patterns("__pycache__"))
    run = subprocess.run(["make", "-s", "student", f"TEACHER={path.parent}",
                          f"STUDENT={package}"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    teacher = nbformat.read(path, as_version=4)
    student = nbformat.read(package / path.name, as_version=4)
    solutions = [c for c in teacher.cells if "solution" in c.metadata.get("tags", ())]
    assert solutions, f"{path.name}: no solution cell to leave out"
    assert len(student.cells) == len(teacher.cells) - len(solutions)
    NotebookClient(student, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(package)}}).execute()
    imported = "".join(o.get("text", "") for c in student.cells if c.cell_type == "code"
                       for o in c.get("outputs", ()))
    assert "Traceback" not in imported
