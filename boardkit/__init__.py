"""boardkit: learn, play and analyse the rules of tabletop games in Jupyter.

>>> import boardkit
>>> boardkit.games()
>>> state = boardkit.game("dice-grid").new_game(seed=7)
>>> state.legal_actions()
"""

from .engine import (
    Action,
    BoardkitError,
    RuleViolation,
    State,
    game,
    games,
    register,
)

__version__ = "0.1.0"
__all__ = ["Action", "BoardkitError", "RuleViolation", "State", "game", "games", "register",
           "__version__"]
