"""Rearranging Cards (rulebook: Gameplay › Portfolio Phase › Rearranging Cards).

Any card of a park may be picked up and laid again — moved, turned, another shape chosen,
on top of or under the others — as long as the park still follows the building rules
afterwards (``lands.build.*``). Cards never change parks (``lands.rearrange.within``) and are
never taken out of a park (``lands.rearrange.no_removal``: there is no such action). A
rearrangement is one card at a time; ``params.rearrangements`` of them are allowed after each
card placed (``lands.rearrange.limit``, our bound so that every game ends).
"""

from __future__ import annotations

from boardkit.engine import RuleViolation, Step

from .actions import Move, PutBack, Rearrange
from .building import join, legal_placements


def options(state) -> list[Rearrange]:
    if state.moves_left <= 0:
        return []
    return [Rearrange(i, p.card) for i, park in enumerate(state.parks) for p in park]


def check(state, act: Rearrange) -> None:
    if state.moves_left <= 0:
        raise RuleViolation("lands.rearrange.limit", f"no rearranging left now (the limit is "
                            f"{state.params.rearrangements} after each card placed)")
    if not (isinstance(act.park, int) and 0 <= act.park < len(state.parks)):
        raise RuleViolation("lands.rearrange.within", f"there is no park {act.park!r} to "
                            "rearrange")
    cards = [p.card for p in state.parks[act.park]]
    if act.card not in cards:
        raise RuleViolation("lands.rearrange.within", f"card #{act.card} is not in park "
                            f"{act.park} (its cards: {', '.join(f'#{c}' for c in cards)}); cards "
                            "never move between parks")


def pick_up(state, act: Rearrange) -> None:
    state.moves_left -= 1
    state.stack.append(MoveStep(act.park, act.card))


def rest_of(state, park: int, card: int) -> list:
    return [p for p in state.parks[park] if p.card != card]


class MoveStep(Step):
    """Lay the picked-up card again somewhere in the same park."""

    rule = "lands.rearrange.within"
    auto = False

    def __init__(self, park: int, card: int):
        self.park, self.card = park, card
        self.player = 0

    def prompt(self, state) -> str:
        return f"lay #{self.card} again in park {self.park} (or put it back)"

    def legal(self, state):
        rest = rest_of(state, self.park, self.card)
        return [PutBack()] + [Move(*opt) for opt in legal_placements(rest, self.card)]

    def check(self, state, act):
        if isinstance(act, PutBack):
            return
        if not isinstance(act, Move):
            raise RuleViolation("lands.rearrange.within", f"{act} is not possible now: lay "
                                f"#{self.card} again in park {self.park} first")
        join(rest_of(state, self.park, self.card), self.card, act.x, act.y, act.angle,
             act.shape, act.under)

    def resolve(self, state, act):
        state.stack.pop()
        if isinstance(act, PutBack):
            state.note(f"#{self.card} stays where it was")
            return
        state.parks[self.park] = join(rest_of(state, self.park, self.card), self.card, act.x,
                                      act.y, act.angle, act.shape, act.under)
        state.note(f"#{self.card} is laid again in park {self.park}")
