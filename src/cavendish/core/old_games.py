"""The games whist grew from (000's history): ruff-and-honours, whisk, whisk-and-swabbers.

Design note
-----------
000 (the Britannica's history of whist) gives the three games in a few lines:

    "A description of the game is first met with in *The Compleat Gamester* (1674)
    by Charles Cotton. [...] It was played by four players with partners, and it was
    compulsory to follow suit when able. The cards ranked as at whist, and honours
    were scored as now. Twelve cards were dealt to each player, four being left in
    the stock. The top card of the stock was turned up for trumps. The holder of the
    ace of trumps was allowed to *ruff, i.e.,* to take in the stock and to put out
    four cards from his hand. The game was played nine up; and at the point of eight
    honours could be called, as at long whist. Cotton adds that at whist there was no
    stock. The deuces were put out and the bottom card was turned up for trumps."

    "[...] swabbers are 'the ace of hearts, knave of clubs, ace and duce of trumps at
    whist.' The true function of the swabbers is not positively known; it is
    probable that the holders of these cards were entitled to receive a certain
    stake from the other players."

    "The points of the game rose from nine to ten [...] Simultaneously with this
    alteration, or closely following it, the entire pack of fifty-two cards was
    used, the deuces being no longer discarded. This improvement introduces the odd
    trick [...]"

They are variants of the engine, data in :class:`~cavendish.core.rules.Rules`
(``stock``, ``ruff``, ``deuces_out``, ``swabbers``), dealt by
:func:`~cavendish.core.table.deal_for` and played by the one
:class:`~cavendish.core.state.HandState`, whose hands are of twelve tricks.

Choices where 000 is silent:

* **Tricks.** Each trick beyond six counts one point, as at whist: with twelve
  tricks six is the book of each side and there is no odd trick (000: the odd
  trick came with the whole pack), so a hand of six tricks all scores nothing.
* **The game and its worth.** Nine up, for all three ("nine in all", Cotton).  What
  a game is worth is not given: as for long whist (:mod:`cavendish.core.rules`),
  each game is worth one, in rubbers of three without rubber points.
* **Honours** are scored as at short whist (four 4, three 2, "as now"), never barred
  by the score; at the point of eight they are called before the play, "as at long
  whist", and win the game (the call at eight of :mod:`cavendish.game.calling`).
  Whisk and swabbers keep the honours and the call: 000 says only that "at whist
  there was no stock".
* **The ruff** is made before the first card is led, once, by the holder of the ace
  of trumps, who may decline; leading without ruffing declines it.  When the ace of
  trumps is itself the card turned up, it lies in the stock and nobody ruffs.  The
  ruffer's hand after the exchange is the hand he plays and the one his side's
  honours are counted in; an honour put out to the stock counts for nobody.
* **The turned card** of ruff-and-honours lies on the stock, not in the dealer's
  hand; whisk's "bottom card" is the last card dealt, the dealer's, as at whist.
* **Swabbers.** Grose's four cards: the ace of hearts, the knave of clubs, the ace of
  trumps and the deuce of trumps.  Swabbers is whisk, so the deuces are out of the
  pack and the deuce of trumps is never dealt: only three swabbers can be held (two
  when hearts are trumps, the ace of hearts being the ace of trumps: a card is one
  swabber).  Their holders, at the start of play, each receive one stake from each
  of the other three players; the stakes are settled hand by hand, apart from the
  game (:mod:`cavendish.scoring.swabbers`).

>>> from cavendish.core.rules import get_rules
>>> list(OLD_GAMES), get_rules("whisk").tricks
(['ruff-and-honours', 'whisk', 'swabbers'], 12)
"""

from __future__ import annotations

from .cards import FULL_PACK, format_hand
from .deal import Deal
from .errors import DealError
from .rules import Rules

__all__ = ["DEUCES", "OLD_GAMES", "READINGS", "check_deal", "pack_of"]

DEUCES = sum(1 << (13 * suit) for suit in range(4))
"""The four deuces, put out of the pack at whisk."""

OLD_GAMES = ("ruff-and-honours", "whisk", "swabbers")
"""The registered variants this module describes."""


_TRICKS = (
    "each trick beyond six counts one, as at whist; with twelve tricks there is no odd "
    "trick, and six all scores nothing",
    "the entire pack of fifty-two cards was used, the deuces being no longer discarded. "
    "This improvement introduces the odd trick",
)
_GAME = (
    "each game is worth one, in rubbers of three, without rubber points; 000 gives no "
    "worth to a game",
    "The game was played nine up",
)
_HONOURS = (
    "honours are scored as at short whist, never barred by the score",
    "honours were scored as now",
)
READINGS: dict[str, tuple[tuple[str, str], ...]] = {
    "ruff-and-honours": (
        _TRICKS,
        _GAME,
        _HONOURS,
        (
            "the ruff is made once, before the first card is led, and may be declined; "
            "when the ace of trumps is the card turned up nobody ruffs; an honour put "
            "out to the stock counts for nobody",
            "to take in the stock and to put out four cards from his hand",
        ),
    ),
    "whisk": (
        _TRICKS,
        _GAME,
        _HONOURS,
        (
            "the call at eight is kept at whisk, as at ruff-and-honours; 000 says only "
            "that at whist there was no stock",
            "Cotton adds that at whist there was no stock",
        ),
    ),
    "swabbers": (
        _TRICKS,
        _GAME,
        _HONOURS,
        (
            "the call at eight is kept, as at whisk and ruff-and-honours",
            "Cotton adds that at whist there was no stock",
        ),
        (
            "each holder of a swabber receives one stake from each of the other three, "
            "settled hand by hand; the deuce of trumps is out of the pack at whisk, so "
            "three swabbers at most are held",
            "The true function of the swabbers is not positively known",
        ),
    ),
}
"""What 000 does not say and Cavendish adds, by old game: (Cavendish's reading,
000's words beside it), shown by ``cavendish variants``."""


def pack_of(rules: Rules) -> int:
    """The mask of the pack ``rules`` deal from: all 52 cards, or 48 without the deuces."""
    return FULL_PACK & ~DEUCES if rules.deuces_out else FULL_PACK


def check_deal(rules: Rules, deal: Deal) -> None:
    """Raise :class:`DealError` unless ``deal`` is a deal of ``rules``'s game: hands of
    its size, cards of its pack, a stock when it has one (and none when it has not).

    >>> import random
    >>> from cavendish.core.cards import Seat
    >>> from cavendish.core.rules import get_rules
    >>> from cavendish.core.table import deal_cards
    >>> check_deal(get_rules("whisk"), deal_cards(random.Random(1), Seat.N))
    Traceback (most recent call last):
    ...
    cavendish.core.errors.DealError: a deal of whisk has 12 cards a hand, not 13
    """
    name = rules.name
    if deal.hand_size != rules.tricks:
        raise DealError(f"a deal of {name} has {rules.tricks} cards a hand, not {deal.hand_size}")
    if bool(deal.stock) != bool(rules.stock):
        raise DealError(
            f"a deal of {name} has a stock of {rules.stock} cards"
            if rules.stock
            else f"a deal of {name} has no stock, but this one has {format_hand(deal.stock)}"
        )
    held = deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.hands[3]
    stray = held & ~pack_of(rules)
    if stray:
        raise DealError(f"the deuces are put out at {name}, but {format_hand(stray)} are dealt")

