# %% [markdown]
# # boardkit in the wider ecosystem: OpenSpiel, PettingZoo, Gymnasium
#
# Game-AI research has its own libraries, each with its own way of asking "whose turn is
# it, what may they do, who won?". boardkit can answer in three of them. The rules stay in
# boardkit: every legal move, every roll of the dice and every score below comes from
# boardkit's own rules (the Dice Grid game you met in `00-welcome.ipynb`, and the four
# rulebook games).
#
# This notebook shows:
#
# 1. why: the same rules, three APIs;
# 2. OpenSpiel: Dice Grid as an OpenSpiel game, played by OpenSpiel's IS-MCTS — and why its
#    plain MCTS would cheat;
# 3. PettingZoo: Dice Grid as a multi-agent environment with action masks;
# 4. Gymnasium: a solo game as a single-agent environment, whose return is the score;
# 5. three players from three libraries against the same opponent, on the same seeds;
# 6. an exercise.
#
# It needs the `interop` extra (`pip install 'boardkit[interop]'`; `make lab` and Binder
# install it).

# %%
import time

import numpy as np
import pandas as pd
import boardkit
from boardkit.analysis import readable

started = time.perf_counter()
dice_grid = boardkit.game("dice-grid")

# %% [markdown]
# ## 1. Why: the same rules, three APIs
#
# **OpenSpiel** (DeepMind) is a library of games *and* of algorithms for them: tree search,
# counterfactual regret minimisation, AlphaZero, exploitability, evolutionary dynamics. Its
# games describe themselves precisely — chance nodes, who sees what, zero-sum or not — so
# one algorithm runs on all of them. Use it to try a published algorithm on your game.
#
# **PettingZoo** (Farama Foundation) is the common interface of *multi-agent reinforcement
# learning*: an environment hands each agent in turn an observation and a *mask* of the legal
# actions, takes its action and pays rewards. Training libraries (RLlib, Tianshou, CleanRL,
# …) accept any PettingZoo environment. Use it to train learning players by self-play.
#
# **Gymnasium** (Farama Foundation, the successor of OpenAI Gym) is the same for *one*
# agent: `reset`, then `step(action)` until the episode ends. boardkit's solo games and solo
# modes are Gymnasium environments. Use it to train a solo player with any RL library
# (for example `MaskablePPO`).
#
# All three number the actions. boardkit's games carry such a numbering, the **action
# codec**: each possible action has an integer *code*, and `decode` turns a code back into
# the readable action. The adapters are translations around it; none copies a rule.

# %%
from boardkit.examples.dice_grid import ChooseDie, Claim

codec = dice_grid.codec
print("codes:", codec.size)
print(codec.encode(ChooseDie(3)), codec.encode(Claim((1, 0))), codec.decode(7))

# %% jupyter={"source_hidden": true} tags=["check"]
assert codec.decode(codec.encode(Claim((1, 0)))) == Claim((1, 0))

# %% [markdown]
# ## 2. OpenSpiel
#
# `import boardkit.interop.openspiel` registers every boardkit game with OpenSpiel as
# `boardkit_<name>`, hyphens written as underscores. `pyspiel.load_game` then loads it like
# any OpenSpiel game, with the number of players as a parameter.

# %%
import pyspiel
import boardkit.interop.openspiel as bko

name = bko.openspiel_name("dice-grid")
game = pyspiel.load_game(name, {"players": 2})
kind = game.get_type()
print(game)
print("chance:     ", kind.chance_mode)
print("information:", kind.information)
print("utility:    ", kind.utility)
print("actions:    ", game.num_distinct_actions(), "| longest game:", game.max_game_length(),
      "decisions")

