"""Members' records: rubbers, games, points, play against double dummy, the hands.

Design note
-----------
Nothing about a rubber is stored twice.  A member's record is computed from the
stored tables (:meth:`~.store.Store.load`: the config and the actions) for the
seats he held (:meth:`~.members.Members.seats_of`): each table is replayed
through a fresh session (:func:`~.config.build_session`,
:func:`~.config.apply_action`), exactly as a restart rebuilds it, and its
finished hands and score sheet give

* rubbers played and won (finished rubbers; games for a variant without
  rubbers), games played and won, and points: the rubber points his side won
  and lost (laws 9-10; without rubbers, the games' values), as the score
  sheet's totals count them;
* per hand: his side's tricks (as scored: a claim's included) and points
  toward the game, and the tricks his cards lost against double dummy (the sum
  of :class:`~cavendish.analysis.annotate.CardNote` costs of every card he chose:
  his own and his dummy's; :meth:`~cavendish.analysis.annotate.BoardAnnotation.lost_by_seat`),
  the measure of play; over all hands, the tricks lost per hand;
* the hands themselves, as PBN (:func:`~cavendish.io.pbn.write_pbn`), with the
  member's name at his seat: all of them, or one rubber's.

Only finished hands count: the hand in play is never in a record.  Every hand
at a seat is the member's who is recorded there (a seat's link is one person's;
were another member to open it, :meth:`~.members.Members.sit` records him there
instead, and the seat's hands would count for him).
A member who held seats of both sides at one table (one person playing two
seats) is counted for the side of his first seat in N E S W order.

The costly part is the double dummy: a short-whist hand costs about 0.1 to 0.7
seconds to annotate (52 positions solved).  A finished hand never changes (the
actions are appended, never rewritten; cards are taken back only in the hand in
play), so each hand's four seats' costs are computed once, in the server's slow
process pool (never on the event loop), and kept in the ``hand_costs`` table
(``table_id``, ``board``, the tricks lost by N, E, S and W): a cache that could
be dropped and recomputed from the actions at any time.  The replay itself (a
few milliseconds a hand) runs in the pool too.

Bad ids are told apart: no member of that id, a table he never sat at, a
rubber that table has not reached: each a 404 naming what is missing
(:class:`MissingRecordError`).

>>> from .config import TableConfig
>>> cfg = TableConfig.from_request({"variant": "short", "seats": {"S": "human"}}, seed=2)
>>> actions = [("deal",), ("concede", "S")]
>>> rec = replay_table("t1", cfg.to_json(), actions, ("S",), "Ann", known={})
>>> (rec.side, len(rec.hands), rec.hands[0].tricks, rec.hands[0].lost)
('NS', 1, 0, 0)
>>> rec.records[0].players[2]
'Ann'
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from concurrent.futures import BrokenExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, PlainTextResponse, RedirectResponse, Response
from sqlalchemy import ForeignKey, Integer, String, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from ..core.cards import Seat
from ..core.errors import SettingsError
from ..io.pbn import write_pbn
from ..io.record import HandRecord
from .config import Action, TableConfig, apply_action, build_session
from .connection import SLOW, client_of
from .members import COOKIE, Member, Members
from .store import Base, Store

__all__ = [
    "HandLine",
    "MemberRecord",
    "MissingRecordError",
    "RecordBook",
    "RubberLine",
    "TableRecord",
    "replay_table",
]

Costs = tuple[int, int, int, int]
"""Tricks lost against double dummy by the cards of N, E, S and W in one hand."""


class MissingRecordError(SettingsError):
    """A record asked for that does not exist (a member, a table, a rubber)."""


class HandCostRow(Base):
    """One finished hand's double-dummy costs by seat (a cache: see the design note)."""

    __tablename__ = "hand_costs"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    board: Mapped[int] = mapped_column(Integer, primary_key=True)
    lost: Mapped[str] = mapped_column(String(32))
    """``"N E S W"``: four whole numbers, space separated."""


@dataclass(frozen=True)
class HandLine:
    """One hand a member played."""

    table: str
    board: int
    rubber: int
    """The rubber's number at its table (the game's, without rubbers)."""
    seats: tuple[str, ...]
    side: str
    tricks: int
    """His side's tricks as scored (a claim's or concession's included)."""
    points: int
    """What his side scored toward the game in this hand."""
    against: int
    """What the adversaries scored toward the game."""
    lost: int | None
    """Tricks his cards (and his dummy's) lost against double dummy; None when not asked."""

    def to_json(self) -> dict[str, Any]:
        """The hand as the record shows it."""
        return {"table": self.table, "board": self.board, "rubber": self.rubber,
                "seats": list(self.seats), "side": self.side, "tricks": self.tricks,
                "points": self.points, "against": self.against, "lost": self.lost}


