"""The output file of a simulation run: checked before any game, streamed, replaced atomically,
resumable.

Rows are appended to a temporary file in the target's directory as batches finish (nothing
piles up in memory); :meth:`RunFile.publish` sorts them with the games already in the file
and moves the result over the target with ``os.replace``, so the target is always either the
old file or the new one. A long run publishes a checkpoint every minute or so
(:meth:`RunFile.checkpoint`), so even a run killed without warning keeps its games; the
games it finished after its last checkpoint are still in its batch file, which the next run
of the same settings on the same file takes over (:meth:`RunFile.recover`). The run's
settings are kept beside the rows in ``<out>.run.json``;
a run with the same settings and the same file continues from the games it holds (a run
with more games too: game ``i`` of a run does not depend on the number of games), a run
with other settings is refused. One run writes a file at a time: a second run on a file
that another is writing (a second terminal, a second kernel) is refused while the first
lives (:func:`take_lock`), for both would play the same games and mix their rows. The
files a run leaves name their process by its :func:`identity` (its id and its start), so
that a later process given the same id does not keep a killed run's files.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import time
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO

from boardkit.engine.errors import RunError

#: ``format`` of the settings file; a new layout gets a new number
FORMAT = "boardkit-run/1"
_COMPRESSION = {".gz": "gzip", ".bz2": "bz2", ".xz": "xz", ".zip": "zip", ".zst": "zstd"}


def _short(value: Any, limit: int = 80) -> str:
    text = str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def same_run(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Two runs' settings ask for the same games, however many of them (``n``): game ``i``
    of a run does not depend on how many games the run has."""
    return ({k: v for k, v in a.items() if k != "n"}
            == {k: v for k, v in b.items() if k != "n"})


class DroppedColumnsWarning(UserWarning):
    """Rows added to a run file had columns its first rows did not have; they were dropped."""


def sidecar(path: str | os.PathLike) -> Path:
    """Where the settings of the run stored in ``path`` are kept."""
    path = Path(path)
    return path.with_name(path.name + ".run.json")


def check_target(path: str | os.PathLike) -> Path:
    """``path`` as a file that can be written: its directory exists and is writable and it
    is not itself a directory. Raises :class:`RunError` (``field="out"``) otherwise."""
    path = Path(path)
    shown = _short(path)
    parent = path.parent
    if path.is_dir():
        raise RunError(f"{shown} is a directory; name a file inside it", field="out")
    if not parent.is_dir():
        raise RunError(f"cannot write {shown}: the directory {_short(parent)} does not exist",
                       field="out")
    try:  # the file is replaced through a temporary file beside it: try making one
        fd, probe = tempfile.mkstemp(dir=parent, prefix=f".{path.name}.", suffix=".probe")
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise RunError(f"cannot write {shown}: the directory {_short(parent)} is not writable "
                       f"({exc.strerror or type(exc).__name__})", field="out") from None
    return path


def lock_path(path: str | os.PathLike) -> Path:
    """The lock file of the run writing ``path`` (it holds the writing process's
    :func:`identity`)."""
    path = Path(path)
    hidden = path.name if path.name.startswith(".") else f".{path.name}"
    return path.with_name(f"{hidden}.lock")


#: the lock files this process holds, one for each open :class:`RunFile`
_HELD: set[Path] = set()


