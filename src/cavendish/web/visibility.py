"""THE no-leak rule: what a seat, or a spectator, may see of a table.

Design note
-----------
:func:`visible_state` is the only function that reads cards out of the live
session for a connection; every message the server sends to a connection is
built from its answer and nothing else (:mod:`.tables`).  It reads the seat's
:class:`~cavendish.core.state.SeatView` (the rules core's own account of laws 52
and 91), never the deal:

* a seat sees its own hand, the hands lying face up (a dummy's, at the dummy
  variants), the trump card while it lies on the table, the current trick, the
  last trick quitted (law 91: never an earlier one), the tricks won and the score;
* ``legal`` is the cards this person may play now: his own seat's, or his dummy's
  when the dummy is to play; empty when it is not his turn, or when his last card
  plays itself (the table's ``auto_last``: the server plays it);
* a spectator (seat None) sees the table with no hand at all: no own hand, no
  dummy's hand, no legal cards; the trick, the last trick and the score only;
* at a table under the laws (:mod:`.laws_table`), a card exposed (dropped, shown,
  named, led out of turn and left face up: law 56) lies face up on the table until
  it is played or taken up: everyone sees it, spectators too, and its owner sees
  it among his own (``exposed``); a card
  mislaid out of a hand (law 70) is seen by no one;
* a spectator who *follows* a seat (``follow``, one seat, never a dummy's: the
  connection says which, :mod:`.tables`) sees that seat's hand only, as that seat
  sees it now (the cards it still holds), in ``hand``; no exposed hand, no
  legal cards: he watches, he cannot play.  A seat's own view never follows;
  at a teaching table (``follow: "all"``) a spectator may follow every hand
  (``follow_all``): the four hands as they stand, in ``hands``.  Whether anyone
  may follow at all is the table's option (:mod:`.spectators`);
* what a computer says of its reasons (``why``, a hint at a practice table) is
  built from what its hearer may see: a hint from his own views and the events
  he saw (:func:`seen_events`), ``why`` from the player's reasons told over the
  cards not hidden from him (:func:`hidden_from`; :func:`.computer.why_for`);
  as a last guard, a card still hidden from him that a text names is replaced by
  "hidden card" (:func:`for_hearer`);
* between hands (a hand is over and scored), everyone may see the hand just
  finished, whole: the four hands and every trick (the review).  A hand ended by
  an accepted claim or concession is over too, and shown whole in the same way
  (with the claim): nothing of it is hidden any more, as when the cards are
  faced after a claim.  A refused claim, or cards taken back at a practice
  table, leave the hand in play: its hidden cards stay hidden.

>>> from cavendish.web.config import TableConfig, build_session, apply_action
>>> cfg = TableConfig.from_request({"seats": {"S": "human"}}, seed=1)
>>> session = build_session(cfg)
>>> _ = apply_action(session, ("deal",))
>>> mine, other = visible_state(session, Seat.S), visible_state(session, None)
>>> len(mine["hand"]), other["hand"], other["exposed"]
(13, [], {})
>>> visible_state(session, None, follow=Seat.S)["hand"] == mine["hand"]
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from ..core.cards import CARDS, Card, Seat, Side
from ..core.events import CardMislaid, Claimed, Event, Ruffed, TakenBack, settled_claim
from ..core.state import Trick
from ..game.laws_session import LawsSession
from ..game.session import PlayedHand, Session
from ..players.tutor import CARD_NAME, card_code
from ..scoring.result import HandScore
from ..scoring.swabbers import held_swabbers, stakes

__all__ = ["card_list", "for_hearer", "hidden_from", "score_json", "visible_state"]


_NAME = tuple(str(card) for card in CARDS)
"""Each card's PBN text, by its index (its bit in a mask)."""


def card_list(mask: int) -> list[str]:
    """Cards of a mask as PBN text, sorted by suit (S H D C), high card first.

    >>> card_list((1 << 12) | (1 << 0) | (1 << 25))
    ['SA', 'S2', 'HA']
    """
    out: list[str] = []
    for base in (0, 13, 26, 39):  # bit 13 * suit + rank - 2 is that card (cards_of)
        held = (mask >> base) & 0x1FFF
        while held:
            top = held.bit_length() - 1
            out.append(_NAME[base + top])
            held ^= 1 << top
    return out


