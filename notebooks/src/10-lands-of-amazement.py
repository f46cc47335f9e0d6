# %% [markdown]
# # Lands of Amazement
#
# A solo puzzle for one player: lay **park cards** over each other so that the icons left
# visible match the **plans** shown on three stacks, keep the right cards aside round after
# round, and finally build one **megapark** from them that matches the goal card.
#
# This notebook follows the rulebook's table of contents — *Components, Setup, Gameplay
# (Portfolio Phase: Building Parks, Rearranging Cards, Completing Parks; Ending the Round;
# Megapark Phase), Scoring, Expert Mode* — and then goes beyond it: the passages where the
# rulebook is unclear and how boardkit reads them, an exact solver for the megapark, a small
# analysis and an exercise.
#
# **What is ours.** The rulebook names the components but prints no card. The 15 park cards
# and 3 goal cards used here are *illustrative*, designed by boardkit (`data/lands/`, marked
# `provenance = "illustrative"`); the rules, the points and the titles come from the rulebook.
# If you own the game you can replace the two data files with the real cards.

# %%
import time

import boardkit
import matplotlib.pyplot as plt
import shapely
from IPython.display import SVG, display

from boardkit.engine.words import listing, plural, seats_text, wrap
from boardkit.lands import GAME, arranged, scenario
from boardkit.lands.actions import (Complete, DoneReserving, Finish, Move, Place, Rearrange,
                                    Relayout, Reserve, UseAbility)
from boardkit.lands.board import card_face, pattern
from boardkit.lands.building import Placed
from boardkit.lands.content import content
from boardkit.lands.position import stacks_text
from boardkit.lands.scenarios import scenarios

NOTEBOOK_START = time.perf_counter()
rules = GAME.rules
print(GAME.title, "·", len(rules), "rules in the catalog,", len(rules.ambiguous()),
      "of them with an unclear passage and our reading")


# %% [markdown]
# ## Components
#
# * **15 park cards**, each 3 squares wide and 4 high. A card shows two *shapes* — small groups
#   of icons of one type — a *plan* (the pattern a park must show to complete it while the card
#   lies on top of a stack) and an *ability*.
# * **3 goal cards**, printed on both sides. A side has a *portfolio* (four rounds, each showing
#   the icons a card reserved in that round must carry) and a *megapark plan* (highlighted
#   squares).
# * Five icon types: rides (R), gifts (G), games (M), food (F), shows (S).
#
# Here are the first five cards: the full-colour shape is shape 0, the pale one shape 1 (a
# placed card names the shape it adds to a park); under each card, its plan and ability.

# %%
def gallery(cards):
    parts, x = [], 10
    for c in cards:
        card = content().cards[c]
        parts.append(card_face(c, 0, 0, x, 24, 18))
        parts.append(f"<text x='{x}' y='14' font-size='11'>#{c} {card.name}</text>")
        parts.append(pattern(dict(card.plan), x, 110, 12))
        parts.append(f"<text x='{x}' y='178' font-size='10'>{card.ability.effect}</text>")
        x += 130
    return SVG(f"<svg xmlns='http://www.w3.org/2000/svg' width='{x}' height='190'>{''.join(parts)}</svg>")

display(gallery(range(5)))
for card in content().cards[:5]:
    print(card.describe())

# %%
for goal in content().goals:
    for side in goal:
        print(side.describe())

# %% [markdown]
# ## Setup
#
# 1. A random goal card is placed with a random side up (`lands.setup.goal`).
# 2. The park cards are shuffled: 4 make the face-down deck, 1 is reserved face down on the
#    goal's "Portfolio" label, and the other 10 are dealt into three stacks which are turned
#    over — face up, but only the top card can be seen.
# 3. The build area and the discard pile start empty.
#
# **Unclear:** "as evenly as possible" — ten cards do not split evenly into three stacks; which one gets the extra card?
# Our reading is printed below. `arranged(order, goal)` sets the shuffle ("suppose the cards
# were dealt like this"); we use the deal of the rulebook's completing example.

