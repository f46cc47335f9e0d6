"""Completing Parks (rulebook: Gameplay › Portfolio Phase › Completing Parks).

A park that follows the building rules and *matches* the plan on top of a stack may be
completed (``lands.complete.match``): the plan's pattern appears among the park's icons —
same icon types, the plan turned by any quarter turn, anywhere (translation is free); extra
icons are allowed. An *exact* match (no icon beyond the plan) lets the player use the plan
card's ability, optionally (``lands.complete.exact``, ``lands.complete.ability``). Then the
park's cards and the plan card go face up to the discard pile (``lands.complete.discard``),
except a plan card that its ability moved (``lands.complete.moved_plan``).

Abilities are data (``data/lands/cards.toml``: an ``effect`` name and our wording); the effect
functions below give each its legal targets and its consequence. An ability without a legal
target cannot be used (``lands.complete.no_target``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

from boardkit.engine import Action, Outcome, RuleViolation, Step
from boardkit.engine.rules import rule_ids
from boardkit.engine.words import plural

from .actions import Complete, Decline, UseAbility
from .content import content

if TYPE_CHECKING:
    from .position import LandsState

RULES = rule_ids("lands")
#: each ability's rule, by its effect name (the rule a wrong target breaks)
ABILITY_RULES = RULES.family({"move_plan": "lands.ability.move_plan", "bury": "lands.ability.bury",
                              "swap": "lands.ability.swap", "reclaim": "lands.ability.reclaim"})

@cache
def plan_turns(card: int) -> tuple[tuple[tuple[tuple[int, int], str], ...], ...]:
    """The plan of ``card`` in its four quarter turns, each shifted to start at (0, 0)."""
    pattern = content().cards[card].plan
    out = []
    cur = [(c, icon) for c, icon in pattern]
    for _ in range(4):
        mx = min(x for (x, _), _ in cur)
        my = min(y for (_, y), _ in cur)
        out.append(tuple(sorted(((x - mx, y - my), icon) for (x, y), icon in cur)))
        cur = [((-y, x), icon) for (x, y), icon in cur]
    return tuple(dict.fromkeys(out))


def matches(park_icons: Mapping[tuple[int, int], str], card: int) -> bool:
    """True if the plan of ``card`` appears among ``park_icons`` (square → icon)."""
    for turn in plan_turns(card):
        (x0, y0), first = turn[0]
        for (px, py), icon in park_icons.items():
            if icon != first:
                continue
            dx, dy = px - x0, py - y0
            if all(park_icons.get((x + dx, y + dy)) == t for (x, y), t in turn):
                return True
    return False


def exact(park_icons: Mapping[tuple[int, int], str], card: int) -> bool:
    return len(park_icons) == len(content().cards[card].plan) and matches(park_icons, card)


def options(state: LandsState) -> list[Complete]:
    out = []
    for i in range(len(state.parks)):
        icons = state.park_icons(i)
        for s, stack in enumerate(state.stacks):
            if stack and matches(icons, stack[0]):
                out.append(Complete(i, s))
    return out


def check(state: LandsState, act: Complete) -> None:
    if not (isinstance(act.park, int) and 0 <= act.park < len(state.parks)):
        raise RuleViolation("lands.complete.match", f"there is no park {act.park!r} to complete")
    if not (isinstance(act.stack, int) and 0 <= act.stack < len(state.stacks)) \
            or not state.stacks[act.stack]:
        raise RuleViolation("lands.complete.stack", f"stack {act.stack!r} shows no plan (stacks "
                            f"with a plan: {[s for s, st in enumerate(state.stacks) if st]})")
    plan = state.stacks[act.stack][0]
    if not matches(state.park_icons(act.park), plan):
        raise RuleViolation("lands.complete.match", f"park {act.park} does not show the plan of "
                            f"#{plan} (stack {act.stack}) in any quarter turn")


# ---------------------------------------------------------------- abilities as data


def _targets_move_plan(state: LandsState, stack: int) -> list[int]:
    return [t for t in range(len(state.stacks)) if t != stack]


def _do_move_plan(state: LandsState, stack: int, target: int) -> bool:
    card = state.stacks[stack].pop(0)
    state.stacks[target].insert(0, card)
    state.note(f"the plan #{card} moves to the top of stack {target} (lands.ability.move_plan)")
    state.reveal_top(stack)
    return True


def _targets_bury(state: LandsState, stack: int) -> list[int]:
    return [t for t, st in enumerate(state.stacks) if t != stack and len(st) >= 2]


def _do_bury(state: LandsState, stack: int, target: int) -> bool:
    card = state.stacks[target].pop(0)
    state.stacks[target].append(card)
    state.note(f"#{card} goes to the bottom of stack {target} (lands.ability.bury)")
    state.reveal_top(target)
    return False


def _targets_swap(state: LandsState, stack: int) -> list[int]:
    return _targets_bury(state, stack)


def _do_swap(state: LandsState, stack: int, target: int) -> bool:
    st = state.stacks[target]
    st[0], st[1] = st[1], st[0]
    state.note(f"stack {target}: #{st[1]} and #{st[0]} change places, #{st[0]} is its plan now "
               "(lands.ability.swap)")
    state.reveal_top(target)
    return False


def _targets_reclaim(state: LandsState, stack: int) -> list[int]:
    return sorted(state.discard)


def _do_reclaim(state: LandsState, stack: int, target: int) -> bool:
    state.discard.remove(target)
    state.deck.insert(0, target)
    state.deck_known += 1
    state.note(f"#{target} goes from the discard pile onto the deck (lands.ability.reclaim)")
    return False


EFFECTS = {
    "move_plan": (_targets_move_plan, _do_move_plan),
    "bury": (_targets_bury, _do_bury),
    "swap": (_targets_swap, _do_swap),
    "reclaim": (_targets_reclaim, _do_reclaim),
}


def ability_targets(state: LandsState, stack: int) -> list[int]:
    effect = content().cards[state.stacks[stack][0]].ability.effect
    return EFFECTS[effect][0](state, stack)


# ---------------------------------------------------------------- completing


@RULES.implements("lands.complete.exact", "lands.complete.no_target")
def complete(state: LandsState, act: Complete) -> None:
    plan = state.stacks[act.stack][0]
    icons = state.park_icons(act.park)
    cards = ", ".join(f"#{p.card}" for p in state.parks[act.park])
    perfect = exact(icons, plan)
    state.completed += 1
    state.note(f"park {act.park} ({cards}) completes the plan of #{plan} on stack {act.stack}"
               + (" exactly" if perfect else f" with {plural(len(icons) - len(content().cards[plan].plan), 'extra icon')}"
                  ": no ability (lands.complete.exact)"))
    if perfect:
        if ability_targets(state, act.stack):
            state.ask(AbilityStep(act.park, act.stack))
            return
        state.note("the ability has no legal target now, so it cannot be used "
                   "(lands.complete.no_target)")
    finish(state, act.park, act.stack, moved=False)


@RULES.implements("lands.complete.discard", "lands.complete.moved_plan")
def finish(state: LandsState, park: int, stack: int, moved: bool) -> None:
    """Discard the park (and the plan card unless it moved); the round ends if no plan is
    left (the flow ends it)."""
    gone = [p.card for p in state.parks.pop(park)]
    state.discard.extend(gone)
    if not moved:
        plan = state.stacks[stack].pop(0)
        state.discard.append(plan)
        state.reveal_top(stack)
        state.note(f"{', '.join(f'#{c}' for c in gone)} and the plan #{plan} go to the discard pile")
    else:
        state.note(f"{', '.join(f'#{c}' for c in gone)} go to the discard pile; the moved plan stays "
                   "(lands.complete.moved_plan)")
    if not any(state.stacks):
        state.note("every stack is empty: the round ends (lands.end.trigger)")


class AbilityStep(Step["LandsState"]):
    """After an exact match: use the plan card's ability, or not."""

    rule = "lands.complete.ability"

    def __init__(self, park: int, stack: int) -> None:
        self.park, self.stack_index = park, stack

    def prompt(self, state: LandsState) -> str:
        card = content().cards[state.stacks[self.stack_index][0]]
        return f"use the ability of #{card.id} ({card.ability.text}) or decline"

    def legal(self, state: LandsState) -> list[Action]:
        return [UseAbility(t) for t in ability_targets(state, self.stack_index)] + [Decline()]

    def check(self, state: LandsState, act: Action) -> None:
        if isinstance(act, Decline):
            return
        if not isinstance(act, UseAbility):
            raise RuleViolation("lands.complete.ability", self.not_now(state, act))
        targets = ability_targets(state, self.stack_index)
        if act.target not in targets:
            effect = content().cards[state.stacks[self.stack_index][0]].ability.effect
            raise RuleViolation(ABILITY_RULES[effect], f"{act.target!r} is not a target of "
                                f"this ability (targets: {targets})")

    def resolve(self, state: LandsState, act: Action) -> Outcome:
        moved = False
        if isinstance(act, UseAbility):
            effect = content().cards[state.stacks[self.stack_index][0]].ability.effect
            moved = EFFECTS[effect][1](state, self.stack_index, act.target)
        finish(state, self.park, self.stack_index, moved)
        return None
