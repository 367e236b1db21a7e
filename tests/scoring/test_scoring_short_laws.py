"""Short whist, laws 1-12 (001, "The Laws of Whist": the rubber, scoring), clause by clause.

Each expected score is worked by hand in the test from the law it names; the scorer's
answer is compared with it.
"""

from __future__ import annotations

import pytest
from scoring_helpers import EW, NS, deal_with_honours, play_out, record, short

from cavendish.core import HandState, Seat
from cavendish.scoring import (
    HandResult,
    ScoreCorrectionError,
    ScoreSheet,
    honours_value,
    score_club,
)

# --------------------------------------------------------------------------- law 1


def test_law_1_rubber_is_best_of_three_third_game_played_when_one_each() -> None:
    """Law 1: "The rubber is the best of three games."  One game each: no rubber yet."""
    sheet = ScoreSheet(short())
    record(sheet, 11)  # NS 5 by tricks: game 1 to NS
    assert sheet.rubbers == [] and len(sheet.rubber_games) == 1
    record(sheet, 2)  # EW take 11: game 2 to EW
    assert sheet.rubbers == [] and [g.winner for g in sheet.rubber_games] == [NS, EW]
    record(sheet, 11)  # game 3 decides
    assert len(sheet.rubbers) == 1
    assert sheet.rubbers[0].winner == NS and len(sheet.rubbers[0].games) == 3


def test_law_1_third_game_not_played_after_two_straight_games() -> None:
    """Law 1: "If the first two games be won by the same players, the third game is
    not played": the sheet closes the rubber after two straight games."""
    sheet = ScoreSheet(short())
    record(sheet, 12)
    record(sheet, 11)
    assert len(sheet.rubbers) == 1 and len(sheet.rubbers[0].games) == 2
    assert sheet.rubber_games == () and sheet.rubber_over
    record(sheet, 2)  # the next game belongs to a new rubber
    assert len(sheet.rubbers) == 1 and [g.winner for g in sheet.rubber_games] == [EW]


# --------------------------------------------------------------------------- law 2


@pytest.mark.parametrize("tricks_ns", range(14))
def test_law_2_each_trick_over_six_one_point_game_at_five(tricks_ns: int) -> None:
    """Law 2: "A game consists of five points.  Each trick, above six, counts one point.\""""
    score = score_club(short(), (0, 0), HandResult((tricks_ns, 13 - tricks_ns)))
    over_ns, over_ew = max(0, tricks_ns - 6), max(0, 7 - tricks_ns)
    assert score.points == (over_ns, over_ew)
    winner = NS if over_ns >= 5 else EW if over_ew >= 5 else None
    assert score.game_winner == winner


def test_law_2_game_is_five_points_from_a_running_score() -> None:
    """Law 2: a side at 3 that takes 8 tricks (2 over six) reaches five: game."""
    score = score_club(short(), (3, 0), HandResult((8, 5)))
    assert score.after == (5, 0) and score.game_winner == NS
    score = score_club(short(), (2, 0), HandResult((8, 5)))
    assert score.after == (4, 0) and score.game_winner is None


# --------------------------------------------------------------------------- law 3


def test_law_3_honours_four_score_four_three_score_two_two_nothing() -> None:
    """Law 3: "I. The four honors, they score four points.  II. Any three honors, they
    score two points.  III. Only two honors, they do not score.\""""
    assert [honours_value(n) for n in range(5)] == [0, 0, 0, 2, 4]
    # N-S take six tricks (no trick points): their honours alone count.
    for held, points in ((4, 4), (3, 2), (2, 0)):
        score = score_club(short(), (0, 0), HandResult((6, 7), (held, 4 - held)))
        ew_honours = honours_value(4 - held)
        assert score.points == (points, 1 + ew_honours)


