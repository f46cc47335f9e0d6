"""Large studies: the analysis notebooks' key questions, answered on big samples and kept
as data files, so a notebook plots them at once and can still re-run a small sample live.

Each :class:`Study` is one ``simulate`` run (a game, its players, agents, variant, number of
games, seed). ``run`` plays it and writes ``data/studies/<name>.csv.gz`` (the simulate
table) with ``<name>.json`` beside it (the settings, the boardkit version, the time it
took); ``load`` reads them back; ``summary`` gives the study's figure with its 95 % interval.
The data files are produced by one command::

    python -m boardkit.analysis.studies [NAME ...] [--workers 2] [--n N]

(``make studies`` runs them all; ``--status`` prints what is stored and what is left). A
study is named after its question and its agent, so the notebooks can set a weak agent's
answer beside a strong one's.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from boardkit.engine.errors import BoardkitError, DataError, IncompleteRunError, VariantError

from .metrics import GAME_COLUMNS, table_of_games
from .runfile import Store, first_missing


@dataclass(frozen=True)
class Study:
    """One question, answered by ``n`` games of ``game`` with ``agents``."""

    game: str
    question: str
    agents: tuple[str, ...]
    players: int
    n: int
    seed: int
    #: "won": share of games somebody won; "seats": win rate by seat; "card": share of games
    #: in which somebody meets the Auftragskarte's condition (Freizeitpark's ``card`` variant);
    #: "score": the mean score of a Solo game (a normal interval of the mean); "cards": the
    #: win rate of the players who ended with each card (Wishland's ``fact_cards``)
    measure: str
    variant: dict[str, Any] = field(default_factory=dict)
    params: dict[str, Any] = field(default_factory=dict)


#: Freizeitpark's twelve Auftragskarten (the ids of ``variant={"card": ...}``; analysis sits
#: below the games, so the ids are listed here and a test holds them equal to the content's)
FREIZEITPARK_CARDS = ("vielfalt", "wasserpark", "kinderland", "achterbahn_land", "halloween",
                      "besucherrekord", "zug", "kommerz", "messe", "nachhaltigkeit",
                      "park_der_landschaft", "volksfest")

#: the studies behind the analysis notebooks (name -> study): each question asked of the
#: greedy player and of the default search agent, 1,000 games each (``n`` is the target; the
#: stored JSON's ``n`` says how many are played so far, see :func:`run`)
STUDIES: dict[str, Study] = {
    "wishland-seats-2p-greedy": Study(
        "wishland", "Does a seat win more often at 2 players?", ("greedy",), 2, 1000, 12,
        "seats"),
    "wishland-seats-2p-mcts60": Study(
        "wishland", "Does a seat win more often at 2 players?", ("mcts:60",), 2, 1000, 12,
        "seats"),
    "wishland-seats-2p-mcts": Study(
        "wishland", "Does a seat win more often at 2 players?", ("mcts",), 2, 1000, 12,
        "seats"),
    # section 1 at 3 and 4 players: the same question and seed, greedy and the search
    **{f"wishland-seats-{p}p-{agent}": Study(
        "wishland", f"Does a seat win more often at {p} players?", (agent,), p, 1000, 12,
        "seats") for p in (3, 4) for agent in ("greedy", "mcts")},
    # a rule change that tests where seat 1's edge at 3 players comes from (notebook 41,
    # section 6): over 7 rounds seat 1 chooses its Turn Order space first 3 times and the
    # others twice; 6 rounds give every seat 2 first choices. The same seed deals the same
    # games as the 7-round study (the number of rounds does not enter the setup)
    "wishland-seats-3p-mcts-6rounds": Study(
        "wishland", "Does seat 1 still win more often at 3 players when 6 rounds give every "
        "seat two first choices?", ("mcts",), 3, 1000, 12, "seats", params={"rounds": 6}),
    # the next test of the same edge (section 6, at 4 players): the house rule
    # first_round_reversed mirrors round 1's Turn Order choice (seat 4 first, seat 1 last)
    # and leaves the other rounds as the rulebook has them; same seed, same deals as
    # wishland-seats-4p-mcts (the house rule does not enter the setup either)
    "wishland-seats-4p-mcts-round1-reversed": Study(
        "wishland", "Does seat 1 still win more often at 4 players when round 1's Turn Order "
        "is chosen counter-clockwise (seat 4 first, seat 1 last)?", ("mcts",), 4, 1000, 12,
        "seats", params={"first_round_reversed": True}),
    **{f"wanderlust-seats-{p}p-greedy": Study(
        "wanderlust", f"Does the first seat win more often at {p} players?", ("greedy",), p,
        1000, 4, "seats") for p in (2, 3, 4, 5)},
    **{f"wanderlust-seats-{p}p-greedy-finish-round": Study(
        "wanderlust", f"Does the first seat win more often at {p} players?", ("greedy",), p,
        1000, 4, "seats", params={"end.finish_round": True}) for p in (2, 3, 4, 5)},
    **{f"wanderlust-seats-{p}p-mcts": Study(
        "wanderlust", f"Does the first seat win more often at {p} players?", ("mcts",), p,
        1000, 4, "seats") for p in (2, 3, 4, 5)},
    # the house rule that removed greedy's first-seat edge at every count (notebook 31,
    # section 4), asked of the search where its edge is largest: the deals of
    # wanderlust-seats-2p-mcts (the end of the race does not enter the setup)
    "wanderlust-seats-2p-mcts-finish-round": Study(
        "wanderlust", "Does the first seat still win more often at 2 players when the round "
        "is finished before the last turns?", ("mcts",), 2, 1000, 4, "seats",
        params={"end.finish_round": True}),
    "wanderlust-automatons-greedy": Study(
        "wanderlust", "How often does a player beat 2 automatons in Solo Mode?", ("greedy",),
        1, 1000, 7, "won", {"automatons": 2}),
    "wanderlust-automatons-mcts": Study(
        "wanderlust", "How often does a player beat 2 automatons in Solo Mode?", ("mcts",),
        1, 1000, 7, "won", {"automatons": 2}),
    "lands-normal-greedy": Study(
        "lands", "How often is a deal solved, and on which goal side?", ("greedy",), 1, 1000,
        3, "won"),
    "lands-normal-mcts": Study(
        "lands", "How often is a deal solved, and on which goal side?", ("mcts",), 1, 1000,
        3, "won"),
    "lands-expert-greedy": Study(
        "lands", "How often is an Expert Mode deal solved?", ("greedy",), 1, 1000, 3, "won",
        {"expert": True}),
    "lands-expert-mcts": Study(
        "lands", "How often is an Expert Mode deal solved?", ("mcts",), 1, 1000, 3, "won",
        {"expert": True}),
    "lands-expert-strong": Study(
        "lands", "How often is an Expert Mode deal solved?", ("mcts-strong",), 1, 1000, 3,
        "won", {"expert": True}),
    "freizeitpark-won-2p-greedy": Study(
        "freizeitpark", "How often does somebody win a 2-player game?", ("greedy",), 2, 1000,
        21, "won"),
    "freizeitpark-won-2p-mcts": Study(
        "freizeitpark", "How often does somebody win a 2-player game?", ("mcts",), 2, 1000, 21,
        "won"),
    "freizeitpark-won-2p-mcts-split": Study(
        "freizeitpark", "How often does somebody win a 2-player game?", ("mcts",), 2, 1000, 21,
        "won", params={"dice.attractions": "split"}),
    "freizeitpark-won-2p-strong": Study(
        "freizeitpark", "How often does somebody win a 2-player game?", ("mcts-strong",), 2,
        1000, 21, "won"),
    **{f"wishland-cards-2p-{agent}": Study(
        "wishland", "Which cards go with winning at 2 players, with the Entrepreneur draft?",
        (agent,), 2, 1000, 5, "cards", {"entrepreneurs": True})
       for agent in ("greedy", "mcts")},
    # a mean, not a rate: the search's 100 paired deals already give its mean score within
    # +-0.66 VP and its gain over greedy within +-1.1 VP (p < 0.001), so its study stops there
    # (decision 60); greedy's 1,000 cost seconds
    **{f"wishland-solo-{agent}": Study(
        "wishland", "What does a player score in Solo Mode?", (agent,), 1, n, 3, "score")
       for agent, n in (("greedy", 1000), ("mcts", 100))},
    # one study per Auftragskarte and agent, Solo games, the same seeds for every card (the
    # dice are paired across cards as far as the choices allow)
    **{f"freizeitpark-card-{card}-{agent}": Study(
        "freizeitpark", f"How often is the Auftragskarte {card!r} met in a Solo game?",
        (agent,), 1, 1000, 2026, "card", {"card": card})
       for agent in ("greedy", "mcts") for card in FREIZEITPARK_CARDS},
    # the card nobody meets, played by a player with a plan for it (is it the players?)
    "freizeitpark-card-vielfalt-planner": Study(
        "freizeitpark", "How often is the Auftragskarte 'vielfalt' met in a Solo game?",
        ("planner",), 1, 1000, 2026, "card", {"card": "vielfalt"}),
}


#: studies whose player is not a rung of the ladder (``boardkit.agents.LADDER``), with what
#: was measured of it: a study's answer is taught only with its player's measured strength
OFF_LADDER: dict[str, str] = {
    "wishland-seats-2p-mcts60": "mcts:60, a fifth of the default search's iterations, scored "
                                "12 of 40 seat-swapped games against greedy (p = 0.997 for "
                                "'no better'): weaker than greedy, kept as the record of a "
                                "withdrawn conclusion",
    "freizeitpark-card-vielfalt-planner": "planner, greedy with a plan for a card that asks "
                                          "for one of each kind (the two largest missing "
                                          "first, room kept for them): a specialist for the "
                                          "one such card, not a stronger player in general "
                                          "(on every other card it plays as greedy)",
}


def folder() -> Path:
    """Where the study files live (``data/studies`` in a checkout, or the installed copy)."""
    from boardkit.engine.resources import data_dir

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
         progress: bool | None = None, out: Path | Store | None = None):
    """The study's simulate table (``n`` games instead of the study's, for a live sample);
    ``out`` keeps the rows in a resumable file as they finish (see ``simulate``)."""
    from .simulation import simulate

    s = study(name)
    return simulate(s.game, agents=list(s.agents), n=n or s.n, seed=s.seed, players=s.players,
                    variant=s.variant, params=s.params, backend=backend, workers=workers,
                    progress=progress, trace=False, out=out)


def _settings(s: Study, n: int) -> dict:
    """The simulate settings of ``n`` games of the study (what its rows depend on)."""
    from .simulation import run_settings

    return run_settings(s.game, s.agents, s.players, n, s.seed, s.variant, s.params,
                        rotate=True, trace=False)


def _meta(name: str, target: Path) -> dict | None:
    """The stored study's JSON (None when its files are missing or the JSON is unreadable)."""
    meta_path = target / f"{name}.json"
    if not (target / f"{name}.csv.gz").exists() or not meta_path.exists():
        return None
    try:
        meta = json.loads(meta_path.read_text())
    except (OSError, ValueError):
        return None
    return meta if isinstance(meta, dict) else None


