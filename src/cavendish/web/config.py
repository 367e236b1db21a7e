"""What a table is, and how its session is rebuilt from the stored events.

Design note
-----------
A table is its :class:`TableConfig` (variant, who holds each seat, names, seed,
rubbers, practice) plus a list of :data:`Action` s: ``("deal",)`` starts the next
hand, ``("card", "SA")`` plays a card for the seat to play.  Replaying the
actions through :func:`apply_action` on a fresh session built by
:func:`build_session` gives the same table again: the seed fixes the cut and the
deals, the cards fix the play.  This is how a server killed with ``kill -9``
restores its tables, and how a worker process of the computer players' pool
brings its copy of a table up to date.

A person's claim, concession and taking back (practice tables) are actions too:
``("claim", "S", "5")`` (``"all"``: every trick left), ``("concede", "S")``,
``("undo", "S")``, applied through the session's own
:meth:`~cavendish.game.session.Session.claim_tricks`, ``concede`` and ``undo``, so
that a restart replays them as it replays the cards.  A claim is judged double
dummy (:func:`~cavendish.game.claims.claim_holds`): the same verdict on every
replay.  A hand that ends (its last card, or a claim or concession accepted) is
scored at once (``finish_hand``); the next hand is dealt by a ``deal`` action.

At long whist a table may leave the call of honours at eight to the players
(``"calls": "players"``, :mod:`cavendish.game.calling`): a person's "Can you
one?" is ``("call", "S")``, reminding partner ``("remind", "S")`` (always wrong),
his answer to his computer partner's question ``("answer", "S", "yes" | "no")``,
and the adversaries' answer to a wrong call ``("elect", "E", "fresh" or
"stand")``.  The computer players' calls are made by the session itself (a rule
of 001, not a choice), so the server's session knows which seats are computers
(:class:`ThinksElsewhere` holds them: it is never asked for a card).  So it does at
ruff-and-honours: a computer holding the ace of trumps ruffs as the hand is dealt
(:mod:`cavendish.players.ruff`'s rule, the same in the pool's session and the
server's), where a person's ruff is his own act.

>>> cfg = TableConfig.from_request({"variant": "dummy", "seats": {"S": "human"}}, seed=5)
>>> cfg.kinds
{'E': 'classical', 'S': 'human', 'W': 'classical'}
>>> session = build_session(cfg)
>>> session.dummies
(<Seat.N: 0>,)
>>> _ = apply_action(session, ("deal",))
>>> session.to_play is not None
True
"""

from __future__ import annotations

import json
import random
import secrets
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..core.cards import Card, Seat
from ..core.errors import SettingsError
from ..core.events import Event
from ..core.rules import Rules, UnknownVariant, get_rules, variant_names
from ..core.state import SeatView
from ..game.laws_session import laws_refusal
from ..game.seating import Seating
from ..game.session import HONOURS_MODES, Session
from ..players import Player, PlayerError, get_player
from ..players.options import PlayerOptionError, parse_kind
from .boards import BoardSession

__all__ = [
    "CALLS",
    "FOLLOW",
    "HUMAN",
    "OPTION_CAPS",
    "Action",
    "ConfigError",
    "TableConfig",
    "ThinksElsewhere",
    "apply_action",
    "board_session",
    "build_session",
    "check_kind",
    "default_dummies",
    "printable",
    "request_honours",
    "request_object",
    "request_seed",
    "request_variant",
]

HUMAN = "human"
DUMMY = "dummy"

Action = tuple[str, ...]
"""``("deal",)``, ``("card", "SA")``, ``("claim", "S", "5" or "all")``,
``("concede", "S")``, ``("undo", "S")``; at long whist with ``calls="players"``
``("call", "S")``, ``("remind", "S")``, ``("answer", "S", "yes" | "no")`` (to a
computer partner's "Can you one?"), ``("elect", "E", "fresh" | "stand")``; with
``honours="claim"`` ``("honours", "S")``, a person's claim of his side's honours at the
end of the hand (laws 6-7)."""

