"""The solo games and solo modes as Gymnasium environments.

``import boardkit.interop.gymnasium`` registers one id per solo mode:

================================  ==========================================================
``boardkit/lands-v0``             Lands of Amazement (a solo game; ``variant={"expert": True}``)
``boardkit/freizeitpark-v0``      Freizeitpark with one player
``boardkit/wishland-v0``          Wishland's Solo Mode (``variant={"solo_best": n}``)
``boardkit/wanderlust-v0``        Wanderlust's Solo Mode against 2 automatons (a medium race;
                                  ``variant={"automatons": 1}`` or ``3`` for a short or long one)
================================  ==========================================================

>>> import gymnasium, boardkit.interop.gymnasium
>>> env = gymnasium.make("boardkit/lands-v0")
>>> obs, info = env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))

Without the import, ``gymnasium.make("boardkit.interop.gymnasium:boardkit/lands-v0")``
imports it first. Keyword arguments of ``gymnasium.make`` reach :class:`BoardkitEnv` (``variant``, ``params``,
``reward``, ...); :func:`register` adds another game's solo mode.

* **Actions** ``Discrete(codec.size)``, the game's codec codes; the legal ones are
  ``info["action_mask"]`` and ``env.unwrapped.action_masks()`` (what sb3-contrib's
  ``MaskablePPO`` asks for), int8 vectors of ``codec.size``. An illegal code changes
  nothing: it costs ``illegal_reward`` and ``info["illegal_action"]`` names the rule
  (``illegal="raise"`` raises the game's :class:`~boardkit.RuleViolation` instead). Automatons
  and chance act inside the step.
* **Observations** the seat's view hashed into a float32 vector of ``obs_size`` (see
  :mod:`boardkit.interop.encoding`); ``env.unwrapped.state_of_game.observation(0)`` is the
  exact view.
* **Rewards** ``reward="delta"`` (default): after each step the change of the score since
  the previous step, counted from 0 before the first, so the episode's return is exactly
  the final score; ``reward="final"``: 0 until the last step, then the final score. Where
  lower is better (Lands: penalty points) the rewards are negated: the return is minus the
  penalty. The episode terminates when the game is over; nothing truncates.
* **Seeds** ``reset(seed=s)`` plays ``game.new_game(1, seed=s)``; ``reset()`` draws the next
  seed from the environment's generator (``np_random``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as exc:  # pragma: no cover - the extra is installed in CI
    raise ImportError("boardkit.interop.gymnasium needs Gymnasium: "
                      "pip install 'boardkit[interop]'") from exc

from boardkit.engine import BoardkitError, Game, State, UnsupportedGameError
from boardkit.engine import game as get_game
from boardkit.engine.registry import BUILTIN

from . import encoding
from .encoding import OBS_BOUND, OBS_SIZE

__all__ = ["SOLO", "BoardkitEnv", "register"]

#: how each built-in game is played alone (``Game.solo``): its registered id's default
#: keyword arguments
SOLO: dict[str, dict[str, Any]] = {
    name: {k: v for k, v in solo.items() if k != "players"}
    for name in BUILTIN
    if (solo := get_game(name).solo) is not None
}
#: how rewards are paid (see the module doc)
REWARDS = ("delta", "final")


class BoardkitEnv(gymnasium.Env):
    """A boardkit game played by one player, as a Gymnasium environment (see the module
    doc). ``game``: a name or a :class:`~boardkit.engine.Game` with an integer codec."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}
    # the options, checked by encoding.configure
    game: Game
    reward_kind: str
    illegal: str
    illegal_reward: float
    obs_size: int
    render_mode: str | None

    def __init__(self, game: str | Game, variant: Mapping[str, Any] | None = None,
                 params: Mapping[str, Any] | None = None, reward: str = "delta",
                 illegal: str = "penalize", illegal_reward: float = -1.0,
                 obs_size: int = OBS_SIZE, render_mode: str | None = None):
        encoding.configure(self, game, REWARDS, reward, illegal, illegal_reward, obs_size,
                           render_mode)
        self.variant, self.params = variant, params
        self.game.new_game(1, seed=0, variant=variant, params=params)  # refused now, if at all
        self.observation_space = spaces.Box(-OBS_BOUND, OBS_BOUND, (self.obs_size,), np.float32)
        self.action_space = spaces.Discrete(self.game.codec.size)
        self._decisions = encoding.Decisions(self.game)
        self._sign = -1.0 if self.game.lower_is_better else 1.0
        self._score = 0.0
        self.state_of_game: State | None = None

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is not None:  # a refused seed (VariantError) leaves the environment as it was
            state = self.game.new_game(1, seed=seed, variant=self.variant, params=self.params)
            super().reset(seed=seed)
        else:
            super().reset()
            state = self.game.new_game(1, seed=int(self.np_random.integers(2**63)),
                                       variant=self.variant, params=self.params)
        self.state_of_game = state
        self._score = 0.0
        return self._observation(), self._info()

    def step(self, action: Any):
        state = self._playing()
        if state.is_over:
            raise BoardkitError("the game is over: call reset() to play another")
        refused = encoding.play(state, self.game, action, self.illegal)
        if refused is not None:
            reward = self.illegal_reward
        else:
            score = self._sign * float(state.scores()[0])
            if self.reward_kind == "delta":
                reward = score - self._score
            else:
                reward = score if state.is_over else 0.0
            self._score = score
        info = self._info()
        if refused is not None:
            info["illegal_action"] = encoding.refusal(refused)
        return self._observation(), float(reward), state.is_over, False, info

    def action_masks(self) -> np.ndarray:
        """The legal codes of the decision now, as a bool vector (sb3-contrib's
        ``MaskablePPO`` calls this)."""
        return self._decisions.mask(self._playing(), 0).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return encoding.text(self._playing())

    # ------------------------------------------------------------ helpers
    def _playing(self) -> State:
        if self.state_of_game is None:
            raise BoardkitError("call reset() before playing: the environment has no game yet")
        return self.state_of_game

    def _observation(self) -> np.ndarray:
        return encoding.features(self._playing().observation(0), self.obs_size)

    def _info(self) -> dict:
        return {"action_mask": self._decisions.mask(self._playing(), 0)}


def register(name: str, env_id: str | None = None, **kwargs: Any) -> str:
    """Register ``name``'s solo mode as ``boardkit/<game's name>-v0`` (or ``env_id``);
    ``kwargs`` are :class:`BoardkitEnv`'s defaults (``variant={"automatons": 2}``). Returns
    the id, which ``gymnasium.make`` loads. A game of one's own registers with its
    reference, ``register("pickpocket:GAME")`` (the id is then ``boardkit/pickpocket-v0``:
    its name, as Gymnasium ids take no ``:``). A game with no solo mode is refused here."""
    title = name
    if name not in BUILTIN:  # the built-in solo modes register on import, unimported
        g = get_game(name)
        if g.min_players > 1:
            raise UnsupportedGameError(f"{g.name} has no solo mode (it takes {g.min_players}–"
                                       f"{g.max_players} players): a Gymnasium environment is "
                                       "one player's game; use PettingZoo or OpenSpiel for it")
        title = g.name
    env_id = env_id or f"boardkit/{re.sub(r'[^A-Za-z0-9_.-]', '-', title)}-v0"
    gymnasium.register(id=env_id, entry_point="boardkit.interop.gymnasium:BoardkitEnv",
                       kwargs={"game": name, **kwargs})
    return env_id


#: the ids registered on import
IDS = [register(name, **kwargs) for name, kwargs in SOLO.items()]
