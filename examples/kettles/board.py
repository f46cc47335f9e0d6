"""The board of Kettles: one row per kettle, the viewer's hand, the deck and the discard pile.

It draws only what the viewing seat may see (``state.observation(viewer)``): another
player's hand is a row of card backs. Click targets come from the actions themselves
(``action_target``): each card of the hand is ``Choose(card)``, each kettle ``Pour(kettle)``,
legal or not, so a click on a wrong one is explained by its rule.
"""

from __future__ import annotations

from boardkit.boards import Board
from boardkit.boards import svg as S
from boardkit.boards.base import action_target
from boardkit.engine import State

from .game import ICE, Choose, Pour, card_name

CARD_W, CARD_H, GAP = 34, 48, 6
LEFT, TOP, ROW = 16, 44, 64
WIDTH = 620
ICE_FILL, HEAT_FILL, BACK_FILL = "#d6ecfa", "#fbe3cf", "#8a8a8a"


def card(x: float, y: float, value: int | None, *, target: str | None = None,
         legal: set[str] | None = None, title: str = "") -> str:
    """A card face (``None``: its back, a card this viewer may not see); only a card that is
    a click target shows the highlight of a legal move."""
    shape = target is not None
    if value is None:
        inner = [S.rect(x, y, CARD_W, CARD_H, fill=BACK_FILL, rx=4, shape=shape)]
    else:
        fill = ICE_FILL if value == ICE else HEAT_FILL
        inner = [S.rect(x, y, CARD_W, CARD_H, fill=fill, rx=4, shape=shape),
                 S.text(x + CARD_W / 2, y + CARD_H / 2, card_name(value),
                        size=13 if value == ICE else 18, anchor="middle", weight=700)]
    if title:  # hover text, and what a screen reader says
        inner.insert(0, f"<title>{S.esc(title)}</title>")
    return S.group(inner, target, legal or set(), label=title or None)


class KettlesBoard(Board):
    """Click a card of your hand, then the kettle to pour it into."""

    def render(self, state: State, viewer: int | str | None, legal_targets: set[str]) -> str:
        obs = state.observation(viewer)
        limit = obs["limit"]
        parts = [S.text(LEFT, 22, self._headline(state, obs), size=15, weight=600)]
        y = TOP
        for p, kettle in enumerate(obs["kettles"]):
            pour = action_target(state, Pour(p))
            label = f"P{p + 1}'s kettle: heat {kettle['heat']} of {limit}"
            box = [S.rect(LEFT, y, WIDTH - 2 * LEFT, ROW - 8, fill=S.player_tint(p),
                          stroke=S.player_colour(p), stroke_width=1.5, rx=8),
                   S.text(LEFT + 10, y + 16, f"P{p + 1}", size=14, weight=700,
                          fill=S.player_colour(p)),
                   S.text(LEFT + 10, y + 38, f"heat {kettle['heat']}/{limit}", size=12),
                   S.text(WIDTH - LEFT - 10, y + 16, f"boiled over {obs['boils'][p]}×",
                          size=11, anchor="end", fill=S.MUTED)]
            gauge = (WIDTH - 2 * LEFT - 20) * min(kettle["heat"], limit) / limit
            box.append(S.rect(LEFT + 10, y + ROW - 14, gauge, 3, fill=S.player_colour(p),
                              stroke="none", shape=False))
            for i, value in enumerate(kettle["cards"][-10:]):
                box.append(card(LEFT + 100 + i * (CARD_W + 2), y + 2, value))
            parts.append(S.group(box, pour, legal_targets, label=f"pour into {label}"))
            y += ROW
        y += 6
        parts.append(S.text(LEFT, y, "hands", size=13, fill=S.MUTED))
        y += 14
        for p, hand in enumerate(obs["hands"]):
            parts.append(S.text(LEFT, y + CARD_H / 2, f"P{p + 1}", size=13, weight=700,
                                fill=S.player_colour(p)))
            cards = hand if hand is not None else [None] * obs["hand_sizes"][p]
            for i, value in enumerate(cards):
                target = action_target(state, Choose(value)) if value is not None else None
                parts.append(card(LEFT + 40 + i * (CARD_W + GAP), y, value, target=target,
                                  legal=legal_targets,
                                  title=f"choose the {card_name(value)}" if value is not None
                                  else "a hidden card"))
            y += CARD_H + GAP
        x, top = WIDTH - 200, TOP + ROW * len(obs["kettles"]) + 20
        parts.append(S.text(x, top + 10, f"deck: {obs['deck']} cards", size=13))
        parts.append(S.text(x, top + 30, f"discarded: {len(obs['discard'])} cards", size=13))
        if obs["chosen"] is not None:
            parts.append(S.text(x, top + 50 + CARD_H / 2, "chosen:", size=13, fill=S.MUTED))
            parts.append(card(x + 60, top + 50, obs["chosen"]))
        height = max(y, top + 50 + CARD_H) + 10
        return S.document(WIDTH, height, parts, title=f"Kettles: {obs['prompt']}",
                          game=state.game.name, actions=state.action_count,
                          viewer=S.viewer_label(viewer))

    @staticmethod
    def _headline(state: State, obs: dict) -> str:
        if state.is_over:
            won = " and ".join(f"P{p + 1}" for p in state.winners())
            return f"Game over · {won} won"
        return f"P{obs['current_player'] + 1}: {obs['prompt']}"
