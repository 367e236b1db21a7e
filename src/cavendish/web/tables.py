"""The live tables: an action is checked, stored, then shown; computers' turns.

Design note
-----------
A :class:`LiveTable` holds the authoritative :class:`~cavendish.game.session.Session`
of a table (every seat held by None: the server supplies every card, the people's
from their connections and the computers' from the pool, :mod:`.computer`) and
the list of its actions.  One action at a time (an :class:`asyncio.Lock`):

1. it is checked by applying it to the session (an illegal card raises and
   changes nothing: the error goes to the sender only);
2. it is committed to the store in its own transaction (:meth:`.store.Store.append`;
   on SQLite on the event loop itself, :class:`~.writer.LoopWriter`);
3. only then is every connection sent a ``state`` message, each built from
   :func:`~.visibility.visible_state` for that connection's seat (and nothing else).

Each connection has a queue and a writer task, so a slow client never holds up
the table.  Messages carry the table's ``seq``: the number of actions stored.
After an action the table looks at who is to play: a computer's card is asked of
the pool (off the event loop; the worker is sent only the actions it has not
seen, :mod:`.tail`) and played after ``delay`` seconds, as an action, when the
loop lets it in (one computer's card per turn of the loop, :mod:`.pace`; its
storing after a person's, :mod:`.writer`): a person's card is never queued
behind a crowd of computers' cards.
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

Several processes on one PostgreSQL database (:mod:`.bus`): an action another
process stored reaches a table here through :meth:`LiveTable.receive` and is
shown as an own action is; a table stored elsewhere is loaded when first asked
for (:meth:`Hub.get`).  An action whose ``seq`` another process stored first is
refused by the store (:class:`~.store.SeqTaken`): the table is rebuilt, catches
up from the store and goes on (:class:`Superseded`: a person is told to try
again, a computer's card is dropped), so no action is ever stored twice.  The
process that stored a table's last action moves its computers; the others take
over only if the table stands still for ``takeover`` seconds.  A table moved by
another process that no connection here watches is forgotten here (it is loaded
again when asked for), so each action is applied only where it is seen.

Memory and restart time stay bounded (issue 30, point 4): a table nobody watches
is put away (:meth:`Hub.sweep`, every ``sweep_every`` seconds) once its session is
over and ``evict_after`` seconds have passed since anyone asked for it, or once it
has not moved nor been asked for in ``idle_after`` seconds (an abandoned table);
the tables of the room are kept.  A table put away lives in the store only, and is
read back when anyone asks for it (:meth:`Hub.get`: its page, its PBN, a review,
a member's record reads the store anyway).  At start-up only the tables made or
moved in the last ``idle_after`` seconds are rebuilt (:meth:`Hub.restore`).

Nothing stands still without a word (issue 30, point 5).  A computer's action the
table refuses is logged (the table, the seat, the card, why) and a legal card of
the server's own session is played in its stead (:meth:`LiveTable._instead`).  An
action the store cannot commit (a full disk, the database away) is
:class:`StorageUnavailable`: a person is told so, and the computers' move is tried
again, the pause doubling (:data:`STORAGE_PAUSE` to :data:`STORAGE_PAUSE_MAX`), every
connection told the storage is unavailable (a ``storage`` message) and told again
when it is back.  Each move of the computers started arms the table's watchdog: if
the table has not moved when it fires (:meth:`LiveTable.patience`: longer than its
computers could need), it is logged with its id and last action and set going again.
A table made under the laws is a :class:`~.laws_table.LawsTable` (the hub's ``table_class``,
:func:`.laws_table.table_class`, given by the app: this module never imports it):
the same lock, store and messages, its session, actions, events, computers and
review supplied through the hooks :meth:`LiveTable._fresh`, ``_apply``, ``_public``,
``chooser``, ``reviewer`` and ``_other``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import datetime as dt
import json
import logging
import secrets
import time
from collections.abc import Callable, Coroutine, Mapping
from concurrent.futures import BrokenExecutor, Executor
from typing import Any

from ..core.cards import Card, CardParseError, Seat
from ..core.errors import WhistError
from ..core.events import CardPlayed, Claimed, Event, HonoursCalled, TakenBack
from ..game.laws_session import LawsSession
from ..game.session import Session, SessionError
from ..io.pbn import write_pbn
from ..players import kind_of
from .chat import deliver_chat, post_chat, ready_chat, recent_chat, release_chat
from .computer import choose_card, hint_for, review_for, why_for
from .config import HUMAN, Action, TableConfig, apply_action, build_session
from .connection import (
    MAX_MESSAGE,
    QUICK,
    QUICK_KINDS,
    SLOW,
    Connection,
    ProtocolError,
    Superseded,
    encode,
)
from .limits import Shares
from .pace import Pacer
from .spectators import follow_seat
from .store import SeqTaken, Store
from .tail import History, ask
from .trace import TRACER
from .visibility import for_hearer, hidden_from, names_any, visible_state

__all__ = ["Connection", "Hub", "LiveTable", "ProtocolError", "StorageUnavailable", "Superseded",
           "encode"]

log = logging.getLogger("cavendish.web")

GONE_GRACE = 2.0
"""Seconds a person's last connection may be away (a page reloaded) before the
others are told he has gone (``seats``)."""

STORAGE_PAUSE = 0.5
"""Seconds before a computer's action the store could not commit is tried again..."""
STORAGE_PAUSE_MAX = 8.0
"""...the pause doubling each time up to this."""
PATIENCE = {QUICK: 30.0, SLOW: 120.0}
"""Seconds a lane's computer may take for one move (a quick player answers in
milliseconds, a searching one within its capped budget, :data:`~.config.OPTION_CAPS`)
before the table's watchdog sets it going again: room for a loaded machine."""


