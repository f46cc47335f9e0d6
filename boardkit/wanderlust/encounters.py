"""Encounter cards (rulebook, *2. Travel*): one per long flight, kept hidden, played in the
owner's turn at no action point, at most one per turn. Their effects are our design (the
rulebook names only Laura's free postcard); see ``data/wanderlust/cards.toml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from boardkit.engine import Action, Outcome, RuleViolation, Step
from boardkit.engine.rules import rule_ids

from . import objectives, tickets
from .actions import PlayEncounter, TakeTicket
from .content import cards

if TYPE_CHECKING:
    from .position import TurnCounts, WanderlustState

RULES = rule_ids("wanderlust")


def gain(state: WanderlustState, t: int, why: str = "") -> str | None:
    """Trotter ``t`` takes the top encounter card (hidden; automatons' stay face down)."""
    deck = state.enc_deck
    if sum(deck.values()) == 0 and sum(state.enc_discard.values()) != 0:
        for cid, c in state.enc_discard.items():
            deck[cid] = deck.get(cid, 0) + c
        state.enc_discard = {cid: 0 for cid in state.enc_discard}
        state.note("the encounter deck is empty: the played encounter cards are shuffled into "
                   "a new deck")
    if sum(deck.values()) == 0:
        state.note(f"{state.label(t)} would gain an encounter card, but none is left")
        return None
    ids = [cid for cid in cards().encounter_ids if deck.get(cid, 0)]
    weights = [deck[cid] for cid in ids]

    def sample(rng: np.random.Generator, ids: list[str] = ids, weights: list[int] = weights) -> str:
        r = int(rng.integers(sum(weights)))
        for cid, w in zip(ids, weights, strict=True):
            if r < w:
                return cid
            r -= w
        raise AssertionError("unreachable")  # pragma: no cover

    who = state.label(t)
    if state.is_automaton(t):
        card = state.chance("encounter", sample, text=lambda v: f"{who} takes an encounter card "
                            f"face down{why}")
    else:
        card = state.chance("encounter", sample, to=t,
                            text=lambda v: f"{who} gains the encounter card "
                                           f"{cards().encounters[v].title}{why}",
                            public=f"gains an encounter card{why}")
    deck[card] -= 1
    state.enc[t][card] = state.enc[t].get(card, 0) + 1
    state.enc_gained[t] += 1
    return card


@RULES.implements("wanderlust.skill.encounters_per_turn")
def per_turn(state: WanderlustState, p: int) -> int:
    return state.skill(p, "encounters_per_turn", state.params.encounters.per_turn)


def problem(state: WanderlustState, step: TurnCounts, act: PlayEncounter) -> RuleViolation | None:
    p = step.player
    card = cards().encounters.get(act.card)
    if card is None:
        return RuleViolation("wanderlust.encounter.play",
                             f"{act.card!r} is not an encounter card "
                             f"({', '.join(cards().encounter_ids)})")
    if state.enc[p].get(act.card, 0) == 0:
        held = ", ".join(sorted(k for k, v in state.enc[p].items() if v)) or "none"
        return RuleViolation("wanderlust.encounter.play",
                             f"you hold no {card.title} card (your encounter cards: {held})")
    most = per_turn(state, p)
    if step.encounters >= most:
        return RuleViolation("wanderlust.encounter.play",
                             f"you already played {step.encounters} encounter card"
                             f"{'s' if step.encounters != 1 else ''} this turn; at most {most}")
    return None


def playable(state: WanderlustState, step: TurnCounts) -> list[PlayEncounter]:
    p = step.player
    if step.encounters >= per_turn(state, p):
        return []
    return [PlayEncounter(cid) for cid in cards().encounter_ids if state.enc[p].get(cid, 0)]


def play(state: WanderlustState, step: TurnCounts, act: PlayEncounter) -> None:
    p = step.player
    card = cards().encounters[act.card]
    state.enc[p][act.card] -= 1
    state.enc_discard[act.card] = state.enc_discard.get(act.card, 0) + 1
    step.encounters += 1
    who = state.label(p)
    state.note(f"{who} plays the encounter card {card.title}")
    if card.effect in ("souvenir", "postcard", "camera"):
        i = ("souvenir", "postcard", "camera").index(card.effect)
        state.passport_tokens[p][i] += 1
        state.note(f"{who} takes a free {card.effect} token from the supply (on the passport)")
    elif card.effect == "tickets":
        for _ in range(card.value):
            t = tickets.draw(state, to=p, why=f" ({card.title})")
            if t is not None:
                tickets.give(state, p, t, known=False)
    elif card.effect == "display":
        if any(t is not None for t in state.display):
            state.ask(EncounterTicketStep(p, card.title))
        else:
            state.note("the display is empty: nothing to take")
    elif card.effect == "action":
        step.ap += 1
        state.note(f"{who} gains one more action point this turn")
    elif card.effect == "experience":
        state.exp[p] += card.value
        state.note(f"{who} gains {card.value} travel experience (now {state.exp[p]})")


class EncounterTicketStep(Step):
    """An encounter card's effect: take a ticket from the display, free."""

    rule = "wanderlust.encounter.effects"

    def __init__(self, player: int, title: str) -> None:
        self.player, self.title = player, title

    def prompt(self, state: WanderlustState) -> str:
        return f"take a ticket from the display for free ({self.title})"

    def legal(self, state: WanderlustState) -> list[Action]:
        return [TakeTicket(i) for i, t in enumerate(state.display) if t is not None]

    def resolve(self, state: WanderlustState, act: Action) -> Outcome:
        assert isinstance(act, TakeTicket), "the only legal actions are TakeTicket"
        tickets.take_display(state, self.player, act.slot)
        objectives.update(state)
        return None
