# %% [markdown]
# # Wishland — the rules, step by step
#
# *Wishland* is a worker-placement game for 1 to 4 players: over 7 rounds you buy rides,
# restaurants, actors, hotels and mascots for your amusement park. This notebook follows the
# rulebook's table of contents — setup, a round, the actions, the Card Limit, rewards, tracks,
# achievements, the end of a round, final scoring and the solo mode — and plays every rule on
# a real `boardkit` game. Rules are **paraphrased** (the rulebook itself is not reproduced);
# each comes with its id from the rule catalog (`data/wishland/rules.toml`).
#
# Contents: 1. content · 2. setup · 3. a round: turn order and income · 4. Action 1 and the
# stack rule · 5. the Card Limit · 6. rewards · 7. tracks and the Worker Reserve ·
# 8. achievements · 9. the end of a round · 10. final scoring, with the rulebook's examples ·
# 11. Solo Mode · 12. unclear rules and our readings · 13. a small analysis · 14. exercises.
#
# Each rule is shown on a **named position**, `boardkit.wishland.scenario(name)`: most are a
# game reached by real moves from a seeded setup (`data/wishland/scenarios.toml` says how);
# a few, such as the Final Scoring example's play area, are *teacher's positions* with cards
# and fields given, and their log says so. On the board a legal move is played and, where a
# rule can refuse one, an illegal one is tried — the board's panel names the rule that
# refuses it. Cells tagged `check` (folded) confirm the key results; you may
# skip them.

# %% [markdown]
# ## 1. What is in the box — transcribed or designed
#
# The rulebook prints the 24 Hotel cards, the 12 Entrepreneur cards, the Achievements, the
# Turn Order Track, the Mascot Card Bonuses and the tracks: those are **transcribed**. It does
# *not* print the faces of the Ride, Restaurant, Actor and Mascot cards nor three scoring
# tables (Hotel #5's, Hotel #11's, and the Entertainment Symbols' beyond the four values its
# examples state): those are **illustrative** (designed by us so that every example of the rulebook works).
# Each data file says which it is.

# %%
import boardkit
from boardkit.engine.words import wrap
from boardkit.wishland.content import CARDS, CONTENT, HOTEL, card_id

wishland = boardkit.game("wishland")
print(wrap("transcribed or illustrative: " + ", ".join(f"{file} {kind}" for file, kind in CONTENT.provenance.items())))
print(wrap(CARDS[card_id(HOTEL, 13)].describe()))
kinds = {}
for card in CARDS.values():
    kinds[card.kind_name] = kinds.get(card.kind_name, 0) + 1
print(", ".join(f"{n} {kind}" for kind, n in kinds.items()))

# %% [markdown]
# ## 2. Setup (rulebook: *Setup*, *Optional Cards and Tiles*)
#
# Each Marketplace deck is shuffled and four cards of it are laid face up in its row. Every
# player starts with 4 Workers (6 more wait on the Worker Reserve), one Ticket Office card, no
# Credits, and their tokens at 0 on the Happiness, Visitor and Victory Point tracks. Options:
# `entrepreneurs` (deal 2, keep 1 in secret) and `achievement_tiles` (9 random tiles).

# %%
state = wishland.new_game(players=3, seed=7)
print(state.log.text(last=6))
board = wishland.board(state)
board

# %% [markdown]
# The decks are **hidden information**: nobody knows their order. What a player may see
# is `state.observation(player)`; the shuffles appear in that player's log only as "the deck is
# shuffled".

# %%
obs = state.observation(0)
print(wrap("the fields of an observation: " + ", ".join(sorted(obs))))
print("cards left in each deck:", ", ".join(f"{deck} {n}" for deck, n in obs["deck_sizes"].items()))
print(*[line for line in obs["log"] if "shuffled" in line][:2], sep="\n")

# %% tags=["check"] jupyter={"source_hidden": true}
assert "decks" not in obs and "decks" in state.observation(None)   # the teacher's view has them

