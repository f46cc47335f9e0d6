"""Rulebook, *Turn Overview*: exactly two action points a turn, no skipping, the same action
may be repeated; then the next trotter in clockwise order (in Solo Mode the automatons play
their turns right after yours).

A player's turn is one pending step, :class:`TurnStep`, holding the action points left.
Its actions: acquire a ticket (display or blind), travel, gain a collectible — each costs
action points — and, at no cost, play an encounter card or reset the ticket display. When
the points are spent the turn ends with :class:`~boardkit.wanderlust.actions.EndTurn`
(offered alone, and so taken automatically, unless an encounter card could still be
played). If no action at all is possible the player passes and loses the points left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.engine import STAY, Action, Outcome, RuleViolation, Step
from boardkit.engine.rules import rule_ids

from . import automaton, collectibles, encounters, objectives, scoring, tickets, travel
from .actions import (
    EndTurn,
    Pass,
    Photo,
    PlayEncounter,
    Postcard,
    ResetDisplay,
    Souvenir,
    TakeBlind,
    TakeTicket,
    Travel,
)

if TYPE_CHECKING:
    from .position import WanderlustState

RULES = rule_ids("wanderlust")

SPENDING = (TakeTicket, TakeBlind, Travel, Souvenir, Postcard, Photo)


class TurnStep(Step["WanderlustState"]):
    """A player's turn: ``ap`` action points left; encounter cards played and display resets
    used this turn."""

    rule = "wanderlust.turn.points"

    def __init__(self, player: int, ap: int) -> None:
        self.player = player
        self.ap = ap
        self.encounters = 0
        self.resets = 0

    def prompt(self, state: WanderlustState) -> str:
        if self.ap:
            return (f"spend {self.ap} action point{'s' if self.ap != 1 else ''}: acquire a ticket, "
                    "travel or gain a collectible")
        return "end the turn (an encounter card may still be played)"

    def __getstate__(self) -> dict[str, object]:  # the memo is a cache: never saved, compared or copied
        return {k: v for k, v in self.__dict__.items() if k != "_memo"}

    def _key(self, state: WanderlustState) -> tuple:
        """Everything the legal actions depend on (the memo is valid while it is equal)."""
        p = self.player
        here = state.loc[p]
        return (self.ap, self.encounters, self.resets, here, tuple(state.hand[p]),
                tuple(state.available), tuple(state.display), sum(state.deck) + sum(state.discard),
                tuple(state.tokens[p].get(here, ())), tuple(sorted(state.enc[p].items())),
                state.passport[p], id(state.params), id(state.variant))

    def legal(self, state: WanderlustState) -> list[Action]:
        key = self._key(state)
        memo = self.__dict__.get("_memo")
        if memo is not None and memo[0] == key:
            return list(memo[1])
        acts = self._legal(state)
        self._memo = (key, acts)
        return list(acts)

    def _legal(self, state: WanderlustState) -> list[Action]:
        acts: list[Action] = []
        if self.ap > 0:
            acts = spending(state, self)
            if not acts:
                acts.append(Pass())
        else:
            acts.append(EndTurn())
        acts.extend(encounters.playable(state, self))
        if tickets.reset_problem(state, self) is None:
            acts.append(ResetDisplay())
        return acts

    def check(self, state: WanderlustState, act: Action) -> None:
        err = problem(state, self, act)
        if err is not None:
            raise err

    def resolve(self, state: WanderlustState, act: Action) -> Outcome:
        p = self.player
        if isinstance(act, EndTurn):
            return None  # the turn is over (flow.py: turn_over)
        if isinstance(act, Pass):
            state.note(f"{state.label(p)} can do nothing and loses {self.ap} action point"
                       f"{'s' if self.ap != 1 else ''}")
            self.ap = 0
        elif isinstance(act, TakeTicket):
            self.ap -= 1
            tickets.take_display(state, p, act.slot)
        elif isinstance(act, TakeBlind):
            self.ap -= 1
            tickets.take_blind(state, p)
        elif isinstance(act, Travel):
            self.ap -= 1
            travel.travel(state, p, act)
        elif isinstance(act, Souvenir | Postcard | Photo):
            self.ap -= collectibles.cost(state, p, act)
            collectibles.collect(state, p, act)
        elif isinstance(act, PlayEncounter):
            encounters.play(state, self, act)
        elif isinstance(act, ResetDisplay):
            self.resets += 1
            tickets.reset(state, p)
        if not isinstance(act, TakeTicket | TakeBlind | ResetDisplay | Pass):
            objectives.update(state)  # tickets fulfil no objective; the end of turn checks too
        # the turn goes on: its step stays pending, under anything the action asked for
        return STAY


def spending(state: WanderlustState, step: TurnStep) -> list[Action]:
    """Every legal action that costs action points."""
    p, ap = step.player, step.ap
    acts: list[Action] = [TakeTicket(i) for i, t in enumerate(state.display) if t is not None]
    if tickets.blind_problem(state) is None:
        acts.append(TakeBlind())
    acts.extend(travel.options(state, p))
    acts.extend(collectibles.candidates(state, p, ap))
    return acts


def problem(state: WanderlustState, step: TurnStep, act: Action) -> RuleViolation | None:
    """Why ``act`` is illegal in this turn (``None`` when it is legal)."""
    p = step.player
    if isinstance(act, SPENDING) and step.ap <= 0:
        return RuleViolation("wanderlust.turn.points",
                             "both action points are spent: end the turn (an encounter card "
                             "may still be played first)")
    if isinstance(act, TakeTicket):
        return tickets.display_problem(state, act.slot)
    if isinstance(act, TakeBlind):
        return tickets.blind_problem(state)
    if isinstance(act, Travel):
        return travel.problem(state, p, act)
    if isinstance(act, Souvenir | Postcard | Photo):
        return collectibles.problem(state, p, act, step.ap)
    if isinstance(act, PlayEncounter):
        return encounters.problem(state, step, act)
    if isinstance(act, ResetDisplay):
        return tickets.reset_problem(state, step)
    if isinstance(act, EndTurn):
        if step.ap > 0:
            return RuleViolation("wanderlust.turn.no_skip",
                                 f"{step.ap} action point{'s' if step.ap != 1 else ''} left: a "
                                 "turn spends exactly 2, you cannot skip one")
        return None
    if isinstance(act, Pass):
        if step.ap <= 0:
            return RuleViolation("wanderlust.turn.no_option",
                                 "no action point is left to give up: end the turn")
        options = spending(state, step)
        if options:
            return RuleViolation("wanderlust.turn.no_skip",
                                 f"you cannot skip an action point while an action is possible "
                                 f"(for example: {options[0]})")
        return None
    return RuleViolation("wanderlust.turn.points", f"{act} is not a turn action")


# ---------------------------------------------------------------- turn order


@RULES.implements("wanderlust.turn.order")
def begin_turn(state: WanderlustState, t: int) -> None:
    """Trotter ``t``'s turn begins."""
    state.turn = t


