"""Rewards (rulebook: Card Layout — Reward; Card Details; Optional Entrepreneur Cards).

Every reward is data (:class:`~boardkit.wishland.content.Effect` lists in the TOML files);
this module interprets it with a handful of effect functions:

* :func:`play_card` — a card enters a play area: its Immediate Reward, the Mascot Card
  Bonus, and the Ongoing Rewards of cards already there that react to it (``when_play``,
  ``when_nth``, ``new_symbol_credit``); then its own Ongoing Rewards start to work;
* the ``gain`` continuation (:func:`gain`) — pays a list of gains in order. A choice reward ("1 Happiness,
  1 Visitor or 1 Worker") becomes a pending :class:`ChoiceStep`; the rest of the list waits
  for it as a continuation. With Hotel #15 every Happiness, Visitor or Worker gained becomes
  such a choice.

A list of gains is named by a *reference* (a tuple of plain values, so the state never holds
content objects; :data:`~boardkit.wishland.content.RewardRef`): ``("card", 413, "immediate")``,
``("card", 107, "ongoing", 0)``, ``("turn", 4)``, ``("advert",)``, ``("mascot", 2)``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING

from boardkit.engine import STAY, Action, Outcome, RuleViolation, Step
from boardkit.engine.rules import rule_ids

from . import tracks
from .actions import ChooseReward
from .card_limit import card_limit
from .content import (
    CARDS,
    CONTENT,
    ENTREPRENEUR,
    KINDS,
    MASCOT,
    RESOURCES,
    TICKET,
    CardPart,
    Effect,
    RewardRef,
)
from .tracks import add_vp

if TYPE_CHECKING:
    from .position import WishlandState

CHOICES: list[Action] = [ChooseReward(r) for r in RESOURCES]
SOURCE = {0: "rides", 1: "restaurants", 2: "actors", 3: "hotels", 4: "mascots",
          5: "ticket offices", 6: "entrepreneur"}

RULES = rule_ids("wishland")
#: card number -> the rule of each Hotel and Entrepreneur card: the card's rewards are data
#: (hotels.toml, entrepreneurs.toml), carried out by this module (Immediate and Ongoing
#: Rewards), income.py (Income), card_limit.py, actions.py (discounts) and final_scoring.py
HOTEL_RULES = RULES.family({
    1: "wishland.hotel.1",
    2: "wishland.hotel.2",
    3: "wishland.hotel.3",
    4: "wishland.hotel.4",
    5: "wishland.hotel.5",
    6: "wishland.hotel.6",
    7: "wishland.hotel.7",
    8: "wishland.hotel.8",
    9: "wishland.hotel.9",
    10: "wishland.hotel.10",
    11: "wishland.hotel.11",
    12: "wishland.hotel.12",
    13: "wishland.hotel.13",
    14: "wishland.hotel.14",
    15: "wishland.hotel.15",
    16: "wishland.hotel.16",
    17: "wishland.hotel.17",
    18: "wishland.hotel.18",
    19: "wishland.hotel.19",
    20: "wishland.hotel.20",
    21: "wishland.hotel.21",
    22: "wishland.hotel.22",
    23: "wishland.hotel.23",
    24: "wishland.hotel.24",
})
ENTREPRENEUR_RULES = RULES.family({
    1: "wishland.entrepreneur.1",
    2: "wishland.entrepreneur.2",
    3: "wishland.entrepreneur.3",
    4: "wishland.entrepreneur.4",
    5: "wishland.entrepreneur.5",
    6: "wishland.entrepreneur.6",
    7: "wishland.entrepreneur.7",
    8: "wishland.entrepreneur.8",
    9: "wishland.entrepreneur.9",
    10: "wishland.entrepreneur.10",
    11: "wishland.entrepreneur.11",
    12: "wishland.entrepreneur.12",
})


@cache
def effects_of(ref: RewardRef) -> tuple[Effect, ...]:
    """The gains a reference names (see the module docstring)."""
    match ref:
        case ("card", cid, part):
            return _card_effects(cid, part)
        case ("card", cid, part, index):
            return _card_effects(cid, part)[index].gain
        case ("turn", space):
            return CONTENT.board.turn_order[space - 1].gain
        case ("advert",):
            return CONTENT.board.advertisement.gain
        case ("mascot", nth):
            return CONTENT.board.mascot_bonus[nth - 1].gain
    raise KeyError(f"unknown reward reference {ref!r}")


def _card_effects(cid: int, part: CardPart) -> tuple[Effect, ...]:
    """One of card ``cid``'s lists of rewards (its field ``part``)."""
    effects: tuple[Effect, ...] = getattr(CARDS[cid], part)
    return effects


