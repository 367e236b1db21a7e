"""Discarding (C118-C124), when void in the suit led and not trumping.

* C122: holding nothing but winners outside trumps, discard the best card of the
  suit of which you hold full command;
* C120 (modern school): once the adversaries have shown trump strength (an
  unasked trump lead or a call) and we have not, the first discards come from
  the longest and best-protected suit, which is the suit partner should lead;
* C118 otherwise: the weakest suit -- the one whose lowest card costs least to
  throw: no guard lost (Pole-R's reading of C119: keep ``K x``, ``Q x x``), not
  the suit we opened, the shorter -- and its lowest card (C124), which is the
  second best only when it is the last card (C123).
"""

from __future__ import annotations

from ...core.cards import Seat
from ..inference.bits import ACE, KING, QUEEN, bit_list_desc, effective, high_bit
from .context import Ctx
from .decision import Decision
from .signals import small_card

__all__ = ["adverse_trump_strength", "discard"]


def adverse_trump_strength(ctx: Ctx) -> bool:
    """Whether the adversaries have shown trump strength and our side has not."""
    k = ctx.k
    adv = any(
        ctx.called(s) or (ctx.trusted(s) and k.trump_leader(s) and _unasked_trump_lead(ctx, s))
        for s in (ctx.lho, ctx.rho)
    )
    ours = ctx.called(ctx.partner) or k.trump_leader(ctx.partner) or k.trump_leader(ctx.me)
    return adv and not ours


def _unasked_trump_lead(ctx: Ctx, seat: Seat) -> bool:
    k = ctx.k
    for r in k.leads(seat):
        if r.suit == ctx.trump:
            partner = r.seat.partner
            return not (k.called(partner) and k.calls[partner] <= r.trick)
    return False


def discard(ctx: Ctx, convention: str, reason: str) -> Decision:
    """The card to throw away (``convention`` and ``reason`` say why we discard)."""
    plain = [s for s in range(4) if s != ctx.trump and ctx.mine(s)]
    if not plain:
        low = 13 * ctx.trump + bit_list_desc(ctx.mine(ctx.trump))[-1]
        return ctx.decision(low, "C6", "nothing but trumps left: the lowest trump")
    # C122: nothing but winners outside trumps
    if all(ctx.masters(s) == ctx.mine(s) for s in plain) and len(plain) > 0:
        best = max(plain, key=lambda s: (ctx.masters(s).bit_count(), -s))
        card = 13 * best + high_bit(ctx.mine(best))
        if len(bit_list_desc(ctx.mine(best))) > 1:
            return ctx.decision(
                card,
                "C122",
                "full command of the suit: discard its best card, showing the rest",
                (convention,),
            )
    if ctx.school.adverse_trump_discard and adverse_trump_strength(ctx):
        longest = max(plain, key=lambda s: (ctx.length(s), _protection(ctx, s), -s))
        return small_card(
            ctx,
            longest,
            "C120",
            "the adversaries are strong in trumps: discard from the best-protected suit",
        )
    weakest = min(plain, key=lambda s: (_keep_value(ctx, s), s))
    mine = ctx.mine(weakest)
    bits = bit_list_desc(mine)
    if len(bits) == 1:
        eff, _ = effective(mine, ctx.live_bits(weakest))
        if eff >> KING & 1:
            return ctx.decision(
                13 * weakest + bits[0],
                "C123",
                "discard the second best, the last card of the suit",
                (convention,),
            )
    d = small_card(ctx, weakest, convention, f"{reason} the lowest of the weakest suit")
    if convention != "C118" and "C118" not in d.also and d.convention == convention:
        return ctx.decision(d.card, d.convention, d.reason, (*d.also, "C118"))
    return d


def _protection(ctx: Ctx, suit: int) -> int:
    eff, _ = effective(ctx.mine(suit), ctx.live_bits(suit))
    return (eff >> QUEEN).bit_count()


_GUARDED_VALUE = (1.0, 0.75, 0.5, 0.25)
"""What a guarded ace, king, queen and knave (effective ranks) are worth in tricks."""


def _potential(ctx: Ctx, suit: int, mine: int) -> float:
    """A rough count of the tricks a holding may make: its honours that are guarded
    (a king with one card beside it, a queen with two, a knave with three) and its
    long cards beyond the fourth."""
    eff, _ = effective(mine, ctx.live_bits(suit))
    order = bit_list_desc(eff)
    n = len(order)
    value = 0.0
    for b in order:
        r = ACE - b
        if r < 4 and n > r:
            value += _GUARDED_VALUE[r]
    return value + 0.3 * max(0, n - 4)


def _keep_value(ctx: Ctx, suit: int) -> float:
    """What throwing the lowest card of ``suit`` costs: the tricks it unguards
    (C119, keeping guards as Pole-R advises), more if it is the suit we opened, then
    the longer suit and the higher card (C118, C124)."""
    mine = ctx.mine(suit)
    low = mine & -mine
    cost = _potential(ctx, suit, mine) - _potential(ctx, suit, mine ^ low)
    if ctx.k.suit_opened_by(ctx.me, suit) is not None and mine.bit_count() >= 3:
        cost += 0.5
    p_open = ctx.k.suit_opened_by(ctx.partner, suit)
    if p_open is not None and not ctx.k.is_void(ctx.partner, suit):
        cost += 0.2
    return cost + 0.01 * mine.bit_count() + 0.001 * low.bit_length()
