"""Setup and the optional cards and tiles (rulebook: Setup; Optional Cards and Tiles; Solo
Mode — Setup).

* Each Marketplace deck is shuffled and 4 cards are dealt face up to its row (Solo Mode: one
  shuffled Marketplace deck on the Mascot deck space, no display).
* Happiness, Visitor and Victory Point tokens start at 0; 6 Workers of each player go on the
  Worker Reserve, 4 stay with the player; each player takes 1 Ticket Office card.
* The first player is seat ``params.first_player`` (P1): the rulebook lets the players agree.
* Optional Achievement Tiles: 9 random tiles on the Achievement spaces, blanks replaced by
  the board's Achievement of that space (achievements.py).
* Optional Entrepreneur cards: each player is dealt 2 (secretly), keeps 1, and all reveal
  together (:class:`DraftStep`). Entrepreneur #3 then draws its owner's private tile. This is
  the first phase of the flow (flow.py), after the rest of the setup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from boardkit.engine import Action, RuleViolation, State, Step, VariantError
from boardkit.engine.rules import rule_ids

from . import scenario_specs
from .achievements import draw_private_tile, setup_spaces
from .actions import KeepEntrepreneur
from .content import CARDS, ENTREPRENEUR, MASCOT, ROWS, TICKET
from .end_of_round import refill, shuffle_deck
from .final_scoring import take_from_marketplace
from .rewards import play_card

if TYPE_CHECKING:
    from .position import WishlandState

KEEP: list[Action] = [KeepEntrepreneur(0), KeepEntrepreneur(1)]
ENTREPRENEURS = sorted(c for c, card in CARDS.items() if card.kind == ENTREPRENEUR)
RULES = rule_ids("wishland")


@RULES.implements("wishland.setup.players", "wishland.setup.tracks", "wishland.setup.workers",
                  "wishland.setup.first_player", "wishland.setup.ticket_office",
                  "wishland.solo.setup")
def setup(state: WishlandState) -> None:
    n = state.players
    par = state.params
    state.solo = n == 1
    if not state.solo and state.variant.solo_best is not None:
        raise VariantError(f"solo_best is a Solo Mode option (1 player), not for {n} players")
    state.round, state.turn, state.turn_pos = 1, 1, 0
    state.first = par.first_player % n
    state.space = [0] * n
    state.order = list(range(n))
    state.credits = [0] * n
    state.vp = [0] * n
    state.vp_by = [{} for _ in range(n)]
    state.happiness = [0] * n
    state.visitors = [0] * n
    state.workers = [par.start_workers] * n
    state.reserve = [par.reserve_workers] * n
    state.placed = [0] * n
    state.stacks = [[] for _ in range(len(ROWS) + 1)]
    state.tableau = [[] for _ in range(n)]
    state.count = [[0] * 7 for _ in range(n)]
    state.symbols = [{} for _ in range(n)]
    state.ongoing_rewards = [{} for _ in range(n)]
    state.finals = [{} for _ in range(n)]  # a dict, not a set: pickles in a stable order
    state.entrepreneur = [0] * n
    state.dealt = [[] for _ in range(n)]
    state.keep = [None] * n
    state.entertainment_bonus = [0] * n
    state.private = [None] * n
    state.claimed = {}
    state.hand = []
    state.buying = []  # a card bought but not yet played (Hotel #19's question)
    state.advertised = False
    state.paid_collect = False
    state.final_phase = False
    state.final = None

    scenario = state.variant.scenario
    if scenario is not None:  # a named position (scenarios.py): its deal is forced
        queue_deal(state, scenario)

    # the Marketplace
    state.market = [[0] * par.market_cards for _ in ROWS]
    state.decks = [[] for _ in ROWS]
    state.discards = [[] for _ in ROWS]
    if state.solo:
        pool = [c for c, card in CARDS.items() if card.kind <= MASCOT]
        state.decks[MASCOT] = shuffle_deck(state, MASCOT, pool, "setup")
    else:
        for k in range(len(ROWS)):
            state.decks[k] = shuffle_deck(state, k, [c for c, card in CARDS.items()
                                                     if card.kind == k], "setup")
        refill(state)

    # Ticket Office cards (all alike: the supply is a plain list)
    tickets = sorted(c for c, card in CARDS.items() if card.kind == TICKET)
    state.tickets = tickets[:par.ticket_offices][::-1]
    for p in range(n):
        for _ in range(par.start_ticket_offices):
            if state.tickets:
                play_card(state, p, state.tickets.pop())

    setup_spaces(state)
    if scenario is not None and scenario_specs.spec(scenario).teacher:
        give_teacher_position(state, scenario)  # its choices come first


# ------------------------------------------------------------------ a scenario's setup


def queue_deal(state: WishlandState, name: str) -> None:
    """Before the setup shuffles: force each ``deal`` row's shuffle so that its named cards
    come first (the rest of the deck in an order drawn from the game's seed)."""
    s = scenario_specs.spec(name)
    if s.players != state.players:
        raise VariantError(f"scenario '{name}' is for players={s.players}, not {state.players} "
                           f"(use boardkit.wishland.scenario('{name}'))")
    for row, first in s.deal.items():
        k = ROWS.index(row)
        ordered = sorted(c for c, card in CARDS.items() if card.kind == k)
        top = [ordered.index(scenario_specs.CARD_IDS[n]) for n in first]
        rest = [i for i in range(len(ordered)) if i not in top]
        rest = [rest[i] for i in np.random.default_rng([state.seed, k]).permutation(len(rest))]
        # the deck's top is its last card; the first card dealt goes to slot 0
        state._forced.setdefault(f"shuffle {row}", []).append(tuple(rest + top[::-1]))


def give_teacher_position(state: WishlandState, name: str) -> None:
    """After the setup's deal: a teacher's position's cards and fields."""
    s = scenario_specs.spec(name)
    for player, cards in enumerate(s.cards):
        for n in cards:
            cid = scenario_specs.CARD_IDS[n]
            if cid in state.tickets:
                state.tickets.remove(cid)
            else:
                take_from_marketplace(state, cid)
            play_card(state, player, cid)
    for field, values in s.set.items():
        getattr(state, field)[:len(values)] = values
    state.note(f"scenario: {s.title} (a teacher's position: cards and fields given)")


# ------------------------------------------------------------------ Entrepreneur draft


def deal_entrepreneurs(state: WishlandState) -> None:
    """With the Entrepreneur option: deal 2 secret Entrepreneur cards to each player."""
    if not state.variant.entrepreneurs:
        return
    n = state.players
    order = state.chance(
        "entrepreneurs", lambda rng: tuple(int(i) for i in rng.permutation(len(ENTREPRENEURS))),
        check=_check_deal, to=-1, public="the Entrepreneur cards are shuffled and dealt",
        text=lambda v: "Entrepreneur deal: " + ", ".join(
            f"P{p + 1} {CARDS[ENTREPRENEURS[v[2 * p]]].name} + "
            f"{CARDS[ENTREPRENEURS[v[2 * p + 1]]].name}" for p in range(n)))
    for p in range(n):
        state.dealt[p] = [ENTREPRENEURS[order[2 * p]], ENTREPRENEURS[order[2 * p + 1]]]
        a, b = (CARDS[c].name for c in state.dealt[p])
        state.note(f"is dealt {a} and {b}", p, to=p,
                   public="is dealt 2 secret Entrepreneur cards")


def drafters(state: WishlandState) -> range:
    """Who keeps an Entrepreneur card, in seat order (nobody without the option)."""
    return range(state.players if state.variant.entrepreneurs else 0)


def _check_deal(state: State, value: object) -> None:
    if not (isinstance(value, tuple) and sorted(value) == list(range(len(ENTREPRENEURS)))):
        raise RuleViolation("wishland.entrepreneur.draft",
                            f"the deal is an order of the {len(ENTREPRENEURS)} Entrepreneur "
                            f"cards (0..{len(ENTREPRENEURS) - 1}), not {value!r}")


class DraftStep(Step["WishlandState"]):
    """Keep one of your two dealt Entrepreneur cards (the other is discarded, unseen)."""

    rule = "wishland.entrepreneur.draft"
    secret = True  # the choice is revealed only when every player has chosen

    def __init__(self, player: int) -> None:
        self.player = player

    def public_text(self, state: WishlandState, act: Action) -> str:
        return "keeps one Entrepreneur card (secret until the reveal)"

    def prompt(self, state: WishlandState) -> str:
        return "keep one of your two secret Entrepreneur cards"

    def legal(self, state: WishlandState) -> list[Action]:
        return KEEP

    def check(self, state: WishlandState, act: Action) -> None:
        if type(act) is not KeepEntrepreneur or act.index not in (0, 1):
            raise RuleViolation("wishland.entrepreneur.draft",
                                f"“{act}” is not possible now: keep dealt card 1 or 2 "
                                "(KeepEntrepreneur(0) or KeepEntrepreneur(1))")

    def resolve(self, state: WishlandState, act: Action) -> None:
        assert isinstance(act, KeepEntrepreneur), act  # check() let nothing else through
        state.keep[self.player] = act.index


@RULES.implements("wishland.entrepreneur.reveal")
def reveal(state: WishlandState) -> None:
    """All players reveal their kept Entrepreneur card at once."""
    for p in drafters(state):
        kept = state.keep[p]
        assert kept is not None, f"P{p + 1} has not kept a card"  # every drafter has decided
        cid = state.dealt[p][kept]
        state.note(f"reveals {CARDS[cid].name}: {CARDS[cid].text}", p)
        play_card(state, p, cid)
        if any(e.effect == "private_tile" for e in CARDS[cid].setup):
            draw_private_tile(state, p)
