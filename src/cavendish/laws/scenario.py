"""Scenarios: a deal and the actions taken at the table, replayed and ruled on.

Design note
-----------
A :class:`Scenario` is everything needed to rule on a hand again: the deal (with
the dealer and the card turned up), the rule-set, the game score when the deal
began, the dummies, whether the table is attentive, and the table's actions in
order (:class:`~cavendish.laws.actions.Action`), irregular ones and elections
included.  :func:`run_scenario` replays them through an
:class:`~cavendish.laws.arbiter.Arbiter`; a decision the actions do not answer is
taken by the computer's rule (``auto``), and said so.  The :class:`Report` lists
each irregularity found, the law that governs it, the options it gave, the option
taken and by whom, and the score of the hand.

The deal itself may be part of the scenario: ``dealing`` lists the acts of a deal
made by hand (:data:`DEAL_ACT_ARGS`: shuffles, the cut, cards dealt, a card exposed,
the trump card turned up ...), ruled by laws 29-51 through a
:class:`~cavendish.laws.deal_laws.DealProcedure`.  The pack is the one that deals
``deal`` once cut as the ``cut`` act says; a misdeal or a new deal ends the
scenario (the hand is void, nothing is scored), a deal that stands is played as
the ``actions`` say.  A decision of the deal the acts do not answer (``elect``) is
taken by the computer's rule: the first option, the claim the law gives.

Scenarios read and write as plain dicts (JSON):

>>> data = {
...     "deal": "N:AKQJ.432.765.T98 T98.AKQJ.432.765 765.T98.AKQJ.432 432.765.T98.AKQJ",
...     "dealer": "S", "trump_card": "S5",
...     "actions": [{"act": "play", "seat": "N", "card": "SA"},
...                 {"act": "elect", "side": "EW", "option": "card"}],
... }
>>> report = run_scenario(Scenario.from_dict(data), auto=False)
>>> [(f.law, f.taken) for f in report.findings]
[(62, 'card')]
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..core.cards import Card, Seat, Side
from ..core.deal import Deal
from ..core.events import Event, Ruling
from ..core.rules import UnknownVariant, get_rules
from ..scoring.result import HandResult, HandScore
from .actions import Action, ActionError
from .arbiter import Arbiter
from .errors import LawsError
from .names import law_name
from .packs import TablePacks
from .policy import auto_elect

__all__ = ["DEAL_ACT_ARGS", "Finding", "Report", "Scenario", "run_scenario"]

DEAL_ACT_ARGS: dict[str, dict[str, str]] = {
    "waive_shuffle": {"seat": "seat"},
    "shuffle": {"seat": "seat", "card_seen": "bool", "for_partner": "bool"},
    "cut": {"seat": "seat", "lifted": "int", "card_exposed": "bool", "confused": "bool"},
    "skip_cut": {},
    "object_no_cut": {"seat": "seat", "looked": "bool"},
    "touch": {"seat": "seat"},
    "interrupt": {"seat": "seat", "valid": "bool"},
    "deal_card": {"to": "seat", "face_up": "bool", "by": "seat", "two": "bool"},
    "rectify": {"to": "seat"},
    "count_cards": {},
    "look_at_trump": {"seat": "seat"},
    "drop_card": {},
    "face_in_pack": {"card": "card"},
    "prove_imperfect": {"seat": "seat"},
    "foreign_card": {"seat": "seat", "card": "card"},
    "take_other_card": {"seat": "seat"},
    "stop": {"seat": "seat"},
    "turn_trump": {"face_down": "bool"},
    "deal_all": {},
    "call_fresh_cards": {"seat": "seat"},
    "elect": {"side": "side", "option": "str", "by": "seat"},
}
"""The acts of a deal by hand a scenario's ``dealing`` may hold, with their arguments
and each argument's kind (the :class:`~cavendish.laws.deal_laws.DealProcedure` methods)."""


