"""Trumping and discarding when void in the suit led (C88, C97, C109, C110).

* the adversaries are winning: trump with the lowest trump that wins, over-trumping
  if need be (C97, C109); second hand, on a *doubtful* trick (partner may hold the
  best card), not with four trumps or more, and not at all when partner is known to
  hold the best card (C110);
* partner is winning: discard, unless his card may be beaten and we are weak in
  trumps (C109); never trump his king or ace led (C88).
"""

from __future__ import annotations

from ..inference.bits import high_bit, low_bit
from .context import Ctx
from .decision import Decision
from .discards import discard

__all__ = ["cheapest_ruff", "void_play"]


def cheapest_ruff(ctx: Ctx) -> int | None:
    """My lowest trump that wins the trick as it stands (over-ruffing if need be)."""
    mine = ctx.mine(ctx.trump)
    if not mine:
        return None
    if ctx.best // 13 == ctx.trump:
        mine &= ~((2 << (ctx.best % 13)) - 1)
        if not mine:
            return None
    return 13 * ctx.trump + low_bit(mine)


def _lho_beats(ctx: Ctx, card: int) -> bool:
    """Whether my left-hand adversary (to play after me) may beat ``card``."""
    if ctx.pos == 3:
        return False
    suit = ctx.led
    lho = ctx.lho
    if card // 13 == ctx.trump and suit != ctx.trump:
        if not ctx.k.is_void(lho, suit):
            return False
        higher = ctx.others(ctx.trump) >> (card % 13 + 1) << (card % 13 + 1)
        return ctx.k.can_hold(lho, higher << (13 * ctx.trump))
    higher = ctx.others(suit) >> (card % 13 + 1) << (card % 13 + 1)
    if ctx.k.can_hold(lho, higher << (13 * suit)):
        return True
    return ctx.may_ruff(lho, suit)


def void_play(ctx: Ctx) -> Decision:
    """Second, third or fourth hand without a card of the suit led."""
    ruff = cheapest_ruff(ctx)
    lead = ctx.trick[0][1]
    if ctx.partner_winning:
        partner_card = ctx.best
        safe = ctx.pos == 3 or not _lho_beats(ctx, partner_card)
        if safe:
            return discard(ctx, "C118", "partner is winning the trick: discard")
        if ctx.pos == 2 and lead % 13 >= 11 and lead // 13 == ctx.best // 13:
            return discard(ctx, "C88", "never trump partner's king or ace led: discard")
        if ruff is not None and not ctx.strong_in_trumps:
            return ctx.decision(
                ruff, "C109", "partner's card may be beaten: trump it, being weak in trumps"
            )
        return discard(ctx, "C118", "partner may win the trick: discard")
    if ruff is None:
        return discard(ctx, "C118", "cannot win the trick: discard")
    if ctx.pos == 1:
        led_suit_others = ctx.others(ctx.led) | (1 << (lead % 13))
        certain = high_bit(led_suit_others) == lead % 13
        master = 13 * ctx.led + high_bit(led_suit_others)
        if not certain and ctx.k.count_bounds(ctx.partner, 1 << master)[0] >= 1:
            return discard(
                ctx, "C110", "not a doubtful trick: partner holds the best card, so do not trump it"
            )
        if not certain and ctx.trumps_held >= 4 and not ctx.score.critical(_ours(ctx)):
            return discard(
                ctx,
                "C110",
                "a doubtful trick second hand: with four trumps or more, do not trump it",
            )
        if not certain:
            return ctx.decision(
                ruff, "C110", "a doubtful trick second hand: with three trumps or fewer, trump it"
            )
    return ctx.decision(
        ruff, "C109", "the adversaries are winning: trump it with the lowest trump that wins"
    )


def _ours(ctx: Ctx) -> int:
    return ctx.view.tricks_won[ctx.me.side]
