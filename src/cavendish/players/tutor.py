"""The tutor: ``hint`` (what the classical and the search player would play) and
``why`` (what made a computer player choose its card).

Design note
-----------
A hint is given to one seat from what that seat may see: its
:class:`~cavendish.core.state.SeatView` now, the public events of the hand so far
(every card played, the tricks quitted) and the trump card turned up at the
start (shown to every player, law 52).  From them :func:`opening_view` rebuilds
the seat's view before the first card (its hand as dealt is its hand now with the
cards it has played; a dummy's likewise), so that fresh players can be told of
the hand's start and shown every event, exactly as at the table; then

* the classical player (:class:`~cavendish.players.classical.ClassicalPlayer`,
  the school asked for, ``modern`` by default) gives its card, the catalogue id
  of the convention that chose it and its reason;
* the search player (:class:`~cavendish.players.search.strong.SearchPlayer`)
  gives its card and the expected double-dummy tricks of the seat's side for
  the whole hand (the tricks already won, plus the mean over its sampled worlds
  of the tricks still to come), the figure ``"tricks"`` of the JSON.

Nothing hidden reaches the tutor, so a hint is the same whatever the other
hands hold.

``why`` (:func:`explain`) asks the player that chose a card for its own account:
the classical player's convention and reason; a search player's in the tutor's
words (:func:`search_words`, fit to be told to everyone at the table): the layouts
behind it, the tricks it expects, and the book's convention it agrees with, keeps
for partner or departs from, with no card named but the one played.  Told to
another than the player (``shown``: the cards the hearer may see), the account is
built only of what names no card hidden from him: the convention rather than a
reason that names another card, and only those of a search's notes that name no
hidden card.  A player with no account of itself (the random player) is said to
have chosen at random.

>>> from cavendish.core import Deal, HandState, Seat
>>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
...                      "T98.T98.QJT9.QJT", trump_card="S2")
>>> state = HandState(deal)
>>> tutor = Tutor(seed=1, budget=Budget(worlds=4, work=40.0))
>>> h = tutor.hint(state.view(Seat.E), state.events, deal.trump_card)
>>> sorted(h.to_json()), h.to_json()["classical"]["convention"]
(['classical', 'search'], 'C44')
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import Card, Seat
from ..core.errors import IllegalAction
from ..core.events import CardPlayed, Event
from ..core.state import SeatView
from .classical import ClassicalPlayer, Decision, title_of
from .classical.catalogue import TITLES
from .inference import School
from .search.budget import Budget
from .search.pimc import SearchDecision
from .search.strong import SearchPlayer

__all__ = ["CARD_NAME", "Hint", "Tutor", "TutorError", "card_code", "explain", "named_cards",
           "opening_view", "search_words"]


class TutorError(IllegalAction):
    """A hint asked for a seat that is not to play, or from events that do not fit."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The classical player's card and the search player's card for one seat."""

    seat: Seat
    classical: Decision
    search: SearchDecision

    def to_json(self) -> dict[str, Any]:
        """``{"classical": {"card", "convention", "reason"}, "search": {"card", "tricks"}}``."""
        tricks = self.search.tricks
        return {
            "classical": {
                "card": str(self.classical.card),
                "convention": self.classical.convention,
                "reason": self.classical.reason,
            },
            "search": {
                "card": str(self.search.card),
                "tricks": None if tricks is None else round(tricks, 2),
            },
        }

    def lines(self) -> list[str]:
        """The hint in words, one line per player."""
        c = self.classical
        s = self.search
        tail = search_words(s, self.seat, to_player=True)
        return [
            f"Classical: {c.card} -- {account(c.reason, c.convention)}",
            f"Search:    {s.card} -- {tail}",
        ]


def opening_view(
    view: SeatView, events: Sequence[Event], trump_card: Card
) -> SeatView:
    """``view.seat``'s view before the first card, rebuilt from its view now, the
    public events and the card turned up."""
    played = [0, 0, 0, 0]
    for e in events:
        if isinstance(e, CardPlayed):
            played[e.seat] |= 1 << e.card
    seat = view.seat
    hand0 = view.hand | played[seat]
    exposed = tuple(
        (view.exposed[s] | played[s]) if view.exposed[s] else 0 for s in Seat
    )
    first = view.dealer.left
    return SeatView(
        seat=seat,
        hand=hand0,
        dealer=view.dealer,
        trump=view.trump,
        trump_card=trump_card,
        turn=first,
        leader=first,
        trick=(),
        last_trick=None,
        trick_number=0,
        tricks_won=(0, 0),
        exposed=(exposed[0], exposed[1], exposed[2], exposed[3]),
        legal=hand0 if seat == first else 0,
    )


