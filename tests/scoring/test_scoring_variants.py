"""Long whist, American seven-point whist and Clay's dummy (001), from the sources' text.

Each test quotes the sentence of 001 (Dick's Hand-book) it works an example of.
"""

from __future__ import annotations

import pytest
from scoring_helpers import EW, NS, deal_with_honours, play_out, record

from cavendish.core import HandState, Seat, get_rules
from cavendish.scoring import HandResult, Revoke, ScoreSheet, score_clay, score_club

LONG = get_rules("long")
AMERICAN = get_rules("american")
CLAY = get_rules("clay")

# -------------------------------------------------------------------- long whist


def test_long_whist_game_of_ten_points_each_trick_over_six_one() -> None:
    """001, Long Whist: "The game consists of ten points.  Each trick, above six,
    counts one point."  Thirteen tricks make only 7; 7 + 3 more is the game."""
    sheet = ScoreSheet(LONG)
    first = record(sheet, 13)
    assert first.points == (7, 0) and first.game_winner is None
    second = record(sheet, 9)
    assert second.after == (10, 0) and second.game_winner == NS
    assert second.game_value == 1  # long whist: no treble/double/single (rules.py)


def test_long_whist_honours_as_in_short_whist() -> None:
    """001, Long Whist: "If a player and his partner ... hold - I. The four honors, they
    score four points.  II. Any three honors, they score two points.  III. Only two
    honors, they do not score."  From 0-0, six tricks each way plus honours."""
    for held, points in ((4, 4), (3, 2), (2, 0)):
        score = score_club(LONG, (0, 0), HandResult((6, 7), (held, 4 - held)))
        assert score.points[NS] == points


def test_long_whist_at_nine_honours_do_not_count() -> None:
    """001, Long Whist: "At nine points honors do not count."  N-S at 9 hold four
    honours and take six tricks: they stay at 9; at 8 the same hand is game."""
    score = score_club(LONG, (9, 0), HandResult((6, 7), (4, 0)))
    assert score.after == (9, 1) and score.game_winner is None
    assert score_club(LONG, (8, 0), HandResult((6, 7), (4, 0))).game_winner == NS


def test_long_whist_honours_called_at_eight_count_before_tricks() -> None:
    """001, Long Whist: "When either side is at eight points, that side has the
    privilege of calling and scoring honors before the hand is played" and "At the
    score of eight, however, honors count before tricks, provided they are properly
    called and shown".  N-S at 8 hold three honours; E-W at 7 take ten tricks.  At
    eight the honours come first: 8 + 2 = 10, game; E-W's four by cards are not
    scored."""
    score = score_club(LONG, (8, 7), HandResult((3, 10), (3, 1)))
    assert score.game_winner == NS and score.after == (10, 7)
    assert any("call their honours" in n for n in score.notes)


def test_long_whist_honours_before_tricks_only_when_called_at_eight() -> None:
    """001, Long Whist: "tricks score next, and honors last ... At the score of eight,
    however, honors count before tricks ... but not otherwise."  The same hand with
    N-S at 7 (no call): E-W's tricks first, 7 + 4 = 11, game; N-S's honours too late."""
    score = score_club(LONG, (7, 7), HandResult((3, 10), (3, 1)))
    assert score.game_winner == EW and score.after == (7, 11)
    # And the side at eight without honours does not call: E-W hold them, N-S at 8
    # score their tricks first: 8 + 3 = 11, game; E-W's four honours are not scored.
    score = score_club(LONG, (8, 5), HandResult((9, 4), (0, 4)))
    assert score.game_winner == NS and score.after == (11, 5)


