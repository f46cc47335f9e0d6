# %% [markdown]
# # Freizeitpark — building an amusement park with two dice
#
# *Freizeitpark* (amusement park) is a roll-and-write game whose rulebook is written in German.
# This notebook walks through it section by section, in the rulebook's order, in English — with
# the German terms kept beside the English words (*Achterbahn* / roller coaster, *Bausünde* /
# building sin, ...), because the rulebook, the board and this notebook all use them.
#
# Every rule has an id in the rule catalog (`data/freizeitpark/rules.toml`); the paraphrases
# are ours, the section names are the rulebook's. Each rule is shown on a **named position**
# and on a small board: `scenario(name)` starts a game brought there by **forced rolls**
# ("suppose the dice show 3 and 5") and real moves (`data/freizeitpark/scenarios.toml`), so
# the examples are always the same and every position saves and replays like a game.
# `board.attempt(move)` asks the rules about a move without playing it: a green ghost on the
# sheet when it is legal, a red one with the rule and its message when not. Each board is
# yours afterwards (*Reset* brings back its first position). Cells tagged `check` (folded)
# confirm the key results; you may skip them.
#
# Some things the rulebook only shows as pictures — the sheet, the six structures, the shapes
# of the constructs, the score tables. boardkit designed them (they are marked *illustrative*
# and explained in `data/README.md`); a course that owns the game can replace the data files.
#
# Contents: 1 Spielziel · 2 Spielvorbereitung · 3 Zeichenerklärung · 4 Spielablauf ·
# 5 Würfel werfen und nutzen · 6 Wahl der Struktur · 7 Wahl des Symbols · 8 Konstrukt bauen ·
# 9 Mögliche Punkte erhalten · 10 Spiel gewinnen (with the geometry of enclosed cells) ·
# 11 Erweitertes Spiel (Auftragskarten) · 12 Unclear rules and our readings · 13 The board ·
# 14 A small analysis · 15 Exercise

# %%
import pandas as pd
from IPython.display import HTML, display

import boardkit
from boardkit.analysis import readable
from boardkit.engine.words import plural, wrap
from boardkit.freizeitpark import Build, Entrance, scenario
from boardkit.freizeitpark import auftragskarten, ende, scenarios
from boardkit.freizeitpark.agents import greedy
from boardkit.freizeitpark.bauen import build_for
from boardkit.freizeitpark.board import draw, legend_svg, park_svg
from boardkit.freizeitpark.content import content
from boardkit.freizeitpark.konstrukte import analysis

GAME = boardkit.game("freizeitpark")
RULES = GAME.rules
TERMS = content()
rs = GAME.new_game(players=1, seed=1).rules   # the default rules: 10 × 10, no card

def rule(rule_id):
    """Show one rule of the catalog (and our reading where the rulebook is unclear)."""
    r = RULES[rule_id]
    extra = f"<br><i>Unclear:</i> {r.ambiguity}<br><i>Our reading:</i> {r.reading}" if r.ambiguity else ""
    display(HTML(f"<p><code>{r.id}</code> ({r.section}): {r.text}{extra}</p>"))

readable(pd.DataFrame([(t.de, t.en, t.note or "") for t in TERMS.terms.values()],
                      columns=["German", "English", "note"]).head(16))

# %% [markdown]
# The glossary above (the first rows; it lives in `data/freizeitpark/glossary.toml`) is the
# one place where the German words and their English translations are kept — the board reads
# it too.
#
# ## 1. Spielziel (the goal)
#
# Each player designs a park that is popular (*Beliebtheit*), makes money (*Vermögen*), has
# enough parking (*Parkplätze*) and is sustainable (*Nachhaltigkeit*). The first manager whose
# park meets all four minimum requirements (*Mindestanforderungen*) wins — unless the
# enclosed empty cells of the park cost too much sustainability at the end. A manager who can
# no longer build what the minimums need is out; if nobody gets there, the game has **no
# winner**.

# %%
print(wrap(f"{GAME.title} — {GAME.summary}"))
print("players:", GAME.min_players, "to", GAME.max_players)

# %% [markdown]
# ## 2. Spielvorbereitung (setup)
#
# Every player has a sheet (*Spielblatt*) of their own; two dice are shared. The sheet is a
# picture in the rulebook: we use a square grid of 10 × 10 cells (a rule parameter). Any
# number of players can play, solo included; boardkit allows 1 to 6, and refuses a seventh
# player with a clear error before anything starts.

# %%
state = GAME.new_game(players=2, seed=1)
print(state.rules.width, "x", state.rules.height, "cells; first decision:", state.prompt())
try:
    GAME.new_game(players=7)
except boardkit.engine.BoardkitError as refused:
    print("seven players:", refused)
rule("freizeitpark.vorbereitung.blatt")
display(HTML(draw(state)))

# %% [markdown]
# ## 3. Zeichenerklärung (the symbol table)
#
# The die used for the **structure** (*Struktur*) picks one of six shapes; the other die picks
# the **symbol** that fills every cell of it. Symbols grow into **constructs** (*Konstrukte*):
# a construct is finished when the cells of its symbol that touch along sides form exactly its
# shape (turned or mirrored). Landschaft has no shape: every cell counts.

# %%
display(HTML(legend_svg()))

