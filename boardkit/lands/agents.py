"""A rule-aware greedy player for Lands of Amazement, and the heuristic for generic agents.

* Placing a card: the placement that brings a park closest to a visible plan
  (:func:`~boardkit.lands.solver.ranked_placements`); completing comes first when possible,
  an exact match before one with extra icons.
* Abilities: keeps a plan in play with ``move_plan``, except in Expert Mode, where the plan's
  card would stay in the stacks and cost a point at the end (``lands.expert.stacks``);
  otherwise declines (the other abilities reshuffle plans the agent cannot see into).
* Reserving: the cards whose biggest shape has an icon of the round, best first, up to
  ``keep`` per round (more reserved cards give the megapark more to work with).
* Megapark: the exact solver's layout, played card by card (first card, then each under the
  others), within a budget of ``solver_nodes`` search nodes (a node budget, not seconds, so a
  seed always gives the same game; 1,500 nodes take well under a second).

It sees only what the player sees: the drawn card, stack tops, the discard pile, and its
reserved cards once they are turned over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from boardkit.agents import Agent
from boardkit.agents.mcts import MCTSAgent
from boardkit.engine import Action, State

from .actions import Continue, Decline, DoneReserving, Finish, Place, Reserve, UseAbility
from .building import LayoutKey, Placed, icons, layout_key, with_card
from .completing import AbilityStep, exact
from .completing import options as completions
from .ending import ReserveStep, eligible
from .megapark import MegaStep
from .portfolio import BuildStep, PlaceStep
from .rearranging import MoveStep
from .solver import park_value, ranked_placements, solve
from .state import LandsPlay

if TYPE_CHECKING:
    from .position import LandsState


def _lands(state: State) -> LandsPlay:
    """The agent's state as the Lands game it is (these agents play only Lands)."""
    assert isinstance(state, LandsPlay), "a Lands agent plays a Lands game"
    return state


class LandsGreedy(Agent):
    name = "greedy"

    def __init__(self, seed: int | None = 0, solver_nodes: int = 1500, keep: int = 2) -> None:
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.solver_nodes = solver_nodes
        self.keep = keep
        self._plans: dict[tuple[int, ...], list[Placed]] = {}  # reserved cards -> the megapark's layout

    def __repr__(self) -> str:
        return f"LandsGreedy(seed={self.seed})"

    def act(self, state: State) -> Action:
        return self._act(_lands(state))

    def _act(self, state: LandsPlay) -> Action:
        step = state.pending
        if isinstance(step, PlaceStep):
            assert state.drawn is not None, "a card is drawn before it is placed"
            return ranked_placements(state, state.drawn)[0][2]
        if isinstance(step, BuildStep):
            done = completions(state)
            if done:
                return max(done, key=lambda c: exact(state.park_icons(c.park), state.stacks[c.stack][0]))
            return Continue()
        if isinstance(step, AbilityStep):
            options = state.legal_actions()
            card = state.content.cards[state.stacks[step.stack_index][0]]
            uses = [a for a in options if isinstance(a, UseAbility)]
            if card.ability.effect == "move_plan" and uses and not state.variant.expert:
                return min(uses, key=lambda a: len(state.stacks[a.target]))
            return Decline()
        if isinstance(step, ReserveStep):
            return self._reserve(state)
        if isinstance(step, MegaStep):
            return self._megapark(state)
        if isinstance(step, MoveStep):
            return state.legal_actions()[0]
        options = state.legal_actions()
        return options[int(self.rng.integers(len(options)))]

    def _reserve(self, state: LandsPlay) -> Action:
        if state.reserved_now >= self.keep:
            return DoneReserving()
        wanted = set(state.side.portfolio[state.round - 1])
        need = state.side.portfolio_counts()

        def value(c: int) -> int:
            card = state.content.cards[c]
            return max((len(s.cells) * (2 if s.icon in wanted else 1) + need[s.icon])
                       for s in card.shapes)

        cards = eligible(state)
        if not cards:
            return DoneReserving()
        best = max(cards, key=lambda c: (value(c), -c))
        if state.reserved_now and value(best) < 6:
            return DoneReserving()
        return Reserve(best)

    def _megapark(self, state: LandsPlay) -> Action:
        key = tuple(sorted(state.reserved))
        if key not in self._plans:
            seconds = getattr(self, "time_limit", None)  # a search agent's time budget
            sol = solve(state.reserved, state.side, state.params, time_limit=seconds,
                        max_nodes=None if seconds else self.solver_nodes)
            self._plans[key] = sol.layout
        layout = self._plans[key]
        placed = {p.card for park in state.parks for p in park}
        for i, p in enumerate(layout):
            if p.card in placed:
                continue
            act = Place(p.card, 0, p.x, p.y, p.angle, p.shape, i > 0)
            if state.explain(act).legal:
                return act
            break
        if not state.hand or state.explain(Finish()).legal:
            return Finish()
        options = [a for a in state.legal_actions() if isinstance(a, Place)]
        return options[0] if options else Finish()


