"""The action contract, for every registered game: whatever a caller hands to ``explain`` and
``apply`` (wrong field types, out-of-range or huge numbers, nan, other games' actions), only
``RuleViolation`` comes back, ``explain`` says legal exactly when ``apply`` succeeds, a
refused action changes nothing, and an accepted one (in canonical form) is one that
``legal_actions()`` lists (or one its game says it never lists: ``Action.listed``)."""

import dataclasses
import json
import math
import pickle

import numpy as np
import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

import boardkit
from boardkit.engine import ActionFormatError, RuleViolation
from boardkit.engine.actions import brief

GAMES = boardkit.games()

#: values that break a field's type or range
JUNK = (None, [], {}, (), "x", "", 2**64 + 1, -(2**63), 10**400, 1e308, -1e308, math.nan,
        math.inf, -math.inf, 1.5, True, False, object(), b"1", "\u00e9" * 300)


def near(value):
    """Values next to a legal one: neighbours, other spellings of the same number."""
    out = []
    if isinstance(value, bool):
        out += [not value, int(value)]
    elif isinstance(value, int):
        out += [value - 1, value + 1, float(value), np.int64(value), value + 360, -value,
                value + 2**63, str(value)]
    elif isinstance(value, str):
        out += [value.upper(), value + " ", value[:-1]]
    elif isinstance(value, tuple):
        out += [list(value), value[:-1], (*value, value[-1] if value else 0), ()]
        for i, item in enumerate(value[:3]):
            for other in [*near(item)[:3], None, [], 10**30]:
                out.append((*value[:i], other, *value[i + 1:]))
    elif value is None:
        out += [0, 1, -1, "advertisement"]
    return out


def perturbed(act):
    """The action with one field changed (built as a caller would build it)."""
    cls = type(act)
    for f in dataclasses.fields(act):
        value = getattr(act, f.name)
        for other in [*near(value), *JUNK]:
            try:
                yield cls(**{**{g.name: getattr(act, g.name) for g in dataclasses.fields(act)},
                             f.name: other})
            except Exception:  # a constructor that refuses outright is fine
                continue