# %% [markdown]
# ## 3. A round: choosing turn order and income (rulebook: *Gameplay 1–2*)
#
# The holder of the First Player Token puts their Player Token on a free space of the Turn
# Order Track first, then the others clockwise (`wishland.turn_order.sequence`). Each space pays
# its reward at once: nothing, 1 Credit, 1 Victory Point, a choice of Happiness, Visitor or
# Worker, or a Ticket Office card. The leftmost token plays first this round. Then every player
# takes 5 Credits plus their income rewards (`wishland.income.base`). The game states its
# whole flow in one place (`boardkit.wishland.flow`): each phase, and what comes next.

# %%
print(state.flow.describe())

# %%
from boardkit.wishland.actions import ChooseReward, ChooseTurnSpace

print(state.prompt() + ":", *state.legal_actions(), sep="\n  ")
state.apply(ChooseTurnSpace(4))          # P1: a choice reward ...
print(state.prompt())
state.apply(ChooseReward("happiness"))   # ... Happiness 1 is an odd space: 1 Victory Point
state.apply(ChooseTurnSpace(1))          # P2 will play first
state.apply(ChooseTurnSpace(5))          # P3 takes a Ticket Office card
print(state.log.text(last=8))

# %% tags=["check"] jupyter={"source_hidden": true}
assert state.order == [1, 0, 2] and state.vp[0] == 1 and state.credits[1] == 5

# %% [markdown]
# An illegal move raises `RuleViolation` naming its rule, and **changes nothing**;
# `explain` gives the same answer without raising. The scenario `turn-order` starts like the
# game above, except that P1 took Visitors at space 4 (above: Happiness). On its board P2 takes space 1 (legal); then P3 tries space 1 too: the
# board refuses and names the rule (`board.play(action)` is a click from code; it answers True
# or False).

# %%
from boardkit.wishland import scenario, scenarios

fresh = scenario("turn-order")
print(scenarios.describe("turn-order"))
print(fresh.explain(ChooseTurnSpace(4)))
turns = wishland.board(fresh)
turns.play(ChooseTurnSpace(1))           # P2: legal
turns.play(ChooseTurnSpace(1))           # P3: space 1 is taken now
turns

# %% tags=["check"] jupyter={"source_hidden": true}
assert turns.last_error.rule == "wishland.turn_order.space" and turns.state.space[1] == 1

# %% [markdown]
# **Change a rule and see.** In round 1 nothing on the board is claimed yet, and the
# rulebook lets the First Player choose first then too. Notebook 41 finds seat 1 winning
# more than its share between search players and asks whether this first pick is why. To
# test it there is a house rule of ours (not the rulebook's, so it is off unless asked for):
# `first_round_reversed` has round 1 chosen **counter-clockwise**, the First Player last;
# every later round goes as the rulebook says (rule catalog: `wishland.turn_order.sequence`).
# `wishland.house_rules()` lists the game's house rules (play mode offers them in its form).
# Below, the three players take spaces 1, 2 and 3 in the order they are asked. A position
# under a house rule looks like any other, so the board's status line names the rule.

# %%
print(wrap(wishland.house_rules()["first_round_reversed"].description))
house = wishland.new_game(players=3, seed=7, params={"first_round_reversed": True})
asked = []
for space in (1, 2, 3):
    asked.append(house.current_player)
    house.apply(ChooseTurnSpace(space))
print("asked in round 1:", ", ".join(f"P{p + 1}" for p in asked), "| turn order:",
      ", ".join(f"P{p + 1}" for p in house.order))
house_board = wishland.board(house)
house_board

# %% tags=["check"] jupyter={"source_hidden": true}
assert asked == [2, 1, 0] and house.order == [2, 1, 0] and house.first == 0
assert "house rule first_round_reversed" in house_board.status.value

# %% [markdown]
# ## 4. Action 1 — place, purchase and play; the stack rule (rulebook: *Actions*)
#
# A turn is exactly one action: **place Workers** (and buy a card of that row, or advertise),
# or **collect** all your Workers. An empty space takes 1 Worker; a space with stacks on it
# takes 1 more Worker per stack, of any colour (`wishland.place.workers`). The rulebook's
# example: with two stacks on the Actors space, the red player must place 3 Workers. Workers
# stay on the board — across rounds — until collected.

# %%
from boardkit.wishland.standard_actions import workers_needed
from boardkit.wishland.actions import Collect, PlaceWorkers

