"""Large studies: the analysis notebooks' key questions, answered on big samples and kept
as data files, so a notebook plots them at once and can still re-run a small sample live.

Each :class:`Study` (``data/studies.toml`` defines them) is one ``simulate`` run, stored as
its run file: ``run`` plays it into ``data/studies/<name>.csv.gz`` (the simulate table) with
its settings file ``<name>.csv.gz.run.json`` beside it (the settings, the status, the
version, the play time); ``load`` reads them back; ``summary`` gives the study's figure with
its 95 % interval. One command makes them::

    python -m boardkit.analysis.studies [NAME ...] [--workers 2] [--n N]

(``make studies`` runs them all; ``--status`` prints what is stored and what is left).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.dataclasses import dataclass

from boardkit.engine.content import load as load_toml
from boardkit.engine.errors import BoardkitError, DataError, IncompleteRunError, VariantError
from boardkit.engine.resources import data_dir

from . import fingerprint
from .metrics import GAME_COLUMNS, mean_ci, seat_win_rates, table_of_games, wilson
from .runfile import LABELS, OtherSettings, Store, digest, read, sidecar


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


def run(name: str, n: int | None = None, workers: int = 2, out: Path | None = None) -> Path:
    """Play the study on ``workers`` processes into its run file (``NAME.csv.gz``, as
    ``simulate(out=...)`` writes it); returns its path. Only the games the file lacks are
    played (a study that grows keeps its first games), none when it holds ``n``; a file of
    an older definition of the study is played again. A run that stops keeps its games and
    raises :class:`IncompleteRunError`. A second run of a study being played is refused.

    A table played under other rules than today's is played again whole, in the folder
    ``replaying/`` beside it (decision 105). The replays of a game's studies take their
    tables' places together, once all are complete (:func:`_promote`): a notebook compares
    a game's studies deal by deal, so it reads them all under one set of rules, saying
    meanwhile that they are being played again (:func:`rules_note`)."""
    from .simulation import MAX_GAMES, check_int, simulate

    s = study(name)
    n = s.n if n is None else check_int(n, f"study {name}: the number of games (n)", 1,
                                        MAX_GAMES, "a positive integer")
    target = Path(out or folder())
    target.mkdir(parents=True, exist_ok=True)
    path, stored, other = target / f"{name}.csv.gz", 0, False
    today = rules(name)
    try:
        stored = load(name, target).game.nunique()
    except FileNotFoundError:
        pass
    except OtherSettings:  # the study's definition changed: its games are played again
        other = True
    if stored and not other and fingerprint.recorded(path) not in (None, today):
        if target.name == fingerprint.REPLAYING:  # a replay the rules changed again under
            print(f"study {name}: its replay was played under other rules; playing it again",
                  file=sys.stderr)
            stored, other = 0, True
        else:
            print(f"study {name}: its stored games were played under other rules; playing "
                  f"it again in {fingerprint.REPLAYING}/, the stored table stays until then",
                  file=sys.stderr)
            run(name, n, workers, target / fingerprint.REPLAYING)
            _promote(s.game, target)
            return path
    if stored >= n:
        print(f"study {name}: the stored files hold {stored:,} games; nothing to play "
              f"for {n:,}", file=sys.stderr)
        return path
    why = None if other else fingerprint.stale(path, _settings(s, n), today)
    if why:  # games of other rules are not mixed with today's: all are played again
        print(f"study {name}: {why}; playing it again", file=sys.stderr)
        stored, other = 0, True
    fingerprint.begin(path, today)
    frame = simulate(**_settings(s, n), backend="processes" if workers > 1 else "serial",
                     workers=workers, progress=True, out=path, overwrite=other)
    fingerprint.end(path, _settings(s, n), today)
    if not frame.attrs["complete"]:
        raise IncompleteRunError(
            f"study {name}: {frame.attrs['finished']:,} of {n:,} games played "
            f"({frame.attrs['stopped']}); they are stored: run the study again to play the rest")
    return path


def _promote(game: str, target: Path) -> None:
    """Every stored study of ``game`` played under other rules takes its replay's table,
    once each of them has a complete replay under today's rules; until then none does."""
    stale = {n: again for n in STUDIES if STUDIES[n].game == game
             and (again := replaying(n, target)) is not None}
    left = [n for n, (done, n_games) in stale.items() if done < n_games]
    if not left:
        for n in stale:
            fingerprint.promote(target / f"{n}.csv.gz")
    else:
        print(f"studies of {game}: they take today's rules together; still to be played "
              f"again: {', '.join(left)}", file=sys.stderr)


