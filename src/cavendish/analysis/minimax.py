"""A pure-Python double-dummy solver: alpha-beta over our bitmasks.

Design note
-----------
This is the fallback engine of :mod:`cavendish.analysis.dd` and the referee that
the tests set against DDS.  It is exact and slow: fit for endings of a few cards
a hand, not for a whole deal.

* The search value is the number of tricks North-South take from the current
  position on (the current trick included); N and S maximise, E and W minimise.
  A result for the side to play is converted at the root.
* Alpha-beta, fail-soft, with a transposition table kept only at trick
  boundaries ("trick-level memory"): the key is the four hands and the leader,
  the entry a lower and an upper bound.  One table per trump suit lives as long
  as the solver, so the successive solves of a line reuse it.
* Equivalent cards are searched once: two cards of one suit in one hand are
  equivalent when every card of that suit ranking between them is in the same
  hand or already gone (played to an earlier trick).  Cards on the table in the
  current trick are still live, since they can still win it.
* Move ordering: the leader tries high cards first; a follower whose partner is
  winning plays low; otherwise the lowest card that wins the trick so far comes
  first, then the low cards.

>>> from cavendish.core.cards import hand_mask
>>> # North holds AQ of spades over West's K: the finesse works when South leads
>>> hands = [hand_mask(["SA", "SQ"]), hand_mask(["H2", "H3"]),
...          hand_mask(["S2", "S3"]), hand_mask(["SK", "S4"])]
>>> score_position(Position.make(hands, Suit.C, Seat.S))
{Card('S2'): 2, Card('S3'): 2}
>>> score_position(Position.make(hands, Suit.C, Seat.N))
{Card('SQ'): 1, Card('SA'): 1}
"""

from __future__ import annotations

from functools import partial

from ..core.cards import CARDS, SUIT_MASK, Card, Seat, Suit
from .position import DDResult, Position, best_card, build_line

__all__ = [
    "MinimaxSolver",
    "clear_tables",
    "dd_table",
    "equivalent",
    "score_position",
    "solve_position",
]

_SEATS = tuple(Seat)
_SUITS = tuple(Suit)
_TT_LIMIT = 2_000_000
"""Entries a transposition table may hold before it is cleared."""


def _runs(own: int, live: int) -> tuple[tuple[int, int], ...]:
    """Groups of equivalent ranks in one suit, highest group first.

    ``own`` and ``live`` are 13-bit rank masks (``own`` within ``live``).  Each
    group is ``(lowest bit index, mask of the group)``.
    """
    out: list[tuple[int, int]] = []
    group = 0
    low = -1
    for r in range(12, -1, -1):
        b = 1 << r
        if live & b:
            if own & b:
                group |= b
                low = r
            elif group:
                out.append((low, group))
                group = 0
    if group:
        out.append((low, group))
    return tuple(out)


_RUNS: dict[int, tuple[tuple[int, int], ...]] = {}


def _owner_code(packed: int) -> int:
    """The owners of one suit's live cards, highest first, as an int (2 bits a card).

    ``packed`` holds the suit's four 13-bit holdings, N in the low bits.  Two
    positions whose suits have the same owner sequences (the same cards relative
    to the cards still live) have the same value at the start of a trick.
    """
    code = 1
    for r in range(12, -1, -1):
        for seat in range(4):
            if packed >> (13 * seat + r) & 1:
                code = code << 2 | seat
                break
    return code


_CODES: dict[int, int] = {}


def _groups(own: int, live: int) -> tuple[tuple[int, int], ...]:
    key = own << 13 | live
    got = _RUNS.get(key)
    if got is None:
        got = _RUNS[key] = _runs(own, live)
    return got


def equivalent(cards: int, hand: int, live: int) -> bool:
    """Whether the cards ``cards`` (a mask, within ``hand``) are all equivalent double
    dummy: of one suit, with no ``live`` card of another hand ranking between them
    (cards on the table in the current trick count as live: they can still win it).
    Equivalent cards take the same tricks on every layout.

    >>> from cavendish.core.cards import hand_mask
    >>> hand = hand_mask(["SK", "SQ", "S9"])
    >>> live = hand | hand_mask(["SJ", "S2"])
    >>> equivalent(hand_mask(["SK", "SQ"]), hand, live), equivalent(hand, hand, live)
    (True, False)
    """
    suit = (cards & -cards).bit_length() - 1
    suit = suit // 13 if suit >= 0 else 0
    if cards & ~SUIT_MASK[suit]:
        return False
    shift = 13 * suit
    wanted = cards >> shift & 0x1FFF
    groups = _groups(hand >> shift & 0x1FFF, live >> shift & 0x1FFF)
    return any(wanted & ~group == 0 for _, group in groups)


