"""Wanderlust's own design questions, answered by simulation (needs the ``analysis`` extra).

* :func:`solo_win_rates` — how often each agent wins the Solo Mode against 1, 2, 3 automatons;
* :func:`objective_timing` — how often each race objective is fulfilled and in which round;
* :func:`score_shares` — the share of the points from each score-sheet line (A to F);
* :func:`first_player_advantage` — the first seat's win rate at 2 to 5 players.

Every function takes a seed; game seeds are derived from it as in
:func:`boardkit.analysis.simulate`, so any row can be replayed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boardkit.agents import make_agent, play
from boardkit.analysis import game_seeds, simulate
from boardkit.analysis.metrics import wilson
from boardkit.engine.errors import DataError

from .content import cards
from .game import new_game

if TYPE_CHECKING:
    import pandas as pd


def solo_win_rates(agents: Sequence[str] = ("random", "greedy"),
                   automatons: Sequence[int] = (1, 2, 3), n: int = 40, seed: int = 0
                   ) -> pd.DataFrame:
    """Win rate (with a 95 % Wilson interval) of each agent in the Solo Mode, by number of
    automatons; also how often the player finished the race (two objectives)."""
    import pandas as pd

    rows = []
    for agent in agents:
        for k in automatons:
            wins = finished = 0
            for game_seed in game_seeds(seed, n):
                s = new_game(players=1, seed=game_seed, variant={"automatons": k})
                play(s, [make_agent(agent, seed=game_seed, game="wanderlust")])
                wins += bool(s.winners())
                finished += len(s.achieved[0]) >= 2
            low, high = wilson(wins, n)
            rows.append({"agent": agent, "automatons": k, "games": n, "win_rate": wins / n,
                         "ci_low": low, "ci_high": high, "finished_race": finished / n})
    return pd.DataFrame(rows)


def objective_timing(n: int = 40, players: int = 3, agent: str = "greedy", seed: int = 0,
                     variant: dict[str, Any] | None = None) -> pd.DataFrame:
    """Per race objective: how often it was in play, how often someone fulfilled it, the
    mean round of its first fulfilment, and how many trotters fulfilled it on average
    (:func:`objective_table` of ``n`` simulated games)."""
    runs = simulate("wanderlust", agents=[agent], n=n, seed=seed, players=players,
                    variant=variant, trace=False, progress=False)
    return objective_table(runs)


def objective_table(frame: pd.DataFrame) -> pd.DataFrame:
    """The race-objective table of a ``simulate`` table (a live run or a stored study): per
    objective in play in at least one game, ``in_play`` (games), ``fulfilled`` (share of
    those games in which some trotter fulfilled it, with its 95 % Wilson interval
    ``fulfilled_low``–``fulfilled_high``), ``first_round`` (mean round of the
    first fulfilment, over the games it was fulfilled), ``trotters`` (mean number of
    trotters who fulfilled it) and ``game_rounds`` (mean length of those games); sorted by
    ``first_round``. It reads the ``fact_*`` columns of :func:`.objectives.timing`."""
    import pandas as pd

    games = frame.groupby("game").first()  # the objective facts are the game's
    rows = []
    for oid, objective in cards().objectives.items():
        key = "fact_" + oid.replace("-", "_")
        if f"{key}_in_play" not in games:
            raise DataError(f"the table has no {key}_in_play column: it was made before the "
                           "objective facts were kept (simulate it again)")
        played = games[games[f"{key}_in_play"] == 1]
        if played.empty:
            continue
        met = int((played[f"{key}_by"] > 0).sum())
        low, high = wilson(met, len(played))
        rows.append({"objective": objective.title, "in_play": len(played),
                     "fulfilled": met / len(played), "fulfilled_low": low,
                     "fulfilled_high": high,
                     "first_round": played[f"{key}_first"].mean(),
                     "trotters": played[f"{key}_by"].mean(),
                     "game_rounds": played["fact_rounds"].mean()})
    table = pd.DataFrame(rows).set_index("objective")
    return table.sort_values("first_round").round(2)


def score_shares(frame: pd.DataFrame) -> pd.DataFrame:
    """The share of all points from each score-sheet line, from a simulate table."""
    cols = [c for c in frame.columns if c.startswith("src_")]
    totals = frame[cols].sum()
    shares = totals / totals.sum()
    shares.index = [c.removeprefix("src_") for c in cols]
    return shares


def first_player_advantage(players: Sequence[int] = (2, 3, 4, 5), n: int = 60,
                           agent: str = "random", seed: int = 0) -> pd.DataFrame:
    """The first seat's win rate at each player count (fair: 1/players), with its interval."""
    import pandas as pd

    rows = []
    for count in players:
        frame = simulate("wanderlust", agents=[agent], n=n, seed=seed, players=count,
                         progress=False, trace=False)
        first = frame[frame.seat == 0]
        winners = frame.groupby("game")["win"].transform("sum")
        credit = (frame["win"] / winners.where(winners > 0, 1))[frame.seat == 0].sum()
        low, high = wilson(credit, len(first))
        rows.append({"players": count, "games": len(first), "first_seat_wins": credit / len(first),
                     "fair": 1 / count, "ci_low": low, "ci_high": high,
                     "mean_actions": frame.groupby("game")["actions"].first().mean()})
    return pd.DataFrame(rows)
