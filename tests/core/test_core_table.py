"""The table procedure: cutting for partners and deal (laws 13-19), the cut and the deal (33-34)."""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cavendish.core import CARDS, FULL_PACK, Card, Rank, Seat, cut_for_partners, deal_cards
from cavendish.core.table import cut_pack, shuffled_pack

RANK_LETTERS = "23456789TJQKA"


class ScriptedCuts:
    """A cutter that plays back a script of rounds: ``{player: card}`` for each round.

    It checks that each round is cut by exactly the players the script expects, so a
    missing or an extra re-cut fails the test; :meth:`done` checks nothing is left over.
    """

    def __init__(self, *rounds: dict[str, str]) -> None:
        self.rounds = list(rounds)
        self.reasons: list[str] = []

    def __call__(self, players: tuple[str, ...], reason: str) -> Sequence[str]:
        assert self.rounds, f"unexpected extra cut by {players} ({reason})"
        script = self.rounds.pop(0)
        assert sorted(players) == sorted(script), f"{players} cut, the script has {script}"
        self.reasons.append(reason)
        return [script[p] for p in players]

    def done(self) -> bool:
        return not self.rounds


def cut(candidates: Sequence[str], *rounds: dict[str, str]) -> tuple[tuple[str, ...], ScriptedCuts]:
    cutter = ScriptedCuts(*rounds)
    result = cut_for_partners(random.Random(0), candidates, cutter=cutter)
    assert cutter.done(), f"cuts left over: {cutter.rounds}"
    assert len(result.rounds) == len(cutter.reasons)
    return result.order, cutter


NESW = ("N", "E", "S", "W")


def script_cards(script: dict[str, str]) -> list[tuple[str, Card]]:
    return [(p, Card.parse(c)) for p, c in script.items()]


def cut_value(card: Card) -> int:
    """Law 13, written out: the ace is the lowest card in cutting."""
    letter = RANK_LETTERS[card % 13]
    return 1 if letter == "A" else RANK_LETTERS.index(letter) + 2


# --------------------------------------------------------------------------- laws 13, 16
def test_law_13_ace_is_lowest_in_cutting() -> None:
    assert Rank.ACE.cut_value < min(r.cut_value for r in Rank if r != Rank.ACE)
    assert [r.cut_value for r in Rank if r != Rank.ACE] == list(range(2, 14))
    order, _ = cut(NESW, {"N": "SK", "E": "HA", "S": "D2", "W": "CQ"})
    assert order == ("E", "S", "W", "N")  # the ace cuts lowest and deals


def test_law_16_two_lowest_play_against_two_highest_and_lowest_deals() -> None:
    result = cut_for_partners(
        random.Random(0), NESW, cutter=ScriptedCuts({"N": "S9", "E": "H3", "S": "DK", "W": "C5"})
    )
    assert result.dealer == "E"
    assert result.low_pair == ("E", "W")
    assert result.high_pair == ("N", "S")
    assert result.players == ("E", "W", "N", "S") and result.left_out == ()
    assert [str(c) for c in result.rounds[0].cards] == ["S9", "H3", "DK", "C5"]


@settings(max_examples=100, deadline=None)
@given(st.permutations(range(13)), st.lists(st.integers(0, 3), min_size=4, max_size=4))
def test_law_16_cards_of_different_value_order_the_table(
    ranks: list[int], suits: list[int]
) -> None:
    cards = [CARDS[s * 13 + r] for s, r in zip(suits, ranks[:4], strict=True)]
    script = {p: str(c) for p, c in zip(NESW, cards, strict=True)}
    order, cutter = cut(NESW, script)
    expected = tuple(p for _, p in sorted((cut_value(c), p) for p, c in script_cards(script)))
    assert order == expected
    assert len(cutter.reasons) == 1  # no equal cards, no second cut


