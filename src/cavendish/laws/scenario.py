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

from dataclasses import dataclass, field
from typing import Any

from ..core.cards import Card, Seat
from ..core.deal import Deal
from ..core.events import Event, Ruling
from ..core.rules import UnknownVariant, get_rules
from ..scoring.result import HandResult, HandScore
from .actions import Action, ActionError
from .arbiter import Arbiter
from .errors import LawsError
from .names import law_name

__all__ = ["Finding", "Report", "Scenario", "run_scenario"]


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

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Scenario:
        """Read a scenario: ``deal`` (PBN), ``dealer``, ``trump_card``, ``actions`` and
        optionally ``variant``, ``score``, ``dummies``, ``attentive``, ``missing``.

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
        attentive = data.get("attentive", True)
        if not isinstance(attentive, bool):
            raise ActionError(f'"attentive" must be true or false, not {_shown(attentive)}')
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
        return out

    def arbiter(self) -> Arbiter:
        """A fresh arbiter for this scenario's deal."""
        return Arbiter(
            self.deal,
            get_rules(self.variant),
            score=self.score,
            dummies=self.dummies,
            attentive=self.attentive,
            missing=dict(self.missing) or None,
        )


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
    arb = scenario.arbiter()
    computer: set[int] = set()

    def settle() -> None:
        while (d := arb.pending()) is not None:
            if not auto:
                raise LawsError(f"the scenario leaves a decision unanswered: {d}")
            computer.add(d.number)
            arb.auto_elect()

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
    return _report(arb, computer)


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
