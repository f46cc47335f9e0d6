"""Solo Mode (rulebook: Solo Mode).

The same rules as the multiplayer game, except:

* **Setup** — the Ride, Restaurant, Actor, Hotel and Mascot cards form one Marketplace deck,
  placed on the Mascot deck space; nothing is displayed and the other rows are unused.
* **Turn Order Track** — each round the player puts the Player Token on any space and takes
  its reward. **Free action**, at any time in a turn: move the token one space right (no
  reward) to draw a card into the hand, up to space 5.
* **Turns** — Collect (the turn ends), or purchase: spend 1 Worker (on the Mascot worker
  space) to draw the top card into the hand, without paying. Then, repeatedly, one of:
  spend another Worker to draw again; play 1 card from the hand paying its cost (Card Limit
  applies) and discard the rest of the hand; or activate the Advertisement Space (placing
  Workers as usual) and discard the hand.
* **End** — after round 7, Final Scoring as usual; the aim is to beat your best score
  (:class:`SoloRecord`; with ``variant={"solo_best": n}`` the game is won only above ``n``,
  see ``final_scoring.winners``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boardkit.engine import STAY, Action, Outcome, RuleViolation, Step, goto
from boardkit.engine.content import Strict, validate
from boardkit.engine.errors import DataError
from boardkit.engine.files import write_atomic
from boardkit.engine.rules import rule_ids

from .achievements import claimable
from .actions import (
    ClaimAchievement,
    Collect,
    EndTurn,
    PayToCollect,
    SoloAdvertise,
    SoloDiscard,
    SoloDraw,
    SoloFreeDraw,
    SoloPlay,
)
from .content import CARDS, MASCOT, SPACES
from .standard_actions import CLAIM as _CLAIM
from .standard_actions import (
    COLLECT,
    END_TURN,
    PAY_COLLECT,
    advertise,
    after_payment,
    collect,
    payment_violation,
    place,
    purchase_cost,
    workers_needed,
)
from .turns import do_free, free_violation, pay_collect_violation

if TYPE_CHECKING:
    from boardkit.engine import State

    from .position import WishlandState

DRAW, FREE_DRAW, SOLO_ADVERTISE, DISCARD = SoloDraw(), SoloFreeDraw(), SoloAdvertise(), SoloDiscard()
MASCOT_SPACE = SPACES.index("mascots")
PHASES = ("action", "more", "after")
RULES = rule_ids("wishland")


def deck(state: WishlandState) -> list[int]:
    return state.decks[MASCOT]


def draw_to_hand(state: WishlandState, player: int, why: str) -> None:
    cid = deck(state).pop()
    state.hand.append(cid)
    state.note(f"draws {CARDS[cid].name} into the hand ({why})", player,
               to=player, public=f"draws a card into the hand ({why})")


def discard_hand(state: WishlandState) -> None:
    if state.hand:
        state.discards[MASCOT].extend(state.hand)
        state.hand = []


def free_draw_violation(state: WishlandState) -> RuleViolation | None:
    top = state.params.solo.free_draw_limit
    if state.space[0] >= top:
        return RuleViolation("wishland.solo.free_draw",
                             f"the Player Token is on space {state.space[0]}: it cannot move "
                             f"further right than space {top}")
    if not deck(state):
        return RuleViolation("wishland.solo.deck", "the Marketplace deck is empty")
    return None


def draw_violation(state: WishlandState, player: int) -> RuleViolation | None:
    if state.workers[player] - state.placed[player] < 1:
        return RuleViolation("wishland.solo.purchase",
                             "drawing a card costs 1 free Worker; none is left")
    if not deck(state):
        return RuleViolation("wishland.solo.deck", "the Marketplace deck is empty")
    return None


def play_violation(state: WishlandState, player: int, cid: int) -> RuleViolation | None:
    if cid not in state.hand:
        return RuleViolation("wishland.solo.play",
                             f"{CARDS[cid].name if cid in CARDS else cid} is not in the hand")
    return payment_violation(state, player, cid)


def advertise_violation(state: WishlandState, player: int) -> RuleViolation | None:
    need = workers_needed(state, 0)
    free = state.workers[player] - state.placed[player]
    if free < need:
        return RuleViolation("wishland.solo.advertise",
                             f"the Advertisement Space needs {need} Workers; P{player + 1} has "
                             f"{free} free")
    return None


def follow_ups(state: WishlandState, player: int) -> list[Action]:
    """The three follow-up actions after a draw that are possible now."""
    out: list[Action] = []
    if draw_violation(state, player) is None:
        out.append(DRAW)
    out += [SoloPlay(c) for c in sorted(set(state.hand)) if play_violation(state, player, c) is None]
    if advertise_violation(state, player) is None:
        out.append(SOLO_ADVERTISE)
    return out


def solo_free_options(state: WishlandState, player: int) -> list[Action]:
    out: list[Action] = [_CLAIM[a] for a in claimable(state, player)]
    if "pay_collect" in state.ongoing_rewards[player] and pay_collect_violation(state, player) is None:
        out.append(PAY_COLLECT)
    if free_draw_violation(state) is None:
        out.append(FREE_DRAW)
    return out


class SoloTurnStep(Step["WishlandState"]):
    """A stage of a solo turn (declared in flow.py): ``action`` (collect, or spend a Worker
    to draw), ``more`` (after a draw: draw again, play, advertise), ``after`` (free actions);
    free actions may come at every stage."""

    rule = "wishland.solo.turn"

    def __init__(self, player: int, stage: str) -> None:
        self.player, self.stage = player, stage

    def prompt(self, state: WishlandState) -> str:
        if self.stage == "action":
            return (f"turn {state.turn} of round {state.round}: collect your Workers or spend "
                    "a Worker to draw a card")
        if self.stage == "more":
            return "draw another card, play a card from the hand, or advertise"
        return "use a free action or end the turn"

    def legal(self, state: WishlandState) -> list[Action]:
        p = self.player
        if self.stage == "action":
            out: list[Action] = [COLLECT, *([DRAW] if draw_violation(state, p) is None else [])]
        elif self.stage == "more":
            out = follow_ups(state, p) or [DISCARD]
        else:
            out = [END_TURN]
        return out + solo_free_options(state, p)

    def check(self, state: WishlandState, act: Action) -> None:
        p = self.player
        bad: RuleViolation | None
        if type(act) is ClaimAchievement or type(act) is PayToCollect:
            bad = free_violation(state, p, act)
        elif type(act) is SoloFreeDraw:
            bad = free_draw_violation(state)
        elif self.stage == "action":
            if type(act) is Collect:
                bad = None
            elif type(act) is SoloDraw:
                bad = draw_violation(state, p)
            else:
                bad = RuleViolation("wishland.solo.turn",
                                    self.not_now(state, act))
        elif self.stage == "more":
            if type(act) is SoloDraw:
                bad = draw_violation(state, p)
            elif type(act) is SoloPlay:
                bad = play_violation(state, p, act.card)
            elif type(act) is SoloAdvertise:
                bad = advertise_violation(state, p)
            elif type(act) is SoloDiscard:
                bad = None if not follow_ups(state, p) else RuleViolation(
                    "wishland.solo.additional",
                    "the hand may only be discarded like this when no follow-up action is possible")
            else:
                bad = RuleViolation("wishland.solo.additional",
                                    self.not_now(state, act))
        elif type(act) is EndTurn:
            bad = None
        else:
            bad = RuleViolation("wishland.action.one",
                                f"P{p + 1} has already taken this turn's action")
        if bad is not None:
            raise bad

    @RULES.implements("wishland.solo.hand")
    def resolve(self, state: WishlandState, act: Action) -> Outcome:
        p = self.player
        if type(act) is ClaimAchievement or type(act) is PayToCollect:
            do_free(state, p, act)
            return STAY  # the turn goes on once the free action's rewards are paid
        if type(act) is SoloFreeDraw:
            state.space[p] += 1
            draw_to_hand(state, p, f"free action, token to space {state.space[p]}")
            return STAY
        if type(act) is SoloDraw:
            place(state, p, MASCOT_SPACE, 1)
            draw_to_hand(state, p, "1 Worker spent")
            # the action stage ends with the draw (the follow-ups' stage comes next); more
            # draws stay in the follow-ups' stage
            return STAY if self.stage == "more" else None
        if type(act) is EndTurn:
            return None
        if type(act) is Collect:
            collect(state, p)
            return goto("after")  # no follow-ups after collecting
        if type(act) is SoloPlay:
            state.hand.remove(act.card)
            discard_hand(state)
            price = purchase_cost(state, p, act.card)
            state.credits[p] -= price
            state.note(f"pays {price} Credits for {CARDS[act.card].name}", p)
            after_payment(state, p, act.card)
        elif type(act) is SoloAdvertise:
            discard_hand(state)
            advertise(state, p)
        else:  # SoloDiscard
            discard_hand(state)
        return None


def has_solo_free_actions(state: WishlandState, player: int) -> bool:
    """The free-actions stage of a solo turn applies: a free action is possible."""
    return bool(solo_free_options(state, player))


class SoloRecord:
    """Best solo scores, kept in memory or in a small JSON file (``path``).

    >>> record = SoloRecord()
    >>> record.add(state)   # True when the finished game beats the best score so far
    >>> game.new_game(players=1, variant=record.variant())   # won only by beating it
    """

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.scores: list[dict[str, Any]] = []
        if self.path is not None and self.path.exists():
            self.scores = _read_record(self.path)

    @property
    def best(self) -> int | None:
        return max((s["score"] for s in self.scores), default=None)

    def variant(self) -> dict[str, int]:
        """The variant option that makes the next solo game a try to beat the best score:
        ``GAME.new_game(players=1, variant=record.variant())`` is won only by a higher score."""
        return {} if self.best is None else {"solo_best": self.best}

    def add(self, state: State, name: str = "") -> bool:
        """Record a finished solo game; True when it beats the best score so far."""
        if state.players != 1 or not state.is_over:
            raise ValueError("only finished Solo Mode games can be recorded")
        score = int(state.scores()[0])
        beaten = self.best is None or score > self.best
        entry = {"score": score, "seed": state.seed, "name": name}
        if self.path is not None:  # the file whole or as it was; the record follows it
            write_atomic(self.path, json.dumps([*self.scores, entry], indent=1))
        self.scores.append(entry)
        return beaten


class _RecordEntry(Strict):
    """One finished Solo game in a :class:`SoloRecord` file. The score is any whole number:
    Restaurant penalties can make a total negative (rule ``wishland.solo.scoring``)."""

    score: int
    seed: int | None = None
    name: str = ""


def _read_record(path: Path) -> list[dict[str, Any]]:
    """The games in a solo record file, each checked; a :class:`DataError` names the file
    and the entry at fault (the record is the player's own file: it may have been edited)."""
    fix = "fix the file or delete it to start a new record"
    try:
        raw = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise DataError(f"{path}: the solo record cannot be read ({type(exc).__name__}); "
                        f"{fix}") from None
    if not isinstance(raw, list):
        raise DataError(f"{path}: a solo record is a list of games "
                        f"({{\"score\": ..., \"seed\": ..., \"name\": ...}}); {fix}")
    games = []
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise DataError(f"{path}: game [{i}] is not an object with a score; {fix}")
        games.append(validate(_RecordEntry, entry, f"{path}: game [{i}]").model_dump())
    return games