def test_law_16_more_than_four_candidates_the_four_lowest_play_and_cut_again() -> None:
    names = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
    order, cutter = cut(
        names,
        {"Ann": "S9", "Bob": "HK", "Cy": "D2", "Di": "CA", "Ed": "S5", "Flo": "H7"},
        # the four lowest (Di's ace, Cy's two, Ed's five, Flo's seven) cut for partners
        {"Di": "HQ", "Cy": "S4", "Ed": "D8", "Flo": "CJ"},
    )
    assert order == ("Cy", "Ed", "Flo", "Di", "Ann", "Bob")
    assert "partners" in cutter.reasons[1]


def test_law_16_tie_at_the_edge_of_the_table_is_cut_again_between_those_two_only() -> None:
    names = ("Ann", "Bob", "Cy", "Di", "Ed")
    order, _ = cut(
        names,
        {"Ann": "S2", "Bob": "H3", "Cy": "D4", "Di": "C6", "Ed": "S6"},
        {"Di": "SJ", "Ed": "HT"},  # the two Sixes straddle the fourth place
        {"Ann": "C9", "Bob": "CT", "Cy": "CJ", "Ed": "CQ"},
    )
    assert order == ("Ann", "Bob", "Cy", "Ed", "Di")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(5, 9))
def test_law_16_with_more_candidates_the_four_lowest_of_the_first_cut_play(
    seed: int, n: int
) -> None:
    names = [f"P{i}" for i in range(n)]
    result = cut_for_partners(random.Random(seed), names)
    first = result.rounds[0]
    assert first.players == tuple(names)
    value = dict(zip(first.players, (cut_value(c) for c in first.cards), strict=True))
    playing = {value[p] for p in result.players}
    waiting = [value[p] for p in result.left_out]
    assert max(playing) <= min(waiting)
    assert waiting == sorted(waiting)  # law 17: the rest wait in the order of their cut
    # the four cut again for partners: a round among exactly them
    assert any(set(r.players) == set(result.players) for r in result.rounds[1:])
    assert sorted(result.order) == sorted(names)


# --------------------------------------------------------------------------- law 18
def test_law_18_two_highest_equal_do_not_cut_again() -> None:
    order, _ = cut(NESW, {"N": "S3", "E": "HK", "S": "D6", "W": "CK"})
    assert order[:2] == ("N", "S") and set(order[2:]) == {"E", "W"}


def test_law_18_two_lowest_equal_cut_again_for_the_deal_only() -> None:
    order, cutter = cut(
        NESW,
        {"N": "SK", "E": "H2", "S": "DQ", "W": "C2"},
        {"E": "SJ", "W": "S7"},
    )
    assert order == ("W", "E", "S", "N")
    assert "again" in cutter.reasons[1]


def test_law_18_footnote_three_two_sixes_and_a_knave_queen_plays_with_the_three() -> None:
    # "the two Sixes cut a King and a Queen: the Queen plays with the Three"
    order, _ = cut(
        NESW,
        {"N": "S3", "E": "H6", "S": "D6", "W": "CJ"},
        {"E": "HK", "S": "HQ"},
    )
    assert order[0] == "N"  # the Three deals
    assert order[:2] == ("N", "S")  # the Queen plays with the Three
    assert set(order[2:]) == {"E", "W"}


def test_law_18_footnote_three_keeps_the_deal_when_a_six_recuts_lower() -> None:
    # "if a lower card than the Three is cut, the Three retains its privileges as original low"
    order, _ = cut(
        NESW,
        {"N": "S3", "E": "H6", "S": "D6", "W": "CJ"},
        {"E": "HA", "S": "C9"},
    )
    assert order == ("N", "E", "S", "W")


def test_law_18_equal_cards_cut_again_until_they_differ() -> None:
    order, cutter = cut(
        NESW,
        {"N": "S3", "E": "H6", "S": "D6", "W": "CJ"},
        {"E": "H8", "S": "S8"},
        {"E": "C5", "S": "D4"},
    )
    assert order == ("N", "S", "E", "W")
    assert len(cutter.reasons) == 3


