"""Annotation of played hands: every card's double-dummy cost, checked against independent
solver calls, and the identity that ties the costs to the result:

    made(side) = dd_start(side) - lost(side) + lost(other side)
"""

from __future__ import annotations

import random

import pytest

from cavendish.analysis import dd
from cavendish.analysis.annotate import annotate_record, annotate_records, mark
from cavendish.core import HandState, Seat, Side, deal_cards, get_rules
from cavendish.io import HandRecord


def _played(seed: int, *, cards: int = 52, laws: bool = False) -> HandState:
    rng = random.Random(seed)
    rules = get_rules("short", mode="laws") if laws else get_rules("short")
    state = HandState(deal_cards(rng, Seat(seed % 4)), rules)
    for _ in range(cards):
        state.play(rng.choice(state.legal_cards()))
    return state


def _record(state: HandState, board: int = 1) -> HandRecord:
    return HandRecord.from_state(state, variant="short", board=board)


@pytest.mark.parametrize("seed", [3, 8])
def test_annotate_costs_match_independent_solver_calls_and_the_result_identity(seed: int) -> None:
    state = _played(seed)
    ann = annotate_record(_record(state))
    assert ann.finished and len(ann.cards) == 52
    # every cost, recomputed from a fresh replay with uncached solver calls
    replay = HandState(state.deal)
    for note in ann.cards:
        r = dd.solve_state(replay, use_cache=False)
        assert note.seat == replay.turn
        assert note.cost == r.best - r.tricks[note.card]
        assert note.mark == ("" if note.cost == 0 else "?" if note.cost == 1 else "??")
        replay.play(note.card)
    # the double-dummy value at the start, for the eldest hand's side
    start = dd.solve_state(HandState(state.deal), use_cache=False)
    assert ann.dd_start == start.best and ann.eldest == state.deal.dealer.left
    # the identity: tricks made = DD start - own errors + the other side's errors
    eldest = ann.eldest.side
    made = {Side.NS: state.tricks_won(Side.NS), Side.EW: state.tricks_won(Side.EW)}
    assert ann.made == (made[Side.NS], made[Side.EW])
    lost = dict(zip((Side.NS, Side.EW), ann.lost, strict=True))
    assert made[eldest] == ann.dd_start - lost[eldest] + lost[eldest.other]
    assert made[eldest.other] == 13 - ann.dd_start - lost[eldest.other] + lost[eldest]
    # random play errs somewhere: the test is not vacuous
    assert sum(ann.lost) > 0


def test_annotate_unfinished_hand_identity_holds_with_the_dd_value_now() -> None:
    state = _played(5, cards=30)
    ann = annotate_record(_record(state))
    assert not ann.finished and len(ann.cards) == 30
    r = dd.solve_state(state, use_cache=False)
    rest = r.best if state.turn.side == Side.NS else 13 - state.trick_number - r.best
    assert ann.dd_now[0] == state.tricks_won(Side.NS) + rest
    assert ann.dd_now[0] == ann.dd_start_ns - ann.lost[0] + ann.lost[1]


def test_annotate_stops_at_a_revoke_law_71() -> None:
    rng = random.Random(2)
    state = HandState(deal_cards(rng, Seat.S), get_rules("short", mode="laws"))
    revoked = False
    while not revoked:
        legal = state.legal_mask()
        hand = state.hand(state.turn)
        other = hand & ~legal
        if state.current_trick and other:
            card = next(c for c in range(52) if other >> c & 1)
            state.play(card)
            revoked = True
        else:
            state.play(state.legal_cards()[0])
    ann = annotate_record(_record(state))
    assert "irregular" in ann.stopped and "must follow" in ann.stopped
    assert len(ann.cards) == len(state.events) - len(state.tricks) - 1
    assert not ann.finished


def test_mark_one_question_mark_per_trick_lost_up_to_two() -> None:
    assert [mark(c) for c in range(4)] == ["", "?", "??", "??"]


def test_annotate_records_in_a_process_pool_equals_in_process() -> None:
    records = [_record(_played(s, cards=24), board=i + 1) for i, s in enumerate((1, 2))]
    seen: list[int] = []
    pooled = annotate_records(records, workers=2, progress=seen.append)
    alone = annotate_records(records, workers=1)
    assert pooled == alone and seen == [1, 2]
    with pytest.raises(ValueError, match="workers"):
        annotate_records(records, workers=0)
