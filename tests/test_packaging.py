"""The wheel ships data/ and widgets/ and finds them like the source tree does; Binder pins
agree with pyproject; the README gives the two commands."""

import os
import re
import subprocess
import sys
import sysconfig
import tomllib
import venv
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent

CHECK = r"""
import json, pathlib, sys
import boardkit
from boardkit.engine.resources import data_dir, widgets_dir
from boardkit.engine.content import read_toml
from boardkit.engine.rules import catalog
pkg = pathlib.Path(boardkit.__file__).parent
assert data_dir() == pkg / "_data", data_dir()
assert widgets_dir() == pkg / "_widgets", widgets_dir()
tomls = sorted(data_dir().rglob("*.toml"))
for path in tomls:
    read_toml(path)
    if path.name == "rules.toml":
        catalog(path.parent.name)
assets = sorted(p for p in widgets_dir().rglob("*") if p.suffix in (".js", ".css"))
for path in assets:
    assert path.read_text().strip(), path
for name in boardkit.games():
    g = boardkit.game(name)
    len(g.rules); g.default_params
    s = g.new_game(seed=1)
    b = g.board(s)
    assert b.svg().startswith("<svg"), name
from importlib.resources import files
assert (files("boardkit") / "templates" / "newgame" / "game.py.tmpl").is_file()  # boardkit new
from boardkit.apps.play import NOTEBOOK
assert NOTEBOOK.is_file() and NOTEBOOK.parent == pkg / "apps", NOTEBOOK  # boardkit play
print(json.dumps({"tomls": len(tomls), "assets": len(assets), "games": boardkit.games()}))
"""


