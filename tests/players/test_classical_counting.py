"""The classical player counts the last tricks (C4, C10): once the fall of the cards
has told where they lie, it plays the card the count prefers to the book's card."""

from __future__ import annotations

import random
from collections.abc import Iterator
from math import comb
from typing import cast

import pytest

from cavendish.core import Card, Deal, HandState, Seat
from cavendish.players.classical import ClassicalPlayer, Decision, replay_to
from cavendish.players.classical.counting import LAST_TRICKS, count_out, layouts
from cavendish.players.inference import Knowledge

# a hand from a classical-random game, stopped with two tricks to play
DEAL = "E:85.A642.9.J96543 72.KJT.AJ8763.T7 KQT93.9853.T5.AK AJ64.Q7.KQ42.Q82"
_PLAYED = """DA DT D2 D9 D7 D5 D4 C5 C4 C7 CK C2 SQ SA S8 S2 DK CJ D3 ST H6 HT H5 H7 S7 SK
S4 S5 CA C8 C9 CT S9 SJ C3 D6 H4 HK H3 HQ D8 S3 DQ H2"""
PLAYS = tuple(_PLAYED.split())


def _state(n: int) -> HandState:
    state = HandState(Deal.from_pbn(DEAL, trump_card="C4"))
    for card in PLAYS[:n]:
        state.play(Card.parse(card))
    return state


def test_convention_c4_the_last_tricks_counted() -> None:
    state = _state(len(PLAYS))
    assert state.turn == Seat.N and 13 - state.trick_number == 2
    d = cast(Decision, replay_to(ClassicalPlayer("modern"), state))
    # the book would discard the small spade; the count says keep it and make both tricks
    assert (str(d.card), d.convention) == ("CQ", "C4"), str(d)
    assert "C10" in d.also and "2.00" in d.reason


def test_convention_c10_every_layout_the_play_allows_is_counted() -> None:
    state = _state(len(PLAYS))
    player = ClassicalPlayer("modern")
    replay_to(player, state)
    k = player.knowledge(Seat.N)
    assert k is not None
    found = layouts(k)
    assert found is not None and len(found) == len(set(found))
    for lay in found:
        assert k.consistent(lay, inferences=False)
        assert lay[Seat.N] == state.hand(Seat.N)
    # brute force: every way of sharing the unseen cards that keeps to the voids
    unseen = [c for c in range(52) if k.unseen >> c & 1]
    others = [s for s in Seat if s != Seat.N]
    sizes = [k.hand_size(s) - k.known(s).bit_count() for s in others]
    total = 0
    for code in range(3 ** len(unseen)):
        hands = [k.known(s) for s in Seat]
        counts = [0, 0, 0]
        x = code
        for c in unseen:
            i, x = x % 3, x // 3
            hands[others[i]] |= 1 << c
            counts[i] += 1
        if counts == sizes and k.consistent(tuple(hands), inferences=False):
            total += 1
    assert total == len(found)
    assert len(found) <= comb(len(unseen), sizes[0]) * comb(len(unseen) - sizes[0], sizes[1])


def test_convention_c4_not_before_the_last_tricks() -> None:
    state = _state(8)  # the third trick
    view = state.view(state.turn)
    player = ClassicalPlayer("modern")
    book = cast(Decision, replay_to(player, state))
    k = player.knowledge(state.turn)
    assert k is not None and book.convention != "C4"
    assert 13 - k.trick_number > LAST_TRICKS
    assert count_out(k, list(view.trick), view.legal, book, random.Random(0)) is None


def _stages(first: int) -> Iterator[tuple[Knowledge, list[tuple[int, int, int, int]]]]:
    """The knowledge of the seat on turn and every layout it allows, at each stage of
    the hand from card ``first`` on where the layouts can be listed."""
    player = ClassicalPlayer("modern")
    for n in range(first, len(PLAYS) + 1):
        state = _state(n)
        replay_to(player, state)
        k = player.knowledge(state.turn)
        assert k is not None
        found = layouts(k, limit=10**6)
        if found is not None:
            yield k, found


def test_layouts_are_counted_exactly_before_they_are_enumerated() -> None:
    # count_layouts decides "too many" without enumerating: it must agree with the
    # enumeration at every stage of the hand where the count is made
    from cavendish.players.classical.counting import count_layouts

    for k, found in _stages(36):
        me = k.seat
        seats = [s for s in Seat if s != me]
        cards = [c for c in range(52) if k.unseen >> c & 1]
        need = [k.hand_size(s) - k.known(s).bit_count() for s in seats]
        assert count_layouts(cards, [k.possible(s) for s in seats], need) == len(found)
        assert layouts(k, limit=len(found) - 1) is None if found else True