# %% [markdown]
# ## 4. Spielablauf (a round) — everybody plays at once
#
# All players use the same roll at the same time, each in their own way. A program decides one
# player after the other, so boardkit lets each player decide in **secret**: the build is set
# aside and drawn for everybody at once when the last player has decided. Until then the other
# players see only *"draws a structure"* (or *"draws the Eingang"*, the first decision) — in
# their view of the game and in the log.
#
# The scenario `secret-eingang`: P1 has chosen where the Eingang goes, P2 has not. The board
# shows the table through P2's eyes (*view as*): P1's sheet is still empty and marked
# "has decided". P2 tries an Eingang on the top border (legal) and one in the middle of the
# sheet (refused: the Eingang touches the border, section 6).

# %%
rule("freizeitpark.ablauf.simultan")
secret = scenario("secret-eingang")
print(wrap(scenarios.scenarios()["secret-eingang"].description))
print("P2 sees in the log:", secret.observation(1)["log"][-1])
print("P1 sees in the log:", secret.observation(0)["log"][-1])
GAME.board(secret, viewer=1).attempt(Entrance(1, 7, 0)).attempt(Entrance(1, 4, 4))

# %% [markdown]
# Once P2 decides, both Eingänge are drawn at once and round 1 begins (on a copy: the board
# above stays as it was):

# %%
both = secret.clone()
both.apply(Entrance(1, 7, 0))
print(both.log.text(last=3))

# %% jupyter={"source_hidden": true} tags=["check"]
assert secret.observation(1)["players"][0]["pending"] is None and secret.observation(1)["players"][0]["decided"]
assert both.sheets[0].cells[(0, 9)] == "eingang" and both.round == 1

# %% [markdown]
# ## 5. Würfel werfen und nutzen (rolling and using the dice)
#
# One roll per round for everybody. Each player decides which die gives the structure and
# which the symbol; when the dice differ, both ways are open. The rulebook's example: a **3 and
# a 5** — either the 3 gives Landschaft and the 5 a structure of two cells, or the 5 gives a
# Verkaufsstand and the 3 a structure of three cells.
#
# The next sections follow one solo park whose rolls are all forced, round after round; each
# section starts from the scenario of its round. Here, `first-roll`: the Eingang lies in the
# middle of the bottom border and the dice show 3 and 5. On the board: (1) the bar of three of
# the 3 as a Verkaufsstand — legal; (2) a structure of a 4 — there is no 4; (3) the 5's bar of
# two as a Karussell — the 3 gives only Landschaft.

# %%
first = scenario("first-roll")
stand = build_for(rs, 3, [(3, 8), (4, 8), (5, 8)], "verkaufsstand")
combos = {(a.die, a.symbol) for a in first.legal_actions()}
print("ways to use 3 and 5:", " or ".join(f"the {die}'s structure as {TERMS.terms[symbol].de}"
                                         for die, symbol in sorted(combos)))
rule("freizeitpark.wurf.split")
(GAME.board(first).attempt(stand).attempt(Build(4, "landschaft", 0, 0, 7))
 .attempt(Build(5, "karussell", 1, 6, 8)))

# %% jupyter={"source_hidden": true} tags=["check"]
assert combos == {(5, "landschaft"), (3, "verkaufsstand")}
assert first.explain(stand).legal and first.explain(Build(4, "landschaft", 0, 0, 7)).rule == "freizeitpark.wurf.split"

# %% [markdown]
# **Which symbols do the faces give?** 3 → Landschaft, 4 → Parkplätze, 5 → Verkaufsstand,
# 6 → free choice. The faces 1 and 2 give "the attractions" — four of them for two faces. Does
# each face give any attraction, or two each? The rulebook is not clear; we chose **any** and
# made it a rule parameter (`dice.attractions`), measured in section 14.

# %%
from boardkit.freizeitpark.regelwerk import ruleset
from boardkit.freizeitpark.wurf import symbol_options

rule("freizeitpark.wurf.attractions")
split = ruleset(GAME.make_params({"dice.attractions": "split"}), None)
for reading, rules_of in (("any", rs), ("split", split)):
    print(f"{reading}:".ljust(7), " | ".join(
        f"a {face} gives " + ", ".join(TERMS.terms[s].de for s in symbol_options(rules_of, face))
        for face in (1, 2)))

# %% jupyter={"source_hidden": true} tags=["check"]
assert set(symbol_options(split, 1)).isdisjoint(symbol_options(split, 2))

# %% [markdown]
# ## 6. Wahl der Struktur einzeichnen (drawing the structure)
#
# The first drawing is the **Eingang** (entrance), touching the sheet's border. On a fresh
# sheet: (1) in the top-left corner — legal; (2) in the middle — refused; (3) hanging over the
# right edge — refused (column K does not exist).

# %%
rule("freizeitpark.struktur.eingang")
GAME.board(GAME.new_game(players=1, seed=2)).attempt(Entrance(1, 0, 0)).attempt(
    Entrance(1, 3, 4)).attempt(Entrance(1, 8, 0))

# %% [markdown]
# After that a new structure must lie on **empty** cells and share at least one cell **side**
# with the park — a corner is not enough. Scenario `second-roll`: round 1 drew the
# Verkaufsstand above the Eingang, and the dice show **3 and 3** — a bar of three filled with
# Landschaft. (1) Right of the Eingang, side by side — legal; (2) one row above the
# Verkaufsstand, touching it only at a corner — refused; (3) over the Verkaufsstand — refused.