@dataclass(frozen=True)
class RubberLine:
    """One rubber (a game, without rubbers) a member played at a table."""

    table: str
    rubber: int
    variant: str
    side: str
    finished: bool
    won: bool | None
    """None while the rubber is not finished."""
    points: int
    """The rubber's points to his side: positive if won, negative if lost, 0 unfinished."""
    games: tuple[tuple[str, int], ...]
    """Each finished game: (its winners, its value)."""
    boards: tuple[int, ...]

    def to_json(self, member_id: str) -> dict[str, Any]:
        """The rubber as the record shows it, with the link to its hands' PBN."""
        return {"table": self.table, "rubber": self.rubber, "variant": self.variant,
                "side": self.side, "finished": self.finished, "won": self.won,
                "points": self.points,
                "games": [{"winner": w, "value": v, "won": w == self.side}
                          for w, v in self.games],
                "boards": list(self.boards),
                "pbn": f"/api/members/{member_id}/rubbers/{self.table}/{self.rubber}/pbn"}


@dataclass(frozen=True)
class TableRecord:
    """What one table gives a member's record."""

    table: str
    variant: str
    seats: tuple[str, ...]
    side: str
    hands: tuple[HandLine, ...]
    rubbers: tuple[RubberLine, ...]
    games_played: int
    games_won: int
    points_won: int
    points_lost: int
    records: tuple[HandRecord, ...]
    """The finished hands, the member's name at his seats."""
    costs: dict[int, Costs] = field(default_factory=dict)
    """Every finished hand's costs by seat (those known and those computed now);
    empty when costs were not asked."""


def _hand_costs(record: HandRecord) -> Costs:
    """Each seat's tricks lost against double dummy in a finished hand."""
    from ..analysis.annotate import annotate_record

    by = annotate_record(record).lost_by_seat()
    return (by[Seat.N], by[Seat.E], by[Seat.S], by[Seat.W])


def replay_table(table_id: str, config: str, actions: Sequence[Action], seats: Sequence[str],
                 name: str, known: Mapping[int, Costs] | None) -> TableRecord:
    """A table's part of a member's record: the table replayed from its config and
    actions, seen from ``seats`` (his), his ``name`` put at them in the hands.
    ``known``: the hands' costs already computed (the others are computed here,
    the costly part), or None to leave the costs out (a PBN asked for).

    Runs in a worker of the slow pool: every argument and the answer pickle."""
    cfg = TableConfig.from_json(config)
    session = build_session(cfg)
    for action in actions:
        apply_action(session, action)
    mine = sorted({Seat.parse(s) for s in seats})
    side = mine[0].side
    chooses = {s for s in Seat if session.holder(s) in mine}  # his seats and his dummy
    result = session.result()
    sheet = result.sheet
    costs: dict[int, Costs] = {}
    event = cfg.event(table_id)  # marked if hands could be followed (issue 30)
    hands: list[HandLine] = []
    records: list[HandRecord] = []
    for hand in result.hands:
        assert hand.result is not None and hand.score is not None  # finished hands only
        record = hand.record(variant=cfg.variant, event=event)
        players = list(record.players)
        for s in mine:
            players[s] = name
        records.append(replace(record, players=(players[0], players[1], players[2],
                                                players[3])))
        lost = None
        if known is not None:
            costs[hand.board] = known.get(hand.board) or _hand_costs(record)
            lost = sum(costs[hand.board][s] for s in chooses)
        hands.append(HandLine(table_id, hand.board, hand.rubber, tuple(str(s) for s in mine),
                              str(side), hand.result.tricks[side], hand.score.points[side],
                              hand.score.points[side.other], lost))
    rubbers: list[RubberLine] = []
    games_of = [sheet.games[i:i + 1] for i in range(len(sheet.games))]  # no rubbers: a game
    finished = ([(r.winner, r.points, r.games) for r in sheet.rubbers] if cfg.rules.rubber
                else [(g[0].winner, g[0].value, tuple(g)) for g in games_of])
    numbers = sorted({h.rubber for h in hands})
    for n in numbers:
        boards = tuple(h.board for h in hands if h.rubber == n)
        if n <= len(finished):
            winner, points, games = finished[n - 1]
            won = winner == side
            rubbers.append(RubberLine(table_id, n, cfg.variant, str(side), True, won,
                                      points if won else -points,
                                      tuple((str(g.winner), g.value) for g in games), boards))
        else:
            going = sheet.rubber_games if cfg.rules.rubber else ()  # the games won so far
            rubbers.append(RubberLine(table_id, n, cfg.variant, str(side), False, None, 0,
                                      tuple((str(g.winner), g.value) for g in going), boards))
    totals = sheet.totals
    return TableRecord(
        table=table_id, variant=cfg.variant, seats=tuple(str(s) for s in mine),
        side=str(side), hands=tuple(hands), rubbers=tuple(rubbers),
        games_played=len(sheet.games),
        games_won=sum(1 for g in sheet.games if g.winner == side),
        points_won=totals[side], points_lost=totals[side.other],
        records=tuple(records), costs=costs)