def test_layout_weights_are_the_same_floats_computed_once_per_hand() -> None:
    player = ClassicalPlayer("modern")
    state = _state(len(PLAYS))
    replay_to(player, state)
    k = player.knowledge(Seat.N)
    assert k is not None and k.inferences
    found = layouts(k)
    assert found
    expected = [k.weight(lay) for lay in found]
    assert k.weights(found) == expected
    assert k.weights(found, same_facts=True) == expected


def test_no_count_when_every_legal_card_is_equivalent_double_dummy() -> None:
    # equivalent cards take the same tricks on every layout: the book's card stands
    from cavendish.analysis.minimax import equivalent
    from cavendish.core.cards import hand_mask

    hand = hand_mask(["HK", "HQ", "H9", "S2"])
    live = hand | hand_mask(["HJ", "HA", "H3"])
    assert equivalent(hand_mask(["HK", "HQ"]), hand, live)
    assert not equivalent(hand_mask(["HQ", "H9"]), hand, live)  # the jack lies between
    assert not equivalent(hand_mask(["HK", "S2"]), hand, live)  # two suits


def test_layout_sample_dealt_by_index_is_the_listed_layout() -> None:
    # the count draws its sample as indices and deals only those layouts: each must be
    # the layout at that place of the full list, at every stage where it counts, dealt
    # by the compiled walk (_layouts.c, built by make venv) and by the Python one alike
    # (the full list too: listed by index when compiled, enumerated in Python)
    from cavendish.players.classical import counting
    from cavendish.players.classical.counting import _Deals

    deal, total = counting._deal, counting._total
    assert deal is not None and total is not None, "make venv builds _layouts.c"
    checked = 0
    for k, found in _stages(32):  # one Knowledge, followed through the hand
        deals = _Deals(k)
        picked = random.Random(len(found)).sample(range(len(found)), min(48, len(found)))
        assert deals.total() == len(found)
        assert deals.at_many(picked) == [found[i] for i in picked]
        counting._deal = counting._total = None  # the Python walk
        try:
            assert deals.total() == len(found)
            assert deals.at_many(picked) == [found[i] for i in picked]
            assert deals.every(10**6) == found
        finally:
            counting._deal, counting._total = deal, total
        assert [deals.at(i) for i in range(len(found))] == found
        checked += len(found)
    assert checked > 100


def test_compiled_layouts_refuse_what_cannot_be_dealt() -> None:
    from cavendish.players.classical import _layouts

    assert _layouts.total([0, 1, 2, 3], [0b11] * 4, [2, 2, 0, 0]) == 6
    assert _layouts.deal([0, 1], [0b11] * 2, [1, 1, 0, 0], [0, 0, 4, 0], [1]) == [(2, 1, 4, 0)]
    with pytest.raises(IndexError, match="no such layout"):
        _layouts.deal([0, 1], [0b11] * 2, [1, 1, 0, 0], [0, 0, 0, 0], [2])
    with pytest.raises(ValueError, match="2 cards but 1 seat masks"):
        _layouts.total([0, 1], [0b11], [1, 1, 0, 0])
    with pytest.raises(ValueError, match="seat mask 16"):
        _layouts.total([0], [16], [1, 0, 0, 0])
    with pytest.raises(ValueError, match="needs"):
        _layouts.total([0], [1], [1, 0])


