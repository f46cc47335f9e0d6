"""Student and teacher editions: the notebooks in notebooks/ are the teacher's (solutions
included, run by nbval); `make student` removes the cells tagged "solution". The student
edition must hold no solution and still run from top to bottom: its exercise checks answer
"not yet" with a hint instead of raising. Whatever the teacher ran, no output reaches it;
running a lesson leaves the tracked notebooks as they were; and the exercises export to
nbgrader, whose release is the student edition and whose autograder grades them."""

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


def _answer_given_away(nb) -> list[str]:
    """The figures of notebook 60's exercise (the exact chances of X, O and a draw under
    random play, and X's share of the wins they make) that a student edition of ``nb``
    shows, in any of the ways a text would write them."""
    from boardkit.teaching.editions import student
    from boardkit.teaching.tictactoe import _outcomes

    x, o, draw = _outcomes()
    text = "\n".join(c["source"] for c in student(nb)["cells"])
    written = {f"{value:.{digits}f}" for value in (x, o, draw, x + draw / 2) for digits in (2, 3, 4)}
    written |= {f"{100 * value:.0f} %" for value in (x, o, draw, x + draw / 2)}
    written |= {f"{100 * value:.0f}%" for value in (x, o, draw, x + draw / 2)}
    return sorted(figure for figure in written if figure in text)


def test_the_student_edition_of_60_does_not_give_the_exercise_away():
    """The exercise asks for the exact chances under random play; the discussion after it
    once gave X's share of the wins ("about 0.65") in the student's text. The figures are the
    teacher's solution's output only."""
    path = ROOT / "notebooks" / "60-build-a-game.ipynb"
    assert _answer_given_away(nbformat.read(path, 4)) == []
    teacher = "\n".join(c.source for c in nbformat.read(path, 4).cells
                        if "solution" in c.metadata.get("tags", ()))
    assert "x_wins + draws / 2" in teacher  # the teacher's solution computes the share
    leaky = nbformat.read(path, 4)
    leaky.cells[-1].source += "\n\nX's share of the wins is about 0.65."
    assert _answer_given_away(leaky) == ["0.65"]


def _discussion_figures(nb) -> list[str]:
    """Shares (a percentage, or a decimal below 1) in the text a student edition of ``nb``
    shows right after a checked exercise's check cell; the 95 % of an interval aside."""
    import re

    from boardkit.teaching.editions import CHECK_CALL, student

    cells = student(nb)["cells"]
    found = []
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "code" or not CHECK_CALL.search(cell["source"]):
            continue
        for after in cells[i + 1:]:
            if after["cell_type"] != "markdown":
                break
            text = after["source"].replace("95 %", "")
            found += re.findall(r"\d+(?:\.\d+)? ?%|(?<![\d.])0\.\d+", text)
    return found


@pytest.mark.parametrize("path", EXERCISED, ids=lambda p: p.stem)
def test_the_discussion_after_an_exercise_gives_no_figure_to_the_student(path):
    """Lessons 20 and 21 followed their checked exercise with the 30-game figures of the very
    question asked ("won 17 % against 47 %"): a student read the answer's direction under the
    check. Such figures are the teacher's (a markdown cell tagged solution)."""
    assert _discussion_figures(nbformat.read(path, 4)) == []
    if path.stem == "20-freizeitpark":
        teacher = "\n".join(c.source for c in nbformat.read(path, 4).cells
                             if "solution" in c.metadata.get("tags", ()) and c.cell_type == "markdown")
        assert "17 % against 47 %" in teacher  # kept for the teacher


# The student edition runs from top to bottom, its checks answering with the question, in
# the nbval run of the teacher's notebooks: the root conftest collects each notebook as the
# student edition whole, then the teacher's cells from the first exercise on (both
# editions, one kernel, the shared lesson computed once). These tests show that collector
# failing where a separate run of the student edition would have failed.

def _exercise_notebook(folder: Path, starter: str, after: str | None = None) -> Path:
    """A teacher's notebook with one checked exercise (the welcome notebook's)."""
    cells = [nbformat.v4.new_code_cell("lesson = 6 * 7"),
             nbformat.v4.new_code_cell(starter, metadata={"tags": ["exercise"]}),
             nbformat.v4.new_code_cell("solution_only = lesson", metadata={"tags": ["solution"]}),
             nbformat.v4.new_code_cell('from boardkit.teaching import check\n\n'
                                       'solved = check("welcome.luck", answer)')]
    if after is not None:
        cells.append(nbformat.v4.new_code_cell(after))
    path = folder / "lesson.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=cells), path)
    return path