# %%
print(wrap(rules["lands.setup.stacks"].reading))
state = arranged([1, 4, 6, 3, 2, 0, 5, 7, 8, 9, 10, 11, 12, 13, 14], goal=(0, 0))
print(state.log.text())
print("stacks, top card first:", stacks_text(state.stacks))

# %% [markdown]
# The player does not know the deck's order, the cards under the stack tops, or the
# reserved card. `observation(0)` is what the player sees; `determinize` deals the unseen
# cards anew (search agents use it), and the observation stays the same:

# %%
seen = state.observation(0)
print(wrap(f"stacks as seen: {stacks_text(seen['stacks'])}"))
print("reserved as seen:", plural(len(seen["reserved"]), "card"), "face down")
print("the same after dealing the unseen cards anew:", state.determinize(0, 1).observation(0) == seen)

# %% [markdown]
# **Named positions.** The rest of this notebook starts each section from a *scenario*: a deal
# set with `arranged` and then played on by real moves up to the position the section needs
# (`data/lands/scenarios.toml`). Nothing is set by hand, so every scenario saves, loads and
# replays like any game. `scenario(name)` starts one:

# %%
for spec in scenarios().values():
    print(f"{spec.id:12} ({spec.section}) {spec.title}")

# %% [markdown]
# ## Gameplay: Portfolio Phase
#
# Four rounds. Each round you draw one card at a time and place it in the build area — starting
# a new park or joining one — before drawing the next. After placing a card you may complete a
# park, rearrange cards, or go on.
#
# This is the board. **Drag** the card from the tray onto a park's area (the empty area starts
# a new park); press **r** (or click *rotate*) to turn it; choose which **shape** it adds;
# *slip under* puts it beneath the others. While you drag, the ghost turns red and names the
# rule when the drop would be illegal. To **rearrange** a park, drag its cards where you like
# (click one to turn it or change its shape); the layout may be illegal in between — the board
# says so — and *done rearranging* sends the finished layout to the rules.

# %%
GAME.board(arranged([1, 4, 6, 3, 2, 0, 5, 7, 8, 9, 10, 11, 12, 13, 14], goal=(0, 0)))

# %% [markdown]
# ### Building Parks
#
# Every placement is checked against six rules (rulebook, *Building Parks*). Each rule below
# is shown on a board of its own, starting from the scenario `first-card`: card #1 lies in
# park 0 with its shows (the top row) as its shape, and card #4 is to be placed.
# `Place(card, park, x, y, angle, shape)` puts the lower-left corner of the card's footprint
# at square (x, y). `board.attempt(move)` asks the rules without playing the move: a legal
# placement appears as a green ghost card, an illegal one as a red ghost with the refused
# rule and its message (the panel beside the board names the rule too). The board is yours
# afterwards: drag #4 yourself.
#
# **Quarter turns only** (`lands.build.rotation`): #4 may be turned by 90°, not by 45°.

# %%
first = scenario("first-card")
GAME.board(first).attempt(Place(4, 0, 3, 5, 90, 1)).attempt(Place(4, 0, 3, 5, 45, 1))

# %% [markdown]
# **Square on square** (`lands.build.align`): a card that overlaps another must cover whole
# squares. Half a square to the left, #4 would cover one of #1's icons only partly.

# %%
GAME.board(first).attempt(Place(4, 0, 7, 5, 0, 0)).attempt(Place(4, 0, 6.5, 5, 0, 0))

# %% [markdown]
# **Inside the park's area** (`lands.build.area`, our bound): a park lies within a 14 × 14
# area, so a card may not stick out of it.

# %%
GAME.board(first).attempt(Place(4, 0, 8, 5, 0, 0)).attempt(Place(4, 0, 12, 5, 0, 0))

# %% [markdown]
# **One group, edges join** (`lands.build.contiguous`): the park is one group of visible icons
# joined edge to edge. One square higher, #4's gifts would meet #1's shows only at a corner.

# %%
GAME.board(first).attempt(Place(4, 0, 8, 6, 0, 0)).attempt(Place(4, 0, 8, 7, 0, 0))

# %% [markdown]
# **The other shape stays apart** (`lands.build.one_shape`): a card adds one shape; its other
# icons may not touch the park. Lower down, #4's games would touch #1's shows.

