# %% [markdown]
# # Welcome to boardkit
#
# boardkit lets you **learn, play and analyse the rules of tabletop games** in Jupyter. Every
# game follows the same small protocol, so what you learn here on a tiny teaching game —
# *Dice Grid* — works the same way for Wishland, Lands of Amazement, Freizeitpark and
# Wanderlust.
#
# This notebook shows:
#
# 1. how a game is started and how to ask which moves are legal,
# 2. how to read an error when a move breaks a rule,
# 3. pending choices, dice, and how a teacher can *force* a roll,
# 4. hidden information,
# 5. saving, loading and replaying a game,
# 6. the interactive board,
# 7. a small simulation of many games,
# 8. the rule catalog — including a rule where we had to choose a reading,
# 9. an exercise.

# %% [markdown]
# ## 1. Starting a game
#
# `boardkit.games()` lists the games; `boardkit.game(name)` gives one. `new_game` takes the
# number of players, a **seed** (same seed, same game) and optional variant options.

# %%
import boardkit
from boardkit.engine.words import wrap

print("games:", ", ".join(boardkit.games()))
dice_grid = boardkit.game("dice-grid")
state = dice_grid.new_game(players=2, seed=7)
state

# %% [markdown]
# *Dice Grid* in one paragraph: the grid's cells show the numbers 1–6. On your turn two dice
# are rolled; you keep one and claim an empty cell showing that number (you pass only when no
# such cell is left). At the end, each cell of your largest group of cells **joined side to
# side** scores a point, plus a point for every cell showing your secret lucky number.
#
# The log tells the story so far, and `legal_actions()` lists every legal decision:

# %%
print(state.log.text())
print(f"P{state.current_player + 1} must {state.prompt()}")
state.legal_actions()

# %%
first = state.legal_actions()[0]
state.apply(first)
print(state.log.text(last=2))
print("now:", state.prompt())

# %% jupyter={"source_hidden": true} tags=["check"]
assert state.action_count == 1

# %% [markdown]
# ## 2. Reading an error
#
# An illegal move raises `boardkit.RuleViolation`. Its `rule` is an id from the game's rule
# catalog, and its message says in plain words what is wrong. **The state does not change.**
# `explain(action)` gives the same answer without raising.

# %%
from boardkit.examples.dice_grid import Claim

value = state.pending.value if hasattr(state.pending, "value") else None
wrong_cell = next(c for c in state.cells if state.number(c) != value)
before = state.to_json()
try:
    state.apply(Claim(wrong_cell))
except boardkit.RuleViolation as err:
    print("rule:   ", err.rule)
    print("message:", err.message)
    caught = err
state.explain(Claim(wrong_cell))

# %% jupyter={"source_hidden": true} tags=["check"]
assert caught.rule in ("dice-grid.claim.number", "dice-grid.turn.choose")
assert state.to_json() == before  # nothing changed

# %% [markdown]
# ## 3. Pending choices and dice
#
# A rule that needs a decision pushes a *pending choice*: here "which die do you keep?" and
# then "which cell do you claim?". A choice with a single option (a double, or nothing to
# claim) is taken automatically and logged as *(only option)*; boards mark it with an "auto"
# badge. Such moves are not decisions, so `state.action_count` leaves them out and
# `state.auto_count` counts them (in a simulation: the columns `actions` and `auto_actions`).
#
# A teacher can **force** the next random outcome — "suppose P2 rolls 3 and 5" — to discuss a
# situation. Forcing one roll does not change the rolls after it.

# %%
state.force("roll", (3, 5))
while state.current_player != 1:
    state.apply(state.legal_actions()[0])
print(state.log.text(last=3))

# %% jupyter={"source_hidden": true} tags=["check"]
assert state.legal_actions() == [boardkit.game("dice-grid").actions.classes["ChooseDie"](3),
                                 boardkit.game("dice-grid").actions.classes["ChooseDie"](5)]

# %%
try:
    state.force("roll", (7, 1))
except boardkit.RuleViolation as err:
    print(err)

# %% [markdown]
# ## 4. Hidden information
#
# Each player's lucky number is secret. `observation(player)` is what that player may see;
# the other player's number is `None` there. (Search agents use `determinize`, which fills in
# what a player cannot see with a guess consistent with what they can.)
#
# The log printed in section 1 is the table's: it says *that* each player drew a number,
# never which. `state.log.text(viewer=0)` is P1's own log, with P1's number in it;
# `viewer=None` is the teacher's full record, every secret included.

# %%
for seat in (0, 1):
    seen = state.observation(seat)["lucky"]
    print(f"P{seat + 1} sees the lucky numbers:",
          ", ".join(f"P{p + 1} {'None (hidden)' if n is None else n}" for p, n in enumerate(seen)))
print("P1's log begins:", state.log.text(viewer=0).splitlines()[0])

# %% jupyter={"source_hidden": true} tags=["check"]
assert state.observation(0)["lucky"][1] is None
assert "draws lucky number" not in state.log.text()  # the table's log keeps both secrets
assert "P1 draws lucky number" in state.log.text(viewer=0)

# %% [markdown]
# ## 5. Saving, loading and replaying
#
# `to_json()` stores the setup and every decision and random outcome; `from_json` replays
# them and checks the replay matches — a changed file is refused with a clear error.
# `replay_prefix(k)` gives the position after the first *k* decisions (the board's log slider
# uses it).
#
# The save marks the roll we forced in section 3 as `"forced": true`. A forced outcome is
# chosen, not drawn from the seed, so `from_json` refuses it unless you say it is a teaching
# position with `allow_forced=True` — otherwise anybody could edit a save to roll double
# sixes.

