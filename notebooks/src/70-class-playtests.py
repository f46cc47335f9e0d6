# %% [markdown]
# # Class playtests beside an agents' study
#
# When a class plays on the class server (`boardkit serve`, the teacher's guide: *Playtesting
# with the class*), every move of every table is stored. This notebook turns those games
# into data and reads them beside a study the computer played, for one question:
#
# > **In two-player Wanderlust, does the first seat win more than half of the games?**
#
# The stored study `wanderlust-seats-2p-greedy` answers it for 1,000 games between greedy
# players (notebook `31-wanderlust-analysis`, section 4: yes, about 55 %). Does a class's
# playtesting agree?
#
# **The classmates here are simulated.** So that the notebook runs anywhere, it starts a
# class server inside this notebook and lets computer players (the `greedy` agent) sit at
# every seat, moving through the server's API as students' pages do. With your class, you
# read the server's own file instead (section 4): the steps after the first are the same.

# %%
import tempfile
import time
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd
from starlette.testclient import TestClient

from boardkit.analysis import metrics, readable, studies
from boardkit.analysis.lab import interval_text
from boardkit.analysis.metrics import seat_win_rates
from boardkit.server import export
from boardkit.engine.words import wrap
from boardkit.server.app import RateLimit, create_app

pd.set_option("display.width", 140)
started = time.perf_counter()

# %% [markdown]
# ## 1. A class server with simulated classmates
#
# The server keeps its tables in one SQLite file. The teacher opens a table with their
# token; here every seat gets the agent `greedy` instead of a student. `TestClient` runs the
# server inside this notebook, with no network at all, for as long as its `with` block
# lasts. The agents move in the background, one move after another, each stored before the
# next is made; the teacher's list of tables (`GET /api/tables`) says which are over, and
# the block waits for all of them. When it ends the server stops, and its file keeps every
# game.

# %%
TABLES = 40  # tables of two simulated classmates
TEACHER = "notebook-teacher-token-0123456789"
folder = Path(tempfile.mkdtemp(prefix="class-playtests-"))
database = folder / "class.db"
teacher = {"Authorization": f"Bearer {TEACHER}"}
# a class's server lets one token make 40 requests at once and 20 a second; this one asks more often
rate = RateLimit(burst=1000, per_second=1000.0)

with TestClient(create_app(str(database), TEACHER, rate=rate)) as server:
    for seed in range(TABLES):
        answer = server.post("/api/tables", headers=teacher, json={
            "game": "wanderlust", "players": 2, "seed": 100 + seed, "agents": ["greedy", "greedy"]})
        answer.raise_for_status()
    print(f"opened {TABLES} tables in {database.name}")
    while not all(table["is_over"]
                  for table in server.get("/api/tables", headers=teacher).json()["tables"]):
        time.sleep(0.5)
print("every table is over")

# %% [markdown]
# ## 2. The games as a table
#
# `export.load` replays each table from its stored moves and makes the same table
# `simulate` makes: one row per seat per game, with `score`, `rank`, `win`, the score
# sources (`src_…`) and the game's facts (`fact_…`). A playtest adds its own columns: the
# `table`, whether it is `finished`, who played the seat (`agent`: `person` for a student, or
# the agent's name; `played_by`), and how long the seat took for its moves
# (`mean_decision_seconds`).

# %%
plays = export.load(database)
shown = ["table", "seat", "agent", "score", "rank", "win", "actions", "finished",
         "decisions", "mean_decision_seconds"]
readable(plays[shown].head(6))

# %% jupyter={"source_hidden": true} tags=["check"]
assert len(plays) == 2 * TABLES and plays.finished.all()
assert set(plays.agent) == {"greedy"} and (plays.groupby("table").win.sum() >= 1).all()

# %% [markdown]
# Because it is `simulate`'s shape, everything in `boardkit.analysis` reads it. The design
# metrics of the class's games (only finished games: an unfinished table has no winner yet):

# %%
finished = plays[plays.finished]
readable(metrics(finished).loc[["won", "advantage", "duration", "score"]])

