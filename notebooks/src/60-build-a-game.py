# %% [markdown]
# # Build a game: noughts and crosses, cell by cell
#
# boardkit's four games were written the same way you can write your own: the rules as
# small pieces of Python, a **rule catalog** in your own words, a **board**, and then
# everything else comes for free: `explain()` says why a move is illegal, computer players
# play it, simulations measure it. This notebook builds noughts and crosses (tic-tac-toe)
# in about fifty lines. It takes the steps of the guide `docs/adding-a-game.md` in the order
# a small game needs them (the guide's step numbers in brackets; a board is written before
# `Game(...)` here because the game is given its board):
#
# 1. the rule catalog (`rules.toml`): every rule with an id and a sentence (guide 2);
# 2. the actions: what a player can decide (guide 3);
# 3. the step: who decides, which moves are legal, what a move changes (guide 4);
# 4. the flow: turns until somebody has a line or the grid is full (guide 5);
# 5. the position (the State) and who won; what a **draw** is (guide 6);
# 6. a board, then the game itself (`Game(...)`) (guides 9 and 8);
# 7. play it, read `explain()`, let a search play it;
# 8. a balance study: does the first player have an advantage? On one process and on
#    several (guide 12, sharing a game with other processes);
# 9. an exercise.
#
# The guide's other steps (a starting game from `boardkit new`, numbers a designer may
# change in `params.toml`, tests) are not needed for a game this small; the guide shows them.
#
# Every cell of the game starts with `%%game noughts`: it runs as any cell does, and it is
# also kept in the file `noughts.py` next to this notebook: the only file the notebook
# writes beside itself (with Python's cache of it, `__pycache__`, once it is imported;
# boardkit's repository tells git to ignore both). We will need that file for the
# simulations on several processes, which cannot read a notebook's cells. The magic comes
# with boardkit:

# %%
# %load_ext boardkit.authoring

# %% [markdown]
# ## 1. The rule catalog
#
# Before any code, write the rules down. One entry per rule: an `id`
# (`<game>.<section>.<rule>`), the `section` of the rulebook, and a one-sentence `text` in
# your own words. `by` says how the rule holds: `check` (a move can break it, so a refusal
# names it: the default), `scoring` or `flow` (no move can break it). The catalog goes in a
# folder of the game's own. Here it is a folder of *your* own in the system's temporary
# folder, `boardkit-noughts-` and your account's name (`temp_folder` makes it): the
# catalog stays out of the project, and on a shared computer (a lab PC, a JupyterHub)
# every account writes its own.

# %%
# %%game noughts
# imports and the folder of the game's files
from boardkit.authoring import temp_folder
from boardkit.boards import GridBoard
from boardkit.engine import (Action, ActionCodec, Flow, Game, Phase, RuleViolation, State,
                             Step, action)

FOLDER = temp_folder("noughts")  # the same folder each time, yours alone

# %%
RULES = '''
game = "noughts"
provenance = "illustrative"
source = "Noughts and crosses, the schoolyard rules in our own words"

[[rule]]
id = "noughts.turn.empty"
section = "A turn"
text = "On your turn you mark one empty cell with your sign; X plays first."

[[rule]]
id = "noughts.end.line"
section = "The end"
text = "Three of your signs in a row, a column or a diagonal win the game at once."
by = "scoring"

[[rule]]
id = "noughts.end.full"
section = "The end"
text = "A full grid without a line is a draw: the two players share the result."
by = "flow"
'''
(FOLDER / "rules.toml").write_text(RULES)
print(f"the rule catalog is in {FOLDER / 'rules.toml'}")

# %% [markdown]
# ## 2. The actions
#
# A player decides one thing: which cell to mark. An action is a small frozen dataclass
# declared with `@action`; its fields are typed (the board's clicks and saved games are
# checked against the types), and `__str__` says it in words.

# %%
# %%game noughts
# the actions
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = {None: "", 0: "X", 1: "O"}


@action
class Place(Action):
    cell: int  # 0..8, row by row from the top left

    def __str__(self) -> str:
        return f"mark row {self.cell // 3 + 1}, column {self.cell % 3 + 1}"


# %%
print(Place(4))

