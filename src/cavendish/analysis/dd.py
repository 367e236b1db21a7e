"""Double-dummy analysis for whist: our layer over DDS (through endplay), with a fallback.

Design note
-----------
Whist always has a trump suit (the suit of the card turned up) and no declarer;
the *side to play* is the seat on turn and its partner.  Every function here
takes or builds a :class:`~cavendish.analysis.position.Position`: the cards each
seat still holds (our 52-bit masks, N E S W), the trump suit, the seat that led
the current trick and the cards already played to it (not in the hands).

* :func:`solve` / :func:`solve_state` score every legal card of the player to
  play (:class:`~cavendish.analysis.position.DDResult`): the tricks his side
  takes from here to the end, the current trick included.
* :func:`solve_many` does the same for many positions, in DDS's multi-threaded
  batch call where DDS is the engine.
* :func:`dd_table` is the 4 x 4 table: for each trump suit and each first player,
  the tricks of the first player's side.

Engines.  ``"endplay"`` calls DDS's ``SolveBoard`` (``solutions=3``: every card
scored) through endplay's ctypes binding; the position is written straight from
our suit masks into DDS's ``deal`` struct (DDS's rank bits are our 13 bits
shifted left by two), so our layer adds only microseconds to a DDS call.
``"python"`` is :mod:`cavendish.analysis.minimax`: exact, slow, for endings of
a few cards.  The engine is endplay when it imports, else Python; the variable
``CAVENDISH_DD_ENGINE=python|endplay`` forces one, and :func:`set_engine` (or
assigning the module's ``ENGINE``) switches at run time.

Small positions.  A position of at most :data:`COMPILED_CARDS` cards in the hand
to play is solved by our compiled exact solver (:mod:`._endgame`, ``_endgame.c``:
alpha-beta on null windows with a table of bounds shared by positions alike but for
their small cards (partition search), built with the package), not by DDS: DDS
spends some 0.2 ms setting up any board, more than the whole search of a small one.
The limit is the largest size at which the compiled solver takes less CPU than
DDS (all its threads counted) on the search players' positions (see
``cavendish.bench.dd``'s ``dd-search`` lines).  :func:`solve_many` sends all its
small positions in one call (the worlds of a decision share the solver's table).
Exact values are unique, so the scores, the best card and the line are DDS's.
This is part of the ``"endplay"`` engine only: the ``"python"`` engine stays pure
Python, the reference the tests hold the others to.  Where the extension was not
built, DDS solves everything.

Results are kept in a bounded LRU cache keyed by the position (the four hands,
trump, leader and the cards of the trick in progress).  A result's ``line`` is
built on first use by repeatedly playing a best card (the lowest-ranked of the
best, see :func:`~cavendish.analysis.position.best_card`) and solving the next
position; there DDS is asked only for its optimal cards (``solutions=2``), and
forced plays are not solved at all.  :func:`swap_cache` puts another store in the
cache's place, for a caller that times players apart.

>>> from cavendish.core.cards import hand_mask
>>> hands = [hand_mask(h) for h in (["SA", "SQ"], ["H2", "H3"], ["S2", "S3"], ["SK", "S4"])]
>>> r = solve(hands, Suit.C, Seat.S)
>>> r.to_play, r.best, r.tricks[Card.parse("S2")]
(<Seat.S: 2>, 2, 2)
>>> [str(c) for c in r.line]
['S2', 'S4', 'SQ', 'H2', 'SA', 'H3', 'S3', 'SK']
>>> solve(hands, Suit.C, Seat.N).tricks
{Card('SQ'): 1, Card('SA'): 1}
"""

from __future__ import annotations

import ctypes
import importlib.machinery
import importlib.util
import os
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, Final

from ..core.cards import CARDS, Card, Seat, Suit
from ..core.deal import Deal
from ..core.errors import SettingsError
from . import minimax
from .position import DDResult, Position, PositionError, best_card, build_line

_endgame: Any
try:
    from . import _endgame
except ImportError:  # not built (no C compiler where it was installed): DDS solves all
    _endgame = None

