"""Exercises on Wanderlust: 30-wanderlust and 31-wanderlust-analysis."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from .base import Exercise, first, is_number, short, wrong_number, wrong_share

# ------------------------------------------------------------------ 30-wanderlust

RACES = 24
POINTS = (4, 3, 2)


@cache
def _solo_rates() -> dict[int, float]:
    """Greedy's win rate against one automaton with 4, 3 and 2 action points."""
    from boardkit.agents import make_agent, play
    from boardkit.engine import game

    wanderlust = game("wanderlust")
    rates = {}
    for points in POINTS:
        wins = 0
        for seed in range(RACES):
            state = wanderlust.new_game(players=1, seed=seed, variant={"automatons": 1},
                                        params={"solo.automaton_points": [points, 3, 3]})
            play(state, [make_agent("greedy", seed=seed, game="wanderlust")])
            wins += bool(state.winners())
        rates[points] = wins / RACES
    return rates


def _fair_points(rates: dict[int, float]) -> int | None:
    fair = [p for p in POINTS if rates[p] >= 0.5]
    return max(fair) if fair else None


def _solo_reference() -> dict[str, Any]:
    rates = _solo_rates()
    return {"win_4": rates[4], "win_3": rates[3], "win_2": rates[2],
            "fair_points": _fair_points(rates)}


def _verify_solo(answer: Mapping[str, Any]) -> str | None:
    rates = _solo_rates()
    races = f"{RACES} short races, seeds 0 to {RACES - 1}, greedy against one automaton"
    checks = [wrong_share(answer, f"win_{p}", rates[p],
                          f"greedy's win rate when the automaton has {p} action points ({races})")
              for p in POINTS]
    fair, value = _fair_points(rates), answer["fair_points"]
    if not is_number(value):
        checks.append(f"fair_points must be a number of action points, not {short(value)}")
    elif float(value) != fair:
        checks.append("fair_points does not follow from your win rates: it is the most action "
                      "points at which greedy still wins at least half of the races")
    return first(*checks)


SOLO = Exercise(
    id="wanderlust.automaton",
    question=("How many action points may the single automaton have for the short solo race "
              "to be fair? Play greedy against one automaton with 4 (printed), 3 and 2 action "
              f"points, {RACES} races each (seeds 0 to {RACES - 1})."),
    fields={"win_4": "greedy's win rate with 4 action points (printed)",
            "win_3": "greedy's win rate with 3 action points",
            "win_2": "greedy's win rate with 2 action points",
            "fair_points": "the most action points at which greedy wins at least half"},
    verify=_verify_solo,
    hint=("the starting point above plays 12 races with 4 and 3 points: widen it to "
          f"range({RACES}) and add 2 points. The first number of solo.automaton_points is "
          "the one used against a single automaton; a race is won when s.winners() is not "
          "empty."),
    reference=_solo_reference,
)

# ------------------------------------------------------------------ 31-wanderlust-analysis

FAMILY_LINES = ("A", "B", "C")
FAMILY_GAMES = 30  # the first games of the notebook's run (n=60, seed 3): the same seeds


@cache
def _family() -> tuple[int, float]:
    """(games whose winner another trotter outscores on A+B+C, share of points on D–F)."""
    from boardkit.analysis import simulate

    runs = simulate("wanderlust", agents=["greedy"], n=FAMILY_GAMES, seed=3, players=3,
                    trace=False, progress=False)
    sources = [c for c in runs.columns if c.startswith("src_")]
    family = runs[[c for c in sources if c[4] in FAMILY_LINES]].sum(axis=1)
    changed = 0
    for _, game in runs.assign(family=family).groupby("game"):
        changed += game[~game.win].family.max() > game[game.win].family.max()
    totals = runs[sources].sum()
    dropped = totals[[c for c in sources if c[4] not in FAMILY_LINES]].sum()
    return int(changed), float(dropped / totals.sum())


def _family_reference() -> dict[str, Any]:
    changed, dropped = _family()
    return {"changed_games": changed, "dropped_share": dropped}


def _verify_family(answer: Mapping[str, Any]) -> str | None:
    changed, dropped = _family()
    return first(
        wrong_share(answer, "dropped_share", dropped,
                    f"the share of all points in the first {FAMILY_GAMES} games of `runs` that "
                    "come from lines D, E and F"),
        wrong_number(answer, "changed_games", changed,
                     f"the number of the first {FAMILY_GAMES} games of `runs` in which a "
                     "trotter who did not win has more A + B + C points than the winner", tol=0))


FAMILY = Exercise(
    id="wanderlust.family",
    question=("Does the Family sheet (only lines A + B + C count) change who wins? Score the "
              f"first {FAMILY_GAMES} greedy games of section 3 (`runs`) again with the Family "
              "sheet."),
    fields={"dropped_share": "the share of all points that lines D, E and F carry",
            "changed_games": "games in which a non-winner has more A + B + C than the winner"},
    verify=_verify_family,
    hint=(f"runs[runs.game < {FAMILY_GAMES}] are the games to score. Each line has its `src_` "
          "column (src_A_collectibles, …; line F has two): sum the A, B and C columns per "
          "row, then compare, game by game (groupby('game')), the best sum among the players "
          "with `win` and among the others."),
    reference=_family_reference,
)

EXERCISES = [SOLO, FAMILY]
