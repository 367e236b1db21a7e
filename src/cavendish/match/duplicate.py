"""Duplicate matches between two kinds of computer player.

Design note
-----------
A *board* is one deal played twice: in room 1 team A sits North-South and team B
East-West; in room 2 the same deal is played with the teams' seats swapped.  The
luck of the cards cancels: whatever A's cards were worth in one room, B held them
in the other.

For board ``i`` (0-based) with ``a1`` and ``a2`` the tricks A's team took in rooms
1 and 2, and ``b1 = 13 - a1``, ``b2 = 13 - a2`` B's::

    d_i = ((a1 - b1) + (a2 - b2)) / 2 = a1 + a2 - 13

A's tricks minus B's *per deal*, averaged over the two rooms.
``tricks_per_deal`` is the mean of the ``d_i``, with Student's 95% interval
(:func:`~.stats.mean_ci`).  ``points_per_deal`` is the same with the points each
team scored in each room, every hand scored alone from love-all by the variant's
scoring policy, as the sheet records the hand (``HandScore.points``): every trick
over six counts, honours count unless the tricks have already won the game (law 5).

Reproducibility: board ``i``'s deal comes from ``random.Random(derive_seed(seed,
"deal", i))`` with dealer ``Seat(i % 4)``, and the player in seat ``s`` of board
``i`` is built fresh for each room from its registry name with the seed
``derive_seed(seed, "player", i, s)``, in both rooms.  Nothing depends on which
worker plays a board or in which order, so a match reproduces exactly with any
number of workers.  The player in a seat has the same seed in both rooms (common
random numbers): a player matched against itself scores exactly nought on every
board, and two different players' noise partly cancels.

The players are not told a score (``Session(tell_score=False)``): every hand is
played as if every trick counted alike, since what a match measures is tricks.

Each board keeps the card turned up and both rooms' cards in order of play, so
:meth:`MatchResult.records` gives every hand played as a PBN hand record.

Decision time is the wall time of each ``choose()`` call (the player's own time;
the table's bookkeeping is not counted), collected per team over every card it
played, a dummy's included.

At dummy whist North is the dummy, played by South; at double dummy North and East
are, played by South and West.

>>> m = run_match("random", "random", boards=3, seed=5)
>>> [r.tricks_diff for r in m.results]        # a player against itself: nought
[0.0, 0.0, 0.0]
>>> sorted(m.to_json())[:4]
['a', 'b', 'boards', 'ci95']
"""

from __future__ import annotations

import contextlib
import importlib
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from ..core.cards import Card, Seat, Side, cards_of, format_hand, parse_cards
from ..core.deal import Deal, parse_pbn_hand
from ..core.errors import MatchError
from ..core.events import Event, Ruffed
from ..core.rules import Rules, get_rules
from ..core.state import SeatView, standing_plays
from ..game.seating import Seating
from ..game.session import PlayedHand, Session
from ..io.record import HandRecord, log_from_plays
from ..players import (
    PLAYERS,
    Player,
    UnknownPlayer,
    get_player,
    kind_of,
    player_names,
)
from .board import BoardResult
from .parallel import chunk_ranges, forking_ahead, run_tasks
from .seeds import derive_seed
from .stats import Interval, mean_ci, median, percentile

__all__ = [
    "BoardResult",
    "DecisionTimes",
    "MatchError",
    "MatchResult",
    "MatchSpec",
    "PlayerSpec",
    "TimedPlayer",
    "board_dealer",
    "deal_seed",
    "is_registered",
    "play_board",
    "play_boards",
    "play_room",
    "player_seed",
    "room_names",
    "run_match",
    "seat_team",
    "table_dummies",
]

