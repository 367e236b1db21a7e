"""Long whist: the call of honours at the point of eight, as the player's act.

Design note
-----------
Dick's Hand-book (001, "Long Whist") makes the call a question and an answer:

    "When either side is at eight points, that side has the privilege of calling and
    scoring honors before the hand is played; but the honors must be called and shown
    before the player (who calls) leads or plays, or they cannot be claimed until the
    play of the hand is completed. A player who holds two honors (at the score of
    eight) when it is his turn to play (but before playing), asks his partner, "Can
    you one?" [...] If his partner holds the requisite court card, the honors are then
    shown, the points scored, and the game ended."

This module is the judge of one call, a pure function of the rules, the score and
the hand in play (:func:`judge_call`), and of the one wrong act that is not a call,
reminding partner (:func:`judge_reminder`).  The driver
(:class:`~cavendish.game.session.Session` with ``calls="players"``) offers the call,
records a proper one as :class:`~cavendish.core.events.HonoursCalled`, and puts a
wrong one to the adversaries, who "may claim a fresh deal" (001).

Choices where 001 is silent, stated once here:

* a computer partner's answer is the truth (he shows his honour or says "No"); a
  person partner answers for himself (:func:`judge_call`'s ``answer``), so he may
  deny an honour he holds (nothing is called: his side's honours count last, after
  tricks) or answer "Yes" without one, the wrong answer of 001 ("shall answer the
  call without having an honor"), which is put to the adversaries;
* a question answered "No" is proper and changes nothing: play goes on;
* a proper call (at eight, two honours) before one's turn is refused (nothing
  happens): 001 asks for it "when it is his turn to play", and a refusal loses
  nothing; a call that is wrong whatever the turn ("If any one calls without having
  two honors, or without being at the score of eight", 001) is put to the
  adversaries at once, from any seat, whoever's turn it is;
* a fresh deal is made by the same dealer (the hand is void, not scored), as for
  the club code's new deals (laws 37-38);
* computer adversaries always claim the fresh deal: the remedy exists because the
  wrong call told them something, and a void hand costs them nothing;
* the hands are thrown down (:func:`throws_down`) when the wrong call showed honours
  as if the game were won: a partner's "Yes." without an honour, or a call not at
  eight by a side holding three honours or four between the caller and his partner
  (the partner answers "Yes.").  001: "the adversaries may consult as to a fresh
  deal, reclaiming their hands if thrown down" (001, offset 3573): they consult with
  the four hands on the table, seen by all, and when the hand stands they take their
  hands up again, and play goes on (Cavendish's choice: the callers take theirs up
  too, no law of exposed cards running at long whist outside the club code).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import Seat, Side
from ..core.deal import honours_mask
from ..core.events import CardPlayed, HonoursCalled
from ..core.rules import Rules
from ..core.state import HandState

__all__ = [
    "CALL_MODES",
    "WRONG_AFTER_PLAYING",
    "WRONG_FALSE_ANSWER",
    "WRONG_NOT_AT_EIGHT",
    "WRONG_NO_TWO_HONOURS",
    "WRONG_REMINDER",
    "CallOutcome",
    "judge_call",
    "judge_reminder",
    "throws_down",
]

CALL_MODES = ("auto", "players")
"""``auto``: the engine calls for every side entitled to (computer players' way, and
the default); ``players``: a person's call is his own act, offered to him."""

WRONG_AFTER_PLAYING = (
    "called after having played: \"If any one calls after having played [...] the "
    "adversaries may claim a fresh deal\" (001)"
)
WRONG_REMINDER = (
    "reminded his partner of calling: \"If any one [...] reminds his partner of calling, "
    "after the deal is completed, the adversaries may claim a fresh deal\" (001)"
)
WRONG_NOT_AT_EIGHT = (
    "called without being at the score of eight: \"If any one calls [...] without being "
    "at the score of eight [...] the adversaries may consult as to a fresh deal\" (001)"
)
WRONG_NO_TWO_HONOURS = (
    "called without having two honours: \"The holder of a single honor must not inquire "
    "of his partner if he has two. [...] If any one calls without having two honors "
    "[...] the adversaries may consult as to a fresh deal\" (001)"
)

WRONG_FALSE_ANSWER = (
    "answered the call without having an honour: \"If any one [...] shall answer the "
    "call without having an honor, the adversaries may consult as to a fresh deal\" (001)"
)


@dataclass(frozen=True, slots=True)
class CallOutcome:
    """What came of a call (or a reminder) by ``seat``: the words said, the call made
    (a proper call whose partner held the honour), or what was wrong with it."""

    seat: Seat
    words: str
    called: HonoursCalled | None = None
    wrong: str | None = None
    fresh_deal: bool | None = None
    """For a wrong call: whether the adversaries claimed a fresh deal (None: not yet
    elected)."""

    def __str__(self) -> str:
        text = f"{self.seat}: {self.words}"
        if self.called is not None:
            text += f" {self.called.side} hold {self.called.honours}: game"
        if self.wrong is not None:
            text += f" Wrong: {self.seat} {self.wrong}."
            if self.fresh_deal is not None:
                text += (
                    " The adversaries claim a fresh deal."
                    if self.fresh_deal
                    else " The adversaries let the hand stand."
                )
        return text