# %%
second = scenario("second-roll")
side_by_side = build_for(rs, 3, [(6, 9), (7, 9), (8, 9)], "landschaft")
corner_only = build_for(rs, 3, [(6, 7), (7, 7), (8, 7)], "landschaft")
overlapping = build_for(rs, 3, [(5, 8), (6, 8), (7, 8)], "landschaft")
rule("freizeitpark.struktur.anschluss")
GAME.board(second).attempt(side_by_side).attempt(corner_only).attempt(overlapping)

# %% jupyter={"source_hidden": true} tags=["check"]
assert second.explain(corner_only).rule == "freizeitpark.struktur.anschluss"
assert second.explain(overlapping).rule == "freizeitpark.struktur.frei"

# %% [markdown]
# ## 7. Wahl des Symbols (filling it with a symbol)
#
# Every cell of the structure gets the chosen symbol. The rulebook's example: a structure of
# three cells filled with **Landschaft** gives **three Nachhaltigkeit at once** — that is what
# round 2 did (scenario `attractions-roll`). Now the dice show **1 and 2**: the square of the
# 1 and an attraction from the 2. (1) A Karussell above the Landschaft — legal; (2) the same
# square as Landschaft — refused: 1 and 2 give attractions only.

# %%
attractions = scenario("attractions-roll")
print("Nachhaltigkeit after round 2:", attractions.standing(0).marks("nachhaltigkeit"))
karussell = build_for(rs, 1, [(6, 7), (7, 7), (6, 8), (7, 8)], "karussell")
rule("freizeitpark.wurf.symbol")
GAME.board(attractions).attempt(karussell).attempt(Build(1, "landschaft", 0, 6, 7))

# %% jupyter={"source_hidden": true} tags=["check"]
assert attractions.standing(0).marks("nachhaltigkeit") == 3
assert attractions.explain(Build(1, "landschaft", 0, 6, 7)).rule == "freizeitpark.wurf.symbol"

# %% [markdown]
# ## 8. Konstrukt bauen (building constructs)
#
# Rounds 3 to 11 build a **Karussell** (carousel, a 2 × 2 square), a **Geisterbahn** (ghost
# train, 2 × 3) in two rounds, an **Achterbahn** (roller coaster, a 4 × 4 ring) from four bars
# of three, a **Parkplätze** site, and finally a Karussell *inside* the Achterbahn.
#
# Three rules decide where a symbol may go:
#
# * **Bausünde** (building sin): a group that is too big, wrongly shaped or can no longer be
#   finished never scores — drawing it is allowed but pointless;
# * **distance**: two constructs of the same kind may not touch, not even at a corner
#   (Landschaft excepted);
# * **no gaps filled with sins**: enclosed empty cells (like the inside of an Achterbahn) may not
#   be filled with a site that can never be finished.
#
# Scenario `karussell-built`: round 3 drew the Karussell, and the dice show 1 and 2 again.
# (1) A second square beside it as a Geisterbahn — another kind: legal; (2) the same square as
# a second Karussell — refused.

# %%
built = scenario("karussell-built")
square = [(8, 7), (9, 7), (8, 8), (9, 8)]
rule("freizeitpark.konstrukt.abstand")
GAME.board(built).attempt(build_for(rs, 1, square, "geisterbahn")).attempt(
    build_for(rs, 1, square, "karussell"))

# %% jupyter={"source_hidden": true} tags=["check"]
assert built.explain(build_for(rs, 1, square, "karussell")).rule == "freizeitpark.konstrukt.abstand"

# %% [markdown]
# Scenario `achterbahn-closed`: rounds 4 to 9 finished the Geisterbahn and the Achterbahn, whose
# inside is now four enclosed empty cells (marked ×). The dice show **5 and 4**: two cells of
# Parkplätze. (1) Outside the Achterbahn, the start of a site — legal; (2) inside it, where the
# T-shaped Parkplätze could never be finished — refused.

# %%
closed = scenario("achterbahn-closed")
an = analysis(rs, closed.sheets[0])
print("finished:", ", ".join(f"{an.count(s)} {TERMS.terms[s].de}"
                             for s in ("karussell", "geisterbahn", "achterbahn")),
      "| enclosed empty cells:", len(an.enclosed))
outside = build_for(rs, 5, [(6, 6), (7, 6)], "parkplaetze")
inside = build_for(rs, 5, [(1, 5), (2, 5)], "parkplaetze")
rule("freizeitpark.konstrukt.luecken")
GAME.board(closed).attempt(outside).attempt(inside)

# %% jupyter={"source_hidden": true} tags=["check"]
assert an.count("achterbahn") == 1 and len(an.enclosed) == 4
assert closed.explain(inside).rule == "freizeitpark.konstrukt.luecken" and closed.explain(outside).legal

# %% [markdown]
# ## 9. Mögliche Punkte erhalten (scoring)
#
# Each Landschaft cell gives 1 Nachhaltigkeit at once; a finished Achterbahn 4 Beliebtheit, a
# Wildwasserbahn 3, a Geisterbahn 2, a Karussell 1; a Verkaufsstand 3 Vermögen; Parkplätze 3
# points. Each table has a number of fields and a minimum; a full table takes no more points,
# but building goes on.
#
# Scenario `eleven-rounds`: round 10 drew the Parkplätze outside, round 11 a Karussell that
# fills the Achterbahn's inside (building inside is allowed when the construct can be
# finished there). Its tables:

