"""Nothing hidden leaves the server: each seat's responses (its views, the answers to its
moves, the WebSocket's pushes) hold its own observation and none of another seat's secrets.

A secret is found the way the boards find one (decision 69): the two seats' observations
compared — a log entry the other seat reads differently, and the cards behind the fields
that differ (Wanderlust's secret missions and personal goals, Wishland's Entrepreneurs)."""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import pytest
from server_helpers import TEACHER, Class, bearer

import boardkit
from boardkit.engine import PUBLIC, State
from boardkit.server.testing import strings


def readable(text: str) -> str:
    """Every string of a JSON response, SVG entities decoded (what a page could show)."""
    return "\n".join(html.unescape(s) for s in strings(json.loads(text)))


def secrets(state: State, me: int, other: int) -> list[str]:
    """What ``other`` may see and ``me`` may not, as texts to look for."""
    mine, theirs = state.observation(me), state.observation(other)
    everything = state.observation(None)
    public = json.dumps(state.observation(PUBLIC))
    found = [b for a, b in zip(mine["log"], theirs["log"], strict=True) if a != b]
    if state.game.name == "wanderlust":
        from boardkit.wanderlust.content import cards

        trotter = everything["trotters"][other]
        assert mine["trotters"][other]["mission"] is None  # the observation hides it
        for field, table in (("mission", cards().missions), ("goal", cards().goals)):
            if trotter[field] is not None:
                found += [trotter[field], table[trotter[field]].title]
    if state.game.name == "wishland":
        from boardkit.wishland.content import CARDS

        seat = everything["seats"][other]
        for card in seat["dealt"]:
            if card != seat["entrepreneur"]:  # a revealed one is public
                found += [CARDS[card].name, CARDS[card].describe()]
    return [s for s in found if s not in public]


def leaked(text: str, hidden: list[str]) -> list[str]:
    shown = readable(text)
    return [s for s in hidden if re.search(re.escape(s) + r"(?![0-9])", shown)]


@pytest.mark.parametrize(("game", "variant"), [
    ("wanderlust", {}),
    ("wishland", {"entrepreneurs": True}),
])
def test_no_seat_sees_another_seats_secrets(room: Class, game: str,
                                            variant: dict[str, Any]) -> None:
    made = room.open(game=game, players=2, seed=7, variant=variant)
    tokens = [s["token"] for s in made["seats"]]
    rng = random.Random(11)
    looked = 0
    sockets = [room.client.websocket_connect(f"/api/tables/1/ws?token={t}") for t in tokens]
    with sockets[0] as ws0, sockets[1] as ws1:
        pushed = {0: [ws0.receive_text()], 1: [ws1.receive_text()]}
        answers: dict[int, list[str]] = {0: [], 1: []}
        for _ in range(14):
            save = room.client.get("/api/tables/1/save", headers=bearer(TEACHER)).text
            state = boardkit.game(game).from_json(save)
            if state.is_over:
                break
            for me in (0, 1):
                other = 1 - me
                hidden = secrets(state, me, other)
                assert hidden, "the two seats hold secrets from each other"
                r = room.client.get("/api/tables/1/view", headers=bearer(tokens[me]))
                view = r.json()
                assert view["observation"] == json.loads(json.dumps(state.observation(me)))
                if view["your_turn"]:
                    assert view["legal_actions"] == [a.to_dict() for a in state.legal_actions()]
                # the check finds a secret where there is one: the seat's own are there
                assert leaked(r.text, secrets(state, other, me))
                texts = [r.text, *pushed[me], *answers[me]]
                for text in texts:
                    assert leaked(text, hidden) == [], f"P{me + 1} sees P{other + 1}'s secrets"
                looked += len(texts)
                pushed[me], answers[me] = [], []
            mover = state.current_player
            assert mover is not None
            act = rng.choice(state.legal_actions()).to_dict()
            r = room.client.post("/api/tables/1/actions", headers=bearer(tokens[mover]),
                                 json={"action": act})
            assert r.status_code == 200, r.text
            answers[mover].append(r.text)
            pushed[0].append(ws0.receive_text())
            pushed[1].append(ws1.receive_text())
    assert looked > 40


def test_the_spectator_sees_the_public_table_only(room: Class) -> None:
    made = room.open(game="wishland", players=2, seed=7, variant={"entrepreneurs": True})
    spectator = made["spectator"]["token"]
    save = room.client.get("/api/tables/1/save", headers=bearer(TEACHER)).text
    state = boardkit.game("wishland").from_json(save)
    r = room.client.get("/api/tables/1/view", headers=bearer(spectator))
    assert r.json()["observation"] == json.loads(json.dumps(state.observation(PUBLIC)))
    for seat in (0, 1):
        hidden = secrets(state, 1 - seat, seat)
        assert hidden and leaked(r.text, hidden) == []
    # the teacher's everything shows them, when asked for
    everything = room.client.get("/api/tables/1/view", headers=bearer(TEACHER),
                                 params={"as": "all"}).text
    assert leaked(everything, secrets(state, 0, 1))