def rules(name: str) -> str:
    """Today's rules fingerprint for the study (:mod:`.fingerprint`, decision 100)."""
    return fingerprint.of_settings(_settings(study(name), 1))


def load(name: str, where: Path | None = None) -> Any:
    """The stored table of a study (in the folder ``where``; the package's by default), its
    settings and status in ``frame.attrs``. A table that cannot be read, a settings file of
    another run (:class:`~.runfile.OtherSettings`: the study's definition changed) or rows
    that are not whole games raise a :class:`DataError` naming the file and what to do."""
    from .simulation import MAX_GAMES

    s = study(name)
    path = Path(where or folder()) / f"{name}.csv.gz"
    if not path.exists():
        raise FileNotFoundError(f"study {name!r} has no data file yet ({path}); make it with "
                                f"python -m boardkit.analysis.studies {name}")
    hint = (f". Restore the study's two files from the repository (git checkout -- {path}*), "
            f"or delete them and play it again (python -m boardkit.analysis.studies {name})")
    try:
        frame, meta = read(path, _settings(s, MAX_GAMES))  # grown past its n, it still loads
        missing = [c for c in (*GAME_COLUMNS, "seed", "rank") if frame is not None
                   and c not in frame.columns]
        if frame is None or missing:
            raise DataError(f"{path.name} has no " + (f"column {', '.join(missing)}" if missing
                                                       else "rows"))
    except DataError as exc:
        raise type(exc)(f"{exc}{hint}") from None
    frame.attrs.update({k: meta["settings"][k] for k in LABELS}, study=name,
                       lower_is_better=__import__("boardkit").game(s.game).lower_is_better,
                       **{k: v for k, v in meta.items() if k not in ("format", "settings")})
    return frame


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
    return table.assign(**head)[[*head, *table.columns]]


def compare(*names: str) -> Any:
    """The stored studies' figures one under the other (one question, a weaker and a
    stronger agent), each with its number of games and 95 % interval."""
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


def status(where: Path | None = None, names: list[str] | str | None = None,
           check_rules: bool = False) -> Any:
    """Where every study stands: games stored, games kept here (stored, or in the shards of
    a run going on, stopped or killed), its target, and the hours the rest would take at
    its pace (its games' play time over their count, on its last run's workers). A study
    not yet timed goes by its nearest timed sibling's pace (:func:`_nearest_sibling`),
    named in ``pace_from``, so an estimate is never mistaken for a measure. ``names``: only
    the studies named or starting so (``freizeitpark-card``: a family). ``check_rules``: a
    column ``rules`` (:func:`.fingerprint.status`, about a second per setting). Nothing is played."""
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
        path = target / f"{name}.csv.gz"
        done = _kept(path, s, stored)
        again = replaying(name, target) if check_rules and stored else None
        if again is not None:  # what is left is the replay's rest
            done = again[0]
        rows.append({"study": name, "agent": ",".join(s.agents), "stored": stored,
                     "kept": done, "target": s.n, "left": max(0, s.n - done),
                     "s_per_game": pace, "workers": workers, "pace_from": pace_from,
                     "hours_left": max(0, s.n - done) * pace / 3600})
        if check_rules:
            said = fingerprint.status(path, rules(name)) if stored else ""
            rows[-1]["rules"] = said if again is None or not again[0] else \
                f"{said}: played again in {fingerprint.REPLAYING}/"
    return pd.DataFrame(rows).set_index("study")


def _kept(path: Path, s: Study, stored: int) -> int:
    """The games kept for the run at ``path``: the ``stored`` ones, or with a run's shards
    on this machine (going on, stopped or killed) their games too."""
    import pandas as pd

    run_of = Store(path, _settings(s, s.n))
    if not run_of.shards():
        return stored
    run_of.base = pd.read_csv(run_of.path, usecols=["game"]) if stored else None
    return len(run_of.games())


