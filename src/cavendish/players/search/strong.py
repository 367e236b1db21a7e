"""``search``: the stronger search player, which reads the play.

Design note
-----------
Plain sampling (:mod:`.pimc`) draws its worlds from the facts and the school's
readings of the cards (a fourth-best lead, a call, an echo) and then solves each
as if every player saw every hand.  Its worlds are as likely as each other
whatever the other players did: a world in which an adversary's last card threw a
trick away counts as much as one in which it was the only good card.  But the
players at this table play good cards for the layout they believe in, so the
cards they played are evidence about the layout, and much stronger evidence than
the conventions when the adversaries do not play by them.

This player weights each world by the likelihood of the cards the other three
seats played: for each of the last ``window`` cards (its own left out), the
position just before it is rebuilt in the world (every card played since goes
back to its hand) and the card is scored against the others its player could
have played; if it would lose ``t`` tricks against the best, the world's weight
is multiplied by ``exp(-beta * t)`` (a Boltzmann model of a good player: a card
that costs one trick makes that world about 1.65 times less likely with
``beta`` 0.5, the default, which proper scores of the weighted worlds found the
best calibrated: docs/players.md).

How a card is scored is the ``model``.  With ``"own"`` the player
of the card is taken to have chosen from its own hand, as every player at this
table does: the world fixes that hand, the cards it could not see are dealt
afresh ``deals`` times (:mod:`.opponent`), and the card's value is its mean
double-dummy result over those deals.  With ``"dd"`` (the default) the card is
scored double dummy in the world itself, which credits its player with the other
hands: a second hand who ducks is read as knowing where the ace is.  Against
``pimc`` the ``"own"`` model was not better: docs/players.md.

Cards with no choice (a single legal card, or only equals) are not solved.
The solving is charged to ``likelihood_work`` (reference ms, as the
:class:`~.budget.Budget`; a card read costs ``deals`` solves a world), the
latest cards first, so it is spent in the middle and the end of the hand, where
a world costs a millisecond; the opening lead is read by the school's
conventions only.  The weighted worlds are then solved and averaged as by
``pimc``.  This is the "better weighting of worlds" the issue offers: Bayesian
inference over the layouts with a model of the players, which is what plain
sampling most lacks at whist, where every hand but one's own is hidden.

It also spends more: at most 48 worlds and 3000 reference ms a card
(:data:`STRONG_BUDGET`), and up to 1000 more on the replies below, still inside
the issue's time targets.

``replies`` (deals per modelled reply; 3 by default, 0 turns it off) rescores the
best ``reply_candidates`` cards with the next hands in the trick choosing from
their own hands (:mod:`.replies`): double dummy credits a second hand with
knowing where every card lies, and so undervalues a lead that sets him a guess.
The rescoring is charged to ``reply_work`` (reference ms a card).  With it and
the smaller budget the player made +0.19 against ``pimc`` on a fresh seed's 400
boards, where without it (64 worlds) it had made +0.06 to +0.21 on other seeds
(docs/players.md).  ``lead_replies``
(True by default) rescores a lead too; off, a lead is valued by plain double
dummy and the replies are kept at second and third hand (issue 33: by double
dummy on the true layout the replies' leads cost more, docs/players.md).

It also signals.  Double dummy credits partner with seeing one's hand, so
plain sampling never tells partner anything: among equal cards it plays the
lowest, and a partner who reads the school's conventions (a fourth-best lead, the
top of a sequence, a call for trumps) is misled.  ``conventions`` (0.1 tricks by
default; ``None``: off) makes this player play the classical player's card
whenever the worlds rate it within that many tricks of the best, so that a
partner reading the school learns the truth.  Of the fixes measured against
``pimc`` this one paid most, though unevenly across seeds (docs/players.md).

``alphamu`` (0, off, by default) values the cards by alpha-mu (:mod:`.alphamu`)
once that many tricks or fewer are left, over the ``alphamu_worlds`` heaviest
worlds: the player's own later cards are one card for all the worlds it cannot
tell apart, where plain sampling plans a different card in each (strategy
fusion).  Where the fronts grow past their limit it falls back to plain sampling.

``adaptive`` (8 by default since issue 33; 0: off, as in ``search:v1``) is a
sequential budget (:mod:`.sequential`):
the worlds drawn are read and solved ``adaptive`` at a time, and the search stops
once the best card is clear of every other over the worlds solved so far (no
world prefers the other, or the paired mean lead is more than ``adaptive_z``
standard errors), going on to every world drawn where the choice is close.  The
worlds are the ones the full budget draws (in a fixed shuffled order), so where
it does not stop it solves and weights the same worlds as without it; the plays
read are those the full budget would read.  By the shadow study it chose as
``search:v1`` did at nine decisions in ten, lost no measurable tricks there, and
took a quarter of its median CPU a decision (docs/players.md).

Every choice depends only on the seat's views, the public events and the seed
(:func:`~.pimc.search_rng`), so a match reproduces.

>>> from cavendish.core import Card, Deal, HandState, Seat
>>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
...                      "T98.T98.QJT9.QJT", trump_card="S2")
>>> state = HandState(deal)
>>> for card in ("C6", "CA", "CJ", "C2", "H5"):
...     _ = state.play(Card.parse(card))
>>> player = SearchPlayer(seed=1, budget=Budget(worlds=6, work=60.0, min_worlds=4))
>>> d = player.decide(state.view(Seat.W))
>>> d.card in state.legal_cards(), d.method
(True, 'search')
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from ...analysis import dd
from ...analysis.position import Position
from ...core.cards import Card, Suit
from ...core.events import Event
from ...core.state import SeatView
from ..classical import ClassicalPlayer, Decision
from ..inference import Knowledge, School
from .alphamu import AlphaMuTooBig, alphamu_values
from .budget import Budget, world_cost
from .evaluate import Evaluation, evaluate, joined
from .opponent import imagined_positions, mean_values, voids_before
from .pimc import PIMCPlayer, SearchDecision, equal_groups
from .replies import reply_values
from .sampling import World
from .sequential import clear_choice

__all__ = ["MODELS", "STRONG_BUDGET", "SearchPlayer"]

MODELS = ("dd", "own")
"""The models of how the other seats choose their cards (see :meth:`SearchPlayer.weigh_by_play`)."""

STRONG_BUDGET = Budget(worlds=48, work=3000.0, min_worlds=8, exact=96)
"""The stronger player's default budget: twice plain PIMC's worlds and work, and more
(``reply_work``) for the modelled replies."""


class SearchPlayer(PIMCPlayer):
    """Sampling search that weights its worlds by the play (see the module's design note)."""

    method = "search"

    def __init__(
        self,
        seed: int = 0,
        name: str = "Search",
        *,
        budget: Budget | None = None,
        school: School | str = "modern",
        beta: float = 0.5,
        window: int = 11,
        likelihood_work: float = 1500.0,
        conventions: float | None = 0.1,
        model: str = "dd",
        deals: int = 1,
        replies: int = 3,
        reply_candidates: int = 2,
        reply_work: float = 1000.0,
        lead_worlds: int = 0,
        close_worlds: int = 0,
        close_margin: float = 0.15,
        alphamu: int = 0,
        alphamu_worlds: int = 24,
        lead_replies: bool = True,
        adaptive: int = 8,
        adaptive_z: float = 2.0,
        readings: bool = True,
    ) -> None:
        super().__init__(seed, name, budget=budget if budget is not None else STRONG_BUDGET,
                         school=school)
        self.beta = beta
        """How much less likely a world is for each trick a card played would have
        lost in it: the factor is ``exp(-beta * tricks lost)``."""
        self.window = window
        """How many of the last cards played are read (the player's own left out)."""
        self.likelihood_work = likelihood_work
        """The most work (reference ms) a decision spends on reading the play."""
        self.conventions = conventions
        """None, or the tricks the classical card may lose by the worlds' reckoning
        and still be played (a card that tells partner the truth)."""
        if model not in MODELS:
            raise ValueError(f"model {model!r}: expected one of {', '.join(MODELS)}")
        if deals < 1:
            raise ValueError(f"deals: {deals}; at least one deal per card read is needed")
        self.model = model
        """How a card played is read: ``"dd"`` (was it double-dummy best in the world?)
        or ``"own"`` (was it best on average over deals of the cards its player could
        not see?, :mod:`.opponent`)."""
        self.deals = deals
        """The deals of the unseen cards per card read, with ``model="own"``."""
        if replies < 0 or reply_candidates < 2 or reply_work < 0:
            raise ValueError(f"replies {replies}, reply_candidates {reply_candidates}, "
                             f"reply_work {reply_work}: replies and reply_work must be 0 or "
                             "more, reply_candidates at least 2")
        self.replies = replies
        """Deals of the unseen cards per modelled reply in the current trick (0: off;
        :mod:`.replies`)."""
        self.reply_candidates = reply_candidates
        """How many of the best cards by plain double dummy are rescored with own-hand replies."""
        self.reply_work = reply_work
        """The most work (reference ms) a decision spends on modelling the replies."""
        self.lead_replies = lead_replies
        """Whether a lead is rescored with the replies too (False: a lead is valued by
        plain double dummy, the replies kept at second and third hand)."""
        self.classical = ClassicalPlayer(school, seed, name) if conventions is not None else None
        if lead_worlds < 0:
            raise ValueError(f"lead_worlds: {lead_worlds}; 0 (off) or more")
        self.lead_worlds = lead_worlds
        """0 (off), or the most worlds at a lead, the work scaled alike (issue 33: most
        of the search's loss against double dummy is at the lead)."""
        if close_worlds < 0 or close_margin < 0:
            raise ValueError(f"close_worlds {close_worlds}, close_margin {close_margin}: "
                             "both 0 (off) or more")
        self.close_worlds = close_worlds
        """0 (off), or the worlds drawn again when the two best cards are within
        ``close_margin`` tricks of each other (a close decision)."""
        self.close_margin = close_margin
        if alphamu < 0 or alphamu_worlds < 1:
            raise ValueError(f"alphamu {alphamu}, alphamu_worlds {alphamu_worlds}: alphamu 0 "
                             "(off) or more, alphamu_worlds at least 1")
        self.alphamu = alphamu
        """0 (off), or the tricks left (this one included) from which the cards are
        valued by alpha-mu (:mod:`.alphamu`) over the heaviest ``alphamu_worlds``
        worlds, the player's own later cards one for all worlds."""
        self.alphamu_worlds = alphamu_worlds
        if adaptive < 0 or adaptive_z < 0:
            raise ValueError(f"adaptive {adaptive}, adaptive_z {adaptive_z}: both 0 (off) "
                             "or more")
        self.adaptive = adaptive
        """0 (off), or the worlds solved at a time, the search stopping once the best
        card is clear of the others (:mod:`.sequential`)."""
        self.adaptive_z = adaptive_z
        """The standard errors by which the best card's paired lead must pass nought."""
        self.readings = readings
        """Off: the worlds are not weighted by the school's readings
        (:attr:`.PIMCPlayer.readings`; the play's weights, ``likelihood_work``, still apply)."""

    # ------------------------------------------------------------ hooks
    def begin_hand(self, view: SeatView) -> None:
        """A new hand (for the classical adviser too, if it is asked)."""
        super().begin_hand(view)
        if self.classical is not None:
            self.classical.begin_hand(view)

    def observe(self, event: Event) -> None:
        """A public event."""
        super().observe(event)
        if self.classical is not None:
            self.classical.observe(event)

    # ------------------------------------------------------------ choosing
    def worlds_wanted(self, view: SeatView) -> int:
        """The budget's worlds, or at a lead ``lead_worlds`` (the work scaled alike)."""
        b = self.budget
        if self.lead_worlds <= 0 or view.trick:
            return super().worlds_wanted(view)
        scale = self.lead_worlds / b.worlds
        lead = b.with_(worlds=self.lead_worlds, work=b.work * scale)
        return lead.worlds_for(view.hand.bit_count(), 0)

    def search(self, view: SeatView, k: Knowledge, rng: random.Random) -> Evaluation:
        """Draw worlds, weight them by the play, score every legal card."""
        worlds = self.draw(view, k, rng, self.worlds_wanted(view))
        if self.adaptive > 0 and len(worlds) > self.adaptive:
            worlds, ev = self._sequential(view, k, worlds, rng)
        else:
            worlds = self.weigh_by_play(view, k, worlds, rng)
            ev = evaluate(worlds, view, time_ms=self.budget.time_ms)
        if self.close_worlds > 0 and ev.worlds == len(worlds) and _close(ev, self.close_margin):
            more = self.weigh_by_play(view, k, self.draw(view, k, rng, self.close_worlds), rng)
            if {w.hands for w in more} - {w.hands for w in worlds}:  # not every layout already
                worlds = _merged(worlds, more)
                ev = evaluate(worlds, view, time_ms=self.budget.time_ms)
        if 0 < view.hand.bit_count() <= self.alphamu:
            fused = self._alphamu(view, worlds[: ev.worlds], ev)
            if fused is not None:
                return fused
        if self.replies <= 0 or not k.complete or (not view.trick and not self.lead_replies):
            return ev
        values = reply_values(
            worlds[: ev.worlds], view, voids_before(k, len(k.plays)), k.turned,
            k.played & ~sum(1 << c for _, c in view.trick), ev,
            candidates=self.reply_candidates, deals=self.replies, work=self.reply_work,
            rng=rng, min_worlds=self.budget.min_worlds,
        )
        if values is None:
            return ev
        floor = min(values.values())
        expected = {c: values[c] if c in values else min(v, floor - 1e-6)
                    for c, v in ev.expected.items()}
        return replace(ev, expected=expected)

    def _alphamu(self, view: SeatView, worlds: list[World], ev: Evaluation) -> Evaluation | None:
        """``ev`` with every card valued by alpha-mu over the heaviest worlds (None:
        the fronts grew past their limit)."""
        heaviest = sorted(worlds, key=lambda w: -w.weight)[: self.alphamu_worlds]
        played = tuple(card for _, card in view.trick)
        positions = [Position(w.hands, view.trump, view.leader, played) for w in heaviest]
        try:
            values = alphamu_values(positions, [w.weight for w in heaviest], view.seat)
        except AlphaMuTooBig:
            return None
        return replace(ev, expected={c: values[c] for c in ev.expected})

    def pick(self, view: SeatView, k: Knowledge, ev: Evaluation) -> SearchDecision:
        """The best card (or the convention's card when asked and rated as good)."""
        plain = super().pick(view, k, ev)
        total = sum(ev.weights)
        square = sum(w * w for w in ev.weights)
        effective = total * total / square if square else 0.0
        if effective < ev.worlds - 0.05:
            plain = replace(plain, reason=f"{plain.reason}; the worlds weighted by the cards "
                            f"played, worth {effective:.1f} equal worlds", effective=effective)
        if self.conventions is None:
            return plain
        advice = self._advice(view)
        if advice is None or advice.card not in ev.expected:
            return plain
        best = ev.expected[plain.card]
        mine = ev.expected[advice.card]
        plain = replace(plain, book=(advice.card, advice.convention, ev.won + mine))
        if advice.card == plain.card:
            self._follow(view)
            return replace(plain, notes=(advice.convention,))
        if mine >= best - self.conventions:
            self._follow(view)
            return replace(
                plain,
                card=advice.card,
                tricks=ev.won + mine,
                reason=(f"{advice.reason} ({advice.convention}); the worlds rate it "
                        f"{ev.won + mine:.2f} tricks against {ev.won + best:.2f} for "
                        f"{plain.card}, over {ev.worlds} worlds"),
                notes=(advice.convention,),
            )
        return plain

    def _advice(self, view: SeatView) -> Decision | None:
        """The classical player's card (:meth:`ClassicalPlayer.advise`: asking leaves
        it unchanged, so it never remembers a signal this player does not make)."""
        if self.classical is None:
            return None
        try:
            return self.classical.advise(view)
        except ValueError:
            return None

    def _follow(self, view: SeatView) -> None:
        """The classical card is played: the adviser remembers it as its own."""
        assert self.classical is not None
        self.classical.decide(view)

    # ------------------------------------------------------------ weighting
    def weigh_by_play(
        self, view: SeatView, k: Knowledge, worlds: list[World], rng: random.Random | None = None
    ) -> list[World]:
        """Each world's weight times the likelihood of the other seats' last cards."""
        return self._weigh(k, worlds, self._cards_read(view, k, len(worlds)), rng)

    def _cards_read(self, view: SeatView, k: Knowledge, n_worlds: int) -> list[int]:
        """The plays read in ``n_worlds`` worlds (indices into ``k.plays``): the other
        seats' last ``window`` cards, the latest first, as many as
        ``likelihood_work`` pays for."""
        if self.beta <= 0 or self.window <= 0 or n_worlds < 2 or not k.complete:
            return []
        per_card = self.deals if self.model == "own" else 1
        first = max(0, len(k.plays) - self.window)
        recent = [i for i in range(first, len(k.plays)) if k.plays[i].seat != view.seat]
        # the latest first (they matter most and cost least), within the work allowed
        cost = 0.0
        chosen: list[int] = []
        for i in reversed(recent):
            r = k.plays[i]
            c = world_cost(13 - r.trick, r.position) * n_worlds * per_card
            if cost + c > self.likelihood_work:
                break
            cost += c
            chosen.append(i)
        return chosen

    def _weigh(
        self, k: Knowledge, worlds: list[World], chosen: list[int], rng: random.Random | None
    ) -> list[World]:
        """``worlds`` weighted by the likelihood of the plays ``chosen``."""
        if not chosen or not worlds:
            return worlds
        own = self.model == "own"
        per_card = self.deals if own else 1
        draw = rng if rng is not None else random.Random(0)
        positions: list[Position] = []
        owners: list[tuple[int, Card]] = []
        shown = {i: voids_before(k, i) for i in chosen} if own else {}
        for wi, w in enumerate(worlds):
            for i in chosen:
                pos = _position_before(k, w.hands, i)
                if pos is None or _no_choice(pos, k, i):
                    continue
                if own:
                    positions.extend(imagined_positions(pos, k, i, per_card, draw, shown[i]))
                else:
                    positions.append(pos)
                owners.append((wi, k.plays[i].card))
        if not positions:
            return worlds
        results = dd.solve_many(positions)
        factor = [1.0] * len(worlds)
        for n, (wi, card) in enumerate(owners):
            values = mean_values(results[n * per_card : (n + 1) * per_card])
            got = values.get(card)
            best = max(values.values(), default=0.0)
            if got is not None and got < best:
                factor[wi] *= math.exp(-self.beta * (best - got))
        return [World(w.hands, w.weight * f) for w, f in zip(worlds, factor, strict=True)]

    def _sequential(
        self, view: SeatView, k: Knowledge, worlds: list[World], rng: random.Random
    ) -> tuple[list[World], Evaluation]:
        """The worlds weighted and solved ``adaptive`` at a time until the best card is
        clear (:mod:`.sequential`) or every world drawn is solved; the worlds used
        and their evaluation."""
        chosen = self._cards_read(view, k, len(worlds))
        # a fixed shuffle: enumerated layouts come in order, drawn ones at random
        order = list(range(len(worlds)))
        random.Random(len(worlds)).shuffle(order)
        pending = [worlds[i] for i in order]
        used: list[World] = []
        parts: list[Evaluation] = []
        while pending:
            batch = self._weigh(k, pending[: self.adaptive], chosen, rng)
            pending = pending[self.adaptive :]
            used.extend(batch)
            parts.append(evaluate(batch, view))
            ev = joined(view, parts)
            if pending and clear_choice(ev.per_world, ev.weights, z=self.adaptive_z):
                break
        return used, ev

def _close(ev: Evaluation, margin: float) -> bool:
    """Whether the two best cards are within ``margin`` tricks of each other."""
    ranked = ev.ranked()
    return len(ranked) > 1 and ranked[0][1] - ranked[1][1] <= margin


def _merged(first: list[World], more: list[World]) -> list[World]:
    """Two samples of worlds as one: the weights added (each sample's multiplicities
    sum to the worlds it drew, so a world drawn weighs the same in either), a layout
    in both once."""
    out: dict[tuple[int, int, int, int], float] = {}
    for w in (*first, *more):
        out[w.hands] = out.get(w.hands, 0.0) + w.weight
    return [World(h, w) for h, w in out.items()]


def _no_choice(pos: Position, k: Knowledge, at: int) -> bool:
    """Whether the seat to play at ``pos`` had only equal cards to choose from."""
    legal = pos.legal_mask()
    if legal & (legal - 1) == 0:
        return True
    rec = k.plays[at]
    gone = 0
    for r in k.plays[: at - rec.position]:
        gone |= 1 << r.card
    return len(equal_groups(legal, pos.hands[pos.to_play], gone)) == 1


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
