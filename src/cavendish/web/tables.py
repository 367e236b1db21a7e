"""The live tables: an action is checked, stored, then shown; computers' turns.

Design note
-----------
A :class:`LiveTable` holds the authoritative :class:`~cavendish.game.session.Session`
of a table (every seat held by None: the server supplies every card, the people's
from their connections and the computers' from the pool, :mod:`.computer`) and
the list of its actions.  One action at a time (an :class:`asyncio.Lock`):

1. it is checked by applying it to the session (an illegal card raises and
   changes nothing: the error goes to the sender only);
2. it is committed to the store in its own transaction (:meth:`.store.Store.append`);
3. only then is every connection sent a ``state`` message, each built from
   :func:`~.visibility.visible_state` for that connection's seat (and nothing else).

Each connection has a queue and a writer task, so a slow client never holds up
the table.  Messages carry the table's ``seq``: the number of actions stored.
After an action the table looks at who is to play: a computer's card is asked of
the pool (off the event loop) and played after ``delay`` seconds, as an action.
A hand over waits for a person's ``next`` (at once when no person sits).

The places where claims, concessions, undo (the ``table`` helper's Session work)
are to be wired in are marked ``WIRE:``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import BrokenExecutor, Executor
from typing import Any

from ..core.cards import Card, CardParseError, Seat
from ..core.errors import IllegalAction, WhistError
from ..core.events import Event, HonoursCalled
from ..game.session import Session, SessionError
from ..io.pbn import write_pbn
from ..players import kind_of
from .computer import choose_card, hint_for, review_for
from .config import HUMAN, Action, TableConfig, apply_action, build_session
from .store import Store
from .visibility import visible_state

__all__ = ["Connection", "Hub", "LiveTable", "ProtocolError"]

log = logging.getLogger("cavendish.web")

MAX_MESSAGE = 2048
"""Bytes: a longer message from a client is refused."""
RATE = 10.0
"""Messages per second a connection may send, on average..."""
BURST = 30.0
"""...with bursts of this many."""

QUICK, SLOW = "quick", "slow"
QUICK_KINDS = frozenset({"classical", "random"})
"""Kinds of player that answer in milliseconds."""

NOT_YET = {
    # WIRE: when Session has claim()/concede()/undo(), take these out of NOT_YET and
    # handle them in handle() as _play does: check the seat under the lock, then
    # ``await self._act(("claim", ...))`` (stored, then shown); add the action to
    # config.apply_action so that a restart replays it.  Undo at practice tables only.
    "claim": "claims are not available yet: the game driver has no claim",
    "concede": "concessions are not available yet: the game driver has no concession",
    "undo": "undo is not available yet: the game driver has no undo",
}


class ProtocolError(IllegalAction):
    """A client's message that cannot be acted on (the connection is kept)."""


class Connection:
    """One websocket: its seat (None: a spectator), its queue, its rate bucket."""

    def __init__(self, send: Callable[[str], Awaitable[None]], seat: Seat | None) -> None:
        self.send = send
        self.seat = seat
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.tokens = BURST
        self.stamp = time.monotonic()
        self.writer: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the writer task."""
        self.writer = asyncio.create_task(self._write())

    async def _write(self) -> None:
        while (text := await self.queue.get()) is not None:
            try:
                await self.send(text)
            except Exception:  # the socket is gone: the reader sees it too
                return

    def put(self, message: dict[str, Any]) -> None:
        """Queue a message."""
        self.queue.put_nowait(json.dumps(message, separators=(",", ":")))

    async def close(self) -> None:
        """Stop the writer after the queued messages."""
        self.queue.put_nowait(None)
        if self.writer is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.writer, 5)

    def allow(self) -> bool:
        """The rate limit: a token bucket of ``BURST``, refilled at ``RATE`` a second."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _public_events(events: list[Event], action: Action, seat: Seat | None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if action[0] == "deal":
        out.append({"kind": "deal"})
    elif seat is not None:
        out.append({"kind": "card", "seat": str(seat), "card": action[1]})
    for e in events:
        if isinstance(e, HonoursCalled):
            out.append({"kind": "honours", "seat": str(e.seat), "honours": e.honours})
    return out


