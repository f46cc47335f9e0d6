"""Freizeitpark analysis: the questions of the design study, answered by simulation.

* :func:`win_rate` — how often a game is won at all (somebody meets every condition and
  survives the penalty; otherwise everybody ends fired or out and nobody wins), in which
  round, and how often and when players are out, at 1, 2 and 4 players, with 95 % Wilson
  intervals;
* :func:`rounds_to_minimums` — after how many rounds does a player first meet all four
  minimums (Mindestanforderungen), solo and with 4 players, and how often nobody does;
* :func:`fired_rate` — how often a player is fired (gefeuert) by the enclosure penalty
  (Abzug for enclosed empty cells);
* :func:`card_difficulty` — the twelve Auftragskarten ranked by how often the greedy agent
  meets their condition, with 95 % Wilson intervals;
* :func:`dice_rule_effect` — the effect of the 1-and-2 rule parameter ``dice.attractions``
  ("any" against "split"), on paired games (the same seeds).

Every function takes ``n`` (games) and ``seed``; results are pure functions of both. The
games are played by the greedy agent with the engine's rules unchanged; this module only
watches the state after every decision (:func:`play_games`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

import pandas as pd

from boardkit.agents import make_agent, play
from boardkit.analysis.lab import paired, percent_text
from boardkit.analysis.metrics import mean_ci, wilson
from boardkit.analysis.rows import game_seeds
from boardkit.engine import Action, State, VariantError
from boardkit.engine import game as get_game
from boardkit.engine.words import wrap

from . import ende
from .content import content
from .state import FreizeitparkPlay, FreizeitparkState

GAME = "freizeitpark"


class _MinimumsMet:
    """The round in which each sheet first met all four minimums (before any penalty),
    watched around each decision of :func:`boardkit.agents.play`."""

    def __init__(self, state: FreizeitparkState):
        self.rounds: list[int | None] = [None] * state.players
        self.versions = [sheet.version for sheet in state.sheets]
        self.played_round = state.round

    def before(self, state: State) -> None:
        self.played_round = cast(FreizeitparkState, state).round

    def after(self, state: State, _action: Action) -> None:
        fz = cast(FreizeitparkState, state)
        for p, sheet in enumerate(fz.sheets):
            if sheet.version == self.versions[p]:
                continue
            self.versions[p] = sheet.version
            if self.rounds[p] is None and ende.standing(fz.rules, sheet).minimums_met():
                self.rounds[p] = self.played_round


def play_games(n: int, players: int = 1, agents: Sequence[str] | str = "greedy", seed: int = 0,
               variant: Mapping[str, Any] | None = None,
               params: Mapping[str, Any] | None = None) -> pd.DataFrame:
    """Play ``n`` games (:func:`boardkit.agents.play`) and return one row per seat per game;
    the arguments in the order of every game's ``play_games``. ``agents``: one agent name
    for every seat, or one per seat.

    Columns: ``game``, ``seed``, ``seat``, ``players``, ``status`` (won / fired / out /
    playing at the end), ``left_round`` (the round in which the player won, was fired or
    went out; NaN while still playing), ``skipped`` (rounds the player skipped because the
    roll fitted nowhere in the park), ``met_round`` (the round in which the sheet first met all four
    minimums before any penalty; NaN if never), ``card_met`` (the Auftragskarte's condition
    holds at the end; NaN without a card), ``penalty`` (Nachhaltigkeit lost at the
    evaluation), ``enclosed`` (enclosed empty cells at the end), ``end_round``.
    Game ``i`` uses seed ``game_seeds(seed, n)[i]``, so two calls with the same ``seed``
    and different rule parameters play paired games (the same dice sequence as far as the
    choices allow).
    """
    names = [agents] * players if isinstance(agents, str) else list(agents)
    if len(names) != players:
        raise VariantError(f"play_games: {len(names)} agents for {players} players")
    g = get_game(GAME)
    rows = []
    for index, gseed in enumerate(game_seeds(seed, n)):
        state = g.new_game(players=players, seed=gseed, variant=dict(variant or {}),
                           params=dict(params or {}))
        assert isinstance(state, FreizeitparkPlay), state
        bots = [make_agent(names[s], seed=gseed * 8 + s, game=GAME) for s in range(players)]
        met = _MinimumsMet(state)
        play(state, bots, max_actions=10_000, before_action=met.before, on_action=met.after)
        for p in range(players):
            st = state.standing(p)
            left, met_round = state.left_round[p], met.rounds[p]
            rows.append({
                "game": index, "seed": gseed, "seat": p, "players": players,
                "status": state.status[p],
                "left_round": math.nan if left is None else float(left),
                "skipped": int(state.skips[p]),
                "met_round": math.nan if met_round is None else float(met_round),
                "card_met": float(st.card_met) if state.card is not None else math.nan,
                "penalty": int(state.penalty[p]), "enclosed": int(st.enclosed),
                "end_round": int(state.round),
            })
    frame = pd.DataFrame(rows)
    frame.attrs.update({"players": players, "seed": seed, "agents": names,
                        "variant": dict(variant or {}), "params": dict(params or {})})
    return frame


# ----------------------------------------------------------------- how often a game is won
def win_rate(n: int = 50, seed: int = 0, players: tuple[int, ...] = (1, 2, 4),
             frames: Mapping[int, pd.DataFrame] | None = None) -> pd.DataFrame:
    """How often a game has a winner, and when, per player count (greedy agents).

    Per player count: ``games``; ``won_games`` and ``win_share`` (share of games with a
    winner by the rules) with a 95 % Wilson interval (``ci_low``, ``ci_high``); the round
    the game was won (``median_win_round``, ``mean_win_round`` with a 95 % interval
    ``win_round_low``/``win_round_high``, ``min_win_round``, ``max_win_round``);
    ``end_round_no_winner`` (mean length of the games nobody won); per player-game the
    share that went ``out`` (with its Wilson interval), the median round they went out,
    the share ``fired``, and the mean rounds ``skipped`` (a roll that fitted nowhere).
    ``frames`` may hand in :func:`play_games` tables per player count to reuse them.
    """
    out = []
    for k in players:
        rows = frames[k] if frames and k in frames else play_games(n, players=k, seed=seed)
        per_game = rows.groupby("game").agg(
            won=("status", lambda s: (s == "won").any()), end_round=("end_round", "first"))
        count = len(per_game)
        won = per_game[per_game["won"]]
        low, high = wilson(len(won), count)
        rounds = won["end_round"].astype(float)
        if len(rounds) > 1:
            mean, r_low, r_high = mean_ci(rounds.to_numpy())
        else:
            mean = float(rounds.mean()) if len(rounds) else math.nan
            r_low = r_high = math.nan
        is_out = rows["status"] == "out"
        o_low, o_high = wilson(int(is_out.sum()), len(rows))
        nobody = per_game[~per_game["won"]]
        out.append({
            "players": k, "games": count, "won_games": len(won),
            "win_share": len(won) / count if count else math.nan, "ci_low": low, "ci_high": high,
            "median_win_round": float(rounds.median()) if len(rounds) else math.nan,
            "mean_win_round": mean, "win_round_low": r_low, "win_round_high": r_high,
            "min_win_round": float(rounds.min()) if len(rounds) else math.nan,
            "max_win_round": float(rounds.max()) if len(rounds) else math.nan,
            "end_round_no_winner": float(nobody["end_round"].mean()) if len(nobody) else math.nan,
            "out_share": float(is_out.mean()), "out_ci_low": o_low, "out_ci_high": o_high,
            "median_out_round": float(rows.loc[is_out, "left_round"].median())
            if is_out.any() else math.nan,
            "fired_share": float((rows["status"] == "fired").mean()),
            "mean_skipped": float(rows["skipped"].mean()),
        })
    return pd.DataFrame(out).set_index("players")


def describe_win_rate(table: pd.DataFrame) -> str:
    """Plain words for :func:`win_rate`'s table, one paragraph per player count: the games
    won, then (on an indented line: one line broke inside words in a notebook) the players'
    fate."""
    lines = []
    for k, row in table.iterrows():
        who = "solo" if k == 1 else f"{k} players"
        text = (f"{who}: {int(row['won_games'])} of {int(row['games'])} games won "
                f"({percent_text(row['win_share'])}, 95 % interval "
                f"{100 * row['ci_low']:.0f}–{percent_text(row['ci_high'])})")
        if row["won_games"]:
            text += f", won in round {row['median_win_round']:.0f} (median"
            if not math.isnan(row["win_round_low"]):
                text += (f"; mean {row['mean_win_round']:.1f}, 95 % interval "
                         f"{row['win_round_low']:.1f}–{row['win_round_high']:.1f}")
            text += f"; range {row['min_win_round']:.0f}–{row['max_win_round']:.0f})"
        text += (f";\n  {percent_text(row['out_share'])} of the players went out"
                 + (f" (median round {row['median_out_round']:.0f})"
                    if not math.isnan(row["median_out_round"]) else "")
                 + f", {percent_text(row['fired_share'])} were fired, {row['mean_skipped']:.1f} rounds "
                 f"skipped per player on average.")
        lines.append(text)
    return wrap("\n".join(lines))


# ----------------------------------------------------------------- (a) rounds to the minimums
@dataclass(frozen=True)
class RoundsResult:
    """Rounds until the minimums are met. ``games``: one row per game with ``first_round``
    (the first round in which any player met all four minimums; NaN when nobody did);
    ``summary``: one row per player count."""

    games: pd.DataFrame
    summary: pd.DataFrame


def rounds_to_minimums(n: int = 50, seed: int = 0, players: tuple[int, ...] = (1, 4),
                       frames: Mapping[int, pd.DataFrame] | None = None) -> RoundsResult:
    """(a) Distribution of the first round in which a player meets all four minimums.

    ``frames`` may hand in :func:`play_games` tables per player count to reuse them.
    """
    games, summary = [], []
    for k in players:
        rows = frames[k] if frames and k in frames else play_games(n, players=k, seed=seed)
        per_game = rows.groupby("game").agg(first_round=("met_round", "min"),
                                            end_round=("end_round", "first"))
        per_game.insert(0, "players", k)
        games.append(per_game.reset_index())
        met = per_game["first_round"].dropna()
        count = len(per_game)
        never = count - len(met)
        low, high = wilson(never, count)
        summary.append({
            "players": k, "games": count, "met_games": len(met),
            "median_round": float(met.median()) if len(met) else math.nan,
            "mean_round": float(met.mean()) if len(met) else math.nan,
            "min_round": float(met.min()) if len(met) else math.nan,
            "max_round": float(met.max()) if len(met) else math.nan,
            "nobody_share": never / count, "nobody_ci_low": low, "nobody_ci_high": high,
        })
    return RoundsResult(pd.concat(games, ignore_index=True),
                        pd.DataFrame(summary).set_index("players"))


# ----------------------------------------------------------------- (b) fired
def fired_rate(n: int = 50, seed: int = 0, players: tuple[int, ...] = (1, 4),
               frames: Mapping[int, pd.DataFrame] | None = None) -> pd.DataFrame:
    """(b) How often a player is fired by the enclosure penalty, per player count.

    Per player count: player-games, fired players and their share (95 % Wilson interval),
    the share among players who reached an evaluation (met every condition), the share of
    games with at least one firing, and the mean penalty of the evaluated players.
    """
    out = []
    for k in players:
        rows = frames[k] if frames and k in frames else play_games(n, players=k, seed=seed)
        fired = rows["status"] == "fired"
        evaluated = rows["status"].isin(["fired", "won"])
        count, hits = len(rows), int(fired.sum())
        low, high = wilson(hits, count)
        ev = int(evaluated.sum())
        games_with = rows.groupby("game")["status"].apply(lambda s: (s == "fired").any())
        out.append({
            "players": k, "player_games": count, "fired": hits, "fired_share": hits / count,
            "ci_low": low, "ci_high": high, "evaluated": ev,
            "fired_share_of_evaluated": hits / ev if ev else math.nan,
            "games_with_firing": float(games_with.mean()),
            "mean_penalty_evaluated": float(rows.loc[evaluated, "penalty"].mean()) if ev else math.nan,
        })
    return pd.DataFrame(out).set_index("players")


# ----------------------------------------------------------------- (c) Auftragskarten
def card_difficulty(n: int = 20, seed: int = 0, players: int = 1,
                    cards: list[str] | None = None) -> pd.DataFrame:
    """(c) The Auftragskarten ranked from hardest to easiest under the greedy agent.

    Each card is played in ``n`` games (the expanded game with that card, the same seeds for
    every card). ``met_share`` is the share of games in which some player meets the card's
    condition by the end, with a 95 % Wilson interval; ``won_share`` the share of games
    somebody wins. Ranked by ``met_share`` (ascending: rank 1 is the hardest card).
    """
    out = []
    for cid in cards or list(content().cards):
        rows = play_games(n, players=players, seed=seed, variant={"card": cid})
        per_game = rows.groupby("game").agg(met=("card_met", "max"),
                                            won=("status", lambda s: (s == "won").any()))
        hits = int(per_game["met"].sum())
        low, high = wilson(hits, len(per_game))
        out.append({"card": cid, "label": content().label(cid, "card"), "games": len(per_game),
                    "met": hits, "met_share": hits / len(per_game), "ci_low": low,
                    "ci_high": high, "won_share": float(per_game["won"].mean())})
    table = pd.DataFrame(out).sort_values(["met_share", "card"], kind="stable")
    table.insert(0, "rank", range(1, len(table) + 1))
    return table.set_index("card")


# ----------------------------------------------------------------- (d) the 1-and-2 rule
def dice_rule_effect(n: int = 50, seed: int = 0, players: int = 1,
                     a: str = "any", b: str = "split") -> pd.DataFrame:
    """(d) Rule parameter ``dice.attractions``: ``b`` against ``a`` on paired games.

    One row per measure (per game, means over seats): ``met`` (share of players who meet
    all four minimums at some time), ``won``, ``fired``, ``met_round`` (the round they are
    first met, over the games where both versions meet them), ``end_round``. Columns:
    the two means, the paired difference b − a with its 95 % interval and a sign-flip
    permutation test's p-value (:func:`boardkit.analysis.lab.sign_flip_p`).
    """
    runs = {v: play_games(n, players=players, seed=seed, params={"dice.attractions": v})
            for v in (a, b)}
    measures = {
        "met": lambda f: f["met_round"].notna().astype(float),
        "won": lambda f: (f["status"] == "won").astype(float),
        "fired": lambda f: (f["status"] == "fired").astype(float),
        "met_round": lambda f: f["met_round"],
        "end_round": lambda f: f["end_round"].astype(float),
    }
    out = []
    for name, fn in measures.items():
        sa = fn(runs[a]).groupby(runs[a]["game"]).mean()
        sb = fn(runs[b]).groupby(runs[b]["game"]).mean()
        diff, low, high, p, pairs = paired(sa, sb, seed)
        out.append({"measure": name, "pairs": pairs, f"mean_{a}": float(sa.mean()),
                    f"mean_{b}": float(sb.mean()), "diff": diff, "ci_low": low, "ci_high": high,
                    "p_value": p})
    table = pd.DataFrame(out).set_index("measure")
    table.attrs.update({"a": a, "b": b, "games": n, "players": players})
    return table


def describe_effect(table: pd.DataFrame) -> str:
    """Plain words for :func:`dice_rule_effect`'s table."""
    a, b = table.attrs.get("a", "any"), table.attrs.get("b", "split")
    lines = []
    for name, row in table.iterrows():
        pairs = int(row["pairs"])
        if pairs == 0 or math.isnan(row["diff"]):
            lines.append(f"{name}: no paired games to compare.")
            continue
        if row["diff"] == 0:
            lines.append(f"{name}: unchanged in all {pairs} paired games.")
            continue
        verb = "raises" if row["diff"] > 0 else "lowers"
        sig = "" if row["p_value"] < 0.05 else " (not significant; may be chance)"
        interval = ("no interval from a single pair" if math.isnan(row["ci_low"])
                    else f"95 % interval {row['ci_low']:+.2f} to {row['ci_high']:+.2f}")
        lines.append(f"{name}: '{b}' {verb} it from {row[f'mean_{a}']:.2f} to "
                     f"{row[f'mean_{b}']:.2f} (difference {row['diff']:+.2f}, {interval}, "
                     f"p = {row['p_value']:.3f}, {pairs} pair{'' if pairs == 1 else 's'}){sig}.")
    return wrap("\n".join(lines))


__all__ = ["RoundsResult", "card_difficulty", "describe_effect", "describe_win_rate",
           "dice_rule_effect", "fired_rate", "play_games", "rounds_to_minimums", "win_rate"]

