"""Setup (rulebook: Setup, steps 1–3).

1. A goal card is drawn at random and shows a random side (``lands.setup.goal``).
2. The park cards are shuffled (one random event, ``deal``): the first ``params.deck`` form
   the face-down deck (``lands.setup.deck``), the next ``params.reserved`` are reserved face
   down on the goal's "Portfolio" label (``lands.setup.reserve``), the rest are dealt one by
   one in turn into ``params.stacks`` stacks (``lands.setup.stacks``: 10 cards give 4, 3, 3),
   and each stack is turned over at once: face up, only its top card is known
   (``lands.setup.face_up``).
3. The build area and the discard pile start empty (``lands.setup.areas``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from boardkit.engine import RuleViolation, State
from boardkit.engine.rules import rule_ids
from boardkit.engine.words import plural

from .content import content
from .params import Params

if TYPE_CHECKING:
    from .position import LandsState

RULES = rule_ids("lands")


def check_goal(state: State, value: object) -> None:
    """A forced goal is (card, side) of the goal cards (the state is not needed)."""
    goals = len(content().goals)
    if not (isinstance(value, tuple) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and 0 <= value[0] < goals and value[1] in (0, 1)):
        raise RuleViolation("lands.setup.goal", f"a goal is (card 0..{goals - 1}, side 0 or 1), "
                            f"not {value!r}")


def check_order(state: State, value: object) -> None:
    """A forced shuffle must be an ordering of distinct park cards."""
    n = len(content().cards)
    if not (isinstance(value, tuple) and all(isinstance(v, int) and not isinstance(v, bool)
                                             and 0 <= v < n for v in value)
            and len(set(value)) == len(value)):
        raise RuleViolation("lands.setup.deck", f"a shuffle orders distinct park cards "
                            f"(0..{n - 1}), not {value!r}")


def check_deal(state: State, value: object) -> None:
    check_order(state, value)
    assert isinstance(value, tuple), "check_order lets only a tuple through"
    if sorted(value) != list(range(len(content().cards))):
        raise RuleViolation("lands.setup.deck", "the setup shuffle orders all "
                            f"{len(content().cards)} park cards")


def deal(order: Iterable[int], params: Params) -> tuple[list[int], list[int], list[list[int]]]:
    """Deck, reserved cards and stacks (top card first) from a shuffled order."""
    order = list(order)
    deck = order[:params.deck]
    reserved = order[params.deck:params.deck + params.reserved]
    rest = order[params.deck + params.reserved:]
    # dealt one at a time in turn; turning a face-down pile over puts its first card on top
    stacks = [rest[k::params.stacks] for k in range(params.stacks)]
    return deck, reserved, stacks


@RULES.implements(
    "lands.setup.reserve",
    "lands.setup.stacks",
    "lands.setup.face_up",
    "lands.setup.areas",
)
def setup(state: LandsState) -> None:
    c = state.content
    goal, side = state.chance(
        "goal", lambda rng: (int(rng.integers(len(c.goals))), int(rng.integers(2))),
        text=lambda v: f"the goal card is {c.goals[v[0]][v[1]].label}")
    state.goal, state.side_index = goal, side
    n = len(c.cards)
    order = state.chance("deal", lambda rng: tuple(int(v) for v in rng.permutation(n)),
                         text=lambda v: f"the {n} park cards are shuffled and dealt")
    state.deck, state.reserved, state.stacks = deal(order, state.params)
    state.deck_known = 0
    state.unseen = (1 << n) - 1
    for s in range(len(state.stacks)):
        state.reveal_top(s)
    state.parks, state.discard, state.hand = [], [], []
    state.drawn = None
    state.round = 0  # the flow starts round 1
    state.moves_left = 0
    state.reserved_now = 0
    state.completed = 0
    state.result = None
    sizes = ", ".join(str(len(s)) for s in state.stacks)
    tops = ", ".join(f"#{s[0]}" for s in state.stacks if s)
    state.note(f"setup: a deck of {len(state.deck)} face down, {plural(len(state.reserved), 'card')} "
               f"reserved face down, stacks of {sizes} cards showing {tops}")
