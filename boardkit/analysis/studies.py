"""Large studies: the analysis notebooks' key questions, answered on big samples and kept
as data files, so a notebook plots them at once and can still re-run a small sample live.

Each :class:`Study` (``data/studies.toml`` defines them) is one ``simulate`` run. ``run``
plays it into ``data/studies/<name>.csv.gz`` (the simulate table), with ``<name>.json``
beside it (the settings, the boardkit version, the time it took); ``load`` reads them back;
``summary`` gives the study's figure with its 95 % interval. One command makes them::

    python -m boardkit.analysis.studies [NAME ...] [--workers 2] [--n N]

(``make studies`` runs them all; ``--status`` prints what is stored and what is left).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import asdict, field, fields
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic.dataclasses import dataclass

from boardkit.engine.content import format_validation_error
from boardkit.engine.content import load as load_toml
from boardkit.engine.errors import BoardkitError, DataError, IncompleteRunError, VariantError
from boardkit.engine.resources import data_dir

from .metrics import GAME_COLUMNS, mean_ci, seat_win_rates, table_of_games, wilson
from .runfile import Store, first_missing


@dataclass(frozen=True, config=ConfigDict(extra="forbid"))
class Study:
    """One question, answered by ``n`` games of ``game`` with ``agents``; ``measure`` names
    its figure (``data/studies.toml`` says what each one is)."""

    game: str
    question: str
    agents: tuple[str, ...]
    players: Annotated[int, Field(ge=1)]
    n: Annotated[int, Field(ge=1)]
    seed: Annotated[int, Field(ge=0)]
    measure: Literal["won", "seats", "card", "score", "cards"]
    variant: dict[str, Any] = field(default_factory=dict)
    params: dict[str, Any] = field(default_factory=dict)


class _Catalogue(BaseModel):
    model_config = ConfigDict(extra="forbid")
    study: dict[str, Study]
    off_ladder: dict[str, str] = {}


def catalogue(path: Path | None = None) -> tuple[dict[str, Study], dict[str, str]]:
    """The studies of a catalogue (``data/studies.toml``) by name, and what was measured of
    each player that is not a rung of the ladder; a malformed field is a :class:`DataError`
    naming the file and the field."""
    found = load_toml(_Catalogue, path or data_dir() / "studies.toml")
    return found.study, found.off_ladder


#: the studies behind the analysis notebooks, and the players that are not a rung of the
#: ladder (``boardkit.agents.LADDER``) with what was measured of them: a study's answer is
#: taught only with its player's measured strength
STUDIES, OFF_LADDER = catalogue()
#: Freizeitpark's twelve Auftragskarten (``variant={"card": ...}``), in the order of their
#: studies; a test holds them equal to the game's content
FREIZEITPARK_CARDS = tuple(s.variant["card"] for s in STUDIES.values()
                           if s.measure == "card" and s.agents == ("greedy",))


def folder() -> Path:
    """Where the study files live (``data/studies`` in a checkout, or the installed copy)."""
    return data_dir() / "studies"


def study(name: str) -> Study:
    if name not in STUDIES:
        import difflib

        close = difflib.get_close_matches(str(name), list(STUDIES), n=3, cutoff=0.6)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise VariantError(f"unknown study {str(name)[:80]!r}{hint} (`python -m "
                           f"boardkit.analysis.studies --status` lists all {len(STUDIES)})")
    return STUDIES[name]


def play(name: str, n: int | None = None, backend: str = "serial", workers: int | None = None,
         progress: bool | None = None, out: Path | Store | None = None) -> Any:
    """The study's simulate table (``n`` games instead of the study's, for a live sample);
    ``out`` keeps the rows in a resumable file as they finish (see ``simulate``)."""
    from .simulation import simulate

    return simulate(**_settings(study(name), n or study(name).n), backend=backend,
                    workers=workers, progress=progress, out=out)


def _settings(s: Study, n: int) -> dict:
    """The simulate settings of ``n`` games of the study (what its rows depend on)."""
    from .simulation import run_settings

    return run_settings(s.game, s.agents, s.players, n, s.seed, s.variant, s.params,
                        rotate=True, trace=False)


def _meta(name: str, where: Path) -> dict:
    """The stored study's JSON ({} when its files are missing or the JSON is unreadable)."""
    try:
        meta = json.loads((where / f"{name}.json").read_text())
    except (OSError, ValueError):
        return {}
    return meta if isinstance(meta, dict) and (where / f"{name}.csv.gz").exists() else {}