def _random_endings(seed: int, n: int) -> Iterator[tuple[list[int], int, int, list[int]]]:
    """Random endings of two to four tricks (hands N E S W, trump, leader, the cards
    on the table), some mid-trick, the trick's cards played legally."""
    rng = random.Random(seed)
    for trial in range(n):
        tricks = 2 + trial % 3
        cards = rng.sample(range(52), 4 * tricks)
        hands = [sum(1 << c for c in cards[i * tricks:(i + 1) * tricks]) for i in range(4)]
        trump, leader = rng.randrange(4), rng.randrange(4)
        played: list[int] = []
        for i in range(rng.randrange(4)):  # part of the first trick, legally
            seat = (leader + i) % 4
            own = [c for c in range(52) if hands[seat] >> c & 1]
            follow = [c for c in own if played and c // 13 == played[0] // 13]
            card = rng.choice(follow or own)
            hands[seat] &= ~(1 << card)
            played.append(card)
        yield hands, trump, leader, played


def test_c4_short_endings_counted_exactly_as_double_dummy_solves_them() -> None:
    # the ending solvers (Python, and compiled where built) must give DDS's (or the
    # reference minimax's) tricks for every card, on random endings of two to four
    # tricks, some mid-trick
    from cavendish.analysis import dd
    from cavendish.analysis.position import Position
    from cavendish.core.cards import Suit
    from cavendish.players.classical.ending import Ending, solve

    for hands, trump, leader, played in _random_endings(22, 300):
        pos = Position.make(hands, Suit(trump), Seat(leader), played)
        want = {int(c): t for c, t in dd.solve_position(pos, use_cache=False).tricks.items()}
        four = (hands[0], hands[1], hands[2], hands[3])
        got = Ending(trump).score(four, leader, tuple(played))
        assert got == want, (pos, got, want)
        assert solve(four, leader, tuple(played), trump) == want, pos


def test_compiled_ending_solver_is_built_and_agrees_with_the_python_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # make venv builds the compiled solver; its table is kept from call to call, so
    # every layout the classical players count in two boards (their own, the ones a
    # count leaves in the table for the next) is checked against the Python solver:
    # a bound once stored from an empty window gave a wrong count on the first board.
    # The check wraps the C solver where ending.solve_many looks it up at each call
    # (a module global), so it sees every count, counting.py compiled by mypyc or not.
    from cavendish.match.duplicate import MatchSpec, PlayerSpec, play_board
    from cavendish.players.classical import ending
    from cavendish.players.classical.ending import COMPILED, Ending

    assert COMPILED, "the compiled ending solver (_endgame.c) was not built: make venv"
    python = {t: Ending(t) for t in range(4)}
    checked: list[int] = []
    compiled_many = ending._compiled_many
    assert compiled_many is not None

    def check(layouts: list[tuple[int, int, int, int]], leader: int, played: tuple[int, ...],
              trump: int) -> list[dict[int, int]]:
        got = compiled_many(layouts, leader, played, trump)
        for hands, tricks in zip(layouts, got, strict=True):
            assert tricks == python[trump].score(hands, leader, played), (hands, leader, played)
            checked.append(len(tricks))
        return got

    monkeypatch.setattr(ending, "_compiled_many", check)
    spec = MatchSpec(a=PlayerSpec.named("classical"), b=PlayerSpec.named("classical"), seed=5)
    for board in range(2):
        play_board(spec, board)
    assert len(checked) > 200


def test_compiled_ending_solver_refuses_what_is_no_ending() -> None:
    from cavendish.analysis import _endgame

    hands = (0b11, 0b1100, 0b110000, 0b11000000)
    _endgame.score(hands, 0, (), 0)  # two cards a hand: an ending
    bad = {
        "holds a card another hand holds": ((0b11, 0b110, 0b110000, 0b11000000), 0, ()),
        "on the table and in a hand": (hands, 0, (1,)),
        "hand 0 holds 2 cards, 1 expected": (hands, 0, (9,)),
        "must be a seat": (hands, 4, ()),
        "at most three cards": ((0b10, 0b1000, 0b100000, 0b10000000), 0, (0, 2, 4, 6)),
    }
    for words, (four, leader, played) in bad.items():
        with pytest.raises(ValueError, match=words):
            _endgame.score(four, leader, played, 0)
    with pytest.raises(ValueError, match="trump 5"):
        _endgame.score(hands, 0, (), 5)


def test_c4_counts_of_four_tricks_need_no_dds(monkeypatch: pytest.MonkeyPatch) -> None:
    # with the compiled solver built, no count calls DDS (endplay), even from the lead
    # with four tricks to play (sixteen cards, DDS's share before); the spy wraps the
    # C solver where ending.solve_many looks it up at each call (see above)
    from cavendish.analysis import dd
    from cavendish.match.duplicate import MatchSpec, PlayerSpec, play_board
    from cavendish.players.classical import ending

    def refuse(*args: object, **kwargs: object) -> object:
        raise AssertionError("a count called DDS")

    sizes: list[int] = []
    solve_many = ending._compiled_many
    assert solve_many is not None, "the compiled ending solver (_endgame.c) was not built"

    def spy(layouts: list[tuple[int, int, int, int]], leader: int, played: tuple[int, ...],
            trump: int) -> list[dict[int, int]]:
        sizes.extend(sum(h.bit_count() for h in hands) + len(played) for hands in layouts)
        return solve_many(layouts, leader, played, trump)

    monkeypatch.setattr(dd, "solve_many", refuse)
    monkeypatch.setattr(ending, "_compiled_many", spy)
    spec = MatchSpec(a=PlayerSpec.named("classical"), b=PlayerSpec.named("random"), seed=4)
    for board in range(4):
        play_board(spec, board)
    assert 16 in sizes  # a count from the lead with four tricks to play was made
