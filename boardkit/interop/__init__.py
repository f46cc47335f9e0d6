"""boardkit games in other game-AI libraries' APIs, without copying a rule.

* :mod:`boardkit.interop.openspiel`: importing it registers every game as an OpenSpiel game
  (``pyspiel.load_game("boardkit_wishland", {"players": 3})``);
* :mod:`boardkit.interop.pettingzoo`: ``env(name, players=N)``, a PettingZoo AEC environment
  for any game with an integer action codec;
* :mod:`boardkit.interop.gymnasium`: importing it registers ``boardkit/<game>-v0`` for the
  solo games and solo modes (``gymnasium.make("boardkit/lands-v0")``);
* :mod:`boardkit.interop.encoding`: what they share (the fixed-length observation vector, the
  action mask, integer actions), numpy only.

These need the ``interop`` extra: ``pip install 'boardkit[interop]'``. Nothing in boardkit
imports these modules: the engine, the games and every notebook but ``50-ecosystems`` (which
shows them) work without them.
"""