def _timed(meta: dict) -> tuple[float, int]:
    """The seconds and the games of every run that made a stored study (``timed_seconds``,
    ``timed_games``); a JSON written before they were kept gives its last run's alone."""
    if "timed_games" in meta:
        return float(meta["timed_seconds"]), int(meta["timed_games"])
    played = int(meta["n"]) - int(meta.get("resumed", 0)) if meta else 0
    return (float(meta["seconds"]), played) if played > 0 else (0.0, 0)


def _stored(name: str, store: Store) -> int:
    """Check the stored study and give it to ``store`` as its ``base``; its games (0 when
    none are stored, or only games of another definition of the study)."""
    try:
        store.base = load_from(store.path.parent, name)
    except (FileNotFoundError, _OtherSettings):  # none yet, or to be played again
        return 0
    return int(store.base.game.nunique())


def _publish(name: str, store: Store, frame: Any, goal: int, stored: int, resumed: int,
             run: tuple[float, int, int] | None = None) -> int:
    """Store games ``0 .. k-1`` of ``frame`` as the study (its JSON says ``target`` while
    ``k`` is short of ``goal``); returns ``k``. ``run`` (seconds, games played, workers) is a
    run that ends: the pace ``--status`` goes by adds it to the ``stored`` study's runs'."""
    import boardkit

    before = _meta(name, store.path.parent) if stored else {}
    seconds, games = _timed(before)
    k = first_missing(frame.game.unique())
    meta = {"study": name, **asdict(study(name)), "n": k, "boardkit": boardkit.__version__,
            "workers": before.get("workers"), "timed_seconds": round(seconds, 1),
            "timed_games": games, **({"target": goal} if k < goal else {}),
            **({"resumed": resumed} if resumed else {})}
    if run is not None:
        meta.update(seconds=round(run[0], 1), workers=run[2],
                    timed_seconds=round(seconds + run[0], 1), timed_games=games + run[1])
    store.publish(frame[frame.game < k].reset_index(drop=True),
                  store.path.parent / f"{name}.json", meta)
    return k


def run(name: str, n: int | None = None, workers: int = 2, out: Path | None = None) -> Path:
    """Play the study on ``workers`` processes and write its data files; returns the CSV path.

    The study's table is its run's compacted file (:class:`~boardkit.analysis.runfile.Store`):
    games are played into shards beside it, and only the games it lacks are played (a study
    grows: its first games are a smaller study's); with ``n`` games or more nothing is
    played. A run that stops stores its games ``0 .. k-1`` as the study (with ``target`` in
    its JSON), keeps the others in its shards and raises :class:`IncompleteRunError`;
    running it again plays only the missing games. A second run of a study being played is
    refused."""
    s = study(name)
    if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 1):
        raise VariantError(f"study {name}: the number of games (n) must be a positive "
                           f"integer, not {n!r}"[:160])
    n = n or s.n
    target = Path(out or folder())
    target.mkdir(parents=True, exist_ok=True)
    with Store(target / f"{name}.csv.gz", _settings(s, n)) as store:
        stored = _stored(name, store)
        if stored >= n:
            print(f"study {name}: the stored files hold {stored:,} games; nothing to play "
                  f"for {n:,}", file=sys.stderr)
            return store.path
        t = time.perf_counter()
        frame = play(name, n=n, backend="processes" if workers > 1 else "serial",
                     workers=workers, progress=True, out=store)
        done, resumed = frame.attrs["finished"], frame.attrs["resumed"]
        k = stored if done <= stored else _publish(name, store, frame, n, stored, resumed, (
            time.perf_counter() - t, done - resumed, workers))
    if not frame.attrs["complete"]:
        note = f"; games 0-{k - 1} are stored as the study meanwhile" if k > stored else ""
        raise IncompleteRunError(
            f"study {name}: {done:,} of {n:,} games played ({frame.attrs['stopped']}); they "
            f"are kept in {store.folder}{note}: run the study again to play the rest")
    return store.path