def _timed(meta: dict | None) -> tuple[float, int]:
    """The seconds and the games of every run that made a stored study (``timed_seconds``,
    ``timed_games``); a JSON written before they were kept gives its last run's alone."""
    if not meta:
        return 0.0, 0
    if "timed_games" in meta:
        return float(meta["timed_seconds"]), int(meta["timed_games"])
    played = int(meta["n"]) - int(meta.get("resumed", 0))
    return (float(meta["seconds"]), played) if played > 0 else (0.0, 0)


def _stored(name: str, target: Path, store: Store) -> int:
    """Check the stored study and give it to ``store`` as its ``base``; its games (0 when
    none are stored, or only games of another definition of the study)."""
    if not (target / f"{name}.csv.gz").exists():
        return 0
    try:
        store.base = load_from(target, name)
    except _OtherSettings:  # games of an earlier definition: the study is played again
        return 0
    return int(store.base.game.nunique())


def _publish(name: str, store: Store, frame: Any, meta: dict, goal: int) -> int:
    """Store games ``0 .. k-1`` of ``frame`` as the study (its JSON says ``target`` while
    ``k`` is short of ``goal``); returns ``k``."""
    k = first_missing(frame.game.unique())
    store.publish(frame[frame.game < k].reset_index(drop=True), store.path.parent
                  / f"{name}.json", {**meta, "n": k, **({"target": goal} if k < goal else {})})
    return k


