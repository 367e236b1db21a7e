"""Positions for drills, tests and the tutor: some hands, the cards played so far.

:func:`build_position` makes a :class:`~cavendish.core.state.HandState` from the
hands that matter (whole or in part: the rest of the pack is dealt at random,
from a seed, consistently with the play) and the cards played, seat by seat in
the order of play; :func:`replay_to` brings a player to the position as a session
would (``begin_hand``, then every public event) and asks it for its decision.

>>> state = build_position({"E": "AK32.-.-.-"}, trump_card="C2", dealer="N", plays=[])
>>> from cavendish.core import Seat
>>> state.turn, bin(state.hand(Seat.E) >> 9 & 0xF)
(<Seat.E: 1>, '0b1100')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from ...core.cards import CARDS, SUIT_MASK, Card, Seat
from ...core.deal import Deal, parse_pbn_hand
from ...core.errors import PositionError
from ...core.rules import Rules
from ...core.state import HandState, trick_winner
from ..base import Player, notify, notify_begin

__all__ = ["PositionError", "build_position", "replay_to"]


def _seat(s: Seat | str) -> Seat:
    return s if isinstance(s, Seat) else Seat.parse(s)


def build_position(
    hands: Mapping[Seat | str, str],
    *,
    trump_card: Card | str,
    dealer: Seat | str,
    plays: Iterable[str | Card] = (),
    seed: int = 0,
    rules: Rules | None = None,
    dummies: Iterable[Seat] = (),
) -> HandState:
    """The hand after ``plays``, with the given ``hands`` (PBN ``S.H.D.C``; a hand of
    fewer than thirteen cards is completed at random, ``-`` is an empty suit) and
    the cards played, in order (each by the seat whose turn it is)."""
    tc = Card.parse(trump_card) if isinstance(trump_card, str) else trump_card
    dl = _seat(dealer)
    need = [0, 0, 0, 0]
    exact = [False] * 4
    for s, text in hands.items():
        seat = _seat(s)
        need[seat] |= parse_pbn_hand(text)
        exact[seat] = need[seat].bit_count() == 13
    played = [Card.parse(p) if isinstance(p, str) else p for p in plays]
    forbid = [0, 0, 0, 0]
    so_far = [0, 0, 0, 0]
    leader = dl.left
    trick: list[tuple[Seat, Card]] = []
    trump = tc // 13
    for card in played:
        seat = leader.offset(len(trick))
        need[seat] |= 1 << card
        if trick and card // 13 != trick[0][1] // 13:
            forbid[seat] |= SUIT_MASK[trick[0][1] // 13] & ~so_far[seat]
        so_far[seat] |= 1 << card
        trick.append((seat, card))
        if len(trick) == 4:
            leader = trick_winner([c for _, c in trick], trick[0][0], trump)
            trick = []
    need[dl] |= 1 << tc
    seen = 0
    for seat in Seat:
        if need[seat] & seen:
            card = CARDS[(need[seat] & seen).bit_length() - 1]
            raise PositionError(f"card {card} is given to two seats (the second is {seat})")
        seen |= need[seat]
        if need[seat].bit_count() > 13:
            raise PositionError(f"{seat} would hold {need[seat].bit_count()} cards")
        if need[seat] & forbid[seat]:
            raise PositionError(f"{seat} renounced a suit it is given a card of")
        if exact[seat] and need[seat].bit_count() != 13:
            raise PositionError(f"{seat}'s hand and its plays do not make 13 cards")
    deal = _fill(need, forbid, dl, tc, random.Random(seed))
    state = HandState(deal, rules, dummies=dummies)
    for card in played:
        state.play(card)
    return state


def _fill(need: list[int], forbid: list[int], dealer: Seat, tc: Card, rng: random.Random) -> Deal:
    for _ in range(200):
        hands = list(need)
        rest = [c for c in range(52) if not any(h >> c & 1 for h in need)]
        rng.shuffle(rest)
        rest.sort(key=lambda c: sum(1 for s in range(4) if forbid[s] >> c & 1), reverse=True)
        ok = True
        for c in rest:
            seats = [s for s in range(4) if hands[s].bit_count() < 13 and not forbid[s] >> c & 1]
            if not seats:
                ok = False
                break
            weights = [13 - hands[s].bit_count() for s in seats]
            s = rng.choices(seats, weights)[0]
            hands[s] |= 1 << c
        if ok:
            return Deal((hands[0], hands[1], hands[2], hands[3]), dealer, tc)
    raise PositionError("no deal of the remaining cards fits the renounces in the play")


def replay_to(player: Player, state: HandState, seat: Seat | None = None) -> object:
    """Bring ``player`` to ``state`` for ``seat`` (default: the seat to play) as a
    session would, and return its ``decide(view)`` (or ``choose(view)``)."""
    who = state.turn if seat is None else seat
    start = HandState(state.deal, state.rules, dummies=state.dummies)
    notify_begin(player, start.view(who))
    for event in state.events:
        notify(player, event)
    view = state.view(who)
    decide = getattr(player, "decide", None)
    if callable(decide):
        return decide(view)
    return player.choose(view)