def store(name: str, where: Path | None = None) -> int:
    """Store the games ``0 .. k-1`` that a run of the study on this machine has finished (its
    shards) as the study's data files, **without stopping the run**, so they can be
    committed while it goes on; returns ``k``. Nothing is written when the data files
    already hold as many games."""
    s = study(name)
    run_of = Store(Path(where or folder()) / f"{name}.csv.gz", _settings(s, s.n))
    if not run_of.shards():
        other = "with other settings" if run_of.shards(mine=False) else "of it"
        raise VariantError(f"study {name}: no run {other} on this machine to store from (no "
                           f"shards in {run_of.folder}); nothing stored")
    stored = _stored(name, run_of)
    frame = run_of.frame(s.n)
    if first_missing(frame.game.unique()) <= stored:
        print(f"study {name}: the data files hold {stored:,} games, the run no more in a "
              "row; nothing stored", file=sys.stderr)
        return stored
    k = _publish(name, run_of, frame, s.n, stored, stored)  # the run's time comes at its end
    print(f"study {name}: games 0-{k - 1} stored while its run goes on", file=sys.stderr)
    return k


def load_from(where: Path, name: str) -> Any:
    """The stored table of a study in the folder ``where`` (with its settings in
    ``frame.attrs``). The files are checked before anything reads a figure from them: a
    table that cannot be read, a JSON that is not the study's, or rows that are not whole
    games ``0 .. n-1`` with one row per seat raise a :class:`DataError` naming the file and
    the field, and what to do."""
    import pandas as pd

    s = study(name)
    csv, meta_path = where / f"{name}.csv.gz", where / f"{name}.json"
    if not csv.exists():
        raise FileNotFoundError(f"study {name!r} has no data file yet ({csv}); make it with "
                                f"python -m boardkit.analysis.studies {name}")
    if not meta_path.exists():
        raise _broken(meta_path, name, "it is missing (the table's settings and size are in it)")
    try:
        meta = json.loads(meta_path.read_text())
    except (OSError, ValueError) as exc:
        raise _broken(meta_path, name, f"it cannot be read ({type(exc).__name__})") from None
    k = _check_meta(meta, s, name, meta_path)
    try:
        frame = pd.read_csv(csv)
    except (OSError, EOFError, ValueError) as exc:  # a cut or garbled file
        raise _broken(csv, name, f"it cannot be read ({type(exc).__name__}: "
                                 f"{str(exc)[:80]})") from None
    _check_rows(frame, s, k, name, csv)
    frame.attrs.update(meta)
    frame.attrs["lower_is_better"] = __import__("boardkit").game(s.game).lower_is_better
    return frame


def _broken(path: Path, name: str, why: str) -> DataError:
    return DataError(f"{path}: {why}. Restore the study's two files from the repository "
                     f"(git checkout -- {path.parent / name}.*), or delete them and play "
                     f"it again (python -m boardkit.analysis.studies {name})")


class _OtherSettings(DataError):
    """The stored files are whole, but hold games of other settings than the study's now
    (its definition changed): :func:`run` plays it again from scratch."""


