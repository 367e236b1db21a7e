"""Leading (C3, C7, C15-C29, C31-C59, C101-C115): which suit, then which card.

The rules are tried in order; the first that applies chooses the card:

1. the rest of the hand is winners: make them (C3);
2. the next trick reaches the game target: take a sure trick (C7);
3. partner has called for trumps: lead them (C56, C127);
4. partner has led trumps: return them at once (C55, with the C101 card);
5. draw trumps: with five or more (C48), going on with our trump lead while we
   hold more trumps than both adversaries can and have a long suit to bring in
   (C54: trumps are drawn to bring in the long suits, not stripped needlessly),
   stopping when an adversary renounces unless we can disarm the other (C58),
   going on when partner renounces (C59); four trumps
   with honours and strength elsewhere (C49); a single high trump when partner
   dealt (C51), not through an honour turned up on the left (C57);
6. continue a suit we opened by the continuation rules (C31-C39, C44(2));
7. partner's suit: the master card out of his way (C102), our own suit first if
   moderately good and not yet shown (C21), else the return card (C101, C103);
   after the first return, partner leads his suit himself;
8. after the opening, make the master cards no adversary can trump (C3);
9. force the adverse trump hand that has shown strength (C115), not in a suit
   both adversaries lack (C23);
10. the original lead: the longest suit, then the strongest (C15, C16), with its
   card from the tables (C31-C44);
11. go on with our own suit (C47, C26);
12. partner's suit again, having no suit of our own (C21, Clay; C101, C102);
13. otherwise the best short-suit or general lead (C19, C22, C23, C25, C27-C29,
    C107, C111).
"""

from __future__ import annotations

from ...core.cards import SUIT_MASK, Seat
from ..inference.bits import (
    ACE,
    FULL_SUIT,
    JACK,
    KING,
    QUEEN,
    bit_list_desc,
    high_bit,
    lowest_of_run,
)
from .context import Ctx
from .decision import Decision
from .discards import adverse_trump_strength
from .holdings import answer_call, continuation, draw_trump, plain_lead, return_card, trump_lead

__all__ = ["lead", "my_suit", "partner_suit"]

_HONOUR_POINTS = (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4)


def lead(ctx: Ctx) -> Decision:
    """The card to lead."""
    for rule in (
        _cash_all,
        _score_cash,
        _answer_call,
        _return_trumps,
        _draw_trumps,
        _continuation,
        _partner_suit,
        _cash,
        _force_adversary,
        _original_lead,
        _continue_own,
        _partner_suit_again,
    ):
        d = rule(ctx)
        if d is not None:
            return d
    return _general(ctx)


# ---------------------------------------------------------------- helpers
def my_suit(ctx: Ctx) -> int | None:
    """The first plain suit I opened that partner had not opened before."""
    return _first_suit_opened(ctx, ctx.me, ctx.partner)


def partner_suit(ctx: Ctx) -> int | None:
    """The first plain suit partner opened that I had not opened before."""
    return _first_suit_opened(ctx, ctx.partner, ctx.me)


def _first_suit_opened(ctx: Ctx, seat: Seat, other: Seat) -> int | None:
    """The first plain suit ``seat`` opened that ``other`` had not opened before."""
    k = ctx.k
    for r in k.leads(seat):
        if r.suit == ctx.trump:
            continue
        before = k.suit_opened_by(other, r.suit)
        if before is None or before.trick > r.trick:
            return r.suit
    return None


def _led_since(ctx: Ctx, suit: int, trick: int) -> bool:
    return any(r.suit == suit and r.trick > trick for r in ctx.k.leads(ctx.me))


def _from_table(ctx: Ctx, suit: int, also: tuple[str, ...] = ()) -> Decision:
    eff, back = ctx.eff(suit)
    order = bit_list_desc(eff)
    if suit == ctx.trump:
        bit, conv, reason = trump_lead(eff)
    else:
        bit, conv, reason = plain_lead(eff, ctx.school)
    return ctx.eff_decision(13 * suit + back[order.index(bit)], bit, conv, reason, also)


def _eff_card(ctx: Ctx, suit: int, bit: int) -> int:
    eff, back = ctx.eff(suit)
    return 13 * suit + back[bit_list_desc(eff).index(bit)]


def _plain_strength(ctx: Ctx) -> int:
    """Aces and kings outside trumps."""
    n = 0
    for s in range(4):
        if s != ctx.trump:
            n += (ctx.mine(s) >> KING).bit_count()
    return n