@pytest.mark.parametrize(
    ("holdings", "expected"),
    [
        ({Seat.N: "AKQJ"}, (4, 0)),  # four honours in one hand
        ({Seat.N: "AK", Seat.S: "QJ"}, (4, 0)),  # four, split between partners
        ({Seat.S: "AKQ", Seat.E: "J"}, (3, 1)),  # three in one hand
        ({Seat.N: "A", Seat.S: "KJ", Seat.W: "Q"}, (3, 1)),  # three, split 1-2
        ({Seat.E: "AK", Seat.W: "Q", Seat.N: "J"}, (1, 3)),  # E-W three, split
        ({Seat.N: "A", Seat.S: "K", Seat.E: "Q", Seat.W: "J"}, (2, 2)),  # two each
    ],
)
def test_law_3_honours_in_one_hand_or_split_between_partners_from_a_real_deal(
    holdings: dict[Seat, str], expected: tuple[int, int]
) -> None:
    """Law 3: "If a player and his partner, either separately or conjointly, hold..."
    The HandResult of a hand dealt and played out counts the honours of each side
    between its two hands, and the scorer values them by law 3."""
    state = play_out(HandState(deal_with_honours(holdings)))
    result = HandResult.from_state(state)
    assert result.honours == expected
    assert sum(result.tricks) == 13
    score = score_club(short(), (0, 0), result)
    assert score.honours == (honours_value(expected[0]), honours_value(expected[1]))
    # The same hand given by numbers scores the same: the deal adds nothing else.
    assert score == score_club(short(), (0, 0), HandResult(result.tricks, expected))


# --------------------------------------------------------------------------- law 4


def test_law_4_side_at_four_cannot_score_honours() -> None:
    """Law 4: "Those players, who, at the commencement of a deal, are at the score of
    four, cannot score honors."  N-S at 4 hold four honours and take six tricks."""
    score = score_club(short(), (4, 0), HandResult((6, 7), (4, 0)))
    assert score.points == (0, 1) and score.after == (4, 1) and score.game_winner is None
    assert any("law 4" in n for n in score.notes)


def test_law_4_side_below_four_scores_honours_while_the_other_is_at_four() -> None:
    """Law 4 bars the side at four only: E-W at 3 score their three honours, 3 + 2 = 5,
    game; the losers stand at four, a single (law 8)."""
    score = score_club(short(), (4, 3), HandResult((7, 6), (1, 3)))
    # N-S's odd trick first: they stand at four and may score tricks, 4 + 1 = 5: game;
    # E-W at 3: a single.
    assert score.game_winner == NS and score.game_value == 1
    score = score_club(short(), (4, 3), HandResult((6, 7), (1, 3)))
    # E-W's odd trick: 4, then their honours: 6, game; N-S at four: a single.
    assert score.after == (4, 6) and score.game_winner == EW and score.game_value == 1


def test_law_4_reckoned_at_the_commencement_of_the_deal() -> None:
    """Law 4 speaks of the score "at the commencement of a deal": a side at 1 that
    reaches four by tricks in the hand still scores its honours: 1 + 3 + 2 = 6, game."""
    score = score_club(short(), (1, 2), HandResult((9, 4), (3, 1)))
    assert score.after == (6, 2) and score.game_winner == NS and score.game_value == 2


# --------------------------------------------------------------------------- law 5


def test_law_5_tricks_score_before_honours_so_honours_cannot_save_a_game() -> None:
    """Law 5: "Tricks score next.  Honors last."  N-S take eleven tricks (5: game at
    love, a treble); E-W's four honours come after the game is won and are not scored."""
    score = score_club(short(), (0, 0), HandResult((11, 2), (0, 4)))
    assert score.game_winner == NS and score.game_value == 3
    assert score.points == (5, 0)
    assert any("honours not scored (law 5)" in n for n in score.notes)


def test_law_5_losers_tricks_count_before_winners_honours() -> None:
    """Law 5: E-W's odd trick is scored before N-S's honours, so when N-S's four
    honours then make the game (3 + 4 = 7) the losers stand at 1: a double, not a
    treble."""
    score = score_club(short(), (3, 0), HandResult((6, 7), (4, 0)))
    assert score.after == (7, 1) and score.game_winner == NS and score.game_value == 2


def test_law_5_nothing_after_the_game_is_scored_and_next_game_starts_at_love() -> None:
    """The game ends at five: N-S at 4 take thirteen tricks; the game is won, the
    points beyond it are lost and the next game starts at love (law 72(iii) likewise
    keeps a penalty to its own game)."""
    sheet = ScoreSheet(short())
    record(sheet, 10)  # N-S 4
    assert sheet.score == (4, 0)
    scored = record(sheet, 13, (0, 4))  # game; E-W's honours not scored
    assert scored.game_winner == NS and scored.game_value == 3 and scored.points[EW] == 0
    assert sheet.score == (0, 0) and sheet.games[0].score == scored.after


