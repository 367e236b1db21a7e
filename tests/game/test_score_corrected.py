"""The score corrected (issue 31 point 16): 003 laws 11-12, at a table under the laws
whose scorer (the computers keep the score, Cavendish's choice) may write a hand down
wrongly (``LawsSession(score_slips=...)``, ``cavendish play --laws --sloppy P``).

* law 11 (003 line 173): "If an erroneous score be proved, such mistake can be
  corrected prior to the conclusion of the game in which it occurred, and such game is
  not concluded until the trump card of the following deal has been turned up";
* law 12 (003 line 183): "If an erroneous score, affecting the amount of the rubber,
  be proved, such mistake can be rectified at any time during the rubber"."""

from __future__ import annotations

import random

import pytest

from cavendish.core import Seat, get_rules
from cavendish.game.laws_session import LawsSession
from cavendish.game.seating import seat_by_cut
from cavendish.game.session import SessionError
from cavendish.laws.texts import law_words
from cavendish.players import Player, RandomPlayer
from cavendish.scoring import ScoreSheet
from cavendish.scoring.sheet import ScoreCorrectionError


def players(seating_names: dict[Seat, str]) -> dict[Seat, Player | None]:
    return {s: RandomPlayer(i) for i, s in enumerate(sorted(seating_names))}


def table(seed: int, slips: float = 1.0) -> LawsSession:
    rules, rng = get_rules("short"), random.Random(seed)
    seating = seat_by_cut(rules, ["A", "B", "C", "D"], rng)
    return LawsSession(rules, seating, players(seating.names), rng, rubbers=1,
                       score_slips=slips)


def play(session: LawsSession, hands: int) -> None:
    for _ in range(hands):
        session.start_hand()
        session.run()
        session.finish_hand()


def true_sheet(session: LawsSession) -> ScoreSheet:
    """The sheet the hands' own results make (what the cards prove)."""
    return ScoreSheet.replay(session.rules, [h.result for h in session.hands if h.result])


def test_law_11_an_erroneous_score_proved_before_the_next_trump_card_is_corrected() -> None:
    """003 law 11: the scorer wrote board 1 down a trick short (10 tricks as 9); proved
    before the next deal, the sheet is corrected to what the cards show."""
    assert "such game is not concluded until the trump card of the following deal" in \
        " ".join(law_words(11).split())
    s = table(0)
    play(s, 1)
    assert s.misscored == {0: s.hands[0].result}  # seed 0: board 1 is misscored
    written = s.sheet.hands[0].points
    ruling = s.correct_score(Seat.S)
    assert ruling.law == 11 and "erroneous score of board 1" in ruling.what
    assert s.sheet.results == true_sheet(s).results and s.misscored == {}
    assert s.sheet.hands[0].points != written and s.hands[0].score == s.sheet.hands[0]


def test_law_11_a_score_that_is_right_is_not_corrected() -> None:
    """Only "an erroneous score [...] proved" is corrected: a right score is refused."""
    s = table(3)
    play(s, 1)  # seed 3: board 1 (seven tricks to six) is written right
    with pytest.raises(SessionError, match="no erroneous score is proved"):
        s.correct_score(Seat.S)
    with pytest.raises(SessionError, match="board 9 is not on the score sheet"):
        s.correct_score(Seat.S, 9)


def test_law_12_an_error_in_the_amount_of_the_rubber_is_rectified_during_the_rubber() -> None:
    """003 law 12: board 1's game was concluded (board 2 won it, board 3 was dealt), so
    law 11's window is shut; the error affects the amount of the rubber and is
    rectified during the rubber, the games keeping their winners."""
    assert "at any time during the rubber" in " ".join(law_words(12).split())
    s = table(1)
    play(s, 3)
    assert s.sheet.games[0].hands == (0, 1) and 0 in s.misscored
    winners = [g.winner for g in s.sheet.games]
    ruling = s.correct_score(Seat.N, 1)
    assert ruling.law == 12
    assert [g.winner for g in s.sheet.games] == winners
    assert s.sheet.hands[0] == true_sheet(s).hands[0]


def test_law_12_after_the_rubber_the_error_stands() -> None:
    """Law 12's window is the rubber: once it is over, board 1's error stands."""
    s = table(1)
    while not s.is_over:
        play(s, 1)
    with pytest.raises(ScoreCorrectionError, match="its rubber is over"):
        s.correct_score(Seat.S, 1)


def test_law_11_a_correction_is_saved_and_replayed_on_resume() -> None:
    """A table saved after a correction comes back with the corrected sheet."""
    s = table(0)
    play(s, 2)
    s.correct_score(Seat.S, 1)
    again = LawsSession.restore(s.snapshot(), players(s.seating.names))
    assert again.sheet.results == s.sheet.results and again.misscored == s.misscored
    assert [r.law for r in again.score_rulings] == [11]
