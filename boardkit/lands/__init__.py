"""Lands of Amazement: the solo card-overlapping puzzle (rulebook: lands-of-amazement.txt).

One module per rulebook section: :mod:`.setup`, :mod:`.portfolio` (Portfolio Phase),
:mod:`.building` (Building Parks), :mod:`.rearranging`, :mod:`.completing`, :mod:`.ending`
(Ending the Round), :mod:`.megapark`, :mod:`.scoring` (with Expert Mode); beyond the rulebook
:mod:`.solver` (best megapark, hints) and :mod:`.agents` (a rule-aware greedy player).
Content (illustrative cards and goals) lives in ``data/lands/``; a chosen deal is
:func:`arranged`, a named position :func:`scenario` (:mod:`.scenarios`).
"""

from .ending import game_end
from .game import GAME, arranged
from .position import LandsState
from .scenarios import scenario
from .scoring import final_scores

__all__ = ["GAME", "LandsState", "arranged", "final_scores", "game_end", "scenario"]