s = scenario("stack-rule")               # P1 and P2 each bought an Actor: two stacks
print(scenarios.describe("stack-rule"))
print("the Actors space needs", workers_needed(s, 3), "Workers")
stacked = wishland.board(s)
stacked.play(PlaceWorkers("actors", 2))  # P3 places 3 Workers: the rulebook's example
stacked.play(PlaceWorkers("actors", 3))  # P1 would need 4 now, and has 3 free
stacked

# %% tags=["check"] jupyter={"source_hidden": true}
assert stacked.state.stacks[3][-1] == (2, 3) and stacked.last_error.rule == "wishland.place.workers"

# %% [markdown]
# **Action 2 — collect** takes back all your Workers, from every space
# (`wishland.action.collect`). It is always legal, so a player is never stuck.
#
# Here you meet the engine's **forced moves** for the first time. A player whose Workers are
# all on the board can place nothing: collecting is their *only* legal move. The engine does
# not wait for a click it already knows: it plays the move by itself and logs it as an
# **automatic move** — an `Event` of kind `"auto"`, printed with "(only option)". It is still
# that player's move (the log names them), but not a decision: `state.action_count` counts only
# the decisions the players made. In a real game this happens every time somebody has placed
# all their Workers: a game's log is full of lines like `P2: collect all Workers (only
# option)`. (A turn's "end the turn" is forced the same way when
# no free action is left.) On the board, the moves played automatically since the last
# decision are named at the top right ("automatic (only option): …").

# %%
s = scenario("all-placed")               # P2 has placed all 4 Workers; P1 to play
print(scenarios.describe("all-placed"))
forced_board = wishland.board(s)
forced_board.play(Collect())             # P1 collects; P2's only option follows by itself
after = forced_board.state
print(after.log.text(last=2))
forced = after.log[-1]
print(forced.kind, forced.player, forced.action, "| decisions:", s.action_count, "->",
      after.action_count)
forced_board

# %% tags=["check"] jupyter={"source_hidden": true}
assert forced.kind == "auto" and forced.player == 1 and after.action_count == s.action_count + 1

# %% [markdown]
# **Collecting without an action: Hotels #13 and #16.** Hotel #16 lets its owner pay
# 3 Credits, once per turn, before or after the action, to collect. Hotel #13 says that after
# placing Workers on the Advertisement Space its owner *gets to* collect all their Workers at
# the end of the turn, for free. "Gets to" is a permission, not an order, so it is a
# **choice** (`wishland.hotel.13`): the owner may rather leave the Workers where they are —
# every stack on a space makes it dearer for everybody, the stack rule above. At the end of
# such a turn the game asks, with two actions: `CollectForFree(True)` or
# `CollectForFree(False)` (on the board: two buttons).

# %%
from boardkit.wishland.actions import CollectForFree

s = scenario("hotel-13")                 # P1 owns Hotel #13 and just advertised
print(scenarios.describe("hotel-13"))
print(s.prompt())
print(s.legal_actions())
left = wishland.board(s)
left.play(CollectForFree(False))         # leave them: P2 now needs 2 Workers on Restaurants
left

# %% tags=["check"] jupyter={"source_hidden": true}
assert left.state.current_player == 1 and workers_needed(left.state, 2) == 2   # 2 now, not 1

# %% [markdown]
# ## 5. The Card Limit (rulebook: *Card Details — Card Limit*)
#
# Each Ticket Office card and each Ride card lets you own one Restaurant, one Actor, one Mascot
# and one Hotel. With the starting Ticket Office card only, a second card of a kind is refused.
# In the scenario P1 bought an Actor and P2 a Restaurant. P1 buys a Ride (the limit becomes 2:
# a second Actor next turn is fine); P2 tries a second Restaurant:

# %%
s = scenario("card-limit")
print(scenarios.describe("card-limit"))
print(s.explain(PlaceWorkers("actors", 2)))   # P1's second Actor, before the Ride
limited = wishland.board(s)
limited.play(PlaceWorkers("rides", 0))        # P1: Ride #1, Card Limit 2
limited.play(PlaceWorkers("restaurants", 1))  # P2: over the Card Limit of 1
limited

# %% tags=["check"] jupyter={"source_hidden": true}
assert limited.state.card_limit(0) == 2 and limited.last_error.rule == "wishland.card_limit"

