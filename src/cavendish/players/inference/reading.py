"""What each card played tells about the hand that played it, under a school.

Design note
-----------
:func:`read_play` is called by :class:`~.knowledge.Knowledge` for every card, after
the facts (the card, a renounce) are recorded and before the trick is closed.  It
adds :class:`~.constraints.Inference` s with the catalogue id of the rule read
(sources/reference/conventions.md §14: Pole's table C139-C162, Pole-Ph's list C163-C169, the
American counting C170) and a confidence.  Ranks are read *effectively*: among
the live cards, so once the ace has gone a king led reads as an ace would.

The readings made (sources/reference/conventions.md ids):

* leads: a plain suit first led by the seat -- a low card (nine or lower) is the
  fourth best, exactly three higher (modern, C44/C170) or the lowest (old, C42),
  and shows four or more (C139); K shows A or Q (C140); Q shows J and T and
  denies A and K (C143); J shows K Q or T 9 (C163); T shows K and J (C163); an
  ace led first denies the king (C31).  The first lead of the hand in a plain
  suit denies five trumps (C139); an original trump lead shows four or more
  (C48, C163).  Second leads: A then Q shows the J (C141), and under the modern
  school four cards exactly, A then J five or more (C36); A then a small card
  shows five or more (old, C142) or the original fourth best (modern, C44);
  Q then J four cards, Q then T five or more (modern, C39).  A return that is
  not the master card denies it (C144).
* second hand on a small card: K shows A or no more (C148), Q shows K, or A T,
  or no more (C149), J shows Q or no more (C150), a small card shows none lower
  (C151); ruffing a doubtful trick shows three trumps or fewer (C152).
* third hand: the ace denies K and Q (C154); failing to beat second hand's card
  shows nothing higher (C167).
* fourth hand: failing to beat the adversary's card shows nothing higher (C155);
  winning shows nothing between (C156); a low card under partner's winner is the
  lowest (C6).
* any hand but the leader: an honour or ten denies the card next below (C157);
  declining to trump a trick going to the adversaries shows no trumps or four
  or more (C153, C158, C169(6)); discarding the second best shows no more of the
  suit (C161), discarding the best shows the next best (C160).
* signals (modern): an unnecessarily high card (nine or lower, not winning, not a
  second-hand nine) followed by a lower one of the same suit is a call for trumps
  (C125: four or more) or, after partner's call or trump lead, an echo (C131:
  four or more); the readings of "lowest" that the first card of the signal
  seemed to give are withdrawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ...core.cards import SUIT_MASK, Seat
from .constraints import Clause, at_least, at_most, exactly
from .record import PlayRecord, Readable

__all__ = ["eff_cards", "is_unnecessary", "read_play"]

_LOW_BIT = 7
"""A card of rank nine or lower is a small card (sources/reference/conventions.md §17.2)."""


def eff_cards(suit: int, live: int) -> list[int]:
    """The live cards of ``suit``, highest first (index 0 is the effective ace).

    >>> eff_cards(1, SUIT_MASK[1] & ~(1 << 25))  # the ace of hearts gone: the king first
    [24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13]
    """
    return list(_eff(suit, (live >> (13 * suit)) & 0x1FFF))


@cache
def _eff(suit: int, bits: int) -> tuple[int, ...]:
    """:func:`eff_cards` of a suit's 13 live bits, as a tuple (read for every card)."""
    base = 13 * suit
    return tuple(base + b for b in range(12, -1, -1) if bits >> b & 1)


def _live(suit: int, live: int) -> tuple[int, ...]:
    return _eff(suit, (live >> (13 * suit)) & 0x1FFF)