CALLS = ("auto", "players")
SEATS = ("N", "E", "S", "W")

MAX_NAME = 24

FOLLOW = ("none", "one", "all")
"""Who a spectator may follow (:mod:`.spectators`): nobody, one player's hand, or
every hand (for teaching)."""

OPTION_CAPS = {"worlds": 64, "min_worlds": 64, "exact": 128, "candidates": 13,
               "work": 5000, "time_ms": 3000}
"""The largest value a computer player's option may take at a web table (a search
player's budget: 64 worlds answer in about a second); any other number is capped
at :data:`OTHER_CAP`, and a kind is at most :data:`MAX_KIND` characters."""
OTHER_CAP = 100
MAX_KIND = 80

_SHOWN_FORMAT = frozenset("\u200c\u200d")
"""Format characters a text may hold (the joiners of emoji and of some scripts);
every other (the bidirectional overrides, U+202A-U+202E, U+2066-U+2069) is refused."""


def printable(raw: object, what: str, *, limit: int, lines: bool = False) -> str:
    r"""``raw`` stripped, if it is printable text of 1 to ``limit`` characters (with
    ``lines``, newlines and tabs allowed), else ConfigError naming ``what``: no
    control, format (bidirectional overrides), surrogate, private or unassigned
    character.

    >>> printable(" Ann ", "name", limit=24)
    'Ann'
    >>> printable("\ud800", "name", limit=24)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cavendish.web.config.ConfigError: name '\ud800': holds U+D800, a control character ...
    >>> printable("A\u202eB", "name", limit=24)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cavendish.web.config.ConfigError: name 'A\u202eB': holds U+202E, a control character ...
    """
    if not isinstance(raw, str):
        raise ConfigError(f"{what} {raw!r}: expected text")
    text = raw.strip()
    if not text:
        raise ConfigError(f"{what}: the text is empty")
    if len(text) > limit:
        raise ConfigError(f"{what}: {len(text)} characters: at most {limit}")
    for c in text:
        category = unicodedata.category(c)
        if category in ("Cs", "Co", "Cn") or (category == "Cc" and not (lines and c in "\n\t")) \
                or (category == "Cf" and c not in _SHOWN_FORMAT):
            raise ConfigError(f"{what} {raw!r}: holds U+{ord(c):04X}, a control character "
                              "or another that prints nothing: printable text only")
    return text


def check_kind(raw: object, what: str) -> str:
    """A computer player's kind as a web table allows it: a known kind whose options
    are within :data:`OPTION_CAPS`; else ConfigError naming ``what``.

    >>> check_kind("search:worlds=32", "seats: E")
    'search:worlds=32'
    >>> check_kind("search:worlds=1000000", "seats: E")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cavendish.web.config.ConfigError: seats: E: 'search:worlds=1000000': worlds=1000000 is more ...
    """
    if not isinstance(raw, str) or not raw.strip() or len(raw) > MAX_KIND:
        raise ConfigError(f"{what}: {raw!r}: expected a kind of player such as \"classical\" "
                          f"(at most {MAX_KIND} characters)")
    kind = raw.strip()
    try:
        _, options = parse_kind(kind)
        for key, value in options.items():
            try:
                number = float(value)
            except ValueError:
                continue
            cap = OPTION_CAPS.get(key, OTHER_CAP)
            if not number <= cap:  # NaN too
                raise ConfigError(f"{what}: {kind!r}: {key}={value} is more than this server "
                                  f"allows ({cap})")
        get_player(kind, 0, "check")
    except (ValueError, PlayerError, PlayerOptionError) as exc:
        if isinstance(exc, ConfigError):
            raise
        raise ConfigError(f"{what}: {exc}") from None
    return kind


class ConfigError(SettingsError):
    """A table asked for with a bad variant, seat, kind or name."""


