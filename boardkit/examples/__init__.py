"""Small example games that show the engine at work (used by the welcome notebook and tests)."""
