"""Any boardkit game with an integer action codec as a PettingZoo AEC environment.

>>> from boardkit.interop.pettingzoo import env
>>> e = env("wanderlust", players=3)
>>> e.reset(seed=7)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated else e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)

* **Agents** ``player_0`` .. ``player_{N-1}``; ``agent_selection`` is always
  ``state.current_player``, so a seat may act several times in a row, and a decision the
  rules give to another seat (a reward chosen out of turn, a simultaneous round played seat
  by seat) goes to that seat. Chance (dice, draws, automatons) is resolved inside
  ``state.apply`` by the game's own seeded generator: there is no chance agent.
* **Actions** ``Discrete(codec.size)``, the game's codec codes. An illegal code changes
  nothing: by default (``illegal="penalize"``) it costs its agent ``illegal_reward`` and
  ``infos[agent]["illegal_action"]`` says which rule refused it, and the same agent is
  still to act; ``illegal="raise"`` raises the game's :class:`~boardkit.RuleViolation`.
* **Observations** ``Dict(observation=Box(obs_size,), action_mask=MultiBinary(codec.size))``:
  the seat's view hashed into a vector and its legal codes (see
  :mod:`boardkit.interop.encoding`); built only when asked for (``last()``, ``observe``).
* **Rewards** only when the game ends, never during it (a running score can hold what a
  seat may not see, such as a secret goal): ``reward="win"`` (default) +1 to each winner
  and -1 to the others (0 to all in a draw), ``reward="score"`` each seat's final score
  (negated where lower is better). ``terminations`` all become True at the end; nothing
  truncates.
* **Seeds** ``reset(seed=s)`` plays ``game.new_game(players, seed=s)``; ``reset()`` draws
  the next game's seed from the last seed given (or from fresh entropy before any).
  Variant options and rule parameters are fixed when the environment is made
  (``env(name, players, variant={...}, params={...})``); ``reset``'s ``options`` are not used.
* ``e.state_of_game`` is the boardkit State being played (its readable actions, its
  ``observation(seat)`` as JSON, ``explain``, the board).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as exc:  # pragma: no cover - the extra is installed in CI
    raise ImportError("boardkit.interop.pettingzoo needs PettingZoo: "
                      "pip install 'boardkit[interop]'") from exc

from boardkit.engine import BoardkitError, Game, State

from . import encoding
from .encoding import OBS_BOUND, OBS_SIZE

__all__ = ["BoardkitAECEnv", "env"]

#: what the agents receive when the game ends
REWARDS = ("win", "score")


class BoardkitAECEnv(AECEnv):
    """A boardkit game as a PettingZoo AEC environment (see the module doc)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}
    # the options, checked by encoding.configure
    game: Game
    reward_kind: str
    illegal: str
    illegal_reward: float
    obs_size: int
    render_mode: str | None

    def __init__(self, game: str | Game, players: int | None = None,
                 variant: Mapping[str, Any] | None = None, params: Mapping[str, Any] | None = None,
                 reward: str = "win", illegal: str = "penalize", illegal_reward: float = -1.0,
                 obs_size: int = OBS_SIZE, render_mode: str | None = None):
        super().__init__()
        encoding.configure(self, game, REWARDS, reward, illegal, illegal_reward, obs_size,
                           render_mode)
        self.variant, self.params = variant, params
        # a first game checks the player count, the variant and the parameters now
        first = self.game.new_game(players, seed=0, variant=variant, params=params)
        self.players = first.players
        self.metadata = {**self.metadata, "name": f"boardkit_{self.game.name}_v0"}
        self.possible_agents = [f"player_{p}" for p in range(self.players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        size = self.game.codec.size
        # one space per seat (each seeds and samples on its own); the mask's space is a
        # MultiBinary, which holds no bound arrays (a Box of 6 million codes holds two)
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (self.obs_size,), np.float32),
            "action_mask": spaces.MultiBinary(size),
        }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._decisions = encoding.Decisions(self.game)
        self._seeds: np.random.Generator | None = None
        self.state_of_game: State | None = None

    # ------------------------------------------------------------ the API
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            if self._seeds is None:
                self._seeds = np.random.default_rng()
            seed_now = int(self._seeds.integers(2**63))
        else:
            seed_now = seed
        # a refused seed (VariantError) leaves the environment as it was
        self.state_of_game = self.game.new_game(self.players, seed=seed_now,
                                                variant=self.variant, params=self.params)
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> dict:
        state = self._playing()
        seat = self._seat[agent]
        return {
            "observation": encoding.features(state.observation(seat), self.obs_size),
            "action_mask": self._decisions.mask(state, seat),
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._playing()
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos = {a: {} for a in self.agents}
        refused = encoding.play(state, self.game, action, self.illegal)
        if refused is not None:
            self.rewards[agent] = self.illegal_reward
            self.infos[agent] = {"illegal_action": encoding.refusal(refused)}
        elif state.is_over:
            final = (encoding.win_rewards(state) if self.reward_kind == "win"
                     else encoding.signed_scores(state))
            for a in self.agents:
                self.rewards[a] = final[self._seat[a]]
                self.terminations[a] = True
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return encoding.text(self._playing())

    def close(self) -> None:
        pass

    # ------------------------------------------------------------ helpers
    def _playing(self) -> State:
        if self.state_of_game is None:
            raise BoardkitError("call reset() before playing: the environment has no game yet")
        return self.state_of_game

    def _select(self) -> None:
        """The agent to act: the seat that decides; once over, the first still listed."""
        seat = self._playing().current_player
        self.agent_selection = self.agents[0] if seat is None else self.possible_agents[seat]

    def __str__(self) -> str:
        return self.metadata["name"]


def env(name: str | Game, players: int | None = None, **options: Any) -> BoardkitAECEnv:
    """The game ``name`` (or a :class:`~boardkit.engine.Game`) as a PettingZoo AEC
    environment for ``players`` seats (the game's default without).

    ``options``: ``variant`` and ``params`` (as for ``game.new_game``), ``reward`` ("win" or
    "score"), ``illegal`` ("penalize" or "raise"), ``illegal_reward``, ``obs_size``,
    ``render_mode`` ("ansi"). See the module doc."""
    return BoardkitAECEnv(name, players, **options)