def _nbval(path: Path) -> subprocess.CompletedProcess:
    import sys
    return subprocess.run([sys.executable, "-m", "pytest", str(path), "-p", "conftest", "-q",
                           "-p", "no:cacheprovider", "--rootdir", str(path.parent), "-c",
                           str(ROOT / "pyproject.toml"), "-o", "testpaths="],
                          cwd=ROOT, capture_output=True, text=True)


@pytest.mark.parametrize(("starter", "after", "fails"), [
    ("answer = None", None, None),
    ("answer = {}", None, "did not answer 'Not answered yet'"),
    ("answer = None", "print(solution_only)", "NameError"),
], ids=["both-editions-run", "student-check-answers", "student-edition-needs-a-solution"])
def test_nbval_runs_the_student_edition_and_its_checks(tmp_path, starter, after, fails):
    run = _nbval(_exercise_notebook(tmp_path, starter, after))
    if fails is None:
        # the lesson once, the student's starter and check, the teacher's three cells
        assert run.returncode == 0, run.stdout + run.stderr
        assert "6 passed" in run.stdout, run.stdout
    else:
        assert run.returncode == 1, run.stdout + run.stderr
        assert fails in run.stdout and "FAILED" in run.stdout, run.stdout
        assert "::student Cell" in run.stdout.split("FAILED", 1)[1], run.stdout


def test_every_exercised_notebook_runs_both_editions_in_one_kernel():
    from boardkit.teaching.editions import both

    for path in EXERCISED:
        nb = nbformat.read(path, 4)
        student, teacher = both(nb)
        shared = len(nb.cells) - len(teacher)
        assert teacher and "exercise" in teacher[0]["metadata"]["tags"], path.name
        assert student[:shared] == [dict(c) for c in nb.cells[:shared]], path.name
        assert not any("solution" in c["metadata"].get("tags", ()) for c in student), path.name
        assert any("solution" in c["metadata"].get("tags", ()) for c in teacher), path.name


# ------------------------------------------------------------------ whatever the teacher ran

def _as_run_by_the_teacher(nb):
    """``nb`` as JupyterLab saves it after the teacher ran every cell (the solutions too):
    outputs, execution counts, timings, saved widget state, the kernel's language_info."""
    nb = nbformat.from_dict(nb)
    nb.metadata["language_info"] = {"name": "python", "version": "3.11.7", "mimetype": "text/x-python",
                                    "codemirror_mode": {"name": "ipython", "version": 3},
                                    "file_extension": ".py", "pygments_lexer": "ipython3",
                                    "nbconvert_exporter": "python"}
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {
        "state": {"0a1b": {"model_name": "ButtonModel", "state": {"description": "AI move"}}},
        "version_major": 2, "version_minor": 0}}
    for n, cell in enumerate(nb.cells, start=1):
        cell.metadata["jupyter"] = {**cell.metadata.get("jupyter", {}), "outputs_hidden": False}
        if cell.cell_type != "code":
            continue
        cell.metadata["execution"] = {"iopub.status.busy": "2026-01-01T10:00:00Z"}
        cell.metadata["scrolled"] = True
        cell.execution_count = n
        text = "✓ Right.\n" if "check(" in cell.source else f"output of cell {n}\n"
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=text),
                        nbformat.v4.new_output("execute_result", data={"text/plain": repr(n)},
                                               execution_count=n)]
    return nb


def _clone(tmp_path: Path, notebooks: dict[str, object]) -> Path:
    """A folder laid out like the repository (its Makefile, pyproject and .venv) whose
    notebooks/ holds ``notebooks``, as a teacher's clone after a lesson."""
    clone = tmp_path / "clone"
    (clone / "notebooks").mkdir(parents=True)
    for name in ("Makefile", "pyproject.toml", "jupyter", ".venv"):
        (clone / name).symlink_to(ROOT / name)
    for name, nb in notebooks.items():
        nbformat.write(nb, clone / "notebooks" / name)
    return clone


