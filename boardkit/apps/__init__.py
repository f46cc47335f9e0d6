"""Web apps made of a game's widgets, with no code on the page (served with Voilà).

:mod:`boardkit.apps.play`: play one game on its board (``boardkit play NAME``,
``make play GAME=NAME``).
"""
