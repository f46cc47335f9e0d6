"""Wishland's own design questions, on top of :mod:`boardkit.analysis`.

* :func:`card_win_rates` — which cards (Hotels, Entrepreneurs, ...) go with winning: for each
  card, the win rate of the players who ended the game with it, with a 95 % Wilson interval,
  against the win rate of everybody else;
* :func:`draft_win_rates` — the same question asked the way an experiment asks it: the
  Entrepreneur draft deals each player two cards at random, so the win rate of the players
  *dealt* a card (kept or not) against everybody else's measures what the card does for
  that player, with no choice mixed in; with how often the card is kept, and the win rate
  when kept and when passed on;
* :func:`dealt_wins` — the wins of the seats dealt one Entrepreneur, game by game and seat by
  seat, to pair two players' games on the same deals;
* :func:`solo_scores` — the distribution of Solo Mode scores per agent;
* :func:`choosing_order` — round by round, the place each seat chooses its Turn Order space
  in, as the First Player Token moves.

Seat advantage, score spread and the Victory Points by source come from the generic
:func:`boardkit.analysis.simulate` (every row carries ``src_*`` columns from
``score_breakdown``), :func:`boardkit.analysis.metrics` and :mod:`boardkit.analysis.lab`
(``seats_beside``, ``seat_gap``).

A correlation is not a cause: a card bought by the leading player shows a high win rate
even if it is weak. Compare cards of the same kind, with enough games, and check a finding
by changing the card (a rule parameter or a data file) and simulating again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias, TypedDict

from boardkit.agents import RandomAgent, play
from boardkit.analysis.metrics import wilson
from boardkit.engine.errors import DataError

from .content import CARDS, ENTREPRENEUR, KINDS

if TYPE_CHECKING:
    import pandas as pd

    from boardkit.engine.state import State


class CardRow(TypedDict):
    """One seat of one game (:func:`card_rows`): its cards (with its Entrepreneur), score
    and result."""

    game: int
    seed: int
    seat: int
    agent: str
    score: float
    win: bool
    cards: set[int]


class DealtRow(CardRow):
    """A :class:`CardRow` with the two Entrepreneurs its seat was dealt and the one it kept
    (:func:`draft_deals`)."""

    dealt: list[int]
    kept: int


if TYPE_CHECKING:
    #: what the functions of card rows take: the records of :func:`play_games`, or a
    #: ``simulate`` table (a pandas DataFrame) with a ``fact_cards`` column
    Rows: TypeAlias = list[CardRow] | pd.DataFrame



def play_games(n: int, players: int = 2, agents: Sequence[str] | str = "greedy", seed: int = 0,
               variant: dict[str, Any] | None = None, params: dict[str, Any] | None = None
               ) -> list[CardRow]:
    """Play ``n`` games (``simulate``, seats rotated); one record per seat: its cards (with
    its Entrepreneur), score and result (:func:`card_rows`)."""
    from boardkit.analysis import simulate

    names = [agents] if isinstance(agents, str) else list(agents)
    return card_rows(simulate("wishland", agents=names, n=n, seed=seed, players=players,
                              variant=variant, params=params, trace=False, progress=False))


def card_rows(frame: pd.DataFrame) -> list[CardRow]:
    """The records of :func:`play_games` from a ``simulate`` table (a live run or a stored
    study), whose ``fact_cards`` column lists each seat's cards."""
    if "fact_cards" not in frame.columns:
        raise DataError("the table has no fact_cards column: it was made before the cards were "
                       "kept (simulate it again)")
    return [{"game": int(r.game), "seed": int(r.seed), "seat": int(r.seat), "agent": r.agent,
             "score": r.score, "win": bool(r.win),
             "cards": {int(c) for c in str(r.fact_cards).split() if c != "nan"}}
            for r in frame.itertuples(index=False)]