def _higher(card: int) -> int:
    """The cards of ``card``'s suit above it."""
    return SUIT_MASK[card // 13] & ~((2 << card) - 1)


def _lower(card: int) -> int:
    """The cards of ``card``'s suit below it."""
    return SUIT_MASK[card // 13] & ((1 << card) - 1)


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def is_unnecessary(rec: PlayRecord, trump: int) -> bool:
    """Whether a card could be the first, unnecessarily high, card of a signal:
    a small card (nine or lower) discarded, or followed without trying to win the
    trick (second hand: eight or lower, since ``T 9 x`` plays the nine, C71)."""
    bit = rec.card % 13
    if bit > _LOW_BIT or rec.position == 0:
        return False
    if not rec.follows:
        return rec.suit != trump
    if rec.position == 1:
        return bit <= _LOW_BIT - 1
    best = rec.best_before
    return not (best // 13 == rec.card // 13 and rec.card > best)


def read_play(k: Readable, rec: PlayRecord) -> None:
    """Add to ``k`` what ``rec`` tells about the hand that played it."""
    if rec.revoke:
        return
    if rec.seat == k.seat:
        pass  # the observer's own card: he knows his hand (add_inference keeps no reading)
    elif rec.position == 0:
        _read_lead(k, rec)
    elif rec.follows:
        _read_follow(k, rec)
    elif rec.suit == k.trump:
        _read_ruff(k, rec)
    else:
        _read_discard(k, rec)
    if k.school.signals and rec.position > 0:  # his own signals too: he remembers them
        _read_signal(k, rec)


# ---------------------------------------------------------------- leads
def _read_lead(k: Readable, rec: PlayRecord) -> None:
    seat, card, suit = rec.seat, rec.card, rec.suit
    leads = k.leads(seat)
    earlier = [r for r in leads if r.suit == suit and r.trick < rec.trick]
    partner = seat.partner
    if suit == k.trump:
        if not earlier and not k.trump_leader(partner) and not k.called(partner):
            k.add_inference(
                seat,
                [Clause(SUIT_MASK[suit], at_least(4))],
                "C48",
                "led trumps unasked: strong in them, four or more",
                0.6,
                original=True,
            )
        return
    if earlier:
        if len(earlier) == 1:
            _read_second_lead(k, earlier[0], rec)
        return
    p_open = k.suit_opened_by(partner, suit)
    if p_open is not None and p_open.trick < rec.trick:
        live = _live(suit, rec.live_before)
        if live and live[0] != card:
            k.add_inference(
                seat,
                [Clause(1 << live[0], exactly(0))],
                "C144",
                "returned partner's suit without the master card: does not hold it",
                0.6,
                include_card=card,
            )
        return
    first_of_hand = len(leads) == 1
    conf = 1.0 if first_of_hand else 0.7
    live = _live(suit, rec.live_before)
    idx = live.index(card)
    word = _suit_word(suit)
    if idx >= 5 or (idx == 4 and card % 13 <= _LOW_BIT - 1):
        if k.school.fourth_best:
            k.add_inference(
                seat,
                [Clause(_higher(card), exactly(3))],
                "C44",
                f"fourth-best lead: exactly three {word} higher than the {_rank(card)}",
                0.8 * conf,
                include_card=card,
            )
        else:
            k.add_inference(
                seat,
                [Clause(_lower(card), exactly(0))],
                "C42",
                f"leads the lowest of his strong suit: no {word} below the {_rank(card)}",
                0.7 * conf,
                include_card=card,
            )
            k.add_inference(
                seat,
                [Clause(SUIT_MASK[suit], at_least(4))],
                "C139",
                f"his first lead: four {word} or more",
                0.6 * conf,
                include_card=card,
            )
    elif idx == 1:
        k.add_inference(
            seat,
            [Clause(_mask([live[0], live[2]] if len(live) > 2 else [live[0]]), at_least(1))],
            "C140",
            f"led the king of {word}: holds the ace or the queen",
            0.7 * conf,
            include_card=card,
        )
    elif idx == 2:
        if len(live) > 4:
            k.add_inference(
                seat,
                [Clause(_mask(live[3:5]), exactly(2))],
                "C143",
                f"led the queen of {word}: holds the knave and ten",
                0.6 * conf,
                include_card=card,
            )
        k.add_inference(
            seat,
            [Clause(_mask(live[0:2]), exactly(0))],
            "C143",
            f"led the queen of {word}: holds neither ace nor king",
            0.6 * conf,
            include_card=card,
        )
    elif idx == 3 and len(live) > 5:
        k.add_inference(
            seat,
            [Clause(_mask(live[1:3]), exactly(2)), Clause(_mask(live[4:6]), exactly(2))],
            "C163",
            f"led the knave of {word}: holds K Q or T 9",
            0.5 * conf,
            include_card=card,
        )
    elif idx == 4:
        k.add_inference(
            seat,
            [Clause(_mask([live[1], live[3]]), exactly(2))],
            "C163",
            f"led the ten of {word}: holds the king and knave",
            0.5 * conf,
            include_card=card,
        )
    elif idx == 0 and len(live) > 1:
        k.add_inference(
            seat,
            [Clause(1 << live[1], exactly(0))],
            "C31",
            f"led the ace of {word}, not the king: does not hold the king",
            0.6 * conf,
            include_card=card,
        )
    if first_of_hand:
        k.add_inference(
            seat,
            [Clause(SUIT_MASK[k.trump], at_most(4))],
            "C139",
            "opened a plain suit: does not hold five trumps",
            0.5,
            original=True,
        )


def _read_second_lead(k: Readable, first: PlayRecord, rec: PlayRecord) -> None:
    seat, suit = rec.seat, rec.suit
    live0 = _live(suit, first.live_before)
    i0 = live0.index(first.card)
    since = _played_before(k, seat, first.trick)
    word = _suit_word(suit)
    live = _live(suit, rec.live_before)
    i1 = live.index(rec.card)
    modern = k.school.length_continuations
    if i0 == 0 and first.card % 13 == 12:
        second_rank = rec.card % 13
        if second_rank == 10:
            k.add_inference(
                seat,
                [Clause(1 << (13 * suit + 9), at_least(1))],
                "C141",
                f"ace then queen of {word}: holds the knave",
                0.7,
                since=since,
            )
            if modern:
                k.add_inference(
                    seat,
                    [Clause(SUIT_MASK[suit], exactly(4))],
                    "C36",
                    f"ace then queen of {word}: four cards exactly",
                    0.6,
                    since=since,
                )
        elif second_rank == 9 and modern:
            k.add_inference(
                seat,
                [Clause(SUIT_MASK[suit], at_least(5))],
                "C36",
                f"ace then knave of {word}: five or more",
                0.6,
                since=since,
            )
        elif second_rank <= _LOW_BIT and i1 >= 2:
            if modern:
                k.add_inference(
                    seat,
                    [Clause(_higher(rec.card), exactly(3))],
                    "C44",
                    f"ace then the original fourth best: exactly two {word} "
                    f"left above the {_rank(rec.card)}",
                    0.7,
                    since=since,
                )
            else:
                k.add_inference(
                    seat,
                    [Clause(SUIT_MASK[suit], at_least(5))],
                    "C142",
                    f"ace then a small {word[:-1]}: five or more originally",
                    0.7,
                    since=since,
                )
    elif i0 == 2 and first.card % 13 == 10 and modern:
        if rec.card % 13 == 9:
            k.add_inference(
                seat,
                [Clause(SUIT_MASK[suit], exactly(4))],
                "C39",
                f"queen then knave of {word}: four cards exactly",
                0.6,
                since=since,
            )
        elif rec.card % 13 == 8:
            k.add_inference(
                seat,
                [Clause(SUIT_MASK[suit], at_least(5))],
                "C39",
                f"queen then ten of {word}: five or more",
                0.6,
                since=since,
            )
    elif i0 == 1 and rec.card % 13 <= _LOW_BIT and i1 >= 2 and modern:
        k.add_inference(
            seat,
            [Clause(_higher(rec.card), exactly(3))],
            "C44",
            f"a high card then the original fourth best: exactly two {word} left "
            f"above the {_rank(rec.card)}",
            0.6,
            since=since,
        )


def _played_before(k: Readable, seat: Seat, trick: int) -> int:
    m = 0
    for r in k.seat_plays(seat):
        if r.trick >= trick:
            break
        m |= 1 << r.card
    return m


# ---------------------------------------------------------------- following
def _read_follow(k: Readable, rec: PlayRecord) -> None:
    seat, card, suit = rec.seat, rec.card, rec.suit
    live = _live(suit, rec.live_before)
    idx = live.index(card)
    bit = card % 13
    word = _suit_word(suit)
    lead_card = k.trick[0].card
    modern = k.school.signals
    if bit >= 8 and idx + 1 < len(live):
        nxt = live[idx + 1]
        k.add_inference(
            seat,
            [Clause(1 << nxt, exactly(0))],
            "C157",
            f"played the {_rank(card)}: does not hold the {_rank(nxt)} next below",
            0.6,
            include_card=card,
        )
    best = rec.best_before
    partner_winning = rec.winner_before == seat.partner
    if rec.position == 1:
        if lead_card % 13 <= _LOW_BIT:
            if idx == 1:
                k.add_inference(
                    seat,
                    [Clause(1 << live[0], at_least(1)), Clause(SUIT_MASK[suit], exactly(1))],
                    "C148",
                    f"king second hand: holds the ace too, or no more {word}",
                    0.6,
                    include_card=card,
                )
            elif idx == 2 and len(live) > 4:
                k.add_inference(
                    seat,
                    [
                        Clause(1 << live[1], at_least(1)),
                        Clause(_mask([live[0], live[4]]), exactly(2)),
                        Clause(SUIT_MASK[suit], exactly(1)),
                    ],
                    "C149",
                    f"queen second hand: holds the king, or ace and ten, or no more {word}",
                    0.6,
                    include_card=card,
                )
            elif idx == 3:
                k.add_inference(
                    seat,
                    [Clause(1 << live[2], at_least(1)), Clause(SUIT_MASK[suit], exactly(1))],
                    "C150",
                    f"knave second hand: holds the queen, or no more {word}",
                    0.5,
                    include_card=card,
                )
            elif bit <= _LOW_BIT:
                k.add_inference(
                    seat,
                    [Clause(_lower(card), exactly(0))],
                    "C151",
                    f"a small card second hand: no {word} lower",
                    0.5 if modern else 0.6,
                    include_card=card,
                )
        return
    if best // 13 != suit:
        return  # the trick is ruffed: nothing to read in the card of the suit
    beats = card > best
    if rec.position == 2:
        if idx == 0 and len(live) > 2 and lead_card % 13 <= _LOW_BIT:
            k.add_inference(
                seat,
                [Clause(_mask(live[1:3]), exactly(0))],
                "C154",
                f"the ace third hand: neither king nor queen of {word}",
                0.6,
                include_card=card,
            )
        elif not partner_winning and not beats:
            k.add_inference(
                seat,
                [Clause(_higher(best), exactly(0))],
                "C167",
                f"third hand did not beat the {_rank(best)}: nothing higher",
                0.6,
                include_card=card,
            )
        return
    # fourth hand
    if partner_winning:
        if bit <= _LOW_BIT:
            k.add_inference(
                seat,
                [Clause(_lower(card), exactly(0))],
                "C6",
                f"a small card on partner's trick: no {word} lower",
                0.4 if modern else 0.5,
                include_card=card,
            )
    elif beats:
        between = _higher(best) & _lower(card)
        if between & rec.live_before:
            k.add_inference(
                seat,
                [Clause(between, exactly(0))],
                "C156",
                f"won with the {_rank(card)}: nothing between it and the {_rank(best)}",
                0.7,
                include_card=card,
            )
    else:
        k.add_inference(
            seat,
            [Clause(_higher(best), exactly(0))],
            "C155",
            f"fourth hand did not beat the {_rank(best)}: nothing higher",
            0.8,
            include_card=card,
        )


def _read_ruff(k: Readable, rec: PlayRecord) -> None:
    if rec.position != 1:
        return
    lead = k.trick[0].card
    live = _live(lead // 13, rec.live_before)
    if live and live[0] != lead:
        k.add_inference(
            rec.seat,
            [Clause(SUIT_MASK[k.trump], at_most(3))],
            "C152",
            "trumped a doubtful trick second hand: three trumps or fewer",
            0.5,
            include_card=rec.card,
        )


def _read_discard(k: Readable, rec: PlayRecord) -> None:
    seat, card, suit = rec.seat, rec.card, rec.suit
    trumps = SUIT_MASK[k.trump]
    if (
        rec.winner_before is not None
        and rec.winner_before != seat.partner
        and not k.is_void(seat, k.trump)
    ):
        k.add_inference(
            seat,
            [Clause(trumps, exactly(0)), Clause(trumps, at_least(4))],
            "C158",
            "declined to trump a trick going to the adversaries: no trumps, or four or more",
            0.5,
        )
    live = _live(suit, rec.live_before)
    idx = live.index(card)
    word = _suit_word(suit)
    if idx == 1:
        k.add_inference(
            seat,
            [Clause(SUIT_MASK[suit], exactly(1))],
            "C161",
            f"discarded the second best {word[:-1]}: no more {word}",
            0.6,
            include_card=card,
        )
    elif idx == 0 and len(live) > 1:
        k.add_inference(
            seat,
            [Clause(1 << live[1], at_least(1))],
            "C160",
            f"discarded the best {word[:-1]}: holds the next best",
            0.5,
            include_card=card,
        )


# ---------------------------------------------------------------- signals
def _read_signal(k: Readable, rec: PlayRecord) -> None:
    seat, card, suit = rec.seat, rec.card, rec.suit
    if seat in k.calls and seat in k.echoes:
        return
    for r in k._followed[seat][suit]:  # his cards of the suit but his leads, in order
        if r.trick >= rec.trick:
            break
        if (
            r.card <= card
            or (r.card, card) in k._signal_pairs
            or not is_unnecessary(r, k.trump)
        ):
            continue
        k._signal_pairs.add((r.card, card))
        partner = seat.partner
        trumps = SUIT_MASK[k.trump]
        if k.called(partner) or k.trump_leader(partner):
            if seat in k.echoes:
                return
            k.echoes[seat] = rec.trick
            k.add_inference(
                seat,
                [Clause(trumps, at_least(4))],
                "C131",
                f"echoed ({_rank(r.card)} then {_rank(card)}): four trumps or more",
                0.8,
                original=True,
            )
        elif suit != k.trump:
            if seat in k.calls:
                return
            k.calls[seat] = rec.trick
            k.add_inference(
                seat,
                [Clause(trumps, at_least(4))],
                "C125",
                f"called for trumps ({_rank(r.card)} then {_rank(card)}): four trumps or more",
                0.8,
                original=True,
            )
        else:
            return
        k.drop_inferences(seat, _made_at(r.trick))
        return


def _made_at(trick: int) -> object:
    def pred(i: object) -> bool:
        return getattr(i, "trick", -1) == trick and getattr(i, "convention", "") in (
            "C151",
            "C6",
            "C157",
            "C155",
            "C167",
        )

    return pred


def _rank(card: int) -> str:
    return (
        "23456789TJQKA"[card % 13]
        if card % 13 < 8
        else ("ten", "knave", "queen", "king", "ace")[card % 13 - 8]
    )


def _suit_word(suit: int) -> str:
    return ("spades", "hearts", "diamonds", "clubs")[suit]