class LandsSearch(LandsGreedy):
    """The default search agent of Lands: search where it pays, greedy's ranking elsewhere.

    * **The last reserve.** When the last portfolio round's reserve is chosen, the reserved
      cards are the megapark's cards: each choice (reserve one more eligible card, or stop)
      is judged by the penalty of the best megapark the exact solver finds for that set, on
      ``samples`` worlds in which the player's face-down setup card is drawn from the cards
      it has not seen (``state.determinize``: the agent never reads the hidden card).
    * **The megapark.** The exact solver plays it with ``iterations`` × 1,000 search nodes
      (greedy: 1,500): a deeper search finds layouts with fewer unfilled cells.
    * **Placements** follow greedy's ranking (closest to a visible plan first). MCTS over the
      placements (agent ``"uct"``) was measured weaker than that ranking: 6 of 20 against
      greedy, with 9 deals lost.

    ``mcts:80`` gives the solver four times as many nodes and judges the last reserve on four
    times as many worlds; measured on 48 paired deals it ended every deal exactly as ``mcts``
    did: more search at these two points finds nothing more. The stronger player
    (``mcts-strong``, :class:`LandsRollout`) chooses its placements, completions and earlier
    reserves by rollouts instead. With a time budget (``mcts:1.5s``, the board's AI move) the
    megapark is solved for that many seconds instead.
    """

    def __init__(self, seed: int | None = 0, iterations: int = 20, samples: int | None = None,
                 reserve_nodes: int | None = None, keep: int = 2) -> None:
        super().__init__(seed=seed, solver_nodes=max(1, int(iterations)) * 1000, keep=keep)
        self.iterations = max(1, int(iterations))
        # the budget knob scales the whole search: worlds and nodes for the last reserve too
        # (the default 20 gives 2 worlds of 2,000 nodes; mcts-strong's 80 gives 8 of 8,000)
        self.samples = max(1, int(samples if samples is not None else max(2, self.iterations // 10)))
        self.reserve_nodes = int(reserve_nodes if reserve_nodes is not None
                                 else self.iterations * 100)
        self.time_limit: float | None = None  # seconds for the megapark instead of nodes
        self.last_iterations = 0

    def __repr__(self) -> str:
        return f"LandsSearch(seed={self.seed}, iterations={self.iterations})"

    def _reserve(self, state: LandsPlay) -> Action:
        options = state.legal_actions()
        if len(options) == 1 or state.round < len(state.side.portfolio):
            return super()._reserve(state)
        me = state.current_player
        assert me is not None, "a reserve is a decision of the player"
        worlds = [_lands(state.determinize(me, self.rng)) for _ in range(self.samples)]

        def penalty(extra: list[int]) -> float:
            return sum(solve([*w.reserved, *extra], w.side, w.params, time_limit=None,
                             max_nodes=self.reserve_nodes).penalty for w in worlds) / len(worlds)

        scored = [(penalty([a.card] if isinstance(a, Reserve) else []), i)
                  for i, a in enumerate(options)]
        return options[min(scored)[1]]


#: how far down greedy's ranking :func:`distinct_placements` looks for different parks
SCAN = 64


#: the parks a placement leaves, up to turning and moving each (:func:`placement_key`)
ParksKey = tuple[LayoutKey, ...]


def placement_key(state: LandsState, act: Place, park_keys: list[LayoutKey] | None = None
                  ) -> ParksKey:
    """The parks that placing the drawn card by ``act`` leaves, each up to turning and moving
    it as a whole (:func:`~boardkit.lands.building.layout_key`), in a form where the order
    of the parks does not count; ``park_keys``: the layout keys of today's parks, if known."""
    parks = state.parks
    keys = park_keys if park_keys is not None else [layout_key(list(p)) for p in parks]
    placed = Placed(act.card, int(act.x), int(act.y), int(act.angle), act.shape)
    after: list[LayoutKey]
    if act.park < len(parks):
        changed = layout_key(with_card(list(parks[act.park]), placed, act.under))
        after = [*keys[:act.park], changed, *keys[act.park + 1:]]
    else:
        after = [*keys, layout_key([placed])]
    return tuple(sorted(after))


def distinct_placements(state: LandsState, width: int) -> list[Action]:
    """Greedy's best-ranked placements of the drawn card (:func:`ranked_placements`), at most
    ``width`` of them, each leaving parks that differ from the ones before it by more than a
    turn or a shift of a whole park (:func:`placement_key`), looked for among the first
    :data:`SCAN`. Greedy values a park by its icons, so its best placements are often one
    layout in several positions: compared with each other they teach nothing."""
    keys = [layout_key(list(p)) for p in state.parks]
    seen: set[ParksKey] = set()
    out: list[Action] = []
    assert state.drawn is not None, "a card is drawn before it is placed"
    for _, _, act in ranked_placements(state, state.drawn)[:SCAN]:
        assert isinstance(act, Place), act
        key = placement_key(state, act, keys)
        if key not in seen:
            seen.add(key)
            out.append(act)
            if len(out) == width:
                break
    return out


class LandsRollout(LandsSearch):
    """The stronger, slower Lands player (``mcts-strong``): a rollout over greedy's choices.

    At each placement it takes greedy's ``width`` best-ranked placements of the drawn card
    that leave different parks (:func:`distinct_placements`);
    at each completion choice, every park it could complete and going on without; at each
    ability, declining and up to ``width`` uses; at each reserve before the last round,
    greedy's pick and up to ``width`` others in listing order (on 40 greedy deals an early
    reserve offered at most 4 choices and an ability 3: with ``width`` 4, all of them).
    Each candidate
    is played out to the end of the game by greedy (the megapark solved with
    ``rollout_nodes`` nodes) in the same ``worlds`` resampled deals
    (``state.determinize``: the hidden deck order and face-down setup card are drawn from
    what the player has not seen), and the one with the lowest mean final penalty is chosen;
    on a tie, greedy's order decides. This is the rollout algorithm of dynamic programming
    (policy improvement over greedy, one step at a time). The last reserve and the megapark
    are :class:`LandsSearch`'s, with ``iterations`` thousand solver nodes.

    Measured against ``mcts`` (``bench_search.py --games lands --strength 48 --rungs
    mcts-strong``): better on 17 of 48 paired deals, worse on 1 (p = 0.0001; the version
    that compared copies of one placement: better on 8 of 48, never worse); in Expert Mode,
    on the 1,000 deals of the study ``lands-expert-strong``, better on 736, worse on 33
    (194 deals solved, ``mcts`` 9). Against that first version, on the same 1,000 deals:
    better on 511, worse on 62 (it solved 68).
    It costs about 20 CPU seconds a deal, 1.4 times the first version (``mcts``: 1.7).
    """

    def __init__(self, seed: int | None = 0, iterations: int = 80, width: int = 4,
                 worlds: int = 4, rollout_nodes: int = 300) -> None:
        super().__init__(seed=seed, iterations=iterations)
        self.width, self.worlds, self.rollout_nodes = int(width), int(worlds), int(rollout_nodes)
        # one playout player for every rollout: it remembers the megaparks it has solved
        self.policy = LandsGreedy(seed=0, solver_nodes=self.rollout_nodes)
        self.rollouts = 0

    def __repr__(self) -> str:
        return (f"LandsRollout(seed={self.seed}, iterations={self.iterations}, "
                f"width={self.width}, worlds={self.worlds})")

    def candidates(self, state: LandsPlay) -> list[Action]:
        """The choices worth a rollout here, greedy's first (empty: nothing to compare)."""
        step = state.pending
        out: list[Action] = []
        if isinstance(step, PlaceStep):
            out = distinct_placements(state, self.width)
        elif isinstance(step, BuildStep) and completions(state):
            first = LandsGreedy._act(self, state)
            out = [first, *(a for a in [*completions(state), Continue()] if a != first)]
        elif isinstance(step, AbilityStep):  # greedy's choice first, then the others
            first = LandsGreedy._act(self, state)
            out = [first, *[a for a in state.legal_actions() if a != first][: self.width]]
        elif isinstance(step, ReserveStep) and state.round < len(state.side.portfolio):
            first = LandsGreedy._reserve(self, state)
            out = [first, *[a for a in state.legal_actions() if a != first][: self.width]]
        return out if len(out) > 1 else []

    def _act(self, state: LandsPlay) -> Action:
        options = self.candidates(state)
        if not options:
            return super()._act(state)
        me = state.current_player
        assert me is not None, "a decision of the player"
        worlds = [_lands(state.determinize(me, self.rng)) for _ in range(self.worlds)]
        scored = [(sum(self._playout(w, act) for w in worlds), i) for i, act in enumerate(options)]
        return options[min(scored)[1]]

    def _playout(self, world: LandsPlay, act: Action) -> float:
        """The final penalty after ``act`` in ``world``, greedy playing on."""
        from boardkit.agents.base import apply_chosen, play

        self.rollouts += 1
        state = world.clone()
        apply_chosen(state, act)
        play(state, [self.policy])
        return float(state.scores()[0])


def strong(seed: int = 0, iterations: int | None = None) -> LandsRollout:
    """Factory for ``Game(agents=...)``: ``"mcts-strong"``, or ``"mcts-strong:N"`` for N
    thousand nodes in the last reserve and the megapark (the rollouts keep theirs)."""
    return LandsRollout(seed=seed) if iterations is None else LandsRollout(seed=seed,
                                                                           iterations=iterations)


class LandsUCT(MCTSAgent):
    """MCTS over the portfolio (agent ``"uct"``, kept for comparison with the default search):
    cheap sampled placements, progressive widening in greedy's order, cut-off playouts judged
    by :func:`heuristic`; reserves by greedy's rule and the megapark by the exact solver with
    greedy's node budget."""

    SETTINGS: dict[str, Any] = {"iterations": 40, "rollout_depth": 6, "root_order": "heuristic"}

    def __init__(self, *args: Any, solver_nodes: int = 1500, reserve_rule: bool = True,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reserve_rule = reserve_rule
        self.puzzle = LandsGreedy(seed=self.seed, solver_nodes=solver_nodes)

    def act(self, state: State) -> Action:
        state = _lands(state)
        if state.phase != "portfolio" and isinstance(state.pending, (MegaStep, MoveStep)):
            return self.puzzle.act(state)
        if self.reserve_rule and isinstance(state.pending, ReserveStep):
            return self.puzzle.act(state)
        return super().act(state)

    def _ranked(self, state: State, options: list[Action]) -> list[Action]:
        """Placements in greedy's order (closest to a visible plan first), then the rest."""
        state = _lands(state)
        if not isinstance(state.pending, PlaceStep):
            return super()._ranked(state, options)
        assert state.drawn is not None, "a card is drawn before it is placed"
        first = [a for _, _, a in ranked_placements(state, state.drawn)]
        seen = set(first)
        return first + [a for a in options if a not in seen]


def uct(seed: int = 0, iterations: int | None = None) -> LandsUCT:
    """Factory for ``Game(agents=...)``: ``"uct"`` or ``"uct:80"`` (iterations)."""
    settings = dict(LandsUCT.SETTINGS)
    settings["iterations"] = iterations or settings["iterations"]
    return LandsUCT(seed=seed, **settings)


def make_greedy(seed: int, budget: int | None = None) -> LandsGreedy:
    """The game's "greedy" agent; ``greedy:N`` gives the megapark solver N nodes."""
    return LandsGreedy(seed=seed) if budget is None else LandsGreedy(seed=seed, solver_nodes=budget)


def heuristic(state: State, player: int) -> float:
    """Higher is better: minus the penalty once every reserved card is in the megapark;
    before that (the portfolio phase, or a megapark still to build) minus a rough estimate
    from the reserved cards' icons, plus the plans completed and how close each park is to a
    visible plan (:func:`solver.park_value`)."""
    state = _lands(state)
    if state.phase != "portfolio" and (state.phase == "over" or not state.hand):
        return -float(state.breakdown().total)
    side = state.side
    supply: dict[str, int] = {}
    size = 0
    for c in state.reserved:
        card = state.content.cards[c]
        size += max(len(s.cells) for s in card.shapes)
        for s in card.shapes:
            supply[s.icon] = supply.get(s.icon, 0) + len(s.cells)
    missing = sum(max(0, n - supply.get(icon, 0)) for icon, n in side.portfolio_counts().items())
    unfilled = max(0, len(side.megapark) - size)
    tops = [st[0] for st in state.stacks if st]
    promise = sum(park_value(icons(park), tops) for park in state.parks)  # parks near a plan
    return -(2.0 * unfilled + missing) + 0.5 * state.completed + 0.2 * promise


__all__ = ["LandsGreedy", "LandsRollout", "LandsSearch", "LandsUCT", "distinct_placements",
           "heuristic", "placement_key"]
