"""Simulated figures: the parts of Pole's questions that depend on play.

Design note
-----------
Where a figure depends on what the players do (which card is led from which
holding, who wins the lead back), it is estimated by dealing at random, seeded,
and letting a player choose the cards; the estimate comes with a 95% confidence
interval (Wilson's score interval, :func:`wilson`).

**The classical player.**  By default the simulations play with the classical
player (:class:`cavendish.players.classical.ClassicalPlayer`, the conventions of
``sources/reference/conventions.md``), of the modern school (American leads, C44) or, with
``school="old"``, the old (the lowest of the strong suit, C42): the opening leads
of ``king-second`` are its :meth:`~cavendish.players.classical.ClassicalPlayer.choose`
from the opening leader's view (:func:`classical_lead`), and the ``ace-lead`` hands
are played out by four of its players, one a seat (:func:`classical_players`).

**The stand-in.**  :class:`StandInPlayer` and :func:`standin_lead` are a small
rule-based player kept as a named alternative (``lead=standin_lead``,
``player=StandInPlayer``): its rules are few enough to count, so the tests of the
simulation machinery use it.  Its rules:

* lead trumps with five or more (C48), from the lowest of a head sequence of three
  (A K Q), the K from A K J, the lowest from A K + others unless seven (Clay),
  otherwise as a plain suit but never the ace from A + small (C54);
* otherwise lead the longest plain suit, ties to the one with more honours (C15,
  C16): K from A K (C31, C32), T from K Q J T (C35), K from K Q J x, J from K Q J x x
  (C34), K from K Q (C33), A from A Q J (C36), A from A and four or more small
  (C37), Q from Q J T (C39), J from J T 9 (C40), T / 9 / 8 from K J T (C41), else
  the lowest (C42, profile S1); from a suit of three or fewer (a forced lead),
  the lowest from an honour (A, K, Q) and two small, else the highest (C27-C29);
* second hand low, covering an honour with the lowest card that beats it (C72,
  C74); third hand high unless partner's card holds the trick; fourth hand wins as
  cheaply as he can; a player who cannot follow ruffs with his lowest winning trump
  when the trick is the adversaries', and otherwise throws his lowest plain card;
* later leads: a master card of a suit already led, else the opening rule.

>>> from cavendish.core import Deal
>>> d = Deal.from_pbn("N:A8642.K73.Q5.J92 KQ3.J84.AT7.K853 J975.A92.K864.Q7 T.QT65.J932.AT64",
...                   dealer="W", trump_card="D2")
>>> from cavendish.core import HandState
>>> classical_lead("modern")(HandState(d).view(Seat.N))
Card('SA')
>>> standin_lead(HandState(d).view(Seat.N))
Card('SA')
>>> lo, hi = wilson(45, 100)
>>> round(lo, 3), round(hi, 3)
(0.356, 0.548)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from ..core.cards import CARDS, SUIT_MASK, Card, Seat, Suit
from ..core.deal import Deal
from ..core.events import CardPlayed, Event, TrickQuitted
from ..core.state import HandState, SeatView
from ..core.tricks import winning_index
from ..players.base import Observer, Player, notify_begin
from ..players.classical import ClassicalPlayer

__all__ = [
    "SMALL_TOP",
    "Estimate",
    "LeadRule",
    "PlayerFactory",
    "StandInPlayer",
    "classical_lead",
    "classical_players",
    "simulate_ace_lead",
    "simulate_king_second",
    "standin_lead",
    "wilson",
]

SMALL_TOP = 9
"""A "small" card is a nine or lower (the ten and above are not small)."""

LeadRule = Callable[[SeatView], Card]
"""Chooses the opening lead from the opening leader's view."""

PlayerFactory = Callable[[Seat], Player]
"""Makes the player of one seat for one hand."""

_Z95 = 1.959963984540054
_A, _K, _Q, _J, _T, _9, _8 = 12, 11, 10, 9, 8, 7, 6  # rank indexes within a suit (two = 0)