def run(name: str, n: int | None = None, workers: int = 2, out: Path | None = None) -> Path:
    """Play the study on ``workers`` processes and write its data files; returns the CSV path.

    The study's table is its run's compacted file (:class:`~boardkit.analysis.runfile.Store`):
    games are played into shards beside it, and only the games it lacks are played (a study
    grows: its first games are a smaller study's). When it holds ``n`` games or more nothing
    is played. A run that stops stores its games ``0 .. k-1`` as the study (with ``target``
    in its JSON), keeps the others in its shards and raises :class:`IncompleteRunError`;
    running it again plays only the missing games. A second run of a study being played is
    refused."""
    import boardkit

    s = study(name)
    if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 1):
        raise VariantError(f"study {name}: the number of games (n) must be a positive "
                           f"integer, not {n!r}"[:160])
    n = n or s.n
    target = Path(out or folder())
    target.mkdir(parents=True, exist_ok=True)
    csv = target / f"{name}.csv.gz"
    with Store(csv, _settings(s, n)) as store:
        stored = _stored(name, target, store)
        timed = _timed(_meta(name, target)) if stored else (0.0, 0)
        if stored >= n:
            print(f"study {name}: the stored files hold {stored:,} games; nothing to play "
                  f"for {n:,}", file=sys.stderr)
            return csv
        t = time.perf_counter()
        frame = play(name, n=n, backend="processes" if workers > 1 else "serial",
                     workers=workers, progress=True, out=store)
        seconds = time.perf_counter() - t
        played_now = int(frame.attrs["finished"]) - int(frame.attrs["resumed"])
        meta = {"study": name, **asdict(s), "boardkit": boardkit.__version__,
                "seconds": round(seconds, 1), "workers": workers,
                # every run's time and games, for the pace --status plans with
                "timed_seconds": round(timed[0] + seconds, 1),
                "timed_games": timed[1] + played_now,
                **({"resumed": frame.attrs["resumed"]} if frame.attrs["resumed"] else {})}
        k = _publish(name, store, frame, meta, n) if frame.attrs["finished"] > stored else stored
    if not frame.attrs["complete"]:
        note = f"; games 0-{k - 1} are stored as the study meanwhile" if k > stored else ""
        raise IncompleteRunError(
            f"study {name}: {frame.attrs['finished']:,} of {frame.attrs['games']:,} games played "
            f"({frame.attrs['stopped']}); they are kept in {store.folder}{note}: run the study "
            f"again to play the rest")
    return csv