def _held(state: HandState, seat: Seat) -> int:
    return (state.opening_hand(seat) & honours_mask(state.deal.trump)).bit_count()


def _has_played(state: HandState, seat: Seat) -> bool:
    return any(isinstance(e, CardPlayed) and e.seat == seat for e in state.events)


def judge_call(
    rules: Rules,
    score: tuple[int, int],
    state: HandState,
    seat: Seat,
    answer: bool | None = None,
) -> CallOutcome | None:
    """``seat`` calls honours now ("Can you one?", or shows three or four): the
    outcome, or None when the call is simply refused (a proper call before his turn,
    or a game without calling).  A call not at eight, or without two honours, is
    wrong whoever's turn it is (001: "If any one calls ...").  ``answer`` is a person
    partner's "Yes" (True) or "No" (False) to "Can you one?"; None: the partner
    answers truly (a computer).

    >>> from cavendish.core import Card, Deal, get_rules
    >>> deal = Deal.from_pbn("S:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
    ...                      "T98.T98.QJT9.QJT", trump_card="S2")
    >>> state = HandState(deal, get_rules("long"))
    >>> for card in ("D5", "D7", "DQ"):
    ...     _ = state.play(Card.parse(card))
    >>> print(judge_call(get_rules("long"), (8, 3), state, Seat.S))
    S: "Can you one?" N: "Yes." NS hold 3: game
    >>> print(judge_call(get_rules("long"), (7, 3), state, Seat.S).wrong[:40])
    called without being at the score of eig
    """
    at = rules.call_honours_at
    if at is None or not rules.honours or state.is_over:
        return None
    side: Side = seat.side
    if _has_played(state, seat):
        return CallOutcome(seat, '"Can you one?"', wrong=WRONG_AFTER_PLAYING)
    # "If any one calls [...] without being at the score of eight": wrong whoever's turn
    if score[side] != at:
        return CallOutcome(seat, '"Can you one?"', wrong=WRONG_NOT_AT_EIGHT)
    mine = _held(state, seat)
    if mine < 2:
        return CallOutcome(seat, '"Can you one?"', wrong=WRONG_NO_TWO_HONOURS)
    if state.turn != seat:
        return None  # a proper call waits for "his turn to play"
    held = state.honours(side)
    if mine >= 3:
        return CallOutcome(
            seat, f"shows {mine} honours.", called=HonoursCalled(side, seat, held)
        )
    partner = seat.partner
    holds = _held(state, partner) > 0
    if not (holds if answer is None else answer):
        return CallOutcome(seat, f'"Can you one?" {partner}: "No."')
    if not holds:
        return CallOutcome(
            partner, f'{seat}: "Can you one?" {partner}: "Yes."', wrong=WRONG_FALSE_ANSWER
        )
    return CallOutcome(
        seat, f'"Can you one?" {partner}: "Yes."', called=HonoursCalled(side, seat, held)
    )


def throws_down(outcome: CallOutcome, state: HandState) -> bool:
    """Whether the wrong call ``outcome`` made the hands be thrown down: it showed
    honours as if the game were won (see the module; 001: "reclaiming their hands if
    thrown down").

    >>> from cavendish.core import Card, Deal, get_rules
    >>> deal = Deal.from_pbn("S:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
    ...                      "T98.T98.QJT9.QJT", trump_card="S2")
    >>> state = HandState(deal, get_rules("long"))
    >>> wrong = judge_call(get_rules("long"), (7, 3), state, Seat.S)  # not at eight
    >>> throws_down(wrong, state)   # S holds A K, N the Q: "Yes.", honours shown
    True
    >>> throws_down(judge_reminder(get_rules("long"), Seat.S), state)
    False
    """
    if outcome.wrong == WRONG_FALSE_ANSWER:
        return True
    if outcome.wrong != WRONG_NOT_AT_EIGHT:
        return False
    seat = outcome.seat
    return _held(state, seat) >= 2 and _held(state, seat.partner) >= 1


def judge_reminder(rules: Rules, seat: Seat) -> CallOutcome | None:
    """``seat`` reminds his partner to call honours: always wrong once the deal is
    complete (001); None in a game without calling.

    >>> from cavendish.core import get_rules
    >>> judge_reminder(get_rules("long"), Seat.N).wrong == WRONG_REMINDER
    True
    """
    if rules.call_honours_at is None or not rules.honours:
        return None
    return CallOutcome(seat, f'"Call, {seat.partner}!"', wrong=WRONG_REMINDER)