class MinimaxSolver:
    """An alpha-beta solver for one trump suit, with its transposition table."""

    __slots__ = ("nodes", "trump", "tt")

    def __init__(self, trump: Suit | int) -> None:
        self.trump = int(trump)
        self.tt: dict[tuple[int, int, int, int, int], tuple[int, int]] = {}
        """Bounds on N-S tricks, keyed by the suits' owner codes and the leader."""
        self.nodes = 0

    # ----------------------------------------------------------------- moves
    def _moves(
        self, hands: list[int], turn: int, trick: list[int]
    ) -> list[tuple[int, int]]:
        """Representatives of the legal cards of ``turn``, ordered, each with its group mask."""
        hand = hands[turn]
        live_all = hands[0] | hands[1] | hands[2] | hands[3]
        for c in trick:
            live_all |= 1 << c
        legal = hand
        if trick:
            follow = hand & SUIT_MASK[trick[0] // 13]
            if follow:
                legal = follow
        groups: list[tuple[int, int]] = []  # (card, mask of equivalent cards)
        for s in range(4):
            own = (legal >> (13 * s)) & 0x1FFF
            if own:
                live = (live_all >> (13 * s)) & 0x1FFF
                base = 13 * s
                for low, mask in _groups(own, live):
                    groups.append((base + low, mask << base))
        if len(groups) <= 1:
            return groups
        if not trick:
            groups.sort(key=lambda g: -(g[0] % 13))
            return groups
        # the trick so far: who is winning, with what
        trump = self.trump
        best = trick[0]
        best_i = 0
        for i in range(1, len(trick)):
            c = trick[i]
            if c // 13 == best // 13:
                if c > best:
                    best, best_i = c, i
            elif c // 13 == trump:
                best, best_i = c, i
        k = len(trick)
        if (k - best_i) == 2:  # partner is winning: play low
            groups.sort(key=lambda g: g[0] % 13)
            return groups
        bsuit = best // 13
        winners: list[tuple[int, int]] = []
        losers: list[tuple[int, int]] = []
        for g in groups:
            c = g[0]
            s = c // 13
            if (s == bsuit and c > best) or (s == trump and bsuit != trump):
                winners.append(g)
            else:
                losers.append(g)
        winners.sort(key=lambda g: g[0] % 13)
        losers.sort(key=lambda g: g[0] % 13)
        return winners + losers

    # ---------------------------------------------------------------- search
    def _trick_start(self, hands: list[int], leader: int, alpha: int, beta: int) -> int:
        n = hands[leader].bit_count()
        if n == 0:
            return 0
        h0, h1, h2, h3 = hands
        codes = _CODES
        k0 = (h0 & 0x1FFF) | (h1 & 0x1FFF) << 13 | (h2 & 0x1FFF) << 26 | (h3 & 0x1FFF) << 39
        k1 = (h0 >> 13 & 0x1FFF) | (h1 >> 13 & 0x1FFF) << 13 | (h2 >> 13 & 0x1FFF) << 26 | (
            h3 >> 13 & 0x1FFF
        ) << 39
        k2 = (h0 >> 26 & 0x1FFF) | (h1 >> 26 & 0x1FFF) << 13 | (h2 >> 26 & 0x1FFF) << 26 | (
            h3 >> 26 & 0x1FFF
        ) << 39
        k3 = (h0 >> 39) | (h1 >> 39) << 13 | (h2 >> 39) << 26 | (h3 >> 39) << 39
        c0 = codes.get(k0)
        if c0 is None:
            c0 = codes[k0] = _owner_code(k0)
        c1 = codes.get(k1)
        if c1 is None:
            c1 = codes[k1] = _owner_code(k1)
        c2 = codes.get(k2)
        if c2 is None:
            c2 = codes[k2] = _owner_code(k2)
        c3 = codes.get(k3)
        if c3 is None:
            c3 = codes[k3] = _owner_code(k3)
        key = (c0, c1, c2, c3, leader)
        entry = self.tt.get(key)
        lo, hi = (0, n) if entry is None else entry
        # the bounds cut off before the window is narrowed, so the window stays non-empty
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a = alpha if alpha > lo else lo
        b = beta if beta < hi else hi
        v = self._ply(hands, leader, [], a, b)
        if v <= a:
            hi = v
        elif v >= b:
            lo = v
        else:
            lo = hi = v
        tt = self.tt
        if len(tt) >= _TT_LIMIT:
            tt.clear()
            _CODES.clear()
        tt[key] = (lo, hi)
        return v

    def _after(
        self, hands: list[int], leader: int, trick: list[int], card: int, alpha: int, beta: int
    ) -> int:
        """N-S tricks from here after the seat on turn plays ``card`` (already out of hand)."""
        if len(trick) == 3:
            trump = self.trump
            best = trick[0]
            best_i = 0
            for i, c in enumerate((trick[1], trick[2], card), 1):
                if c // 13 == best // 13:
                    if c > best:
                        best, best_i = c, i
                elif c // 13 == trump:
                    best, best_i = c, i
            winner = (leader + best_i) & 3
            won = 1 - (winner & 1)
            return won + self._trick_start(hands, winner, alpha - won, beta - won)
        trick.append(card)
        v = self._ply(hands, leader, trick, alpha, beta)
        trick.pop()
        return v

    def _ply(self, hands: list[int], leader: int, trick: list[int], alpha: int, beta: int) -> int:
        self.nodes += 1
        turn = (leader + len(trick)) & 3
        maximise = not turn & 1
        best = -1 if maximise else 99
        for card, _ in self._moves(hands, turn, trick):
            bit = 1 << card
            hands[turn] ^= bit
            v = self._after(hands, leader, trick, card, alpha, beta)
            hands[turn] ^= bit
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    # ------------------------------------------------------------------ root
    def score(self, pos: Position) -> dict[Card, int]:
        """Tricks for the side to play, from here, for every legal card (``pos`` valid)."""
        if pos.trump != self.trump:
            raise ValueError(f"this solver is for trump {_SUITS[self.trump]}, not {pos.trump}")
        hands = list(pos.hands)
        leader = int(pos.leader)
        trick = [int(c) for c in pos.played]
        turn = (leader + len(trick)) & 3
        total = hands[turn].bit_count()
        ns = not turn & 1
        out: dict[Card, int] = {}
        for card, group in self._moves(hands, turn, trick):
            bit = 1 << card
            hands[turn] ^= bit
            v = self._after(hands, leader, trick, card, -1, total + 1)
            hands[turn] ^= bit
            mine = v if ns else total - v
            while group:
                low = group & -group
                out[CARDS[low.bit_length() - 1]] = mine
                group ^= low
        return dict(sorted(out.items()))

    def best_card(self, pos: Position) -> Card:
        """The card a line plays at ``pos`` (see :func:`~.position.best_card`)."""
        return best_card(self.score(pos))

    def solve(self, pos: Position) -> DDResult:
        """Score ``pos`` (assumed valid) and return its result, with a lazy line."""
        tricks = self.score(pos)
        return DDResult(
            pos.to_play, pos.trump, tricks, partial(build_line, pos, _best_of, best_card(tricks))
        )


_SOLVERS: dict[int, MinimaxSolver] = {}


def _solver(trump: int) -> MinimaxSolver:
    solver = _SOLVERS.get(trump)
    if solver is None:
        solver = _SOLVERS[trump] = MinimaxSolver(trump)
    return solver


def _best_of(pos: Position) -> Card:
    return best_card(_solver(pos.trump).score(pos))


def clear_tables() -> None:
    """Forget every transposition table (and the memo of suit codes)."""
    _SOLVERS.clear()
    _CODES.clear()
    _RUNS.clear()


def score_position(pos: Position) -> dict[Card, int]:
    """Tricks for the side to play for every legal card of a (valid) position."""
    return _solver(pos.trump).score(pos)


def solve_position(pos: Position) -> DDResult:
    """The :class:`~.position.DDResult` of a (valid) position."""
    return _solver(pos.trump).solve(pos)


def dd_table(hands: tuple[int, int, int, int]) -> dict[tuple[Suit, Seat], int]:
    """For each trump and first player, the tricks of the first player's side (slow).

    >>> from cavendish.core.cards import hand_mask
    >>> t = dd_table((hand_mask(["SA"]), hand_mask(["SK"]), hand_mask(["HA"]), hand_mask(["HK"])))
    >>> t[(Suit.S, Seat.N)], t[(Suit.S, Seat.E)], t[(Suit.H, Seat.E)]
    (1, 0, 0)
    """
    out: dict[tuple[Suit, Seat], int] = {}
    for suit in _SUITS:
        solver = _solver(suit)
        for seat in _SEATS:
            pos = Position(hands, suit, seat, ())
            pos.validate()
            out[(suit, seat)] = max(solver.score(pos).values())
    return out
