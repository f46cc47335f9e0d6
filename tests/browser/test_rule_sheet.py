"""The printable rules summary (`boardkit rules GAME --format html`) printed by Chromium on
Letter and A4 paper: the rules take one page where they can (two for the two longest
catalogs), and the readings of unclear passages start a page of their own when there are
more than a few (the back of the sheet). Each PDF is kept in test-artifacts/rules/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import boardkit
from boardkit.engine.rule_sheet import FEW_READINGS, rule_sheet

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "rules"
#: pages the rules (without the readings) may take; measured, see docs/teaching.md
RULE_PAGES = {"dice-grid": 1, "lands": 1, "freizeitpark": 1, "wanderlust": 2, "wishland": 2}


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("paper", ["Letter", "A4"])
@pytest.mark.parametrize("game", boardkit.games())
def test_the_rules_fit_their_pages_when_printed(game, paper, lab_browser):
    page = lab_browser.context.new_page()
    try:
        page.set_content(rule_sheet(boardkit.game(game)))
        whole = page.pdf(format=paper)
        readings = page.evaluate("() => document.querySelector('.readings')?.className ?? ''")
        page.evaluate("() => document.querySelector('.readings')?.remove()")
        rules_only = page.pdf(format=paper)
    finally:
        page.close()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"{game}-{paper}.pdf").write_bytes(whole)
    rule_pages, all_pages = _pages(rules_only), _pages(whole)
    print(f"{game} on {paper}: rules {rule_pages} page(s), with the readings {all_pages}")
    assert rule_pages <= RULE_PAGES[game], f"{game}: the rules take {rule_pages} pages on {paper}"
    unclear = len(boardkit.game(game).rules.ambiguous())
    if unclear > FEW_READINGS:  # the readings start the back of the sheet
        assert "own-page" in readings and all_pages > rule_pages
    else:
        assert all_pages == rule_pages
