"""What a reader sees when a notebook runs, and when they change what a notebook invites them
to change. The classroom trial (issue 47) met a design lab that stopped with an
AssertionError as soon as a student set the bonus to 0, a label that said "triple bonus"
whatever the bonus was, and numpy's reprs (``np.float64(0.71)``, ``np.True_``) and NaN in
the tables and answers shown."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from boardkit.engine.words import wrap
from boardkit.teaching.readable import READABLE, WIDTH, shown, unreadable

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


def _run(cells) -> nbformat.NotebookNode:
    """Execute ``cells`` as a notebook in a fresh kernel (the profile the root conftest made
    turns a deprecation into an error there too); an error in a cell raises."""
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=cells)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    return nb


def _unreadable(nb) -> list[str]:
    """The outputs that show a numpy repr or a NaN, as ``cell i (kind): ...``."""
    return [f"cell {i} ({hit}" for i, cell in enumerate(nb.cells)
            for hit in unreadable(cell.get("outputs", ()))]


def test_the_scan_finds_numpy_reprs_and_nan():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x")])
    nb.cells[0].outputs = [
        nbformat.v4.new_output("execute_result", {"text/plain": "{'a': np.float64(0.71), "
                                                                 "'b': np.True_}"}),
        nbformat.v4.new_output("stream", text="           value  ci_low\nagent balance  0.6  NaN\n"),
        nbformat.v4.new_output("display_data", {"text/html": "<td>0.603</td><td>NaN</td>"}),
    ]
    assert len(_unreadable(nb)) == 3
    nb.cells[0].outputs = [
        nbformat.v4.new_output("stream", text="a nanny's 0.71 (np.floor is a function) —\n"),
        nbformat.v4.new_output("display_data", {"text/html": "<td>0.603</td><td>—</td>"}),
        nbformat.v4.new_output("stream", text="rates 0.75, 12.5 %, version 1.234567.8, dtype\n"),
    ]
    assert _unreadable(nb) == []
    nb.cells[0].outputs = [  # a Series printed whole, a float to its last digits, pandas' six
        nbformat.v4.new_output("stream", text="src_hotels    2.47\ndtype: float64\n"),
        nbformat.v4.new_output("stream", text="{4: 0.041666666666666664, 3: 0.125}\n"),
        nbformat.v4.new_output("stream", text="advantage    0.333333    0.120584\n"),
    ]
    assert len(_unreadable(nb)) == 4  # the dict twice: its float, and a dict printed whole


def test_the_scan_finds_a_count_as_a_float_and_two_percent_styles():
    """Notebook 70 printed "class playtests: 60% of 40.0 games (95 % interval 45% to 74%)"
    and "1,000.0 games": its outputs are scanned now (``READABLE``), for these too."""
    assert "70-class-playtests.ipynb" in READABLE

    def printed(text):
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(...)")])
        nb.cells[0].outputs = [nbformat.v4.new_output("stream", name="stdout", text=text)]
        return _unreadable(nb)

    assert len(printed("class playtests: 60% of 40.0 games (95 % interval 45% to 74%)\n")) == 2
    assert len(printed("stored study:    55% of 1,000.0 games\n")) == 1
    assert len(printed("the first seat's share, with its 95 % interval:\n  55% of games\n")) == 1
    assert printed("the first seat's share of the games won, with its 95 % interval:\n"
                   "  class playtests: 60 % (45–74) of 40 games\n"
                   "  stored study:    55 % (52–58) of 1,000 games\n") == []
    assert printed("same play: random 83%, greedy against random 40%; 2.05 games a minute\n") == []


def test_the_scan_finds_a_table_cell_written_to_its_last_digits():
    """Lesson 20 showed the order cards' "share of the condition reached" as 0.666667 and
    lesson 90 the seconds of a game as 0.027106: pandas writes a table's floats to six
    decimals. A table's HTML is scanned for such a cell as printed text is."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("table")])
    nb.cells[0].outputs = [nbformat.v4.new_output(
        "execute_result", {"text/html": "<td>Wasserpark</td>\n      <td>0.666667</td>",
                           "text/plain": "0.666667"})]
    assert len(_unreadable(nb)) == 1
    nb.cells[0].outputs = [nbformat.v4.new_output(
        "execute_result", {"text/html": "<td>0.67</td><td>825191178436918890</td><td>1.5</td>",
                           "text/plain": "0.67"})]
    assert _unreadable(nb) == []