def test_long_whist_can_you_one_two_honours_and_partners_one() -> None:
    """001, Long Whist: "A player who holds two honors (at the score of eight) when it
    is his turn to play (but before playing), asks his partner, 'Can you one?' ... If his
    partner holds the requisite court card, the honors are then shown, the points scored,
    and the game ended."  N holds the ace and king, S the knave: three between them,
    called before the play; whatever the play then gives E-W, the game is N-S's."""
    deal = deal_with_honours({Seat.N: "AK", Seat.S: "J", Seat.E: "Q"})
    state = HandState(deal, LONG)
    state.call_honours(Seat.N, 3)
    play_out(state)
    result = HandResult.from_state(state)
    assert result.honours_called == NS and result.honours == (3, 1)
    score = score_club(LONG, (8, 9), result)
    assert score.game_winner == NS and score.after[NS] == 10 and score.points[EW] == 0


def test_long_whist_single_honour_holder_must_not_ask() -> None:
    """001, Long Whist: "The holder of a single honor must not inquire of his partner if
    he has two."  N-S at 8 with honours one and one (two between them) have nothing to
    call: the hand is scored in the usual order."""
    state = play_out(HandState(deal_with_honours({Seat.N: "A", Seat.S: "K", Seat.E: "QJ"}), LONG))
    result = HandResult.from_state(state)
    assert result.honours == (2, 2) and result.honours_called is None
    score = score_club(LONG, (8, 0), result)
    assert not any("call" in n for n in score.notes)
    assert score.after[NS] == 8 + max(0, result.tricks[NS] - 6)


def test_long_whist_call_at_eight_ends_the_game_before_any_revoke() -> None:
    """001, Long Whist: the call ends the game ("the points scored, and the game
    ended") before a card is played, so a revoke in the play that follows (the engine
    plays the hand out for its record) cannot take the game from the callers
    (law 82 concerns the hand's play)."""
    hand = HandResult((2, 11), (3, 1), (Revoke(NS, "add"),))
    score = score_club(LONG, (8, 8), hand)
    assert score.game_winner == NS and score.after == (10, 8)


def test_long_whist_rubber_has_no_rubber_points() -> None:
    """001, Short Whist: rubber points are among what short whist adds to the old game
    ("the winners of the rubber gain two points (called rubber points)"): in long whist
    a rubber is two games of one (rules.py's reading), and no more."""
    sheet = ScoreSheet(LONG)
    for _ in range(2):
        record(sheet, 13)  # 7
        record(sheet, 9)  # 10: game
    assert sheet.rubbers[0].points == 2 and sheet.totals == (2, 0)


# --------------------------------------------------------- American seven-point


def test_american_seven_points_up_without_honours() -> None:
    """001, Short Whist: "Seven-point Whist is the popular game here, that is, seven
    points up without scoring honors."  Twelve tricks and four honours: 6, no game;
    then the odd trick: 7, game."""
    sheet = ScoreSheet(AMERICAN)
    first = record(sheet, 12, (4, 0))
    assert first.points == (6, 0) and first.honours == (0, 0) and first.game_winner is None
    second = record(sheet, 7, (0, 4))
    assert second.after == (7, 0) and second.game_winner == NS and second.game_value == 1


@pytest.mark.parametrize("tricks_ns", range(14))
def test_american_honours_never_change_the_score(tricks_ns: int) -> None:
    """Seven-point whist: "without scoring honors", whoever holds them."""
    plain = score_club(AMERICAN, (3, 3), HandResult((tricks_ns, 13 - tricks_ns)))
    for honours in ((4, 0), (3, 1), (1, 3), (0, 4)):
        held = score_club(AMERICAN, (3, 3), HandResult((tricks_ns, 13 - tricks_ns), honours))
        assert held.after == plain.after and held.game_winner == plain.game_winner


def test_american_rubber_of_three_games_of_one() -> None:
    """The seven-point game's values are not in the seeds: games of one, in rubbers of
    three without rubber points, the losers' game deducted (rules.py): 1 + 1 - 1 = 1."""
    sheet = ScoreSheet(AMERICAN)
    record(sheet, 13)
    record(sheet, 0)
    record(sheet, 13)
    assert sheet.rubbers[0].points == 1 and sheet.totals == (1, 0)


# ------------------------------------------------------------------ Clay's dummy


