"""Class tables: ``boardkit serve`` hosts games that students play from their own laptops.

The server owns every State; a seat's page receives only what that seat may see (its view,
drawn by the game's own board in Python, its legal moves and its log). Every accepted move
is committed to an SQLite file before anyone sees it, and a restarted server rebuilds every
table from that file. Needs the ``class`` extra: ``pip install 'boardkit[class]'``.

:mod:`~boardkit.server.app` (the web app, its API and the seat's and the teacher's pages),
:mod:`~boardkit.server.tables` (the live tables), :mod:`~boardkit.server.undo` (what the
teacher's undo takes back, and when it must refuse), :mod:`~boardkit.server.store` (the
SQLite file), :mod:`~boardkit.server.tokens` (the secrets), :mod:`~boardkit.server.run`
(``boardkit serve``), :mod:`~boardkit.server.export` (every game as ``simulate``'s rows).
"""
