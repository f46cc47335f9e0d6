"""A rule-aware greedy player for Freizeitpark, and the heuristic value of a park.

:func:`park_value` rates one sheet for its owner: required marks reached (each table up to
its minimum, and the Auftragskarte), half-built constructs that can still be finished and are
needed, the risk from enclosed empty cells (each costs a Nachhaltigkeit at the end), building
sins, and open space to build on. :func:`heuristic` is the same number for a state (the
generic one-step greedy agent uses it through ``Game(heuristic=...)``).

:class:`FreizeitparkGreedy` looks at every legal build of the roll: a cheap score first
(points a build finishes, progress of the site it grows, how snugly it fits), then an exact
evaluation of the best few on a copy of the sheet. It only reads the player's own sheet and
the roll — never another player's hidden build.

A roll that fits nowhere in the park is never put to the agent: the state skips that
player's round (rule ``freizeitpark.ablauf.aussetzen``) and asks the next player, so
:meth:`FreizeitparkGreedy.act` always has at least one legal build. Room for later rolls
counts in the park value (``space``), since a crowded park skips more rolls; being out or
fired is rated far below any park (:func:`heuristic`).
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Any, TypeGuard, TypeVar

import numpy as np

from boardkit.agents import Agent
from boardkit.agents.mcts import MCTSAgent
from boardkit.engine import Action, State

from .actions import Build, Entrance
from .bauen import legal_placements, structure_cells
from .content import TABLES
from .ende import Standing, standing
from .konstrukte import Analysis, analysis
from .regelwerk import Ruleset
from .sheet import Sheet
from .state import FreizeitparkState
from .wurf import splits, symbol_options

#: weights of the park value (a course can tune them: FreizeitparkGreedy(weights={...}))
WEIGHTS = {
    "required": 10.0,    # per required mark reached (tables up to their minimum)
    "extra": 0.5,        # per mark beyond a minimum
    "card": 6.0,         # per unit of progress on the Auftragskarte
    "site": 6.0,         # per point of a needed construct, times the share already built
    "enclosed": 6.0,     # per enclosed empty cell that the Nachhaltigkeit surplus cannot pay
    "enclosed_any": 1.5,  # per enclosed empty cell in any case (space lost)
    "sin": 4.0,          # per cell in a building sin
    "space": 0.4,        # per empty cell along the park's edge (room for later rolls)
    # the cheap first score of a build (before the exact evaluation of the best few)
    "quick_finish": 10.0,  # per needed point a build finishes
    "quick_site": 6.0,     # per needed point, times the share of the site built
    "quick_sin": 4.0,      # per cell of a group that can no longer be finished
    "quick_snug": 0.3,     # per cell side against the park or the border
    # planning an Auftragskarte that asks for one of each kind (Vielfalt); 0 = no plan (the
    # greedy and search players); the planner's values are in PLAN_WEIGHTS
    "plan": 0.0,   # per cell of its shape: added worth of the two largest kinds still missing
    "room": 0.0,   # lost when a missing kind has neither an open site nor a free place left;
                   # a twentieth of it gained per free place (up to 4)
}

#: the planner (``"planner"``): greedy with a plan for a card that asks for one of each kind.
#: Measured on 200 Solo Vielfalt games (seed 2026): the card met in 5 % of them against 0 %
#: for greedy; boosting the largest missing kind alone met it in 2-2.5 %, the three largest 0.5 %
#: (docs/decisions.md, entry 54)
PLAN_WEIGHTS = {**WEIGHTS, "plan": 3.0, "room": 150.0}


T = TypeVar("T")
#: a build as the agents rate it: (die, symbol, turn, x, y), the fields of a Build
BuildKey = tuple[int, str, int, int, int]
#: what a rating remembers about one sheet, keyed by what was rated: the cheap and exact
#: values of builds (floats), the sheet's analysis (a tuple), blocks of builds (lists)
Memo = dict[Hashable, Any]


def _all(options: list[Action], kind: type[T]) -> TypeGuard[list[T]]:
    """Whether a decision offers actions of ``kind`` (a step offers one kind of action)."""
    return bool(options) and all(isinstance(a, kind) for a in options)


def _missing_kinds(rs: Ruleset, st: Standing, an: Analysis) -> list[str]:
    """The kinds a card that asks for one of each still lacks, largest shape first (none for
    any other card, or once it is met)."""
    card = rs.card
    if card is None or card.kind != "each" or st.card_met:
        return []
    missing = [t for t in card.constructs if an.count(t) < 1]
    return sorted(missing, key=lambda t: -len(rs.shapes.get(t) or ()))


def _needed_symbols(rs: Ruleset, st: Standing, an: Analysis, weights: dict[str, float] = WEIGHTS) -> dict[str, float]:
    """How much each construct is worth now: its points while its table is short, more if
    the card asks for it (a card that asks for one of each: only the kinds still missing).
    With a ``plan`` weight the two largest missing kinds are worth ``plan`` more per cell of
    their shape: the planner builds the big ones first, two at a time."""
    need: dict[str, float] = {}
    for symbol, (table, pts) in rs.scores.items():
        short = st.tables[table].minimum - st.marks(table)
        if short > 0:
            need[symbol] = float(min(pts, short))
    card = rs.card
    if card is not None and not st.card_met:
        by_kind: dict[str, list[str | None]] = {
            "count": [card.target], "each": list(card.constructs), "messe": [card.target],
            "train": [card.symbol], "landscape_squares": ["landschaft"]}
        targets = by_kind.get(card.kind, [])
        for t in targets:
            if t and not (card.kind == "each" and an.count(t) >= 1):
                need[t] = need.get(t, 0.0) + 3.0
    if weights["plan"]:
        for t in _missing_kinds(rs, st, an)[:2]:
            need[t] = need.get(t, 0.0) + weights["plan"] * len(rs.shapes.get(t) or ())
    return need


def _room(rs: Ruleset, st: Standing, an: Analysis, room: float) -> float:
    """The planner's value of room for the kinds a one-of-each card still lacks: ``-room``
    for a kind with neither an open site nor a free place left (the card can no longer be
    met), else a twentieth of ``room`` per free place, up to four."""
    value = 0.0
    for t in _missing_kinds(rs, st, an):
        free = an.free_places(t, at_most=4)
        if free:
            value += room * free / 20
        elif not any(an.status(g) == "open" for g in an.groups_of(t)):
            value -= room
    return value


def park_value(rs: Ruleset, sheet: Sheet, weights: dict[str, float] = WEIGHTS) -> float:
    """How good a park is for its owner (higher is better)."""
    an = analysis(rs, sheet)
    st = standing(rs, sheet)
    value = 0.0
    for name in TABLES:
        t = st.tables[name]
        value += weights["required"] * min(t.marks, t.minimum)
        value += weights["extra"] * max(0, t.marks - t.minimum)
    have, need = st.card_progress
    if need:
        value += weights["card"] * min(have, need)
    wanted = _needed_symbols(rs, st, an, weights)
    if weights["room"]:
        value += _room(rs, st, an, weights["room"])
    sin_cells = 0
    for g in an.groups:
        if g.finished or g.symbol in ("eingang", "landschaft"):
            continue
        status = an.status(g)
        if status == "sin":
            sin_cells += len(g)
        elif status == "open" and g.symbol in wanted:
            shape = rs.shapes.get(g.symbol)
            size = len(shape) if shape else 10
            value += weights["site"] * wanted[g.symbol] * len(g) / size
    value -= weights["sin"] * sin_cells
    enclosed = an.enclosed_bits.bit_count()
    surplus = st.tables["nachhaltigkeit"].marks - st.tables["nachhaltigkeit"].minimum
    value -= weights["enclosed"] * max(0, enclosed - max(0, surplus))
    value -= weights["enclosed_any"] * enclosed
    value += weights["space"] * an.bits_of("contact").bit_count()
    return value


def heuristic(state: FreizeitparkState, player: int) -> float:
    """The park value of ``player``'s sheet as that player sees it (own hidden build drawn
    on a copy; the other players are not looked at)."""
    sheet = state.sheets[player]
    pending = state.builds[player]
    if pending is not None:
        rs = state.rules
        sheet = sheet.copy()
        if isinstance(pending, Entrance):
            sheet.draw(structure_cells(rs, 0, pending.turn, pending.x, pending.y), "eingang")
        else:
            sheet.draw(structure_cells(rs, pending.die, pending.turn, pending.x, pending.y),
                       pending.symbol)
    status = state.status[player]
    bonus = 1000.0 if status == "won" else (-1000.0 if status in ("fired", "out") else 0.0)
    return park_value(state.rules, sheet) + bonus


class FreizeitparkGreedy(Agent):
    """Greedy builder: cheap score for every legal build, exact park value for the best few."""

    name = "greedy"

    def __init__(self, seed: int | None = 0, shortlist: int = 10,
                 weights: dict[str, float] | None = None) -> None:
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.shortlist = max(1, int(shortlist))
        self.weights = {**WEIGHTS, **(weights or {})}
        #: (options tied at the best value, options) of the last decision (as
        #: :class:`~boardkit.agents.greedy.GreedyAgent`'s): among builds, only the shortlist
        #: is valued exactly, so every option is tied only when all of them were shortlisted
        self.last_ties = (1, 1)

    def __repr__(self) -> str:
        return f"FreizeitparkGreedy(seed={self.seed}, shortlist={self.shortlist})"

    def act(self, state: State) -> Action:
        assert isinstance(state, FreizeitparkState), state
        options = state.legal_actions()
        if not options:
            raise ValueError("the game is over: there is nothing to choose")
        self.last_ties = (1, len(options))
        if len(options) == 1:
            return options[0]
        if _all(options, Entrance):
            return self._entrance(state.rules, options)
        assert _all(options, Build), options[0]
        best: list[Action] = []
        best_value = -np.inf
        for i, value in self._shortlist(state, options)[0]:
            if value > best_value + 1e-9:
                best, best_value = [options[i]], value
            elif abs(value - best_value) <= 1e-9:
                best.append(options[i])
        self.last_ties = (len(best), len(options))
        return best[int(self.rng.integers(len(best)))]

    def ranking(self, state: State, options: list[Action]) -> list[Action]:
        """``options`` best first as this agent rates them: the shortlist by its exact value,
        then the rest by the cheap score (the search's root order, :class:`FreizeitparkSearch`)."""
        assert isinstance(state, FreizeitparkState), state
        if not _all(options, Build):
            return list(options)
        exact, order = self._shortlist(state, options)
        first = [i for i, _ in sorted(exact, key=lambda iv: -iv[1])]
        seen = set(first)
        return [options[i] for i in first + [i for i in order if i not in seen]]

    def _shortlist(self, state: FreizeitparkState, options: list[Build]
                   ) -> tuple[list[tuple[int, float]], list[int]]:
        """([(index, exact value)] of the best ``shortlist`` builds by the cheap score, in that
        order; every index by the cheap score, best first)."""
        return self._rate(state.rules, state.sheets[self.mover(state)], options, self.shortlist)

    def _rate(self, rs: Ruleset, sheet: Sheet, options: list[Build], shortlist: int,
              memo: Memo | None = None) -> tuple[list[tuple[int, float]], list[int]]:
        """:meth:`_shortlist` for any sheet (the search rates replies on imagined sheets;
        ``memo`` keeps the scores of builds already rated on this sheet: a build of one
        die face and symbol is legal in several rolls)."""
        memo = {} if memo is None else memo
        keys: list[BuildKey] = [(a.die, a.symbol, a.turn, a.x, a.y) for a in options]
        quick = []
        for key in keys:
            value = memo.get(("quick", key))
            if value is None:
                an, st, wanted = self._sheet(rs, sheet, memo)
                die, symbol, turn, x, y = key
                value = memo["quick", key] = self._quick(rs, sheet, an, st, wanted,
                                                         die, symbol, turn, x, y)
            quick.append(value)
        return self._exact(rs, sheet, keys, quick, shortlist, memo)

    def _sheet(self, rs: Ruleset, sheet: Sheet, memo: Memo
               ) -> tuple[Analysis, Standing, dict[str, float]]:
        """(analysis, standing, wanted symbols) of the sheet being rated, once per memo."""
        found = memo.get("sheet")
        if found is None:
            an = analysis(rs, sheet)
            st = standing(rs, sheet)
            park_value(rs, sheet, self.weights)  # the statuses it finds carry over to trials
            found = memo["sheet"] = (an, st, _needed_symbols(rs, st, an, self.weights))
        return found

    def _exact(self, rs: Ruleset, sheet: Sheet, keys: list[BuildKey], quick: list[float],
               shortlist: int, memo: Memo) -> tuple[list[tuple[int, float]], list[int]]:
        """The builds ``keys`` ((die, symbol, turn, x, y)) in the order of their cheap scores
        ``quick``, and the exact value of the first ``shortlist`` of them."""
        order = np.argsort(-np.asarray(quick), kind="stable").tolist()
        exact = []
        for i in order[:shortlist]:
            key = keys[i]
            value = memo.get(("exact", key))
            if value is None:
                die, symbol, turn, x, y = key
                trial = sheet.copy()
                trial.draw(structure_cells(rs, die, turn, x, y), symbol)
                value = memo["exact", key] = park_value(rs, trial, self.weights) + 0.01 * quick[i]
            exact.append((i, value))
        return exact, order

    def _entrance(self, rs: Ruleset, options: list[Entrance]) -> Entrance:
        """The Eingang in the middle of a side, lying along the border (most room)."""
        cx, cy = (rs.width - 1) / 2, (rs.height - 1) / 2

        def score(act: Entrance) -> float:
            cells = structure_cells(rs, 0, act.turn, act.x, act.y)
            along = sum(1 for x, y in cells if x in (0, rs.width - 1) or y in (0, rs.height - 1))
            middle = -min(abs(sum(x for x, _ in cells) / len(cells) - cx),
                          abs(sum(y for _, y in cells) / len(cells) - cy))
            return along * 10 + middle

        scores = [score(a) for a in options]
        top = max(scores)
        ties = [a for a, s in zip(options, scores, strict=True) if s == top]
        self.last_ties = (len(ties), len(options))
        return ties[int(self.rng.integers(len(ties)))]

    def _quick(self, rs: Ruleset, sheet: Sheet, an: Analysis, st: Standing, wanted: dict[str, float],
               die: int, symbol: str, turn: int, x: int, y: int) -> float:
        """A cheap first score of the build (die, symbol, turn, x, y) (no copy of the sheet),
        asked of bit sets."""
        bits = rs.structure_bits(die, turn, x, y, an.grid.stride)
        size = bits.bit_count()
        score = 0.0
        if symbol == "landschaft" and rs.shapes.get("landschaft") is None:
            t = st.tables["nachhaltigkeit"]
            units = size / max(1, rs.landscape_per_point)
            score += 10.0 * min(units, max(0, t.minimum - t.marks)) + 1.0 * units
        else:
            group, ids = an.merged_bits(bits, symbol)
            cells = group.bit_count()
            shape = rs.shapes.get(symbol)
            worth = wanted.get(symbol, 0.0)
            w = self.weights
            if symbol == "zug":
                score += w["quick_site"] * worth * min(cells, 10) / 10
            elif an.finished_bits(symbol, group):
                score += w["quick_finish"] * worth + 1.0
            elif (shape is not None and cells < len(shape) and worth
                  and an.can_finish_bits(symbol, group, ids)):
                score += w["quick_site"] * worth * cells / len(shape)
            else:
                score -= w["quick_sin"] * cells
        # snug fit: sides shared with the park or the border (fewer pockets left behind): of
        # the 4 sides of each cell, those not facing an empty cell (the build's own included)
        empty = an.bits_of("empty")
        s = an.grid.stride
        free = ((bits << 1) & empty).bit_count() + ((bits >> 1) & empty).bit_count() \
            + ((bits << s) & empty).bit_count() + ((bits >> s) & empty).bit_count()
        return score + self.weights["quick_snug"] * (4 * size - free)


#: the 21 different rolls of two dice and their probabilities
ROLLS = tuple(((a, b), (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7))


class FreizeitparkSearch(FreizeitparkGreedy):
    """The default search agent of Freizeitpark: expectimax one roll deep.

    Greedy rates a build by the park it leaves now. The search also looks at the next round:
    for each of the ``iterations`` best builds by greedy's exact value, it goes through all
    21 rolls of the two dice, weighted by their probability, and for each finds the best
    reply greedy would see (its cheap score for every legal build, the exact park value of
    the best ``reply``); the build with the highest expected value after that reply wins. A
    roll that fits nowhere in the imagined park keeps the park's value (the player would
    skip the round). Like greedy it reads only its own sheet and the roll: the other players'
    parks do not change what fits in its own, and their hidden builds stay hidden.

    Measured (``benchmarks/bench_search.py``) against MCTS over the same heuristic: UCT with
    20 iterations and two-decision playouts won 3.5 of 12 games against greedy, since a few
    noisy playouts cannot separate builds whose park values differ by a point; the exact
    expectation over the next roll can. ``mcts-strong`` looks at four times as many builds:
    measured stronger than ``mcts`` at 2 players (16.5 of 24 seat-swapped games, p = 0.032),
    but not alone (credit 10 of 24 paired solo deals): the best three builds already hold the
    answer on one's own sheet (``docs/decisions.md``, entry 38).
    """

    def __init__(self, seed: int | None = 0, iterations: int = 3, reply: int = 3,
                 shortlist: int = 10, weights: dict[str, float] | None = None) -> None:
        super().__init__(seed=seed, shortlist=max(shortlist, iterations), weights=weights)
        self.iterations = max(1, int(iterations))
        self.reply = max(1, int(reply))
        #: seconds per decision instead of ``iterations`` (``mcts:1s``, the board's AI move):
        #: builds are judged best first until the time is up (at least two, at most the
        #: shortlist)
        self.time_limit: float | None = None
        self.last_iterations = 0

    def __repr__(self) -> str:
        return (f"FreizeitparkSearch(seed={self.seed}, iterations={self.iterations}, "
                f"reply={self.reply})")

    def act(self, state: State) -> Action:
        assert isinstance(state, FreizeitparkState), state
        options = state.legal_actions()
        if len(options) <= 1 or not _all(options, Build):
            self.last_iterations = 0
            return super().act(state)
        rs = state.rules
        sheet = state.sheets[self.mover(state)]
        exact, _ = self._shortlist(state, options)
        exact.sort(key=lambda iv: -iv[1])
        best, best_value = options[exact[0][0]], -np.inf
        candidates = exact[: self.shortlist if self.time_limit else self.iterations]
        if len(candidates) == 1:  # nothing to compare: greedy's pick
            self.last_iterations = 1
            return best
        start, judged = time.perf_counter(), 0
        for i, now in candidates:
            if (self.time_limit and judged >= 2
                    and time.perf_counter() - start > self.time_limit):
                break
            judged += 1
            act = options[i]
            trial = sheet.copy()
            trial.draw(structure_cells(rs, act.die, act.turn, act.x, act.y), act.symbol)
            memo: Memo = {}
            value = sum(p * self._reply(rs, trial, dice, now, memo) for dice, p in ROLLS)
            value += 1e-3 * now
            if value > best_value + 1e-9:
                best, best_value = act, value
        self.last_iterations = judged
        return best

    def _reply(self, rs: Ruleset, sheet: Sheet, dice: tuple[int, int], now: float,
               memo: Memo) -> float:
        """The park value after greedy's best build of ``dice`` (``now`` if nothing fits)."""
        keys: list[BuildKey] = []
        quick: list[float] = []
        for face, other in splits(dice):  # the builds of legal_builds, in its order
            for symbol in symbol_options(rs, other):
                block = memo.get(("block", face, symbol))
                if block is None:
                    block = memo["block", face, symbol] = self._block(rs, sheet, face, symbol,
                                                                      memo)
                keys += block[0]
                quick += block[1]
        if not keys:
            return now
        exact, _ = self._exact(rs, sheet, keys, quick, self.reply, memo)
        return max(v for _, v in exact)

    def _block(self, rs: Ruleset, sheet: Sheet, face: int, symbol: str, memo: Memo
               ) -> tuple[list[BuildKey], list[float]]:
        """The legal builds of ``face`` as ``symbol`` (as keys) and their cheap scores: a
        block of :func:`legal_builds`, the same in every roll that offers it."""
        places = legal_placements(rs, sheet, face, symbol)
        keys = [(face, symbol, t, x, y) for t, x, y in places]
        if not keys:
            return keys, []
        an, st, wanted = self._sheet(rs, sheet, memo)
        return keys, [self._quick(rs, sheet, an, st, wanted, face, symbol, t, x, y)
                      for t, x, y in places]


class FreizeitparkUCT(MCTSAgent):
    """Tree search over the same heuristic, kept for comparison (agent ``"uct"``): MCTS whose
    root widens in the greedy player's order (:meth:`FreizeitparkGreedy.ranking`), playouts
    that follow greedy for two decisions, and a cut-off position worth a logistic function of
    each player's park-value gain since the root. Measured against the rival's park instead,
    the search went flat once the rival was out (0.5 of 12 games against greedy); with the
    root as reference it won 3.5 to 5 of 12: not better than greedy."""

    SETTINGS: dict[str, Any] = {"iterations": 20, "rollout_depth": 2, "root_order": "heuristic",
                "rollout_policy": "greedy", "widen_k": 1.0, "widen_alpha": 0.4,
                "value_scale": 10, "value_reference": "root"}

    def _ranked(self, state: State, options: list[Action]) -> list[Action]:
        return FreizeitparkGreedy(seed=0).ranking(state, options)  # it reads the own sheet only


def uct(seed: int = 0, iterations: int | None = None) -> FreizeitparkUCT:
    """Factory for ``Game(agents=...)``: ``"uct"`` or ``"uct:80"`` (iterations)."""
    settings = dict(FreizeitparkUCT.SETTINGS)
    settings["iterations"] = iterations or settings["iterations"]
    return FreizeitparkUCT(seed=seed, **settings)


def greedy(seed: int = 0, shortlist: int | None = None) -> FreizeitparkGreedy:
    """Factory for ``Game(agents=...)``: ``"greedy"`` or ``"greedy:20"`` (shortlist size)."""
    return FreizeitparkGreedy(seed=seed, shortlist=shortlist or 10)


def planner(seed: int = 0, shortlist: int | None = None) -> FreizeitparkGreedy:
    """Factory for ``Game(agents=...)``: ``"planner"``, greedy with a plan for a card that
    asks for one of each kind (:data:`PLAN_WEIGHTS`); without such a card it plays as greedy."""
    return FreizeitparkGreedy(seed=seed, shortlist=shortlist or 10, weights=PLAN_WEIGHTS)