# %% [markdown]
# OpenSpiel wants every random event as a **chance node** listing its outcomes. boardkit
# rolls its dice inside the rules, from the game's seed. So the adapter puts all of chance
# into **one chance node at the start: it draws the seed** (one of 65,536). After that,
# every roll follows from the seed and the moves — exactly as in boardkit. Nobody observes
# the seed; that is why the game is of *imperfect information* even without secrets (Dice
# Grid has secrets too: the lucky numbers).
#
# Drawing seed 3 gives the same game as `dice_grid.new_game(players=2, seed=3)`; the
# boardkit state is inside, as `state.boardkit`. Printing the state tells the whole story,
# secrets included (a teacher's view); what seat `p` may see is
# `state.information_state_string(p)`.

# %%
state = game.new_initial_state()
print("chance node:", state.is_chance_node(), "with", len(state.chance_outcomes()), "outcomes")
state.apply_action(3)  # the seed
print(state)
print("legal codes:", "; ".join(f"{code} = {state.action_to_string(code)}"
                                for code in state.legal_actions()))

# %% jupyter={"source_hidden": true} tags=["check"]
assert state.boardkit.log.text() == dice_grid.new_game(players=2, seed=3).log.text()

# %% [markdown]
# Now a whole game: OpenSpiel's **IS-MCTS** (information-set Monte Carlo tree search, from
# `open_spiel.python.algorithms.ismcts`) with 20 simulations per decision plays P1, and
# OpenSpiel's uniform random bot plays P2. We sample the chance node ourselves, with a seeded
# generator, and give the bot seeded worlds to search (`bko.seeded_resampler`: the bot's own
# resampler draws its numbers from the machine, and its games would differ from run to run),
# so the run repeats exactly.

# %%
from open_spiel.python.algorithms import ismcts, mcts

def is_mcts(game, simulations, seed):
    rollouts = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game, rollouts, uct_c=2.0, max_simulations=simulations,
                           random_state=np.random.RandomState(seed))
    bot.set_resampler(bko.seeded_resampler(seed))
    return bot

bots = [is_mcts(game, 20, seed=0), pyspiel.make_uniform_random_bot(1, 0)]
rng = np.random.default_rng(4)
state = game.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():
        codes, probabilities = np.array(state.chance_outcomes()).T
        state.apply_action(int(rng.choice(codes, p=probabilities)))
    else:
        state.apply_action(bots[state.current_player()].step(state))
print(state.boardkit.log.text(last=1))
print("returns:", ", ".join(f"P{p + 1} {r:+.0f}" for p, r in enumerate(state.returns())))


# %% [markdown]
# The **returns** are OpenSpiel's pay-offs: +1 for the winner, −1 for the loser (a shared
# win in between), from boardkit's own `winners()`; the scores stay on the boardkit state.
#
# **Why not OpenSpiel's plain `MCTSBot`?** A tree search tries moves on *copies* of the
# state. A copy (`clone()`) keeps the seed, so every copy rolls the same dice next: a search
# on copies knows the coming rolls — and the other player's secret lucky number. It would
# win by peeking. IS-MCTS instead searches on `resample_from_infostate`: states P1 cannot
# tell from the real one (the same view for P1), with the hidden parts re-dealt and fresh
# dice (boardkit's `State.determinize`). The cell below plays P1's turn on each and shows
# the roll that comes next.

# %%
def next_roll(state):
    """P1 plays its first legal actions to the end of its turn; then P2's dice are rolled."""
    state = state.clone()
    while state.current_player() == 0:
        state.apply_action(state.legal_actions()[0])
    return [str(event) for event in state.boardkit.log if " rolls " in str(event)][-1]

now = game.new_initial_state()
now.apply_action(3)
copies = [next_roll(now.clone()) for _ in range(3)]
samples = [now.resample_from_infostate(0, np.random.default_rng(k).random) for k in range(3)]
print("the real game:   ", next_roll(now))
print("copies:          ", " | ".join(copies))
print("resampled worlds:", " | ".join(next_roll(s) for s in samples))
print("P2's lucky number: real", now.boardkit.lucky[1], "| resampled",
      ", ".join(str(s.boardkit.lucky[1]) for s in samples))