def _plays(plays: list[tuple[Seat, Card]] | tuple[tuple[Seat, Card], ...]) -> list[dict[str, str]]:
    return [{"seat": str(s), "card": str(c)} for s, c in plays]


def _trick(trick: Trick | None) -> dict[str, Any] | None:
    if trick is None:
        return None
    return {"leader": str(trick.leader), "winner": str(trick.winner),
            "cards": _plays(trick.plays())}


def score_json(session: Session | LawsSession) -> dict[str, Any]:
    """The score sheet: the game in progress, every hand's points and honours,
    the games (value: single, double, treble) and rubbers (with how many games each
    had), and the rules the page explains them by (law 8's values, laws 9 and 10).
    Public to all."""
    sheet = session.sheet
    rules = session.rules
    return {
        "game": {"NS": sheet.score[0], "EW": sheet.score[1]},
        "game_points": rules.game_points,
        "hands": [_hand_json(i + 1, h) for i, h in enumerate(sheet.hands)],
        "games": [{"winner": str(Side(g.winner)), "value": g.value} for g in sheet.games],
        "rubbers": [{"winner": str(Side(r.winner)), "points": r.points, "games": len(r.games)}
                    for r in sheet.rubbers],
        # whisk-and-swabbers: each hand's stakes to the holders, by seat N E S W (000)
        "stakes": [list(stakes(h.state)) for h in session.hands] if rules.swabbers else None,
        "rules": {"game_values": [list(v) for v in rules.game_values], "rubber": rules.rubber,
                  "rubber_bonus": rules.rubber_bonus,
                  "deduct_losers_games": rules.deduct_losers_games,
                  "ruff": rules.ruff},  # ruff-and-honours: the trumps turned up on the stock
    }


def _log(events: list[Event] | tuple[Event, ...], board: int) -> list[dict[str, Any]]:
    """The claims, concessions and cards taken back of one hand, as everyone heard
    them (a claim is said aloud; cards taken back had been played face up)."""
    return [{"board": board, "kind": "undo" if isinstance(e, TakenBack)
             else "concede" if e.tricks == 0 else "claim",
             "accepted": isinstance(e, Claimed) and e.accepted, "text": str(e)}
            for e in events if isinstance(e, Claimed | TakenBack)]


@functools.lru_cache(maxsize=4096)
def _hand_json(board: int, h: HandScore) -> dict[str, Any]:
    """One hand's line of the score sheet (a hand scored never changes: each line is
    built once, and the same object is sent in every message after; not to be
    changed by its readers)."""
    return {
        "board": board,
        "tricks": list(h.tricks),
        "honours": list(h.honours),
        "points": list(h.points),
        "after": list(h.after),
        "game_winner": None if h.game_winner is None else str(Side(h.game_winner)),
        "game_value": h.game_value,
        "notes": list(h.notes),
    }


def _review(hand: PlayedHand) -> dict[str, Any]:
    """The hand just finished, whole (it is over: nothing in it is hidden now)."""
    state = hand.state
    deal = state.deal
    claim = settled_claim(state.events)
    swabbing = state.rules.swabbers
    return {
        "claim": None if claim is None else str(claim),
        "board": hand.board,
        "dealer": str(deal.dealer),
        "trump_card": str(deal.trump_card),
        "hands": {str(s): card_list(deal.hand(s)) for s in Seat},
        "tricks": [_trick(t) for t in state.tricks],
        "result": None if hand.result is None else list(hand.result.tricks),
        "points": None if hand.score is None else list(hand.score.points),
        # the old games (000): the stock and the ruff; the swabbers and their stakes
        "stock": card_list(deal.stock),
        "ruff": next((str(e) for e in state.events if isinstance(e, Ruffed)), None),
        "swabbers": {str(seat): [str(c) for c in cards]
                     for seat, cards in held_swabbers(state).items()} if swabbing else None,
        "stakes": list(stakes(state)) if swabbing else None,
    }