@dataclass(frozen=True, slots=True)
class Scenario:
    """A deal and what was done at the table."""

    deal: Deal
    actions: tuple[Action, ...] = ()
    variant: str = "short"
    score: tuple[int, int] = (0, 0)
    dummies: tuple[Seat, ...] = ()
    attentive: bool = True
    missing: tuple[tuple[Seat, Card], ...] = ()
    """Cards missing from a hand from the deal (law 46)."""
    dealing: tuple[dict[str, Any], ...] = ()
    """The acts of the deal made by hand (see the module), each ``{"act": name, ...}``."""
    rightful_dealer: Seat | None = None
    """Whose deal it was, when another deals (laws 48, 51); None: the dealer's own."""
    own_pack: bool = True
    """False: the dealer deals with the adversaries' cards (law 48)."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Scenario:
        """Read a scenario: ``deal`` (PBN), ``dealer``, ``trump_card``, ``actions`` and
        optionally ``variant``, ``score``, ``dummies``, ``attentive``, ``missing``,
        ``dealing``, ``rightful_dealer`` (whose deal it was, laws 48 and 51) and
        ``own_pack`` (false: dealt with the adversaries' cards, law 48).

        Every field is checked for its type and range; :class:`ActionError` names the
        field and what is wrong.

        >>> Scenario.from_dict({"deal": "N:AKQJ.432.765.T98 T98.AKQJ.432.765 "
        ...     "765.T98.AKQJ.432 432.765.T98.AKQJ", "trump_card": "SA", "attentive": "no"})
        Traceback (most recent call last):
        ...
        cavendish.laws.actions.ActionError: "attentive" must be true or false, not 'no'
        """
        if not isinstance(data, dict):
            raise ActionError(f"a scenario is an object, not {type(data).__name__}")
        for key in ("deal", "trump_card"):
            if not isinstance(data.get(key), str):
                raise ActionError(f'a scenario needs "{key}" as text')
        for key in ("dealer", "variant"):
            if key in data and not isinstance(data[key], str):
                raise ActionError(f'"{key}" must be text, not {_shown(data[key])}')
        variant = data.get("variant", "short")
        try:
            rules = get_rules(variant)
        except UnknownVariant as exc:
            raise ActionError(str(exc)) from None
        try:
            deal = Deal.from_pbn(
                data["deal"], dealer=data.get("dealer"), trump_card=data["trump_card"]
            )
        except ValueError as exc:
            raise ActionError(f"bad scenario: {exc}") from None
        attentive = _flag(data.get("attentive", True), "attentive")
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise ActionError(f'"actions" must be a list, not {_shown(actions)}')
        read: list[Action] = []
        for i, raw in enumerate(actions):
            try:
                read.append(Action.from_dict(raw))
            except ActionError as exc:
                raise ActionError(f"action {i + 1}: {exc}") from None
        return cls(
            deal=deal,
            actions=tuple(read),
            variant=variant,
            score=_score(data.get("score", [0, 0]), rules.game_points),
            dummies=_dummies(data.get("dummies", [])),
            attentive=attentive,
            missing=_missing(data.get("missing", {})),
            dealing=_dealing(data.get("dealing", [])),
            rightful_dealer=_rightful(data.get("rightful_dealer")),
            own_pack=_flag(data.get("own_pack", True), "own_pack"),
        )

    def to_dict(self) -> dict[str, Any]:
        """The scenario as plain values (see :meth:`from_dict`)."""
        out: dict[str, Any] = {
            "deal": self.deal.to_pbn(),
            "dealer": str(self.deal.dealer),
            "trump_card": str(self.deal.trump_card),
            "variant": self.variant,
            "score": list(self.score),
            "dummies": [str(s) for s in self.dummies],
            "attentive": self.attentive,
            "actions": [a.to_dict() for a in self.actions],
        }
        if self.missing:
            out["missing"] = {str(s): str(c) for s, c in self.missing}
        if self.dealing:
            out["dealing"] = [dict(a) for a in self.dealing]
        if self.rightful_dealer is not None:
            out["rightful_dealer"] = str(self.rightful_dealer)
        if not self.own_pack:
            out["own_pack"] = False
        return out

    def arbiter(self, packs: TablePacks | None = None) -> Arbiter:
        """A fresh arbiter for this scenario's deal (``packs``: the table's real packs,
        where the deal by hand put a card astray in them, laws 42 and 46)."""
        return Arbiter(
            self.deal,
            get_rules(self.variant),
            score=self.score,
            dummies=self.dummies,
            attentive=self.attentive,
            missing=dict(self.missing) or None,
            packs=packs,
        )


def _rightful(value: object) -> Seat | None:
    """``rightful_dealer``: the seat whose deal it was (laws 48, 51), or absent."""
    if value is None:
        return None
    try:
        if isinstance(value, str):
            return Seat.parse(value)
    except ValueError:
        pass
    raise ActionError(f'"rightful_dealer" is a seat, N, E, S or W, not {_shown(value)}')


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise ActionError(f'"{name}" must be true or false, not {_shown(value)}')
    return value


def _shown(value: object) -> str:
    """A JSON value as an error shows it (``null`` for None)."""
    return "null" if value is None else repr(value)


def _score(value: object, game: int) -> tuple[int, int]:
    """``score``: the game score of N-S and E-W when the deal began, each 0 to one
    short of the game."""
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        ns, ew = value
        if 0 <= ns < game and 0 <= ew < game:
            return (ns, ew)
        why = f"each side's score is 0 to {game - 1} in this variant"
    else:
        why = "two whole numbers"
    raise ActionError(f'"score" is the game score [N-S, E-W], not {_shown(value)}: {why}')


def _dummies(value: object) -> tuple[Seat, ...]:
    """``dummies``: a list of distinct seats."""
    if not isinstance(value, list | tuple) or not all(
        isinstance(s, str) and s.upper() in ("N", "E", "S", "W") for s in value
    ):
        raise ActionError(f'"dummies" must be a list of seats (N, E, S, W), not {_shown(value)}')
    seats = tuple(Seat.parse(s) for s in value)
    if len(set(seats)) != len(seats):
        raise ActionError(f'"dummies" names a seat twice: {list(value)!r}')
    return seats


def _dealing(value: object) -> tuple[dict[str, Any], ...]:
    """``dealing``: a list of deal acts, each checked against :data:`DEAL_ACT_ARGS`."""
    if not isinstance(value, list):
        raise ActionError(f'"dealing" must be a list of deal acts, not {_shown(value)}')
    out: list[dict[str, Any]] = []
    for i, raw in enumerate(value, start=1):
        where = f"deal act {i}"
        if not isinstance(raw, dict) or raw.get("act") not in DEAL_ACT_ARGS:
            raise ActionError(
                f"{where}: expected an object with \"act\" one of "
                f"{', '.join(DEAL_ACT_ARGS)}, not {_shown(raw)}"
            )
        kinds = DEAL_ACT_ARGS[raw["act"]]
        for key, arg in raw.items():
            if key == "act":
                continue
            kind = kinds.get(key)
            if kind is None:
                raise ActionError(f"{where} ({raw['act']}): no argument {key!r}")
            if not _is_kind(arg, kind):
                raise ActionError(
                    f"{where} ({raw['act']}): {key!r} must be a {kind}, not {_shown(arg)}"
                )
        out.append(dict(raw))
    return tuple(out)


def _is_kind(value: object, kind: str) -> bool:
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if not isinstance(value, str):
        return False
    try:
        if kind == "seat":
            Seat.parse(value)
        elif kind == "side":
            Side.parse(value)
        elif kind == "card":
            Card.parse(value)
    except ValueError:
        return False
    return True


def _deal_kwargs(act: dict[str, Any]) -> dict[str, Any]:
    """A deal act's arguments as the procedure takes them."""
    kinds = DEAL_ACT_ARGS[act["act"]]
    readers: dict[str, Any] = {"seat": Seat.parse, "side": Side.parse, "card": Card.parse}
    return {
        k: readers.get(kinds[k], lambda x: x)(v) for k, v in act.items() if k != "act"
    }


