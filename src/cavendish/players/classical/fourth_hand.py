"""Fourth hand (C97): win as cheaply as possible, else throw the lowest."""

from __future__ import annotations

from .context import Ctx
from .decision import Decision
from .ruffing import void_play
from .signals import small_card

__all__ = ["fourth_hand"]


def fourth_hand(ctx: Ctx) -> Decision:
    """The card to play fourth hand."""
    suit = ctx.led
    if not ctx.mine(suit):
        return void_play(ctx)
    if ctx.partner_winning:
        return small_card(ctx, suit, "C6", "partner has the trick: the lowest")
    cheap = ctx.cheapest_winner(suit)
    if cheap is None:
        return small_card(ctx, suit, "C97", "fourth hand cannot win: throw the lowest")
    return ctx.decision(cheap, "C97", "fourth hand: win as cheaply as possible")
