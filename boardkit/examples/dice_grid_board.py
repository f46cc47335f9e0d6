"""The Dice Grid board: the grid, the roll, the scores and the lucky numbers as one SVG.

Targets: every clickable element carries its action's own code
(:func:`~boardkit.boards.base.action_target`): the dice of the roll ``ChooseDie(value)``
while a die is to be chosen, every cell ``Claim(cell)``, legal or not (so a click on a wrong
one is explained by its rule), and the Pass button ``Pass()``. The base board's ``targets``
and ``intent`` turn a click into that action, so the board only draws.
"""

from __future__ import annotations

from typing import cast

from boardkit.boards import Board
from boardkit.boards import svg as S
from boardkit.boards.base import action_target
from boardkit.engine import State

from .dice_grid import ChooseDie, ChooseDieStep, Claim, ClaimStep, DiceGridState, Pass

SIZE, GAP, MARGIN, TOP = 60, 4, 26, 50
PANEL = 300


def _pts(n: int) -> str:
    return f"{n} pt" if n == 1 else f"{n} pts"


class DiceGridBoard(Board):
    """Click a die to keep it, then a cell showing that number."""

    # ------------------------------------------------------------------ hooks
    def render(self, state: State, viewer: int | str | None, legal_targets: set[str]) -> str:
        obs = state.observation(viewer)
        rows = obs["grid"]
        height, width = len(rows), len(rows[0])
        grid_w, grid_h = S.grid_size(width, height, SIZE, GAP)
        step = state.pending
        names = cast(DiceGridState, state).labels

        def cell(x: int, y: int) -> S.Cell:
            info = rows[y][x]
            owner = info["owner"]
            who = "empty" if owner is None else f"claimed by P{owner + 1}"
            return S.Cell(
                label=str(info["number"]),
                fill=S.player_tint(owner),
                stroke=S.INK if owner is None else S.player_colour(owner),
                target=action_target(state, Claim((x, y))),
                corner="" if owner is None else f"P{owner + 1}",
                corner_fill=S.player_colour(owner),
                title=f"cell {names.cell((x, y))} shows {info['number']}, {who}",
            )

        parts = [S.text(MARGIN, 22, self._headline(state, obs), size=15, weight=600),
                 S.grid(width, height, cell, x0=MARGIN, y0=TOP, size=SIZE, gap=GAP,
                        legal=legal_targets)]
        # axis labels: the names every message uses (A1 is top-left)
        for x, name in enumerate(names.columns()):
            parts.append(S.text(MARGIN + x * (SIZE + GAP) + SIZE / 2, TOP - 7, name, size=11,
                                anchor="middle", fill=S.MUTED))
        for y, name in enumerate(names.rows()):
            parts.append(S.text(MARGIN - 6, TOP + y * (SIZE + GAP) + SIZE / 2, name, size=11,
                                anchor="end", fill=S.MUTED))

        px = MARGIN + grid_w + 24
        y = TOP + 8
        dice = self._roll(state)
        if dice:
            parts.append(S.text(px, y, "roll", size=13, fill=S.MUTED))
            y += 14
            for i, value in enumerate(dice):
                choosing = isinstance(step, ChooseDieStep)
                kept = isinstance(step, ClaimStep) and value == step.value and (
                    i == 0 or dice[0] != value)
                parts.append(S.die(px + i * 60, y, value, size=48,
                                   target=action_target(state, ChooseDie(value)) if choosing else None,
                                   legal=legal_targets, dim=not choosing and not kept,
                                   fill=S.player_tint(state.current_player) if kept else S.PAPER,
                                   label=f"keep the {value}" if choosing else None))
            y += 48 + 12
            if isinstance(step, ClaimStep):
                parts.append(S.text(px, y + 6, f"kept {step.value}: claim a {step.value}",
                                    size=13, fill=S.MUTED))
                y += 20
                parts.append(S.button(px, y, 108, 30, "Pass",
                                      target=action_target(state, Pass()),
                                      legal=legal_targets))
                y += 30
            y += 18

        parts.append(S.text(px, y, "scores", size=13, fill=S.MUTED))
        y += 20
        parts.append(S.legend(px, y, self._score_lines(cast(DiceGridState, state), obs), line_height=22, size=13))
        y += 22 * state.players
        doc_w = px + PANEL
        doc_h = max(TOP + grid_h + MARGIN, y + MARGIN)
        return S.document(doc_w, doc_h, parts, title=f"Dice Grid: {obs['prompt']}",
                          game=state.game.name, actions=state.action_count,
                          viewer=S.viewer_label(viewer))

    # ---------------------------------------------------------------- pieces
    @staticmethod
    def _headline(state: State, obs: dict) -> str:
        rounds = state.params.rounds
        if state.is_over:
            won = " and ".join(f"P{p + 1}" for p in state.winners())
            return f"Game over after round {min(obs['round'], rounds)} · {won} won"
        return (f"Round {obs['round']} of {rounds} · P{obs['current_player'] + 1}: "
                f"{obs['prompt']}")

    @staticmethod
    def _roll(state: State) -> tuple[int, ...]:
        """The dice of the current turn (the last roll of the log), while a turn is running."""
        if state.is_over:
            return ()
        for event in reversed(state.log):
            if event.kind == "chance" and event.name == "roll":
                return tuple(event.value)
        return ()

    @staticmethod
    def _score_lines(state: DiceGridState, obs: dict) -> list[tuple[int | None, str]]:
        lines: list[tuple[int | None, str]] = []
        secret = state.variant.secret_lucky
        for p in range(state.players):
            parts = state.score_parts(p)
            lucky = obs["lucky"][p]
            if not secret:
                lines.append((p, f"P{p + 1}: {_pts(parts['group'])} (largest group)"))
            elif lucky is None:  # hidden from this viewer: the bonus would give it away
                lines.append((p, f"P{p + 1}: ? pts (group {parts['group']} + lucky ?) "
                                 "· lucky ?"))
            else:
                total = parts["group"] + parts["lucky"]
                lines.append((p, f"P{p + 1}: {_pts(total)} (group {parts['group']} + lucky "
                                 f"{parts['lucky']}) · lucky {lucky}"))
        return lines