# %%
GAME.board(first).attempt(Place(4, 0, 7, 5, 0, 0)).attempt(Place(4, 0, 5, 4, 0, 0))

# %% [markdown]
# **Every card shows an icon** (`lands.build.contribute`): a card slipped under may not have
# its whole shape covered.

# %%
GAME.board(first).attempt(Place(4, 0, 7, 5, 0, 0)).attempt(Place(4, 0, 5, 3, 0, 0, True))

# %% [markdown]
# The six refusals, checked (click the cell's margin to unfold the check):

# %%
cases = {
    "lands.build.rotation": (Place(4, 0, 3, 5, 90, 1), Place(4, 0, 3, 5, 45, 1)),
    "lands.build.align": (Place(4, 0, 7, 5, 0, 0), Place(4, 0, 6.5, 5, 0, 0)),
    "lands.build.area": (Place(4, 0, 8, 5, 0, 0), Place(4, 0, 12, 5, 0, 0)),
    "lands.build.contiguous": (Place(4, 0, 8, 6, 0, 0), Place(4, 0, 8, 7, 0, 0)),
    "lands.build.one_shape": (Place(4, 0, 7, 5, 0, 0), Place(4, 0, 5, 4, 0, 0)),
    "lands.build.contribute": (Place(4, 0, 7, 5, 0, 0), Place(4, 0, 5, 3, 0, 0, True)),
}
verdicts = {rule: (first.explain(good), first.explain(bad)) for rule, (good, bad) in cases.items()}
for rule, (good, bad) in verdicts.items():
    print(f"{rule:24} legal case: {good.legal}; illegal case refused by {bad.rule}")

# %% jupyter={"source_hidden": true} tags=["check"]
assert all(good.legal and bad.rule == rule for rule, (good, bad) in verdicts.items())

# %% [markdown]
# **Cut-off icons.** The park is *one* group of visible icons joined edge to edge; any
# other icon — covered, meeting the group only at a corner, or lying apart — is simply not part
# of the park. That holds for icons of a card's chosen shape too: when a card on top cuts a
# shape in two, the piece that no longer touches the group drops out of the park. It counts
# for no plan and no score, and it does not make the placement illegal (only a card that adds
# *no* icon to the group does). In the scenario `cut-off`, #6 lies in park 0 with its gifts and
# #0 is to be placed. Laid over the bottom row of #6's gifts (green ghost), #0 cuts #6's gift on
# H6 off while its gift on F7 still joins #0's rides; slipped under #6 with its lower-left square
# on F5 (red), #0 would have all its rides covered.

# %%
cut = scenario("cut-off")
GAME.board(cut).attempt(Place(0, 0, 4, 2, 0, 0)).attempt(Place(0, 0, 5, 4, 0, 0, True))

# %% [markdown]
# After the legal placement the outlined squares are the park; the gift on H6 is still
# visible but not outlined: it is cut off.

# %%
after_cut = cut.clone()
after_cut.apply(Place(0, 0, 4, 2, 0, 0))
print("the park's icons:", after_cut.icons_text(0))
GAME.board(after_cut)

# %% jupyter={"source_hidden": true} tags=["check"]
assert (7, 5) not in after_cut.park_icons(0) and len(after_cut.park_icons(0)) == 4

# %% [markdown]
# The rule paraphrases, with the passages we had to interpret (corner contact; which group
# is the park when a shape is cut; the shape declaration):

# %%
for rid in [*cases, "lands.build.choose_shape", "lands.build.layer"]:
    print(rules[rid].describe())