def visible_state(session: Session | LawsSession, seat: Seat | None, *,
                  follow: Seat | None = None, follow_all: bool = False) -> dict[str, Any]:
    """Everything ``seat`` (None: a spectator) may see of the table now; a
    spectator following ``follow`` sees that one seat's hand too, one following
    all (``follow_all``, a teaching table) every hand, in ``hands`` (a seat's own
    connection never follows: ``follow`` is refused with a seat)."""
    if follow is not None and (seat is not None or follow in session.dummies):
        raise ValueError(f"follow {follow}: only a spectator follows, and a player's hand")
    if follow_all and seat is not None:
        raise ValueError("follow all: only a spectator follows")
    state = session.state
    out: dict[str, Any] = {
        "board": session.board,
        "names": {str(s): n for s, n in zip(Seat, session.names, strict=True)},
        "dummies": [str(d) for d in session.dummies],
        "score": score_json(session),
        "over": session.is_over,
        "hand": [],
        "exposed": {},
        "legal": [],
        "to_play": None,
        "trick": [],
        "last_trick": None,
        "trick_number": 0,
        "tricks_won": {"NS": 0, "EW": 0},
        "trump": None,
        "trump_card": None,
        "dealer": str(session.dealer),
        "tricks_in_hand": 13,  # twelve in the old games: the seat's view says (in play)
        "stock_hidden": 0,
        "stock_card": None,
        "stock_taken": False,
        "review": None,
        # the claims and cards taken back of the rubber (a reload or a restart keeps them)
        "log": [line for h in session.hands for line in _log(h.state.events, h.board)],
        "calls": session.calls if isinstance(session, Session) else "auto",
        "call_offered": False,
        "ruff_offered": False,
        "election": None,
        "question": None,
        "honours_claim": None,
        "honours_mode": session.honours if isinstance(session, Session) else "auto",
    }
    if follow is not None:
        out["following"] = str(follow)
    elif follow_all:
        out["following"] = "all"
    if state is None:
        out["phase"] = "over" if session.is_over else "between"
        if session.hands:
            out["review"] = _review(session.hands[-1])
        return out
    out["phase"] = "play"
    # The public part of the table is the same in every seat's view: take N's.
    view = session.view(seat if seat is not None else Seat.N)
    turn = session.to_play  # read once: it looks through the hand's events
    out.update(
        to_play=None if turn is None else str(turn),  # not while
        # the adversaries of a wrong call elect (long whist, calls="players")
        trick=_plays(view.trick),
        last_trick=_trick(view.last_trick),
        trick_number=view.trick_number,
        tricks_won={"NS": view.tricks_won[0], "EW": view.tricks_won[1]},
        trump=view.trump.name,
        trump_card=None if view.trump_card is None else str(view.trump_card),
        dealer=str(view.dealer),
        tricks_in_hand=view.tricks_in_hand,
        stock_hidden=view.stock_hidden,
        # ruff-and-honours: the stock's card turned up for trumps, seen by every player
        stock_card=None if view.stock_card is None else str(view.stock_card),
        # whether the stock was taken in by a ruff (seen done at the table: not by whom)
        stock_taken=bool(state.ruffed is not None and state.ruffed.taken),
    )
    out["log"] += _log(state.events, session.board)
    # long whist, calls="players": a wrong call was said aloud, everyone heard it
    asked = session.answer_due if isinstance(session, Session) else None
    if asked is not None:  # "Can you one?", asked aloud of a person by his partner
        out["question"] = {"seat": str(asked.partner), "to": str(asked),
                           "yours": seat is not None and session.holder(asked) == seat}
    due = session.honours_claim_due if isinstance(session, Session) else None
    if due is not None:  # the hand over, a person's side has honours to claim (laws 6-7)
        out["honours_claim"] = {"side": due.name, "honours": state.honours(due),
                                "yours": seat is not None and seat.side == due}
    pending = session.election_due if isinstance(session, Session) else None
    if pending is not None:
        out["election"] = {"seat": str(pending.seat), "text": str(pending),
                           "yours": seat is not None and seat.side != pending.seat.side}
        thrown = session.hands_thrown_down if isinstance(session, Session) else None
        if thrown is not None:  # thrown down face up, seen by all (001): told to all
            out["election"]["thrown_down"] = {str(s): card_list(m) for s, m in thrown.items()}
    if seat is None:
        # cards exposed under the laws lie face up for all (a dummy's hand is not shown)
        out["exposed"] = {str(s): card_list(m) for s, m in zip(Seat, view.exposed, strict=True)
                          if m and s not in session.dummies}
        if follow is not None:  # one hand, the followed seat's own, and nothing else
            out["hand"] = card_list(session.view(follow).hand)
        elif follow_all:  # a teaching table: every hand as it stands
            out["hands"] = {str(s): card_list(session.view(s).hand) for s in Seat}
        return out
    # his own two honours: told to him alone
    offered = session.call_offered if isinstance(session, Session) else None
    out["call_offered"] = offered is not None and session.holder(offered) == seat
    # ruff-and-honours: he holds the ace of trumps and is asked whether he ruffs
    # (told to him alone: the others are not told who holds the ace)
    ruffer = session.ruff_offered if isinstance(session, Session) else None
    out["ruff_offered"] = ruffer is not None and session.holder(ruffer) == seat
    out["hand"] = card_list(view.hand)
    # his own cards lying face up too (exposed under the laws: liable to be called)
    out["exposed"] = {str(s): card_list(m) for s, m in zip(Seat, view.exposed, strict=True)
                      if m}
    # not when his last card plays itself (auto_last): the server plays it
    if turn is not None and session.holder(turn) == seat and session.human_to_play \
            and ruffer in (None, seat):  # not while another says whether he ruffs
        out["legal"] = card_list(session.view(turn).legal)
    return out


