"""The shuffle, the cut, the deal, new deals and misdeals made by hand (laws 29-51, 83;
dummy law i; double dummy)."""

from __future__ import annotations

import pytest
from laws_helpers import EW, NS, E, N, S, W, c

from cavendish.core.cards import Seat
from cavendish.core.rules import get_rules
from cavendish.laws import AwaitingDecision, NotAllowed
from cavendish.laws.deal_laws import DealOutcome, DealProcedure, first_dealer_of_rubber
from cavendish.laws.names import DOUBLE_DUMMY, DUMMY_I


def ready(dealer: Seat = S, **kw: object) -> DealProcedure:
    """Shuffled by the dealer's partner and the dealer, and cut by his right-hand player."""
    proc = DealProcedure(dealer, seed=5, **kw)  # type: ignore[arg-type]
    proc.shuffle(dealer.partner)
    proc.shuffle(dealer)
    proc.cut(dealer.right, 20)
    return proc


def deal_to(proc: DealProcedure, count: int) -> None:
    for _ in range(count):
        proc.deal_card()


def test_law_29_each_player_shuffles_once() -> None:
    proc = DealProcedure(S, seed=1)
    proc.shuffle(N)
    with pytest.raises(NotAllowed, match="law 29"):
        proc.shuffle(N)
    proc.shuffle(E)
    proc.shuffle(S)
    proc.cut(E, 10, card_exposed=True)  # a false cut: each may shuffle again
    proc.shuffle(N)
    assert proc.shuffled == [N]


def test_law_30_dealers_partner_has_the_first_right_to_shuffle() -> None:
    proc = DealProcedure(S, seed=1)
    with pytest.raises(NotAllowed, match="law 30"):
        proc.shuffle(E)
    with pytest.raises(NotAllowed, match="law 30"):
        proc.waive_shuffle(E)
    proc.waive_shuffle(N)
    proc.shuffle(E)
    assert proc.shuffled == [E]


def test_law_32_dealer_shuffles_last_and_again_if_a_card_is_seen() -> None:
    proc = DealProcedure(S, seed=1)
    proc.shuffle(N)
    proc.shuffle(S, card_seen=True)
    d = proc.pending()
    assert d is not None and d.law == 32 and d.side == EW
    proc.elect(EW, "reshuffle")
    with pytest.raises(NotAllowed, match="law 32"):
        proc.shuffle(W)  # the dealer has the last shuffle
    proc.shuffle(S)  # compelled to shuffle again
    assert proc.shuffled == [N, S, S]
    with pytest.raises(NotAllowed, match="law 32"):
        proc.shuffle(S)


def test_law_33_the_deal_goes_round_from_the_dealers_left_and_passes_to_the_left() -> None:
    proc = ready(S)
    first = proc.pack[0]
    outcome = proc.deal_all()
    assert outcome.verdict == "dealt" and outcome.deal is not None
    deal = outcome.deal
    assert deal.dealer == S and deal.hand(W) >> first & 1  # the first card to the left
    assert deal.trump_card == proc.pack[51] and deal.hand(S) >> deal.trump_card & 1
    assert outcome.next_dealer == W


def test_law_34_cut_leaves_four_cards_a_packet_fresh_cut_on_exposure() -> None:
    proc = DealProcedure(S, seed=1)
    proc.shuffle(N)
    proc.shuffle(S)
    proc.cut(E, 3)  # three cards lifted
    assert proc.cut_by is None and proc.rulings[-1].law == 34
    with pytest.raises(NotAllowed, match="law 34"):
        proc.cut(N, 20)  # the player on the dealer's right cuts
    proc.cut(E, 20, confused=True)
    assert proc.cut_by is None and proc.phase == "shuffle"
    proc.shuffle(N)
    proc.shuffle(S)
    before = list(proc.pack)
    proc.cut(E, 20)
    assert proc.pack == before[20:] + before[:20]


def test_law_35_the_pack_once_separated_cannot_be_cut_again() -> None:
    proc = ready()
    with pytest.raises(NotAllowed, match="law 35"):
        proc.cut(E, 30)
    with pytest.raises(NotAllowed, match="law 35"):
        proc.shuffle(E)


def test_law_36_dealer_shuffles_after_the_cut_loses_the_deal() -> None:
    proc = ready(S)
    proc.shuffle(S)
    assert proc.outcome == DealOutcome("misdeal", W, 36)


def test_law_37_card_faced_in_the_pack_a_new_deal_by_the_same_dealer() -> None:
    proc = ready(S)
    deal_to(proc, 10)
    proc.face_in_pack(proc.pack[30])
    assert proc.outcome is not None and proc.outcome.verdict == "new deal"
    assert proc.outcome.next_dealer == S and proc.outcome.law == 37
    last = ready(S)
    last.face_in_pack(last.pack[51])  # the last card is turned up anyway
    assert last.outcome is None


