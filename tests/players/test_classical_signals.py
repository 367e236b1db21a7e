"""The classical player's discards (§10) and signals: the call for trumps and the
echo (§11).  South is to play; clubs are trumps unless stated."""

from __future__ import annotations

from typing import cast

from classical_helpers import check, south_decides

from cavendish.core import Seat
from cavendish.players.classical import ClassicalPlayer, Decision, build_position, replay_to


def decide(hand: str, plays: tuple[str, ...], *, dealer: str, **kw: object) -> Decision:
    """South's decision with ``hand`` after ``plays``."""
    return south_decides(hand, plays, dealer=dealer, **kw)  # type: ignore[arg-type]


# ----------------------------------------------------------------- discards (§10)
# South dealt (West leads, North second, East third); North wins the spade trick
PARTNER_WINS = ("S2", "SA", "S3")


def test_convention_c118_discard_the_lowest_of_the_weakest_suit() -> None:
    d = decide("-.AKQ53.T8432.J97", PARTNER_WINS, dealer="S", trump="C7")
    check(d, "D2", "C118")


def test_convention_c119_keep_the_guard_of_the_king() -> None:
    # diamonds K 4 and eight small hearts: a heart goes, the king stays guarded
    d = decide("-.T9876543.K4.J97", PARTNER_WINS, dealer="S", trump="C7")
    check(d, "H3", "C118")


def test_convention_c120_adverse_trump_strength_discard_from_the_best_protected_suit() -> None:
    # West led trumps unasked (strength); then a spade, which South cannot follow
    plays = ("CA", "C3", "C4", "C2", "SK", "S2", "S3")
    hand = "-.T765432.AK982.2"
    check(decide(hand, plays, dealer="S"), "H2", "C120")
    check(decide(hand, plays, dealer="S", school="old"), "D2", "C118")


def test_convention_c122_full_command_discard_the_best_card() -> None:
    check(decide("-.AKQJ.-.AKQJT9876", PARTNER_WINS, dealer="S", trump="C6"), "HA", "C122")


def test_convention_c123_discard_the_second_best_when_it_is_the_last() -> None:
    check(decide("-.AKQ5.K.AJT98765", PARTNER_WINS, dealer="S", trump="C5"), "DK", "C123")


def test_convention_c124_the_lowest_of_indifferent_cards() -> None:
    d = decide("-.8643.T9752.J976", PARTNER_WINS, dealer="S", trump="C7", school="old")
    check(d, "H3", "C118")


# ----------------------------------------------------------------- the call (§11)
# North dealt; East leads the ace, then the king, of hearts; South is second hand
CALL_HAND = "K2.763.J95.AQ864"


def test_convention_c125_call_for_trumps_the_unnecessarily_high_card() -> None:
    d = decide(CALL_HAND, ("HA",), dealer="N")
    check(d, "H6", "C125")
    assert "C63" in d.also


def test_convention_c125_the_lower_card_completes_the_call() -> None:
    d = decide(CALL_HAND, ("HA", "H6", "H4", "H5", "HK"), dealer="N")
    check(d, "H3", "C125")
    assert "completing" in d.reason


def test_convention_c125_old_school_no_call() -> None:
    check(decide(CALL_HAND, ("HA",), dealer="N", school="old"), "H3", "C63")


def test_convention_c125_call_by_discarding() -> None:
    # Drayson: a discard of a six, then a two, is a call; South has no spades
    check(decide("-.K82.J9653.AQ864", PARTNER_WINS, dealer="S", trump="C4"), "H8", "C125")


def test_convention_c126_four_trumps_without_two_honours_do_not_call() -> None:
    check(decide("K842.73.J95.A864", ("HA",), dealer="N"), "H3", "C63")


def test_convention_c126_four_trumps_with_two_honours_call() -> None:
    check(decide("K82.73.J965.AQ64", ("HA",), dealer="N"), "H7", "C125")


# ----------------------------------------------------------------- the echo
def test_convention_c131_echo_partners_trump_lead_with_four() -> None:
    # North leads the ace of trumps; South, with four, plays the second lowest
    check(decide("K82.73.J965.9753", ("CA", "C4"), dealer="W", trump="C2"), "C5", "C131")


def test_convention_c131_the_lower_trump_completes_the_echo() -> None:
    plays = ("CA", "C4", "C5", "C6", "CK", "C8")
    check(decide("K82.73.J965.9753", plays, dealer="W", trump="C2"), "C3", "C131")


def test_convention_c131_no_echo_with_three_trumps() -> None:
    check(decide("K82.735.J965.975", ("CA", "C4"), dealer="W", trump="C2"), "C5", "C6")


def test_convention_c120_no_adverse_strength_from_a_seat_that_ignores_the_school() -> None:
    # as above, but West has played against the school's readings three times: his
    # unasked trump lead is no longer read as strength, and the discard is the usual one
    plays = ("CA", "C3", "C4", "C2", "SK", "S2", "S3")
    state = build_position({"S": "-.T765432.AK982.2"}, trump_card="C2", dealer="S", plays=plays)
    player = ClassicalPlayer("modern")
    first = cast(Decision, replay_to(player, state))
    check(first, "H2", "C120")
    k = player.knowledge(Seat.S)
    assert k is not None
    k.reliability[Seat.W] = 0.75**3
    check(player.decide(state.view(Seat.S)), "D2", "C118")
