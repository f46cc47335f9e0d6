"""Achievements (rulebook: Achievements; Optional Achievement Tiles).

During their own turn, at no action cost, players claim any Achievement whose requirement
they meet — several in one turn if they like — for 1 Victory Point each. Each Achievement is
claimed once per game. The nine spaces show the board's Achievements, or, with the optional
tiles, nine random tiles (a blank tile leaves the board's Achievement of its space in use).
Entrepreneur #3 gives its owner a private tile that only they may claim. Hotel #20 and
Entrepreneur #3 add rewards when an Achievement is claimed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from boardkit.engine import RuleViolation, State
from boardkit.engine.rules import rule_ids

from .content import CARDS, CONTENT, KINDS, Condition, RewardRef
from .income import income_credits
from .rewards import gain
from .tracks import add_vp

if TYPE_CHECKING:
    from .position import WishlandState

ACHIEVEMENTS = CONTENT.achievements
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
RULES = rule_ids("wishland")


def stat(state: WishlandState, player: int, cond: Condition) -> int:
    """The value of one requirement statistic for ``player`` (see achievements.toml)."""
    s = cond.stat
    if s == "happiness":
        return state.happiness[player]
    if s == "visitors":
        return state.visitors[player]
    if s == "workers":
        return state.workers[player]
    if s == "vp":
        return state.vp[player]
    if s == "credits":
        return state.credits[player]
    if s == "income":
        return income_credits(state, player)
    count = state.count[player]
    if s == "cards":
        assert cond.kind is not None, "Condition requires the kind of 'cards'"
        return count[_KIND_INDEX[cond.kind]]
    if s == "max_cards":
        return max(count[_KIND_INDEX[k]] for k in cond.kinds)
    if s == "min_cards":
        return min(count[_KIND_INDEX[k]] for k in cond.kinds)
    symbols = state.symbols[player]
    if s == "max_symbol":
        return max(symbols.values(), default=0)
    if s == "distinct_symbols":
        return sum(1 for v in symbols.values() if v > 0)
    if s == "cards_played":
        return len(state.tableau[player])
    if s == "expensive_cards":
        return sum(1 for c in state.tableau[player] if CARDS[c].cost >= cond.min_cost)
    raise ValueError(f"unknown statistic {s!r}")  # pragma: no cover - schema forbids it


#: the statistics read straight off one of the state's per-player lists
_PLAIN = ("happiness", "visitors", "workers", "vp", "credits")


def _compile(aid: str) -> Callable[[WishlandState, int], bool]:
    """The requirement of Achievement ``aid`` as one generated function ``(state, player) ->
    bool``: the same answer as comparing :func:`stat` with each condition's ``at_least``
    (any or all of them, in order, stopping at the first that decides), without a call per
    condition. Listed at every step of a search's playouts."""
    a = ACHIEVEMENTS[aid]
    env: dict[str, Any] = {"_stat": stat}
    terms: list[str] = []
    for i, c in enumerate(a.require):
        if c.stat in _PLAIN:
            read = f"st.{c.stat}[p]"
        elif c.stat == "cards":
            assert c.kind is not None, "Condition requires the kind of 'cards'"
            read = f"st.count[p][{_KIND_INDEX[c.kind]}]"
        else:
            env[f"c{i}"] = c
            read = f"_stat(st, p, c{i})"
        terms.append(f"{read} >= {int(c.at_least)}")
    any_of = a.mode == "any"
    body = (" or " if any_of else " and ").join(terms) or repr(not any_of)
    test: Callable[[WishlandState, int], bool] = eval(  # noqa: S307 - built from validated content
        f"lambda st, p: {body}", env)
    return test


_TESTS = {aid: _compile(aid) for aid in ACHIEVEMENTS}


def meets(state: WishlandState, player: int, aid: str) -> bool:
    """Does ``player`` meet the requirement of Achievement ``aid``?"""
    return _TESTS[aid](state, player)


def available(state: WishlandState, player: int) -> list[str]:
    """The Achievements ``player`` could claim (ignoring the requirement)."""
    out = [a for a in state.achievement_spaces if a not in state.claimed]
    mine = state.private[player]
    if mine is not None and mine not in state.claimed:
        out.append(mine)
    return out


def claimable(state: WishlandState, player: int) -> list[str]:
    tests = _TESTS
    return [a for a in available(state, player) if tests[a](state, player)]