class LiveTable:
    """A table in play on this server."""

    def __init__(self, hub: Hub, table_id: str, config: TableConfig,
                 actions: list[Action]) -> None:
        self.hub = hub
        self.id = table_id
        self.config = config
        self.config_json = config.to_json()
        self.session: Session = build_session(config)
        self.actions: list[Action] = []
        for action in actions:
            apply_action(self.session, action)
            self.actions.append(tuple(action))
        self.conns: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.busy: asyncio.Task[None] | None = None
        self.last_events: list[dict[str, Any]] = []
        self.failed: str | None = None
        self.why: dict[str, str] | None = None
        """The last computer card and why it was played (for ``why`` at practice tables)."""

    @property
    def seq(self) -> int:
        """The number of actions stored."""
        return len(self.actions)

    def info(self) -> dict[str, Any]:
        """The table's public description."""
        cfg = self.config
        return {"id": self.id, "variant": cfg.variant, "practice": cfg.practice,
                "seats": dict(cfg.kinds), "rubbers": cfg.rubbers}

    def message(self, seat: Seat | None, *, snapshot: bool = False) -> dict[str, Any]:
        """The ``state`` message for a seat (None: a spectator)."""
        return {"type": "state", "seq": self.seq, "snapshot": snapshot,
                "you": None if seat is None else str(seat), "table": self.info(),
                "events": self.last_events, **visible_state(self.session, seat)}

    async def public(self) -> dict[str, Any]:
        """What anyone may see (``GET /api/tables/{id}``): a spectator's state."""
        async with self.lock:  # never an action not yet stored
            msg = self.message(None)
        del msg["type"], msg["snapshot"], msg["you"], msg["events"]
        return msg

    async def pbn(self) -> str:
        """The finished hands in PBN (never the hand in play)."""
        async with self.lock:
            result = self.session.result()
        return write_pbn(result.records(event=f"Cavendish table {self.id}"))

    async def join(self, conn: Connection) -> None:
        """Add a connection and send it a full snapshot."""
        async with self.lock:  # never an action not yet stored
            self.conns.add(conn)
            conn.put(self.message(conn.seat, snapshot=True))

    def leave(self, conn: Connection) -> None:
        """Forget a connection."""
        self.conns.discard(conn)

    def error(self, conn: Connection, message: str, **extra: Any) -> None:
        """An error to one connection."""
        conn.put({"type": "error", "seq": self.seq, "message": message, **extra})

    # ----------------------------------------------------------------- actions
    async def act(self, action: Action) -> None:
        """Check, store, then show one action (raises ProtocolError if refused)."""
        async with self.lock:
            await self._act(action)
        self.kick()

    async def _act(self, action: Action) -> None:
        """Apply, store (off the event loop), then show: the caller holds the lock,
        and everything that shows the session takes it, so nothing is shown before
        it is stored."""
        session = self.session
        seat = session.to_play if action[0] == "card" else None
        try:
            events = apply_action(session, action)
        except (WhistError, SessionError, CardParseError) as exc:
            raise ProtocolError(str(exc)) from None
        try:
            await asyncio.to_thread(self.hub.store.append, self.id, self.seq + 1, action)
        except Exception:
            log.exception("table %s: could not store %r; the table is rebuilt", self.id, action)
            self.session = build_session(self.config)
            for a in self.actions:
                apply_action(self.session, a)
            raise ProtocolError("the server could not store that: try again") from None
        self.actions.append(tuple(action))
        self.last_events = _public_events(events, action, seat)
        for conn in list(self.conns):
            conn.put(self.message(conn.seat))

    def kick(self) -> None:
        """Start the computers' next move if one is due and none is under way."""
        if self.busy is not None and not self.busy.done():
            return
        if self.failed or self.session.is_over:
            return
        turn = self.session.to_play
        if turn is None:
            if self.session.state is None and not self.config.humans:
                self.busy = asyncio.create_task(self._deal())
            return
        kind = self.config.kind_of(self.session.holder(turn))
        if kind is not None and kind != HUMAN:
            self.busy = asyncio.create_task(self._computer(turn))

    async def _deal(self) -> None:
        await asyncio.sleep(self.hub.delay)
        await self.act(("deal",))

    async def _computer(self, turn: Seat) -> None:
        seen = self.seq
        actions = list(self.actions)
        loop = asyncio.get_running_loop()
        kind = self.config.kind_of(self.session.holder(turn)) or ""
        lane = self.hub.lane_of(kind)
        pool = self.hub.pools[lane]
        try:
            card, why = await loop.run_in_executor(pool, choose_card, self.id,
                                                   self.config_json, actions)
        except BrokenExecutor as exc:  # a worker died (killed, out of memory): a new pool
            log.warning("table %s: the %s pool is broken (%s)", self.id, lane, exc)
            if self.hub.renew_pool(lane, pool):
                self.busy = None
                self.kick()
                return
            self.failed = f"the computer player at {turn} cannot be asked: the pool is broken"
            log.error("table %s: %s", self.id, self.failed)
            return
        except Exception as exc:
            self.failed = f"the computer player at {turn} failed: {exc}"
            log.exception("table %s: %s", self.id, self.failed)
            return
        if self.hub.delay:
            await asyncio.sleep(self.hub.delay)
        async with self.lock:
            if self.seq == seen:  # else the table moved on meanwhile (an undo, say)
                await self._act(("card", card))
                self.why = {"seat": str(turn), "card": card, "why": why}
        self.busy = None
        self.kick()

    # ---------------------------------------------------------------- messages
    async def handle(self, conn: Connection, text: str) -> None:
        """One message from a client; every refusal is an error to that client only."""
        if not conn.allow():
            self.error(conn, "too many messages: slow down (the message was ignored)")
            return
        if len(text) > MAX_MESSAGE:
            self.error(conn, f"message of {len(text)} bytes refused: at most {MAX_MESSAGE}")
            return
        try:
            msg = json.loads(text)
        except ValueError as exc:
            self.error(conn, f"malformed JSON: {exc}")
            return
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            self.error(conn, 'expected a JSON object with a "type", such as '
                             '{"type": "play", "card": "SA"}')
            return
        kind = msg["type"]
        try:
            if kind == "play":
                await self._play(conn, msg)
            elif kind == "next":
                await self._next(conn)
            elif kind == "snapshot":
                async with self.lock:
                    conn.put(self.message(conn.seat, snapshot=True))
            elif kind == "hint":
                await self._hint(conn)
            elif kind == "why":
                self._why(conn)
            elif kind == "review":
                await self._review(conn, msg)
            elif kind in NOT_YET:
                self.error(conn, NOT_YET[kind], request=kind)
            else:
                self.error(conn, f"unknown message type {kind!r}: expected play, next, "
                                 "snapshot, hint, why, review, claim, concede or undo")
        except ProtocolError as exc:
            self.error(conn, str(exc), request=kind)

    def _person(self, conn: Connection) -> Seat:
        if conn.seat is None:
            raise ProtocolError("a spectator cannot act: join with a seat's token")
        return conn.seat

    async def _play(self, conn: Connection, msg: dict[str, Any]) -> None:
        seat = self._person(conn)
        raw = msg.get("card")
        if not isinstance(raw, str) or len(raw) > 8:
            raise ProtocolError('play: expected "card" as in PBN, such as "SA"')
        try:
            card = Card.parse(raw)
        except CardParseError as exc:
            raise ProtocolError(f"play: {exc}") from None
        async with self.lock:
            turn = self.session.to_play
            if turn is None:
                raise ProtocolError(f"play {card}: no card is wanted now")
            if self.session.holder(turn) != seat:
                raise ProtocolError(f"play {card}: it is not your turn ({turn} is to play)")
            await self._act(("card", str(card)))
        self.kick()

    async def _next(self, conn: Connection) -> None:
        self._person(conn)
        async with self.lock:
            if self.session.state is not None:
                raise ProtocolError("next: the hand is still in play")
            if self.session.is_over:
                raise ProtocolError("next: the session is over")
            await self._act(("deal",))
        self.kick()

    async def _hint(self, conn: Connection) -> None:
        seat = self._person(conn)
        if not self.config.practice:
            raise ProtocolError("hint: hints are given at practice tables only")
        turn = self.session.to_play
        if turn is None or self.session.holder(turn) != seat:
            raise ProtocolError("hint: it is not your turn")
        loop = asyncio.get_running_loop()
        seq = self.seq
        try:
            hint = await loop.run_in_executor(
                self.hub.pools[SLOW], hint_for, self.config_json, list(self.actions), str(seat))
        except ValueError as exc:
            raise ProtocolError(f"hint: {exc}") from None
        conn.put({"type": "hint", "seq": seq, **hint})

    def _why(self, conn: Connection) -> None:
        self._person(conn)
        if not self.config.practice:
            raise ProtocolError("why: the tutor explains at practice tables only")
        if self.why is None:
            raise ProtocolError("why: no computer card has been played since the server started")
        conn.put({"type": "why", "seq": self.seq, **self.why})

    async def _review(self, conn: Connection, msg: dict[str, Any]) -> None:
        board = msg.get("board", len(self.session.hands))
        done = len(self.session.hands)
        if not isinstance(board, int) or isinstance(board, bool) or not 1 <= board <= done:
            raise ProtocolError(f"review: board {board!r} is not a finished hand "
                                f"({done} finished)")
        loop = asyncio.get_running_loop()
        seq = self.seq
        review = await loop.run_in_executor(
            self.hub.pools[SLOW], review_for, self.config_json, list(self.actions), board)
        conn.put({"type": "review", "seq": seq, **review})