# %% [markdown]
# ### How boardkit sees the geometry
#
# The rulebook's building rules (section *Building Parks*) are about geometry: cards turn by
# quarter turns, overlapping cards must cover whole squares, and icons count as joined only
# when they share an edge. boardkit checks them in two layers (`boardkit/engine/grid.py`,
# `boardkit/lands/building.py`):
#
# * **Any position, any angle: shapely 2.** A card dragged freely is a polygon,
#   `card_polygon(w, h, x, y, angle)`. Each visible icon is a unit square
#   (`cells_to_polygons`, vectorised `shapely.box`). `partial_overlaps` intersects the card
#   with every square at once (`shapely.intersects`, `shapely.covers`, then the area of
#   `shapely.intersection`) and reports the squares covered by *more than nothing and less
#   than all*: that is exactly "an icon partly covered" (`lands.build.align`).
# * **On the grid: exact integers.** Once a placement is on the grid and a quarter turn, the
#   cells are turned with integer matrices (no cos 90° rounding slivers) and each card becomes
#   a bit mask of the park area, one bit per square. Covering is "and not", the park's
#   group is a flood fill over edge neighbours, and touching is "shift by one square". That
#   is what makes listing hundreds of legal placements fast; the tests check it against the
#   shapely route.
#
# Edge or corner? Two squares whose shapely intersection is a *line* share an edge and join;
# if it is a single *point*, they meet at a corner only and do not (`lands.build.contiguous`).
#
# The drawing: card A (3 × 4) at (0, 0); card B half a square off at (1.5, 2) covers two of A's
# squares only partly (red: refused); B on the grid at (2, 2) covers two of A's squares whole
# (green: allowed).

# %%
from boardkit.engine.grid import card_polygon, cells_to_polygons, partial_overlaps

card_a = card_polygon(3, 4, 0, 0)
squares = cells_to_polygons([(x, y) for x in range(3) for y in range(4)])
off, on = card_polygon(3, 4, 1.5, 2), card_polygon(3, 4, 2, 2)
partly = partial_overlaps(off, squares)
whole = [i for i, sq in enumerate(squares) if shapely.covers(on, sq)]

fig, axes = plt.subplots(1, 2, figsize=(8, 3.6), sharey=True)
for ax, b, hit, colour, title in ((axes[0], off, partly, "#d1495b", "B at (1.5, 2): refused"),
                                  (axes[1], on, whole, "#4f9d69", "B at (2, 2): square on square")):
    for i, sq in enumerate(squares):
        ax.fill(*sq.exterior.xy, color=colour if i in hit else "#f4f1ea", ec="#888", lw=0.8)
    ax.plot(*card_a.exterior.xy, color="#444", lw=2, label="card A")
    ax.plot(*b.exterior.xy, color="#00598c", lw=2, ls="--", label="card B")
    ax.set_title(title, fontsize=10)
    ax.set_aspect("equal")
    ax.set_xticks(range(6))
axes[0].legend(loc="upper left", fontsize=8)
plt.show()

print("partly covered squares of A:", listing(tuple(int(v) for v in squares[i].bounds[:2]) for i in partly))
edge = shapely.intersection(shapely.box(0, 0, 1, 1), shapely.box(1, 0, 2, 1))
corner = shapely.intersection(shapely.box(0, 0, 1, 1), shapely.box(1, 1, 2, 2))
print("side by side:", edge.geom_type, "of length", edge.length, "-> joined by an edge")
print("diagonal:    ", corner.geom_type, "-> corner contact only, not joined")

# %% jupyter={"source_hidden": true} tags=["check"]
assert len(partly) == 2 and len(whole) == 2 and edge.length == 1 and corner.geom_type == "Point"

# %% [markdown]
# ### Rearranging Cards
#
# Cards are never fixed: you may lay **all** the cards of a park anew, in any way — moved,
# turned, the other shape chosen, another stacking order — but they stay in their park and
# none is taken out. Only the **finished** layout has to follow the building rules; on the
# way it may be torn apart. In code a finished rearrangement is one action,
# `Relayout(park, cards)`, listing every card of the park bottom first as
# `(card, x, y, angle, shape)`; it is checked once, as a whole, and has no limit.
#
# In the scenario `rearranging`, park 0 holds #1 and #4. On the board below, the park has been
# moved two squares to the left (a legal finished layout, played). Then an attempt moves only
# #1 back, onto the squares #4 now covers: #4 would hide it completely, and every card must
# still show an icon of its chosen shape (`lands.build.contribute`), so the board shows the
# layout as a draft, "not legal yet", and its panel names the rule it breaks. On the way a
# layout may break the rules; only the one you send with *done rearranging* must follow
# them.