__all__ = [
    "CACHE_SIZE",
    "COMPILED_CARDS",
    "ENGINE",
    "ENGINES",
    "DDResult",
    "EngineUnavailable",
    "PositionError",
    "cache_clear",
    "cache_info",
    "dd_table",
    "dds_loaded",
    "dds_threads",
    "endplay_available",
    "get_engine",
    "get_threads",
    "set_cache_size",
    "set_compiled_cards",
    "set_engine",
    "set_threads",
    "solve",
    "solve_many",
    "solve_position",
    "solve_state",
    "swap_cache",
]

ENGINES: Final = ("endplay", "python")
ENV_VAR: Final = "CAVENDISH_DD_ENGINE"


class EngineUnavailable(SettingsError):
    """The double-dummy engine asked for cannot be used here."""


class _LazyDDS:
    """endplay's DDS binding, loaded on first use (:func:`_load_binding`), which
    commands and pool workers that never solve a position should not pay for."""

    def __getattr__(self, name: str) -> Any:
        dds = _load_binding()

        for attr in ("deal", "futureTricks", "SolveBoard", "DDSError", "boards",
                     "solvedBoards", "SolveAllBoardsBin", "ddTableDeal", "ddTableResults",
                     "CalcDDtable"):
            setattr(self, attr, getattr(dds, attr))
        return getattr(dds, name)


_dds: Any = _LazyDDS() if importlib.util.find_spec("endplay") is not None else None
_BINDING: Final = "endplay._dds"
_binding_lock = threading.Lock()


def _load_binding() -> Any:
    """endplay's DDS binding (``endplay._dds``, a ctypes wrapper of DDS) loaded alone,
    with the thread limit of :func:`set_threads` given to DDS before any solve.

    Importing endplay's package first, as ``import endplay._dds`` does, runs its
    ``__init__``, which imports its dealer, numpy and matplotlib: some 0.6 s of CPU
    and numpy's BLAS threads in every process that solves, against 0.04 s for the
    binding, which needs none of them.  A later ``import endplay`` finds the binding
    loaded and uses it (one DDS in the process)."""
    global _applied
    with _binding_lock:
        binding = sys.modules.get(_BINDING)
        if binding is None:
            package = importlib.util.find_spec("endplay")
            locations = package.submodule_search_locations if package else None
            spec = importlib.machinery.PathFinder.find_spec(_BINDING, locations)
            if spec is None or spec.loader is None:
                raise ImportError(f"endplay is installed but its DDS binding {_BINDING} is not")
            binding = importlib.util.module_from_spec(spec)
            sys.modules[_BINDING] = binding
            try:
                spec.loader.exec_module(binding)
            except BaseException:
                del sys.modules[_BINDING]
                raise
            _applied = 0  # the binding gives DDS its own choice as it loads
        _apply_threads(binding)
    return binding


def dds_loaded() -> bool:
    """Whether DDS is loaded in this process (a solve, or :func:`dds_threads`, loads
    it; :func:`set_threads` waits for it)."""
    if isinstance(_dds, _LazyDDS):
        return _BINDING in sys.modules
    return _dds is not None


def endplay_available() -> bool:
    """Whether endplay (and so DDS) could be imported."""
    return _dds is not None


def _engine_from_env() -> str:
    forced = os.environ.get(ENV_VAR, "").strip().lower()
    if forced in ("", "auto"):
        return "endplay" if _dds is not None else "python"
    if forced not in ENGINES:
        raise EngineUnavailable(
            f"{ENV_VAR}={forced!r}: expected one of {', '.join(ENGINES)} (or unset)"
        )
    if forced == "endplay" and _dds is None:
        raise EngineUnavailable(f"{ENV_VAR}=endplay, but endplay (DDS) cannot be imported")
    return forced


ENGINE: str = _engine_from_env()
"""The engine in use: ``"endplay"`` or ``"python"``."""


def get_engine() -> str:
    """The engine in use."""
    return ENGINE


