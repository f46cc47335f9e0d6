"""Files written whole or not at all, and held by one writer.

Whatever boardkit keeps on disk (a run's table and its settings, a study, a Solo record, a
rule sheet) is written to a new temporary file beside its target and renamed over it, so a
reader finds the old file or the new one, never a half-written one, however the writing
process ends (Ctrl-C, a kill, a full disk). A writer that must be the only one (a run's
store) holds a lock the system gives back when its process ends, however it ends.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from .errors import RunError, clipped


def temporary(path: Path, suffix: str = ".part") -> str:
    """A new file beside ``path`` (hidden: ``.NAME.xxxx.part``), created exclusively, with the
    permissions any new file gets here (``mkstemp`` would make it private)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=suffix)
    os.close(fd)
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(tmp, 0o666 & ~mask)
    return tmp


def check_target(path: str | os.PathLike[str], field: str = "out") -> Path:
    """``path`` as a file that can be written (its directory exists and is writable, and it
    is not a directory), or :class:`RunError` naming ``field``."""
    path = Path(path)
    where = f"cannot write {clipped(str(path), 80)}: the directory {clipped(str(path.parent), 80)}"
    if path.is_dir():
        raise RunError(f"{clipped(str(path), 80)} is a directory; name a file inside it",
                       field=field)
    if not path.parent.is_dir():
        raise RunError(f"{where} does not exist", field=field)
    try:  # files are written through a temporary file beside them: try making one
        os.unlink(temporary(path, ".probe"))
    except OSError as exc:
        raise RunError(f"{where} is not writable ({exc.strerror or type(exc).__name__})",
                       field=field) from None
    return path


def write_atomic(path: str | os.PathLike[str], content: str | bytes | Callable[[str], object]
                 ) -> None:
    """Write ``path`` whole: ``content`` (text as UTF-8, bytes, or a function that writes the
    file named by its argument) goes to a temporary file beside it, renamed over it at once.
    An error leaves ``path`` as it was."""
    path = Path(path)
    tmp = temporary(path)
    try:
        if isinstance(content, str):
            Path(tmp).write_text(content, encoding="utf-8")
        elif isinstance(content, bytes):
            Path(tmp).write_bytes(content)
        else:
            content(tmp)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def lock_now(fd: int) -> None:
    """Take the lock on the open file ``fd`` without waiting (``OSError`` when another holds
    it); closing ``fd``, or the end of the process, gives it back."""
    if sys.platform == "win32":
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
