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

from boardkit.agents import make_agent, play
from boardkit.analysis import game_seeds, simulate
from boardkit.analysis.metrics import wilson

from .content import cards
from .game import new_game


def solo_win_rates(agents: Sequence[str] = ("random", "greedy"),
                   automatons: Sequence[int] = (1, 2, 3), n: int = 40, seed: int = 0):
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
                     variant: dict | None = None):
    """Per race objective: how often it was in play, how often someone fulfilled it, the
    mean round of its first fulfilment, and how many trotters fulfilled it on average."""
    import pandas as pd

    rows = []
    for game_seed in game_seeds(seed, n):
        s = new_game(players=players, seed=game_seed, variant=variant)
        play(s, [make_agent(agent, seed=game_seed + k, game="wanderlust")
                 for k in range(s.players)])
        for oid in s.objectives:
            rounds = [s.achieved_round[t][oid] for t in range(s.trotters)
                      if oid in s.achieved_round[t]]
            rows.append({"seed": game_seed, "objective": cards().objectives[oid].title,
                         "fulfilled": bool(rounds), "first_round": min(rounds) if rounds else None,
                         "trotters": len(rounds), "game_rounds": s.round})
    frame = pd.DataFrame(rows)
    table = frame.groupby("objective").agg(
        in_play=("seed", "count"), fulfilled=("fulfilled", "mean"),
        first_round=("first_round", "mean"), trotters=("trotters", "mean"),
        game_rounds=("game_rounds", "mean"))
    return table.sort_values("first_round").round(2)


def score_shares(frame):
    """The share of all points from each score-sheet line, from a simulate table."""
    cols = [c for c in frame.columns if c.startswith("src_")]
    totals = frame[cols].sum()
    shares = totals / totals.sum()
    shares.index = [c.removeprefix("src_") for c in cols]
    return shares


def first_player_advantage(players: Sequence[int] = (2, 3, 4, 5), n: int = 60,
                           agent: str = "random", seed: int = 0):
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
