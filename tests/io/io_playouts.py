"""Seeded random hands for the record tests: legal playouts, unfinished hands, and
laws-mode hands with a revoke, a card out of turn and an exposed card.

Every hand is fixed by its seed: the deal is ``deal_cards(random.Random(seed), dealer)``
and the play draws from the same generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from cavendish.core import SUIT_MASK, HandState, Seat, cards_of, deal_cards, get_rules
from cavendish.io import HandRecord

GOLDEN = Path(__file__).parent / "golden"
REGEN_ENV = "CAVENDISH_REGEN_GOLDEN"
"""Set to 1 to rewrite the golden files from the writer's output."""

PLAYERS = ("Clay", "Deschapelles", "Cavendish", "Pole")
"""Names by seat, N E S W."""


def random_hand(
    seed: int,
    *,
    dealer: Seat = Seat.S,
    stop_after: int = 52,
    laws: bool = False,
    dummies: Sequence[Seat] = (),
    variant: str = "short",
) -> HandState:
    """A random hand: legal cards, and in laws mode now and then an irregularity."""
    rng = random.Random(seed)
    rules = get_rules(variant)
    if laws:
        rules = rules.replace(mode="laws")
    state = HandState(deal_cards(rng, dealer), rules, dummies=dummies)
    played = 0
    while played < stop_after and not state.is_over:
        if laws:
            roll = rng.random()
            if roll < 0.05 and _out_of_turn(state, rng):
                continue
            if roll < 0.08 and _expose(state, rng):
                continue
            if roll < 0.15 and _revoke(state, rng):
                played += 1
                continue
        state.play(rng.choice(state.legal_cards()))
        played += 1
    return state


def irregular_hand(seed: int, *, dealer: Seat = Seat.S, stop_after: int = 52) -> HandState:
    """A laws-mode hand with, for certain, a card out of turn (after card 3), an exposed
    card (after card 9) and a revoke (the first chance after card 20)."""
    rng = random.Random(seed)
    state = HandState(deal_cards(rng, dealer), get_rules("short").replace(mode="laws"))
    played = 0
    revoked = False
    while played < stop_after and not state.is_over:
        if played == 3 and not any(e.kind == "out_of_turn" for e in state.events):
            assert _out_of_turn(state, rng)
            continue
        if played == 9 and not any(e.kind == "exposed" for e in state.events):
            assert _expose(state, rng)
            continue
        if played >= 20 and not revoked and _revoke(state, rng):
            revoked = True
            played += 1
            continue
        state.play(rng.choice(state.legal_cards()))
        played += 1
    assert stop_after <= 20 or revoked, f"seed {seed}: no chance to revoke"
    return state


def _out_of_turn(state: HandState, rng: random.Random) -> bool:
    seats = [s for s in Seat if s != state.turn and state.hand(s)]
    if not seats:
        return False
    seat = rng.choice(seats)
    state.play(rng.choice(state.hand_cards(seat)), seat)
    return True


def _expose(state: HandState, rng: random.Random) -> bool:
    seats = [s for s in Seat if state.hand(s)]
    seat = rng.choice(seats)
    state.expose(rng.choice(state.hand_cards(seat)), seat, rng.choice(["dropped", "named"]))
    return True


def _revoke(state: HandState, rng: random.Random) -> bool:
    trick = state.current_trick
    if not trick:
        return False
    led = trick[0][1].suit
    hand = state.hand(state.turn)
    others = hand & ~SUIT_MASK[led]
    if not hand & SUIT_MASK[led] or not others:
        return False
    state.play(rng.choice(cards_of(others)))
    return True


def session() -> list[HandRecord]:
    """The golden session: three boards, the deal passing to the left (law 33):
    a hand played out, a laws-mode hand with irregularities, an unfinished hand."""
    states = [
        random_hand(1862, dealer=Seat.S),
        irregular_hand(1863, dealer=Seat.W),
        random_hand(1864, dealer=Seat.N, stop_after=23),
    ]
    return [
        HandRecord.from_state(
            state,
            variant="short",
            board=k + 1,
            players=PLAYERS,
            event="Golden session",
            site="Portland Club, London",
            date="1864.05.02",
        )
        for k, state in enumerate(states)
    ]
