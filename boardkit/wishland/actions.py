"""Every decision of a Wishland player, as a small frozen dataclass.

Multiplayer turn: :class:`PlaceWorkers` (Action 1: place, purchase and play — or place on the
Advertisement Space) or :class:`Collect` (Action 2), plus the free actions
:class:`ClaimAchievement` and :class:`PayToCollect` (Hotel #16) and :class:`EndTurn` once the
standard action is done. Pending choices: :class:`ChooseTurnSpace`, :class:`ChooseReward`,
:class:`KeepEntrepreneur`, :class:`PayForVictoryPoint` (Hotel #19), :class:`BonusCard`
(Hotel #8), :class:`CollectForFree` (Hotel #13). Solo Mode adds :class:`SoloDraw`,
:class:`SoloFreeDraw`, :class:`SoloPlay`, :class:`SoloAdvertise` and :class:`SoloDiscard`.
"""

from __future__ import annotations

from typing import Annotated

from boardkit.engine import Action, ActionCodec, OneOf, Range, action

from .content import ADVERTISEMENT, CARDS, CONTENT, MASCOT, RESOURCES, SPACES

Space = Annotated[str, OneOf(SPACES, rule="wishland.place.space")]
Resource = Annotated[str, OneOf(RESOURCES, rule="wishland.reward.choice")]
#: a card id of the content (the rules say which cards may be chosen when)
CardId = Annotated[int, Range(min(CARDS), max(CARDS))]


def _card(cid: int | None) -> str:
    return CARDS[cid].name if cid in CARDS else f"card {cid}"


@action
class ChooseTurnSpace(Action):
    """Put your Player Token on space 1-5 of the Turn Order Track and take its reward."""

    space: Annotated[int, Range(1, len(CONTENT.board.turn_order), rule="wishland.turn_order.space")]

    def __str__(self) -> str:
        return f"take Turn Order space {self.space}"


@action
class KeepEntrepreneur(Action):
    """Keep the first (0) or second (1) of your two dealt Entrepreneur cards (secretly)."""

    index: Annotated[int, Range(0, 1, rule="wishland.entrepreneur.draft")]

    def __str__(self) -> str:
        return f"keep dealt Entrepreneur card {self.index + 1}"


@action
class PlaceWorkers(Action):
    """Action 1: place Workers on ``space``; on a Marketplace row buy the card in ``slot``
    (0-3), with ``extra`` Workers lowering its cost (Worker Reserve ability)."""

    space: Space
    slot: Annotated[int, Range(0, 5, rule="wishland.purchase.card")] | None = None
    #: at most 3 (the rule parameter reserve_extra_max is at most 3, the codec's size)
    extra: Annotated[int, Range(0, 3, rule="wishland.reserve.ability")] = 0

    def __str__(self) -> str:
        if self.space == ADVERTISEMENT:
            return "place Workers on the Advertisement Space"
        more = f" with {self.extra} extra Worker{'s' if self.extra > 1 else ''}" if self.extra else ""
        return f"buy card {self.slot} of the {self.space} row{more}"


@action
class Collect(Action):
    """Action 2: take back all your Workers."""

    def __str__(self) -> str:
        return "collect all Workers"


@action
class PayToCollect(Action):
    """Hotel #16: pay 3 Credits to collect all your Workers without using your action."""

    def __str__(self) -> str:
        return "pay 3 Credits to collect all Workers (Hotel #16)"


@action
class ClaimAchievement(Action):
    """Claim an Achievement (free, during your turn): ``board-1``..``board-9``, ``tile-1``.."""

    achievement: Annotated[str, OneOf(CONTENT.achievements, rule="wishland.achievement.exists")]

    def __str__(self) -> str:
        return f"claim Achievement {self.achievement}"


@action
class ChooseReward(Action):
    """A choice reward: 1 Happiness, 1 Visitor or 1 Worker."""

    resource: Resource

    def __str__(self) -> str:
        return f"choose 1 {self.resource.rstrip('s') if self.resource != 'happiness' else 'happiness'}"