# %%
eleven = scenario("eleven-rounds")
st = eleven.standing(0)
table = pd.DataFrame([(TERMS.label(t, "table"), st.marks(t), rs.tables[t].minimum, rs.tables[t].fields)
                      for t in rs.tables], columns=["table", "marks", "minimum", "fields"])
display(table)
GAME.board(eleven)

# %% jupyter={"source_hidden": true} tags=["check"]
assert st.marks("beliebtheit") == 4 + 2 + 1 + 1 and st.marks("parkplaetze") == 0

# %% [markdown]
# ## 10. Spiel gewinnen (winning) — and the enclosure penalty
#
# The game stops as soon as a player meets all four minimums (and, in the expanded game, the
# Auftragskarte). Then every **enclosed empty cell** costs one Nachhaltigkeit: empty cells from
# which no path of empty cells (along sides) leads to the border. A manager who drops below the
# minimum is **fired** (*gefeuert*) and the others play on.
#
# Here is a hand-drawn park (a named sheet: a drawing, not a game) that meets every minimum —
# but the middle of its Wildwasserbahn (log flume) is empty, and it has only 7 Nachhaltigkeit:

# %%
drawn = scenarios.sheet("hand-drawn")  # named sheets: data/freizeitpark/sheets.toml
print(scenarios.describe("hand-drawn"))
display(HTML(park_svg(drawn, rs, title="a hand-drawn park")))
before = ende.standing(rs, drawn)
lost = ende.penalty(rs, drawn)
after = ende.standing(rs, drawn, lost)
print("minimums met:", before.minimums_met(), "| enclosed:", lost,
      "| Nachhaltigkeit", before.marks("nachhaltigkeit"), "->", after.marks("nachhaltigkeit"),
      "| still met:", after.minimums_met())
rule("freizeitpark.ende.abzug")

# %% jupyter={"source_hidden": true} tags=["check"]
assert before.minimums_met() and lost == 1 and not after.minimums_met()

# %% [markdown]
# Filling that cell with Landschaft (a 6 for a single cell, a 3 or a 6 for the symbol) would
# both remove the penalty and add a point. What happens when two players finish in the same
# round the rulebook does not say; we let them share the win:

# %%
rule("freizeitpark.ende.gleichzeitig")

# %% [markdown]
# ### How boardkit sees the enclosed region
#
# "Enclosed" is geometry, and the rulebook leaves it loose; the catalog's reading
# (`freizeitpark.ende.abzug`, above) is: empty cells are enclosed when no path of empty cells
# **joined along sides** reaches the border. boardkit computes it with the grid geometry that
# Lands uses too (`boardkit/engine/grid.py`) and draws it with shapely 2:
#
# * `enclosed_empty_cells(width, height, filled)` groups the **empty** cells by shared sides
#   (integer neighbour look-up) and keeps the groups with no cell on the border;
# * `cells_to_polygons` turns cells into unit squares (one vectorised `shapely.box` call) and
#   `union_cells` merges a group into one polygon (`shapely.coverage_union_all`), the region
#   drawn in red below.
#
# Two traps show why the region is found from the empty cells' sides and only *drawn* with
# shapely:
#
# * **The diagonal leak** (sheet `diagonal-leak`): D4 and E4 touch empty cells that lead to the
#   border — but only at corners. A path to the border goes along sides, so they are enclosed.
#   The drawn cells around them meet only at corners too, so the park's union has **no hole**
#   there: looking for holes in the park would find nothing.
# * **The pinched ring** (sheet `pinched-ring`): an Achterbahn site one cell short — its corner
#   B3 is missing, and the ring's two ends meet only at a corner. Its inside touches the empty
#   B3 only at that corner point, so it is already enclosed (and the gap rule of section 8
#   already holds there). shapely draws the ring as one polygon whose hole touches its outline
#   at that point.
#
# In both, shapely's `intersects` says the region *touches* the other empty cells — it does, at
# corner points. Only a shared side is a way out: the contact must have a length. For each
# sheet: the enclosed cells, the holes of the park's union, and where the enclosed region meets
# the other empty cells.

# %%
import matplotlib.pyplot as plt
import shapely
from shapely.plotting import plot_polygon

from boardkit.engine.grid import as_cells, cell_name, cells_to_polygons, enclosed_empty_cells, union_cells

SHEETS = ("hand-drawn", "diagonal-leak", "pinched-ring")

def geometry(name):
    sheet = scenarios.sheet(name)
    filled = as_cells(list(sheet.cells))
    empty = [(x, y) for x in range(sheet.width) for y in range(sheet.height) if (x, y) not in sheet.cells]
    groups = enclosed_empty_cells(sheet.width, sheet.height, filled)
    region = union_cells(as_cells([tuple(c) for g in groups for c in g]))
    inside = {tuple(map(int, c)) for g in groups for c in g}
    rest = union_cells([c for c in empty if c not in inside])
    contact = shapely.intersection(region, rest)
    return {"sheet": sheet, "filled": filled, "region": region, "inside": inside, "empty": empty,
            "enclosed": sorted(cell_name(c) for c in inside),
            "holes in the park": int(shapely.get_num_interior_rings(
                shapely.get_parts(union_cells(filled))).sum()),
            "touches the other empty cells": bool(shapely.intersects(region, rest)),
            "contact": contact.geom_type if not contact.is_empty else "none",
            "contact length": contact.length}

