"""The notebooks' editions, made from the teacher's notebooks in ``notebooks/``.

- **stored**: how the teacher's notebooks are kept in git: no outputs, no execution counts,
  none of what a run adds to the metadata (widget state, timings, the kernel's version).
  ``make lab`` installs :func:`strip_on_save` as Jupyter's ``pre_save_hook``, so running a
  lesson and saving it leaves the tracked files as they were.
- **student**: the stored form without the cells tagged ``solution`` (``make student``,
  ``make student-lab``, Binder's student link). Whatever the teacher ran, nothing of it
  reaches the handout.
- **grader**: nbgrader's source format, one assignment per notebook with a checked exercise
  (``make grader``). The exercise's starter and solution become one answer cell (the solution
  between nbgrader's solution markers), its check cell an autograded test cell whose hidden
  test fails when the check says the answer is wrong. nbgrader's release of it is the
  student edition, cell for cell.

``python -m boardkit.teaching.editions student|grader SOURCE_DIR OUT_DIR`` writes them.
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from collections.abc import Iterable, Mapping, MutableMapping, Sequence
from pathlib import Path
from typing import Any

SOLUTION, EXERCISE = "solution", "exercise"
#: what a run adds to a cell's metadata (JupyterLab's timings and scroll state, nbclient's
#: timings, the ExecuteTime extension); ``jupyter.outputs_hidden`` goes with the outputs
RUN_CELL_METADATA = ("execution", "ExecuteTime", "collapsed", "scrolled")
#: what a run adds to a notebook's metadata (ipywidgets' saved widget state)
RUN_NOTEBOOK_METADATA = ("widgets",)
CHECK_CALL = re.compile(r"""\bcheck\(\s*["']([^"']+)["']\s*,\s*answer\s*\)""")
#: nbgrader's cell metadata schema
NBGRADER_SCHEMA = 3
GRADER_CONFIG = '''\
# nbgrader's settings for boardkit's exercises (written by `make grader`).
# Run nbgrader in this folder: nbgrader generate_assignment 00-welcome, nbgrader autograde 00-welcome
c = get_config()  # noqa: F821 (nbgrader defines it)
# the answer cell keeps its starter line (answer = None); nbgrader removes only the solution
c.ClearSolutions.code_stub = {"python": ""}
# an exercise's check replays games: give a cell up to ten minutes
c.Execute.timeout = 600
'''


class EditionError(ValueError):
    """A teacher's notebook whose exercise the grader export cannot read."""


def _tags(cell: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(cell.get("metadata", {}).get("tags", ()))


def _source(cell: Mapping[str, Any]) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)


# ------------------------------------------------------------------ stored and student