# %%
saved = state.to_json()
try:
    dice_grid.from_json(saved)
except boardkit.engine.SaveGameError as err:
    print(wrap(f"refused: {err}"))
loaded = dice_grid.from_json(saved, allow_forced=True)
earlier = state.replay_prefix(1)
print(earlier.log.text())
try:
    dice_grid.from_json(saved.replace('"seed": 7', '"seed": 8'))
except boardkit.engine.SaveGameError as err:
    print(wrap(f"refused: {err}"))

# %% jupyter={"source_hidden": true} tags=["check"]
assert loaded.log.text() == state.log.text()

# %% [markdown]
# ## 6. The board
#
# Click a die, then a cell. Legal targets are highlighted; an illegal click shows the rule it
# breaks. The panel has the event log with a slider to step back and forth, *Undo*,
# *view as* (the board opens in the eyes of the player to move, hidden information respected;
# *everything (teacher)* shows every secret), *AI move* and auto-play. In front of a class,
# show a player's view or the public one. The *download* link saves the whole game, its seed
# and every draw included: a saved game is the teacher's record, not a player's view.
#
# On a laptop, close JupyterLab's file browser (Ctrl+B, or *View → Show Left Sidebar*): the
# boards then have the whole width, and their labels are large enough to read.

# %%
board = dice_grid.board(dice_grid.new_game(seed=7))
board

# %% [markdown]
# ## 7. Simulating many games
#
# `boardkit.analysis.simulate` plays many games with the agents you name and returns a
# pandas table with one row per player per game, including each game's seed so any row can be
# replayed. The same run can use several processes or a Dask cluster with identical results.
# From a terminal: `boardkit simulate dice-grid --games 500`.
#
# `summarize` gives each agent in each seat its win rate with a 95 % interval (`win_low` to
# `win_high`): 300 games pin a rate down to about 5 percentage points either way. A shared win
# counts as a win for both players, so the two seats' rates add up to more than 1. The table
# has more columns (the share of games nobody won, the spread of the scores) than fit here;
# `SUMMARY_SHOWN` names the ones shown, and `summary.columns` lists them all.

# %%
from boardkit.analysis import readable, simulate, summarize
from boardkit.analysis.metrics import SUMMARY_SHOWN

runs = simulate("dice-grid", agents=["random"], n=300, seed=1)
summary = summarize(runs)
readable(summary[SUMMARY_SHOWN])

# %% jupyter={"source_hidden": true} tags=["check"]
assert len(runs) == 600 and summary["games"].tolist() == [300, 300]
assert (summary.win_low < summary.win_rate).all() and (summary.win_rate < summary.win_high).all()
assert (0.045 < (summary.win_high - summary.win_low) / 2).all() and summary.win_rate.sum() > 1
assert ((summary.win_high - summary.win_low) / 2 < 0.06).all()

# %% [markdown]
# ## 8. The rule catalog
#
# Every rule has an id, the rulebook section it comes from and a paraphrase. Where a rulebook
# is unclear, the catalog records the question and the reading we chose — see
# `dice-grid.end.rounds` below. Discussing such passages is part of game design.

# %%
rules = dice_grid.rules
rules

# %% jupyter={"source_hidden": true} tags=["check"]
assert "dice-grid.claim.empty" in rules

# %% [markdown]
# ## 9. Exercise
#
# The lucky-number bonus is a rule parameter (`points.lucky_cell`, in
# `data/dice-grid/params.toml`). **Does a bigger bonus make the game more a matter of luck?**
# One way to measure luck: how often does a skilled player (the `greedy` agent) beat a
# random one? If luck decides more of the game, skill wins less often.
#
# Play 200 games of greedy against random (`seed=1`) with the bonus at 1 and at 3, put the
# two win rates of the greedy player (the `win` column: a shared win counts as a win) and your conclusion into `answer`, and run the check
# cell: it says whether you are right, and gives a hint if not.

# %% tags=["exercise"]
answer = None  # {"skill_bonus_1": ..., "skill_bonus_3": ..., "more_luck": True or False}

# %% tags=["solution"]
from boardkit.analysis.lab import interval_text
from boardkit.analysis.metrics import wilson

skill = {}
for bonus in (1, 3):
    duel = simulate("dice-grid", agents=["greedy", "random"], n=200, seed=1,
                    params={"points.lucky_cell": bonus}, progress=False)
    wins = duel[duel.agent == "greedy"].win
    skill[bonus] = float(wins.mean())
    print(f"bonus = {bonus}: greedy wins {interval_text(skill[bonus], *wilson(int(wins.sum()), len(wins)))}")
answer = {"skill_bonus_1": skill[1], "skill_bonus_3": skill[3], "more_luck": skill[3] < skill[1]}

# %%
from boardkit.teaching import check

solved = check("welcome.luck", answer)

# %% tags=["solution"]
assert solved  # the teacher's edition checks its own solution

# %% [markdown]
# To discuss: is a difference of several percentage points over 200 games convincing? (Give
# each rate its 95 % interval — `wilson(wins, games)` from `boardkit.analysis.metrics` — and
# see whether the two overlap; or play 2,000 games.) Does the answer change with three
# players (`players=3`)?
