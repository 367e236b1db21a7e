"""The room: club tables formed by the cut and cut out after each rubber (laws 16-25).

Design note
-----------
The laws are :mod:`cavendish.laws.table_laws`'s (:class:`~.table_laws.Club`,
:class:`~.table_laws.Table`), as ``cavendish play --candidates N`` uses them in the
terminal (:class:`~cavendish.game.club_table.ClubTable`); this module drives them for
the people of the web app and keeps the record:

* A *room table* (:class:`RoomTable`) is opened by a member with a variant and a
  number of rubbers.  Candidates (members, and computer players of a kind) declare
  for it (law 21) until one of them asks for the cut: :meth:`Club.new_table` forms it
  (fresh candidates first, law 22; the four lowest play, the next two belong to the
  table, the others wait in the order of their cut, laws 16, 17).
* Each rubber is a live table of :mod:`.tables` of its own (its own id, record and
  PBN: the cut changes the partnerships and the deal), seated by
  :func:`~cavendish.game.seating.seat_four` (the two lowest against the two highest,
  the lowest deals: the config's ``extra["dealer"]``).  The room watches it as a
  spectator would (:class:`Watch`); when its rubber is over, the table's rubber ends
  and the members waiting claim admission (:meth:`Table.end_rubber`,
  :meth:`Table.cut_out`, law 20), and the next rubber is a new live table: the
  members at play get new seat tokens there, the outgoing members' tokens are
  revoked (their connections become a spectator's).
* Law 23 changes a live table's player within the rubber: the substitute gets a
  new token for the seat (his name is shown there), the leaving member's is revoked.
* Law 24 is :meth:`Club.cut_into` (a member of one table declaring at another);
  law 25 is :meth:`Club.break_up`.

Every step is a row of ``room_events`` (:class:`RoomEventRow`): the command (who
declared, who asked for the cut, which live table's rubber ended) and its outcome
(every card cut, the order, the rulings, the seats).  The cards come from seeded
generators whose seeds are in the events (the club's, each table's), so replaying
the commands at start-up reproduces every cut; the replay checks each outcome
against the one stored and refuses to start on a difference (:class:`RoomError`).
A command the laws refuse stores nothing (the room is rebuilt from its events, so
a half-done step leaves no trace).

The lobby (:meth:`Room.state`) is sent to every ``/ws-room`` connection after each
event and after each hand at a room table (the score); a member's seat tokens go to
him alone (:meth:`Room.mine`).  Seat tokens are kept in memory; after a restart a
member asking for his seat gets a new token for it (the old one is revoked).
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import json
import logging
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import DateTime, Integer, String, Text, delete, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from ..core.cards import Card, Seat
from ..core.errors import SettingsError
from ..core.table import Cut, CutResult, shuffled_pack
from ..game.seating import seat_four
from ..laws.errors import NotAllowed
from ..laws.table_laws import MAX_MEMBERS, Club
from ..players import PlayerError, get_player
from ..players.options import PlayerOptionError
from .chat import ready_chat
from .config import HUMAN, TableConfig, request_variant
from .members import Member, MemberRow, Members, TableMemberRow
from .store import Base, SeatRow, Store, token_hash
from .tables import Connection, Hub, LiveTable
from .visibility import score_json

__all__ = ["RecordingCutter", "Room", "RoomError", "RoomEventRow", "RoomTable", "Watch"]

log = logging.getLogger("cavendish.web.room")

AUTHORITIES = ("Hoyle", "Clay", "Pole", "Mathews", "Drayson", "Deschapelles", "Baldwin",
               "Payne", "Cavendish")
"""The computer candidates are named after authorities of the game."""
MAX_RUBBERS = 20
MAX_COMPUTERS = 8
LOG_SHOWN = 40
"""The room's latest events sent with the lobby."""


class RoomError(SettingsError):
    """A room request refused for its input (the message names it)."""


class RoomEventRow(Base):
    """One step of the room, in order."""

    __tablename__ = "room_events"
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(16))
    data: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class RecordingCutter:
    """Cuts from a seeded generator (a fresh pack each round, law 14) and keeps every
    round, so the room can show the cards.

    >>> cutter = RecordingCutter(7)
    >>> cards = cutter(("Ann", "Bob"), "cut")
    >>> [str(c) for c in cards] == [str(c) for c in cutter.rounds[0].cards]
    True
    """

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.rounds: list[Cut] = []

    def __call__(self, players: tuple[str, ...], reason: str) -> list[Card]:
        pack = shuffled_pack(self.rng)
        cards = tuple(pack[i] for i in self.rng.sample(range(52), len(players)))
        self.rounds.append(Cut(tuple(players), cards, reason))
        return list(cards)


def _rounds(rounds: Sequence[Cut]) -> list[dict[str, Any]]:
    return [{"reason": c.reason, "cards": {p: str(k) for p, k in zip(c.players, c.cards,
                                                                      strict=True)}}
            for c in rounds]