# ------------------------------------------------------------------------ laws 6-7


def test_law_6_7_honours_claimed_automatically_at_the_end_of_the_hand() -> None:
    """Laws 6-7: honours "must be called at the end of the hand" and are lost unless
    "claimed before the trump card of the following deal is turned up".  The engine
    claims them itself when the hand ends: HandResult.from_state takes them from the
    deal, with no call by the players, and they are scored in that hand's score."""
    state = play_out(HandState(deal_with_honours({Seat.E: "AK", Seat.W: "QJ"})))
    result = HandResult.from_state(state)
    assert result.honours == (0, 4)
    sheet = ScoreSheet(short())
    scored = sheet.record(result)
    tricks_ew = result.tricks[EW]
    # Worked: E-W score their tricks over six, then four by honours, unless the
    # tricks alone made the game.
    game_by_tricks = max(result.tricks) >= 11
    expected_ew = max(0, tricks_ew - 6) + (0 if game_by_tricks else 4)
    assert scored.points[EW] == expected_ew


def test_law_7_honours_scored_in_the_hand_they_were_held_in() -> None:
    """Law 7: "if so called, they may be scored at any time during the game".  The
    engine scores them at once, in the hand they were held in; a later hand does not
    score them again."""
    sheet = ScoreSheet(short())
    first = record(sheet, 5, (4, 0))  # E-W 2 by tricks, N-S 4 by honours
    assert first.points == (4, 2) and sheet.score == (4, 2)
    second = record(sheet, 7)  # N-S 1 by tricks: 5, game
    assert second.points == (1, 0) and second.game_winner == NS
    assert sheet.games[0].value == 2  # E-W at 2: a double


# --------------------------------------------------------------------------- law 8


@pytest.mark.parametrize(
    ("losers", "value"), [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)]
)
def test_law_8_treble_double_single_by_the_losers_score(losers: int, value: int) -> None:
    """Law 8: "I. A treble ... when their adversaries have not scored.  II. A double
    ... when their adversaries have scored less than three.  III. A single ... when
    their adversaries have scored three or four."  N-S at 4 make the odd trick."""
    score = score_club(short(), (4, losers), HandResult((7, 6)))
    assert score.game_winner == NS and score.game_value == value


# --------------------------------------------------------------------------- law 9


def test_law_9_winners_of_the_rubber_gain_two_rubber_points() -> None:
    """Law 9: "The winners of the rubber gain two points ... in addition to the value of
    their games."  Two single games (N-S from 4 against 3) are worth 1 + 1 + 2 = 4."""
    sheet = ScoreSheet(short())
    for _ in range(2):
        record(sheet, 10)  # N-S 4
        record(sheet, 3)  # E-W 4: 4-4
        scored = record(sheet, 7)  # N-S 5: game, E-W at 4, a single
        assert scored.game_value == 1
    assert sheet.rubbers[0].points == 1 + 1 + 2
    assert sheet.totals == (4, 0)


# -------------------------------------------------------------------------- law 10


def test_law_10_losers_game_deducted_in_a_three_game_rubber() -> None:
    """Law 10: "Should the rubber have consisted of three games, the value of the
    losers' game is deducted from the gross number of points gained by their
    opponents."  N-S win two singles, E-W a treble: 1 + 1 + 2 - 3 = 1."""
    sheet = ScoreSheet(short())
    record(sheet, 10)
    record(sheet, 3)
    assert record(sheet, 7).game_value == 1  # game 1: N-S single
    assert record(sheet, 1).game_value == 3  # game 2: E-W treble (12 tricks)
    record(sheet, 10)
    record(sheet, 3)
    assert record(sheet, 7).game_value == 1  # game 3: N-S single
    rubber = sheet.rubbers[0]
    assert rubber.winner == NS and rubber.points == 1 + 1 + 2 - 3
    assert sheet.totals == (1, 0)


def test_law_10_no_deduction_in_a_two_game_rubber() -> None:
    """Law 10 applies only when the rubber "consisted of three games"."""
    sheet = ScoreSheet(short())
    record(sheet, 11)  # treble
    record(sheet, 11)  # treble
    assert sheet.rubbers[0].points == 3 + 3 + 2


