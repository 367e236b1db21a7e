"""Alpha-mu over the last tricks: one card for every world at the player's own turns.

Design note
-----------
Plain sampling (:mod:`.pimc`) solves each world as if the player saw every
hand, so in one world it plans to play the queen next and in another the ten,
though at its next turn it cannot tell the two worlds apart: the value of a card
is the mean of plans it could never follow (*strategy fusion*).  Alpha-mu
(Cazenave and Ventos, "The alpha-mu search algorithm for the game of bridge",
2020) repairs this for the searching player: its value of a position is a set
of vectors, one entry per world, each vector what one of its strategies makes in
every world, and only the vectors that no other beats in every world are kept
(a Pareto front).

* At the player's own turn the worlds cannot be told apart (its hand and the
  cards played are the same in all), so a strategy plays one card in all of
  them: the front is the union of the cards' fronts.
* At an adversary's turn the adversary is taken to see the world (as in every
  double-dummy search) and to choose per world: each combination of one vector
  per card gives the vector of the least entry per world (a card it may not play
  in a world does not count there).
* At partner's turn partner is likewise taken to see the world and to choose the
  most per world (only the player's own cards are freed of fusion here: partner
  is modelled as double dummy, as by plain sampling).

Worlds a card played leaves out (it was not in that world's hand) drop out of
the search below it.  An entry counts the tricks the player's side takes from
the position on, so a card's value for a weighting of the worlds is the best
weighted mean over its front.  With no limit on depth this is the exact value of
the game in which the adversaries and partner see every hand and the player sees
its own: ``tests/players/test_search_alphamu.py`` checks it against every pure
strategy of the player enumerated on small endings.  The fronts grow fast, so
:class:`~.strong.SearchPlayer` uses it only over the last few tricks
(``alphamu``).

>>> from cavendish.core.cards import Seat, Suit, hand_mask
>>> from cavendish.analysis.position import Position
>>> w1 = Position((hand_mask(["SA", "S2"]), hand_mask(["SK", "S3"]),
...                hand_mask(["H2", "H3"]), hand_mask(["H4", "H5"])), Suit.C, Seat.N)
>>> values = alphamu_values([w1], [1.0], Seat.N)
>>> {str(c): v for c, v in values.items()}
{'S2': 1.0, 'SA': 1.0}
"""

from __future__ import annotations

from collections.abc import Sequence

from ...analysis.position import Position
from ...core.cards import CARDS, Card, Seat
from ...core.errors import SettingsError
from ...core.tricks import trick_winner

__all__ = ["AlphaMuTooBig", "alphamu_values", "pareto"]

Vector = tuple[int, ...]

_BIG = 1 << 20
"""An entry a card may not reach in a world: never the least, never the most."""


class AlphaMuTooBig(SettingsError):
    """The fronts outgrew the limit the settings give: the search gives up (the caller
    falls back to plain sampling)."""


def pareto(vectors: set[Vector]) -> list[Vector]:
    """The vectors no other beats in every entry (equal vectors kept once).

    >>> sorted(pareto({(1, 0), (0, 1), (0, 0), (1, 1), (1, 1)}))
    [(1, 1)]
    >>> sorted(pareto({(2, 0), (0, 2), (1, 1), (0, 0)}))
    [(0, 2), (1, 1), (2, 0)]
    """
    ordered = sorted(vectors, key=sum, reverse=True)
    kept: list[Vector] = []
    for v in ordered:
        if not any(all(a >= b for a, b in zip(k, v, strict=True)) for k in kept):
            kept.append(v)
    return kept


class _Search:
    def __init__(self, n: int, seat: Seat, limit: int) -> None:
        self.n = n
        self.side = int(seat) & 1
        self.seat = int(seat)
        self.limit = limit

    def front(self, positions: dict[int, Position]) -> list[Vector]:
        """The front of the worlds ``positions`` (index to position; all at one turn)."""
        first = next(iter(positions.values()))
        if first.tricks_left == 0:
            return [(0,) * self.n]
        turn = int(first.to_play)
        moves: dict[int, list[int]] = {}
        for i, pos in positions.items():
            legal = pos.legal_mask()
            while legal:
                low = legal & -legal
                moves.setdefault(low.bit_length() - 1, []).append(i)
                legal ^= low
        children: list[tuple[list[int], list[Vector]]] = []
        for card, worlds in sorted(moves.items()):
            children.append((worlds, self._after(positions, worlds, card)))
        if turn == self.seat:
            out: set[Vector] = set()
            for _, f in children:
                out.update(f)
            return self._checked(pareto(out))
        mine = (turn & 1) == self.side
        fill = -_BIG if mine else _BIG
        acc: list[Vector] | None = None
        for worlds, f in children:
            padded = [self._padded(v, worlds, positions, fill) for v in f]
            if acc is None:
                acc = padded
                continue
            pick = max if mine else min
            acc = self._checked(pareto({tuple(pick(a, b) for a, b in zip(x, y, strict=True))
                                        for x in acc for y in padded}))
        assert acc is not None
        # worlds out of play hold nought; a world's every card counted, none is left +-BIG
        return [tuple(0 if i not in positions else e for i, e in enumerate(v)) for v in acc]

    def _padded(self, v: Vector, worlds: list[int], positions: dict[int, Position],
                fill: int) -> Vector:
        inside = set(worlds)
        return tuple(fill if (i in positions and i not in inside) else e
                     for i, e in enumerate(v))

    def _after(self, positions: dict[int, Position], worlds: list[int], card: int
               ) -> list[Vector]:
        any_pos = positions[worlds[0]]
        won = 0
        if len(any_pos.played) == 3:
            cards = tuple(int(c) for c in (*any_pos.played, CARDS[card]))
            winner = trick_winner(cards, any_pos.leader, any_pos.trump)
            won = int((int(winner) & 1) == self.side)
        below = self.front({i: positions[i].play(card) for i in worlds})
        if not won:
            return below
        inside = set(worlds)
        return [tuple(e + 1 if i in inside else e for i, e in enumerate(v)) for v in below]

    def _checked(self, front: list[Vector]) -> list[Vector]:
        if len(front) > self.limit:
            raise AlphaMuTooBig(f"alpha-mu: a front of {len(front)} vectors, over the "
                                f"limit of {self.limit}")
        return front


def alphamu_values(
    worlds: Sequence[Position], weights: Sequence[float], seat: Seat, *, limit: int = 400
) -> dict[Card, float]:
    """Each legal card of ``seat`` (on turn in every world, holding the same hand) and
    the tricks its side takes from here by its best strategy that plays one card for
    all worlds at each of its turns: the best weighted mean over the card's front.

    Raises :class:`AlphaMuTooBig` when a front exceeds ``limit`` vectors.
    """
    if not worlds or len(worlds) != len(weights):
        raise ValueError(f"alphamu_values: {len(worlds)} worlds and {len(weights)} weights")
    if any(int(p.to_play) != int(seat) for p in worlds):
        raise ValueError(f"alphamu_values: {seat} is not on turn in every world")
    search = _Search(len(worlds), seat, limit)
    positions = dict(enumerate(worlds))
    total = float(sum(weights))
    out: dict[Card, float] = {}
    for card in worlds[0].legal_cards():
        front = search._after(positions, list(positions), int(card))
        out[card] = max(sum(w * e for w, e in zip(weights, v, strict=True)) for v in front) / total
    return out
