"""The revoke penalty (laws 72, 81, 82) and the computer's election of it.

Law 72: "The penalty for a revoke: I. Is at the option of the adversaries, who at the
end of the hand may either take three tricks from the revoking player, or deduct three
points from his score, or add three to their own score.  II. Can be claimed for as many
revokes as occur during the hand.  III. Is applicable only to the score of the game in
which it occurs.  IV. Cannot be divided ...  V. Takes precedence of every other score."
"""

from __future__ import annotations

import random

import pytest
from scoring_helpers import EW, NS, play_out, record, short

from cavendish.core import HandState, Seat, deal_cards, get_rules
from cavendish.scoring import (
    HandResult,
    Revoke,
    ScoreSheet,
    best_elections,
    best_penalty,
    score_club,
)

# ----------------------------------------------------------------- law 72(v) golden


def test_law_72v_claimants_two_add_three_win_a_treble_against_thirteen_tricks() -> None:
    """Law 72(v), the code's own example: "The claimants two - their opponents nothing
    - the former add three to their score - and thereby win a treble game, even should
    the latter have made thirteen tricks, and held four honors."

    Worked: N-S (claimants) 2 + 3 = 5, game; E-W's 7 by tricks and 4 by honours come
    after the game and are not scored; E-W have not scored: a treble."""
    hand = HandResult((0, 13), (0, 4), (Revoke(EW, "add"),))
    score = score_club(short(), (2, 0), hand)
    assert score.game_winner == NS and score.game_value == 3
    assert score.after == (5, 0) and score.points == (3, 0)
    assert score.penalties == ((EW, "add"),)
    # The computer, electing for the claimants, finds the same treble.
    assert best_penalty(short(), (2, 0), HandResult((0, 13), (0, 4), (Revoke(EW),)), EW) == "add"
    elected = score_club(short(), (2, 0), HandResult((0, 13), (0, 4), (Revoke(EW),)))
    assert elected == score


# -------------------------------------------------------------------- law 72(i)


def test_law_72i_take_three_tricks_and_add_them_to_their_own() -> None:
    """Law 72(i) "take three tricks from the revoking player" (Cavendish's note: "and
    add them to their own").  E-W revoke and take 8 tricks: 8 - 3 = 5, N-S 5 + 3 = 8,
    two by cards to N-S."""
    score = score_club(short(), (0, 0), HandResult((5, 8), revokes=(Revoke(EW, "tricks"),)))
    assert score.tricks == (8, 5) and score.points == (2, 0)


def test_law_72i_take_tricks_no_more_than_the_revokers_have() -> None:
    """Law 72(i): the revokers hold two tricks; the claimants can take only those two."""
    score = score_club(short(), (0, 0), HandResult((11, 2), revokes=(Revoke(EW, "tricks"),)))
    assert score.tricks == (13, 0) and score.game_winner == NS


def test_law_72i_deduct_three_from_the_revokers_score() -> None:
    """Law 72(i) "deduct three points from his score": E-W at 4 revoke and make the
    odd trick; 4 - 3 = 1, then their trick: 2."""
    score = score_club(short(), (1, 4), HandResult((6, 7), revokes=(Revoke(EW, "deduct"),)))
    assert score.after == (1, 2) and score.points == (0, -2)


def test_law_72i_deduct_not_below_nought() -> None:
    """Law 72(i): deducting three from revokers N-S at 1 leaves them at nought, not -2;
    then the claimants' odd trick: E-W 1 + 1 = 2."""
    score = score_club(short(), (1, 1), HandResult((6, 7), revokes=(Revoke(NS, "deduct"),)))
    assert score.after == (0, 2) and score.points == (-1, 1)


def test_law_72i_add_three_to_their_own_score() -> None:
    """Law 72(i) "add three to their own score": N-S at 0 add 3, then E-W's odd
    trick: 3 - 1."""
    score = score_club(short(), (0, 0), HandResult((6, 7), revokes=(Revoke(EW, "add"),)))
    assert score.after == (3, 1)


# ------------------------------------------------------------------- law 72(ii)