def wilson(successes: int, trials: int, z: float = _Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (95% by default).

    >>> wilson(0, 10)[0], wilson(10, 10)[1]
    (0.0, 1.0)
    """
    if trials <= 0:
        raise ValueError(f"a confidence interval needs at least one trial, not {trials}")
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return (lo, hi)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A simulated proportion with its 95% confidence interval."""

    successes: int
    trials: int

    @property
    def value(self) -> float:
        """The estimate."""
        return self.successes / self.trials

    @property
    def ci95(self) -> tuple[float, float]:
        """Wilson's 95% interval."""
        return wilson(self.successes, self.trials)


# ----------------------------------------------------------------------------- the lead
def _ranks(hand: int, suit: int) -> list[int]:
    """Rank indexes (0 = two .. 12 = ace) of ``suit`` in ``hand``, highest first."""
    bits = (hand >> (13 * suit)) & 0x1FFF
    return [r for r in range(12, -1, -1) if bits >> r & 1]


def _head_sequence(ranks: list[int]) -> int:
    """How many cards from the top of ``ranks`` (highest first) are in sequence."""
    n = 1
    while n < len(ranks) and ranks[n] == ranks[n - 1] - 1:
        n += 1
    return n


def _plain_long_card(rs: list[int]) -> int:
    """The card (rank index) to lead from a plain suit of four or more (C31-C42)."""
    has = set(rs)
    if _A in has and _K in has:
        return _K  # C31, C32
    if {_K, _Q, _J, _T} <= has:
        return _T  # C35
    if {_K, _Q, _J} <= has:
        return _K if len(rs) == 4 else _J  # C34
    if {_K, _Q} <= has:
        return _K  # C33
    if {_A, _Q, _J} <= has:
        return _A  # C36
    if rs[0] == _A and len(rs) >= 5 and rs[1] <= SMALL_TOP - 2:
        return _A  # C37: ace and four or more small, neither K nor Q J
    if {_Q, _J, _T} <= has and rs[0] == _Q:
        return _Q  # C39
    if {_J, _T, _9} <= has and rs[0] == _J:
        return _J  # C40
    if rs[0] == _K and {_J, _T} <= has and _Q not in has:
        run = _T
        while run - 1 in has:
            run -= 1
            if run <= _8:
                break
        return run  # C41: T, or 9 from K J T 9, or 8 from K J T 9 8
    return rs[-1]  # C42 (S1): the lowest


def _short_card(rs: list[int]) -> int:
    """The card to lead from a suit of three or fewer (a forced lead, C27-C29)."""
    if len(rs) == 3 and rs[0] in (_A, _K, _Q) and rs[1] <= SMALL_TOP - 2:
        return rs[-1]  # C28 (a): an honour and two small, the lowest
    return rs[0]


def _trump_card(rs: list[int]) -> int:
    """The trump to lead from five or more (C54)."""
    head = _head_sequence(rs)
    if rs[0] == _A and head >= 3:
        return rs[head - 1]  # the lowest of a commanding sequence
    has = set(rs)
    if {_A, _K, _J} <= has and _Q not in has:
        return _K
    if {_A, _K} <= has:
        return _K if len(rs) >= 7 else rs[-1]  # Clay: the lowest unless seven
    if {_K, _Q} <= has and _J not in has:
        return rs[-1]
    if rs[0] == _A:
        return rs[-1]  # the ace is held back in trumps
    card = _plain_long_card(rs)
    return card


def _honours(rs: list[int]) -> int:
    return sum(1 for r in rs if r >= _J)


def standin_lead_of(hand: int, trump: Suit | int) -> Card:
    """The stand-in opening lead from ``hand`` (a mask) with ``trump`` trumps.

    >>> from cavendish.core import parse_pbn_hand
    >>> standin_lead_of(parse_pbn_hand("KQ42.A73.95.J862"), Suit.D)
    Card('SK')
    >>> standin_lead_of(parse_pbn_hand("AQ742.7.A9532.86"), Suit.H)
    Card('S2')
    """
    if not hand:
        raise ValueError("an empty hand has no card to lead")
    trumps = _ranks(hand, trump)
    if len(trumps) >= 5:
        return CARDS[13 * trump + _trump_card(trumps)]
    best: tuple[int, int, list[int], int] | None = None
    for s in range(4):
        if s == trump:
            continue
        rs = _ranks(hand, s)
        if not rs:
            continue
        key = (len(rs), _honours(rs), rs, -s)
        if best is None or key > best:
            best = key
    if best is None:
        return CARDS[13 * trump + (_trump_card(trumps) if len(trumps) >= 5 else trumps[-1])]
    rs = best[2]
    suit = -best[3]
    rank = _plain_long_card(rs) if len(rs) >= 4 else _short_card(rs)
    return CARDS[13 * suit + rank]


def standin_lead(view: SeatView) -> Card:
    """The stand-in opening lead for the seat of ``view`` (see the module note)."""
    return standin_lead_of(view.hand, view.trump)


# ----------------------------------------------------------------------------- the play
class StandInPlayer:
    """A small rule-based player standing in for the classical player (module note).

    >>> import random as r
    >>> from cavendish.core import deal_cards
    >>> state = HandState(deal_cards(r.Random(4), Seat.S))
    >>> players = {s: StandInPlayer(s) for s in Seat}
    >>> while not state.is_over:
    ...     _ = state.play(players[state.turn].choose(state.view(state.turn)))
    >>> state.tricks_won(0) + state.tricks_won(1)
    13
    """

    def __init__(self, seat: Seat, name: str = "stand-in") -> None:
        self.seat = seat
        self.name = name
        self._played = 0
        self._led_suits = 0
        self._in_trick = 0

    def begin_hand(self, view: SeatView) -> None:
        """Forget the last hand."""
        self._played = 0
        self._led_suits = 0
        self._in_trick = 0

    def observe(self, event: Event) -> None:
        """Remember every card played and every suit led."""
        if isinstance(event, TrickQuitted):
            self._in_trick = 0
        elif isinstance(event, CardPlayed):
            self._played |= 1 << event.card
            if self._in_trick == 0:
                self._led_suits |= 1 << (event.card // 13)
            self._in_trick += 1

    def choose(self, view: SeatView) -> Card:
        """A legal card for ``view`` by the stand-in rules."""
        if not view.legal:
            raise ValueError(f"{self.name}: seat {view.seat} has no card to play")
        if not view.trick:
            return self._lead(view)
        return self._follow(view)

    def _lead(self, view: SeatView) -> Card:
        if view.trick_number == 0:
            return standin_lead(view)
        hand = view.hand
        gone = self._played | hand
        for s in range(4):
            if not self._led_suits >> s & 1:
                continue
            rs = _ranks(hand, s)
            if not rs:
                continue
            outstanding = [r for r in range(12, -1, -1) if not gone >> (13 * s + r) & 1]
            if not outstanding or rs[0] > outstanding[0]:
                return CARDS[13 * s + rs[0]]
        return standin_lead_of(hand, view.trump)

    def _follow(self, view: SeatView) -> Card:
        trick = view.trick
        led_card = trick[0][1]
        led = led_card // 13
        trump = int(view.trump)
        win_seat, win_card = trick[winning_index([card for _, card in trick], trump)]
        partner_wins = win_seat == view.seat.partner
        legal = view.legal
        follow = legal & SUIT_MASK[led]
        position = len(trick) + 1
        if follow:
            rs = _ranks(follow, led)
            beating = [r for r in rs if win_card // 13 == led and 13 * led + r > win_card]
            if position == 2:
                if led_card % 13 >= _J and beating:
                    return CARDS[13 * led + beating[-1]]
                return CARDS[13 * led + rs[-1]]
            if partner_wins and (position == 4 or win_card % 13 >= _Q or win_card // 13 != led):
                return CARDS[13 * led + rs[-1]]
            if position == 3 and beating:
                top = rs[: _head_sequence(rs)]
                return CARDS[13 * led + top[-1]]
            if beating:
                return CARDS[13 * led + beating[-1]]
            return CARDS[13 * led + rs[-1]]
        trumps = _ranks(legal, trump)
        if trumps and not partner_wins:
            if win_card // 13 == trump:
                over = [r for r in trumps if 13 * trump + r > win_card]
            else:
                over = trumps
            if over:
                return CARDS[13 * trump + over[-1]]
        plain = legal & ~SUIT_MASK[trump]
        pool = plain if plain else legal
        return CARDS[min((c for c in range(52) if pool >> c & 1), key=lambda c: c % 13)]


# ----------------------------------------------------------------------------- the classical player
def classical_lead(school: str = "modern", seed: int = 0) -> LeadRule:
    """The classical player's opening lead (school ``modern`` or ``old``), as a lead rule.

    Each call starts the player's hand afresh (``begin_hand``) from the view given.

    >>> from cavendish.core import Deal
    >>> d = Deal.from_pbn("N:T8642.K73.Q5.J92 KQ3.J84.AT7.K853 J975.A92.K864.Q7 "
    ...                   "A.QT65.J932.AT64", dealer="W", trump_card="D2")
    >>> view = HandState(d).view(Seat.N)
    >>> classical_lead("modern")(view), classical_lead("old")(view)
    (Card('S4'), Card('S2'))
    """
    player = ClassicalPlayer(school, seed, f"classical ({school})")

    def lead(view: SeatView) -> Card:
        player.begin_hand(view)
        return player.choose(view)

    lead.__name__ = f"classical_lead({school!r})"
    return lead


def classical_players(school: str = "modern", seed: int = 0) -> PlayerFactory:
    """Makes one classical player (school ``modern`` or ``old``) for each seat.

    >>> classical_players("old", 3)(Seat.E)
    ClassicalPlayer(school='old', seed=4, name='classical (old) E')
    """
    ClassicalPlayer(school, seed)  # an unknown school fails here, not at the first deal

    def make(seat: Seat) -> Player:
        return ClassicalPlayer(school, seed + int(seat), f"classical ({school}) {seat}")

    make.__name__ = f"classical_players({school!r})"
    return make


# ----------------------------------------------------------------------------- king second
def _small_cards(suit: int) -> list[int]:
    return [13 * suit + r for r in range(SMALL_TOP - 1)]


def _deal_king_second(rng: random.Random, trumps: bool) -> tuple[Deal, int]:
    """A deal, dealer W and leader N, in which E (second hand) holds exactly K and a small
    card of suit ``s``; the turn-up is of ``s`` (not its ace) if ``trumps``, else not of ``s``.
    """
    s = rng.randrange(4)
    king = 13 * s + _K
    x = rng.choice(_small_cards(s))
    suit_cards = [c for c in range(13 * s, 13 * s + 13) if c not in (king, x)]
    others = [c for c in range(52) if c // 13 != s]
    if trumps:
        turn = rng.choice([c for c in suit_cards if c % 13 != _A])
        suit_cards.remove(turn)
    else:
        turn = rng.choice(others)
        others.remove(turn)
    rng.shuffle(others)
    east = [king, x, *others[:11]]
    rest = others[11:] + suit_cards
    rng.shuffle(rest)
    north, south, west = rest[:13], rest[13:26], [*rest[26:], turn]
    hands = tuple(sum(1 << c for c in h) for h in (north, east, south, west))
    return Deal((hands[0], hands[1], hands[2], hands[3]), Seat.W, CARDS[turn]), s


def simulate_king_second(
    trumps: bool,
    samples: int,
    seed: int,
    lead: LeadRule | None = None,
    *,
    school: str = "modern",
) -> dict[str, Estimate]:
    """Where the ace lies when second hand holds K and a small card and a small card is led.

    Deals are drawn at random (seeded) given that second hand holds exactly K and one
    small card of a suit (of trumps if ``trumps``, the turn-up not being the ace, or
    of a plain suit); the opening leader's card is chosen by ``lead`` (by default the
    classical player of ``school``, :func:`classical_lead`); the deal counts
    when a small card of that suit is led, until ``samples`` deals have counted.
    Returns estimates keyed ``leader``, ``third``, ``fourth`` (where the ace lies) and
    ``king-wins`` (the ace is not with the third hand: Pole sets aside the fourth
    hand's ace, which he will not put on his partner's king).

    >>> est = simulate_king_second(False, 50, seed=1)
    >>> sum(est[k].successes for k in ("leader", "third", "fourth")) == est["leader"].trials
    True
    """
    if samples < 1:
        raise ValueError(f"samples must be positive, not {samples}")
    if lead is None:
        lead = classical_lead(school, seed)
    rng = random.Random(seed)
    where = {"leader": 0, "third": 0, "fourth": 0}
    counted = 0
    attempts = 0
    while counted < samples:
        attempts += 1
        if attempts > 400 * samples + 10_000:
            raise RuntimeError("the lead rule almost never leads a small card of the suit")
        deal, s = _deal_king_second(rng, trumps)
        view = HandState(deal).view(Seat.N)
        card = lead(view)
        if card // 13 != s or card % 13 > SMALL_TOP - 2:
            continue
        counted += 1
        ace = 13 * s + _A
        if deal.hands[Seat.N] >> ace & 1:
            where["leader"] += 1
        elif deal.hands[Seat.S] >> ace & 1:
            where["third"] += 1
        else:
            where["fourth"] += 1
    out = {k: Estimate(v, counted) for k, v in where.items()}
    out["king-wins"] = Estimate(counted - where["third"], counted)
    return out


# ----------------------------------------------------------------------------- ace and four small
def _deal_ace_four_small(rng: random.Random) -> tuple[Deal, int]:
    """Leader N holds the ace and four small cards of a plain suit ``s``; dealer W."""
    s = rng.randrange(4)
    smalls = _small_cards(s)
    rng.shuffle(smalls)
    mine = [13 * s + _A, *smalls[:4]]
    suit_rest = [c for c in range(13 * s, 13 * s + 13) if c not in mine]
    others = [c for c in range(52) if c // 13 != s]
    turn = rng.choice(others)
    others.remove(turn)
    rng.shuffle(others)
    north = mine + others[:8]
    rest = others[8:] + suit_rest
    rng.shuffle(rest)
    east, south, west = rest[:13], rest[13:26], [*rest[26:], turn]
    hands = tuple(sum(1 << c for c in h) for h in (north, east, south, west))
    return Deal((hands[0], hands[1], hands[2], hands[3]), Seat.W, CARDS[turn]), s


def _play_out(state: HandState, players: dict[Seat, Player], first: Card) -> None:
    for seat, p in players.items():
        notify_begin(p, state.view(seat))
    # the observers, found once (a runtime protocol check per card would be slow)
    observers = [p.observe for p in players.values() if isinstance(p, Observer)]
    card: Card = first
    while True:
        event = state.play(card)
        for observe in observers:
            observe(event)
        if state.trick_number and not state.current_trick:
            quitted = state.events[-1]
            for observe in observers:
                observe(quitted)
        if state.is_over:
            return
        card = players[state.turn].choose(state.view(state.turn))


def simulate_ace_lead(
    first: str,
    samples: int,
    seed: int,
    player: PlayerFactory | None = None,
    *,
    school: str = "modern",
) -> dict[str, Estimate]:
    """The lead from the ace and four small cards of a plain suit, played out.

    Deals are drawn at random (seeded) given that the opening leader holds the ace and
    exactly four small cards of a suit that is not trumps.  He opens with the ace
    (``first="ace"``) or with his lowest card of the suit (``first="small"``); every
    later card is chosen by the players ``player`` makes (by default classical players
    of ``school``, :func:`classical_players`).  Returns ``ace-wins-first``
    (the ace wins the first trick) and ``makes-a-trick`` (the leader wins at least
    one trick with a card of the suit).

    >>> est = simulate_ace_lead("ace", 20, seed=2)
    >>> est["ace-wins-first"].trials, est["ace-wins-first"].value <= est["makes-a-trick"].value
    (20, True)
    """
    if first not in ("ace", "small"):
        raise ValueError(f"first must be 'ace' or 'small', not {first!r}")
    if samples < 1:
        raise ValueError(f"samples must be positive, not {samples}")
    if player is None:
        player = classical_players(school, seed)
    rng = random.Random(seed)
    ace_first = 0
    makes = 0
    for _ in range(samples):
        deal, s = _deal_ace_four_small(rng)
        state = HandState(deal)
        players = {seat: player(seat) for seat in Seat}
        mine = [c for c in range(13 * s, 13 * s + 13) if deal.hands[Seat.N] >> c & 1]
        opening = CARDS[mine[-1] if first == "ace" else mine[0]]
        _play_out(state, players, opening)
        tricks = state.tricks
        if tricks[0].winner == Seat.N and tricks[0].cards[0] % 13 == _A:
            ace_first += 1
        if any(t.winner == Seat.N and t.card_of(Seat.N) // 13 == s for t in tricks):
            makes += 1
    return {
        "ace-wins-first": Estimate(ace_first, samples),
        "makes-a-trick": Estimate(makes, samples),
    }