# %% [markdown]
# ## 6. Rewards (rulebook: *Card Layout — Reward*; *Card Details*)
#
# Rewards are data (`data/wishland/*.toml`) read by a few effect functions. Four kinds:
# **immediate** (once, when played), **ongoing** (from then on), **income** (every Income
# Phase) and **final scoring**. A choice reward — "1 Happiness, 1 Visitor or 1 Worker" — is a
# pending choice: the game waits for that player's `ChooseReward`.

# %%
from boardkit.wishland.rewards import ChoiceStep

s = scenario("first-turn")
waiting = wishland.board(s)
waiting.play(PlaceWorkers("advertisement"))   # 1 Credit and a choice: the game waits
waiting.play(PlaceWorkers("actors", 0))       # not an answer to the choice
print(waiting.state.prompt() + ":", *waiting.state.legal_actions(), sep="\n  ")
waiting

# %% tags=["check"] jupyter={"source_hidden": true}
assert isinstance(waiting.state.pending, ChoiceStep) and waiting.last_error.rule == "wishland.reward.choice"

# %% [markdown]
# Ongoing rewards react to later events. Hotel #18 adds a choice whenever its owner plays an
# Actor; Hotel #15 turns every Happiness, Visitor or Worker gained into a free choice (the
# rulebook's example: 3 Workers may become 1 Happiness and 2 Visitors).

# %%
s = scenario("hotel-18")                 # P1 bought Hotel #18
print(scenarios.describe("hotel-18"))
reacting = wishland.board(s)
reacting.play(PlaceWorkers("actors", 0))   # P1 plays Actor #1 ...
print(reacting.state.prompt())             # ... and Hotel #18 adds a choice
reacting

# %% tags=["check"] jupyter={"source_hidden": true}
assert reacting.state.pending.source == "hotels"

# %% [markdown]
# The Mascot Card Bonuses pay the 1st to 5th Mascot card: a Ticket Office card, a choice,
# 2 Credits, 1 Victory Point, and a bonus Entertainment Symbol for the end.

# %%
s = scenario("five-mascots")             # a teacher's position: five Mascots given
print(scenarios.describe("five-mascots"))
print("Ticket Office cards", s.count[0][5], "workers", s.workers[0],
      "bonus symbols", s.entertainment_bonus[0])
mascots = wishland.board(s)
mascots

# %% tags=["check"] jupyter={"source_hidden": true}
assert s.count[0][5] == 2 and s.entertainment_bonus[0] == 1

# %% [markdown]
# ## 7. Tracks and the Worker Reserve (rulebook: *Game Board*)
#
# Odd Happiness spaces score 1 Victory Point, odd Visitor spaces pay 2 Credits; both tracks end
# at 10, which unlocks a final-scoring reward. Once all 6 bonus Workers are claimed, up to 3
# extra Workers may join a purchase, each lowering its cost by 1 (`wishland.reserve.ability`).

# %%
from boardkit.wishland.actions import EndTurn

s = scenario("reserve-claimed")          # a teacher's position: P1 has claimed all 6
print(scenarios.describe("reserve-claimed"))
cheaper = wishland.board(s)
cheaper.play(PlaceWorkers("rides", 0, 3))  # P1: Ride #20 (8 Credits) with 3 extra Workers: 5
cheaper.play(EndTurn())                    # (an Achievement is claimable: P1 ends the turn)
cheaper.play(PlaceWorkers("rides", 1, 1))  # P2 has 6 bonus Workers on the Reserve
cheaper

# %% tags=["check"] jupyter={"source_hidden": true}
assert cheaper.state.stacks[1][0] == (0, 4) and cheaper.last_error.rule == "wishland.reserve.ability"

# %% [markdown]
# ## 8. Achievements (rulebook: *Achievements*, *Optional Achievement Tiles*)
#
# In your own turn, before or after your action and without spending it, claim every
# Achievement whose requirement you meet: 1 Victory Point each, each once per game.

# %%
from boardkit.wishland.actions import ClaimAchievement

