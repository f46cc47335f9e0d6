# %% [markdown]
# # The design lab: change a rule and measure what happens
#
# Game designers ask questions like *"does going first help?"*, *"is this bonus too
# strong?"*, *"does skill matter, or is it all dice?"*. This notebook answers such questions
# for a game by **simulating many games** and **measuring** them, in under a minute.
#
# We use *Dice Grid*, boardkit's small teaching game (see `00-welcome.ipynb`); every step
# works the same way for the other games. The study:
#
# 1. play a baseline: a one-step **greedy** player against a **random** player;
# 2. read the design metrics, most with a 95 % confidence interval;
# 3. draw the scores, the win rate by seat, and where the points come from;
# 4. change a rule parameter and compare the two versions on **the same seeds**;
# 5. run a small tournament between agents;
# 6. an exercise.

# %%
import time
import matplotlib
import pandas as pd
import boardkit
from boardkit.analysis import (compare, metrics, plot_score_sources, plot_scores,
                               plot_seat_win_rates, readable, simulate, standings, tournament)
from boardkit.analysis.lab import interval_text, percent_text

pd.set_option("display.width", 140)
pd.set_option("display.max_colwidth", 70)
started = time.perf_counter()

# %% [markdown]
# ## 1. A baseline run
#
# `simulate` plays `n` games. Seats rotate from game to game (the greedy player is first in
# half of the games), so a strong agent does not look like a first-seat advantage. Each row
# is one player in one game, with the game's seed: any row can be replayed exactly. The
# table has more columns than fit beside each other: the first rows show a few, and the line
# above them names the others.

# %%
base = simulate("dice-grid", agents=["greedy", "random"], n=300, seed=2026)
SHOWN = ["game", "seed", "seat", "agent", "score", "rank", "win", "actions", "lead_changes",
         "src_group", "src_lucky"]
print("also in each row:", ", ".join(c for c in base.columns if c not in SHOWN))
readable(base.head()[SHOWN])

# %% [markdown]
# ## 2. Design metrics
#
# The definitions follow the game-design metrics used by the Ludii general game system
# (after Browne, 2008):
#
# * **won** — the share of games somebody won (some games can end with **no winner**: a
#   failed solo game, or a Freizeitpark game in which everybody was fired);
# * **advantage** — how often the first seat wins, among the games somebody won (fair is
#   1/players);
# * **balance** — 1 minus the gap between the best and worst seat's win rate (won games);
# * **agent balance** — the same between agents: a low value means **skill matters**;
# * **drawishness** — how often the top is shared;
# * **decisiveness** — the share of the game after which the eventual winner always leads
#   (smaller: settled earlier);
# * **lead changes**, **duration** (the players' decisions per game; choices with a single
#   option, which the engine takes by itself, are counted apart as **automatic moves**),
#   **branching factor** (options per decision);
# * the **share of points** from each scoring source.
#
# `ci_low`/`ci_high` bound a 95 % confidence interval where the metric has one (the
# balance between agents and the shares of points are given without: "—"). `metrics`
# returns the figures to compute with; `readable` shows them rounded.

# %%
table = metrics(base)
readable(table)

# %% jupyter={"source_hidden": true} tags=["check"]
assert {"won", "advantage", "balance", "agent balance", "branching factor"} <= set(table.index)
assert table.loc["won", "value"] == 1  # every Dice Grid game has a winner

# %% [markdown]
# Reading the table: if the interval of **advantage** contains 0.5, these games do not
# show a first-player advantage. **Agent balance** well below 1 says the greedy player wins
# much more often than the random one: decisions matter in this game, it is not only dice.

# %%
skill = standings(base)
print(skill.round(3))

# %% jupyter={"source_hidden": true} tags=["check"]
assert skill.loc["greedy", "win_share"] > skill.loc["random", "win_share"]
assert skill.loc["greedy", "ci_low"] > skill.loc["random", "ci_high"]

# %% [markdown]
# ## 3. Pictures

# %%
import matplotlib.pyplot as plt

fig, axes = plt.subplots(1, 3, figsize=(15, 3.6))
plot_scores(base, ax=axes[0])
plot_seat_win_rates(base, ax=axes[1])
plot_score_sources(base, ax=axes[2])
fig.tight_layout()

# %% [markdown]
# ## 4. Change a rule: A/B on the same seeds
#
# The lucky-number bonus is a **rule parameter** (`points.lucky_cell` in
# `data/dice-grid/params.toml`; the printed rules give 1 point a lucky cell). Variant B
# below sets it to `BONUS = 3`, three times as much, and asks two questions: does it change
# the scores, and does it change **who wins** — does luck now outweigh the greedy player's
# skill? Then experiment: set `BONUS` to 0 (no bonus at all), 2 or 10 and run this section
# again; every sentence it prints follows the value.
#
# `compare` plays both versions on the same seeds (paired games), so the difference is not
# blurred by different deals. It reports the mean difference, a 95 % interval and a
# permutation test's p-value, in plain words.

# %%
PRINTED = boardkit.game("dice-grid").make_params().points.lucky_cell
BONUS = 3  # points a lucky cell scores in variant B
bonus = {"params": {"points.lucky_cell": BONUS}}
scores = compare("dice-grid", {}, bonus, n=300, seed=2026, agents=["greedy", "random"])
print(f"A: bonus = {PRINTED} (the printed rules), B: bonus = {BONUS}")
print(scores)

