"""The results store: a run is its settings and the shards of rows it has finished.

Game ``i`` of a run depends on the run's settings and ``i`` alone (``game_seeds``), so a run
needs no state but its rows. Its settings, the number of games left out, are named by a
:func:`digest`; its rows live in one compacted file (``runs.csv``, a study's
``NAME.csv.gz``) and, while it is played, in shards in a hidden folder beside it:
``.runs.csv.shards/<digest>-<start>-<stop>.csv.gz`` holds games ``start .. stop-1``, written
once (an exclusively created temporary file renamed into place). Resuming is listing the
shards and playing the missing games, so an interrupt, a lost worker or a killed process
loses at most the shards being written. The one writer holds an ``flock`` on the folder's
``.lock``, which the system gives back when its process ends, however it ends.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from boardkit.engine.errors import DataError, RunError, clipped
from boardkit.engine.files import check_target, lock_now, write_atomic

#: ``format`` of the settings file beside a run's file; a new layout gets a new number
FORMAT = "boardkit-run/1"
_SHARD = re.compile(r"([0-9a-f]{12})-(\d+)-(\d+)\.csv\.gz")
_COMPRESSION = {".gz": "gzip", ".bz2": "bz2", ".xz": "xz", ".zip": "zip", ".zst": "zstd"}
_HINT = "choose another file, or overwrite it (--overwrite, overwrite=True)"
#: the settings a run's table carries in ``frame.attrs``
LABELS = ("game", "seed", "players", "agents", "variant", "params")


class DroppedColumnsWarning(UserWarning):
    """Rows added to a run had columns its stored rows lack; they were dropped."""


def _short(value: Any, limit: int = 80) -> str:
    return clipped(str(value), limit)


def _canonical(settings: Mapping[str, Any]) -> dict[str, Any]:
    return dict(json.loads(json.dumps(dict(settings), sort_keys=True, default=repr)))


def digest(settings: Mapping[str, Any]) -> str:
    """The name of a run's settings, ``n`` left out: a longer run starts with the same games."""
    rest = {k: v for k, v in _canonical(settings).items() if k != "n"}
    return hashlib.sha256(json.dumps(rest, sort_keys=True).encode()).hexdigest()[:12]


def sidecar(path: str | os.PathLike[str]) -> Path:
    """Where the settings of the run stored in ``path`` are kept."""
    return Path(path).with_name(Path(path).name + ".run.json")


def write_table(frame: Any, path: str | os.PathLike[str]) -> None:
    """Write ``frame`` to ``path`` whole, as CSV (compressed as its suffix says)."""
    write_atomic(path, lambda tmp: frame.to_csv(tmp, index=False,
                                                compression=_COMPRESSION.get(Path(path).suffix)))


