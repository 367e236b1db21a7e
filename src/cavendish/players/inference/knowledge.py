"""One seat's knowledge of a hand: the facts it has seen and what the cards tell.

Design note
-----------
A :class:`Knowledge` belongs to one seat (the *observer*) and is built only from
what that seat may see: its own hand, the exposed hands, the trump card while it
lies on the table, and the public events of the hand (every card played, each
trick quitted).  A player at the table may remember every card played (law 91
forbids looking back at quitted tricks, not remembering them), so the object
keeps the whole play; it can be fed by the ``observe(event)`` hook, or by
:meth:`Knowledge.sync` from each view the seat is shown, which recovers the same
record from the current and the last trick.

It keeps two kinds of information:

*Facts* (certain, from the laws): the cards played and by whom, each seat's
voids (a renounce), the cards known to be in a hand (the observer's own, a
dummy's, an exposed card, the turned-up trump until the dealer plays it) and
each hand's size.  In the old games (000) a hand is twelve cards: the cards known
to be in no hand (whisk's deuces put out; the stock's turned card, or what the
observer put out at his ruff) are out of ``live`` and ``unseen``, and ``hidden``
counts the stock cards he has not seen, which lie in no hand either (a sampler's
sink takes them; ``card_probabilities`` shares them among the seats).

*Inferences* (from the conventions of the :class:`~.schools.School`): what each
card tells about the hand that played it, as :class:`~.constraints.Inference`
constraints with a confidence (:mod:`.reading` makes them).  An inference the
cards later contradict is dropped (kept in :attr:`Knowledge.refuted` for the
tutor) and the seat's reliability is cut by a quarter, so a player that does not follow
the conventions soon stops being read by them.

The record is kept as the cards fall, for a player reads it at every card: the
trick's best card and each hand's size are carried along, not worked out again, and
after each card only the inferences whose facts changed are checked (those about a
seat whose hand changed, or counting a card whose place did); an inference none of
whose facts changed holds as it held.

The API, for the players, the tutor and a sampling search (PIMC):

* ``unseen`` -- the live cards whose place the observer does not know;
  ``known(seat)`` -- cards known to be in a hand; ``voids(seat)``;
  ``hand_size(seat)``; ``possible(seat)`` -- cards the seat may hold;
  ``played_by(seat)``, ``played``, ``live``;
* ``count_bounds(seat, mask)`` and ``suit_length_bounds(seat, suit)`` -- the
  least and greatest number of those cards the seat holds now, by the facts and
  the trusted inferences (partner's fourth-best lead caps what the fourth hand
  can hold above it: the rule of eleven falls out of this);
* ``card_probabilities()`` -- per unseen card and seat, the likelihood that the
  seat holds it (vacant places, adjusted to the inferences by iterative
  proportional fitting); ``probability(card, seat)``;
* ``consistent(layout)`` -- whether a full layout (four current hands) agrees
  with the facts and, unless ``inferences=False``, with every active inference;
  ``weight(layout)`` -- the product over inferences of 1 if it holds, else
  ``1 - confidence`` (0 if a fact fails): a sampler draws layouts consistent with
  the facts and weights them by this;
* ``sample(rng)`` -- a random layout consistent with the facts (and with the
  inferences, if asked and found within ``tries``);
* the record of the play: ``plays``, ``seat_plays(seat)``, ``leads(seat)``, ``first_lead(seat)``,
  ``suit_opened_by(seat, suit)``, ``trump_leader(seat)``, ``called(seat)``,
  ``echoed(seat)``, ``discards(seat)``, ``trick``, ``trick_number``.

>>> from cavendish.core import Card, Deal, HandState, Seat
>>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
...                      "T98.T98.QJT9.QJT", trump_card="S2")
>>> state = HandState(deal)
>>> k = Knowledge.from_view(state.view(Seat.S))
>>> for card in ("HJ", "H5", "H9", "HK"):  # N dealt: E leads
...     k.observe(state.play(Card.parse(card)))
>>> k.hand_size(Seat.E), k.trick_number
(12, 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from ...core.cards import CARDS, FULL_PACK, SUIT_MASK, Card, Seat, Suit
from ...core.errors import KnowledgeError
from ...core.events import CardExposed, CardPlayed, Event, PlayOutOfTurn, TrickQuitted
from ...core.state import SeatView
from ...core.tricks import beats, trick_winner
from .constraints import Clause, Inference, count_range
from .reading import read_play
from .record import PlayRecord
from .schools import MODERN, School, get_school

__all__ = ["Knowledge", "KnowledgeError", "PlayRecord", "follow_view"]

_SEATS = tuple(Seat)


class Knowledge:
    """What ``seat`` knows of the hand in play (see the module's design note)."""

    def __init__(
        self,
        seat: Seat,
        hand: int,
        trump: Suit | int,
        dealer: Seat,
        *,
        trump_card: Card | None = None,
        school: School | str = MODERN,
        exposed: Sequence[int] = (0, 0, 0, 0),
        tricks: int = 13,
        out_of_play: int = 0,
        stock_hidden: int = 0,
    ) -> None:
        self.seat = Seat(seat)
        self.tricks = tricks
        """The tricks of the hand (twelve in the old games of 000)."""
        self.out = out_of_play
        """Cards known to be in no hand (the deuces put out, a stock card seen)."""
        self.hidden = stock_hidden
        """Unseen cards that lie in no hand (a stock not seen, ruff-and-honours)."""
        self.school = get_school(school)
        self.trump = int(trump)
        self.dealer = Seat(dealer)
        self.turned: Card | None = trump_card
        """The card turned up, if the observer saw it."""
        self.played = 0
        self._played_by = [0, 0, 0, 0]
        self._known = [0, 0, 0, 0]
        self._known[self.seat] = hand
        for s in range(4):
            if s != self.seat:
                self._known[s] |= exposed[s]
        if trump_card is not None and self.seat != self.dealer:
            self._known[self.dealer] |= 1 << trump_card
        self._voids = [0, 0, 0, 0]  # suit bit sets
        self._void_cards = [0, 0, 0, 0]
        self.inferences: list[Inference] = []
        """The active inferences, in the order they were made."""
        self._open: list[Inference] = []
        # the active inferences the facts have not yet made certain, in the same order:
        # the facts only narrow (a card falls, a void shows), so a reading they once
        # made certain holds for the rest of the hand, and is not checked again; a
        # change that could widen them (a renounce found a revoke, a card out of its
        # known place, a view or an exposed card) puts every inference back (_reopen)
        self.refuted: list[Inference] = []
        """Inferences the cards contradicted (for the tutor)."""
        self.reliability = [1.0, 1.0, 1.0, 1.0]
        """How far each seat is trusted to play by the school (cut at each refutation)."""
        self.plays: list[PlayRecord] = []
        """Every card seen played, in order."""
        self.trick: list[PlayRecord] = []
        """The trick in progress."""
        self.trick_number = 0
        self.leader = self.dealer.left
        self.winners: list[Seat] = []
        """The winner of each trick quitted."""
        self.complete = True
        """False when some tricks were played before the observer started watching."""
        self._missing = 0
        self._leads: list[list[PlayRecord]] = [[], [], [], []]
        self._by_seat: list[list[PlayRecord]] = [[], [], [], []]
        self._discards: list[list[PlayRecord]] = [[], [], [], []]
        self.calls: dict[Seat, int] = {}
        """Seats that have called for trumps, and the trick the call was completed in."""
        self.echoes: dict[Seat, int] = {}
        """Seats that have echoed, and the trick."""
        self._signal_pairs: set[tuple[int, int]] = set()
        self._followed: list[list[list[PlayRecord]]] = [[[], [], [], []] for _ in range(4)]
        # each seat's cards that were not a lead, by suit, in order (the signals' reading)
        self._in_trick = [0, 0, 0, 0]  # each seat's cards in the trick in progress
        self._best: tuple[Seat, int] | None = None  # the card winning the trick in progress
        self._unseen = 0
        self._set_unseen()
        # the facts that changed since the inferences were last checked (_check_all):
        # the seats whose every inference must be checked again, and the cards whose
        # place changed (an inference whose clauses count none of them still holds)
        self._dirty_seats = 0
        self._dirty_cards = 0
        self._version = 0
        self._prob_cache: tuple[int, list[list[float]]] | None = None

    def __reduce__(self) -> tuple[type[Knowledge], tuple[Seat, int, int, Seat], object]:
        """A blank knowledge of the seat, given every attribute of this one (pickle,
        ``copy.deepcopy``: the classical player's advice, process pools): compiled with
        mypyc, the class has no ``__dict__`` and its ``__new__`` needs ``__init__``'s
        arguments, so pickle's default way fails.

        >>> import copy
        >>> from cavendish.core import Card, Deal, HandState, Seat
        >>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
        ...                      "T98.T98.QJT9.QJT", trump_card="S2")
        >>> state = HandState(deal)
        >>> west = Knowledge.from_view(state.view(Seat.W), "modern")
        >>> west.observe(state.play(Card.parse("C6")))
        >>> twin = copy.deepcopy(west)
        >>> [str(i) for i in twin.inferences] == [str(i) for i in west.inferences]
        True
        >>> twin.plays == west.plays and twin.inferences is not west.inferences
        True
        """
        return (Knowledge, (self.seat, 0, self.trump, self.dealer), self.__getstate__())

    # ------------------------------------------------------------ building
    @classmethod
    def from_view(cls, view: SeatView, school: School | str = MODERN) -> Knowledge:
        """The knowledge of ``view.seat`` from its view alone (then :meth:`sync` it)."""
        played_now = 0
        for _, c in view.trick:
            played_now |= 1 << c
        k = cls(
            view.seat,
            view.hand,
            view.trump,
            view.dealer,
            trump_card=view.trump_card,
            school=school,
            exposed=view.exposed,
            tricks=view.tricks_in_hand,
            out_of_play=view.out_of_play,
            stock_hidden=view.stock_hidden,
        )
        k.sync(view)
        return k

    def sync(self, view: SeatView) -> None:
        """Bring the record up to date from a view of the observer's seat (idempotent):
        the last trick and the current one show every card played since the observer
        last looked, provided it looks at least once a trick."""
        if view.seat != self.seat:
            raise KnowledgeError(f"a view of {view.seat} given to the knowledge of {self.seat}")
        if view.trick_number > self.trick_number + 1 or (
            view.trick_number == self.trick_number + 1 and view.last_trick is None
        ):
            self._skip_to(view)
        if view.trick_number == self.trick_number + 1 and view.last_trick is not None:
            last = view.last_trick
            done = len(self.trick)
            seats = [last.leader.offset(i) for i in range(4)]
            if done and self.trick[0].seat != last.leader:
                raise KnowledgeError("the view's last trick does not continue the record")
            for i in range(done, 4):
                self._play(seats[i], last.cards[i], False)
        if view.trick_number != self.trick_number:
            raise KnowledgeError(
                f"the view is at trick {view.trick_number + 1}, the record at "
                f"{self.trick_number + 1}"
            )
        for i, (seat, card) in enumerate(view.trick):
            if i < len(self.trick):
                if self.trick[i].card != card:
                    raise KnowledgeError(
                        f"the view shows {card} where the record has {self.trick[i].card}"
                    )
                continue
            self._play(seat, card, False)
        known = self._known
        changed = known[self.seat] ^ view.hand
        known[self.seat] = view.hand
        for s in range(4):
            if s != self.seat and view.exposed[s]:
                added = view.exposed[s] & ~self.played & ~known[s]
                if added:
                    known[s] |= added
                    changed |= added
                    self._dirty_seats |= 1 << s
        if changed:
            self._dirty_cards |= changed
            self._set_unseen()
            self._reopen()
        self._version += 1

    def _skip_to(self, view: SeatView) -> None:
        # tricks the observer never saw: restart the trick record at the view's
        # last trick (or current trick) and count the cards it missed
        self.complete = False
        target = view.trick_number - (1 if view.last_trick is not None else 0)
        self.trick = []
        self._in_trick = [0, 0, 0, 0]
        self._best = None
        self._dirty_seats = 0b1111  # every hand's size changed
        self._reopen()
        self.trick_number = target
        self.leader = view.last_trick.leader if view.last_trick is not None else view.leader
        seen = self.played.bit_count() + (4 if view.last_trick is not None else 0)
        self._missing = max(0, 4 * view.trick_number - seen)

    def observe(self, event: Event) -> None:
        """Take in one public event of the hand."""
        if isinstance(event, CardPlayed):
            if not self.played >> event.card & 1:
                self._play(event.seat, event.card, event.revoke)
        elif isinstance(event, TrickQuitted):
            pass  # the winner is worked out when the fourth card falls
        elif isinstance(event, PlayOutOfTurn | CardExposed):
            self._add_known(event.seat, 1 << event.card)
            self._version += 1

    def set_known(self, seat: Seat, cards: int) -> None:
        """Add cards known to be in ``seat``'s hand (e.g. one's own other hand at dummy)."""
        self._add_known(seat, cards & ~self.played)
        self._version += 1

    def _add_known(self, seat: Seat, cards: int) -> None:
        added = cards & ~self._known[seat]
        if added:
            self._known[seat] |= added
            self._dirty_seats |= 1 << seat
            self._dirty_cards |= added
            self._set_unseen()
            self._reopen()

    def _set_unseen(self) -> None:
        k = self._known
        self._unseen = FULL_PACK & ~self.played & ~self.out & ~(k[0] | k[1] | k[2] | k[3])

    def _reopen(self) -> None:
        """Check every inference again when its facts next change: the facts may have
        widened, so one they made certain may fail (see ``_open``)."""
        if len(self._open) != len(self.inferences):
            self._open = list(self.inferences)

    # ------------------------------------------------------------ the play
    def _play(self, seat: Seat, card: int, revoke: bool) -> None:
        seat = _SEATS[seat]
        card = CARDS[card]
        trick = self.trick
        pos = len(trick)
        suit = card // 13
        trump = self.trump
        played = self.played
        if pos == 0:
            self.leader = seat
            led = suit
            winner_before: Seat | None = None
            best = -1
            self._best = (seat, card)
        else:
            led = trick[0].card // 13
            assert self._best is not None
            winner_before, best = self._best
            if beats(card, best, trump):
                self._best = (seat, card)
        rec = PlayRecord(
            seat,
            card,
            self.trick_number,
            pos,
            self.leader,
            led,
            winner_before,
            best,
            FULL_PACK & ~played,
            revoke,
        )
        bit = 1 << card
        self.played = played | bit
        self._played_by[seat] |= bit
        dirty = 1 << seat  # his hand's size, his cards played, perhaps his voids
        voids = self._voids
        void_cards = self._void_cards
        if self._unseen & bit:  # the usual card: one whose place was not known
            self._unseen &= ~bit
            narrowing = not void_cards[seat] & bit
        else:  # a card known to be in a hand (his own, a dummy's...) or out of play
            known = self._known
            narrowing = bool(known[seat] & bit)
            for s in range(4):
                if known[s] & bit:
                    known[s] &= ~bit
                    dirty |= 1 << s
                    narrowing = narrowing and s == seat
        self._dirty_seats |= dirty
        self._dirty_cards |= bit
        if voids[seat] >> suit & 1:
            # a card of a suit he had renounced: the renounce was a revoke
            voids[seat] &= ~(1 << suit)
            void_cards[seat] &= ~SUIT_MASK[suit]
            narrowing = False
        if pos and suit != led and not revoke and not voids[seat] >> led & 1:
            voids[seat] |= 1 << led
            void_cards[seat] |= SUIT_MASK[led]
        if not narrowing:
            self._reopen()
        trick.append(rec)
        self._in_trick[seat] += 1
        self.plays.append(rec)
        self._by_seat[seat].append(rec)
        if pos == 0:
            self._leads[seat].append(rec)
        else:
            self._followed[seat][suit].append(rec)
            if suit != led and suit != trump:
                self._discards[seat].append(rec)
        self._version += 1
        read_play(self, rec)
        self._check_all()
        if pos == 3:
            winner = trick_winner([r.card for r in trick], trick[0].seat, trump)
            self.winners.append(winner)
            self.trick = []
            if self._in_trick != [1, 1, 1, 1]:  # a hand's size moved otherwise than by its card
                self._reopen()
            self._in_trick = [0, 0, 0, 0]
            self._best = None
            self.trick_number += 1
            self.leader = winner

    def winning(self) -> tuple[Seat, Card] | None:
        """Who is winning the trick in progress, with which card (None before the lead)."""
        if self._best is None:
            return None
        who, best = self._best
        return who, CARDS[best]

    # ------------------------------------------------------------ inferences
    def add_inference(
        self,
        seat: Seat,
        clauses: Iterable[Clause],
        convention: str,
        text: str,
        confidence: float,
        *,
        original: bool = False,
        include_card: int | None = None,
        since: int | None = None,
    ) -> Inference | None:
        """Record a reading of ``seat``'s hand.  The clauses count the seat's holding
        when the card was played (``include_card`` is that card, counted in the
        holding), or its original hand if ``original``, or its holding before it
        played the cards of ``since``.  A reading the facts already contradict is not
        kept; neither is one about the observer himself."""
        if seat == self.seat:
            return None
        if since is None:
            since = 0 if original else self._played_by[seat]
        if include_card is not None:
            since &= ~(1 << include_card)
        told = tuple(clauses)
        if not self._tells(seat, since, told):
            return None
        inf = Inference(
            _SEATS[seat],
            told,
            since,
            convention,
            text,
            confidence * self.reliability[seat],
            self.trick_number,
        )
        self.inferences.append(inf)
        self._open.append(inf)
        self._version += 1
        return inf

    def drop_inferences(self, seat: Seat, predicate: object) -> None:
        """Withdraw (without penalty) the seat's inferences for which ``predicate(inf)``
        is true: a signal has explained a card that seemed to say otherwise."""
        assert callable(predicate)
        self.inferences = [i for i in self.inferences if not (i.seat == seat and predicate(i))]
        self._open = [i for i in self._open if not (i.seat == seat and predicate(i))]
        self._version += 1

    def _tells(self, seat: int, since: int, clauses: tuple[Clause, ...]) -> bool:
        """Whether the facts leave a reading of ``seat`` open: some clause may hold (it
        is satisfiable) and none must (it is not certain already)."""
        known, free, room = self._facts(seat)
        return room >= 0 and _status(known | (self._played_by[seat] & ~since), free, room,
                                     clauses) == _OPEN

    def _facts(self, seat: int) -> tuple[int, int, int]:
        """The seat's known cards, the unseen cards it may hold, and its hand's room
        for them (``possible(seat) & ~known``, ``hand_size(seat) - |known|``)."""
        known = self._known[seat]
        free = 0 if seat == self.seat else self._unseen & ~self._void_cards[seat]
        room = self.tricks - self.trick_number - self._in_trick[seat] - known.bit_count()
        return known, free, room

    def _check_all(self) -> None:
        # the facts' test (as _tells) of the open inferences whose facts changed since
        # the last check: those about a seat marked dirty, or counting a card whose place
        # changed (the others were satisfiable then and still are); a refuted one is
        # dropped, a certain one leaves the open list; each seat's facts worked out once
        # (they do not change during the check; this runs after every card)
        seats, cards = self._dirty_seats, self._dirty_cards
        if not (seats or cards):
            return
        self._dirty_seats = self._dirty_cards = 0
        bad: list[Inference] = []
        still: list[Inference] = []  # the open list after the check
        facts: dict[int, tuple[int, int, int]] = {}
        played_by = self._played_by
        for inf in self._open:
            s = inf.seat
            if not (seats >> s & 1 or inf.cards & cards):
                still.append(inf)
                continue
            got = facts.get(s)
            if got is None:
                got = facts[s] = self._facts(s)
            known, free, room = got
            if room < 0:
                bad.append(inf)
                continue
            status = _status(known | (played_by[s] & ~inf.since), free, room, inf.clauses)
            if status == _OPEN:
                still.append(inf)
            elif status == _REFUTED:
                bad.append(inf)
        self._open = still
        if bad:
            for inf in bad:
                self.refuted.append(inf)
                self.reliability[inf.seat] *= 0.75
            gone = {id(inf) for inf in bad}
            self.inferences = [inf for inf in self.inferences if id(inf) not in gone]

    def inferences_about(self, seat: Seat) -> list[Inference]:
        """The active inferences about ``seat``."""
        return [i for i in self.inferences if i.seat == seat]

    # ------------------------------------------------------------ facts
    @property
    def live(self) -> int:
        """The cards not yet seen played (of those in a hand, or perhaps in the stock)."""
        return FULL_PACK & ~self.played & ~self.out

    @property
    def unseen(self) -> int:
        """Live cards whose place the observer does not know."""
        return self._unseen

    def known(self, seat: Seat) -> int:
        """Cards known to be in ``seat``'s hand now."""
        return self._known[seat]

    def played_by(self, seat: Seat) -> int:
        """The cards ``seat`` has played (that the observer saw)."""
        return self._played_by[seat]

    def voids(self, seat: Seat) -> int:
        """The suits ``seat`` is known to be void in, as a 4-bit set (bit = suit)."""
        return self._voids[seat]

    def is_void(self, seat: Seat, suit: int) -> bool:
        """Whether ``seat`` has shown out of ``suit``."""
        return bool(self._voids[seat] >> suit & 1)

    def hand_size(self, seat: Seat) -> int:
        """How many cards ``seat`` holds now."""
        return self.tricks - self.trick_number - self._in_trick[seat]

    def possible(self, seat: Seat) -> int:
        """Every card ``seat`` may hold now: its known cards and the unseen cards of
        suits it has not renounced."""
        if seat == self.seat:
            return self._known[seat]
        return self._known[seat] | (self._unseen & ~self._void_cards[seat])

    def not_held(self, seat: Seat) -> int:
        """Live cards ``seat`` is known not to hold (by the facts)."""
        return self.live & ~self.possible(seat)

    # ------------------------------------------------------------ bounds
    def _seat_bounds(self, seat: Seat, mask: int, trusted: float) -> tuple[int, int]:
        known, free_all, room = self._facts(seat)
        lo = (known & mask).bit_count()
        if seat == self.seat:
            return lo, lo
        hi = lo + min(room, (free_all & mask).bit_count())
        poss_all = known | free_all  # possible(seat)
        played = self._played_by[seat]
        for inf in self.inferences:
            if inf.seat != seat or len(inf.clauses) != 1 or inf.confidence < trusted:
                continue
            c = inf.clauses[0]
            a_lo, a_hi = count_range(c.allowed)
            p = (played & ~inf.since & c.mask).bit_count()
            cur_lo, cur_hi = a_lo - p, a_hi - p
            lo = max(lo, cur_lo - (c.mask & ~mask & poss_all).bit_count())
            hi = min(hi, cur_hi + (mask & ~c.mask & poss_all).bit_count())
        return lo, max(lo, hi)

    def count_bounds(self, seat: Seat, mask: int, *, trusted: float = 0.5) -> tuple[int, int]:
        """The least and greatest number of the cards of ``mask`` that ``seat`` holds
        now, by the facts and the inferences trusted at least ``trusted``.

        The greatest also allows for what the other seats must hold.
        """
        mask &= self.live
        lo, hi = self._seat_bounds(seat, mask, trusted)
        if seat == self.seat:
            return lo, hi
        total = (mask & ~self._known[self.seat]).bit_count()
        others = 0
        for s in _SEATS:
            if s != seat and s != self.seat:
                others += self._seat_bounds(s, mask, trusted)[0]
        hi = min(hi, total - others)
        return lo, max(lo, hi)

    def suit_length_bounds(self, seat: Seat, suit: int, *, trusted: float = 0.5) -> tuple[int, int]:
        """The least and greatest length of ``seat`` in ``suit`` now."""
        return self.count_bounds(seat, SUIT_MASK[suit], trusted=trusted)

    def can_hold(self, seat: Seat, mask: int, *, trusted: float = 0.5) -> bool:
        """Whether ``seat`` may hold any card of ``mask``."""
        return self.count_bounds(seat, mask, trusted=trusted)[1] > 0

    # ------------------------------------------------------------ layouts
    def _check_layout(self, layout: Sequence[int]) -> str | None:
        if len(layout) != 4:
            return f"a layout has four hands, not {len(layout)}"
        seen = 0
        for s in _SEATS:
            h = layout[s]
            if h & seen:
                return f"a card is in two hands (the second is {s})"
            seen |= h
            if h & self.played:
                return f"{s}'s hand holds a card already played"
            if h.bit_count() != self.hand_size(s):
                return f"{s} holds {h.bit_count()} cards, not {self.hand_size(s)}"
            if self._known[s] & ~h:
                return f"{s}'s hand lacks a card known to be there"
            if h & self._void_cards[s]:
                return f"{s} holds a card of a suit he renounced"
        if self.complete and seen != self.live:
            return "the layout does not place every live card"
        return None

    def consistent(self, layout: Sequence[int], *, inferences: bool = True) -> bool:
        """Whether ``layout`` (the four current hands, by seat) agrees with every fact
        and, if ``inferences``, with every active inference."""
        if self._check_layout(layout) is not None:
            return False
        if inferences:
            pb = self._played_by
            for inf in self.inferences:
                if not inf.holds(layout[inf.seat], pb[inf.seat]):
                    return False
        return True

    def why_inconsistent(self, layout: Sequence[int]) -> str | None:
        """The first fact or inference ``layout`` fails, in words (None if none)."""
        why = self._check_layout(layout)
        if why is not None:
            return why
        for inf in self.inferences:
            if not inf.holds(layout[inf.seat], self._played_by[inf.seat]):
                return f"it contradicts {inf}"
        return None

    def weight(self, layout: Sequence[int]) -> float:
        """The layout's likelihood under the inferences: 0 if it fails a fact, else the
        product of ``1 - confidence`` over the inferences it contradicts."""
        if self._check_layout(layout) is not None:
            return 0.0
        w = 1.0
        pb = self._played_by
        for inf in self.inferences:
            if not inf.holds(layout[inf.seat], pb[inf.seat]):
                w *= 1.0 - inf.confidence
        return w

    def weights(
        self, layouts: Sequence[Sequence[int]], *, same_facts: bool = False
    ) -> list[float]:
        """``[self.weight(lay) for lay in layouts]``, the same floats, computed once per
        distinct hand: a seat has far fewer distinct hands than there are layouts, so
        each inference is tested once per hand of its seat, and the product over the
        inferences a layout contradicts (taken in the same order as :meth:`weight`)
        once per set of contradicted inferences.

        ``same_facts`` says that the layouts place the same known cards and deal the
        other cards only to seats that may hold them, with the right number each
        (as :func:`~cavendish.players.classical.counting.layouts` makes them): the
        facts then pass or fail alike for all, and are checked on the first only.

        >>> from cavendish.core.cards import hand_mask
        >>> k = Knowledge(Seat.S, hand_mask(["SA", "SK", "S2", "HA", "HK", "H2", "DA", "DK",
        ...               "D2", "CA", "CK", "C2", "C3"]), Suit.S, Seat.N)
        >>> rng = random.Random(1)
        >>> lays = [k.sample(rng) for _ in range(20)]
        >>> k.weights(lays) == [k.weight(lay) for lay in lays] == k.weights(lays, same_facts=True)
        True
        """
        infs = self.inferences
        pb = self._played_by
        if same_facts and layouts and self._check_layout(layouts[0]) is not None:
            return [0.0] * len(layouts)
        # each seat's tests: the inference's bit, the cards it counts as played since, and
        # its clauses.  A layout that passes the facts (all of them when ``same_facts``,
        # and, when the whole play was seen, any that is not weighed nought for failing
        # them) gives each seat a hand within the facts' counts: a reading the facts make
        # certain holds in every such layout, and is not tested
        within_facts = same_facts or self.complete
        by_seat: list[list[tuple[int, int, tuple[Clause, ...]]]] = [[], [], [], []]
        facts: list[tuple[int, int, int] | None] = [None, None, None, None]
        for i, inf in enumerate(infs):
            who = inf.seat
            extra = pb[who] & ~inf.since
            if within_facts:
                got = facts[who]
                if got is None:
                    got = facts[who] = self._facts(who)
                known, free, room = got
                if room >= 0 and _status(known | extra, free, room, inf.clauses) == _CERTAIN:
                    continue
            by_seat[who].append((1 << i, extra, inf.clauses))
        # the inferences each layout fails, as a bit set: seat by seat, each distinct
        # hand tested once
        failed = [0] * len(layouts)
        for s in range(4):
            tests = by_seat[s]
            if not tests:
                continue
            fails: dict[int, int] = {}
            for h in {layout[s] for layout in layouts}:
                f = 0
                for bit, extra, clauses in tests:  # not inf.holds(h, played), inlined
                    held = h | extra
                    for c in clauses:
                        if c.allowed >> (held & c.mask).bit_count() & 1:
                            break
                    else:
                        f |= bit
                fails[h] = f
            if any(fails.values()):
                failed = [m | fails[layout[s]] for m, layout in zip(failed, layouts, strict=True)]
        products: dict[int, float] = {0: 1.0}
        out: list[float] = []
        for layout, fail in zip(layouts, failed, strict=True):
            if not same_facts and self._check_layout(layout) is not None:
                out.append(0.0)
                continue
            w = products.get(fail)
            if w is None:
                w = 1.0
                rest = fail
                while rest:  # the failed inferences in their order
                    low = rest & -rest
                    w *= 1.0 - infs[low.bit_length() - 1].confidence
                    rest ^= low
                products[fail] = w
            out.append(w)
        return out

    def sample(
        self, rng: random.Random, *, inferences: bool = False, tries: int = 200
    ) -> tuple[int, int, int, int]:
        """A random layout consistent with the facts; with ``inferences``, the first of
        ``tries`` draws that also satisfies every inference (else the best-weighted)."""
        best: tuple[int, int, int, int] | None = None
        best_w = -1.0
        for _ in range(max(1, tries)):
            layout = self._deal_unseen(rng)
            if layout is None:
                continue
            if not inferences:
                return layout
            w = self.weight(layout)
            if w >= 1.0:
                return layout
            if w > best_w:
                best, best_w = layout, w
        if best is None:
            raise KnowledgeError("no layout of the unseen cards fits the facts")
        return best

    def _deal_unseen(self, rng: random.Random) -> tuple[int, int, int, int] | None:
        hands = list(self._known)
        room = [self.hand_size(s) - self._known[s].bit_count() for s in _SEATS]
        cards = [c for c in range(52) if self.unseen >> c & 1]
        rng.shuffle(cards)
        if not self.complete or self.hidden:
            cards = cards[: sum(room)]  # the rest were played unseen, or lie in the stock
        options: list[tuple[int, list[int]]] = []
        for c in cards:
            seats = [s for s in range(4) if s != self.seat and not self._void_cards[s] >> c & 1]
            options.append((len(seats), [c, *seats]))
        options.sort(key=lambda t: t[0])
        for _, (c, *seats) in options:
            open_seats = [s for s in seats if room[s] > 0]
            if not open_seats:
                return None
            total = sum(room[s] for s in open_seats)
            x = rng.random() * total
            for s in open_seats:
                x -= room[s]
                if x < 0:
                    break
            hands[s] |= 1 << c
            room[s] -= 1
        if any(room):
            return None
        return (hands[0], hands[1], hands[2], hands[3])

    # ------------------------------------------------------------ probabilities
    def card_probabilities(self, *, iterations: int = 8) -> list[list[float]]:
        """``p[seat][card]``: the likelihood that ``seat`` holds ``card`` now (1 for a
        known card, 0 for a card it cannot hold or that is not live).

        Each unseen card starts shared among the seats that may hold it in
        proportion to their vacant places; then, a few times over, each trusted
        single-clause inference pulls its seat's expected count of its cards into
        the allowed range, each card is renormalised over the seats and each seat's
        total over its vacant places (iterative proportional fitting).
        """
        if self._prob_cache is not None and self._prob_cache[0] == self._version:
            return self._prob_cache[1]
        p = [[0.0] * 52 for _ in range(4)]
        room = [self.hand_size(seat) - self._known[seat].bit_count() for seat in _SEATS]
        for seat in _SEATS:
            for card in range(52):
                if self._known[seat] >> card & 1:
                    p[seat][card] = 1.0
        unseen = self.unseen
        cards = [card for card in range(52) if unseen >> card & 1]
        cand: dict[int, list[int]] = {
            card: [i for i in range(4) if i != self.seat and not self._void_cards[i] >> card & 1]
            for card in cards
        }
        for card in cards:
            total = sum(room[i] for i in cand[card])
            for i in cand[card]:
                p[i][card] = room[i] / total if total else 0.0
        rules = [inf for inf in self.inferences if len(inf.clauses) == 1 and inf.confidence >= 0.5]
        for _ in range(iterations if rules else 0):
            for inf in rules:
                self._fit(p, inf, cards)
            _normalise_cards(p, cards, cand)
            for i in range(4):
                if i == self.seat or room[i] == 0:
                    continue
                mass = sum(p[i][card] for card in cards)
                if mass > 0:
                    f = room[i] / mass
                    for card in cards:
                        p[i][card] *= f
            _normalise_cards(p, cards, cand)
        self._prob_cache = (self._version, p)
        return p

    def _fit(self, p: list[list[float]], inf: Inference, cards: list[int]) -> None:
        """Scale the seat's likelihoods of the clause's cards towards its allowed counts."""
        i = int(inf.seat)
        clause = inf.clauses[0]
        a_lo, a_hi = count_range(clause.allowed)
        held = self._known[i] | (self._played_by[i] & ~inf.since)
        fixed = (held & clause.mask).bit_count()
        free = [card for card in cards if clause.mask >> card & 1 and p[i][card] > 0.0]
        if not free:
            return
        # a float sum (compiled, mypyc would take an int start for an int result)
        expect = fixed + sum((p[i][card] for card in free), 0.0)
        target = min(max(expect, float(a_lo)), float(a_hi))
        if abs(target - expect) <= 1e-9:
            return
        want = max(target - fixed, 0.0)
        cur = expect - fixed
        f = want / cur if cur > 1e-12 else 0.0
        for card in free:
            p[i][card] = min(0.999, p[i][card] * f) if f > 0 else 0.0

    def probability(self, card: Card | int, seat: Seat) -> float:
        """The likelihood that ``seat`` holds ``card`` now."""
        return self.card_probabilities()[seat][card]

    # ------------------------------------------------------------ the record
    def seat_plays(self, seat: Seat) -> list[PlayRecord]:
        """The cards ``seat`` has played, in order (:attr:`plays` of the seat)."""
        return self._by_seat[seat]

    def leads(self, seat: Seat) -> list[PlayRecord]:
        """The cards ``seat`` has led, in order."""
        return self._leads[seat]

    def first_lead(self, seat: Seat) -> PlayRecord | None:
        """``seat``'s first lead of the hand."""
        leads = self._leads[seat]
        return leads[0] if leads else None

    def suit_opened_by(self, seat: Seat, suit: int) -> PlayRecord | None:
        """``seat``'s first lead of ``suit``."""
        for r in self._leads[seat]:
            if r.card // 13 == suit:
                return r
        return None

    def suit_first_led(self, suit: int) -> PlayRecord | None:
        """The first lead of ``suit`` in the hand, by anyone."""
        for r in self.plays:
            if r.position == 0 and r.card // 13 == suit:
                return r
        return None

    def trump_leader(self, seat: Seat) -> bool:
        """Whether ``seat`` has led trumps."""
        return any(r.card // 13 == self.trump for r in self._leads[seat])

    def discards(self, seat: Seat) -> list[PlayRecord]:
        """``seat``'s discards (cards of another suit than the suit led, not trumps)."""
        return self._discards[seat]

    def called(self, seat: Seat) -> bool:
        """Whether ``seat`` has called for trumps (modern school)."""
        return seat in self.calls

    def echoed(self, seat: Seat) -> bool:
        """Whether ``seat`` has echoed a call or a trump lead (modern school)."""
        return seat in self.echoes

    def describe(self) -> list[str]:
        """Every active inference in words, for the tutor."""
        return [str(i) for i in self.inferences]


_REFUTED = 0
_OPEN = 1
_CERTAIN = 2


def _status(base: int, free: int, room: int, clauses: Sequence[Clause]) -> int:
    """The facts' test of a reading: :data:`_CERTAIN` if some clause must hold,
    :data:`_OPEN` if none must and some may, :data:`_REFUTED` if none may.  The seat
    surely holds (or held) ``base``, may hold any ``room`` (at least 0) of ``free``:
    the count of a clause's cards lies between those it surely holds and those it may.
    """
    status = _REFUTED
    for c in clauses:
        k_min = (base & c.mask).bit_count()
        k_max = k_min + min(room, (free & c.mask).bit_count())
        span = (2 << k_max) - (1 << k_min)  # the counts k_min..k_max, as a bit set
        if not span & ~c.allowed:
            return _CERTAIN
        if span & c.allowed:
            status = _OPEN
    return status


def _normalise_cards(p: list[list[float]], cards: list[int], cand: dict[int, list[int]]) -> None:
    """Make each unseen card's likelihoods over the seats that may hold it sum to one."""
    for card in cards:
        total = sum(p[i][card] for i in cand[card])
        if total > 0:
            for i in cand[card]:
                p[i][card] /= total


def follow_view(
    k: Knowledge | None, view: SeatView, school: School | str, dealt: int = 0
) -> tuple[Knowledge, bool]:
    """``k`` brought up to ``view``, or a new knowledge built from ``view`` when ``k``
    cannot follow it (none yet, another hand, a view from before ``k``'s record, a
    card in hand that ``k`` saw played or that was not in the hand ``dealt``); and
    whether it was rebuilt."""
    fresh = (
        k is None
        or k.trump != view.trump
        or k.dealer != view.dealer
        or k.trick_number > view.trick_number
        or bool(view.hand & k.played)
        or bool(dealt and view.hand & ~dealt)
        or (k.trick_number == view.trick_number and len(k.trick) > len(view.trick))
    )
    if not fresh:
        assert k is not None
        try:
            k.sync(view)
            return k, False
        except KnowledgeError:
            pass
    return Knowledge.from_view(view, school), True
