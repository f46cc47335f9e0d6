"""Wishland: a 1-4 player worker-placement game about building an amusement park.

Rules modules, named after the rulebook's sections: ``setup``, ``turn_order``, ``income``,
``standard_actions`` (Gameplay — Actions: place, purchase and play; collect), ``card_limit``,
``rewards``, ``tracks``, ``achievements``, ``end_of_round``, ``final_scoring``, ``solo``; they
are leaves below the flow, which declares the phases and wires them together: ``flow`` (a rule
pausing for a decision asks it and schedules the rest, ``state.ask``/``state.then``; a turn's stages are declared there too); the position's fields:
``position`` (``WishlandState``, below the rule modules); the game played: ``state``
(``WishlandPlay``: the flow, the setup, the scoring, the hidden information); the action types: ``actions``; rule parameters and variant options: ``params``.
Content: ``content`` (data/wishland/*.toml). The game: ``game.GAME``; its board:
``board.WishlandBoard``; its heuristic and greedy agent: ``agents``; prepared teaching
positions: ``positions``; named positions: ``scenarios`` (played to by :func:`scenario`, as
in every game); its
own analysis questions: ``analysis``.
"""

from .end_of_round import game_end
from .final_scoring import final_scores
from .game import GAME
from .scenarios import scenario

__all__ = ["GAME", "final_scores", "game_end", "scenario"]