class StorageUnavailable(ProtocolError):
    """The store could not commit an action (a full disk, the database away): nothing
    of it was stored or shown."""


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


def _call_event(session: Session, action: Action) -> dict[str, Any]:
    """What everyone heard of a call, a reminder or an election (001: said aloud)."""
    outcome = session.call_log[-1]
    return {"kind": action[0], "seat": action[1], "text": str(outcome),
            "wrong": outcome.wrong, "fresh_deal": outcome.fresh_deal}


class LiveTable:
    """A table in play on this server."""

    chooser: Callable[[str, str, list[Action]], tuple[Action, str]] = staticmethod(choose_card)
    """What the computer on turn does (in a worker of the pool): :func:`.computer.choose_card`."""
    reviewer: Callable[[str, list[Action], int], dict[str, Any]] = staticmethod(review_for)
    """The review of a finished hand (in a worker of the pool): :func:`.computer.review_for`."""

    def __init__(self, hub: Hub, table_id: str, config: TableConfig,
                 actions: list[Action]) -> None:
        self.hub = hub
        self.id = table_id
        self.config = config
        self.config_json = config.to_json()
        self.session: Session | LawsSession = self._fresh()
        self.actions: list[Action] = []
        for action in actions:
            self._apply(action)
            self.actions.append(tuple(action))
        self.conns: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.busy: asyncio.Task[None] | None = None
        self.last_events: list[dict[str, Any]] = []
        self.failed: str | None = None
        self.why: dict[str, str] | None = None
        """The last computer card and why it was played (for ``why`` at practice tables)."""
        self.watch: asyncio.TimerHandle | None = None
        """Armed by an action of another process: the takeover of the computers."""
        self.elsewhere = False
        """The last action was stored by another process: it moves the computers."""
        self.seen = time.monotonic()
        """When it was last asked for or left by a connection here."""
        self.moved = self.seen
        """When its last action was shown here."""
        self.tail = History()
        """What the pool's workers were sent of the actions (:mod:`.tail`)."""
        self.present: dict[str, int] = {}
        """Seat letter: how many connections here hold its token now."""
        self.left_at: dict[str, float] = {}
        """Seat letter: when the last connection of its person left (he is gone).  A
        table read back from the store counts every person as just gone: his seat
        stays his until he has been away :attr:`Hub.gone_after` seconds."""
        if actions:
            self.left_at = {str(s): time.monotonic() for s in config.humans}
        self.given_up: set[str] = set()
        """Seats whose person gave them up (``leave``): free at once."""
        self.substitutes: set[str] = set()
        """Seats a computer plays while their person is away (``substitute``)."""
        self.told_gone: set[str] = set()
        """Seats the connections were told are gone (told again when he is back)."""
        self.owner = table_id
        """The client that made it (its computers' jobs are charged to him,
        :class:`~.limits.Shares`); a table read back from the store is its own."""
        self.storage_down = False
        """The connections were told the storage is unavailable (told when it is back)."""
        self.dog: asyncio.TimerHandle | None = None
        """The table's watchdog (:meth:`_begin`, :meth:`_watchdog`)."""
        self.begun: tuple[int, asyncio.Task[None], float] | None = None
        """The move under way or last made: the action it began at, its task, when."""
        self.stalls = 0
        """Times the watchdog set this table going again."""

    def _fresh(self) -> Session | LawsSession:
        """A new session for the table's config (a laws table's: :mod:`.laws_table`)."""
        return build_session(self.config)

    def _apply(self, action: Action) -> list[Event]:
        """Apply one stored action to the session (a laws table's: :mod:`.laws_table`)."""
        assert isinstance(self.session, Session)
        return apply_action(self.session, action)

    def _public(self, events: list[Event], action: Action) -> list[dict[str, Any]]:
        """What everyone is told an action did (a laws table tells its rulings too)."""
        return _public_events(events, action)

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

    @property
    def hand_start(self) -> int:
        """The ``seq`` of the deal of the hand in play or last played (0: none yet)."""
        for i in range(len(self.actions) - 1, -1, -1):
            if self.actions[i][0] == "deal":
                return i + 1
        return 0

    def message(self, seat: Seat | None, *, snapshot: bool = False,
                follow: Seat | None = None, follow_all: bool = False,
                player: bool = False) -> dict[str, Any]:
        """The ``state`` message for a seat (None: a spectator, following ``follow``,
        or every hand with ``follow_all``); a snapshot carries the chat's recent
        history (:mod:`.chat`; ``player``: its receiver plays here, and is not told
        the spectators' lines of the hand in play)."""
        msg = {"type": "state", "seq": self.seq, "snapshot": snapshot,
               "you": None if seat is None else str(seat), "table": self.info(),
               "events": self.last_events,
               **visible_state(self.session, seat, follow=follow, follow_all=follow_all)}
        if snapshot:
            msg["chat"] = recent_chat(self, player=player or seat is not None)
        return msg

    def snapshot(self, conn: Connection) -> dict[str, Any]:
        """A full ``state`` message for ``conn`` (the caller holds the lock)."""
        return self.message(conn.seat, snapshot=True, follow=conn.follow,
                            follow_all=conn.follow_all, player=conn.sits is not None)

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
        event = self.config.event(self.id)  # marked if hands could be followed
        return write_pbn(result.records(event=event))

    async def join(self, conn: Connection) -> None:
        """Add a connection and send it a full snapshot; a person back at his seat
        takes it again (from a computer put there while he was away)."""
        await ready_chat(self)  # the snapshot's chat, read off the event loop
        async with self.lock:  # never an action not yet stored
            self.conns.add(conn)
            conn.put(self.snapshot(conn))
        if conn.seat is not None:
            s = str(conn.seat)
            self.present[s] = self.present.get(s, 0) + 1
            self.left_at.pop(s, None)
            back = s in self.told_gone or s in self.substitutes
            self.told_gone.discard(s)
            self.given_up.discard(s)
            self.substitutes.discard(s)
            if back:
                self._tell_seats()

    def leave(self, conn: Connection) -> None:
        """Forget a connection; the last of a person's marks him gone."""
        self.conns.discard(conn)
        self.seen = time.monotonic()
        if conn.seat is not None:
            s = str(conn.seat)
            self.present[s] = self.present.get(s, 1) - 1
            if self.present[s] <= 0:
                del self.present[s]
                self.left_at[s] = left = time.monotonic()
                with contextlib.suppress(RuntimeError):  # (no loop: the server stops)
                    loop = asyncio.get_running_loop()
                    # a reload is not a leave: told gone only if still away after a
                    # moment; told again when the others may fill the seat
                    loop.call_later(GONE_GRACE, self._tell_if_away, s, left)
                    loop.call_later(self.hub.gone_after + 0.05, self._tell_if_away, s, left)

    def _tell_if_away(self, seat: str, left: float) -> None:
        if self.left_at.get(seat) == left and self.hub.tables.get(self.id) is self:
            self.told_gone.add(seat)
            self._tell_seats()

    # ------------------------------------------------------------------ people
    def seat_state(self, seat: str) -> str:
        """``here`` (its person is connected), ``gone`` (he left less than
        :attr:`Hub.gone_after` seconds ago: the seat is still his), ``away`` (gone
        longer: the others may put a computer there, or the room a member, until he
        comes back) or ``free`` (nobody has held it, or its person gave it up)."""
        if seat in self.given_up:
            return "free"
        if seat in self.present:
            return "here"
        left = self.left_at.get(seat)
        if left is None:
            return "free"
        return "gone" if time.monotonic() - left < self.hub.gone_after else "away"

    def people(self) -> dict[str, dict[str, Any]]:
        """The people's seats as the others see them: ``gone`` (he has left), ``free``
        (it may be taken: nobody holds it, or he has been away a while) and
        ``substitute`` (a computer plays it until he comes back)."""
        out: dict[str, dict[str, Any]] = {}
        for seat in self.config.humans:
            s = str(seat)
            state = self.seat_state(s)
            out[s] = {"gone": state in ("gone", "away"), "free": state in ("away", "free"),
                      "substitute": s in self.substitutes}
        return out

    def _tell_seats(self) -> None:
        """Every connection is told who is at the table (``seats``)."""
        msg = encode({"type": "seats", "seq": self.seq, "people": self.people()})
        for conn in list(self.conns):
            conn.put_text(msg)

    def kind_at(self, seat: Seat) -> str | None:
        """Who plays a seat's cards now: its config's kind, or ``classical`` for a
        person's seat a computer holds while he is away."""
        s = str(seat)
        return "classical" if s in self.substitutes else self.config.kinds.get(s)

    def _computers_config(self) -> str:
        """The config the pool's players are built from: with a computer in each
        seat given to a substitute."""
        if not self.substitutes:
            return self.config_json
        kinds = {**self.config.kinds, **{s: "classical" for s in self.substitutes}}
        return dataclasses.replace(self.config, kinds=kinds).to_json()

    async def _give_up(self, conn: Connection) -> None:
        """``leave``: a person gives up his seat (it is free at once)."""
        seat = str(self._person(conn))
        self.given_up.add(seat)
        self._tell_seats()

    async def _substitute(self, conn: Connection, msg: dict[str, Any]) -> None:
        """``substitute``: a person at the table puts a computer in the seat of one who
        has been away a while (it plays until he comes back)."""
        self._person(conn)
        seat = msg.get("seat")
        if seat not in self.config.kinds or self.config.kinds[seat] != HUMAN:
            raise ProtocolError(f"substitute {seat!r}: expected a person's seat "
                                f"({', '.join(str(s) for s in self.config.humans)})")
        state = self.seat_state(seat)
        if state not in ("away", "free") or seat in self.present:
            raise ProtocolError(f"substitute {seat}: its person is "
                                f"{'at the table' if state == 'here' else 'only just gone'}"
                                f": a computer may take his seat once he has been away "
                                f"{self.hub.gone_after:.0f} seconds")
        self.substitutes.add(seat)
        self._tell_seats()
        self.kick()

    def error(self, conn: Connection, message: str, **extra: Any) -> None:
        """An error to one connection."""
        conn.put({"type": "error", "seq": self.seq, "message": message, **extra})

    # ----------------------------------------------------------------- actions
    async def act(self, action: Action) -> None:
        """Check, store, then show one action (raises ProtocolError if refused)."""
        async with self.lock:
            await self._act(action)
        self.kick()

    async def _act(self, action: Action, *, first: bool = True) -> None:
        """Apply, store (off the event loop), then show: the caller holds the lock,
        and everything that shows the session takes it, so nothing is shown before
        it is stored.  ``first``: a person's action, stored before any computer's
        waiting (:mod:`.writer`); a computer's card is not."""
        try:
            if action[0] == "claim":  # judged double dummy: up to a second or so
                events = await asyncio.to_thread(self._apply, action)
            else:
                events = self._apply(action)
        except (WhistError, SessionError, CardParseError) as exc:
            raise ProtocolError(str(exc)) from None
        if TRACER is not None:
            TRACER.mark("applied")
        try:
            await self.hub.store.writer.append(self.id, self.seq + 1, action, first=first)
        except SeqTaken:
            log.warning("table %s: action %d was stored by another process first",
                        self.id, self.seq + 1)
            if TRACER is not None:
                TRACER.count("seq_taken")
            self._rebuild()
            await self._catch_up()
            raise Superseded(f"{' '.join(action)}: the table moved on before it was stored "
                             "(another server process's action came first): "
                             "nothing of yours was played; try again") from None
        except Exception as exc:
            log.exception("table %s: could not store %r; the table is rebuilt", self.id, action)
            self._rebuild()
            raise StorageUnavailable(f"{' '.join(action)}: the storage is unavailable "
                                     f"({type(exc).__name__}): nothing was played; try again "
                                     "in a moment") from None
        if TRACER is None:
            self._show(events, action)
            return
        TRACER.mark("stored")
        self._show(events, action)
        TRACER.mark("shown")
        TRACER.finish(self.id, self.seq)

    def _show(self, events: list[Event], action: Action, *, elsewhere: bool = False) -> None:
        """An action stored: kept, and every connection sent its ``state``."""
        self.elsewhere = elsewhere
        self.moved = time.monotonic()
        self.actions.append(tuple(action))
        if action[0] in ("deal", "undo"):
            self.why = None  # the last computer card is of another hand, or taken back
        self.last_events = self._public(events, action)
        if self._is_call(action[0]):
            assert isinstance(self.session, Session)
            self.last_events.insert(0, _call_event(self.session, action))
        # each distinct message built and encoded once: the connections of one seat,
        # and the spectators following the same seat or none, are sent the same text
        texts: dict[tuple[Seat | None, Seat | None, bool], str] = {}
        for conn in list(self.conns):
            key = (conn.seat, conn.follow, conn.follow_all)
            text = texts.get(key)
            if text is None:
                text = texts[key] = encode(self.message(conn.seat, follow=conn.follow,
                                                        follow_all=conn.follow_all))
            conn.put_text(text)
        if self.session.state is None:  # between hands: the spectators' lines held back
            release_chat(self)

    def _rebuild(self) -> None:
        """The session again from the actions stored (an action applied but not stored)."""
        self.session = self._fresh()
        for a in self.actions:
            self._apply(a)

    # ------------------------------------------------- other server processes
    async def _catch_up(self) -> None:
        """Apply and show the actions other processes stored after ours (the caller
        holds the lock)."""
        later = await asyncio.to_thread(self.hub.store.actions_after, self.id, self.seq)
        for action in later:
            self._receive(action)

    def _receive(self, action: Action) -> None:
        try:
            events = self._apply(action)
        except (WhistError, SessionError, CardParseError) as exc:  # the stores disagree
            self.failed = f"action {self.seq + 1} {list(action)} from the store: {exc}"
            log.error("table %s: %s", self.id, self.failed)
            self._rebuild()
            return
        self._show(events, action, elsewhere=True)

    async def receive(self, seq: int, action: Action | None) -> None:
        """Action ``seq``, stored by another process (None: read it from the store):
        shown here as an own action is; any number skipped is read from the store."""
        async with self.lock:
            if seq <= self.seq:
                return
            if seq == self.seq + 1 and action is not None:
                self._receive(action)
            else:
                await self._catch_up()
        self._arm()

    async def sync(self) -> None:
        """Catch up with the store (a table just loaded, the bus just back)."""
        async with self.lock:
            await self._catch_up()
        self._arm()

    def _arm(self) -> None:
        """Take over the computers if the table stands still (their process died)."""
        if self.watch is not None:
            self.watch.cancel()
        self.watch = asyncio.get_running_loop().call_later(
            self.hub.takeover + self.hub.delay, self._take_over, self.seq)

    def _take_over(self, seen: int) -> None:
        self.watch = None
        if self.seq == seen and not self.failed:
            log.warning("table %s stood still at action %d: this process moves it", self.id, seen)
            if TRACER is not None:
                TRACER.count("takeover")
            self.kick(takeover=True)

    def kick(self, *, takeover: bool = False) -> None:
        """Start the computers' next move if one is due and none is under way (and
        this process stored the last action, or ``takeover``)."""
        if self.busy is not None and not self.busy.done():
            return
        if self.elsewhere and not takeover:
            return
        if self.failed or self.session.is_over:
            return
        turn = self.session.to_play
        if turn is None:
            if self.session.state is None and not self.config.humans:
                self._begin(self._deal())
            return
        if self._ruff_offered() is not None:
            return  # a person says whether he ruffs before any card (000)
        kind = self.kind_at(self.session.holder(turn))
        if kind == HUMAN:
            if not self.session.human_to_play:  # his last card plays itself (auto_last)
                self._begin(self._last_card(turn))
        elif kind is not None:
            self._begin(self._computer(turn))

    def _begin(self, move: Coroutine[Any, Any, None]) -> None:
        """Start a move of the computers (``busy``) and see that the table's watchdog
        is armed (one timer a table, not one a move: it fires, and is armed again for
        the move under way then, if any)."""
        self.busy = task = asyncio.create_task(move)
        loop = asyncio.get_running_loop()
        self.begun = (self.seq, task, loop.time())
        if self.dog is None:
            self.dog = loop.call_later(self.patience(), self._watchdog)

    def patience(self) -> float:
        """Seconds the table's computers could need for one move (the hub's
        ``watchdog`` if set): the delay and the slowest lane's :data:`PATIENCE`."""
        if self.hub.watchdog is not None:
            return self.hub.watchdog
        kinds = [k for k in self.config.kinds.values() if k != HUMAN]
        lanes = {self.hub.lane_of(k) for k in kinds} or {QUICK}
        return self.hub.delay + max(PATIENCE[lane] for lane in lanes)

    def _watchdog(self) -> None:
        """If the move under way began at an action the table is still at, longer ago
        than :meth:`patience` (and it is not waiting for the storage, which says so
        itself), the table is logged with its last action and set going again."""
        self.dog = None
        if self.hub.tables.get(self.id) is not self or self.begun is None:
            return
        seen, task, since = self.begun
        if self.busy is not task or self.seq != seen:
            return  # no move under way: the next one arms the watchdog
        loop = asyncio.get_running_loop()
        left = since + self.patience() - loop.time()
        if left > 0 or self.storage_down:  # (waiting for the storage: watched again)
            self.dog = loop.call_later(max(left, 0.0) or self.patience(), self._watchdog)
            return
        last = " ".join(self.actions[-1]) if self.actions else "none"
        self.stalls += 1
        log.warning("table %s has not moved for %.1f s (last action %d: %s%s): it is set "
                    "going again", self.id, self.patience(), self.seq, last,
                    f"; {self.failed}" if self.failed else "")
        task.cancel()
        self.busy = None
        self.failed = None
        self.tail = History()  # the pool's workers are sent the table whole again
        self.kick()

    async def _computers_act(self, seen: int, make: Callable[[], Action | None]) -> bool:
        """Store the computers' action ``make()`` (None: none is due now) if the table
        is still at action ``seen``; while the storage is unavailable every connection
        is told so and it is tried again, the pause doubling.  True once stored; False
        if the table moved on, or another process acted first (it moves the table).
        A refusal of the action is raised (:class:`~.connection.ProtocolError`)."""
        pause = STORAGE_PAUSE
        while True:
            async with self.lock:
                if self.seq != seen:
                    return False
                action = make()
                if action is None:
                    return False
                try:
                    await self._act(action, first=False)
                except Superseded:
                    return False
                except StorageUnavailable as exc:
                    log.warning("table %s: %s: again in %.1f s", self.id, exc, pause)
                    self._tell_storage(False, f"the storage is unavailable: the table waits "
                                              f"and tries again in {pause:.1f} s")
                else:
                    if self.storage_down:
                        self._tell_storage(True, "the storage is back: play goes on")
                    return True
            await asyncio.sleep(pause)
            pause = min(pause * 2, STORAGE_PAUSE_MAX)

    def _tell_storage(self, available: bool, message: str) -> None:
        """Every connection told whether the storage is available (``storage``)."""
        self.storage_down = not available
        text = encode({"type": "storage", "seq": self.seq, "available": available,
                       "message": message})
        for conn in list(self.conns):
            conn.put_text(text)

    def _instead(self, turn: Seat) -> Action:
        """A legal card of the server's session for ``turn``, as an action (a laws
        table's: :mod:`.laws_table`): played in the stead of a computer's card the
        table refused, and as a person's last card, which plays itself."""
        return ("card", str(self.session.view(turn).legal_cards()[0]))

    def _refused(self, turn: Seat, action: Action, reason: str) -> Action:
        """A computer's action the table refused: logged, and a legal card in its stead."""
        instead = self._instead(turn)
        log.error("table %s: the computer at %s chose %s, refused (%s): it plays %s instead",
                  self.id, turn, " ".join(action), reason, " ".join(instead))
        self.tail = History()  # the pool's workers are sent the table whole again
        return instead

    async def _deal(self) -> None:
        await asyncio.sleep(self.hub.delay)
        seen = self.seq
        await self._computers_act(seen, lambda: ("deal",) if (
            self.session.state is None and not self.session.is_over) else None)
        self.busy = None  # so that kick() starts the first card (a table of computers
        self.kick()       # once stopped after its first hand: kick() saw this task busy)

    async def _last_card(self, turn: Seat) -> None:
        seen = self.seq
        if self.hub.delay:
            await asyncio.sleep(self.hub.delay)
        # (if the table moved on meanwhile, an undo say, nothing is played)
        await self._computers_act(seen, lambda: self._instead(turn))
        self.busy = None
        self.kick()

    async def _computer(self, turn: Seat) -> None:
        seen = self.seq
        kind = self.kind_at(self.session.holder(turn)) or ""
        lane = self.hub.lane_of(kind)
        try:  # the worker is sent the actions it has not seen (.tail)
            async with self.hub.share(lane, self.owner):  # the owner's share of the pool
                pool = self.hub.pools[lane]
                action, why = await ask(pool, self.tail, self.chooser, self.id,
                                        self._computers_config(), self.actions)
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
        await self.hub.pacer.turn()  # one computer's card per turn of the loop (.pace)
        try:  # (if the table moved on meanwhile, an undo say, nothing is played)
            stored = await self._computers_act(seen, lambda: action)
        except ProtocolError as exc:  # refused: never dropped without a word
            action, why = self._refused(turn, action, str(exc)), "played for it by the server"
            stored = await self._computers_act(seen, lambda: action)
        if stored and action[0] == "card":
            self.why = {"seat": str(turn), "card": action[1], "why": why}
        self.busy = None
        self.kick()

    # ---------------------------------------------------------------- messages
    async def handle(self, conn: Connection, text: str) -> None:
        """One message from a client; every refusal is an error to that client only."""
        if TRACER is not None:  # the benchmark's marks of its stages (:mod:`.trace`)
            TRACER.begin()
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
        except RecursionError:
            self.error(conn, "malformed JSON: nested too deep")
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
            elif kind == "again":
                await self._again(conn)
            elif kind == "snapshot":
                await ready_chat(self)
                async with self.lock:
                    conn.put(self.snapshot(conn))
            elif kind == "hint":
                await self._hint(conn)
            elif kind == "why":
                await self._why(conn)
            elif kind == "review":
                await self._review(conn, msg)
            elif kind in ("claim", "concede"):
                await self._claim(conn, kind, msg)
            elif kind == "undo":
                await self._undo(conn)
            elif kind == "honours":
                await self._claim_honours(conn)
            elif kind == "ruff":
                await self._ruff(conn, msg)
            elif self._is_call(kind):
                await self._call(conn, kind, msg)
            elif kind == "chat":
                await post_chat(self, conn, msg)
            elif kind == "follow":
                await follow_seat(self, conn, msg.get("seat"))
            elif kind == "leave":
                await self._give_up(conn)
            elif kind == "substitute":
                await self._substitute(conn, msg)
            else:
                await self._other(conn, kind, msg)
        except ProtocolError as exc:
            self.error(conn, str(exc), request=kind)

    async def _other(self, conn: Connection, kind: str, msg: dict[str, Any]) -> None:
        """A message of no type above (a laws table knows ``act`` and ``elect``)."""
        self.error(conn, f"unknown message type {kind!r}: expected play, next, "
                         "again, snapshot, hint, why, review, claim, concede, undo, "
                         "call, remind, answer, elect, honours, ruff, chat, follow, leave or "
                         "substitute")

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
            offered = self._ruff_offered()
            if offered is not None and offered != seat:  # his card would decline another's
                raise ProtocolError(f"play {card}: wait: {offered} is to say whether he "
                                    "ruffs first")
            if TRACER is not None:
                TRACER.mark("locked")
            await self._act(("card", str(card)))
        self.kick()

    def _ruff_offered(self) -> Seat | None:
        """Ruff-and-honours: the person asked now whether he ruffs (None: nobody)."""
        return self.session.ruff_offered if isinstance(self.session, Session) else None

    async def _ruff(self, conn: Connection, msg: dict[str, Any]) -> None:
        """Ruff-and-honours: the person holding the ace of trumps takes in the stock
        and puts out four cards (``"put_out"``: four cards of those he may see, his hand
        and the stock's card turned up; the stock's others are his once taken in), or
        declines (``"put_out": []``) (000: "The holder of the ace of trumps was allowed
        to ruff, i.e., to take in the stock and to put out four cards from his hand")."""
        seat = self._person(conn)
        raw = msg.get("put_out")
        if not isinstance(raw, list) or len(raw) not in (0, 4) \
                or not all(isinstance(c, str) and len(c) <= 8 for c in raw):
            raise ProtocolError('ruff: expected "put_out": four cards as in PBN, such as '
                                '["D3", "C4", "C5", "H2"], or [] to decline')
        try:
            cards = [Card.parse(c) for c in raw]
        except CardParseError as exc:
            raise ProtocolError(f"ruff: {exc}") from None
        async with self.lock:
            if self._ruff_offered() != seat:
                raise ProtocolError("ruff: no ruff is yours now (it is the holder's of the "
                                    "ace of trumps, before the first card)")
            seen = visible_state(self.session, seat)
            unseen = [str(c) for c in cards if str(c) not in seen["hand"]
                      and str(c) != seen["stock_card"]]
            if unseen:
                raise ProtocolError(f"ruff: {' '.join(unseen)}: not a card you hold or the "
                                    "stock's card turned up (the stock's others you have "
                                    "not seen)")
            await self._act(("ruff", str(seat), *(str(c) for c in cards)))
        self.kick()

    async def _claim_honours(self, conn: Connection) -> None:
        """A person claims his side's honours at the end of the hand (a table whose
        players claim them, ``honours="claim"``, laws 6-7)."""
        seat = self._person(conn)
        async with self.lock:
            await self._act(("honours", str(seat)))
        self.kick()

    async def _next(self, conn: Connection) -> None:
        self._person(conn)
        async with self.lock:
            if self.session.state is not None and (not isinstance(self.session, Session)
                                                   or self.session.honours_claim_due is None):
                raise ProtocolError("next: the hand is still in play")
            if self.session.is_over:
                raise ProtocolError("next: the session is over")
            await self._act(("deal",))
        self.kick()

    async def _again(self, conn: Connection) -> None:
        """Another rubber with the same people, once the session is over (a club
        table's next rubber is cut for in the room; a laws table starts anew)."""
        self._person(conn)
        if self.config.laws or self.config.extra.get("room"):
            raise ProtocolError("again: another rubber here is started from the room or a "
                                "new table")
        async with self.lock:
            if not self.session.is_over:
                raise ProtocolError("again: the session is not over")
            await self._act(("again",))
            await self._act(("deal",))
        self.kick()

    async def _claim(self, conn: Connection, kind: str, msg: dict[str, Any]) -> None:
        """A person claims ``tricks`` of those left (absent or ``"all"``: all of
        them; once per person per trick: each is judged double dummy), or concedes."""
        seat = self._person(conn)
        tricks = "0" if kind == "concede" else msg.get("tricks", "all")
        if tricks != "all" and (not isinstance(tricks, int | str) or isinstance(tricks, bool)
                                or not str(tricks).isascii() or not str(tricks).isdigit()
                                or len(str(tricks)) > 2):
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

    def _is_call(self, kind: str) -> bool:
        """Whether a message or action of ``kind`` is long whist's call at eight (a
        laws table's ``elect`` is its own: :mod:`.laws_table`)."""
        return kind in ("call", "remind", "answer") or (kind == "elect"
                                                        and self.config.calls == "players")

    async def _call(self, conn: Connection, kind: str, msg: dict[str, Any]) -> None:
        """Long whist with ``calls="players"``: a person asks "Can you one?" (``call``),
        reminds his partner (``remind``), answers his computer partner's question
        (``answer`` with ``"yes": true/false``), or, an adversary of a wrong call, says
        whether his side claims a fresh deal (``elect`` with ``"fresh": true/false``).
        The session judges: a call out of time is put to the adversaries, not refused."""
        seat = self._person(conn)
        if self.config.calls != "players":
            raise ProtocolError(f"{kind}: honours are called by the engine at this table")
        action: Action = (kind, str(seat))
        if kind == "answer":
            yes = msg.get("yes")
            if not isinstance(yes, bool):
                raise ProtocolError('answer: expected "yes": true (an honour shown) or false')
            action = (kind, str(seat), "yes" if yes else "no")
        elif kind == "elect":
            fresh = msg.get("fresh")
            if not isinstance(fresh, bool):
                raise ProtocolError('elect: expected "fresh": true (a fresh deal) or false '
                                    "(the hand stands)")
            action = (kind, str(seat), "fresh" if fresh else "stand")
        async with self.lock:
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
            async with self.hub.share(SLOW, conn.client or self.owner):
                hint = await loop.run_in_executor(self.hub.pools[SLOW], hint_for,
                                                  self.config_json, list(self.actions), str(seat))
        except ValueError as exc:
            raise ProtocolError(f"hint: {exc}") from None
        except BrokenExecutor:
            raise ProtocolError("hint: the tutor could not be asked now: try again") from None
        async with self.lock:  # told in the words of what he may see now
            hint = for_hearer(hint, hidden_from(self.session, seat))
        conn.put({"type": "hint", "seq": seq, **hint})

    async def _why(self, conn: Connection) -> None:
        seat = self._person(conn)
        if not self.config.practice:
            raise ProtocolError("why: the tutor explains at practice tables only")
        seq = self.seq
        why = self.why
        async with self.lock:
            hidden = hidden_from(self.session, seat)
        if why is None or names_any(why["why"], hidden):
            # not since this server started, or the player's own account names a card
            # the hearer may not see: the player is asked again, and its account
            # built from what the hearer may see (.computer.why_for)
            try:
                async with self.hub.share(SLOW, conn.client or self.owner):
                    why = await asyncio.get_running_loop().run_in_executor(
                        self.hub.pools[SLOW], why_for, self.config_json, list(self.actions),
                        str(seat))
            except ValueError as exc:
                raise ProtocolError(f"why: {exc}") from None
            except BrokenExecutor:
                raise ProtocolError("why: the tutor could not be asked now: try again") from None
        async with self.lock:  # the last guard: no card he may not see now is named
            why = for_hearer(why, hidden_from(self.session, seat))
        conn.put({"type": "why", "seq": seq, **why})

    async def _review(self, conn: Connection, msg: dict[str, Any]) -> None:
        board = msg.get("board", len(self.session.hands))
        done = len(self.session.hands)
        if not isinstance(board, int) or isinstance(board, bool) or not 1 <= board <= done:
            raise ProtocolError(f"review: board {board!r} is not a finished hand "
                                f"({done} finished)")
        loop = asyncio.get_running_loop()
        seq = self.seq
        try:
            async with self.hub.share(SLOW, conn.client or self.owner):
                review = await loop.run_in_executor(self.hub.pools[SLOW], self.reviewer,
                                                    self.config_json, list(self.actions), board)
        except BrokenExecutor:  # a worker died (or the server is stopping): not this socket
            raise ProtocolError("review: the analysis could not be run now: try again") from None
        conn.put({"type": "review", "seq": seq, **review})