def source_of(cid: int) -> str:
    return SOURCE[CARDS[cid].kind]


def owns(state: WishlandState, player: int, ability: str) -> bool:
    """Does ``player`` have a card in play with the Ongoing Reward ``ability``?"""
    return ability in state.ongoing_rewards[player]


def ability_effects(state: WishlandState, player: int, ability: str
                    ) -> Iterator[tuple[int, int, Effect]]:
    """(card id, index, effect) of every ``ability`` effect of ``player``'s cards."""
    for cid in state.ongoing_rewards[player].get(ability, ()):
        for j, e in enumerate(CARDS[cid].ongoing):
            if e.effect == ability:
                yield cid, j, e


def add_credits(state: WishlandState, player: int, n: int) -> None:
    state.credits[player] = max(0, state.credits[player] + n)


def give(state: WishlandState, player: int, ref: RewardRef, mult: int, source: str) -> None:
    """Queue the gains ``ref`` names for ``player`` (paid by the flow, :func:`gain`)."""
    if effects_of(ref):
        state.then(gain, player, ref, 0, mult, source)


def gain(state: WishlandState, player: int, ref: RewardRef, start: int, mult: int, source: str) -> None:
    """Pay the gains ``ref`` names from index ``start`` on; a choice or a Ticket Office
    card pauses it: the choice is asked (the card is played), then the rest is paid."""
    effects = effects_of(ref)
    swap = "swap_resources" in state.ongoing_rewards[player]
    for k in range(start, len(effects)):
        e = effects[k]
        name, n = e.effect, e.n * mult
        if name == "choice" or (swap and name in RESOURCES):
            if n > 0:
                state.ask(ChoiceStep(player, n, source or "a reward"))
            if k + 1 < len(effects):
                state.then(gain, player, ref, k + 1, mult, source)
            return
        if name == "ticket":
            take_tickets(state, player, n)
            if k + 1 < len(effects):
                state.then(gain, player, ref, k + 1, mult, source)
            return
        gain_simple(state, player, name, n, source)


def gain_simple(state: WishlandState, player: int, name: str, n: int, source: str) -> None:
    """A gain that needs no decision."""
    if name == "vp":
        add_vp(state, player, n, source)
    elif name == "credits":
        add_credits(state, player, n)
    elif name == "happiness" or name == "visitors":
        tracks.advance(state, player, name, n)
    elif name == "workers":
        tracks.gain_workers(state, player, n)
    elif name == "entertainment":
        state.entertainment_bonus[player] += n
    else:  # pragma: no cover - the content schema allows nothing else here
        raise ValueError(f"not a simple gain: {name}")


def gain_resource(state: WishlandState, player: int, resource: str, n: int = 1) -> None:
    if resource == "workers":
        tracks.gain_workers(state, player, n)
    else:
        tracks.advance(state, player, resource, n)


@RULES.implements("wishland.reward.ticket")
def take_tickets(state: WishlandState, player: int, n: int) -> None:
    """Take ``n`` Ticket Office cards from the supply, one at a time (each is played)."""
    if n <= 0:
        return
    if not state.tickets:
        state.note("no Ticket Office card is left to take", player)
        return
    play_card(state, player, state.tickets.pop())
    if n > 1:
        state.then(take_tickets, player, n - 1)