s = scenario("happy-seven")              # a teacher's position: P1's Happiness is 7
print(scenarios.describe("happy-seven"))
print(s.legal_actions()[-2:])
claims = wishland.board(s)
claims.play(ClaimAchievement("board-1"))   # a free action: still P1's turn
claims.play(ClaimAchievement("board-1"))   # each Achievement once per game
claims

# %% tags=["check"] jupyter={"source_hidden": true}
assert claims.state.claimed == {"board-1": 0} and claims.last_error.rule == "wishland.achievement.once"

# %% [markdown]
# ## 9. The end of a round (rulebook: *Ending a Round*)
#
# Unbought cards go to the discard piles, four new cards are dealt to every row (bought cards
# left gaps until now), the round token moves and the First Player Token passes left. After
# round 6 the discard piles are shuffled back into the decks; after round 7 the game ends.

# %%
s = scenario("first-turn")
gaps = wishland.board(s)
gaps.play(PlaceWorkers("actors", 0))     # P1 buys the Actor of slot 0: the slot stays empty
gaps.play(PlaceWorkers("actors", 0))     # P2: nothing there until the end of the round
gaps

# %% tags=["check"] jupyter={"source_hidden": true}
assert gaps.last_error.rule == "wishland.end_of_round.no_refill"

# %% [markdown]
# Playing the round out (both players collect, or take the first legal move) shows the end of
# the round in the log:

# %%
s = scenario("first-turn")
while s.round == 1:
    s.apply(Collect() if Collect() in s.legal_actions() else s.legal_actions()[0])
print(s.log.text(last=3))
print(f"discarded: {sum(len(d) for d in s.discards)} cards; First Player Token: P{s.first + 1}")

# %% tags=["check"] jupyter={"source_hidden": true}
assert s.round == 2 and s.first == 1 and sum(len(d) for d in s.discards) == 20

# %% [markdown]
# ## 10. Final Scoring, with the rulebook's examples (rulebook: *Final Scoring*)
#
# The steps come in the printed order: Entrepreneur cards set aside, **Hotel #8 first** (buy
# one more card from a row, deck or discard pile), Hotel cards, Mascot cards, Entertainment
# Symbols, Happiness 10, Visitors 10, Restaurant penalties.
#
# The scenario `final-scoring` (a teacher's position) gives P1 the play area of the
# rulebook's example, built from our card faces (`positions.rulebook_example_cards()`):
# 5 Restaurants (3 with income worth 5 Credits, 2 with a penalty), 4 Actors (mask, magic
# wand, top hat, top hat), 4 Mascots (cotton candy, hamburger, top hat, top hat), 3 Rides and
# the Hotels #8, #10, #12 and #17. `final_parts` scores it as if the game ended now.

# %%
s = scenario("final-scoring")
parts = s.final_parts(0)
print(", ".join(f"{part} {points:+d}" for part, points in parts.items()))

# %% tags=["check"] jupyter={"source_hidden": true}
assert (parts["hotels"], parts["mascots"], parts["restaurants"]) == (3, 7, -2)

# %% [markdown]
# Hotel #17 scores 3 full sets of the five colours; the Mascot cards match 9 symbols (4 VP,
# halved and rounded down), and with Hotel #10 (the Mascot cards' own symbols count too) 15,
# halved: 7; the two
# penalty Restaurants cost 2. The rulebook's other variations of the example — Hotel #9's
# bonus symbol, a fifth Mascot, Entrepreneurs #4, #5 and #8, Hotel #12's duplicate — are
# reproduced number by number in `tests/wishland/test_wishland_final_scoring.py`.

# %% [markdown]
# Hotel #8 is a pending choice at the very end. In the scenario `hotel-8` P1 has the example's
# play area and both players collected every turn for 7 rounds. A card already in a play
# area cannot be bought:

# %%
from boardkit.wishland.actions import BonusCard

s = scenario("hotel-8")
print(f"P{s.current_player + 1}: {s.prompt()}")
print(f"{len(s.legal_actions())} legal choices: each card P1 may buy, and declining")
ending = wishland.board(s)
ending.play(BonusCard(s.tableau[0][-1]))   # P1's own card: refused
ending

# %% [markdown]
# Buying a face-up Restaurant ends the game; the board then shows the final scoring table.

# %%
restaurant = next(c for c in s.market[1] if c and not CARDS[c].immediate)
bought = s.clone()
bought.apply(BonusCard(restaurant))
final_table = wishland.board(bought)
final_table

