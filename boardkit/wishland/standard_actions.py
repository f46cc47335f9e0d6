"""Actions (rulebook: Gameplay — Actions; Worker Reserve; Hotel #19).

On their turn a player takes exactly one standard action:

* **Action 1 — place, purchase and play** (:class:`~.actions.PlaceWorkers`). Workers go on the
  Advertisement Space or one of the five Marketplace worker spaces: 1 Worker on an empty
  space, plus 1 more for every stack (of any colour) already there; the Workers of one
  action form one stack. On a Marketplace space the player then buys one card of that row,
  pays its cost and plays it (rewards.play_card). With all six bonus Workers claimed, up to
  3 extra Workers may join the stack, each lowering the cost by 1. The Advertisement Space
  pays 1 Credit and a choice of Happiness, Visitor or Worker.
* **Action 2 — collect** (:class:`~.actions.Collect`): take back all your Workers.

Hotel #19 offers 1 Victory Point for 2 more Credits with every purchase. The turn around
the action (free actions, Hotels #13 and #16, the turn order) is in turns.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.engine import Action, RuleViolation, Step
from boardkit.engine.rules import rule_ids

from .actions import (
    ClaimAchievement,
    Collect,
    EndTurn,
    PayForVictoryPoint,
    PayToCollect,
    PlaceWorkers,
)
from .card_limit import limit_violation
from .content import ADVERTISEMENT, CARDS, CONTENT, KINDS, ROWS, SPACES
from .rewards import ability_effects, add_credits, give, play_card, source_of
from .tracks import ability_unlocked, add_vp

if TYPE_CHECKING:
    from .position import WishlandState

SPACE_INDEX = {s: i for i, s in enumerate(SPACES)}
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
COLLECT, PAY_COLLECT, END_TURN = Collect(), PayToCollect(), EndTurn()
ADVERTISE = PlaceWorkers(ADVERTISEMENT)
CLAIM = {a: ClaimAchievement(a) for a in CONTENT.achievements}
BUY = {(row, slot, extra): PlaceWorkers(row, slot, extra)
       for row in ROWS for slot in range(6) for extra in range(4)}
#: the same actions by row index, slot and extra Workers (buy_options' inner loop)
_BUY_ROW = tuple(tuple(tuple(BUY[(row, slot, extra)] for extra in range(4)) for slot in range(6))
                 for row in ROWS)
PAY_VP: list[Action] = [PayForVictoryPoint(False), PayForVictoryPoint(True)]
RULES = rule_ids("wishland")


# ------------------------------------------------------------------ costs and workers


def workers_needed(state: WishlandState, space: int) -> int:
    """Workers a placement on ``space`` needs: 1, plus 1 per stack already there."""
    return 1 + len(state.stacks[space])


def free_workers(state: WishlandState, player: int) -> int:
    return state.workers[player] - state.placed[player]


def purchase_cost(state: WishlandState, player: int, cid: int) -> int:
    """What ``cid`` costs ``player`` after Entrepreneur discounts (never below 0)."""
    card = CARDS[cid]
    cost = card.cost
    ongoing = state.ongoing_rewards[player]
    if "discount" in ongoing:
        for _, _, e in ability_effects(state, player, "discount"):
            assert e.kind is not None, e  # the schema requires a discount's kind
            if _KIND_INDEX[e.kind] == card.kind:
                cost -= e.n
    if "nth_discount" in ongoing:
        nth = state.count[player][card.kind] + 1
        for _, _, e in ability_effects(state, player, "nth_discount"):
            if e.nth == nth:
                cost -= e.n
    return max(0, cost)


def payment_violation(state: WishlandState, player: int, cid: int) -> RuleViolation | None:
    """Why ``player`` may not take ``cid`` at its full price (the Card Limit, then the
    Credits): the check of a card bought outside the Marketplace spaces (Hotel #8 at Final
    Scoring, a Solo hand card), which no extra Workers can lower."""
    limited = limit_violation(state, player, cid)
    if limited is not None:
        return limited
    cost = purchase_cost(state, player, cid)
    if state.credits[player] < cost:
        return RuleViolation("wishland.purchase.credits",
                             f"{CARDS[cid].name} costs {cost} Credits; P{player + 1} has "
                             f"{state.credits[player]}")
    return None


@RULES.implements("wishland.place.stack")
def place(state: WishlandState, player: int, space: int, n: int) -> None:
    """Put ``n`` of ``player``'s Workers on ``space`` as one new stack."""
    state.stacks[space].append((player, n))
    state.placed[player] += n


