"""Catalog <-> code <-> tests, both ways, for every rule catalog shipped with boardkit.

* every rule id the code names exists in its game's catalog;
* every enforced catalog id is named by code: raised by a check (a string literal in
  ``RuleViolation(...)``, ``rule=...``), or named through the registry
  (:func:`boardkit.engine.rules.rule_ids`: ``RULES.implements``, ``RULES.family``), never only
  in a docstring or a comment;
* an id the code raises is a ``by = "check"`` rule, and every ``check`` rule has a test that
  expects it to be raised (its id as a string literal in a test: the rule argument of
  ``assert_illegal``/``illegal``, an ``.rule ==`` comparison, a ``pytest.raises(match=...)``)
  and a legal-case test (lighter: its id appears in a test file, a coverage table included).
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from functools import cache
from pathlib import Path

import pytest

from boardkit.engine.resources import data_dir
from boardkit.engine.rules import CITED, RULE_ID, catalog

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(f.name for f in data_dir().iterdir() if (f / "rules.toml").is_file())
PACKAGES = ("boardkit.engine", "boardkit.examples", "boardkit.freizeitpark", "boardkit.lands",
            "boardkit.wanderlust", "boardkit.wishland")
ID_TOKEN = re.compile(r"[a-z0-9][a-z0-9\-]*(?:\.[a-z0-9_\-]+)+")

#: GAPS, kept visible rather than hidden; each entry is work left, and the test fails when one
#: is closed but still listed, so the lists only shrink.
#: Enforced rules no code names yet (each is code to mark with ``RULES.implements`` or a
#: ``RULES.family``, or a rule to implement): none.
NOT_NAMED_YET: dict[str, set[str]] = {}
#: Check rules still without a test that expects them raised (each is a test to write): none.
NO_ILLEGAL_TEST: dict[str, set[str]] = {}


def _strings(path: Path, skip_dict_keys: bool = False) -> list[ast.Constant]:
    """The string literals of a module, without docstrings, the ``id=`` of other things (a
    lesson's ``id="lands.luck"``), and dict keys if asked."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "id":
            skip.add(id(node.value))
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        if skip_dict_keys and isinstance(node, ast.Dict):
            skip |= {id(k) for k in node.keys if k is not None}
    return [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in skip]


def _raised(path: Path) -> set[str]:
    """Ids a module raises: ``RuleViolation("id", ...)``, ``OneOf/Range(..., rule="id")``, and
    a step's ``rule = "id"`` when its ``check`` is the default or uses ``self.rule`` (a
    ``Phase(rule=...)`` names the section a phase carries out: that is no refusal)."""
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        values: list[ast.expr] = []
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name == "RuleViolation" and node.args:
                values.append(node.args[0])
            if name != "Phase":
                values += [k.value for k in node.keywords if k.arg == "rule"]
        elif isinstance(node, ast.ClassDef):
            check = next((f for f in node.body if isinstance(f, ast.FunctionDef)
                          and f.name == "check"), None)
            if check is None or "self.rule" in ast.unparse(check):
                values += [a.value for a in node.body if isinstance(a, ast.Assign)
                           and any(getattr(t, "id", None) == "rule" for t in a.targets)]
        found |= {v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)}
    return found


@cache
def code() -> tuple[set[str], set[str]]:
    """(ids named by the package's code, ids it raises), after importing every game module so
    the registry has seen their names."""
    for name in PACKAGES:
        package = importlib.import_module(name)
        for info in pkgutil.walk_packages(package.__path__, name + "."):
            importlib.import_module(info.name)
    named: set[str] = set().union(*CITED.values())
    raised: set[str] = set()
    for path in (ROOT / "boardkit").rglob("*.py"):
        named |= {s.value for s in _strings(path)
                  if RULE_ID.match(s.value) and s.value.split(".", 1)[0] in GAMES}
        raised |= _raised(path)
    return named, raised


@cache
def in_tests() -> tuple[set[str], str]:
    """(ids a test expects raised, the text of every test file)."""
    expected: set[str] = set()
    texts = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        texts.append(path.read_text(encoding="utf-8"))
        for s in _strings(path, skip_dict_keys=True):
            if RULE_ID.match(s.value):
                expected.add(s.value)
            elif "\\." in s.value:  # a pytest.raises(match=r"lands\.build\.area") pattern
                expected |= set(ID_TOKEN.findall(s.value.replace("\\.", ".")))
    return expected, "\n".join(texts)


def test_every_id_named_by_code_is_in_its_catalog():
    named, raised = code()
    missing = sorted(i for i in named | raised if i not in catalog(i.split(".", 1)[0]))
    assert not missing, f"rule ids the code names but rules.toml lacks: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_enforced_rule_is_named_by_code(game):
    named, _ = code()
    allowed = NOT_NAMED_YET.get(game, set())
    unnamed = [r.id for r in catalog(game) if r.enforced and r.id not in named | allowed]
    stale = sorted(allowed & named)
    assert not stale, f"named by code now, so remove them from NOT_NAMED_YET: {stale}"
    assert not unnamed, (f"{len(unnamed)} {game} rules no code names (raise them, or mark the "
                         f"code that carries them out with RULES.implements): {unnamed}")


@pytest.mark.parametrize("game", GAMES)
def test_raised_rules_are_checks(game):
    _, raised = code()
    wrong = [r.id for r in catalog(game) if r.id in raised and r.by != "check"]
    assert not wrong, f"raised by code, so by = \"check\" in rules.toml: {wrong}"


@pytest.mark.parametrize("game", GAMES)
def test_every_check_has_an_illegal_and_a_legal_test(game):
    expected, text = in_tests()
    checks = [r.id for r in catalog(game) if r.enforced and r.by == "check"]
    allowed = NO_ILLEGAL_TEST.get(game, set())
    untested = [i for i in checks if i not in expected and i not in allowed]
    assert not untested, f"check rules no test expects to be raised: {untested}"
    stale = sorted(allowed & expected)
    assert not stale, f"tested now, so remove them from NO_ILLEGAL_TEST: {stale}"
    unnamed = [i for i in checks if i not in text]
    assert not unnamed, f"check rules no test names: {unnamed}"


def test_registry_checks_ids_once_and_records_them():
    from boardkit.engine import DataError
    from boardkit.engine.rules import rule_ids

    rules = rule_ids("dice-grid")
    assert rules["dice-grid.claim.empty"] == "dice-grid.claim.empty"
    assert "dice-grid.claim.empty" in CITED["dice-grid"]
    with pytest.raises(DataError, match=r"rules\.toml: rule: no entry for 'dice-grid\.nope'"):
        rules.family({1: "dice-grid.claim.empty", 2: "dice-grid.nope"})
    with pytest.raises(DataError, match="must start with 'dice-grid.'"):
        rules.implements("lands.build.area")

    @rules.implements("dice-grid.score.group")
    def score():
        return 0
    assert score.rules == ("dice-grid.score.group",)


def test_a_refusal_citing_an_unknown_rule_is_a_data_error():
    from boardkit.engine import DataError, RuleViolation

    catalog("dice-grid")
    with pytest.raises(DataError, match="no entry for 'dice-grid.nope'"):
        RuleViolation("dice-grid.nope", "a made-up rule")
    assert RuleViolation("dice-grid.claim.empty", "taken").rule == "dice-grid.claim.empty"
    assert RuleViolation("toy.any", "a game without a loaded catalog").rule == "toy.any"


def test_games_are_covered():
    from boardkit.engine.registry import BUILTIN

    # the built-in games (a student's game that a test registered by reference has its own)
    assert set(BUILTIN) <= set(GAMES)
