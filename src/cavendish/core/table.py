"""The table procedure: cutting for partners and deal, shuffling, the cut and the deal.

Design note
-----------
Laws 13-19 (cutting) and 29-36 (shuffle, cut, deal), as a program that handles
the pack for the players meets them.  Every random step takes a
``random.Random`` so that a seed reproduces the whole procedure.

Cutting (laws 13, 16, 18, 19).  Each candidate cuts a card from the same pack
(law 14), ace lowest (law 13).  The candidates are ordered by their cut; where
cards are equal, those players alone cut again, and the new cut orders them
*within their tier*, so an original low card keeps its rights (law 18's note:
a Six that recuts lower than the Three still ranks above the Three).  Ties are
only broken where they matter: across the line between the fourth and fifth
candidates (who plays, law 16), between the second and third (partners: the two
lowest against the two highest) and between the first and second (the lowest
deals).  Two equal highest cards are not cut again (law 18); two equal lowest
cut again only for the deal.  Law 19's three-way ties follow from the same rule:
with the odd card highest the three recut for both partnership and deal; with the
odd card lowest they recut for partnership and the original lowest deals.  With
more than four candidates a first cut chooses the table: the four lowest play
and *cut again* for partners and deal (law 16); the others wait in the order of
that first cut (law 17), their ties broken by a recut among themselves.

The cut and the deal (laws 33, 34).  The dealer's right-hand player cuts,
leaving at least four cards in each packet; the dealer then deals one card at a
time, starting on his left, and turns up the last card, which is his own.

>>> import random
>>> deal = deal_cards(random.Random(7), Seat.S)
>>> deal.dealer, deal.hand(Seat.S) >> deal.trump_card & 1
(<Seat.S: 2>, 1)
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from .cards import CARDS, Card, Seat
from .deal import Deal
from .errors import DealError
from .rules import Rules

__all__ = [
    "Cut",
    "CutResult",
    "Cutter",
    "cut_for_partners",
    "cut_pack",
    "cut_round",
    "deal_cards",
    "deal_for",
    "deal_pack",
    "shuffled_pack",
]

Cutter = Callable[[tuple[str, ...], str], Sequence[Card | str]]
"""Who cuts what, when the cards are not drawn by the program: called with the
players cutting (in order) and the reason of the round, it returns one card each."""

MIN_PACKET: Final = 4
"""Law 34: each packet of the cut holds at least four cards."""


@dataclass(frozen=True)  # no slots=True: compiled by mypyc (cavendish.compiled)
class Cut:
    """One round of cutting: who cut which card."""

    players: tuple[str, ...]
    cards: tuple[Card, ...]
    reason: str

    def __str__(self) -> str:
        cut = ", ".join(f"{p} {c}" for p, c in zip(self.players, self.cards, strict=True))
        return f"{self.reason}: {cut}"


@dataclass(frozen=True)  # no slots=True: compiled by mypyc (cavendish.compiled)
class CutResult:
    """The outcome of cutting for partners and deal (laws 16, 18, 19)."""

    order: tuple[str, ...]
    """Every candidate, lowest cut first."""
    rounds: tuple[Cut, ...] = field(default=())
    """The first cut and every re-cut, in order."""

    @property
    def players(self) -> tuple[str, ...]:
        """The four who play (law 16: the four lowest)."""
        return self.order[:4]

    @property
    def dealer(self) -> str:
        """The lowest cutter deals (law 16)."""
        return self.order[0]

    @property
    def low_pair(self) -> tuple[str, str]:
        """The two lowest, partners against the two highest (law 16)."""
        return (self.order[0], self.order[1])

    @property
    def high_pair(self) -> tuple[str, str]:
        """The two highest of the four who play."""
        return (self.order[2], self.order[3])

    @property
    def left_out(self) -> tuple[str, ...]:
        """Candidates beyond four, in order of their cut (law 17: next to enter)."""
        return self.order[4:]


def shuffled_pack(rng: random.Random) -> list[Card]:
    """A freshly shuffled pack of 52 cards (exactly ``rng.shuffle`` of the pack in order).

    >>> shuffled_pack(random.Random(5)) == _shuffled_by_rng(random.Random(5))
    True
    """
    if type(rng) is not random.Random:
        pack = list(CARDS)
        rng.shuffle(pack)
        return pack
    return [CARDS[i] for i in _shuffled_indexes(rng)]


def _shuffled_indexes(rng: random.Random) -> list[int]:
    """:func:`shuffled_pack` of a ``random.Random``, the cards as their indexes."""
    # random.Random.shuffle with its draws inlined (the same draws in the same order:
    # Fisher-Yates from the top, each index by rejection from getrandbits(k)), so a seed
    # deals the same pack as before.  getrandbits(k), k <= 32, is the generator's next
    # 32-bit word shifted right by 32 - k, and getrandbits(32 * n) its next n words, the
    # first the least significant: so the words are drawn n at a time, n the draws still
    # needed at the least (one a step), and the pack and the generator end as before
    pack = list(range(52))
    words = _words(rng, 51)
    w = 0
    for i, shift in _SHUFFLE_STEPS:
        if w == len(words):
            words, w = _words(rng, i), 0  # i steps to go, this one included
        j = words[w] >> shift
        w += 1
        while j > i:
            if w == len(words):
                words, w = _words(rng, i), 0
            j = words[w] >> shift
            w += 1
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def _words(rng: random.Random, n: int) -> tuple[int, ...]:
    """The generator's next ``n`` 32-bit words, in the order drawn."""
    words: tuple[int, ...] = _WORDS[n].unpack(rng.getrandbits(32 * n).to_bytes(4 * n, "little"))
    return words