def default_dummies(rules: Rules) -> tuple[Seat, ...]:
    """The seats left to dummies when the request names none: N at dummy whist,
    N and E at double dummy (the people sit S and W, each opposite a dummy).

    >>> default_dummies(get_rules("double-dummy"))
    (<Seat.N: 0>, <Seat.E: 1>)
    """
    return (Seat.N, Seat.E)[: 4 - rules.players]


@dataclass(frozen=True)
class TableConfig:
    """A table: its variant, who holds each seat, names, seed and length."""

    variant: str
    kinds: dict[str, str]
    """Seat letter -> ``human`` or a computer kind (``classical:school=old``);
    dummy seats are left out."""
    names: dict[str, str]
    seed: int
    rubbers: int = 1
    practice: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    auto_last: bool = True
    """A person's last card of the hand plays itself (:attr:`Session.auto_last`)."""
    computer_claims: bool = True
    """The computer players claim the tricks left when sure of them all."""
    calls: str = "auto"
    """Long whist's call at eight: made by the engine (``auto``) or the players' act
    (``players``, :attr:`Session.calls`)."""
    laws: bool = False
    """Played under the laws (:mod:`.laws_table`): irregularities allowed and ruled on."""
    follow: str | None = None
    """Who a spectator may follow (:data:`FOLLOW`); None: the default, :attr:`following`."""
    honours: str = "auto"
    """Honours scored for the side that held them (``auto``) or claimed by the players
    (``claim``, laws 6-7, :attr:`Session.honours`): a person is asked at the end of the
    hand, computers claim at once, and a side that has not claimed when the next hand
    is dealt (before its trump card is turned up) loses them."""

    @property
    def following(self) -> str:
        """``none``, ``one`` or ``all``: as asked, else ``none`` where two or more
        people play (a friend watching in another browser could tell one of them the
        others' cards) and ``one`` where one person plays.

        >>> TableConfig("short", {"S": HUMAN, "N": HUMAN}, {}, 1).following
        'none'
        >>> TableConfig("short", {"S": HUMAN, "N": "classical"}, {}, 1).following
        'one'
        """
        if self.follow is not None:
            return self.follow
        return "none" if len(self.humans) >= 2 else "one"

    @property
    def rules(self) -> Rules:
        """The variant's rules."""
        return get_rules(self.variant)

    @property
    def humans(self) -> list[Seat]:
        """Seats held by people, in order N E S W."""
        return [Seat.parse(s) for s in sorted(self.kinds, key="NESW".index)
                if self.kinds[s] == HUMAN]

    def event(self, table_id: str) -> str:
        """The name of the table's hands in its PBN and the members' records: marked
        when a spectator could follow a hidden hand (issue 30).

        >>> TableConfig("short", {"S": HUMAN}, {}, 1).event("t1")
        'Cavendish table t1 (spectators could follow one hand)'
        """
        event = f"Cavendish table {table_id}"
        if self.following != "none":
            event += f" (spectators could follow {self.following} hand"
            event += "s)" if self.following == "all" else ")"
        return event

    def kind_of(self, seat: Seat) -> str | None:
        """``human``, a computer kind, or None for a dummy."""
        return self.kinds.get(str(seat))

    def to_json(self) -> str:
        """The config as stored."""
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> TableConfig:
        """The config stored by :meth:`to_json`."""
        data = json.loads(text)
        # names stored before names were checked: shown, never a page that fails
        data["names"] = {s: "".join(c if c.isprintable() else "?" for c in n)
                         for s, n in data["names"].items()}
        return cls(**data)

    @classmethod
    def from_request(cls, body: Mapping[str, Any], *, seed: int) -> TableConfig:
        """A config from ``POST /api/tables``'s body, checked; seats not given are
        computer players of ``body["computer"]`` (default ``classical``), except
        the variant's dummies."""
        variant, rules = request_variant(body)
        computer = str(body.get("computer", "classical"))
        seats_in = body.get("seats", {}) or {}
        names_in = body.get("names", {}) or {}
        if not isinstance(seats_in, Mapping) or not isinstance(names_in, Mapping):
            raise ConfigError("seats and names: expected objects such as {\"S\": \"human\"}")
        given: dict[Seat, str] = {}
        for key, kind in seats_in.items():
            if key not in SEATS:
                raise ConfigError(f"seats: {key!r} is not a seat (N, E, S or W, capitals)")
            if not isinstance(kind, str):
                raise ConfigError(f"seats: {key}: {kind!r}: expected \"human\", \"dummy\" "
                                  "or a kind of computer player")
            given[Seat.parse(key)] = kind.strip()
        for key in names_in:
            if key not in SEATS:
                raise ConfigError(f"names: {key!r} is not a seat (N, E, S or W, capitals)")
        dummies = [s for s, k in given.items() if k == DUMMY]
        if not dummies:
            dummies = [s for s in default_dummies(rules) if given.get(s) in (None, DUMMY)]
        want = 4 - rules.players
        if len(dummies) != want:
            raise ConfigError(
                f"seats: {variant} has {want} dumm{'y' if want == 1 else 'ies'}, "
                f"the request leaves {len(dummies)} ({''.join(str(d) for d in dummies) or '-'})"
            )
        kinds: dict[str, str] = {}
        for seat in Seat:
            if seat in dummies:
                continue
            kind = given.get(seat, computer)
            if kind != HUMAN:
                kind = check_kind(kind, f"seats: {seat}")
            kinds[str(seat)] = kind
        names: dict[str, str] = {}
        for s in kinds:
            raw = names_in.get(s) or ""
            name = printable(raw, f"names: {s}", limit=MAX_NAME) if raw else ""
            if not name:
                kind = kinds[s].split(":")[0].title()
                name = f"Guest {s}" if kinds[s] == HUMAN else f"{kind} {s}"
            names[s] = name
        if len(set(names.values())) != len(names):
            names = {s: f"{n} ({s})" for s, n in names.items()}
        rubbers = body.get("rubbers", 1)
        if not isinstance(rubbers, int) or isinstance(rubbers, bool) or not 1 <= rubbers <= 10:
            raise ConfigError(f"rubbers {rubbers!r}: expected a whole number from 1 to 10")
        practice = body.get("practice", False)
        if not isinstance(practice, bool):
            raise ConfigError(f"practice {practice!r}: expected true or false")
        laws = body.get("laws", False)
        if not isinstance(laws, bool):
            raise ConfigError(f"laws {laws!r}: expected true or false")
        refused = laws_refusal(rules) if laws else None
        if refused is not None:
            raise ConfigError(f"laws: {refused}: play it without the laws")
        if laws and practice:
            raise ConfigError("laws and practice: a table under the laws is no practice table "
                              "(no hints, no cards taken back): ask for one or the other")
        for flag in ("auto_last", "computer_claims"):
            if not isinstance(body.get(flag, True), bool):
                raise ConfigError(f"{flag} {body[flag]!r}: expected true or false")
        calls = body.get("calls", "auto")
        if calls not in CALLS:
            raise ConfigError(f"calls {calls!r}: expected \"auto\" or \"players\"")
        if calls == "players" and rules.call_honours_at is None:
            raise ConfigError(f"calls \"players\": {variant} whist has no call of honours "
                              "(long whist has, at eight)")
        if calls == "players" and laws:
            raise ConfigError('calls "players" and laws: under the laws the call of honours '
                              "is the engine's (laws 3-4): ask for one or the other")
        follow = body.get("follow")
        if follow is not None and follow not in FOLLOW:
            raise ConfigError(f"follow {follow!r}: expected \"none\", \"one\" or \"all\"")
        honours = request_honours(body, rules, laws=laws)
        extra: dict[str, Any] = {}
        slips = body.get("score_slips")
        if slips is not None:  # laws 11-12: the scorer's errors, for the players to prove
            if not laws or not isinstance(slips, int | float) or isinstance(slips, bool) \
                    or not 0 <= slips <= 1:
                raise ConfigError(f"score_slips {slips!r}: a chance from 0 to 1 that the "
                                  "scorer writes a hand down wrongly, at a table under the laws")
            extra["score_slips"] = float(slips)
        deal_slips = body.get("deal_slips")
        if deal_slips is not None:  # laws 36-51: the people's own deals slip at this chance
            if not laws or not isinstance(deal_slips, int | float) \
                    or isinstance(deal_slips, bool) or not 0 <= deal_slips <= 1:
                raise ConfigError(f"deal_slips {deal_slips!r}: a chance from 0 to 1 that a "
                                  "person's deal slips, at a table under the laws")
            extra["deal_slips"] = float(deal_slips)
        computer_slips = body.get("computer_deal_slips")
        if computer_slips is not None:  # laws 36-51: the computers' deals slip too
            if not laws or not isinstance(computer_slips, int | float) \
                    or isinstance(computer_slips, bool) or not 0 <= computer_slips <= 1:
                raise ConfigError(f"computer_deal_slips {computer_slips!r}: a chance from 0 "
                                  "to 1 that a computer's deal slips, at a table under the laws")
            extra["computer_deal_slips"] = float(computer_slips)
        return cls(variant, kinds, names, seed, rubbers, practice, extra=extra,
                   auto_last=body.get("auto_last", True),
                   computer_claims=body.get("computer_claims", True), calls=calls, laws=laws,
                   follow=follow, honours=honours)


