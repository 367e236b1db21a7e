"""A protocol client for the tests: drives whole hands and checks that no message leaks.

Every connection of a table receives one ``state`` message per action, in order,
so the client reads all connections in step, seq by seq, and the seat that may
play answers with its first legal card.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from cavendish.core.cards import Seat
from cavendish.io.pbn import read_pbn

CARD = re.compile(r"^[SHDC][AKQJT98765432]$")
SHOWN = frozenset({"card", "out_of_turn", "exposed", "withdrawn"})
"""Events whose card is put face up before all: played, led out of turn, exposed
(law 56), taken back (laws 63, 76: seen when it was played)."""


CARD_WORD = re.compile(r"(?<![A-Za-z0-9])([SHDC♠♥♦♣])(10|[AKQJT98765432])"
                       r"(?![A-Za-z0-9:])")
"""A card named inside a text ("against 2.50 for the C6", "the ♥6"); a catalogue
number ("C3:") not."""
_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def cards_in(obj: Any, *, words: bool = False) -> set[str]:
    """Every string in a message that is a card (any field, any depth); with
    ``words``, every card named inside a text too (``why``, hints)."""
    out: set[str] = set()
    if isinstance(obj, str):
        if CARD.match(obj):
            out.add(obj)
        elif words:
            out |= {_LETTER.get(suit, suit) + ("T" if rank == "10" else rank)
                    for suit, rank in CARD_WORD.findall(obj)}
    elif isinstance(obj, dict):
        for v in obj.values():
            out |= cards_in(v, words=words)
    elif isinstance(obj, list | tuple):
        for v in obj:
            out |= cards_in(v, words=words)
    return out


@dataclass
class Receiver:
    """One connection's messages, in order (``follow``: the seat a spectator follows,
    or ``"all"`` at a teaching table)."""

    seat: str | None
    ws: Any
    messages: list[dict[str, Any]] = field(default_factory=list)
    follow: str | None = None
    seats: list[dict[str, Any]] = field(default_factory=list)
    """The ``seats`` messages (who is at the table), kept apart: they come when a
    person leaves or returns, not with an action."""

    def next(self) -> dict[str, Any]:
        msg: dict[str, Any] = self.ws.receive_json()
        while msg["type"] == "seats":
            self.seats.append(msg)
            msg = self.ws.receive_json()
        self.messages.append(msg)
        return msg


def caught_up(receivers: list[Receiver]) -> list[dict[str, Any]]:
    """The next message of each connection, brought to the same ``seq``: connections
    opened one after another may have joined at different moments, so each is read
    up to the latest one's first message."""
    states = [r.next() for r in receivers]
    top = max(m["seq"] for m in states)
    for i, r in enumerate(receivers):
        while states[i]["seq"] < top:
            states[i] = r.next()
    return states


def play_hand(receivers: list[Receiver], *, pick: int = 0) -> dict[str, Any]:
    """Read every connection in step until the hand is over; each person plays the
    ``pick``-th legal card (modulo) when it is his turn.  Returns the last state."""
    states = caught_up(receivers)
    while True:
        seqs = {m["seq"] for m in states}
        assert len(seqs) == 1, f"connections out of step: {seqs}"
        assert all(m["type"] == "state" for m in states), states
        if states[0]["phase"] != "play":
            return states[0]
        for r, m in zip(receivers, states, strict=True):
            if m.get("ruff_offered"):  # ruff-and-honours: he declines the ruff (000)
                r.ws.send_json({"type": "ruff", "put_out": []})
            elif m["legal"]:
                r.ws.send_json({"type": "play", "card": m["legal"][pick % len(m["legal"])]})
        states = [r.next() for r in receivers]


def to_a_persons_turn(a: Receiver, b: Receiver) -> tuple[Receiver, Receiver, dict[str, Any]]:
    """Read two seats' connections in step until one of them may play: (the one to
    play, the other, the state of the one to play)."""
    ma, mb = a.next(), b.next()
    while not (ma["legal"] or mb["legal"]):
        ma, mb = a.next(), b.next()
    return (a, b, ma) if ma["legal"] else (b, a, mb)


def check_no_leak(receiver: Receiver, deal_hands: dict[str, set[str]], dummies: Iterable[str],
                  trump_card: str, plays: list[str], *, words: bool = False) -> int:
    """Check every message of one connection against the deal and the play (the
    finished hand's record): it holds no card its receiver may not see at that
    moment.  Returns the number of messages checked.

    May see: his own cards still held, the dummies' cards still held (not a
    spectator; a spectator following a seat: that seat's cards still held, and no
    other hand; one following all at a teaching table: every hand's cards still
    held), the trump card, the cards of the current trick and of the last
    trick quitted (law 91) -- or, between hands, the whole hand just finished.
    How many cards were played at a message is read from its trick number and
    trick, and the trick shown must be the record's."""
    dummies = list(dummies)
    owner = {c: s for s, cards in deal_hands.items() for c in cards}
    n = 0
    count = 0
    for msg in receiver.messages:
        if msg.get("phase") in ("between", "over") or msg["type"] == "review":
            count += 1
            continue  # the hand is over: all of it may be seen
        if msg["type"] == "state":
            trick = [p["card"] for p in msg["trick"]]
            n = msg["trick_number"] * 4 + len(trick)
            assert trick == plays[n - len(trick): n], (msg, plays)
        current = n % 4
        trick_cards = set(plays[n - current: n])
        last = set(plays[n - current - 4: n - current]) if n - current >= 4 else set()
        allowed = {trump_card} | trick_cards | last
        gone = set(plays[:n])
        if receiver.seat is not None:
            for s in (receiver.seat, *dummies):
                allowed |= {c for c in deal_hands[s] if c not in gone}
        elif receiver.follow == "all":  # a teaching table: every hand as it stands
            allowed |= {c for cards in deal_hands.values() for c in cards if c not in gone}
        elif receiver.follow is not None:
            allowed |= {c for c in deal_hands[receiver.follow] if c not in gone}
        leaked = cards_in(msg, words=words) - allowed
        assert not leaked, (f"message seq {msg.get('seq')} to {receiver.seat or 'a spectator'} "
                            f"holds {sorted(leaked)} it may not see: {msg}")
        # every card shown is some hand's, or the trump card (ruff-and-honours: the
        # stock's card turned up, in no hand)
        assert all(c in owner or c == trump_card for c in cards_in(msg))
        count += 1
    return count


