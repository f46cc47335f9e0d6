"""Freizeitpark: a roll-and-write about building an amusement park (rulebook in German).

One module per rulebook section: :mod:`.setup` (Spielvorbereitung; the rules in force it
gathers in :mod:`.regelwerk`), :mod:`.ablauf`
(Spielablauf), :mod:`.wurf` (Würfel werfen und nutzen), :mod:`.bauen` (Struktur einzeichnen),
:mod:`.konstrukte` (Konstrukt bauen), :mod:`.wertung` (Punkte erhalten), :mod:`.ende` (Spiel
gewinnen), :mod:`.auftragskarten` (Erweitertes Spiel). The position's fields are declared in
:mod:`.position` (``FreizeitparkState``, below the rule modules), and :mod:`.state` plays it
(``FreizeitparkPlay``: the flow, the setup, the scoring, the hidden builds). Content lives in
``data/freizeitpark/``; the rule catalog in ``data/freizeitpark/rules.toml``; named positions
(sheets, and games reached by forced rolls and real actions: :func:`scenario`) in
:mod:`.scenarios`.
"""

from .actions import Build, Entrance
from .ende import game_end
from .game import GAME
from .scenarios import scenario
from .wertung import final_scores

__all__ = ["GAME", "Build", "Entrance", "final_scores", "game_end", "scenario"]
