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

from ..players.policy import offsets, unpack

__all__ = ["FIELDS", "SIZE", "STATE_FIELDS", "STATE_SIZE", "encode", "encode_state"]

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


FIELDS: dict[str, tuple[int, int]] = offsets(_LAYOUT)
"""Each field's (offset, length) in the vector."""
SIZE = sum(length for _, length in _LAYOUT)
"""The length of the observation vector."""
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
    vector, mask = unpack(bits, SIZE, legal)
    return vector, mask


# ----------------------------------------------------------------------- state()
_STATE_LAYOUT = (
    ("hands", 4 * 52),
    ("dealt", 4 * 52),
    ("trump", 4),
    ("trump_card", 52),
    ("trump_card_on_table", 1),
    ("plays", 52 * 56),
    ("leader", 4),
    ("to_play", 4),
    ("tricks", 2 * 14),
    ("score", 2 * 11),
    ("games", 2 * 3),
    ("dealer", 4),
)
STATE_FIELDS: dict[str, tuple[int, int]] = offsets(_STATE_LAYOUT)
STATE_SIZE = sum(length for _, length in _STATE_LAYOUT)
"""The length of :func:`encode_state`'s vector (``env.state()``)."""
_SOFF = {name: at for name, (at, _) in STATE_FIELDS.items()}


def encode_state(
    *,
    hands: tuple[int, int, int, int],
    dealt: tuple[int, int, int, int],
    trump_card: int,
    on_table: bool,
    plays: list[tuple[int, int]],
    leader: int,
    to_play: int | None,
    tricks: tuple[int, int],
    score: tuple[int, int],
    games: tuple[int, int],
    dealer: int,
) -> npt.NDArray[np.int8]:
    """The whole state for a centralized critic (``env.state()``): every hand, as held
    and as dealt, the trump card, every card played in order with its player, the
    leader, the agent to play, the tricks, score and games, the dealer.  Seats are
    *agent indices* (0 for ``player_0``, ... 3 for ``player_3``) and the pairs are
    (``player_0``'s side, ``player_1``'s side).  The fields (:data:`STATE_FIELDS`):

    ======================  =======  ===============================================
    field                   length   what
    ======================  =======  ===============================================
    ``hands``               4 x 52   each agent's cards now
    ``dealt``               4 x 52   each agent's cards as dealt
    ``trump``               4        the trump suit
    ``trump_card``          52       the card turned up
    ``trump_card_on_table`` 1        whether it still lies on the table (law 52)
    ``plays``               52 x 56  play ``k``: its card (52), its agent (4)
    ``leader``              4        the leader of the current trick
    ``to_play``             4        the agent to play (none when the hand is over)
    ``tricks``              2 x 14   tricks won this hand, one-hot, by side
    ``score``               2 x 11   the game's score (10 for ten or more)
    ``games``               2 x 3    games won in the rubber
    ``dealer``              4        the dealer of the hand
    ======================  =======  ===============================================

    >>> v = encode_state(hands=(1, 2, 4, 8), dealt=(1, 2, 4, 8), trump_card=0,
    ...                  on_table=True, plays=[], leader=0, to_play=0, tricks=(0, 0),
    ...                  score=(0, 0), games=(0, 0), dealer=3)
    >>> v.shape, int(v[STATE_FIELDS["dealer"][0] + 3])
    ((3453,), 1)
    """
    bits = 0
    for i in range(4):
        bits |= hands[i] << (_SOFF["hands"] + 52 * i)
        bits |= dealt[i] << (_SOFF["dealt"] + 52 * i)
    bits |= 1 << (_SOFF["trump"] + trump_card // 13)
    bits |= 1 << (_SOFF["trump_card"] + trump_card)
    bits |= int(on_table) << _SOFF["trump_card_on_table"]
    at = _SOFF["plays"]
    for k, (who, card) in enumerate(plays):
        bits |= (1 << (at + 56 * k + card)) | (1 << (at + 56 * k + 52 + who))
    bits |= 1 << (_SOFF["leader"] + leader)
    if to_play is not None:
        bits |= 1 << (_SOFF["to_play"] + to_play)
    at = _SOFF["tricks"]
    bits |= (1 << (at + tricks[0])) | (1 << (at + 14 + tricks[1]))
    at = _SOFF["score"]
    bits |= (1 << (at + min(score[0], 10))) | (1 << (at + 11 + min(score[1], 10)))
    at = _SOFF["games"]
    bits |= (1 << (at + min(games[0], 2))) | (1 << (at + 3 + min(games[1], 2)))
    bits |= 1 << (_SOFF["dealer"] + dealer)
    vector: npt.NDArray[np.int8] = unpack(bits, STATE_SIZE, 0)[0]
    return vector
