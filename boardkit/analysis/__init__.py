"""Simulation at scale, game-design metrics and the design lab (needs the ``analysis``
extra: pandas, matplotlib, tqdm; the ``dask`` extra for clusters)."""

from .lab import Comparison, compare, compare_runs, measure, standings, tournament
from .metrics import (
    metrics,
    plot_score_sources,
    plot_scores,
    plot_seat_win_rates,
    readable,
    seat_win_rates,
    summarize,
)
from .rows import game_seeds
from .simulation import simulate

__all__ = ["Comparison", "compare", "compare_runs", "game_seeds", "measure", "metrics", "plot_score_sources",
           "plot_scores", "plot_seat_win_rates", "readable", "seat_win_rates", "simulate", "standings",
           "summarize", "tournament"]
