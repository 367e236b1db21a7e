"""The two packs of a club table: the pack in play and the still pack (000; laws 30-31,
42, 46, 48).

Design note
-----------
000 (the etiquette, line 945): "Two packs of cards are invariably used at clubs".
:class:`TablePacks` holds them as real objects, one a side (Cavendish's reading of law
48's "the adversary's cards": each side deals with its own pack, so the sides' packs
alternate as the deal goes to the left).  A pack is *made up* when it has been
shuffled and lies face down ready for a deal: then it has an order of cards, who
shuffled it and at whose left it lies; a pack dealt, in play or gathered after a
misdeal is not made up (no order: its cards are in the hands or the tricks).

* Law 30: "The dealer's partner must collect the cards for the ensuing deal, and has
  the first right to shuffle that pack"; law 31: "Each player, after shuffling, must
  place the cards [...] to the left of the player about to deal".  So while the
  dealer's pack is in play (:meth:`TablePacks.make_up_still`), his partner makes up
  the other pack, the still pack, and places it at the next dealer's left; a pack
  that is not made up when its side is to deal (the first deal of all, a new deal by
  the same dealer, the pack of a misdeal, a side dealing twice running as at a new
  rubber of dummy whist) is made up then, by the dealer's partner, at the dealer's
  left.  Cavendish's choice where the code gives rights and not duties: the other
  players waive their shuffle (law 29) and the dealer his last one (law 32), so one
  shuffle makes a pack up.
* Law 33-34: the dealer's right-hand player cuts the pack made up at the dealer's
  left, and the dealer deals it (:meth:`TablePacks.deal`).
* Every shuffle and cut draws from the table's one generator, at the point where a
  deal made at once (:func:`~cavendish.core.table.deal_cards`: shuffle, then cut)
  draws: the still pack is shuffled just after the deal of the pack in play, so the
  draws go shuffle, cut, shuffle, cut as before and a seed deals the same cards, but
  for a deal made again by the same side while the still pack lies made up (a void
  hand dealt again, a fresh deal after a wrong call, a dummy dealing the first hand
  of a rubber after his own side dealt the last): that pack is shuffled anew, and
  the still pack keeps the order it was given.
* Law 48, a deal "with the adversary's cards" (:meth:`TablePacks.deal_procedure` with
  ``own=False``): the dealer takes up the other side's pack, made up or not (if not,
  he shuffles it himself); stopped before the trump card is turned up, the rightful
  dealer deals with his own pack.  Law 42, "a card belonging to the other pack", and
  law 46, "he may search the other pack": :meth:`TablePacks.other_pack` names the
  pack, which must be at the table (a table of one pack has none).
* A card astray, lying in the other pack (laws 42, 46).  A pack knows its own cards
  that are not in it (:attr:`Pack.away`) and the cards of the other pack lying in it
  (:attr:`Pack.strays`, each at its place in :attr:`Pack.order` once made up).
  Law 46: a card of the pack being dealt falls among the other pack's cards, lying
  gathered beside the dealer (:meth:`TablePacks.stray_into_other`); the dealer's
  partner collects it with them and shuffles it in when he makes up the still pack
  (53 cards); the player short of it who has played searches that pack
  (:meth:`TablePacks.search`): the card is taken from the still pack's real order
  and restored to his hand, and the still pack is 52 again.  Law 42: a player takes
  into his hand a card of the other pack (:meth:`TablePacks.take_from_other`: the
  top card of the other pack's cards where it lies made up, else one drawn from its
  heap of gathered cards; that pack lacks it); on discovery, fresh deal or not, the
  card goes back to its own pack (:meth:`TablePacks.give_back`), which is whole
  again.  The place of a stray in the still pack is drawn from the pack and the
  card, never from the table's generator: a deal without such a slip is the deal
  the seed always gave.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..core.cards import CARDS as CARDS_SET
from ..core.cards import Card, Seat, Side
from ..core.deal import Deal
from ..core.rules import Rules
from ..core.table import cut_pack, deal_pack, shuffled_pack
from .deal_laws import DealProcedure, adversarys_cards, side_name
from .errors import NotAllowed

__all__ = ["Pack", "TablePacks", "side_name"]


@dataclass(slots=True)
class Pack:
    """One side's pack (see the module)."""

    side: Side
    order: tuple[Card, ...] | None = None
    """Made up: its cards, top first, face down ready for a deal; None: dealt, in play
    or gathered, not made up."""
    shuffled_by: Seat | None = None
    """Who made it up (law 30: the dealer's partner)."""
    placed_at: Seat | None = None
    """At whose left it lies (law 31: the player about to deal)."""
    away: list[Card] = field(default_factory=list)
    """Its own cards lying elsewhere: in the other pack (law 46) or taken into a hand
    dealt from the other pack (law 42)."""
    strays: list[Card] = field(default_factory=list)
    """Cards of the other pack lying among its cards (law 46); made up, each lies in
    :attr:`order` at :attr:`stray_at`."""
    stray_at: list[int] = field(default_factory=list)
    """Made up: the place in :attr:`order` of each of :attr:`strays`, in their order."""

    def take_out(self, place: int) -> Card:
        """The card at ``place`` in the made-up order taken out (a stray's place
        forgotten, the later ones moved up)."""
        assert self.order is not None
        card = self.order[place]
        self.order = self.order[:place] + self.order[place + 1:]
        if place in self.stray_at:
            del self.strays[self.stray_at.index(place)]
            self.stray_at.remove(place)
        self.stray_at = [p - (p > place) for p in self.stray_at]
        return card

    @property
    def count(self) -> int:
        """How many cards lie in the pack: 52, less those away, more the strays."""
        return 52 - len(self.away) + len(self.strays)

    @property
    def name(self) -> str:
        """``N-S's pack`` or ``E-W's pack``."""
        return f"{side_name(self.side)}'s pack"

    def to_dict(self) -> dict[str, Any] | None:
        """The pack made up, as a snapshot saves it (None: not made up)."""
        astray = {**({"away": " ".join(map(str, self.away))} if self.away else {}),
                  **({"strays": " ".join(map(str, self.strays)),
                      "stray_at": list(self.stray_at)} if self.strays else {})}
        if self.order is None:
            return astray or None
        return {"order": " ".join(str(c) for c in self.order),
                "shuffled_by": str(self.shuffled_by), "placed_at": str(self.placed_at),
                **astray}