# %% [markdown]
# ## 3. The step: a decision being made
#
# A step is one pending decision. `PlaceStep(seat)` is that seat's turn (`self.player`). It
# says what the player is asked (`prompt`), every legal move (`legal`), and what a move
# changes (`resolve`). A move that is not legal is refused with the step's `rule`, whose
# text comes from the catalog. On its own, a refusal can only say what the player is asked
# instead; `check` says *why* this move breaks the rule (the cell is taken) by raising
# `RuleViolation` with the rule's id and the reason, as boardkit's games do. That is all
# `explain()` needs.

# %%
# %%game noughts
# the turn
class PlaceStep(Step):
    rule = "noughts.turn.empty"  # cited for any move not in legal()

    def prompt(self, state) -> str:
        return f"mark an empty cell with {MARKS[self.player]}"

    def legal(self, state):
        return [Place(c) for c in range(9) if state.grid[c] is None]

    def check(self, state, act):  # why a move is refused (it only reads the state)
        if 0 <= act.cell < 9 and state.grid[act.cell] is not None:
            raise RuleViolation(self.rule, f"row {act.cell // 3 + 1}, column {act.cell % 3 + 1} "
                                           f"is taken ({MARKS[state.grid[act.cell]]} marked it)")
        super().check(state, act)  # any other move not in legal(): a cell off the grid

    def resolve(self, state, act):
        state.grid[act.cell] = self.player


# %% [markdown]
# ## 4. The flow: turns until a line or a full grid
#
# The rulebook's "take turns" is a `Flow`: one phase in which each seat takes its turn
# (`turn`), again and again (`again`), until `end_if` is true (asked before each turn).
# The game is over when the phase ends (`next` is `None` by default).

# %%
# %%game noughts
# the flow
def line(state) -> int | None:  # the seat with three in a line (noughts.end.line)
    g = state.grid
    return next((g[a] for a, b, c in LINES if g[a] is not None and g[a] == g[b] == g[c]), None)


FLOW = Flow(Phase("play", "X and O take turns until a line or a full grid",
                  turn=lambda state, seat: PlaceStep(seat), again=lambda state: True,
                  end_if=lambda state: line(state) is not None or None not in state.grid,
                  rule="noughts.end.full"), first="play")

# %%
print(FLOW.describe())

# %% [markdown]
# ## 5. The position, the scores, and what a draw is
#
# The State holds the position (`setup` creates every field, then starts the flow), the
# scores and what each player may see (nothing is hidden here).
#
# **A draw.** `winners()` gives the seats that won: by default, those with the best score.
# Several seats *share* the win, and when every seat shares it the game is a **draw**. So a
# full grid without a line, which scores 0 for both, is a draw: `winners()` is `[0, 1]`. The
# analysis tools count it that way: a simulation's `win` column marks both players as
# winners (its `shared_win` column says the win was shared), the design metrics give each
# player half a win, and the `drawishness` metric is the share of such games. (No winner at all, `[]`, means everybody *lost*, as in
# a failed solo game: that is not a draw.)

# %%
# %%game noughts
# the position
class NoughtsState(State):
    flow = FLOW
    grid: list[int | None]  # None, 0 (X) or 1 (O) for each cell

    def setup(self) -> None:
        self.grid = [None] * 9
        self.flow.begin(self)

    def _scores(self) -> list[float]:  # a full grid scores 0 for both: a shared win, a draw
        return [1.0 if p == line(self) else 0.0 for p in range(2)]

    def _observe(self, player):
        return {"grid": list(self.grid)}  # nothing is hidden


# %% [markdown]
# ## 6. A board, and the game
#
# A grid whose cells are one move each needs no drawing code: `GridBoard` draws it,
# highlights the legal cells and turns a click into the cell's action. We only say what a
# cell shows and which move it means. `Game(...)` puts everything together; `data` is the
# folder of the rule catalog, and the codec numbers the actions (the board's clicks use
# those numbers).

# %%
# %%game noughts
# the board and the game
class NoughtsBoard(GridBoard):
    columns = rows = 3

    def cell(self, state, viewer, x, y):
        return MARKS[state.grid[3 * y + x]], Place(3 * y + x)