def set_engine(name: str | None = None) -> str:
    """Switch engine (``None``: back to the default from the environment); clears the cache.

    >>> previous = set_engine("python")
    >>> get_engine()
    'python'
    >>> _ = set_engine(previous)
    """
    global ENGINE
    if name is None:
        new = _engine_from_env()
    else:
        key = name.strip().lower()
        if key not in ENGINES:
            raise EngineUnavailable(
                f"unknown engine {name!r}: expected one of {', '.join(ENGINES)}"
            )
        if key == "endplay" and _dds is None:
            raise EngineUnavailable("engine 'endplay': endplay (DDS) cannot be imported")
        new = key
    previous = ENGINE
    ENGINE = new
    cache_clear()
    return previous


def set_threads(threads: int) -> None:
    """Let DDS run at most ``threads`` solver threads (0: DDS's own choice, a thread
    per core), through endplay's ``SetMaxThreads``; nothing to do for the Python
    engine.  A pool of K worker processes on C cores gives each ``C // K`` (at least
    one), so that workers times solver threads never exceed the cores.  Setting
    the number DDS already has does not call DDS again (each call reallocates its
    memory, some milliseconds: a Ray task sets it for every batch of boards).
    Before DDS is loaded the number is kept, and given to DDS as it loads (a pool
    worker that never solves does not load DDS for it).

    >>> set_threads(0)
    >>> set_threads(-1)
    Traceback (most recent call last):
    ...
    ValueError: DDS threads must be 0 (DDS's choice) or more, not -1
    """
    global _threads
    if threads < 0:
        raise ValueError(f"DDS threads must be 0 (DDS's choice) or more, not {threads}")
    _threads = threads
    if dds_loaded():
        _apply_threads(_dds)


def _apply_threads(binding: Any) -> None:
    """Give DDS the threads of :func:`set_threads` if it has another number."""
    global _applied
    if _applied != _threads:
        previous, _applied = _applied, _threads  # first: a lazy binding's load applies none
        try:
            binding.SetMaxThreads(_threads)
        except BaseException:
            _applied = previous
            raise


_threads = 0
_applied: int | None = None
"""The number last given to DDS's ``SetMaxThreads`` by :func:`set_threads` (None: never)."""


def get_threads() -> int:
    """The DDS threads set by :func:`set_threads` in this process (0: DDS's choice)."""
    return _threads


class _DDSInfo(ctypes.Structure):
    """DDS 2.9's ``DDSInfo`` (endplay's copy of it stops before ``numCores`` and is
    too short: DDS would write past its end)."""

    _fields_ = [
        ("major", ctypes.c_int),
        ("minor", ctypes.c_int),
        ("patch", ctypes.c_int),
        ("versionString", ctypes.c_char * 10),
        ("system", ctypes.c_int),
        ("numBits", ctypes.c_int),
        ("compiler", ctypes.c_int),
        ("constructor", ctypes.c_int),
        ("numCores", ctypes.c_int),
        ("threading", ctypes.c_int),
        ("noOfThreads", ctypes.c_int),
        ("threadSizes", ctypes.c_char * 128),
        ("systemString", ctypes.c_char * 1024),
        ("_spare", ctypes.c_char * 4096),  # room for a later DDS's longer struct
    ]


def dds_threads() -> int | None:
    """The solver threads DDS itself is set up for in this process now, as DDS reports
    them (``GetDDSInfo``): the proof that :func:`set_threads` reached DDS, the
    smaller of the number asked for and the cores.  None without DDS (or a DDS
    older than 2.9, whose report is laid out otherwise).

    >>> n = dds_threads()
    >>> n is None or 1 <= n <= (os.cpu_count() or 1)
    True
    """
    if _dds is None:
        return None
    info = _DDSInfo()
    _dds._dll.GetDDSInfo(ctypes.byref(info))  # loads DDS (with its limit) if need be
    if (info.major, info.minor) < (2, 9):
        return None
    return int(info.noOfThreads)


# --------------------------------------------------------------------- cache
CACHE_SIZE: int = 4096
"""Most results kept by the LRU cache (0 disables it)."""

_cache: dict[tuple[Any, ...], DDResult] = {}
_cache_engine = ENGINE
_hits = 0
_misses = 0


def _key(pos: Position) -> tuple[Any, ...]:
    # Suit, Seat and Card are ints (equal and hashed alike): no conversion needed
    return (pos.hands, pos.trump, pos.leader, tuple(pos.played))