# %% jupyter={"source_hidden": true} tags=["check"]
# the score follows the bonus, whichever way it is changed
assert BONUS != PRINTED or (scores.diff == 0 and not scores.significant)
assert BONUS == PRINTED or (scores.significant and (scores.diff > 0) == (BONUS > PRINTED))

# %%
lucky = simulate("dice-grid", ["greedy", "random"], n=300, seed=2026, params=bonus["params"])
for label, run in ((f"bonus = {PRINTED} (printed rules)", base), (f"bonus = {BONUS}", lucky)):
    greedy = standings(run).loc["greedy"]
    print(f"greedy win share, {label}: {interval_text(*greedy[['win_share', 'ci_low', 'ci_high']])}")
readable(metrics(lucky).loc[["agent balance", "share: lucky"]])

# %% [markdown]
# Read the two intervals: where they overlap, 300 games do not show that the bonus changed
# who wins. The **agent balance** says the same from the other side (1 minus the gap between
# the two players' win shares: closer to 1, luck matters more), and **share: lucky** is the
# part of all points that the lucky cells now bring.

# %% [markdown]
# **Did the players notice the change?** A comparison can only show how players respond
# to a rule if they do respond. `compare` checks it: each game carries a fingerprint of its
# decisions (the `play` column of `simulate`), and `same_play` is the share of paired
# games played move for move alike under A and B. The random player never looks at the
# points, so under both rules it plays every game the same; the sentence `compare` writes
# then says that the difference is only the rule's arithmetic. Greedy players weigh the
# bonus and change some of their moves. (The same question exposed a real mistake:
# boardkit's Lands players once ignored Expert Mode's scoring, which the Expert studies
# showed when set beside the normal ones; see notebook 11.)

# %%
blind = compare("dice-grid", {}, bonus, n=40, seed=2026, agents=["random"])
print(blind)
print(f"same play: random {percent_text(blind.same_play)}, "
      f"greedy against random {percent_text(scores.same_play)}")

# %% jupyter={"source_hidden": true} tags=["check"]
assert blind.same_play == 1.0 and "did not adapt" in blind.summary()
assert BONUS == PRINTED or scores.same_play < 1.0

# %% [markdown]
# The same comparison runs from a terminal, on one laptop or on a Dask cluster:
#
# ```bash
# boardkit compare dice-grid --games 300 --agents greedy,random --b-set dice-grid.points.lucky_cell=3
# boardkit simulate dice-grid --games 20000 --workers 2 --set dice-grid.points.lucky_cell=3
# boardkit simulate dice-grid --games 200000 --dask tcp://scheduler:8786
# ```

# %% [markdown]
# ## 5. A small tournament
#
# A round robin between three agents; seats rotate within each match. `mcts:20` is Monte
# Carlo tree search with 20 iterations per decision (information-set MCTS: it never peeks
# at the other player's lucky number).

# %%
cup = tournament("dice-grid", ["random", "greedy", "mcts:20"], games_per_match=16, seed=1)
ranking = standings(cup)
print(ranking.round(3))
print(f"whole study: {time.perf_counter() - started:.0f} s")

# %% jupyter={"source_hidden": true} tags=["check"]
assert ranking.index[-1] == "random"

# %% [markdown]
# ## 6. Exercise
#
# 1. Is the **first-player advantage** different with 3 players? Run `simulate` with
#    `players=3` and compare the advantage with its fair value 1/3.
# 2. Make the grid smaller (edit `numbers` through `params={"numbers": [[1, 2, 3], [4, 5, 6],
#    [1, 2, 3]]}`) and compare the **game length** (`measure_name="actions"`).
# 3. Which rule change would make skill matter *more*? Propose one, express it as a
#    parameter, and test it with `compare(..., measure_name="first_seat_win")` or with
#    `standings`.
#
# **Checked exercise (question 2).** Compare the printed 4 × 4 grid with the 3 × 3 grid
# `[[1, 2, 3], [4, 5, 6], [1, 2, 3]]` on the same seeds: 40 games of random players, `seed=5`,
# `measure_name="actions"` (the players' decisions per game; the moves the engine makes by
# itself are not counted). What is the mean game length with each grid, and is the small
# grid shorter? Put them into `answer` and run the check cell.

# %% tags=["exercise"]
answer = None  # {"length_printed": ..., "length_small": ..., "shorter": True or False}

# %% tags=["solution"]
small = {"params": {"numbers": [[1, 2, 3], [4, 5, 6], [1, 2, 3]]}}
length = compare("dice-grid", {}, small, n=40, seed=5, agents=["random"],
                 measure_name="actions", trace=False, progress=False)
print(length)
answer = {"length_printed": length.mean_a, "length_small": length.mean_b,
          "shorter": length.mean_b < length.mean_a}

# %%
from boardkit.teaching import check

solved = check("lab.length", answer)

# %% tags=["solution"]
assert solved  # the teacher's edition checks its own solution

# %% [markdown]
# To discuss: the printed grid has 16 cells and a game lasts 8 rounds — why is a game longer
# than 16 decisions, and what ends a game on the small grid? And question 1: with 3 players,
# does the first seat's interval (`metrics(simulate("dice-grid", ["random"], n=150, seed=5,
# players=3)).loc["advantage"]`) still cover the fair value 1/3?
