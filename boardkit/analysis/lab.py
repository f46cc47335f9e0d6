"""The design lab: change a rule, replay the same games, and say what changed.

:func:`compare` runs variant A and variant B on the **same seeds** (paired games: the same
deals and, as far as the rules allow, the same dice), takes one number per game (mean
score, game length, first-seat win, a scoring source, ...), and reports the mean paired
difference with a 95 % interval and a sign-flip permutation test — no normality
assumption and no SciPy needed. :func:`tournament` plays every combination of agents with
rotated seats. :func:`guesses` counts the decisions a one-step greedy player cannot tell
apart (every option worth the same to its heuristic), rule by rule. :func:`seats_beside`
sets two runs of the same deals side by side seat by seat, :func:`seat_gap` sets seat 1's
points beside the last seat's, source by source, and :func:`findings` (with
:func:`seat_finding` for a seat's row and :func:`interval_text` for every figure) sums up
which findings of a weaker player held with a stronger one.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from boardkit.engine import VariantError
from boardkit.engine.errors import IncompleteRunError
from boardkit.engine.files import check_target
from boardkit.engine.words import wrap

from .metrics import Z, _credit, game_key, table_of_games, wilson
from .runfile import write_table
from .simulation import simulate

#: per-game statistics by name: (label, frame -> Series indexed by game, the columns it
#: reads beside ``game``)
MEASURES: dict[str, tuple[str, Callable, tuple[str, ...]]] = {
    "score": ("mean score", lambda f: f.groupby("game")["score"].mean(), ("score",)),
    "spread": ("score spread (best − worst)",
               lambda f: f.groupby("game")["score"].agg(lambda s: s.max() - s.min()), ("score",)),
    "actions": ("game length (decisions)", lambda f: f.groupby("game")["actions"].first(),
                ("actions",)),
    "first_seat_win": ("first seat's win share",
                       lambda f: _credit(f)[f["seat"] == 0].groupby(f["game"][f["seat"] == 0]).sum(),
                       ("seat", "win")),
    "lead_changes": ("lead changes", lambda f: f.groupby("game")["lead_changes"].first(),
                     ("lead_changes",)),
    "won": ("share of games somebody won",
            lambda f: f.groupby("game")["win"].any().astype(float), ("win",)),
}


def measure(frame, name: str):
    """One number per game: a name from MEASURES or any numeric column (mean over seats)."""
    table_of_games(frame, f"measure {str(name)[:40]!r}",
                   ("game", *(MEASURES[name][2] if name in MEASURES else ())))
    if name in MEASURES:
        return MEASURES[name][1](frame)
    if name in frame.columns:
        return frame.groupby("game")[name].mean()
    if f"src_{name}" in frame.columns:
        return frame.groupby("game")[f"src_{name}"].mean()
    known = sorted(set(MEASURES) | {c[4:] for c in frame.columns if c.startswith("src_")})
    raise VariantError(f"unknown measure {name!r}; available: {', '.join(known)}")


@dataclass(frozen=True)
class Comparison:
    """The result of :func:`compare`: paired difference B − A with its uncertainty."""

    game: str
    measure: str
    label: str
    n: int
    mean_a: float
    mean_b: float
    diff: float
    ci_low: float
    ci_high: float
    p_value: float
    a: Any
    b: Any
    #: the share of the paired games the players played move for move alike under A and B
    #: (NaN when the runs carry no ``play`` fingerprints): 1.0 means they did not adapt to
    #: the change at all, so the difference is the rule's arithmetic on unchanged play
    same_play: float = math.nan

    @property
    def significant(self) -> bool:
        return self.p_value < 0.05

    def _play_note(self) -> str:
        if math.isnan(self.same_play) or self.same_play < 0.5:
            return ""
        if self.same_play == 1.0:
            return (f" The players played all {self.n} games move for move as under A: they "
                    "did not adapt to the change, so this is its arithmetic on unchanged play, "
                    "not how players respond to it (try a player that weighs the changed rule).")
        return (f" The players played {percent_text(self.same_play)} of the {self.n} games move for "
                "move as under A.")

    def summary(self) -> str:
        half = (self.ci_high - self.ci_low) / 2
        if self.diff == 0 and half == 0:
            return (f"Variant B leaves the {self.label} unchanged in all {self.n} paired "
                    f"games.{self._play_note()}")
        verb = "raises" if self.diff > 0 else "lowers"
        p = "p < 0.001" if self.p_value < 0.001 else f"p = {self.p_value:.3f}"
        verdict = "" if self.significant else " — not significant; it may be chance"
        return (f"Variant B {verb} the {self.label} by {abs(self.diff):.2f} ± {half:.2f} "
                f"(from {self.mean_a:.2f} to {self.mean_b:.2f}; 95 % interval, {self.n} paired "
                f"games, {p}){verdict}.{self._play_note()}")

    def __str__(self) -> str:
        """The summary broken at words (``summary()`` is one line, for code that reads it)."""
        return wrap(self.summary())

    def _repr_html_(self) -> str:
        return f"<p><b>{self.game}</b>: {self.summary()}</p>"


def sign_flip_p(diffs: np.ndarray, rounds: int = 10_000, seed: int = 0) -> float:
    """Two-sided paired permutation test: flip the sign of each difference at random."""
    if isinstance(rounds, bool) or not isinstance(rounds, int | np.integer) or rounds < 1:
        raise VariantError(f"sign_flip_p: rounds is a positive number of random sign flips, "
                           f"not {rounds!r}"[:120])
    diffs = np.asarray(diffs, dtype=float)
    observed = abs(diffs.mean())
    if observed == 0:
        return 1.0
    rng = np.random.default_rng(seed)
    signs = rng.choice((-1.0, 1.0), size=(rounds, diffs.size))
    null = np.abs((signs * diffs).mean(axis=1))
    return float((np.sum(null >= observed - 1e-12) + 1) / (rounds + 1))


def paired(a, b, seed: int = 0) -> tuple[float, float, float, float, int]:
    """B − A over the pairs both series hold (aligned by index; a pair with a missing side is
    dropped): the mean difference, its 95 % normal interval, a sign-flip permutation test's
    p-value (:func:`sign_flip_p`) and the number of pairs."""
    a, b = a.align(b, join="inner")
    keep = a.notna() & b.notna()
    diffs = (b[keep].astype(float) - a[keep].astype(float)).to_numpy()
    if diffs.size == 0:
        return (math.nan,) * 4 + (0,)
    mean = float(diffs.mean())
    se = float(diffs.std(ddof=1)) / math.sqrt(diffs.size) if diffs.size > 1 else math.nan
    return mean, mean - Z * se, mean + Z * se, sign_flip_p(diffs, seed=seed), int(diffs.size)


def seat_shift(a, b, seed: int = 0):
    """Each seat's wins, B − A on the same deals: two simulate tables of the same games
    (matched by ``game``), one row per seat (numbered from 1) with :func:`paired`'s mean
    difference, 95 % interval, sign-flip p-value and number of deals."""
    import pandas as pd

    for frame in (a, b):
        table_of_games(frame, "seat_shift", ("game", "seat", "win"))
    rows = {}
    for seat in sorted(set(a["seat"]) | set(b["seat"])):
        won_a, won_b = (frame[frame["seat"] == seat].set_index("game")["win"] for frame in (a, b))
        rows[int(seat) + 1] = dict(zip(["difference", "ci_low", "ci_high", "p", "deals"],
                                       paired(won_a, won_b, seed=seed), strict=True))
    return pd.DataFrame.from_dict(rows, orient="index").rename_axis("seat")


def seat_gap(frame: Any, last: int | None = None) -> Any:
    """Seat 1 against seat ``last`` (numbered from 1; ``None``: the last seat) in the same
    games, for the score and each scoring source (``src_*`` columns), one row each: seat 1's
    mean, seat ``last``'s, and seat 1 − seat ``last`` game by game (:func:`paired`'s mean
    difference, its 95 % interval and sign-flip p-value)."""
    import pandas as pd

    table_of_games(frame, "seat_gap", ("game", "seat", "score"))
    seats = sorted(int(s) + 1 for s in frame["seat"].unique())
    last = seats[-1] if last is None else last
    if last not in seats or last == 1:
        raise VariantError(f"seat_gap: seat 1 against seat {last}? the games seat "
                           f"{', '.join(map(str, seats))}")
    columns = ["score", *[c for c in frame.columns if str(c).startswith("src_")]]
    seat_1, seat_n = (frame[frame["seat"] == s].set_index("game")[columns] for s in (0, last - 1))
    rows = {}
    for col in columns:
        mean, low, high, p_value, _ = paired(seat_n[col], seat_1[col])
        rows[col.removeprefix("src_")] = {
            "seat 1": seat_1[col].mean(), f"seat {last}": seat_n[col].mean(),
            "difference": mean, "ci_low": low, "ci_high": high, "p": p_value}
    return pd.DataFrame(rows).T


def planned(frame) -> int | None:
    """The number of games a run was meant to hold (a ``simulate`` run's or a stored
    study's ``games``); ``None`` for a table without that record (one built by hand)."""
    games = (getattr(frame, "attrs", {}) or {}).get("games")
    return None if games is None else int(games)


@dataclass(frozen=True)
class SeatsBeside:
    """Two seat studies of the same deals side by side (:func:`seats_beside`)."""

    #: the two simulate tables, cut to the deals both hold, under their names
    runs: Mapping[str, Any]
    #: one row per seat (numbered from 1), for each run its win rate and 95 % interval
    table: Any
    #: each seat's wins, second run − first on the same deals (:func:`seat_shift`)
    shift: Any
    deals: int
    players: int
    #: the games each run was meant to hold (:func:`planned`; ``None``: not recorded)
    planned: Mapping[str, int | None] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        """Are the deals read every deal each run was planned for? A verdict waits for
        that: half a study can read otherwise than the whole (decision 61)."""
        return all(n is None or self.deals >= n for n in self.planned.values())

    def __str__(self) -> str:
        first, second = self.runs
        short = {name: n for name, n in self.planned.items() if n is not None and self.deals < n}
        whose = {n: [name for name, m in short.items() if m == n] for n in short.values()}
        part = "".join(f";\nthe first {self.deals} of the {n} deals planned for "
                       f"{' and '.join(names)}: a verdict waits for the rest"
                       for n, names in whose.items())
        return (f"win rate by seat at {self.players} players, the same {self.deals} deals "
                f"(fair {1 / self.players:.3f}){part}:\n{self.table.round(3).to_string()}\n\n"
                f"win rate, {second} − {first} on the same deals\n"
                f"{self.shift.round(3).to_string()}")


def seats_beside(runs: Mapping[str, Any], deals: int | None = None, seed: int = 0) -> SeatsBeside:
    """Each seat's win rate in two runs of the same deals (a weaker and a stronger player,
    or the rules as printed and a variant), side by side, and each seat's change deal by
    deal. ``runs``: two simulate tables under their names, the weaker first; ``deals``: read
    the first ``deals`` games of each (``None``: the games both hold). Raises
    :class:`VariantError` when the runs are not two, differ in player count, or hold fewer
    than ``deals`` games."""
    import pandas as pd

    from .metrics import seat_win_rates

    if len(runs) != 2:
        raise VariantError(f"seats_beside compares two runs, not {len(runs)}: {list(runs)}")
    for name, frame in runs.items():
        table_of_games(frame, f"seats_beside ({name})", ("game", "seat", "win"))
    counts = {name: int(frame["seat"].nunique()) for name, frame in runs.items()}
    if len(set(counts.values())) != 1:
        raise VariantError(f"seats_beside: the runs seat different player counts {counts}")
    held = {name: set(frame["game"]) for name, frame in runs.items()}
    both = set.intersection(*held.values())
    if deals is None:
        deals = len(both)
    if isinstance(deals, bool) or not isinstance(deals, int | np.integer) or deals < 1:
        raise VariantError(f"seats_beside: deals is a positive number of games, not {deals!r}")
    short = {name: len(games & set(range(deals))) for name, games in held.items()}
    if any(n < deals for n in short.values()):
        raise VariantError(f"seats_beside: {deals} deals asked, the runs hold {short} of them")
    cut = {name: frame[frame["game"] < deals] for name, frame in runs.items()}
    table = pd.concat({name: seat_win_rates(frame)[["win_rate", "ci_low", "ci_high"]]
                       for name, frame in cut.items()}, axis=1)
    table.index = table.index + 1
    table.index.name = "seat"
    first, second = cut.values()
    return SeatsBeside(runs=cut, table=table, shift=seat_shift(first, second, seed=seed),
                       deals=deals, players=next(iter(counts.values())),
                       planned={name: planned(frame) for name, frame in runs.items()})


#: what a finding measured with a weaker player became with a stronger one, by whether each
#: player's sample shows it (its 95 % interval clear of the no-finding value)
VERDICTS: dict[tuple[bool, bool], str] = {
    (True, True): "held",
    (True, False): "the weaker player's",
    (False, True): "the stronger player's alone",
    (False, False): "shown by neither",
}


def percent_text(share: float, digits: int = 0) -> str:
    """A share as the lessons write it, with a space before the sign: ``percent_text(0.55)``
    is ``"55 %"`` (as in :func:`interval_text`), never Python's ``f"{0.55:.0%}"``, "55%"."""
    return f"{100 * share:.{digits}f} %"


def interval_text(value: float, low: float, high: float, percent: bool = True,
                  digits: int = 1, sign: bool = False) -> str:
    """A figure with its 95 % interval as one string: ``58.7 % (55.6–61.7)`` for a rate
    (``percent``), ``39.2 (38.5 to 39.8)`` for a mean, ``+9.6 (+8.5 to +10.7)`` for a
    difference (``sign``). A negative number takes the minus sign (−), as in the prose
    around the tables."""
    if percent:
        text = f"{100 * value:.{digits}f} % ({100 * low:.{digits}f}–{100 * high:.{digits}f})"
    else:
        plus = "+" if sign else ""
        text = f"{value:{plus}.{digits}f} ({low:{plus}.{digits}f} to {high:{plus}.{digits}f})"
    return text.replace("-", "−")


def with_intervals(table: Any, columns: Mapping[str, tuple[str, str, str]], percent: bool = True,
                   digits: int = 1, sign: bool = False) -> Any:
    """``table`` to be read: each triple of ``columns`` (a new column's name: the figure's
    column, its 95 % interval's low end, its high end) written as one column of
    :func:`interval_text` where the figure's column stood, the two ends left out. A table
    with a figure and its interval side by side in three columns is about twice as wide and
    reads less easily. Returns a copy; compute with ``table``. Raises ``KeyError`` for a
    column the table lacks."""
    shown = table.copy()
    for name, (value, low, high) in columns.items():
        missing = [c for c in (value, low, high) if c not in shown.columns]
        if missing:
            raise KeyError(f"with_intervals: the table has no column {', '.join(missing)}")
        text = [interval_text(v, lo, hi, percent=percent, digits=digits, sign=sign)
                for v, lo, hi in zip(shown[value], shown[low], shown[high], strict=True)]
        at = list(shown.columns).index(value)
        shown = shown.drop(columns=[value, low, high])
        shown.insert(min(at, len(shown.columns)), name, text)
    return shown


#: the fair share of one seat in words, by player count (a seat finding's text)
FAIR_SHARE_WORDS: dict[int, str] = {2: "half", 3: "a third", 4: "a quarter", 5: "a fifth",
                                    6: "a sixth"}


def seat_finding(beside: SeatsBeside, seat: int, ahead: bool) -> dict[str, Any]:
    """A seat's row for :func:`findings`, from a :func:`seats_beside` comparison (the weaker
    player's run first): "3 players: seat 1 wins more than a third" (``ahead``: the seat's
    whole 95 % interval above the fair share) or "... wins less than a third" (its whole
    interval below it), each player's win rate as :func:`interval_text`, and whether each
    player's sample shows it. The stronger player's verdict waits for its whole study
    (``None`` while the comparison reads a part of it: :attr:`SeatsBeside.complete`)."""
    table, players = beside.table, beside.players
    if seat not in table.index:
        raise VariantError(f"seat_finding: no seat {seat} at {players} players (seats are "
                           f"numbered from 1)")
    fair = 1 / players
    share = FAIR_SHARE_WORDS.get(players, f"a 1/{players} share")
    weaker, stronger = beside.runs
    text, shows = {}, {}
    for name in (weaker, stronger):
        row = table.loc[seat, name]
        text[name] = interval_text(row["win_rate"], row["ci_low"], row["ci_high"])
        shows[name] = bool(row["ci_low"] > fair) if ahead else bool(row["ci_high"] < fair)
    return {"finding": f"{players} players: seat {seat} wins {'more' if ahead else 'less'} "
                       f"than {share}",
            "weaker": text[weaker], "stronger": text[stronger],
            "weaker_shows": shows[weaker],
            "stronger_shows": shows[stronger] if beside.complete else None}


def findings(rows: Sequence[Mapping[str, Any]]):
    """What a stronger player changed, one row per finding: each row gives ``finding`` (in
    words), ``weaker`` and ``stronger`` (the two players' figures, as text) and
    ``weaker_shows`` / ``stronger_shows`` (does that player's sample show the finding: a
    bool the notebook computes from its interval; ``None`` for a study not played yet). The
    table adds ``verdict`` (:data:`VERDICTS`, or "not measured yet")."""
    import pandas as pd

    table = []
    if not rows:
        raise VariantError("findings: no rows; give one mapping per finding (finding, weaker, "
                           "stronger, weaker_shows, stronger_shows)")
    for row in rows:
        missing = {"finding", "weaker", "stronger", "weaker_shows", "stronger_shows"} - set(row)
        if missing:
            raise VariantError(f"findings: a row lacks {sorted(missing)} ({row.get('finding')!r})")
        shows = (row["weaker_shows"], row["stronger_shows"])
        if any(s is not None and not isinstance(s, bool | np.bool_) for s in shows):
            raise VariantError(f"findings: weaker_shows and stronger_shows are True, False or "
                               f"None, not {shows!r} ({row['finding']!r})")
        verdict = ("not measured yet" if None in shows
                   else VERDICTS[(bool(shows[0]), bool(shows[1]))])
        table.append({"finding": row["finding"], "weaker": row["weaker"],
                      "stronger": row["stronger"], "verdict": verdict})
    return pd.DataFrame(table).set_index("finding")


def guesses(game: str, players: int = 2, n: int = 10, seed: int = 0,
            variant: Mapping[str, Any] | None = None, agent: str = "greedy"):
    """Where a one-step player guesses. Plays ``n`` games of ``agent`` (the game's
    ``greedy`` by default: a :class:`~boardkit.agents.greedy.GreedyAgent`, or any player
    that records ``last_ties`` as Wanderlust's and Freizeitpark's greedy do) on seeds
    ``seed, seed + 1, ...`` and, for each kind of decision (named by its step's rule), gives
    the number of decisions that offered a choice (``decisions``), their mean number of
    options (``options``), the share with two or more options tied at the best value
    (``tied``) and the share with **all** of them tied (``all_tied``: the seeded tie-break
    chose, so the move is a coin toss as far as the player's judgement goes). A decision
    the heuristic cannot tell apart is one whose effects arrive beyond the player's
    one-decision horizon: a figure that rests on it measures the tie-break, not the rule."""
    import pandas as pd

    from boardkit.agents import Agent, make_agent, play
    from boardkit.engine import game as get_game

    g = get_game(game)
    rows = []
    for k in range(n):
        s = g.new_game(players=players, seed=seed + k, variant=dict(variant or {}))
        agents: list[Any] = []
        for q in range(players):
            one = make_agent(agent, seed=(seed + k) * 8 + q, game=game)
            if not isinstance(getattr(one, "last_ties", None), tuple):
                raise VariantError(f"guesses: agent {agent!r} of {game} ({type(one).__name__}) "
                                   "does not record the ties of its decisions (last_ties)")
            agents.append(one)
        deciding: list[Any] = []  # the rule and the agent of the decision being taken

        def before(state, deciding=deciding, agents=agents):
            deciding[:] = [state.stack[-1].rule, agents[Agent.mover(state)]]

        def after(state, _action, deciding=deciding):
            rule, mover = deciding
            tied, options = mover.last_ties
            if options > 1:
                rows.append((rule, options, tied > 1, tied == options))

        play(s, agents, before_action=before, on_action=after)
    frame = pd.DataFrame(rows, columns=["rule", "options", "tied", "all_tied"])
    table = frame.groupby("rule").agg(decisions=("options", "size"), options=("options", "mean"),
                                      tied=("tied", "mean"), all_tied=("all_tied", "mean"))
    return table.sort_values("all_tied", ascending=False)


def compare(game: str, a: Mapping[str, Any] | None = None, b: Mapping[str, Any] | None = None,
            n: int = 200, seed: int = 0, agents: Sequence[str] | str = ("random",),
            players: int | None = None, measure_name: str = "score", **simulate_kwargs) -> Comparison:
    """Variant B against variant A on the same seeds. ``a``/``b``: ``{"variant": {...},
    "params": {"points.x": 5}}`` (either may be empty: the rules as printed). Raises
    :class:`IncompleteRunError` when a run stops early (a comparison needs every pair)."""
    runs = []
    for spec, label in ((a or {}), "a"), ((b or {}), "b"):
        extra = set(spec) - {"variant", "params"}
        if extra:
            raise VariantError(f"variant {label}: unknown keys {sorted(extra)}; use variant= and params=")
        run = simulate(game, agents, n=n, seed=seed, players=players,
                       variant=spec.get("variant"), params=spec.get("params"), **simulate_kwargs)
        if not run.attrs.get("complete", True):  # a comparison needs every paired game
            raise IncompleteRunError(
                f"variant {label} stopped after {run.attrs['finished']:,} of {n:,} games "
                f"({run.attrs['stopped']}); no comparison")
        runs.append(run)
    return compare_runs(game, runs[0], runs[1], a, b, measure_name=measure_name, seed=seed)


def compare_runs(game: str, run_a, run_b, a: Mapping[str, Any] | None = None,
                 b: Mapping[str, Any] | None = None, measure_name: str = "score",
                 seed: int = 0) -> Comparison:
    """The :class:`Comparison` of two runs already played on the same seeds (two ``simulate``
    tables, or two stored studies): what :func:`compare` returns once it has played them.
    ``a``/``b`` describe the variants, for the summary."""
    label = MEASURES[measure_name][0] if measure_name in MEASURES else measure_name
    va, vb = measure(run_a, measure_name), measure(run_b, measure_name)
    va, vb = va.align(vb, join="inner")
    mean, low, high, p, pairs = paired(va, vb, seed=seed)
    return Comparison(game, measure_name, label, pairs, float(va.mean()), float(vb.mean()),
                      mean, low, high, p, dict(a or {}), dict(b or {}), same_play(run_a, run_b))


def same_play(a, b) -> float:
    """The share of the games of two runs on the same seeds that were played move for move
    alike (their ``play`` fingerprints match; NaN when a run has none)."""
    if "play" not in a.columns or "play" not in b.columns:
        return math.nan
    pa, pb = a.groupby("game").play.first(), b.groupby("game").play.first()
    pa, pb = pa.align(pb, join="inner")
    return float((pa == pb).mean()) if len(pa) else math.nan


def tournament(game: str, agents: Sequence[str], games_per_match: int = 50, seed: int = 0,
               players: int | None = None, out: str | os.PathLike | None = None,
               **simulate_kwargs):
    """Every combination of ``players`` different agents plays ``games_per_match`` games with
    rotated seats. Returns the rows of all matches (column ``match``). An interrupted
    tournament returns the games finished so far, with ``attrs["complete"]`` False. ``out``
    names a CSV file, checked before the first game and replaced atomically after every
    match and at the end (with the finished games, whatever happens), so a tournament killed
    without warning keeps its finished matches."""
    import pandas as pd

    from boardkit.engine import game as get_game

    g = get_game(game)
    k = g.default_players if players is None else players
    agents = list(agents)
    if len(set(agents)) < 2:
        raise VariantError("a tournament needs at least two different agents")
    if k < 2:
        raise VariantError(f"{game} is a solo game: compare agents with simulate() instead")
    target = check_target(out) if out is not None else None
    pool = agents if len(agents) >= k else agents * k
    matches = sorted(set(itertools.combinations(pool, k)) if len(agents) >= k
                     else {tuple(sorted(c)) for c in itertools.combinations(pool, k)})
    frames = []
    for i, lineup in enumerate(matches):
        frame = simulate(game, list(lineup), n=games_per_match, seed=seed + i, players=k,
                         **simulate_kwargs)
        frame.insert(0, "match", " vs ".join(lineup))
        frames.append(frame)
        if target is not None and i + 1 < len(matches):  # the matches so far, kept as they end
            write_table(pd.concat(frames, ignore_index=True), target)
        if not frame.attrs["complete"]:  # interrupted: keep what finished, play no more matches
            break
    result = pd.concat(frames, ignore_index=True)
    result.attrs.update(frames[0].attrs)
    played = sum(f.attrs["finished"] for f in frames)
    result.attrs.update({"games": games_per_match * len(matches), "finished": played,
                         "missing": games_per_match * len(matches) - played,
                         "complete": played == games_per_match * len(matches),
                         "stopped": frames[-1].attrs["stopped"], "matches": len(matches)})
    if target is not None:
        write_table(result, target)
    return result


def standings(frame):
    """Per agent: games, win share (ties split; a game nobody won credits nobody) with a 95 %
    Wilson interval, mean score, and ``vs_next``: whether the agent is ahead of the next one
    or cannot be told apart from it (their intervals overlap). ``attrs["separated"]`` says
    whether the whole order holds, ``attrs["note"]`` says it in words: a small tournament
    ranks by noise, and this says so instead of claiming a ranking."""
    import pandas as pd

    table_of_games(frame, "standings", ("game", "agent", "score", "win"))
    credit = _credit(frame)
    key = game_key(frame)
    rows = []
    for agent, idx in frame.groupby("agent").groups.items():
        games = key[idx].nunique()
        wins = float(credit[idx].sum())
        low, high = wilson(wins, games)
        rows.append({"agent": agent, "games": games, "win_share": wins / games, "ci_low": low,
                     "ci_high": high, "mean_score": float(frame.loc[idx, "score"].mean())})
    table = pd.DataFrame(rows).set_index("agent").sort_values("win_share", ascending=False)
    # a ranking is claimed only where the intervals say so (as compare() does)
    verdicts, unsure = [], []
    names = list(table.index)
    for i, agent in enumerate(names):
        if i + 1 == len(names):
            verdicts.append("")
            break
        below = names[i + 1]
        if table.loc[agent, "ci_low"] > table.loc[below, "ci_high"]:
            verdicts.append(f"ahead of {below}")
        else:
            verdicts.append(f"not told apart from {below}: the intervals overlap")
            unsure.append((agent, below))
    table["vs_next"] = verdicts
    table.attrs["separated"] = not unsure
    table.attrs["note"] = (
        "every agent's interval lies clear of the next one's: the order holds" if not unsure else
        "; ".join(f"{a} and {b} cannot be told apart at {int(table.loc[a, 'games'])} games each "
                  "(their 95 % intervals overlap)" for a, b in unsure)
        + " — play more games before ranking them")
    return table
