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
* **Cut-off playouts.** With ``rollout_depth`` a playout stops after that many decisions and
  the position is judged by the game's heuristic (``Game(heuristic=...)``) instead of being
  played to the end; the playout picks its moves with ``state.random_action(rng)``, which a
  game can make much cheaper than listing every legal action. Random playouts run in
  ``state.random_playout``, which draws from the list the engine has just made to see
  whether a decision was forced instead of listing it again (the same moves, for less).
* **Progressive widening.** Where a position has more than ``widen_above`` options, a node
  only considers ``ceil(widen_k * visits ** widen_alpha)`` of them (in a random order), so
  the budget is not spent trying each of a thousand placements once (Coulom 2007; Chaslot
  et al. 2008). A step that declares itself ``wide`` is never listed: new options are drawn
  with ``state.random_action`` and the known ones are tested with ``state.check``, and the
  root's options are listed once per decision, not once per iteration. With
  ``root_order="heuristic"`` the root widens in the order of the game's heuristic one move
  ahead (the greedy player's ranking) instead of a random one — progressive *unpruning*
  in Chaslot et al.'s sense — so the search starts from the greedy choice and spends its
  budget on checking it against the next best ones.
* **Tree reuse.** Between two decisions of the same player the agent walks its last tree
  down the moves played since (when it could see them) and keeps searching from there.
* **Values.** Leaf values are normalised by the smallest and largest value seen in the
  search (as in MuZero), so the exploration constant means the same in every game and a
  solo game's raw score or heuristic works as a value.

Nodes are keyed by the game's integer action codec. In a multiplayer game the value of a
finished game is 1 shared among the winners (nothing for anybody when nobody won), plus a
small score term so that search still prefers better scores when the result is decided; a
cut-off position gives the same shape with the heuristic's leaders in place of the winners.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from boardkit.engine import Action, ActionCodec, Game, RuleViolation, State
from boardkit.engine.game import resolve

from .base import STRONG, Agent
from .greedy import Heuristic, one_step_values, score_margin
from .registry import make_agent


class _Node:
    __slots__ = ("children", "visits", "avail", "value", "player", "order", "actions")

    def __init__(self, player: int | None, players: int):
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.value = np.zeros(players)
        self.player = player
        self.order: dict[int, float] | None = None  # widening: random rank of each action
        self.actions: dict[int, Action] | None = None  # a wide step: the options drawn so far


def _shares(values: np.ndarray, best: np.ndarray, score_weight: float) -> np.ndarray:
    """1 shared among ``best`` plus ``score_weight`` × the values scaled to [0, 1]."""
    n = len(values)
    reward = np.zeros(n)
    if len(best):
        reward[best] = 1.0 / len(best)
    spread = values.max() - values.min()
    normalised = (values - values.min()) / spread if spread > 0 else np.full(n, 0.5)
    return (1 - score_weight) * reward + score_weight * normalised


def outcome(state: State, score_weight: float = 0.1) -> np.ndarray:
    """The value vector of a finished game (one entry per seat, higher is better).

    Multiplayer: 1 shared among ``winners()`` (none when nobody won) plus a small score term.
    Solo: the score itself (negated when lower is better); the search normalises it.
    """
    scores = np.asarray(state.scores(), dtype=float)
    if state.game.lower_is_better:
        scores = -scores
    if state.players == 1:
        return scores
    return _shares(scores, np.asarray(state.winners(), dtype=int), score_weight)


def logistic(lead: float | np.ndarray, scale: float) -> np.ndarray:
    """A lead (in a heuristic's units) as a value in (0, 1): ``1 / (1 + exp(-lead / scale))``;
    a lead of one ``scale`` is worth about 73 %."""
    return 1.0 / (1.0 + np.exp(-np.clip(np.asarray(lead, dtype=float) / scale, -50, 50)))


def evaluation(state: State, heuristic: Heuristic, score_weight: float = 0.1,
               scale: float | None = None, reference: np.ndarray | None = None) -> np.ndarray:
    """The value vector of a position judged by ``heuristic(state, seat)`` (a cut-off
    playout, or a finished solo game of a game with a heuristic).

    Solo: the heuristic itself. Multiplayer without ``scale``: the heuristic's leaders take
    the place of the winners. With ``scale`` (in the heuristic's units): each seat's chance
    of winning is estimated as a logistic function of its lead over the best other seat,
    ``1 / (1 + exp(-lead / scale))``, so a bigger lead is worth more than a small one (a
    binary "who leads" throws that away, and in a two-player game it is all the signal a
    short playout has). With ``reference`` (each seat's heuristic at the search's root) the
    lead is over that reference instead of over the others: for a race in which each player
    mostly builds their own park, so that the search does not go flat once a rival is out."""
    every = getattr(heuristic, "all_seats", None)  # a Lead values each seat once
    values = (np.array(every(state), dtype=float) if every is not None else
              np.array([float(heuristic(state, p)) for p in range(state.players)]))
    if state.players == 1:
        return values
    if scale is not None and reference is not None:
        return logistic(values - reference, scale)
    if scale is not None:
        order = np.sort(values)
        best_other = np.where(values == order[-1], order[-2], order[-1])
        return logistic(values - best_other, scale)
    return _shares(values, np.flatnonzero(values == values.max()), score_weight)


class MCTSAgent(Agent[State]):
    """UCT / IS-MCTS with an iteration budget (reproducible) or a time budget (seconds).

    ``rollout_depth`` cuts playouts off (``None``: play to the end); ``heuristic`` judges a
    cut-off position (default: the game's own, else the score margin). ``widen_above``,
    ``widen_k`` and ``widen_alpha`` set progressive widening (``widen_above=None``: off);
    ``reuse_tree`` keeps the tree between a player's decisions. ``root_order``: the root
    widens in a random order or the heuristic's; ``rollout_policy``: playouts move at random
    or as the game's greedy agent does; ``value_scale``: a cut-off position's value follows
    the heuristic's lead smoothly (see :func:`evaluation`) instead of who leads;
    ``value_reference="root"`` measures that lead against each seat's own heuristic at the
    root rather than against the other seats.
    """

    name = "mcts"

    def __init__(self, iterations: int = 200, time_limit: float | None = None,
                 exploration: float = 0.7, rollout_depth: int | None = None,
                 seed: int | None = 0, heuristic: Heuristic | None = None,
                 widen_above: int | None = 24,
                 widen_k: float = 2.0, widen_alpha: float = 0.5, reuse_tree: bool = True,
                 root_order: str = "random", rollout_policy: str = "random",
                 value_scale: float | None = None, value_reference: str = "others") -> None:
        if root_order not in ("random", "heuristic"):
            raise ValueError(f"root_order is 'random' or 'heuristic', not {root_order!r}")
        if rollout_policy not in ("random", "greedy"):
            raise ValueError(f"rollout_policy is 'random' or 'greedy', not {rollout_policy!r}")
        self.root_order = root_order
        self.rollout_policy = rollout_policy
        if value_scale is not None and not value_scale > 0:
            raise ValueError(f"value_scale must be positive, not {value_scale!r}")
        self.value_scale = value_scale
        if value_reference not in ("others", "root"):
            raise ValueError(f"value_reference is 'others' or 'root', not {value_reference!r}")
        if value_reference == "root" and value_scale is None:
            raise ValueError("value_reference='root' needs a value_scale")
        self.value_reference = value_reference
        self._reference: np.ndarray | None = None  # each seat's heuristic at the root
        self._greedy: Agent | None = None  # the game's greedy agent, for greedy playouts
        if iterations < 1 and time_limit is None:
            raise ValueError("MCTS needs iterations >= 1 or a time_limit")
        self.iterations = iterations
        self.time_limit = time_limit
        self.c = exploration
        self.rollout_depth = rollout_depth
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.heuristic = heuristic
        self.widen_above = widen_above
        self.widen_k = widen_k
        self.widen_alpha = widen_alpha
        self.reuse_tree = reuse_tree
        self.last_root: _Node | None = None
        self.last_iterations = 0
        self._tree: tuple[_Node, int, object] | None = None  # root, log length, last event
        self._low = math.inf
        self._high = -math.inf

    def __repr__(self) -> str:
        budget = f"time_limit={self.time_limit}" if self.time_limit else f"iterations={self.iterations}"
        depth = "" if self.rollout_depth is None else f", rollout_depth={self.rollout_depth}"
        return f"{type(self).__name__}({budget}{depth}, seed={self.seed})"

    # ------------------------------------------------------------------ deciding
    def act(self, state: State) -> Action:
        options = self.options(state)
        if len(options) == 1:
            return options[0]
        codec = state.game.codec
        me = self.mover(state)
        root = self._reused_root(state, me)
        if root.actions is not None:  # drawn in other worlds: keep the ones legal here
            legal = {codec.encode(a) for a in options}
            root.actions = {k: a for k, a in root.actions.items() if k in legal}
        ranked = None
        if self.root_order == "heuristic" and self.widen_above is not None \
                and len(options) > self.widen_above:
            ranked = [(codec.encode(a), a) for a in self._ranked(state, options)]
            root.order = {k: float(i) for i, (k, _) in enumerate(ranked)}
        self._low, self._high = math.inf, -math.inf  # value range seen in this search
        self._reference = None
        if self.value_reference == "root":
            fn = self._heuristic(state)
            guess = state.determinize(me, self.rng)
            self._reference = np.array([float(fn(guess, p)) for p in range(state.players)])
        deadline = time.perf_counter() + self.time_limit if self.time_limit else None
        done = 0
        while True:
            if deadline is None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline and done > 0:
                break
            self._iterate(root, state.determinize(me, self.rng), codec, options, ranked)
            done += 1
        self.last_root, self.last_iterations = root, done
        legal_codes = {codec.encode(a): a for a in options}
        best = max(legal_codes, key=lambda k: (root.children[k].visits if k in root.children else -1,
                                               root.children[k].value[me] if k in root.children else 0))
        if self.reuse_tree:
            self._tree = (root, len(state.log), state.log[-1] if state.log else None)
        return legal_codes[best]

    def _reused_root(self, state: State, me: int) -> _Node:
        """The subtree of the last search reached by the moves played since, or a new root."""
        fresh = _Node(me, state.players)
        if not self.reuse_tree or self._tree is None:
            return fresh
        node, length, last = self._tree
        self._tree = None
        log = state.log
        if len(log) < length or (length and log[length - 1] is not last):
            return fresh  # another game, or a position that does not follow the last one
        codec = state.game.codec
        for event in log[length:]:
            if event.kind != "action":
                continue  # chance and automatic moves are not edges of the tree (open loop)
            if event.to is not None and event.to != me:
                return fresh  # a secret decision this player did not see
            child = node.children.get(codec.encode(event.action))
            if child is None:
                return fresh
            node = child
        if node.player != me or state.current_player != me:
            return fresh
        return node

    # ------------------------------------------------------------------ searching
    def _limit(self, node: _Node, options: float) -> float:
        """How many of ``options`` (``math.inf``: unknown) a node may consider now."""
        if self.widen_above is None or options <= self.widen_above:
            return options
        return max(1, math.ceil(self.widen_k * (node.visits + 1) ** self.widen_alpha))

    def _rank(self, node: _Node, code: int) -> float:
        if node.order is None:
            node.order = {}
        rank = node.order.get(code)
        if rank is None:
            rank = node.order[code] = float(self.rng.random())
        return rank

    def _ranked(self, state: State, options: list[Action]) -> list[Action]:
        """The options, best first by the heuristic one move ahead (as the greedy agent
        rates them, on one guess at the hidden information); ties keep the listed order."""
        values = [float(v) for v in one_step_values(state, options, self.heuristic,
                                                    self.mover(state), self.rng)]
        order = sorted(range(len(options)), key=lambda i: -values[i])
        return [options[i] for i in order]

    def _wide(self, node: _Node, state: State, codec: ActionCodec, at_root: bool,
              ranked: list[tuple[int, Action]] | None = None) -> tuple[Action, bool]:
        """Selection at a ``wide`` step: (the action, whether it is a new child). The known
        children are tested with ``check`` (every one is available at the root); a new one
        is drawn with ``random_action`` while the widening limit allows."""
        if node.actions is None:
            node.actions = {}
        player = self.mover(state)
        tried = []
        for k, act in node.actions.items():
            if not at_root:
                try:
                    state.check(act)
                except RuleViolation:
                    continue
            node.children[k].avail += 1
            tried.append(k)
        if not tried or len(tried) < self._limit(node, math.inf):
            if at_root and ranked is not None:  # the next one in the heuristic's order
                for k, act in ranked:
                    if k not in node.actions:
                        node.actions[k] = act
                        return act, k not in node.children
            for _ in range(3):
                act = state.random_action(self.rng)
                k = codec.encode(act)
                if k not in node.actions:
                    node.actions[k] = act
                    return act, True
        if not tried:
            return act, k not in node.children
        best = self._select(node, tried, player)
        return node.actions[best], False

    def _select(self, node: _Node, codes: Sequence[int], player: int) -> int:
        """The UCT choice among ``codes`` (children available now)."""
        best, best_score = codes[0], -math.inf
        span = self._high - self._low
        for k in codes:
            child = node.children[k]
            mean = child.value[player] / child.visits
            if span > 0:
                mean = (mean - self._low) / span
            score = mean + self.c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = k, score
        return best

    def _iterate(self, root: _Node, state: State, codec: ActionCodec,
                 root_actions: Sequence[Action] | None = None,
                 ranked: list[tuple[int, Action]] | None = None) -> None:
        path = [root]
        node = root
        listed: Sequence[Action] | None = None  # the legal actions, when the last apply listed them
        # selection and expansion
        while not state.is_over:
            step = state.stack[-1]
            player = step.player
            if step.wide and self.widen_above is not None:
                act, new = self._wide(node, state, codec, node is root, ranked)
                code = codec.encode(act)
                state.apply(act, atomic=False)
                listed = None
                if new:
                    child = node.children[code] = _Node(player, state.players)
                    child.avail = 1
                    path.append(child)
                    break
                node = node.children[code]
                path.append(node)
                continue
            # the root's actions are the real position's: applied with a check in this world;
            # below, they are this world's own list
            actions: Sequence[Action]
            if node is root and root_actions is not None:
                given, actions = True, root_actions
            else:
                given, actions = False, listed if listed is not None else state.legal_actions()
            codes = [codec.encode(a) for a in actions]
            tried: list[int] = []
            untried: list[int] = []
            for i, k in enumerate(codes):
                known = node.children.get(k)
                if known is None:
                    untried.append(i)
                else:
                    known.avail += 1
                    tried.append(i)
            if untried and (not tried or len(tried) < self._limit(node, len(codes))):
                if len(codes) > (self.widen_above or len(codes)):
                    i = min(untried, key=lambda j: self._rank(node, codes[j]))
                else:
                    i = untried[int(self.rng.integers(len(untried)))]
                self._descend(state, actions[i], given)
                child = _Node(player, state.players)
                child.avail = 1
                node.children[codes[i]] = child
                path.append(child)
                break
            index = {codes[i]: i for i in tried}
            best = index[self._select(node, [codes[i] for i in tried], player)]
            listed = self._descend(state, actions[best], given)
            node = node.children[codes[best]]
            path.append(node)
        # playout: cheap random moves (or the game's greedy player's), cut off after
        # rollout_depth decisions
        policy = self._playout_policy(state)
        if policy is None:
            state.random_playout(self.rng, self.rollout_depth)
        else:
            depth = 0
            while not state.is_over and (self.rollout_depth is None
                                         or depth < self.rollout_depth):
                state.apply(policy.act(state), atomic=False)
                depth += 1
        reward = self.reward(state)
        self._low = min(self._low, float(reward.min()))
        self._high = max(self._high, float(reward.max()))
        for n in path:
            n.visits += 1
            n.value += reward

    @staticmethod
    def _descend(state: State, act: Action, given: bool) -> Sequence[Action] | None:
        """Play a tree move on the search's world: a move ``given`` from the real position
        is checked (it need not be legal in this world), a move of this world's own list
        is not; returns the next decision's list when the engine made it (else None)."""
        if given:
            state.apply(act, atomic=False)
            return None
        return state.apply_listed(act)

    def _playout_policy(self, state: State) -> Agent | None:
        """None for random playouts, else the game's greedy agent (made once per agent)."""
        if self.rollout_policy == "random":
            return None
        if self._greedy is None:
            self._greedy = make_agent("greedy", seed=int(self.rng.integers(2**31)),
                                      game=state.game.name)
        return self._greedy

    def reward(self, state: State) -> np.ndarray:
        """The value vector of a finished or cut-off playout (see the module docstring); a
        game's own MCTS may refine it."""
        own = self.heuristic or state.game.heuristic
        if state.is_over and (state.players > 1 or own is None):
            return outcome(state)
        return evaluation(state, self._heuristic(state), scale=self.value_scale,
                          reference=self._reference)

    def _heuristic(self, state: State) -> Heuristic:
        """The heuristic judging cut-off positions: the agent's, the game's, or the score
        margin."""
        return self.heuristic or state.game.heuristic or score_margin

    def statistics(self, state: State) -> list[tuple[Action, int, float]]:
        """(action, visits, mean value for the mover) of the last search's root children."""
        if self.last_root is None:
            return []
        codec = state.game.codec
        me = self.last_root.player
        rows = []
        for k, child in self.last_root.children.items():
            rows.append((codec.decode(k), child.visits, float(child.value[me] / max(child.visits, 1))))
        return sorted(rows, key=lambda r: -r[1])


def search_agent(seed: int, iterations: int | None = None, *, game: Game[Any] | None = None,
                 strength: int = 1) -> Agent[Any]:
    """The default search agent (``make_agent("mcts")``): MCTS with the game's own settings
    (``Game(search=...)``)."""
    settings = dict(game.search) if game is not None else {}
    default = settings.pop("iterations", 200)
    cls = resolve(settings.pop("agent", MCTSAgent))  # a game's own refinement of the search
    return cls(iterations=iterations or default * strength, seed=seed, **settings)


def strong_search_agent(seed: int, iterations: int | None = None, *,
                        game: Game[Any] | None = None) -> Agent[Any]:
    """The stronger, slower setting: the default search with STRONG times the iterations
    (measured stronger than ``mcts`` at 2 players, not in the solo modes: decision 38)."""
    return search_agent(seed, iterations, game=game, strength=STRONG)