class Store:
    """The rows of one run: the compacted file ``path`` (its games that belong to the run are
    ``base``, set by the caller that has checked them) and this run's shards."""

    def __init__(self, path: str | os.PathLike[str], settings: Mapping[str, Any]):
        self.path = Path(path)
        self.folder = self.path.with_name(f".{self.path.name}.shards")
        self.settings = _canonical(settings)
        self.digest = digest(settings)
        self.base: Any = None
        self._fd: int | None = None
        self._read: dict[Path, Any] = {}  # the shards read so far

    def lock(self) -> Store:
        """Become the run's one writer, or :class:`RunError` (``field="out"``) while another
        run writes it (in this process or another); leftovers of killed writers go."""
        while self._fd is None:
            self.folder.mkdir(exist_ok=True)
            try:
                fd = os.open(self.folder / ".lock", os.O_RDWR | os.O_CREAT, 0o666)
            except FileNotFoundError:  # the last writer removed the folder meanwhile
                continue
            try:
                lock_now(fd)
            except OSError:
                os.close(fd)
                raise RunError(f"{_short(self.path)} is being written by another run: two runs "
                               "would play the same games. Wait for it to end or stop it (its "
                               "games are kept), then run again", field="out") from None
            with contextlib.suppress(FileNotFoundError):  # the folder may have been made anew
                if os.stat(self.folder / ".lock").st_ino == os.fstat(fd).st_ino:
                    self._fd = fd
            if self._fd is None:
                os.close(fd)
        for stale in (*self.folder.glob(".*.part"),
                      *self.path.parent.glob(f".{self.path.name}.*.part")):
            stale.unlink(missing_ok=True)  # written by a killed writer: only a writer writes
        return self

    def close(self) -> None:
        """Give the lock back (removing the folder when no shard is left); twice is harmless."""
        if self._fd is None:
            return
        try:
            with contextlib.suppress(OSError):
                for cut in self.folder.glob(".*.part"):  # a shard whose write a stop cut short
                    cut.unlink()
                if not [p for p in self.folder.iterdir() if p.name != ".lock"]:
                    (self.folder / ".lock").unlink()
                    self.folder.rmdir()
        finally:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> Store:
        return self.lock()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def shards(self, mine: bool = True) -> list[tuple[int, int, Path]]:
        """This run's shards as (start, stop, path), sorted; ``mine=False``: other runs'."""
        found = []
        for path in self.folder.glob("*.csv.gz") if self.folder.is_dir() else ():
            match = _SHARD.fullmatch(path.name)
            if match and (match[1] == self.digest) == mine:
                found.append((int(match[2]), int(match[3]), path))
        return sorted(found)

    def games(self) -> set[int]:
        """The games the run has finished: in ``base`` and in its shards."""
        done = set() if self.base is None else {int(g) for g in self.base["game"].unique()}
        return done.union(*(range(start, stop) for start, stop, _ in self.shards()))

    def add(self, rows: list[dict[str, Any]]) -> None:
        """Write the rows of one batch (contiguous games) as a shard."""
        import pandas as pd

        if rows:
            games = [int(row["game"]) for row in rows]
            write_table(pd.DataFrame(rows),
                        self.folder / f"{self.digest}-{min(games)}-{max(games) + 1}.csv.gz")

    def frame(self, n: int) -> Any:
        """The run's games below ``n`` (``base`` and the shards), sorted by game and seat, or
        None; the columns of ``base`` when there is one (others dropped with a warning). A
        shard that cannot be read is a :class:`DataError` naming it."""
        import pandas as pd

        parts = [] if self.base is None else [self.base]
        for path in [path for start, _, path in self.shards() if start < n]:
            if path not in self._read:
                try:
                    self._read[path] = pd.read_csv(path)
                except (OSError, EOFError, ValueError) as exc:
                    raise DataError(f"{path}: the shard cannot be read ({type(exc).__name__}: "
                                    f"{_short(exc)}); delete it to play its games again") from None
                if not {"game", "seat"} <= set(self._read[path].columns):
                    raise DataError(f"{path}: the shard holds no game and seat columns; delete "
                                    "it to play its games again")
            parts.append(self._read[path])
        if not parts:
            return None
        frame = pd.concat(parts, ignore_index=True).drop_duplicates(["game", "seat"])
        frame = frame[frame.game < n]
        extra = [] if self.base is None else [c for c in frame if c not in self.base.columns]
        if extra:
            warnings.warn(DroppedColumnsWarning(
                f"{self.path.name}: the new rows have columns the stored rows lack "
                f"({', '.join(extra)}); they are not kept (play the run again to keep them)"),
                stacklevel=3)
            frame = frame[list(self.base.columns)]
        return frame.sort_values(["game", "seat"], kind="stable").reset_index(drop=True)

    def publish(self, frame: Any, **status: Any) -> None:
        """Write ``frame`` as the compacted file and its settings file (the settings, the
        rows, the version and ``status``); the writer then removes the shards the file holds
        and those of other settings."""
        import boardkit

        write_table(frame, self.path)
        meta = {"format": FORMAT, "settings": self.settings, "rows": len(frame),
                "boardkit": boardkit.__version__, **status}
        write_atomic(sidecar(self.path), json.dumps(meta, indent=2) + "\n")
        if self._fd is not None:
            held = set(frame.game.unique())
            for start, stop, path in self.shards():
                if held.issuperset(range(start, stop)):
                    path.unlink()
            for _, _, path in self.shards(mine=False):
                path.unlink()


class OtherSettings(DataError):
    """The file holds a run of other settings than those asked for."""


