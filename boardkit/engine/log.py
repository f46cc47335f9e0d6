"""The event log: every action, random event, automatic choice and rule message of a game.

The log is both the human-readable story of a game (``str(event)``) and, through its
``action`` and ``chance`` events, the exact record from which the game replays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .actions import Action

Kind = Literal["setup", "action", "auto", "chance", "info"]
#: the viewer of the public table: what every seat sees alike (``observation(PUBLIC)``)
PUBLIC = "public"


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a game's log.

    ``kind`` is ``action`` (a player's decision, replayed), ``auto`` (a choice with a single
    option, taken by the engine), ``chance`` (a random outcome: ``name``/``value``, replayed;
    ``forced`` when a teacher set it), ``setup`` or ``info`` (a rule's consequence).
    """

    kind: Kind
    text: str
    player: int | None = None
    action: Action | None = None
    name: str | None = None
    value: Any = None
    forced: bool = False
    index: int = -1  # for chance events: the chance counter (0, 1, 2, ...)
    to: int | None = None  # a private event: only this player sees ``text``
    public: str | None = None  # what the other players see of a private event

    def visible_text(self, viewer: int | str | None) -> str:
        """The event as ``viewer`` may see it: a seat, :data:`PUBLIC` (the table: a private
        event shows its public text) or ``None`` (the teacher: everything)."""
        if self.to is None or viewer is None or viewer == self.to:
            return str(self)
        owner = self.player if self.player is not None else self.to if self.to >= 0 else None
        who = "" if owner is None else f"P{owner + 1}: "  # whose secret it is, not what
        return f"{who}{self.public or 'a hidden event'}"

    def __str__(self) -> str:
        who = "" if self.player is None else f"P{self.player + 1}: "
        if self.kind == "action":
            return f"{who}{self.text}"
        if self.kind == "auto":
            return f"{who}{self.text} (only option)"
        if self.kind == "chance":
            return f"{self.text}{' (forced)' if self.forced else ''}"  # text names the player
        return f"{who}{self.text}" if self.player is not None else self.text


class Log(list):
    """A list of :class:`Event` with readable rendering. Shown as text or in a notebook, it
    reads as the table sees it: a private event (a hand drawn, a deck's order) shows only
    its public text, so printing a game's log in front of a class gives no secret away."""

    def text(self, last: int | None = None, viewer: int | str | None = PUBLIC) -> str:
        """The last ``last`` events (all by default), one a line, as ``viewer`` sees them:
        :data:`PUBLIC` (the table, the default), a seat (its own secrets too) or ``None``
        (the teacher's full record, every draw and order included)."""
        events = self if last is None else self[-last:]
        return "\n".join(e.visible_text(viewer) for e in events)

    def history(self) -> list[Event]:
        """The events a replay needs: players' actions and random outcomes, in order."""
        return [e for e in self if e.kind in ("action", "chance")]

    def actions(self) -> list[Event]:
        return [e for e in self if e.kind == "action"]

    def _repr_html_(self) -> str:
        from html import escape

        items = "".join(f"<li>{escape(e.visible_text(PUBLIC))}</li>" for e in self[-40:])
        more = f"<p>… {len(self) - 40} earlier events</p>" if len(self) > 40 else ""
        # numbers past 99 (a game runs to hundreds of events) need more room than the
        # notebook's lists leave at their left
        return (f"{more}<ol start='{max(1, len(self) - 39)}' style='padding-left: 3.5em'>"
                f"{items}</ol>")