def _cache_get(key: tuple[Any, ...]) -> DDResult | None:
    global _hits, _misses, _cache_engine
    if _cache_engine != ENGINE:  # ENGINE assigned directly: results of another engine
        _cache.clear()
        _cache_engine = ENGINE
    got = _cache.pop(key, None)
    if got is None:
        _misses += 1
        return None
    _cache[key] = got  # most recent last
    _hits += 1
    return got


def _cache_put(key: tuple[Any, ...], result: DDResult) -> None:
    if CACHE_SIZE <= 0:
        return
    _cache[key] = result
    while len(_cache) > CACHE_SIZE:
        del _cache[next(iter(_cache))]


def cache_clear() -> None:
    """Forget every cached result (and the statistics)."""
    global _hits, _misses, _cache_engine
    _cache.clear()
    _hits = _misses = 0
    _cache_engine = ENGINE


def swap_cache(store: dict[tuple[Any, ...], DDResult]) -> dict[tuple[Any, ...], DDResult]:
    """Put ``store`` in place of the result cache and return the cache it replaces: a
    caller keeps apart the results of players it times apart (``bench.shadow``).

    >>> mine: dict[tuple[Any, ...], DDResult] = {}
    >>> theirs = swap_cache(mine)
    >>> swap_cache(theirs) is mine
    True
    """
    global _cache
    previous, _cache = _cache, store
    return previous


def cache_info() -> dict[str, int]:
    """Hits, misses, current and maximum size of the result cache."""
    return {"hits": _hits, "misses": _misses, "size": len(_cache), "maxsize": CACHE_SIZE}


def set_cache_size(size: int) -> int:
    """Bound the cache to ``size`` results (0 disables it); returns the previous bound."""
    global CACHE_SIZE
    if size < 0:
        raise ValueError(f"cache size {size}: must be 0 or more")
    previous = CACHE_SIZE
    CACHE_SIZE = size
    while len(_cache) > size:
        del _cache[next(iter(_cache))]
    return previous


# ------------------------------------------------------------- DDS (endplay)
_lock = threading.Lock()  # DDS's thread 0 memory is shared: one call at a time
_MAXNOOFBOARDS: Final = 200


def _fill(dl: Any, pos: Position) -> None:
    """Write ``pos`` into a DDS ``deal`` struct (ranks: bit r+2 for our rank index r)."""
    dl.trump = pos.trump
    dl.first = pos.leader
    rc = dl.remainCards
    for h, m in enumerate(pos.hands):
        row = rc[h]
        row[0] = (m << 2) & 0x7FFC
        row[1] = (m >> 11) & 0x7FFC
        row[2] = (m >> 24) & 0x7FFC
        row[3] = (m >> 37) & 0x7FFC
    suits = dl.currentTrickSuit
    ranks = dl.currentTrickRank
    played = pos.played
    for i in range(3):
        if i < len(played):
            c = played[i]
            suits[i] = c // 13
            ranks[i] = c % 13 + 2
        else:
            suits[i] = 0
            ranks[i] = 0


def _read(fut: Any) -> dict[Card, int]:
    """Every card of a DDS ``futureTricks`` with its score (card groups expanded)."""
    out: dict[Card, int] = {}
    suits = fut.suit
    ranks = fut.rank
    equals = fut.equals
    scores = fut.score
    for i in range(fut.cards):
        holding = ((1 << ranks[i]) | equals[i]) >> 2
        base = 13 * suits[i]
        score = scores[i]
        while holding:
            low = holding & -holding
            out[CARDS[base + low.bit_length() - 1]] = score
            holding ^= low
    return dict(sorted(out.items()))


def _dds_call(pos: Position, target: int, solutions: int) -> dict[Card, int]:
    assert _dds is not None
    dl = _dds.deal()
    _fill(dl, pos)
    fut = _dds.futureTricks()
    with _lock:
        try:
            _dds.SolveBoard(dl, target, solutions, 1, fut, 0)
        except _dds.DDSError as exc:
            raise PositionError(f"DDS refused the position {pos}: {exc}") from None
    return _read(fut)


