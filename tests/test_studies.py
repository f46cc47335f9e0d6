"""The large studies: run (small), stored atomically, loaded back, summarised."""

from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest

from boardkit.analysis import studies
from boardkit.analysis.runfile import sidecar
from boardkit.engine import VariantError


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.setattr(studies, "folder", lambda: tmp_path)
    return tmp_path


def test_a_study_runs_stores_and_loads(here):
    path = studies.run("wanderlust-automatons-greedy", n=4, workers=1)
    assert path == here / "wanderlust-automatons-greedy.csv.gz"
    assert not list(here.glob(".*.part"))  # written under a temporary name, then renamed
    meta = json.loads(sidecar(path).read_text())  # the run file of a simulate(out=...) run
    assert meta["finished"] == meta["settings"]["n"] == 4 and meta["complete"]
    assert set(meta["settings"]["agents"]) == {"greedy"}
    assert meta["settings"]["variant"] == {"automatons": 2}
    frame = studies.load("wanderlust-automatons-greedy")
    assert frame.game.nunique() == 4 and frame.attrs["game"] == "wanderlust"
    table = studies.summary(frame, "wanderlust-automatons-greedy")
    row = table.iloc[0]
    assert row.games == 4 and row.ci_low <= row.won <= row.ci_high
    assert row.won == frame.groupby("game")["win"].any().mean()
    # the same settings replay the same games
    again = studies.play("wanderlust-automatons-greedy", n=4)
    assert list(again.score) == list(frame.score)


def test_a_seat_study_gives_one_row_per_seat(here):
    studies.run("wishland-seats-2p-greedy", n=2, workers=1)
    table = studies.summary(studies.load("wishland-seats-2p-greedy"), "wishland-seats-2p-greedy")
    assert list(table.seat) == [0, 1]


def test_compare_sets_a_weak_and_a_strong_agent_side_by_side(here):
    studies.run("freizeitpark-card-vielfalt-greedy", n=3, workers=1)
    studies.run("freizeitpark-card-vielfalt-planner", n=1, workers=1)
    table = studies.compare("freizeitpark-card-vielfalt-greedy", "freizeitpark-card-vielfalt-planner")
    assert list(table.agent) == ["greedy", "planner"] and list(table.games) == [3, 1]
    with pytest.raises(VariantError, match="different questions"):
        studies.compare("freizeitpark-card-vielfalt-greedy", "lands-expert-greedy")


def test_unknown_and_missing_studies_say_what_to_do(here):
    with pytest.raises(VariantError, match=r"unknown study 'nope' \(`python -m boardkit"):
        studies.load("nope")
    with pytest.raises(VariantError, match="did you mean wishland-seats-4p-mcts or"):
        studies.run("wishland-seat-4p-mcts")  # a typo: the names nearest to it are offered
    for bad in (0, -3, 2.5, True, "10"):  # a count of games that is not one, named
        with pytest.raises(VariantError, match=r"number of games \(n\) must be a positive"):
            studies.run("wishland-solo-greedy", n=bad)
    assert not list(here.iterdir())  # nothing played or written
    with pytest.raises(FileNotFoundError, match="python -m boardkit.analysis.studies lands-expert-greedy"):
        studies.load("lands-expert-greedy")


def test_every_study_names_a_known_game_agent_and_variant():
    import boardkit
    from boardkit.agents import make_agent

    for name, s in studies.STUDIES.items():
        assert name.startswith(s.game)
        g = boardkit.game(s.game)
        g.new_game(players=s.players, seed=0, variant=s.variant, params=s.params)
        for agent in s.agents:
            make_agent(agent, game=s.game)
        assert s.measure in ("won", "seats", "card", "score", "cards")
        assert s.measure != "score" or s.players == 1  # a Solo score
        assert (s.measure == "card") == ("card" in s.variant)
        assert s.measure != "cards" or s.game == "wishland"  # its fact_cards


CATALOGUE_ENTRY = """[study.dice]
game = "dice-grid"
question = "How often does somebody win?"
agents = ["random"]
players = 2
n = 10
seed = 4
measure = "won"
"""


@pytest.mark.parametrize("change, says", [
    (lambda t: t.replace("players = 2", "players = 0"),
     r"study\.dice\.players: Input should be greater than or equal to 1"),
    (lambda t: t.replace('"won"', '"wins"'), r"study\.dice\.measure: Input should be 'won'"),
    (lambda t: t.replace("seed = 4", 'seed = "four"'), r"study\.dice\.seed: Input should be a valid"),
    (lambda t: t + "colour = 1\n", r"study\.dice\.colour: Unexpected keyword argument"),
    (lambda t: t + '[off_ladder]\ndice = ["not", "a", "note"]\n', r"off_ladder\.dice: Input should be"),
    (lambda t: t.replace("[study.dice]", "[study.dice"), "not valid TOML"),
])
def test_a_malformed_catalogue_is_a_data_error_naming_the_file_and_the_field(tmp_path, change, says):
    """The studies are data (data/studies.toml): a course edits one or adds its own, and a
    mistake is refused when the catalogue is read, naming the file and the field."""
    import re

    from boardkit.engine.errors import DataError

    path = tmp_path / "studies.toml"
    path.write_text(CATALOGUE_ENTRY)
    found, off = studies.catalogue(path)
    assert found == {"dice": studies.Study("dice-grid", "How often does somebody win?",
                                           ("random",), 2, 10, 4, "won")} and off == {}
    path.write_text(change(CATALOGUE_ENTRY))
    with pytest.raises(DataError, match=rf"^{re.escape(str(path))}: .*{says}"):
        studies.catalogue(path)