Team = Literal["a", "b"]


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A kind of player by its registry name, picklable: players are built in the worker.

    ``module`` is where the kind's factory was defined: a worker that does not know
    the kind imports it (a module that registers its players when imported).
    """

    kind: str
    module: str = "cavendish.players"

    @classmethod
    def named(cls, kind: str) -> PlayerSpec:
        """The spec of a registered kind; :class:`~cavendish.players.UnknownPlayer` if none.

        A kind with options (``search:replies=0``) is built once here, so that a bad
        option is refused before any board is played
        (:class:`~cavendish.players.PlayerOptionError`).

        >>> PlayerSpec.named("random")
        PlayerSpec(kind='random', module='cavendish.players')
        >>> PlayerSpec.named("pimc:worlds=8").kind
        'pimc:worlds=8'
        """
        base = kind_of(kind)
        factory = PLAYERS.get(base) if is_registered(base) else None
        if factory is None:
            raise UnknownPlayer(
                f"unknown player {base!r}: expected one of {', '.join(player_names())}"
            )
        if base != kind:
            get_player(kind, 0)
        return cls(kind, getattr(factory, "__module__", None) or "cavendish.players")

    def build(self, seed: int, name: str) -> Player:
        """A new player of this kind."""
        if kind_of(self.kind) not in PLAYERS:
            with contextlib.suppress(ImportError):  # then get_player names the kinds
                importlib.import_module(self.module)
        return get_player(self.kind, seed, name)


def is_registered(kind: str) -> bool:
    """Whether ``kind`` is a registered player, importing ``cavendish.players.<kind>``
    first if it is not (a player package registers its kind when imported).

    >>> is_registered("random"), is_registered("nobody"), is_registered("pimc:worlds=8")
    (True, False, True)
    """
    kind = kind_of(kind)
    if kind not in PLAYERS and kind.isidentifier():
        try:
            importlib.import_module(f"cavendish.players.{kind}")
        except ModuleNotFoundError as exc:
            if exc.name is None or not f"cavendish.players.{kind}".startswith(exc.name):
                raise  # the package exists but something it imports does not
    return kind in PLAYERS


class TimedPlayer:
    """Wraps a player and appends the wall time of each ``choose()`` (ms) to ``times``.

    The hooks ``observe`` and ``begin_hand`` are the player's own, or None if it has
    none (then the table does not call them): the table calls ``observe`` for every
    event of the hand, so no wrapper stands between it and the player.

    >>> from cavendish.players import RandomPlayer, get_player, has_observer
    >>> has_observer(TimedPlayer(RandomPlayer(1), [])), has_observer(
    ...     TimedPlayer(get_player("classical", 1), []))
    (False, True)
    """

    observe: Callable[[Event], None] | None
    begin_hand: Callable[[SeatView], None] | None

    def __init__(self, inner: Player, times: list[float]) -> None:
        self.inner = inner
        self.name = inner.name
        self.times = times
        self.observe = getattr(inner, "observe", None)
        self.begin_hand = getattr(inner, "begin_hand", None)

    def choose(self, view: SeatView) -> Card:
        """The wrapped player's card, timed."""
        start = time.perf_counter_ns()
        card = self.inner.choose(view)
        self.times.append((time.perf_counter_ns() - start) / 1e6)
        return card


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """What a worker needs to play any board of the match."""

    a: PlayerSpec
    b: PlayerSpec
    variant: str = "short"
    seed: int = 1


def table_dummies(rules: Rules) -> tuple[Seat, ...]:
    """The dummy seats of a match table: none at whist, North at dummy, N and E at double dummy.

    >>> table_dummies(get_rules("double-dummy"))
    (<Seat.N: 0>, <Seat.E: 1>)
    """
    return {"whist": (), "dummy": (Seat.N,), "double-dummy": (Seat.N, Seat.E)}[rules.table]


def board_dealer(board: int) -> Seat:
    """The dealer of board ``board`` (0-based): the deal goes round, N first."""
    return Seat(board % 4)


def deal_seed(seed: int, board: int) -> int:
    """The seed of board ``board``'s deal."""
    return derive_seed(seed, "deal", board)


def player_seed(seed: int, board: int, seat: Seat) -> int:
    """The seed of the player in ``seat`` on board ``board`` (the same in both rooms)."""
    return derive_seed(seed, "player", board, str(seat))


def seat_team(seat: Seat, room: Literal[1, 2]) -> Team:
    """The team in ``seat`` in ``room`` (1: A sits N-S; 2: B does).

    >>> seat_team(Seat.N, 1), seat_team(Seat.N, 2)
    ('a', 'b')
    """
    return "a" if (seat.side == Side.NS) == (room == 1) else "b"


