"""Careless players: any player made to commit irregularities, for the laws arbiter.

Design note
-----------
:class:`SloppyPlayer` wraps a :class:`~cavendish.players.base.Player` (it chooses
the same cards) and, at each card it is to play, commits an irregularity with
probability ``rate`` (``cavendish play --laws --sloppy P``), drawn from its own
seeded generator.  The irregularity is one of those possible at that moment,
chosen uniformly among the ``slips`` it is allowed (:data:`SLIPS`):

* ``revoke``: a card of another suit while holding the suit led (law 71);
* ``out_of_turn``: another computer player, who has not played to the trick, puts
  a card down before the player on turn (a lead out of turn, law 62; the third or
  fourth hand too soon, laws 67-68; a lead from the wrong hand at dummy, dummy law
  iii);
* ``expose``: a card dropped face up (law 56); ``several``: two cards played at
  once (law 56); ``two_cards``: a second card played unseen with the first
  (law 70); ``omit``: no card played to the trick (law 69);
* ``lead_ahead``: having played, he plays again without waiting for his partner
  (law 57); ``attention``: having played, he calls attention to the trick before
  his partner has played (law 86);
* ``name_trump``: he names the trump card after it was taken up (law 53);
  ``leave_trump``: the dealer leaves the trump card on the table (law 52).

As dealer, with probability ``deal_rate`` per deal (``--sloppy P`` gives the same
chance), he slips in dealing (:data:`DEAL_SLIPS`, :meth:`SloppyPlayer.deal_slip`):
two cards dealt at once and a third dealt without putting it right (law 44 i),
counting the cards during the deal (law 44 v), or the trump card turned face down
(law 44 ii): a misdeal, which loses the deal (law 43); at double dummy there is no
misdeal and the same dealer deals again (the law of double dummy).  The deal is
made act by act through :class:`~cavendish.laws.deal_laws.DealProcedure`
(:func:`~cavendish.laws.deal_laws.slipped_deal`).

A revoke may be noticed in time (chance ``notice``, one half by default): the
revoker corrects it (law 76), or his partner asks him "having none?" (law 74) and
he answers truly, which corrects it too.

Irregularities are actions, not cards: :func:`turn_actions` gives the table's
:class:`~cavendish.laws.actions.Action` list for the card wanted now, and
:func:`play_hand` plays a whole hand through an
:class:`~cavendish.laws.arbiter.Arbiter`, every decision taken by the computer's
rules of election (:func:`~cavendish.laws.policy.computer_option`).

>>> import random
>>> from cavendish.core.table import deal_cards
>>> from cavendish.core.rules import get_rules
>>> from cavendish.players.random import RandomPlayer
>>> players = {s: SloppyPlayer(RandomPlayer(int(s)), 0.2, seed=10 + int(s)) for s in Seat}
>>> arb = play_hand(deal_cards(random.Random(3), Seat.S), get_rules("short"), players.get)
>>> arb.finished, sum(arb.result().tricks), len(arb.rulings) > 0
(True, 13, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ..core.cards import SUIT_MASK, Card, Seat, cards_of
from ..core.deal import Deal
from ..core.events import Event
from ..core.rules import Rules
from ..core.state import SeatView
from ..laws.deal_laws import DEAL_ACTS
from .base import Player, PlayerError, notify, notify_begin

if TYPE_CHECKING:
    from ..laws.actions import Action
    from ..laws.arbiter import Arbiter

__all__ = [
    "DEAL_SLIPS",
    "SLIPS",
    "SloppyPlayer",
    "computer_turn",
    "legal_choice",
    "notice_revoke",
    "play_hand",
    "run_computers",
    "settle",
    "turn_actions",
]

SLIPS: tuple[str, ...] = (
    "revoke",
    "out_of_turn",
    "expose",
    "several",
    "two_cards",
    "omit",
    "lead_ahead",
    "attention",
    "name_trump",
    "leave_trump",
)
"""Every kind of irregularity a sloppy player commits (see the module)."""

DEAL_SLIPS: tuple[str, ...] = DEAL_ACTS
"""The sloppy dealer's slips, each a misdeal (law 44 i, v, ii; see the module)."""

Controller = Callable[[Seat], Player | None]
"""Who chooses a seat's cards: a player, or None for a human."""