def _missing(value: object) -> tuple[tuple[Seat, Card], ...]:
    """``missing``: an object from seats to the card missing from that hand."""
    if not isinstance(value, dict):
        raise ActionError(
            f'"missing" must be an object from seats to cards, as {{"N": "SA"}}, '
            f"not {_shown(value)}"
        )
    out: list[tuple[Seat, Card]] = []
    for seat, card in value.items():
        if (
            not isinstance(seat, str)
            or seat.upper() not in ("N", "E", "S", "W")
            or not isinstance(card, str)
        ):
            raise ActionError(
                f'"missing": expected a seat (N, E, S, W) and a card as text, '
                f"not {seat!r}: {_shown(card)}"
            )
        try:
            out.append((Seat.parse(seat), Card.parse(card)))
        except ValueError as exc:
            raise ActionError(f'"missing": {exc}') from None
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Finding:
    """One ruling: the law, the offender, what happened, the options and the choice."""

    law: int
    seat: Seat
    what: str
    options: tuple[str, ...]
    taken: str | None = None
    by: Seat | None = None
    computer: bool = False
    """The option was taken by the computer's rule, not by an action of the scenario."""

    def __str__(self) -> str:
        text = f"{law_name(self.law)}: {self.what}"
        if self.options:
            text += f" [{' | '.join(self.options)}]"
        if self.taken is not None:
            who = f" by {self.by}" if self.by is not None else ""
            text += f" -> {self.taken}{who}" + (" (computer)" if self.computer else "")
        return text