# %% tags=["check"] jupyter={"source_hidden": true}
assert ending.last_error.rule == "wishland.hotel.8" and bought.is_over and bought.count[0][1] == 6

# %% [markdown]
# ## 11. Solo Mode (rulebook: *Solo Mode*)
#
# One shuffled Marketplace deck on the Mascot space. A purchase spends one Worker to draw a card
# into your hand for free; then draw again, play one card from the hand (paying, Card Limit
# applies, the rest of the hand is discarded) or advertise (the hand is discarded). Free
# action: move your Player Token right on the Turn Order Track to draw a card.

# %%
from boardkit.wishland.actions import SoloDraw, SoloFreeDraw, SoloPlay

solo = wishland.new_game(players=1, seed=4)
solo.apply(ChooseTurnSpace(1))
solo.apply(SoloFreeDraw())               # Player Token to space 2: a card in hand
print(solo.prompt())
print(solo.legal_actions())
solo_board = wishland.board(solo)
solo_board.play(SoloDraw())              # a purchase: one Worker draws a second card
solo_board.play(SoloPlay(306))           # play Actor #6 (4 Credits): the hand is discarded
solo_board.play(SoloPlay(407))           # Hotel #7 is gone, and the action is taken
solo_board

# %% tags=["check"] jupyter={"source_hidden": true}
assert solo_board.state.hand == [] and solo_board.last_error is not None

# %% [markdown]
# **Who wins a solo game?** The rulebook names no way to lose: you try to score as much as
# you can, and later to beat your best score. boardkit reads it so (`wishland.solo.scoring`):
# with the option `solo_best` — the score to beat; `SoloRecord.variant()` gives it — only a
# higher score wins, and an equal or lower one ends the game with **no winner**
# (`winners() == []`). Without it (a first game, nothing to beat yet) a finished game is won.
# The score is in `scores()` either way. A best score may be negative: Restaurant penalties
# are deducted at the end, so a poor solo game can finish below zero, and that is still a
# score to beat.

# %%
from boardkit.wishland.solo import SoloRecord

record = SoloRecord()                    # in memory; pass a file name to keep it
first = wishland.new_game(players=1, seed=4)
while not first.is_over:
    first.apply(first.legal_actions()[0])
record.add(first)
print(f"first game: {first.scores()[0]} points, {'won' if first.winners() else 'lost'}; "
      f"the score to beat is now {record.best}")
print("the next game's variant:", ", ".join(f"{k} = {v}" for k, v in record.variant().items()))
again = wishland.new_game(players=1, seed=4, variant=record.variant())
while not again.is_over:
    again.apply(again.legal_actions()[0])
print(f"again: {again.scores()[0]} points, {'won' if again.winners() else 'lost'} "
      f"(a solo game is won by beating the score, not by equalling it)")

# %% tags=["check"] jupyter={"source_hidden": true}
assert again.scores() == first.scores() and again.winners() == [] and first.winners() == [0]

# %% [markdown]
# ## 12. Unclear rules and the readings we chose
#
# Every rulebook leaves questions open. The catalog records each question and the reading
# boardkit implements, with the reason. A good discussion in class: would you read it
# differently, and would it change the game?

# %%
import pandas as pd

from boardkit.analysis import readable

unclear = pd.DataFrame([(r.id, r.ambiguity, r.reading) for r in wishland.rules.ambiguous()],
                       columns=["rule", "question", "our reading"])
readable(unclear)  # every sentence whole, read from the left

# %% [markdown]
# ## 13. A small analysis
#
# Greedy players (one step of look-ahead with a heuristic that knows the final scoring) against
# each other. With few games the intervals are wide — run more for firm answers (the
# `boardkit simulate wishland` command or `simulate(..., backend="processes")`).

# %%
from boardkit.analysis import metrics, plot_seat_win_rates, readable, seat_win_rates, simulate
from boardkit.analysis.lab import percent_text

