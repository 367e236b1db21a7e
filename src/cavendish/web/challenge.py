"""The duplicate challenge: a person against the computers, on the match harness's boards.

Design note
-----------
A challenge is ``boards`` deals of the match harness (:mod:`cavendish.match.duplicate`):
board ``i`` (0-based) is dealt from ``random.Random(deal_seed(seed, i))`` by
``board_dealer(i)``, as in a match, and played in two rooms:

* **the person's room**: a web table (:class:`~.tables.LiveTable`) where the person
  sits South, with computer players of one kind in the other seats (his partner
  North, or his dummy at the dummy variants) and the variant's dummies.  Its
  session is a :class:`BoardSession`: it deals board after board as the harness
  does, and, in a worker of the pool, seats before each board the players the
  harness would seat there (the same kind, the same seeds: ``player_seed(seed, i,
  seat)``), told no score, claiming nothing, as in a match;
* **the computers' room**: the same board played by the harness itself
  (:func:`~cavendish.match.duplicate.play_room`, room 1: the kind in all four seats),
  in the server's process pool, off the event loop (:func:`computer_room`).

Since both rooms seat the same players with the same seeds, the only difference
between them is the person at South (and his dummy's cards, at the dummy variants).
The comparison of a board (``GET /api/challenges/{id}``) is, for each room, the
tricks N-S took (a claim's or a concession's counted) and the tricks each side's
cards lost against double dummy (:mod:`cavendish.analysis.annotate`, each card's
cost), with the hands themselves (the deal, the cards in order).  A board is
compared only once the person has finished it: before that nothing of it is shown
(the computers' room would show its cards), and the match seed is told only once
every board is played (it would tell the boards to come).  Each room's result is computed once,
stored (table ``challenge_rooms``), and read back after a restart; the person's
room is the web table's own stored actions, replayed (:func:`~.computer.review_for`).

>>> spec = ChallengeSpec.from_request({"boards": 2, "seed": 5, "variant": "short"})
>>> cfg = spec.table_config()
>>> cfg.kinds["S"], cfg.kinds["N"], cfg.extra
('human', 'classical', {'boards': 2})
>>> session = board_session(cfg, {s: None for s in (Seat.N, Seat.E, Seat.S, Seat.W)}, {})
>>> _ = session.start_hand()
>>> import random
>>> from cavendish.core import deal_cards
>>> from cavendish.match.duplicate import board_dealer, deal_seed
>>> session.state.deal == deal_cards(random.Random(deal_seed(5, 0)), board_dealer(0))
True
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import secrets
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from sqlalchemy import Column, DateTime, Engine, Integer, MetaData, String, Table, Text, select

from ..core.cards import Seat
from ..core.errors import MatchError
from ..core.events import settled_claim
from ..core.rules import get_rules
from ..core.state import standing_plays
from ..game.session import PlayedHand
from ..match.duplicate import (
    MatchSpec,
    PlayerSpec,
    play_room,
    table_dummies,
)
from ..players import PlayerError
from ..players.options import PlayerOptionError
from .boards import BoardSession
from .computer import review_for
from .config import (
    HUMAN,
    ConfigError,
    TableConfig,
    board_session,
    request_object,
    request_seed,
    request_variant,
)
from .connection import SLOW

if TYPE_CHECKING:
    from .tables import Hub

__all__ = [
    "MAX_BOARDS",
    "BoardSession",
    "ChallengeSpec",
    "add_challenge_routes",
    "board_session",
    "computer_room",
]

MAX_BOARDS = 32
PERSON, COMPUTERS = "person", "computers"

_meta = MetaData()
CHALLENGES = Table(  # made by the migration "spectate"
    "challenges", _meta,
    Column("id", String(32), primary_key=True),
    Column("table_id", String(32)),
    Column("spec", Text),
    Column("created_at", DateTime(timezone=True)),
)
ROOMS = Table(
    "challenge_rooms", _meta,
    Column("challenge_id", String(32), primary_key=True),
    Column("board", Integer, primary_key=True),
    Column("room", String(16), primary_key=True),
    Column("result", Text),
)


@dataclass(frozen=True)
class ChallengeSpec:
    """What a challenge plays: how many boards, the match seed, the variant, the
    computers' kind, and the person's name."""

    boards: int
    seed: int
    variant: str = "short"
    computer: str = "classical"
    name: str = "You"

    @classmethod
    def from_request(cls, body: Mapping[str, Any]) -> ChallengeSpec:
        """The spec of ``POST /api/challenges``'s body, checked (ConfigError naming
        the field and what is wrong); no seed: a random one."""
        boards = body.get("boards", 4)
        if not isinstance(boards, int) or isinstance(boards, bool) or \
                not 1 <= boards <= MAX_BOARDS:
            raise ConfigError(f"boards {boards!r}: expected a whole number from 1 to "
                              f"{MAX_BOARDS}")
        seed = request_seed(body)
        _, rules = request_variant(body)
        computer = body.get("computer", "classical")
        if not isinstance(computer, str):
            raise ConfigError(f"computer {computer!r}: expected a kind of player")
        try:
            PlayerSpec.named(computer)
        except (ValueError, PlayerError, PlayerOptionError) as exc:
            raise ConfigError(f"computer: {exc}") from None
        name = str(body.get("name", "") or "").strip()[:24] or "You"
        return cls(boards, seed, rules.name, computer, name)

    def table_config(self) -> TableConfig:
        """The person's room: South a person, the other players computers of the
        spec's kind, the variant's dummies as in the harness."""
        dummies = table_dummies(get_rules(self.variant))
        kinds = {str(s): HUMAN if s == Seat.S else self.computer
                 for s in Seat if s not in dummies}
        kind = self.computer.split(":")[0].title()
        names = {s: self.name if s == "S" else f"{kind} {s}" for s in kinds}
        if len(set(names.values())) != len(names):
            names["S"] = f"{self.name} (S)"
        return TableConfig(self.variant, kinds, names, self.seed, extra={"boards": self.boards},
                           computer_claims=False)


def _room(hand: PlayedHand, review: dict[str, Any]) -> dict[str, Any]:
    """A room's result of a board: its cards in order, the tricks (as scored) and
    each side's and seat's tricks lost against double dummy."""
    lost_by_seat = {s: 0 for s in "NESW"}
    for note in review["cards"]:
        lost_by_seat[note["seat"]] += note["cost"]
    return {
        "deal": hand.state.deal.to_pbn(),
        "dealer": str(hand.state.deal.dealer),
        "trump_card": str(hand.state.deal.trump_card),
        "plays": [str(e.card) for e in standing_plays(hand.state.events)],
        "tricks": review["made"],
        "dd_start_ns": review["dd_start_ns"],
        "lost": review["lost"],
        "lost_by_seat": lost_by_seat,
        "claim": None if (claim := settled_claim(hand.state.events)) is None else str(claim),
    }


def computer_room(kind: str, variant: str, seed: int, board: int) -> dict[str, Any]:
    """The computers' room of board ``board`` (0-based): the harness plays it with
    ``kind`` in all four seats (room 1), and each card's double-dummy cost is
    computed.  Runs in a worker of the pool.

    >>> r = computer_room("random", "short", 3, 0)
    >>> r["tricks"]["NS"] + r["tricks"]["EW"], len(r["plays"])
    (13, 52)
    """
    from ..analysis.annotate import annotate_record

    spec = MatchSpec(PlayerSpec.named(kind), PlayerSpec.named(kind), variant, seed)
    hand, _ = play_room(spec, board, 1)
    return _room(hand, annotate_record(hand.record(variant=variant)).to_json())


# ------------------------------------------------------------------- storage
def _store_challenge(engine: Engine, cid: str, table_id: str, spec: ChallengeSpec) -> None:
    with engine.begin() as conn:
        conn.execute(CHALLENGES.insert().values(
            id=cid, table_id=table_id, spec=json.dumps(asdict(spec)),
            created_at=dt.datetime.now(dt.UTC)))


def _load_challenge(engine: Engine, cid: str
                    ) -> tuple[str, ChallengeSpec, dict[tuple[int, str], dict[str, Any]]] | None:
    with engine.connect() as conn:
        row = conn.execute(select(CHALLENGES).where(CHALLENGES.c.id == cid)).first()
        if row is None:
            return None
        rooms = conn.execute(select(ROOMS).where(ROOMS.c.challenge_id == cid)).all()
    done = {(r.board, r.room): json.loads(r.result) for r in rooms}
    return row.table_id, ChallengeSpec(**json.loads(row.spec)), done


def _store_room(engine: Engine, cid: str, board: int, room: str, result: dict[str, Any]) -> None:
    with engine.begin() as conn:
        conn.execute(ROOMS.insert().values(challenge_id=cid, board=board, room=room,
                                           result=json.dumps(result)))


# --------------------------------------------------------------- the service
class Challenges:
    """The challenges of a server: made, and compared board by board."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.locks: dict[str, asyncio.Lock] = {}

    async def create(self, spec: ChallengeSpec) -> tuple[str, str, str]:
        """A new challenge: its id, its table's id and the person's seat token."""
        table, tokens = await self.hub.create(spec.table_config())
        cid = secrets.token_urlsafe(9)
        await asyncio.to_thread(_store_challenge, self.hub.store.engine, cid, table.id, spec)
        return cid, table.id, tokens["S"]

    async def comparison(self, cid: str) -> dict[str, Any] | None:
        """The comparison, board by board, of the boards the person has finished
        (each room computed once, in the pool, and stored); None: no such challenge."""
        engine = self.hub.store.engine
        loaded = await asyncio.to_thread(_load_challenge, engine, cid)
        if loaded is None:
            return None
        table_id, spec, done = loaded
        table = await self.hub.get(table_id)  # loaded here if another process holds it
        if table is None:
            raise MatchError(f"challenge {cid}: its table {table_id} is gone")
        async with table.lock:  # the finished hands, as stored
            hands = list(table.session.hands)
            actions = list(table.actions)
            config = table.config_json
        finished = len(hands)
        loop = asyncio.get_running_loop()
        pool = self.hub.pools[SLOW]  # the lane of the analyses (hints, reviews)
        async with self.locks.setdefault(cid, asyncio.Lock()):  # each room computed once
            for board in range(1, finished + 1):
                if (board, PERSON) not in done:  # the table's stored actions, replayed
                    review = await loop.run_in_executor(pool, review_for, config, actions, board)
                    done[board, PERSON] = _room(hands[board - 1], review)
                    await asyncio.to_thread(_store_room, engine, cid, board, PERSON,
                                            done[board, PERSON])
                if (board, COMPUTERS) not in done:
                    done[board, COMPUTERS] = await loop.run_in_executor(
                        pool, computer_room, spec.computer, spec.variant, spec.seed, board - 1)
                    await asyncio.to_thread(_store_room, engine, cid, board, COMPUTERS,
                                            done[board, COMPUTERS])
        return compare(cid, table_id, spec, finished, done)


