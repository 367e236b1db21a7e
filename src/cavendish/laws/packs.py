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
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

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

    @property
    def name(self) -> str:
        """``N-S's pack`` or ``E-W's pack``."""
        return f"{side_name(self.side)}'s pack"

    def to_dict(self) -> dict[str, Any] | None:
        """The pack made up, as a snapshot saves it (None: not made up)."""
        if self.order is None:
            return None
        return {"order": " ".join(str(c) for c in self.order),
                "shuffled_by": str(self.shuffled_by), "placed_at": str(self.placed_at)}


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
        pack.order = tuple(shuffled_pack(rng))
        pack.shuffled_by, pack.placed_at = by, at
        return pack

    def _take_up(self, rng: random.Random, dealer: Seat, side: Side) -> tuple[Card, ...]:
        """``dealer`` takes up ``side``'s pack to deal: made up, as it lies; not, made up
        now (by the dealer's partner for his own side's pack, law 30; by himself for the
        adversaries', law 48).  The pack is no longer made up."""
        pack = self.packs[side]
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
                order = tuple(Card.parse(c) for c in str(raw["order"]).split())
                if len(order) != 52 or len(set(order)) != 52:
                    raise ValueError(f"{pack.name} made up holds {len(order)} cards, "
                                     "not the 52 once each")
                pack.order = order
                pack.shuffled_by = Seat.parse(str(raw["shuffled_by"]))
                pack.placed_at = Seat.parse(str(raw["placed_at"]))
            except (KeyError, TypeError, ValueError) as exc:
                raise ValueError(f"the packs: {exc}") from None
        return packs