class ChoiceStep(Step["WishlandState"]):
    """A choice reward: 1 Happiness, 1 Visitor or 1 Worker, ``count`` times."""

    rule = "wishland.reward.choice"

    def __init__(self, player: int, count: int, source: str) -> None:
        self.player, self.count, self.source = player, count, source

    def prompt(self, state: WishlandState) -> str:
        more = f" ({self.count} to choose)" if self.count > 1 else ""
        return f"choose 1 Happiness, 1 Visitor or 1 Worker from {self.source}{more}"

    def legal(self, state: WishlandState) -> list[Action]:
        return CHOICES

    def check(self, state: WishlandState, act: Action) -> None:
        if type(act) is not ChooseReward or act.resource not in RESOURCES:
            raise RuleViolation("wishland.reward.choice", self.not_now(state, act))

    def resolve(self, state: WishlandState, act: Action) -> Outcome:
        assert isinstance(act, ChooseReward), act  # check() let nothing else through
        gain_resource(state, self.player, act.resource)
        self.count -= 1
        return STAY if self.count > 0 else None  # the next of the choices


# ------------------------------------------------------------------ playing a card

#: card id -> ((index, effect), ...) of its when_play / when_nth Ongoing Rewards
_TRIGGERS = {cid: tuple((j, e) for j, e in enumerate(c.ongoing)
                        if e.effect in ("when_play", "when_nth"))
             for cid, c in CARDS.items()}
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}


@RULES.implements("wishland.reward.immediate", "wishland.reward.ongoing")
def play_card(state: WishlandState, player: int, cid: int) -> None:
    """``cid`` enters ``player``'s play area; queue every reward it triggers, in order:
    its Immediate Reward, the Mascot Card Bonus, then the Ongoing Rewards of the cards
    already in play that react to it. Its own Ongoing Rewards apply from now on."""
    card = CARDS[cid]
    kind = card.kind
    ongoing = state.ongoing_rewards[player]
    sym = card.symbol
    symbols = state.symbols[player]
    new_symbol = sym is not None and not symbols.get(sym)
    if kind == ENTREPRENEUR:
        state.entrepreneur[player] = cid
    else:
        state.tableau[player].append(cid)
        state.count[player][kind] += 1
        if sym is not None:
            symbols[sym] = symbols.get(sym, 0) + 1
    nth = state.count[player][kind]
    jobs: list[tuple[RewardRef, int, str]] = []
    src = SOURCE[kind]
    if card.immediate:
        jobs.append((("card", cid, "immediate"), 1, src))
    if kind == MASCOT:
        bonus = tracks.mascot_bonus(state, player, nth)
        if bonus is not None:
            jobs.append((bonus[0], bonus[1], "mascot bonus"))
    if kind != ENTREPRENEUR:
        for owner in ongoing.get("when_play", ()) + ongoing.get("when_nth", ()):
            for j, e in _TRIGGERS[owner]:
                if e.effect == "when_play":
                    if e.kind is not None and _KIND_INDEX[e.kind] != kind:
                        continue
                    if card.cost < e.min_cost:
                        continue
                elif e.nth != nth:
                    continue
                jobs.append((("card", owner, "ongoing", j), 1, source_of(owner)))
        if new_symbol and "new_symbol_credit" in ongoing and (
                kind != MASCOT or "mascot_self" in state.finals[player]):
            for _, _, e in ability_effects(state, player, "new_symbol_credit"):
                add_credits(state, player, e.n)
    for e in card.ongoing:
        holders = ongoing.setdefault(e.effect, ())
        if cid not in holders:
            ongoing[e.effect] = holders + (cid,)
    for e in card.final:
        state.finals[player][e.effect] = True
    if kind == TICKET:
        state.note(f"takes a Ticket Office card (Card Limit {card_limit(state, player)})", player)
    elif kind != ENTREPRENEUR:
        state.note(f"plays {card.name}", player)
    for ref, mult, source in jobs:
        state.then(gain, player, ref, 0, mult, source)