def compare(cid: str, table_id: str, spec: ChallengeSpec, finished: int,
            done: Mapping[tuple[int, str], dict[str, Any]]) -> dict[str, Any]:
    """The answer of ``GET /api/challenges/{id}``: every board, compared once the
    person has finished it, and the totals so far (N-S: the person's side).

    >>> spec = ChallengeSpec(1, 1)
    >>> room = {"tricks": {"NS": 7, "EW": 6}, "lost": {"NS": 1, "EW": 0}}
    >>> c = compare("c", "t", spec, 1, {(1, "person"): room, (1, "computers"): room})
    >>> c["totals"]["person"], c["totals"]["tricks_diff"], c["finished"]
    ({'tricks': 7, 'lost': 1}, 0, True)
    """
    finished_all = finished >= spec.boards
    boards: list[dict[str, Any]] = []
    totals = {PERSON: {"tricks": 0, "lost": 0}, COMPUTERS: {"tricks": 0, "lost": 0}}
    for board in range(1, spec.boards + 1):
        person, computers = done.get((board, PERSON)), done.get((board, COMPUTERS))
        row: dict[str, Any] = {"board": board, PERSON: None, COMPUTERS: None}
        if board <= finished and person is not None and computers is not None:
            row.update({PERSON: person, COMPUTERS: computers,
                        "tricks_diff": person["tricks"]["NS"] - computers["tricks"]["NS"],
                        "lost_diff": person["lost"]["NS"] - computers["lost"]["NS"]})
            for room, result in ((PERSON, person), (COMPUTERS, computers)):
                totals[room]["tricks"] += result["tricks"]["NS"]
                totals[room]["lost"] += result["lost"]["NS"]
        boards.append(row)
    return {
        "id": cid, "table": table_id, **asdict(spec),
        "seed": spec.seed if finished_all else None,  # it would tell the boards to come
        "played": finished, "finished": finished_all, "results": boards,
        "totals": {**totals,
                   "tricks_diff": totals[PERSON]["tricks"] - totals[COMPUTERS]["tricks"],
                   "lost_diff": totals[PERSON]["lost"] - totals[COMPUTERS]["lost"]},
    }


