"""Exercises on Lands of Amazement: 10-lands-of-amazement, 11-lands-analysis and
50-ecosystems."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any

from boardkit.agents import Agent
from boardkit.engine import Action, State

from .base import Exercise, first, wrong_choice, wrong_number

# ------------------------------------------------------------------ 10-lands-of-amazement

PARTS_SEED, PARTS_DEALS = 3, 6


@cache
def _parts() -> tuple[int, int]:
    """Penalty points of the megapark plan and of the portfolio, summed over the deals."""
    from boardkit.agents import make_agent, play
    from boardkit.analysis import game_seeds
    from boardkit.lands import GAME
    from boardkit.lands.params import Params
    from boardkit.lands.state import LandsState

    params = GAME.make_params()
    assert isinstance(params, Params), params
    points = params.points
    plan = portfolio = 0
    for seed in game_seeds(PARTS_SEED, PARTS_DEALS):
        state = GAME.new_game(seed=seed)
        assert isinstance(state, LandsState), state
        play(state, [make_agent("greedy", seed=seed * 8, game="lands")])
        result = state.result
        assert result is not None, "a finished game has its result"
        plan += result.unfilled * points.unfilled + result.extra * points.extra
        portfolio += sum(result.missing.values()) * points.portfolio
    return plan, portfolio


def _parts_reference() -> dict[str, Any]:
    plan, portfolio = _parts()
    return {"plan_points": plan, "portfolio_points": portfolio,
            "harder": "plan" if plan > portfolio else "portfolio"}


def _verify_parts(answer: Mapping[str, Any]) -> str | None:
    plan, portfolio = _parts()
    deals = f"the first {PARTS_DEALS} deals of the run with seed {PARTS_SEED}"
    return first(
        wrong_number(answer, "plan_points", plan,
                     f"the penalty points the megapark plan cost over {deals} (unfilled "
                     "highlighted squares and extra icons, each at its points)", tol=0),
        wrong_number(answer, "portfolio_points", portfolio,
                     f"the penalty points the portfolio cost over {deals} (missing "
                     "portfolio icons at their points)", tol=0),
        wrong_choice(answer, "harder", ["plan", "portfolio"],
                     "plan" if plan > portfolio else "portfolio",
                     "harder does not follow from your two totals: the harder part is the "
                     "one that costs the greedy player more points"))


PARTS = Exercise(
    id="lands.parts",
    question=("Is the megapark plan or the portfolio the harder part of Lands of Amazement? "
              f"Replay the first {PARTS_DEALS} deals of the greedy run (seed {PARTS_SEED}) and "
              "split each final penalty into the points of the plan and of the portfolio."),
    fields={"plan_points": "penalty points from unfilled squares and extra icons, all deals",
            "portfolio_points": "penalty points from missing portfolio icons, all deals",
            "harder": "'plan' or 'portfolio': the part that cost more points"},
    verify=_verify_parts,
    hint=("the run's `seed` column replays a deal: state = GAME.new_game(seed=s) and "
          "play(state, [make_agent('greedy', seed=s * 8, game='lands')]) (from "
          "boardkit.agents). After the game, state.result holds unfilled, extra and "
          "missing (per icon); state.params.points holds what each one costs. The parts "
          "must add up to the score."),
    reference=_parts_reference,
)

# ------------------------------------------------------------------ 11-lands-analysis

LUCK_SEED, LUCK_DEALS = 2026, 4


@cache
def _luck() -> tuple[float, float]:
    from boardkit.analysis import simulate

    means = []
    for agent in ("greedy", "random"):
        runs = simulate("lands", agents=[agent], n=LUCK_DEALS, seed=LUCK_SEED, trace=False,
                        progress=False)
        means.append(float(runs.score.mean()))
    return means[0], means[1]


def _luck_reference() -> dict[str, Any]:
    greedy, random = _luck()
    return {"greedy_penalty": greedy, "random_penalty": random, "luck_at_most": greedy / random}


def _verify_luck(answer: Mapping[str, Any]) -> str | None:
    greedy, random = _luck()
    deals = f"the first {LUCK_DEALS} deals of seed {LUCK_SEED}"
    return first(
        wrong_number(answer, "greedy_penalty", greedy,
                     f"the greedy agent's mean penalty on {deals}", tol=0.01),
        wrong_number(answer, "random_penalty", random,
                     f"the random agent's mean penalty on {deals}", tol=0.01),
        wrong_number(answer, "luck_at_most", greedy / random,
                     "the share of the random player's penalty that even the greedy player "
                     "keeps (greedy's mean penalty over random's)", tol=0.01))


LUCK = Exercise(
    id="lands.luck",
    question=("How much of the penalty in Lands of Amazement is luck? Play the same "
              f"{LUCK_DEALS} deals (seed {LUCK_SEED}) with the greedy and the random agent and "
              "compare their mean penalties."),
    fields={"greedy_penalty": "greedy's mean penalty on the deals",
            "random_penalty": "random's mean penalty on the same deals",
            "luck_at_most": "greedy's mean penalty / random's: the most that luck can explain"},
    verify=_verify_luck,
    hint=(f"simulate('lands', agents=['random'], n={LUCK_DEALS}, seed=SEED) plays the same "
          "deals as the first rows of the greedy run `normal` (check the `seed` columns); "
          "the penalty is the `score` column. Whatever the greedy player cannot avoid may be "
          "luck (or greedy's own mistakes); the rest of random's penalty is lack of skill."),
    reference=_luck_reference,
)

# ------------------------------------------------------------------ 50-ecosystems

LOWER_SEED = 3


@cache
def _mask_policies() -> dict[str, float]:
    """The final penalty of the game played with seed LOWER_SEED by the policy that always
    takes the lowest legal code ("first") and by the one that takes the highest ("last").
    The notebook plays it in Gymnasium (``boardkit/lands-v0``); this plays the same
    decisions in boardkit: the mask's codes are those of ``state.legal_actions()``."""
    from boardkit.agents import play
    from boardkit.lands import GAME

    penalties = {}
    for name, pick in (("first", min), ("last", max)):
        state = GAME.new_game(1, seed=LOWER_SEED)
        play(state, [_CodePolicy(pick)])
        penalties[name] = float(state.scores()[0])
    return penalties