def _check_meta(meta: Any, s: Study, name: str, path: Path) -> int:
    """The number of games the JSON says the table holds, once it is shown to be this
    study's: every setting the games depend on equal to the study's own."""
    if not isinstance(meta, dict):
        raise _broken(path, name, "it is not a JSON object")
    try:  # the study's fields, as the catalogue's are checked; the run's timings may follow
        stored = TypeAdapter(Study).validate_python(
            {f.name: meta.get(f.name) for f in fields(Study) if f.name in meta})
    except ValidationError as exc:
        raise _broken(path, name, format_validation_error("the JSON", exc, limit=3)) from None
    if meta.get("study") != name:
        raise _broken(path, name, f"its field study is {str(meta.get('study'))[:60]!r}, not "
                                  f"{name!r}")
    for key in ("game", "agents", "players", "seed", "measure", "variant", "params"):
        have, want = getattr(stored, key), getattr(s, key)
        if have != want:
            raise _OtherSettings(_broken(path, name, (
                f"its field {key} is {str(list(have) if key == 'agents' else have)[:60]}, but "
                f"the study is played with {want}: these are games of another definition of "
                "the study")))
    return stored.n


def _check_rows(frame: Any, s: Study, k: int, name: str, path: Path) -> None:
    """The table holds games ``0 .. k-1``, each with one row per seat ``0 .. players-1``."""
    missing = [c for c in (*GAME_COLUMNS, "seed", "rank") if c not in frame.columns]
    if missing:
        raise _broken(path, name, f"it has no column {', '.join(missing)}")
    if frame.game.isna().any() or frame.seat.isna().any():
        raise _broken(path, name, "a row has no game or no seat")
    twice = frame.duplicated(["game", "seat"])
    if twice.any():
        row = frame[twice].iloc[0]
        raise _broken(path, name, f"game {row.game} has seat {row.seat} twice "
                                  f"({int(twice.sum())} repeated rows)")
    per_game = frame.groupby("game").seat.agg(["size", "min", "max"])
    games, want = set(per_game.index.tolist()), set(range(k))
    if games != want:
        odd = f"lacks {sorted(want - games)[:3]}" if want - games else \
            f"also has {sorted(games - want)[:3]}"
        raise _broken(path, name, f"its JSON says games 0-{k - 1}, the table {odd}")
    short = per_game[(per_game["size"] != s.players) | (per_game["min"] != 0)
                     | (per_game["max"] != s.players - 1)]
    if len(short):
        raise _broken(path, name, f"game {short.index[0]} has {short['size'].iloc[0]} seats' "
                                  f"rows, not one for each of {s.players} seats")


def load(name: str) -> Any:
    """The stored table of a study (with its settings in ``frame.attrs``)."""
    return load_from(folder(), name)


