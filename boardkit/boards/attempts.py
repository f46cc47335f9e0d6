"""Attempts: a board shows what the rules say about an action without playing it.

A walkthrough teaches a rule by its legal and its illegal case on the same position.
``board.attempt(action)`` asks the State (``explain``), keeps the verdict for the position
shown, names a refused action's rule in the panel (as a refused click does) and redraws; the
game does not change. A game's board draws the attempts it can place on its picture (a ghost
card, a ghost structure) and lists the others with :func:`verdict_boxes`. The reader's next
click clears them (:meth:`Attempts.clear_attempts`).
"""

from __future__ import annotations

from typing import Any

from boardkit.engine import Action, RuleViolation

from . import svg as S

OK, BAD = "#1b7f3b", "#b3261e"
OK_FILL, BAD_FILL = "#f1faf3", "#fff5f4"


class Attempts:
    """Mixin for a :class:`~boardkit.boards.Board`: :meth:`attempt` and the attempts shown."""

    #: attempts shown: (action, verdict), valid on the position with ``_tried_at`` actions
    tried: list
    _tried_at: int

    def _init_attempts(self) -> None:
        self.tried = []
        self._tried_at = -1

    def attempt(self, act: Action) -> Any:
        """Show what the rules say about ``act`` on the shown position, without playing it.

        A legal action is drawn green, a refused one red with its rule and message (and the
        panel names the rule). Nothing changes the game. Returns the board, so attempts
        chain; the reader's next click clears them.
        """
        state = self.state  # type: ignore[attr-defined]
        verdict = state.explain(act)
        if self._tried_at != state.action_count:
            self.tried, self._tried_at = [], state.action_count
        if not self._show_attempt(state, act, verdict):
            self.tried.append((act, verdict))
        if not verdict.legal:
            self.last_error = RuleViolation(verdict.rule, verdict.message)
            self._note = ""
        self.refresh()  # type: ignore[attr-defined]
        return self

    def _show_attempt(self, state, act: Action, verdict) -> bool:
        """A board's own way to show an attempt (Lands: a rearrangement becomes the draft);
        True when it did, so the attempt is not listed."""
        return False

    def current_tries(self, state) -> list:
        """The attempts shown, dropped once the game moved on."""
        if self._tried_at != state.action_count:
            self.tried = []
        return self.tried

    def clear_attempts(self) -> None:
        """The reader takes over: the attempts shown by a notebook go."""
        self.tried = []


def verdict_text(act: Action, verdict, label: str = "tried") -> str:
    """One line: the action in “…” and what the rules say about it."""
    if verdict.legal:
        return f"{label} “{act}”: legal"
    return f"{label} “{act}”: refused, {verdict.rule}: {verdict.message}"


def verdict_boxes(items, width: float, y: float, size: float = 11) -> tuple[list[str], float]:
    """``items``: (text, legal) pairs, one box each, stacked from ``y`` across ``width``
    (green for a legal attempt, red for a refusal). Returns the SVG parts and the y below."""
    parts = []
    for words, legal in items:
        rows = S.wrap(words, width - 44, size, bold=True)
        colour, fill = (OK, OK_FILL) if legal else (BAD, BAD_FILL)
        line = size + 3
        box_h = 8 + line * len(rows)
        parts.append("<g pointer-events='none' class='bk-box'>"
                     + S.rect(16, y, width - 32, box_h, fill=fill, stroke=colour, rx=4,
                              shape=False)
                     + S.lines(22, y + 4 + line / 2, rows, size=size, line_height=line,
                               fill=colour, weight=600) + "</g>")
        y += box_h + 6
    return parts, y


def refusal_box(verdict, at: tuple[float, float], width: float, below: float,
                box_w: float = 330) -> str:
    """Why an action would be refused: the rule and its whole message, wrapped in a box just
    above the point ``at`` (or at ``below`` when there is no room above), kept inside a
    picture ``width`` wide."""
    rows = S.wrap(f"{verdict.rule}: {verdict.message}", box_w - 12, 11, bold=True)
    box_h = 8 + 14 * len(rows)
    gx, gy = at
    x = min(max(4, gx), width - box_w - 4)
    y = gy - box_h - 6 if gy - box_h - 6 >= 4 else below
    return ("<g pointer-events='none' class='bk-box'>"
            + S.rect(x, y, box_w, box_h, fill=BAD_FILL, stroke=BAD, rx=4, shape=False,
                     fill_opacity=0.95)
            + S.lines(x + 6, y + 4 + 7, rows, size=11, line_height=14, fill=BAD,
                      weight=600) + "</g>")