geo = {name: geometry(name) for name in SHEETS}
fig, axes = plt.subplots(1, 3, figsize=(12, 4.3))
for ax, (name, g) in zip(axes, geo.items(), strict=True):
    symbols = [g["sheet"].cells[(int(x), int(y))] for x, y in g["filled"]]
    plot_polygon(shapely.multipolygons(cells_to_polygons(g["empty"])), ax=ax, add_points=False,
                 facecolor="#f4f1ea", edgecolor="#d8d2c4", linewidth=0.6)
    for square, symbol in zip(cells_to_polygons(g["filled"]), symbols, strict=True):
        plot_polygon(square, ax=ax, add_points=False, facecolor=TERMS.constructs[symbol].colour,
                     edgecolor="white", linewidth=0.8)
    plot_polygon(g["region"], ax=ax, add_points=False, facecolor="#d1495b55", edgecolor="#b3261e",
                 linewidth=2, hatch="//")
    ax.set_xlim(0, 10), ax.set_ylim(10, 0)  # row 1 at the top, as on the sheet
    ax.set_xticks([i + 0.5 for i in range(10)], list("ABCDEFGHIJ"), fontsize=7)
    ax.set_yticks([i + 0.5 for i in range(10)], range(1, 11), fontsize=7)
    ax.set_aspect("equal")
    ax.set_title(f"{name}: {len(g['inside'])} enclosed", fontsize=10)
plt.show()
readable(pd.DataFrame({name: {k: ", ".join(v) if isinstance(v, list) else v for k, v in g.items()
                              if k not in ("sheet", "filled", "region", "inside", "empty")}
                       for name, g in geo.items()}))

# %% [markdown]
# The rule module (`konstrukte.analysis`, which the rules and the board use: a fast bit-set
# version of the same definition) finds the same cells on every sheet.

# %%
agree = {name: {cell_name(c) for c in analysis(rs, g["sheet"]).enclosed} == set(g["enclosed"])
         for name, g in geo.items()}
print("the same cells as the rule module:",
      ", ".join(f"{name} {'yes' if same else 'NO'}" for name, same in agree.items()))

# %% jupyter={"source_hidden": true} tags=["check"]
assert all(agree.values())
assert geo["hand-drawn"]["enclosed"] == ["G3"]
assert geo["diagonal-leak"]["enclosed"] == ["D4", "E4"] and geo["diagonal-leak"]["holes in the park"] == 0
assert geo["diagonal-leak"]["touches the other empty cells"] and geo["diagonal-leak"]["contact length"] == 0
assert len(geo["pinched-ring"]["inside"]) == 4 and geo["pinched-ring"]["holes in the park"] == 1
assert geo["pinched-ring"]["contact"] == "Point" and geo["pinched-ring"]["contact length"] == 0

# %% [markdown]
# ### A roll that fits nowhere, and when a manager is out
#
# Space is scarce: sooner or later a roll comes whose structures fit nowhere in a park. The
# rulebook does not put that player out for one bad roll — a manager is out only when they can
# no longer build what the minimums (and, in the expanded game, the Auftragskarte: section 11)
# need. So boardkit **skips** the round for that player:
# they are not asked anything, nothing is built, the log says *"skips round N"* and the board
# marks the sheet. A player is **out** (*ausgeschieden*) when no roll at all fits the park any
# more (none of the 21 rolls, either split, any symbol, any place), or when the empty cells
# left are provably too few for the marks still missing. Here is a crowded park with one empty
# cell in the bottom row; a Verkaufsstand finished there would meet the last minimum.

# %%
from boardkit.freizeitpark.ablauf import skips

rule("freizeitpark.ablauf.aussetzen")
rule("freizeitpark.ende.ausgeschieden")
crowded = scenarios.sheet("one-empty-cell")
display(HTML(park_svg(crowded, rs, title="one empty cell left")))
print("roll 3 and 5 (bars of three and two) is skipped:", skips(rs, crowded, (3, 5)))
print("roll 6 and 5 (the single cell, a Verkaufsstand) fits:", not skips(rs, crowded, (6, 5)))
print("out? no roll fits at all:", ende.out_of_room(rs, crowded),
      "| cells the minimums still need at least:", ende.cells_needed(rs, crowded))
hopeless = scenarios.sheet("one-empty-cell-hopeless")
print("without the half-built stand a whole one is needed:", ende.cells_needed(rs, hopeless),
      "cells, but only 1 is empty -> out:", ende.out_of_reach(rs, hopeless))

# %% jupyter={"source_hidden": true} tags=["check"]
assert skips(rs, crowded, (3, 5)) and not skips(rs, crowded, (6, 5))
assert not ende.out_of_reach(rs, crowded) and ende.out_of_reach(rs, hopeless)

