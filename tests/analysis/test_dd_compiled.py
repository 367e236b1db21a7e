"""Small positions solved by the compiled solver (analysis/_endgame.c) in the DD layer:
the same exact scores, best cards and lines as DDS, and DDS for everything larger."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cavendish.analysis import dd
from cavendish.analysis.position import Position, PositionError
from cavendish.core.cards import Card, Seat, Suit
from cavendish.core.state import HandState
from cavendish.core.table import deal_cards

pytestmark = pytest.mark.skipif(not dd.endplay_available(), reason="DDS (endplay) not importable")

LIMIT = dd.COMPILED_CARDS


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    dd.cache_clear()
    limit = dd.COMPILED_CARDS
    try:
        yield
    finally:
        dd.set_compiled_cards(limit)
        dd.cache_clear()


def position(rng: random.Random, cards: int, on_table: int, trump: Suit) -> Position:
    """A position of random legal play: ``cards`` in the hand to play, ``on_table`` cards
    of the current trick played, ``trump`` trumps (whatever the deal turned up)."""
    state = HandState(deal_cards(rng, Seat(rng.randrange(4))))
    for _ in range(4 * (13 - cards) + on_table):
        state.play(rng.choice(state.legal_cards()))
    here = Position.from_state(state)
    pos = Position(here.hands, trump, here.leader, here.played)
    pos.validate()
    assert pos.tricks_left == cards and len(pos.played) == on_table
    return pos


def test_the_compiled_solver_is_built_and_takes_small_positions() -> None:
    assert dd._endgame is not None, "the compiled solver (analysis/_endgame.c) was not built"
    assert LIMIT >= 4


@pytest.mark.parametrize("cards", range(1, LIMIT + 1))
def test_compiled_path_agrees_with_dds_at_every_size_up_to_the_limit(cards: int) -> None:
    rng = random.Random(1000 + cards)
    for trump in Suit:
        for on_table in range(4):
            for _ in range(5):
                pos = position(rng, cards, on_table, trump)
                assert dd._small(pos)
                mine = dd.solve_position(pos, use_cache=False)
                theirs = dd._dds_call(pos, -1, 3)
                assert mine.tricks == theirs, pos
                assert list(mine.tricks) == sorted(theirs), pos  # in card order, as DDS's


def test_a_small_position_gets_dds_best_card_and_line() -> None:
    rng = random.Random(77)
    for cards in range(2, LIMIT + 1):
        pos = position(rng, cards, rng.randrange(4), Suit(rng.randrange(4)))
        mine = dd.solve_position(pos, use_cache=False)
        dd.set_compiled_cards(0)
        theirs = dd.solve_position(pos, use_cache=False)
        dd.set_compiled_cards(LIMIT)
        assert (mine.best, mine.to_play, mine.line) == (theirs.best, theirs.to_play, theirs.line)
        assert len(mine.line) == 4 * cards - len(pos.played)


def spy_on_solvers(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[int]]:
    """Record the sizes each solver is given (the compiled one, DDS one at a time)."""
    calls: dict[str, list[int]] = {"compiled": [], "dds": []}
    compiled, dds_call = dd._compiled_call, dd._dds_call

    def spy_compiled(pos: Position) -> dict[Card, int]:
        calls["compiled"].append(pos.tricks_left)
        return compiled(pos)

    def spy_dds(pos: Position, target: int, solutions: int) -> dict[Card, int]:
        calls["dds"].append(pos.tricks_left)
        return dds_call(pos, target, solutions)

    monkeypatch.setattr(dd, "_compiled_call", spy_compiled)
    monkeypatch.setattr(dd, "_dds_call", spy_dds)
    return calls


def test_a_position_one_card_over_the_limit_goes_to_dds(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = spy_on_solvers(monkeypatch)
    rng = random.Random(5)
    over = position(rng, LIMIT + 1, 1, Suit.H)
    at = position(rng, LIMIT, 2, Suit.D)
    dd.solve_position(over, use_cache=False)
    assert calls == {"compiled": [], "dds": [LIMIT + 1]}
    dd.solve_position(at, use_cache=False)
    assert calls == {"compiled": [LIMIT], "dds": [LIMIT + 1]}


def test_no_compiled_solver_means_dds_solves_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(6)
    pos = position(rng, 3, 0, Suit.S)
    built = dd.solve_position(pos, use_cache=False)
    monkeypatch.setattr(dd, "_endgame", None)  # as where the extension was not built
    calls = spy_on_solvers(monkeypatch)
    assert not dd._small(pos)
    assert dd.solve_position(pos, use_cache=False).tricks == built.tricks
    assert calls == {"compiled": [], "dds": [3]}


def test_solve_many_with_a_mix_of_sizes_returns_results_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(11)
    sizes = [2, LIMIT + 2, LIMIT, 13, 1, LIMIT + 1, 4]
    positions = [position(rng, n, rng.randrange(4), Suit(rng.randrange(4))) for n in sizes]
    positions.append(positions[1])  # a repeat, of a large one
    dds_batches: list[int] = []
    batch = dd._dds.SolveAllBoardsBin

    def spy(bop: object, solved: object) -> None:
        dds_batches.append(bop.noOfBoards)  # type: ignore[attr-defined]
        batch(bop, solved)

    monkeypatch.setattr(dd._dds, "SolveAllBoardsBin", spy)
    many = dd.solve_many(positions)
    assert dds_batches == [3]  # the three larger positions, once each, in one batch
    monkeypatch.undo()
    for pos, got in zip(positions, many, strict=True):
        assert got.to_play == pos.to_play
        assert got.tricks == dd._dds_call(pos, -1, 3), pos
    assert many[1] is many[-1]


def test_compiled_solver_refusal_is_a_position_error_naming_the_position() -> None:
    # the layer validates first; a position that slips past (built unchecked) is
    # refused by the C solver, and its ValueError becomes a PositionError
    bad = Position((0b11, 0b110, 0b110000, 0b11000000), Suit.S, Seat.N, ())
    with pytest.raises(PositionError, match="compiled solver refused the position") as info:
        dd._compiled_call(bad)
    assert "holds a card another hand holds" in str(info.value)
    assert str(bad) in str(info.value)
    with pytest.raises(PositionError, match="card S3 is in two hands"):
        dd.solve_position(bad)


def test_set_compiled_cards_refuses_a_negative_limit() -> None:
    with pytest.raises(ValueError, match="compiled cards -2: must be 0 or more"):
        dd.set_compiled_cards(-2)


def test_dd_small_benchmark_reports_both_solvers_at_each_size() -> None:
    from cavendish.bench.dd import _small

    line = _small(random.Random(3), 4, 1)  # raises if the two solvers disagree
    sizes = list(range(4, LIMIT + 2))
    assert line["name"] == "dd-small" and line["compiled_cards"] == LIMIT
    for column in ("compiled_us", "dds_us"):
        us = line[column]
        assert isinstance(us, dict) and list(us) == sizes
        assert all(v > 0 for v in us.values())
