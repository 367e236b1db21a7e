"""``cavendish serve``: whist in the browser (:mod:`cavendish.web`).

Design note
-----------
Starts uvicorn on the application of :func:`cavendish.web.server.create_app`
and prints the address to open.  The command belongs to the web ring, and nothing
imports the web ring: the command line finds this command through the package's
entry point ``cavendish.commands`` (``pyproject.toml``), as a plug-in.  FastAPI is
imported when the command runs, so the other commands never load it.

The server's collector of cyclic garbage is tuned before it starts
(:func:`quiet_collector`): a full collection scans every object of the process
(the modules of FastAPI, SQLAlchemy and the players, every table's log) and, on
a busy server, held the event loop for 30 to 120 ms, the tail of a person's round
trip.  What is loaded at start-up is frozen out of the collector's sight, and the
full collections come a hundred times less often; the objects of a message are
freed by their reference counts, as before.  Before that, the double-dummy solver
that judges claims is loaded (:func:`~.computer.warm_judge`: the first claim
loaded it, seconds with every table standing still), and frozen with the rest.
uvicorn runs its event loop on uvloop where it is installed (the ``web`` extra
pins it, except on Windows): less of the loop's own work per message.
The websocket's per-message compression (``permessage-deflate``) is off unless
``--ws-compression`` asks for it: a ``state`` message is a kilobyte or two, sent a
few times a second to a person, and deflating every one cost the event loop some
3% of its time (and a compression context per connection), for bandwidth no table
needs; the Node.js ``ws`` server leaves it off by default for the same reasons.
"""

from __future__ import annotations

from typing import Annotated

import typer

__all__ = ["quiet_collector", "register"]


def quiet_collector() -> None:
    """Freeze what is loaded now out of the collector's scans, collect the middle
    generation in short pauses (after every second collection of the youngest,
    not every tenth), and the oldest as seldom as before: after 1,000 of the
    youngest, a hundred times less often than Python's default."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(7000, 2, 500)


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to ``app``."""

    @app.command()
    def serve(
        host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
        db: Annotated[
            str | None,
            typer.Option(help="Database URL: sqlite:///FILE or postgresql://USER@HOST/DB "
                              "(default: SQLite in the user's data folder)."),
        ] = None,
        delay: Annotated[
            float, typer.Option(help="Seconds before a computer player's card is shown.")
        ] = 0.6,
        workers: Annotated[
            int,
            typer.Option(help="Processes in each of the two pools thinking for the computer "
                              "players (the quick ones, the searching ones)."),
        ] = 2,
        takeover: Annotated[
            float,
            typer.Option(help="With PostgreSQL and several processes: seconds a table moved "
                              "by another process may stand still before this one moves its "
                              "computer players."),
        ] = 10.0,
        ws_compression: Annotated[
            bool, typer.Option("--ws-compression/--no-ws-compression",
                               help="Offer the websocket's per-message compression "
                                    "(permessage-deflate): less bandwidth, more "
                                    "processor time per message.")
        ] = False,
        pool_nice: Annotated[
            int,
            typer.Option(help="Niceness (0 to 19) of the computer players' pool processes, "
                              "so that the event loop serving the people gets the processor "
                              "first (each worker a session of its own, where Linux shares "
                              "the processor between sessions); 0: the server's priority.")
        ] = 5,  # computer.POOL_NICE (not imported here: the other commands never load it)
        client_limits: Annotated[
            bool, typer.Option("--client-limits/--no-client-limits",
                               help="Limit each client address's websockets, tables made "
                                    "and share of the computers' pools (cavendish.web.limits); "
                                    "off for a benchmark playing hundreds of people from one "
                                    "address.")
        ] = True,
        open_browser: Annotated[
            bool, typer.Option("--open/--no-open", help="Open the page in a browser.")
        ] = False,
    ) -> None:
        """Serve tables in the browser: people and computer players at one table."""
        import uvicorn

        from .computer import warm_judge
        from .limits import NO_LIMITS, Limits
        from .server import create_app
        from .store import default_url

        if not 0 <= delay <= 10:
            raise typer.BadParameter(f"{delay}: expected 0 to 10 seconds", param_hint="--delay")
        if not 0 < takeover <= 3600:
            raise typer.BadParameter(f"{takeover}: expected more than 0, at most 3600 seconds",
                                     param_hint="--takeover")
        if not 0 <= pool_nice <= 19:
            raise typer.BadParameter(f"{pool_nice}: expected 0 to 19", param_hint="--pool-nice")
        if not 1 <= workers <= 64:
            raise typer.BadParameter(f"{workers}: expected 1 to 64", param_hint="--workers")
        url = f"http://{host}:{port}/"
        typer.echo(f"Cavendish is serving whist at {url} (database: {db or default_url()})",
                   err=False)
        if open_browser:
            import threading
            import webbrowser

            threading.Timer(1.0, webbrowser.open, (url,)).start()
        app_ = create_app(db, delay=delay, workers=workers, takeover=takeover,
                          limits=Limits() if client_limits else NO_LIMITS, pool_nice=pool_nice)
        warm_judge()  # the first claim's solver, loaded before any table waits for it
        quiet_collector()
        uvicorn.run(app_, host=host, port=port, log_level="warning", ws_max_size=65536,
                    ws_per_message_deflate=ws_compression)
