"""Second hand (C63-C75, C7): low on a small card, cover an honour.

Holdings are read by effective rank among the live cards (the card led counted
as live), so ``A K`` means the two best cards out, whatever has fallen.
"""

from __future__ import annotations

from ..inference.bits import (
    ACE,
    FULL_SUIT,
    JACK,
    KING,
    QUEEN,
    TEN,
    bit_list_desc,
    effective,
    high_bit,
    lowest_of_run,
)
from .context import Ctx
from .decision import Decision
from .ruffing import void_play
from .signals import small_card

__all__ = ["second_hand"]


def second_hand(ctx: Ctx) -> Decision:
    """The card to play second hand."""
    suit = ctx.led
    mine = ctx.mine(suit)
    if not mine:
        return void_play(ctx)
    lead = ctx.trick[0][1]
    lead_bit = lead % 13
    live = ctx.live_bits(suit) | (1 << lead_bit)
    eff, back = effective(mine, live)
    lead_eff = 12 - (live >> (lead_bit + 1)).bit_count()
    order = bit_list_desc(eff)

    def actual(e: int) -> int:
        return 13 * suit + back[order.index(e)]

    def low(reason: str, conv: str = "C63") -> Decision:
        return small_card(ctx, suit, conv, reason)

    top = order[0]
    if top < lead_eff:
        return low("second hand cannot beat the card led: the lowest")
    if ctx.k.is_void(ctx.partner, suit) and ctx.may_have_trumps(ctx.partner):
        return low("partner has none of the suit and may trump: second hand low")
    ours = ctx.view.tricks_won[ctx.me.side]
    if top == ACE and ctx.score.critical(ours):
        run = lowest_of_run(eff, ACE, FULL_SUIT & ~eff)
        return ctx.eff_decision(
            actual(run),
            run,
            "C7",
            "the next trick reaches the game target: win it with the best card",
        )
    if lead_bit >= TEN:
        return _cover(ctx, eff, lead_eff, actual, low)
    first_round = (s := ctx.k.suit_first_led(suit)) is None or s.trick == ctx.view.trick_number
    if not first_round and top == ACE:
        run = lowest_of_run(eff, ACE, FULL_SUIT & ~eff)
        return ctx.eff_decision(actual(run), run, "C75", "second round: win with the best card")
    a, k, q, j, t = (bool(eff >> b & 1) for b in (ACE, KING, QUEEN, JACK, TEN))
    n = len(order)
    choice: tuple[int, str, str] | None = None
    if a and k:
        if j and not q:
            choice = (
                KING,
                "C69",
                "A K J second hand: the king; the second round will show whether to finesse",
            )
        else:
            run = lowest_of_run(eff, KING, FULL_SUIT & ~eff)
            choice = (run, "C64", "A K second hand: put on the king (the lowest of the sequence)")
    elif k and q:
        if j:
            run = lowest_of_run(eff, KING, FULL_SUIT & ~eff)
            choice = (run, "C71", "three high cards in sequence: the lowest of them")
        else:
            choice = (QUEEN, "C65", "K Q second hand: put on the queen")
    elif a and q and j:
        run = lowest_of_run(eff, QUEEN, FULL_SUIT & ~eff)
        choice = (run, "C66", "A Q J second hand: the lowest of the equal cards")
    elif a and q and t:
        choice = (QUEEN, "C67", "A Q T second hand: the queen, keeping the tenace over the leader")
    elif a and q:
        return low("A Q second hand on a lead from strength: the lowest", "C68")
    elif a and j and t:
        if suit == ctx.trump:
            run = lowest_of_run(eff, TEN, FULL_SUIT & ~eff)
            choice = (run, "C70", "A J T in trumps second hand: the ten")
        else:
            return low("A J T in a plain suit second hand: the lowest", "C70")
    elif n >= 2 and order[0] <= QUEEN and order[0] >= TEN and order[1] == order[0] - 1:
        run = lowest_of_run(eff, order[0], FULL_SUIT & ~eff)
        if order[0] - run + 1 >= 3 or n == 3:
            choice = (run, "C71", "a high sequence second hand: the lowest of it")
        else:
            return low("two high cards in sequence with two or more small: the lowest", "C71")
    elif n == 2 and order[0] >= TEN:
        conv = "C73" if order[0] == KING else "C72"
        return low("an honour and one small second hand: the small card", conv)
    if choice is not None and choice[0] > lead_eff:
        e, conv, reason = choice
        return ctx.eff_decision(actual(e), e, conv, reason)
    return low("second hand low: partner has a good chance of the trick")


def _cover(ctx: Ctx, eff: int, lead_eff: int, actual: object, low: object) -> Decision:
    """An honour (or the ten) led: cover it (C74), by Clay's rule on length."""
    assert callable(actual) and callable(low)
    above = eff & ~((2 << lead_eff) - 1)
    cover = (above & -above).bit_length() - 1
    n = eff.bit_count()
    d: Decision
    if n <= 3:
        d = ctx.eff_decision(
            actual(cover), cover, "C74", "cover an honour with an honour (two or three cards)"
        )
        return d
    second = bit_list_desc(eff)[1]
    if high_bit(eff) == ACE and lead_eff == JACK and cover == ACE:
        d = ctx.eff_decision(actual(cover), cover, "C74", "put the ace on a knave led")
        return d
    if second >= TEN and cover >= second:
        d = ctx.eff_decision(
            actual(cover), cover, "C74", "cover: the second-best card is worth promoting"
        )
        return d
    if cover == ACE and lead_eff == QUEEN:
        d = ctx.eff_decision(actual(cover), cover, "C74", "put the ace on the queen")
        return d
    d = low("four or more cards: do not cover, keep the guard", "C74")
    return d
