"""Lands of Amazement's own design questions, on top of :mod:`boardkit.analysis` (needs the
``analysis`` extra).

* :func:`side_seeds` — a stratified sample: the first deals of a run's seed sequence that
  show each goal side, as many for every side;
* :func:`goal_sides` — how hard each goal side is: the deals that drew it, their mean
  penalty with a 95 % interval, and the share solved;
* :func:`sides_apart` — whether the easiest sides are clearly easier than the hardest: their
  intervals do not overlap.

The penalty, the titles and how often a deal is solved come from the generic
:func:`boardkit.analysis.simulate` (``score`` is the penalty, ``win`` the game's verdict) and
:func:`boardkit.analysis.studies.summary`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.analysis.metrics import mean_ci, table_of_games
from boardkit.analysis.rows import game_seeds
from boardkit.engine.errors import DataError

from .content import content
from .game import GAME
from .state import LandsPlay

if TYPE_CHECKING:
    import pandas as pd


def side_seeds(seed: int, per_side: int, search: int = 400) -> dict[str, list[int]]:
    """The seeds of the first ``per_side`` deals that show each goal side, in the order of
    the seed sequence of a run with ``seed`` (:func:`boardkit.analysis.game_seeds`), by side
    label in the order the sides first appear. Looks at most ``search`` deals and raises
    :class:`~boardkit.engine.errors.DataError` when some side has too few among them."""
    sides = len({side.label for pair in content().goals for side in pair})
    found: dict[str, list[int]] = {}
    for s in game_seeds(seed, search):
        state = GAME.new_game(seed=s)
        assert isinstance(state, LandsPlay)
        label = state.side.label
        if len(found.setdefault(label, [])) < per_side:
            found[label].append(s)
        if len(found) == sides and all(len(v) == per_side for v in found.values()):
            return found
    short = {label: len(v) for label, v in found.items() if len(v) < per_side}
    raise DataError(f"side_seeds: {search} deals hold fewer than {per_side} of some sides "
                    f"({short or 'sides never dealt'}; {len(found)} of {sides} sides seen): "
                    "look at more deals (search)")


def goal_sides(run: pd.DataFrame) -> pd.DataFrame:
    """One row per goal side (its label, "goal 3B (Wonder Loop)"), easiest first: the deals
    of ``run`` (a ``simulate`` table or a stored study) that drew it (``deals``), their mean
    penalty with a 95 % normal interval (``mean_penalty``, ``ci_low``, ``ci_high``) and the
    share solved (``solved_share``). The side is the setup's draw, so it is read back by
    setting each deal up again from its seed (with the run's ``variant`` and ``params``
    where a stored study records them)."""
    import pandas as pd

    table_of_games(run, "goal_sides", ("game", "seed", "score", "win"))
    attrs = getattr(run, "attrs", None) or {}
    variant, params = attrs.get("variant") or None, attrs.get("params") or None
    labels = {}
    for seed in run["seed"].unique():
        state = GAME.new_game(seed=int(seed), variant=variant, params=params)
        assert isinstance(state, LandsPlay)
        labels[seed] = state.side.label
    sided = run.assign(side=run["seed"].map(labels))
    rows = []
    for label, group in sided.groupby("side"):
        mean, low, high = mean_ci(group.score)
        rows.append({"side": label, "deals": len(group), "mean_penalty": mean, "ci_low": low,
                     "ci_high": high, "solved_share": group.win.mean()})
    return pd.DataFrame(rows).set_index("side").sort_values("mean_penalty")


def sides_apart(table: pd.DataFrame, k: int = 2) -> bool:
    """Are the ``k`` easiest sides of a :func:`goal_sides` table (easiest first) clearly
    easier than the ``k`` hardest: every easy side's interval ends below every hard side's
    starts?"""
    if k < 1 or 2 * k > len(table):
        raise DataError(f"sides_apart: {k} easiest and {k} hardest of {len(table)} sides? "
                        f"k is between 1 and {len(table) // 2}")
    if not table.mean_penalty.is_monotonic_increasing:
        raise DataError("sides_apart: the table is not sorted easiest first (goal_sides)")
    return bool(table.ci_high.iloc[:k].max() < table.ci_low.iloc[-k:].min())