class SloppyPlayer:
    """``inner``'s cards, with an irregularity at each card with probability ``rate``.

    >>> from cavendish.players.random import RandomPlayer
    >>> SloppyPlayer(RandomPlayer(1, "Hoyle"), 0.05, seed=2)
    SloppyPlayer(RandomPlayer(seed=1, name='Hoyle'), rate=0.05, seed=2)
    >>> SloppyPlayer(RandomPlayer(1), 1.5, seed=2)
    Traceback (most recent call last):
    ...
    cavendish.players.base.PlayerError: sloppy rate 1.5: expected a chance between 0 and 1
    """

    def __init__(
        self,
        inner: Player,
        rate: float,
        seed: int,
        slips: Iterable[str] = SLIPS,
        *,
        notice: float = 0.5,
        deal_rate: float = 0.0,
    ) -> None:
        if not 0.0 <= rate <= 1.0:
            raise PlayerError(f"sloppy rate {rate}: expected a chance between 0 and 1")
        if not 0.0 <= deal_rate <= 1.0:
            raise PlayerError(f"deal rate {deal_rate}: expected a chance between 0 and 1")
        if not 0.0 <= notice <= 1.0:
            raise PlayerError(f"notice {notice}: expected a chance between 0 and 1")
        chosen = tuple(slips)
        unknown = [s for s in chosen if s not in SLIPS]
        if unknown:
            raise PlayerError(
                f"unknown irregularity {unknown[0]!r}: expected some of {', '.join(SLIPS)}"
            )
        self.inner = inner
        self.rate = rate
        self.seed = seed
        self.slips = chosen
        self.notice = notice
        self.name = inner.name
        self.committed: dict[str, int] = {}
        """How many irregularities of each kind this player has committed."""
        self._rng = random.Random(seed)
        self.deal_rate = deal_rate
        """The chance, per deal he makes, of a slip in dealing (:data:`DEAL_SLIPS`)."""
        self._deal_rng = random.Random(seed * 7 + 104_723)
        """The dealing slips' own generator: the card slips are as without them."""

    def choose(self, view: SeatView) -> Card:
        """The inner player's card; a legal one if the inner player fails (its memory of
        a hand with cards taken back or exposed may not hold)."""
        if not view.legal:
            raise PlayerError(f"{self.name}: seat {view.seat} has no card to play")
        try:
            card = self.inner.choose(view)
        except (PlayerError, ValueError, AssertionError, IndexError, KeyError):
            return self.pick(view.legal)
        if not view.legal >> card & 1:
            return self.pick(view.legal)
        return card

    def observe(self, event: Event) -> None:
        """Pass a public event to the inner player."""
        notify(self.inner, event)

    def begin_hand(self, view: SeatView) -> None:
        """Pass a seat's opening view to the inner player."""
        notify_begin(self.inner, view)

    def deal_slip(self) -> tuple[str, int] | None:
        """Roll for a deal he makes: the slip in dealing (one of :data:`DEAL_SLIPS`) and
        how many cards are dealt before it (1 to 50), or None.

        >>> from cavendish.players.random import RandomPlayer
        >>> SloppyPlayer(RandomPlayer(1), 0.0, seed=2, deal_rate=1.0).deal_slip()[0] in DEAL_SLIPS
        True
        >>> SloppyPlayer(RandomPlayer(1), 0.5, seed=2).deal_slip() is None
        True
        """
        if not self.deal_rate or self._deal_rng.random() >= self.deal_rate:
            return None
        kind = self._deal_rng.choice(DEAL_SLIPS)
        at = self._deal_rng.randint(1, 49)
        self.committed[kind] = self.committed.get(kind, 0) + 1
        return kind, at

    def notices(self) -> bool:
        """Whether he (or his partner) notices his revoke before it is established: the
        chance is ``notice``."""
        return self._rng.random() < self.notice

    def slip(self, possible: Iterable[str]) -> str | None:
        """Roll for this card: the irregularity committed (one of ``possible`` that this
        player may commit, chosen uniformly), or None.

        >>> from cavendish.players.random import RandomPlayer
        >>> always = SloppyPlayer(RandomPlayer(1), 1.0, seed=4, slips=("revoke", "omit"))
        >>> always.slip(["omit", "expose"]), always.slip(["expose"])
        ('omit', None)
        """
        if self.rate <= 0.0 or self._rng.random() >= self.rate:
            return None
        kinds = [k for k in possible if k in self.slips]
        if not kinds:
            return None
        kind = self._rng.choice(kinds)
        self.committed[kind] = self.committed.get(kind, 0) + 1
        return kind

    def pick(self, mask: int, avoid: int = 0) -> Card:
        """A card of ``mask`` (not of ``avoid`` if there is another), from this player's
        generator."""
        cards = cards_of(mask & ~avoid) or cards_of(mask)
        return cards[self._rng.randrange(len(cards))]

    def pick_seat(self, seats: list[Seat]) -> Seat:
        """One of ``seats``, from this player's generator."""
        return seats[self._rng.randrange(len(seats))]

    def __repr__(self) -> str:
        return f"SloppyPlayer({self.inner!r}, rate={self.rate}, seed={self.seed})"