def test_a_rate_is_asked_of_1000_games_and_a_smaller_mean_study_answers_within_a_vp():
    """Decision 60: a study whose answer is a rate plays at least 1,000 games; a score study
    may stop earlier only when its stored games give the mean within +-1 VP."""
    for name, s in studies.STUDIES.items():
        if s.measure != "score":
            assert s.n >= 1000, name
        elif s.n < 1000:
            row = studies.summary(studies.load(name), name).iloc[0]
            assert row.games == s.n, name  # complete, not a first part
            assert (row.ci_high - row.ci_low) / 2 <= 1.0, name


def test_a_score_study_gives_the_mean_solo_score_with_its_interval(here):
    studies.run("wishland-solo-greedy", n=5, workers=1)
    frame = studies.load("wishland-solo-greedy")
    row = studies.summary(frame, "wishland-solo-greedy").iloc[0]
    assert row.games == 5 and row["mean"] == frame.score.mean()
    assert row.ci_low < row["mean"] < row.ci_high and row["min"] <= row.q1 <= row["median"] <= row.q3 <= row["max"]
    table = studies.compare("wishland-solo-greedy")
    assert list(table.agent) == ["greedy"]


def test_the_card_studies_cover_every_auftragskarte_with_the_same_seeds():
    from boardkit.freizeitpark.content import content

    assert studies.FREIZEITPARK_CARDS == tuple(content().cards)
    cards = {n: s for n, s in studies.STUDIES.items() if s.measure == "card"}
    for agent in ("greedy", "mcts"):
        mine = [s for s in cards.values() if s.agents == (agent,)]
        assert [s.variant["card"] for s in mine] == list(studies.FREIZEITPARK_CARDS)
        assert {(s.seed, s.players, s.n) for s in mine} == {(2026, 1, 1000)}  # paired dice


@pytest.mark.parametrize("base_name, name, params", [
    ("wishland-seats-3p-mcts", "wishland-seats-3p-mcts-6rounds", {"rounds": 6}),
    ("wishland-seats-4p-mcts", "wishland-seats-4p-mcts-round1-reversed",
     {"first_round_reversed": True}),
    ("wanderlust-seats-2p-mcts", "wanderlust-seats-2p-mcts-finish-round",
     {"end.finish_round": True}),
])
def test_a_rule_change_study_plays_the_deals_of_its_base_study(base_name, name, params):
    """A rule-change study is paired with its base study deal by deal: the same settings but
    the rule's parameter, and the same games' setups (neither the number of rounds, nor the
    round-1 order, nor the end of the race enters the setup: the round-1 house rule changes
    only who is asked first)."""
    import dataclasses

    import boardkit

    base, changed = studies.STUDIES[base_name], studies.STUDIES[name]
    assert dataclasses.replace(changed, question=base.question, params=base.params) == base
    assert changed.params == params
    game = boardkit.game(base.game)
    for seed in studies.load(base_name).seed.unique()[:3]:
        rulebook, house = (game.new_game(players=base.players, seed=int(seed), params=p)
                           for p in (None, params))
        assert house.params != rulebook.params
        asked = {"_stack", "turns", "log"} if "first_round_reversed" in params else set()
        for field, value in vars(rulebook).items():
            if field == "rng":
                assert value.bit_generator.state == house.rng.bit_generator.state
            elif field == "_stack" and field not in asked:  # a step's repr may hold object ids
                assert [type(step) for step in value] == [type(step) for step in house.stack]
                assert rulebook.legal_actions() == house.legal_actions()
            elif field != "params" and field not in asked:
                assert repr(value) == repr(vars(house)[field]), field
        if asked:  # round 1's first chooser: the first seat by the rulebook, the last here
            assert (rulebook.current_player, house.current_player) == (0, base.players - 1)
            assert list(house.log)[:-1] == list(rulebook.log)  # and the log says so
            assert "house rule first_round_reversed" in house.log[-1].text


def test_a_card_study_gives_the_share_of_games_the_card_is_met(here):
    name = "freizeitpark-card-zug-greedy"
    studies.run(name, n=6, workers=1)
    frame = studies.load(name)
    row = studies.summary(frame, name).iloc[0]
    per_game = frame.groupby("game")
    assert row.card == "zug" and row.games == 6
    assert row.met == per_game.fact_card_met.max().mean() and row.ci_low <= row.met <= row.ci_high
    assert row.won == per_game.win.any().mean()
    # the very games of Freizeitpark's own card table (boardkit.freizeitpark.analysis)
    from boardkit.freizeitpark.analysis import play_games

    own = play_games(6, seed=2026, variant={"card": "zug"})
    assert list(own.seed) == list(frame.seed) and list(own.end_round) == list(frame.fact_rounds)
    assert list(own.card_met) == list(frame.fact_card_met)


def test_a_cards_study_gives_each_cards_win_rate_as_the_game_analysis_does(here):
    from boardkit.wishland.analysis import CARDS, card_win_rates

    studies.run("wishland-cards-2p-greedy", n=4, workers=1)
    frame = studies.load("wishland-cards-2p-greedy")
    table = studies.summary(frame, "wishland-cards-2p-greedy").set_index("card")
    named = card_win_rates(frame, kinds=["hotel", "entrepreneur", "ride"], min_games=1)
    assert len(named) and set(frame.fact_cards.str.split().explode().astype(int)) == set(table.index)
    for row in named.itertuples():
        mine = table.loc[next(c for c, card in CARDS.items() if card.name == row.card)]
        assert (mine.players, mine.win_rate, mine.ci_low) == (row.games, row.win_rate, row.ci_low)
        assert mine.win_rate_without == pytest.approx(row.win_rate_without)