# %% [markdown]
# Two solo games of the greedy agent show it in play: both skip a few rolls; one park meets
# every minimum and wins, the other runs out of room and its manager is out — then the game
# ends **without a winner** (`winners()` is empty). The score still ranks the parks by how
# close they came (the required marks reached), but that is not a win.

# %%
from boardkit.agents import play

lucky = GAME.new_game(players=1, seed=6)
play(lucky, [greedy(seed=6, shortlist=4)])
unlucky = GAME.new_game(players=1, seed=7)
play(unlucky, [greedy(seed=7, shortlist=4)])
for name, g in (("seed 6", lucky), ("seed 7", unlucky)):
    winners = ", ".join(f"P{p + 1}" for p in g.winners()) or "none"
    print(f"{name}: {g.status[0]} in round {g.left_round[0]}, {plural(g.skips[0], 'round')} skipped,",
          f"winners: {winners}, score {g.scores()[0]:.0f} of 32 required marks")
skipped = [str(e) for e in unlucky.log if "skips round" in e.text]
print("\n".join(skipped[:3]), "\n...\n" + wrap(unlucky.log.text(last=3)))
display(HTML(draw(unlucky)))
rule("freizeitpark.ende.niemand")

# %% jupyter={"source_hidden": true} tags=["check"]
assert lucky.winners() == [0] and unlucky.winners() == [] and unlucky.status == ["out"]

# %% [markdown]
# ## 11. Erweitertes Spiel (the expanded game): Auftragskarten
#
# One random *Auftragskarte* (order card) applies to everybody as an extra condition. The
# twelve cards are data (`data/freizeitpark/auftragskarten.toml`):

# %%
cards = pd.DataFrame([(TERMS.label(c.id, "card"), c.text) for c in content().cards.values()],
                     columns=["card", "condition"])
display(readable(cards))
expanded = GAME.new_game(players=3, seed=4, variant={"expanded": True})
print("drawn for this game:", TERMS.label(expanded.card, "card"))
vielfalt = ruleset(GAME.make_params(), "vielfalt")
kinderland = ruleset(GAME.make_params(), "kinderland")
print("the hand-drawn park meets Vielfalt:", auftragskarten.met(vielfalt, analysis(vielfalt, drawn)),
      "| Kinderland:", auftragskarten.met(kinderland, analysis(kinderland, drawn)))

# %% jupyter={"source_hidden": true} tags=["check"]
assert auftragskarten.met(vielfalt, analysis(vielfalt, drawn))
assert not auftragskarten.met(kinderland, analysis(kinderland, drawn))

# %% [markdown]
# ### The card Zug: how long may a Bummelzug grow?
#
# The card *Zug* asks for a *Bummelzug* (park train) of **at least** ten cells joined along
# sides, with at most four of its cells in any row and any column; it scores nothing. Section
# 8's distance rule says two constructs of the same kind may not touch, and the rulebook
# exempts only Landschaft — but it does not say what a train cell drawn against a train that
# already meets the card is.
#
# **Our reading:** a train cell joined along a side to a finished train **lengthens** it: it
# is one longer train, not a second one touching the first, so it is legal as long as the
# whole train still has at most four cells in every row and column. *Why:* the card says "at
# least ten", so an eleven-cell train meets it as well; and refusing the eleventh cell made
# legality depend on the order of drawing — the same eleven cells were legal when the last
# two came in one structure and illegal when they came one at a time. A train piece that
# touches a finished train only at a corner is a second train and stays refused; so does a
# lengthening past the limit, which would spoil a finished construct (like drawing onto any
# other finished construct).

# %%
from boardkit.freizeitpark.bauen import check_build

zug = ruleset(GAME.make_params(), "zug")

def verdict(sheet, dice, build):
    """'legal', or the rule the build breaks on this sheet (with the card Zug)."""
    try:
        check_build(zug, sheet, dice, build)
    except boardkit.RuleViolation as err:
        return f"refused ({err.rule})"
    return "legal"

ten = scenarios.sheet("train-finished")
nine = scenarios.sheet("train-nine")
one_more = build_for(zug, 6, [(6, 4)], "zug")            # G5, below the train's last cell
last_two = build_for(zug, 5, [(6, 3), (6, 4)], "zug")    # G4 and G5 in one bar of two
print("ten cells, then one on G5 (roll 6 and 1):  ", verdict(ten, (6, 1), one_more))
print("nine cells, then G4 and G5 (roll 5 and 1):", verdict(nine, (5, 1), last_two))
print("a fifth cell in row 3 (H3):               ",
      verdict(ten, (6, 1), build_for(zug, 6, [(7, 2)], "zug")))
both_ways = []
for start, cells in ((ten, [(6, 4)]), (nine, [(6, 3), (6, 4)])):
    after = start.copy()
    after.draw(cells, "zug")
    both_ways.append(after)
display(HTML(park_svg(both_ways[0], zug, title="one by one") + park_svg(both_ways[1], zug, title="two at once")))
rule("freizeitpark.konstrukt.abstand")

# %% jupyter={"source_hidden": true} tags=["check"]
assert verdict(ten, (6, 1), one_more) == verdict(nine, (5, 1), last_two) == "legal"
assert verdict(ten, (6, 1), build_for(zug, 6, [(7, 2)], "zug")) == "refused (freizeitpark.konstrukt.abstand)"
assert both_ways[0].cells == both_ways[1].cells
assert [(g.symbol, len(g), g.finished) for g in analysis(zug, both_ways[0]).groups
        if g.symbol == "zug"] == [("zug", 11, True)]