# ------------------------------------------------- small positions, compiled
COMPILED_CARDS: int = 8
"""The ``"endplay"`` engine solves a position with at most this many cards in the
hand to play with the compiled solver (0: DDS solves every position).  Eight: on the
search players' positions (``python -m cavendish.bench.dd --only search``) the
compiled solver took 437 CPU microseconds a position at 8 cards a hand where DDS
took 657 (load 2 on two cores); at 9 they tie."""


def set_compiled_cards(cards: int) -> int:
    """Solve positions of at most ``cards`` cards a hand with the compiled solver (0:
    none; the results are the same, only the time differs); returns the previous limit.

    >>> previous = set_compiled_cards(0)
    >>> solve([1 << 12, 1 << 11, 1 << 25, 1 << 24], "S", "N").tricks  # by DDS
    {Card('SA'): 1}
    >>> set_compiled_cards(previous)
    0
    >>> set_compiled_cards(-1)
    Traceback (most recent call last):
    ...
    ValueError: compiled cards -1: must be 0 or more
    """
    global COMPILED_CARDS
    if cards < 0:
        raise ValueError(f"compiled cards {cards}: must be 0 or more")
    previous = COMPILED_CARDS
    COMPILED_CARDS = cards
    return previous


def _small(pos: Position) -> bool:
    """Whether the compiled solver takes ``pos`` (built, and small enough)."""
    return _endgame is not None and pos.tricks_left <= COMPILED_CARDS


def _compiled_call(pos: Position) -> dict[Card, int]:
    """Every legal card of ``pos`` scored by the compiled solver, in card order."""
    try:
        got = _endgame.score(
            pos.hands, int(pos.leader), tuple(int(c) for c in pos.played), int(pos.trump)
        )
    except ValueError as exc:
        raise PositionError(f"the compiled solver refused the position {pos}: {exc}") from None
    return {CARDS[c]: t for c, t in sorted(got.items())}


def _compiled_each(todo: Sequence[Position]) -> list[dict[Card, int]]:
    """Every legal card of each position scored by the compiled solver, in one call
    (:func:`_endgame.score_each`: no Python between the positions), in card order."""
    try:
        return _endgame.score_each(  # type: ignore[no-any-return]
            [(p.hands, p.leader, p.played, p.trump) for p in todo], CARDS
        )
    except (ValueError, TypeError) as exc:
        for p in todo:
            p.validate()  # the position at fault, named as solve() names it
        raise PositionError(f"the compiled solver refused a position: {exc}") from None


def _dds_best(pos: Position) -> Card:
    """A line's card at ``pos``: the lowest-ranked of the optimal cards (DDS's, or the
    compiled solver's for a small position)."""
    got = _cache_get(_key(pos)) if CACHE_SIZE > 0 else None
    if got is not None:
        return best_card(got.tricks)
    if _small(pos):
        return best_card(_compiled_call(pos))
    return best_card(_dds_call(pos, -1, 2))


def _python_best(pos: Position) -> Card:
    got = _cache_get(_key(pos)) if CACHE_SIZE > 0 else None
    if got is not None:
        return best_card(got.tricks)
    return best_card(minimax.score_position(pos))


def _line(
    pos: Position, best_of: Callable[[Position], Card], tricks: dict[Card, int]
) -> tuple[Card, ...]:
    """A result's line, its first card read off its scores (when the line is asked for:
    the search players never ask)."""
    return build_line(pos, best_of, best_card(tricks))


def _result(pos: Position, tricks: dict[Card, int], engine: str) -> DDResult:
    best_of = _dds_best if engine == "endplay" else _python_best
    # a partial of module-level functions: the result pickles with its line still to come
    return DDResult(pos.to_play, pos.trump, tricks, partial(_line, pos, best_of, tricks))


def _solve_uncached(pos: Position, engine: str) -> DDResult:
    if engine == "endplay":
        if _small(pos):
            return _result(pos, _compiled_call(pos), engine)
        return _result(pos, _dds_call(pos, -1, 3), engine)
    return _result(pos, minimax.score_position(pos), engine)


