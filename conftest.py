"""Settings for every test run, the notebooks' kernels included.

pyproject's ``filterwarnings`` makes a deprecation warned from our code fail its test, but a
notebook runs in a kernel of its own, which pytest's filters do not reach. The kernels that
nbval and the edition tests start read an IPython profile made here, whose startup file does
the same in the kernel: a deprecation warned from a cell (``__main__``) or from boardkit
raises, so nbval fails the cell. A notebook that pandas or numpy is about to break fails
here before it fails on Binder, where the newest versions are installed.

nbval runs both editions of a teacher's notebook in one kernel (:class:`BothEditions`): the
student edition from top to bottom, each of its exercise checks required to answer "Not
answered yet", then the teacher's cells from the first exercise on, solutions and their
asserted checks (``editions.both``). The cells the editions share, the lesson's
computations, run once. The outputs of the notebooks in ``boardkit.teaching.readable.READABLE``
are scanned for numpy reprs and NaN as each cell runs.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

STARTUP = '''\
import warnings
for _module in ("__main__", r"boardkit(\\.|$)"):
    for _category in (DeprecationWarning, FutureWarning):
        warnings.filterwarnings("error", category=_category, module=_module)
del _module, _category
'''


@pytest.hookimpl(trylast=True)
def pytest_configure(config) -> None:
    nbval = config.pluginmanager.get_plugin("nbval")
    if nbval is not None:  # nbval's collector gives way to ours, which runs both editions
        config.pluginmanager.unregister(nbval)
        config.pluginmanager.register(BothEditions(), "boardkit-both-editions")
    if "IPYTHONDIR" in os.environ:  # somebody's own profile: leave it to them
        return
    home = Path(tempfile.mkdtemp(prefix="boardkit-ipython-"))
    startup = home / "profile_default" / "startup"
    startup.mkdir(parents=True)
    (startup / "00-deprecations.py").write_text(STARTUP)
    os.environ["IPYTHONDIR"] = str(home)
    config._boardkit_ipython = home


def pytest_unconfigure(config) -> None:
    home = getattr(config, "_boardkit_ipython", None)
    if home is not None:
        os.environ.pop("IPYTHONDIR", None)
        shutil.rmtree(home, ignore_errors=True)


class BothEditions:
    """Collects a notebook as nbval does, its cells in :func:`editions.both`'s order."""

    @staticmethod
    def pytest_collect_file(file_path, parent):
        opt = parent.config.option
        if (opt.nbval or opt.nbval_lax) and file_path.suffix == ".ipynb":
            return _editions_file().from_parent(parent, path=file_path)
        return None


def _editions_file():
    """The nbval collector for both editions (nbval is imported only when it runs)."""
    global _EDITIONS_FILE
    if _EDITIONS_FILE is not None:
        return _EDITIONS_FILE
    from collections import defaultdict

    import nbformat
    from nbval.plugin import IPyNbCell, IPyNbFile, find_comment_markers, find_metadata_tags

    from boardkit.teaching.editions import CHECK_CALL, both
    from boardkit.teaching.readable import READABLE, unreadable

    class Cell(IPyNbCell):
        """A cell; in a notebook of ``READABLE``, its outputs must show no numpy repr and no
        NaN, no count as a float, no figure to its last digits, one percent style, no Python
        container and no printed line of words wider than ``readable.WIDTH``
        (``readable.unreadable``)."""

        def runtest(self):
            super().runtest()
            bad = unreadable(self.test_outputs or ()) if self.parent.fspath.basename in \
                READABLE else []
            if bad:
                self.raise_cell_error("the cell shows numpy reprs or NaN (or a count as a float, "
                                      "a figure to its last digits, two percent styles, a "
                                      "Python container or a line too wide)",
                                      "\n".join(bad))

    class StudentCheck(Cell):
        """A check cell of the student edition: it must answer with the question."""

        def runtest(self):
            super().runtest()
            printed = "".join(o.get("text", "") for o in self.test_outputs or ())
            if "Not answered yet" not in printed:
                self.raise_cell_error("the student edition's check did not answer "
                                      "'Not answered yet'", printed)

    class EditionsFile(IPyNbFile):
        def collect(self):
            self.nb = nbformat.read(str(self.fspath), as_version=4)
            student, teacher = both(self.nb)
            shared = len(self.nb.cells) - len(teacher)  # the cells before the first exercise
            number = 0
            for n, cell in enumerate([*student, *teacher]):
                if cell["cell_type"] != "code":
                    continue
                cell = nbformat.from_dict(cell)
                edition = "" if n < shared else "student " if n < len(student) else "teacher "
                options = defaultdict(bool, find_metadata_tags(cell.metadata))
                options.update(find_comment_markers(cell.source))
                options.setdefault("check", self.compare_outputs)
                item = (StudentCheck if edition == "student " and CHECK_CALL.search(cell.source)
                        else Cell)
                yield item.from_parent(self, name=f"{edition}Cell {number}", cell_num=number,
                                       cell=cell, options=options)
                number += 1

    _EDITIONS_FILE = EditionsFile
    return EditionsFile


_EDITIONS_FILE = None
