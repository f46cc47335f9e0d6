"""Fixtures of the Wishland tests."""

import pytest

from boardkit.wishland.positions import start_of_turns


@pytest.fixture
def two():
    """A 2-player game at P1's first turn (P1 on space 1, P2 on space 2)."""
    return start_of_turns(2, seed=3)