def room_names(a: str, b: str, rules: Rules, room: Literal[1, 2]) -> tuple[str, str, str, str]:
    """The names at the table N, E, S, W in ``room``: team, kind and seat (``Dummy``).

    >>> room_names("search", "pimc", get_rules("dummy"), 2)
    ('Dummy', 'A search E', 'B pimc S', 'A search W')
    """
    dummies = table_dummies(rules)
    kinds = {"a": a, "b": b}
    names = [
        "Dummy" if seat in dummies else f"{team.upper()} {kinds[team]} {seat}"
        for seat, team in ((seat, seat_team(seat, room)) for seat in Seat)
    ]
    return (names[0], names[1], names[2], names[3])


def play_room(
    spec: MatchSpec,
    board: int,
    room: Literal[1, 2],
    wrap: Callable[[Seat, Team, Player], Player] | None = None,
) -> tuple[PlayedHand, dict[str, list[float]]]:
    """Play board ``board`` (0-based) in ``room`` (1: A sits N-S; 2: B does).

    Returns the hand as played and scored from love-all, and the decision times
    (ms) by team.  ``wrap(seat, team, player)``, if given, replaces each player
    built for the table (as :mod:`cavendish.bench.shadow` does, to ask other
    players at the same decisions).
    """
    rules = get_rules(spec.variant)
    dummies = table_dummies(rules)
    times: dict[str, list[float]] = {"a": [], "b": []}
    players: dict[Seat, Player | None] = {}
    names: dict[Seat, str] = {}
    for seat, name in zip(Seat, room_names(spec.a.kind, spec.b.kind, rules, room), strict=True):
        if seat in dummies:
            continue
        team = seat_team(seat, room)
        kind = spec.a if team == "a" else spec.b
        inner = kind.build(player_seed(spec.seed, board, seat), name)
        if wrap is not None:
            inner = wrap(seat, team, inner)
        players[seat] = TimedPlayer(inner, times[team])
        names[seat] = inner.name
    seating = Seating(names, dummies, board_dealer(board), None)
    rng = random.Random(deal_seed(spec.seed, board))
    session = Session(rules, seating, players, rng, rubbers=None, max_hands=1, tell_score=False)
    played = session.play_all().hands[0]
    return played, times


def play_board(spec: MatchSpec, board: int) -> BoardResult:
    """Play board ``board`` (0-based) in both rooms."""
    one, t1 = play_room(spec, board, 1)
    two, t2 = play_room(spec, board, 2)
    assert one.state.deal == two.state.deal, "both rooms play the same deal"
    assert one.result is not None and one.score is not None
    assert two.result is not None and two.score is not None
    return BoardResult(
        board=board,
        deal=one.state.deal.to_pbn(),
        tricks=(one.result.tricks[Side.NS], two.result.tricks[Side.EW]),
        points=(
            (one.score.points[Side.NS], one.score.points[Side.EW]),
            (two.score.points[Side.EW], two.score.points[Side.NS]),
        ),
        times_a=tuple(t1["a"] + t2["a"]),
        times_b=tuple(t1["b"] + t2["b"]),
        plays=(_plays(one), _plays(two)),
        trump_card=str(one.state.deal.trump_card),
        stock=format_hand(one.state.deal.stock) if one.state.deal.stock else "",
        ruffs=(_ruff(one), _ruff(two)),
    )


def _ruff(hand: PlayedHand) -> str:
    ruffed = hand.state.ruffed
    if ruffed is None:
        return ""
    return f"{ruffed.seat}:{' '.join(ruffed.put_out)}"


def _ruffed(deal: Deal, ruff: str) -> Ruffed:
    """The ruff written by :func:`_ruff` as its event."""
    seat, _, put_out = ruff.partition(":")
    out = tuple(str(c) for c in parse_cards(put_out))
    taken = tuple(str(c) for c in cards_of(deal.stock)) if out else ()
    return Ruffed(Seat.parse(seat), taken, out)


def _plays(hand: PlayedHand) -> str:
    return " ".join(str(e.card) for e in standing_plays(hand.state.events))