# --------------------------------------------------------------------------- law 19
def test_law_19_footnote_three_aces_and_a_two_recut_two_twos_and_a_king() -> None:
    # the King plays with the original Two, and the pair of Twos cut again for the deal
    order, cutter = cut(
        NESW,
        {"N": "SA", "E": "HA", "S": "DA", "W": "C2"},
        {"N": "S2", "E": "H2", "S": "SK"},
        {"N": "D9", "E": "D3"},
    )
    assert order == ("E", "N", "S", "W")
    assert len(cutter.reasons) == 3


def test_law_19_footnote_three_aces_and_a_two_recut_an_ace_and_two_knaves() -> None:
    # the Knaves cut again and the higher plays with the Two; the Ace deals
    order, cutter = cut(
        NESW,
        {"N": "SA", "E": "HA", "S": "DA", "W": "C2"},
        {"N": "CA", "E": "SJ", "S": "HJ"},
        {"E": "S5", "S": "H8"},
    )
    assert order == ("N", "E", "S", "W")
    assert order[:2] == ("N", "E") and order[2:] == ("S", "W")
    assert len(cutter.reasons) == 3


def test_law_19_fourth_card_lowest_two_highest_partners_original_lowest_deals() -> None:
    order, _ = cut(
        NESW,
        {"N": "S2", "E": "HK", "S": "DK", "W": "CK"},
        {"E": "SA", "S": "S9", "W": "SJ"},  # E recuts lower than the original Two
    )
    assert order[0] == "N"  # the original lowest deals
    assert order == ("N", "E", "S", "W")  # the two highest of the new cut are partners


def test_law_19_fourth_card_highest_two_lowest_of_the_new_cut_partners_lower_deals() -> None:
    order, _ = cut(
        NESW,
        {"N": "S5", "E": "H5", "S": "D5", "W": "CQ"},
        {"N": "SK", "E": "S8", "S": "S4"},
    )
    assert order == ("S", "E", "N", "W")


def test_four_equal_cards_all_cut_again() -> None:
    order, cutter = cut(
        NESW,
        {"N": "S7", "E": "H7", "S": "D7", "W": "C7"},
        {"N": "SQ", "E": "S3", "S": "SA", "W": "S9"},
    )
    assert order == ("S", "E", "W", "N")
    assert len(cutter.reasons) == 2


# --------------------------------------------------------------------------- random cuts
@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_laws_14_18_random_cuts_are_consistent(seed: int) -> None:
    result = cut_for_partners(random.Random(seed))
    assert sorted(result.order) == sorted(NESW)
    for r in result.rounds:
        assert len(set(r.cards)) == len(r.cards)  # law 14: one pack, no card twice
    first = dict(zip(result.rounds[0].players, result.rounds[0].cards, strict=True))
    values = [cut_value(first[p]) for p in result.order]
    assert values == sorted(values)  # a recut never overturns the first cut
    if values[0] < values[1]:
        assert result.dealer == min(first, key=lambda p: cut_value(first[p]))
    # laws 18-19: a second cut happens exactly when equal cards straddle the deal or the
    # partnership line; two equal highest cards are not cut again
    tie_that_matters = values[0] == values[1] or values[1] == values[2]
    assert (len(result.rounds) > 1) == tie_that_matters
    assert cut_for_partners(random.Random(seed)) == result  # seeded


def test_cut_for_partners_refuses_bad_candidates() -> None:
    with pytest.raises(ValueError, match="at least four candidates, not 3"):
        cut_for_partners(random.Random(0), ("N", "E", "S"))
    with pytest.raises(ValueError, match="Bob named twice"):
        cut_for_partners(random.Random(0), ("Ann", "Bob", "Cy", "Bob"))


def test_law_14_a_cutter_may_not_cut_one_card_twice() -> None:
    with pytest.raises(ValueError, match="SA cut twice"):
        cut_for_partners(random.Random(0), NESW, cutter=lambda players, reason: ["SA"] * 4)
    with pytest.raises(ValueError, match="gave 3 cards"):
        cut_for_partners(random.Random(0), NESW, cutter=lambda players, reason: ["SA", "H2", "D3"])