def _moderately_good(ctx: Ctx, suit: int) -> bool:
    """A suit worth showing before returning partner's (C21): five cards, or four
    with an honour above the knave."""
    mine = ctx.mine(suit)
    n = mine.bit_count()
    return n >= 5 or (n >= 4 and mine >> QUEEN != 0)


# ---------------------------------------------------------------- the rules
def _cash_all(ctx: Ctx) -> Decision | None:
    hand = ctx.hand
    cards = [c for c in range(52) if hand >> c & 1]
    if not all(ctx.sure_winner(c) for c in cards):
        return None
    plain = [c for c in cards if c // 13 != ctx.trump]
    pick = max(plain or cards, key=lambda c: (ctx.length(c // 13), c % 13))
    return ctx.decision(pick, "C3", "every card left is a winner: make them")


def _score_cash(ctx: Ctx) -> Decision | None:
    if not ctx.score.critical(ctx.view.tricks_won[ctx.me.side]):
        return None
    winners = [c for c in range(52) if ctx.hand >> c & 1 and ctx.sure_winner(c)]
    if not winners:
        return None
    pick = max(winners, key=lambda c: (c // 13 != ctx.trump, c % 13))
    return ctx.decision(pick, "C7", "the next trick reaches the game target: take a sure trick")


def _answer_call(ctx: Ctx) -> Decision | None:
    k = ctx.k
    if not ctx.school.signals or not k.called(ctx.partner) or not ctx.mine(ctx.trump):
        return None
    if _led_since(ctx, ctx.trump, k.calls[ctx.partner] - 1):
        return None
    eff, _ = ctx.eff(ctx.trump)
    bit, conv, reason = answer_call(eff)
    return ctx.eff_decision(_eff_card(ctx, ctx.trump, bit), bit, conv, reason, ("C127",))


def _return_trumps(ctx: Ctx) -> Decision | None:
    k = ctx.k
    if not ctx.mine(ctx.trump) or not ctx.adversary_trumps():
        return None
    first = next((r for r in k.leads(ctx.partner) if r.suit == ctx.trump), None)
    if first is None or _led_since(ctx, ctx.trump, first.trick):
        return None
    if any(r.suit == ctx.trump and r.trick < first.trick for r in k.leads(ctx.me)):
        return None  # his trump lead was the return of mine
    eff, _ = ctx.eff(ctx.trump)
    bit, conv, reason = return_card(eff, ctx.original_length(ctx.trump))
    return ctx.eff_decision(
        _eff_card(ctx, ctx.trump, bit),
        bit,
        "C55",
        "return partner's trump lead at once: " + reason.split(": ", 1)[-1],
        (conv,),
    )


def _draw_trumps(ctx: Ctx) -> Decision | None:
    k = ctx.k
    t = ctx.trump
    mine = ctx.mine(t)
    if not mine or not ctx.adversary_trumps():
        return None
    n = ctx.trumps_held
    eff, _ = ctx.eff(t)
    master = bool(eff >> ACE & 1)
    void_adv = [s for s in (ctx.lho, ctx.rho) if k.is_void(s, t)]
    led_before = k.trump_leader(ctx.me)
    his = [k.count_bounds(s, SUIT_MASK[t])[1] for s in (ctx.lho, ctx.rho)]
    # going on strips the adversaries only to bring in a long suit (C48, C58)
    long_suit = any(ctx.length(s) >= 4 for s in range(4) if s != t)
    if void_adv:
        if master and n > sum(his) and long_suit:
            bit, _, _ = draw_trump(eff)
            return ctx.eff_decision(
                _eff_card(ctx, t, bit),
                bit,
                "C58",
                "an adversary has renounced trumps: draw the other's, holding the master and more",
            )
        return None
    if n >= 5 and not led_before:
        bit, _, reason = trump_lead(eff)
        return ctx.eff_decision(
            _eff_card(ctx, t, bit),
            bit,
            "C48",
            f"five trumps or more: lead them; {reason}",
            ("C54",),
        )
    adv_total = ((k.possible(ctx.lho) | k.possible(ctx.rho)) & SUIT_MASK[t]).bit_count()
    if led_before and n >= 2 and n > min(sum(his), adv_total) and long_suit:
        bit, conv, reason = draw_trump(eff)
        if k.is_void(ctx.partner, t):
            return ctx.eff_decision(
                _eff_card(ctx, t, bit),
                bit,
                "C59",
                "partner has no trumps: go on, each round draws two of theirs",
            )
        return ctx.eff_decision(
            _eff_card(ctx, t, bit), bit, conv, reason + ", to strip the adversaries"
        )
    if not k.leads(ctx.me) and _first_lead_of_side(ctx):
        turned = _honour_turned_on_left(ctx)
        if (
            n == 4
            and ctx.trump_honours >= 2
            and not turned
            and (_plain_strength(ctx) >= 3 or ctx.trump_honours >= 3)
            and not any(_suit_to_bring_in(ctx, s) for s in range(4) if s != t)
        ):
            bit, _, reason = trump_lead(eff)
            return ctx.eff_decision(
                _eff_card(ctx, t, bit),
                bit,
                "C49",
                "four trumps with honours and no long suit to bring in first: lead trumps",
                ("C54",),
            )
        if (
            n == 1
            and high_bit(mine) >= JACK
            and ctx.view.dealer == ctx.partner
            and _plain_strength(ctx) >= 3
        ):
            return ctx.decision(
                13 * t + high_bit(mine), "C51", "a single high trump, partner the dealer: lead it"
            )
    return None


def _suit_to_bring_in(ctx: Ctx, suit: int) -> bool:
    """A long suit worth establishing first (C49): five cards, or four headed by an
    honour above the knave."""
    return _moderately_good(ctx, suit)


def _first_lead_of_side(ctx: Ctx) -> bool:
    return not ctx.k.leads(ctx.me) and not ctx.k.leads(ctx.partner)


def _honour_turned_on_left(ctx: Ctx) -> bool:
    turned = ctx.k.turned
    return (
        turned is not None
        and ctx.view.dealer == ctx.lho
        and turned % 13 >= JACK
        and bool(ctx.k.known(ctx.lho) >> turned & 1)
    )


def _continuation(ctx: Ctx) -> Decision | None:
    k = ctx.k
    s = my_suit(ctx)
    if s is None or not ctx.mine(s):
        return None
    first = k.suit_opened_by(ctx.me, s)
    assert first is not None
    if _led_since(ctx, s, first.trick) or _both_void(ctx, s):
        return None
    fb = first.card % 13
    if fb == KING and first.trick < len(k.winners) and k.winners[first.trick].side != ctx.me.side:
        return None
    orig = (ctx.hand0 >> (13 * s)) & FULL_SUIT
    choice = continuation(orig, fb, ctx.mine(s), ctx.school)
    if choice is None:
        return None
    bit, conv, reason = choice
    also = ("C24",) if ctx.adversary_may_ruff(s) else ()
    return ctx.decision(13 * s + bit, conv, reason, also)


def _both_void(ctx: Ctx, suit: int) -> bool:
    """C23: both adversaries lack the suit and may trump it (one ruffs, the other
    throws a loser).  When neither can trump, the trick is ours."""
    k = ctx.k
    return (
        suit != ctx.trump
        and k.is_void(ctx.lho, suit)
        and k.is_void(ctx.rho, suit)
        and ctx.adversary_trumps()
    )


def _ours_for_sure(ctx: Ctx, suit: int) -> bool:
    """Both adversaries lack the suit and hold no trump: whoever of us wins, we win."""
    k = ctx.k
    return (
        suit != ctx.trump
        and k.is_void(ctx.lho, suit)
        and k.is_void(ctx.rho, suit)
        and not ctx.adversary_trumps()
    )


def _partner_suit(ctx: Ctx) -> Decision | None:
    k = ctx.k
    ps = partner_suit(ctx)
    if ps is None or not ctx.mine(ps) or _both_void(ctx, ps):
        return None
    opened = k.suit_opened_by(ctx.partner, ps)
    assert opened is not None
    returned = _led_since(ctx, ps, opened.trick)
    eff, _ = ctx.eff(ps)
    if returned and not eff >> ACE & 1:
        return None  # returned once already: partner leads it himself from now on
    if not eff >> ACE & 1 and not returned and my_suit(ctx) is None:
        own = [
            s
            for s in range(4)
            if s not in (ctx.trump, ps) and _moderately_good(ctx, s) and not _both_void(ctx, s)
        ]
        if own:
            best = max(own, key=lambda s: (ctx.length(s), _points(ctx, s)))
            return _from_table(ctx, best, ("C21", "C15"))
    discarded = sum(1 for r in k.discards(ctx.me) if r.suit == ps)
    count = ctx.original_length(ps) - discarded
    bit, conv, reason = return_card(
        eff, count, discarded=discarded > 0 and ctx.original_length(ps) >= 4
    )
    return ctx.eff_decision(_eff_card(ctx, ps, bit), bit, conv, reason)


def _partner_suit_again(ctx: Ctx) -> Decision | None:
    """With no suit of my own left to play, lead partner's suit again (Clay: return
    partner's lead when you have no good suit of your own, C21), strengthening him."""
    ps = partner_suit(ctx)
    if ps is None or not ctx.mine(ps) or _both_void(ctx, ps) or ctx.k.is_void(ctx.partner, ps):
        return None
    eff, _ = ctx.eff(ps)
    discarded = sum(1 for r in ctx.k.discards(ctx.me) if r.suit == ps)
    bit, conv, reason = return_card(eff, ctx.original_length(ps) - discarded)
    return ctx.eff_decision(_eff_card(ctx, ps, bit), bit, conv, reason, ("C21",))


def _cash(ctx: Ctx) -> Decision | None:
    """After the opening, make the master cards no adversary can trump before a
    renounce lets them be trumped (C3; C18 forbids it only at the opening)."""
    if not ctx.k.leads(ctx.me):
        return None
    cands = [
        s
        for s in range(4)
        if s != ctx.trump and ctx.masters(s) and ctx.sure_winner(13 * s + high_bit(ctx.masters(s)))
    ]
    if not cands:
        return None
    s = max(cands, key=lambda x: (ctx.masters(x).bit_count(), ctx.length(x), -x))
    card = 13 * s + high_bit(ctx.masters(s))
    if s == my_suit(ctx) and ctx.masters(s).bit_count() >= 2:
        return ctx.decision(
            card, "C47", "go on with my suit: the highest of the commanding sequence", ("C3",)
        )
    return ctx.decision(card, "C3", "make the master card while no adversary can trump it")


def _points(ctx: Ctx, suit: int) -> int:
    return sum(_HONOUR_POINTS[b] for b in bit_list_desc(ctx.mine(suit)))


def _force_adversary(ctx: Ctx) -> Decision | None:
    if ctx.strong_in_trumps:
        return None
    k = ctx.k
    for adv in (ctx.lho, ctx.rho):
        strong = ctx.called(adv) or (ctx.trusted(adv) and _unasked_trumps(ctx, adv))
        if not strong or not ctx.may_have_trumps(adv):
            continue
        other = adv.partner
        for s in range(4):
            if s == ctx.trump or not ctx.mine(s) or not k.is_void(adv, s) or k.is_void(other, s):
                continue
            return ctx.decision(
                ctx.lowest(s),
                "C115",
                "force the adversary who is strong in trumps: lead the suit he has not got",
                ("C23",),
            )
    return None


def _unasked_trumps(ctx: Ctx, seat: Seat) -> bool:
    k = ctx.k
    for r in k.leads(seat):
        if r.suit == ctx.trump:
            return not (k.called(seat.partner) and k.calls[seat.partner] <= r.trick)
    return False


def _original_lead(ctx: Ctx) -> Decision | None:
    if my_suit(ctx) is not None:
        return None
    long_suits = [
        s for s in range(4) if s != ctx.trump and ctx.length(s) >= 4 and not _both_void(ctx, s)
    ]
    cands = [s for s in long_suits if not _forces_partner_wrongly(ctx, s)]
    if not cands:
        return None
    best = max(cands, key=lambda s: (ctx.length(s), _points(ctx, s), -s))
    also: tuple[str, ...] = ("C15",)
    if partner_suit(ctx) is not None:
        also += ("C21",)
    if any(ctx.length(s) > ctx.length(best) for s in long_suits if s not in cands):
        also += ("C111",)
    if ctx.k.is_void(ctx.partner, best) and ctx.may_have_trumps(ctx.partner):
        also += ("C114",)
    return _from_table(ctx, best, also)


def _forces_partner_wrongly(ctx: Ctx, suit: int) -> bool:
    """Whether leading ``suit`` would force partner (he is void in it and may trump)
    against the school's doctrine: Clay's (C111, C112: not unless we hold four trumps
    with an honour, or the adversaries have shown trump strength) or Drayson's
    (C114: unless partner has shown strength in trumps)."""
    k = ctx.k
    if not k.is_void(ctx.partner, suit) or not ctx.may_have_trumps(ctx.partner):
        return False
    if ctx.school.force_when_weak:
        return k.called(ctx.partner) or k.trump_leader(ctx.partner) or k.echoed(ctx.partner)
    four_with_honour = ctx.trumps_held >= 4 and ctx.trump_honours >= 1
    return not four_with_honour and not adverse_trump_strength(ctx)


def _continue_own(ctx: Ctx) -> Decision | None:
    s = my_suit(ctx)
    if s is None or not ctx.mine(s) or _both_void(ctx, s) or _forces_partner_wrongly(ctx, s):
        return None
    masters = ctx.masters(s)
    if masters:
        if ctx.adversary_may_ruff(s) and not ctx.sure_winner(13 * s + high_bit(masters)):
            return None
        card = 13 * s + high_bit(masters)
        if masters.bit_count() >= 2:
            return ctx.decision(
                card, "C47", "go on with my suit: the highest of the commanding sequence"
            )
        return ctx.decision(card, "C3", "go on with my suit: the master card")
    if ctx.length(s) >= 3:
        if not ctx.adversary_trumps():
            return ctx.decision(
                ctx.lowest(s),
                "C26",
                "trumps are out: bring in the long suit by underplay, the lowest",
            )
        if not ctx.adversary_may_ruff(s):
            return ctx.decision(ctx.lowest(s), "C42", "go on with my suit: the lowest")
    return None


def _general(ctx: Ctx) -> Decision:
    """The best lead among the suits held (a forced or late lead)."""
    k = ctx.k
    t = ctx.trump
    best_suit = -1
    best_score = -1e9
    notes: dict[int, tuple[str, ...]] = {}
    adverse = adverse_trump_strength(ctx)
    p_discard = k.discards(ctx.partner)[0].suit if k.discards(ctx.partner) else -1
    late = ctx.view.trick_number >= 7
    for s in range(4):
        mine = ctx.mine(s)
        if not mine:
            continue
        eff, _ = ctx.eff(s)
        order = bit_list_desc(eff)
        n = len(order)
        score = 0.0
        why: list[str] = []
        if s == t and ctx.adversary_trumps():
            score -= 4.0  # C49, C50: a trump lead from four or fewer needs more than this
        if n == 1:
            score -= 3.0 if order[0] != ACE else 0.5
            why.append("C19")
        elif n == 2:
            if order[0] == ACE or order[0] == KING:
                score -= 2.0
            elif order[0] >= JACK:
                score -= 0.5
            else:
                score += 1.5
            why.append("C29")
        else:
            if order[1] == order[0] - 1 and order[0] >= JACK:
                score += 3.0
                why.append("C28")
            elif order[0] >= QUEEN:
                score -= 1.0
                why.append("C28")
            else:
                score += 2.0
                why.append("C27")
        if (order[0] == ACE and n >= 2 and order[1] == QUEEN) or (
            order[0] == KING and n >= 2 and order[1] == JACK
        ):
            score -= 2.0 if late else 1.0
            why.append("C25")
        lho_open = k.suit_opened_by(ctx.lho, s)
        rho_open = k.suit_opened_by(ctx.rho, s)
        if lho_open is not None:
            score += 1.5
            why.append("C22")
        if rho_open is not None:
            score -= 1.5
            why.append("C22")
        if s == p_discard:
            if adverse:
                score += 3.0
                why.append("C107")
            else:
                score -= 2.0
        if s != t and _forces_partner_wrongly(ctx, s):
            score -= 3.0
            why.append("C111")
        if _both_void(ctx, s):
            score -= 5.0
            why.append("C23")
        elif _ours_for_sure(ctx, s):
            score += 3.0
            why.append("C3")
        elif s != t and ctx.adversary_may_ruff(s):
            score -= 1.0
        if late and ctx.sure_winner(13 * s + ctx.mine(s).bit_length() - 1):
            score += 2.0
            why.append("C3")
        if score > best_score:
            best_score, best_suit = score, s
            notes[s] = tuple(why)
    s = best_suit
    if s == p_discard and adverse and s != t:
        eff, _ = ctx.eff(s)
        order = bit_list_desc(eff)
        bit = order[0] if len(order) <= 3 else order[-1]
        return ctx.eff_decision(
            _eff_card(ctx, s, bit),
            bit,
            "C107",
            "partner's discard shows the suit he wants: lead it as if returning his lead",
        )
    d = _from_table(ctx, s, tuple(n for n in notes.get(s, ()) if n))
    if "C3" in notes.get(s, ()) and ctx.sure_winner(13 * s + high_bit(ctx.mine(s))):
        card = 13 * s + lowest_of_run(ctx.mine(s), high_bit(ctx.mine(s)), ctx.others(s))
        return ctx.decision(card, "C3", "late in the hand: make the master card")
    return d
