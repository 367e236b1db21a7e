"""The lobby's routes: the room's HTTP API, its websocket and its page.

Design note
-----------
:func:`lobby_router` gives the routes of the room (:mod:`.room`; the protocol is in
``docs/web.md``, "The room"): ``GET /lobby`` (the page), ``GET /api/room`` (the
lobby as JSON), ``GET /api/room/me`` (a member's seats and their tokens), the
member's requests as ``POST /api/room/...`` and ``WS /ws-room`` (the lobby again
after every change, and the cuts as they happen).  Every request that acts needs
a member (the ``cavendish_member`` cookie or ``?member=KEY``): the laws know the
candidates by their names.  A request the laws refuse is answered 409 with the
law's text, a bad request 400; nothing is changed by either.

Updates go over a websocket rather than polling: every cut is to be shown to the
room as it is made, and the server already writes to many sockets through a queue
per connection (:class:`~.tables.Connection`); a page that loses its socket reads
``GET /api/room`` and opens a new one.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse

from ..laws.errors import NotAllowed
from .connection import MAX_MESSAGE, Connection, client_of
from .limits import dropper, limits_of, serve_socket
from .members import KEY_REFUSED, Member
from .room import Room, RoomError
from .roomhost import RoomHost

__all__ = ["lobby_router"]

STATIC = Path(__file__).parent / "static"

MemberOf = Callable[[Request | WebSocket], Awaitable[Member | None]]


NOT_HERE = ("the room is held by another server process of this club (one process holds "
            "it: cavendish.web.roomhost): send /lobby, /api/room and /ws-room to the "
            "process that answers them (docs/web.md, \"More than one process\")")


def _held(request: Request | WebSocket) -> bool:
    host: RoomHost = request.app.state.room_host
    return host.held


def _room(request: Request | WebSocket) -> Room:
    """The room, if this process holds it (503 otherwise: :mod:`.roomhost`)."""
    if not _held(request):
        raise HTTPException(503, NOT_HERE)
    room: Room = request.app.state.room
    return room


def lobby_router(member_of: MemberOf) -> APIRouter:
    """The room's routes; ``member_of`` reads the member a request carries."""
    router = APIRouter()

    async def acting(request: Request) -> tuple[Member, dict[str, Any]]:
        member = await member_of(request)
        if member is None:
            raise _Refused(403, "no member key with this request: join the club first "
                                "(POST /api/members)")
        raw = await request.body()
        body: Any = {}
        if raw:
            try:
                body = json.loads(raw)
            except ValueError:
                raise _Refused(400, "the body is not JSON") from None
        if not isinstance(body, dict):
            raise _Refused(400, "expected a JSON object")
        return member, body

    async def answer(request: Request, act: Callable[[Room, Member, dict[str, Any]],
                                                      Awaitable[Any]]) -> JSONResponse:
        try:
            member, body = await acting(request)
            out = await act(_room(request), member, body)
        except _Refused as exc:
            return JSONResponse({"error": exc.message}, exc.status)
        except NotAllowed as exc:
            return JSONResponse({"error": str(exc), "law": exc.law}, 409)
        except RoomError as exc:
            return JSONResponse({"error": str(exc)}, 400)
        return JSONResponse(out)

    @router.get("/lobby")
    async def page() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @router.get("/api/room")
    async def state(request: Request) -> dict[str, Any]:
        return await _room(request).state()

    @router.get("/api/room/me")
    async def me(request: Request) -> JSONResponse:
        member = await member_of(request)
        if member is None:
            return JSONResponse({"error": "no member key with this request: join the club "
                                          "first"}, 404)
        return JSONResponse(await _room(request).mine(member))

    @router.post("/api/room/tables")
    async def open_table(request: Request) -> JSONResponse:
        async def act(room: Room, member: Member, body: dict[str, Any]) -> Any:
            if (refused := limits_of(request).new_table(client_of(request))) is not None:
                raise _Refused(429, refused)
            return {"id": await room.open(member, body)}
        return await answer(request, act)

    @router.post("/api/room/tables/{rid}/{what}")
    async def table_request(rid: str, what: str, request: Request) -> JSONResponse:
        async def act(room: Room, member: Member, body: dict[str, Any]) -> Any:
            if what == "declare":
                return await room.declare(member, rid)
            if what == "computers":
                await room.add_computers(member, rid, body)
                return {"ok": True}
            if what == "cut":
                return await room.cut(member, rid)
            if what == "leave":
                return await room.leave(member, rid)
            if what == "substitute":
                return await room.propose(member, rid, body)
            if what == "consent":
                return await room.consent(member, rid)
            if what == "break-up":
                return await room.break_up(member, rid, body)
            raise _Refused(404, f"{what!r}: expected declare, computers, cut, leave, "
                                "substitute, consent or break-up")
        return await answer(request, act)

    @router.post("/api/room/take")
    async def take(request: Request) -> JSONResponse:
        async def act(room: Room, member: Member, body: dict[str, Any]) -> Any:
            return await room.take(member, body)
        return await answer(request, act)

    @router.websocket("/ws-room")
    async def ws_room(websocket: WebSocket) -> None:
        await serve_socket(websocket, lambda client: room_socket(websocket, client))

    async def room_socket(websocket: WebSocket, client: str) -> None:
        if not _held(websocket):
            await websocket.send_json({"type": "error", "message": NOT_HERE})
            await websocket.close(code=4503)
            return
        room = _room(websocket)
        member = await member_of(websocket)
        conn = Connection(websocket.send_text, None, client=client, drop=dropper(websocket))
        conn.start()
        if getattr(websocket.state, "key_refused", False):
            conn.put({"type": "error", "message": KEY_REFUSED})
        await room.join(conn, member)
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect" or conn.dropped:
                    break
                text = frame.get("text") or ""
                if len(text) > MAX_MESSAGE or not conn.allow():
                    continue
                try:
                    msg = json.loads(text)
                except ValueError:
                    msg = None
                if isinstance(msg, dict) and msg.get("type") == "snapshot":
                    conn.put(await room.state())
                else:
                    conn.put({"type": "error", "message": 'expected {"type": "snapshot"}: '
                              "the room's requests are HTTP (POST /api/room/...)"})
        except WebSocketDisconnect:
            pass
        finally:
            room.leave_room(conn)
            await conn.close()

    return router


class _Refused(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message