GAME = Game(name="noughts", title="Noughts and crosses", state_class=NoughtsState,
            actions=(Place,), players=(2, 2), codec=ActionCodec([(Place, {"cell": range(9)})]),
            board=NoughtsBoard, data=FOLDER)

# %%
GAME.rules

# %% [markdown]
# ## 7. Play it
#
# X takes the centre. Marking the centre again is illegal: `explain()` says why (the cell
# is taken), with the rule's id and its text from the catalog, and `apply()` would refuse it
# without changing anything.

# %%
import boardkit
from boardkit.engine.words import scores_text, seats_text, wrap

boardkit.register(GAME)  # so that boardkit.game("noughts") and simulate("noughts") find it
state = GAME.new_game(seed=1)
state.apply(Place(4))
print(state.prompt())
print(state.explain(Place(0)))
why = state.explain(Place(4))
print(why)

# %% jupyter={"source_hidden": true} tags=["check"]
assert state.explain(Place(0)) and not why and why.rule == "noughts.turn.empty"
assert "row 2, column 2 is taken (X marked it)" in str(why) and "you mark one empty cell" in str(why)

# %% [markdown]
# A full game that ends in a draw: nobody has a line when the grid is full, so both seats
# share the win. The last empty cell is the only legal move, so the engine plays it by
# itself (the log says *only option*).

# %%
draw = GAME.new_game(seed=1)
for cell in (4, 0, 2, 6, 3, 5, 1, 7):
    draw.apply(Place(cell))
print(draw.log.text())
print("winners:", seats_text(draw.winners()), "| scores:", scores_text(draw.scores()))

# %% jupyter={"source_hidden": true} tags=["check"]
assert draw.is_over and draw.winners() == [0, 1] and draw.grid.count(None) == 0

# %% [markdown]
# ### On the board
#
# Click a cell to mark it; a click on a taken cell is explained with its rule. You play X;
# the computer answers as O with Monte Carlo tree search (`mcts`, 200 playouts a move).
# *AI move* lets it play your move too.

# %%
board = GAME.board(GAME.new_game(seed=1), opponents={1: "mcts:200"})
board

# %% jupyter={"source_hidden": true} tags=["check"]
assert board.svg().count("data-target=") == 9

# %% [markdown]
# ### A search plays it
#
# No strategy was written: the search tries moves and plays the game out at random, using
# only the rules above. Against a random player it should win most games and hardly ever
# lose (seats alternate between games, so each plays X half the time). `standings` gives
# each player's share of the wins (a draw counts half for each) with its 95 % interval.

# %%
from boardkit.analysis import metrics, simulate, standings

duel = simulate("noughts", agents=["mcts:200", "random"], n=20, seed=3, progress=False)
standings(duel).round(3)

# %% jupyter={"source_hidden": true} tags=["check"]
assert duel[duel.agent == "mcts:200"].win.mean() > duel[duel.agent == "random"].win.mean()
assert standings(duel).loc["mcts:200", "ci_low"] > 0.5   # most games, even at the interval's low end

# %% [markdown]
# ## 8. A balance study: does X have an advantage?
#
# 400 games between random players. `advantage` is the first seat's share of the wins (a
# draw gives each seat half a win): 0.5 would be fair. `drawishness` is the share of draws.

# %%
study = simulate("noughts", agents=["random"], n=400, seed=2026, progress=False)
table = metrics(study)
table.loc[["advantage", "drawishness", "duration"], ["value", "ci_low", "ci_high"]].round(3)

# %% jupyter={"source_hidden": true} tags=["check"]
assert table.loc["advantage", "ci_low"] > 0.5
assert 0.05 < table.loc["drawishness", "value"] < 0.25

# %% [markdown]
# ### On several processes
#
# A long study runs on several processes (`backend="processes"`) or a Dask cluster. Those
# are new Python processes: they cannot see this notebook's cells, so they cannot find a
# game defined here. boardkit says so:

# %%
try:
    simulate("noughts", agents=["random"], n=4, backend="processes", workers=2, progress=False)
except boardkit.engine.BoardkitError as refusal:
    print(wrap(str(refusal)))

