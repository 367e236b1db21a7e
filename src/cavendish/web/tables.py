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

Claims, concessions and taking back (practice tables) are actions as cards are
(:func:`~.config.apply_action`): checked under the lock, stored, then shown to
every connection, each as a public event of the ``state`` message
(:func:`_public_events`: every card an action caused, every claim and its
verdict, every taking back).  A claim is judged double dummy off the event loop.
An accepted claim or concession ends the hand: it is scored at once and the table
is between hands, where (as after a thirteenth trick) the hand just finished is
shown whole to all (:mod:`.visibility`); a refused claim shows nothing but the
claim.  A person's last card plays itself (the table's ``auto_last``, on by
default) as its own stored action, after ``delay`` as a computer's card.
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
from ..core.events import CardPlayed, Claimed, Event, HonoursCalled, TakenBack
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


def _public_events(events: list[Event], action: Action) -> list[dict[str, Any]]:
    """What everyone is told an action did: the deal, every card played (an action
    may cause more than one), honours called, a claim or concession and its
    verdict, cards taken back (they were face up: everyone saw them played)."""
    out: list[dict[str, Any]] = [{"kind": "deal"}] if action[0] == "deal" else []
    for e in events:
        if isinstance(e, CardPlayed):
            out.append({"kind": "card", "seat": str(e.seat), "card": str(e.card)})
        elif isinstance(e, HonoursCalled):
            out.append({"kind": "honours", "seat": str(e.seat), "honours": e.honours})
        elif isinstance(e, Claimed):
            out.append({"kind": "concede" if e.tricks == 0 else "claim", "seat": str(e.seat),
                        "tricks": e.tricks, "remaining": e.remaining,
                        "accepted": e.accepted, "text": str(e)})
        elif isinstance(e, TakenBack):
            out.append({"kind": "undo", "seat": str(e.seat), "cards": list(e.cards),
                        "text": str(e)})
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
                "seats": dict(cfg.kinds), "rubbers": cfg.rubbers,
                "room": cfg.extra.get("room")}  # a rubber of a club table (.room)

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
        try:
            if action[0] == "claim":  # judged double dummy: up to a second or so
                events = await asyncio.to_thread(apply_action, session, action)
            else:
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
        self.last_events = _public_events(events, action)
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
        if kind == HUMAN:
            if not self.session.human_to_play:  # his last card plays itself (auto_last)
                self.busy = asyncio.create_task(self._last_card(turn))
        elif kind is not None:
            self.busy = asyncio.create_task(self._computer(turn))

    async def _deal(self) -> None:
        await asyncio.sleep(self.hub.delay)
        async with self.lock:
            if self.session.state is None and not self.session.is_over:
                await self._act(("deal",))
        self.busy = None  # so that kick() starts the first card (a table of computers
        self.kick()       # once stopped after its first hand: kick() saw this task busy)

    async def _last_card(self, turn: Seat) -> None:
        seen = self.seq
        if self.hub.delay:
            await asyncio.sleep(self.hub.delay)
        async with self.lock:
            if self.seq == seen:  # else the table moved on meanwhile (an undo, say)
                card = self.session.view(turn).legal_cards()[0]
                await self._act(("card", str(card)))
        self.busy = None
        self.kick()

    async def _computer(self, turn: Seat) -> None:
        seen = self.seq
        actions = list(self.actions)
        loop = asyncio.get_running_loop()
        kind = self.config.kind_of(self.session.holder(turn)) or ""
        lane = self.hub.lane_of(kind)
        pool = self.hub.pools[lane]
        try:
            action, why = await loop.run_in_executor(pool, choose_card, self.id,
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
                await self._act(action)
                if action[0] == "card":
                    self.why = {"seat": str(turn), "card": action[1], "why": why}
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
            elif kind in ("claim", "concede"):
                await self._claim(conn, kind, msg)
            elif kind == "undo":
                await self._undo(conn)
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

    async def _claim(self, conn: Connection, kind: str, msg: dict[str, Any]) -> None:
        """A person claims ``tricks`` of those left (absent or ``"all"``: all of
        them; once per person per trick: each is judged double dummy), or concedes."""
        seat = self._person(conn)
        tricks = "0" if kind == "concede" else msg.get("tricks", "all")
        if tricks != "all" and (not isinstance(tricks, int | str) or isinstance(tricks, bool)
                                or not str(tricks).isdigit() or len(str(tricks)) > 2):
            raise ProtocolError(f'claim: "tricks" {tricks!r}: expected a whole number of '
                                'the tricks left, or "all"')
        async with self.lock:
            state = self.session.state
            if state is None or self.session.to_play is None:
                raise ProtocolError(f"{kind}: no hand is in play")
            if kind == "claim" and any(isinstance(e, Claimed) and e.trick == state.trick_number
                   and self.session.holder(e.seat) == seat for e in state.events):
                raise ProtocolError(f"{kind}: you have claimed in this trick already: "
                                    "play on")
            action = (("concede", str(seat)) if kind == "concede"
                      else ("claim", str(seat), str(tricks)))
            await self._act(action)
        self.kick()

    async def _undo(self, conn: Connection) -> None:
        """At a practice table, a person takes back his last card (and the cards
        played after it)."""
        seat = self._person(conn)
        if not self.config.practice:
            raise ProtocolError("undo: cards are taken back at practice tables only")
        async with self.lock:
            if self.session.state is None:
                raise ProtocolError("undo: no hand is in play")
            await self._act(("undo", str(seat)))
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
        except BrokenExecutor:
            raise ProtocolError("hint: the tutor could not be asked now: try again") from None
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
        try:
            review = await loop.run_in_executor(
                self.hub.pools[SLOW], review_for, self.config_json, list(self.actions), board)
        except BrokenExecutor:  # a worker died (or the server is stopping): not this socket
            raise ProtocolError("review: the analysis could not be run now: try again") from None
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