def test_law_38_card_exposed_by_the_dealer_adversaries_may_claim_a_new_deal() -> None:
    proc = ready(S)
    deal_to(proc, 5)
    proc.deal_card(face_up=True)
    d = proc.pending()
    assert d is not None and d.law == 38 and d.side == EW
    with pytest.raises(AwaitingDecision):
        proc.deal_card()
    proc.elect(EW, "new-deal")
    assert proc.outcome is not None and proc.outcome.verdict == "new deal"
    # not claimed: the deal goes on and the card cannot be called
    stand = ready(S)
    deal_to(stand, 5)
    stand.deal_card(face_up=True, by=E)  # exposed by an adversary: the dealer's claim
    d = stand.pending()
    assert d is not None and d.side == NS
    stand.elect(NS, "stand")
    outcome = stand.deal_all()
    assert outcome.not_liable == (stand.pack[5],)


def test_law_39_touching_after_the_other_side_does_not_lose_the_claim() -> None:
    proc = ready(S)
    deal_to(proc, 8)
    proc.touch(N)  # the dealer's partner touches his cards
    proc.touch(E)  # the adversaries may do the same
    proc.deal_card(face_up=True)  # the dealer exposes a card
    d = proc.pending()
    assert d is not None and d.side == EW  # E-W keep their claim
    first = ready(S)
    deal_to(first, 8)
    first.touch(E)  # an adversary touches first
    first.deal_card(face_up=True)
    assert first.pending() is None and "touched their cards first" in first.rulings[-1].what


def test_law_40_one_of_the_last_cards_exposed_trump_turned_claim_kept() -> None:
    proc = ready(S)
    deal_to(proc, 49)
    proc.deal_card(face_up=True)  # the fiftieth card
    proc.deal_card()
    proc.turn_trump()  # turned up before the adversaries could decide
    assert proc.trump_turned and proc.outcome is None
    proc.elect(EW, "new-deal")
    assert proc.outcome is not None and proc.outcome.law == 40


def test_law_41_dealer_looks_at_the_trump_card_adversaries_may_exact_a_new_deal() -> None:
    proc = ready(S)
    deal_to(proc, 20)
    proc.look_at_trump(S)
    d = proc.pending()
    assert d is not None and d.law == 41 and str(proc.pack[51]) in d.question
    proc.elect(EW, "new-deal")
    assert proc.outcome is not None and proc.outcome.verdict == "new deal"


def test_law_42_card_of_the_other_pack_adversaries_decide() -> None:
    """003 law 42: "If a player take into the hand dealt to him a card belonging to the
    other pack, the adversaries, on discovery of the error, may decide whether they
    will have a fresh deal or not": during the deal, or once it is made."""
    proc = ready(S)
    proc.deal_all()
    proc.foreign_card(N, c("SA"))  # discovered after the deal: still theirs to decide
    after = proc.pending()
    assert after is not None and after.law == 42 and after.side == EW
    proc.elect(EW, "new-deal")
    assert proc.outcome is not None and proc.outcome.verdict == "new deal"
    during = ready(S)
    deal_to(during, 30)
    during.foreign_card(N, during.pack[1])
    d = during.pending()
    assert d is not None and d.law == 42 and d.side == EW
    during.elect(EW, "new-deal")
    assert during.outcome is not None and during.outcome.law == 42


def test_law_43_misdeal_loses_the_deal() -> None:
    proc = ready(S)
    deal_to(proc, 12)
    proc.count_cards()
    assert proc.outcome is not None and proc.outcome.verdict == "misdeal"
    assert proc.outcome.next_dealer == W


def test_law_44_misdeals_out_of_rotation_face_down_fourteen_and_put_right() -> None:
    # (i)/(vi) a card out of rotation, then another: a misdeal
    proc = ready(S)
    proc.deal_card(to=N)
    proc.deal_card()
    assert proc.outcome is not None and proc.outcome.verdict == "misdeal"
    # (vi) two cards at once, put right by moving one card before the third
    right = ready(S)
    right.deal_card(two=True)
    right.rectify(N)
    assert right.deal_all().verdict == "dealt"
    # (ii) the trump card face down
    down = ready(S)
    deal_to(down, 51)
    down.turn_trump(face_down=True)
    assert down.outcome is not None and "face down" in down.rulings[-1].what
    # (iv) fourteen cards and twelve
    four = ready(S)
    deal_to(four, 50)
    four.deal_card(to=N)
    four.turn_trump()
    assert four.outcome is not None and "fourteen" in four.rulings[-1].what
    # (vii) the pack not cut, the adversaries object in time: a misdeal; too late: it stands
    uncut = DealProcedure(S, seed=2)
    uncut.shuffle(N)
    uncut.shuffle(S)
    uncut.skip_cut()
    deal_to(uncut, 10)
    uncut.object_no_cut(E)
    assert uncut.outcome is not None and uncut.outcome.verdict == "misdeal"
    late = DealProcedure(S, seed=2)
    late.shuffle(N)
    late.shuffle(S)
    late.skip_cut()
    deal_to(late, 10)
    late.object_no_cut(E, looked=True)
    assert late.outcome is None and late.deal_all().verdict == "dealt"