def read(path: Path, settings: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The rows stored in ``path`` (None when it holds none) and its settings file, once they
    are shown to be a run of ``settings`` (any number of games up to theirs) in whole games:
    one row per seat, no seat twice. Otherwise a :class:`DataError` naming the file and what
    is wrong (:class:`OtherSettings`: the run of other settings, whole)."""
    import pandas as pd

    shown, mine, meta_path = path.name, _canonical(settings), sidecar(path)
    try:
        meta = json.loads(meta_path.read_text())
    except FileNotFoundError:
        raise DataError(f"{shown} holds no boardkit run (no {meta_path.name} beside it)") from None
    except (OSError, ValueError) as exc:
        raise DataError(f"{meta_path.name} cannot be read ({type(exc).__name__}: "
                        f"{_short(exc, 60)})") from None
    stored = meta.get("settings") if isinstance(meta, dict) else None
    if not isinstance(stored, dict) or meta.get("format") != FORMAT:
        raise DataError(f"{meta_path.name} is not a {FORMAT} settings file")
    if digest(stored) != digest(mine):
        keys = sorted(k for k in {*stored, *mine} if k != "n" and stored.get(k) != mine.get(k))
        diff = "; ".join(f"{k}: {_short(stored.get(k), 30)} there, {_short(mine.get(k), 30)} "
                         "here" for k in keys[:4])
        raise OtherSettings(f"{shown} holds a different run ({diff})")
    if not isinstance(stored.get("n"), int) or isinstance(stored["n"], bool):
        raise DataError(f"{meta_path.name}: its settings' n is {_short(stored.get('n'), 30)!r}, "
                        "not a number of games")
    if stored["n"] > mine["n"]:
        raise DataError(f"{shown} holds a run of {stored['n']:,} games, more than the "
                        f"{mine['n']:,} asked for; ask for {stored['n']:,} or more to resume it")
    try:
        frame = pd.read_csv(path, compression=_COMPRESSION.get(path.suffix))
    except Exception as exc:  # noqa: BLE001 - any unreadable file is refused the same way
        raise DataError(f"{shown} cannot be read ({type(exc).__name__}: {_short(exc, 60)})") \
            from None
    _check_games(frame, mine["players"], stored["n"], shown)
    return (frame if len(frame) else None), meta


def _check_games(frame: Any, players: int, n: int, shown: str) -> None:
    """The rows are whole games below ``n``: one row per seat ``0 .. players-1``."""
    missing = [c for c in ("game", "seat") if c not in frame.columns]
    if missing:
        raise DataError(f"{shown} has no {' and no '.join(missing)} column")
    if frame.game.isna().any() or frame.seat.isna().any():
        raise DataError(f"{shown} has a row with no game or no seat")
    twice = frame.duplicated(["game", "seat"])
    if twice.any():
        row = frame[twice].iloc[0]
        raise DataError(f"{shown}: game {row.game} has seat {row.seat} twice "
                        f"({int(twice.sum())} repeated rows)")
    seats = frame.groupby("game").seat.agg(["size", "min", "max"])
    odd = seats[(seats["size"] != players) | (seats["min"] != 0) | (seats["max"] != players - 1)
                | (seats.index < 0) | (seats.index >= n)]
    if len(odd):
        game = odd.index[0]
        raise DataError(f"{shown}: game {game} is not one of games 0-{n - 1}" if not 0 <= game < n
                        else f"{shown}: game {game} has {odd['size'].iloc[0]} seats' rows, "
                             f"not one for each of {players} seats")


def open_run(path: str | os.PathLike[str], settings: Mapping[str, Any],
             overwrite: bool = False) -> Store:
    """The locked store of a ``simulate(out=path)`` run: ``path`` holds the rows of earlier
    runs of the same settings (``base``), settings kept in ``<path>.run.json``; a file of
    another run is refused unless ``overwrite``."""
    store = Store(check_target(path), settings).lock()
    try:
        if overwrite:
            for _, _, shard in store.shards():
                shard.unlink()
        elif store.path.exists():
            try:
                store.base = read(store.path, settings)[0]
            except DataError as exc:
                raise RunError(f"{exc}; {_HINT}", field="out") from None
        return store
    except BaseException:
        store.close()
        raise