# %% jupyter={"source_hidden": true} tags=["check"]
assert set(copies) == {next_roll(now)}
assert all(s.information_state_string(0) == now.information_state_string(0) for s in samples)

# %% [markdown]
# ## 3. PettingZoo
#
# `boardkit.interop.pettingzoo.env(name, players=N)` makes an AEC environment ("agent
# environment cycle": agents act one at a time). The agents are `player_0`, `player_1`, …
# Each observation is a dict: `observation`, the agent's view hashed into 1,024 numbers, and
# `action_mask`, one entry per code, 1 where the code is legal now. Dice and lucky numbers
# are drawn inside the game; there is no chance agent.
#
# The mask is nothing but `state.legal_actions()` encoded:

# %%
from boardkit.interop.pettingzoo import env as make_env

aec = make_env("dice-grid", players=2)
aec.reset(seed=3)
observation, reward, terminated, truncated, info = aec.last()
mask = observation["action_mask"]
legal = aec.state_of_game.legal_actions()
print(aec.agent_selection, "may play:", ", ".join(str(codec.decode(int(c))) for c in np.flatnonzero(mask)))
print(f"mask: {mask.size} entries, {int(mask.sum())} of them 1 | legal actions:",
      ", ".join(map(str, legal)))

# %% jupyter={"source_hidden": true} tags=["check"]
assert sorted(np.flatnonzero(mask)) == sorted(codec.encode(a) for a in legal)

# %% [markdown]
# The standard AEC loop, with a random policy that samples only among the legal codes
# (`action_space(agent).sample(mask)`). Rewards come only at the end: +1 to the winner,
# −1 to the other (`reward="score"` would pay the final scores instead).

# %%
aec.reset(seed=3)
for agent in aec.possible_agents:
    aec.action_space(agent).seed(3)
final = {}
for agent in aec.agent_iter():
    observation, reward, terminated, truncated, info = aec.last()
    if terminated or truncated:
        final[agent] = reward
        action = None
    else:
        action = aec.action_space(agent).sample(observation["action_mask"])
    aec.step(action)
print(aec.state_of_game.log.text(last=1))
print("rewards:", ", ".join(f"{agent} {reward:+.0f}" for agent, reward in final.items()),
      "| winners:", ", ".join(f"player_{p} (P{p + 1})" for p in aec.state_of_game.winners()))

# %% jupyter={"source_hidden": true} tags=["check"]
assert sorted(final.values()) == [-1.0, 1.0]

# %% [markdown]
# ## 4. Gymnasium
#
# `import boardkit.interop.gymnasium` registers one environment per solo mode,
# `boardkit/<game>-v0`. Which one plays fastest? One episode each, with a random policy
# that samples among the legal codes (`info["action_mask"]`):

# %%
import gymnasium
import boardkit.interop.gymnasium as bkg

def random_episode(env, seed):
    observation, info = env.reset(seed=seed)
    env.action_space.seed(seed)
    total, steps, over = 0.0, 0, False
    while not over:
        action = env.action_space.sample(info["action_mask"])
        observation, reward, over, truncated, info = env.step(action)
        total, steps = total + reward, steps + 1
    return total, steps

timing = {}
for env_id in bkg.IDS:
    env = gymnasium.make(env_id)
    clock = time.perf_counter()
    total, steps = random_episode(env, seed=3)
    timing[env_id] = {"codes": env.action_space.n, "steps": steps, "return": total,
                      "seconds": round(time.perf_counter() - clock, 2)}
readable(pd.DataFrame(timing).T, digits=2)

# %% [markdown]
# Wishland's Solo Mode has by far the fewest codes and is the quickest (Gymnasium's masked
# `sample` looks at every entry of the mask, and Wanderlust has about 6 million); the others
# take a few tenths of a second, in an order neither their codes nor their steps explain
# alone (a step's own work counts too). Here is one episode: its length, its return and its
# last lines. The reward of each step is the change of the score, so the **return (the sum
# of the rewards) is exactly the game's own final score** (in Lands, where a lower penalty
# is better, the score is the penalty negated: see below).