# %%
rearranging = scenario("rearranging")
moved = GAME.board(rearranging)
moved.play(Relayout(0, ((1, 3, 5, 0, 1), (4, 5, 5, 0, 0))))      # both moved: legal, played
moved.attempt(Relayout(0, ((1, 5, 5, 0, 1), (4, 5, 5, 0, 0))))   # only #1 moved back: half-way
moved

# %% [markdown]
# **Agents and simulations** cannot list every possible layout, so `legal_actions` offers
# a bounded kind of rearranging instead: pick one card up (`Rearrange`), lay it again (`Move`,
# checked at once) or put it back — at most `params.rearrangements` times after each card
# placed (1 by default; our bound, so that random play ends and stays fast). A person is never
# bound by it. The catalog records both:

# %%
for rid in ("lands.rearrange.within", "lands.rearrange.limit"):
    print(rules[rid].describe())
listed = scenario("completing")
print(plural(listed.params.rearrangements, "listed move"), "per card placed; the first four:",
      *[a for a in listed.legal_actions() if isinstance(a, Rearrange)][:4], sep="\n  ")
listed.apply(Rearrange(0, 4))            # #4 picked up: a listed move is checked at once
GAME.board(listed).attempt(Move(7, 5, 0, 0)).attempt(Move(8, 7, 0, 0))

# %% [markdown]
# ### Completing Parks
#
# The rulebook's example (scenario `completing`): two parks can complete the same plan. Park 0
# (cards #1 and #4) matches it **exactly** — so the plan card's ability may be used; park 1
# (#6 and #3) shows the plan plus one extra icon — it completes the plan, but without the
# ability. The plan may be turned by quarter turns and found anywhere in the park. On the
# board, park 0 tries the plan on stack 1, which it does not show (refused), while the
# *complete* buttons under both parks offer stack 0's plan.

# %%
completing = scenario("completing")
print("plan on stack 0:", *content().cards[0].plan_rows, sep="\n  ")
print("legal completions:", [a for a in completing.legal_actions() if isinstance(a, Complete)])
GAME.board(completing).attempt(Complete(0, 1))

# %% jupyter={"source_hidden": true} tags=["check"]
assert {Complete(0, 0), Complete(1, 0)} <= set(completing.legal_actions())

# %%
extra = completing.clone()
extra.apply(Complete(1, 0))                 # the park with an extra icon
print(extra.log.text(last=2))
print("next:", extra.prompt())

state = completing.clone()
state.apply(Complete(0, 0))                 # the exact match: the ability is offered
print(wrap(state.prompt()))
print(state.legal_actions())
state.apply(UseAbility(1))                  # bury: stack 1's top goes to its bottom
print(state.log.text(last=3))

# %% [markdown]
# **The abilities.** The rulebook shows an ability beside each plan but prints none, so the
# four abilities are ours, and each card's text says exactly what its effect does (a test
# checks every ability against its own text). *Swap*, for instance, exchanges the top two
# cards of **one** other stack, so the card beneath becomes that stack's plan. (An earlier
# text of ours said it exchanged the tops of the two other stacks — that would change no plan
# you can match, since every stack top is visible and any stack may be matched.) In the
# scenario `swap`, #6 and #13 show the plan of #9 exactly, and #9's swap is offered:

# %%
for key, ability in content().abilities.items():
    print(wrap(f"{key}: {ability.text}"))
swap = scenario("swap")
print(wrap(swap.prompt()))
print("before:", stacks_text(swap.stacks))
swap.apply(UseAbility(1))                   # swap on stack 1
print("after: ", stacks_text(swap.stacks))

# %% [markdown]
# ## Ending the Round
#
# When the deck is empty (after the last card is placed) or every stack is empty:
#
# 1. the build area goes to the discard pile;
# 2. you reserve discarded cards with an icon of the current portfolio round — at least one
#    if any qualifies, more if you like;
# 3. the reserved pile covers the round; the discard pile becomes the next round's deck.
#
# **Unclear:** the step says "choose 1 or more", the note allows none. Our reading:

