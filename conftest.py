"""Settings for every test run, the notebooks' kernels included.

pyproject's ``filterwarnings`` makes a deprecation warned from our code fail its test, but a
notebook runs in a kernel of its own, which pytest's filters do not reach. The kernels that
nbval and the edition tests start read an IPython profile made here, whose startup file does
the same in the kernel: a deprecation warned from a cell (``__main__``) or from boardkit
raises, so nbval fails the cell. A notebook that pandas or numpy is about to break fails
here before it fails on Binder, where the newest versions are installed.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

STARTUP = '''\
import warnings
for _module in ("__main__", r"boardkit(\\.|$)"):
    for _category in (DeprecationWarning, FutureWarning):
        warnings.filterwarnings("error", category=_category, module=_module)
del _module, _category
'''


def pytest_configure(config) -> None:
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