def clear_run(nb: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """Remove in place what running ``nb`` added: outputs, execution counts and the run's
    metadata (see :data:`RUN_CELL_METADATA`); the kernel's language is kept by name only."""
    meta = nb.setdefault("metadata", {})
    for key in RUN_NOTEBOOK_METADATA:
        meta.pop(key, None)
    language = meta.get("language_info")
    if isinstance(language, Mapping) and "name" in language:
        meta["language_info"] = {"name": language["name"]}
    for cell in nb.get("cells", ()):
        cell_meta = cell.setdefault("metadata", {})
        for key in RUN_CELL_METADATA:
            cell_meta.pop(key, None)
        jupyter = cell_meta.get("jupyter")
        if isinstance(jupyter, MutableMapping):
            jupyter.pop("outputs_hidden", None)
            if not jupyter:
                del cell_meta["jupyter"]
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        else:
            cell.pop("outputs", None)
            cell.pop("execution_count", None)
    return nb


def student(nb: Mapping[str, Any]) -> dict[str, Any]:
    """The student edition of a teacher's notebook: its stored form without the cells tagged
    ``solution``."""
    out = copy.deepcopy(dict(nb))
    out["cells"] = [c for c in out.get("cells", ()) if SOLUTION not in _tags(c)]
    return dict(clear_run(out))


def both(nb: Mapping[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The cells that run both editions in one kernel, in order: the student edition whole,
    then the teacher's cells from the first one tagged ``exercise`` or ``solution`` on.

    The editions share every cell before that one, so the lesson is computed once. The
    teacher's part runs again every cell of its own from there (an exercise's starter
    ``answer = None`` before its check), so what the student's part left is set again
    before the teacher's checks read it."""
    cells = [dict(c) for c in nb.get("cells", ())]
    tagged = [i for i, c in enumerate(cells) if {SOLUTION, EXERCISE} & set(_tags(c))]
    return [dict(c) for c in student(nb)["cells"]], cells[tagged[0]:] if tagged else []


def teacher_folders() -> list[Path]:
    """The folders whose notebooks are stored without outputs: the repository's
    ``notebooks/`` when boardkit runs from its source tree (``make lab``), else none."""
    root = Path(__file__).resolve().parents[2]
    folder = root / "notebooks"
    return [folder] if (root / "jupytext.toml").is_file() and folder.is_dir() else []


def strip_on_save(model: MutableMapping[str, Any], path: str, contents_manager: Any,
                  **kwargs: Any) -> None:
    """Jupyter's ``pre_save_hook`` (``make lab`` installs it): a notebook saved under the
    repository's ``notebooks/`` is written in its stored form (:func:`clear_run`), so
    running a lesson changes no tracked file. Notebooks elsewhere keep their outputs (a
    student's work in the student edition is theirs)."""
    if model.get("type") != "notebook" or not isinstance(model.get("content"), MutableMapping):
        return
    root = Path(getattr(contents_manager, "root_dir", ".")).expanduser()
    target = (root / path.strip("/")).resolve()
    if any(target.is_relative_to(folder.resolve()) for folder in teacher_folders()):
        clear_run(model["content"])


# ------------------------------------------------------------------ grader (nbgrader)


def _nbgrader(cell: MutableMapping[str, Any], grade_id: str, *, solution: bool, grade: bool,
              locked: bool, points: float | None = None) -> None:
    meta: dict[str, Any] = {"grade": grade, "grade_id": grade_id, "locked": locked,
                            "schema_version": NBGRADER_SCHEMA, "solution": solution,
                            "task": False}
    if grade:
        meta["points"] = points
    cell.setdefault("metadata", {})["nbgrader"] = meta


def _set_source(cell: MutableMapping[str, Any], text: str) -> None:
    cell["source"] = text


def exercises(nb: Mapping[str, Any], name: str = "notebook") -> list[dict[str, Any]]:
    """The checked exercises of a teacher's notebook, in order: for each, the index of its
    starter cell (tagged ``exercise``), of its solution cells (tagged ``solution``, between
    the starter and the check), of its check cell (``check("id", answer)``) and of the
    teacher's own assertion after it (tagged ``solution``), and the exercise's id."""
    cells = list(nb.get("cells", ()))
    found = []
    for i, cell in enumerate(cells):
        if EXERCISE not in _tags(cell) or "answer = None" not in _source(cell):
            continue
        j = i + 1
        solutions = []
        while j < len(cells) and SOLUTION in _tags(cells[j]):
            solutions.append(j)
            j += 1
        match = CHECK_CALL.search(_source(cells[j])) if j < len(cells) else None
        if not solutions or match is None or cells[j].get("cell_type") != "code":
            raise EditionError(
                f"{name}: the exercise in cell {i} is not followed by its solution cells "
                "(tagged solution) and a check cell calling check(\"id\", answer)")
        after = [j + 1] if j + 1 < len(cells) and SOLUTION in _tags(cells[j + 1]) else []
        found.append({"id": match.group(1), "starter": i, "solutions": solutions,
                      "check": j, "assertion": after})
    return found


def grader(nb: Mapping[str, Any], name: str = "notebook", points: float = 1) -> dict[str, Any]:
    """The nbgrader source version of a teacher's notebook (stored form, no outputs).

    Each checked exercise becomes an *autograded answer* cell (the starter line, then the
    teacher's solution between ``### BEGIN SOLUTION`` and ``### END SOLUTION``) and an
    *autograder tests* cell worth ``points`` (the check cell, then a hidden test that fails
    when the check says the answer is wrong). Every other cell tagged ``solution`` is left
    out, as in the student edition."""
    src = copy.deepcopy(dict(nb))
    clear_run(src)
    cells = src.get("cells", [])
    found = exercises(src, name)
    if not found:
        raise EditionError(f"{name}: no checked exercise (a cell tagged exercise setting "
                           "answer = None, its solution, and a check cell)")
    drop: set[int] = set()
    for ex in found:
        grade_id = re.sub(r"[^A-Za-z0-9_-]", "-", ex["id"])
        starter = cells[ex["starter"]]
        solution = "\n\n".join(_source(cells[k]).strip("\n") for k in ex["solutions"])
        _set_source(starter, f"{_source(starter).rstrip()}\n### BEGIN SOLUTION\n{solution}\n"
                             "### END SOLUTION")
        _nbgrader(starter, f"{grade_id}-answer", solution=True, grade=False, locked=False)
        check = cells[ex["check"]]
        message = f"{ex['id']}: not right yet (the check above says why)"
        _set_source(check, f"{_source(check).rstrip()}\n### BEGIN HIDDEN TESTS\n"
                           f"assert solved, {message!r}\n### END HIDDEN TESTS")
        _nbgrader(check, f"{grade_id}-check", solution=False, grade=True, locked=True,
                  points=points)
        drop.update(ex["solutions"], ex["assertion"])
    src["cells"] = [c for i, c in enumerate(cells)
                    if i not in drop and SOLUTION not in _tags(c)]
    return src


# ------------------------------------------------------------------ writing editions


def _read(path: Path) -> dict[str, Any]:
    import nbformat

    return dict(nbformat.read(path, as_version=4))


def _write(nb: Mapping[str, Any], path: Path) -> None:
    import nbformat

    node = nbformat.from_dict(dict(nb))
    nbformat.validate(node)
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(node, path)


def write_student(sources: Iterable[Path], out: Path, keep: bool = False) -> list[Path]:
    """Write the student edition of each notebook to ``out``. ``keep``: leave a notebook
    that is already there as it is (a student's work) and write only the missing ones."""
    written = []
    for path in sorted(sources):
        target = Path(out) / path.name
        if keep and target.exists():
            continue
        _write(student(_read(path)), target)
        written.append(target)
    return written


def write_grader(sources: Iterable[Path], out: Path, points: float = 1) -> list[Path]:
    """Write nbgrader's course folder to ``out``: ``nbgrader_config.py`` and, for each
    notebook with a checked exercise, ``source/<notebook>/<notebook>.ipynb``."""
    out = Path(out)
    written = []
    for path in sorted(sources):
        nb = _read(path)
        if not exercises(nb, path.name):
            continue
        target = out / "source" / path.stem / path.name
        _write(grader(nb, path.name, points), target)
        written.append(target)
    out.mkdir(parents=True, exist_ok=True)
    (out / "nbgrader_config.py").write_text(GRADER_CONFIG)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m boardkit.teaching.editions",
                                     description="Write the student or the grader edition of "
                                                 "the teacher's notebooks.")
    parser.add_argument("edition", choices=["student", "grader"])
    parser.add_argument("source", type=Path, help="the teacher's notebooks (a folder)")
    parser.add_argument("out", type=Path, help="where to write the edition")
    parser.add_argument("--keep", action="store_true",
                        help="student: keep the notebooks already in OUT (write the missing)")
    parser.add_argument("--points", type=float, default=1,
                        help="grader: the points of each checked exercise (default 1)")
    args = parser.parse_args(argv)
    sources = sorted(args.source.glob("*.ipynb"))
    if not sources:
        print(f"editions: no notebooks in {args.source}", file=sys.stderr)
        return 2
    try:
        if args.edition == "student":
            written = write_student(sources, args.out, keep=args.keep)
            kept = len(sources) - len(written)
            print(f"student edition: {len(written)} notebooks written to {args.out}/"
                  + (f", {kept} already there kept as they are" if kept else ""))
        else:
            written = write_grader(sources, args.out, points=args.points)
            print(f"grader edition: {len(written)} nbgrader assignments in {args.out}/source/ "
                  f"({', '.join(p.parent.name for p in written)})")
    except EditionError as exc:
        print(f"editions: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["EditionError", "clear_run", "exercises", "grader", "main", "strip_on_save",
           "student", "teacher_folders", "write_grader", "write_student"]