def _printed(*texts: str, result: str | None = None) -> list[str]:
    """What the scan finds in a cell that printed ``texts`` (and showed ``result`` as text)."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(...)")])
    nb.cells[0].outputs = [nbformat.v4.new_output("stream", name="stdout", text=t) for t in texts]
    if result is not None:
        nb.cells[0].outputs.append(nbformat.v4.new_output("execute_result",
                                                          {"text/plain": result}))
    return _unreadable(nb)


def test_the_scan_finds_a_python_container_in_printed_text():
    """Lessons 10, 30 and 40 printed Python's own containers as a sentence's data:
    ``visited: ['Lisbon', ...]``, ``variant {'solo_best': 0}``, ``hand: ('car', 'ship')``,
    ``stacks (top first): [[0, 8], [5, 9]]``, an answer dict shown as a cell's result (the
    way IPython breaks a long one too), ``winners []``. Each is found."""
    found = [
        _printed("hometown: Vancouver | visited: ['Lisbon', 'Rio de Janeiro', 'Cairo']\n"),
        _printed("the score to beat is now 0: variant {'solo_best': 0}\n"),
        _printed("display: ['train', 'car'] | hand: ('car', 'ship', 'wild')\n"),
        _printed("stacks (top first): [[0, 8, 11, 14], [5, 9, 12], [7, 10, 13]]\n"),
        _printed("the park's icons: {(5, 6): 'gifts', (4, 4): 'rides'}\n"),
        _printed("2 players: win rate by seat [0.33, 0.67], mean score 48.5\n"),
        _printed("careless: 18 Failure -> winners []\n"),
        _printed("the cards: frozenset({3, 4})\n"),
        _printed(result="{'fired_10': 0.5,\n 'fired_12': 0.75,\n 'more_fired_on_12': True}"),
    ]
    assert [len(hits) for hits in found] == [1] * len(found), found
    # lesson 60 printed "winners: [0, 1] scores: [0.0, 0.0]": its outputs are scanned now
    assert {"10-lands-of-amazement.ipynb", "30-wanderlust.ipynb", "40-wishland.ipynb",
            "60-build-a-game.ipynb"} <= READABLE


def test_the_scan_passes_words_coordinates_ids_and_actions():
    """What a lesson writes on purpose is not a container: a list in words, a square or a roll
    as ``(3, 4)``, an index (``history[5]``), a rule id in brackets, a note in brackets, a
    list of actions (the objects a student passes to ``apply``, fields and all), and a
    container inside a result a reader sees as HTML (a board, a table)."""
    assert _printed("hometown: Vancouver | visited: Lisbon, Rio de Janeiro and Cairo\n",
                    "partly covered squares of A: (1, 2) and (1, 3); a roll of (7, 1)\n",
                    "refused: saved game: history[5]: random event 3 ('roll') was forced\n",
                    "[dice-grid.turn.roll] a roll is two dice; [teacher's position]\n",
                    "[TakeBlind(), Travel(to='Rome', tickets=('car', 'wild'), flights=0)]\n",
                    "winners: P1 | the plan may be turned (0°, 90°, 180° or 270°)\n",
                    result="[ChooseDie(value=5), ChooseDie(value=6)]") == []
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("board")])
    nb.cells[0].outputs = [nbformat.v4.new_output(
        "execute_result", {"text/plain": "RuleCatalog(entries=('a', 'b'), tags=['x'])",
                           "text/html": "<table><tr><td>rule</td></tr></table>"})]
    assert _unreadable(nb) == []


def test_the_scan_finds_a_printed_line_of_words_wider_than_the_output_area():
    """Lesson 20's sentences broke inside words in JupyterLab: a printed line of words wider
    than ``WIDTH`` (100) is found; a table or a board drawn in text (columns lined up by runs
    of spaces, or box-drawing characters) keeps its lines, as does a line holding an address,
    and a line broken at words passes."""
    assert WIDTH == 100
    sentence = ("lands.build.align: Cards may lie side by side or overlap, but overlapping cards "
                "line up square on square: no icon may be partly covered.")
    assert len(sentence) > WIDTH and len(_printed(sentence + "\n")) == 1
    assert len(_printed("short line\n    " + sentence + "\nshort line\n")) == 1
    assert _printed(wrap(sentence) + "\n") == []
    table = ("jackie-automaton         (Solo Mode: Nearest Available Destination) Jackie's "
             "automaton: Cape Town to Santiago de Chile, then towards Bogotá\n")
    board = "│ " + "▢ " * 60 + "│\n"
    link = "open it at https://example.org/" + "a" * 90 + " to see the class's tables\n"
    assert len(table) > WIDTH and _printed(table, board, link) == []
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x")])
    nb.cells[0].outputs = [nbformat.v4.new_output("execute_result", {"text/plain": sentence})]
    assert _unreadable(nb) == []  # a result's text is not printed text: only containers


def test_the_lessons_of_freizeitpark_the_ecosystems_and_the_design_lab_are_scanned():
    """A second classroom review met raw figures in 20, 50 and 90 (a count of games as
    10.00, shares to six decimals, conditions cut short): their outputs are scanned too."""
    lessons = {"20-freizeitpark.ipynb", "50-ecosystems.ipynb", "90-design-lab.ipynb"}
    assert lessons <= READABLE and all((NOTEBOOKS / name).exists() for name in lessons)


def test_the_analysis_lessons_are_scanned():
    """The analyses of Lands, Freizeitpark and Wishland print figures in every section; nbval
    scans their outputs too (decision 89), so a line mixing "55%" and "55 %", a Series'
    footer or a float to its last digits fails there."""
    analyses = {"11-lands-analysis.ipynb", "21-freizeitpark-analysis.ipynb",
                "41-wishland-analysis.ipynb"}
    assert analyses <= READABLE and all((NOTEBOOKS / name).exists() for name in analyses)


def test_the_welcome_is_scanned_where_nbval_runs_it(tmp_path):
    """00-welcome as the teacher runs it (solutions included) shows no numpy repr and no NaN:
    nbval scans each cell of the notebooks in ``READABLE`` as it runs them (the root
    conftest), so a cell showing either fails there, in the run that executes it anyway."""
    import subprocess
    import sys

    assert "00-welcome.ipynb" in READABLE and (NOTEBOOKS / "00-welcome.ipynb").exists()
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("import numpy as np\nprint('fine')"),
        nbformat.v4.new_code_cell("np.float64(0.71)"),
    ])
    nbformat.write(nb, tmp_path / "00-welcome.ipynb")
    run = subprocess.run([sys.executable, "-m", "pytest", str(tmp_path / "00-welcome.ipynb"),
                          "-p", "conftest", "-q", "-p", "no:cacheprovider", "--rootdir",
                          str(tmp_path), "-c", str(ROOT / "pyproject.toml"), "-o", "testpaths="],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 1 and "1 failed, 1 passed" in run.stdout, run.stdout + run.stderr
    assert "shows numpy reprs or NaN" in run.stdout and "np.float64(0.71)" in run.stdout


def _design_lab_up_to_the_tournament(bonus: int):
    """The design lab's sections 1–4 with ``BONUS = bonus``: what a student runs after
    changing the bonus as section 4 invites."""
    cells = nbformat.read(NOTEBOOKS / "90-design-lab.ipynb", as_version=4).cells
    end = next(i for i, c in enumerate(cells)
               if c.cell_type == "markdown" and c.source.startswith("## 5."))
    cells = cells[:end]
    setting = [i for i, c in enumerate(cells) if c.cell_type == "code"
               and re.search(r"^BONUS = 3\b", c.source, re.M)]
    assert len(setting) == 1, "the design lab sets the bonus of variant B in one line, BONUS = 3"
    cell = cells[setting[0]]
    cell.source = re.sub(r"^BONUS = 3\b", f"BONUS = {bonus}", cell.source, flags=re.M)
    return cells


@pytest.mark.slow
@pytest.mark.parametrize("bonus", [0])  # the degenerate value; nbval runs the printed 3
def test_the_design_lab_survives_a_student_changing_the_bonus(bonus):
    """Set to 0 (no bonus) or 2, the lab runs to the end of section 4, its folded checks
    included, and every label names the bonus it was computed with."""
    import boardkit

    printed = boardkit.game("dice-grid").make_params().points.lucky_cell
    nb = _run(_design_lab_up_to_the_tournament(bonus))  # raises on an error, a failed check too
    text = "\n".join(t for cell in nb.cells for kind, t in shown(cell.get("outputs", ()))
                     if kind == "text")
    assert "triple" not in text.lower()
    assert f"A: bonus = {printed} (the printed rules), B: bonus = {bonus}" in text
    lines = re.findall(r"^greedy win share, bonus = (\d+)\b.*: (.+)$", text, re.M)
    assert [value for value, _ in lines] == [str(printed), str(bonus)]
    for _, rate in lines:  # each with its interval
        assert re.fullmatch(r"\d+\.\d % \(\d+\.\d–\d+\.\d\)", rate), rate
    bad = _unreadable(nb)
    assert not bad, f"the design lab with bonus {bonus} shows numpy reprs or NaN:\n" + "\n".join(bad)
