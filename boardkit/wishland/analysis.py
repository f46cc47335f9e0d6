"""Wishland's own design questions, on top of :mod:`boardkit.analysis`.

* :func:`card_win_rates` — which cards (Hotels, Entrepreneurs, ...) go with winning: for each
  card, the win rate of the players who ended the game with it, with a 95 % Wilson interval,
  against the win rate of everybody else;
* :func:`solo_scores` — the distribution of Solo Mode scores per agent.

Seat advantage, score spread and the Victory Points by source come from the generic
:func:`boardkit.analysis.simulate` (every row carries ``src_*`` columns from
``score_breakdown``) and :func:`boardkit.analysis.metrics`.

A correlation is not a cause: a card bought by the leading player shows a high win rate
even if it is weak. Compare cards of the same kind, with enough games, and check a finding
by changing the card (a rule parameter or a data file) and simulating again.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardkit.analysis.metrics import wilson
from boardkit.engine.errors import DataError

from .content import CARDS, KINDS


def play_games(n: int, players: int = 2, agents: Sequence[str] | str = "greedy", seed: int = 0,
               variant: dict | None = None) -> list[dict]:
    """Play ``n`` games (``simulate``, seats rotated); one record per seat: its cards (with
    its Entrepreneur), score and result (:func:`card_rows`)."""
    from boardkit.analysis import simulate

    names = [agents] if isinstance(agents, str) else list(agents)
    return card_rows(simulate("wishland", agents=names, n=n, seed=seed, players=players,
                              variant=variant, trace=False, progress=False))


def card_rows(frame) -> list[dict]:
    """The records of :func:`play_games` from a ``simulate`` table (a live run or a stored
    study), whose ``fact_cards`` column lists each seat's cards."""
    if "fact_cards" not in frame.columns:
        raise DataError("the table has no fact_cards column: it was made before the cards were "
                       "kept (simulate it again)")
    return [{"game": int(r.game), "seed": int(r.seed), "seat": int(r.seat), "agent": r.agent,
             "score": r.score, "win": bool(r.win),
             "cards": {int(c) for c in str(r.fact_cards).split() if c != "nan"}}
            for r in frame.itertuples(index=False)]


def card_win_rates(rows, kinds: Sequence[str] = ("hotel", "entrepreneur"),
                   min_games: int = 5):
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


def solo_scores(agents: Sequence[str] = ("random", "greedy"), n: int = 30, seed: int = 0):
    """Solo Mode final scores per agent (a pandas DataFrame: agent, seed, score)."""
    import pandas as pd

    rows = []
    for agent in agents:
        for r in play_games(n, players=1, agents=agent, seed=seed):
            rows.append({"agent": agent, "seed": r["seed"], "score": r["score"]})
    return pd.DataFrame(rows)
