"""Monte Carlo tree search through the protocol only.

One algorithm serves every game:

* **Information sets.** Each iteration starts from ``state.determinize(me, rng)``: hidden
  information the searching player cannot see is resampled (single-observer IS-MCTS, Cowling,
  Powley & Whitehouse 2012). For a perfect-information game this is just a copy.
* **Chance.** Each determinization has fresh randomness (``clone(reseed=...)``), so dice and
  draws inside ``apply`` are sampled anew every iteration: the tree is open-loop over chance
  and averages over outcomes.
* **Subset-armed UCT.** The actions available differ between determinizations, so a child's
  exploration term uses how often it was *available* rather than its parent's visits.

Nodes are keyed by the game's integer action codec. Rewards are a vector (one entry per
seat): 1 shared among the winners, plus a small score term so that search still prefers
better scores when the result is decided.
"""

from __future__ import annotations

import math
import time

import numpy as np

from boardkit.engine import Action, State

from .base import Agent


class _Node:
    __slots__ = ("children", "visits", "avail", "value", "player")

    def __init__(self, player: int | None, players: int):
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.value = np.zeros(players)
        self.player = player


def outcome(state: State, score_weight: float = 0.1) -> np.ndarray:
    """The reward vector of a finished (or cut-off) game, in [0, 1] per seat."""
    n = state.players
    scores = np.asarray(state.scores(), dtype=float)
    if state.game.lower_is_better:
        scores = -scores
    spread = scores.max() - scores.min()
    normalised = (scores - scores.min()) / spread if spread > 0 else np.full(n, 0.5)
    reward = np.zeros(n)
    best = np.flatnonzero(scores == scores.max())
    reward[best] = 1.0 / len(best)
    if n == 1:  # solo games: the score itself is the signal
        return np.array([1.0 / (1.0 + max(0.0, -scores[0]))]) if state.game.lower_is_better else normalised
    return (1 - score_weight) * reward + score_weight * normalised


class MCTSAgent(Agent):
    """UCT / IS-MCTS with an iteration budget (reproducible) or a time budget (seconds)."""

    name = "mcts"

    def __init__(self, iterations: int = 200, time_limit: float | None = None,
                 exploration: float = 0.7, rollout_depth: int | None = None,
                 seed: int | None = 0):
        if iterations < 1 and time_limit is None:
            raise ValueError("MCTS needs iterations >= 1 or a time_limit")
        self.iterations = iterations
        self.time_limit = time_limit
        self.c = exploration
        self.rollout_depth = rollout_depth
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.last_root: _Node | None = None

    def __repr__(self) -> str:
        budget = f"time_limit={self.time_limit}" if self.time_limit else f"iterations={self.iterations}"
        return f"MCTSAgent({budget}, seed={self.seed})"

    def act(self, state: State) -> Action:
        options = self.options(state)
        if len(options) == 1:
            return options[0]
        codec = state.game.codec
        me = state.current_player
        root = _Node(me, state.players)
        deadline = time.perf_counter() + self.time_limit if self.time_limit else None
        done = 0
        while True:
            if deadline is None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline and done > 0:
                break
            self._iterate(root, state.determinize(me, self.rng), codec)
            done += 1
        self.last_root = root
        legal_codes = {codec.encode(a): a for a in options}
        best = max(legal_codes, key=lambda k: (root.children[k].visits if k in root.children else -1,
                                               root.children[k].value[me] if k in root.children else 0))
        return legal_codes[best]

    def _iterate(self, root: _Node, state: State, codec) -> None:
        path = [root]
        node = root
        # selection and expansion
        while not state.is_over:
            actions = state.legal_actions()
            codes = [codec.encode(a) for a in actions]
            for k in codes:
                child = node.children.get(k)
                if child is not None:
                    child.avail += 1
            untried = [i for i, k in enumerate(codes) if k not in node.children]
            player = state.current_player
            if untried:
                i = untried[int(self.rng.integers(len(untried)))]
                state.apply(actions[i], atomic=False)
                child = _Node(player, state.players)
                child.avail = 1
                node.children[codes[i]] = child
                path.append(child)
                break
            best, best_score = 0, -math.inf
            for i, k in enumerate(codes):
                child = node.children[k]
                score = child.value[player] / child.visits + self.c * math.sqrt(
                    math.log(child.avail) / child.visits)
                if score > best_score:
                    best, best_score = i, score
            state.apply(actions[best], atomic=False)
            node = node.children[codes[best]]
            path.append(node)
        # rollout (random) and back-propagation
        depth = 0
        while not state.is_over and (self.rollout_depth is None or depth < self.rollout_depth):
            actions = state.legal_actions()
            state.apply(actions[int(self.rng.integers(len(actions)))], atomic=False)
            depth += 1
        reward = self.reward(state)
        for n in path:
            n.visits += 1
            n.value += reward

    def reward(self, state: State) -> np.ndarray:
        """The reward vector of a finished or cut-off playout (a game's own MCTS may refine
        it, e.g. to evaluate cut-off positions or to score a solo game against its bots)."""
        return outcome(state)

    def statistics(self, state: State) -> list[tuple[Action, int, float]]:
        """(action, visits, mean reward for the mover) of the last search's root children."""
        if self.last_root is None:
            return []
        codec = state.game.codec
        me = self.last_root.player
        rows = []
        for k, child in self.last_root.children.items():
            rows.append((codec.decode(k), child.visits, float(child.value[me] / max(child.visits, 1))))
        return sorted(rows, key=lambda r: -r[1])