class Tutor:
    """Hints for a seat from its view and the public events (see the design note)."""

    def __init__(
        self,
        school: School | str = "modern",
        seed: int = 0,
        *,
        budget: Budget | None = None,
    ) -> None:
        self.school = school
        self.seed = seed
        self.budget = budget

    def hint(
        self,
        view: SeatView,
        events: Sequence[Event],
        trump_card: Card,
        *,
        also: Sequence[SeatView] = (),
    ) -> Hint:
        """The hint for ``view.seat``, which must be to play.  ``also``: views of
        other seats the same person holds (his own hand when he plays his dummy)."""
        if view.turn != view.seat or not view.legal:
            turn = "nobody (the hand is over)" if view.turn is None else str(view.turn)
            raise TutorError(f"no hint for {view.seat}: it is not to play ({turn} is)")
        classical = ClassicalPlayer(self.school, self.seed, "Tutor (classical)")
        search = SearchPlayer(self.seed, "Tutor (search)", budget=self.budget,
                              school=self.school)
        for v in (*also, view):
            opening = opening_view(v, events, trump_card)
            classical.begin_hand(opening)
            search.begin_hand(opening)
        for e in events:
            classical.observe(e)
            search.observe(e)
        return Hint(view.seat, classical.decide(view), search.decide(view))


def account(reason: str, convention: str) -> str:
    """A classical decision's reason with its convention, nothing said twice: the
    catalogue title only when the reason does not already say it, nothing more for
    a forced card.

    >>> account("forced", "forced"), account("the only card", "forced")
    ('forced', 'the only card')
    >>> account("fourth hand: win as cheaply as possible", "C97")
    'fourth hand: win as cheaply as possible (C97)'
    """
    if convention == "forced":
        return reason
    title = title_of(convention)
    said, named = reason.strip().rstrip(".").lower(), title.strip().rstrip(".").lower()
    if not named or named in said or said in named:
        return f"{reason} ({convention})"
    return f"{reason} ({convention}: {title})"


def search_words(decision: SearchDecision, seat: Seat | None = None, *,
                 to_player: bool) -> str:
    """A search player's card in the tutor's words: the worlds behind it, the tricks
    it expects, and the convention it agrees with or departs from.

    ``seat``: the seat that played it (None: the side the decision itself names).
    ``to_player``: the hearer is the player who holds the cards (his hint), so his
    other cards may be named (the book's card, the card the search preferred); to
    anyone else only the card chosen is named: the book's convention is said in
    words, its card is not (it would tell of a hand the hearer may not see).

    >>> from cavendish.core.cards import Card
    >>> a, four = Card.parse("SA"), Card.parse("S4")
    >>> d = SearchDecision(a, 6.6, 41, "", book=(four, "C44", 6.2))
    >>> mine = search_words(d, Seat.N, to_player=True)
    >>> mine.startswith("The book says ♠4 (C44: American leads: the fourth best)")
    True
    >>> mine.endswith("♠A wins 0.40 tricks more here: 6.60 expected for NS against 6.20.")
    True
    >>> theirs = search_words(d, Seat.N, to_player=False)
    >>> "♠4" in theirs, "fourth best" in theirs, "0.40 more than the book's card" in theirs
    (False, True, True)
    """
    card = decision.card.symbol
    if decision.tricks is None:
        return f"{card}: {decision.reason}"
    side = seat.side if seat is not None else decision.side
    if side is None:
        raise ValueError(f"search_words: no seat given and the decision for {decision.card} "
                         "names no side")
    layouts = f"{decision.worlds} layout{'s' if decision.worlds != 1 else ''} of the unseen cards"
    if decision.effective is not None:
        layouts += f" (weighted by the cards played, worth {decision.effective:.0f} equal ones)"
    expects = f"{decision.tricks:.2f} expected for {side}"
    if decision.book is None:
        return f"Searching {layouts}, {card} takes the most tricks: {expects}."
    book, convention, value = decision.book
    said = f"{convention}: {title_of(convention)}" if convention in TITLES else convention
    gain = decision.tricks - value
    if book == decision.card:
        best, top = decision.ranking[0] if decision.ranking else (book, value)
        below = top - value
        if below <= 1e-9:
            if not to_player:
                return (f"{card} agrees with the book ({said}); searching {layouts}: "
                        f"{expects}.")
            return f"The book says {card} ({said}), and searching {layouts} agrees: {expects}."
        # the book's card played though rated a little worse: it tells partner the truth
        if not to_player:
            return (f"{card} is the book's card ({said}); searching {layouts}, it is rated "
                    f"{below:.2f} tricks below the best, close enough to keep partner "
                    f"informed: {expects}.")
        return (f"The book says {card} ({said}); searching {layouts}, it is rated "
                f"{below:.2f} tricks below {best.symbol}, close enough to keep partner "
                f"informed: {expects}.")
    if not to_player:
        return (f"{card} departs from the book ({said}): searching {layouts}, it expects "
                f"{decision.tricks:.2f} tricks for {side}, {gain:.2f} more than the book's card.")
    return (f"The book says {book.symbol} ({said}); searching {layouts}, {card} wins "
            f"{gain:.2f} tricks more here: {expects} against {value:.2f}.")