@dataclass(frozen=True)
class MemberRecord:
    """A member's record over every table he sat at."""

    member: Member
    tables: tuple[TableRecord, ...]

    @property
    def rubbers(self) -> list[RubberLine]:
        """Every rubber, table by table (oldest table first), in order."""
        return [r for t in self.tables for r in t.rubbers]

    @property
    def hands(self) -> list[HandLine]:
        """Every finished hand, table by table, in order."""
        return [h for t in self.tables for h in t.hands]

    def totals(self) -> dict[str, Any]:
        """Rubbers, games, points and play against double dummy, summed."""
        rubbers = [r for r in self.rubbers if r.finished]
        hands = self.hands
        lost = [h.lost for h in hands if h.lost is not None]
        return {
            "rubbers_played": len(rubbers),
            "rubbers_won": sum(1 for r in rubbers if r.won),
            "games_played": sum(t.games_played for t in self.tables),
            "games_won": sum(t.games_won for t in self.tables),
            "points_won": sum(t.points_won for t in self.tables),
            "points_lost": sum(t.points_lost for t in self.tables),
            "hands": len(hands),
            "tricks_lost": sum(lost),
            "lost_per_hand": round(sum(lost) / len(lost), 2) if lost else None,
        }

    def to_json(self) -> dict[str, Any]:
        """``GET /api/members/{id}/record``'s answer (docs/web.md)."""
        mid = self.member.id
        return {
            "member": self.member.public(),
            "totals": self.totals(),
            "tables": [{"id": t.table, "variant": t.variant, "seats": list(t.seats),
                        "side": t.side} for t in self.tables],
            "rubbers": [r.to_json(mid) for r in self.rubbers],
            "hands": [h.to_json() for h in self.hands],
            "pbn": f"/api/members/{mid}/pbn",
        }

    def pbn(self, table: str | None = None, rubber: int | None = None) -> str:
        """His hands in PBN: all of them, or one table's rubber's (MissingRecordError if he
        did not sit at that table or it has no finished hand of that rubber)."""
        if table is None:
            return write_pbn([r for t in self.tables for r in t.records])
        found = next((t for t in self.tables if t.table == table), None)
        if found is None:
            raise MissingRecordError(f"table {table!r}: member {self.member.id} never sat there")
        boards = {h.board for h in found.hands if h.rubber == rubber}
        if not boards:
            raise MissingRecordError(f"rubber {rubber!r} of table {table!r}: no finished hand "
                              f"(the table has {len({h.rubber for h in found.hands})} rubbers "
                              "begun)")
        return write_pbn([r for r in found.records if r.board in boards])


class RecordBook:
    """Members' records from a :class:`~.store.Store`, their costs cached in it.

    ``run(fn, *args)`` runs ``fn`` off the event loop (the server gives the slow
    pool; a test may give a thread)."""

    def __init__(self, store: Store, members: Members) -> None:
        self.store = store
        self.members = members
        self.engine = store.engine

    def member(self, member_id: str) -> Member:
        """The member of that id, or MissingRecordError."""
        found = self.members.get(member_id) if len(member_id) <= 32 else None
        if found is None:
            raise MissingRecordError(f"member {member_id!r}: no member of that id")
        return found

    def known_costs(self, table_id: str) -> dict[int, Costs]:
        """The costs cached for a table's hands."""
        with Session(self.engine) as db:
            rows = db.execute(select(HandCostRow.board, HandCostRow.lost).where(
                HandCostRow.table_id == table_id)).all()
        out: dict[int, Costs] = {}
        for board, lost in rows:
            n, e, s, w = (int(x) for x in lost.split())
            out[board] = (n, e, s, w)
        return out

    def keep_costs(self, table_id: str, costs: Mapping[int, Costs],
                   known: Mapping[int, Costs]) -> None:
        """Cache the costs not cached yet (another request may have cached them
        meanwhile: then its row stands, being the same)."""
        for board, lost in costs.items():
            if board in known:
                continue
            try:
                with Session(self.engine) as db, db.begin():
                    db.add(HandCostRow(table_id=table_id, board=board,
                                       lost=" ".join(str(x) for x in lost)))
            except IntegrityError:
                pass

    async def record(self, member_id: str, run: Any, *, costs: bool = True) -> MemberRecord:
        """A member's record (``costs``: with the play against double dummy; without
        them for his hands' PBN).  ``run`` is an awaitable runner
        ``run(fn, *args)`` for the replays (the pool)."""
        member = await asyncio.to_thread(self.member, member_id)
        seats = await asyncio.to_thread(self.members.seats_of, member.id)
        by_table: dict[str, list[str]] = {}
        for table_id, seat in seats:
            by_table.setdefault(table_id, []).append(seat)

        async def one(table_id: str, mine: list[str]) -> TableRecord:
            stored = await asyncio.to_thread(self.store.load, table_id)
            known = await asyncio.to_thread(self.known_costs, table_id) if costs else None
            rec: TableRecord = await run(replay_table, table_id, stored.config,
                                         stored.actions, mine, member.name, known)
            if known is not None and len(rec.costs) > len(known):
                await asyncio.to_thread(self.keep_costs, table_id, rec.costs, known)
            return rec

        tables = await asyncio.gather(*(one(t, s) for t, s in by_table.items()))
        return MemberRecord(member, tuple(tables))