def test_law_45_adversary_touched_the_cards_first_the_dealer_keeps_the_deal() -> None:
    proc = ready(S)
    deal_to(proc, 6)
    proc.touch(W)
    proc.touch(N)
    proc.count_cards()
    assert proc.outcome is not None and proc.outcome.law == 45 and proc.outcome.next_dealer == S
    partner = ready(S)
    deal_to(partner, 6)
    partner.touch(N)  # the dealer's partner interfered first
    partner.touch(W)
    partner.count_cards()
    assert partner.outcome is not None and partner.outcome.next_dealer == W


def test_law_46_card_missing_from_a_hand_named_for_the_play() -> None:
    proc = ready(S)
    deal_to(proc, 3)
    dropped = proc.pack[3]
    proc.drop_card()  # the fourth card, the dealer's own, falls below the table
    outcome = proc.deal_all()
    assert outcome.verdict == "dealt" and outcome.missing == ((S, dropped),)


def test_law_47_pack_proved_imperfect_during_the_deal_same_dealer() -> None:
    proc = ready(S)
    deal_to(proc, 40)
    proc.prove_imperfect(E)
    assert proc.outcome is not None and proc.outcome.verdict == "new deal"
    assert proc.outcome.next_dealer == S and proc.outcome.law == 47


def test_law_48_dealing_out_of_turn_stopped_before_the_trump_is_turned() -> None:
    proc = ready(E, rightful=S)
    assert proc.rulings[0].law == 48
    deal_to(proc, 10)
    proc.stop(W)
    assert proc.outcome is not None and proc.outcome.next_dealer == S
    late = ready(E, rightful=S)
    outcome = late.deal_all()
    with pytest.raises(NotAllowed, match="law 48"):
        late.stop(W)
    assert outcome.verdict == "dealt"  # it stands as if no mistake had been made
    pack = ready(S, own_pack=False)
    deal_to(pack, 3)
    pack.stop(E)
    assert pack.outcome is not None and "own pack" in pack.rulings[-1].what


def test_law_49_no_cutting_or_shuffling_for_partner_without_the_opponents_permission() -> None:
    proc = DealProcedure(S, seed=1)
    proc.shuffle(N)
    with pytest.raises(NotAllowed, match="law 49"):
        proc.shuffle(W, for_partner=True)
    proc.shuffle(S)
    proc.cut(W, 20)  # W would cut for E, his partner
    d = proc.pending()
    assert d is not None and d.law == 49 and d.side == NS
    proc.elect(NS, "refuse")
    with pytest.raises(NotAllowed, match="law 49"):
        proc.cut(W, 20)
    proc.cut(E, 20)
    assert proc.cut_by == E
    allowed = DealProcedure(S, seed=1)
    allowed.shuffle(N)
    allowed.shuffle(S)
    allowed.cut(W, 20)
    allowed.elect(NS, "permit")
    allowed.cut(W, 20)
    assert allowed.cut_by == W


def test_law_50_interruption_that_fails_the_dealer_may_deal_again_after_a_misdeal() -> None:
    proc = ready(S)
    deal_to(proc, 4)
    proc.interrupt(E, valid=False)
    proc.count_cards()
    assert proc.outcome is not None and proc.outcome.law == 50 and proc.outcome.next_dealer == S


def test_law_51_partners_deal_taken_and_misdealt_passes_to_the_next_adversary() -> None:
    proc = ready(N, rightful=S)  # N takes S's deal
    deal_to(proc, 4)
    proc.count_cards()
    assert proc.outcome is not None and proc.outcome.law == 51
    assert proc.outcome.next_dealer == W  # the adversary next after S


def test_law_83_fresh_cards_before_the_cut_not_after() -> None:
    proc = DealProcedure(S, seed=1)
    proc.shuffle(N)
    proc.call_fresh_cards(E)
    d = proc.pending()
    assert d is not None and d.law == 83 and d.seat in (S, N) and d.side == NS
    proc.elect(NS, "pack-2")
    assert proc.shuffled == []
    proc.shuffle(N)
    proc.shuffle(S)
    proc.cut(E, 20)
    with pytest.raises(NotAllowed, match="law 83"):
        proc.call_fresh_cards(W)


def test_double_dummy_there_is_no_misdeal() -> None:
    proc = ready(S, rules=get_rules("double-dummy"))
    deal_to(proc, 7)
    proc.count_cards()
    assert proc.outcome is not None and proc.outcome.law == DOUBLE_DUMMY
    assert proc.outcome.verdict == "new deal" and proc.outcome.next_dealer == S


def test_dummy_law_i_dummy_deals_at_the_commencement_of_each_rubber() -> None:
    assert first_dealer_of_rubber(E) == (E, DUMMY_I)
