"""The tests of Kettles (``python -m pytest kettles`` in the folder that holds the game)."""
