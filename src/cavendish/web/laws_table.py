"""Tables under the code: a web table played through the laws arbiter.

Design note
-----------
A table asked for with ``"laws": true`` is a :class:`LawsTable`: a
:class:`~.tables.LiveTable` whose session is a
:class:`~cavendish.game.laws_session.LawsSession` (the one ``cavendish play
--laws`` drives in the terminal), so that every hand goes through the
arbiter (:mod:`cavendish.laws`).  It is seated, cut and dealt as a plain table
of the same seed (:func:`build_laws_session` takes the seating of
:func:`~.config.build_session`), and stored, shown and restored by the very
same machinery: one lock, an action checked by applying it, stored, then
shown, each connection's ``state`` built by :func:`~.visibility.visible_state`.

Every act at the table is a stored action: ``("deal",)``, or ``("laws",
JSON)`` where JSON is the arbiter's own record of a table action
(:class:`~cavendish.laws.actions.Action`, the scenarios' format:
``{"act": "play", "seat": "S", "card": "HA"}``, ``{"act": "elect", "side":
"EW", "option": "tricks", "by": "W"}``).  Replaying them on a fresh session
gives the table again, every ruling included (the arbiter rules the same way
on the same acts): a server killed with ``kill -9`` comes back with the
irregularities, the rulings and the elections where they were.

What a person may do, as at a real table (:meth:`LawsTable.person_action`):

* ``play`` any card of his hand (or his dummy's), in turn or not: out of
  turn, a revoke, or a card against a call are the laws' to rule on (the page
  marks the legal cards, and lets him play the others);
* ``act``: ``expose`` a card (law 56), ``claim_revoke`` (laws 75, 79: the
  tricks are searched), ``claim_lead`` (law 63), ``correct_revoke`` (law 76),
  ``ask`` his partner "having none?" (law 74);
* ``elect`` an option of the decision awaited when it is his side's (law 84:
  either partner's election is final) or his answer.

A question referred to a bystander (law 89, 003 line 848: "A bystander, by
agreement among the players, may decide any question") is put to the others
first: the person who refers it proposes it (``act`` ``refer``, a stored
``("refer", SEAT, QUESTION, DECISION)``), every other person playing at the table
is asked on his page and answers (``act`` ``agree`` with ``"yes"``, stored as
``("refer-answer", SEAT, "yes" | "no")``), the computers agree by the computer's
rule (:func:`~cavendish.laws.policy.agrees_to_referral`).  The last "yes" is
stored as the arbiter's act itself (``refer_to_bystander`` with every player's
seat); a "no" ends the proposal, told to all.  Both are no-ops on the session:
the proposal awaited is read from the actions (:func:`referral_of`), so it comes
back after a restart and reaches every server process.  Chosen here, the laws
silent: while a proposal waits, play waits too (a question about the play in
progress is settled before it goes on), and a person in whose seat a computer
sits while he is away is answered for by the computer.

The computer players elect by the computer's rules of election
(:func:`~cavendish.laws.policy.computer_option`, at once, in the server: a
rule of thumb, no search), and play their cards from the pool as at a plain
table (:func:`choose_laws_card`); they commit no irregularity, as in the
terminal without ``--sloppy``; the arbiter is attentive, so they notice
what it notices (a lead out of turn at once, a revoke when the tricks are
searched at the end of the hand).

Each ``state`` message of a laws table has a ``laws`` part
(:func:`laws_view`): the hand's rulings and elections (spoken aloud at a real
table: public), the calls in force, and the decision awaited with its law
(number, title and the code's words), question and options, each explained, and ``yours`` when
this connection may take it.  Between hands the review carries the finished
hand's rulings too.  The no-leak rule is :mod:`.visibility`'s: exposed cards
lie face up for all; a card mislaid (law 70) is told to no one.

>>> from cavendish.web.config import TableConfig
>>> cfg = TableConfig.from_request({"seats": {"S": "human"}, "laws": True}, seed=7)
>>> session = build_laws_session(cfg)
>>> _ = apply_laws_action(session, ("deal",))
>>> turn = session.to_play
>>> card = session.view(turn.left).hand_cards()[0]          # led out of turn
>>> events = apply_laws_action(session, laws_action("play", seat=turn.left, card=card))
>>> view = laws_view(session, Seat.S, cfg)
>>> view["pending"]["law"], [o["option"] for o in view["pending"]["options"]]
(62, ['card', 'suit', 'accept', 'pass'])
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import Card, CardParseError, Seat
from ..core.errors import CavendishError
from ..core.events import (
    CardExposed,
    CardMislaid,
    CardPlayed,
    CardRestored,
    CardWithdrawn,
    Elected,
    Event,
    HonoursCalled,
    PlayOutOfTurn,
    Ruling,
    TrickQuitted,
)
from ..game.laws_session import LawsSession
from ..game.session import SessionError
from ..laws.actions import Action as LawsAction
from ..laws.actions import to_plain
from ..laws.base import RevokeStatus
from ..laws.coverage import law_title
from ..laws.deal_laws import packs_line
from ..laws.decisions import Decision, option_text
from ..laws.errors import LawsError
from ..laws.names import law_name
from ..laws.policy import agrees_to_referral
from ..laws.texts import law_words
from ..players.sloppy import legal_choice
from .config import HUMAN, Action, ConfigError, TableConfig, build_session
from .tables import Connection, LiveTable, ProtocolError, _public_events

__all__ = [
    "LawsTable",
    "Referral",
    "apply_laws_action",
    "build_laws_session",
    "choose_laws_card",
    "laws_action",
    "laws_review_for",
    "laws_view",
    "referral_of",
    "table_class",
]

log = logging.getLogger("cavendish.web")

ACTS = {
    "expose": "expose a card of your hand (law 56): it lies face up, liable to be called",
    "claim_revoke": "claim a revoke by the adversaries (laws 75, 79): the tricks are searched",
    "claim_lead": "the trick in progress was led out of turn (law 63)",
    "correct_revoke": "take back your revoke before it is established (law 76)",
    "ask": "ask your partner \"having none?\" of the suit he renounced (law 74)",
    "bystander": "a bystander's remark draws a player's attention (\"seat\") to an oversight "
                 "in the score: his adversaries may call on the bystander to pay (law 88)",
    "correct_score": "prove an erroneous score (\"board\": the last hand scored if absent): "
                     "corrected before the next trump card is turned up (law 11), or during "
                     "the rubber for its amount (law 12)",
    "refer": "propose that a bystander decide a question (\"question\"), his decision "
             "(\"decision\") final: referred once every player agrees (law 89)",
    "agree": "answer a proposal to refer a question to a bystander (\"yes\": true or false; "
             "law 89: only by agreement among the players)",
}
"""The ``act`` messages a person may send at a laws table during a hand, and what each
does."""

BETWEEN_ACTS = {
    "fresh": "call for fresh cards before the cut, paying for them: two new packs, of which "
             "the dealer takes his choice (law 83; \"pack\": \"pack-1\" or \"pack-2\" when "
             "you deal)",
    "correct_score": ACTS["correct_score"],
}
"""The ``act`` messages a person may send at a laws table between hands."""


def build_laws_session(config: TableConfig, *, computers: bool = False) -> LawsSession:
    """A fresh laws session for ``config``: the seating, cut and generator of a plain
    table of the same seed (:func:`~.config.build_session`), every seat held by None
    (the server supplies every act), or with ``computers`` the computer players in
    their seats (in a worker of the pool)."""
    plain = build_session(config, computers=computers)
    return LawsSession(plain.rules, plain.seating, plain.players, plain.rng,
                       rubbers=config.rubbers,
                       score_slips=float(config.extra.get("score_slips", 0.0)),
                       own_deal_slips=float(config.extra.get("deal_slips", 0.0)),
                       persons=frozenset(config.humans),
                       computer_deal_slips=float(config.extra.get("computer_deal_slips", 0.0)))


def laws_action(name: str, **args: object) -> Action:
    """A stored action of a laws table: the arbiter's act ``name`` with its arguments.

    >>> laws_action("play", seat=Seat.S, card=Card.parse("HA"))
    ('laws', '{"act": "play", "seat": "S", "card": "HA"}')
    """
    act = LawsAction(name, tuple((k, to_plain(v)) for k, v in args.items()))
    return ("laws", json.dumps(act.to_dict()))


def apply_laws_action(session: LawsSession, action: Sequence[str]) -> list[Event]:
    """Apply one stored action of a laws table (see the module); a hand that ends by
    it is finished at once (scored, or void and dealt again by the next ``deal``).
    Raises what the laws raise (nothing changes), or :class:`~.config.ConfigError`
    for an action of no known shape."""
    kind = action[0] if action else None
    if kind == "deal" and len(action) == 1:
        return session.start_hand()
    if kind == "fresh" and len(action) == 3:  # law 83, between hands: ("fresh", SEAT, PACK)
        session.call_fresh_cards(Seat.parse(action[1]), action[2])
        return []
    if kind == "deal-elect" and len(action) == 3:  # laws 38, 40, 41: the deal's election
        session.elect_in_deal(action[2], Seat.parse(action[1]))
        return session.start_hand()
    if kind == "score" and len(action) == 3:  # laws 11-12: ("score", SEAT, BOARD or "")
        return [session.correct_score(Seat.parse(action[1]),
                                      int(action[2]) if action[2] else None)]
    if (kind == "refer" and len(action) == 4) or (kind == "refer-answer" and len(action) == 3):
        return []  # law 89: a proposal and its answers (read by referral_of), the session still
    if kind != "laws" or len(action) != 2:
        raise ConfigError(f"action {list(action)!r} at a laws table: expected ['deal'], "
                          "['fresh', SEAT, PACK], ['score', SEAT, BOARD], ['refer', SEAT, "
                          "QUESTION, DECISION], ['refer-answer', SEAT, 'yes' or 'no'] or "
                          "['laws', JSON of the arbiter's act]")
    try:
        act = LawsAction.from_dict(json.loads(action[1]))
    except ValueError as exc:
        raise ConfigError(f"action {list(action)!r}: {exc}") from None
    events = session.act(act.name, **act.kwargs())
    if session.hand_over:
        session.finish_hand()
    return events


@dataclass(frozen=True)
class Referral:
    """A question proposed for a bystander to decide (law 89), awaiting agreement: who
    proposed it, the question, the decision, and the seats that have agreed."""

    seat: Seat
    question: str
    decision: str
    agreed: frozenset[Seat]


def referral_of(actions: Sequence[Sequence[str]]) -> Referral | None:
    """The proposal to refer a question to a bystander awaiting its answers, read from
    a laws table's actions: the last ``refer`` of the hand in play, unless a "no"
    ended it or it was referred (the arbiter's ``refer_to_bystander``).

    >>> referral_of([("deal",), ("refer", "S", "was the king led?", "yes")]).agreed
    frozenset({<Seat.S: 2>})
    >>> referral_of([("deal",), ("refer", "S", "q", "d"), ("refer-answer", "N", "no")])
    """
    for i in range(len(actions) - 1, -1, -1):
        kind = actions[i][0]
        if kind == "deal" or (kind == "refer-answer" and actions[i][2] == "no") or (
                kind == "laws" and actions[i][1].startswith('{"act": "refer_to_bystander"')):
            return None
        if kind == "refer":
            _, by, question, decision = actions[i]
            agreed = {Seat.parse(by)} | {Seat.parse(a[1]) for a in actions[i + 1:]
                                         if a[0] == "refer-answer"}
            return Referral(Seat.parse(by), question, decision, frozenset(agreed))
    return None


# ------------------------------------------------------------ what is shown
def _law(number: int) -> dict[str, Any]:
    return {"law": number, "cite": law_name(number), "title": law_title(number)}


def _ruling_json(r: Ruling) -> dict[str, Any]:
    """A ruling as the page shows it: the law (number, citation, title) and what was found."""
    return {**_law(r.law), "seat": str(r.seat), "text": r.what, "options": list(r.options),
            "trick": r.trick + 1}


def _elected_json(e: Elected) -> dict[str, Any]:
    """An election: the side, who made it, the option, under which law."""
    return {**_law(e.law), "side": str(e.side), "seat": str(e.seat), "option": e.option,
            "text": str(e)}


def _may_decide(decision: Decision, seat: Seat, session: LawsSession) -> bool:
    """Whether the person at ``seat`` takes ``decision``: his answer (or his dummy's),
    or an election of his side (law 84: either partner)."""
    if decision.answer:
        return session.holder(decision.seat) == seat
    return seat.side == decision.side


def _decision_json(decision: Decision, seat: Seat | None, session: LawsSession) -> dict[str, Any]:
    """The decision awaited, for everyone at the table: its law (number, title and the
    code's words, :mod:`cavendish.laws.texts`), question and options, each explained;
    ``yours`` for the person who may take it."""
    return {
        **_law(decision.law),
        "words": law_words(decision.law),
        "question": decision.question,
        "side": str(decision.side),
        "seat": str(decision.seat),
        "offender": str(decision.offender),
        "answer": decision.answer,
        "consult": decision.consult,
        "options": [{"option": o, "text": option_text(decision, o)} for o in decision.options],
        "yours": seat is not None and _may_decide(decision, seat, session),
    }


def _hand_rulings(events: Sequence[Event]) -> dict[str, Any]:
    """The rulings and elections in a hand's log."""
    return {"rulings": [_ruling_json(e) for e in events if isinstance(e, Ruling)],
            "elections": [_elected_json(e) for e in events if isinstance(e, Elected)]}


def laws_view(session: LawsSession, seat: Seat | None, config: TableConfig) -> dict[str, Any]:
    """The ``laws`` part of a seat's ``state`` (None: a spectator): the hand's rulings
    and elections, the calls in force, the decision awaited, and what a person may do."""
    out: dict[str, Any] = {"rulings": [], "elections": [], "calls": [], "pending": None,
                           "acts": ACTS if seat is not None else {}, "deal_rulings": [],
                           "score_rulings": []}
    arb = session.arbiter
    # the packs: two as clubs play (000), the still pack made ready (laws 30-31)
    out["packs"] = packs_line(session.rules, session.dealer if arb is None else arb.deal.dealer)
    if arb is None:
        # between hands: fresh cards may be called for (law 83), their rulings told with
        # the next deal; the dealer chooses the pack
        out["acts"] = BETWEEN_ACTS if seat is not None and not session.is_over else {}
        out["dealer"] = str(session.dealer)
        out["score_rulings"] = [_ruling_json(r) for r in session.score_rulings]
        if session.deal_pending is not None:  # a slip in dealing: a person's side elects
            proc = session.deal_pending[0]
            decision = proc.pending()
            assert decision is not None
            out["pending"] = _decision_json(decision, seat, session)
            out["deal_rulings"] = [_ruling_json(r) for r in [*session.deal_rulings,
                                                             *proc.rulings]]
        return out
    out.update(_hand_rulings(arb.state.events))
    # before this deal: fresh cards called for (law 83), a dealer's misdeals (laws 36-51)
    out["deal_rulings"] = [_ruling_json(r) for r in session.deal_rulings]
    out["score_rulings"] = [_ruling_json(r) for r in session.score_rulings]
    out["calls"] = [str(c) for c in arb.state.calls()]
    decision = arb.pending()
    if decision is not None:
        out["pending"] = _decision_json(decision, seat, session)
    return out


def _laws_events(events: list[Event], action: Action) -> list[dict[str, Any]]:
    """What everyone is told an action did: the cards played and honours called (as at
    a plain table), and every card put face up, every ruling and election; a card
    mislaid out of a hand or restored to it (laws 46, 70: no act of the web table
    makes one) is told to no one."""
    plain = (CardPlayed, HonoursCalled)
    out = _public_events([e for e in events if isinstance(e, plain)], action)
    hidden = (*plain, CardMislaid, CardRestored, TrickQuitted)
    for e in events:
        if isinstance(e, PlayOutOfTurn):
            out.append({"kind": "out_of_turn", "seat": str(e.seat), "card": str(e.card),
                        "text": str(e)})
        elif isinstance(e, CardExposed):
            out.append({"kind": "exposed", "seat": str(e.seat), "card": str(e.card),
                        "text": str(e)})
        elif isinstance(e, CardWithdrawn):
            out.append({"kind": "withdrawn", "seat": str(e.seat), "card": str(e.card),
                        "exposed": e.exposed, "text": str(e)})
        elif isinstance(e, Ruling):
            out.append({"kind": "ruling", **_ruling_json(e)})
        elif isinstance(e, Elected):
            out.append({"kind": "elected", **_elected_json(e)})
        elif not isinstance(e, hidden) and hasattr(e, "kind"):
            out.append({"kind": str(e.kind), "text": str(e)})
    return out


# ------------------------------------------------------------------ workers
_CACHE_SIZE = 64
_cache: OrderedDict[str, tuple[str, LawsSession, list[Action]]] = OrderedDict()


def _session_at(table_id: str, config: str, actions: list[Action]) -> LawsSession:
    """This worker's laws session for the table (its computer players seated), up to
    date with ``actions``: the cached one if it matches, else replayed from the start."""
    cached = _cache.pop(table_id, None)
    if cached is None or cached[0] != config or cached[2] != actions[: len(cached[2])]:
        cached = (config, build_laws_session(TableConfig.from_json(config), computers=True), [])
    _, session, done = cached
    for action in actions[len(done):]:
        apply_laws_action(session, action)
        done.append(tuple(action))
    _cache[table_id] = cached
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return session


def choose_laws_card(table_id: str, config: str, actions: list[Action]) -> tuple[Action, str]:
    """The card of the computer on turn at a laws table, as a stored action, and why
    (the player's own words).  The player sees its seat's view, the calls in force
    limiting its legal cards, as in the terminal; if its rules choose a card the calls
forbid (a suit called from it, law 62), a legal card is played instead, and the
refusal logged and told as its reason (:func:`~cavendish.players.sloppy.legal_choice`).

    >>> cfg = TableConfig.from_request({"seats": {"S": "human"}, "computer": "random",
    ...                                 "laws": True}, seed=1)   # N deals, E leads
    >>> action, why = choose_laws_card("doc", cfg.to_json(), [("deal",)])
    >>> action[0], json.loads(action[1])["act"], json.loads(action[1])["seat"]
    ('laws', 'play', 'E')
    """
    from ..players.tutor import explain

    session = _session_at(table_id, config, actions)
    seat = session.to_play
    player = None if seat is None else session.controller(seat)
    if seat is None or player is None:
        raise ValueError(f"no computer is to play at table {table_id}")
    card, refused = legal_choice(player, session.view(seat))
    if refused is not None:  # (a call the player's rules do not heed: logged, a legal card)
        log.warning("table %s: %s", table_id, refused)
        return laws_action("play", seat=seat, card=card), refused
    return laws_action("play", seat=seat, card=card), explain(player, card)


def laws_review_for(config: str, actions: list[Action], board: int) -> dict[str, Any]:
    """The review of a finished hand of a laws table: its rulings and elections, and
    the double-dummy review of its cards (:mod:`cavendish.analysis.annotate`, which
    stops before an irregular card); a void hand has no cards to review."""
    from ..analysis.annotate import annotate_record

    cfg = TableConfig.from_json(config)
    session = build_laws_session(cfg)
    for action in actions:
        apply_laws_action(session, action)
    hand = session.hands[board - 1]
    void = getattr(hand, "void", None)
    review: dict[str, Any] = {"board": board, "void": void}
    if void is None:
        try:
            review.update(annotate_record(hand.record(variant=cfg.variant)).to_json())
        except CavendishError as exc:  # a record the solver cannot take: the rulings stand
            review["stopped"] = f"no double-dummy review: {exc}"
        if hand.result is not None:
            review["played"] = review.get("made")
            review["made"] = {"NS": hand.result.tricks[0], "EW": hand.result.tricks[1]}
    review.update(_hand_rulings(hand.state.events))
    return review


# --------------------------------------------------------------------- table
class LawsTable(LiveTable):
    """A live table under the laws (see the module)."""

    chooser = staticmethod(choose_laws_card)
    reviewer = staticmethod(laws_review_for)

    @property
    def laws(self) -> LawsSession:
        """The table's laws session."""
        assert isinstance(self.session, LawsSession)
        return self.session

    def _fresh(self) -> LawsSession:
        return build_laws_session(self.config)

    def _apply(self, action: Action) -> list[Event]:
        try:
            return apply_laws_action(self.laws, action)
        except (LawsError, SessionError) as exc:
            raise ProtocolError(str(exc)) from None

    def _public(self, events: list[Event], action: Action) -> list[dict[str, Any]]:
        out = _laws_events(events, action)
        if action[0] in ("refer", "refer-answer"):  # law 89: said aloud, told to all
            out.append(self._referral_event(action))
        return out

    def info(self) -> dict[str, Any]:
        """The table's public description (``laws``: played under the laws)."""
        return {**super().info(), "laws": True}

    def message(self, seat: Seat | None, *, snapshot: bool = False,
                follow: Seat | None = None, follow_all: bool = False,
                player: bool = False) -> dict[str, Any]:
        """The ``state`` message, with its ``laws`` part (and the finished hand's rulings
        in the review; a follower is told the laws part as a spectator is)."""
        msg = super().message(seat, snapshot=snapshot, follow=follow, follow_all=follow_all,
                              player=player)
        msg["laws"] = laws_view(self.laws, seat, self.config)
        msg["laws"]["referral"] = self._referral_json(seat)
        if msg["laws"]["referral"] is not None:  # play waits for the answers (law 89)
            msg["legal"] = []
        if msg["review"] is not None and self.laws.hands:
            hand = self.laws.hands[-1]
            msg["review"].update(_hand_rulings(hand.state.events),
                                 void=getattr(hand, "void", None))
        return msg

    # ---------------------------------------------------------- the computers
    def _computer_decides(self, decision: Decision) -> bool:
        """Whether the computer's rules take ``decision``: no person sits on the deciding
        side (for an answer: the answering seat is a computer's)."""
        if decision.answer:
            return self.config.kind_of(self.laws.holder(decision.seat)) not in (HUMAN, None)
        return not any(s.side == decision.side for s in self.config.humans)

    def kick(self, *, takeover: bool = False) -> None:
        """Start the computers' next move (an election, or a card) if one is due (and
        this process stored the last action, or ``takeover``: :mod:`.bus`)."""
        if self.busy is not None and not self.busy.done():
            return
        if self.elsewhere and not takeover:
            return
        session = self.laws
        if self.failed or session.is_over:
            return
        if session.state is None:
            if not self.config.humans:
                self._begin(self._deal())
            return
        ref = self.referral
        if ref is not None:  # play waits for the answers (law 89); all agreed: referred
            if not self._waiting(ref):
                self._begin(self._refer_agreed())
            return
        decision = session.pending()
        if decision is not None:
            if self._computer_decides(decision):
                self._begin(self._elect())
            return
        turn = session.to_play
        if turn is not None and self.config.kind_of(session.holder(turn)) not in (HUMAN, None):
            self._begin(self._computer(turn))

    async def _elect(self) -> None:
        """The computer's side elects (after ``delay``: the ruling is seen first)."""
        seen = self.seq
        if self.hub.delay:
            await asyncio.sleep(self.hub.delay)

        def election() -> Action | None:
            decision = self.laws.pending()
            if decision is None or not self._computer_decides(decision):
                return None
            option = self.laws.computer_option(decision)
            return laws_action("elect", side=decision.side, option=option, by=decision.seat)

        await self._move(seen, election, "the computer's election")

    async def _refer_agreed(self) -> None:
        """A proposal none is left to answer (a computer sits in for the person asked,
        and agrees by its rule): referred, as the last "yes" would have."""
        seen = self.seq

        def referred() -> Action | None:
            ref = self.referral
            return None if ref is None or self._waiting(ref) else self._referred(ref)

        await self._move(seen, referred, "the referral to a bystander")

    async def _move(self, seen: int, make: Callable[[], Action | None], what: str) -> None:
        """Store the computers' action ``make()`` if the table is still at action
        ``seen``, then start their next move; a refusal stops the table, logged
        (``what`` failed)."""
        try:
            await self._computers_act(seen, make)
        except ProtocolError as exc:
            self.failed = f"{what} failed: {exc}"
            log.error("table %s: %s", self.id, self.failed)
            return
        self.busy = None
        self.kick()

    def _instead(self, turn: Seat) -> Action:
        """A legal card of the laws session for the computer at ``turn`` (the calls in
        force obeyed, law 64), as an action."""
        return laws_action("play", seat=turn, card=self.laws.view(turn).legal_cards()[0])

    # ------------------------------------------------------------- the people
    def _seats_of(self, seat: Seat) -> list[Seat]:
        """The hands a person plays: his own, and his dummy's."""
        return [s for s in Seat if self.laws.holder(s) == seat]

    def _hand_of(self, seat: Seat, card: Card) -> Seat:
        """Which of the person's hands holds ``card``."""
        state = self.laws.state
        assert state is not None
        for s in self._seats_of(seat):
            if state.hand(s) >> card & 1:
                return s
        raise ProtocolError(f"{card} is not in your hand")

    def _card(self, msg: dict[str, Any], what: str) -> Card:
        raw = msg.get("card")
        if not isinstance(raw, str) or len(raw) > 8:
            raise ProtocolError(f'{what}: expected "card" as in PBN, such as "SA"')
        try:
            return Card.parse(raw)
        except CardParseError as exc:
            raise ProtocolError(f"{what}: {exc}") from None

    def person_action(self, seat: Seat, kind: str, msg: dict[str, Any]) -> Action:
        """The stored action for a person's ``play``, ``act`` or ``elect`` (checked by
        the laws when applied).  Raises :class:`~.tables.ProtocolError` for a message
        that names no possible act."""
        session = self.laws
        if session.state is None and kind == "act" and msg.get("act") == "fresh":
            return self._fresh_cards(seat, msg)
        if session.state is None and kind == "elect" and session.deal_pending is not None:
            decision = session.deal_pending[0].pending()
            option = msg.get("option")
            assert decision is not None
            if not _may_decide(decision, seat, session):
                raise ProtocolError(f"elect: the decision is not yours ({decision})")
            if not isinstance(option, str) or option not in decision.options:
                raise ProtocolError(f"elect {option!r}: expected one of "
                                    f"{', '.join(decision.options)}")
            return ("deal-elect", str(seat), option)
        if kind == "act" and msg.get("act") == "correct_score":
            board = msg.get("board")
            if board is not None and (not isinstance(board, int) or isinstance(board, bool)
                                      or not 1 <= board <= 999):
                raise ProtocolError(f"correct_score: board {board!r}: expected a board number")
            return ("score", str(seat), "" if board is None else str(board))
        if session.state is None:
            raise ProtocolError(f"{kind}: no hand is in play")
        if kind == "act" and msg.get("act") == "agree":
            return self._answer_referral(seat, msg)
        if (ref := self.referral) is not None:
            raise ProtocolError(f"{kind}: {ref.seat} proposes that a bystander decide "
                                f"{ref.question!r} (law 89): play waits for "
                                f"{', '.join(str(s) for s in self._waiting(ref))} to answer")
        if kind == "play":
            card = self._card(msg, "play")
            return laws_action("play", seat=self._hand_of(seat, card), card=card)
        if kind == "elect":
            decision = session.pending()
            option = msg.get("option")
            if decision is None:
                raise ProtocolError("elect: no decision is awaited")
            if not _may_decide(decision, seat, session):
                raise ProtocolError(f"elect: the decision is not yours ({decision})")
            if not isinstance(option, str) or option not in decision.options:
                raise ProtocolError(f"elect {option!r}: expected one of "
                                    f"{', '.join(decision.options)}")
            by = decision.seat if decision.answer else seat
            return laws_action("elect", side=decision.side, option=option, by=by)
        act = msg.get("act")
        if act == "expose":
            card = self._card(msg, "expose")
            return laws_action("expose", seat=self._hand_of(seat, card), card=card)
        if act == "claim_revoke":
            return laws_action("claim_revoke", **self._revoke_claim(seat, msg))
        if act == "claim_lead":
            return laws_action("claim_lead_out_of_turn", side=seat.side)
        if act == "correct_revoke":
            arb = session.arbiter
            assert arb is not None
            open_ = {c.seat for c in arb.revokes if c.status == RevokeStatus.OPEN}
            mine = self._seats_of(seat)
            return laws_action("correct_revoke",
                               seat=next((s for s in mine if s in open_), seat))
        if act == "ask":
            return laws_action("ask_having_none", seat=seat)
        if act == "bystander":
            try:
                helped = Seat.parse(str(msg.get("seat")))
            except CardParseError:
                raise ProtocolError(f"bystander: seat {msg.get('seat')!r}: expected the seat "
                                    "whose attention was drawn, N, E, S or W") from None
            return laws_action("bystander_remark", helped=helped)
        if act == "refer":
            return self._propose_referral(seat, msg)
        raise ProtocolError(f"act {act!r}: expected one of {', '.join(ACTS)}")

    # ------------------------------------------------- law 89: a bystander decides
    @property
    def referral(self) -> Referral | None:
        """The proposal to refer a question to a bystander awaiting answers (law 89)."""
        return referral_of(self.actions)

    def _players(self) -> list[Seat]:
        """The players of the hand (law 89's "players": not a dummy)."""
        return [s for s in Seat if s not in self.laws.seating.dummies]

    def _waiting(self, ref: Referral) -> list[Seat]:
        """The players still to answer ``ref``: the people playing here who have not
        agreed (a computer agrees by its rule, also one sitting in for a person)."""
        return [s for s in self._players() if s not in ref.agreed and self.kind_at(s) == HUMAN]

    def _referred(self, ref: Referral) -> Action:
        """The arbiter's act once all agree: every player's seat, the proposer's first."""
        seats = (ref.seat, *(s for s in self._players() if s != ref.seat))
        return laws_action("refer_to_bystander", question=ref.question,
                           decision=ref.decision, seats=seats)

    def _propose_referral(self, seat: Seat, msg: dict[str, Any]) -> Action:
        """Law 89: ``seat`` proposes that a bystander decide a question.  Where another
        person plays, he is asked first (a stored proposal, :func:`referral_of`); the
        computers agree by their rule; with none to ask it is referred at once."""
        question, decision = msg.get("question"), msg.get("decision")
        if not (isinstance(question, str) and isinstance(decision, str)
                and all(0 < len(x.strip()) <= 200 for x in (question, decision))):
            raise ProtocolError('refer: expected "question" and "decision", texts of 1 to '
                                "200 characters")
        q, d = question.strip(), decision.strip()
        arb = self.laws.arbiter
        assert arb is not None
        if q in arb.referrals:
            raise ProtocolError(f"refer: {q!r} was decided: the decision is final (law 89)")
        if (awaited := arb.pending()) is not None:
            raise ProtocolError(f"refer: a decision is awaited first (law 87): {awaited}")
        others = [s for s in self._players() if s != seat]
        if not agrees_to_referral(q) and any(self.kind_at(s) != HUMAN for s in others):
            raise ProtocolError(f"refer: the computers do not agree that a bystander decide "
                                f"{q!r} (law 89: only by agreement among the players)")
        if not any(self.kind_at(s) == HUMAN for s in others):
            return self._referred(Referral(seat, q, d, frozenset({seat})))
        return ("refer", str(seat), q, d)

    def _answer_referral(self, seat: Seat, msg: dict[str, Any]) -> Action:
        """A person's answer to the proposal awaited: the last "yes" refers the question
        (the arbiter's act), any "no" ends the proposal."""
        ref = self.referral
        if ref is None:
            raise ProtocolError("agree: no question is proposed for a bystander to decide")
        yes = msg.get("yes")
        if not isinstance(yes, bool):
            raise ProtocolError('agree: expected "yes": true (you agree) or false')
        waiting = self._waiting(ref)
        if seat not in waiting:
            raise ProtocolError(f"agree: the proposal awaits {', '.join(map(str, waiting))}'s "
                                "answer, not yours")
        if yes and waiting == [seat]:
            return self._referred(ref)
        return ("refer-answer", str(seat), "yes" if yes else "no")

    def _referral_json(self, seat: Seat | None) -> dict[str, Any] | None:
        """The proposal awaited, for every connection (said aloud at the table):
        ``yours`` when this seat is asked."""
        ref = self.referral
        if ref is None:
            return None
        waiting = self._waiting(ref)
        return {"seat": str(ref.seat), "question": ref.question, "decision": ref.decision,
                "law": 89, "words": law_words(89),
                "agreed": [str(s) for s in self._players() if s not in waiting],
                "waiting": [str(s) for s in waiting],
                "yours": seat is not None and seat in waiting}

    def _referral_event(self, action: Action) -> dict[str, Any]:
        """What all are told of a proposal or an answer (the action just stored)."""
        proposal = next(a for a in reversed(self.actions) if a[0] == "refer")
        by, question = proposal[1], proposal[2]
        ref = self.referral
        waiting = ", ".join(map(str, self._waiting(ref))) if ref is not None else ""
        if action[0] == "refer":
            text = (f"{by} proposes that a bystander decide {question!r}, his decision "
                    f"{proposal[3]!r} (law 89): {waiting} to agree")
        elif action[2] == "yes":
            text = f"{action[1]} agrees that a bystander decide {question!r}: {waiting} to agree"
        else:
            text = (f"{action[1]} does not agree that a bystander decide {question!r}: it is "
                    "not referred (law 89: only by agreement among the players)")
        return {"kind": "referral", "seat": action[1], "refused": action[0] ==
                "refer-answer" and action[2] == "no", "text": text}

    def _fresh_cards(self, seat: Seat, msg: dict[str, Any]) -> Action:
        """Law 83: ``seat`` calls for fresh cards between hands; the dealer chooses one
        of the two packs: a computer the first, a person in ``"pack"`` when he deals
        (another person dealing must call for them himself)."""
        session = self.laws
        if session.is_over:
            raise ProtocolError("fresh: the session is over")
        dealer = session.dealer
        if self.config.kind_of(dealer) not in (HUMAN, None):
            pack = "pack-1"
        elif dealer == seat or session.holder(dealer) == seat:
            pack = msg.get("pack", "pack-1")
            if pack not in ("pack-1", "pack-2"):
                raise ProtocolError(f"fresh: pack {pack!r}: the dealer chooses \"pack-1\" or "
                                    "\"pack-2\" (law 83)")
        else:
            raise ProtocolError(f"fresh: the dealer ({dealer}) chooses the pack (law 83): "
                                "let him call for them")
        return ("fresh", str(seat), str(pack))

    @staticmethod
    def _revoke_claim(seat: Seat, msg: dict[str, Any]) -> dict[str, object]:
        """``claim_revoke``'s arguments: the claimants' side, and optionally the seat
        accused (``"accused"``) and the trick (``"trick"``, from 1)."""
        accused, trick = msg.get("accused"), msg.get("trick")
        try:
            who = None if accused is None else Seat.parse(str(accused))
        except CardParseError:
            raise ProtocolError(f"claim_revoke: accused {accused!r} is not a seat") from None
        if trick is not None and (not isinstance(trick, int) or isinstance(trick, bool)
                                  or not 1 <= trick <= 13):
            raise ProtocolError(f"claim_revoke: trick {trick!r}: expected 1 to 13")
        return {"side": seat.side, "seat": who, "trick": trick}

    async def _person_acts(self, conn: Connection, kind: str, msg: dict[str, Any]) -> None:
        seat = self._person(conn)
        async with self.lock:
            await self._act(self.person_action(seat, kind, msg))
        self.kick()

    async def _play(self, conn: Connection, msg: dict[str, Any]) -> None:
        """Any card of the person's hands, in turn or not: the laws rule on it."""
        await self._person_acts(conn, "play", msg)

    async def _other(self, conn: Connection, kind: str, msg: dict[str, Any]) -> None:
        if kind in ("act", "elect"):
            await self._person_acts(conn, kind, msg)
        else:
            self.error(conn, f"unknown message type {kind!r}: expected play, act, elect, "
                             "next, snapshot or review")

    async def _claim(self, conn: Connection, kind: str, msg: dict[str, Any]) -> None:
        raise ProtocolError(f"{kind}: at a table under the laws the hand is played out; "
                            "claim an irregularity with an act (claim_revoke, claim_lead)")


def table_class(config: TableConfig) -> type[LiveTable]:
    """The live table for a config: a laws table's is :class:`LawsTable` (the hub's
    ``table_class``, :class:`.tables.Hub`)."""
    return LawsTable if config.laws else LiveTable