def summary(frame: Any, name: str) -> Any:
    """The study's figure: a one-row table (``won``; ``card``: the share of games in which
    the card's condition is met at the end, beside the share won) or one row per seat
    (``seats``), with games, rate and 95 % Wilson interval; ``score``: the mean score with a
    95 % normal interval, its standard deviation and quartiles; ``cards``: one row per card
    id, the players who ended with it, their win rate with its interval and the win rate of
    all the other players (the game's analysis names the cards)."""
    import pandas as pd

    s = study(name)
    needs = {"card": ("game", "win", "fact_card_met"), "score": ("game", "score"),
             "cards": ("game", "win", "fact_cards")}.get(s.measure, ("game", "seat", "win"))
    table_of_games(frame, f"the summary of {name}", needs)
    head = {"study": name, "agent": ",".join(s.agents)}

    def rate(k: int, n: int, key: str, **before: Any) -> dict:
        low, high = wilson(k, n)
        return {**head, **before, key: k / n, "ci_low": low, "ci_high": high}

    if s.measure in ("won", "card"):
        per_game = frame.groupby("game").agg(won=("win", "any"), **(
            {"met": ("fact_card_met", "max")} if s.measure == "card" else {}))
        n = len(per_game)
        if s.measure == "won":
            return pd.DataFrame([rate(int(per_game.won.sum()), n, "won", games=n)])
        return pd.DataFrame([{**rate(int(per_game.met.sum()), n, "met", card=s.variant["card"],
                                     games=n), "won": per_game.won.mean()}])
    if s.measure == "score":
        mean, low, high = mean_ci(frame.score)
        q = frame.score.quantile([0.25, 0.5, 0.75])
        return pd.DataFrame([{**head, "games": frame.game.nunique(), "mean": mean,
                              "ci_low": low, "ci_high": high, "sd": frame.score.std(),
                              "min": frame.score.min(), "q1": q[0.25], "median": q[0.5],
                              "q3": q[0.75], "max": frame.score.max()}])
    if s.measure == "cards":
        held = frame.assign(card=frame.fact_cards.astype(str).str.split()).explode("card")
        rows = [{**rate(int(group.win.sum()), len(group), "win_rate", card=int(card),
                        players=len(group)),
                 "win_rate_without": frame[~frame.index.isin(group.index)].win.mean()}
                for card, group in held[held.card.notna()].groupby("card")]
        return pd.DataFrame(rows).sort_values("card").reset_index(drop=True)
    table = seat_win_rates(frame).reset_index()
    table.insert(0, "agent", head["agent"])
    table.insert(0, "study", name)
    return table


def compare(*names: str) -> Any:
    """The stored studies' figures one under the other (the same question asked with a
    weaker and a stronger agent), each with its number of games and 95 % interval."""
    import pandas as pd

    if not names:
        raise VariantError("compare needs at least one study name")
    questions = {study(n).question for n in names}
    if len(questions) > 1:
        raise VariantError(f"these studies ask different questions: {sorted(questions)}")
    return pd.concat([summary(load(n), n) for n in names], ignore_index=True)


def left_text(table: Any) -> str:
    """One line under :func:`status`'s table: what is left to play, in studies, games and
    hours at their paces (a study with no pace to go by is counted apart)."""
    open_ = table[table.left > 0]
    if open_.empty:
        return "nothing left to play: every study is complete"
    unknown = int(open_.hours_left.isna().sum())
    names = ", ".join(open_.index[:4]) + (", …" if len(open_) > 4 else "")
    return (f"left: {len(open_)} stud{'y' if len(open_) == 1 else 'ies'} ({names}), "
            f"{int(open_.left.sum()):,} games, about "
            f"{float(open_.hours_left.sum(skipna=True)):.1f} hours at their paces"
            + (f" and {unknown} with no pace to go by yet" if unknown else ""))


def status(where: Path | None = None, names: list[str] | str | None = None) -> Any:
    """Where every study stands: games stored, games kept on this machine (stored, or in the
    shards of a run going on, stopped or killed), its target, and the time the rest would
    take at the pace of the runs that made it (every run's seconds over their games, on as
    many workers as the last). A study with no timed games yet goes by the pace of its
    nearest timed sibling: the same game, agents, variant and parameters at the nearest
    player count (fewer on a tie), or failing that the same study under other rules
    (parameters) at its own count; ``pace_from`` names it (``NAME (other rules)``), so an
    estimate is never mistaken for a measure. ``names``: only the studies named, or whose
    names start with one of them (``freizeitpark-card`` for a family). Nothing is played."""
    import pandas as pd

    target = Path(where or folder())
    names = [names] if isinstance(names, str) else names  # one name, not its letters
    chosen = [n for n in STUDIES if not names or any(n.startswith(p) for p in names)]
    if not chosen:
        raise VariantError(f"no study is named or starts with {', '.join(map(repr, names or []))}; "
                           f"known: {', '.join(sorted(STUDIES))}")
    measured = _measured(target)
    timed = {n: row for n, row in measured.items() if not math.isnan(row[1])}
    rows = []
    for name in chosen:
        s = STUDIES[name]
        stored, pace, workers = measured.get(name, (0, math.nan, None))
        pace_from = "" if name in timed else _nearest_sibling(s, timed)
        if pace_from:  # no timed games of its own: a sibling's pace, named
            _, pace, workers = timed[pace_from.removesuffix(" (other rules)")]
        shards = Store(target / f"{name}.csv.gz", _settings(s, s.n)).games()
        done = len(shards | set(range(stored)))  # its shards' games too
        rows.append({"study": name, "agent": ",".join(s.agents), "stored": stored,
                     "kept": done, "target": s.n, "left": max(0, s.n - done),
                     "s_per_game": pace, "workers": workers, "pace_from": pace_from,
                     "hours_left": max(0, s.n - done) * pace / 3600})
    return pd.DataFrame(rows).set_index("study")


