"""The rule catalogs are valid (catalog <-> code <-> tests is tests/test_rule_ids.py)."""

import pytest

import boardkit
from boardkit.engine import DataError
from boardkit.engine.resources import data_dir
from boardkit.engine.rules import catalog, load_catalog


def test_every_catalog_loads():
    for folder in data_dir().iterdir():
        if (folder / "rules.toml").exists():
            cat = catalog(folder.name)
            assert len(cat) > 0


@pytest.mark.parametrize("name", boardkit.games())
def test_each_game_has_a_catalog(name):
    assert len(boardkit.game(name).rules) >= 3


def write(tmp_path, body):
    path = tmp_path / "rules.toml"
    path.write_text(body)
    return path


HEAD = 'game = "toy"\nprovenance = "illustrative"\nsource = "test"\n'


@pytest.mark.parametrize("body, message", [
    ("game = 'toy'\nthis is not toml", "not valid TOML"),
    (HEAD, r"rule: Field required"),
    (HEAD + '[[rule]]\nid = "toy.a"\nsection = "S"\n', r"rule\[0\]\.text: Field required"),
    (HEAD + '[[rule]]\nid = "Toy A"\nsection = "S"\ntext = "a rule text"\n', r"rule\[0\]\.id"),
    (HEAD + '[[rule]]\nid = "toy.a"\nsection = "S"\ntext = "a rule text"\ncolour = 1\n', "colour"),
    (HEAD + '[[rule]]\nid = "toy.a"\nsection = "S"\ntext = "a rule text"\nenforced = false\n', "reason"),
    (HEAD + '[[rule]]\nid = "toy.a"\nsection = "S"\ntext = "a rule text"\nambiguity = "x"\n', "reading"),
    (HEAD + '[[rule]]\nid = "toy.a"\nsection = "S"\ntext = "a rule text"\n' * 2, "appears twice"),
    (HEAD + '[[rule]]\nid = "toy.a"\nby = "luck"\nsection = "S"\ntext = "a rule text"\n', r"rule\[0\]\.by"),
    (HEAD + '[[rule]]\nid = "other.a"\nsection = "S"\ntext = "a rule text"\n', "must start with 'toy.'"),
    (HEAD.replace("illustrative", "invented") + '[[rule]]\nid = "toy.a"\nsection = "S"\ntext = "a rule"\n',
     "provenance"),
])
def test_malformed_catalog_names_the_field(tmp_path, body, message):
    with pytest.raises(DataError, match=message) as err:
        load_catalog(write(tmp_path, body))
    assert "rules.toml" in str(err.value)


def test_catalog_renders():
    cat = catalog("dice-grid")
    assert "dice-grid.claim.empty" in cat.table()
    assert "Our reading" in cat._repr_html_()
    with pytest.raises(KeyError, match="no rule"):
        cat["dice-grid.nope"]