CARD_NAME = re.compile(r"(?<![A-Za-z0-9])([SHDC♠♥♦♣])(10|[AKQJT2-9])"
                       r"(?![A-Za-z0-9:])")
"""A card named in a text, by code (``C6``) or symbol (``♣6``); a catalogue number
(``C3:``) is not a card (:func:`card_code` reads a match)."""
_SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def card_code(match: re.Match[str]) -> str:
    """The code of the card a match of :data:`CARD_NAME` names.

    >>> card_code(CARD_NAME.search("the ♥10"))
    'HT'
    """
    suit, rank = match.group(1), match.group(2)
    return _SUIT_LETTER.get(suit, suit) + ("T" if rank == "10" else rank)


def named_cards(text: str) -> set[Card]:
    """The cards a text names (:data:`CARD_NAME`).

    >>> sorted(str(c) for c in named_cards("♠A beats the C6 (C3: master cards), ♥10"))
    ['C6', 'HT', 'SA']
    """
    return {Card.parse(card_code(m)) for m in CARD_NAME.finditer(text)}


def explain(player: object, card: Card, *, shown: Collection[Card] | None = None,
            seat: Seat | None = None) -> str:
    """Why ``player`` chose ``card``, in its own words (its last decision).

    ``shown``: the cards the hearer may see (None: the player himself, who may be
    told of all his cards).  The account is then built of what names no other card:
    the classical player's reason if it names only cards shown, else the title of
    its convention.  A search player's card is told in :func:`search_words` for
    ``seat``'s side (None: the side its decision names), naming no card but the one
    played whoever hears it; told to a hearer, with those of its notes that name no
    card hidden from him.  Nothing is built from a hidden card."""
    how = getattr(player, "explain_last", None)
    decision = how() if callable(how) else None
    seen = None if shown is None else {*shown, card}
    if isinstance(decision, Decision) and decision.card == card:
        said = account(decision.reason, decision.convention)
        if seen is not None and not named_cards(said) <= seen:
            said = (f"by the book ({decision.convention}: {title_of(decision.convention)})"
                    if decision.convention in TITLES else "by the book")
        return f"{card}: {said}."
    if isinstance(decision, SearchDecision) and decision.card == card:
        if decision.tricks is None or (seat is None and decision.side is None):
            why = (decision.reason if seen is None or named_cards(decision.reason) <= seen
                   else "no search was needed (a forced card, or cards of equal worth)")
            return f"{card}: {why}."
        # told to everyone at the table: no card but the one played is named
        words = search_words(decision, seat, to_player=False)
        kept = [n for n in decision.notes if seen is not None and named_cards(n) <= seen]
        if kept:
            words = f"{words.rstrip('.')} [{', '.join(kept)}]."
        return f"{card}: {words}"
    if decision is None and type(player).__name__ == "RandomPlayer":
        return f"{card}: chosen at random among the cards it might play."
    return f"{card}: the player gives no account of this card."
