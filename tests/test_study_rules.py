"""Every stored study was played under today's rules, and the fingerprint that says so
changes with the rules, not with the code (decision 100).

The replay test (``test_studies``) plays one whole game of an expensive study's family; a
rule change that this game does not meet would leave the study stale. The fingerprint is
the second guard: the rules' behaviour on seeded random games, recorded when the study was
played and compared here with today's, one setting at a time."""

from __future__ import annotations

import json
from collections import defaultdict

import pytest

from boardkit.analysis import fingerprint, studies
from boardkit.analysis.fingerprint import rules_fingerprint
from boardkit.analysis.runfile import sidecar


def _settings() -> dict[str, list[str]]:
    """Stored studies by setting (game, players, variant, house rules): they share rules."""
    by: dict[str, list[str]] = defaultdict(list)
    for path in sorted(studies.folder().glob("*.csv.gz")):
        name = path.name[: -len(".csv.gz")]
        s = studies.study(name)
        key = f"{s.game}-{s.players}p" + "".join(
            f"-{k}={v}" for k, v in sorted({**s.variant, **s.params}.items()))
        by[key].append(name)
    return dict(by)


SETTINGS = _settings()


@pytest.mark.parametrize("setting", sorted(SETTINGS))
def test_a_stored_study_was_played_under_todays_rules(setting):
    names = SETTINGS[setting]
    today = studies.rules(names[0])
    recorded = {n: json.loads(sidecar(studies.folder() / f"{n}.csv.gz").read_text()).get("rules")
                for n in names}
    stale = sorted(n for n, fp in recorded.items() if fp != today and not _replayed(n, today))
    assert not stale, (
        f"{', '.join(stale)}: played under other rules than today's ({today}; recorded: "
        f"{', '.join(str(recorded[n]) for n in stale)}); play again with "
        f"python -m boardkit.analysis.studies {' '.join(stale)}")


def _replayed(name: str, today: str) -> bool:
    """A study of other rules may stay while it is played again (decision 105): its replay
    is stored under today's rules with games, and either not complete, or complete and
    waiting for another study of its game whose replay is not."""
    again = studies.replaying(name)
    if again is None or not again[0] or fingerprint.recorded(
            fingerprint.replay_of(studies.folder() / f"{name}.csv.gz")) != today:
        return False
    if again[0] < again[1]:
        return True
    game = studies.study(name).game
    return any(studies.study(n).game == game and (r := studies.replaying(n)) is not None
               and r[0] < r[1] for n in studies.STUDIES if n != name)


def test_a_study_played_again_is_stored_under_todays_rules_and_not_yet_whole():
    """Every replay in ``replaying/`` belongs to a stored study of other rules: a replay of
    a current study, or a whole one left beside its study, is a leftover."""
    folder = studies.folder() / fingerprint.REPLAYING
    for path in sorted(folder.glob("*.csv.gz")):
        name = path.name[: -len(".csv.gz")]
        today = studies.rules(name)
        assert fingerprint.recorded(studies.folder() / path.name) != today, \
            f"{name}: its stored table is current, the replay {path} is a leftover"
        assert _replayed(name, today), f"{path}: not a replay under today's rules in progress"
        assert studies.replaying(name) is not None


def test_every_stored_study_is_checked_and_settings_share_rules():
    assert sum(map(len, SETTINGS.values())) == len(list(studies.folder().glob("*.csv.gz")))
    assert {"wanderlust-seats-5p-mcts", "wanderlust-seats-5p-greedy"} <= set(
        SETTINGS["wanderlust-5p"])
    assert "wanderlust-seats-5p-greedy-finish-round" in SETTINGS["wanderlust-5p-end.finish_round=True"]


def test_the_fingerprint_names_the_rules_and_their_setting():
    first = rules_fingerprint("dice-grid", 2, decisions=200)
    assert first == rules_fingerprint("dice-grid", 2, decisions=200)  # same rules, same name
    assert len(first) == 16 and int(first, 16) >= 0
    assert rules_fingerprint("dice-grid", 3, decisions=200) != first
    assert rules_fingerprint("dice-grid", 2, params={"points.lucky_cell": 3},
                             decisions=200) != first
    assert rules_fingerprint("dice-grid", 2, decisions=400) != first  # more play hashed


def _state_class(game: str, players: int) -> type:
    import boardkit

    return type(boardkit.game(game).new_game(players=players, seed=0))


def test_a_rule_that_scores_otherwise_changes_the_fingerprint(monkeypatch):
    before = rules_fingerprint("wishland", 2, decisions=300)
    cls = _state_class("wishland", 2)
    scores = cls.scores
    monkeypatch.setattr(cls, "scores", lambda self: [s + (i == 0) for i, s in enumerate(scores(self))])
    assert rules_fingerprint("wishland", 2, decisions=300) != before


def test_a_rule_that_allows_otherwise_changes_the_fingerprint(monkeypatch):
    """One legal action fewer at some decisions (the first of each list that has three or
    more): another name, though every game may still end alike."""
    before = rules_fingerprint("wishland", 2, decisions=300)
    cls = _state_class("wishland", 2)
    legal, listed = cls.legal_actions, cls.apply_listed
    monkeypatch.setattr(cls, "legal_actions",
                        lambda self: (lambda a: a[1:] if len(a) > 2 else a)(list(legal(self))))
    monkeypatch.setattr(cls, "apply_listed", lambda self, act: (listed(self, act), None)[1])
    assert rules_fingerprint("wishland", 2, decisions=300) != before


def test_the_order_a_game_lists_its_actions_in_is_not_a_rule(monkeypatch):
    before = rules_fingerprint("wishland", 2, decisions=300)
    cls = _state_class("wishland", 2)
    legal, listed = cls.legal_actions, cls.apply_listed
    monkeypatch.setattr(cls, "legal_actions", lambda self: list(reversed(legal(self))))
    monkeypatch.setattr(cls, "apply_listed",
                        lambda self, act: (lambda nxt: None if nxt is None else list(reversed(nxt)))(
                            listed(self, act)))
    assert rules_fingerprint("wishland", 2, decisions=300) == before
