"""Every ability does what its own card text says (rules lands.ability.*).

The abilities are ours (the rulebook only says that a card shows one, used after an exact
match). Each test below reads the ability's text from ``data/lands/cards.toml``, checks that
the text makes the claims listed in ``CLAIMS``, then uses the ability through the game (the
step the player sees after an exact match, whose prompt shows that text) and checks that each
claim comes true. An ability added without a test here fails ``test_every_ability_is_tested``.
"""

from lands_helpers import build_example, fresh_game

from boardkit.lands.actions import Continue, UseAbility
from boardkit.lands.completing import AbilityStep
from boardkit.lands.content import content
from boardkit.testing import assert_illegal, pose

#: ability key -> phrases its card text must contain (the claims the test then checks)
CLAIMS = {
    "move_plan": ("plan you just matched", "top of another stack", "not discarded"),
    "bury": ("top card of another stack", "at least two cards", "bottom of that stack"),
    "reclaim": ("discard pile", "top of the deck", "next draw"),
    "swap": ("top two cards of another stack", "at least two cards", "card beneath becomes its plan"),
}


IN_PLAY = {1, 4, 6, 3, 2}  # the example's parks and the reserved card


def card_with(key: str) -> int:
    return next(c.id for c in content().cards if c.ability.key == key and c.id not in IN_PLAY)


def matched_with(key: str, **variant):
    """The completing example right after park 0's exact match (#1 + #4), the matched plan on
    stack 0 being a card with the ability ``key``; stacks 1 and 2 hold three cards each."""
    s = build_example(fresh_game(variant=variant or None))
    card = card_with(key)
    rest = [c for c in range(15) if c not in IN_PLAY and c != card]
    s.stacks = [[card, *rest[:2]], rest[2:5], rest[5:8]]
    pose(s, AbilityStep(0, 0), *reversed(s.stack))
    text = content().cards[card].ability.text
    assert text in s.prompt()  # the player reads this text when deciding
    for phrase in CLAIMS[key]:
        assert phrase in text, f"{key}: the card text no longer says {phrase!r}"
    return s, card


def test_every_ability_is_tested():
    assert set(CLAIMS) == set(content().abilities)
    for key in CLAIMS:
        assert any(c.ability.key == key for c in content().cards), key


def test_move_plan_does_what_its_text_says():
    s, plan = matched_with("move_plan")
    assert {a.target for a in s.legal_actions() if isinstance(a, UseAbility)} == {1, 2}
    before = [list(st) for st in s.stacks]
    s.apply(UseAbility(2))
    assert s.stacks[2] == [plan, *before[2]]  # carried to the top of another stack
    assert plan not in s.discard and s.discard == [1, 4]  # not discarded; the park is
    assert s.stacks[0] == before[0][1:] and s.stacks[1] == before[1]


def test_bury_does_what_its_text_says():
    s, plan = matched_with("bury")
    s.stacks[2] = s.stacks[2][:1]  # only one card: not a target
    assert {a.target for a in s.legal_actions() if isinstance(a, UseAbility)} == {1}
    assert_illegal(s, UseAbility(2), "lands.ability.bury")
    a, b, c = s.stacks[1]
    s.apply(UseAbility(1))
    assert s.stacks[1] == [b, c, a]  # the top card went to the bottom of that stack
    assert s.discard[-1] == plan  # the matched plan itself is discarded as usual


def test_reclaim_does_what_its_text_says():
    s, plan = matched_with("reclaim")
    s.discard = [13, 14]
    assert {a.target for a in s.legal_actions() if isinstance(a, UseAbility)} == {13, 14}
    assert_illegal(s, UseAbility(3), "lands.ability.reclaim")  # not in the discard pile
    s.apply(UseAbility(14))
    assert s.deck[0] == 14 and 14 not in s.discard  # on top of the deck
    assert s.observation(0)["deck"]["top_known"] == [14]
    s.apply(Continue())
    assert s.drawn == 14  # it is the next draw


def test_swap_does_what_its_text_says():
    s, plan = matched_with("swap")
    s.stacks[2] = s.stacks[2][:1]
    assert {a.target for a in s.legal_actions() if isinstance(a, UseAbility)} == {1}
    for target in (0, 2):  # the matched stack itself; a stack with one card
        assert_illegal(s, UseAbility(target), "lands.ability.swap")
    a, b, c = s.stacks[1]
    s.apply(UseAbility(1))
    assert s.stacks[1] == [b, a, c]  # the top two changed places: the one beneath is the plan
    assert s.observation(0)["stacks"][1][:2] == [b, a]  # and the player sees both
    assert s.stacks[2] == s.stacks[2][:1]
    assert s.discard[-1] == plan



def test_greedy_keeps_a_matched_plan_in_play_except_in_expert_mode():
    """move_plan keeps the matched card in the stacks: a plan that stays in play in normal
    mode, a point at the end in Expert Mode (lands.expert.stacks), where greedy declines."""
    from boardkit.lands.actions import Decline
    from boardkit.lands.agents import LandsGreedy, LandsRollout

    normal, _ = matched_with("move_plan")
    assert isinstance(LandsGreedy(seed=0).act(normal), UseAbility)
    expert, _ = matched_with("move_plan", expert=True)
    assert LandsGreedy(seed=0).act(expert) == Decline()
    # the rollout player plays declining out against the uses, greedy's choice first
    options = LandsRollout(seed=0, width=2).candidates(expert)
    assert options[0] == Decline() and len(options) == 3
    assert all(isinstance(a, UseAbility) for a in options[1:])