class TablePacks:
    """The two packs of a table where two are used (see the module).

    >>> rng = random.Random(4)
    >>> packs = TablePacks()
    >>> deal = packs.deal(rng, Seat.S)        # N-S's pack, made up by N at S's left
    >>> packs.dealt, packs.still
    (<Side.NS: 0>, None)
    >>> packs.make_up_still(rng, Seat.S)      # while it is in play: E-W's, by N at W's left
    >>> still = packs.still
    >>> still.name, still.shuffled_by, still.placed_at, len(still.order)
    ("E-W's pack", <Seat.N: 0>, <Seat.W: 3>, 52)
    >>> nxt = packs.deal(rng, Seat.W)         # cut and dealt from that very order
    >>> packs.dealt, packs.still
    (<Side.EW: 1>, None)
    """

    def __init__(self) -> None:
        self.packs: dict[Side, Pack] = {side: Pack(side) for side in Side}
        self.dealt: Side | None = None
        """The side whose pack was dealt last (None before the first deal)."""

    @property
    def still(self) -> Pack | None:
        """The still pack: the pack made up and lying for the next deal, if any."""
        return next((p for p in self.packs.values() if p.order is not None), None)

    def other_pack(self, rules: Rules, dealer: Seat, law: int) -> Pack:
        """The pack not dealt by ``dealer`` (laws 42, 46: "the other pack"); refused at a
        table of one pack, naming ``law``.

        >>> from cavendish.core import get_rules
        >>> TablePacks().other_pack(get_rules("short"), Seat.S, 42).name
        "E-W's pack"
        """
        if rules.packs == 1:
            raise NotAllowed("one pack at this table: there is no other pack (the law runs "
                             "where two packs are used, as clubs play, 000)", law)
        return self.packs[dealer.side.other]

    def _make_up(self, side: Side, rng: random.Random, by: Seat, at: Seat) -> Pack:
        pack = self.packs[side]
        order = [c for c in shuffled_pack(rng) if c not in pack.away]
        pack.stray_at = []
        for card in pack.strays:  # shuffled in; its place drawn from the pack, not ``rng``
            place = random.Random(f"stray|{card}|{' '.join(map(str, order))}").randint(
                0, len(order))
            pack.stray_at = [p + (p >= place) for p in pack.stray_at] + [place]
            order.insert(place, card)
        pack.order = tuple(order)
        pack.shuffled_by, pack.placed_at = by, at
        return pack

    # ------------------------------------------------------- cards astray (laws 42, 46)
    def stray_into_other(self, card: Card) -> None:
        """Law 46's slip: ``card`` of the pack being dealt falls among the other pack's
        cards (see the module); that pack, made up later, holds it.

        >>> rng, packs = random.Random(3), TablePacks()
        >>> deal = packs.deal(rng, Seat.S)
        >>> packs.stray_into_other(Card.parse("C8")); packs.make_up_still(rng, Seat.S)
        >>> still = packs.still
        >>> still.count, len(still.order), still.order[still.stray_at[0]], still.strays
        (53, 53, Card('C8'), [Card('C8')])
        >>> _ = packs.search(Card.parse("C8"), 46); still.count, len(still.order), still.strays
        (52, 52, [])
        """
        if self.dealt is None:
            raise NotAllowed("no pack has been dealt: no card of it can stray", 46)
        own, other = self.packs[self.dealt], self.packs[self.dealt.other]
        if other.order is not None:
            raise NotAllowed(f"{other.name} is made up: a card does not stray into it", 46)
        own.away.append(card)
        other.strays.append(card)

    def search(self, card: Card, law: int = 46) -> Pack:
        """Law 46: the player short of ``card`` (of the pack in play) searches the other
        pack for it: taken from that pack's real order (or its heap of gathered cards)
        and returned to him; refused, naming the law, when it is not there."""
        if self.dealt is None:
            raise NotAllowed("no pack in play: no other pack to search", law)
        own, other = self.packs[self.dealt], self.packs[self.dealt.other]
        if card not in other.strays:
            raise NotAllowed(f"{card} is not in {other.name}: the search finds nothing", law)
        i = other.strays.index(card)
        if other.order is not None:
            other.take_out(other.stray_at[i])
        else:
            other.strays.pop(i)
        own.away.remove(card)
        return other

    def take_from_other(self) -> Card:
        """Law 42's slip: a player takes into the hand dealt to him a card of the other
        pack (see the module); that pack lacks it until it is given back.

        >>> rng, packs = random.Random(3), TablePacks()
        >>> _ = packs.deal(rng, Seat.S); _ = packs.deal(rng, Seat.W)   # N-S's lie gathered
        >>> card = packs.take_from_other(); ns = packs.packs[Side.NS]
        >>> ns.away == [card], ns.count
        (True, 51)
        >>> _ = packs.give_back(card, 42); ns.away, ns.count
        ([], 52)
        """
        if self.dealt is None:
            raise NotAllowed("no pack is being dealt: no card of the other pack to take", 42)
        other = self.packs[self.dealt.other]
        if other.away:  # taken already (a save resumed at the election): the same card
            return other.away[0]
        if other.order is not None:
            card = other.take_out(next(i for i in range(len(other.order))
                                       if i not in other.stray_at))
        else:
            heap = [c for c in sorted(CARDS_SET) if c not in other.away]
            card = random.Random(f"other-pack|{side_name(other.side)}").choice(heap)
        other.away.append(card)
        return card

    def _sort_out(self) -> bool:
        """Before a pack is dealt, every card astray goes back to its own pack
        (Cavendish's reading: a pack is dealt whole; law 37 would void a deal from an
        imperfect one); whether any did.  A made-up pack that held a stray keeps its
        order less the stray; one that lacked a card is made up anew by the caller."""
        moved = False
        for pack in self.packs.values():
            other = self.packs[pack.side.other]
            for card in list(pack.strays):
                if pack.order is not None:
                    pack.take_out(pack.stray_at[pack.strays.index(card)])
                else:
                    pack.strays.remove(card)
                if card in other.away:
                    other.away.remove(card)
                moved = True
        for pack in self.packs.values():
            if pack.away:
                pack.away.clear()
                if pack.order is not None:
                    pack.order = None
                moved = True
        return moved

    def other_name(self) -> str:
        """The pack not in play by name (law 42's "the other pack").

        >>> packs = TablePacks(); _ = packs.deal(random.Random(1), Seat.E); packs.other_name()
        "N-S's pack"
        """
        side = Side.EW if self.dealt is None else self.dealt.other
        return self.packs[side].name

    def lacks(self, card: Card) -> bool:
        """Whether the other pack than the one in play lacks ``card`` (law 42)."""
        return self.dealt is not None and card in self.packs[self.dealt.other].away

    def give_back(self, card: Card, law: int = 42) -> Pack:
        """Law 42: ``card`` of the other pack, found in a hand, goes back to its own pack
        (on top, where a made-up pack is taken from); refused, naming the law, when that
        pack does not lack it."""
        if self.dealt is None:
            raise NotAllowed("no pack in play: no card to give back", law)
        other = self.packs[self.dealt.other]
        if card not in other.away:
            raise NotAllowed(f"{other.name} lacks no {card}: it is not of the other pack", law)
        other.away.remove(card)
        if other.order is not None:
            other.order = (card, *other.order)
            other.stray_at = [p + 1 for p in other.stray_at]
        return other

    def _take_up(self, rng: random.Random, dealer: Seat, side: Side) -> tuple[Card, ...]:
        """``dealer`` takes up ``side``'s pack to deal: made up, as it lies; not, made up
        now (by the dealer's partner for his own side's pack, law 30; by himself for the
        adversaries', law 48).  The pack is no longer made up."""
        pack = self.packs[side]
        if self._sort_out():
            pack.order = None  # not whole as it lay: gathered and made up anew
        if pack.order is None:
            self._make_up(side, rng, dealer.partner if side == dealer.side else dealer, dealer)
        assert pack.order is not None
        order, pack.order = pack.order, None
        self.dealt = side
        return order

    def deal(self, rng: random.Random, dealer: Seat) -> Deal:
        """``dealer`` deals his side's pack (law 33): taken up (made up first if it is
        not), cut by his right-hand player (law 34) and dealt round."""
        order = self._take_up(rng, dealer, dealer.side)
        cut, _ = cut_pack(list(order), rng)
        return deal_pack(cut, dealer)

    def make_up_still(self, rng: random.Random, dealer: Seat) -> None:
        """While ``dealer``'s pack is in play, his partner makes up the other pack for
        the ensuing deal (law 30) and places it at the next dealer's left (law 31); a
        pack already made up is left as it lies."""
        side = dealer.side.other
        if self.packs[side].order is None:
            self._make_up(side, rng, dealer.partner, dealer.left)

    def deal_procedure(self, rng: random.Random, dealer: Seat, rules: Rules, *,
                       own: bool = True, rightful: Seat | None = None) -> DealProcedure:
        """A deal by hand (:class:`~cavendish.laws.deal_laws.DealProcedure`) of a real pack:
        ``dealer``'s side's, or with ``own`` False the adversaries' ("the adversary's
        cards", law 48), as it lies (see :meth:`_take_up`).

        >>> from cavendish.core import get_rules
        >>> rng, packs = random.Random(2), TablePacks()
        >>> _ = packs.deal(rng, Seat.S); packs.make_up_still(rng, Seat.S)
        >>> lying = packs.packs[Side.EW].order
        >>> proc = packs.deal_procedure(rng, Seat.N, get_rules("short"), own=False)
        >>> proc.pack == list(lying), proc.rulings[0].law, packs.dealt
        (True, 48, <Side.EW: 1>)
        """
        side = dealer.side if own else dealer.side.other
        adversarys_cards(rules, own)
        proc = DealProcedure(dealer, rules, pack=self._take_up(rng, dealer, side),
                             rightful=rightful, own_pack=own)
        proc.other_pack = self.packs[side.other].name  # law 42's "the other pack"
        proc.table_packs = self
        return proc

    def to_dict(self) -> dict[str, Any]:
        """The packs as a snapshot saves them (read back by :meth:`from_dict`)."""
        return {"dealt": None if self.dealt is None else side_name(self.dealt),
                **{side_name(s): p.to_dict() for s, p in self.packs.items()}}

    @classmethod
    def from_dict(cls, data: Any) -> TablePacks:
        """The packs :meth:`to_dict` saved; ``ValueError`` naming what is wrong.

        >>> packs = TablePacks(); packs.make_up_still(random.Random(1), Seat.S)
        >>> TablePacks.from_dict(packs.to_dict()).to_dict() == packs.to_dict()
        True
        >>> TablePacks.from_dict({"N-S": {"order": "SA"}})
        Traceback (most recent call last):
        ...
        ValueError: the packs: N-S's pack made up holds 1 cards, not the 52 once each
        """
        if not isinstance(data, dict):
            raise ValueError(f"the packs: an object, not {type(data).__name__}")
        packs = cls()
        sides = {side_name(s): s for s in Side}
        dealt = data.get("dealt")
        if dealt is not None and dealt not in sides:
            raise ValueError(f"the packs: dealt {dealt!r}, expected N-S or E-W")
        packs.dealt = None if dealt is None else sides[dealt]
        for name, side in sides.items():
            raw = data.get(name)
            if raw is None:
                continue
            pack = packs.packs[side]
            try:
                pack.away = [Card.parse(c) for c in str(raw.get("away", "")).split()]
                pack.strays = [Card.parse(c) for c in str(raw.get("strays", "")).split()]
                pack.stray_at = [int(i) for i in raw.get("stray_at", [])]
                if "order" not in raw and (pack.away or pack.strays):
                    continue
                order = tuple(Card.parse(c) for c in str(raw["order"]).split())
                own = [c for i, c in enumerate(order) if i not in pack.stray_at]
                if (len(own) != 52 - len(pack.away) or len(set(own)) != len(own)
                        or set(own) & set(pack.away)
                        or [order[i] for i in pack.stray_at if i < len(order)] != pack.strays):
                    raise ValueError(f"{pack.name} made up holds {len(order)} cards, "
                                     "not the 52 once each")
                pack.order = order
                pack.shuffled_by = Seat.parse(str(raw["shuffled_by"]))
                pack.placed_at = Seat.parse(str(raw["placed_at"]))
            except (KeyError, TypeError, ValueError) as exc:
                raise ValueError(f"the packs: {exc}") from None
        return packs