runs = {}
for players in (2, 3, 4):
    runs[players] = simulate("wishland", ["greedy"], n=9, players=players, seed=1, progress=False)
    seats = seat_win_rates(runs[players])
    spread = runs[players].groupby("game").score.std().mean()
    by_seat = ", ".join(f"P{seat + 1} {percent_text(rate)}" for seat, rate in enumerate(seats.win_rate))
    print(f"{players} players: mean score {runs[players].score.mean():.1f}, spread within a game "
          f"{spread:.1f}; won by seat: {by_seat}")
four = runs[4]
table = metrics(four)
print(readable(table.loc[["advantage", "score", "duration"], ["value", "ci_low", "ci_high"]], 2))
sources = [c for c in four.columns if c.startswith("src_")]
by_source = four[sources].mean().sort_values(ascending=False)
print(by_source.head(6).round(2).to_string())
plot_seat_win_rates(four);

# %% tags=["check"] jupyter={"source_hidden": true}
assert abs(four[sources].sum(axis=1) - four.score).max() == 0   # the sources add up

# %%
from boardkit.wishland.analysis import card_win_rates, play_games, solo_scores

rows = play_games(30, players=2, agents="greedy", seed=2)
hotels = card_win_rates(rows, kinds=["hotel"], min_games=4)
print(readable(hotels[["card", "games", "win_rate", "ci_low", "ci_high"]].head(6), 2))
solo_table = solo_scores(["random", "greedy"], n=12, seed=3)
print(readable(solo_table.groupby("agent").score.describe()[["mean", "min", "max"]], 1))

# %% tags=["check"] jupyter={"source_hidden": true}
assert solo_table.groupby("agent").score.mean()["greedy"] > solo_table.groupby("agent").score.mean()["random"]

# %% [markdown]
# ## 14. Exercises
#
# 1. **Rides.** In our illustrative faces most Rides give one or two Victory Points fewer
#    than they cost (15 of the 24 two fewer), and they raise the Card Limit. The analysis above shows how much of the
#    greedy players' score comes from Rides. Lower every Ride's points by one in a copy of
#    `data/wishland/cards.toml` (or think of another change) — does the share drop, and does a
#    different strategy win?
# 2. **Income.** The Income Phase pays 5 Credits (`params.toml`: `income`). Compare 300 games
#    with `params={"income": 4}` and `params={"income": 6}` (`boardkit.analysis.compare`).
#    Which scoring sources change?
# 3. **An unclear rule.** Pick one reading from section 12 (say, collecting with no Worker on
#    the board) and argue for the other reading. Where in the code would the change go?
# 4. **Solo.** Play a solo game on the board below, then record it with
#    `SoloRecord("my-best.json").add(state)` and try to beat it.

# %%
from boardkit.wishland.solo import SoloRecord

board = wishland.board(wishland.new_game(players=1, seed=11))
board


# %% [markdown]
# **Checked exercise (question 2, with random players).** Greedy games take about half a
# second each, random ones a few milliseconds, so we measure with random players: play 100
# two-player games (`seed=1`) with `params={"income": 4}` and with `params={"income": 6}`.
# What is the mean score per player in each, and which scoring source gains the most
# Victory Points per player? Put them into `answer` and run the check cell.

# %% tags=["exercise"]
answer = None  # {"score_4": ..., "score_6": ..., "gains_most": "<a scoring source>"}

# %% tags=["solution"]
poor, rich = (simulate("wishland", ["random"], n=100, players=2, seed=1, trace=False,
                       progress=False, params={"income": income}) for income in (4, 6))
source_columns = [c for c in poor.columns if c.startswith("src_")]
gain = (rich[source_columns].mean() - poor[source_columns].mean()).sort_values(ascending=False)
print(gain.head(4).round(2).to_string())
answer = {"score_4": float(poor.score.mean()), "score_6": float(rich.score.mean()),
          "gains_most": gain.index[0].removeprefix("src_")}
print(f"mean score with income 4: {answer['score_4']:.1f}, with income 6: {answer['score_6']:.1f}; "
      f"{answer['gains_most']} gains the most")

# %%
from boardkit.teaching import check

solved = check("wishland.income", answer)

# %% tags=["solution"]
assert solved  # the teacher's edition checks its own solution

# %% [markdown]
# To discuss: why that source? (What do the extra Credits buy?) Does the greedy player show
# the same — try a few of its games with `agents=["greedy"]` — and is the printed income of 5
# the right one?
