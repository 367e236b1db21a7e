"""The last tricks counted exactly: a small double-dummy solver for short endings.

Design note
-----------
When the classical player counts the last :data:`~.counting.LAST_TRICKS` tricks
(:mod:`.counting`), every layout it considers is an ending of at most four cards
a hand.  A general double-dummy solve (DDS through endplay) of such an ending
costs about a quarter of a millisecond of CPU whatever its size, most of it DDS's
set-up of each board, though a short ending has only tens of nodes.
:class:`Ending` solves it in Python, faster than DDS up to about thirteen cards in
the hands (:data:`~.counting.PYTHON_CARDS`):

* alpha-beta on the tricks the leader's side takes from the start of a trick,
  one function call a trick (its four cards are nested loops, each with its own
  window), so the call overhead is paid once a trick and not once a card;
* a transposition table at the start of each trick, holding bounds, keyed by the
  leader and the *shape* of the position: the suit and the holder of each live
  card, highest first (ranks matter only in their order among the live cards), so
  that positions alike but for the ranks of cards gone share it; it lives as long
  as the object, so the layouts of one count, the counts of one hand and the hands
  of a match reuse it;
* two cards a hand: the lines are read off without a search (at most sixteen),
  and the value is remembered by shape;
* the last trick is not searched: each hand has one card, the winner is read off;
* a card is tried once for its run: the cards of one hand next to each other
  among the cards still live in their suit (the current trick's included) take
  the same tricks, so only the highest of each run is searched, and the root
  gives the run's value to each of its cards.

The result is exact, so it is DDS's for every card (the tests check it against
:mod:`cavendish.analysis.dd`), and the classical player's cards do not change.

:func:`solve` is the entry the count uses: the same search compiled
(``analysis/_endgame.c``, built with the package, shared with the DD layer; tens of
times faster than this class and than DDS on these endings, about 0.01 ms a layout
of three tricks and 0.03 of four),
or :class:`Ending` where it was not built.  Exact values are unique, so either gives
the same tricks for every card.

>>> from cavendish.core.cards import Card, hand_mask
>>> hands = (hand_mask(["SA", "SQ"]), hand_mask(["H2", "H3"]),
...          hand_mask(["S2", "S3"]), hand_mask(["SK", "S4"]))
>>> clubs = Ending(3)
>>> [(str(Card(c)), t) for c, t in clubs.score(hands, 2, ()).items()]  # South leads
[('S2', 2), ('S3', 2)]
>>> [(str(Card(c)), t) for c, t in clubs.score(hands, 0, ()).items()]  # North leads
[('SQ', 1), ('SA', 1)]
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["COMPILED", "TT_LIMIT", "Ending", "solve", "solve_many"]

_Hands = tuple[int, int, int, int]
_compiled: Callable[[_Hands, int, tuple[int, ...], int], dict[int, int]] | None
_compiled_many: Callable[[list[_Hands], int, tuple[int, ...], int], list[dict[int, int]]] | None
try:
    from ...analysis._endgame import score as _compiled
    from ...analysis._endgame import score_many as _compiled_many
except ImportError:  # not built (no C compiler where it was installed)
    _compiled = _compiled_many = None

COMPILED: bool = _compiled is not None
"""Whether the compiled solver was built (else :func:`solve` runs :class:`Ending`)."""

TT_LIMIT = 100_000
"""Entries each table (bounds, two-card values) may hold before it is cleared: some
ten megabytes a table at most, four trumps."""

_RUNS: dict[int, tuple[tuple[int, int], ...]] = {}
"""(own << 13 | live) of one suit -> its runs, highest first: (top rank, run mask)."""


def _runs(own: int, live: int) -> tuple[tuple[int, int], ...]:
    out: list[tuple[int, int]] = []
    top = -1
    run = 0
    for r in range(12, -1, -1):
        if live >> r & 1:
            if own >> r & 1:
                if not run:
                    top = r
                run |= 1 << r
            elif run:
                out.append((top, run))
                run = 0
    if run:
        out.append((top, run))
    return tuple(out)


def _moves(hand: int, led: int, live: int) -> list[tuple[int, int]]:
    """The top card of each run of the cards ``hand`` may play to a trick led in suit
    ``led`` (-1: it leads), runs taken within ``live``, with the run's mask; suit by
    suit from spades, highest run first."""
    if led >= 0:
        shift = 13 * led
        own = hand >> shift & 0x1FFF
        if own:
            key = own << 13 | (live >> shift & 0x1FFF)
            runs = _RUNS.get(key)
            if runs is None:
                runs = _RUNS[key] = _runs(own, live >> shift & 0x1FFF)
            return [(shift + top, run << shift) for top, run in runs]
    out: list[tuple[int, int]] = []
    for s in (3, 2, 1, 0):
        shift = 13 * s
        own = hand >> shift & 0x1FFF
        if own:
            key = own << 13 | (live >> shift & 0x1FFF)
            runs = _RUNS.get(key)
            if runs is None:
                runs = _RUNS[key] = _runs(own, live >> shift & 0x1FFF)
            for top, run in runs:
                out.append((shift + top, run << shift))
    return out


def _beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` takes the trick from ``best``."""
    if card // 13 == best // 13:
        return card > best
    return card // 13 == trump