# ----------------------------------------------------------------------- laws 11-12


def _sheet_of(tricks: list[int]) -> ScoreSheet:
    sheet = ScoreSheet(short())
    for t in tricks:
        record(sheet, t)
    return sheet


def test_law_11_12_the_sheet_is_what_its_hands_score() -> None:
    """Laws 11-12 are automatic: the engine scores each hand itself, so the recorded
    sheet is always the sheet recomputed from its hands' results."""
    sheet = _sheet_of([8, 4, 13, 9, 3, 2, 7, 7, 11, 12])
    again = ScoreSheet.replay(sheet.rules, sheet.results)
    assert again == sheet
    assert [h.after for h in again.hands] == [h.after for h in sheet.hands]


def test_law_11_correct_a_hand_of_the_game_in_progress() -> None:
    """Law 11: "If an erroneous score be proved, such mistake can be corrected prior
    to the conclusion of the game in which it occurred."  N-S's honours were left out
    of the first hand of the game in progress: corrected, they make it 2 + 4 = 6,
    game, and the second hand then starts a new game."""
    sheet = _sheet_of([8, 6])  # N-S 2, E-W 1
    assert sheet.score == (2, 1) and sheet.games == []
    new = sheet.correct(0, HandResult((8, 5), (4, 0)))
    assert new.game_winner == NS and new.game_value == 3
    assert [g.winner for g in sheet.games] == [NS] and sheet.score == (0, 1)
    assert sheet == ScoreSheet.replay(sheet.rules, sheet.results)


def test_law_11_game_not_concluded_until_the_next_trump_card_is_turned() -> None:
    """Law 11: "such game is not concluded until the trump card of the following deal
    has been turned up": the hand that won a game may be corrected while no later
    hand has been recorded, and not after."""
    sheet = _sheet_of([11])
    assert sheet.correct(0, HandResult((11, 2), (0, 4))).game_value == 3
    sheet = _sheet_of([10, 7])  # N-S 4, then 5: game in the second hand, a treble
    assert sheet.games[0].value == 3
    sheet.correct(0, HandResult((10, 3), (0, 3)))  # E-W held three honours in hand 1
    assert sheet.games[0].winner == NS and sheet.games[0].value == 2  # E-W at 2: double
    record(sheet, 2)  # the next deal: game 1 is now concluded
    with pytest.raises(ScoreCorrectionError, match="law 12"):
        sheet.correct(0, HandResult((4, 9)))  # would give game 1 to E-W


def test_law_12_correct_the_amount_of_the_rubber_during_the_rubber() -> None:
    """Law 12: "If an erroneous score, affecting the amount of the rubber, be proved,
    such mistake can be rectified at any time during the rubber" (Cavendish: "If a
    single is scored by mistake for a double or treble").  Game 1, won by N-S, is
    concluded; E-W's three honours were missed in its first hand: the game was a
    treble and is a double."""
    sheet = _sheet_of([10, 7, 4])  # game 1 N-S treble; game 2 in progress, E-W 3
    assert sheet.games[0].value == 3
    sheet.correct(0, HandResult((10, 3), (1, 3)))
    assert sheet.games[0].winner == NS and sheet.games[0].value == 2
    assert sheet == ScoreSheet.replay(sheet.rules, sheet.results)


def test_law_12_no_correction_after_the_rubber() -> None:
    """Law 12's window closes with the rubber; law 11's with the next deal."""
    sheet = _sheet_of([11, 11, 8])  # a rubber to N-S, then a hand of the next
    with pytest.raises(ScoreCorrectionError, match="rubber is over"):
        sheet.correct(0, HandResult((11, 2), (4, 0)))
    with pytest.raises(ScoreCorrectionError, match="no such hand"):
        sheet.correct(3, HandResult((7, 6)))
    assert sheet.correct(2, HandResult((9, 4))).points == (3, 0)


def test_law_12_corrects_amounts_not_who_won_a_concluded_game() -> None:
    """Law 12 rectifies the amount of the rubber; a concluded game keeps its winner."""
    sheet = _sheet_of([11, 8])
    with pytest.raises(ScoreCorrectionError, match="not who won"):
        sheet.correct(0, HandResult((2, 11)))
    assert sheet.results[0] == HandResult((11, 2))  # the refused correction left no trace
