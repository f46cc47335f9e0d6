"""The illustrative content is sound: valid files, every plan buildable, every goal side
reachable with penalty 0 by a legal reserve, no useless card; bad files name the field."""

import shutil
from itertools import combinations

import pytest

from boardkit.engine import DataError
from boardkit.engine.content import read_toml
from boardkit.engine.resources import data_dir
from boardkit.lands import GAME
from boardkit.lands.building import Placed, icons, legal_placements
from boardkit.lands.content import ICON_NAMES, content, load_content
from boardkit.lands.solver import solve


def canon(park_icons):
    """A park's icons up to quarter turns and shifts."""
    pat = list(park_icons.items())
    best = None
    for _ in range(4):
        mx = min(x for (x, _), _ in pat)
        my = min(y for (_, y), _ in pat)
        key = tuple(sorted(((x - mx, y - my), t) for (x, y), t in pat))
        best = key if best is None or key < best else best
        pat = [((-y, x), t) for (x, y), t in pat]
    return best


@pytest.fixture(scope="module")
def two_card_parks():
    """pattern -> set of card pairs that build it as a legal two-card park."""
    out = {}
    for a, b in combinations(range(15), 2):
        for first, second in ((a, b), (b, a)):
            for shape in (0, 1):
                base = [Placed(first, 5, 5, 0, shape)]
                for x, y, angle, s, under in legal_placements(base, second):
                    p = Placed(second, x, y, angle, s)
                    park = [p, *base] if under else [*base, p]
                    out.setdefault(canon(icons(park)), set()).add((a, b))
    return out


def test_files_are_marked_and_complete():
    c = content()
    assert len(c.cards) == 15 and len(c.goals) == 3 and (c.width, c.height) == (3, 4)
    for name in ("cards.toml", "goals.toml"):
        assert read_toml(data_dir() / "lands" / name)["provenance"] == "illustrative"
    for card in c.cards:
        assert len(card.shapes) == 2 and card.ability.effect
    icons_used = {s.icon for card in c.cards for s in card.shapes}
    assert icons_used == set(ICON_NAMES)


def test_every_plan_is_buildable_from_two_other_cards(two_card_parks):
    for card in content().cards:
        pairs = two_card_parks.get(canon(dict(card.plan)), set())
        assert any(card.id not in pair for pair in pairs), f"plan of #{card.id} cannot be built"


def test_no_useless_card(two_card_parks):
    plans = {canon(dict(card.plan)) for card in content().cards}
    builders = {c for pattern in plans for pair in two_card_parks.get(pattern, ()) for c in pair}
    assert builders == set(range(15))  # every card helps build some plan
    portfolio_icons = {i for g in content().goals for side in g for r in side.portfolio for i in r}
    for card in content().cards:  # and can be reserved in some round
        assert card.icons() & portfolio_icons


@pytest.mark.parametrize("goal, side", [(g, s) for g in range(3) for s in range(2)])
def test_every_goal_side_is_reachable(goal, side):
    s = content().side(goal, side)
    (setup,), *rounds = s.witness
    cards = [setup] + [c for r in rounds for c in r]
    assert len(set(cards)) == len(cards)
    for icons_of_round, reserved in zip(s.portfolio, rounds, strict=True):
        assert reserved, "at least one card reserved per round"
        for c in reserved:
            assert content().cards[c].icons() & set(icons_of_round)
    sol = solve(cards, s, GAME.make_params(), time_limit=None)
    assert sol.penalty == 0 and sol.proven and not sol.left_out


def test_scoring_example_side_shows_four_rides():
    assert content().side(0, 0).portfolio_counts()["rides"] == 4


def broken(tmp_path, file, old, new):
    folder = tmp_path / "lands"
    shutil.copytree(data_dir() / "lands", folder)
    path = folder / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return folder


@pytest.mark.parametrize("file, old, new, message", [
    ("cards.toml", 'face = ["RR.", "R..", "..G", ".GG"]', 'face = ["RR.", "...", "G.G", ".GG"]',
     r"card\[0\].face: a card has exactly two shapes"),
    ("cards.toml", 'face = ["RR.", "R..", "..G", ".GG"]', 'face = ["RG.", "R..", "..G", ".GG"]',
     r"card\[0\].face: a shape holds icons of one type"),
    ("cards.toml", 'face = ["RR.", "R..", "..G", ".GG"]', 'face = ["RR.", "R..", "..G"]',
     r"card\[0\].face: a card face is 3 columns"),
    ("cards.toml", 'ability = "bury"', 'ability = "teleport"', r"card\[0\].ability: unknown"),
    ("cards.toml", 'face = ["RR.", "R..", "..G", ".GG"]', 'face = ["RR.", "R..", "..Q", ".GG"]',
     r"card\[0\]: row 3: 'Q'"),
    ("cards.toml", "id = 1\n", "id = 7\n", r"card\[1\].id"),
    ("cards.toml", 'effect = "bury"', 'effect = "explode"', r"ability\[1\].effect"),
    ("goals.toml", 'portfolio = [["rides", "rides"], ["food", "gifts"], ["shows", "rides"], ["rides", "food"]]',
     'portfolio = [["rides", "rides"], ["food", "gifts"], ["shows", "rides"]]', r"goal\[0\].sides\[0\].portfolio"),
    ("goals.toml", 'name = "Coaster Kingdom"', 'name = "Coaster Kingdom"\ncolour = "red"', "colour"),
])
def test_bad_content_names_file_and_field(tmp_path, file, old, new, message):
    with pytest.raises(DataError, match=message) as err:
        load_content(broken(tmp_path, file, old, new))
    assert file in str(err.value)
