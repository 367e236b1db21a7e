"""The FastAPI application: the HTTP API, the websocket and the page.

Design note
-----------
:func:`create_app` builds the application around a :class:`~.tables.Hub` made
at start-up (the lifespan): the store is opened (migrations run), the computer
players' process pool started, every stored table rebuilt.  Routes (the
protocol is in ``docs/web.md``):

* ``GET /`` the front page, ``GET /table/{id}`` the table page, ``/static/...``;
* ``GET /api/options`` the variants and computer kinds;
* ``POST /api/tables`` a new table: ``{"id", "tokens", "links"}``;
* ``GET /api/tables/{id}`` the public state (a spectator's);
* ``GET /api/tables/{id}/pbn`` the finished hands in PBN (never the hand in play);
* ``WS /ws/{id}?token=...`` a seat, ``WS /ws/{id}`` a spectator;
* ``POST /api/members`` join the club, ``POST /api/members/login``,
  ``GET /api/members/me``, ``POST /api/members/logout`` (:mod:`.members`);
* ``GET /lobby``, ``GET /api/room``, ``POST /api/room/...``, ``WS /ws-room``: the
  room of club tables (:mod:`.lobby`, :mod:`.room`).

A member (the ``cavendish_member`` cookie, or ``?member=KEY``) who takes a seat
with its token is recorded at that seat (:meth:`~.members.Members.sit`).

A wrong token is answered with an error message and the connection is kept, as
a spectator's (it sees no hand).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles

from ..core.rules import get_rules, variant_names
from ..players import player_names
from .computer import make_pool
from .config import ConfigError, TableConfig, default_dummies
from .lobby import lobby_router
from .members import COOKIE, Member, MemberError, Members
from .room import Room
from .store import Store
from .tables import QUICK, SLOW, Connection, Hub, LiveTable

__all__ = ["create_app"]

STATIC = Path(__file__).parent / "static"
COMPUTER_KINDS = ["classical", "classical:school=old", "pimc", "search", "random"]


def create_app(db: str | None = None, *, delay: float = 0.5, workers: int = 2,
               pool: Executor | None = None) -> FastAPI:
    """The application: ``db`` a database URL (default: SQLite under the user's data
    folder), ``delay`` seconds before a computer's card is shown, ``workers`` the
    size of each of the computer players' two process pools (quick and slow
    players, :class:`~.tables.Hub`), or one ready ``pool`` for both."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store.open(db)
        own = pool is None

        def new_pool(lane: str) -> Executor:
            return make_pool(workers, warm=lane == QUICK)

        pools = ({lane: new_pool(lane) for lane in (QUICK, SLOW)} if pool is None
                 else {QUICK: pool, SLOW: pool})
        hub = Hub(store, pools, delay=delay, new_pool=new_pool if own else None)
        hub.restore()
        app.state.hub = hub
        app.state.members = Members(store)
        app.state.room = Room(store, hub, app.state.members)
        await app.state.room.start()
        try:
            yield
        finally:
            await app.state.room.close()
            for table in hub.tables.values():
                if table.busy is not None:
                    table.busy.cancel()
            if own:
                for executor in hub.pools.values():
                    executor.shutdown(wait=False, cancel_futures=True)
            store.close()

    app = FastAPI(title="Cavendish", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    def table_of(hub: Hub, table_id: str) -> LiveTable:
        table = hub.tables.get(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return table

    def members_of(request: Request | WebSocket) -> Members:
        members: Members = request.app.state.members
        return members

    async def member_of(request: Request | WebSocket) -> Member | None:
        """The member whose key the request carries (cookie or ``?member=``), or None."""
        key = request.cookies.get(COOKIE) or request.query_params.get("member")
        if not key:
            return None
        return await asyncio.to_thread(members_of(request).by_key, key)

    async def json_body(request: Request) -> dict[str, Any]:
        try:
            body = await request.json()
        except ValueError:
            raise HTTPException(400, "the body is not JSON") from None
        if not isinstance(body, dict):
            raise HTTPException(400, "expected a JSON object")
        return body

    def with_key(member: Member, key: str) -> JSONResponse:
        response = JSONResponse({**member.public(), "key": key})
        response.set_cookie(COOKIE, key, max_age=10 * 365 * 86400, httponly=True,
                            samesite="lax")
        return response

    @app.post("/api/members")
    async def join(request: Request) -> JSONResponse:
        body = await json_body(request)
        try:
            member, key = await asyncio.to_thread(
                members_of(request).join, body.get("name"), body.get("password"))
        except MemberError as exc:
            return JSONResponse({"error": str(exc)}, 400)
        return with_key(member, key)

    @app.post("/api/members/login")
    async def login(request: Request) -> JSONResponse:
        body = await json_body(request)
        try:
            member, key = await asyncio.to_thread(
                members_of(request).login, body.get("name"), body.get("password"))
        except MemberError as exc:
            return JSONResponse({"error": str(exc)}, 403)
        return with_key(member, key)

    @app.get("/api/members/me")
    async def me(request: Request) -> dict[str, Any]:
        member = await member_of(request)
        if member is None:
            raise HTTPException(404, "no member key with this request: join the club first")
        return member.public()

    @app.post("/api/members/logout")
    async def logout() -> JSONResponse:
        response = JSONResponse({"ok": True})
        response.delete_cookie(COOKIE)
        return response

    app.include_router(lobby_router(member_of))  # the room (laws 16-25): .lobby, .room

    @app.get("/")
    async def front() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}")
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        kinds = [k for k in COMPUTER_KINDS if k.split(":")[0] in player_names()]
        dummies = {v: [str(d) for d in default_dummies(get_rules(v))] for v in variant_names()}
        return {"variants": variant_names(), "dummies": dummies, "computers": kinds}

    @app.post("/api/tables")
    async def create(request: Request) -> JSONResponse:
        try:
            body = await request.json()
        except ValueError:
            return JSONResponse({"error": "the body is not JSON"}, 400)
        if not isinstance(body, dict):
            return JSONResponse({"error": "expected a JSON object"}, 400)
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            return JSONResponse({"error": f"seed {seed!r}: expected a whole number >= 0"}, 400)
        try:
            config = TableConfig.from_request(body, seed=seed)
        except ConfigError as exc:
            return JSONResponse({"error": str(exc)}, 400)
        hub = hub_of(request)
        table, tokens = await hub.create(config)
        base = str(request.base_url).rstrip("/")
        links = {s: f"{base}/table/{table.id}#token={t}" for s, t in tokens.items()}
        return JSONResponse({"id": table.id, "tokens": tokens, "links": links,
                             "watch": f"{base}/table/{table.id}"})

    @app.get("/api/tables/{table_id}")
    async def public(table_id: str, request: Request) -> dict[str, Any]:
        return await table_of(hub_of(request), table_id).public()

    @app.get("/api/tables/{table_id}/pbn")
    async def pbn(table_id: str, request: Request) -> PlainTextResponse:
        table = table_of(hub_of(request), table_id)
        text = await table.pbn()  # finished hands only: never the hand in play
        return PlainTextResponse(text, media_type="application/x-pbn", headers={
            "Content-Disposition": f'attachment; filename="cavendish-{table.id}.pbn"'})

    @app.websocket("/ws/{table_id}")
    async def ws(websocket: WebSocket, table_id: str) -> None:
        hub = hub_of(websocket)
        await websocket.accept()
        table = hub.tables.get(table_id)
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
        conn = Connection(websocket.send_text, seat)
        conn.start()
        if token and seat is None:
            table.error(conn, "wrong token: you are watching as a spectator")
        await table.join(conn)
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
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
