"""One game's rows: what ``simulate`` plays for each game index, and what the class
server's export writes for each game a class played.

A game of a run is a pure function of the run's settings and its index: its seed is drawn
from the run's seed alone (:func:`game_seeds`), its agents are seeded from that seed and
their seat, and :func:`run_batch` plays it into one row per seat (:func:`seat_rows`), with
the traced columns (:class:`Trace`) when asked. Nothing here knows how the games of a run
are scheduled or stored (``simulation``, ``backends``, ``runfile``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

import numpy as np

from boardkit.agents import make_agent, play
from boardkit.engine import game as get_game

_SEED_CHUNK = 1 << 16


def game_seeds(seed: int, n: int) -> list[int]:
    """The seeds of games 0..n-1 of a run: a pure function of (seed, n), and game ``i``'s
    seed does not depend on ``n`` (a longer run starts with the same games)."""
    return [s for _, s in _jobs(seed, n)]


def _jobs(seed: int, n: int, skip: AbstractSet[int] = frozenset()) -> Iterator[tuple[int, int]]:
    """(index, seed) of games 0..n-1 except ``skip``, drawn in chunks: never all at once."""
    rng = np.random.default_rng(seed)
    index = 0
    while index < n:
        for s in rng.integers(0, 2**62, size=min(_SEED_CHUNK, n - index)):
            if index not in skip:
                yield index, int(s)
            index += 1


def _seats(agents: Sequence[str], index: int, rotate: bool) -> list[str]:
    k = index % len(agents) if rotate else 0
    return list(agents[k:]) + list(agents[:k])


def _leaders(scores: list[float], lower_is_better: bool) -> frozenset[int]:
    best = min(scores) if lower_is_better else max(scores)
    return frozenset(i for i, v in enumerate(scores) if v == best)


class Trace:
    """What the traced columns are made of, gathered decision by decision: the number of
    options at each decision (branching factor) and who leads after each (lead changes,
    decisiveness: the share of the game after which the eventual winner always leads).
    ``before(state)`` is called before each decision, ``after(state)`` once it is applied;
    :func:`play_traced` calls them in a game agents play, the class server's export in a
    game it replays from its stored moves."""

    def __init__(self, lower_is_better: bool):
        self.lower_is_better = lower_is_better
        self.branching: list[int] = []
        self.leaders: list[frozenset[int]] = []

    def before(self, state: Any) -> None:
        # listed once before each decision: an agent asked next reuses the list
        self.branching.append(len(state.offer()))

    def after(self, state: Any, action: Any = None) -> None:
        self.leaders.append(_leaders(state.scores(), self.lower_is_better))

    def columns(self, state: Any) -> dict[str, float | int]:
        """``branching``, ``lead_changes`` and ``decided_at`` of the game ``state`` ended."""
        branching, leaders = self.branching, self.leaders
        changes = sum(1 for a, b in zip(leaders, leaders[1:], strict=False) if a != b)
        winners = set(state.winners())
        mean = sum(branching) / len(branching) if branching else 0.0
        if not winners:  # nobody won: there is no eventual winner whose lead could settle
            return {"branching": mean, "lead_changes": changes, "decided_at": float("nan")}
        settled = len(leaders)
        for i in range(len(leaders) - 1, -1, -1):
            if not leaders[i] <= winners or not leaders[i]:
                break
            settled = i
        return {"branching": mean, "lead_changes": changes,
                "decided_at": settled / len(leaders) if leaders else 0.0}


def play_traced(state, bots, lower_is_better: bool) -> dict:
    """Play to the end, recording what the design metrics need (:class:`Trace`)."""
    trace = Trace(lower_is_better)
    try:
        play(state, bots, before_action=trace.before, on_action=trace.after)
    finally:
        state.withdraw_offer()
    return trace.columns(state)


def play_print(state) -> str:
    """A fingerprint of the players' decisions in a game (``m`` and 12 hex digits, so that
    a CSV reader never takes it for a number): two games with the same fingerprint were
    played move for move alike. ``compare`` uses it to tell whether
    the players changed their play under a rule change at all (column ``play``)."""
    import hashlib

    moves = [[e.player, e.action.to_dict()] for e in state.log
             if e.kind == "action" and e.action is not None]
    text = json.dumps(moves, sort_keys=True, default=repr, separators=(",", ":"))
    return "m" + hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


def seat_rows(state: Any, agents: Sequence[str], index: int, seed: int, seconds: float,
              extra: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The rows of one game, one per seat, as :func:`simulate` returns them: ``agents[seat]``
    names who played the seat; ``extra`` adds the traced columns. Scores, ranks, wins and
    the ``src_*``/``fact_*`` columns are read from ``state`` as it stands (the class server's
    export calls this for its tables too, finished or not)."""
    played = play_print(state)
    scores = state.scores()
    winners = state.winners()
    order = sorted(scores, reverse=not state.game.lower_is_better)
    length = state.action_count
    automatic = state.auto_count
    rows: list[dict[str, Any]] = []
    for seat, name in enumerate(agents):
        row: dict[str, Any] = {
            "game": index, "seed": seed, "seat": seat, "agent": name,
            "score": scores[seat], "rank": order.index(scores[seat]) + 1,
            "win": seat in winners, "shared_win": seat in winners and len(winners) > 1,
            "no_winner": not winners, "actions": length, "auto_actions": automatic,
            "play": played, "seconds": seconds, **(extra or {}),
        }
        for source, value in state.score_breakdown(seat).items():
            row[f"src_{source}"] = value
        for fact, known in state.facts(seat).items():
            row[f"fact_{fact}"] = known
        rows.append(row)
    return rows


def run_batch(game_name: str, agents: Sequence[str], jobs: Sequence[tuple[int, int]],
              players: int, variant: Mapping[str, Any] | None, params: Mapping[str, Any] | None,
              rotate: bool, trace: bool = True) -> list[dict]:
    """Play the games ``jobs`` = [(index, seed), ...]; return their rows (picklable)."""
    g = get_game(game_name)
    rows = []
    for index, seed in jobs:
        seats = _seats(agents, index, rotate)
        state = g.new_game(players=players, seed=seed, variant=variant, params=params)
        bots = [make_agent(name, seed=seed * 8 + seat, game=game_name) for seat, name in enumerate(seats)]
        start = time.perf_counter()
        if trace:
            extra = play_traced(state, bots, g.lower_is_better)
        else:
            play(state, bots)
            extra = {}
        seconds = time.perf_counter() - start
        rows.extend(seat_rows(state, seats, index, seed, seconds, extra))
    return rows