def is_automaton(state: WanderlustState, t: int) -> bool:
    return state.is_automaton(t)


def automaton_turn(state: WanderlustState, t: int) -> None:
    """An automaton's turn: it moves at once (automaton.py), and its turn is over."""
    state.turn = t
    automaton.play_turn(state, t)
    end_turn(state)


def turn_over(state: WanderlustState, t: int) -> None:
    """A player's turn is over: what every end of turn does (:func:`end_turn`)."""
    end_turn(state)


@RULES.implements("wanderlust.end.trigger")
def end_turn(state: WanderlustState) -> None:
    """After a trotter's turn: Efficient Planning, then the end of the race when the end was
    triggered and every trotter has had one more turn (``wanderlust.end.trigger``)."""
    t = state.turn
    if not state.is_automaton(t):
        tickets.efficient_planning(state, t)
    objectives.update(state)
    if state.turns_left is None:
        if state.trigger is not None:
            # the last turns; with the house rule the round is finished before them
            rest_of_round = state.trotters - 1 - t if state.params.end.finish_round else 0
            state.turns_left = state.trotters + rest_of_round
    else:
        state.turns_left -= 1
    if state.turns_left == 0:
        game_over(state, "every trotter has played one more turn after the end was triggered")


@RULES.implements("wanderlust.end.round_limit")
def new_round(state: WanderlustState) -> None:
    """The next round; past the safety limit a race whose end is not triggered is over
    (``wanderlust.end.round_limit``). Once the end is triggered (``turns_left`` is counting
    down) the owed last turns are played even past the limit: the race then ends by its
    rules within one more round, and the limit is only a net for races that never end."""
    state.round += 1
    if state.round > state.params.end.max_rounds and state.turns_left is None:
        game_over(state, f"the safety limit of {state.params.end.max_rounds} rounds is "
                         "reached (rule wanderlust.end.round_limit)")


def game_end(state: WanderlustState) -> bool:
    """The race is over: every trotter had one more turn after the end was triggered, or the
    safety limit was reached (the same name in every game: :func:`boardkit.wanderlust.game_end`)."""
    return state.turns_left == 0


def game_over(state: WanderlustState, why: str) -> None:
    state.turns_left = 0
    scores = ", ".join(f"{state.label(t)} {scoring.total(state, t)}" for t in range(state.trotters))
    state.note(f"the race is over: {why}. Final scores: {scores}")
