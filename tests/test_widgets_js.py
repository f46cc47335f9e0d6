"""The board front end's JavaScript: Node's test runner on the pure helpers, and a syntax
check of the single module anywidget receives (board.js with helpers.js inlined)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")


def test_helpers_pass_node_test_runner():
    done = subprocess.run([NODE, "--test", "widgets/tests/"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_bundled_module_is_valid_javascript(tmp_path):
    from boardkit.boards.base import _ESM

    assert "./helpers.js" not in _ESM
    module = tmp_path / "board.bundle.mjs"
    module.write_text(_ESM, encoding="utf-8")
    done = subprocess.run([NODE, "--check", str(module)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