def card_win_rates(rows: Rows, kinds: Sequence[str] = ("hotel", "entrepreneur"),
                   min_games: int = 5) -> pd.DataFrame:
    """Win rate with and without each card of ``kinds`` (a pandas DataFrame, best first);
    ``rows``: the records of :func:`play_games`, or a ``simulate`` table."""
    import pandas as pd

    if not isinstance(rows, list):
        rows = card_rows(rows)
    wanted = {KINDS.index(k) for k in kinds}
    total_wins = sum(r["win"] for r in rows)
    out = []
    for cid in sorted(c for c, card in CARDS.items() if card.kind in wanted):
        having = [r for r in rows if cid in r["cards"]]
        n = len(having)
        if n < min_games:
            continue
        wins = sum(r["win"] for r in having)
        low, high = wilson(wins, n)
        others = len(rows) - n
        out.append({"card": CARDS[cid].name, "kind": CARDS[cid].kind_name, "games": n,
                    "win_rate": wins / n, "ci_low": low, "ci_high": high,
                    "win_rate_without": (total_wins - wins) / others if others else float("nan"),
                    "text": CARDS[cid].text})
    frame = pd.DataFrame(out)
    if frame.empty:
        return frame
    return frame.sort_values("win_rate", ascending=False).reset_index(drop=True)


def draft_deals(rows: Rows, players: int | None = None, variant: dict[str, Any] | None = None,
                params: dict[str, Any] | None = None) -> list[DealtRow]:
    """Each record of ``rows`` (:func:`card_rows`, or a ``simulate`` table) with the two
    Entrepreneurs its seat was dealt (``dealt``, card ids) and the one it kept (``kept``).

    The deal is the setup's draw, before any decision, so it is read back by setting up each
    game again from its seed, with the games' ``players``, ``variant`` and ``params``: by
    default a stored study's own (``frame.attrs``, :func:`boardkit.analysis.studies.load`),
    else 2 players and the draft alone. A seat that ended with an Entrepreneur it was not
    dealt raises :class:`~boardkit.engine.errors.DataError` (the rows come from other games)."""
    from .game import GAME
    from .state import WishlandState

    attrs = getattr(rows, "attrs", None) or {}
    players = players if players is not None else int(attrs.get("players", 2))
    variant = variant if variant is not None else (attrs.get("variant") or {"entrepreneurs": True})
    params = params if params is not None else (attrs.get("params") or None)
    if not isinstance(rows, list):
        rows = card_rows(rows)
    if not variant.get("entrepreneurs"):
        raise DataError("draft_deals: the variant has no Entrepreneur draft "
                        "(variant={'entrepreneurs': True})")
    deals: dict[int, list[list[int]]] = {}
    out: list[DealtRow] = []
    for r in rows:
        seed = r["seed"]
        if seed not in deals:
            setup = GAME.new_game(players=players, seed=seed, variant=variant, params=params)
            assert isinstance(setup, WishlandState)
            deals[seed] = [list(pair) for pair in setup.dealt]
        if not 0 <= r["seat"] < players:
            raise DataError(f"draft_deals: game {r['game']} has a seat {r['seat'] + 1}; the games "
                            f"were said to have {players} players")
        dealt = deals[seed][r["seat"]]
        held = [c for c in r["cards"] if CARDS[c].kind == ENTREPRENEUR]
        if len(held) != 1 or held[0] not in dealt:
            names = ", ".join(CARDS[c].name for c in held) or "no Entrepreneur"
            raise DataError(f"draft_deals: in game {r['game']} seat {r['seat'] + 1} ended with "
                            f"{names}, but the setup of seed {seed} at {players} players with "
                            f"{variant} deals it {' and '.join(CARDS[c].name for c in dealt)}: "
                            "these rows come from other games")
        out.append({**r, "dealt": dealt, "kept": held[0]})
    return out


