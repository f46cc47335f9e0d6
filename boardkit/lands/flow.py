"""The Lands of Amazement flow, in one place (rulebook section "Gameplay").

Two phases, as the rulebook says. ``portfolio``, once per round (4 rounds): the player draws
card after card, each placed before the next is drawn, completing and rearranging parks in
between (:func:`.portfolio.turn`), until the deck or every stack is empty; then the round
ends (:func:`.ending.end_round`): the build area is cleared and the player reserves cards;
then the next round, or after the last one ``megapark``: the reserved cards are turned over
and built into one park until the player finishes; the megapark is scored and the game ends.

A round is the ``portfolio`` phase entered again, so that ``state.phase`` reads
``"portfolio"`` from the first draw to the last reserve, ``"megapark"``, then ``"over"``.
The rules below the flow are leaves: they never start the next round or phase.

``print(boardkit.game("lands").state_class.flow.describe())`` shows this table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.engine import Flow, Phase, Stage, Turn

from . import ending, megapark, portfolio

if TYPE_CHECKING:
    from .position import LandsState


def _new_round(state: LandsState) -> None:
    """A round begins; after the first the discard pile becomes the new deck."""
    state.round += 1
    if state.round > 1:
        ending.new_deck(state)
    portfolio.start_round(state)


def _after_round(state: LandsState) -> str:
    return "megapark" if ending.game_end(state) else "portfolio"


TURN = Turn(
    "draw", "draw a card and place it, then build: complete parks, rearrange them, go on",
    Stage("place", "the card just drawn goes into a park, or starts a new one (the parks may "
          "be laid out again first)",
          ask=lambda state, seat: portfolio.PlaceStep(), start=portfolio.draw,
          rule="lands.portfolio.place"),
    Stage("build", "while a stack shows a plan: complete a park (and use its ability), "
          "rearrange a card within a park, or go on to the next draw",
          ask=lambda state, seat: portfolio.BuildStep(), when=portfolio.builds,
          rule="lands.portfolio.draw"),
    when=portfolio.draws,
)

FLOW = Flow(
    Phase("portfolio", "a round of the Portfolio Phase (4 rounds): draw a card and place it in "
          "a park, then complete parks, rearrange them or go on; draw after draw until the "
          "deck or every stack is empty; then end the round: the build area is cleared and "
          "discarded cards with an icon of the round are reserved",
          start=_new_round, turn=TURN, again=portfolio.goes_on,
          end=ending.end_round, next=_after_round, leads_to=("portfolio", "megapark"),
          rule="lands.portfolio.rounds"),
    Phase("megapark", "the reserved cards are turned over and built into one single park, "
          "card after card, rearranged at will, until the player finishes; the megapark is "
          "scored against the goal's plan",
          start=megapark.start, turn=megapark.turn, end=megapark.finish, next=None,
          rule="lands.megapark.build"),
    first="portfolio",
)
