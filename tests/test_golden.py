"""Golden playthroughs: seeded games recorded as readable text. A change of behaviour shows
up as a diff to review; regenerate with BOARDKIT_UPDATE_GOLDEN=1 after checking it."""

import os
from pathlib import Path

import pytest

import boardkit
from boardkit.agents import RandomAgent, play

GOLDEN = Path(__file__).parent / "golden"
CASES = [("dice-grid", 2, 7), ("freizeitpark", 2, 7), ("dice-grid", 3, 2026), ("lands", 1, 11), ("wishland", 3, 7),
         ("wishland", 1, 5), ("wanderlust", 3, 7), ("wanderlust", 2, 2026)]


def transcript(name, players, seed) -> str:
    state = boardkit.game(name).new_game(players=players, seed=seed)
    play(state, [RandomAgent(seed + seat) for seat in range(players)])
    lines = [f"# {name}, {players} players, seed {seed}, random agents seeded {seed}+seat"]
    lines += [str(e) for e in state.log]
    lines.append(f"scores: {state.scores()}  winners: {[w + 1 for w in state.winners()]}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name, players, seed", CASES)
def test_golden_playthrough(name, players, seed):
    path = GOLDEN / f"{name}-{players}p-seed{seed}.txt"
    text = transcript(name, players, seed)
    if os.environ.get("BOARDKIT_UPDATE_GOLDEN") == "1" or not path.exists():
        path.write_text(text)
        if os.environ.get("CI"):
            pytest.fail(f"{path.name} was missing in CI; it has been written, commit it")
    assert text == path.read_text(), f"behaviour changed: diff {path} against the new transcript"


@pytest.mark.parametrize("name", sorted(boardkit.games()))
def test_golden_playthrough_record(name):
    """OpenSpiel-style records: at each of the first decisions the legal actions (with their
    codes) and every seat's observation, so a change in what players see shows up too."""
    from boardkit.testing import playthrough

    path = GOLDEN / f"playthrough-{name}.txt"
    text = playthrough(name, 7, decisions=12)
    if os.environ.get("BOARDKIT_UPDATE_GOLDEN") == "1" or not path.exists():
        path.write_text(text)
        if os.environ.get("CI"):
            pytest.fail(f"{path.name} was missing in CI; it has been written, commit it")
    assert text == path.read_text(), f"behaviour changed: diff {path} against the new record"