class _CodePolicy(Agent):
    """The mask policy that always takes the lowest (``min``) or highest (``max``) legal code."""

    def __init__(self, pick: Callable[[Iterable[int]], int]):
        self.pick = pick

    def act(self, state: State) -> Action:
        codec = state.game.codec
        return codec.decode(self.pick(codec.encode(a) for a in self.options(state)))


def _better(penalties: Mapping[str, float]) -> str:
    return "first" if penalties["first"] < penalties["last"] else "last"


def _lower_reference() -> dict[str, Any]:
    penalties = _mask_policies()
    return {"return_first": -penalties["first"], "return_last": -penalties["last"],
            "penalty_first": penalties["first"], "better": _better(penalties)}


def _verify_lower(answer: Mapping[str, Any]) -> str | None:
    penalties = _mask_policies()
    episode = f"boardkit/lands-v0 with seed {LOWER_SEED}"
    return first(
        wrong_number(answer, "return_first", -penalties["first"],
                     f"the sum of the rewards of the episode of {episode} that always takes "
                     "the lowest legal code", tol=0),
        wrong_number(answer, "return_last", -penalties["last"],
                     f"the sum of the rewards of the episode of {episode} that always takes "
                     "the highest legal code", tol=0),
        wrong_number(answer, "penalty_first", penalties["first"],
                     "the penalty points of the lowest-code episode as the game counts them "
                     "(its final score)", tol=0),
        wrong_choice(answer, "better", ["first", "last"], _better(penalties),
                     "your better names the policy with more penalty points: in Lands fewer "
                     "points are better, and so is the higher return"))


LOWER = Exercise(
    id="ecosystems.lower",
    question=("In Gymnasium, how do the returns of boardkit/lands-v0 relate to Lands' penalty "
              f"points? Play seed {LOWER_SEED} with the policy that always takes the lowest "
              "legal code (first) and with the one that takes the highest (last)."),
    fields={"return_first": "the return (sum of rewards) of the lowest-code episode",
            "return_last": "the return of the highest-code episode",
            "penalty_first": "the game's own final score (penalty) of the lowest-code episode",
            "better": "'first' or 'last': the policy that did better"},
    verify=_verify_lower,
    hint=("env = gymnasium.make('boardkit/lands-v0'); observation, info = "
          f"env.reset(seed={LOWER_SEED}); then step with np.flatnonzero(info['action_mask'])"
          "[0] (or [-1]) until the episode terminates, adding up the rewards. The penalty is "
          "env.unwrapped.state_of_game.scores()[0]. Rewards are negated penalties, so the "
          "return is minus the penalty and the higher return is the better game."),
    reference=_lower_reference,
)

EXERCISES = [PARTS, LUCK, LOWER]