# %%
wishland = gymnasium.make("boardkit/wishland-v0")
episode_return, steps = random_episode(wishland, seed=3)
solo = wishland.unwrapped.state_of_game
print(f"{steps} steps, return {episode_return}, score {solo.scores()[0]}")
print(solo.log.text(last=2))

# %% jupyter={"source_hidden": true} tags=["check"]
assert episode_return == solo.scores()[0]

# %% [markdown]
# ## 5. Three libraries, one opponent
#
# Which of these beats a random player at Dice Grid, and at what cost?
#
# * **boardkit MCTS** — `make_agent("mcts:10", game="dice-grid")`, 10 iterations per
#   decision, on the boardkit state;
# * **OpenSpiel IS-MCTS** — 10 simulations per decision, on the OpenSpiel state;
# * **PettingZoo random** — samples among the legal codes of its mask.
#
# The opponent is always boardkit's random agent, choosing on the boardkit state inside each
# adapter. Each contender plays the same games: seeds 0–19, first seat in the even ones,
# second in the odd. The clock runs only while the contender decides.

# %%
from boardkit.agents import RandomAgent, make_agent

N, BUDGET = 20, 10

def timed(choose, *args):
    clock = time.perf_counter()
    return choose(*args), time.perf_counter() - clock

def boardkit_mcts(seed, seat):
    state = dice_grid.new_game(2, seed=seed)
    me, other = make_agent(f"mcts:{BUDGET}", seed=seed, game="dice-grid"), RandomAgent(seed)
    spent, decisions = 0.0, 0
    while not state.is_over:
        if state.current_player == seat:
            action, seconds = timed(me.act, state)
            spent, decisions = spent + seconds, decisions + 1
        else:
            action = other.act(state)
        state.apply(action)
    return seat in state.winners(), spent, decisions

def openspiel_ismcts(seed, seat):
    state = game.new_initial_state()
    state.apply_action(seed)  # the chance node: the same seed as the others
    me, other = is_mcts(game, BUDGET, seed), RandomAgent(seed)
    spent, decisions = 0.0, 0
    while not state.is_terminal():
        if state.current_player() == seat:
            code, seconds = timed(me.step, state)
            spent, decisions = spent + seconds, decisions + 1
        else:
            code = codec.encode(other.act(state.boardkit))
        state.apply_action(code)
    return seat in state.boardkit.winners(), spent, decisions

def pettingzoo_random(seed, seat):
    aec.reset(seed=seed)
    me, other = aec.action_space(f"player_{seat}"), RandomAgent(seed)
    me.seed(seed)
    spent, decisions = 0.0, 0
    while not aec.state_of_game.is_over:
        if aec.agent_selection == f"player_{seat}":
            mask = aec.observe(aec.agent_selection)["action_mask"]
            code, seconds = timed(me.sample, mask)
            spent, decisions = spent + seconds, decisions + 1
        else:
            code = codec.encode(other.act(aec.state_of_game))
        aec.step(code)
    return seat in aec.state_of_game.winners(), spent, decisions


# %% [markdown]
# One row per contender: the share of games it won (a shared win counts) with its 95 %
# interval (`ci_low` to `ci_high`), and the milliseconds it spent per decision.

# %%
from boardkit.analysis.metrics import wilson

rows = []
for label, contender in [("boardkit MCTS", boardkit_mcts), ("OpenSpiel IS-MCTS", openspiel_ismcts),
                         ("PettingZoo random", pettingzoo_random)]:
    games = pd.DataFrame([contender(seed, seat=seed % 2) for seed in range(N)],
                         columns=["won", "seconds", "decisions"])
    low, high = wilson(int(games.won.sum()), N)
    rows.append({"contender": label, "games": N, "win rate": games.won.mean(), "ci_low": low,
                 "ci_high": high, "ms per decision": 1000 * games.seconds.sum() / games.decisions.sum()})