def test_every_study_plays_a_ladder_rung_or_says_what_its_player_is():
    """A study's player is random, greedy, mcts or mcts-strong, each measured against the
    rung below (decision 38); a reduced budget such as mcts:60 can be weaker than greedy, so
    a study that uses another player names what was measured of it."""
    from boardkit.agents import LADDER

    off = {name for name, s in studies.STUDIES.items()
           if any(agent not in LADDER for agent in s.agents)}
    assert off == set(studies.OFF_LADDER)
    assert all(studies.OFF_LADDER.values())


def test_an_interrupted_study_keeps_its_games_and_resumes(here, monkeypatch, capsys, stop_after):
    from boardkit.analysis import simulation
    from boardkit.engine.errors import IncompleteRunError

    monkeypatch.setitem(studies.STUDIES, "dice-test", studies.Study(
        "dice-grid", "How often does somebody win?", ("random",), 2, 12, 4, "won"))
    stop_after(5)
    with pytest.raises(IncompleteRunError, match="5 of 12 games played .interrupted.; they "
                                                 "are stored: run the study again"), \
            pytest.warns(simulation.IncompleteRunWarning):
        studies.run("dice-test", workers=1)
    # the finished games are stored as the study meanwhile (a clean checkout goes on from there)
    meta = json.loads(sidecar(here / "dice-test.csv.gz").read_text())
    assert (meta["finished"], meta["games"], meta["complete"]) == (5, 12, False)
    assert studies.load("dice-test").game.nunique() == 5
    stop_after(5)
    assert studies.main(["dice-test", "--workers", "1"]) == 3  # resumes, interrupted again
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("studies: warning: interrupted: kept the 10 finished games")
    assert err[1].startswith("studies: error: study dice-test: 10 of 12") and len(err) == 2
    stop_after.disarm()
    studies.run("dice-test", workers=1)  # plays the 2 missing games
    frame = studies.load("dice-test")
    assert sorted(p.name for p in here.iterdir()) == ["dice-test.csv.gz",
                                                      "dice-test.csv.gz.run.json"]
    meta = json.loads(sidecar(here / "dice-test.csv.gz").read_text())
    assert (meta["resumed"], meta["finished"], meta["complete"]) == (10, 12, True)
    whole = studies.play("dice-test")
    assert frame.drop(columns="seconds").equals(whole.drop(columns="seconds"))


def test_a_terminated_study_keeps_its_games(here, monkeypatch, capsys, stop_after):
    """`kill PID` (SIGTERM: how a background study or a batch system's time limit stops it)
    keeps the finished games like Ctrl-C; the study's command used to die at once and leave
    them in an orphaned temporary file."""
    import os
    import signal

    monkeypatch.setitem(studies.STUDIES, "dice-term", studies.Study(
        "dice-grid", "How often does somebody win?", ("random",), 2, 12, 4, "won"))
    stop_after(5, lambda: os.kill(os.getpid(), signal.SIGTERM))
    assert studies.main(["dice-term", "--workers", "1"]) == 3
    assert "5 of 12 games played (interrupted)" in capsys.readouterr().err
    # the games are stored as the study, so no shard is left to keep
    assert sorted(p.name for p in here.iterdir()) == ["dice-term.csv.gz",
                                                      "dice-term.csv.gz.run.json"]
    assert studies.load("dice-term").game.nunique() == 5
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # given back after the run


@pytest.fixture
def dice_study(monkeypatch):
    monkeypatch.setitem(studies.STUDIES, "dice-grow", studies.Study(
        "dice-grid", "How often does somebody win?", ("random",), 2, 10, 4, "won"))
    return "dice-grow"


def test_a_study_grows_from_its_stored_games(here, dice_study, request):
    """A larger --n plays only the games the stored files lack, and gives the table of a run
    of that size from scratch: a 100-game study becomes a 1,000-game one in a later session."""
    studies.run(dice_study, n=4, workers=1)
    played = request.getfixturevalue("games_played")
    studies.run(dice_study, n=7, workers=1)
    assert sorted(played) == [4, 5, 6]
    meta = json.loads(sidecar(here / f"{dice_study}.csv.gz").read_text())
    assert meta["finished"] == 7 and meta["resumed"] == 4
    grown = studies.load(dice_study)
    whole = studies.play(dice_study, n=7)
    assert grown.drop(columns="seconds").equals(whole.drop(columns="seconds"))
    assert sorted(p.name for p in here.iterdir()) == [f"{dice_study}.csv.gz",
                                                       f"{dice_study}.csv.gz.run.json"]
    studies.run(dice_study, n=12, workers=1)  # past the catalogue's 10 games: it still loads
    assert studies.load(dice_study).game.nunique() == 12