# %%
print(wrap(rules["lands.end.reserve_required"].reading))
state.apply(boardkit.lands.actions.Continue())   # the example's deck is empty: the round ends
print(state.log.text(last=6))                    # only #0 shows a ride: reserved automatically

# %% [markdown]
# With a choice (scenario `reserving`): another deal, whose first four cards (#1, #9, #5, #13)
# became four parks. Three of them show rides; at least one must be reserved, and more may
# be. On the board, reserving #1 (no ride) is refused; click a ride card in the discard pile
# to reserve it.

# %%
reserving = scenario("reserving")
print(reserving.prompt(), reserving.legal_actions())
print(wrap(f"stopping at once: {reserving.explain(DoneReserving()).rule} - "
           f"{reserving.explain(DoneReserving()).message}"))
GAME.board(reserving).attempt(Reserve(1))

# %% [markdown]
# The game states this structure in one place (`boardkit.lands.flow`): a round of the
# Portfolio Phase, repeated four times, each ending with the reserve; then the Megapark Phase.

# %%
print(state.flow.describe())

# %% [markdown]
# ## Megapark Phase
#
# After round 4 the reserved cards are turned over and **all** of them must go into one
# megapark, built under the same rules, aiming only at the goal's megapark plan. Missing icons
# are allowed — they cost points.
#
# The scenario `megapark` plays four rounds of goal 1A (whose portfolio shows four ride icons)
# to reserve the six cards of the rulebook's scoring example. Only reserved cards may be
# placed: #6 may start the megapark, #0 (not reserved) may not.

# %%
mega_start = scenario("megapark")
print(wrap(scenarios()["megapark"].description))
print("to place:", listing(f"#{card}" for card in mega_start.hand))
GAME.board(mega_start).attempt(Place(6, 0, 7, 6, 0, 0)).attempt(Place(0, 0, 5, 5, 0, 0))

# %% [markdown]
# The rulebook's scoring example, built card by card (each later card slipped under):

# %%
BUILD = [(Placed(6, 7, 6, 0, 0), False), (Placed(9, 4, 3, 90, 1), True),
         (Placed(12, 8, 3, 90, 1), True), (Placed(11, 6, 4, 90, 1), True),
         (Placed(7, 5, 6, 90, 0), True), (Placed(13, 2, 6, 0, 1), False)]

def build_example(s):
    for p, under in BUILD:
        s.apply(Place(p.card, 0, p.x, p.y, p.angle, p.shape, under))
    s.apply(Finish())
    return s

mega = build_example(scenario("megapark"))
print(wrap(mega.log.text(last=1)))

# %% [markdown]
# ## Scoring
#
# * +2 for each highlighted square of the plan without an icon,
# * +1 for each icon outside the highlighted squares,
# * +1 for each portfolio icon missing from the megapark.
#
# | penalty | title |
# | --- | --- |
# | 0 | Visionary! |
# | 1–2 | Imaginative Designer |
# | 3–5 | Capable Planner |
# | 6+ | Failure |
#
# The rulebook's example — one unfilled square, one extra icon, one of the four ride icons
# missing — is exactly what the megapark above shows: 4 points. (The plan may be laid over the
# megapark in any quarter turn and place; the best fit counts.)

# %%
for line in mega.result.lines(mega.params.points):
    print(line)
GAME.board(mega)

# %% jupyter={"source_hidden": true} tags=["check"]
assert (mega.result.unfilled, mega.result.extra, mega.result.missing["rides"]) == (1, 1, 1)
assert mega.result.total == 4 and mega.result.title == "Capable Planner"

# %% [markdown]
# **Winning.** The rulebook gives titles, not "win" or "lose". We read *Failure* (6 points
# or more) as the only losing result: `winners()` is `[0]` for any other title — the puzzle is
# solved — and `[]` for a Failure (the game has no winner). The same six cards laid carelessly
# (each on top, at the first legal place listed) make a Failure. Expert Mode's points count in
# the same total, so they can turn a result into a Failure too (see below).