def reach(name, game_seed, steps):
    g = boardkit.game(name)
    state = g.new_game(seed=game_seed)
    rng = np.random.default_rng(game_seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(state.random_action(rng))
    return state


class Prober:
    """Tries candidates on one position. Each is applied to the position itself (a refused one
    must change nothing, which :meth:`unchanged` checks once at the end); after an accepted
    one the position is taken again from a copy."""

    def __init__(self, state):
        self.base, self.state = state, state.clone()
        self.before = pickle.dumps(self.state)  # copies pickle alike (the original may not)
        self.legal = state.legal_actions()

    def __call__(self, act, atomic=True):
        state = self.state
        verdict = state.explain(act)  # never raises
        assert isinstance(verdict.rule, str) and len(verdict.message) < 2000
        str(verdict)  # printable even for a malformed action
        try:
            state.apply(act, atomic=atomic)
        except RuleViolation as exc:
            assert not verdict.legal, f"explain says {brief(act, 300)} is legal, apply refuses: {exc}"
            assert len(str(exc)) < 2000
            return False
        assert verdict.legal, f"apply accepts {brief(act, 300)}, explain says: {verdict.message}"
        done = next(e.action for e in reversed(state.log) if e.kind == "action")
        assert done == verdict.action
        assert done in self.legal or not done.listed(self.base), f"{done} is accepted, not listed"
        json.loads(state.to_json())
        self.state = self.base.clone()
        return True

    def unchanged(self):
        assert pickle.dumps(self.state) == self.before, "a refused action changed the state"
        assert pickle.dumps(self.base.clone()) == self.before, "explain changed the state"


@pytest.mark.parametrize("name", GAMES)
@seed(14)
@settings(max_examples=10)
@given(game_seed=st.integers(0, 2**32), steps=st.integers(0, 30), pick=st.integers(0, 10**6))
def test_only_rule_violations_and_explain_agrees(name, game_seed, steps, pick):
    state = reach(name, game_seed, steps)
    g = boardkit.game(name)
    probe = Prober(state)
    rng = np.random.default_rng(pick)
    legal = probe.legal
    chosen = [legal[int(i)] for i in rng.choice(len(legal), size=min(3, len(legal)), replace=False)]
    for act in chosen:
        assert probe(act)
        for k, other in enumerate(perturbed(act)):
            probe(other, atomic=k % 2 == 0)  # the agents' path (no snapshot) refuses alike
    for k in range(20):  # actions of every type, with fields from their domains
        probe(g.codec.decode((pick + 7919 * k) % g.codec.size))
    foreign = boardkit.game("dice-grid" if name != "dice-grid" else "lands").codec.decode(pick % 10)
    for junk in (foreign, None, "Pass()", 3, legal[0].to_dict() if legal else {}):
        probe(junk)
    probe.unchanged()


# ------------------------------------------------------------------ the reported cases


def refused(state, act, rule="engine.action_format", field=None):
    before = pickle.dumps(state)
    verdict = state.explain(act)
    assert not verdict.legal and verdict.rule == rule, verdict
    with pytest.raises(RuleViolation) as err:
        state.apply(act)
    assert err.value.rule == rule
    if field:
        assert field in err.value.message
    assert pickle.dumps(state) == before
    return err.value


def test_dice_grid_claim_with_a_list_is_a_rule_violation():
    from boardkit.examples.dice_grid import Claim

    s = reach("dice-grid", 1, 1)
    refused(s, Claim(cell=[]), field="Claim.cell")
    refused(s, Claim(cell=(True, 0)), field="Claim.cell[0]")
    refused(s, Claim(cell=(9, 9)), rule="dice-grid.claim.inside")


def test_wishland_turn_space_of_the_wrong_type_is_refused_by_explain_and_apply():
    from boardkit.wishland.actions import ChooseTurnSpace

    s = boardkit.game("wishland").new_game(seed=1)
    refused(s, ChooseTurnSpace("x"), field="ChooseTurnSpace.space")
    refused(s, ChooseTurnSpace(space=1.5), field="ChooseTurnSpace.space")
    refused(s, ChooseTurnSpace(6), rule="wishland.turn_order.space")
    # numpy integers are integers: the action applied (and logged) is the plain one
    s.apply(ChooseTurnSpace(np.int64(2)))
    done = next(e.action for e in reversed(s.log) if e.kind == "action")
    assert type(done.space) is int and done == ChooseTurnSpace(2)


def test_wishland_place_workers_extra_none_is_refused_and_saves_stay_loadable():
    from boardkit.wishland.actions import PlaceWorkers

    s = boardkit.game("wishland").new_game(seed=1)
    while type(s.pending).__name__ != "TurnStep":
        s.apply(s.legal_actions()[0])
    refused(s, PlaceWorkers("rides", 0, None), field="PlaceWorkers.extra")
    refused(s, PlaceWorkers("parking"), rule="wishland.place.space")
    refused(s, PlaceWorkers("rides", 0, 4), rule="wishland.reserve.ability")
    s.apply(s.legal_actions()[0])
    assert boardkit.game("wishland").from_json(s.to_json()).to_json() == s.to_json()


def test_wanderlust_take_ticket_slot_dict_is_a_rule_violation():
    from boardkit.wanderlust.actions import Postcard, TakeTicket, Travel

    s = reach("wanderlust", 3, 0)
    while type(s.pending).__name__ != "TurnStep":
        s.apply(s.legal_actions()[0])
    refused(s, TakeTicket(slot={}), field="TakeTicket.slot")
    refused(s, TakeTicket(slot=2**64), rule="wanderlust.tickets.display")
    refused(s, Travel("x" * 10**5), rule="wanderlust.travel.available")
    refused(s, Postcard(ticket=[]), field="Postcard.ticket")


def test_freizeitpark_build_symbol_list_is_a_rule_violation():
    from boardkit.freizeitpark.actions import Entrance

    s = boardkit.game("freizeitpark").new_game(seed=1)
    refused(s, Entrance(0, 2**70, 0), rule="freizeitpark.struktur.innen")
    s = reach("freizeitpark", 1, s.players)
    b = s.legal_actions()[0]
    refused(s, dataclasses.replace(b, symbol=[]), field="Build.symbol")
    refused(s, dataclasses.replace(b, symbol="eingang"), rule="freizeitpark.wurf.symbol")


def test_lands_angles_are_canonical_and_absurd_numbers_refused():
    from boardkit.lands.actions import Place

    s = boardkit.game("lands").new_game(seed=1)
    legal = s.legal_actions()
    act = next(a for a in legal if isinstance(a, Place) and a.angle == 0)
    for angle in (360, 720.0, -360, 0.0000001):
        turned = dataclasses.replace(act, angle=angle)
        assert s.explain(turned).legal and s.explain(turned).action == act
    s2 = s.clone().apply(dataclasses.replace(act, angle=360, x=float(act.x)))
    assert next(e.action for e in reversed(s2.log) if e.kind == "action") == act
    for angle in (2**64 + 1, 1e308, math.nan, math.inf):
        refused(s, dataclasses.replace(act, angle=angle), field="Place.angle")
    for x in (2**63, 2**64 + 1, 1e308, -1):
        refused(s, dataclasses.replace(act, x=x), rule="lands.build.area", field="Place.x")
    refused(s, dataclasses.replace(act, y=math.nan), field="Place.y")
    refused(s, dataclasses.replace(act, angle=45), rule="lands.build.rotation")


def test_messages_never_echo_huge_values():
    from boardkit.wishland.actions import ClaimAchievement

    s = boardkit.game("wishland").new_game(seed=1)
    err = refused(s, ClaimAchievement("a" * 10**6), rule="wishland.achievement.exists")
    assert len(err.message) < 300
    err = refused(s, ClaimAchievement(10**5000))
    assert "digits" in err.message and len(err.message) < 300


def test_the_json_decoder_shares_the_field_contract():
    actions = boardkit.game("lands").actions
    place = {"type": "Place", "card": 1, "park": 0, "x": 2.0, "y": 3, "angle": 450, "shape": 0}
    assert actions.from_dict(place) == actions.from_dict({**place, "x": 2, "angle": 90})
    assert type(actions.from_dict(place).x) is int
    for bad in ({"angle": 1e308}, {"x": 2**64}, {"shape": 2}, {"park": None}):
        with pytest.raises(ActionFormatError, match="action\\.(angle|x|shape|park)"):
            actions.from_dict({**place, **bad})
    with pytest.raises(ActionFormatError, match="action.extra"):
        boardkit.game("wishland").actions.from_dict({"type": "PlaceWorkers", "space": "rides",
                                                     "slot": 0, "extra": None})


def test_the_codec_takes_numpy_integers_and_refuses_bools_and_floats():
    codec = boardkit.game("dice-grid").codec
    assert codec.decode(np.int64(3)) == codec.decode(3) == codec.decode(np.uint8(3))
    for bad in (True, 3.0, np.float64(3), "3", 10**40, -1):
        with pytest.raises(ActionFormatError, match="outside"):
            codec.decode(bad)
