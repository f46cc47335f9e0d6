"""Game-design metrics with confidence intervals, from a :func:`simulate` table.

The definitions follow the game-design metrics of Browne's *Automatic Generation and
Evaluation of Recombination Games* (2008), as implemented in Ludii's metrics
(Piette et al., *Ludii — The Ludemic General Game System*, 2020; Stephenson et al., 2021):

=================  ============================================================  =========
metric             definition here                                               Ludii name
=================  ============================================================  =========
won                share of games somebody won (the rest have no winner)         Completion
advantage          share of the won games won by the first seat (1/players is   Advantage
                   fair)
balance            1 − (highest − lowest) seat win rate in won games; 1 is even  Balance
agent balance      the same across agents (when several agents play)             —
drawishness        share of games whose win is shared (a tie at the top)         Drawishness
decisiveness       share of the game (in decisions) after which the eventual     Decisiveness
                   winner leads without interruption; a smaller value means      (threshold
                   the result was settled earlier                                 variant)
lead changes       how often the leader changes, per game                        LeadChange
duration           decisions (player actions) per game; single-option moves the  DurationActions
                   engine takes by itself are counted apart (``auto_actions``)
branching factor   mean number of legal options per decision                     BranchingFactor
score              mean final score per seat, and its spread                     —
score sources      each scoring source's share of all points                     —
=================  ============================================================  =========

A game may end with **no winner** (``no_winner``: a failed solo game, a Freizeitpark game in
which everybody was fired or went out). Such games count in "won" (as not won) and in the
duration and score metrics, but not in the seat metrics (advantage, balance, agent balance,
drawishness, decisiveness), which are about *who* wins when somebody does.

Intervals are 95 %: Wilson intervals for proportions, normal intervals (mean ± 1.96 SE)
for means; seats are rotated between games by :func:`simulate`, so agents' strength does
not masquerade as a seat advantage.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Iterable, Sequence
from typing import Any

from boardkit.engine.errors import TableError

Z = 1.959963984540054

#: the columns of every table of games (``simulate``'s rows; a game adds its own)
GAME_COLUMNS = ("game", "seat", "agent", "score", "win", "shared_win")


def table_of_games(frame, what: str, columns: Iterable[str] = GAME_COLUMNS) -> None:
    """Refuse a table ``what`` cannot read, with a :class:`TableError` that says why: not a
    DataFrame, no games in it (a filter that kept nothing), or without a column it needs
    (a column dropped or renamed, a table that is not ``simulate``'s)."""
    import pandas as pd

    if not isinstance(frame, pd.DataFrame):
        raise TableError(f"{what}: expected a table of games (the DataFrame simulate or "
                         f"studies.load returns), not {type(frame).__name__}")
    if frame.empty:
        raise TableError(f"{what}: the table holds no games (a filter that kept no row?)")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise TableError(f"{what}: the table has no column {', '.join(missing)}; a table of "
                         f"games from simulate has {', '.join(GAME_COLUMNS)} and more")


def wilson(successes: float, n: int, z: float = Z) -> tuple[float, float]:
    """Wilson score interval for a proportion (works at 0 and 1); it always contains the
    share itself, rounding included (a fractional ``successes`` too)."""
    if n <= 0:
        return (math.nan, math.nan)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact at the ends (no 1e-17)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return (min(low, p), max(high, p))


def mean_ci(values, z: float = Z) -> tuple[float, float, float]:
    """(mean, low, high) with a normal interval."""
    import numpy as np

    arr = np.asarray(values, dtype=float)
    if arr.size == 0:
        return (math.nan, math.nan, math.nan)
    mean = float(arr.mean())
    if arr.size < 2:
        return (mean, math.nan, math.nan)
    se = float(arr.std(ddof=1)) / math.sqrt(arr.size)
    return (mean, mean - z * se, mean + z * se)


def _is_interval_column(column) -> bool:
    """``ci_low``, ``win_high``, ``out_ci_low``, ... (the last level of a column pair)."""
    name = column[-1] if isinstance(column, tuple) else column
    return isinstance(name, str) and name.endswith(("_low", "_high"))


#: a cell of words (a definition, a finding), not a figure: it reads from the left
_WORDS = re.compile(r"[A-Za-z]{2}")


def left_aligned_html(html: str, columns: Sequence[int], index_levels: int | None = 1) -> str:
    """A pandas table's HTML with the data columns at ``columns`` (0-based, index columns not
    counted) aligned left, their headers with them: Jupyter right-aligns every cell, which
    suits figures but makes a sentence hard to read, and a header right-aligned over a column
    of sentences stands at the far end of what it names. ``index_levels``: the header cells
    before the first column's (the index's); ``None`` (columns of more than one level, whose
    headers span several columns) leaves the headers as they are. A class of its own scopes
    the rule to this one table."""
    if not columns:
        return html
    name = f"boardkit-table-{next(_TABLES)}"
    cells = [f".{name} td:nth-of-type({i + 1})" for i in columns]
    if index_levels is not None:
        cells += [f".{name} thead th:nth-of-type({i + 1 + index_levels})" for i in columns]
    rules = ", ".join(cells)
    return (f"<style>{rules} {{text-align: left;}}</style>"
            f'<div class="{name}">{html}</div>')


_TABLES = itertools.count(1)


@functools.cache
def _readable_table() -> type:
    """The class :func:`readable` returns (made once, when pandas is first needed)."""
    import pandas as pd

    class ReadableTable(pd.DataFrame):
        """What :func:`readable` returns: a DataFrame (compute with it as with any), shown
        with its columns of words aligned left and every cell whole (pandas cuts a cell at
        ``display.max_colwidth`` and ends it with "...", which lost the end of a sentence)."""

        @property
        def _constructor(self):
            return ReadableTable

        def _repr_html_(self):
            with pd.option_context("display.max_colwidth", None):
                html = super()._repr_html_()
            if html is None:
                return None
            words = [i for i, (_, values) in enumerate(self.items())
                     if any(isinstance(v, str) and _WORDS.search(v) for v in values)]
            return left_aligned_html(html, words, None if self.columns.nlevels > 1
                                     else self.index.nlevels)

    ReadableTable.__qualname__ = ReadableTable.__name__
    globals()[ReadableTable.__name__] = ReadableTable  # so that pickle finds it
    return ReadableTable


def readable(table, digits: int = 3, missing: str = "—"):
    """A table of figures as a reader should see it: numbers rounded to ``digits`` decimals
    (whole numbers without decimals), a figure that does not apply (NaN: a metric given
    without an interval, a spread of one game) shown as ``missing``, and an interval column
    (``ci_low``, ``win_high``, ...) that no row fills left out. For display only: it holds
    text, so compute with the table itself (``readable(metrics(run))``). A Series is shown
    the same way."""
    import numpy as np
    import pandas as pd

    def cell(value):
        if value is None or (pd.api.types.is_scalar(value) and not isinstance(value, str)
                             and pd.isna(value)):
            return missing
        if isinstance(value, bool | np.bool_):
            return bool(value)
        if isinstance(value, float | np.floating):
            return f"{float(value):.{digits}f}"
        if isinstance(value, np.integer):
            return int(value)
        return value

    def column(values):
        if pd.api.types.is_float_dtype(values):
            known = values.dropna()
            if len(known) and (known == known.round()).all() and (known.abs() < 2**53).all():
                return values.map(lambda v: missing if math.isnan(v) else int(v)).astype(object)
        return values.map(cell).astype(object)

    if isinstance(table, pd.Series):
        return column(table)
    if not isinstance(table, pd.DataFrame):
        raise TableError(f"readable: expected a table (a DataFrame or a Series), not "
                         f"{type(table).__name__}")
    empty = [c for c in table.columns if _is_interval_column(c)
             and pd.api.types.is_numeric_dtype(table[c]) and table[c].isna().all()]
    shown = table.drop(columns=empty)
    return _readable_table()(shown.apply(column) if len(shown.columns) else shown.copy())


def per_game(frame):
    """One row per game (the game-level columns of a simulate table)."""
    table_of_games(frame, "per_game", ("game", "win", "shared_win"))
    cols = [c for c in ("seed", "actions", "branching", "lead_changes", "decided_at")
            if c in frame.columns]
    key = game_key(frame)
    games = frame.groupby(key)[cols].first()
    games["tie"] = frame.groupby(key)["shared_win"].any()
    games["no_winner"] = ~frame.groupby(key)["win"].any()
    return games


def _won_games(frame):
    """The rows of the games somebody won."""
    won = frame.groupby(game_key(frame))["win"].transform("any")
    return frame[won]


def seat_win_rates(frame, won_only: bool = True):
    """Win rate by seat with Wilson intervals (a shared win counts 1/k for each of k).

    With ``won_only`` (the default) only games somebody won count, so the rates of all seats
    add up to 1 and a fair game gives each seat 1/players; otherwise every game counts and a
    game nobody won is a loss for every seat."""
    import pandas as pd

    table_of_games(frame, "seat_win_rates", ("game", "seat", "win"))
    if won_only:
        frame = _won_games(frame)
    credit = _credit(frame)
    rows = []
    for seat, group in credit.groupby(frame["seat"]):
        n = len(group)
        wins = float(group.sum())
        low, high = wilson(wins, n)
        rows.append({"seat": seat, "games": n, "win_rate": wins / n, "ci_low": low, "ci_high": high})
    return pd.DataFrame(rows).set_index("seat")


def game_key(frame):
    """Identifies a game within a table (a tournament's ``game`` numbers repeat per match)."""
    if "match" in frame.columns:
        return frame["match"] + "#" + frame["game"].astype(str)
    return frame["game"]


def _credit(frame):
    winners = frame.groupby(game_key(frame))["win"].transform("sum")
    return frame["win"].astype(float) / winners.where(winners > 0, 1)


def metrics(frame):
    """The design metrics of a run, one row each: value, 95 % interval, and the definition."""
    import pandas as pd

    table_of_games(frame, "metrics")
    players = int(frame["seat"].max()) + 1
    games = per_game(frame)
    n = len(games)
    rows = []

    def add(name, value, low, high, definition):
        rows.append({"metric": name, "value": value, "ci_low": low, "ci_high": high,
                     "definition": definition})

    won = float(n - games["no_winner"].sum())
    add("won", won / n, *wilson(won, n), "share of games somebody won (the rest: no winner)")
    won_frame = _won_games(frame)
    won_games = games[~games["no_winner"]]
    if players > 1 and not won_frame.empty:
        seats = seat_win_rates(won_frame)
        first = seats.loc[0] if 0 in seats.index else None
        if first is not None:
            add("advantage", first.win_rate, first.ci_low, first.ci_high,
                f"first seat's share of the won games (fair: {1 / players:.3f})")
        hi, lo = seats.win_rate.idxmax(), seats.win_rate.idxmin()
        p_hi, p_lo = float(seats.win_rate[hi]), float(seats.win_rate[lo])
        spread = p_hi - p_lo
        # the two seats' shares come from the same games (one seat's win is another's loss),
        # so the gap's variance is the multinomial one, (p_hi + p_lo − gap²) / n, not the sum
        # of two independent variances (√2 too narrow with two players)
        g = float(min(seats.games[hi], seats.games[lo]))
        se = math.sqrt(max(0.0, p_hi + p_lo - spread ** 2) / g) if g else math.nan
        add("balance", 1 - spread, max(0.0, 1 - spread - Z * se), min(1.0, 1 - spread + Z * se),
            "1 − (highest − lowest seat win rate), won games")
        if won_frame["agent"].nunique() > 1:
            credit = _credit(won_frame)
            by_agent = credit.groupby(won_frame["agent"]).mean()
            add("agent balance", 1 - (by_agent.max() - by_agent.min()), math.nan, math.nan,
                "1 − (best − worst agent win rate), won games")
        m = len(won_games)
        ties = float(won_games["tie"].sum())
        add("drawishness", ties / m, *wilson(ties, m), "share of the won games with a shared win")
        if "decided_at" in won_games:
            add("decisiveness", *mean_ci(won_games["decided_at"].dropna()),
                "share of the game after which the eventual winner always leads")
    if players > 1:
        if "lead_changes" in games:
            add("lead changes", *mean_ci(games["lead_changes"]), "leader changes per game")
    add("duration", *mean_ci(games["actions"]), "player decisions per game")
    if "auto_actions" in frame.columns:
        auto = frame.groupby(game_key(frame))["auto_actions"].first()
        if auto.any():
            add("automatic moves", *mean_ci(auto),
                "single-option choices the engine took per game (not in duration)")
    if "branching" in games:
        add("branching factor", *mean_ci(games["branching"]), "legal options per decision")
    add("score", *mean_ci(frame["score"]), "mean final score per seat")
    sources = [c for c in frame.columns if c.startswith("src_")]
    total = sum(float(frame[c].sum()) for c in sources)
    if len(sources) > 1 and total:
        for c in sources:
            add(f"share: {c[4:]}", float(frame[c].sum()) / total, math.nan, math.nan,
                f"share of all points from {c[4:]}")
    table = pd.DataFrame(rows).set_index("metric")
    table.attrs["games"] = n
    return table


# ----------------------------------------------------------------- plots
def plot_scores(frame, ax=None, bins=None):
    """Histogram of final scores, one colour per seat."""
    import matplotlib.pyplot as plt

    table_of_games(frame, "plot_scores", ("game", "seat", "score"))
    ax = ax or plt.subplots(figsize=(6, 3.2))[1]
    lo, hi = frame["score"].min(), frame["score"].max()
    bins = bins or max(5, min(40, int(hi - lo) + 1))
    for seat, group in frame.groupby("seat"):
        ax.hist(group["score"], bins=bins, range=(lo - 0.5, hi + 0.5), alpha=0.55, label=f"seat {seat + 1}")
    ax.set_xlabel("final score")
    ax.set_ylabel("games")
    ax.set_title(f"{frame.attrs.get('game', '')} final scores ({frame['game'].nunique()} games)")
    ax.legend()
    return ax


def plot_seat_win_rates(frame, ax=None):
    """Win rate by seat with 95 % Wilson error bars and the fair rate."""
    import matplotlib.pyplot as plt

    ax = ax or plt.subplots(figsize=(5, 3.2))[1]
    seats = seat_win_rates(frame)
    x = [s + 1 for s in seats.index]
    err = [seats.win_rate - seats.ci_low, seats.ci_high - seats.win_rate]
    ax.bar(x, seats.win_rate, yerr=err, capsize=6, color="#4c78a8")
    ax.axhline(1 / len(seats), color="#b3261e", linestyle="--", label="fair")
    ax.set_xticks(x)
    ax.set_xlabel("seat")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.legend()
    return ax


def plot_score_sources(frame, ax=None):
    """Stacked bars: mean points from each scoring source, per agent."""
    import matplotlib.pyplot as plt

    table_of_games(frame, "plot_score_sources", ("agent",))
    ax = ax or plt.subplots(figsize=(5, 3.2))[1]
    sources = [c for c in frame.columns if c.startswith("src_")]
    means = frame.groupby("agent")[sources].mean()
    bottom = None
    for c in sources:
        ax.bar(means.index, means[c], bottom=bottom, label=c[4:])
        bottom = means[c] if bottom is None else bottom + means[c]
    ax.set_ylabel("mean points")
    ax.legend(title="source")
    return ax


#: the columns of :func:`summarize`'s table a lesson shows (all twelve are too wide for a
#: notebook's output area: the last scrolled out of sight)
SUMMARY_SHOWN = ["games", "win_rate", "win_low", "win_high", "mean_score", "mean_actions"]


def summarize(frame: Any) -> Any:
    """Per agent and seat: games, win rate and the share of games nobody won, each with its
    95 % Wilson interval (``win_low``–``win_high``, ``no_winner_low``–``no_winner_high``), mean
    score and its spread, mean game length (a DataFrame)."""
    import pandas as pd

    if frame.empty:
        return pd.DataFrame()
    groups = frame.groupby(["agent", "seat"])
    table = groups.agg(
        games=("game", "nunique"), win_rate=("win", "mean"), no_winner=("no_winner", "mean"),
        mean_score=("score", "mean"), sd_score=("score", "std"), mean_actions=("actions", "mean"),
    )
    rows = groups.size()
    for rate in ("win", "no_winner"):
        counts = groups[rate].sum()
        ends = [wilson(float(counts[key]), int(rows[key])) for key in table.index]
        at = table.columns.get_loc("win_rate" if rate == "win" else rate) + 1
        table.insert(at, f"{rate}_high", [high for _, high in ends])
        table.insert(at, f"{rate}_low", [low for low, _ in ends])
    return table.round(3)
