"""``search``: the stronger search player.

Design note
-----------
Plain sampling (:mod:`.pimc`) solves each world as if every player saw every
hand.  Three things follow that this player corrects, each measured against
``pimc`` in duplicate matches (docs/players.md gives the figures):

1. **Its partner cannot see its hand.**  In a world solved double dummy, partner
   always knows where the cards are, so PIMC never helps him: among cards of
   equal value it plays the lowest, which tells a partner who reads the
   conventions something false.  This player asks the classical player (same
   school) for its card, and plays it whenever the worlds rate it within
   ``tolerance`` tricks of the best (a card the worlds cannot tell apart from
   the best is then the one that tells partner the truth: the fourth best, the
   top of a sequence, the call for trumps, the echo, the discard of the school).
   Its partner, another ``search`` player, reads those cards through its
   :class:`~cavendish.players.inference.Knowledge` and samples its worlds by
   them.  At the opening lead, where a world costs most and what a lead tells
   partner matters most, the conventional lead is checked by ``lead_worlds``
   worlds only, and kept unless they rate another lead better by more than
   ``lead_tolerance``.

2. **The worlds are weighted by the play, not only by the conventions.**  Each
   card another seat has played in the current trick (and in the last one, when
   cheap enough) is scored double dummy in each world as the position stood
   before it; a world in which the card lost tricks is less likely, by the factor
   ``exp(-beta * tricks lost)``.  Players at this table play good cards for the
   layout they believe in; a world in which their cards were blunders is one
   they probably do not hold.  The extra solving is charged to the budget's
   work (``likelihood_work``), so it is spent in the middle and the end of the
   hand, where a world costs a millisecond.

3. **More worlds where they pay.**  The budget is four times plain PIMC's work
   (the cap is 48 worlds), which is still well under the time target (median
   under 250 ms, 95th percentile under 3 s a card): plain sampling is mostly
   limited by the noise of too few worlds when two cards are close.

Every choice depends only on the seat's views, the public events and the seed
(:func:`~.pimc.search_rng`), so a match reproduces.

>>> from cavendish.core import Deal, HandState, Seat
>>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
...                      "T98.T98.QJT9.QJT", trump_card="S2")
>>> state = HandState(deal)
>>> player = SearchPlayer(seed=1, budget=Budget(worlds=4, work=40.0), lead_worlds=2)
>>> d = player.decide(state.view(Seat.E))
>>> d.card in state.legal_cards(), d.method
(True, 'search')
"""

from __future__ import annotations

import copy
import math
import random
from dataclasses import replace

from ...analysis import dd
from ...analysis.position import Position
from ...core.cards import CARDS, Card, Suit
from ...core.events import Event
from ...core.state import SeatView
from ..classical import ClassicalPlayer, Decision
from ..inference import Knowledge, School
from .budget import Budget, world_cost
from .evaluate import Evaluation, evaluate
from .pimc import PIMCPlayer, SearchDecision, equal_groups
from .sampling import World

__all__ = ["STRONG_BUDGET", "SearchPlayer"]

STRONG_BUDGET = Budget(worlds=48, work=4800.0, min_worlds=8, exact=96)
"""The stronger player's default budget: four times plain PIMC's work."""