@dataclass
class Candidate:
    """Someone who may cut: a member (``member`` his id) or a computer player."""

    name: str
    member: str | None
    kind: str
    """``human`` for a member, else the computer's kind (``classical``)."""

    def public(self) -> dict[str, Any]:
        """The name, and the kind of a computer (None for a member)."""
        return {"name": self.name, "member": self.member,
                "computer": None if self.kind == HUMAN else self.kind}


@dataclass
class RoomTable:
    """A table of the room: its candidates before the cut, then its rubbers."""

    id: str
    variant: str
    rubbers: int
    opened_by: str
    seed: int
    pending: list[str] = field(default_factory=list)
    """Candidates declared before the table is formed (law 21)."""
    status: str = "candidates"
    """``candidates``, ``playing``, ``over`` (its rubbers played) or ``broken`` (law 25)."""
    rubber: int = 0
    live: str | None = None
    """The live table of the rubber in play (or the last one)."""
    seats: dict[str, str] = field(default_factory=dict)
    """Seat letter -> the candidate at play there."""
    rulings_seen: int = 0

    def __post_init__(self) -> None:
        self.cutter = RecordingCutter(self.seed)


class Watch(Connection):
    """The room's eye on a live table: a spectator's connection that is not counted
    as one; it tells the room when a hand or the rubber is over."""

    def __init__(self, room: Room, table_id: str, live_id: str) -> None:
        super().__init__(self._seen, None)
        self.room, self.table_id, self.live_id = room, table_id, live_id
        self.between = False

    async def _seen(self, _text: str) -> None:
        live = self.room.hub.tables.get(self.live_id)
        if live is None:
            return
        between = live.session.state is None
        if between and not self.between:  # a hand is over: the score changed
            self.room.changed()
        self.between = between
        if live.session.is_over:
            self.room.spawn(self.room.rubber_over(self.table_id, self.live_id))


