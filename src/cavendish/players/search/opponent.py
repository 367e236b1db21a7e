"""How another seat saw the table: deals of the cards it could not see.

Design note
-----------
:mod:`.strong` reads the cards the other seats played as evidence about the
layout.  The reading needs a model of how a player chooses a card, and the
players at this table choose from their own hand only: an adversary who plays
a low card second hand does not know whether his partner holds the ace.  Asking
"was this card double-dummy best in this world?" credits him with the other
hands, and so reads into his card what only a clairvoyant could have meant.

The model here is a sampling player's: in a world, the seat's hand at the time
of its card is known, and the cards it could not see (the other three hands,
the observer's included) are dealt afresh (:func:`redeal_others`), keeping each
hand's size, the voids shown before the card and the turned-up trump while the
dealer still held it.  The value of each of its cards is the mean double-dummy
result over a few such deals (:func:`imagined_positions`, :func:`mean_values`),
which depends on nothing but its own hand and the play so far, as its own
choice did.

>>> import random
>>> from cavendish.core.cards import hand_mask
>>> hands = (hand_mask(["SA", "S2"]), hand_mask(["SK", "H2"]),
...          hand_mask(["SQ", "H3"]), hand_mask(["HA", "HK"]))
>>> out = redeal_others(hands, 0, (0, 0, 0, 0), {}, random.Random(1))
>>> out[0] == hands[0], [h.bit_count() for h in out], sum(out) == sum(hands)
(True, [2, 2, 2, 2], True)
>>> out = redeal_others(hands, 0, (0, 0, 0, 1 << 0), {}, random.Random(2))
>>> out[3] & hand_mask(["SK", "SQ"])  # W is void in spades: the SK and SQ stay E and S
0
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ...analysis import dd
from ...analysis.position import Position
from ...core.cards import SUIT_MASK, Card
from ..inference import Knowledge

__all__ = ["imagined_positions", "mean_values", "redeal_others", "voids_before"]

Hands = tuple[int, int, int, int]

_TRIES = 20
"""Attempts at a deal that keeps every void before the seat's own hands are kept."""


def _suit_cards(suits: int) -> int:
    """Every card of the suits in the bit set ``suits``."""
    return sum(SUIT_MASK[x] for x in range(4) if suits >> x & 1)


def voids_before(k: Knowledge, at: int) -> tuple[int, int, int, int]:
    """The suits (bit sets) each seat had shown void before play ``at`` of the record."""
    v = [0, 0, 0, 0]
    for r in k.plays[:at]:
        if r.position and r.card // 13 != r.led:
            v[r.seat] |= 1 << r.led
    return (v[0], v[1], v[2], v[3])


def redeal_others(
    hands: Sequence[int],
    seat: int,
    voids: Sequence[int],
    fixed: Mapping[int, int],
    rng: random.Random,
) -> Hands:
    """``hands`` with every card but ``seat``'s dealt again among the other seats.

    Each other seat keeps its number of cards and the cards ``fixed`` to it, and is
    given no card of a suit it is void in (``voids``: suit bit sets).  If no such
    deal is found in a few tries the hands are returned as they are.
    """
    others = [s for s in range(4) if s != seat]
    pinned = 0
    for m in fixed.values():
        pinned |= m
    pool = 0
    for s in others:
        pool |= hands[s]
    free = [c for c in range(52) if (pool & ~pinned) >> c & 1]
    base = {s: fixed.get(s, 0) & hands[s] for s in others}
    barred = 0
    for s in others:
        barred |= _suit_cards(voids[s])
    # the cards of a suit some seat is void in go first, card by card; the rest at once
    hard = [c for c in free if barred >> c & 1]
    easy = [c for c in free if not barred >> c & 1]
    allowed = {c: [s for s in others if not voids[s] >> (c // 13) & 1] for c in hard}
    hard.sort(key=lambda c: len(allowed[c]))  # the most constrained first
    for _ in range(_TRIES):
        cap = {s: hands[s].bit_count() - base[s].bit_count() for s in others}
        out = dict(base)
        ok = True
        for c in hard:
            opts = [s for s in allowed[c] if cap[s] > 0]
            if not opts:
                ok = False
                break
            x = rng.random() * sum(cap[s] for s in opts)
            pick = opts[-1]
            for s in opts:
                x -= cap[s]
                if x < 0:
                    pick = s
                    break
            out[pick] |= 1 << c
            cap[pick] -= 1
        if not ok:
            continue
        places = [s for s in others for _ in range(cap[s])]
        rng.shuffle(places)
        for c, s in zip(easy, places, strict=True):
            out[s] |= 1 << c
        full = list(hands)
        for s in others:
            full[s] = out[s]
        return (full[0], full[1], full[2], full[3])
    return (hands[0], hands[1], hands[2], hands[3])


def imagined_positions(
    pos: Position, k: Knowledge, at: int, deals: int, rng: random.Random,
    voids: Sequence[int] | None = None,
) -> list[Position]:
    """``deals`` positions like ``pos`` (the one before play ``at``) as the seat to
    play there could have imagined it: its own hand kept, the rest dealt again.
    Solving them and averaging gives the seat's own value of each of its cards.
    ``voids``: :func:`voids_before` ``at``, when the caller has it (the same in every world)."""
    rec = k.plays[at]
    fixed: dict[int, int] = {}
    turned: Card | None = k.turned
    if turned is not None and rec.seat != k.dealer and pos.hands[k.dealer] >> turned & 1:
        fixed[int(k.dealer)] = 1 << turned
    if voids is None:
        voids = voids_before(k, at)
    return [
        Position(redeal_others(pos.hands, int(rec.seat), voids, fixed, rng), pos.trump,
                 pos.leader, pos.played)
        for _ in range(deals)
    ]


def mean_values(results: Sequence[dd.DDResult]) -> dict[Card, float]:
    """Each card's mean tricks over the solved deals (cards missing in one count as 0)."""
    acc: dict[Card, float] = {}
    for r in results:
        for c, t in r.tricks.items():
            acc[c] = acc.get(c, 0.0) + t
    return {c: v / len(results) for c, v in acc.items()} if results else {}
