"""Optional adapters that offer boardkit games to other game-AI libraries.

Each adapter lives in its own module and needs the library it adapts to, installed with
the ``interop`` extra (``pip install 'boardkit[interop]'``):

* :mod:`boardkit.interop.openspiel`: every registered game as an OpenSpiel game
  (``pyspiel.load_game("boardkit_wishland", {"players": 3})``); needs ``open_spiel``.

Nothing in boardkit imports these modules: the engine, the games and the notebooks work
without them.
"""