_WORDS: Final = tuple(struct.Struct(f"<{n}I") for n in range(52))
"""``_WORDS[n]``: n little-endian 32-bit words (the bytes of ``getrandbits(32 * n)``)."""


def _shuffled_by_rng(rng: random.Random) -> list[Card]:
    # the reference the inlined shuffle is tested against
    pack = list(CARDS)
    rng.shuffle(pack)
    return pack


_SHUFFLE_STEPS: Final = tuple((i, 32 - (i + 1).bit_length()) for i in range(51, 0, -1))
"""Each step of the shuffle: the index ``i`` drawn below ``i + 1``, and the shift of a
32-bit word that gives ``getrandbits((i + 1).bit_length())``."""


def cut_round(
    rng: random.Random, players: Sequence[str], reason: str, cutter: Cutter | None = None
) -> tuple[Cut, list[int]]:
    """One round of cutting: each of ``players`` cuts a card from one pack (law 14),
    drawn from a pack shuffled with ``rng`` or given by ``cutter``; the round and each
    card's value in cutting (ace low, law 13).

    >>> cut, values = cut_round(random.Random(1), ["Ann", "Bob"], "cut")
    >>> len(cut.cards), len(values), values[0] == cut.cards[0].rank.cut_value
    (2, 2, True)
    """
    if cutter is None:
        pack = shuffled_pack(rng)
        # each player cuts a different card from the same pack (law 14)
        picks = rng.sample(range(52), len(players))
        cards = tuple(pack[i] for i in picks)
    else:
        given = tuple(cutter(tuple(players), reason))
        cards = tuple(Card.parse(c) if isinstance(c, str) else Card(c) for c in given)
        if len(cards) != len(players):
            raise ValueError(
                f"{reason}: {len(players)} players cut but the cutter gave {len(cards)} cards"
            )
        if len(set(cards)) != len(cards):
            twice = sorted({str(c) for c in cards if cards.count(c) > 1})
            raise ValueError(
                f"{reason}: {', '.join(twice)} cut twice; all cut from the same pack (law 14)"
            )
    return Cut(tuple(players), cards, reason), [c.rank.cut_value for c in cards]


def cut_for_partners(
    rng: random.Random,
    candidates: Sequence[str] = ("N", "E", "S", "W"),
    *,
    cutter: Cutter | None = None,
) -> CutResult:
    """Cut for partners and deal among four or more candidates (laws 13, 16-19).

    Each round draws the cards from a pack shuffled with ``rng``, unless a
    ``cutter`` says which cards were cut (players cutting a real pack, a test).

    >>> r = cut_for_partners(random.Random(1), ["Ann", "Bob", "Cy", "Di"])
    >>> sorted(r.low_pair + r.high_pair) == ["Ann", "Bob", "Cy", "Di"], r.dealer in r.low_pair
    (True, True)
    >>> r = cut_for_partners(random.Random(2), ["Ann", "Bob", "Cy", "Di", "Ed"])
    >>> len(r.players), len(r.left_out), r.rounds[1].reason
    (4, 1, 'cut for partners and deal (law 16)')
    """
    if len(candidates) < 4:
        raise ValueError(
            f"cutting for a table needs at least four candidates, not {len(candidates)}"
        )
    if len(set(candidates)) != len(candidates):
        twice = sorted({c for c in candidates if list(candidates).count(c) > 1})
        raise ValueError(f"each candidate must be named once: {', '.join(twice)} named twice")
    rounds: list[Cut] = []

    def order(group: list[str], start: int, reason: str, boundaries: frozenset[int]) -> list[str]:
        # ``boundaries``: the positions ``b`` where a tie between places b-1 and b matters
        cut, values = cut_round(rng, group, reason, cutter)
        rounds.append(cut)
        by_value: dict[int, list[str]] = {}
        for player, value in zip(group, values, strict=True):
            by_value.setdefault(value, []).append(player)
        result: list[str] = []
        pos = start
        for value in sorted(by_value):
            tied = by_value[value]
            end = pos + len(tied)
            straddles = any(pos < b < end for b in boundaries)
            if len(tied) > 1 and straddles:
                tied = order(tied, pos, "cut again (equal cards, laws 18-19)", boundaries)
            result.extend(tied)
            pos = end
        return result

    players = list(candidates)
    waiting: list[str] = []
    if len(players) > 4:
        # law 16: the four lowest play, then cut again for partners; law 17: the rest wait
        ranked = order(players, 0, "cut for the table (law 16)", frozenset(range(4, len(players))))
        players, waiting = ranked[:4], ranked[4:]
        final = order(players, 0, "cut for partners and deal (law 16)", frozenset({1, 2}))
    else:
        final = order(players, 0, "cut for partners and deal", frozenset({1, 2}))
    return CutResult(tuple(final + waiting), tuple(rounds))