def test_law_72ii_a_penalty_for_every_revoke_in_the_hand() -> None:
    """Law 72(ii) "Can be claimed for as many revokes as occur during the hand": two
    revokes by E-W, both to add: N-S 0 + 3 + 3 = 6, game at love, a treble."""
    two = (Revoke(EW, "add"), Revoke(EW, "add"))
    score = score_club(short(), (0, 0), HandResult((6, 7), revokes=two))
    assert score.after[NS] >= 5 and score.game_winner == NS and score.game_value == 3
    one = score_club(short(), (0, 0), HandResult((6, 7), revokes=two[:1]))
    assert one.game_winner is None and one.after == (3, 1)


def test_law_72ii_penalties_of_one_hand_score_the_same_in_any_order() -> None:
    """Law 72(i)-(ii): the claimants elect "at the end of the hand", for every revoke;
    the code gives no order among the penalties, and the scorer applies deductions, then
    tricks, then additions, so the score does not depend on which revoke came first.
    Claimants at 2, revokers at 3 with 8 tricks: deduct (3 - 3 = 0) and add (2 + 3 =
    5): game against a side at nought, a treble."""
    deduct_first = (Revoke(EW, "deduct"), Revoke(EW, "add"))
    add_first = (Revoke(EW, "add"), Revoke(EW, "deduct"))
    a = score_club(short(), (2, 3), HandResult((5, 8), revokes=deduct_first))
    b = score_club(short(), (2, 3), HandResult((5, 8), revokes=add_first))
    assert a.game_winner == b.game_winner == NS
    assert a.game_value == b.game_value == 3
    assert a.after == b.after == (5, 0)


# ------------------------------------------------------------------ law 72(iii)


def test_law_72iii_penalty_only_in_the_game_in_which_it_occurs() -> None:
    """Law 72(iii) "applicable only to the score of the game in which it occurs": N-S at
    4 add three for a revoke: game; the two points beyond it do not pass to the next
    game, which starts at love."""
    sheet = ScoreSheet(short())
    record(sheet, 10)  # N-S 4
    scored = record(sheet, 6, revokes=(Revoke(EW, "add"),))
    assert scored.game_winner == NS and scored.game_value == 3
    assert sheet.score == (0, 0)
    assert record(sheet, 7).after == (1, 0)


# ------------------------------------------------------------------- law 72(iv)


def test_law_72iv_penalty_cannot_be_divided() -> None:
    """Law 72(iv) "Cannot be divided, i.e., a player cannot add one or two to his own
    score and deduct one or two from the revoking player": the only elections are the
    three whole penalties; anything else is refused."""
    with pytest.raises(ValueError, match="revoke penalty 'split'"):
        Revoke(EW, "split")  # type: ignore[arg-type]
    # Deducting three from revokers at 1 takes only the one point: the other two are not
    # added to the claimants' score instead.
    score = score_club(short(), (2, 1), HandResult((6, 7), revokes=(Revoke(EW, "deduct"),)))
    assert score.after == (2, 1)  # E-W: 1 - 1 = 0, then their odd trick: 1


# ---------------------------------------------------------------------- law 81


def test_law_81_both_sides_revoke_neither_can_win_the_game() -> None:
    """Law 81: "Should the players on both sides subject themselves to a penalty of one
    or more revokes, neither can win the game; each is punished at the discretion of his
    adversary."  N-S take all thirteen tricks and hold four honours; E-W add three."""
    both = (Revoke(NS, "deduct"), Revoke(EW, "add"))
    score = score_club(short(), (3, 3), HandResult((13, 0), (4, 0), both))
    # E-W deduct 3 from N-S: 0; N-S (claimants of E-W's revoke) add 3: 3, then 7 by
    # tricks, stopped at four; honours: still four.  E-W stay at 3.
    assert score.game_winner is None
    assert score.after == (4, 3)
    assert any("law 81" in n for n in score.notes)