# %%
print(wrap(rules["lands.score.result"].reading))
print("the example:", mega.result.title, "-> winners:", seats_text(mega.winners()))
careless = scenario("megapark")
while careless.hand:
    careless.apply(next(a for a in careless.legal_actions() if isinstance(a, Place) and not a.under))
careless.apply(Finish())
print("careless:", careless.result.total, careless.result.title, "-> winners:", seats_text(careless.winners()))

# %% [markdown]
# ## Expert Mode
#
# One more rule: +1 for every card still in the stacks at the end — so completing plans
# matters. It is a variant option: `new_game(variant={"expert": True})`, and
# `scenario(name, expert=True)` plays a scenario under it.

# %%
expert = build_example(scenario("megapark", expert=True))
left = sum(len(s) for s in expert.stacks)
print(f"{left} cards left in the stacks: penalty {expert.result.total} ({expert.result.title})"
      f" -> winners: {seats_text(expert.winners())}")

# %% [markdown]
# ## The unclear rules and our readings
#
# Every rulebook leaves questions open. The catalog records each one and the reading boardkit
# chose, with the reason — worth discussing in class: would you read them differently?

# %%
for r in rules.ambiguous():
    print(wrap(f"{r.id} ({r.section})\n  unclear: {r.ambiguity}\n  reading: {r.reading}\n"))

# %% [markdown]
# ## Beyond the rulebook: the megapark solver
#
# `solve(cards, side, params)` finds the megapark of **lowest penalty** for a set of reserved
# cards by an exact branch-and-bound search: it builds from the top card down (each next card
# slipped under the others, every step a legal park), so each decided square is final, and it
# cuts every branch whose lower bound cannot beat the best megapark found. `proven=True` means
# the search finished: no megapark built this way is better.
#
# For the scoring example's cards, the best megapark is much better than 4:

# %%
from boardkit.lands.solver import hint, solve

t = time.perf_counter()
best = solve(mega_start.hand, content().side(0, 0), GAME.make_params(), time_limit=None)  # no clock: proven
print(f"best penalty {best.penalty} ({best.breakdown.title}), proven={best.proven}, "
      f"{best.nodes} search nodes, {time.perf_counter() - t:.2f} s")
print("play it top card first, each next card under:", *best.layout, sep="\n  ")

# %% jupyter={"source_hidden": true} tags=["check"]
assert best.proven and best.penalty <= 4

# %% [markdown]
# During the portfolio phase, `hint(state)` suggests a move: complete a plan if a park
# matches one, else the placement that brings a park closest to a visible plan.

# %%
print(hint(arranged([1, 4, 6, 3, 2, 0, 5, 7, 8, 9, 10, 11, 12, 13, 14], goal=(0, 0))))
print(hint(scenario("first-card")))

# %% [markdown]
# ## A small analysis
#
# The rule-aware greedy agent (complete plans when it can, reserve cards that serve the
# portfolio, the solver for the megapark) has played 1,000 deals in normal and 1,000 in Expert
# mode: the stored studies `lands-normal-greedy` and `lands-expert-greedy`
# (`python -m boardkit.analysis.studies NAME` plays one again). `simulate` returns one row per
# game with its seed, so every row can be replayed: the first four deals are played again
# here and give the stored rows.

# %%
from boardkit.analysis import simulate, studies
from boardkit.analysis.lab import interval_text
from boardkit.analysis.metrics import wilson

normal = studies.load("lands-normal-greedy")
hard = studies.load("lands-expert-greedy")
live = simulate("lands", agents=["greedy"], n=4, seed=3)  # the study's seed: its first deals
print("the first four deals' penalties, played now:", listing(int(v) for v in live.score),
      "| stored:", listing(int(v) for v in normal.score[:4]))

def titled(frame):
    frame = frame.copy()
    frame["title"] = frame.score.map(lambda v: boardkit.lands.scoring.title(int(v), GAME.make_params()))
    frame["side"] = frame.seed.map(lambda s: GAME.new_game(seed=int(s)).side.label)
    return frame

