"""Wanderlust: Discover the World — a 2-5 player travel race, plus a solo mode.

Modules follow the rulebook's sections: :mod:`~.setup`, :mod:`~.turn`, :mod:`~.tickets`
(1. Acquire a Ticket, Efficient Planning), :mod:`~.travel` and :mod:`~.routes` (2. Travel),
:mod:`~.collectibles` (3. Gain Collectibles), :mod:`~.encounters`, :mod:`~.objectives`
(race objectives, the end trigger), :mod:`~.scoring`, :mod:`~.solo` and :mod:`~.automaton`
(Solo Mode); the variant options (Family variant, House Rule) and the rule parameters are in
:mod:`~.params`. Content is read from ``data/wanderlust/`` by :mod:`~.content`; the
rulebook's worked examples are scenarios (:func:`scenario`).

    >>> import boardkit
    >>> game = boardkit.game("wanderlust")
    >>> state = game.new_game(players=3, seed=7)
    >>> solo = game.new_game(players=1, seed=7, variant={"automatons": 2})
"""

from .game import GAME
from .scenarios import scenario
from .scoring import final_scores
from .turn import game_end

__all__ = ["GAME", "final_scores", "game_end", "scenario"]
