"""Freizeitpark content: the data files load, agree with the rulebook, and bad files name
the file and the field."""

from __future__ import annotations

import pytest
from freizeitpark_helpers import GAME

from boardkit.engine import DataError, VariantError
from boardkit.engine.content import load
from boardkit.engine.grid import canonical_form, enclosed_empty_cells, same_shape
from boardkit.freizeitpark.content import (
    TABLES,
    CardFile,
    ConstructFile,
    GlossaryFile,
    StructureFile,
    content,
    parse_shape,
)

DATA = content()


def test_six_structures_and_the_rulebook_example():
    assert sorted(DATA.structures) == [1, 2, 3, 4, 5, 6]
    # "Würfelergebnis beliebig nutzen": a 5 for the structure gives two cells, a 3 three
    assert len(DATA.structures[5].cells) == 2
    assert len(DATA.structures[3].cells) == 3


def test_stand_and_parking_fit_one_structure():
    """Konstrukt bauen: Parkplätze and a Verkaufsstand can be built in one round."""
    shapes = [canonical_form(s.cells, True) for s in DATA.structures.values()]
    for key in ("verkaufsstand", "parkplaetze"):
        assert canonical_form(DATA.constructs[key].cells, True) in shapes, key
    # the rulebook's example: a 3 for the structure and a 5 for the symbol (Verkaufsstand)
    assert same_shape(DATA.structures[3].cells, DATA.constructs["verkaufsstand"].cells, True)


def _inside(shape):
    w = max(x for x, _ in shape) + 3
    h = max(y for _, y in shape) + 3
    return enclosed_empty_cells(w, h, [(x + 1, y + 1) for x, y in shape])


def test_rings_enclose_cells_and_a_karussell_fits_an_achterbahn():
    for ring in ("achterbahn", "wildwasserbahn"):
        assert _inside(DATA.constructs[ring].cells), ring
    for solid in ("geisterbahn", "karussell", "parkplaetze", "verkaufsstand", "bierzelt"):
        assert not _inside(DATA.constructs[solid].cells), solid
    inner = [tuple(c) for c in _inside(DATA.constructs["achterbahn"].cells)[0].tolist()]
    assert same_shape(inner, DATA.constructs["karussell"].cells, True)


def test_faces_follow_the_rulebook():
    faces = {k: c.faces for k, c in DATA.constructs.items()}
    assert faces["landschaft"] == (3,) and faces["parkplaetze"] == (4,)
    assert faces["verkaufsstand"] == (5,)
    for attraction in ("achterbahn", "geisterbahn", "karussell", "wildwasserbahn"):
        assert faces[attraction] == (1, 2)


def test_twelve_cards_and_their_numbers():
    cards = DATA.cards
    assert len(cards) == 12
    assert cards["wasserpark"].count == 3 and cards["kinderland"].count == 5
    assert cards["achterbahn_land"].count == 2 and cards["halloween"].count == 4
    assert cards["besucherrekord"].count == 5 and cards["kommerz"].count == 5
    assert (cards["zug"].min_cells, cards["zug"].max_per_line) == (10, 4)
    assert cards["nachhaltigkeit"].cells_per_point == 2
    assert cards["park_der_landschaft"].count == 4
    assert (cards["park_der_landschaft"].nachhaltigkeit, cards["park_der_landschaft"].beliebtheit) == (2, 1)
    assert cards["volksfest"].count == 2 and cards["volksfest"].beliebtheit == 1
    assert cards["messe"].base == 3 and cards["messe"].per == 2


def test_glossary_covers_every_term_in_both_languages():
    for key in [*DATA.constructs, *DATA.cards]:
        assert DATA.de(key) and DATA.en(key)
    for table in TABLES:
        assert DATA.en(table, "table") != table
    assert DATA.label("achterbahn") == "Achterbahn (roller coaster)"
    assert DATA.label("zug", "card") == "Zug (train)"
    assert DATA.label("zug") == "Bummelzug (park train)"
    assert DATA.label("bausuende") == "Bausünde (building sin)"


