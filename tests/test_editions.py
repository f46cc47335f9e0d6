"""Student and teacher editions: the notebooks in notebooks/ are the teacher's (solutions
included, run by nbval); `make student` removes the cells tagged "solution". The student
edition must hold no solution and still run from top to bottom: its exercise checks answer
"not yet" with a hint instead of raising."""

from __future__ import annotations

import subprocess
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
EXERCISED = [p for p in NOTEBOOKS
             if any("solution" in c.metadata.get("tags", ()) for c in nbformat.read(p, 4).cells)]


@pytest.fixture(scope="module")
def student(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("student")
    run = subprocess.run(["make", "-s", "student", f"STUDENT={out}"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return out


def test_the_student_edition_has_every_notebook_and_no_solution(student):
    assert EXERCISED, "no notebook has a checked exercise"
    assert {p.name for p in student.glob("*.ipynb")} == {p.name for p in NOTEBOOKS}
    for path in NOTEBOOKS:
        teacher = nbformat.read(path, 4)
        kept = nbformat.read(student / path.name, 4)
        solutions = [c.source for c in teacher.cells if "solution" in c.metadata.get("tags", ())]
        assert not [c for c in kept.cells if "solution" in c.metadata.get("tags", ())]
        assert len(kept.cells) == len(teacher.cells) - len(solutions)
        for source in solutions:
            assert all(source not in c.source for c in kept.cells), f"{path.name} leaks a solution"


def test_every_checked_exercise_has_a_starter_and_a_check(student):
    for path in EXERCISED:
        cells = nbformat.read(student / path.name, 4).cells
        assert any("exercise" in c.metadata.get("tags", ()) and "answer = None" in c.source
                   for c in cells), f"{path.name}: no starter cell setting answer = None"
        assert any("check(" in c.source for c in cells), f"{path.name}: no check cell"


@pytest.mark.parametrize("path", EXERCISED, ids=lambda p: p.stem)
def test_the_student_edition_runs_and_asks_for_an_answer(student, path):
    from nbclient import NotebookClient

    nb = nbformat.read(student / path.name, 4)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(student)}}).execute()
    printed = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code"
                      for o in c.get("outputs", ()))
    assert "Not answered yet" in printed  # the check cell answered with the question, no error
