"""Whole rubbers of short whist worked by hand (laws 1-10), and what the sheet records.

Every hand's points, every game's value and the rubber's points are computed in the
comments from the laws; the sheet must agree with each of them.
"""

from __future__ import annotations

from scoring_helpers import EW, NS, record, short

from cavendish.scoring import Revoke, ScoreSheet


def test_laws_1_to_10_a_three_game_rubber_worked_by_hand() -> None:
    """Five hands, three games; laws 2-5 in the hands, 8 in the games, 1, 9, 10 in
    the rubber."""
    sheet = ScoreSheet(short())

    # Game 1.
    # Hand 1: N-S 8 tricks = 2 by cards (law 2); E-W hold four honours = 4 (law 3),
    # scored after the tricks (law 5).  Score N-S 2, E-W 4.
    h1 = record(sheet, 8, (0, 4))
    assert h1.points == (2, 4) and sheet.score == (2, 4) and h1.game_winner is None
    # Hand 2: E-W, at four, take 7 tricks = 1: 5, game.  Their three honours are not
    # scored: they stood at four when the deal began (law 4), and the game was already
    # won (law 5).  N-S stand at 2: a double (law 8).
    h2 = record(sheet, 6, (1, 3))
    assert h2.points == (0, 1) and h2.game_winner == EW and h2.game_value == 2
    assert sheet.score == (0, 0)

    # Game 2.
    # Hand 3: N-S 10 tricks = 4, then three honours = 2: 6, game.  E-W have not
    # scored: a treble.
    h3 = record(sheet, 10, (3, 1))
    assert h3.points == (6, 0) and h3.game_winner == NS and h3.game_value == 3

    # Game 3.
    # Hand 4: N-S 7 tricks = 1; E-W three honours = 2.  Score N-S 1, E-W 2.
    h4 = record(sheet, 7, (1, 3))
    assert h4.points == (1, 2) and sheet.score == (1, 2)
    # Hand 5: N-S 9 tricks = 3: 4; three honours = 2 (they stood at 1, not four, when
    # the deal began: law 4): 6, game.  E-W at 2: a double.
    h5 = record(sheet, 9, (3, 1))
    assert h5.points == (5, 0) and h5.game_winner == NS and h5.game_value == 2

    # The rubber: N-S won games 2 and 3, 3 + 2, plus 2 rubber points (law 9), less
    # E-W's double (law 10): 3 + 2 + 2 - 2 = 5.
    assert [(g.winner, g.value) for g in sheet.games] == [(EW, 2), (NS, 3), (NS, 2)]
    assert [g.hands for g in sheet.games] == [(0, 1), (2,), (3, 4)]
    assert len(sheet.rubbers) == 1
    rubber = sheet.rubbers[0]
    assert rubber.winner == NS and rubber.points == 5
    assert rubber.games == tuple(sheet.games)
    assert sheet.totals == (5, 0) and sheet.rubber_over


def test_laws_1_9_a_two_game_rubber_worked_by_hand() -> None:
    """Two games straight: the third is not played (law 1); no deduction (law 10)."""
    sheet = ScoreSheet(short())
    # Hand 1: N-S 12 tricks = 6 by cards, game at love: a treble.
    h1 = record(sheet, 12, (0, 4))
    assert h1.game_winner == NS and h1.game_value == 3 and h1.points == (6, 0)
    # Hand 2: N-S 7 tricks = 1; E-W four honours = 4.  Score 1 - 4.
    h2 = record(sheet, 7, (0, 4))
    assert h2.points == (1, 4)
    # Hand 3: N-S 8 tricks = 2: 3; three honours = 2: 5, game.  E-W at 4: a single.
    h3 = record(sheet, 8, (3, 1))
    assert h3.points == (4, 0) and h3.game_winner == NS and h3.game_value == 1
    # Rubber: 3 + 1 + 2 rubber points = 6.
    assert len(sheet.rubbers) == 1 and sheet.rubbers[0].points == 6
    assert len(sheet.rubbers[0].games) == 2
    assert sheet.totals == (6, 0)
    # The next hand opens a new rubber: E-W 7 tricks = 1 in a fresh game.
    h4 = record(sheet, 6)
    assert h4.before == (0, 0) and sheet.rubber_games == () and not sheet.rubber_over


def test_laws_9_10_two_rubbers_to_different_sides_add_up_by_side() -> None:
    """Totals are the sum of each side's rubbers: N-S a rubber of two trebles
    (3 + 3 + 2 = 8); E-W then a three-game rubber, treble, N-S single, single
    (3 + 1 + 2 - 1 = 5)."""
    sheet = ScoreSheet(short())
    record(sheet, 11)
    record(sheet, 11)
    assert sheet.totals == (8, 0)
    assert record(sheet, 2).game_value == 3  # E-W treble
    record(sheet, 10)  # N-S 4
    record(sheet, 3)  # E-W 4
    assert record(sheet, 7).game_value == 1  # N-S single
    record(sheet, 10)  # N-S 4
    record(sheet, 3)  # E-W 4
    assert record(sheet, 6).game_value == 1  # E-W single
    assert [r.winner for r in sheet.rubbers] == [NS, EW]
    assert sheet.rubbers[1].points == 3 + 1 + 2 - 1
    assert sheet.totals == (8, 5)


def test_law_72v_in_a_rubber_the_revoke_wins_a_treble_game() -> None:
    """Law 72(v) inside a rubber: N-S reach 2 (8 tricks), E-W have nothing; E-W then
    revoke, take all thirteen tricks and hold four honours; N-S add three: 5, a treble."""
    sheet = ScoreSheet(short())
    record(sheet, 8)
    assert sheet.score == (2, 0)
    scored = record(sheet, 0, (0, 4), (Revoke(EW, "add"),))
    assert scored.game_winner == NS and scored.game_value == 3
    assert sheet.games[-1].score == (5, 0)