class SearchPlayer(PIMCPlayer):
    """Sampling search that signals, reads the play and spends more where it pays."""

    method = "search"

    def __init__(
        self,
        seed: int = 0,
        name: str = "Search",
        *,
        budget: Budget | None = None,
        school: School | str = "modern",
        tolerance: float = 0.15,
        lead_worlds: int = 12,
        lead_tolerance: float = 0.3,
        beta: float = 1.5,
        likelihood_plays: int = 7,
        likelihood_work: float = 600.0,
    ) -> None:
        super().__init__(seed, name, budget=budget if budget is not None else STRONG_BUDGET,
                         school=school)
        self.classical = ClassicalPlayer(school, seed, name)
        self.tolerance = tolerance
        self.lead_worlds = lead_worlds
        self.lead_tolerance = lead_tolerance
        self.beta = beta
        self.likelihood_plays = likelihood_plays
        self.likelihood_work = likelihood_work

    # ------------------------------------------------------------ hooks
    def begin_hand(self, view: SeatView) -> None:
        """A new hand, for the search's record and the classical adviser's."""
        super().begin_hand(view)
        self.classical.begin_hand(view)

    def observe(self, event: Event) -> None:
        """A public event, for both records."""
        super().observe(event)
        self.classical.observe(event)

    # ------------------------------------------------------------ choosing
    def _advice(self, view: SeatView) -> Decision | None:
        """The classical player's card, without letting it remember a signal it
        did not make (its memory is restored if the search plays another card)."""
        memory = getattr(self.classical, "_memory", None)
        saved = copy.deepcopy(memory) if memory is not None else None
        try:
            advice = self.classical.decide(view)
        except ValueError:
            return None
        if saved is not None:
            self._saved_memory = saved
        return advice

    def _forget_advice(self) -> None:
        saved = getattr(self, "_saved_memory", None)
        if saved is not None:
            self.classical._memory = saved  # the advice was not followed
        self._saved_memory = None

    def _decide(self, view: SeatView, k: Knowledge) -> SearchDecision:
        self._saved_memory = None
        plain = super()._decide(view, k)
        if plain.worlds == 0:  # forced or indifferent: follow the convention if it agrees
            advice = self._advice(view)
            if advice is not None and plain.tricks is None and _same_group(view, k, advice.card,
                                                                           plain.card):
                self._saved_memory = None
                return replace(plain, card=advice.card,
                               reason=f"{plain.reason}; the convention's card: {advice.reason}",
                               notes=(advice.convention,))
            self._forget_advice()
            return plain
        return plain

    def search(self, view: SeatView, k: Knowledge, rng: random.Random) -> Evaluation:
        """Draw worlds, weight them by the play, score every legal card."""
        opening = k.trick_number == 0 and not view.trick
        n = min(self.lead_worlds, self.worlds_wanted(view)) if opening else self.worlds_wanted(view)
        worlds = self.draw(view, k, rng, n)
        worlds = self.weigh_by_play(view, k, worlds)
        return evaluate(worlds, view, time_ms=self.budget.time_ms)

    def pick(self, view: SeatView, k: Knowledge, ev: Evaluation) -> SearchDecision:
        """The best card, or the convention's card when the worlds rate it as good."""
        plain = super().pick(view, k, ev)
        advice = self._advice(view)
        if advice is not None and advice.card == plain.card:
            self._saved_memory = None
            return replace(plain, reason=f"{plain.reason}; the convention's card too: "
                           f"{advice.reason} ({advice.convention})", notes=(advice.convention,))
        if advice is None or advice.card not in ev.expected:
            self._forget_advice()
            return plain
        opening = k.trick_number == 0 and not view.trick
        allowed = self.lead_tolerance if opening else self.tolerance
        best = ev.expected[plain.card]
        mine = ev.expected[advice.card]
        if mine >= best - allowed:
            self._saved_memory = None
            return replace(
                plain,
                card=advice.card,
                tricks=ev.won + mine,
                reason=(f"{advice.reason} ({advice.convention}); the worlds rate it "
                        f"{ev.won + mine:.2f} tricks against {ev.won + best:.2f} for "
                        f"{plain.card}, over {ev.worlds} worlds"),
                notes=(advice.convention,),
            )
        self._forget_advice()
        return plain

    # ------------------------------------------------------------ weighting
    def weigh_by_play(self, view: SeatView, k: Knowledge, worlds: list[World]) -> list[World]:
        """Each world's weight times the likelihood of the other seats' recent cards."""
        if self.beta <= 0 or self.likelihood_plays <= 0 or len(worlds) < 2:
            return worlds
        recent = [r for r in k.plays[-self.likelihood_plays:] if r.seat != view.seat]
        if not recent or not k.complete:
            return worlds
        # what is charged: each play's position solved in every world
        cost = 0.0
        plays = []
        for r in reversed(recent):  # the latest first: they matter most and cost least
            held = 13 - r.trick
            c = world_cost(held, r.position) * len(worlds)
            if cost + c > self.likelihood_work:
                break
            cost += c
            plays.append(r)
        if not plays:
            return worlds
        index = {id(r): i for i, r in enumerate(k.plays)}
        positions: list[Position] = []
        owners: list[tuple[int, int]] = []  # (world, card played)
        for wi, w in enumerate(worlds):
            for r in plays:
                pos = _position_before(k, w.hands, index[id(r)])
                if pos is None:
                    continue
                legal = pos.legal_mask()
                if legal & (legal - 1) == 0:
                    continue
                positions.append(pos)
                owners.append((wi, int(r.card)))
        if not positions:
            return worlds
        results = dd.solve_many(positions)
        factor = [1.0] * len(worlds)
        for (wi, card), res in zip(owners, results, strict=True):
            tricks = res.tricks
            got = tricks.get(CARDS[card])
            if got is None:
                continue
            lost = max(tricks.values()) - got
            if lost > 0:
                factor[wi] *= math.exp(-self.beta * lost)
        return [World(w.hands, w.weight * f) for w, f in zip(worlds, factor, strict=True)]


def _position_before(k: Knowledge, hands: tuple[int, int, int, int], at: int) -> Position | None:
    """The position in a world (the hands as they are now) just before play ``at`` of
    the record: every card played since goes back to its hand."""
    back = [0, 0, 0, 0]
    for r in k.plays[at:]:
        back[r.seat] |= 1 << r.card
    rec = k.plays[at]
    # the cards played to that trick before it stay on the table
    trick_cards = tuple(r.card for r in k.plays[at - rec.position : at])
    full = (hands[0] | back[0], hands[1] | back[1], hands[2] | back[2], hands[3] | back[3])
    if len(trick_cards) != rec.position or any(h & back_overlap for h, back_overlap in
                                               zip(hands, back, strict=True)):
        return None
    return Position(full, Suit(k.trump), rec.leader, trick_cards)


def _same_group(view: SeatView, k: Knowledge, a: Card, b: Card) -> bool:
    on_table = 0
    for _, c in view.trick:
        on_table |= 1 << c
    groups = equal_groups(view.legal, view.hand, k.played & ~on_table)
    return any(a in g and b in g for g in groups)