normal, hard = titled(normal), titled(hard)
for label, frame in (("normal", normal), ("expert", hard)):
    solved = interval_text(frame.win.mean(), *wilson(int(frame.win.sum()), len(frame)), digits=0)
    titles = ", ".join(f"{title} {n}" for title, n in frame.title.value_counts().items())
    print(f"{label}: {len(frame):,} deals, mean penalty {frame.score.mean():.2f}, "
          f"solved (won) {solved}\n  titles: {titles}")
print("winners() follows the title table:", bool((normal.win == (normal.title != "Failure")).all()))

# %%
normal.score.plot.hist(bins=range(0, 14), alpha=0.6, label="normal")
ax = hard.score.plot.hist(bins=range(0, 14), alpha=0.6, label="expert")
ax.set_xlabel("final penalty (lower is better)")
ax.legend();

# %%
by_side = normal.groupby("side").score.agg(["mean", "count"]).sort_values("mean")
print(by_side.round(2))
print("hardest side over 1,000 deals:", by_side.index[-1])

# %% jupyter={"source_hidden": true} tags=["check"]
assert live.score.tolist() == normal.score[:4].tolist()  # a stored row is a game the code gives
assert len(normal) == len(hard) == 1000

# %% [markdown]
# ## Exercise
#
# 1. **Is the megapark plan or the portfolio the harder part?** Change the points
#    (`params={"points.portfolio": 2}` or `{"points.unfilled": 1}`) and rerun the simulation:
#    which titles move?
# 2. **How much does rearranging help an agent?** Set `params={"rearrangements": 0}` (or 3)
#    and compare the number of completed plans (`state.completed`) over a few seeds.
# 3. **Design a goal side** (edit a copy of `data/lands/goals.toml`, load it with
#    `boardkit.lands.content.load_content(folder)`) and use `solve` to check that some legal
#    reserve reaches 0 points.
#
# **Checked exercise (question 1).** Which part costs the greedy player more points — the
# megapark plan or the portfolio? Replay the first 6 deals of the run above (`normal.seed[:6]`,
# seed 3) with the greedy agent and split each final penalty into its two parts:
#
# * the **plan**: unfilled highlighted squares and extra icons, each at its points;
# * the **portfolio**: missing portfolio icons, at their points.
#
# Replay deal `s` with `state = GAME.new_game(seed=s)` and
# `play(state, [make_agent("greedy", seed=s * 8, game="lands")])` (from `boardkit.agents`; the
# agent's seed is the one `simulate` gives seat 0). After the game, `state.result` holds the
# parts and `state.params.points` their prices, as in *Scoring* above. Sum each part over the
# six deals, name the harder part, put all three into `answer` and run the check cell.

# %% tags=["exercise"]
answer = None  # {"plan_points": ..., "portfolio_points": ..., "harder": "plan" or "portfolio"}

# %% tags=["solution"]
from boardkit.agents import make_agent, play

points = GAME.make_params().points
parts = {"plan": 0, "portfolio": 0}
for s, score in zip(normal.seed[:6], normal.score[:6], strict=True):
    replay = GAME.new_game(seed=int(s))
    play(replay, [make_agent("greedy", seed=int(s) * 8, game="lands")])
    r = replay.result
    parts["plan"] += r.unfilled * points.unfilled + r.extra * points.extra
    parts["portfolio"] += sum(r.missing.values()) * points.portfolio
    assert r.total == score          # the same game as the run's row
answer = {"plan_points": parts["plan"], "portfolio_points": parts["portfolio"],
          "harder": max(parts, key=parts.get)}
print(f"plan {parts['plan']} points, portfolio {parts['portfolio']} points: "
      f"the {answer['harder']} is harder")

# %%
from boardkit.teaching import check

solved = check("lands.parts", answer)

# %% tags=["solution"]
assert solved  # the teacher's edition checks its own solution

# %% [markdown]
# To discuss: a missing icon costs 1 point and an unfilled square 2 — is the plan harder, or
# only dearer? Count the squares and icons instead of the points, or rerun with
# `params={"points.unfilled": 1}` (question 1): which titles move?

# %%
print(f"notebook ran in {time.perf_counter() - NOTEBOOK_START:.0f} s")