def test_the_student_edition_has_no_outputs_whatever_the_teacher_ran(tmp_path, student):
    """Issue 47: after a lesson run in `make lab` (notebooks saved with outputs), `make
    student` copied the teacher's outputs into the handout ("✓ Right." under answer = None)."""
    ran = {p.name: _as_run_by_the_teacher(nbformat.read(p, 4)) for p in NOTEBOOKS}
    clone = _clone(tmp_path, ran)
    out = tmp_path / "handout"
    run = subprocess.run(["make", "-s", "student", f"STUDENT={out}"], cwd=clone,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    for path in NOTEBOOKS:
        text = (out / path.name).read_text()
        assert "✓ Right." not in text and "output of cell" not in text, path.name
        kept = nbformat.read(out / path.name, 4)
        assert "widgets" not in kept.metadata and kept.metadata.language_info == {"name": "python"}
        for cell in kept.cells:
            if cell.cell_type == "code":
                assert cell.outputs == [] and cell.execution_count is None, path.name
            assert not {"execution", "scrolled"} & set(cell.metadata), path.name
            assert "outputs_hidden" not in cell.metadata.get("jupyter", {}), path.name
        # the same handout as from the stored notebooks, byte for byte
        assert text == (student / path.name).read_text(), path.name


def test_student_lab_opens_the_student_edition_and_keeps_a_students_work(tmp_path):
    """`make student-lab` writes the student edition and opens JupyterLab on it; a
    notebook a student already worked in is kept, a missing one is written."""
    dry = subprocess.run(["make", "-n", "student-lab"], cwd=ROOT, capture_output=True, text=True)
    assert dry.returncode == 0, dry.stderr
    assert "boardkit.teaching.editions student notebooks build/student --keep" in dry.stdout
    assert "jupyter lab --notebook-dir=build/student" in dry.stdout

    from boardkit.teaching.editions import write_student

    folder = tmp_path / "student"
    write_student(NOTEBOOKS, folder)
    work = nbformat.read(folder / "00-welcome.ipynb", 4)
    work.cells[0].source += "\n\nMy notes."
    nbformat.write(work, folder / "00-welcome.ipynb")
    (folder / "90-design-lab.ipynb").unlink()
    written = write_student(NOTEBOOKS, folder, keep=True)
    assert [p.name for p in written] == ["90-design-lab.ipynb"]
    assert "My notes." in (folder / "00-welcome.ipynb").read_text()
    for doc in ("README.md", "docs/teaching.md"):
        assert "make student-lab" in (ROOT / doc).read_text(), f"{doc} does not say how a student opens it"


# ------------------------------------------------------------------ running a lesson in place

def test_make_lab_installs_the_save_hook_for_the_teachers_notebooks():
    import json
    import sys

    from boardkit.teaching import editions

    config = json.loads((ROOT / "jupyter" / "jupyter_server_config.json").read_text())
    assert config["ContentsManager"]["pre_save_hook"] == "boardkit.teaching.editions.strip_on_save"
    makefile = (ROOT / "Makefile").read_text()
    assert ("install -D -m 644 jupyter/jupyter_server_config.json "
            "$(VENV)/etc/jupyter/jupyter_server_config.json") in makefile
    installed = Path(sys.prefix) / "etc" / "jupyter" / "jupyter_server_config.json"
    assert installed.is_file() and json.loads(installed.read_text()) == config, \
        "the venv lacks the save hook: run make venv"
    assert editions.teacher_folders() == [ROOT / "notebooks"]


def test_saving_a_lesson_leaves_the_tracked_files_as_they_were(tmp_path, monkeypatch):
    """Issue 47: running a lesson in place and saving it changed the tracked notebooks. Saved
    through the contents manager JupyterLab uses (jupytext's, with the installed config), a
    teacher's notebook is written byte for byte as stored, its .py twin too; a notebook
    elsewhere keeps its outputs."""
    import asyncio
    import json
    import shutil

    from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager
    from jupytext import build_async_jupytext_contents_manager_class
    from traitlets.config import Config

    from boardkit.teaching import editions

    name = "00-welcome"
    repo = tmp_path / "repo"
    (repo / "notebooks" / "src").mkdir(parents=True)
    shutil.copy(ROOT / "jupytext.toml", repo)
    shutil.copy(ROOT / "notebooks" / f"{name}.ipynb", repo / "notebooks")
    shutil.copy(ROOT / "notebooks" / "src" / f"{name}.py", repo / "notebooks" / "src")
    (repo / "elsewhere").mkdir()
    monkeypatch.setattr(editions, "teacher_folders", lambda: [repo / "notebooks"])

    config = Config(json.loads((ROOT / "jupyter" / "jupyter_server_config.json").read_text()))
    manager_class = build_async_jupytext_contents_manager_class(AsyncLargeFileManager)
    manager = manager_class(root_dir=str(repo), config=config)
    ran = _as_run_by_the_teacher(nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", 4))
    for cell in ran.cells:  # JupyterLab sends each source as one string
        cell.source = "".join(cell.source)

    async def save(path):
        await manager.save({"type": "notebook", "format": "json", "content": json.loads(json.dumps(ran))}, path)

    asyncio.run(save(f"notebooks/{name}.ipynb"))
    asyncio.run(save(f"elsewhere/{name}.ipynb"))
    stored = repo / "notebooks" / f"{name}.ipynb"
    assert stored.read_bytes() == (ROOT / "notebooks" / f"{name}.ipynb").read_bytes()
    twin = repo / "notebooks" / "src" / f"{name}.py"
    assert twin.read_bytes() == (ROOT / "notebooks" / "src" / f"{name}.py").read_bytes()
    kept = nbformat.read(repo / "elsewhere" / f"{name}.ipynb", 4)
    assert any(c.get("outputs") for c in kept.cells), "a notebook outside notebooks/ lost its outputs"


# ------------------------------------------------------------------ graders (nbgrader)

GRADED = "00-welcome"  # lesson 1: the cheapest notebook with a checked exercise to run twice


def _nbgrader_env() -> dict[str, str]:
    import os
    import sys

    try:
        import nbgrader  # noqa: F401
    except ImportError:
        pytest.fail("nbgrader is missing: `make venv` installs the grading extra")
    # nbgrader runs `alembic` from PATH: the venv's bin folder first
    return {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    """`make grader` into a fresh folder: nbgrader's source/ and release/ for every notebook
    with a checked exercise."""
    out = tmp_path_factory.mktemp("grader") / "course"
    run = subprocess.run(["make", "-s", "grader", f"GRADER={out}"], cwd=ROOT, env=_nbgrader_env(),
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    return out


def test_the_grader_export_is_nbgrader_source_and_its_release_is_the_student_edition(course, student):
    from boardkit.teaching.editions import CHECK_CALL

    assert EXERCISED
    assert {p.name for p in (course / "source").iterdir()} == {p.stem for p in EXERCISED}
    for path in EXERCISED:
        source = nbformat.read(course / "source" / path.stem / path.name, 4)
        graded = [c for c in source.cells if "nbgrader" in c.metadata]
        answer, test = graded  # one answer cell, one autograded test cell, in that order
        exercise = CHECK_CALL.search(test.source).group(1)
        assert answer.metadata.nbgrader.grade_id == exercise.replace(".", "-") + "-answer"
        assert test.metadata.nbgrader.grade_id == exercise.replace(".", "-") + "-check"
        assert all(c.metadata.nbgrader.schema_version == 3 for c in graded)
        assert answer.metadata.nbgrader.solution and not answer.metadata.nbgrader.grade
        assert "answer = None" in answer.source and "### BEGIN SOLUTION" in answer.source
        assert test.metadata.nbgrader.grade and test.metadata.nbgrader.locked
        assert test.metadata.nbgrader.points == 1
        assert "check(" in test.source and "### BEGIN HIDDEN TESTS" in test.source
        assert all(not c.get("outputs") for c in source.cells)

        release = nbformat.read(course / "release" / path.stem / path.name, 4)
        handout = nbformat.read(student / path.name, 4)
        assert [(c.cell_type, c.source.strip()) for c in release.cells] == \
               [(c.cell_type, c.source.strip()) for c in handout.cells], path.name
        text = nbformat.writes(release)
        assert "BEGIN SOLUTION" not in text and "HIDDEN TESTS" not in text, path.name


@pytest.mark.slow
def test_nbgrader_grades_a_wrong_answer_zero_and_a_right_answer_full_points(course):
    """The documented grading workflow, run: students hand in the release, nbgrader
    autogrades it with the hidden test, the gradebook has the points."""
    import re

    from nbgrader.api import Gradebook

    source = nbformat.read(course / "source" / GRADED / f"{GRADED}.ipynb", 4)
    solution = next(c.source for c in source.cells if c.metadata.get("nbgrader", {}).get("solution"))
    answers = {
        "wrong": 'answer = {"skill_bonus_1": 0.5, "skill_bonus_3": 0.5, "more_luck": False}',
        "right": re.sub(r"### (BEGIN|END) SOLUTION\n?", "", solution),
    }
    for student_id, code in answers.items():
        nb = nbformat.read(course / "release" / GRADED / f"{GRADED}.ipynb", 4)
        next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("solution")).source = code
        target = course / "submitted" / student_id / GRADED / f"{GRADED}.ipynb"
        target.parent.mkdir(parents=True)
        nbformat.write(nb, target)
    run = subprocess.run(["nbgrader", "autograde", GRADED, "--create", "--force"], cwd=course,
                         env=_nbgrader_env(), capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        scores = {s: (gradebook.find_submission(GRADED, s).score,
                      gradebook.find_submission(GRADED, s).max_score) for s in answers}
    assert scores == {"wrong": (0, 1), "right": (1, 1)}
    graded = nbformat.read(course / "autograded" / "wrong" / GRADED / f"{GRADED}.ipynb", 4)
    printed = "".join(o.get("text", "") for c in graded.cells if c.cell_type == "code"
                      for o in c.get("outputs", ()))
    assert "Hint:" in printed  # the feedback a student gets says what is wrong