def test_a_study_keeps_the_rules_it_was_played_under_and_is_played_again_when_they_change(
        here, dice_study, request, capsys):
    """``run`` records the fingerprint of today's rules beside the study (decision 100); a
    study stored under other rules is played again whole (its games are not grown by games
    of today's rules, decision 105) and says so; ``status`` tells which stored studies are
    current."""
    today = studies.rules(dice_study)
    studies.run(dice_study, n=4, workers=1)
    js = sidecar(here / f"{dice_study}.csv.gz")
    assert json.loads(js.read_text())["rules"] == today == studies.load(dice_study).attrs["rules"]

    def said() -> str:
        return studies.status(names=dice_study, check_rules=True).loc[dice_study, "rules"]

    assert said() == "current"
    assert "rules" not in studies.status(names=dice_study)  # only when asked: it plays games
    js.write_text(json.dumps({**json.loads(js.read_text()), "rules": "0123456789abcdef"}))
    assert said() == "changed"
    played = request.getfixturevalue("games_played")
    capsys.readouterr()
    studies.run(dice_study, n=6, workers=1)
    assert sorted(played) == [0, 1, 2, 3, 4, 5]  # every game again, not the 2 missing
    assert (f"study {dice_study}: its stored games were played under other rules; playing "
            "it again in replaying/, the stored table stays until then") in capsys.readouterr().err
    meta = json.loads(js.read_text())
    assert meta["rules"] == today and meta["resumed"] == 0 and meta["finished"] == 6
    assert said() == "current" and studies.replaying(dice_study) is None
    assert not (here / "replaying").exists()  # the replay took the stored table's place
    del meta["rules"]  # a file written before runs kept their rules: not taken for a change
    js.write_text(json.dumps(meta))
    assert said() == "not recorded"
    studies.run(dice_study, n=6, workers=1)
    assert len(played) == 6
    with pytest.raises(SystemExit):  # --rules belongs to --status: a run checks by itself
        studies.main(["--rules"])
    assert "--rules goes with --status" in capsys.readouterr().err


def test_a_whole_study_of_other_rules_is_played_again_beside_it_and_then_replaces_it(
        here, dice_study, request, stop_after, capsys, monkeypatch):
    """Decision 105: a complete study whose rules changed is played again (it used to be
    taken as complete), in ``replaying/``; a stopped replay leaves the stored table as it
    was, readable and saying how far the replay has got; the complete replays of a game's
    studies replace their tables together, once all are complete."""
    from boardkit.engine.errors import IncompleteRunError

    studies.run(dice_study, workers=1)  # its 10 games
    js = sidecar(here / f"{dice_study}.csv.gz")
    old = {**json.loads(js.read_text()), "rules": "0123456789abcdef"}
    js.write_text(json.dumps(old))
    before = studies.load(dice_study)
    assert studies.rules_note(dice_study) != "" and studies.replaying(dice_study) == (0, 10)
    played = request.getfixturevalue("games_played")
    stop_after(4)
    with pytest.raises(IncompleteRunError, match="4 of 10 games played"), pytest.warns(Warning):
        studies.run(dice_study, workers=1)
    assert played == [0, 1, 2, 3]
    assert json.loads(js.read_text()) == old  # the stored table is untouched meanwhile
    assert studies.load(dice_study).equals(before)
    assert studies.replaying(dice_study) == (4, 10)
    assert "(4 of 10 games so far)" in studies.rules_note(dice_study)
    replay = sidecar(here / "replaying" / f"{dice_study}.csv.gz")  # the rules change again:
    replay.write_text(json.dumps({**json.loads(replay.read_text()), "rules": "fedcba9876543210"}))
    assert studies.replaying(dice_study) == (0, 10)  # its games are not today's either
    stop_after(4)
    with pytest.raises(IncompleteRunError), pytest.warns(Warning):
        studies.run(dice_study, workers=1)
    assert "its replay was played under other rules; playing it again" in capsys.readouterr().err
    assert played == [0, 1, 2, 3, 0, 1, 2, 3]  # the replay played again from its start
    assert studies.replaying(dice_study) == (4, 10)
    table = studies.status(names=dice_study, check_rules=True)
    assert table.loc[dice_study, "rules"] == "changed: played again in replaying/"
    assert (table.loc[dice_study, "kept"], table.loc[dice_study, "left"]) == (4, 6)
    stop_after.disarm()
    del played[4:]
    # a second study of the game, of the old rules too: the two take today's rules together
    monkeypatch.setitem(studies.STUDIES, "dice-too", studies.Study(
        "dice-grid", "How often does somebody win?", ("random",), 3, 5, 9, "won"))
    studies.run("dice-too", workers=1)
    del played[4:]  # its games
    too = sidecar(here / "dice-too.csv.gz")
    too.write_text(json.dumps({**json.loads(too.read_text()), "rules": "0123456789abcdef"}))
    capsys.readouterr()
    studies.run(dice_study, workers=1)  # goes on with the replay: its 6 missing games
    assert sorted(played) == list(range(10))
    assert ("studies of dice-grid: they take today's rules together; still to be played "
            "again: dice-too") in capsys.readouterr().err
    assert json.loads(js.read_text()) == old  # complete, the replay waits for dice-too's
    assert "(all 10 games are played; they replace these once" in studies.rules_note(dice_study)
    studies.run("dice-too", workers=1)
    for name, n in ((dice_study, 10), ("dice-too", 5)):
        meta = json.loads(sidecar(here / f"{name}.csv.gz").read_text())
        assert meta["rules"] == studies.rules(name) and meta["finished"] == n
        assert studies.rules_note(name) == ""
        assert studies.load(name).drop(columns="seconds").equals(
            studies.play(name).drop(columns="seconds"))
    assert not (here / "replaying").exists()