def deal_of(pbn_text: str, board: int = 1) -> tuple[dict[str, set[str]], str, list[str]]:
    """The hands, trump card and the play (cards in order) of a finished board."""
    rec = next(r for r in read_pbn(pbn_text) if r.board == board)
    deal = rec.deal
    hands = {str(s): {str(c) for c in _cards(deal.hand(s))} for s in Seat}
    return hands, str(deal.trump_card), [str(c) for c in rec.plays]


def _cards(mask: int) -> list[Any]:
    from cavendish.core.cards import cards_of

    return cards_of(mask)


def in_step(receivers: list[Receiver]) -> list[dict[str, Any]]:
    """The next ``state`` of every connection, checked to be of the same action."""
    states = [r.next() for r in receivers]
    assert len({m["seq"] for m in states}) == 1, [m.get("seq") for m in states]
    assert all(m["type"] == "state" for m in states), states
    return states


def until_a_person_may_act(receivers: list[Receiver]) -> list[dict[str, Any]]:
    """Read every connection in step until one may play or the hand is over."""
    states = [r.messages[-1] for r in receivers]
    while states[0]["phase"] == "play" and not any(m["legal"] for m in states):
        states = in_step(receivers)
    return states


def check_seen_before_shown(receiver: Receiver, deal_hands: dict[str, set[str]],
                            dummies: Iterable[str], trump_card: str) -> int:
    """The no-leak rule read from the messages alone, for hands whose play is not
    the record's (cards taken back) or is cut short (a claim): while a hand is in
    play, a message holds no card but the receiver's own, his dummies', the trump
    card, and cards already shown played (``card`` events; a snapshot's trick and
    last trick stand for the cards played before it joined).  Every card on the
    table must have been shown played.  At a table under the laws a card is shown
    face up by more than play (:data:`SHOWN`), and every card lying exposed must
    have been shown so.  Returns the number of messages checked."""
    dummies = list(dummies)
    played: set[str] = set()
    count = 0
    for i, msg in enumerate(receiver.messages):
        if msg.get("phase") in ("between", "over") or msg["type"] == "review":
            count += 1
            continue  # the hand is over (its last card, or a claim): all of it may be seen
        if msg["type"] == "state":
            on_table = {p["card"] for p in msg["trick"]}
            if msg["last_trick"]:
                on_table |= {p["card"] for p in msg["last_trick"]["cards"]}
            if i == 0 or msg.get("snapshot"):
                played |= on_table
            played |= {e["card"] for e in msg["events"] if e["kind"] in SHOWN}
            assert on_table <= played, (msg, sorted(played))
            if receiver.seat is None:  # (a seat's "exposed" holds its dummy's hand too)
                face_up = {c for cards in msg["exposed"].values() for c in cards}
                assert face_up <= played, (msg, sorted(played))
        allowed = {trump_card} | played
        if receiver.seat is not None:
            for s in (receiver.seat, *dummies):
                allowed |= deal_hands[s]
        leaked = cards_in(msg) - allowed
        assert not leaked, (f"message seq {msg.get('seq')} to {receiver.seat or 'a spectator'} "
                            f"holds {sorted(leaked)} it may not see: {msg}")
        count += 1
    return count


class Paced:
    """A websocket whose sends keep within the server's rate limit (``RATE`` a second
    on average, bursts of ``BURST``: the client's own token bucket, a little under
    the server's), for the tests that play a whole session through it."""

    def __init__(self, ws: Any, rate: float = 9.0, burst: float = 25.0) -> None:
        self.ws, self.rate, self.burst, self.tokens = ws, rate, burst, burst
        self.clock = time.monotonic
        self.stamp = self.clock()

    def _wait(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            time.sleep((1 - self.tokens) / self.rate)
            self.tokens, self.stamp = 1.0, self.clock()
        self.tokens -= 1

    def send_json(self, message: Any) -> None:
        self._wait()
        self.ws.send_json(message)

    def send(self, text: str) -> None:
        self._wait()
        self.ws.send(text)

    def receive_json(self) -> Any:
        return self.ws.receive_json()

    def recv(self, timeout: float | None = None) -> Any:
        return self.ws.recv(timeout=timeout)