@RULES.implements("wishland.action.collect")
def collect(state: WishlandState, player: int) -> None:
    """Take back all of ``player``'s Workers from every space."""
    if state.placed[player]:
        for i, stacks in enumerate(state.stacks):
            if stacks:
                state.stacks[i] = [s for s in stacks if s[0] != player]
        state.placed[player] = 0


def place_violation(state: WishlandState, player: int, act: PlaceWorkers) -> RuleViolation | None:
    """Why ``act`` (Action 1) is illegal for ``player`` now, or ``None``."""
    si = SPACE_INDEX.get(act.space)
    if si is None:
        return RuleViolation("wishland.place.space",
                             f"{act.space!r} is not a space (spaces: {', '.join(SPACES)})")
    need = workers_needed(state, si)
    free = free_workers(state, player)
    stacks = len(state.stacks[si])
    if si == 0:
        if act.slot is not None or act.extra:
            return RuleViolation("wishland.advertisement.reward",
                                 "the Advertisement Space sells no card: no slot, no extra Workers")
        if free < need:
            return _short(player, act.space, need, stacks, free)
        return None
    row = state.market[si - 1]
    if act.slot is None or not 0 <= act.slot < len(row):
        return RuleViolation("wishland.purchase.card",
                             f"choose one of the {len(row)} cards of the {act.space} row "
                             f"(slot 0-{len(row) - 1}), not {act.slot!r}")
    cid = row[act.slot]
    if not cid:
        return RuleViolation("wishland.end_of_round.no_refill",
                             f"slot {act.slot} of the {act.space} row is empty: bought cards are "
                             "only replaced at the end of the round")
    if act.extra:
        if not ability_unlocked(state, player):
            return RuleViolation("wishland.reserve.ability",
                                 f"extra Workers lower a cost only once all bonus Workers are "
                                 f"claimed (P{player + 1} has {state.reserve[player]} left on "
                                 "the Reserve)")
        if not 0 < act.extra <= state.params.reserve_extra_max:
            return RuleViolation("wishland.reserve.ability",
                                 f"1 to {state.params.reserve_extra_max} extra Workers, not "
                                 f"{act.extra}")
    if free < need + act.extra:
        return _short(player, act.space, need, stacks, free, act.extra)
    limited = limit_violation(state, player, cid)
    if limited is not None:
        return limited
    cost = purchase_cost(state, player, cid)
    if act.extra > cost:
        return RuleViolation("wishland.reserve.ability",
                             f"{CARDS[cid].name} costs {cost}: {act.extra} extra Workers would "
                             "lower it below 0")
    if state.credits[player] < cost - act.extra:
        return RuleViolation("wishland.purchase.credits",
                             f"{CARDS[cid].name} costs {cost - act.extra} Credits; P{player + 1} "
                             f"has {state.credits[player]}")
    return None


def _short(player: int, space: str, need: int, stacks: int, free: int, extra: int = 0
           ) -> RuleViolation:
    why = "an empty space" if stacks == 0 else (
        f"1 + 1 for each of the {stacks} stack{'s' if stacks > 1 else ''} there")
    more = f" and {extra} extra" if extra else ""
    return RuleViolation("wishland.place.workers",
                         f"the {space} space needs {need} Workers ({why}){more}; "
                         f"P{player + 1} has {free} free")