# %% [markdown]
# ## 3. The first seat: playtests beside the study
#
# Each seat's share of the games won, with its **95 % interval** (`seat_win_rates`). A shared
# win counts half for each. With two players the fair share is 50 %.

# %%
study = studies.load("wanderlust-seats-2p-greedy")
print(wrap(studies.rules_note("wanderlust-seats-2p-greedy")))  # empty under today's rules
side = pd.DataFrame([
    {"source": name, **seat_win_rates(frame).loc[0].to_dict()}
    for name, frame in (("class playtests (simulated)", finished),
                        ("study wanderlust-seats-2p-greedy", study))]).set_index("source")
side["games"] = side["games"].astype(int)
side["width"] = side.ci_high - side.ci_low
readable(side)

# %% jupyter={"source_hidden": true} tags=["check"]
assert side.games.iloc[0] == TABLES - int(finished.groupby("table").win.sum().eq(0).sum())
assert side.games.iloc[1] >= 1000
assert (side.ci_low <= side.win_rate).all() and (side.win_rate <= side.ci_high).all()
assert side.ci_low.iloc[1] > 0.5                          # the study: seat 1 ahead
assert side.width.iloc[0] > 3 * side.width.iloc[1]        # the playtests' interval: much wider

# %%
fig, ax = plt.subplots(figsize=(6, 2.4))
rows = list(range(len(side)))
ax.errorbar(side.win_rate, rows, xerr=[side.win_rate - side.ci_low, side.ci_high - side.win_rate],
            fmt="o", capsize=4)
ax.axvline(0.5, ls="--", color="#b3261e", label="fair share")
ax.set_yticks(rows, side.index)
ax.set_xlim(0, 1)
ax.set_xlabel("first seat's share of the games won (95 % interval)")
ax.legend(loc="lower right");

# %%
playtest, stored = side.iloc[0], side.iloc[1]
agree = bool(playtest.ci_low <= stored.win_rate <= playtest.ci_high)
print("the first seat's share of the games won, with its 95 % interval:")
for name, row in (("class playtests", playtest), ("stored study", stored)):
    rate = interval_text(row.win_rate, row.ci_low, row.ci_high, digits=0)
    print(f"  {name + ':':17}{rate} of {int(row.games):,} games")
print("the playtests' interval holds the study's rate:", agree)

# %% [markdown]
# **How to read it.** The study's interval lies above 50 %: between greedy players the first
# seat has an edge (notebook 31 traces it to the end of the race). The playtests' interval
# is several times wider: a class plays tens of games, not a thousand. If it holds the study's
# rate, the class's games *do not disagree* with the study, which is not the same as
# *confirming* it; if it covers 50 % as well, the playtests alone could not show an edge at
# all. A class of 30 students playing two games each gives about the width above.
#
# Playtests answer what a study cannot: how people play. Their `mean_decision_seconds` is
# how long a student thought over a move (here: how long the computer took, a few
# hundredths of a second), and a table nobody finished is a finding too (`finished`).

# %%
readable(plays.groupby("seat")[["decisions", "mean_decision_seconds"]].mean())

# %% [markdown]
# ## 4. With your own class
#
# The teacher's guide (*Playtesting with the class*) starts the server and hands out the
# seats' links. After the lesson, read the server's file — it may be read while the server
# still runs:
#
# ```python
# plays = export.load("boardkit-tables.db")          # the file given to --db
# finished = plays[plays.finished]
# ```
#
# or write it as a CSV file for a spreadsheet:
# `boardkit tables export --db boardkit-tables.db --out playtests.csv`. Then run sections 2
# and 3 on it. A table where students played beside agents has `agent` `person` at the
# students' seats: `finished[finished.agent == "person"]` keeps the students' rows.
#
# To playtest a house rule, open half the tables with it: the teacher's page has a tick box
# or a menu for each of the game's house rules, its list of tables names the rules each
# table plays, and each seat's page tells its players. The export keeps them in the `params`
# column (JSON), so the two halves are compared as the studies compare two settings:
#
# ```python
# finished.groupby(["params", "seat"]).win.mean()    # the first seat's share, rule by rule
# ```

# %%
print(f"notebook ran in {time.perf_counter() - started:.0f} s")