def test_clay_twelve_tricks_fifteen_points() -> None:
    """001, Clay's dummy: "Thus, if twelve tricks out of the thirteen are made, the
    value of the game is fifteen points, viz., eleven for tricks and four for the
    game."  12 - 1 = 11 for tricks, + 4 for the game = 15."""
    sheet = ScoreSheet(CLAY)
    scored = record(sheet, 12)
    assert scored.game_winner == NS and scored.game_value == 15
    assert sheet.games[0].value == 15 and sheet.totals == (15, 0)


def test_clay_honours_are_not_counted() -> None:
    """001, Clay's dummy: "Honors are not counted, but each trick counts for one"."""
    plain = ScoreSheet(CLAY)
    record(plain, 9)
    with_honours = ScoreSheet(CLAY)
    record(with_honours, 9, (4, 0))
    assert with_honours.score == plain.score == (3, 0)
    assert with_honours.hands[0].settlement == (5, 0)  # 9 - 4 tricks


def test_clay_grand_slam_seventeen_from_each_adversary_outside_the_game() -> None:
    """001, Clay's dummy: "if all thirteen tricks are made ... the winner receives
    seventeen points from each adversary, viz., thirteen for the tricks and four for the
    game points.  But this hand does not count towards the game in which it has
    occurred, and that game proceeds as if no grand slam had been made."

    Worked: hand 1, N-S 9 tricks: 3 points, 5 net.  Hand 2, E-W all thirteen: 17 to
    E-W at once; the game stays 3 - 0.  Hand 3, N-S 8 tricks: 3 + 2 = 5, game; net
    tricks 5 + 3 = 8, + 4 for the game = 12."""
    sheet = ScoreSheet(CLAY)
    record(sheet, 9)
    slam = record(sheet, 0)
    assert slam.outside_game and slam.settlement == (0, 17) and slam.points == (0, 0)
    assert sheet.score == (3, 0) and sheet.games == []
    last = record(sheet, 8)
    assert last.game_winner == NS and last.game_value == 12
    assert sheet.games[0].hands == (0, 2)
    assert sheet.totals == (12, 17)


def test_clay_single_games_not_rubbers() -> None:
    """001, Clay's dummy: "Single games are played and not rubbers".  Each game stands
    alone: no rubber, no rubber points; a new game starts at love."""
    sheet = ScoreSheet(CLAY)
    record(sheet, 11)  # 11 - 2 = 9 net, + 4 = 13
    record(sheet, 2)  # E-W 11: 13
    record(sheet, 11)  # 13
    assert sheet.rubbers == [] and [g.value for g in sheet.games] == [13, 13, 13]
    assert sheet.totals == (26, 13) and sheet.score == (0, 0)


def test_clay_game_over_several_hands_nets_the_losers_tricks() -> None:
    """001, Clay's dummy: "each trick counts for one" (read: net, every hand of the
    game, clay.py).  Hand 1: E-W 8 tricks, 2 points, 3 net to E-W.  Hand 2: N-S 11
    tricks, 5 points, game, 9 net.  Value: 9 - 3 + 4 = 10."""
    sheet = ScoreSheet(CLAY)
    first = record(sheet, 5)
    assert first.settlement == (0, 3) and sheet.score == (0, 2)
    second = record(sheet, 11)
    assert second.game_winner == NS and second.game_value == 10
    assert sheet.totals == (10, 0)


def test_clay_revoke_hand_is_scored_in_the_game_not_as_a_slam() -> None:
    """Law 72(iii) with Clay's slam: a penalty belongs to the game in which it occurs,
    so a hand with a revoke counts in the game, never as a slam outside it.  E-W revoke;
    N-S take all thirteen tricks and add three: 3 + 7, game; 13 net + 4 = 17, in the
    game."""
    score = score_clay(CLAY, (0, 0), HandResult((13, 0), revokes=(Revoke(EW, "add"),)))
    assert not score.outside_game and score.game_winner == NS
    sheet = ScoreSheet(CLAY)
    sheet.record(HandResult((13, 0), revokes=(Revoke(EW, "add"),)))
    assert sheet.games[0].value == 17 and sheet.extras == (0, 0)