async def request_object(request: Any) -> dict[str, Any]:
    """The JSON object a request (``starlette.requests.Request``) carries, or
    ConfigError saying what it is instead."""
    try:
        body = await request.json()
    except ValueError:
        raise ConfigError("the body is not JSON") from None
    except RecursionError:
        raise ConfigError("the body is JSON nested too deep") from None
    if not isinstance(body, dict):
        raise ConfigError("expected a JSON object")
    return body


def request_variant(body: Mapping[str, Any], error: type[SettingsError] = ConfigError
                    ) -> tuple[str, Rules]:
    """The ``variant`` of a request's body (default ``short``) and its rules, or
    ``error`` naming the variants there are.

    >>> request_variant({"variant": " Long "})[0]
    'long'
    >>> request_variant({"variant": "bridge"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cavendish.web.config.ConfigError: variant 'bridge': expected one of american, ...
    """
    variant = str(body.get("variant", "short")).strip().lower()
    try:
        return variant, get_rules(variant)
    except UnknownVariant:
        raise error(f"variant {variant!r}: expected one of {', '.join(variant_names())}"
                    ) from None


def request_honours(body: Mapping[str, Any], rules: Rules, *, laws: bool = False) -> str:
    """The ``honours`` of a request's body (default ``auto``): ``claim`` (the players
    claim them, laws 6-7) where the variant scores honours and the table is not under
    the laws (whose arbiter scores them), else ConfigError.

    >>> request_honours({"honours": "claim"}, get_rules("short"))
    'claim'
    >>> request_honours({"honours": "claim"}, get_rules("clay"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cavendish.web.config.ConfigError: honours "claim": clay whist scores no honours
    """
    honours = body.get("honours", "auto")
    if honours not in HONOURS_MODES:
        raise ConfigError(f"honours {honours!r}: expected one of "
                          f"{', '.join(repr(m) for m in HONOURS_MODES)}")
    if honours == "claim" and not rules.honours:
        raise ConfigError(f'honours "claim": {rules.name} whist scores no honours')
    if honours == "claim" and laws:
        raise ConfigError('honours "claim" and laws: under the laws the arbiter scores the '
                          "honours: ask for one or the other")
    return str(honours)