# %% [markdown]
# ### A card that can no longer be met
#
# The rulebook's sentence on going out names the card in a bracket beside the minimums: a
# manager who does not manage to build what the minimums "and / or" the Auftragskarte need is
# out. **Our reading:** the card counts like the minimums. In the expanded game it is a
# condition of winning, so a manager is out as soon as the minimums and the card can provably
# no longer *both* be met: a card construct that could still be built keeps nobody in whose
# minimums are out of reach, and minimums in reach keep nobody in whose card is out of reach.
# boardkit's test stays a count (section 10): a lower bound on the cells still needed, now
# with the card's missing constructs — a missing Bummelzug costs its ten cells, which score
# nothing — against the empty cells. The crowded park of section 10 needs one cell for its
# last Verkaufsstand, and one cell is empty; with the card Zug a whole train is missing too:

# %%
for card in (None, "zug"):
    with_card = ruleset(GAME.make_params(), card)
    print(f"card {card or '(none)'}: at least {plural(ende.cells_needed(with_card, crowded), 'more cell')} "
          f"needed, 1 empty -> out: {ende.out_of_reach(with_card, crowded)}")

# %% jupyter={"source_hidden": true} tags=["check"]
assert ende.cells_needed(rs, crowded) == 1 and not ende.out_of_reach(rs, crowded)
assert ende.cells_needed(zug, crowded) == 11 and ende.out_of_reach(zug, crowded)

# %% [markdown]
# ## 12. Unclear rules and our readings
#
# Every rulebook has gaps. Where ours is silent or ambiguous, the catalog records the question
# and the reading we chose, with the reason. Discussing these is part of game design:

# %%
unclear = pd.DataFrame([(r.id.removeprefix("freizeitpark."), r.ambiguity, r.reading)
                        for r in RULES.ambiguous()], columns=["rule", "unclear", "our reading"])
print(len(unclear), "readings")
readable(unclear)

# %% [markdown]
# ## 13. The board
#
# Click a die to use it for the structure, pick a symbol, press **r** / **f** to turn or mirror
# the structure, and move the pointer over your sheet: a ghost shows where it would go (green:
# legal, red: not). Click to draw; an illegal click shows its rule. Finished constructs are
# outlined, building sins dashed red, enclosed empty cells crossed. *View as* hides the other
# players' secret builds; *AI move* lets the greedy agent decide.

# %%
board = GAME.board(GAME.new_game(players=2, seed=7), agent=greedy(seed=1))
board

# %% [markdown]
# ## 14. A small analysis
#
# A one-step **greedy** agent (it rates each legal build by progress towards the minimums,
# half-built constructs that can still be finished, enclosed cells and open space) plays a few
# games; `"greedy:4"` is its faster setting (the exact check only for its 4 best candidates
# instead of 10). These samples are small so that the notebook runs in under a minute — rerun
# them bigger from a terminal (`boardkit simulate freizeitpark --agents greedy --games 500`).
#
# *How often does a park meet the minimums, and after how many rounds? How often does the
# penalty fire the manager?*

# %%
from boardkit.analysis import simulate

def outcomes(frame):
    met = frame[(frame.fact_won == 1) | (frame.fact_fired == 1)]
    return pd.Series({"games": frame.game.nunique(), "minimums met": len(met) / len(frame),
                      "won": frame.fact_won.mean(), "fired": frame.fact_fired.mean(),
                      "out": frame.fact_out.mean(),
                      "games without a winner": frame.groupby("game").no_winner.first().mean(),
                      "rounds skipped": frame.fact_skipped.mean(),
                      "rounds when met": met.fact_rounds.mean() if len(met) else float("nan")})

solo = simulate("freizeitpark", agents=["greedy:4"], n=10, seed=20, players=1, trace=False, progress=False)
four = simulate("freizeitpark", agents=["greedy:4"], n=2, seed=20, players=4, trace=False, progress=False)
bigger = simulate("freizeitpark", agents=["greedy:4"], n=8, seed=20, players=1, trace=False, progress=False,
                  params={"sheet.width": 12, "sheet.height": 12})
summary = pd.DataFrame({"solo 10×10": outcomes(solo), "4 players 10×10": outcomes(four),
                        "solo 12×12": outcomes(bigger)})
display(readable(summary.T, digits=2))  # one row per setup

# %% jupyter={"source_hidden": true} tags=["check"]
assert len(solo) == 10 and len(four) == 8 and (solo.score <= 32).all()
assert summary.loc["minimums met", "solo 10×10"] < 0.5
assert summary.loc["games without a winner"].tolist()[:2] == [0.7, 0.5]
assert summary.loc["minimums met", "solo 12×12"] == 1 and summary.loc["out", "solo 12×12"] == 0
assert summary.loc["fired", "solo 12×12"] > summary.loc["won", "solo 12×12"] > summary.loc["won", "solo 10×10"]