def _measured(target: Path) -> dict[str, tuple[int, float, Any]]:
    """Every study stored in ``target``: its games stored, its pace (seconds a game over
    every run that made it; NaN when none was timed) and its last run's workers."""
    out: dict[str, tuple[int, float, Any]] = {}
    for name, s in STUDIES.items():
        meta = _meta(name, target)
        try:
            stored = _check_meta(meta, s, name, target / f"{name}.json") if meta else None
            seconds, played = _timed(meta)
        except DataError:  # not this study's games now: as if nothing were stored
            continue
        except (ValueError, KeyError, TypeError):  # a JSON without usable timings
            seconds, played = 0.0, 0
        if stored is not None:
            out[name] = ((stored, seconds / played, meta.get("workers")) if played > 0
                         else (stored, math.nan, None))
    return out


def _nearest_sibling(s: Study, timed: dict[str, Any]) -> str:
    """The timed study most like ``s`` (see :func:`status`); "" when there is none."""
    def alike(other: Study, *keys: str) -> bool:
        return all(getattr(other, k) == getattr(s, k) for k in ("game", "agents", "variant",
                                                                 *keys))

    near = [(abs(STUDIES[n].players - s.players), STUDIES[n].players, n) for n in timed
            if alike(STUDIES[n], "params")]
    ruled = sorted(n for n in timed if alike(STUDIES[n], "players"))
    return min(near)[2] if near else f"{ruled[0]} (other rules)" if ruled else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m boardkit.analysis.studies",
                                     description="play the large studies and store their tables")
    parser.add_argument("names", nargs="*",
                        help="studies to run (default: all); with --status, names or their "
                             "beginnings (freizeitpark-card: the family)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--n", type=int, default=None, help="games (default: the study's)")
    parser.add_argument("--status", action="store_true",
                        help="print where every study stands and what is left; play nothing")
    parser.add_argument("--store", action="store_true",
                        help="store the games a run on this machine has finished (games 0 .. "
                             "k-1) as the named studies, without stopping it; play nothing")
    args = parser.parse_args(argv)
    if args.store and not args.names:
        print("studies: error: --store needs the names of the studies", file=sys.stderr)
        return 2
    from .simulation import EXIT_PARTIAL, one_line_warnings, term_as_interrupt

    try:
        if args.store:
            for name in args.names:
                store(name)
        elif args.status:
            import pandas as pd

            table = status(names=args.names)
            with pd.option_context("display.width", 160, "display.max_rows", None):
                print(table.round({"s_per_game": 1, "hours_left": 1}).to_string())
            print(left_text(table))
        else:
            for name in args.names or list(STUDIES):
                with one_line_warnings("studies"), term_as_interrupt():
                    path = run(name, n=args.n, workers=args.workers)
                print(summary(load(name), name).round(3).to_string(index=False))
                print(f"-> {path}", flush=True)
    except BoardkitError as exc:  # one line, never a traceback
        print(f"studies: error: {exc}", file=sys.stderr)
        return EXIT_PARTIAL if isinstance(exc, IncompleteRunError) else 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