def buy_options(state: WishlandState, player: int) -> list[Action]:
    """Every legal Action 1 of ``player`` (the same checks as :func:`place_violation`, in
    the order of the market's rows, slots and extra Workers; listed at every step of a
    search's playouts, so the common case, no discount, skips :func:`purchase_cost`)."""
    out: list[Action] = []
    free = free_workers(state, player)
    stacks = state.stacks
    if free >= 1 + len(stacks[0]):
        out.append(ADVERTISE)
    unlocked = ability_unlocked(state, player)
    extra_max = state.params.reserve_extra_max
    credits = state.credits[player]
    ongoing = state.ongoing_rewards[player]
    discounted = "discount" in ongoing or "nth_discount" in ongoing
    for k, row in enumerate(state.market):
        need = 1 + len(stacks[k + 1])
        if free < need:
            continue
        actions = _BUY_ROW[k]
        limited = None
        for slot, cid in enumerate(row):
            if not cid:
                continue
            if limited is None:  # the limit depends only on the row's kind
                limited = limit_violation(state, player, cid) is not None
            if limited:
                break
            # without a discount purchase_cost is the printed cost (never below 0: schema)
            cost = purchase_cost(state, player, cid) if discounted else CARDS[cid].cost
            if not unlocked:
                if credits >= cost:
                    out.append(actions[slot][0])
                continue
            options = actions[slot]
            for extra in range(min(extra_max, free - need, cost) + 1):
                if credits >= cost - extra:
                    out.append(options[extra])
    return out


def advertise(state: WishlandState, player: int) -> None:
    place(state, player, 0, workers_needed(state, 0))
    state.advertised = True
    give(state, player, ("advert",), 1, "advertisement")


def purchase(state: WishlandState, player: int, act: PlaceWorkers) -> None:
    """Action 1 on a Marketplace space (``act`` checked by :func:`place_violation`)."""
    si = SPACE_INDEX[act.space]
    row = state.market[si - 1]
    slot = act.slot
    assert slot is not None, act  # a purchase names its slot (place_violation)
    cid = row[slot]
    price = purchase_cost(state, player, cid) - act.extra
    place(state, player, si, workers_needed(state, si) + act.extra)
    row[slot] = 0
    state.credits[player] -= price
    state.note(f"buys {CARDS[cid].name} for {price} Credit{'s' if price != 1 else ''}",
               player)
    after_payment(state, player, cid)


def after_payment(state: WishlandState, player: int, cid: int) -> None:
    """A bought card waits in ``state.buying`` for Hotel #19's offer, then is played."""
    state.buying.append(cid)
    if "buy_vp" in state.ongoing_rewards[player]:
        _, _, e = next(ability_effects(state, player, "buy_vp"))
        if state.credits[player] >= e.cost:
            state.ask(PayVPStep(player))
    state.then(play_bought, player, cid)


@RULES.implements("wishland.purchase.play")
def play_bought(state: WishlandState, player: int, cid: int) -> None:
    """After Hotel #19's offer: the bought card leaves ``state.buying`` and is played."""
    state.buying.remove(cid)
    play_card(state, player, cid)


class PayVPStep(Step["WishlandState"]):
    """Hotel #19: pay 2 more Credits for 1 Victory Point, or not."""

    rule = "wishland.hotel.19"

    def __init__(self, player: int) -> None:
        self.player = player

    def prompt(self, state: WishlandState) -> str:
        return "pay 2 more Credits for 1 Victory Point (Hotel #19)?"

    def legal(self, state: WishlandState) -> list[Action]:
        return PAY_VP

    def check(self, state: WishlandState, act: Action) -> None:
        if type(act) is not PayForVictoryPoint:
            raise RuleViolation("wishland.hotel.19", self.not_now(state, act))

    def resolve(self, state: WishlandState, act: Action) -> None:
        assert isinstance(act, PayForVictoryPoint), act  # check() let nothing else through
        if act.pay:
            cid, _, e = next(ability_effects(state, self.player, "buy_vp"))
            add_credits(state, self.player, -e.cost)
            add_vp(state, self.player, e.n, source_of(cid))
