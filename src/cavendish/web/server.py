"""The FastAPI application: the HTTP API, the websocket and the page.

Design note
-----------
:func:`create_app` builds the application around a :class:`~.tables.Hub` made
at start-up (the lifespan): the store is opened (migrations run), the computer
players' process pools started (the quick players' answered on the event loop,
:mod:`.looppool`), every stored table rebuilt.  Routes (the
protocol is in ``docs/web.md``):

* ``GET /`` the front page, ``GET /table/{id}`` the table page, ``/static/...``;
* ``GET /api/options`` the variants and computer kinds;
* ``POST /api/tables`` a new table: ``{"id", "tokens", "links"}``;
* ``GET /api/tables/{id}`` the public state (a spectator's);
* ``GET /api/tables/{id}/pbn`` the finished hands in PBN (never the hand in play);
* ``WS /ws/{id}?token=...`` a seat, ``WS /ws/{id}`` a spectator
  (``?follow=S``: following one player's hand, :mod:`.spectators`);
* ``POST /api/members`` join the club, ``POST /api/members/login``,
  ``GET /api/members/me``, ``POST /api/members/logout`` (:mod:`.members`);
* members' records and pages (:func:`.records.records_router`): ``/join``,
  ``/me``, ``/member/{id}``, ``GET /api/members/{id}/record``, ``.../pbn``,
  ``.../rubbers/{table}/{n}/pbn``.
* ``GET /lobby``, ``GET /api/room``, ``POST /api/room/...``, ``WS /ws-room``: the
  room of club tables (:mod:`.lobby`, :mod:`.room`).

A member (the ``cavendish_member`` cookie, or ``?member=KEY``) who takes a seat
with its token is recorded at that seat (:meth:`~.members.Members.sit`).  A key
that admits nobody (forged, altered, logged out) is refused wherever a key is
read: 401 over HTTP (with the cookie cleared), and on a websocket an error message
(the socket goes on without a member: a guest's seat token still plays); logout
deletes the key.

A wrong token is answered with an error message and the connection is kept, as
a spectator's (it sees no hand).

On PostgreSQL the server joins the bus (:mod:`.bus`): any number of processes
share the database, and any of them serves any table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError

from ..core.cards import Seat
from ..core.rules import get_rules, variant_names
from ..players import player_names
from .bus import for_store
from .challenge import add_challenge_routes
from .computer import POOL_NICE, make_pool
from .config import ConfigError, TableConfig, default_dummies, request_object, request_seed
from .connection import QUICK, SLOW, Connection, client_of
from .laws_table import table_class
from .limits import ClientLimits, Limits, dropper, limits_of, serve_socket
from .lobby import lobby_router
from .members import COOKIE, KEY_REFUSED, Member, MemberError, Members, TooManyTries
from .records import records_router
from .room import Room
from .roomhost import RoomHost
from .spectators import choose_follow
from .store import Store
from .tables import Hub, LiveTable, StorageUnavailable

__all__ = ["create_app"]

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("cavendish.web")

NO_SUCH_TABLE = ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
                 '<title>No such table - Cavendish</title></head><body><main>'
                 '<h1>No such table</h1><p>No table has this link: it may have been mistyped, '
                 'or the table has ended.</p><p><a href="/">Make a new table</a></p>'
                 '</main></body></html>')
"""The page of an unknown table's link: said, never "reconnecting..." for ever."""

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; object-src 'none'; "
                               "base-uri 'self'; frame-ancestors 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
"""On every answer: no inline script runs (the pages have none), no other site frames
a page, no content sniffed, no table link sent elsewhere as a referrer."""

COMPUTER_KINDS = ["classical", "classical:school=old", "pimc", "search", "random"]


def behind_tls(request: Request | WebSocket) -> bool:
    """Whether the client reached us over TLS (directly, or through a proxy that says
    ``X-Forwarded-Proto: https``): the member's cookie is then ``Secure``."""
    proto = request.headers.get("x-forwarded-proto", request.url.scheme)
    return proto.split(",")[0].strip().lower() in ("https", "wss")