def test_law_81_each_side_elected_for_by_its_adversaries() -> None:
    """Law 81: "each is punished at the discretion of his adversary": open elections on
    both sides are filled in, one per revoke, and still neither side wins."""
    both = (Revoke(NS), Revoke(EW))
    elected = best_elections(short(), (2, 2), HandResult((7, 6), (0, 4), both))
    assert all(r.penalty is not None for r in elected.revokes)
    score = score_club(short(), (2, 2), HandResult((7, 6), (0, 4), both))
    assert score.game_winner is None and max(score.after) <= 4


# ---------------------------------------------------------------------- law 82


def test_law_82_revoking_side_cannot_win_and_stops_at_four() -> None:
    """Law 82: "under no circumstances can a player win the game by the result of the
    hand during which he has revoked; he cannot score more than four."  E-W revoke, take
    all thirteen tricks and hold four honours; N-S elect to deduct: E-W 0, then 7 by
    tricks stopped at four."""
    score = score_club(short(), (0, 0), HandResult((0, 13), (0, 4), (Revoke(EW, "deduct"),)))
    assert score.game_winner is None and score.after == (0, 4)
    assert any("law 82" in n for n in score.notes)


@pytest.mark.parametrize(("variant", "cap"), [("short", 4), ("long", 9), ("american", 6)])
def test_law_82_cap_is_one_short_of_the_game_in_every_variant(variant: str, cap: int) -> None:
    """Law 82's "more than four" is read as one short of the game: nine in long whist
    (ten up), six in the seven-point game."""
    rules = get_rules(variant)
    score = score_club(rules, (0, 0), HandResult((0, 13), revokes=(Revoke(EW, "deduct"),)))
    assert score.after == (0, min(cap, 7)) and score.game_winner is None
    score = score_club(rules, (0, cap - 1), HandResult((0, 13), revokes=(Revoke(EW, "tricks"),)))
    assert score.after[EW] == cap and score.game_winner is None


def test_law_82_revoke_by_a_real_hand_is_charged_to_the_revokers_side() -> None:
    """Laws 71-72 from a hand played in "laws" mode: E renounces once; the result charges
    the revoke to E-W, and E-W cannot win the game in that hand."""
    rules = short().replace(mode="laws")
    state = play_out(HandState(deal_cards(random.Random(5), Seat.S), rules),
                     revoke_by=Seat.E)
    result = HandResult.from_state(state, {0: "add"})
    assert result.revokes == (Revoke(EW, "add", state.revokes[0].trick),)
    score = score_club(rules, (4, 4), result)
    assert score.game_winner != EW
    assert score.game_winner == NS  # N-S at 4 add three: game
    assert score.game_value == 1


def test_dummy_law_ii_dummy_is_not_liable_to_the_revoke_penalty() -> None:
    """Dummy law II: "Dummy is not liable to the penalty for a revoke"; "If Dummy's
    partner revokes, he is liable to the usual penalties"."""
    rules = get_rules("dummy").replace(mode="laws")
    deal = deal_cards(random.Random(5), Seat.S)
    dummy_revoked = play_out(HandState(deal, rules, dummies=(Seat.E,)), revoke_by=Seat.E)
    assert dummy_revoked.revokes and HandResult.from_state(dummy_revoked).revokes == ()
    partner_revoked = play_out(HandState(deal, rules, dummies=(Seat.N,)), revoke_by=Seat.E)
    assert [r.side for r in HandResult.from_state(partner_revoked).revokes] == [EW]


# --------------------------------------------------------- the computer's election


def test_law_72_best_penalty_add_when_adding_makes_the_game() -> None:
    """Claimants N-S at 2, revokers E-W at 0 with eight tricks.
    add: 2 + 3 = 5, game, E-W at 0: treble (+3).
    tricks: E-W 5, N-S 8 tricks: 2 + 2 = 4, no game.
    deduct: E-W stay 0, then 2 by tricks: no game.
    Best: add."""
    hand = HandResult((5, 8), revokes=(Revoke(EW),))
    assert best_penalty(short(), (2, 0), hand, EW) == "add"
    score = score_club(short(), (2, 0), hand)
    assert score.game_winner == NS and score.game_value == 3