@action
class PayForVictoryPoint(Action):
    """Hotel #19: pay 2 more Credits for the card just bought to score 1 Victory Point."""

    pay: bool

    def __str__(self) -> str:
        return "pay 2 Credits for 1 Victory Point" if self.pay else "do not pay for a Victory Point"


@action
class EndTurn(Action):
    """End your turn (after your standard action)."""

    def __str__(self) -> str:
        return "end the turn"


@action
class BonusCard(Action):
    """Hotel #8 at Final Scoring: buy and play ``card`` from a row, deck or discard pile
    (``None``: decline)."""

    card: CardId | None

    def __str__(self) -> str:
        return "decline the Hotel #8 bonus card" if self.card is None else f"buy {_card(self.card)} (Hotel #8)"


@action
class CollectForFree(Action):
    """Hotel #13, at the end of a turn in which you advertised: take back all your Workers
    for free (``collect=True``) or leave them on the board (``collect=False``)."""

    collect: bool

    def __str__(self) -> str:
        return ("collect all Workers for free (Hotel #13)" if self.collect
                else "leave the Workers on the board (Hotel #13)")


@action
class SoloDraw(Action):
    """Solo: spend a Worker on the Mascot Worker Space and draw the top card into your hand."""

    def __str__(self) -> str:
        return "spend a Worker to draw a card"


@action
class SoloFreeDraw(Action):
    """Solo free action: move your Player Token one space right and draw a card."""

    def __str__(self) -> str:
        return "move the Player Token right to draw a card"


@action
class SoloPlay(Action):
    """Solo: play ``card`` from your hand (paying its cost) and discard the rest of the hand."""

    card: CardId

    def __str__(self) -> str:
        return f"play {_card(self.card)} from the hand"


@action
class SoloAdvertise(Action):
    """Solo: activate the Advertisement Space and discard your hand."""

    def __str__(self) -> str:
        return "advertise and discard the hand"


@action
class SoloDiscard(Action):
    """Solo: discard the hand when none of the three follow-up actions is possible."""

    def __str__(self) -> str:
        return "discard the hand (nothing else is possible)"


ACTIONS = (ChooseTurnSpace, KeepEntrepreneur, PlaceWorkers, Collect, PayToCollect,
           ClaimAchievement, ChooseReward, PayForVictoryPoint, EndTurn, BonusCard, SoloDraw,
           SoloFreeDraw, SoloPlay, SoloAdvertise, SoloDiscard, CollectForFree)


def make_codec() -> ActionCodec:
    """The stable integer codec of every Wishland action."""
    market = sorted(c for c, card in CARDS.items() if card.kind <= MASCOT)
    return ActionCodec([
        (ChooseTurnSpace, {"space": range(1, len(CONTENT.board.turn_order) + 1)}),
        (KeepEntrepreneur, {"index": (0, 1)}),
        (PlaceWorkers, {"space": SPACES, "slot": (None, 0, 1, 2, 3, 4, 5), "extra": range(0, 4)}),
        (Collect, {}),
        (PayToCollect, {}),
        (ClaimAchievement, {"achievement": tuple(CONTENT.achievements)}),
        (ChooseReward, {"resource": RESOURCES}),
        (PayForVictoryPoint, {"pay": (False, True)}),
        (EndTurn, {}),
        (BonusCard, {"card": (None, *market)}),
        (SoloDraw, {}),
        (SoloFreeDraw, {}),
        (SoloPlay, {"card": tuple(market)}),
        (SoloAdvertise, {}),
        (SoloDiscard, {}),
        (CollectForFree, {"collect": (False, True)}),  # added last: older codes unchanged
    ])


#: Marketplace row name <-> card kind index
KIND_OF_ROW = {row: i for i, row in enumerate(SPACES[1:])}
ROW_OF_KIND = {i: row for row, i in KIND_OF_ROW.items()}