def legal_choice(player: Player, view: SeatView) -> tuple[Card, str | None]:
    """The player's card if the laws allow it, and None; else the lowest card they
    allow, and why the player's was refused.  Under the laws a call limits a seat's
    legal cards (a suit called from the leader after a lead out of turn, law 62; an
    exposed card called, law 56): the view says so (``view.legal``), but a player's
    rules may choose from the whole hand and refuse (:class:`~.base.PlayerError`) or
    answer another card.  The computer then plays a legal card, never none (law 64:
    a call never makes him revoke, so one is always there).

    >>> from cavendish.core.state import HandState
    >>> from cavendish.core.deal import Deal
    >>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
    ...                      "T98.T98.QJT9.QJT", trump_card="S2")
    >>> view = HandState(deal).view(Seat.E)
    >>> class Stubborn:
    ...     name = "Stubborn"
    ...     def choose(self, view: SeatView) -> Card:
    ...         return Card.parse("SJ")
    >>> import dataclasses
    >>> from cavendish.core.cards import Suit
    >>> called = dataclasses.replace(view, legal=view.hand & SUIT_MASK[Suit.H])
    >>> card, why = legal_choice(Stubborn(), called)
    >>> str(card)
    'H4'
    >>> print(why)
    Stubborn chose SJ for E, which it may not play: the laws do not allow it now; H4 is ...
    >>> legal_choice(Stubborn(), view)
    (Card('SJ'), None)
    """
    if not view.legal:
        raise PlayerError(f"{player.name}: seat {view.seat} has no card to play")
    try:
        card = player.choose(view)
    except PlayerError as exc:
        chosen = str(exc)
    else:
        if view.legal >> card & 1:
            return card, None
        chosen = f"{player.name} chose {card} for {view.seat}, which it may not play"
    instead = cards_of(view.legal)[0]
    return instead, f"{chosen}: the laws do not allow it now; {instead} is played instead"


def _act(name: str, **args: object) -> Action:
    from ..laws.actions import Action, to_plain

    return Action(name, tuple((k, to_plain(v)) for k, v in args.items()))


def turn_actions(
    arbiter: Arbiter, seat: Seat, controller: Controller, *, allow_slip: bool = True
) -> list[Action]:
    """The table's actions for the card ``seat`` (a computer's seat) is to play now.

    Usually one: the player's card.  If the player is a :class:`SloppyPlayer` and its
    roll says so (``allow_slip``), an irregularity instead: a single action that
    replaces the card (a revoke, several cards, two cards, no card, another player's
    card out of turn), a prefix after which the card is asked for again (a card
    exposed, the trump card named or left on the table), or the card followed by
    another action (playing again without waiting, attention called to the trick).
    The caller applies them in order, settling decisions between them; one that
    the laws refuse is skipped.
    """
    player = controller(seat)
    if player is None:
        raise PlayerError(f"{seat} is held by a human: ask him")
    st = arbiter.state
    card, _ = legal_choice(player, st.view(seat))
    play = _act("play", seat=seat, card=card)
    if not allow_slip or not isinstance(player, SloppyPlayer):
        return [play]
    hand = st.hand(seat)
    led = st.led_suit()
    played = st.current_seats
    others = hand & ~(1 << card)
    possible: list[str] = []
    if led is not None and hand & SUIT_MASK[led] and hand & ~SUIT_MASK[led]:
        possible.append("revoke")
    early = [
        s
        for s in Seat
        if s != seat and s not in played and st.hand(s) and isinstance(controller(s), SloppyPlayer)
    ]
    if early:
        possible.append("out_of_turn")
    if others:
        possible += ["expose", "several", "two_cards"]
        if len(played) <= 2:
            possible.append("lead_ahead")
    if led is not None:
        possible.append("omit")
    if seat.partner not in played and len(played) <= 2 and seat not in arbiter.dummies:
        possible.append("attention")
    if st.trick_number >= 1:
        possible.append("name_trump")
    trump_card = st.deal.trump_card
    dealer_holds = seat == st.deal.dealer and bool(hand >> trump_card & 1)
    if dealer_holds and st.trick_number == 0 and card != trump_card:
        possible.append("leave_trump")
    kind = player.slip(possible)
    if kind is None:
        return [play]
    if kind == "revoke":
        assert led is not None
        return [_act("play", seat=seat, card=player.pick(hand & ~SUIT_MASK[led]))]
    if kind == "out_of_turn":
        who = player.pick_seat(early)
        holder = controller(who)
        assert isinstance(holder, SloppyPlayer)
        return [_act("play", seat=who, card=holder.pick(st.hand(who)))]
    if kind == "expose":
        return [_act("drop", seat=seat, card=player.pick(others))]
    if kind == "several":
        return [_act("play_several", seat=seat, cards=(card, player.pick(others)))]
    if kind == "two_cards":
        return [_act("play_two", seat=seat, card=card, extra=player.pick(others))]
    if kind == "omit":
        return [_act("omit", seat=seat)]
    if kind == "lead_ahead":
        return [play, _act("play", seat=seat, card=player.pick(others))]
    if kind == "attention":
        return [play, _act("call_attention", seat=seat)]
    if kind == "name_trump":
        return [_act("name_trump_card", seat=seat)]
    return [_act("leave_trump_card")]