def add_challenge_routes(app: FastAPI, static: Path) -> None:
    """``POST /api/challenges``, ``GET /api/challenges/{id}`` and the page
    ``GET /challenge`` (``/challenge/{id}``)."""

    def service(request: Request) -> Challenges:
        state = request.app.state
        if getattr(state, "challenges", None) is None or state.challenges.hub is not state.hub:
            state.challenges = Challenges(state.hub)
        found: Challenges = state.challenges
        return found

    @app.post("/api/challenges")
    async def new_challenge(request: Request) -> JSONResponse:
        try:
            body = await request_object(request)
            spec = ChallengeSpec.from_request(body)
        except ConfigError as exc:
            return JSONResponse({"error": str(exc)}, 400)
        cid, table_id, token = await service(request).create(spec)
        base = str(request.base_url).rstrip("/")
        shown = asdict(spec)
        if body.get("seed") is None:  # a random seed is told once every board is played
            shown["seed"] = None
        return JSONResponse({"id": cid, "table": table_id, "token": token,
                             "link": f"{base}/table/{table_id}#token={token}",
                             "page": f"{base}/challenge/{cid}", **shown})

    @app.get("/api/challenges/{cid}")
    async def challenge_state(cid: str, request: Request) -> JSONResponse:
        try:
            found = await service(request).comparison(cid)
        except MatchError as exc:
            return JSONResponse({"error": str(exc)}, 410)
        if found is None:
            return JSONResponse({"error": f"no challenge {cid!r}"}, 404)
        return JSONResponse(found)

    @app.get("/challenge")
    async def challenge_form() -> FileResponse:
        return FileResponse(static / "challenge.html")

    @app.get("/challenge/{cid}")
    async def challenge_page(cid: str) -> FileResponse:
        return FileResponse(static / "challenge.html")
