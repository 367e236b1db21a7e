"""``pimc``: perfect-information Monte Carlo, the plain sampling search player.

Design note
-----------
For each card the player (one seat, seeing only its
:class:`~cavendish.core.state.SeatView` s and the public events) brings its
:class:`~cavendish.players.inference.Knowledge` up to date, draws worlds -- layouts
of the unseen cards consistent with the facts (its own hand, the voids shown,
the turned-up trump in the dealer's hand, a dummy), weighted by the conventions
read from the play (fourth-best leads, calls, echoes...; :mod:`.sampling`) --
solves every world double dummy in one batch (:mod:`.evaluate`) and plays the
card with the most expected tricks for its side.  Ties go to the lowest card.

What it spends per card is a :class:`~.budget.Budget`: at most ``worlds``
worlds, fewer where a world costs most (the opening lead), every layout when
there are few (the last tricks), and no search at all when the laws leave one
card or when every legal card is equivalent (cards in sequence, counting the
cards already played: holding the Q and the 10 after the J has gone).

The worlds are drawn from a generator seeded by the player's seed and by what
the seat has seen (its hand and the cards played), so a decision depends on
nothing else: the same seed and the same views give the same card, whatever the
hidden hands are and whatever the player did on other hands.

This is the player the issue calls plain sampling; what it gets wrong -- it
assumes every player will see all the hands from now on, it fuses a different
plan for each world into one card, it treats every trick as worth the same --
is what :mod:`.strong` works on.

>>> from cavendish.core import Card, Deal, HandState, Seat
>>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
...                      "T98.T98.QJT9.QJT", trump_card="S2")
>>> state = HandState(deal)
>>> for card in ("HJ", "H5", "H9"):  # N dealt: E leads
...     _ = state.play(Card.parse(card))
>>> player = PIMCPlayer(seed=1, budget=Budget(worlds=6, work=60.0))
>>> d = player.decide(state.view(Seat.N))
>>> d.card in state.legal_cards(), d.worlds > 0, 0.0 <= d.tricks <= 13.0
(True, True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ...core.cards import CARDS, SUIT_MASK, Card, Seat, Side
from ...core.events import Event
from ...core.state import SeatView
from ..base import PlayerError
from ..inference import Knowledge, School
from .budget import Budget
from .evaluate import Evaluation, evaluate
from .sampling import World, draw_worlds
from .tracking import HandMemory

__all__ = ["PIMCPlayer", "SearchDecision", "equal_groups", "search_rng"]


@dataclass(frozen=True, slots=True)
class SearchDecision:
    """A search player's card, its expected tricks and why."""

    card: Card
    tricks: float | None
    """The side's expected double-dummy tricks for the hand over the worlds solved
    (None when no search was needed: a forced or an indifferent card)."""
    worlds: int
    """How many distinct worlds were solved."""
    reason: str
    ranking: tuple[tuple[Card, float], ...] = ()
    """Every card tried, with its expected tricks for the hand, best first."""
    method: str = "pimc"
    notes: tuple[str, ...] = field(default=())
    """What else weighed in (a convention followed, a world weighting)."""
    book: tuple[Card, str, float] | None = None
    """The classical player's card, its convention and its expected tricks by the
    worlds (None: not asked), for the tutor's words (:func:`~..tutor.search_words`)."""
    effective: float | None = None
    """How many equal worlds the weighted worlds are worth (None: unweighted)."""
    side: Side | None = None
    """The side whose tricks ``tricks`` counts (None when no search was needed)."""

    def __str__(self) -> str:
        return f"{self.card}: {self.reason}"


def equal_groups(legal: int, hand: int, gone: int) -> list[list[Card]]:
    """The legal cards in groups of equals: cards of a suit with nothing between
    them but the holder's own cards and cards already gone (quitted tricks).

    >>> from cavendish.core.cards import hand_mask
    >>> hand = hand_mask(["SQ", "ST", "S4"])
    >>> [[str(c) for c in g] for g in equal_groups(hand, hand, hand_mask(["SJ"]))]
    [['S4'], ['ST', 'SQ']]
    """
    groups: list[list[Card]] = []
    for suit in range(4):
        cards = legal & SUIT_MASK[suit]
        if not cards:
            continue
        current: list[Card] = []
        prev = -1
        for c in range(13 * suit, 13 * suit + 13):
            if cards >> c & 1:
                if current and all((hand | gone) >> x & 1 for x in range(prev + 1, c)):
                    current.append(CARDS[c])
                else:
                    if current:
                        groups.append(current)
                    current = [CARDS[c]]
                prev = c
        if current:
            groups.append(current)
    return groups


