"""Careless tables: thousands of seeded hands with sloppy players (players/sloppy.py),
each checked from its event log alone against the arbiter.

For every hand: no card is lost or duplicated; every irregularity is ruled on, and
corrected or penalised exactly once (a revoke corrected in time, law 76, or one
penalty elected per revoke established, law 72; one election per ruling that
offers options, law 84); and the score equals an independent recomputation from
the log: the standing plays, the tricks they make (imperfect tricks, cards taken
back and counted later included), the penalties elected and the honours of the
deal, scored by the club code.  The recomputation below walks the log itself: it
uses neither the hand's state nor the arbiter's result.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from cavendish.core.cards import FULL_PACK, Card, Seat, Suit
from cavendish.core.deal import Deal
from cavendish.core.events import (
    CardMislaid,
    CardPlayed,
    CardRestored,
    CardWithdrawn,
    Elected,
    Event,
    LeaderChanged,
    PlayOmitted,
    PlayOutOfTurn,
    Ruling,
    SurplusPlayed,
)
from cavendish.core.rules import Rules, get_rules
from cavendish.core.table import deal_cards
from cavendish.laws import Arbiter
from cavendish.laws.names import DUMMY_II
from cavendish.players import RandomPlayer
from cavendish.players.sloppy import SloppyPlayer, play_hand
from cavendish.scoring.result import HandResult, HandScore, Revoke
from cavendish.scoring.sheet import POLICIES

PENALTY_LAWS = (72, 59)


# ------------------------------------------------------------- the table
def sloppy_table(seed: int, rate: float) -> Arbiter:
    """One seeded hand: short whist at four, now and then dummy whist, every seat a
    sloppy random player, a random game score."""
    rng = random.Random(seed)
    table = "dummy" if rng.random() < 0.2 else "short"
    rules = get_rules(table)
    dummies = (Seat(rng.randrange(4)),) if table == "dummy" else ()
    players = {
        s: SloppyPlayer(RandomPlayer(rng.randrange(2**31)), rate, rng.randrange(2**31))
        for s in Seat
        if s not in dummies
    }

    def controller(seat: Seat) -> SloppyPlayer | None:
        return players.get(seat.partner if seat in dummies else seat)

    score = (rng.randrange(5), rng.randrange(5))
    deal = deal_cards(rng, Seat(rng.randrange(4)))
    return play_hand(deal, rules, controller, score=score, dummies=dummies)


# ------------------------------------------------- the independent recomputation
def winner_of(entries: Sequence[tuple[Seat, Card | None]], trump: Suit) -> Seat:
    """The highest trump, else the highest card of the suit led (the first card down)."""
    cards = [(s, c) for s, c in entries if c is not None]
    led = cards[0][1].suit
    trumps = [(c.rank, s) for s, c in cards if c.suit == trump]
    if trumps:
        return max(trumps)[1]
    return max((c.rank, s) for s, c in cards if c.suit == led)[1]


@dataclass
class Walk:
    """The hand as the log tells it: holdings, tricks, revokes."""

    deal: Deal
    hands: list[int]
    mislaid: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    tricks: list[tuple[Seat, list[tuple[Seat, Card | None]]]] = field(default_factory=list)
    entries: list[tuple[Seat, Card | None]] = field(default_factory=list)
    plays: list[int] = field(default_factory=list)
    """Log indexes of the plays and no-plays in the trick structure, in order."""
    leader: Seat = Seat.N

    def turn(self) -> Seat:
        return self.leader.offset(len(self.entries))


def walk(deal: Deal, events: Sequence[Event]) -> tuple[Walk, set[int]]:
    """Replay the log by hand; return the walk and the log indexes of the plays taken back."""
    w = Walk(deal, list(deal.hands), leader=deal.dealer.left)
    withdrawn: set[int] = set()
    for i, e in enumerate(events):
        if isinstance(e, CardPlayed | PlayOmitted):
            assert e.seat == w.turn(), f"event {i}: {e} out of its turn"
            card = e.card if isinstance(e, CardPlayed) else None
            if card is not None:
                assert w.hands[e.seat] >> card & 1, f"event {i}: {card} not in {e.seat}'s hand"
                w.hands[e.seat] &= ~card.mask
            w.entries.append((e.seat, card))
            w.plays.append(i)
            if len(w.entries) == 4:
                w.tricks.append((w.leader, w.entries))
                w.leader = winner_of(w.entries, deal.trump)
                w.entries = []
        elif isinstance(e, CardWithdrawn):
            if not w.entries:
                w.leader, w.entries = w.tricks.pop()
            seat, card = w.entries.pop()
            assert (seat, card) == (e.seat, e.card), f"event {i}: {e} is not the last card"
            w.hands[seat] |= e.card.mask
            withdrawn.add(w.plays.pop())
        elif isinstance(e, LeaderChanged):
            assert not w.entries, f"event {i}: the leader changes during a trick"
            w.leader = e.seat
        elif isinstance(e, SurplusPlayed):
            _leader, entries = w.tricks[e.trick]
            k = next(k for k, (s, c) in enumerate(entries) if s == e.seat and c is None)
            entries[k] = (e.seat, e.card)
            w.hands[e.seat] &= ~e.card.mask
        elif isinstance(e, CardMislaid):
            w.hands[e.seat] &= ~e.card.mask
            w.mislaid[e.seat] |= e.card.mask
        elif isinstance(e, CardRestored):
            w.mislaid[e.seat] &= ~e.card.mask
            w.hands[e.seat] |= e.card.mask
    return w, withdrawn


def recompute(
    deal: Deal,
    rules: Rules,
    before: tuple[int, int],
    dummies: Sequence[Seat],
    events: Sequence[Event],
) -> tuple[HandResult, HandScore] | None:
    """The hand's result and score from its log alone; None for a void hand (law 69)."""
    if any(isinstance(e, Elected) and e.law == 69 and e.option == "new-deal" for e in events):
        return None
    w, withdrawn = walk(deal, events)
    won = [0, 0]
    for _leader, entries in w.tricks:
        won[winner_of(entries, deal.trump).side] += 1
    assert sum(won) == 13, f"{sum(won)} tricks"
    standing = [
        e
        for i, e in enumerate(events)
        if isinstance(e, CardPlayed) and e.revoke and i not in withdrawn
    ]
    liable = [e for e in standing if e.seat not in dummies]  # dummy law ii
    elected = [e for e in events if isinstance(e, Elected) and e.law in PENALTY_LAWS]
    assert len(elected) == len(liable), f"{len(liable)} revokes, {len(elected)} penalties"
    revokes = tuple(
        Revoke(r.seat.side, e.option, r.trick)  # type: ignore[arg-type]
        for r, e in zip(liable, elected, strict=True)
    )
    honours = [0, 0]
    tops = {Card.parse(f"{deal.trump.name}{r}") for r in "AKQJ"}
    for seat in Seat:
        honours[seat.side] += sum(1 for c in tops if deal.hand(seat) >> c & 1)
    result = HandResult((won[0], won[1]), (honours[0], honours[1]), revokes)
    return result, POLICIES[rules.scoring](rules, before, result)