def plain_tables(config: TableConfig) -> type[LiveTable]:
    """The live table for a config when the hub is given no other chooser: a plain
    :class:`LiveTable`; a laws table's config is refused (the app passes
    :func:`.laws_table.table_class`, which knows both)."""
    if config.laws:
        raise ProtocolError("a table under the laws needs the laws tables "
                            "(Hub(table_class=laws_table.table_class))")
    return LiveTable


class Hub:
    """Every live table of a server, its store and its computer players' pools.

    Two lanes: the ``quick`` pool thinks for the players that answer in
    milliseconds (``classical``, ``random``), the ``slow`` pool for the searching
    ones (``pimc``, ``search``, any other kind) and for hints and reviews, so that
    a search player's seconds never hold up a classical table's cards.  The server's
    own quick pool is answered on the event loop (:mod:`.looppool`)."""

    def __init__(self, store: Store, pools: Mapping[str, Executor], *, delay: float = 0.5,
                 new_pool: Callable[[str], Executor] | None = None, shared: bool = False,
                 takeover: float = 10.0,
                 table_class: Callable[[TableConfig], type[LiveTable]] = plain_tables,
                 share: int = 1) -> None:
        self.store = store
        self.shares = Shares(share)
        """Each client's share of the slow pool: at most ``share`` of his jobs in it."""
        self.table_class = table_class
        """The class of a config's live table (:func:`.laws_table.table_class`)."""
        self.shared = shared
        """Other server processes share the store (:mod:`.bus`)."""
        self.takeover = takeover
        """Seconds a table moved by another process may stand still before this
        process moves its computers."""
        self.gone_after = 60.0
        """Seconds a person may be away before his seat may be filled (a computer put
        there by the others, a member by the room) until he comes back."""
        self.forget_after = 5.0
        """Seconds a table nobody here watches is kept after it was last asked for."""
        self.evict_after = 60.0
        """Seconds a finished table nobody watches is kept after it was last asked for."""
        self.idle_after = 3600.0
        """Seconds a table nobody watches and nothing moves is kept (then read back from
        the store when asked for); also how recent a table rebuilt at start-up is."""
        self.sweep_every = 30.0
        """Seconds between two sweeps (:meth:`sweep`)."""
        self.watchdog: float | None = None
        """Seconds a table's computers may take for a move before its watchdog sets it
        going again (None: each table's :meth:`LiveTable.patience`)."""
        self._received: set[asyncio.Task[None]] = set()
        self.pools = {QUICK: pools[QUICK], SLOW: pools[SLOW]}
        self.delay = delay
        self.new_pool = new_pool
        self.renewals = 0
        self.tables: dict[str, LiveTable] = {}
        self.pacer = Pacer()
        """Lets the computers' cards into the loop one per turn (:mod:`.pace`)."""

    @staticmethod
    def lane_of(kind: str) -> str:
        """``quick`` or ``slow``: the pool that thinks for a kind of player.

        >>> Hub.lane_of("classical:school=old"), Hub.lane_of("search:worlds=8")
        ('quick', 'slow')
        """
        return QUICK if kind_of(kind) in QUICK_KINDS else SLOW

    def share(self, lane: str, client: str) -> contextlib.AbstractAsyncContextManager[None]:
        """A place in ``lane``'s pool for one job of ``client``: the slow pool's are
        shared fairly (:class:`~.limits.Shares`); the quick pool's answer at once."""
        return self.shares.slot(client) if lane == SLOW else contextlib.nullcontext()

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
        """Rebuild the tables made or moved in the last ``idle_after`` seconds (after a
        restart) and start their computers; the others are read when asked for."""
        since = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=self.idle_after)
        for table_id in self.store.table_ids(since):
            if table_id in self.tables:
                continue
            stored = self.store.load(table_id)
            config = TableConfig.from_json(stored.config)
            table = self.table_class(config)(self, table_id, config, stored.actions)
            self.tables[table_id] = table
            table.kick()
        return len(self.tables)

    def sweep(self) -> list[str]:
        """Put away the tables nobody watches that are over (``evict_after``) or stand
        still (``idle_after``); the room's are kept.  The ids put away."""
        now = time.monotonic()
        gone = []
        for table in list(self.tables.values()):
            if (table.conns or table.lock.locked() or "room" in table.config.extra
                    or (table.busy is not None and not table.busy.done())):
                continue
            wait = self.evict_after if table.session.is_over else self.idle_after
            if now - max(table.seen, table.moved) > wait:
                if table.watch is not None:
                    table.watch.cancel()
                del self.tables[table.id]
                gone.append(table.id)
        return gone

    async def sweep_forever(self) -> None:
        """:meth:`sweep` every ``sweep_every`` seconds (a task of the app)."""
        while True:
            await asyncio.sleep(self.sweep_every)
            if gone := self.sweep():
                log.info("%d tables nobody watches put away (kept in the store)", len(gone))

    async def get(self, table_id: str) -> LiveTable | None:
        """A live table, or None; a table put away (:meth:`sweep`), or stored by
        another process sharing the store, is loaded (and caught up) when asked for."""
        table = self.tables.get(table_id)
        if table is not None:
            table.seen = time.monotonic()  # not forgotten while its asker joins it
        if table is not None or len(table_id) > 32:
            return table
        try:
            stored = await asyncio.to_thread(self.store.load, table_id)
        except KeyError:
            return None
        table = self.tables.get(table_id)  # loaded meanwhile by another request?
        if table is None:
            config = TableConfig.from_json(stored.config)  # a laws table's class too
            table = self.table_class(config)(self, table_id, config, stored.actions)
            self.tables[table_id] = table
            if self.shared:
                table.elsewhere = True  # the process that stored it moves it
                await table.sync()  # what was stored while it was loaded
            else:
                table.kick()
        return table

    def deliver(self, table_id: str, seq: int, action: Action | None) -> None:
        """An action another process stored (the bus): shown if the table is live here
        and someone here watches it; else the table is forgotten here."""
        if seq == 0:  # a chat line (actions are numbered from 1)
            deliver_chat(self, table_id, action)
            return
        table = self.tables.get(table_id)
        if table is None:
            return
        if (not table.conns and time.monotonic() - table.seen > self.forget_after
                and not table.lock.locked() and (table.busy is None or table.busy.done())):
            # nobody watches it here and another process moves it: it is loaded
            # again when someone asks for it (:meth:`get`)
            for timer in (table.watch, table.dog):
                if timer is not None:
                    timer.cancel()
            del self.tables[table_id]
        else:
            task = asyncio.create_task(table.receive(seq, action))
            self._received.add(task)
            task.add_done_callback(self._received.discard)

    async def resync(self) -> None:
        """Every live table catches up with the store (the bus was lost a while)."""
        for table in list(self.tables.values()):
            await table.sync()

    async def create(self, config: TableConfig, *,
                     owner: str | None = None) -> tuple[LiveTable, dict[str, str]]:
        """A new table, its first hand dealt; the people's seat tokens.  ``owner``:
        the client that made it (:attr:`LiveTable.owner`).  SQLAlchemy's error, or
        :class:`StorageUnavailable`, when the storage is away."""
        table_id = secrets.token_urlsafe(9)
        tokens = {str(s): secrets.token_urlsafe(24) for s in config.humans}
        await asyncio.to_thread(self.store.create_table, table_id, config.to_json(), tokens)
        table = self.table_class(config)(self, table_id, config, [])
        table.owner = owner or table_id
        self.tables[table_id] = table
        try:
            await table.act(("deal",))
        except StorageUnavailable:  # not made here (its row, without a deal, is inert)
            del self.tables[table_id]
            raise
        return table, tokens

    async def seat_of(self, table: LiveTable, token: str) -> Seat | None:
        """The seat a token holds at a table, or None."""
        seat = await asyncio.to_thread(self.store.seat_of, table.id, token)
        return None if seat is None else Seat.parse(seat)
