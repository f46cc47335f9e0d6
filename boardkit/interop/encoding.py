"""What the RL adapters share: integer actions, the action mask, the observation vector.

Numpy only (no RL library), so any adapter can use it.

* **Actions** are the game's codec codes (``game.codec``): ``Discrete(codec.size)``. Only
  the actions ``state.legal_actions()`` lists have a mask bit; the few a game accepts but
  never lists (see :meth:`boardkit.engine.Action.listed`) are out of reach of an RL agent.
* **The mask** is an int8 vector of ``codec.size`` (Wanderlust: about 6 million codes, Lands
  about 709,000), built only when an observation is asked for, from the legal codes of the
  current decision (listed once per decision: :class:`Decisions`). ``np.zeros`` leaves the
  untouched pages unallocated, so an all-zero mask of a seat that is not deciding costs
  next to nothing.
* **The observation** is ``state.observation(seat)`` (what that seat may see) hashed into a
  fixed-length float32 vector (:func:`features`, the "hashing trick"): every leaf of the
  JSON view is named by its path (``/sheet/3/2``); a number adds its value at the slot its
  path hashes to, a string (or ``None``) adds 1 at the slot of ``path=value``, each with a
  sign from the same hash so collisions cancel on average. The event log (the history, as
  text) and the game's name are left out; the prompt, whose decision it is and every part
  of the seat's view are in. The exact view stays one call away:
  ``state.observation(seat)``.
"""

from __future__ import annotations

import functools
import math
import numbers
import zlib
from typing import Any

import numpy as np

from boardkit.engine import (
    ActionFormatError,
    Game,
    RuleViolation,
    State,
    UnsupportedGameError,
    VariantError,
)
from boardkit.engine import game as get_game
from boardkit.engine.errors import shown

#: length of the observation vector (``obs_size=`` changes it)
OBS_SIZE = 1024
#: every entry of the observation vector lies within ±OBS_BOUND (finite, so checkers do not
#: warn about unbounded spaces)
OBS_BOUND = float(np.finfo(np.float32).max)
#: parts of ``state.observation(seat)`` left out of the vector
SKIPPED = frozenset({"game", "log"})
#: what an illegal action code does: leave the state unchanged and cost ``illegal_reward``
#: ("penalize"), or raise the game's :class:`RuleViolation` ("raise")
ILLEGAL = ("penalize", "raise")


def resolve(game: str | Game) -> Game:
    """The game (by name, reference or itself); refused without an integer action codec."""
    g = game if isinstance(game, Game) else get_game(game)
    if not g.has_codec:
        raise UnsupportedGameError(
            f"{g.name} has no integer action codec (Game(codec=...), see docs/adding-a-game.md); "
            "an RL environment needs one for its Discrete action space")
    return g


def choice(value: Any, options: tuple, field: str) -> Any:
    """``value`` if it is one of ``options``, else a :class:`VariantError` naming ``field``."""
    if not isinstance(value, str) or value not in options:
        raise VariantError(f"{field} must be one of {', '.join(map(repr, options))}, "
                           f"not {shown(value)}")
    return value


def configure(env: Any, game: str | Game, rewards: tuple, reward: str, illegal: str,
              illegal_reward: float, obs_size: Any, render_mode: str | None) -> None:
    """Check an environment's options and set them on ``env`` (both adapters take the same
    ones): ``game``, ``reward_kind``, ``illegal``, ``illegal_reward``, ``obs_size`` and
    ``render_mode`` (one of ``env.metadata["render_modes"]``)."""
    env.game = resolve(game)
    env.reward_kind = choice(reward, rewards, "reward")
    env.illegal = choice(illegal, ILLEGAL, "illegal")
    env.illegal_reward = float(illegal_reward)
    env.obs_size = obs_length(obs_size)
    if render_mode is not None:
        choice(render_mode, tuple(env.metadata["render_modes"]), "render_mode")
    env.render_mode = render_mode


def obs_length(size: Any) -> int:
    if isinstance(size, bool) or not isinstance(size, numbers.Integral) or not 1 <= int(size) <= 2**20:
        raise VariantError(f"obs_size must be an integer in 1..{2**20}, not {shown(size)}")
    return int(size)


# ------------------------------------------------------------------ observation
@functools.lru_cache(maxsize=1 << 16)
def _slot(key: str, size: int) -> tuple[int, float]:
    h = zlib.crc32(key.encode("utf-8", "surrogatepass"))
    return h % size, (1.0 if h & 0x8000_0000 else -1.0)