def hidden_from(session: Session | LawsSession, seat: Seat | None) -> frozenset[str]:
    """The cards still held that ``seat`` (None: a spectator) may not see now: every
    hand's but his own and those lying face up for him (:func:`visible_state`);
    none between hands (the hand just finished is shown whole)."""
    if session.state is None:
        return frozenset()
    held = {c for s in Seat for c in card_list(session.view(s).hand)}
    seen = visible_state(session, seat)
    shown = set(seen["hand"]) | {c for cards in seen["exposed"].values() for c in cards}
    return frozenset(held - shown)



UNSEEN = "hidden card"


def seen_events(events: Sequence[Event], seat: Seat) -> list[Event]:
    """The events of a hand a seat saw happen: all but another seat's ruff at
    ruff-and-honours (its stock taken in and cards put out are his alone) and a
    card mislaid out of a hand (law 70: seen by no one)."""
    return [e for e in events if not (isinstance(e, Ruffed) and e.seat != seat)
            and not isinstance(e, CardMislaid)]


def names_any(text: str, hidden: frozenset[str]) -> bool:
    """Whether a text names one of the ``hidden`` cards (by its code).

    >>> names_any("D4: against 2.50 for the C6", frozenset({"C6"}))
    True
    >>> names_any("♣4 (C6: ...)", frozenset({"C6"}))
    False
    """
    return any(card_code(m) in hidden for m in CARD_NAME.finditer(text))


def for_hearer(obj: Any, hidden: frozenset[str]) -> Any:
    """``obj`` (a message's text, list or object) with every card of ``hidden`` it
    names replaced by :data:`UNSEEN`: what a computer says of its reasons (``why``,
    a hint) is told its hearer only in the words of what he may see.

    >>> for_hearer({"why": "D4: makes 3.00 of them, against 2.50 for the C6"},
    ...            frozenset({"C6"}))
    {'why': 'D4: makes 3.00 of them, against 2.50 for the hidden card'}
    >>> for_hearer(["C6", "SA", "♣6 (C3: ...)"], frozenset({"C6"}))
    ['hidden card', 'SA', 'hidden card (C3: ...)']
    """
    if not hidden:
        return obj
    if isinstance(obj, str):
        return CARD_NAME.sub(lambda m: UNSEEN if card_code(m) in hidden else m.group(0), obj)
    if isinstance(obj, dict):
        return {k: for_hearer(v, hidden) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [for_hearer(v, hidden) for v in obj]
    return obj
