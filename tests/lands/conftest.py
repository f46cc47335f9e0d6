import pytest
from lands_helpers import build_example, fresh_game


@pytest.fixture
def fresh():
    return fresh_game()


@pytest.fixture
def example():
    return build_example(fresh_game())