def request_seed(body: Mapping[str, Any]) -> int:
    """The ``seed`` of a request's body, checked: a whole number from 0 to 2**63 - 1,
    or a random one when it is absent or null.

    >>> request_seed({"seed": 7})
    7
    >>> request_seed({"seed": -1})
    Traceback (most recent call last):
    ...
    cavendish.web.config.ConfigError: seed -1: expected a whole number >= 0
    """
    seed = body.get("seed")
    if seed is None:
        return secrets.randbelow(2**31)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise ConfigError(f"seed {seed!r}: expected a whole number >= 0")
    return seed


def _player_seed(seed: int, seat: Seat) -> int:
    return (seed * 7919 + int(seat) * 104729) % (2**31)


@dataclass
class ThinksElsewhere:
    """A computer player's place in the server's own session when the players call
    honours (``calls="players"``) or at ruff-and-honours: the session must know the
    seat is a computer's (its calls and its ruff are the session's to make), but the
    card is chosen in the pool.

    >>> ThinksElsewhere("Classical E").choose(None)  # type: ignore[arg-type]
    Traceback (most recent call last):
    ...
    cavendish.web.config.ConfigError: Classical E thinks in the pool, not in the server
    """

    name: str

    def choose(self, view: SeatView) -> Card:
        """Never asked: the server takes a computer's card from the pool."""
        raise ConfigError(f"{self.name} thinks in the pool, not in the server")


