"""One voice: how every user-facing line writes a card, a suit and a citation.

Design note
-----------
The play screen writes a card as ``♠10``; every other line a user reads (hint,
why, errors, ``analyse``, problems, odds tables, the laws table) writes it the
same way, through :func:`card_label`, or rewrites the card codes of a message
made deeper in the library (``illegal card 'S3'``, a player's reason) with
:func:`say`.  With ``--ascii``, or when the terminal cannot print the suit
symbols (its encoding has no ``♠``), cards are written ``ST`` instead.  JSON
output keeps ``ST`` always (it does not come here).  :func:`say` also replaces
catalogue offsets by the book and its section (:func:`cavendish.citations.cite`).

>>> from cavendish.core import Card
>>> set_ascii(False); card_label(Card.parse("HT")), say("N plays S3 (C97)")
('♥10', 'N plays ♠3 (C97)')
>>> set_ascii(True); card_label(Card.parse("HT")), say("N plays S3, not SA.")
('HT', 'N plays S3, not SA.')
>>> set_ascii(None)
"""

from __future__ import annotations

import re
import sys

from ..citations import cite
from ..core.cards import Card, Suit

__all__ = [
    "ascii_mode",
    "card_label",
    "guard_streams",
    "rank_label",
    "say",
    "set_ascii",
    "suit_label",
]

_ASCII: bool | None = None
_CARD = re.compile(r"(?<![A-Za-z0-9])([SHDC])([AKQJT2-9])(?![A-Za-z0-9])")
_SYMBOLS = "♠♥♦♣"


def set_ascii(flag: bool | None) -> None:
    """Write cards in ASCII (True), with suit symbols (False), or as the terminal
    can (None: the default)."""
    global _ASCII
    _ASCII = flag


def ascii_mode() -> bool:
    """Whether cards are written in ASCII now: ``--ascii``, or a terminal whose
    encoding cannot print the suit symbols."""
    if _ASCII is not None:
        return _ASCII
    encoding = getattr(sys.stdout, "encoding", None)
    if not encoding:  # not a terminal's stream (a test's capture): text, symbols fit
        return False
    try:
        _SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def guard_streams() -> None:
    """On a terminal that cannot print the suit symbols, let the other characters it
    cannot print (``·``, ``—``) be replaced rather than end the command."""
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None)
        reconfigure = getattr(stream, "reconfigure", None)
        if not encoding or reconfigure is None:
            continue
        try:
            (_SYMBOLS + "·—–").encode(encoding)
        except (UnicodeEncodeError, LookupError):
            reconfigure(errors="replace")


def rank_label(card: Card) -> str:
    """The rank as shown: ``A K Q J 10 9 .. 2`` (``T`` in ASCII)."""
    text = str(card)[1]
    return "10" if text == "T" and not ascii_mode() else text


def suit_label(suit: Suit | int) -> str:
    """``♠`` (``S`` in ASCII)."""
    s = Suit(suit)
    return str(s) if ascii_mode() else s.symbol


def card_label(card: Card) -> str:
    """``♠10`` (``ST`` in ASCII), as the play screen writes a card."""
    return suit_label(card.suit) + rank_label(card)


def say(text: str) -> str:
    """A message for a user: its card codes (``S3``) written as cards are written
    (:func:`card_label`) and its catalogue offsets named (book and section)."""
    text = cite(text)
    if ascii_mode():
        return text
    return _CARD.sub(lambda m: card_label(Card.parse(m.group(0))), text)
