"""Helpers of the Wishland tests: an illegal move raises its rule and changes nothing."""

from boardkit.engine import RuleViolation
from boardkit.testing import assert_illegal, assert_legal
from boardkit.wishland import GAME
from boardkit.wishland.positions import start_of_turns

illegal = assert_illegal  # the shared helpers of boardkit.testing
legal = assert_legal


__all__ = ["illegal", "legal", "start_of_turns", "RuleViolation", "GAME"]