def play_boards(task: tuple[MatchSpec, Sequence[int]]) -> list[BoardResult]:
    """Play a chunk of boards (a worker's task)."""
    spec, boards = task
    return [play_board(spec, i) for i in boards]


@dataclass(frozen=True, slots=True)
class DecisionTimes:
    """A team's decision times: median and 95th percentile (ms) over its cards."""

    median: float
    p95: float
    cards: int

    @classmethod
    def of(cls, times: list[float]) -> DecisionTimes:
        """The summary of ``times`` (ms); zeros when no card was timed."""
        if not times:
            return cls(0.0, 0.0, 0)
        ordered = sorted(times)  # once: sorting a sorted list again is a pass over it
        return cls(median(ordered), percentile(ordered, 95.0), len(times))

    def to_json(self) -> dict[str, Any]:
        """``{"median": m, "p95": q, "cards": n}``, milliseconds to four decimals."""
        return {"median": round(self.median, 4), "p95": round(self.p95, 4), "cards": self.cards}


@dataclass(frozen=True)
class MatchResult:
    """A finished match: every board's result, and the figures computed from them."""

    a: str
    b: str
    variant: str
    seed: int
    results: tuple[BoardResult, ...]

    @property
    def boards(self) -> int:
        """How many boards (deals) were played, each in two rooms."""
        return len(self.results)

    @property
    def tricks(self) -> Interval:
        """Mean and 95% interval of A's tricks minus B's per deal."""
        return mean_ci([r.tricks_diff for r in self.results])

    @property
    def points(self) -> Interval:
        """Mean and 95% interval of A's points minus B's per deal."""
        return mean_ci([r.points_diff for r in self.results])

    def decision_times(self, team: Team) -> DecisionTimes:
        """Team ``a``'s or ``b``'s decision times."""
        return self._decision_times[team]

    @cached_property
    def _decision_times(self) -> dict[Team, DecisionTimes]:
        """Both teams' decision times, computed once (the report and the JSON ask twice)."""
        return {team: DecisionTimes.of(
            [t for r in self.results for t in (r.times_a if team == "a" else r.times_b)])
            for team in ("a", "b")}

    def records(self) -> list[HandRecord]:
        """Every hand played, as hand records for PBN: board ``i`` (1-based) in room 1,
        then in room 2, the names at the table saying which team sat where (``A search
        N``).  Boards with no plays recorded (from an older journal) are left out.

        >>> m = run_match("random", "classical", boards=1, seed=3)
        >>> one, two = m.records()
        >>> one.players
        ('A random N', 'B classical E', 'A random S', 'B classical W')
        >>> one.event
        'random v classical, seed 3, room 1'
        >>> a1, a2 = one.replay().tricks_won(Side.NS), two.replay().tricks_won(Side.EW)
        >>> m.results[0].tricks == (a1, a2)
        True
        """
        rules = get_rules(self.variant)
        dummies = table_dummies(rules)
        out: list[HandRecord] = []
        for r in self.results:
            if not (all(r.plays) and r.trump_card):
                continue
            rooms: tuple[tuple[Literal[1, 2], str], ...] = ((1, r.plays[0]), (2, r.plays[1]))
            try:
                stock = parse_pbn_hand(r.stock) if r.stock else 0
                deal = Deal.from_pbn(r.deal, trump_card=r.trump_card, stock=stock)
                for room, plays in rooms:
                    cards = tuple(parse_cards(plays))
                    ruff = r.ruffs[room - 1]
                    extras = [(0, _ruffed(deal, ruff))] if ruff else []
                    out.append(HandRecord(
                        deal,
                        variant=self.variant,
                        plays=cards,
                        events=log_from_plays(deal, cards, extras=extras) if extras else (),
                        board=r.board + 1,
                        players=room_names(self.a, self.b, rules, room),
                        dummies=dummies,
                        event=f"{self.a} v {self.b}, seed {self.seed}, room {room}",
                    ))
            except ValueError as exc:
                raise MatchError(f"board {r.board + 1}: its record cannot be made: {exc}") from None
        return out

    def to_json(self) -> dict[str, Any]:
        """The result as the issue gives it, with the seed, the variant and points' interval."""
        tricks, points = self.tricks, self.points
        return {
            "a": self.a,
            "b": self.b,
            "variant": self.variant,
            "seed": self.seed,
            "boards": self.boards,
            "tricks_per_deal": _round(tricks.mean),
            "ci95": _round_bounds(tricks.bounds),
            "points_per_deal": _round(points.mean),
            "points_ci95": _round_bounds(points.bounds),
            "decision_ms": {
                "a": self.decision_times("a").to_json(),
                "b": self.decision_times("b").to_json(),
            },
        }


