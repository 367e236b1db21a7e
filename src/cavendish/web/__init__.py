"""Whist in the browser: tables where people and computer players meet.

Design note
-----------
The outermost ring of Cavendish: it imports the game driver, the players, the
analysis and the records, and nothing imports it.  One module per concept:

* :mod:`.config`: what a table is (variant, seats, names, seed) and the one way
  to rebuild its :class:`~cavendish.game.session.Session` from stored events;
* :mod:`.visibility`: THE function deciding what a seat or a spectator may see;
  every message to a connection is built from it and nothing else;
* :mod:`.store`: SQLAlchemy 2 storage (SQLite in WAL mode, or PostgreSQL), the
  schema made by the Alembic migrations shipped in :mod:`.migrations`;
* :mod:`.computer`: computer players thinking in a process pool;
* :mod:`.tables`: the live table (store, then broadcast; computers' turns);
* :mod:`.server`: the FastAPI application (HTTP API, websocket, the page);
* :mod:`.records`: members' records (rubbers, games, points, tricks lost against
  double dummy, their hands in PBN), computed from the stored tables;
* ``static/``: the page, plain HTML, CSS and JavaScript modules.

The protocol is documented in ``docs/web.md``.
"""