# ------------------------------------------------------------------ HTTP
def records_router() -> APIRouter:
    """The routes of the records and the members' pages (``app.include_router``):

    * ``GET /join``: the page to join the club or log in; ``GET /me``: the record
      page of the member whose key the request carries (else the join page);
      ``GET /member/{id}``: a member's record page;
    * ``GET /api/members/{id}/record``: the record (JSON, docs/web.md);
    * ``GET /api/members/{id}/pbn``: every finished hand he played, PBN;
    * ``GET /api/members/{id}/rubbers/{table}/{n}/pbn``: one rubber's hands, PBN.

    A member id, table or rubber that does not exist is a 404 naming it."""
    static = Path(__file__).parent / "static"
    router = APIRouter()

    def book_of(request: Request) -> RecordBook:
        state = request.app.state
        if getattr(state, "records", None) is None:
            state.records = RecordBook(state.hub.store, state.members)
        book: RecordBook = state.records
        return book

    async def record_of(request: Request, member_id: str, *, costs: bool) -> MemberRecord:
        hub = request.app.state.hub

        async def run(fn: Any, *args: Any) -> Any:
            loop = asyncio.get_running_loop()
            async with hub.share(SLOW, client_of(request)):  # the asker's share (.limits)
                return await loop.run_in_executor(hub.pools[SLOW], fn, *args)

        try:
            return await book_of(request).record(member_id, run, costs=costs)
        except MissingRecordError as exc:
            raise HTTPException(404, str(exc)) from None
        except BrokenExecutor:
            raise HTTPException(503, "the record could not be computed now: try again") from None

    def pbn_response(text: str, filename: str) -> PlainTextResponse:
        return PlainTextResponse(text, media_type="application/x-pbn", headers={
            "Content-Disposition": f'attachment; filename="{filename}"'})

    @router.get("/join")
    async def join_page() -> FileResponse:
        return FileResponse(static / "join.html")

    @router.get("/me")
    async def my_page(request: Request) -> Response:
        key = request.cookies.get(COOKIE) or request.query_params.get("member")
        member = await asyncio.to_thread(request.app.state.members.by_key, key)
        return RedirectResponse("/join" if member is None else f"/member/{member.id}", 303)

    @router.get("/member/{member_id}")
    async def member_page(member_id: str) -> FileResponse:
        return FileResponse(static / "member.html")

    @router.get("/api/members/{member_id}/record")
    async def record(member_id: str, request: Request) -> dict[str, Any]:
        return (await record_of(request, member_id, costs=True)).to_json()

    @router.get("/api/members/{member_id}/pbn")
    async def pbn(member_id: str, request: Request) -> PlainTextResponse:
        rec = await record_of(request, member_id, costs=False)
        return pbn_response(rec.pbn(), f"cavendish-member-{rec.member.id}.pbn")

    @router.get("/api/members/{member_id}/rubbers/{table_id}/{rubber}/pbn")
    async def rubber_pbn(member_id: str, table_id: str, rubber: str,
                         request: Request) -> PlainTextResponse:
        rec = await record_of(request, member_id, costs=False)
        try:
            if not rubber.isdigit() or len(rubber) > 4:
                raise MissingRecordError(
                    f"rubber {rubber!r}: expected a rubber's number, 1 or more")
            text = rec.pbn(table_id, int(rubber))
        except MissingRecordError as exc:
            raise HTTPException(404, str(exc)) from None
        return pbn_response(text, f"cavendish-{table_id}-rubber-{rubber}.pbn")

    return router
