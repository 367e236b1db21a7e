"""Third hand (C79-C95, C86-C90): high to win and clear partner's suit, with the
finesses the sources allow and the unblocking plays."""

from __future__ import annotations

from ..inference.bits import ACE, KING, QUEEN, bit_list_desc, effective, high_bit
from .context import Ctx
from .decision import Decision
from .ruffing import void_play
from .signals import small_card

__all__ = ["lho_can_beat", "third_hand"]


def lho_can_beat(ctx: Ctx, card: int, *, trusted: float = 0.5) -> bool:
    """Whether my left-hand adversary may beat ``card`` (a card of the suit led):
    with a higher card of the suit, or by trumping."""
    suit = card // 13
    higher = (ctx.others(suit) >> (card % 13 + 1)) << (card % 13 + 1)
    if ctx.k.count_bounds(ctx.lho, higher << (13 * suit), trusted=trusted)[1] > 0:
        return True
    return ctx.may_ruff(ctx.lho, suit)


def third_hand(ctx: Ctx) -> Decision:
    """The card to play third hand."""
    suit = ctx.led
    mine = ctx.mine(suit)
    if not mine:
        return void_play(ctx)
    lead = ctx.trick[0][1]
    lead_bit = lead % 13

    def low(reason: str, conv: str = "C6") -> Decision:
        return small_card(ctx, suit, conv, reason)

    if ctx.best // 13 != suit:
        return low("the trick is trumped: the lowest")
    unblock = _unblock(ctx, lead)
    if unblock is not None:
        return unblock
    top = 13 * suit + high_bit(mine)
    if top < ctx.best:
        return low("third hand cannot beat the card played: the lowest")
    lho_void = ctx.k.is_void(ctx.lho, suit)
    if ctx.partner_winning:
        if lead_bit >= 11 and ctx.is_master(lead):
            return low("partner led the ace or king: play the lowest", "C88")
        if lho_void and ctx.may_have_trumps(ctx.lho):
            return low("the left-hand adversary will trump: do not waste a high card", "C87")
        if not lho_can_beat(ctx, lead):
            conv = _why_safe(ctx, lead)
            return low("partner's card will win the trick: the lowest", conv)
        if lead_bit == QUEEN:
            return low("partner led the queen: neither king nor ace goes on", "C89")
        if lead_bit == 8 and _top_is_queen_alone(ctx, suit):
            return low("do not put the queen on partner's ten: finesse against the knave", "C93")
    # the card to win with: the cheapest that the left-hand adversary cannot beat
    cheap = ctx.cheapest_winner(suit)
    if cheap is None:
        return low("third hand cannot win: the lowest")
    if ctx.may_ruff(ctx.lho, suit):
        return ctx.decision(
            cheap, "C87", "the left-hand adversary may trump: win as cheaply as possible"
        )
    m = ctx.mine(suit) & ~((1 << (cheap % 13)) - 1)
    for b in bit_list_desc(m)[::-1]:
        c = 13 * suit + b
        if ctx.is_master(c):
            break
        if not lho_can_beat(ctx, c):
            if lho_void:
                return ctx.decision(c, "C87", "the left-hand adversary has none: win cheaply")
            if lho_can_beat(ctx, c, trusted=1.01):
                return ctx.decision(
                    c, "C95", "the card led tells where the high cards are: this card is enough"
                )
            return ctx.decision(
                ctx.lowest_equal(c), "C79", "third hand high: the lowest card that wins"
            )
    return _high_or_finesse(ctx, suit)


def _why_safe(ctx: Ctx, lead: int) -> str:
    if ctx.k.is_void(ctx.lho, lead // 13):
        return "C87"
    if lho_can_beat(ctx, lead, trusted=1.01):
        return "C95"
    return "C6"


def _top_is_queen_alone(ctx: Ctx, suit: int) -> bool:
    eff, _ = effective(ctx.mine(suit), ctx.live_bits(suit))
    # the queen the best we hold, with neither the ace, king nor knave
    mine = ctx.mine(suit)
    return high_bit(mine) == QUEEN and not mine >> 9 & 1 and eff < (1 << 12)


def _high_or_finesse(ctx: Ctx, suit: int) -> Decision:
    mine = ctx.mine(suit)
    others = ctx.others(suit)
    live = ctx.live_bits(suit)
    eff, back = effective(mine, live)
    order = bit_list_desc(eff)
    first_round = (s := ctx.k.suit_first_led(suit)) is None or s.trick == ctx.view.trick_number
    ours = ctx.view.tricks_won[ctx.me.side]
    if eff >> ACE & 1 and eff >> QUEEN & 1 and not eff >> KING & 1:
        king = 13 * suit + high_bit(others)  # the effective king, in another hand
        queen = 13 * suit + back[order.index(QUEEN)]
        if queen > ctx.best:
            ace = 13 * suit + back[0]
            if ctx.score.critical(ours):
                return ctx.eff_decision(
                    ace,
                    ACE,
                    "C86",
                    "the next trick reaches the game target: no finesse, take it with the ace",
                )
            if not ctx.k.can_hold(ctx.rho, 1 << king):
                return ctx.eff_decision(
                    ace,
                    ACE,
                    "C85",
                    "the king is not on the right: the "
                    "finesse cannot work, take the trick with the ace",
                )
            if first_round:
                return ctx.eff_decision(
                    ctx.lowest_equal(queen), QUEEN, "C80", "A Q third hand: finesse the queen"
                )
            return ctx.eff_decision(ace, ACE, "C82", "no finesse on the second round: the ace")
    top = 13 * suit + high_bit(mine)
    return ctx.decision(
        ctx.lowest_equal(top),
        "C79",
        "third hand high: the highest, or the lowest of a head sequence",
    )


def _unblock(ctx: Ctx, lead: int) -> Decision | None:
    """C90: get out of partner's way in his long suit."""
    k = ctx.k
    suit = lead // 13
    if suit == ctx.trump or not ctx.partner_winning or ctx.pos != 2:
        return None
    mine = ctx.mine(suit)
    n = mine.bit_count()
    opened = k.suit_opened_by(ctx.partner, suit)
    lead_bit = lead % 13
    if opened is not None and opened.trick < ctx.view.trick_number and opened.card % 13 == ACE:
        if mine >> KING & 1 and lead_bit == QUEEN:
            return ctx.decision(
                13 * suit + KING,
                "C90",
                "partner led the ace then the queen: put the king on, not to block his suit",
            )
        if mine >> KING & 1 and lead_bit == 9 and n == 2:
            return ctx.decision(
                13 * suit + KING,
                "C90",
                "partner led the ace then the knave: the king singly guarded goes on",
            )
    first = opened is None or opened.trick == ctx.view.trick_number
    if first and lead_bit in (8, 9) and mine >> ACE & 1 and n <= 3 and ctx.best == lead:
        return ctx.decision(
            13 * suit + ACE,
            "C90",
            "partner led a high card from a long sequence: "
            "put the ace on and leave him the command",
        )
    if first and lead_bit == ACE and n >= 4 and (mine >> 7) & 0b1011 == 0b1011:
        return ctx.decision(
            13 * suit + 7, "C90", "Q T 9 under partner's ace: the nine, to unblock (Hoyle)"
        )
    return None