def store(name: str, where: Path | None = None) -> int:
    """Store the games ``0 .. k-1`` that a run of the study on this machine has finished (its
    shards) as the study's data files, **without stopping the run**, so they can be
    committed while it goes on; returns ``k``. Nothing is written when the data files
    already hold as many games."""
    import boardkit

    s = study(name)
    target = Path(where or folder())
    run_of = Store(target / f"{name}.csv.gz", _settings(s, s.n))
    if not run_of.shards():
        other = "with other settings" if run_of.shards(mine=False) else "of it"
        raise VariantError(f"study {name}: no run {other} on this machine to store from (no "
                           f"shards in {run_of.folder}); nothing stored")
    stored = _stored(name, target, run_of)
    meta = _meta(name, target) or {}
    frame = run_of.frame(s.n)
    if first_missing(frame.game.unique()) <= stored:
        print(f"study {name}: the data files hold {stored:,} games, the run no more in a "
              "row; nothing stored", file=sys.stderr)
        return stored
    # the pace --status goes by stays the stored runs' (this run's time is known when it ends)
    seconds, games = _timed(meta) if stored else (0.0, 0)
    k = _publish(name, run_of, frame, {
        "study": name, **asdict(s), "boardkit": boardkit.__version__,
        "workers": meta.get("workers"), "timed_seconds": seconds, "timed_games": games,
        "resumed": stored}, s.n)
    print(f"study {name}: games 0-{k - 1} stored while its run goes on", file=sys.stderr)
    return k