def _killed_run(here, name: str, games: range, rules: str) -> None:
    """What a run of the study killed without warning leaves: the shards of ``games`` and
    the hidden file naming the rules they were played under."""
    from boardkit.analysis.rows import game_seeds, run_batch
    from boardkit.analysis.runfile import Store

    s = studies.study(name)
    settings = studies._settings(s, s.n)
    seeds = game_seeds(s.seed, s.n)
    with Store(here / f"{name}.csv.gz", settings) as store:
        store.add(run_batch(s.game, settings["agents"], [(i, seeds[i]) for i in games],
                            s.players, s.variant, s.params, rotate=True, trace=False))
    (here / f".{name}.csv.gz.rules").write_text(rules + "\n")


def test_the_games_a_killed_run_left_under_other_rules_are_played_again(
        here, dice_study, request, capsys):
    """A run killed without warning leaves its finished games in shards, and beside them the
    rules they were played under; resumed under other rules, they are not mixed with
    today's games (the study is played again whole); under the same rules they count. Once
    no shard is left, the file goes."""
    studies.run(dice_study, n=4, workers=1)
    marker = here / f".{dice_study}.csv.gz.rules"
    assert not marker.exists()  # nothing left to speak for
    _killed_run(here, dice_study, range(4, 7), "0123456789abcdef")
    played = request.getfixturevalue("games_played")
    capsys.readouterr()
    studies.run(dice_study, workers=1)
    assert sorted(played) == list(range(10))  # all again, not the 3 the files lacked
    assert "the games a stopped run left were played under other rules (fingerprint " \
           "0123456789abcdef" in capsys.readouterr().err
    assert not marker.exists() and studies.load(dice_study).game.nunique() == 10
    (here / f"{dice_study}.csv.gz").unlink()
    (here / f"{dice_study}.csv.gz.run.json").unlink()
    studies.run(dice_study, n=4, workers=1)
    _killed_run(here, dice_study, range(4, 7), studies.rules(dice_study))  # today's rules
    played.clear()
    studies.run(dice_study, workers=1)
    assert sorted(played) == [7, 8, 9] and not marker.exists()
    whole = studies.play(dice_study)
    assert studies.load(dice_study).drop(columns="seconds").equals(whole.drop(columns="seconds"))


def test_growing_a_study_stored_without_a_column_says_the_column_is_not_kept(here, dice_study):
    """Nothing is dropped silently: a study stored before a column existed (the ``play``
    fingerprint, a game's ``fact_*``) keeps its columns when it grows, and the run warns."""
    import pandas as pd

    from boardkit.analysis.runfile import DroppedColumnsWarning, write_table

    studies.run(dice_study, n=4, workers=1)
    csv = here / f"{dice_study}.csv.gz"
    write_table(pd.read_csv(csv).drop(columns="play"), csv)   # as an older study was stored
    with pytest.warns(DroppedColumnsWarning, match=r"\(play\); they are not kept"):
        studies.run(dice_study, n=6, workers=1)
    grown = studies.load(dice_study)
    assert grown.game.nunique() == 6 and "play" not in grown
    whole = studies.play(dice_study, n=6).drop(columns=["play", "seconds"])
    assert grown.drop(columns="seconds").equals(whole)


def test_a_study_is_never_shrunk_by_a_smaller_run(here, dice_study, request, capsys):
    studies.run(dice_study, n=6, workers=1)
    before = (here / f"{dice_study}.csv.gz").read_bytes()
    played = request.getfixturevalue("games_played")
    studies.run(dice_study, n=3, workers=1)
    assert played == [] and (here / f"{dice_study}.csv.gz").read_bytes() == before
    assert "hold 6 games; nothing to play for 3" in capsys.readouterr().err


def test_stored_games_of_other_settings_are_not_grown(here, dice_study, monkeypatch, request):
    studies.run(dice_study, n=4, workers=1)
    monkeypatch.setitem(studies.STUDIES, dice_study, studies.Study(
        "dice-grid", "How often does somebody win?", ("greedy",), 2, 10, 4, "won"))
    played = request.getfixturevalue("games_played")
    studies.run(dice_study, n=5, workers=1)
    assert sorted(played) == [0, 1, 2, 3, 4]  # all played again, with the new agent
    assert set(studies.load(dice_study).agent) == {"greedy"}


def test_a_clean_checkout_goes_on_from_the_stored_part_of_a_stopped_study(
        here, dice_study, request, stop_after):
    """The hidden shards stay on the machine that ran the study; what is stored in the data
    files (the games it finished) is what a fresh clone goes on from."""
    from boardkit.analysis import simulation
    from boardkit.engine.errors import IncompleteRunError

    stop_after(6)
    with pytest.raises(IncompleteRunError, match="6 of 10 games played .*they are stored"), \
            pytest.warns(simulation.IncompleteRunWarning):
        studies.run(dice_study, workers=1)
    stop_after.disarm()
    import shutil

    for hidden in here.glob(".*"):  # what a clean clone does not have
        shutil.rmtree(hidden)
    played = request.getfixturevalue("games_played")
    studies.run(dice_study, workers=1)
    assert sorted(played) == [6, 7, 8, 9]
    whole = studies.play(dice_study)
    assert studies.load(dice_study).drop(columns="seconds").equals(whole.drop(columns="seconds"))


