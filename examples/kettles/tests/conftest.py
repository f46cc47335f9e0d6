"""Makes the folder that holds the ``kettles`` package importable, wherever pytest starts
(``python -m pytest kettles`` beside it, or ``make test`` in boardkit's repository)."""

import sys
from pathlib import Path

FOLDER = str(Path(__file__).resolve().parents[2])
if FOLDER not in sys.path:
    sys.path.insert(0, FOLDER)