#: the columns every study table has (``simulate``'s own; a game adds its facts)
_COLUMNS = (*GAME_COLUMNS, "seed", "rank")


def load_from(where: Path, name: str):
    """The stored table of a study in the folder ``where`` (with its settings in
    ``frame.attrs``). The files are checked before anything reads a figure from them: a
    table that cannot be read, a JSON that is not the study's (:func:`_check_meta`), or
    rows that are not whole games ``0 .. n-1`` with one row per seat raise a
    :class:`DataError` naming the file and the field, and what to do."""
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


class _StoredStudy(BaseModel):
    """The JSON beside a study's table: the study's settings and how many games it holds
    (the run's timings and versions may follow)."""

    model_config = ConfigDict(extra="allow")
    study: str
    game: str
    question: str
    agents: list[str]
    players: int = Field(ge=1)
    n: int = Field(ge=1)
    seed: int = Field(ge=0)
    measure: str
    variant: dict[str, Any] = {}
    params: dict[str, Any] = {}


def _check_meta(meta: Any, s: Study, name: str, path: Path) -> int:
    """The number of games the JSON says the table holds, once it is shown to be this
    study's: every setting the games depend on equal to the study's own."""
    from boardkit.engine.content import format_validation_error

    if not isinstance(meta, dict):
        raise _broken(path, name, "it is not a JSON object")
    try:
        stored = _StoredStudy.model_validate(meta)
    except ValidationError as exc:
        raise _broken(path, name, format_validation_error("the JSON", exc, limit=3)) from None
    if stored.study != name:
        raise _broken(path, name, f"its field study is {stored.study[:60]!r}, not {name!r}")
    for key in ("game", "agents", "players", "seed", "measure", "variant", "params"):
        have, want = getattr(stored, key), getattr(s, key)
        if (list(want) if key == "agents" else want) != have:
            raise _OtherSettings(_broken(path, name, (
                f"its field {key} is {str(have)[:60]}, but the study is played with {want}: "
                f"these are games of another definition of the study")))
    return stored.n


def _check_rows(frame, s: Study, k: int, name: str, path: Path) -> None:
    """The table holds games ``0 .. k-1``, each with one row per seat ``0 .. players-1``."""
    missing = [c for c in _COLUMNS if c not in frame.columns]
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
    games = set(per_game.index.tolist())
    if games != set(range(k)):
        absent = sorted(set(range(k)) - games)[:3]
        extra = sorted(games - set(range(k)))[:3]
        raise _broken(path, name, f"its JSON says games 0-{k - 1}, the table "
                                  f"{'lacks ' + str(absent) if absent else 'also has ' + str(extra)}")
    short = per_game[(per_game["size"] != s.players) | (per_game["min"] != 0)
                     | (per_game["max"] != s.players - 1)]
    if len(short):
        raise _broken(path, name, f"game {short.index[0]} has {short['size'].iloc[0]} seats' "
                                  f"rows, not one for each of {s.players} seats")


def load(name: str):
    """The stored table of a study (with its settings in ``frame.attrs``)."""
    return load_from(folder(), name)