def create_app(db: str | None = None, *, delay: float = 0.5, workers: int = 2,
               pool: Executor | None = None, takeover: float = 10.0,
               limits: Limits | None = None, pool_nice: int = POOL_NICE) -> FastAPI:
    """The application: ``db`` a database URL (default: SQLite under the user's data
    folder), ``delay`` seconds before a computer's card is shown, ``workers`` the
    size of each of the computer players' two process pools (quick and slow
    players, :class:`~.tables.Hub`), or one ready ``pool`` for both; ``takeover``
    the seconds after which this process moves the computers of a table another
    process moved last and left standing (PostgreSQL only, :mod:`.bus`); ``limits``
    those per client (:mod:`.limits`); ``pool_nice`` the niceness of the pools'
    processes (:data:`~.computer.POOL_NICE`)."""
    limits = limits or Limits()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store.open(db)
        own = pool is None

        def new_pool(lane: str) -> Executor:
            return make_pool(workers, warm=lane == QUICK, on_loop=lane == QUICK,
                             nice=pool_nice)

        pools = ({lane: new_pool(lane) for lane in (QUICK, SLOW)} if pool is None
                 else {QUICK: pool, SLOW: pool})
        bus = for_store(store)  # None on SQLite: one process
        hub = Hub(store, pools, delay=delay, new_pool=new_pool if own else None,
                  shared=bus is not None, takeover=takeover, table_class=table_class,
                  share=limits.jobs or max(1, workers - 1))
        if bus is not None:  # listening before the tables are read: nothing missed
            await bus.start(hub.deliver, hub.resync)
        hub.restore()
        sweeper = asyncio.create_task(hub.sweep_forever())  # tables nobody watches put away
        app.state.hub = hub
        app.state.members = Members(store)
        room = app.state.room = Room(store, hub, app.state.members)
        host = app.state.room_host = RoomHost(store, room.start)  # one process holds it
        await host.begin()
        try:
            yield
        finally:
            sweeper.cancel()
            if host.held:
                await room.close()
            await host.end()
            for table in hub.tables.values():
                if table.busy is not None:
                    table.busy.cancel()
                if table.watch is not None:
                    table.watch.cancel()
            if bus is not None:
                await bus.stop()
            if own:
                for executor in hub.pools.values():
                    executor.shutdown(wait=False, cancel_futures=True)
            store.close()

    app = FastAPI(title="Cavendish", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.limits = ClientLimits(limits)

    @app.middleware("http")
    async def headers(request: Request, call_next: Any) -> Any:
        """Security headers on every answer; a body that is not JSON refused before
        any route reads it (a page of another site may post only form or text bodies
        without asking: so it can make nothing here)."""
        if request.method == "POST" and request.headers.get("content-length", "0") != "0":
            kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                return JSONResponse({"error": f"content type {kind or 'none'!r}: expected "
                                              "application/json"}, 415)
        response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(records_router())  # members' records and pages (.records)

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    async def table_of(hub: Hub, table_id: str) -> LiveTable:
        table = await hub.get(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return table

    def members_of(request: Request | WebSocket) -> Members:
        members: Members = request.app.state.members
        return members

    def key_of(request: Request | WebSocket) -> str | None:
        return request.cookies.get(COOKIE) or request.query_params.get("member")

    async def member_of(request: Request | WebSocket) -> Member | None:
        """The member whose key the request carries (cookie or ``?member=``), or None
        if it carries none; a key that admits nobody is refused (401, the cookie
        cleared; a websocket's ``state.key_refused`` is set: it is told so)."""
        key = key_of(request)
        if not key:
            return None
        member = await asyncio.to_thread(members_of(request).by_key, key)
        if member is None:
            if isinstance(request, WebSocket):
                request.state.key_refused = True
                return None
            raise HTTPException(401, KEY_REFUSED, {"Set-Cookie": f'{COOKIE}=""; Max-Age=0; '
                                                   "Path=/; HttpOnly; SameSite=lax"})
        return member

    async def json_body(request: Request) -> dict[str, Any]:
        try:
            return await request_object(request)
        except ConfigError as exc:
            raise HTTPException(400, str(exc)) from None

    async def with_key(request: Request, how: str, refused: int) -> JSONResponse:
        """Join (``how="join"``) or log in with the body's name and password; the
        member's new key in the answer and the cookie."""
        body = await json_body(request)
        members = members_of(request)
        name, password = body.get("name"), body.get("password")
        try:
            if how == "join":
                member, key = await asyncio.to_thread(members.join, name, password)
            else:
                member, key = await asyncio.to_thread(members.login, name, password,
                                                      client_of(request))
        except TooManyTries as exc:
            return JSONResponse({"error": str(exc)}, 429,
                                {"Retry-After": str(max(1, round(exc.wait)))})
        except MemberError as exc:
            return JSONResponse({"error": str(exc)}, refused)
        response = JSONResponse({**member.public(), "key": key})
        response.set_cookie(COOKIE, key, max_age=10 * 365 * 86400, httponly=True,
                            samesite="lax", secure=behind_tls(request))
        return response

    @app.post("/api/members")
    async def join(request: Request) -> JSONResponse:
        return await with_key(request, "join", 400)

    @app.post("/api/members/login")
    async def login(request: Request) -> JSONResponse:
        return await with_key(request, "login", 403)

    @app.get("/api/members/me")
    async def me(request: Request) -> dict[str, Any]:
        member = await member_of(request)
        if member is None:
            raise HTTPException(404, "no member key with this request: join the club first")
        return member.public()

    @app.post("/api/members/logout")
    async def logout(request: Request) -> JSONResponse:
        """The key is deleted (it admits nobody after, across restarts too)."""
        await asyncio.to_thread(members_of(request).logout, key_of(request))
        response = JSONResponse({"ok": True})
        response.delete_cookie(COOKIE)
        return response

    app.include_router(lobby_router(member_of))  # the room (laws 16-25): .lobby, .room

    @app.get("/")
    async def front() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}", response_model=None)
    async def table_page(table_id: str, request: Request) -> FileResponse | HTMLResponse:
        if await hub_of(request).get(table_id) is None:  # a bad link says so (issue 30, 6)
            return HTMLResponse(NO_SUCH_TABLE, 404)
        return FileResponse(STATIC / "table.html")

    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        kinds = [k for k in COMPUTER_KINDS if k.split(":")[0] in player_names()]
        dummies = {v: [str(d) for d in default_dummies(get_rules(v))] for v in variant_names()}
        calling = [v for v in variant_names() if get_rules(v).call_honours_at is not None]
        # the variants whose honours the players may claim (laws 6-7, "honours": "claim")
        honours = [v for v in variant_names() if get_rules(v).honours]
        return {"variants": variant_names(), "dummies": dummies, "computers": kinds,
                "calling": calling, "honours": honours}

    @app.post("/api/tables")
    async def create(request: Request) -> JSONResponse:
        try:
            body = await request_object(request)
            config = TableConfig.from_request(body, seed=request_seed(body))
        except ConfigError as exc:
            return JSONResponse({"error": str(exc)}, 400)
        if (refused := limits_of(request).new_table(client_of(request))) is not None:
            return JSONResponse({"error": refused}, 429)
        hub = hub_of(request)
        try:
            table, tokens = await hub.create(config, owner=client_of(request))
        except (SQLAlchemyError, StorageUnavailable):  # the database is away (an outage)
            log.warning("a table could not be stored: the storage is unavailable")
            return JSONResponse({"error": "the storage is unavailable just now: nothing was "
                                          "made; try again in a moment"}, 503)
        base = str(request.base_url).rstrip("/")
        links = {s: f"{base}/table/{table.id}#token={t}" for s, t in tokens.items()}
        return JSONResponse({"id": table.id, "tokens": tokens, "links": links,
                             "watch": f"{base}/table/{table.id}"})

    @app.get("/api/tables/{table_id}")
    async def public(table_id: str, request: Request) -> dict[str, Any]:
        return await (await table_of(hub_of(request), table_id)).public()

    @app.get("/api/tables/{table_id}/pbn")
    async def pbn(table_id: str, request: Request) -> PlainTextResponse:
        table = await table_of(hub_of(request), table_id)
        text = await table.pbn()  # finished hands only: never the hand in play
        return PlainTextResponse(text, media_type="application/x-pbn", headers={
            "Content-Disposition": f'attachment; filename="cavendish-{table.id}.pbn"'})

    add_challenge_routes(app, STATIC)  # the duplicate challenge (challenge.py)

    @app.websocket("/ws/{table_id}")
    async def ws(websocket: WebSocket, table_id: str) -> None:
        await serve_socket(websocket, lambda client: table_socket(websocket, table_id, client))

    async def table_socket(websocket: WebSocket, table_id: str, client: str) -> None:
        hub = hub_of(websocket)
        table = await hub.get(table_id)
        if table is None:
            await websocket.send_json({"type": "error", "seq": 0,
                                       "message": f"no table {table_id!r}"})
            await websocket.close(code=4404)
            return
        token = websocket.query_params.get("token")
        seat = await hub.seat_of(table, token) if token else None
        if seat is not None:
            member = await member_of(websocket)
            if member is not None:
                await asyncio.to_thread(members_of(websocket).sit, table.id, str(seat),
                                        member.id)
        conn = Connection(websocket.send_text, seat, client=client, drop=dropper(websocket))
        conn.start()
        if token and seat is None:
            table.error(conn, "wrong token: you are watching as a spectator")
        if seat is None and (member := await member_of(websocket)) is not None:
            # a member seated here who came without his token still sits here
            seated = await asyncio.to_thread(members_of(websocket).seated, table.id)
            conn.sits = next((Seat.parse(s) for s, m in seated.items() if m.id == member.id),
                             None)
        if getattr(websocket.state, "key_refused", False):
            table.error(conn, KEY_REFUSED)
        if "follow" in websocket.query_params:  # a spectator follows one hand
            choose_follow(table, conn, websocket.query_params["follow"])
        await table.join(conn)
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect" or conn.dropped:
                    break
                text = frame.get("text")
                if text is None:
                    table.error(conn, "binary frames are refused: send JSON text")
                    continue
                await table.handle(conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            table.leave(conn)
            await conn.close()

    return app
