"""The computer's rules of election: a sensible choice for every decision the laws
leave to a side, using only what that side may know.

Design note
-----------
Each decision has a ``topic``; :func:`computer_option` picks an option by a short,
plain rule for that topic.  The rules see the public table (the cards on it, the
exposed cards, the tricks, the score) and the electing player's own hand; the
revoke penalty, elected at the end of the hand when the claimants may consult
(law 84), is the one worth most to them at the score (:mod:`cavendish.scoring`).

* revoke penalty (laws 72, 59): the option that wins the game of highest value,
  else leaves the widest margin; ties prefer to add, then take tricks, then deduct;
* revoke answer (law 74) and showing the trump card (law 54): the truth;
* a lead out of turn (laws 62, 63): call the card if it is a knave or better; else
  call a suit (at once from the rightful leader if he is the offender's partner:
  the elector's best suit);
* exposed cards (laws 56, 65): call a card that cannot win the trick now (or, led,
  that the elector can beat); never the trump card left on the table (law 52:
  "it is not usual");
* which of several cards stands (law 56): the lowest that does not win;
* win or not (law 68, Cases and Decisions): "win" if the card played too early
  beats the table, else "not_win"; the partner who must win (law 57): the first
  trick; attention called (law 86): "win" if the offender is winning, else "lowest";
* the highest or lowest trump (laws 53, 55): the highest if the offender's partner is
  winning the trick, else the lowest;
* a revoke corrected (law 76): call the card if it is a knave or better, else the
  highest if the revoker's partner is winning, else the lowest;
* a card not played to a trick (law 69): let the deal stand if the hand so counted
  scores at least as well for the electors as the other side, else a new deal;
* a bystander's remark (law 88): exact; the trump card taken up too soon (law 54):
  pass;
* a question a player proposes to refer to a bystander (law 89, "by agreement among
  the players"): agreed, as the etiquette asks (:func:`agrees_to_referral`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core.cards import SUIT_MASK, Card, Rank, Seat, Suit, cards_of
from ..core.tricks import beats, winning_index
from ..scoring.result import HandResult, Revoke
from ..scoring.sheet import POLICIES
from .decisions import Decision

if TYPE_CHECKING:
    from .arbiter import Arbiter

__all__ = ["agrees_to_referral", "auto_elect", "best_suit", "computer_option", "revoke_option"]

_PREFERENCE = ("add", "tricks", "deduct")


def computer_option(arbiter: Arbiter, decision: Decision) -> str:
    """The option the computer elects for ``decision`` (see the module's rules)."""
    topic = decision.topic
    options = decision.options
    rule = _RULES.get(topic)
    choice = rule(arbiter, decision) if rule is not None else None
    if choice is None or choice not in options:
        return "pass" if "pass" in options else options[0]
    return choice


def auto_elect(
    arbiter: Arbiter, policy: Callable[[Arbiter, Decision], str] | None = None
) -> list[str]:
    """Let the computer decide every decision ``arbiter`` awaits, by ``policy`` (default:
    :func:`computer_option`); return the options taken.  The rules of election sit above
    the arbiter, which knows nothing of them: it only offers the decisions."""
    chooser = computer_option if policy is None else policy
    taken: list[str] = []
    while (decision := arbiter.pending()) is not None:
        option = chooser(arbiter, decision)
        taken.append(option)
        arbiter.elect(decision.side, option, decision.seat)
    return taken


def best_suit(hand: int) -> Suit:
    """The suit a player would have led to him: most cards, counting an ace, king or
    queen twice; ties to the higher suit in S H D C order.

    >>> from cavendish.core.cards import hand_mask
    >>> best_suit(hand_mask(["HA", "HK", "S2", "S3", "S4"]))
    <Suit.H: 1>
    """

    def worth(suit: Suit) -> int:
        cards = cards_of(hand & SUIT_MASK[suit])
        return len(cards) + sum(1 for c in cards if c.rank >= Rank.QUEEN)

    return max(Suit, key=lambda s: (worth(s), -int(s)))


def revoke_option(arbiter: Arbiter, decision: Decision) -> str:
    """Law 72: the penalty worth most to the claimants at the score."""
    rules = arbiter.rules
    claimants = decision.side
    cases = [c for c in arbiter.revokes if c.claimed and not c.dummy]
    target = next(c for c in cases if c.decision == decision.number)
    best: tuple[tuple[int, int, int], str] | None = None
    result = arbiter.result_preview()
    for option in decision.options:
        revokes = tuple(
            Revoke(c.seat.side, option if c is target else c.penalty, c.trick)  # type: ignore[arg-type]
            for c in cases
        )
        trial = HandResult(result.tricks, result.honours, revokes)
        score = POLICIES[rules.scoring](rules, arbiter.before, trial)
        if score.game_winner is None:
            won = 0
        elif score.game_winner == claimants:
            won = score.game_value
        else:
            won = -score.game_value
        margin = score.after[claimants] - score.after[claimants.other]
        key = (won, margin, -_PREFERENCE.index(option))
        if best is None or key > best[0]:
            best = (key, option)
    assert best is not None
    return best[1]


def _winning(arbiter: Arbiter) -> Seat | None:
    return arbiter.winning_seat()


def _beats_table(arbiter: Arbiter, card: Card) -> bool:
    state = arbiter.state
    plays = state.current_trick
    if not plays:
        return True
    cards = [c for _, c in plays]
    return beats(card, cards[winning_index(cards, state.trump)], state.trump)


def _lead_out_of_turn(arbiter: Arbiter, d: Decision) -> str:
    card = d.card
    if card is not None and card.rank >= Rank.JACK:
        return "card"
    suits = [o for o in d.options if o.startswith("suit:")]
    if suits:
        return f"suit:{best_suit(arbiter.state.hand(d.seat)).name}"
    return "suit"


def _call_exposed(arbiter: Arbiter, d: Decision) -> str:
    state = arbiter.state
    trump_card = state.deal.trump_card
    for option in d.options:
        if not option.startswith("call:"):
            continue
        card = Card.parse(option[5:])
        if card == trump_card and arbiter.liable(d.offender).get(card) == 52:
            continue  # "it is not usual to call the trump card if left on the table"
        if state.current_trick:
            if not _beats_table(arbiter, card):
                return option
        else:
            higher = state.hand(d.seat) & SUIT_MASK[card.suit]
            if higher >> (card + 1):
                return option
    return "pass"


def _which_card(arbiter: Arbiter, d: Decision) -> str:
    plays = [o for o in d.options if o.startswith("play:")]
    cards = sorted((Card.parse(o[5:]) for o in plays), key=lambda c: (c.rank, c))
    for card in cards:
        if not _beats_table(arbiter, card):
            return f"play:{card}"
    return f"play:{cards[0]}" if cards else "pass"


def _win_or_not(arbiter: Arbiter, d: Decision) -> str:
    card = d.card
    if card is None:
        return "pass"
    return "win" if _beats_table(arbiter, card) else "not_win"


def _partner_win(arbiter: Arbiter, d: Decision) -> str:
    return next((o for o in d.options if o.startswith("win:")), "pass")


def _attention(arbiter: Arbiter, d: Decision) -> str:
    return "win" if _winning(arbiter) == d.offender else "lowest"


def _trump_call(arbiter: Arbiter, d: Decision) -> str:
    return "highest" if _winning(arbiter) == d.offender.partner else "lowest"


def _revoke_corrected(arbiter: Arbiter, d: Decision) -> str:
    case = next((c for c in reversed(arbiter.revokes) if c.seat == d.offender), None)
    if case is not None and case.card.rank >= Rank.JACK:
        return "card"
    return "highest" if _winning(arbiter) == d.offender.partner else "lowest"


def _omission(arbiter: Arbiter, d: Decision) -> str:
    mine = d.side
    if not arbiter.state.is_over:
        state = arbiter.state
        return "stand" if state.tricks_won(mine) >= state.tricks_won(mine.other) else "new-deal"
    preview = arbiter.result_preview()
    score = POLICIES[arbiter.rules.scoring](arbiter.rules, arbiter.before, preview)
    if score.game_winner == mine or score.points[mine] >= score.points[mine.other]:
        return "stand"
    return "new-deal"


def _suit_call(arbiter: Arbiter, d: Decision) -> str:
    return f"suit:{best_suit(arbiter.state.hand(d.seat)).name}"


def _truth_answer(arbiter: Arbiter, d: Decision) -> str:
    return "correct"


def _show_trump(arbiter: Arbiter, d: Decision) -> str:
    return f"show:{arbiter.state.deal.trump_card}"


def _first(arbiter: Arbiter, d: Decision) -> str:
    return d.options[0]


_RULES: dict[str, Callable[[Arbiter, Decision], str]] = {
    "revoke-penalty": revoke_option,
    "revoke-answer": _truth_answer,
    "show-trump": _show_trump,
    "lead-out-of-turn": _lead_out_of_turn,
    "call-exposed": _call_exposed,
    "which-card": _which_card,
    "win-or-not": _win_or_not,
    "partner-win": _partner_win,
    "attention": _attention,
    "trump-call": _trump_call,
    "revoke-corrected": _revoke_corrected,
    "omission": _omission,
    "omission-play": _first,
    "suit-call": _suit_call,
    "bystander": lambda a, d: "exact",
    "lay-down-trump": lambda a, d: "pass",
}


def agrees_to_referral(question: str) -> bool:
    """Whether the computer agrees that a bystander decide ``question`` when a player
    proposes it (law 89: "A bystander, by agreement among the players, may decide any
    question"): it agrees to any question put (a text of one character or more), as
    the etiquette asks of every player (003, Etiquette of Whist: "No player should
    object to refer to a bystander who professes himself uninterested in the game, and
    able to decide any disputed question of facts").

    >>> agrees_to_referral("was the king of hearts led by West?"), agrees_to_referral(" ")
    (True, False)
    """
    return bool(question.strip())