def summary(frame, name: str):
    """The study's figure: a one-row table (``won``; ``card``: the share of games in which
    the card's condition is met at the end, beside the share won) or one row per seat
    (``seats``), with games, rate and 95 % Wilson interval; ``score``: the mean score with a
    95 % normal interval, its standard deviation and quartiles; ``cards``: one row per card
    id, the players who ended with it, their win rate with its interval and the win rate of
    all the other players (the game's analysis names the cards)."""
    import pandas as pd

    from .metrics import seat_win_rates, wilson

    s = study(name)
    needs = {"card": ("game", "win", "fact_card_met"), "score": ("game", "score"),
             "cards": ("game", "win", "fact_cards")}.get(s.measure, ("game", "seat", "win"))
    table_of_games(frame, f"the summary of {name}", needs)
    if s.measure == "won":
        per_game = frame.groupby("game")["win"].any()
        k, n = int(per_game.sum()), len(per_game)
        low, high = wilson(k, n)
        return pd.DataFrame([{"study": name, "agent": ",".join(s.agents), "games": n,
                              "won": k / n, "ci_low": low, "ci_high": high}])
    if s.measure == "card":
        per_game = frame.groupby("game").agg(met=("fact_card_met", "max"), won=("win", "any"))
        k, n = int(per_game.met.sum()), len(per_game)
        low, high = wilson(k, n)
        return pd.DataFrame([{"study": name, "agent": ",".join(s.agents),
                              "card": s.variant["card"], "games": n, "met": k / n,
                              "ci_low": low, "ci_high": high, "won": per_game.won.mean()}])
    if s.measure == "score":
        from .metrics import mean_ci

        mean, low, high = mean_ci(frame.score)
        q = frame.score.quantile([0.25, 0.5, 0.75])
        return pd.DataFrame([{"study": name, "agent": ",".join(s.agents),
                              "games": frame.game.nunique(), "mean": mean, "ci_low": low,
                              "ci_high": high, "sd": frame.score.std(), "min": frame.score.min(),
                              "q1": q[0.25], "median": q[0.5], "q3": q[0.75],
                              "max": frame.score.max()}])
    if s.measure == "cards":
        held = frame.assign(card=frame.fact_cards.astype(str).str.split()).explode("card")
        rows = []
        for card, group in held[held.card.notna()].groupby("card"):
            k, n = int(group.win.sum()), len(group)
            low, high = wilson(k, n)
            others = frame[~frame.index.isin(group.index)]
            rows.append({"study": name, "agent": ",".join(s.agents), "card": int(card),
                         "players": n, "win_rate": k / n, "ci_low": low, "ci_high": high,
                         "win_rate_without": others.win.mean()})
        return pd.DataFrame(rows).sort_values("card").reset_index(drop=True)
    table = seat_win_rates(frame).reset_index()
    table.insert(0, "agent", ",".join(s.agents))
    table.insert(0, "study", name)
    return table


def compare(*names: str):
    """The stored studies' figures one under the other (the same question asked with a
    weaker and a stronger agent), each with its number of games and 95 % interval."""
    import pandas as pd

    if not names:
        raise VariantError("compare needs at least one study name")
    questions = {study(n).question for n in names}
    if len(questions) > 1:
        raise VariantError(f"these studies ask different questions: {sorted(questions)}")
    return pd.concat([summary(load(n), n) for n in names], ignore_index=True)


def left_text(table) -> str:
    """One line under :func:`status`'s table: what is left to play, in studies, games and
    hours at their paces (a study with no pace to go by is counted apart)."""
    open_ = table[table.left > 0]
    if open_.empty:
        return "nothing left to play: every study is complete"
    unknown = int(open_.hours_left.isna().sum())
    hours = float(open_.hours_left.sum(skipna=True))
    names = ", ".join(open_.index[:4]) + (", …" if len(open_) > 4 else "")
    return (f"left: {len(open_)} stud{'y' if len(open_) == 1 else 'ies'} ({names}), "
            f"{int(open_.left.sum()):,} games, about {hours:.1f} hours at their paces"
            + (f" and {unknown} with no pace to go by yet" if unknown else ""))


def status(where: Path | None = None, names: list[str] | None = None):
    """Where every study stands: games stored, games kept on this machine (stored, or in the
    shards of a run going on, stopped or killed), its target, and the time the rest would take at the pace of
    the runs that made it (every run's seconds over their games, on as many workers as the
    last). A study with no timed games yet goes by the pace of its nearest measured sibling:
    the same game and players, at the nearest player count (fewer on a tie); ``pace_from``
    names that sibling (empty when the pace is the study's own, or there is none), so an
    estimate is never mistaken for a measure.
    ``names``: only the studies named, or whose names start with one of them
    (``freizeitpark-card`` for a family). Nothing is played."""
    import math

    import pandas as pd

    target = Path(where or folder())
    chosen = list(STUDIES)
    if isinstance(names, str):  # one name, not its letters
        names = [names]
    if names:
        chosen = [n for n in STUDIES if any(n.startswith(prefix) for prefix in names)]
        if not chosen:
            raise VariantError(f"no study is named or starts with {', '.join(map(repr, names))}; "
                               f"known: {', '.join(sorted(STUDIES))}")
    measured = _measured(target)
    rows = []
    for name in chosen:
        s = STUDIES[name]
        stored, pace, workers = measured.get(name, (0, math.nan, None))
        pace_from = ""
        sibling = _nearest_sibling(s, measured) if pace != pace else None
        if sibling is not None:  # no timed games of its own: a sibling's pace, named
            _, pace, workers = measured[sibling.removesuffix(" (other rules)")]
            pace_from = sibling
        # the games its shards hold too: a run going on, stopped or killed on this machine
        shards = Store(target / f"{name}.csv.gz", _settings(s, s.n)).games()
        done = len(shards | set(range(stored)))
        rows.append({"study": name, "agent": ",".join(s.agents), "stored": stored,
                     "kept": done, "target": s.n, "left": max(0, s.n - done),
                     "s_per_game": pace, "workers": workers, "pace_from": pace_from,
                     "hours_left": max(0, s.n - done) * pace / 3600})
    return pd.DataFrame(rows).set_index("study")