def _started(pid: int) -> str | None:
    """When process ``pid`` started, as the system counts it (on Linux the start time in
    ``/proc/<pid>/stat``, in clock ticks since boot); None where it cannot be read (another
    system, a process that is gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rpartition(")")[2].split()  # the name, in brackets, may hold spaces
    return fields[19] if len(fields) > 19 and fields[19].isdigit() else None


_IDENTITY: dict[int, str] = {}


def identity(pid: int | None = None) -> str:
    """A process as the run's files name it: its id, and when it started where the system
    tells (``"981-123456"``; the id alone elsewhere). An id alone is not enough: once a
    process is gone its id is given to a later one, and a container or a Binder session
    that starts afresh hands out the same low ids again, so a killed run's lock would look
    held by whatever process now has its id."""
    pid = os.getpid() if pid is None else pid
    if pid not in _IDENTITY:
        start = _started(pid)
        if pid != os.getpid():
            return f"{pid}" if start is None else f"{pid}-{start}"
        _IDENTITY[pid] = f"{pid}" if start is None else f"{pid}-{start}"
    return _IDENTITY[pid]


#: a process's identity in a file's name or a lock
_IDENTITY_PATTERN = r"\d+(?:-\d+)?"


def _holder(lock: Path) -> str | None:
    """The process identity in a lock file (None when it cannot be read: a broken lock)."""
    try:
        holder = lock.read_text().split()[0]
    except (OSError, IndexError):
        return None
    return holder if re.fullmatch(_IDENTITY_PATTERN, holder) else None


def _pid(ident: str) -> int:
    return int(ident.partition("-")[0])


def take_lock(path: str | os.PathLike) -> Path:
    """Take the lock of the run file ``path`` for this process and return the lock file.

    The lock is created whole or not at all (a temporary file holding this process's id,
    hard-linked to the lock's name, which fails if the name exists), so two runs starting
    at once cannot both take it. A lock whose process is gone (a run killed without
    warning) is broken and taken over; a live one is refused with a :class:`RunError`
    (``field="out"``) naming the process. In this process, a lock is live while the
    :class:`RunFile` that took it is open."""
    path = Path(path)
    lock = lock_path(path)
    for _ in range(3):
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=_part_prefix(lock), suffix=".part")
        try:
            with os.fdopen(fd, "w") as f:
                f.write(f"{identity()}\n")
            try:
                os.link(tmp, lock)
            except FileExistsError:
                pass
            else:
                _HELD.add(lock)
                return lock
        finally:
            os.unlink(tmp)
        holder = _holder(lock)
        if holder is not None and (lock in _HELD if holder == identity()
                                   else _running(holder)):
            raise RunError(
                f"{_short(path)} is being written by another run (process {_pid(holder)} on this "
                f"machine): two runs of one file would play the same games and mix their "
                f"rows. Wait for it to end or stop it (its games are kept), then run again; "
                f"if no such run is going on, delete {lock}", field="out")
        lock.unlink(missing_ok=True)  # left by a run that is gone: take it over
    raise RunError(f"cannot take the lock {_short(lock)}: other runs keep taking it",
                   field="out")


def release_lock(lock: Path) -> None:
    """Give the lock back (only if this process still holds it)."""
    if lock in _HELD:
        _HELD.discard(lock)
        if _holder(lock) == identity():
            lock.unlink(missing_ok=True)


def _compression(path: Path) -> str | None:
    return _COMPRESSION.get(path.suffix)


def _shareable(tmp: str) -> None:
    """Give a temporary file (created private by ``mkstemp``) the permissions any new file
    gets here (``0o666`` less the umask), as ``open(path, "w")`` would have."""
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(tmp, 0o666 & ~mask)


def _part_prefix(path: Path) -> str:
    """A temporary file's name prefix: the target's name and the writing process, so that
    one left by a killed process can be told from one being written (:func:`sweep`)."""
    return f".{path.name}.{identity()}."


def _running(ident: str) -> bool:
    """Whether the process named ``ident`` (:func:`identity`) may still be running (when in
    doubt: yes): this process if it is its identity; another whose id is taken, by a
    process that started when ``ident`` says (an identity without a start, written by an
    older boardkit or on another system, goes by the id alone)."""
    pid, _, start = ident.partition("-")
    if int(pid) == os.getpid():
        return ident == identity()
    if not _alive(int(pid)):
        return False
    now = _started(int(pid)) if start else None
    return now is None or now == start


def _alive(pid: int) -> bool:
    """Whether process ``pid`` may still be running (when in doubt: yes)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # not ours to signal, or a platform that cannot tell: leave it
        return True
    return True


def sweep(path: str | os.PathLike) -> None:
    """Remove the half-written copies of ``path`` (``.part`` files) that killed processes
    left behind; never one a running process is writing."""
    path = Path(path)
    pattern = re.compile(re.escape(f".{path.name}.") + rf"({_IDENTITY_PATTERN})\.[^.]*\.part$")
    for leftover in path.parent.glob(f".{path.name}.*.part"):
        found = pattern.match(leftover.name)
        if found and not _running(found.group(1)):
            leftover.unlink(missing_ok=True)


def write_atomic(frame, path: str | os.PathLike) -> None:
    """Write ``frame`` as CSV to ``path`` through a temporary file in the same directory
    (and remove the ones killed writers left, :func:`sweep`)."""
    path = Path(path)
    sweep(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=_part_prefix(path), suffix=".part")
    os.close(fd)
    _shareable(tmp)
    try:
        frame.to_csv(tmp, index=False, compression=_compression(path))
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def write_json_atomic(data: Mapping[str, Any], path: str | os.PathLike) -> None:
    """Write ``data`` as JSON to ``path`` through a temporary file in the same directory
    (and remove the ones killed writers left, :func:`sweep`)."""
    path = Path(path)
    sweep(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=_part_prefix(path), suffix=".part")
    _shareable(tmp)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(json.dumps(data, indent=2) + "\n")
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _read(path: str | os.PathLike, **kwargs):
    import pandas as pd

    return pd.read_csv(path, **kwargs)


def _canonical(settings: Mapping[str, Any]) -> dict:
    return json.loads(json.dumps(dict(settings), sort_keys=True, default=repr))


class RunFile:
    """The CSV file of one run. ``settings`` identify the run (everything the rows depend
    on); ``overwrite`` replaces a file that holds another run instead of refusing."""

    def __init__(self, path: str | os.PathLike, settings: Mapping[str, Any],
                 overwrite: bool = False):
        self.path = check_target(path)
        self._tmp: str | None = None
        self._file: TextIO | None = None
        self._lock: Path | None = take_lock(self.path)  # given back by close()
        try:
            self._open(settings, overwrite)
        except BaseException:
            self.close()
            raise

    def _open(self, settings: Mapping[str, Any], overwrite: bool) -> None:
        self.settings = _canonical(settings)
        self.columns: list[str] | None = None
        self._warned = False
        self.resumed: set[int] = set()
        meta_path = sidecar(self.path)
        if self.path.exists() and not overwrite:
            self.resumed, self.columns = self._resume(meta_path)
        self._in_file = bool(self.resumed)  # the target holds rows of this run
        self._published = False  # a checkpoint has put this run's rows in the file
        self._last = time.monotonic()
        self._cost = 0.0  # seconds the last checkpoint took
        #: games taken over from the batch files of killed runs (see :meth:`recover`)
        self.recovered = self.recover(overwrite)

    #: seconds of play between checkpoints: a run killed without warning (a culled Binder
    #: kernel, SIGKILL, a power cut) loses at most the games since the last one
    every: float = 60.0
    #: ... and at least this many times what the last checkpoint took, so that a very large
    #: file is not rewritten too often (its cost stays under 5 % of the run)
    spacing: float = 20.0

    def due(self) -> bool:
        """Whether it is time for a :meth:`checkpoint`."""
        return time.monotonic() - self._last >= max(self.every, self.spacing * self._cost)

    def checkpoint(self, status: Mapping[str, Any]) -> None:
        """Publish the rows so far (the file and its settings), so that a run that is killed
        rather than stopped still resumes from them; the run goes on appending."""
        started = time.monotonic()
        frame = self.frame()
        if frame is not None:
            finished = int(frame["game"].nunique())
            self.publish(frame, {**status, "finished": finished,
                                 "missing": self.settings.get("n", finished) - finished})
            self._published = True
            if self._file is not None and self._tmp is not None:  # both set by the first add
                self._file.close()  # its rows are in the file now: start a new batch file
                self._file = None
                os.unlink(self._tmp)
                self._tmp = None
        self._last = time.monotonic()
        self._cost = self._last - started

    def _resume(self, meta_path: Path) -> tuple[set[int], list[str] | None]:
        shown = _short(self.path)
        hint = "choose another file, or overwrite it (--overwrite, overwrite=True)"
        try:
            meta = json.loads(meta_path.read_text())
        except FileNotFoundError:
            raise RunError(f"{shown} exists and holds no boardkit run (no {meta_path.name} "
                           f"beside it); {hint}", field="out") from None
        except (OSError, ValueError) as exc:
            raise RunError(f"{meta_path.name} cannot be read ({_short(exc)}); {hint}",
                           field="out") from None
        if not isinstance(meta, dict):  # JSON, but not an object: a list, a number
            meta = {}
        stored = meta.get("settings")
        if meta.get("format") != FORMAT or not isinstance(stored, dict):
            raise RunError(f"{meta_path.name} is not a {FORMAT} settings file; {hint}", field="out")
        if stored != self.settings and not self._grows(stored):
            keys = sorted(k for k in set(stored) | set(self.settings)
                          if stored.get(k) != self.settings.get(k))
            if keys == ["n"]:  # the same run with fewer games: the file holds more than asked
                raise RunError(f"{shown} holds a run of {stored['n']:,} games, more than the "
                               f"{self.settings['n']:,} asked for; ask for {stored['n']:,} or "
                               f"more to resume it, or {hint}", field="out")
            diff = "; ".join(f"{k}: {_short(stored.get(k), 30)} there, "
                             f"{_short(self.settings.get(k), 30)} here" for k in keys[:4])
            raise RunError(f"{shown} holds a different run ({diff}); run it with the same "
                           f"settings to resume it, or {hint}", field="out")
        try:
            games = _read(self.path, usecols=["game"], compression=_compression(self.path))
            columns = list(_read(self.path, nrows=0, compression=_compression(self.path)).columns)
        except Exception as exc:  # noqa: BLE001 - any unreadable file is refused the same way
            raise RunError(f"{shown} cannot be read to resume it ({_short(exc)}); {hint}",
                           field="out") from None
        if len(games) != meta.get("rows") and not self._whole_games(games):
            raise RunError(f"{shown} has {len(games)} rows but {meta_path.name} records "
                           f"{meta.get('rows')}; {hint}", field="out")
        if games.empty:  # nothing kept yet: the first new rows give the columns
            return set(), None
        return set(int(g) for g in games["game"].unique()), columns

    def _digest(self) -> str:
        """What a batch file's rows depend on, in its name: the settings but the number of
        games (game ``i`` of a run does not depend on it)."""
        rest = {k: v for k, v in self.settings.items() if k != "n"}
        return hashlib.sha256(json.dumps(rest, sort_keys=True).encode()).hexdigest()[:12]

    def _batch_prefix(self) -> str:
        return f".{self.path.name}.{self._digest()}.{identity()}."

    def recover(self, overwrite: bool = False) -> set[int]:
        """Take over the games a killed run of the same settings finished after its last
        checkpoint: they are in its batch file (``.<name>.<settings>.<pid>.*.rows``), which
        nothing else removes. Its whole games that the target does not hold are added to this
        run's batch file (published with its next checkpoint) and are not played again; the
        old batch file is removed. Batch files of other settings (a file that was
        overwritten) are removed; a batch file of a process still running is left alone.
        Returns the games taken over."""
        pattern = re.compile(re.escape(f".{self.path.name}.")
                             + rf"([0-9a-f]{{12}})\.({_IDENTITY_PATTERN})\.[^.]*\.rows$")
        mine, taken = self._digest(), set[int]()
        for batch in sorted(self.path.parent.glob(f".{self.path.name}.*.rows")):
            found = pattern.match(batch.name)
            if not found or (found.group(2) != identity() and _running(found.group(2))):
                continue  # not a batch file of ours, or its run is still going
            if not overwrite and found.group(1) == mine:
                rows = self._whole_rows(batch, taken)
                if rows:
                    self.add(rows)
                    taken |= {int(r["game"]) for r in rows}
            batch.unlink(missing_ok=True)  # after its rows are in this run's batch file
        self.resumed |= taken
        return taken

    def _whole_rows(self, batch: Path, taken: set[int]) -> list[dict]:
        """The rows of ``batch``'s whole games that this run still needs (none when the file
        cannot be read or has other columns)."""
        import io

        import pandas as pd

        text = batch.read_text(errors="replace")
        if not text.endswith("\n"):  # a write cut short by the kill: drop its last line
            text = text[:text.rfind("\n") + 1]
        try:
            frame = pd.read_csv(io.StringIO(text))
        except (ValueError, pd.errors.ParserError):
            return []
        if (frame.empty or "game" not in frame.columns
                or (self.columns is not None and list(frame.columns) != self.columns)):
            return []
        players, n = self.settings.get("players"), self.settings.get("n")
        games = pd.to_numeric(frame["game"], errors="coerce")
        counts = games[games.notna() & (games == games.round())].astype(int).value_counts()
        keep = [g for g, c in counts.items() if c == players and isinstance(n, int)
                and 0 <= g < n and g not in self.resumed and g not in taken]
        frame = frame[games.isin(keep)]
        frame = frame.astype(object).where(frame.notna(), None)
        return frame.to_dict("records")

    def _whole_games(self, games) -> bool:
        """The file holds whole games of this run (``players`` rows each): its row count may
        differ from the settings file's when a run was killed between the two writes of a
        checkpoint (the rows are replaced first), and the rows are the truth."""
        players = self.settings.get("players")
        counts = games["game"].value_counts()
        return isinstance(players, int) and not counts.empty and bool((counts == players).all())

    def _grows(self, stored: Mapping[str, Any]) -> bool:
        """The file holds the same run with fewer games: a run's game ``i`` does not depend
        on how many games it has, so a longer run goes on from every game the file holds."""
        n, mine = stored.get("n"), self.settings.get("n")
        return (isinstance(n, int) and isinstance(mine, int) and n <= mine
                and same_run(stored, self.settings))

    def add(self, rows: list[dict]) -> None:
        """Append finished rows (one batch) to the temporary file. The file's columns are
        its first rows' (or the kept games'); a row with a column they lack loses it, and
        the first time that happens a :class:`DroppedColumnsWarning` names the columns."""
        if not rows:
            return
        if self.columns is not None and not self._warned:
            extra = sorted({k for row in rows for k in row} - set(self.columns))
            if extra:
                self._warned = True
                warnings.warn(DroppedColumnsWarning(
                    f"{self.path.name}: the rows have columns the file's first rows lack "
                    f"({', '.join(extra)}); they are not kept (a study stored before they "
                    f"existed keeps its columns: play it again to keep them)"), stacklevel=2)
        if self._file is None:
            if self.columns is None:
                self.columns = list(rows[0])
            fd, self._tmp = tempfile.mkstemp(dir=self.path.parent,
                                             prefix=self._batch_prefix(), suffix=".rows")
            self._file = os.fdopen(fd, "w", newline="")
            self._header = True
        import pandas as pd

        text = pd.DataFrame(rows, columns=self.columns).to_csv(index=False, header=self._header)
        self._header = False
        self._file.write(text)  # one write per batch: an interrupt never splits a row
        self._file.flush()

    def frame(self):
        """The games in the file and the games added since, sorted by game and seat."""
        import pandas as pd

        parts = []
        if self._in_file or self._published:
            parts.append(_read(self.path, compression=_compression(self.path)))
        if self._file is not None and self._tmp is not None:  # both set by the first add
            self._file.flush()
            parts.append(_read(self._tmp))
        if not parts:
            return None
        frame = pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]
        return frame.sort_values(["game", "seat"], kind="stable").reset_index(drop=True)

    def publish(self, frame, status: Mapping[str, Any]) -> None:
        """Replace the target with ``frame`` (all the run's rows) and record the settings."""
        import boardkit

        write_atomic(frame, self.path)
        write_json_atomic({"format": FORMAT, "settings": self.settings, "rows": len(frame),
                            "boardkit": boardkit.__version__, **status}, sidecar(self.path))

    def close(self) -> None:
        """Remove the temporary file (after :meth:`publish`, or when nothing is kept) and
        give the file's lock back; closing twice does nothing more."""
        try:
            if self._file is not None:
                self._file.close()
                self._file = None
            if self._tmp and os.path.exists(self._tmp):
                os.unlink(self._tmp)
        finally:
            if self._lock is not None:
                release_lock(self._lock)
                self._lock = None

    def __enter__(self) -> RunFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
