"""Helpers for the laws tests: a readable deal, cards by name, playing out a hand."""

from __future__ import annotations

import contextlib

from cavendish.core.cards import Card, Seat, Side
from cavendish.core.deal import Deal
from cavendish.core.rules import Rules, get_rules
from cavendish.laws import Arbiter, auto_elect

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Side.NS, Side.EW

# Each suit is shared 4-3-3-3 in runs: N holds the top spades, E the top hearts,
# S the top diamonds, W the top clubs.  S deals, so W (eldest) leads; spades are trumps.
GRID = Deal.from_pbn(
    "N:AKQJ.432.765.T98 T98.AKQJ.432.765 765.T98.AKQJ.432 432.765.T98.AKQJ",
    dealer="S",
    trump_card="S5",
)


def c(text: str) -> Card:
    """A card by name."""
    return Card.parse(text)


def cards(text: str) -> list[Card]:
    """Cards by name, separated by spaces."""
    return [Card.parse(t) for t in text.split()]


def names(items: object) -> list[str]:
    """The names of cards (masks, lists or dict keys)."""
    if isinstance(items, int):
        from cavendish.core.cards import cards_of

        return [str(x) for x in cards_of(items)]
    return [str(x) for x in items]  # type: ignore[attr-defined]


def arbiter(deal: Deal = GRID, rules: Rules | None = None, **kw: object) -> Arbiter:
    """An arbiter on ``deal`` (short whist unless ``rules``)."""
    return Arbiter(deal, rules if rules is not None else get_rules("short"), **kw)  # type: ignore[arg-type]


def play_tricks(arb: Arbiter, text: str) -> None:
    """Play cards in turn, by name ("SA S8 S5 S2 ..."), each by the seat on turn."""
    for card in cards(text):
        arb.play(arb.state.turn, card)


def play_out(arb: Arbiter) -> None:
    """Finish the hand: every seat plays its lowest legal card; decisions by the computer."""
    guard = 0
    while not arb.is_over or arb.pending() is not None:
        guard += 1
        assert guard < 400, "the hand did not finish"
        if arb.pending() is not None:
            auto_elect(arb)
            continue
        if arb.finished:
            break
        seat = arb.state.turn
        legal = arb.state.legal_cards(seat)
        arb.play(seat, legal[0])


# The ranks of each suit dealt round in turn, so that every hand can win or lose in
# every suit: N S AT62 H K95 D Q84 C J73, E S J73 H AT62 D K95 C Q84, S S Q84 H J73
# D AT62 C K95, W S K95 H Q84 D J73 C AT62.  S deals, W leads, diamonds are trumps;
# the honours are split two and two.
MIX = Deal.from_pbn(
    "N:AT62.K95.Q84.J73 J73.AT62.K95.Q84 Q84.J73.AT62.K95 K95.Q84.J73.AT62",
    dealer="S",
    trump_card="D2",
)


def sloppy_hand(seed: int) -> Arbiter:
    """A hand at a table of careless players: random irregular acts among the plays,
    the decisions taken at random or by the computer's rules; seeded."""
    import random

    from cavendish.core.cards import CARDS
    from cavendish.core.table import deal_cards
    from cavendish.laws import LawsError

    rng = random.Random(seed)
    table = rng.choice(["short", "short", "dummy", "double-dummy"])
    dummies = {"short": (), "dummy": (Seat(rng.randrange(4)),), "double-dummy": (N, E)}[table]
    arb = Arbiter(
        deal_cards(rng, Seat(seed % 4)),
        get_rules(table),
        dummies=dummies,
        attentive=rng.random() < 0.6,
        score=(rng.randrange(5), rng.randrange(5)),
    )
    seats = list(Seat)
    for _ in range(600):
        if arb.finished or arb.void is not None:
            break
        decision = arb.pending()
        if decision is not None:
            if rng.random() < 0.3:
                arb.elect(decision.side, rng.choice(decision.options), decision.seat)
            else:
                auto_elect(arb)
            continue
        st = arb.state
        if st.is_over:
            with contextlib.suppress(LawsError):
                arb.claim_revoke(rng.choice([NS, EW]))
            continue
        seat = st.turn
        roll = rng.random()
        any_seat = rng.choice(seats)
        try:
            if roll < 0.04 and st.hand(any_seat) and any_seat != seat:
                arb.play(any_seat, rng.choice(st.hand_cards(any_seat)))
            elif roll < 0.05 and st.hand(any_seat):
                arb.drop(any_seat, rng.choice(st.hand_cards(any_seat)))
            elif roll < 0.055:
                arb.throw_down(any_seat)
            elif roll < 0.07:
                arb.ask_having_none(any_seat)
            elif roll < 0.08:
                arb.correct_revoke(any_seat)
            elif roll < 0.085 and st.led_suit() is not None:
                arb.omit(seat)
            elif roll < 0.09 and len(st.hand_cards(seat)) > 1:
                a, b = rng.sample(st.hand_cards(seat), 2)
                arb.play_two(seat, a, b)
            elif roll < 0.095:
                arb.call_attention(any_seat)
            elif roll < 0.10:
                arb.count_tricks(rng.choice([NS, EW]))
            elif roll < 0.105:
                arb.name_trump_card(any_seat)
            elif roll < 0.11:
                arb.claim_lead_out_of_turn(rng.choice([NS, EW]))
            elif roll < 0.115:
                arb.claim_omission(rng.choice([NS, EW]))
            elif roll < 0.12 and st.hand(any_seat):
                arb.detach(any_seat, rng.choice(st.hand_cards(any_seat)))
                arb.name_detached(any_seat.left, any_seat, rng.choice(CARDS))
            else:
                hand = st.hand_cards(seat)
                legal = st.legal_cards(seat)
                arb.play(seat, rng.choice(hand) if rng.random() < 0.15 else rng.choice(legal))
        except LawsError:
            pass
    return arb