def settle(arbiter: Arbiter, decide: Callable[[Arbiter], bool] | None = None) -> None:
    """Take every decision awaited: by ``decide`` (which returns False to leave the
    rest to the computer), else by the computer's rules of election."""
    from ..laws.policy import computer_option

    while (d := arbiter.pending()) is not None:
        if decide is not None and decide(arbiter):
            continue
        arbiter.elect(d.side, computer_option(arbiter, d), d.seat)


def play_hand(
    deal: Deal,
    rules: Rules,
    controller: Controller,
    *,
    score: tuple[int, int] = (0, 0),
    dummies: Iterable[Seat] = (),
    attentive: bool = True,
) -> Arbiter:
    """Play one hand of ``deal`` through an arbiter, every seat a computer's (sloppy or
    not), every decision by the computer's rules; return the arbiter, finished or void.
    """
    from ..laws.arbiter import Arbiter

    arb = Arbiter(deal, rules, score=score, dummies=dummies, attentive=attentive)
    for seat in Seat:
        player = controller(seat)
        if player is not None:
            notify_begin(player, arb.state.view(seat))
    run_computers(arb, controller, lambda seat: False)
    return arb


def run_computers(
    arbiter: Arbiter,
    controller: Controller,
    stop: Callable[[Seat], bool],
    decide: Callable[[Arbiter], bool] | None = None,
) -> None:
    """Play the computers' cards (slips included) until the hand is finished or void, or
    ``stop(seat)`` says the seat to play is not theirs (a human's); decisions are
    taken by ``decide`` first, then by the computer's rules."""
    last: tuple[int, int, Seat] | None = None
    for _ in range(2000):
        settle(arbiter, decide)
        if arbiter.finished or arbiter.void is not None:
            return
        st = arbiter.state
        seat = st.turn
        if stop(seat):
            return
        key = (st.trick_number, len(st.current_seats), seat)
        computer_turn(arbiter, controller, allow_slip=key != last, decide=decide)
        last = key
    raise PlayerError("the hand did not finish in 2000 actions")  # pragma: no cover


def computer_turn(
    arbiter: Arbiter,
    controller: Controller,
    *,
    allow_slip: bool = True,
    decide: Callable[[Arbiter], bool] | None = None,
) -> None:
    """The computer on turn plays his card, or commits his irregularity
    (:func:`turn_actions`); decisions between two actions are settled as by
    :func:`settle`; a revoke may then be noticed (:func:`notice_revoke`)."""
    from ..laws.errors import LawsError

    actions = turn_actions(arbiter, arbiter.state.turn, controller, allow_slip=allow_slip)
    for i, action in enumerate(actions):
        if i:
            settle(arbiter, decide)
            if arbiter.finished or arbiter.void is not None:
                return
        try:
            getattr(arbiter, action.name)(**action.kwargs())
        except LawsError:
            return  # the laws refuse it (a second card after the trick is over ...)
        notice_revoke(arbiter, controller)


def notice_revoke(arbiter: Arbiter, controller: Controller) -> None:
    """A sloppy revoker, or his partner, may notice his revoke in time (laws 74, 76)."""
    from ..laws.base import RevokeStatus
    from ..laws.errors import LawsError

    cases = arbiter.revokes
    if not cases or cases[-1].status != RevokeStatus.OPEN or arbiter.pending() is not None:
        return
    seat = cases[-1].seat
    player = controller(seat)
    if not isinstance(player, SloppyPlayer) or not player.notices():
        return
    asker = seat.partner
    try:
        if asker in arbiter.dummies or controller(asker) is None or not player.notices():
            arbiter.correct_revoke(seat)
        else:
            arbiter.ask_having_none(asker)
    except LawsError:
        pass  # too late (law 73), or the cards cannot be taken back (law 69)
