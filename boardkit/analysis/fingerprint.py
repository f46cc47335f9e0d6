"""The rules a run was played under, as one short name (a stored study keeps it).

A stored study is 1,000 games of a search player: too dear to replay whole in the test
suite, which replays one of its games (decision 65). A rule change that this one game
happens not to meet would leave the study stale and unnoticed. The fingerprint closes that
gap cheaply: it is a hash of what the rules *do* on seeded random games, so it names the
rules, not the code.

:func:`rules_fingerprint` plays random games of one setting (game, players, variant, house
rules), seeds 0, 1, 2, ..., and hashes, at every decision, who decides and every legal
action (as its data, sorted: the order a game lists them in is not a rule), and at the end
of each game the scores and the winners. The random player picks among the *sorted* list,
so a refactor that lists the same actions in another order, renames nothing and draws the
same chance keeps the fingerprint; a rule that allows, forbids, scores or deals anything
differently on these games changes it. It stops after the game in which it has made
``decisions`` decisions or listed ``listed`` actions, whichever comes first: a game whose
every decision lists hundreds of placements is cut sooner than one with a dozen trips.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from boardkit.engine import Action
from boardkit.engine import game as get_game
from boardkit.engine.files import write_atomic

from .runfile import Store, sidecar

#: how much play a fingerprint hashes by default (decisions, listed actions): a few seconds
#: of the dearest games (Lands of Amazement lists ~700 placements a decision, Wanderlust ~10)
DECISIONS = 2000
LISTED = 25_000


def _data(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr, separators=(",", ":"))


@dataclass(frozen=True)
class Played:
    """One fingerprint and the play it hashed."""

    name: str
    games: int
    decisions: int
    listed: int


def play(game: str, players: int, variant: Mapping[str, Any] | None = None,
         params: Mapping[str, Any] | None = None, decisions: int = DECISIONS,
         listed: int = LISTED) -> Played:
    """The fingerprint of :func:`rules_fingerprint`, with the games, decisions and listed
    actions it took (``benchmarks/bench_fingerprint.py`` prints them)."""
    g = get_game(game)
    digest = hashlib.sha256(_data([game, players, dict(variant or {}), dict(params or {})])
                            .encode())
    made = seen = seed = 0
    while made < decisions and seen < listed:
        state = g.new_game(players=players, seed=seed, variant=dict(variant or {}),
                           params=dict(params or {}))
        rng = np.random.default_rng(seed)
        seed += 1
        legal: Sequence[Action] | None = None
        while not state.is_over:
            options = sorted(((_data(a.to_dict()), a) for a in legal or state.legal_actions()),
                             key=lambda pair: pair[0])
            digest.update(_data([state.current_player, [text for text, _ in options]]).encode())
            # one of the listed actions: applied without a second check, the next list kept
            legal = state.apply_listed(options[int(rng.integers(len(options)))][1])
            made += 1
            seen += len(options)
        digest.update(_data([state.scores(), sorted(state.winners())]).encode())
    return Played(digest.hexdigest()[:16], seed, made, seen)


def rules_fingerprint(game: str, players: int, variant: Mapping[str, Any] | None = None,
                      params: Mapping[str, Any] | None = None, decisions: int = DECISIONS,
                      listed: int = LISTED) -> str:
    """A 16-hex-digit name of what the rules of ``game`` do with these settings (see the
    module docstring); equal settings and equal rules give equal names on every machine."""
    return play(game, players, variant, params, decisions, listed).name


# ---------------------------------------------------------------- a stored run's rules


@functools.cache
def _setting(game: str, players: int, variant: str, params: str) -> str:
    return rules_fingerprint(game, players, json.loads(variant), json.loads(params))


def of_settings(settings: Mapping[str, Any]) -> str:
    """Today's fingerprint for a run's settings (remembered: one per setting a process)."""
    return _setting(settings["game"], settings["players"],
                    json.dumps(settings["variant"], sort_keys=True),
                    json.dumps(settings["params"], sort_keys=True))


def _marker(path: Path) -> Path:
    return path.with_name(f".{path.name}.rules")


def recorded(path: Path) -> str | None:
    """The rules the table at ``path`` was played under (``rules`` in its settings file)."""
    return json.loads(sidecar(path).read_text()).get("rules") if sidecar(path).exists() else None


def stale(path: Path, settings: Mapping[str, Any], today: str) -> str | None:
    """Why the games kept for the run at ``path`` are not all of today's rules, or None: its
    table records other rules, or the shards a killed run left do (the hidden file beside
    them; a table or shards that record none are taken as they are)."""
    kept = recorded(path)
    if kept is not None and kept != today:
        return f"its stored games were played under other rules (fingerprint {kept}, today {today})"
    marker = _marker(path)
    if Store(path, settings).shards() and marker.exists() and marker.read_text().strip() != today:
        return (f"the games a stopped run left were played under other rules (fingerprint "
                f"{marker.read_text().strip()}, today {today})")
    return None


def begin(path: Path, today: str) -> None:
    """Before a run plays: its shards will be of ``today``'s rules."""
    write_atomic(_marker(path), today + "\n")


def end(path: Path, settings: Mapping[str, Any], today: str) -> None:
    """After a run: its table records ``today``'s rules; the hidden file goes once no shard
    is left to speak for."""
    meta = json.loads(sidecar(path).read_text())
    write_atomic(sidecar(path), json.dumps({**meta, "rules": today}, indent=2) + "\n")
    if not Store(path, settings).shards():
        _marker(path).unlink(missing_ok=True)


def status(path: Path, today: str) -> str:
    """``current``, ``changed`` or ``not recorded``: the rules of the table at ``path``."""
    kept = recorded(path)
    return "not recorded" if kept is None else "current" if kept == today else "changed"


# ---------------------------------------------------------------- a study played again

#: the folder beside the stored tables where a study of changed rules is played again
REPLAYING = "replaying"


def replay_of(path: Path) -> Path:
    """Where the table at ``path`` is played again under today's rules (decision 105)."""
    return path.parent / REPLAYING / path.name


def promote(path: Path) -> None:
    """The replay of ``path``, complete, takes its place: its rows first, then its settings
    file, so a stop between the two leaves the new rows under the old settings, which name
    the old rules (the study counts as stale and is played again), never old rows vouched
    for as today's."""
    new = replay_of(path)
    for a, b in ((new, path), (sidecar(new), sidecar(path))):
        a.replace(b)
    try:
        new.parent.rmdir()
    except OSError:  # other replays are going on
        pass