@dataclass(frozen=True, slots=True)
class Report:
    """What the arbiter found in a scenario, and the score of the hand."""

    findings: tuple[Finding, ...]
    result: HandResult | None
    score: HandScore | None
    void: str | None
    events: tuple[Event, ...] = field(default=())
    finished: bool = True


def run_scenario(scenario: Scenario, *, auto: bool = True) -> Report:
    """Replay ``scenario`` through an arbiter and report its rulings and the score.

    With ``auto`` a decision awaited when the next action is not an election (or at
    the end) is taken by the computer's rule; without it, that is an error.
    """
    if scenario.dealing:
        dealt = _run_dealing(scenario, auto)
        if isinstance(dealt, Report):
            return dealt
        scenario, deal_findings, packs = dealt
    else:
        deal_findings, packs = (), None
    arb = scenario.arbiter(packs)
    computer: set[int] = set()

    def settle() -> None:
        while (d := arb.pending()) is not None:
            if not auto:
                raise LawsError(f"the scenario leaves a decision unanswered: {d}")
            computer.add(d.number)
            auto_elect(arb)

    for i, action in enumerate(scenario.actions):
        if action.name not in ("elect", "consult", "designate"):
            settle()
        method = getattr(arb, action.name, None)
        if method is None or action.name.startswith("_") or not callable(method):
            raise ActionError(f"action {i + 1}: no table action {action.name!r}")
        try:
            method(**action.kwargs())
        except (TypeError, ValueError) as exc:  # a bad argument, or the laws refuse it
            raise ActionError(f"action {i + 1} ({action}): {exc}") from None
    settle()
    report = _report(arb, computer)
    return replace(report, findings=deal_findings + report.findings)