def _round(x: float) -> float:
    return round(x, 4) + 0.0  # + 0.0: no "-0.0"


def _round_bounds(bounds: list[float] | None) -> list[float] | None:
    return None if bounds is None else [_round(x) for x in bounds]


def run_match(
    a: str,
    b: str,
    *,
    boards: int,
    seed: int = 1,
    variant: str = "short",
    workers: int = 1,
    ray_address: str | None = None,
    progress: Callable[[int], None] | None = None,
    journal: Path | str | None = None,
) -> MatchResult:
    """Play a duplicate match of ``boards`` deals between the kinds ``a`` and ``b``.

    ``workers`` processes play chunks of boards (1: in this process), or Ray at
    ``ray_address``; ``progress(k)`` is told the number of boards finished.
    With ``journal`` (a JSON-lines file, :mod:`.journal`) the boards already in it
    are taken from it, and every chunk is appended to it as it ends, so that an
    interrupted match resumes where it stopped.
    Unknown player kinds and variants raise ``ValueError`` subclasses before any
    board is played.  While the workers of a command's pool are being forked ahead
    (:func:`~cavendish.match.parallel.forking_ahead`), this process plays the last
    boards itself, one at a time; where a board is played changes nothing in it.
    """
    if boards < 1:
        raise MatchError(f"boards must be at least 1, not {boards}")
    if workers < 1:
        raise MatchError(f"workers must be at least 1, not {workers}")
    rules = get_rules(variant)
    spec = MatchSpec(PlayerSpec.named(a), PlayerSpec.named(b), rules.name, seed)
    kept: list[BoardResult] = []
    path = None if journal is None else Path(journal)
    if path is not None:
        from .journal import MatchHeader, append, load

        header = MatchHeader(a, b, rules.name, seed)
        kept = [r for r in load(path, header) if r.board < boards]
    have = {r.board for r in kept}
    todo = [i for i in range(boards) if i not in have]
    parallel = ray_address is not None or workers > 1
    done = len(kept)
    if progress is not None and done:
        progress(done)

    def finished(_: int, chunk: list[BoardResult]) -> None:
        nonlocal done
        if path is not None:
            append(path, header, chunk)
        done += len(chunk)
        if progress is not None:
            progress(done)

    played: list[BoardResult] = []
    if ray_address is None and forking_ahead():
        # the command's workers are starting (the fork server importing on the other
        # core): the last boards are played here meanwhile, one at a time, the
        # interpreter's lock handed over often to the thread that starts them; a
        # board a worker is left to the pool whatever the wait
        switch = sys.getswitchinterval()
        sys.setswitchinterval(0.0005)
        try:
            while len(todo) > workers and forking_ahead():
                played += run_tasks(play_boards, [(spec, todo[-1:])], workers=1,
                                    on_done=finished)[0]
                todo.pop()
        finally:
            sys.setswitchinterval(switch)
    n = len(todo)
    n_chunks = n if not parallel else min(n, max(workers * 8, math.ceil(n / 25)))
    tasks: list[tuple[MatchSpec, Sequence[int]]] = [
        (spec, todo[r.start : r.stop]) for r in chunk_ranges(n, max(1, n_chunks))
    ]
    chunks = run_tasks(  # a board is the same wherever it is played: the parent helps
        play_boards, tasks, workers=workers, ray_address=ray_address, on_done=finished,
        parent_helps=True,
    )
    played += [r for chunk in chunks for r in chunk]
    results = tuple(sorted(kept + played, key=lambda r: r.board))
    return MatchResult(a, b, rules.name, seed, results)