def board_session(config: TableConfig, players: Mapping[Seat, Player | None],
                  names: Mapping[Seat, str]) -> Session:
    """The session of a challenge's table (``config.extra["boards"]``), called by
    :func:`build_session`: its boards, told no score, as in a match."""
    session = BoardSession.seated(config.rules, players, config.seed, names=names,
                                  rubbers=None, max_hands=int(config.extra["boards"]),
                                  auto_last=config.auto_last,
                                  computer_claims=config.computer_claims)
    assert isinstance(session, BoardSession)
    session.tell_score = False
    session.match_seed = config.seed
    computers = {s: k for s, k in config.kinds.items() if k != HUMAN}
    if any(players.get(Seat.parse(s)) is not None for s in computers):
        session.kinds = {Seat.parse(s): k for s, k in computers.items()}
    return session


def build_session(config: TableConfig, *, computers: bool = False) -> Session:
    """A fresh session for ``config``: every seat held by None (the server
    supplies every card), or with ``computers`` the computer players in their
    seats (in a worker of the pool)."""
    players: dict[Seat, Player | None] = {}
    for s, kind in config.kinds.items():
        seat = Seat.parse(s)
        player: Player | None = None
        if computers and kind != HUMAN:
            player = get_player(kind, _player_seed(config.seed, seat), config.names[s])
        elif (config.calls == "players" or config.rules.ruff
              or config.honours == "claim") and kind != HUMAN:
            # the session acts for the computers itself (a call at eight, the ruff as
            # the hand is dealt, their claim of honours): it must know them, as the
            # pool's session does
            player = ThinksElsewhere(config.names[s])
        players[seat] = player
    session = _new_session(config, players)
    # ruff-and-honours: the server's session asks a person holding the ace of trumps
    # whether he ruffs (a stored ``ruff`` action answers); the pool's never waits
    session.offer_ruff = config.rules.ruff and not computers
    return session


def _new_session(config: TableConfig, players: dict[Seat, Player | None]) -> Session:
    """The session of :func:`build_session`, its players chosen."""
    names = {Seat.parse(s): n for s, n in config.names.items()}
    if config.extra.get("boards"):  # a duplicate challenge's table: the harness's boards
        return board_session(config, players, names)
    dealer = config.extra.get("dealer")
    if dealer is not None:  # a rubber of the room: its cut seated the four and chose the
        # dealer (law 16, :func:`~cavendish.game.seating.seat_four`), not a cut of its own
        return Session(config.rules, Seating(names, (), Seat.parse(dealer), None), players,
                       random.Random(config.seed), rubbers=config.rubbers,
                       practice=config.practice, auto_last=config.auto_last,
                       computer_claims=config.computer_claims, calls=config.calls,
                       honours=config.honours)
    return Session.seated(config.rules, players, config.seed, names=names,
                          rubbers=config.rubbers, practice=config.practice,
                          auto_last=config.auto_last,
                          computer_claims=config.computer_claims, calls=config.calls,
                          honours=config.honours)