class Hub:
    """Every live table of a server, its store and its computer players' pools.

    Two lanes: the ``quick`` pool thinks for the players that answer in
    milliseconds (``classical``, ``random``), the ``slow`` pool for the searching
    ones (``pimc``, ``search``, any other kind) and for hints and reviews, so that
    a search player's seconds never hold up a classical table's cards."""

    def __init__(self, store: Store, pools: Mapping[str, Executor], *, delay: float = 0.5,
                 new_pool: Callable[[str], Executor] | None = None) -> None:
        self.store = store
        self.pools = {QUICK: pools[QUICK], SLOW: pools[SLOW]}
        self.delay = delay
        self.new_pool = new_pool
        self.renewals = 0
        self.tables: dict[str, LiveTable] = {}

    @staticmethod
    def lane_of(kind: str) -> str:
        """``quick`` or ``slow``: the pool that thinks for a kind of player.

        >>> Hub.lane_of("classical:school=old"), Hub.lane_of("search:worlds=8")
        ('quick', 'slow')
        """
        return QUICK if kind_of(kind) in QUICK_KINDS else SLOW

    def renew_pool(self, lane: str, broken: Executor) -> bool:
        """Replace a broken pool (once per breakage, at most 10 times); False if it
        cannot be replaced."""
        if self.pools[lane] is not broken:
            return True  # another table has replaced it already
        if self.new_pool is None or self.renewals >= 10:
            return False
        self.renewals += 1
        log.warning("the computer players' %s pool broke: a new one is started", lane)
        broken.shutdown(wait=False, cancel_futures=True)
        self.pools[lane] = self.new_pool(lane)
        return True

    def restore(self) -> int:
        """Rebuild every stored table (after a restart) and start its computers."""
        for table_id in self.store.table_ids():
            if table_id in self.tables:
                continue
            stored = self.store.load(table_id)
            table = LiveTable(self, table_id, TableConfig.from_json(stored.config),
                              stored.actions)
            self.tables[table_id] = table
            table.kick()
        return len(self.tables)

    async def create(self, config: TableConfig) -> tuple[LiveTable, dict[str, str]]:
        """A new table, its first hand dealt; the people's seat tokens."""
        table_id = secrets.token_urlsafe(9)
        tokens = {str(s): secrets.token_urlsafe(24) for s in config.humans}
        await asyncio.to_thread(self.store.create_table, table_id, config.to_json(), tokens)
        table = LiveTable(self, table_id, config, [])
        self.tables[table_id] = table
        await table.act(("deal",))
        return table, tokens

    async def seat_of(self, table: LiveTable, token: str) -> Seat | None:
        """The seat a token holds at a table, or None."""
        seat = await asyncio.to_thread(self.store.seat_of, table.id, token)
        return None if seat is None else Seat.parse(seat)