def replaying(name: str, where: Path | None = None) -> tuple[int, int] | None:
    """When the stored table of study ``name`` was played under other rules than today's:
    the games played again so far under today's rules (``replaying/``, decision 105) and
    the games that replay is to have (the study's, unless it was run for another number);
    None when the table is current (or records no rules)."""
    s, path = study(name), Path(where or folder()) / f"{name}.csv.gz"
    if fingerprint.status(path, rules(name)) != "changed":
        return None
    again, stored, n = fingerprint.replay_of(path), 0, s.n
    try:
        meta = json.loads(sidecar(again).read_text())
        if fingerprint.recorded(again) == rules(name) and \
                digest(meta["settings"]) == digest(_settings(s, s.n)):
            stored, n = int(meta["finished"]), int(meta["games"])
    except FileNotFoundError:
        pass
    return _kept(again, s, stored), n


def replay_shift(name: str, where: Path | None = None) -> dict[str, int]:
    """How much a change of rules moved study ``name``: of the deals its replay has played
    so far (``replaying/``), how many ended otherwise than in the stored table (another
    score, winner or number of actions at some seat); {"games": 0, ...} with no replay."""
    path = Path(where or folder()) / f"{name}.csv.gz"
    if replaying(name, where) is None or not fingerprint.replay_of(path).exists():
        return {"games": 0, "otherwise": 0}
    cols = ["game", "seat", "score", "win", "actions"]
    old = load(name, where)[cols].set_index(["game", "seat"])
    new = load(name, fingerprint.replay_of(path).parent)[cols].set_index(["game", "seat"])
    both = new.merge(old, left_index=True, right_index=True, suffixes=("", "_old"))
    moved = (both[["score", "win", "actions"]].to_numpy()
             != both[["score_old", "win_old", "actions_old"]].to_numpy()).any(axis=1)
    per_game = both.assign(moved=moved).groupby(level="game").moved.any()
    return {"games": int(per_game.size), "otherwise": int(per_game.sum())}


def rules_note(name: str, where: Path | None = None) -> str:
    """A sentence for a notebook showing study ``name``: empty when its games were played
    under today's rules, else that they were not and how far playing them again has got."""
    again = replaying(name, where)
    if again is None:
        return ""
    done, n = again
    so_far = (f"all {n:,} games are played; they replace these once the game's other "
              "studies are played again too") if done >= n else f"{done:,} of {n:,} games so far"
    return (f"{name}: these games were played under the rules before a later change; the "
            f"study is being played again under today's rules ({so_far}).")


def _measured(target: Path) -> dict[str, tuple[int, float, Any]]:
    """Every study stored in ``target``, read from its settings file (not its rows): games
    stored, pace (play time per game over the workers; NaN when not timed) and workers."""
    out: dict[str, tuple[int, float, Any]] = {}
    for name, s in STUDIES.items():
        try:
            meta = json.loads(sidecar(target / f"{name}.csv.gz").read_text())
            if digest(meta["settings"]) != digest(_settings(s, s.n)):
                continue  # games of another definition of the study: as if none were stored
            stored, workers = int(meta["finished"]), meta.get("workers") or 1
            pace = float(meta["seconds"]) / stored / workers if stored else math.nan
        except FileNotFoundError:
            continue
        except (OSError, ValueError, KeyError, TypeError):  # no usable timings
            stored, pace, workers = 0, math.nan, None
        out[name] = (stored, pace, workers)
    return out


def _nearest_sibling(s: Study, timed: dict[str, Any]) -> str:
    """The timed study most like ``s``: the same game, agents, variant and parameters at the
    nearest player count (fewer on a tie), or else the same study under other rules at its
    own count (``NAME (other rules)``); "" when there is none."""
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
    parser.add_argument("--rules", action="store_true",
                        help="with --status: say whether each stored study was played under "
                             "today's rules (a second or so per setting)")
    args = parser.parse_args(argv)
    if args.rules and not args.status:
        parser.error("--rules goes with --status (a run checks the rules itself)")
    from .simulation import EXIT_PARTIAL, one_line_warnings, term_as_interrupt

    try:
        if args.status:
            import pandas as pd

            table = status(names=args.names, check_rules=args.rules)
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
