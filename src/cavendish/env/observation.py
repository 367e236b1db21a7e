"""The observation of one agent of ``whist_v0``: a vector of 0s and 1s, and its mask.

Design note
-----------
Everything a seat may see (laws 52, 91) is encoded from that seat's point of view,
as one flat ``int8`` vector of :data:`SIZE` entries; seats are written *relative* to
the observing seat (0 itself, 1 its left-hand adversary, 2 its partner, 3 its
right-hand adversary), so one policy can sit in any seat.  The fields, in order:

=========  ======  ===========================================================
offset     length  field
=========  ======  ===========================================================
0          52      the agent's own hand
52         4 x 52  every card each relative seat has played this hand (the
                   current trick included)
260        4 x 52  the current trick: the card each relative seat has put to it
468        4       the leader of the current trick (relative seat, one-hot)
472        4       the trump suit (one-hot, ``S H D C``)
476        52      the turned-up trump card, while it lies on the table (law 52)
528        14      tricks won by the agent's side this hand (one-hot 0-13)
542        14      tricks won by the adversaries
556        11      the agent's side's score in the game in progress (one-hot, 10+)
567        11      the adversaries' score
578        3       games the agent's side has won in the rubber (one-hot 0-2)
581        3       games the adversaries have won
584        4       the agent's seat relative to the dealer (0 the eldest hand,
                   3 the dealer)
=========  ======  ===========================================================

Cards are indexed as everywhere in Cavendish (:mod:`cavendish.core.cards`):
``suit * 13 + rank``, spades first, the two low.  The whole vector is built as one
Python int (a bit per entry) and unpacked once, which keeps :func:`encode` cheap.

>>> len(FIELDS), SIZE
(13, 588)
>>> FIELDS["trump"]
(472, 4)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["FIELDS", "SIZE", "encode"]

_LAYOUT = (
    ("hand", 52),
    ("played", 4 * 52),
    ("trick", 4 * 52),
    ("leader", 4),
    ("trump", 4),
    ("trump_card", 52),
    ("tricks_ours", 14),
    ("tricks_theirs", 14),
    ("score_ours", 11),
    ("score_theirs", 11),
    ("games_ours", 3),
    ("games_theirs", 3),
    ("seat", 4),
)


def _fields() -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    at = 0
    for name, length in _LAYOUT:
        out[name] = (at, length)
        at += length
    return out


FIELDS: dict[str, tuple[int, int]] = _fields()
"""Each field's (offset, length) in the vector."""
SIZE = sum(length for _, length in _LAYOUT)
"""The length of the observation vector."""
_MASK_AT = (SIZE + 7) // 8 * 8  # the mask is unpacked with the vector, after it
_BYTES = (_MASK_AT + 52 + 7) // 8
_OFF = {name: at for name, (at, _) in FIELDS.items()}


def encode(
    *,
    hand: int,
    played: tuple[int, int, int, int],
    trick: tuple[int, int, int, int],
    leader: int,
    trump: int,
    trump_card: int | None,
    tricks: tuple[int, int],
    score: tuple[int, int],
    games: tuple[int, int],
    seat: int,
    legal: int = 0,
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """The observation vector and the action mask of the cards ``legal``; ``played``,
    ``trick`` and ``leader`` by relative seat, pairs as (the agent's side, the
    adversaries), ``seat`` relative to the dealer.

    >>> v, m = encode(hand=1, played=(0, 0, 0, 0), trick=(0, 0, 0, 0), leader=0, trump=3,
    ...               trump_card=None, tricks=(0, 0), score=(0, 0), games=(0, 0), seat=0,
    ...               legal=1)
    >>> int(v.sum()), int(v[FIELDS["trump"][0] + 3]), int(m.sum()), m.shape
    (10, 1, 1, (52,))
    """
    bits = hand
    at = _OFF["played"]
    for i in range(4):
        bits |= played[i] << (at + 52 * i)
    at = _OFF["trick"]
    for i in range(4):
        bits |= trick[i] << (at + 52 * i)
    bits |= 1 << (_OFF["leader"] + leader)
    bits |= 1 << (_OFF["trump"] + trump)
    if trump_card is not None:
        bits |= 1 << (_OFF["trump_card"] + trump_card)
    bits |= 1 << (_OFF["tricks_ours"] + tricks[0])
    bits |= 1 << (_OFF["tricks_theirs"] + tricks[1])
    bits |= 1 << (_OFF["score_ours"] + min(score[0], 10))
    bits |= 1 << (_OFF["score_theirs"] + min(score[1], 10))
    bits |= 1 << (_OFF["games_ours"] + min(games[0], 2))
    bits |= 1 << (_OFF["games_theirs"] + min(games[1], 2))
    bits |= 1 << (_OFF["seat"] + seat)
    bits |= legal << _MASK_AT
    raw = np.frombuffer(bits.to_bytes(_BYTES, "little"), dtype=np.uint8)
    both = np.unpackbits(raw, bitorder="little", count=_MASK_AT + 52).view(np.int8)
    return both[:SIZE], both[_MASK_AT:]
