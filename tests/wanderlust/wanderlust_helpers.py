"""Small helpers for Wanderlust tests: positions built from scenarios, moves by name."""

from __future__ import annotations

from boardkit.wanderlust import GAME, scenario
from boardkit.wanderlust.actions import EndTurn
from boardkit.wanderlust.content import TICKETS

__all__ = ["GAME", "scenario", "new", "set_hand", "notes", "end_turn", "tickets_total",
           "destination_total", "encounter_total", "move_to", "set_available", "forced_game"]


def new(players=2, seed=0, **variant):
    return GAME.new_game(players=players, seed=seed, variant=variant or None)


def set_hand(state, p, *tickets):
    """Give player ``p`` exactly ``tickets`` (the pile gives back / takes the difference,
    so tickets stay conserved)."""
    want = [0] * 6
    for t in tickets:
        want[TICKETS.index(t)] += 1
    for i in range(6):
        state.deck[i] += state.hand[p][i] - want[i]
        assert state.deck[i] >= 0, "not enough tickets in the pile for this hand"
    state.hand[p] = want
    state.known[p] = [0] * 6


def notes(state, start=0):
    return [e.text for e in state.log[start:] if e.kind == "info"]


def end_turn(state):
    """Apply EndTurn when it is offered (an encounter card could have been played)."""
    if EndTurn() in state.legal_actions():
        state.apply(EndTurn())


def tickets_total(state):
    total = sum(state.deck) + sum(state.discard) + sum(1 for t in state.display if t)
    return total + sum(sum(h) for h in state.hand)


def destination_total(state):
    return len(state.dest_deck) + sum(1 for d in state.available if d) + \
        sum(len(c) for c in state.cards)


def encounter_total(state):
    return sum(state.enc_deck.values()) + sum(state.enc_discard.values()) + \
        sum(sum(e.values()) for e in state.enc)




def move_to(state, t, name):
    """Put trotter ``t`` on destination ``name`` as if it had just travelled there."""
    if name in state.dest_deck:
        state.dest_deck.remove(name)
    elif name in state.available:
        slot = state.available.index(name)
        state.available[slot] = state.dest_deck.pop(0)
    else:
        for cards in state.cards:
            assert name not in cards, f"{name} belongs to someone"
    state.cards[t].append(name)
    state.tokens[t][name] = [0, 0, 0]
    state.loc[t] = name


def set_available(state, *names):
    """Make ``names`` the available destinations (left to right), cards conserved."""
    for old in state.available:
        if old is not None:
            state.dest_deck.append(old)
    for name in names:
        state.dest_deck.remove(name)
    state.dest_deck.sort()
    state.available = list(names)


def forced_game(players, draws, seed=0, variant=None, params=None):
    """A game whose setup draws are forced: ``draws`` maps a chance index to (name, value)."""
    history = [{"kind": "chance", "index": i, "name": n, "value": v, "forced": True}
               for i, (n, v) in sorted(draws.items())]
    data = {"format": "boardkit-save/1", "game": "wanderlust", "players": players, "seed": seed,
            "variant": variant or {}, "params": params or {}, "history": history}
    return GAME.from_dict(data, strict=False, allow_forced=True)