def _measured(target: Path) -> dict[str, tuple[int, float, Any]]:
    """Every study stored in ``target``: its games stored, its pace (seconds a game over
    every run that made it; NaN when none was timed) and its last run's workers."""
    out: dict[str, tuple[int, float, Any]] = {}
    for name in STUDIES:
        meta = _meta(name, target)
        if meta is None:
            continue
        try:
            stored = _check_meta(meta, STUDIES[name], name, target / f"{name}.json")
            seconds, played = _timed(meta)
        except DataError:  # not this study's games now: as if nothing were stored
            continue
        except (ValueError, KeyError, TypeError):  # a JSON without usable timings
            seconds, played = 0.0, 0
        out[name] = ((stored, seconds / played, meta.get("workers")) if played > 0
                     else (stored, float("nan"), None))
    return out


def _nearest_sibling(study: Study, measured: dict[str, tuple[int, float, Any]]) -> str | None:
    """The timed study most like ``study``: the same game, players (agents), variant and
    parameters, at the nearest player count (the smaller on a tie); failing that, the same
    study under the rulebook's rules or another house rule (the same game, players, variant
    and player count, other parameters), named with " (other rules)" after it."""
    timed = [n for n, (_, pace, _) in measured.items() if pace == pace]
    alike = [(abs(STUDIES[n].players - study.players), STUDIES[n].players, n) for n in timed
             if (STUDIES[n].game, STUDIES[n].agents, STUDIES[n].variant, STUDIES[n].params)
             == (study.game, study.agents, study.variant, study.params)]
    if alike:
        return min(alike)[2]
    ruled = sorted(n for n in timed
                   if (STUDIES[n].game, STUDIES[n].agents, STUDIES[n].variant,
                       STUDIES[n].players) == (study.game, study.agents, study.variant,
                                               study.players))
    return f"{ruled[0]} (other rules)" if ruled else None


def main(argv=None) -> int:
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
    if args.store:
        if not args.names:
            print("studies: error: --store needs the names of the studies", file=sys.stderr)
            return 2
        for name in args.names:
            try:
                store(name)
            except BoardkitError as exc:
                print(f"studies: error: {exc}", file=sys.stderr)
                return 2
        return 0
    if args.status:
        import pandas as pd

        try:
            table = status(names=args.names)
        except BoardkitError as exc:
            print(f"studies: error: {exc}", file=sys.stderr)
            return 2
        with pd.option_context("display.width", 160, "display.max_rows", None):
            print(table.round({"s_per_game": 1, "hours_left": 1}).to_string())
        print(left_text(table))
        return 0
    from .simulation import EXIT_PARTIAL, one_line_warnings, term_as_interrupt

    for name in args.names or list(STUDIES):
        try:
            with one_line_warnings("studies"), term_as_interrupt():
                path = run(name, n=args.n, workers=args.workers)
            table = summary(load(name), name)
        except BoardkitError as exc:  # one line, never a traceback
            print(f"studies: error: {exc}", file=sys.stderr)
            return EXIT_PARTIAL if isinstance(exc, IncompleteRunError) else 2
        print(table.round(3).to_string(index=False))
        print(f"-> {path}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