# ------------------------------------------------------------------ the API
def solve_position(pos: Position, *, use_cache: bool = True) -> DDResult:
    """Solve a :class:`~cavendish.analysis.position.Position` (validated here)."""
    pos.validate()
    if not use_cache or CACHE_SIZE <= 0:
        return _solve_uncached(pos, ENGINE)
    key = _key(pos)
    got = _cache_get(key)
    if got is None:
        got = _solve_uncached(pos, ENGINE)
        _cache_put(key, got)
    return got


def solve(
    hands: Sequence[int],
    trump: Suit | int | str,
    leader: Seat | int | str,
    played: Sequence[Card | int | str] = (),
    *,
    use_cache: bool = True,
) -> DDResult:
    """Score every legal card of the player to play.

    ``hands`` are the four masks N E S W of the cards still held (the cards of the
    current trick are *not* in them), ``leader`` the seat that led the current
    trick (or leads it when ``played`` is empty), ``played`` its cards so far.
    Raises :class:`PositionError` for anything that is not a position.
    """
    return solve_position(Position.make(hands, trump, leader, played), use_cache=use_cache)


def solve_state(state: Any, *, use_cache: bool = True) -> DDResult:
    """Solve a :class:`~cavendish.core.state.HandState` where it stands (mid-trick too).

    >>> import random
    >>> from cavendish.core.state import HandState
    >>> from cavendish.core.table import deal_cards
    >>> state = HandState(deal_cards(random.Random(2), Seat.S))
    >>> for _ in range(40):
    ...     _ = state.play(state.legal_cards()[0])
    >>> r = solve_state(state)
    >>> r.to_play == state.turn, set(r.tricks) == set(state.legal_cards())
    (True, True)
    """
    if state.is_over:
        raise PositionError("the hand is over: no card is left to play")
    return solve_position(Position.from_state(state), use_cache=use_cache)


def _as_position(item: Any, *, check: bool = True) -> Position:
    if isinstance(item, Position):
        if check:
            item.validate()
        return item
    if hasattr(item, "current_trick") and hasattr(item, "hand"):
        if item.is_over:
            raise PositionError("the hand is over: no card is left to play")
        pos = Position.from_state(item)
        pos.validate()
        return pos
    if isinstance(item, tuple | list) and len(item) in (3, 4):
        return Position.make(*item)
    raise PositionError(
        f"cannot solve {item!r}: expected a Position, a HandState or "
        "(hands, trump, leader[, played])"
    )


def solve_many(positions: Iterable[Any]) -> list[DDResult]:
    """Solve many positions: each a Position, a HandState or ``(hands, trump, leader[, played])``.

    With DDS the positions not in the cache go to ``SolveAllBoardsBin`` (all
    cores) in batches of 200, but for the small ones (:data:`COMPILED_CARDS`),
    solved by the compiled solver first, all in one call; the results are in the
    order asked.

    >>> from cavendish.core.cards import hand_mask
    >>> hands = [hand_mask(h) for h in (["SA"], ["SK"], ["HA"], ["HK"])]
    >>> [r.best for r in solve_many([(hands, "S", "N"), (hands, "H", "N"), (hands, "H", "E")])]
    [1, 1, 0]
    """
    # a Position is validated below where it goes to DDS or Python; the compiled solver
    # checks its own (and names the position at fault through Position.validate)
    todo = [_as_position(p, check=False) for p in positions]
    results: list[DDResult | None] = [None] * len(todo)
    missing: dict[tuple[Any, ...], list[int]] = {}
    for i, pos in enumerate(todo):
        key = _key(pos)
        got = _cache_get(key) if CACHE_SIZE > 0 else None
        if got is not None:
            results[i] = got
        else:
            missing.setdefault(key, []).append(i)
    engine = ENGINE

    def store(key: tuple[Any, ...], result: DDResult) -> None:
        _cache_put(key, result)
        for i in missing[key]:
            results[i] = result

    batch: list[tuple[Any, ...]] = []  # DDS's batch call
    small: list[tuple[Any, ...]] = []  # the compiled solver's, in one call
    for key in missing:
        pos = todo[missing[key][0]]
        if engine == "endplay" and _small(pos):
            small.append(key)
            continue
        pos.validate()
        if engine == "endplay":
            batch.append(key)
        else:  # the Python engine's, one by one
            store(key, _solve_uncached(pos, engine))
    if small:
        scored = _compiled_each([todo[missing[key][0]] for key in small])
        for key, tricks in zip(small, scored, strict=True):
            store(key, _result(todo[missing[key][0]], tricks, engine))
    if batch:
        assert _dds is not None
        for start in range(0, len(batch), _MAXNOOFBOARDS):
            chunk = batch[start : start + _MAXNOOFBOARDS]
            bop = _dds.boards()
            bop.noOfBoards = len(chunk)
            for j, key in enumerate(chunk):
                _fill(bop.deals[j], todo[missing[key][0]])
                bop.target[j] = -1
                bop.solutions[j] = 3
                bop.mode[j] = 1
            solved = _dds.solvedBoards()
            with _lock:
                try:
                    _dds.SolveAllBoardsBin(bop, solved)
                except _dds.DDSError as exc:
                    raise PositionError(f"DDS refused a position: {exc}") from None
            for j, key in enumerate(chunk):
                store(key, _result(todo[missing[key][0]], _read(solved.solvedBoard[j]), engine))
    return [r for r in results if r is not None]