def _run_dealing(scenario: Scenario, auto: bool
                 ) -> Report | tuple[Scenario, tuple[Finding, ...], TablePacks | None]:
    """Make the deal by hand as ``scenario.dealing`` says: a void :class:`Report` (a
    misdeal, a new deal), or the scenario to play on the deal made, the findings of
    the deal and the table's real packs where a card went astray in them (a card
    dropped, ``drop_card``, or one of the other pack taken, ``take_other_card``, at a
    table of two packs: laws 42, 46), else None."""
    from .deal_laws import DealProcedure, pack_of

    rules = get_rules(scenario.variant)
    deal = scenario.deal
    order = pack_of(deal)
    lifted = next((a.get("lifted", 0) for a in scenario.dealing if a["act"] == "cut"), 0)
    lifted = lifted if isinstance(lifted, int) and 4 <= lifted <= 48 else 0
    pack = order[len(order) - lifted :] + order[: len(order) - lifted] if lifted else order
    proc = DealProcedure(
        deal.dealer, rules, pack=pack, rightful=scenario.rightful_dealer,
        own_pack=scenario.own_pack,
    )
    packs: TablePacks | None = None
    if rules.packs == 2 and any(a["act"] in ("drop_card", "take_other_card")
                                for a in scenario.dealing):
        packs = TablePacks()
        packs.dealt = deal.dealer.side if scenario.own_pack else deal.dealer.side.other
        proc.table_packs, proc.other_pack = packs, packs.other_name()
    computer: list[int] = []

    def settle() -> None:
        while (d := proc.pending()) is not None:
            if not auto:
                raise LawsError(f"the scenario leaves a decision of the deal unanswered: {d}")
            computer.append(len(proc.elections))
            proc.elect(d.side, d.options[0], d.seat)

    for i, act in enumerate(scenario.dealing, start=1):
        # law 40: a claim for one of the last cards exposed is kept while the dealer
        # deals on and turns the trump card up, to be elected after
        late = act["act"] in _LATE_ACTS and proc.late_claims_only()
        if act["act"] != "elect" and not late:
            settle()
        try:
            getattr(proc, act["act"])(**_deal_kwargs(act))
        except (TypeError, ValueError, LawsError) as exc:  # the laws refuse it
            raise ActionError(f"deal act {i} ({act['act']}): {exc}") from None
        if proc.outcome is not None and proc.outcome.verdict != "dealt":
            break
    settle()
    findings = _deal_findings(proc, computer)
    outcome = proc.outcome
    if outcome is None:
        raise ActionError("the dealing ends before the trump card is turned up (turn_trump)")
    if outcome.verdict != "dealt" or outcome.deal is None:
        why = proc.rulings[-1].what if proc.rulings else outcome.verdict
        return Report(findings, None, None, f"{outcome.verdict}, {law_name(outcome.law)}: {why}")
    missing = tuple(dict.fromkeys(scenario.missing + outcome.missing))
    return replace(scenario, deal=outcome.deal, missing=missing, dealing=()), findings, packs


_LATE_ACTS = frozenset({"touch", "deal_card", "deal_all", "foreign_card", "take_other_card",
                        "turn_trump"})
"""The deal acts the laws allow while a claim for one of the last cards waits (law 40)."""


def _deal_findings(proc: Any, computer: list[int]) -> tuple[Finding, ...]:
    """The deal's rulings as findings, each decision with the option taken (the
    decisions are answered in the order they were put)."""
    elections = list(proc.elections)
    out: list[Finding] = []
    k = 0
    for r in proc.rulings:
        taken = by = None
        auto = False
        if r.options and k < len(elections):
            taken, by, auto = elections[k].option, elections[k].seat, k in computer
            k += 1
        out.append(Finding(r.law, r.seat, r.what, r.options, taken, by, auto))
    return tuple(out)


def _report(arb: Arbiter, computer: set[int]) -> Report:
    taken: dict[int, tuple[str, Seat, bool]] = {}
    for decision in arb.decisions:
        choice = arb.elections.get(decision.number)
        index = arb.decision_book.ruling_index(decision)
        if choice is not None and index is not None:
            taken[index] = (choice[0], choice[1], decision.number in computer)
    findings = []
    for i, e in enumerate(arb.events):
        if isinstance(e, Ruling):
            got = taken.get(i)
            findings.append(
                Finding(
                    e.law,
                    e.seat,
                    e.what,
                    e.options,
                    got[0] if got else None,
                    got[1] if got else None,
                    got[2] if got else False,
                )
            )
    finished = arb.finished or arb.void is not None
    result = arb.result() if finished else None
    score = arb.score() if finished else None
    return Report(tuple(findings), result, score, arb.void, arb.events, finished)