table = pd.DataFrame(rows).set_index("contender")
print(f"whole notebook so far: {time.perf_counter() - started:.0f} s")
readable(table, digits=2)

# %% jupyter={"source_hidden": true} tags=["check"]
assert table.loc["boardkit MCTS", "win rate"] > table.loc["PettingZoo random", "win rate"]
assert table.loc["OpenSpiel IS-MCTS", "win rate"] > table.loc["PettingZoo random", "win rate"]

# %% [markdown]
# Reading the table: both searches beat the random opponent more often than a random
# player does, so the adapters give OpenSpiel's algorithm a working game. But 20 games give
# rough win rates: one game is 5 percentage points, and the intervals show how rough —
# where two of them overlap, these games do not tell the two contenders apart. The order of
# the two searches changes from one set of seeds to the next. To rank them, play more games.
#
# OpenSpiel's search costs more per simulation. Both are plain Python, but each of
# OpenSpiel's simulations plays the game to the end *through the adapter*: at every move the
# legal actions are listed and encoded for OpenSpiel, and the move is applied with boardkit's
# safety copy (a refused move leaves the state unchanged). boardkit's own search plays on
# the boardkit state directly, without codes, and skips the safety copy for moves it took
# from the legal list.
# Translation is not free.
#
# **Fairness.** The comparison is fair because every contender decides on the same
# information: both searches see only what their seat may see and imagine the rest
# (`determinize` re-deals the other player's lucky number and rolls fresh dice), and the
# random player sees only its mask. OpenSpiel's plain `MCTSBot` would not belong in this
# table: searching on copies, it knows the coming dice and the opponent's lucky number
# (section 2).

# %% [markdown]
# ## 6. Exercise
#
# Lands of Amazement counts **penalty points**: lower is better. Reinforcement learning
# always maximises, so `boardkit/lands-v0` negates its rewards (section 4: the reward of a
# step is the change of the score). What does that make the return?
#
# Play two episodes of `boardkit/lands-v0`, both with `seed=3`, with two policies that read
# nothing but the mask: **first** always takes the lowest legal code
# (`np.flatnonzero(info["action_mask"])[0]`), **last** the highest. What is each episode's
# return, what is the first episode's penalty in the game's own terms
# (`env.unwrapped.state_of_game.scores()[0]`), and which policy did better?
# Put them into `answer` and run the check cell.

# %% tags=["exercise"]
answer = None  # {"return_first": ..., "return_last": ..., "penalty_first": ..., "better": "first" or "last"}

# %% tags=["solution"]
lands = gymnasium.make("boardkit/lands-v0")

def mask_episode(env, pick, seed=3):
    observation, info = env.reset(seed=seed)
    total, over = 0.0, False
    while not over:
        action = pick(np.flatnonzero(info["action_mask"]))
        observation, reward, over, truncated, info = env.step(action)
        total += reward
    return total, env.unwrapped.state_of_game.scores()[0]

return_first, penalty_first = mask_episode(lands, min)
return_last, penalty_last = mask_episode(lands, max)
print(f"first legal action each time: return {return_first:g}, penalty {penalty_first:g} | "
      f"last: return {return_last:g}, penalty {penalty_last:g}")
answer = {"return_first": return_first, "return_last": return_last,
          "penalty_first": penalty_first,
          "better": "first" if return_first > return_last else "last"}

# %%
from boardkit.teaching import check

solved = check("ecosystems.lower", answer)

# %% tags=["solution"]
assert solved  # the teacher's edition checks its own solution

# %% [markdown]
# To discuss: the check did not run Gymnasium — it played the same games with boardkit
# directly (`game.codec.encode` of each of `state.legal_actions()`, the lowest or the
# highest). Why must the two agree? A learning player in `boardkit/lands-v0` maximises the
# return: what would it learn if the rewards were not negated? And PettingZoo's
# `reward="score"` negates too — why does its default, `reward="win"`, not need to?