def search_rng(kind: str, seed: int, view: SeatView, k: Knowledge) -> random.Random:
    """The generator of one decision: from the player's seed and what its seat has
    seen (its hand, the cards played, the trick in progress), nothing else."""
    trick = ".".join(str(c) for _, c in view.trick)
    return random.Random(f"{kind}/{seed}/{int(view.seat)}/{view.hand}/{k.played}/{trick}")


class PIMCPlayer:
    """Plain perfect-information Monte Carlo (see the module's design note)."""

    method = "pimc"
    readings = True
    """Whether the worlds are weighted by the school's readings of the play (a
    fourth-best lead, a call: :func:`~.sampling.draw_worlds`); off, every layout the
    facts allow is as likely."""

    def __init__(
        self,
        seed: int = 0,
        name: str = "PIMC",
        *,
        budget: Budget | None = None,
        school: School | str = "modern",
    ) -> None:
        self.seed = seed
        self.name = name
        self.budget = budget if budget is not None else Budget()
        self.memory = HandMemory(school)
        self._last: SearchDecision | None = None

    # ------------------------------------------------------------ hooks
    def begin_hand(self, view: SeatView) -> None:
        """A new hand: start the seat's record from its opening view."""
        self.memory.begin_hand(view)

    def observe(self, event: Event) -> None:
        """A public event of the hand."""
        self.memory.observe(event)

    def knowledge(self, seat: Seat) -> Knowledge | None:
        """What the player knows for ``seat`` (for the tutor)."""
        return self.memory.knowledge(seat)

    # ------------------------------------------------------------ choosing
    def choose(self, view: SeatView) -> Card:
        """The card to play (see :meth:`decide`)."""
        return self.decide(view).card

    def explain_last(self) -> SearchDecision | None:
        """The decision behind the last card chosen."""
        return self._last

    def decide(self, view: SeatView) -> SearchDecision:
        """The card to play from ``view``, with its expected tricks."""
        if not view.legal:
            raise PlayerError(f"{self.name}: seat {view.seat} has no card to play")
        k = self.memory.sync(view)
        decision = self._decide(view, k)
        if not view.legal >> decision.card & 1:
            raise PlayerError(f"{self.name}: the search chose {decision.card} for {view.seat}, "
                              "which it may not play")
        self._last = decision
        return decision

    def _decide(self, view: SeatView, k: Knowledge) -> SearchDecision:
        legal = view.legal
        if legal & (legal - 1) == 0:
            card = CARDS[legal.bit_length() - 1]
            return SearchDecision(card, None, 0, "the only card the laws allow", method=self.method)
        on_table = 0
        for _, c in view.trick:
            on_table |= 1 << c
        groups = equal_groups(legal, view.hand, k.played & ~on_table)
        if len(groups) == 1:
            card = groups[0][0]
            return SearchDecision(card, None, 0, "every card it may play is as good as the "
                                  "others (a sequence): the lowest", method=self.method)
        rng = search_rng(self.method, self.seed, view, k)
        ev = self.search(view, k, rng)
        return self.pick(view, k, ev)

    def worlds_wanted(self, view: SeatView) -> int:
        """The number of worlds this decision may solve (by the budget)."""
        return self.budget.worlds_for(view.hand.bit_count(), len(view.trick))

    def draw(self, view: SeatView, k: Knowledge, rng: random.Random, n: int) -> list[World]:
        """The worlds to solve."""
        b = self.budget
        return draw_worlds(k, rng, n, candidates=n * b.candidates, exact_limit=b.exact,
                           inferences=self.readings)

    def search(self, view: SeatView, k: Knowledge, rng: random.Random) -> Evaluation:
        """Draw the worlds and score every legal card in them."""
        worlds = self.draw(view, k, rng, self.worlds_wanted(view))
        return evaluate(worlds, view, time_ms=self.budget.time_ms)

    def pick(self, view: SeatView, k: Knowledge, ev: Evaluation) -> SearchDecision:
        """The card with the most expected tricks (ties: the lowest)."""
        ranked = ev.ranked()
        card, value = ranked[0]
        return SearchDecision(
            card,
            ev.won + value,
            ev.worlds,
            _reason(ev, ranked),
            tuple((c, ev.won + v) for c, v in ranked),
            method=self.method,
            side=ev.side,
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}, name={self.name!r}, budget={self.budget})"


def _reason(ev: Evaluation, ranked: list[tuple[Card, float]]) -> str:
    value = ranked[0][1]
    text = (f"the most tricks double dummy over {ev.worlds} world"
            f"{'s' if ev.worlds != 1 else ''}: {ev.won + value:.2f} expected for {ev.side}")
    runner = next(((c, v) for c, v in ranked if v < value - 1e-9), None)
    if runner is not None:
        text += f" (next best {runner[0]}: {ev.won + runner[1]:.2f})"
    else:
        text += " (every card scores alike; the lowest)"
    return text