def test_law_72_best_penalty_tricks_when_taking_tricks_denies_the_revokers() -> None:
    """Claimants N-S at 0 hold four honours; revokers E-W at 0 take nine tricks.
    add: N-S 3; E-W's 3 by tricks: 3; N-S's honours 3 + 4 = 7, game, E-W at 3: single.
    tricks: E-W 6, N-S 7 tricks: N-S 1; honours 5: game, E-W at 0: treble.
    deduct: E-W 0, then 3 by tricks; N-S's honours 4: no game.
    Best: tricks (a treble)."""
    hand = HandResult((4, 9), (4, 0), (Revoke(EW),))
    assert best_penalty(short(), (0, 0), hand, EW) == "tricks"
    score = score_club(short(), (0, 0), hand)
    assert score.game_winner == NS and score.game_value == 3 and score.after == (5, 0)


def test_law_72_best_penalty_deduct_when_the_revokers_score_makes_the_game_worth_more() -> None:
    """Claimants N-S at 2 take nine tricks; revokers E-W at 3.
    add: 2 + 3 = 5, game, E-W at 3: single (+1).
    tricks: N-S 12 tricks: 2 + 6, game, E-W at 3: single.
    deduct: E-W 3 - 3 = 0; N-S 2 + 3 by tricks = 5, game, E-W at 0: treble (+3).
    Best: deduct."""
    hand = HandResult((9, 4), revokes=(Revoke(EW),))
    assert best_penalty(short(), (2, 3), hand, EW) == "deduct"
    score = score_club(short(), (2, 3), hand)
    assert score.game_winner == NS and score.game_value == 3


def test_law_72_best_penalty_tie_prefers_add() -> None:
    """Claimants N-S at 0 take ten tricks; revokers E-W at 0.
    add: 3 + 4 = 7, game, treble.  tricks: 13 tricks, 7, game, treble.
    deduct: E-W stay 0; 4 by tricks: no game.
    add and tricks tie (treble); the tie goes to add."""
    hand = HandResult((10, 3), revokes=(Revoke(EW),))
    for penalty in ("add", "tricks"):
        forced = HandResult((10, 3), revokes=(Revoke(EW, penalty),))  # type: ignore[arg-type]
        assert score_club(short(), (0, 0), forced).game_value == 3
    assert best_penalty(short(), (0, 0), hand, EW) == "add"


def test_law_72_best_penalty_margin_when_no_game_can_be_won() -> None:
    """Claimants N-S at 0; revokers E-W at 0 take nine tricks; no honours.
    add: N-S 3, E-W 3 (margin 0).  tricks: E-W 6, N-S 7: N-S 1, E-W 0 (margin +1).
    deduct: E-W 0 then 3 (margin -3).  Best: tricks."""
    hand = HandResult((4, 9), revokes=(Revoke(EW),))
    assert best_penalty(short(), (0, 0), hand, EW) == "tricks"
    assert score_club(short(), (0, 0), hand).after == (1, 0)


def test_law_72ii_best_elections_mix_penalties_over_several_revokes() -> None:
    """Two revokes by E-W (at 3, eight tricks), claimants N-S at 2.
    add + add: 2 + 3 = 5, game, E-W at 3: single.
    deduct + deduct: E-W 0, then 2 by tricks; N-S 2: no game.
    deduct + add: E-W 0, N-S 5: game, treble.  Best: one of each."""
    hand = HandResult((5, 8), revokes=(Revoke(EW), Revoke(EW)))
    elected = best_elections(short(), (2, 3), hand)
    assert sorted(r.penalty or "" for r in elected.revokes) == ["add", "deduct"]
    score = score_club(short(), (2, 3), hand)
    assert score.game_winner == NS and score.game_value == 3


def test_law_72_given_elections_are_kept() -> None:
    """Law 72(i): the election is the claimants'; an election given is not overridden
    by the computer's, even when another would be worth more."""
    hand = HandResult((9, 4), revokes=(Revoke(EW, "add"),))
    score = score_club(short(), (2, 3), hand)
    assert score.penalties == ((EW, "add"),) and score.game_value == 1
    assert best_penalty(short(), (2, 3), hand, EW) == "add"
    assert best_penalty(short(), (2, 3), hand, NS) == "add"  # N-S made no revoke