def _table_hands(deal_or_hands: Any) -> tuple[int, int, int, int]:
    if isinstance(deal_or_hands, Deal):
        return deal_or_hands.hands
    if hasattr(deal_or_hands, "current_trick") and hasattr(deal_or_hands, "hand"):
        if deal_or_hands.current_trick:
            raise PositionError("dd_table: a trick is in progress; a table starts with a lead")
        h = [deal_or_hands.hand(s) for s in Seat]
        return (h[0], h[1], h[2], h[3])
    try:
        h = list(deal_or_hands)
    except TypeError:
        raise PositionError(
            f"dd_table: {deal_or_hands!r} is neither a deal nor four hands"
        ) from None
    if len(h) != 4:
        raise PositionError("dd_table: expected four masks of cards, for N, E, S and W")
    return (h[0], h[1], h[2], h[3])


def dd_table(deal_or_hands: Any) -> dict[tuple[Suit, Seat], int]:
    """The 4 x 4 double-dummy table of a deal (or four equal hands, or a HandState between tricks).

    ``table[(trump, first)]`` is the number of tricks the side of ``first`` (the
    player who leads) takes with ``trump`` as trumps.  DDS's ``CalcDDtable``
    gives tricks for a declarer whose left-hand opponent leads, counted as if
    the declarer had won every trick already gone (so out of 13 in an ending
    too); for a first player ``f`` that declarer is ``f.right`` and the entry is
    13 minus DDS's.  With one card a hand ``CalcDDtable`` is wrong (its
    last-trick shortcut ignores who leads), so there each cell is solved alone.

    >>> from cavendish.core.cards import hand_mask
    >>> t = dd_table([hand_mask(h) for h in (["SA"], ["SK"], ["HA"], ["HK"])])
    >>> t[(Suit.S, Seat.N)], t[(Suit.S, Seat.E)], t[(Suit.H, Seat.S)], t[(Suit.C, Seat.W)]
    (1, 0, 1, 0)
    """
    hands = _table_hands(deal_or_hands)
    Position.make(hands, Suit.S, Seat.N).validate()
    if ENGINE != "endplay":
        return minimax.dd_table(hands)
    if hands[0].bit_count() == 1:
        return {
            (suit, seat): _solve_uncached(Position(hands, suit, seat, ()), ENGINE).best
            for suit in Suit
            for seat in Seat
        }
    assert _dds is not None
    table_deal = _dds.ddTableDeal()
    for h, m in enumerate(hands):
        row = table_deal.cards[h]
        row[0] = (m << 2) & 0x7FFC
        row[1] = (m >> 11) & 0x7FFC
        row[2] = (m >> 24) & 0x7FFC
        row[3] = (m >> 37) & 0x7FFC
    res = _dds.ddTableResults()
    with _lock:
        try:
            _dds.CalcDDtable(table_deal, res)
        except _dds.DDSError as exc:
            raise PositionError(f"DDS refused the deal: {exc}") from None
    out: dict[tuple[Suit, Seat], int] = {}
    for suit in Suit:
        for seat in Seat:
            out[(suit, seat)] = 13 - res.resTable[suit][seat.right]
    return out