# ------------------------------------------------------------- the checks
def check_hand(arb: Arbiter) -> None:
    events = arb.events
    deal = arb.deal
    w, withdrawn = walk(deal, events)
    # no card lost or duplicated, and the log's holdings are the hand's
    seen = 0
    places = [*w.hands, *w.mislaid]
    places += [c.mask for _, entries in w.tricks for _, c in entries if c is not None]
    places += [c.mask for _, c in w.entries if c is not None]
    for mask in places:
        assert seen & mask == 0, "a card in two places"
        seen |= mask
    assert seen == FULL_PACK, "a card lost"
    assert w.hands == [arb.state.hand(s) for s in Seat]
    # every ruling that offers options has exactly one election, in order (law 84)
    offered = [e for e in events if isinstance(e, Ruling) and e.options]
    answers = [e for e in events if isinstance(e, Elected) and not e.option.startswith("show:")]
    if arb.void is None:
        assert len(answers) == len(offered), f"{len(offered)} offers, {len(answers)} elections"
        for ruling, answer in zip(offered, answers, strict=True):
            assert (answer.law, answer.option in ruling.options) == (ruling.law, True)
    # every card put down out of turn is ruled on before the next card is played
    for i, e in enumerate(events):
        if isinstance(e, PlayOutOfTurn):
            nxt = next(x for x in events[i + 1 :] if isinstance(x, Ruling | CardPlayed))
            assert isinstance(nxt, Ruling), f"event {i}: {e} passes without a ruling"
    # a revoke is corrected in time (law 76, dummy law ii) or penalised, once
    revokes = [(i, e) for i, e in enumerate(events) if isinstance(e, CardPlayed) and e.revoke]
    corrected = [e for i, e in revokes if i in withdrawn]
    corrections = [
        e
        for e in events
        if isinstance(e, Ruling)
        and (
            (e.law == 76 and "corrects his revoke" in e.what)
            or (e.law == DUMMY_II and "put right" in e.what)
        )
    ]
    assert len(corrections) <= len(corrected)
    if arb.void is None and arb.finished:
        standing = [e for i, e in revokes if i not in withdrawn and e.seat not in arb.dummies]
        rulings = [e for e in events if isinstance(e, Ruling) and e.law in PENALTY_LAWS]
        penalties = [e for e in rulings if e.options]
        assert [(e.seat, e.law) for e in penalties] == [(r.seat, 72) for r in standing]


@pytest.mark.parametrize("block", range(4))
def test_law_72_76_sloppy_tables_every_irregularity_ruled_once_and_the_score_recomputed(
    block: int,
) -> None:
    """2,000 hands at sloppy 0.05 (four blocks of 500)."""
    counts: dict[str, int] = {}
    for seed in range(block * 500, (block + 1) * 500):
        arb = sloppy_table(seed, 0.05)
        check_hand(arb)
        got = recompute(arb.deal, arb.rules, arb.before, arb.dummies, arb.events)
        assert (got is None) == (arb.void is not None), f"seed {seed}"
        if got is None:
            continue
        result, score = got
        expected = arb.result()
        assert expected is not None
        assert result.tricks == expected.tricks and result.honours == expected.honours
        key = sorted((r.side, r.penalty) for r in result.revokes)
        assert key == sorted((r.side, r.penalty) for r in expected.revokes), f"seed {seed}"
        assert score == arb.score(), f"seed {seed}"
        for e in arb.events:
            counts[e.kind] = counts.get(e.kind, 0) + 1
    # the block exercised the arbiter: revokes penalised and corrected, cards out of
    # turn, exposed, not played, two to a trick
    for kind in ("elected", "withdrawn", "out_of_turn", "exposed", "omitted", "mislaid"):
        assert counts.get(kind, 0) > 0, kind