def claim_violation(state: WishlandState, player: int, aid: str) -> RuleViolation | None:
    if aid not in ACHIEVEMENTS:
        return RuleViolation("wishland.achievement.exists", f"there is no Achievement {aid!r}")
    if aid in state.claimed:
        return RuleViolation("wishland.achievement.once",
                             f"{aid} was already claimed by P{state.claimed[aid] + 1}")
    if aid not in state.achievement_spaces:
        owner = next((p for p, t in enumerate(state.private) if t == aid), None)
        if owner is None:
            return RuleViolation("wishland.achievement.exists",
                                 f"{aid} is not in play in this game (the spaces show "
                                 f"{', '.join(state.achievement_spaces)})")
        if owner != player:
            return RuleViolation("wishland.entrepreneur.3",
                                 f"{aid} is P{owner + 1}'s private Achievement (Entrepreneur #3)")
    if not meets(state, player, aid):
        return RuleViolation("wishland.achievement.requirement",
                             f"P{player + 1} does not meet {aid}: {ACHIEVEMENTS[aid].text}")
    return None


@RULES.implements("wishland.achievement.claim")
def claim(state: WishlandState, player: int, aid: str) -> None:
    """Claim ``aid`` (already checked): 1 VP, then Hotel #20 / Entrepreneur #3 rewards."""
    state.claimed[aid] = player
    add_vp(state, player, state.params.achievement_vp, "achievements")
    state.note(f"claims {aid}: {ACHIEVEMENTS[aid].text}", player)
    jobs: list[tuple[int, RewardRef]] = []
    for p in range(state.players):
        for cid in state.ongoing_rewards[p].get("when_claim", ()):
            for j, e in enumerate(CARDS[cid].ongoing):
                if e.effect == "when_claim" and (e.who == "any" or p == player):
                    jobs.append((p, ("card", cid, "ongoing", j)))
    for p, ref in jobs:
        state.then(gain, p, ref, 0, 1, "achievements")


def setup_spaces(state: WishlandState) -> None:
    """The nine Achievement spaces: the board's, or random tiles with blanks replaced."""
    n = state.params.achievement_spaces
    board = [f"board-{i}" for i in range(1, n + 1)]
    state.tile_box = []
    if not state.variant.achievement_tiles:
        state.achievement_spaces = board
        return
    tiles = sorted((a for a in ACHIEVEMENTS if a.startswith("tile-")),
                   key=lambda a: ACHIEVEMENTS[a].number)
    order = state.chance("achievement tiles",
                         lambda rng: tuple(int(i) for i in rng.permutation(len(tiles))),
                         check=_check_tile_order,
                         text=lambda v: "Achievement Tiles drawn: " + ", ".join(
                             tiles[i] for i in v[:n]))
    drawn = [tiles[i] for i in order[:n]]
    state.achievement_spaces = [board[i] if ACHIEVEMENTS[t].blank else t for i, t in enumerate(drawn)]
    state.note("Achievement spaces: " + ", ".join(state.achievement_spaces))
    state.tile_box = sorted((tiles[i] for i in order[n:]), key=lambda a: ACHIEVEMENTS[a].number)


def _check_tile_order(state: State, value: object) -> None:
    tiles = sum(1 for a in ACHIEVEMENTS if a.startswith("tile-"))
    if not (isinstance(value, tuple) and sorted(value) == list(range(tiles))):
        raise RuleViolation("wishland.tiles.setup",
                            f"the tile draw must be an order of the {tiles} tiles, not {value!r}")


def draw_private_tile(state: WishlandState, player: int) -> None:
    """Entrepreneur #3: draw a tile for ``player`` alone, redrawing blanks."""
    pool = [t for t in state.tile_box if not ACHIEVEMENTS[t].blank]
    if not pool:
        pool = sorted((a for a in ACHIEVEMENTS if a.startswith("tile-") and not ACHIEVEMENTS[a].blank
                       and a not in state.achievement_spaces and a not in state.private),
                      key=lambda a: ACHIEVEMENTS[a].number)
    if not pool:  # pragma: no cover - 10 non-blank tiles, 9 spaces
        state.note(f"no Achievement Tile is left for P{player + 1}")
        return
    tile = state.chance("private tile", lambda rng: pool[int(rng.integers(len(pool)))],
                        check=lambda s, v: _check_private(pool, v),
                        text=lambda v: f"P{player + 1} draws private Achievement {v} "
                                       f"(Entrepreneur #3): {ACHIEVEMENTS[v].text}")
    state.private[player] = tile
    if tile in state.tile_box:
        state.tile_box.remove(tile)


def _check_private(pool: Sequence[str], value: object) -> None:
    if value not in pool:
        raise RuleViolation("wishland.entrepreneur.3",
                            f"{value!r} is not a tile that can be drawn (left: {', '.join(pool)})")