# --------------------------------------------------------------------------- laws 33, 34
class StubRng(random.Random):
    """Leaves the pack in card order and lifts a chosen number of cards in the cut."""

    def __init__(self, lift: int) -> None:
        super().__init__(0)
        self.lift = lift

    def shuffle(self, x: MutableSequence[Any]) -> None:
        pass

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (4, 48)  # law 34: at least four cards in each packet
        return self.lift


def test_law_34_cut_leaves_at_least_four_cards_in_each_packet() -> None:
    lifts = set()
    for seed in range(3000):
        pack = shuffled_pack(random.Random(seed))
        after, lifted = cut_pack(pack, random.Random(seed))
        assert lifted >= 4 and 52 - lifted >= 4
        assert after == pack[lifted:] + pack[:lifted]  # the lifted packet goes under
        lifts.add(lifted)
    assert min(lifts) == 4 and max(lifts) == 48


@pytest.mark.parametrize("dealer", list(Seat))
@pytest.mark.parametrize("lift", [4, 17, 48])
def test_law_44_deal_one_card_at_a_time_from_the_dealers_left_last_card_is_trump(
    dealer: Seat, lift: int
) -> None:
    deal = deal_cards(StubRng(lift), dealer)
    pack = list(CARDS[lift:] + CARDS[:lift])
    for k, card in enumerate(pack):
        receiver = Seat((dealer + 1 + k) % 4)  # the dealer's left first, clockwise
        assert deal.hand(receiver) >> card & 1, (k, card, receiver)
    assert deal.trump_card == pack[-1]
    assert deal.hand(dealer) >> pack[-1] & 1
    assert deal.dealer is dealer


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(list(Seat)))
def test_deal_is_thirteen_cards_each_fifty_two_distinct_and_seeded(seed: int, dealer: Seat) -> None:
    deal = deal_cards(random.Random(seed), dealer)
    assert [deal.hand(s).bit_count() for s in Seat] == [13, 13, 13, 13]
    union = 0
    for s in Seat:
        assert union & deal.hand(s) == 0
        union |= deal.hand(s)
    assert union == FULL_PACK
    assert deal.hand(dealer) >> deal.trump_card & 1
    assert deal_cards(random.Random(seed), dealer) == deal


def test_different_seeds_give_different_deals() -> None:
    deals = {deal_cards(random.Random(seed), Seat.S).hands for seed in range(200)}
    assert len(deals) == 200


class _OwnRandom(random.Random):
    """A Random subclass: the deal must use its own shuffle and randint."""


@pytest.mark.parametrize("seed", range(40))
def test_laws_33_34_the_fast_deal_is_rng_shuffle_then_randint_cut_dealt_round(seed: int) -> None:
    # the deal's inlined shuffle and cut draw exactly what Random.shuffle and
    # Random.randint draw, so a seed deals what it always dealt (byte-identical records)
    for rng_type in (random.Random, _OwnRandom):
        fast, ref = rng_type(seed), random.Random(seed)
        for dealer in Seat:
            pack = list(CARDS)
            ref.shuffle(pack)
            pack, _ = cut_pack(pack, ref)
            hands = [0, 0, 0, 0]
            for i, card in enumerate(pack):
                hands[(dealer + 1 + i) & 3] |= 1 << card
            deal = deal_cards(fast, dealer)
            deal.validate()
            assert deal.hands == tuple(hands) and deal.trump_card == pack[-1]
        assert fast.random() == ref.random()


def test_law_33_the_shuffle_is_random_shuffle_itself_draw_for_draw() -> None:
    # the pack is shuffled with the generator's words drawn in batches: the same pack as
    # random.Random.shuffle of the pack in order, and the generator left in the same
    # state (the cut, the play and the next deal draw the same numbers as before)
    for seed in range(2000):
        ours, theirs = random.Random(seed), random.Random(seed)
        for _ in range(3):
            pack = list(CARDS)
            theirs.shuffle(pack)
            assert shuffled_pack(ours) == pack, seed
        assert ours.getstate() == theirs.getstate(), seed
