"""The board of Kettles: the pile as a row of tokens and one button per legal move.

Click targets come from the actions themselves (``action_target``): the board only draws.
"""

from __future__ import annotations

from boardkit.boards import Board
from boardkit.boards import svg as S
from boardkit.boards.base import action_target

from .game import Take


class KettlesBoard(Board):
    def render(self, state, viewer, legal_targets) -> str:
        obs = state.observation(viewer)
        pile = obs["pile"]
        max_take = state.params.max_take
        parts = [S.text(16, 24, f"{pile} tokens left · {obs['prompt']}", size=15, weight=600)]
        for i in range(pile):
            parts.append(S.circle(28 + 26 * (i % 20), 52 + 26 * (i // 20), 10, fill="#d9a441"))
        y = 52 + 26 * ((max(pile, 1) - 1) // 20 + 1)
        for n in range(1, max_take + 1):
            parts.append(S.button(16 + 92 * (n - 1), y, 84, 30, f"take {n}",
                                  target=action_target(state, Take(n)), legal=legal_targets))
        return S.document(16 + 92 * max_take + 16, y + 46, parts, title=obs["prompt"],
                          game=state.game.name, actions=state.action_count)