def apply_action(session: Session, action: Sequence[str]) -> list[Event]:
    """Apply one stored action; a hand that ends by it (its last card, a claim or a
    concession accepted) is scored at once.  Raises what the session raises (an
    illegal card, a claim when nothing is left, an undo outside practice: nothing
    changes), or :class:`ConfigError` for an action of no known shape.

    >>> cfg = TableConfig.from_request({"seats": {"S": "human"}}, seed=5)
    >>> session = build_session(cfg)
    >>> _ = apply_action(session, ("deal",))
    >>> [str(e) for e in apply_action(session, ("concede", "S"))]
    ['S concedes the last 13 tricks']
    >>> session.state is None, session.hands[-1].result.tricks
    (True, (0, 13))
    """
    kind = action[0] if action else None
    events: list[Event]
    if kind == "deal" and len(action) == 1:
        if session.state is not None and session.honours_claim_due is not None:
            # the next deal: honours not claimed by now cannot be scored (law 6)
            session.finish_hand()
        return session.start_hand()
    if kind == "again" and len(action) == 1:
        # another rubber with the same people: the session was over, it plays one more
        if not session.is_over:
            raise ConfigError("again: another rubber is started once the session is over")
        session.rubbers = session.units_finished + 1
        return []
    if kind == "card" and len(action) == 2:
        events = session.play(Card.parse(action[1]))
    elif kind == "claim" and len(action) == 3:
        tricks = None if action[2] == "all" else int(action[2])
        events = [session.claim_tricks(Seat.parse(action[1]), tricks)]
    elif kind == "concede" and len(action) == 2:
        events = [session.concede(Seat.parse(action[1]))]
    elif kind == "undo" and len(action) == 2:
        events = [session.undo(Seat.parse(action[1]))]
    elif kind in ("call", "remind") and len(action) == 2:
        seat = Seat.parse(action[1])
        outcome = session.call_honours(seat) if kind == "call" else session.remind(seat)
        events = [] if outcome.called is None else [outcome.called]
    elif kind == "answer" and len(action) == 3 and action[2] in ("yes", "no"):
        outcome = session.answer_call(Seat.parse(action[1]), action[2] == "yes")
        events = [] if outcome.called is None else [outcome.called]
    elif kind == "elect" and len(action) == 3 and action[2] in ("fresh", "stand"):
        session.elect_fresh_deal(Seat.parse(action[1]), action[2] == "fresh")
        events = []
    elif kind == "honours" and len(action) == 2:
        events = [session.claim_honours(Seat.parse(action[1]))]
    elif kind == "ruff" and len(action) in (2, 6):  # ruff-and-honours: declined, or the
        # stock taken in and these four put out (000)
        events = [session.ruff(Seat.parse(action[1]), action[2:])]
    else:
        raise ConfigError(f"action {list(action)!r}: expected ['deal'], ['again'], "
                          "['card', CARD], ['claim', SEAT, N or 'all'], ['concede', SEAT], "
                          "['undo', SEAT], ['call', SEAT], ['remind', SEAT], "
                          "['answer', SEAT, 'yes' or 'no'], ['elect', SEAT, 'fresh' or 'stand'] "
                          "['honours', SEAT] or ['ruff', SEAT, and four CARDs put out or "
                          "none]")
    state = session.state
    if state is not None and (state.is_over or session.claim is not None) \
            and session.honours_claim_due is None:  # a person's side may claim honours
        session.finish_hand()
    return events