def cut_pack(pack: list[Card], rng: random.Random) -> tuple[list[Card], int]:
    """The cut by the dealer's right-hand player: at least four cards each packet (law 34).

    Returns the pack after the cut and the number of cards lifted.
    """
    lifted = rng.randint(MIN_PACKET, len(pack) - MIN_PACKET)
    return pack[lifted:] + pack[:lifted], lifted


def deal_cards(rng: random.Random, dealer: Seat) -> Deal:
    """Shuffle, cut and deal one hand of whist (laws 33, 34, 44).

    The cards go one at a time from the dealer's left; the 52nd card, the
    dealer's own, is turned up as the trump card.  The deal is right by
    construction (a whole pack dealt round), so it is not checked again.

    >>> deal = deal_cards(random.Random(9), Seat.E)
    >>> deal.validate(), deal == Deal(deal.hands, deal.dealer, deal.trump_card)
    (None, True)
    """
    if type(rng) is not random.Random:
        pack, _ = cut_pack(shuffled_pack(rng), rng)
        return _dealt([int(c) for c in pack], dealer)
    cards = _shuffled_indexes(rng)
    bits = rng.getrandbits  # rng.randint(MIN_PACKET, 52 - MIN_PACKET), inlined
    lifted = bits(_CUT_BITS)
    while lifted >= _CUT_WIDTH:
        lifted = bits(_CUT_BITS)
    lifted += MIN_PACKET
    return _dealt(cards[lifted:] + cards[:lifted], dealer)


def deal_pack(pack: Sequence[Card], dealer: Seat) -> Deal:
    """Deal ``pack`` (shuffled and cut, its top card first) one card at a time from
    the dealer's left, the last card, the dealer's own, turned up (law 33): the deal
    :func:`deal_cards` makes of the pack it shuffles and cuts.

    >>> rng, again = random.Random(9), random.Random(9)
    >>> deal_pack(cut_pack(shuffled_pack(rng), rng)[0], Seat.E) == deal_cards(again, Seat.E)
    True
    """
    if sorted(pack) != list(CARDS):
        raise DealError(f"a pack to deal holds the 52 cards once each, not {len(pack)} cards "
                         f"({len(set(pack))} different)")
    return _dealt([int(c) for c in pack], dealer)


def _dealt(pack: list[int], dealer: Seat) -> Deal:
    """The pack (card indexes, cut) dealt one card at a time from the dealer's left."""
    hands = [0, 0, 0, 0]
    first = int(dealer) + 1
    for i in range(4):
        # the i-th card round goes to the seat i places left of the dealer's left
        hands[(first + i) & 3] = _mask(pack[i::4])
    return Deal.dealt((hands[0], hands[1], hands[2], hands[3]), dealer, CARDS[pack[-1]])


def _mask(cards: list[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def deal_for(rules: Rules, rng: random.Random, dealer: Seat) -> Deal:
    """Shuffle, cut and deal one hand of ``rules``'s game: :func:`deal_cards` for the
    thirteen-card games; for the old games (000) twelve cards each, one at a time from
    the dealer's left, from a pack of 48 with the deuces put out (whisk: "the bottom
    card was turned up for trumps", the dealer's last) or from the whole pack with
    the last four left in the stock ("the top card of the stock was turned up for
    trumps", ruff-and-honours).

    >>> from .rules import get_rules
    >>> d = deal_for(get_rules("whisk"), random.Random(3), Seat.N)
    >>> d.hand_size, d.hand(Seat.N) >> d.trump_card & 1, d.stock
    (12, 1, 0)
    >>> d = deal_for(get_rules("ruff-and-honours"), random.Random(3), Seat.N)
    >>> d.hand_size, d.stock.bit_count(), d.stock >> d.trump_card & 1
    (12, 4, 1)
    """
    if rules.tricks == 13:
        return deal_cards(rng, dealer)
    pack = shuffled_pack(rng)
    if rules.deuces_out:
        pack = [card for card in pack if card % 13]  # the deuces put out
    pack, _ = cut_pack(pack, rng)
    dealt = 4 * rules.tricks
    hands = [0, 0, 0, 0]
    first = dealer + 1
    for i in range(4):
        hands[(first + i) & 3] = sum(map(_BITS.__getitem__, pack[i:dealt:4]))
    stock = sum(map(_BITS.__getitem__, pack[dealt:]))
    trump_card = pack[dealt] if stock else pack[dealt - 1]
    return Deal((hands[0], hands[1], hands[2], hands[3]), dealer, trump_card, stock)


_CUT_WIDTH: Final = 52 - 2 * MIN_PACKET + 1
_CUT_BITS: Final = _CUT_WIDTH.bit_length()


_BITS: Final = tuple(1 << i for i in range(52))