class Room:
    """The club's room on one server: its tables, candidates, events and lobby."""

    def __init__(self, store: Store, hub: Hub, members: Members) -> None:
        self.store, self.hub, self.members = store, hub, members
        self.engine = store.engine
        self.lock = asyncio.Lock()
        self.conns: dict[Connection, Member | None] = {}
        self.tokens: dict[tuple[str, str], str] = {}
        self.watches: dict[str, Watch] = {}
        self.proposals: dict[str, dict[str, Any]] = {}
        """Room table -> a substitute proposed and the consents given (law 23)."""
        self.tasks: set[asyncio.Task[Any]] = set()
        self._pending_broadcast = False
        self._reset()

    def _reset(self) -> None:
        self.club = Club(0)
        self.tables: dict[str, RoomTable] = {}
        self.candidates: dict[str, Candidate] = {}
        self.log: list[dict[str, Any]] = []
        self.seq = 0

    # ------------------------------------------------------------ the record
    def _rows(self) -> list[RoomEventRow]:
        with Session(self.engine) as db:
            return list(db.scalars(select(RoomEventRow).order_by(RoomEventRow.seq)))

    def _store(self, kind: str, args: dict[str, Any], outcome: dict[str, Any]) -> None:
        with Session(self.engine) as db, db.begin():
            db.add(RoomEventRow(seq=self.seq + 1, kind=kind, created_at=dt.datetime.now(dt.UTC),
                                data=json.dumps({"args": args, "outcome": outcome})))

    def _replay(self) -> None:
        """Rebuild the room from its stored events, checking every outcome."""
        self._reset()
        for row in self._rows():
            data = json.loads(row.data)
            outcome = json.loads(json.dumps(self._apply(row.kind, data["args"])))
            if outcome != data["outcome"]:
                raise RoomError(f"room event {row.seq} ({row.kind}): the replay gives "
                                f"{outcome}, the record {data['outcome']}")
            self._done(row.seq, row.kind, data["args"], outcome)

    def _done(self, seq: int, kind: str, args: dict[str, Any], outcome: dict[str, Any]) -> None:
        self.seq = seq
        rt = self.tables.get(args.get("table", ""))
        if rt is not None and "live" in args:
            rt.live = args["live"]
            rt.seats = dict(outcome["seats"])
        if kind != "club":
            live = {"live": args["live"]} if "live" in args else {}
            self.log.append({"seq": seq, "kind": kind, "table": args.get("table"), **live,
                             **outcome})

    async def start(self) -> None:
        """Replay the stored events (the first start stores the club's seed), then
        watch the live tables at play; a rubber that ended while the server was
        down is cut out now."""
        if not await asyncio.to_thread(self._rows):
            await asyncio.to_thread(self._store, "club", {"seed": secrets.randbelow(2**31)}, {})
        await asyncio.to_thread(self._replay)
        for rt in self.tables.values():
            if rt.live is None:
                continue
            live = await self.hub.get(rt.live)  # read from the store if put away
            if live is None:
                continue
            for seat, name in rt.seats.items():
                if live.session.seating.names.get(Seat.parse(seat)) != name:
                    self._rename(live, seat, name)  # a substitute (law 23)
            if rt.status == "playing":
                await self._watch(rt.id, live)
            elif rt.status == "broken":
                live.failed = "the table was broken up (law 25)"
        for entry in self.log:
            if entry["kind"] == "take":
                live = await self.hub.get(entry["table"])
                if live is not None:
                    self._rename(live, entry["seat"], entry["name"])

    async def close(self) -> None:
        """Stop the room's tasks, and its rubbers' computer players between two
        actions (an action being stored is finished first: the store closes next)."""
        for task in list(self.tasks):
            task.cancel()
        for live_id, watch in self.watches.items():
            live = self.hub.tables.get(live_id)
            if live is not None:
                live.failed = live.failed or "the server is stopping"
                async with live.lock:
                    pass
            await watch.close()

    def spawn(self, coro: Any) -> None:
        """Run a coroutine as a task of the room (kept until done)."""
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # ------------------------------------------------------------ the laws
    def _table(self, rid: str) -> RoomTable:
        rt = self.tables.get(rid)
        if rt is None:
            raise RoomError(f"table {rid!r}: no such table in the room")
        return rt

    def _new_rulings(self, rt: RoomTable, club_before: int) -> list[dict[str, Any]]:
        out = [{"law": law, "text": text} for law, text in self.club.rulings[club_before:]]
        table = self.club.tables.get(rt.id)
        if table is not None:
            out += [{"law": law, "text": text} for law, text in table.rulings[rt.rulings_seen:]]
            rt.rulings_seen = len(table.rulings)
        return out

    def _seating(self, rt: RoomTable, cut: CutResult) -> dict[str, Any]:
        seating = seat_four(cut)
        rt.seats = {str(s): n for s, n in seating.names.items()}
        return {"seats": dict(rt.seats), "dealer": str(seating.first_dealer),
                "players": list(cut.players)}

    def _where(self, name: str) -> str | None:
        """The room table ``name`` is a candidate at before its cut, if any."""
        return next((t.id for t in self.tables.values() if name in t.pending), None)

    def _apply(self, kind: str, args: dict[str, Any]) -> dict[str, Any]:
        """One command through the laws: its outcome (reproducible from the record)."""
        if kind == "club":
            self.club = Club(int(args["seed"]))
            return {}
        if kind == "open":
            rid = args["table"]
            self.tables[rid] = RoomTable(rid, args["variant"], args["rubbers"], args["by"],
                                         args["seed"])
            return {"text": f"{args['by']} opens a table of {args['variant']} "
                            f"({args['rubbers']} rubber{'s' if args['rubbers'] > 1 else ''})"}
        if kind == "take":
            return {"seat": args["seat"], "name": args["name"],
                    "text": f"{args['name']} takes the free seat {args['seat']}"}
        rt = self._table(args["table"])
        club_before = len(self.club.rulings)
        if kind == "declare":
            return self._declare(rt, args)
        if kind == "cut":
            if rt.status != "candidates":
                raise NotAllowed(f"{rt.id} is formed already", 16)
            if len(rt.pending) < 4:
                raise NotAllowed(f"a table needs four candidates, not {len(rt.pending)}", 16)
            club_rounds = len(self.club.rounds)
            formed = self.club.new_table(rt.id, rt.pending)
            formed.cutter = rt.cutter  # every later cut's cards are kept
            rt.pending, rt.status, rt.rubber = [], "playing", 1
            cut = formed.last_cut
            assert cut is not None
            # law 22's cut for the places left is shown, then the table's (law 16)
            shown = [*self.club.rounds[club_rounds:], *cut.rounds]
            return {"law": 16, "rubber": 1, "rounds": _rounds(shown),
                    "order": list(cut.order), **self._seating(rt, cut),
                    "rulings": self._new_rulings(rt, club_before)}
        table = self.club.tables.get(rt.id)
        if table is None or rt.status != "playing":
            raise NotAllowed(f"{rt.id} is not in play ({rt.status})")
        if kind == "rubber":
            if args["over"] != rt.live:
                raise RoomError(f"{rt.id}: {args['over']} is not the rubber in play")
            table.end_rubber()
            if rt.rubber >= rt.rubbers:
                del self.club.tables[rt.id]
                rt.status = "over"
                return {"law": 20, "ended": True, "rulings": self._new_rulings(rt, club_before),
                        "text": f"{rt.id} has played its {rt.rubbers} rubber"
                                f"{'s' if rt.rubbers > 1 else ''}: the table rises"}
            start = len(rt.cutter.rounds)
            cut = table.cut_out()
            rt.rubber += 1
            return {"law": 20, "rubber": rt.rubber, "rounds": _rounds(rt.cutter.rounds[start:]),
                    "order": list(cut.order), **self._seating(rt, cut),
                    "consecutive": dict(table.consecutive),
                    "rulings": self._new_rulings(rt, club_before)}
        if kind == "substitute":
            leaving, sub = args["leaving"], args["substitute"]
            if sub in table.members or sub in table.queue or self.club.belongs(sub):
                raise NotAllowed(f"{sub} belongs to a table or waits here: he cannot stand "
                                 "in for a rubber", 23)
            self.candidates.setdefault(sub, Candidate(sub, args.get("member"), HUMAN))
            seat = next((s for s, n in rt.seats.items() if n == leaving), None)
            table.substitute(leaving, sub, args["consent"])
            assert seat is not None
            rt.seats[seat] = sub
            return {"law": 23, "seat": seat, "leaving": leaving, "substitute": sub,
                    "rulings": self._new_rulings(rt, club_before)}
        if kind == "break_up":
            into = self._table(args["into"])
            by = args["by"]
            if into.status != "playing" or into.id == rt.id:
                raise NotAllowed(f"{into.id} is not another table in play", 25)
            if by not in table.members:
                raise NotAllowed(f"{by} does not belong to {rt.id}", 25)
            club_rounds = len(self.club.rounds)
            standing = self.club.break_up(rt.id, by, into.id)
            rt.status = "broken"
            target = self.club.tables[into.id]
            return {"law": 25, "into": into.id, "standing": standing,
                    "rounds": _rounds(self.club.rounds[club_rounds:]),
                    "members": list(target.members), "queue": list(target.queue),
                    "rulings": self._new_rulings(rt, club_before)}
        if kind == "leave":
            return self._leave(rt, args["name"])
        raise RoomError(f"room event {kind!r}: unknown")

    def _declare(self, rt: RoomTable, args: dict[str, Any]) -> dict[str, Any]:
        """A candidate declares (law 21); a member of another table cuts in (law 24)."""
        name = args["name"]
        known = self.candidates.get(name)
        if known is not None and known.member != args.get("member"):
            raise RoomError(f"name {name!r}: another candidate has it")
        self.candidates.setdefault(name, Candidate(name, args.get("member"), args["kind"]))
        elsewhere = self._where(name)
        if elsewhere is not None:
            raise NotAllowed(f"{name} has declared at {elsewhere} already", 21)
        home = self.club.belongs(name)
        if rt.status == "candidates":
            if home is not None:
                raise NotAllowed(f"{name} belongs to {home}: he leaves it first, or cuts "
                                 "into a table in play", 24)
            rt.pending.append(name)
            return {"law": 21, "name": name, "text": f"{name} declares for {rt.id}"}
        table = self.club.tables.get(rt.id)
        if table is None or rt.status != "playing":
            raise NotAllowed(f"{rt.id} is not in play ({rt.status})", 21)
        if home is not None and home != rt.id:
            club_before = len(self.club.rulings)
            self.club.cut_into(name, rt.id)
            return {"law": 24, "name": name, "from": home,
                    "rulings": self._new_rulings(rt, club_before)}
        if name in table.queue or name in table.members:
            raise NotAllowed(f"{name} belongs to {rt.id} or waits there already", 17)
        table.declare(name)
        return {"law": 21, "name": name,
                "text": f"{name} declares for the next cut at {rt.id}"}

    def _leave(self, rt: RoomTable, name: str) -> dict[str, Any]:
        if name in rt.pending:
            rt.pending.remove(name)
            return {"name": name, "text": f"{name} withdraws from {rt.id}"}
        table = self.club.tables[rt.id]
        if name in table.declared:
            table.declared.remove(name)
        elif name in table.queue:
            table.queue.remove(name)
        elif name in table.members:
            entering = table.retire(name)  # law 23 refuses a player in the rubber
            return {"law": 17, "name": name, "entering": entering,
                    "text": f"{name} retires from {rt.id}"
                            + (f": {entering} enters" if entering else "")}
        else:
            raise NotAllowed(f"{name} is not a candidate at {rt.id}")
        return {"name": name, "text": f"{name} withdraws from {rt.id}"}

    # ------------------------------------------------------------ commands
    async def command(self, kind: str, args: dict[str, Any]) -> dict[str, Any]:
        """Apply a command through the laws, make the rubber's live table if the cut
        seated four, store it, and show it to the room.  Raises :class:`NotAllowed`
        or :class:`RoomError` (nothing stored, nothing changed)."""
        async with self.lock:
            return await self._command(kind, args)

    async def _command(self, kind: str, args: dict[str, Any]) -> dict[str, Any]:
        try:
            outcome = json.loads(json.dumps(self._apply(kind, args)))
        except (NotAllowed, RoomError, ValueError, KeyError):
            self._replay()  # a half-done step leaves no trace (on the loop: nobody reads
            raise           # the room while it is rebuilt)
        rt = self.tables.get(args.get("table", ""))
        old = rt.live if rt is not None else None
        if rt is not None and "seats" in outcome and kind != "substitute":
            args = {**args, "live": await self._new_live(rt, outcome)}
        await asyncio.to_thread(self._store, kind, args, outcome)
        self._done(self.seq + 1, kind, args, outcome)
        if rt is not None:
            await self._after(kind, rt, old, outcome)
            for name in outcome.get("seats", {}).values():  # their new seats
                if (member := self.candidates[name].member) is not None:
                    self._tell(member)
        entry = self.log[-1] if kind != "club" else {}
        for conn in self.conns:
            conn.put({"type": "event", **entry})
        self.changed()
        return entry

    async def _after(self, kind: str, rt: RoomTable, old: str | None,
                     outcome: dict[str, Any]) -> None:
        """The live tables learn their players: tokens revoked, a substitute's name."""
        live = self.hub.tables.get(old) if old else None
        if kind == "rubber" and live is not None:
            staying = set(outcome.get("players", []))
            for seat, name in live.config.names.items():
                if live.config.kinds.get(seat) == HUMAN and name not in staying:
                    await self._revoke(live, seat)
        if kind == "substitute" and live is not None:
            seat = outcome["seat"]
            self._rename(live, seat, outcome["substitute"])
            await self._revoke(live, seat)
            token = await asyncio.to_thread(self._reissue, live.id, seat)
            cand = self.candidates[outcome["substitute"]]
            if cand.member is not None:
                await asyncio.to_thread(self.members.sit, live.id, seat, cand.member)
                self._tell(cand.member)
            self.tokens[(live.id, seat)] = token
        if kind == "break_up" and live is not None:
            live.failed = "the table was broken up (law 25)"
        if kind in ("break_up", "rubber") and live is not None:
            watch = self.watches.pop(live.id, None)
            if watch is not None:
                live.leave(watch)
                await watch.close()

    async def _new_live(self, rt: RoomTable, outcome: dict[str, Any]) -> str:
        """The live table of a rubber: the four the cut seated, the lowest dealing."""
        seats = outcome["seats"]
        kinds = {s: self.candidates[n].kind for s, n in seats.items()}
        config = TableConfig(rt.variant, kinds, dict(seats), secrets.randbelow(2**31),
                             rubbers=1, computer_claims=True,
                             extra={"room": rt.id, "rubber": outcome["rubber"],
                                    "dealer": outcome["dealer"]})
        live, tokens = await self.hub.create(config)
        for seat, token in tokens.items():
            self.tokens[(live.id, seat)] = token
            member = self.candidates[seats[seat]].member
            if member is not None:
                await asyncio.to_thread(self.members.sit, live.id, seat, member)
        await self._watch(rt.id, live)
        return live.id

    async def _watch(self, rid: str, live: LiveTable) -> None:
        watch = Watch(self, rid, live.id)
        watch.start()
        self.watches[live.id] = watch
        await live.join(watch)

    async def rubber_over(self, rid: str, live_id: str) -> None:
        """A live table's rubber is over: law 20 (or the table rises)."""
        async with self.lock:
            rt = self.tables.get(rid)
            if rt is None or rt.live != live_id or rt.status != "playing":
                return  # seen already
            try:
                await self._command("rubber", {"table": rid, "over": live_id})
            except Exception as exc:  # shown to the room: the table waits, nothing is lost
                log.exception("room table %s: the rubber's end could not be applied", rid)
                for conn in self.conns:
                    conn.put({"type": "error", "table": rid,
                              "message": f"the end of the rubber at {rid} could not be "
                                         f"applied: {exc}"})

    # ------------------------------------------------------------ live tables
    def _reissue(self, live_id: str, seat: str) -> str:
        token = secrets.token_urlsafe(24)
        with Session(self.engine) as db, db.begin():
            row = db.get(SeatRow, (live_id, seat))
            if row is None:
                db.add(SeatRow(table_id=live_id, seat=seat, token_hash=token_hash(token)))
            else:
                row.token_hash = token_hash(token)
        return token

    async def _revoke(self, live: LiveTable, seat: str) -> None:
        """The seat's token no longer seats anyone; its connections become a spectator's."""
        def revoke() -> None:
            with Session(self.engine) as db, db.begin():
                db.execute(delete(SeatRow).where(SeatRow.table_id == live.id,
                                                 SeatRow.seat == seat))
        await asyncio.to_thread(revoke)
        self.tokens.pop((live.id, seat), None)
        await ready_chat(live)  # the spectator's snapshot's chat, read off the event loop
        async with live.lock:
            for conn in list(live.conns):
                if conn.seat is not None and str(conn.seat) == seat:
                    conn.seat = None
                    live.error(conn, f"your seat {seat} is no longer yours: you watch as a "
                                     "spectator")
                    conn.put(live.message(None, snapshot=True))

    @staticmethod
    def _rename(live: LiveTable, seat: str, name: str) -> None:
        """Show ``name`` at a live table's seat (a substitute, a member taking a seat)."""
        seating = live.session.seating
        names = {**seating.names, Seat.parse(seat): name}
        live.session.seating = dataclasses.replace(seating, names=names)
        for conn in list(live.conns):
            conn.put(live.message(conn.seat, snapshot=True))

    # ------------------------------------------------------------ requests
    def computer_name(self, kind: str) -> str:
        """A fresh name for a computer candidate (never a member's: members' names
        have no parentheses)."""
        short = kind.split(":")[0]
        for n in range(1, 100):
            for who in AUTHORITIES:
                name = f"{who} ({short})" if n == 1 else f"{who} {n} ({short})"
                if len(name) <= 24 and name not in self.candidates:
                    return name
        raise RoomError("too many computer candidates")

    @staticmethod
    def check_open(body: dict[str, Any]) -> tuple[str, int, int]:
        """The variant, rubbers and seed of ``POST /api/room/tables``, checked.

        >>> Room.check_open({"variant": "Long", "rubbers": 2, "seed": 3})
        ('long', 2, 3)
        >>> Room.check_open({"variant": "dummy"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cavendish.web.room.RoomError: variant 'dummy': the room's tables are of four ...
        """
        variant, rules = request_variant(body, RoomError)
        if rules.table != "whist":
            raise RoomError(f"variant {variant!r}: the room's tables are of four players in "
                            "partnership (whist, short, long, american)")
        rubbers = body.get("rubbers", 3)
        if not isinstance(rubbers, int) or isinstance(rubbers, bool) \
                or not 1 <= rubbers <= MAX_RUBBERS:
            raise RoomError(f"rubbers {rubbers!r}: expected a whole number from 1 to "
                            f"{MAX_RUBBERS}")
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise RoomError(f"seed {seed!r}: expected a whole number >= 0")
        return variant, rubbers, seed

    @staticmethod
    def check_kind(kind: object) -> str:
        """A computer kind, checked (``classical``, ``random``, ``pimc:worlds=8``)."""
        if not isinstance(kind, str) or kind == HUMAN or len(kind) > 60:
            raise RoomError(f"computer {kind!r}: expected a computer kind such as classical")
        try:
            get_player(kind, 0, "check")
        except (ValueError, PlayerError, PlayerOptionError) as exc:
            raise RoomError(f"computer {kind!r}: {exc}") from None
        return kind

    async def open(self, member: Member, body: dict[str, Any]) -> str:
        """A member opens a table; he declares for it unless ``declare`` is false, and
        ``computers`` computer candidates of ``computer``'s kind declare too."""
        variant, rubbers, seed = self.check_open(body)
        count = body.get("computers", 0)
        if not isinstance(count, int) or isinstance(count, bool) \
                or not 0 <= count <= MAX_COMPUTERS:
            raise RoomError(f"computers {count!r}: expected a whole number from 0 to "
                            f"{MAX_COMPUTERS}")
        kind = self.check_kind(body.get("computer", "classical")) if count else ""
        declare = body.get("declare", True)
        if not isinstance(declare, bool):
            raise RoomError(f"declare {declare!r}: expected true or false")
        async with self.lock:
            if declare:
                self._may_declare(member.name)
            rid = "t" + secrets.token_hex(4)
            await self._command("open", {"table": rid, "variant": variant, "rubbers": rubbers,
                                         "by": member.name, "seed": seed})
            if declare:
                await self._command("declare", self._member_args(rid, member))
            for _ in range(count):
                await self._command("declare", {"table": rid, "name": self.computer_name(kind),
                                                "member": None, "kind": kind})
        return rid

    def _may_declare(self, name: str) -> None:
        if (where := self._where(name)) is not None:
            raise NotAllowed(f"{name} has declared at {where} already", 21)
        if (home := self.club.belongs(name)) is not None:
            raise NotAllowed(f"{name} belongs to {home}: he leaves it first, or cuts into a "
                             "table in play", 24)

    @staticmethod
    def _member_args(rid: str, member: Member) -> dict[str, Any]:
        return {"table": rid, "name": member.name, "member": member.id, "kind": HUMAN}

    async def declare(self, member: Member, rid: str) -> dict[str, Any]:
        """A member puts his name down at a table (law 21; law 24 from another table)."""
        return await self.command("declare", self._member_args(rid, member))

    async def add_computers(self, member: Member, rid: str, body: dict[str, Any]) -> None:
        """Computer candidates declare at a table (any member may put them down)."""
        count = body.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) \
                or not 1 <= count <= MAX_COMPUTERS:
            raise RoomError(f"count {count!r}: expected a whole number from 1 to "
                            f"{MAX_COMPUTERS}")
        kind = self.check_kind(body.get("kind", "classical"))
        async with self.lock:
            for _ in range(count):
                await self._command("declare", {"table": rid, "name": self.computer_name(kind),
                                                "member": None, "kind": kind})

    async def cut(self, member: Member, rid: str) -> dict[str, Any]:
        """The candidates cut for the table (the opener or a candidate asks)."""
        rt = self._table(rid)
        if member.name != rt.opened_by and member.name not in rt.pending:
            raise RoomError(f"{member.name}: only the opener or a candidate of {rid} asks "
                            "for the cut")
        return await self.command("cut", {"table": rid})

    async def leave(self, member: Member, rid: str) -> dict[str, Any]:
        """A member withdraws his name, or retires from a table between his rubbers."""
        return await self.command("leave", {"table": rid, "name": member.name})

    async def propose(self, member: Member, rid: str, body: dict[str, Any]) -> dict[str, Any]:
        """A member at play appoints a substitute (law 23): it takes effect when the
        other people at play consent (computer players consent at once)."""
        rt = self._table(rid)
        if member.name not in rt.seats.values() or rt.status != "playing":
            raise NotAllowed(f"{member.name} is not playing a rubber at {rid}", 23)
        name = body.get("substitute")
        sub = await asyncio.to_thread(self._member_named, name)
        if sub is None:
            raise RoomError(f"substitute {name!r}: expected the name of a member")
        self.proposals[rid] = {"leaving": member.name, "substitute": sub.name,
                               "member": sub.id, "consent": set()}
        return await self._consented(rid)

    def _member_named(self, name: object) -> Member | None:
        if not isinstance(name, str):
            return None
        with Session(self.engine) as db:
            member_id = db.scalar(select(MemberRow.id).where(
                MemberRow.name_key == name.strip().lower()))
        return None if member_id is None else self.members.get(member_id)

    async def consent(self, member: Member, rid: str) -> dict[str, Any]:
        """A player consents to the substitute proposed at his table (law 23)."""
        rt = self._table(rid)
        proposal = self.proposals.get(rid)
        if proposal is None:
            raise NotAllowed(f"no substitute is proposed at {rid}", 23)
        if member.name not in rt.seats.values() or member.name == proposal["leaving"]:
            raise NotAllowed(f"{member.name} is not one of the other three players", 23)
        proposal["consent"].add(member.name)
        return await self._consented(rid)

    async def _consented(self, rid: str) -> dict[str, Any]:
        rt = self._table(rid)
        proposal = self.proposals[rid]
        others = [n for n in rt.seats.values() if n != proposal["leaving"]]
        consent = {n for n in others if self.candidates[n].kind != HUMAN} | proposal["consent"]
        if set(others) - consent:
            waiting = sorted(set(others) - consent)
            return {"law": 23, "proposed": proposal["substitute"], "waiting_for": waiting}
        del self.proposals[rid]
        return await self.command("substitute", {
            "table": rid, "leaving": proposal["leaving"], "substitute": proposal["substitute"],
            "member": proposal["member"], "consent": sorted(consent)})

    async def break_up(self, member: Member, rid: str, body: dict[str, Any]) -> dict[str, Any]:
        """A member breaks up his table; the others enter ``into`` before him (law 25)."""
        into = body.get("into")
        if not isinstance(into, str):
            raise RoomError("into: expected the id of the table the members go to")
        return await self.command("break_up", {"table": rid, "by": member.name, "into": into})

    async def take(self, member: Member, body: dict[str, Any]) -> dict[str, Any]:
        """A member takes a free person's seat at a table outside the room's cut: a new
        token for the seat (the link made with the table no longer seats anyone)."""
        tid, seat = body.get("table"), body.get("seat")
        live = self.hub.tables.get(tid) if isinstance(tid, str) else None
        if live is None or "room" in live.config.extra:
            raise RoomError(f"table {tid!r}: no open table of that id (a room table's seats "
                            "go by the cut)")
        if not isinstance(seat, str) or live.config.kinds.get(seat) != HUMAN:
            raise RoomError(f"seat {seat!r}: expected a person's seat of {tid} "
                            f"({', '.join(str(s) for s in live.config.humans)})")
        async with self.lock:
            taken = await asyncio.to_thread(self.members.seated, live.id)
            if seat in taken:
                raise NotAllowed(f"seat {seat} of {tid} is taken by {taken[seat].name}")
            state = live.seat_state(seat)
            if state in ("here", "gone"):  # a held seat is never free (issue 30)
                raise NotAllowed(
                    f"seat {seat} of {tid} is held by {live.config.names.get(seat, seat)}"
                    + (" (at the table)" if state == "here" else
                       f" (gone less than {live.hub.gone_after:.0f} seconds ago: the seat "
                       "is still his)"))
            await self._revoke(live, seat)
            token = await asyncio.to_thread(self._reissue, live.id, seat)
            await asyncio.to_thread(self.members.sit, live.id, seat, member.id)
            self._rename(live, seat, member.name)
            await self._command("take", {"table": live.id, "seat": seat, "name": member.name})
        return {"table": live.id, "seat": seat, "token": token,
                "link": f"/table/{live.id}#token={token}"}

    # ------------------------------------------------------------ the lobby
    def changed(self) -> None:
        """Send the lobby to the room soon (once for a burst of changes)."""
        if self._pending_broadcast or not self.conns:
            return
        self._pending_broadcast = True

        async def later() -> None:
            await asyncio.sleep(0.05)
            self._pending_broadcast = False
            state = await self.state()
            for conn in list(self.conns):
                conn.put(state)

        self.spawn(later())

    @staticmethod
    def _spectators(live: LiveTable) -> int:
        return sum(1 for c in live.conns if c.seat is None and not isinstance(c, Watch))

    @staticmethod
    def _score(live: LiveTable) -> dict[str, Any]:
        score = score_json(live.session)
        return {"game": score["game"], "games": [g["winner"] for g in score["games"]],
                "rubbers": score["rubbers"], "board": live.session.board,
                "over": live.session.is_over}

    def _candidate(self, name: str) -> dict[str, Any]:
        cand = self.candidates.get(name)
        return cand.public() if cand else {"name": name, "member": None, "computer": None}

    async def state(self) -> dict[str, Any]:
        """The lobby: every room table and every open table (``GET /api/room``)."""
        tables = []
        for rt in self.tables.values():
            entry: dict[str, Any] = {
                "id": rt.id, "variant": rt.variant, "status": rt.status,
                "opened_by": rt.opened_by, "rubber": rt.rubber, "rubbers": rt.rubbers,
                "candidates": [self._candidate(n) for n in rt.pending],
                "live": rt.live, "seats": {}, "members": [], "waiting": [], "declared": [],
                "free": MAX_MEMBERS, "consecutive": {}, "spectators": 0, "score": None}
            table = self.club.tables.get(rt.id)
            if table is not None:
                playing = set(table.players)
                entry.update(
                    seats={s: self._candidate(n) for s, n in rt.seats.items()},
                    members=[self._candidate(n) for n in table.members],
                    waiting=[self._candidate(n) for n in table.members if n not in playing]
                    + [self._candidate(n) for n in table.queue],
                    declared=[self._candidate(n) for n in table.declared],
                    free=MAX_MEMBERS - len(table.members),
                    consecutive=dict(table.consecutive))
            live = self.hub.tables.get(rt.live) if rt.live else None
            if live is not None:
                entry.update(spectators=self._spectators(live), score=self._score(live),
                             link=f"/table/{live.id}")
            tables.append(entry)
        open_tables = []
        lives = [live for live in self.hub.tables.values()
                 if "room" not in live.config.extra and not live.session.is_over]
        seated = await asyncio.to_thread(self._seated) if lives else {}
        for live in lives:
            cfg = live.config
            names = live.session.seating.names
            open_tables.append({
                "id": live.id, "variant": cfg.variant, "link": f"/table/{live.id}",
                "seats": {s: {"name": names.get(Seat.parse(s), cfg.names[s]),
                              "computer": None if k == HUMAN else k,
                              "member": seated.get((live.id, s)),
                              "gone": k == HUMAN and live.seat_state(s) in ("gone", "away")}
                          for s, k in cfg.kinds.items()},
                # a held seat is never offered: only one nobody holds, or whose
                # person has been away a while (issue 30)
                "free": [str(s) for s in cfg.humans if (live.id, str(s)) not in seated
                         and live.seat_state(str(s)) in ("free", "away")],
                "spectators": self._spectators(live), "score": self._score(live)})
        return {"type": "room", "seq": self.seq, "tables": tables, "open_tables": open_tables,
                "events": self.log[-LOG_SHOWN:]}

    def _seated(self) -> dict[tuple[str, str], str]:
        with Session(self.engine) as db:
            rows = db.execute(select(TableMemberRow.table_id, TableMemberRow.seat,
                                     TableMemberRow.member_id)).all()
            return {(t, s): m for t, s, m in rows}

    async def mine(self, member: Member) -> dict[str, Any]:
        """A member's own view: his seats at play (with their tokens) and where he
        stands as a candidate.  A token lost with a restart is issued anew."""
        seats = []
        for rt in self.tables.values():
            if rt.status != "playing" or rt.live is None:
                continue
            for seat, name in rt.seats.items():
                if self.candidates[name].member != member.id:
                    continue
                token = self.tokens.get((rt.live, seat))
                if token is None:
                    token = await asyncio.to_thread(self._reissue, rt.live, seat)
                    self.tokens[(rt.live, seat)] = token
                seats.append({"table": rt.id, "live": rt.live, "seat": seat, "token": token,
                              "link": f"/table/{rt.live}#token={token}"})
        where = [rt.id for rt in self.tables.values() if member.name in rt.pending] + [
            tname for tname, t in self.club.tables.items()
            if member.name in t.members or member.name in t.queue or member.name in t.declared]
        return {"type": "you", "member": member.public(), "seats": seats, "candidate": where}

    def _tell(self, member_id: str) -> None:
        """Send a member his own view (his new seat) on his room connections."""
        for conn, who in list(self.conns.items()):
            if who is not None and who.id == member_id:
                self.spawn(self._send_mine(conn, who))

    async def _send_mine(self, conn: Connection, member: Member) -> None:
        conn.put(await self.mine(member))

    async def join(self, conn: Connection, member: Member | None) -> None:
        """A ``/ws-room`` connection: the lobby now, then every change."""
        self.conns[conn] = member
        conn.put(await self.state())
        if member is not None:
            conn.put(await self.mine(member))

    def leave_room(self, conn: Connection) -> None:
        """Forget a ``/ws-room`` connection."""
        self.conns.pop(conn, None)