def test_status_says_what_is_stored_kept_and_left(here, dice_study, stop_after, capsys):
    """``--status`` plays nothing: per study the games stored, those kept on this machine
    (stored, or in the shards of a stopped or running run), the target and what is left, at
    the last run's pace."""
    from boardkit.analysis import simulation
    from boardkit.engine.errors import IncompleteRunError

    studies.run(dice_study, n=3, workers=1)
    stop_after(5)  # a longer run stopped after 5 of its games: 3 stored + 5 more
    with pytest.raises(IncompleteRunError), pytest.warns(simulation.IncompleteRunWarning):
        studies.run(dice_study, workers=1)
    stop_after.disarm()
    before = sorted(p.name for p in here.iterdir())
    table = studies.status()
    row = table.loc[dice_study]
    assert (row.stored, row.kept, row.target, row.left) == (8, 8, 10, 2)
    assert row.s_per_game >= 0 and row.hours_left == pytest.approx(2 * row.s_per_game / 3600)
    # the pace is the play time of every stored game, not of the last run's alone
    meta = json.loads(sidecar(here / f"{dice_study}.csv.gz").read_text())
    seconds = studies.load(dice_study).groupby("game").seconds.first()
    assert meta["seconds"] == pytest.approx(seconds.sum(), abs=0.06) and len(seconds) == 8
    assert row.s_per_game == pytest.approx(meta["seconds"] / 8)
    never = table.loc["lands-normal-mcts"]  # nothing stored here: no pace to go by
    assert (never.stored, never.left) == (0, 1000) and never.s_per_game != never.s_per_game
    assert studies.main(["--status"]) == 0
    out = capsys.readouterr().out
    assert dice_study in out
    # the last line sums up what is left, apart from studies with no pace to go by
    assert out.strip().splitlines()[-1] == studies.left_text(table)
    mine = studies.left_text(table.loc[[dice_study, "lands-normal-mcts"]])
    assert mine.startswith(f"left: 2 studies ({dice_study}, lands-normal-mcts), 1,002 games, "
                           f"about {row.hours_left:.1f} hours at their paces and 1 with no pace")
    assert studies.left_text(table.loc[table.left == 0]) == (
        "nothing left to play: every study is complete")
    assert sorted(p.name for p in here.iterdir()) == before  # nothing played or written


@pytest.mark.parametrize("spoil, says", [
    (lambda csv, js: csv.write_bytes(csv.read_bytes()[:60]), r"\.csv\.gz cannot be read \(EOFError"),
    (lambda csv, js: csv.write_bytes(b"hello"), r"\.csv\.gz cannot be read \(BadGzipFile"),
    (lambda csv, js: js.unlink(), r"\.csv\.gz holds no boardkit run \(no .*\.run\.json beside it"),
    (lambda csv, js: js.write_text("{not json"), r"\.run\.json cannot be read \(JSONDecodeError"),
    (lambda csv, js: js.write_text("[1, 2]"), r"\.run\.json is not a boardkit-run/1 settings file"),
    (lambda csv, js: _edit_settings(js, n="many"), r"\.run\.json: its settings' n is 'many', not"),
    (lambda csv, js: _edit_settings(js, players=3), r"holds a different run \(players: 3 there, 2 here"),
    # (a definition that changed: whole files, other settings; run plays it again, below)
    (lambda csv, js: _edit_settings(js, n=2), r"\.csv\.gz: game 2 is not one of games 0-1"),
    (lambda csv, js: _edit_rows(csv, lambda f: f.drop(columns="score")), "gz has no column score"),
    (lambda csv, js: _edit_rows(csv, lambda f: f.drop(columns="game")), "gz has no game column"),
    (lambda csv, js: _edit_rows(csv, lambda f: f.assign(seat=f.seat.where(f.index != 0))),
     "gz has a row with no game or no seat"),
    (lambda csv, js: _edit_rows(csv, lambda f: pd.concat([f, f.iloc[:1]])), "game 0 has seat 0 twice"),
    (lambda csv, js: _edit_rows(csv, lambda f: f[~((f.game == 1) & (f.seat == 1))]),
     "game 1 has 1 seats' rows, not one for each of 2 seats"),
])
def test_a_spoilt_study_file_is_refused_naming_the_field(here, dice_study, capsys, spoil, says):
    """A stored study's files are checked before a figure is read from them: a cut or
    garbled table, a missing or foreign settings file, rows that are not whole games: a DataError
    names the file and what is wrong, says how to restore it, and changes nothing."""
    from boardkit.engine.errors import DataError

    studies.run(dice_study, n=3, workers=1)
    csv = here / f"{dice_study}.csv.gz"
    spoil(csv, sidecar(csv))
    before = {p.name: p.read_bytes() for p in here.iterdir()}
    with pytest.raises(DataError, match=says) as err:
        studies.load(dice_study)
    assert f"git checkout -- {csv}*" in str(err.value)
    if "players: 3" in says:  # the study's definition changed since: played again
        studies.run(dice_study, n=3, workers=1)
        assert studies.load(dice_study).attrs["players"] == 2
        return
    capsys.readouterr()
    assert studies.main([dice_study, "--n", "3", "--workers", "1"]) == 2  # one line, no traceback
    out = capsys.readouterr().err
    assert out.startswith("studies: error:") and len(out.strip().splitlines()) == 1
    assert {p.name: p.read_bytes() for p in here.iterdir()} == before