@pytest.mark.slow
def test_wheel_installs_and_finds_its_data(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist)],
                   cwd=ROOT, check=True, capture_output=True)
    wheel = next(dist.glob("boardkit-*.whl"))
    env_dir = tmp_path / "fresh"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", str(wheel)],
                   check=True, capture_output=True)
    # dependencies come from this environment (no download), the package from the wheel only
    fresh_site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                check=True, capture_output=True, text=True).stdout.strip()
    (Path(fresh_site) / "_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([str(py), "-c", CHECK], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    counts = __import__("json").loads(out.stdout.strip().splitlines()[-1])
    expected_tomls = len(list((ROOT / "data").rglob("*.toml")))
    expected_assets = len([p for p in (ROOT / "widgets").rglob("*") if p.suffix in (".js", ".css")])
    assert counts["tomls"] == expected_tomls and counts["assets"] == expected_assets


def test_binder_pins_satisfy_pyproject():
    """Binder runs every notebook: it pins what they import (50-ecosystems: the interop extra;
    70-class-playtests: the class extra)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    wanted = [Requirement(r) for r in project["dependencies"] + extras["lab"] + extras["analysis"]
              + extras["interop"] + extras["class"]]
    pins = {}
    for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line and not line.startswith("-e"):
            req = Requirement(line)
            pins[req.name.lower()] = next(iter(req.specifier)).version
    assert "-e ." in (ROOT / "binder" / "requirements.txt").read_text()
    for req in wanted:
        assert req.name.lower() in pins, f"binder/requirements.txt does not pin {req.name}"
        assert req.specifier.contains(pins[req.name.lower()]), f"{req.name} pin breaks {req}"


def test_readme_starts_with_the_two_commands():
    text = (ROOT / "README.md").read_text()
    first_code = text.split("```")[1]
    assert "make test" in first_code and "make lab" in first_code
    assert "not affiliated" in text


BINDER = "https://mybinder.org/v2/gh/{repo}/HEAD?urlpath=lab/tree/{folder}"
STUDENT_FOLDER = "build/student"  # where binder/postBuild writes the student edition


def test_the_binder_badges_point_to_the_repository_in_pyproject():
    """The repository's address is set in one place (pyproject's Source URL). Two badges come
    first: the student edition (no solutions) and the teacher's; the teacher's guide gives
    the same two links."""
    source = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]["Source"]
    owner_repo = source.removeprefix("https://github.com/").strip("/")
    text = (ROOT / "README.md").read_text()
    teacher = BINDER.format(repo=owner_repo, folder="notebooks")
    student = BINDER.format(repo=owner_repo, folder=STUDENT_FOLDER)
    assert teacher in text and student in text
    first_code = text.index("```")
    assert text.index("mybinder.org/badge_logo.svg") < first_code, "the badges come first"
    assert text.index(student) < text.index(teacher) < first_code, "the student badge first"
    assert "docs/teaching.md" in text.split("```")[0], "the teacher's guide is linked first"
    guide = (ROOT / "docs" / "teaching.md").read_text()
    assert student in guide and teacher in guide
    assert "/hub/user-redirect/git-pull?repo=" in guide, "no nbgitpuller link for a JupyterHub"


def test_binder_postbuild_writes_the_student_edition_the_student_badge_opens(tmp_path):
    """repo2docker runs binder/postBuild in the repository's folder, with the environment's
    python on PATH: it must leave the student edition where the student badge points."""
    import shutil

    import nbformat

    work = tmp_path / "repo"
    work.mkdir()
    for name in ("binder", "jupyter", "notebooks"):
        shutil.copytree(ROOT / name, work / name)
    prefix = tmp_path / "prefix"
    env = {**os.environ, "NB_PYTHON_PREFIX": str(prefix),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    run = subprocess.run(["bash", "binder/postBuild"], cwd=work, env=env, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    assert (prefix / "share" / "jupyter" / "lab" / "settings" / "overrides.json").is_file()
    teacher = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert sorted(p.name for p in (work / STUDENT_FOLDER).glob("*.ipynb")) == teacher
    for name in teacher:
        nb = nbformat.read(work / STUDENT_FOLDER / name, 4)
        assert not [c for c in nb.cells if "solution" in c.metadata.get("tags", ())], name


def test_the_notebooks_need_only_what_make_lab_installs():
    """`make lab` installs the runtime dependencies with the lab, analysis, interop
    (50-ecosystems) and class (70-class-playtests) extras and the author's tools (a student's
    own game), not the test tools: every module a notebook imports must come from the
    first four (Binder installs no more) or the standard library."""
    import ast

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    installed = {Requirement(r).name.lower().replace("-", "_") for r in
                 project["dependencies"] + extras["lab"] + extras["analysis"] + extras["interop"]
                 + extras["class"]}
    assert not installed & {"pytest", "hypothesis", "nbval", "playwright", "ruff"}
    assert "-e '.[lab,analysis,interop,class,author]'" in (ROOT / "Makefile").read_text()
    assert not {Requirement(r).name for r in extras["author"]} & {"nbval", "playwright", "ruff"}
    provided = installed | {"boardkit", "IPython".lower(), "matplotlib", "ipykernel"}
    if "open_spiel" in installed:
        provided.add("pyspiel")  # open_spiel's compiled module
    for path in sorted((ROOT / "notebooks" / "src").glob("*.py")):
        tree = ast.parse("\n".join(line for line in path.read_text().splitlines()
                                   if not line.lstrip().startswith(("%", "!"))))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level else [])
            for name in names:
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or top.lower() in provided, (
                    f"{path.name} imports {top}, which make lab does not install")


def test_the_teachers_guide_has_a_plan_for_every_notebook_and_cites_real_rules():
    from boardkit.engine.rules import describe

    text = (ROOT / "docs" / "teaching.md").read_text()
    plans = text.split("### Lesson by lesson")[1].split("\n## ")[0]
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"**`{nb.stem}`**" in plans, f"docs/teaching.md has no lesson plan for {nb.stem}"
    cited = re.findall(r"`((?:dice-grid|lands|freizeitpark|wanderlust|wishland)\.[a-z_.]+)`", text)
    assert cited and all(describe(rule) for rule in cited), \
        [rule for rule in cited if not describe(rule)]