def _order(moves: list[tuple[int, int]], best: int, partner_wins: bool, trump: int
           ) -> list[tuple[int, int]]:
    """A follower's moves, most promising first: low when partner is winning, else the
    cheapest card that wins the trick, then the low cards."""
    if len(moves) <= 1:
        return moves
    suit = moves[0][0] // 13
    if moves[-1][0] // 13 == suit:  # one suit, highest first: turn it round
        low_first = moves[::-1]
        if partner_wins or suit != best // 13:
            return low_first  # every card wins (a ruff) or none does (a discard) alike
        k = 0
        while low_first[k][0] < best:
            k += 1
            if k == len(low_first):
                return low_first
        return low_first[k:] + low_first[:k]
    if partner_wins:
        return sorted(moves, key=lambda m: m[0] % 13)
    return sorted(moves, key=lambda m: (not _beats(m[0], best, trump), m[0] % 13))


def _two_legal(c0: int, c1: int, led: int) -> tuple[tuple[int, int], ...]:
    """A two-card hand's plays to a trick led in ``led``: each card with the other."""
    f0 = c0 // 13 == led
    if f0 != (c1 // 13 == led):
        return ((c0, c1),) if f0 else ((c1, c0),)
    return ((c0, c1), (c1, c0))


class Ending:
    """An exact solver of short endings for one trump suit (see the module's note).

    Hands are 52-bit masks N E S W; seats and cards are plain ints (a card is
    ``13 * suit + rank``).
    """

    __slots__ = ("trump", "tt", "twos")

    def __init__(self, trump: int) -> None:
        self.trump = int(trump)
        self.tt: dict[int, tuple[int, int]] = {}
        self.twos: dict[int, int] = {}
        """Exact values of two-card endings (transpositions reach them often)."""

    def score(
        self, hands: tuple[int, int, int, int], leader: int, played: tuple[int, ...]
    ) -> dict[int, int]:
        """Tricks for the side to play, from here (the current trick included), for
        each legal card of the seat on turn, by card: the cards of ``played`` are on
        the table, led by ``leader``, and no longer in ``hands``."""
        h = list(hands)
        trick = list(played)
        turn = (leader + len(trick)) & 3
        n = h[leader].bit_count() + (1 if trick else 0)  # tricks left, this one included
        live = h[0] | h[1] | h[2] | h[3]
        for c in trick:
            live |= 1 << c
        out: dict[int, int] = {}
        for card, group in _moves(h[turn], trick[0] // 13 if trick else -1, live):
            h[turn] ^= 1 << card
            trick.append(card)
            v = self._rest(h, leader, trick, n, -1, n + 1)  # exact: the full window
            trick.pop()
            h[turn] ^= 1 << card
            mine = v if (turn ^ leader) & 1 == 0 else n - v
            while group:
                low = group & -group
                out[low.bit_length() - 1] = mine
                group ^= low
        return dict(sorted(out.items()))

    def _rest(
        self, h: list[int], leader: int, trick: list[int], n: int, alpha: int, beta: int
    ) -> int:
        """Tricks of the leader's side (``n`` left, this one included) from a trick
        begun with ``trick`` (the root's: searched a card at a time)."""
        k = len(trick)
        trump = self.trump
        if k == 4:
            best = trick[0]
            at = 0
            for i in (1, 2, 3):
                if _beats(trick[i], best, trump):
                    best, at = trick[i], i
            winner = (leader + at) & 3
            rest = n - 1
            if not rest:
                return 1 - (at & 1)
            if at & 1:
                return rest - self._start(h, winner, rest - beta, rest - alpha)
            return 1 + self._start(h, winner, alpha - 1, beta - 1)
        turn = (leader + k) & 3
        live = h[0] | h[1] | h[2] | h[3]
        for c in trick:
            live |= 1 << c
        maximise = (turn ^ leader) & 1 == 0
        best_v = -1 if maximise else 99
        for card, _ in _moves(h[turn], trick[0] // 13, live):
            h[turn] ^= 1 << card
            trick.append(card)
            v = self._rest(h, leader, trick, n, alpha, beta)
            trick.pop()
            h[turn] ^= 1 << card
            if maximise:
                if v > best_v:
                    best_v = v
                    alpha = max(alpha, v)
            elif v < best_v:
                best_v = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best_v

    # ---------------------------------------------------------------- search
    def _start(self, h: list[int], leader: int, alpha: int, beta: int) -> int:
        """Tricks of the leader's side from the start of a trick (``h[leader]`` not
        empty), within the window (``alpha``, ``beta``) as alpha-beta does."""
        n = h[leader].bit_count()
        trump = self.trump
        if n == 1:
            best = h[leader].bit_length() - 1
            at = 0
            for i in (1, 2, 3):
                c = h[(leader + i) & 3].bit_length() - 1
                if _beats(c, best, trump):
                    best, at = c, i
            return 1 - (at & 1)
        # keyed by the shape: each live card's suit and holder, highest first (ranks
        # matter only in their order), so that layouts alike but for the ranks of
        # cards gone share their values
        h0, h1, h2 = h[0], h[1], h[2]
        rest = h0 | h1 | h2 | h[3]
        key = leader
        while rest:
            c = rest.bit_length() - 1
            b = 1 << c
            rest ^= b
            key = key << 4 | (c // 13) << 2 | (0 if h0 & b else 1 if h1 & b else 2 if h2 & b else 3)
        if n == 2:
            two = self.twos.get(key)
            if two is None:
                if len(self.twos) >= TT_LIMIT:
                    self.twos.clear()
                two = self.twos[key] = self._two(h, leader)
            return two
        tt = self.tt
        entry = tt.get(key)
        lo, hi = (0, n) if entry is None else entry
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a = alpha if alpha > lo else lo
        b = beta if beta < hi else hi
        v = self._trick(h, leader, n, a, b)
        if v <= a:
            hi = v
        elif v >= b:
            lo = v
        else:
            lo = hi = v
        if len(tt) >= TT_LIMIT:
            tt.clear()
        tt[key] = (lo, hi)
        return v

    def _two(self, h: list[int], leader: int) -> int:
        """Tricks of the leader's side when each hand holds two cards, exactly: every
        line is read off (at most sixteen), the last trick without a search."""
        trump = self.trump
        seats = (leader, (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3)
        pairs = []
        for s in seats:
            low = h[s] & -h[s]
            pairs.append((low.bit_length() - 1, (h[s] ^ low).bit_length() - 1))
        (a0, a1), (b0, b1), (c0, c1), (d0, d1) = pairs
        best = -1
        for x, xo in ((a1, a0), (a0, a1)):
            led = x // 13
            worst = 99
            for y, yo in _two_legal(b0, b1, led):
                top = -1
                for z, zo in _two_legal(c0, c1, led):
                    low = 99
                    for w, wo in _two_legal(d0, d1, led):
                        # the first trick, then the last from its winner
                        win, at = x, 0
                        for i, c in ((1, y), (2, z), (3, w)):
                            if c // 13 == win // 13:
                                if c > win:
                                    win, at = c, i
                            elif c // 13 == trump:
                                win, at = c, i
                        last = (xo, yo, zo, wo)
                        win2, at2 = last[at], at
                        for i in (1, 2, 3):
                            j = (at + i) & 3
                            c = last[j]
                            if c // 13 == win2 // 13:
                                if c > win2:
                                    win2, at2 = c, j
                            elif c // 13 == trump:
                                win2, at2 = c, j
                        v = 2 - (at & 1) - (at2 & 1)
                        if v < low:
                            low = v
                            if low <= top:
                                break
                    if low > top:
                        top = low
                        if top >= worst:
                            break
                if top < worst:
                    worst = top
                    if worst <= best:
                        break
            if worst > best:
                best = worst
                if best == 2:
                    break
        return best

    def _trick(self, h: list[int], leader: int, n: int, alpha: int, beta: int) -> int:
        """One trick's four cards as nested loops; the value is the leader's side's
        tricks (levels 0 and 2 maximise it, 1 and 3 minimise it)."""
        trump = self.trump
        s0, s1, s2, s3 = leader, (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
        live = h[0] | h[1] | h[2] | h[3]
        rest = n - 1
        v0 = -1
        a0 = alpha
        by_suit: dict[int, tuple[list[tuple[int, int]], ...]] = {}
        moves0 = _moves(h[s0], -1, live)
        moves0.sort(key=lambda m: -(m[0] % 13))
        for c0, _ in moves0:
            b0 = 1 << c0
            h[s0] ^= b0
            led = c0 // 13
            # the followers' runs depend only on the suit led (their hands and the
            # live cards stay as they are until they play)
            follows = by_suit.get(led)
            if follows is None:
                follows = by_suit[led] = (
                    _moves(h[s1], led, live), _moves(h[s2], led, live), _moves(h[s3], led, live)
                )
            moves1, moves2, moves3 = follows
            # second hand: minimises
            v1 = 99
            b1w = beta
            for c1, _ in _order(moves1, c0, False, trump):
                m1 = 1 << c1
                h[s1] ^= m1
                w1 = 1 if _beats(c1, c0, trump) else 0
                best1 = c1 if w1 else c0
                # third hand: maximises
                v2 = -1
                a2 = a0
                for c2, _ in _order(moves2, best1, not w1, trump):
                    m2 = 1 << c2
                    h[s2] ^= m2
                    if _beats(c2, best1, trump):
                        best2, w2 = c2, 2
                    else:
                        best2, w2 = best1, w1
                    # fourth hand: minimises
                    v3 = 99
                    b3 = b1w
                    for c3, _ in _order(moves3, best2, w2 == 1, trump):
                        m3 = 1 << c3
                        h[s3] ^= m3
                        w3 = 3 if _beats(c3, best2, trump) else w2
                        winner = (leader + w3) & 3
                        if w3 & 1:  # the other side takes it and leads
                            sub = self._start(h, winner, rest - b3, rest - a2)
                            v = rest - sub
                        else:
                            v = 1 + self._start(h, winner, a2 - 1, b3 - 1)
                        h[s3] ^= m3
                        if v < v3:
                            v3 = v
                            if v < b3:
                                b3 = v
                                if a2 >= b3:
                                    break
                    h[s2] ^= m2
                    if v3 > v2:
                        v2 = v3
                        if v3 > a2:
                            a2 = v3
                            if a2 >= b1w:
                                break
                h[s1] ^= m1
                if v2 < v1:
                    v1 = v2
                    if v2 < b1w:
                        b1w = v2
                        if a0 >= b1w:
                            break
            h[s0] ^= b0
            if v1 > v0:
                v0 = v1
                if v1 > a0:
                    a0 = v1
                    if a0 >= beta:
                        break
        return v0


_SOLVERS: dict[int, Ending] = {}
"""One Python solver per trump suit, so that its table serves every count."""


def solve(
    hands: tuple[int, int, int, int], leader: int, played: tuple[int, ...], trump: int
) -> dict[int, int]:
    """Tricks for the side to play, from here (the current trick included), for each
    legal card of the seat on turn, by card, as :meth:`Ending.score` gives them: by
    the compiled solver where it was built, else by :class:`Ending`.

    >>> from cavendish.core.cards import Card, hand_mask
    >>> hands = (hand_mask(["SA", "SQ"]), hand_mask(["H2", "H3"]),
    ...          hand_mask(["S2", "S3"]), hand_mask(["SK", "S4"]))
    >>> [(str(Card(c)), t) for c, t in solve(hands, 0, (), 3).items()]  # North leads
    [('SQ', 1), ('SA', 1)]
    """
    if _compiled is not None:
        return _compiled(hands, leader, played, trump)
    solver = _SOLVERS.get(trump)
    if solver is None:
        solver = _SOLVERS[trump] = Ending(trump)
    return solver.score(hands, leader, played)


def solve_many(
    layouts: list[tuple[int, int, int, int]], leader: int, played: tuple[int, ...], trump: int
) -> list[dict[int, int]]:
    """:func:`solve` of each layout, the same trick on the table (one call to the
    compiled solver for them all).

    >>> from cavendish.core.cards import hand_mask
    >>> hands = (hand_mask(["SA", "SQ"]), hand_mask(["H2", "H3"]),
    ...          hand_mask(["S2", "S3"]), hand_mask(["SK", "S4"]))
    >>> solve_many([hands], 0, (), 3) == [solve(hands, 0, (), 3)]
    True
    """
    if _compiled_many is not None:
        return _compiled_many(layouts, leader, played, trump)
    return [solve(lay, leader, played, trump) for lay in layouts]
