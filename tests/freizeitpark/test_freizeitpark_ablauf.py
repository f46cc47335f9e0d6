"""Spielablauf: simultaneous play as secret sequential steps — nobody sees the others'
choices of the round until everybody has chosen."""

from __future__ import annotations

import json

from freizeitpark_helpers import GAME, build_at, new_game, position, sheet

from boardkit.freizeitpark import Build, Entrance

#: a full-size sheet (a smaller one would be out at once: too little room for the minimums)
START = sheet("EEE.......", *["." * 10] * 9)


def test_the_entrance_round_is_secret_too():
    state = new_game(players=2)
    state.apply(Entrance(1, 0, 0))
    obs = state.observation(1)
    assert obs["players"][0]["pending"] is None and obs["players"][0]["decided"] is True
    assert all(cell is None for row in obs["players"][0]["sheet"] for cell in row)
    assert "Entrance" not in json.dumps(obs["log"]) and "draws the Eingang (hidden" in obs["log"][-1]
    mine = state.observation(0)["players"][0]["pending"]
    assert mine == {"symbol": "eingang", "die": None, "cells": [[0, 0], [1, 0], [2, 0]]}


def test_a_build_stays_hidden_until_the_round_ends():
    state = position(START, START, dice=(3, 5))
    act = build_at(state.rules, 3, [(3, 0), (4, 0), (5, 0)], "verkaufsstand")
    before = state.observation(1)
    state.apply(act)
    after = state.observation(1)
    assert state.current_player == 1
    assert after["players"][0]["sheet"] == before["players"][0]["sheet"]
    assert after["players"][0]["tables"] == before["players"][0]["tables"]
    assert after["players"][0]["pending"] is None
    assert "Verkaufsstand" not in json.dumps(after)
    assert after["log"][-1] == "P1: draws a structure (hidden until everybody has drawn)"
    assert state.observation(0)["log"][-1] == f"P1: {act}"
    assert state.observation(0)["players"][0]["pending"]["symbol"] == "verkaufsstand"
    assert state.observation(None)["players"][0]["pending"]["symbol"] == "verkaufsstand"
    # the prompt for P2 says nothing about P1's choice
    assert state.prompt() == before["prompt"]


def test_all_builds_are_drawn_at_once():
    state = position(START, START, dice=(3, 5))
    p1 = build_at(state.rules, 3, [(3, 0), (4, 0), (5, 0)], "verkaufsstand")
    p2 = build_at(state.rules, 5, [(3, 0), (4, 0)], "landschaft")
    state.apply(p1)
    assert state.sheets[0].cells.get((3, 0)) is None  # set aside, not drawn yet
    state.apply(p2)
    assert state.sheets[0].cells[(3, 0)] == "verkaufsstand"
    assert state.sheets[1].cells[(3, 0)] == "landschaft"
    notes = [e.text for e in state.log if e.kind == "info"][-2:]
    assert notes[0].startswith("draws the Dreierbalken") and notes[1].startswith("draws the Zweierbalken")
    assert state.round == 2


def test_determinize_resamples_hidden_builds_only():
    state = position(START, START, START, dice=(3, 5))
    real = build_at(state.rules, 3, [(3, 0), (4, 0), (5, 0)], "verkaufsstand")
    state.apply(real)
    state.apply(build_at(state.rules, 5, [(3, 0), (4, 0)], "landschaft"))
    obs = state.observation(2)
    guesses = set()
    for k in range(20):
        other = state.determinize(2, k)
        assert other.observation(2) == obs
        guesses.add(other.builds[0])
        assert isinstance(other.builds[1], Build)
    assert len(guesses) > 5  # P1's real choice is not what P3's search sees
    assert state.determinize(0, 3).builds[0] == real  # a player knows their own build


def test_the_roller_changes_clockwise():
    state = position(START, START, dice=(3, 5))
    state.force("roll", (6, 6))
    while state.round == 1:
        state.apply(state.legal_actions()[0])
    rolls = [e.text for e in state.log if e.kind == "chance"]
    assert rolls[-2].startswith("round 1: P1 rolls") and rolls[-1].startswith("round 2: P2 rolls")


def test_saved_games_replay_exactly():
    state = new_game(players=3, seed=5, expanded=True)
    while state.round < 4:
        state.apply(state.legal_actions()[len(state.legal_actions()) // 2])
    again = GAME.from_json(state.to_json())
    assert again.log.text() == state.log.text()
    assert [s.cells for s in again.sheets] == [s.cells for s in state.sheets]
    assert again.builds == state.builds
