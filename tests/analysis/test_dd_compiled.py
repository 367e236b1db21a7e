"""Small positions solved by the compiled solver (analysis/_endgame.c) in the DD layer:
the same exact scores, best cards and lines as DDS, and DDS for everything larger."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

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


def worlds(rng: random.Random, pos: Position, count: int) -> list[Position]:
    """``count`` layouts of ``pos`` as a search player samples them: the hand to play
    kept, the other hands' cards dealt again among them, each keeping its length."""
    me = int(pos.to_play)
    unseen = [c for seat in range(4) if seat != me for c in range(52) if pos.hands[seat] >> c & 1]
    out = []
    for _ in range(count):
        rng.shuffle(unseen)
        hands = [0, 0, 0, 0]
        hands[me] = pos.hands[me]
        at = 0
        for seat in range(4):
            if seat != me:
                n = pos.hands[seat].bit_count()
                for c in unseen[at : at + n]:
                    hands[seat] |= 1 << c
                at += n
        out.append(Position((hands[0], hands[1], hands[2], hands[3]), pos.trump, pos.leader,
                            pos.played))
    return out


@pytest.mark.parametrize("cards", range(5, 10))
def test_the_worlds_of_one_decision_solved_in_one_call_score_as_dds_does(cards: int) -> None:
    # partition search shares bounds between positions alike but for small cards: the
    # worlds of one decision, solved in one call sharing the table, are where a bound
    # carried to a position it does not fit would show
    rng = random.Random(2000 + cards)
    positions: list[Position] = []
    for trump in Suit:
        positions += worlds(rng, position(rng, cards, rng.randrange(4), trump), 6)
    dd.set_compiled_cards(13)
    dd._endgame.clear()
    mine = dd.solve_many(positions)
    dd.set_compiled_cards(0)
    theirs = dd.solve_many(positions)
    for pos, a, b in zip(positions, mine, theirs, strict=True):
        assert a.tricks == b.tricks, pos


def test_both_builds_of_the_compiled_search_give_the_same_scores() -> None:
    # the search is compiled for any processor and with BMI2 (PEXT); each answers alike
    rng = random.Random(31)
    positions = [position(rng, n, rng.randrange(4), Suit(rng.randrange(4)))
                 for n in (3, 5, 7) for _ in range(8)]
    asked = [(p.hands, p.leader, p.played, p.trump) for p in positions]
    previous = dd._endgame.build("any")
    try:
        dd._endgame.clear()
        portable = dd._endgame.score_each(asked)
        try:
            dd._endgame.build("bmi2")
        except ValueError:
            pytest.skip("this processor runs only the portable build")
        dd._endgame.clear()
        assert dd._endgame.score_each(asked) == portable
    finally:
        dd._endgame.build(previous)
    for pos, got in zip(positions, portable, strict=True):
        assert got == {int(c): t for c, t in dd._dds_call(pos, -1, 3).items()}, pos


def test_solve_many_names_a_small_position_the_compiled_solver_refuses() -> None:
    rng = random.Random(8)
    good = position(rng, 3, 0, Suit.S)
    bad = Position((0b11, 0b110, 0b110000, 0b11000000), Suit.S, Seat.N, ())
    with pytest.raises(PositionError, match="card S3 is in two hands"):
        dd.solve_many([good, bad])
    with pytest.raises(ValueError, match="position 1: hand 1 holds a card another hand holds"):
        dd._endgame.score_each([(good.hands, good.leader, (), good.trump),
                                (bad.hands, 0, (), 0)])


def test_score_each_keys_its_scores_by_the_cards_given() -> None:
    from cavendish.core.cards import CARDS

    rng = random.Random(9)
    pos = position(rng, 4, 1, Suit.C)
    asked = [(pos.hands, pos.leader, pos.played, pos.trump)]
    by_number = dd._endgame.score_each(asked)[0]
    by_card = dd._endgame.score_each(asked, CARDS)[0]
    assert by_card == {CARDS[c]: t for c, t in by_number.items()}
    assert all(type(c) is Card for c in by_card) and list(by_card) == sorted(by_card)


def test_dd_search_benchmark_reports_both_engines_at_each_size(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cavendish.bench import dd as bench

    rng = random.Random(4)
    asked = [position(rng, n, rng.randrange(4), Suit(rng.randrange(4)))
             for n in (5, 6) for _ in range(3)]
    monkeypatch.setattr(bench, "search_positions", lambda seed, boards: asked)
    lines = bench._search(1, 1, (5, 6, 9), 2, 1)  # raises if the two engines disagree
    assert [(line["name"], line["cards"], line["positions"]) for line in lines] == [
        ("dd-search", 5, 2), ("dd-search", 6, 2)]
    for line in lines:
        assert line["compiled_cpu_us"] > 0 and line["dds_cpu_us"] > 0  # type: ignore[operator]


def test_the_dd_search_benchmark_records_the_positions_sent_to_solve_many() -> None:
    from cavendish.bench import dd as bench

    rng = random.Random(12)
    pos = position(rng, 2, 0, Suit.H)
    seen: list[Position] = []
    with bench._recording(seen):
        dd.solve_many([pos, (pos.hands, pos.trump, pos.leader)])
    assert seen == [pos, pos] and dd.solve_many.__name__ == "solve_many"


def test_dd_search_benchmark_times_two_builds_of_the_solver_on_the_same_positions(
    tmp_path: Path,
) -> None:
    from cavendish.bench import dd as bench

    rng = random.Random(21)
    asked = [position(rng, 5, rng.randrange(4), Suit(rng.randrange(4))) for _ in range(4)]
    dd.set_compiled_cards(0)
    want = [r.tricks for r in dd.solve_many(asked)]
    # the working tree's solver twice, built apart from the installed one: one search
    builds = {"ours": bench.build_solver(tmp_path / "a"),
              "against": bench.build_solver(tmp_path / "b")}
    compared = bench._builds_compared(builds, asked, want, 2)
    assert compared["ours_nodes"] == compared["against_nodes"] > 0  # type: ignore[operator]
    assert compared["ours_cpu_us"] > 0 and compared["against_over_ours"] > 0  # type: ignore[operator]
    with pytest.raises(AssertionError, match="disagree"):
        bench._builds_compared(builds, asked, [{} for _ in asked], 1)