def features(view: dict, size: int = OBS_SIZE) -> np.ndarray:
    """A seat's JSON view hashed into a float32 vector of ``size`` (see the module doc)."""
    slots: list[int] = []
    weights: list[float] = []

    def add(key: str, value: float) -> None:
        if value:
            i, sign = _slot(key, size)
            slots.append(i)
            weights.append(sign * value)

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, f"{path}/{k}")
        elif isinstance(node, list | tuple):
            for i, v in enumerate(node):
                walk(v, f"{path}/{i}")
        elif isinstance(node, bool):
            add(path, float(node))
        elif isinstance(node, numbers.Real):
            try:
                add(path, float(node))
            except OverflowError:  # an integer beyond float range: clipped below
                add(path, -math.inf if node < 0 else math.inf)
        else:
            add(f"{path}={node}", 1.0)

    for key, value in view.items():
        if key not in SKIPPED:
            walk(value, f"/{key}")
    out = np.bincount(np.asarray(slots, dtype=np.intp), weights=weights, minlength=size)
    return np.clip(np.nan_to_num(out), -OBS_BOUND, OBS_BOUND).astype(np.float32)


# ------------------------------------------------------------------ actions
class Decisions:
    """The legal codes of the current decision, listed once per decision (a play loop asks
    for the mask and the observation several times before it acts)."""

    def __init__(self, game: Game):
        self.codec = game.codec
        self._state: State | None = None  # held, so its id is never another state's
        self._length = -1
        self._codes = np.zeros(0, dtype=np.int64)

    def codes(self, state: State) -> np.ndarray:
        """The sorted codes of ``state.legal_actions()`` (empty once the game is over)."""
        if state is not self._state or len(state.log) != self._length:
            encode = self.codec.encode
            self._codes = np.unique(np.fromiter((encode(a) for a in state.legal_actions()),
                                                dtype=np.int64))
            self._state, self._length = state, len(state.log)
        return self._codes

    def mask(self, state: State, seat: int | None) -> np.ndarray:
        """The int8 action mask of ``seat``: its legal codes when it decides, else zeros."""
        out = np.zeros(self.codec.size, dtype=np.int8)
        if seat is not None and seat == state.current_player:
            out[self.codes(state)] = 1
        return out


def action_code(action: Any, size: int) -> int:
    """An action given to ``step`` as a plain ``int`` code (numpy integers and 0-d arrays
    included); :class:`ActionFormatError` for anything outside ``0..size-1``."""
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        action = action.item()
    if isinstance(action, bool | np.bool_) or not isinstance(action, numbers.Integral):
        raise ActionFormatError(f"action: expected an integer code 0..{size - 1}, "
                                f"got {shown(action)}")
    code = int(action)
    if not 0 <= code < size:
        raise ActionFormatError(f"action: code {shown(code)} is outside 0..{size - 1}")
    return code


def play(state: State, game: Game, action: Any, illegal: str) -> RuleViolation | None:
    """Apply the action with code ``action``; an illegal one changes nothing and is
    returned (``illegal="penalize"``) or raised (``"raise"``)."""
    act = game.codec.decode(action_code(action, game.codec.size))
    try:
        state.apply(act)
    except RuleViolation as exc:
        if illegal == "raise":
            raise
        return exc
    return None


def refusal(exc: RuleViolation) -> dict:
    """What ``info["illegal_action"]`` says about a refused action: its rule and why."""
    return {"rule": exc.rule, "message": exc.message}


# ------------------------------------------------------------------ rewards
def signed_scores(state: State) -> list[float]:
    """The scores, negated for a game where lower is better (so more is always better)."""
    sign = -1.0 if state.game.lower_is_better else 1.0
    return [sign * float(s) for s in state.scores()]


def win_rewards(state: State) -> list[float]:
    """+1 for each winner, -1 for every other seat; 0 for all when every seat of a game
    of several wins (a draw). A game without a winner (a failed solo game) gives -1."""
    winners = set(state.winners())
    if state.players > 1 and len(winners) == state.players:
        return [0.0] * state.players
    return [1.0 if p in winners else -1.0 for p in range(state.players)]


def text(state: State, events: int = 8) -> str:
    """A short text picture of the position (``render_mode="ansi"``): the public table's
    last events, then whose decision it is."""
    lines = [repr(state)]
    lines += [f"  {e.visible_text('public')}" for e in list(state.log)[-events:]]
    return "\n".join(lines)
