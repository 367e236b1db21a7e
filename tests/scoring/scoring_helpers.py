"""Helpers for the scoring tests: deals with chosen honours, hands played out, and a
short sheet-recording shorthand.

Every hand here is fixed: the deals are built card by card and the play always takes
the first legal card (or, for a revoke, the first card of another suit).
"""

from __future__ import annotations

from cavendish.core import Card, Deal, HandState, Rules, Seat, Side, get_rules
from cavendish.scoring import HandResult, HandScore, Revoke, ScoreSheet

NS, EW = Side.NS, Side.EW


def deal_with_honours(honours: dict[Seat, str], *, trump: str = "S", dealer: Seat = Seat.S) -> Deal:
    """A deal with trumps ``trump`` in which each seat holds the honours given
    (``{Seat.N: "AK", Seat.S: "Q"}``); the dealer also holds the two of trumps (the
    trump card) and the other cards go round N, E, S, W to fill the hands."""
    hands = dict.fromkeys(Seat, 0)
    for seat, ranks in honours.items():
        for rank in ranks:
            hands[seat] |= 1 << Card.parse(trump + rank)
    trump_card = Card.parse(trump + "2")
    hands[dealer] |= 1 << trump_card
    taken = 0
    for mask in hands.values():
        taken |= mask
    seat_order = list(Seat)
    turn = 0
    for card in range(52):
        if taken >> card & 1:
            continue
        while hands[seat_order[turn % 4]].bit_count() == 13:
            turn += 1
        hands[seat_order[turn % 4]] |= 1 << card
        turn += 1
    return Deal.from_hands(hands, dealer, trump_card)


def play_out(state: HandState, *, revoke_by: Seat | None = None) -> HandState:
    """Play ``state`` to its end, first legal card each time; ``revoke_by`` (laws mode)
    renounces once, at its first turn where it can: a card of another suit while it
    holds the suit led."""
    revoked = False
    while not state.is_over:
        seat = state.turn
        legal = state.legal_cards()
        if revoke_by == seat and not revoked and state.current_trick:
            others = [c for c in state.hand_cards(seat) if c not in legal]
            if others:
                state.play(others[0])
                revoked = True
                continue
        state.play(legal[0])
    if revoke_by is not None and not revoked:
        raise AssertionError(f"{revoke_by} found no chance to revoke in {state.deal}")
    return state


def record(sheet: ScoreSheet, tricks_ns: int, honours: tuple[int, int] = (0, 0),
           revokes: tuple[Revoke, ...] = ()) -> HandScore:
    """Record one hand by N-S's tricks (E-W take the rest)."""
    return sheet.record(HandResult((tricks_ns, 13 - tricks_ns), honours, revokes))


def short() -> Rules:
    """The club code's short whist."""
    return get_rules("short")