# %% [markdown]
# On the 10 × 10 sheet the greedy manager meets the minimums in fewer than half of these
# games; the others crowd their park, skip more and more rolls that fit nowhere (a dozen
# rounds or more per player) and are finally out, and most solo games end without a winner
# (7 of 10; one of the two 4-player games). A bigger sheet lets every manager meet the
# minimums (a share of 0.40 becomes 1.00, and nobody is out) but wins only a few more games
# (0.30 becomes 0.38): there the penalty fires most managers (0.62). So is the printed sheet
# bigger than ours, or are human managers simply better planners? (That is the kind of
# question this lab is for; `notebooks/21-freizeitpark-analysis.ipynb` measures the win rate
# with intervals.)
#
# *Which Auftragskarte is hardest?* One solo game per card (tiny — rank them yourself with
# more): the share of the card's condition reached at the end.

# %%
from boardkit.agents import play

rows = []
for card in content().cards:
    g = GAME.new_game(players=1, seed=5, variant={"card": card})
    play(g, [greedy(seed=5, shortlist=4)])
    have, need = g.standing(0).card_progress
    rows.append((TERMS.label(card, "card"), have / need, g.standing(0).card_met))
ranking = (pd.DataFrame(rows, columns=["card", "share of the condition reached", "met"])
           .sort_values("share of the condition reached").reset_index(drop=True))
display(readable(ranking, digits=2))

# %% jupyter={"source_hidden": true} tags=["check"]
assert len(ranking) == 12 and ranking["share of the condition reached"].between(0, 1).all()

# %% [markdown]
# *What does the 1-and-2 reading change?* The same seeds with `dice.attractions = "split"`
# (each face gives only two attractions): a paired comparison of the progress towards the
# minimums (the score: required marks reached, at most 32).

# %%
split_runs = simulate("freizeitpark", agents=["greedy:4"], n=10, seed=20, players=1, trace=False,
                      progress=False, params={"dice.attractions": "split"})
paired = pd.DataFrame({"any": solo.set_index("game").score, "split": split_runs.set_index("game").score})
print(f"mean score: any {round(paired['any'].mean(), 2)}, split {round(paired.split.mean(), 2)};",
      "mean difference (split − any):", round((paired.split - paired["any"]).mean(), 2))
print("Beliebtheit reached:", round(solo.src_beliebtheit.mean(), 2), "(any) vs",
      round(split_runs.src_beliebtheit.mean(), 2), "(split)")

# %% [markdown]
# With "split", a die shows the attraction you need only half as often, so the attractions —
# already the bottleneck for Beliebtheit — come even more slowly. We keep "any" as the
# default: it follows the rulebook's wording of the faces 1 and 2 as one group, and the game is
# hard enough.
#
# ## 15. Exercise
#
# 1. **The sheet size.** Run 100 solo games of the greedy agent on sheets of 10 × 10, 11 × 11
#    and 12 × 12 (`params={"sheet.width": ..., "sheet.height": ...}`). Plot the share of parks
#    that meet the minimums and the share of fired managers. Which size would you print?
# 2. **The penalty.** Change the Nachhaltigkeit minimum (`tables.nachhaltigkeit.minimum`) to 5
#    and to 9. How does the share of fired managers change? Is the penalty a good rule?
# 3. **A house rule.** With `end.tie_break = "points"`, two players who finish in the same round
#    no longer share the win. Play four-player games with both settings — how often does it
#    matter?
#
# **Checked exercise (question 1, small).** Play 4 solo games of `"greedy:4"` (`seed=1`) on a
# 10 × 10 and on a 12 × 12 sheet. For each size: the share of parks that meet the four
# minimums (`outcomes()` above calls it *minimums met*: the manager then won or was fired)
# and the share of managers who **win**. Which size would you print — the one on which more
# managers win? Put the four shares and your size into `answer` and run the check cell.

# %% tags=["exercise"]
answer = None  # {"met_10": ..., "met_12": ..., "won_10": ..., "won_12": ..., "print": 10 or 12}

# %% tags=["solution"]
sizes = {}
for side in (10, 12):
    runs = simulate("freizeitpark", agents=["greedy:4"], n=4, seed=1, players=1, trace=False,
                    progress=False, params={"sheet.width": side, "sheet.height": side})
    sizes[side] = outcomes(runs).astype(float).to_dict()  # plain Python numbers
display(readable(pd.DataFrame(sizes).T, digits=2))  # one row per sheet side
answer = {"met_10": sizes[10]["minimums met"], "met_12": sizes[12]["minimums met"],
          "won_10": sizes[10]["won"], "won_12": sizes[12]["won"],
          "print": 12 if sizes[12]["won"] > sizes[10]["won"] else 10}
print(f"the sheet to print: {answer['print']} × {answer['print']}")

# %%
from boardkit.teaching import check

solved = check("freizeitpark.sheet", answer)

# %% tags=["solution"]
assert solved  # the teacher's edition checks its own solution

# %% [markdown]
# To discuss: four games are a glimpse. How far would you trust them? Play 30 games of each
# size (seed 1) and compare. Does the bigger park also get more managers fired, and is that a
# reason to print the smaller sheet, or to change the penalty (question 2)?

# %% [markdown] tags=["solution"]
# *For the teacher:* on 30 games each (seed 1) the greedy manager met the minimums in 40 % of
# the 10 × 10 parks and 93 % of the 12 × 12 ones, and won 17 % against 47 %. But the penalty
# fired 23 % and 47 % of the managers: a bigger park leaves more empty cells to enclose.