def draft_win_rates(rows: Rows, players: int | None = None,
                    variant: dict[str, Any] | None = None,
                    params: dict[str, Any] | None = None) -> pd.DataFrame:
    """For each Entrepreneur (a pandas DataFrame, best first): ``dealt`` (how many seats were
    dealt it), ``win_rate`` with its 95 % interval (``ci_low``, ``ci_high``) among those
    seats, kept or not, and ``win_rate_without`` (every other seat); ``kept`` (the share of
    those seats that kept it), ``win_kept`` and ``win_passed`` (their win rates when they
    kept it and when they kept the other card). The deal is random, so ``win_rate -
    win_rate_without`` is the card's effect for these players; ``win_kept`` mixes the card
    with the choice (see :func:`draft_deals`)."""
    import pandas as pd

    deals = draft_deals(rows, players, variant, params)
    total_wins = sum(r["win"] for r in deals)
    out = []
    for cid in sorted({c for r in deals for c in r["dealt"]}):
        got = [r for r in deals if cid in r["dealt"]]
        kept = [r for r in got if r["kept"] == cid]
        passed = [r for r in got if r["kept"] != cid]
        wins, n = sum(r["win"] for r in got), len(got)
        low, high = wilson(wins, n)
        others = len(deals) - n
        out.append({"card": CARDS[cid].name, "dealt": n, "win_rate": wins / n, "ci_low": low,
                    "ci_high": high,
                    "win_rate_without": (total_wins - wins) / others if others else float("nan"),
                    "kept": len(kept) / n,
                    "win_kept": (sum(r["win"] for r in kept) / len(kept) if kept
                                 else float("nan")),
                    "win_passed": (sum(r["win"] for r in passed) / len(passed) if passed
                                   else float("nan"))})
    columns = ["card", "dealt", "win_rate", "ci_low", "ci_high", "win_rate_without", "kept",
               "win_kept", "win_passed"]
    frame = pd.DataFrame(out, columns=columns)
    return frame.sort_values("win_rate", ascending=False).reset_index(drop=True)


def solo_scores(agents: Sequence[str] = ("random", "greedy"), n: int = 30, seed: int = 0
                ) -> pd.DataFrame:
    """Solo Mode final scores per agent (a pandas DataFrame: agent, seed, score)."""
    import pandas as pd

    rows = []
    for agent in agents:
        for r in play_games(n, players=1, agents=agent, seed=seed):
            rows.append({"agent": agent, "seed": r["seed"], "score": r["score"]})
    return pd.DataFrame(rows)


def dealt_wins(rows: Rows, card: int, players: int | None = None,
               variant: dict[str, Any] | None = None, params: dict[str, Any] | None = None
               ) -> pd.Series:
    """Whether each seat dealt the Entrepreneur ``card`` (a card id) won, indexed by
    ``(game, seat)``: the seats the shuffle gave the card, kept or not (:func:`draft_deals`,
    whose arguments these are), so that two players' games of the same deals pair seat by
    seat (:func:`boardkit.analysis.lab.paired`)."""
    import pandas as pd

    if card not in CARDS or CARDS[card].kind != ENTREPRENEUR:
        raise DataError(f"dealt_wins: card {card!r} is not an Entrepreneur card id "
                        "(content.card_id(ENTREPRENEUR, number))")
    deals = pd.DataFrame(draft_deals(rows, players, variant, params))
    if deals.empty:
        return pd.Series([], dtype=bool, name="win",
                         index=pd.MultiIndex.from_tuples([], names=["game", "seat"]))
    got = deals[deals.dealt.map(lambda pair: card in pair)]
    return got.set_index(["game", "seat"]).win


def choosing_order(players: int, seed: int = 0, params: Mapping[str, Any] | None = None
                   ) -> pd.DataFrame:
    """Round by round (the index), the place each seat (columns ``seat 1`` ...) chooses its
    Turn Order space in (1 = first), read from the rule's own
    :func:`~boardkit.wishland.turn_order.choosers` at each round's first decision of one game
    played by random moves (the order follows the First Player Token, which does not depend
    on the moves). ``params``: rule parameters, e.g. ``{"rounds": 6}`` or the house rule
    ``{"first_round_reversed": True}``."""
    import pandas as pd

    from .game import GAME
    from .state import WishlandState
    from .turn_order import choosers

    game = GAME.new_game(players=players, seed=seed, params=params)
    rounds: dict[int, dict[str, int]] = {}

    def note(state: State) -> None:
        assert isinstance(state, WishlandState)
        if state.round not in rounds:
            order = choosers(state)
            rounds[state.round] = {f"seat {s + 1}": order.index(s) + 1 for s in range(players)}

    bot = RandomAgent(seed)  # one random player decides for every seat
    play(game, [bot] * players, before_action=note)
    return pd.DataFrame.from_dict(rounds, orient="index").rename_axis("round")