def test_default_params_follow_the_rulebook():
    p = GAME.make_params()
    assert p.tables.nachhaltigkeit.fields == 12 and p.tables.nachhaltigkeit.minimum == 7
    assert p.tables.vermoegen.minimum == 3 * p.points.verkaufsstand
    assert p.tables.parkplaetze.minimum == 2 * p.points.parkplaetze
    assert p.tables.beliebtheit.minimum == (p.points.achterbahn + p.points.wildwasserbahn
                                            + p.points.geisterbahn + p.points.karussell)
    assert (p.points.achterbahn, p.points.wildwasserbahn, p.points.geisterbahn,
            p.points.karussell) == (4, 3, 2, 1)


@pytest.mark.parametrize("overrides, message", [
    ({"tables.beliebtheit.minimum": 40}, "does not fit"),
    ({"dice.attractions": "some"}, "dice.attractions"),
    ({"dice.split.1": ["landschaft"]}, "attraction symbols only"),
    ({"tables.luck.minimum": 1}, "unknown rule parameter 'tables.luck'"),
    ({"sheet.width": 40}, "sheet.width"),
])
def test_bad_parameters_are_refused(overrides, message):
    with pytest.raises(VariantError, match=message):
        GAME.new_game(players=1, params=overrides)


def test_bad_variant_is_refused():
    with pytest.raises(VariantError, match="unknown Auftragskarte"):
        GAME.new_game(players=1, variant={"card": "oktoberfest"})
    with pytest.raises(VariantError):
        GAME.new_game(players=7)


def write(tmp_path, text):
    path = tmp_path / "file.toml"
    path.write_text(text)
    return path


HEAD = 'provenance = "illustrative"\nsource = "test"\n'


@pytest.mark.parametrize("model, body, message", [
    (StructureFile, HEAD + '[entrance]\nname="e"\nde="E"\nshape=["#"]\n'
     '[[structure]]\ndie=1\nname="a"\nde="A"\nshape=["#"]\n', "one structure per die face"),
    (StructureFile, HEAD + '[entrance]\nname="e"\nde="E"\nshape=["#x"]\n', r"entrance\.shape"),
    (StructureFile, HEAD + '[entrance]\nname="e"\nde="E"\nshape=["#.#"]\n', "edge-connected"),
    (ConstructFile, HEAD + '[[construct]]\nid="land"\nkind="landscape"\nglyph="L"\n'
     'colour="#00ff00"\nshape=["#"]\n', "has no fixed shape"),
    (ConstructFile, HEAD + '[[construct]]\nid="ride"\nkind="attraction"\nglyph="R"\n'
     'colour="red"\nshape=["#"]\n', r"construct\[0\]\.colour"),
    (CardFile, 'provenance = "rulebook"\nsource = "t"\n[[card]]\nid="x"\nkind="count"\n'
     'text="a card with no count"\nconstruct="karussell"\n', "needs count"),
    (GlossaryFile, HEAD + '[[term]]\nid="x"\nde="X"\n', r"term\[0\]\.en"),
])
def test_malformed_content_names_file_and_field(tmp_path, model, body, message):
    with pytest.raises(DataError, match=message) as err:
        load(model, write(tmp_path, body))
    assert "file.toml" in str(err.value)


def test_shapes_parse_rows_top_first():
    assert parse_shape(["#..", "###"]) == ((0, 0), (0, 1), (1, 1), (2, 1))
    with pytest.raises(ValueError):
        parse_shape(["..."])


def test_named_sheets_load_and_describe_themselves():
    import pytest

    from boardkit.engine import DataError
    from boardkit.freizeitpark import scenarios

    assert {"hand-drawn", "one-empty-cell", "one-empty-cell-hopeless", "full"} <= set(scenarios.names())
    for name in scenarios.names():
        sheet = scenarios.sheet(name)
        assert sheet.width == 10 and scenarios.describe(name)
    a = scenarios.sheet("one-empty-cell")
    a.cells.clear()
    assert len(scenarios.sheet("one-empty-cell").cells) == 99  # each call gives a fresh copy
    with pytest.raises(DataError, match="no sheet named 'nope'"):
        scenarios.sheet("nope")