# %% [markdown]
# That is what the file `noughts.py` is for: every `%%game noughts` cell we ran (the last
# run of each), in order. It sits next to the notebook, where this kernel and its worker
# processes import it: `boardkit.game("noughts:GAME")` imports the game and registers it by
# that reference, and the workers import it the same way. Open the file: it is the whole
# game, and a script or a test can use it too.

# %%
from pathlib import Path

GAME = boardkit.game("noughts:GAME")
lines = [t for t in Path("noughts.py").read_text().splitlines() if t.strip()]
print(f"noughts.py: {len(lines)} lines (not counting blank ones)")

spread = simulate("noughts", agents=["random"], n=400, seed=2026, backend="processes",
                  workers=2, progress=False)
same = spread.drop(columns="seconds").equals(study.drop(columns="seconds"))
print("the same games on 2 processes:", same)

# %% jupyter={"source_hidden": true} tags=["check"]
assert same and GAME.state_class.__module__ == "noughts"

# %% [markdown]
# The same seeds give the same games wherever they are played, so the two tables agree
# (apart from the time each game took).
#
# **Weak players make false findings.** Random players give X a clear edge; do good players?
# Two searches against each other draw much more often:

# %%
strong = simulate("noughts", agents=["mcts:200"], n=12, seed=5, progress=False)
metrics(strong).loc[["advantage", "drawishness"], ["value", "ci_low", "ci_high"]].round(3)

# %% jupyter={"source_hidden": true} tags=["check"]
assert metrics(strong).loc["drawishness", "value"] > table.loc["drawishness", "value"]

# %% [markdown]
# ## 9. Exercise
#
# 1. Play against the search on the board above. Can you beat it? Can it beat you?
# 2. Add a rule: *misère* noughts and crosses, where three in a line **loses**. Give it an
#    id and a sentence in the catalog, change the scores, and measure X's advantage again.
# 3. Make the grid 4 × 4 with four in a line to win (`LINES`, the board's `columns` and
#    `rows`, the codec's `range(16)`): is it still an advantage to start?
#
# **Checked exercise.** The balance study *estimated* how often X wins against random play,
# with an interval. Compute the **exact** probabilities that X wins, that O wins and that
# the game is a draw when every legal move is equally likely: walk the game tree from the
# first position (`state.clone()`, `legal_actions()`, `apply()`), and remember the positions
# you have already computed. Does the study's interval cover the exact value? Put the three
# probabilities into `answer` and run the check cell.

# %% tags=["exercise"]
answer = None  # {"x_wins": ..., "o_wins": ..., "draw": ...}

# %% tags=["solution"]
known: dict[tuple, tuple[float, float, float]] = {}


def outcome(state) -> tuple[float, float, float]:
    """(X wins, O wins, draw) from ``state`` under random play."""
    key = tuple(state.grid)
    if key not in known:
        if state.is_over:
            won = state.winners()
            known[key] = (0.0, 0.0, 1.0) if len(won) == 2 else \
                (1.0, 0.0, 0.0) if won == [0] else (0.0, 1.0, 0.0)
        else:
            moves = state.legal_actions()
            children = []
            for move in moves:
                child = state.clone()
                child.apply(move)
                children.append(outcome(child))
            known[key] = tuple(sum(c[k] for c in children) / len(moves) for k in range(3))
    return known[key]


x_wins, o_wins, draws = outcome(GAME.new_game(seed=1))
answer = {"x_wins": x_wins, "o_wins": o_wins, "draw": draws}
print(f"X wins {x_wins:.4f}, O wins {o_wins:.4f}, a draw {draws:.4f} ({len(known)} positions)")
share = x_wins + draws / 2
low, high = table.loc["advantage", "ci_low"], table.loc["advantage", "ci_high"]
print(f"X's share of the wins, draws counted half: {share:.4f}")
print(f"inside the study's interval for advantage ({low:.3f} to {high:.3f}): {bool(low <= share <= high)}")

# %%
from boardkit.teaching import check

solved = check("build.random", answer)

# %% tags=["solution"]
assert solved  # the teacher's edition checks its own solution

# %% [markdown]
# To discuss: from your three probabilities, what is X's exact share of the wins (its wins
# plus half the draws), and did the study's interval for `advantage` cover it? And under
# perfect play every game of noughts and crosses is a draw: how many games between two
# searches would you need to be confident of that, and why would random players never show
# it?
