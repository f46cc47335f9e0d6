"""Rulebook, *Solo Mode — A. Setup* and *C. Game End and Scoring* (the automatons' turns are
in :mod:`boardkit.wanderlust.automaton`).

Solo Mode is ``new_game(players=1, variant={"automatons": n})`` with 1, 2 or 3 automatons
(a short, medium or long race). Setup changes: automatons start in different zones from one
another; Around the World and Travel Planner are removed before the three objectives are
drawn; no secret missions or personal goals. The race ends as usual; you score only if you
fulfilled two race objectives, and then A + B + C against the automatons' points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.engine import VariantError
from boardkit.engine.rules import rule_ids

from .content import cards, world

if TYPE_CHECKING:
    from .position import WanderlustState

RULES = rule_ids("wanderlust")


@RULES.implements("wanderlust.solo.players")
def validate(players: int, automatons: int, first_game: bool) -> None:
    """Rule ``wanderlust.solo.players``: automatons only with one player, and back."""
    if players == 1 and automatons == 0:
        raise VariantError("wanderlust with 1 player is the Solo Mode: choose 1, 2 or 3 "
                           "automatons, e.g. variant={'automatons': 2}")
    if automatons and players != 1:
        raise VariantError(f"automatons are for the Solo Mode (players=1), not {players} players")
    if automatons and first_game:
        raise VariantError("the first-game objectives include Around the World, which the "
                           "Solo Mode removes: leave first_game out")


@RULES.implements("wanderlust.solo.setup")
def eligible_objectives(solo: bool) -> list[str]:
    """The race objectives that may be drawn (Solo Mode removes two)."""
    return sorted(oid for oid, o in cards().objectives.items() if o.solo or not solo)


@RULES.implements("wanderlust.solo.setup")
def hometown_refused(state: WanderlustState, t: int, name: str) -> str:
    """Why ``name`` cannot be trotter ``t``'s hometown ('' if it can)."""
    w = world()
    if w.dest_type(name) == "wonder":
        return "a natural wonder is never a hometown"
    if state.is_automaton(t):
        zone = w.zone(name)
        for o in range(state.players, t):
            if w.zone(state.cards[o][0]) == zone:
                return f"another automaton already starts in {w.zone_names[zone]}"
    return ""
