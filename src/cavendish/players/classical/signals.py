"""The call for trumps and the echo (modern school): C125-C128, C131.

A call is an unnecessarily high card followed by a lower one of the same suit;
the echo is the same signal made in reply to partner's call or trump lead.  The
player makes them only with small cards it would otherwise play as "the lowest"
(second hand low, a card under partner's winner, a losing card, a discard), so
that the high card is plainly unnecessary: a small card, nine or lower, that does
not beat the card winning the trick (second hand: eight or lower, since ``T 9 x``
plays the nine).  This is the test :func:`~..inference.reading.is_unnecessary`
applies when the card is read.

* the call (C126): five trumps, or four with two honours, while neither partner
  has led trumps and the adversaries may still hold some;
* the echo (C131): four trumps or more (as dealt), after partner's call or trump
  lead.  Drayson's echo from five (lowest but two, C131) is not used.
"""

from __future__ import annotations

from ...core.cards import SUIT_MASK
from ..inference.bits import bit_list_desc
from ..inference.reading import is_unnecessary
from .context import Ctx
from .decision import Decision

__all__ = ["pending_signal", "small_card", "want_call", "want_echo"]

_LOW = 7  # the nine


def pending_signal(ctx: Ctx) -> tuple[str, int, int] | None:
    """A call or echo begun and not finished: (kind, suit, high card), read from the
    record of my own plays (so a player brought to a position knows its own signal)."""
    k = ctx.k
    if ctx.me in k.calls and ctx.me in k.echoes:
        return None
    held = ctx.hand0
    found: tuple[str, int, int] | None = None
    for r in k.seat_plays(ctx.me):
        suit = r.card // 13
        if found is not None and found[1] == suit and r.card < found[2]:
            found = None  # the lower card followed: the signal is made
        elif (
            found is None
            and r.position > 0
            and is_unnecessary(r, ctx.trump)
            and held & SUIT_MASK[suit] & ((1 << r.card) - 1)
        ):
            partner = ctx.partner
            echo = any(
                p.suit == ctx.trump and p.trick <= r.trick for p in k.leads(partner)
            ) or (partner in k.calls and k.calls[partner] <= r.trick)
            kind = "echo" if echo else "call"
            done = ctx.me in (k.echoes if echo else k.calls)
            if not done and (echo or suit != ctx.trump):
                found = (kind, suit, int(r.card))
        held &= ~(1 << r.card)
    return found


def want_call(ctx: Ctx) -> bool:
    """Whether to call for trumps now (C125, C126)."""
    if not ctx.school.signals or ctx.me in ctx.k.calls or pending_signal(ctx) is not None:
        return False
    k = ctx.k
    if k.trump_leader(ctx.me) or k.trump_leader(ctx.partner) or k.called(ctx.partner):
        return False
    if ctx.view.trick_number > 8 or not ctx.adversary_trumps():
        return False
    return ctx.strong_in_trumps


def want_echo(ctx: Ctx) -> bool:
    """Whether to echo partner's call or trump lead (C131)."""
    if not ctx.school.signals or ctx.me in ctx.k.echoes or pending_signal(ctx) is not None:
        return False
    k = ctx.k
    if not (k.called(ctx.partner) or k.trump_leader(ctx.partner)):
        return False
    return (ctx.hand0 & SUIT_MASK[ctx.trump]).bit_count() >= 4 and ctx.trumps_held >= 2


def small_card(ctx: Ctx, suit: int, convention: str, reason: str) -> Decision:
    """The small card to play in ``suit``: the lowest (``convention``, ``reason``),
    or the card of a call or an echo when one is wanted or half made."""
    mine = ctx.mine(suit)
    bits = bit_list_desc(mine)
    low = bits[-1]
    pending = pending_signal(ctx) if ctx.school.signals else None
    if pending is not None and pending[1] == suit and 13 * suit + low < pending[2]:
        what = "call for trumps" if pending[0] == "call" else "echo"
        conv = "C125" if pending[0] == "call" else "C131"
        return ctx.decision(
            13 * suit + low, conv, f"the lower card, completing the {what}", (convention,)
        )
    if len(bits) >= 2 and pending is None and ctx.school.signals:
        second = bits[-2]
        following = suit == ctx.led
        limit = _LOW - 1 if (ctx.pos == 1 and following) else _LOW
        card = 13 * suit + second
        beats = following and ctx.pos >= 2 and ctx.beats(card)
        discarding = not following and suit != ctx.trump
        if second <= limit and not beats and (following or discarding):
            if suit != ctx.trump and want_call(ctx):
                return ctx.decision(
                    card,
                    "C125",
                    "call for trumps: an unnecessarily high card, the lower to follow",
                    (convention,),
                )
            if want_echo(ctx) and (suit == ctx.trump or ctx.k.called(ctx.partner)):
                return ctx.decision(
                    card,
                    "C131",
                    "echo partner's trumps: an unnecessarily high card, showing four trumps",
                    (convention,),
                )
    return ctx.decision(13 * suit + low, convention, reason)