def test_a_summary_of_a_table_that_is_not_the_studys_is_refused(here):
    from boardkit.engine.errors import TableError

    studies.run("wanderlust-automatons-greedy", n=4, workers=1)
    frame = studies.load("wanderlust-automatons-greedy")
    with pytest.raises(TableError, match="the summary of wanderlust-automatons-greedy: the table has no column win"):
        studies.summary(frame.drop(columns="win"), "wanderlust-automatons-greedy")
    with pytest.raises(TableError, match="the summary of wishland-solo-greedy: the table holds no games"):
        studies.summary(frame[frame.game < 0], "wishland-solo-greedy")
    with pytest.raises(TableError, match="has no column fact_card_met"):
        studies.summary(frame, "freizeitpark-card-zug-greedy")


def _edit_settings(path, **fields):
    meta = json.loads(path.read_text())
    path.write_text(json.dumps({**meta, "settings": {**meta["settings"], **fields}}))


def _edit_rows(path, change):
    change(pd.read_csv(path)).to_csv(path, index=False)


def test_a_study_being_played_is_not_played_twice(here, dice_study, capsys):
    """A second run of a study that is being played (``make studies`` in a second terminal)
    is refused in one line, and neither run's files change."""
    from boardkit.analysis.runfile import Store

    studies.run(dice_study, n=3, workers=1)
    stored = {p.name: p.read_bytes() for p in here.iterdir()}
    capsys.readouterr()
    with Store(here / f"{dice_study}.csv.gz", {"game": "dice-grid"}):  # the first run
        assert studies.main([dice_study, "--workers", "1"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("studies: error:") and "being written by another run" in err
        assert len(err.strip().splitlines()) == 1
        assert {p.name: p.read_bytes() for p in here.iterdir() if p.name in stored} == stored
    studies.run(dice_study, workers=1)  # the first has ended: this one plays on
    assert studies.load(dice_study).game.nunique() == 10


def test_status_estimates_an_unplayed_study_from_its_nearest_sibling(here, dice_study, monkeypatch):
    """A study with no games yet goes by the pace of the timed study of the same game and
    players at the nearest player count, and names it; a house-rule study, by the same
    study's under other rules at its own player count, named "(other rules)"; nothing alike
    timed: no estimate."""
    base = studies.STUDIES[dice_study]
    for players in (3, 4):
        monkeypatch.setitem(studies.STUDIES, f"dice-grow-{players}p",
                            studies.Study(base.game, base.question, base.agents, players, 10, 4, "won"))
    monkeypatch.setitem(studies.STUDIES, "dice-grow-variant", studies.Study(
        base.game, base.question, base.agents, 3, 10, 4, "won", params={"size": 4}))
    studies.run(dice_study, n=3, workers=1)
    table = studies.status(names=["dice-grow"])
    own = table.loc[dice_study]
    assert own.pace_from == "" and own.s_per_game >= 0
    for players in (3, 4):  # 3 players is nearer to the timed 2 than 4 is; both borrow it
        row = table.loc[f"dice-grow-{players}p"]
        assert (row.stored, row.pace_from, row.s_per_game) == (0, dice_study, own.s_per_game)
        assert row.hours_left == pytest.approx(10 * own.s_per_game / 3600)
    other = table.loc["dice-grow-variant"]  # other parameters: only at the same player count
    assert other.pace_from == "" and other.s_per_game != other.s_per_game
    studies.run("dice-grow-4p", n=2, workers=1)  # now timed: 3 players ties 2 and 4, takes 2
    table = studies.status(names=["dice-grow"])
    assert table.loc["dice-grow-3p", "pace_from"] == dice_study
    assert table.loc["dice-grow-4p", "pace_from"] == ""
    studies.run("dice-grow-3p", n=2, workers=1)  # the same study under its own rules: a
    other = studies.status(names=["dice-grow"]).loc["dice-grow-variant"]  # guess, so named
    assert other.pace_from == "dice-grow-3p (other rules)"
    assert other.s_per_game == studies.status(names=["dice-grow-3p"]).loc["dice-grow-3p",
                                                                          "s_per_game"]


def test_status_of_a_family_of_studies(here, capsys):
    cards = studies.status(names=["freizeitpark-card"])
    assert len(cards) == 25 and all(n.startswith("freizeitpark-card-") for n in cards.index)
    assert list(studies.status(names="wishland-solo").index) == ["wishland-solo-greedy",
                                                                  "wishland-solo-mcts"]
    one = studies.status(names=["lands-expert-strong", "wishland-solo"])
    assert list(one.index) == ["lands-expert-strong", "wishland-solo-greedy", "wishland-solo-mcts"]
    with pytest.raises(VariantError, match="no study is named or starts with 'nope'"):
        studies.status(names=["nope"])
    assert studies.main(["--status", "nope"]) == 2
    assert "no study is named" in capsys.readouterr().err
    assert studies.main(["--status", "wishland-solo"]) == 0
    out = capsys.readouterr().out
    assert "wishland-solo-mcts" in out and "lands" not in out


STORED = sorted(p.name[: -len(".csv.gz")] for p in studies.folder().glob("*.csv.gz")
                if p.name[: -len(".csv.gz")] in studies.STUDIES)


def where(name: str):
    """The folder of the study's games under today's rules: ``replaying/`` while a study of
    changed rules is played again there (decision 105; ``test_study_rules`` holds that the
    stored table is then of other rules and the replay of today's), else the stored one."""
    again = studies.folder() / "replaying"
    return again if (again / f"{name}.csv.gz").exists() else studies.folder()


#: a study whose games cost at most this many CPU seconds replays REPLAYED of its games
CHEAP_GAME = 0.15
REPLAYED = 50


def _quickest(name: str) -> tuple[int, float]:
    """The game of a stored study its run played quickest and its seconds (the first game
    and no time when the file stores none)."""
    stored = studies.load(name, where(name))
    if "seconds" not in stored.columns:
        return 0, math.inf
    played = stored.groupby("game").seconds.first()
    return int(played.idxmin()), float(played.min())


def replayed_games(name: str) -> list[int]:
    """The games of a stored study the replay test plays: 50 spread over a cheap study (a
    rule change that alters one game in ten is then caught 99 times in 100, wherever its
    games lie), one whole game of an expensive one (decision 65): the one its run played
    quickest (its stored ``seconds``; the first when no time is stored), which costs a fifth
    to a half of the first game for the search studies and checks as much (every decision
    of a whole game, on its stored seed and seats)."""
    meta = json.loads(sidecar(where(name) / f"{name}.csv.gz").read_text())
    if meta["seconds"] / meta["finished"] > CHEAP_GAME:  # the play time of its games
        return [_quickest(name)[0]]
    return sorted({int(i) for i in np.linspace(0, meta["finished"] - 1, REPLAYED)})


def family(name: str) -> tuple[str, tuple[str, ...], str]:
    """The studies one expensive replay stands for: one game, the same players, and alone,
    two or more seats (the search's own code differs there, its rules are the game's)."""
    s = studies.study(name)
    seats = "solo" if s.players == 1 else "two" if s.players == 2 else "more"
    return s.game, tuple(s.agents), seats


def replayed_studies() -> dict[str, str]:
    """Each stored study and the study whose replay guards it: itself when it is cheap (its
    50 games), else the expensive study of its :func:`family` with the quickest game. An
    expensive study's one game costs 3 to 24 CPU seconds, 30 of them several minutes of
    the suite; the others of a family play the same search on the same rules and seat
    count, and the cheap studies of the game replay its rules at every seat count."""
    expensive = {n: _quickest(n)[1] for n in STORED if len(replayed_games(n)) == 1}
    cheapest: dict[tuple[str, tuple[str, ...], str], str] = {}
    for n in sorted(expensive, key=lambda n: (expensive[n], n)):
        cheapest.setdefault(family(n), n)
    return {n: cheapest[family(n)] if n in expensive else n for n in STORED}


GUARDED_BY = replayed_studies()


@pytest.mark.parametrize("name", sorted(set(GUARDED_BY.values())))
def test_a_stored_study_is_what_todays_code_plays(name):
    """A stored study is a table the code gives, not a record of an older player: the games
    replayed (each on its stored seed and seats, as the study's run played it) give the same
    rows (when a player or a rule changes, the studies it plays are played again, or this
    fails and says which)."""
    from boardkit.analysis.rows import run_batch

    stored = studies.load(name, where(name))
    s = studies.study(name)
    games = replayed_games(name)
    seeds = stored.groupby("game").seed.first()
    agents = studies._settings(s, len(games))["agents"]  # one name stands for every seat
    live = pd.DataFrame(run_batch(s.game, agents, [(i, int(seeds[i])) for i in games],
                                  s.players, s.variant, s.params, rotate=True, trace=False))
    columns = ["game", "seed", "seat", "agent", "score", "rank", "win", "actions"]
    columns += ["play"] if "play" in stored.columns else []
    first = stored[stored.game.isin(games)].reset_index(drop=True)
    assert live[columns].equals(first[columns]), \
        f"{name}: game(s) {games} no longer replay; play the study again"
    # every score source and fact the stored table keeps is one the game still gives (a
    # renamed column would leave the stored one behind), with the same values
    kept = [c for c in stored.columns if c.startswith(("src_", "fact_"))]
    assert not [c for c in kept if c not in live.columns], \
        f"{name}: the stored table has columns today's code does not give"
    pd.testing.assert_frame_equal(live[kept], first[kept], check_dtype=False)


def test_every_committed_study_is_checked():
    assert "wishland-seats-2p-greedy" in STORED and "lands-expert-mcts" in STORED
    assert set(GUARDED_BY) == set(STORED)
    # an expensive study is guarded by one of its family that is replayed
    for name, by in GUARDED_BY.items():
        assert family(by) == family(name) and GUARDED_BY[by] == by, name
    assert GUARDED_BY["freizeitpark-card-zug-greedy"] == "freizeitpark-card-zug-greedy"  # cheap
    assert GUARDED_BY["wishland-seats-4p-mcts"] != "wishland-seats-4p-mcts"  # its family
    families = {family(n) for n in STORED if len(replayed_games(n)) == 1}
    assert len(set(GUARDED_BY.values())) == len({n for n in STORED
                                                  if len(replayed_games(n)) > 1}) + len(families)


def test_a_cheap_study_replays_games_spread_over_it_and_an_expensive_one_its_quickest():
    spread = replayed_games("wanderlust-automatons-greedy")
    assert len(spread) == REPLAYED and spread[0] == 0 and spread[-1] == 999
    assert len(replayed_games("freizeitpark-card-zug-greedy")) == REPLAYED
    [quickest] = replayed_games("wishland-seats-4p-mcts")
    played = studies.load("wishland-seats-4p-mcts").groupby("game").seconds.first()
    assert played[quickest] == played.min() and played[quickest] < played[0] / 1.5
