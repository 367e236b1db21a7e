"""``cavendish rule SCENARIO.json``: the arbiter's rulings on a hand played at a real table.

A scenario is the deal and the sequence of actions taken at the table, irregular
ones included (the format is in ``docs/scenarios.md``; examples in
``docs/scenarios/``).  The command replays it through the laws arbiter
(:func:`~cavendish.laws.scenario.run_scenario`) and answers as the arbitrator of
Cavendish's "Cases and Decisions" would: each irregularity found, the law that
governs it (with its title), the options that law gave the non-offenders, the
option taken and by whom (or by the computer's rule of election, when the
scenario leaves a decision open), and the final score of the hand.  ``--json``
gives the same as JSON.

A scenario that cannot be read or replayed is one line on stderr naming the file
and the problem (the action's number, counted from 1, where there is one), and
exit status 2.

>>> import json, tempfile, typer
>>> from pathlib import Path
>>> from typer.testing import CliRunner
>>> app = typer.Typer()
>>> @app.callback()
... def main() -> None: ...
>>> register(app)
>>> scenario = {"deal": "N:AKQJ.432.765.T98 T98.AKQJ.432.765 765.T98.AKQJ.432 "
...             "432.765.T98.AKQJ", "dealer": "S", "trump_card": "S5",
...             "actions": [{"act": "play", "seat": "N", "card": "SA"}]}
>>> path = Path(tempfile.mkdtemp()) / "oot.json"
>>> _ = path.write_text(json.dumps(scenario))
>>> out = json.loads(CliRunner().invoke(app, ["rule", str(path), "--json"]).output)
>>> first = out["findings"][0]
>>> first["law"], first["options"], first["computer"], out["finished"]
(62, ['card', 'suit', 'accept', 'pass'], True, False)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from ..core.cards import Side
from ..core.errors import RecordFileError
from ..core.events import Ruling
from ..core.rules import UnknownVariant, get_rules
from ..laws.coverage import law_title
from ..laws.errors import LawsError
from ..laws.names import law_name
from ..laws.scenario import Finding, Report, Scenario, run_scenario
from ..scoring.result import HandResult, HandScore
from .common import fail, read_error

__all__ = ["SCENARIO_KEYS", "law_title", "load_scenario", "register", "report_json", "report_text"]

SCENARIO_KEYS = frozenset(
    {
        "deal",
        "dealer",
        "trump_card",
        "variant",
        "score",
        "dummies",
        "attentive",
        "missing",
        "dealing",
        "rightful_dealer",
        "own_pack",
        "actions",
        "title",
        "note",
    }
)
"""The keys a scenario file may have (``title`` and ``note`` describe it)."""

_VARIANTS = {
    "short": "short whist",
    "whist": "short whist",
    "long": "long whist",
    "american": "American whist",
    "clay": "Clay's dummy",
    "dummy": "dummy whist",
    "double-dummy": "double dummy",
}


class ScenarioFileError(RecordFileError):
    """A scenario file cannot be read or replayed: the message names the file."""


def load_scenario(path: Path) -> tuple[Scenario, dict[str, Any]]:
    """Read a scenario file: the scenario and the raw JSON object (for its title and note).

    Raises :class:`ScenarioFileError` naming the file and what is wrong.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioFileError(read_error(path, exc)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioFileError(
            f"{path}: not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from None
    if not isinstance(data, dict):
        raise ScenarioFileError(f"{path}: a scenario is a JSON object, not {type(data).__name__}")
    unknown = sorted(set(data) - SCENARIO_KEYS)
    if unknown:
        raise ScenarioFileError(
            f"{path}: unknown key {unknown[0]!r}: a scenario has {', '.join(sorted(SCENARIO_KEYS))}"
        )
    for key in ("title", "note"):
        if key in data and not isinstance(data[key], str):
            raise ScenarioFileError(f'{path}: "{key}" must be text')
    try:
        scenario = Scenario.from_dict(data)
        get_rules(scenario.variant)
    except (LawsError, UnknownVariant) as exc:
        raise ScenarioFileError(f"{path}: {exc}") from None
    return scenario, data


def _run(path: Path, scenario: Scenario) -> Report:
    try:
        return run_scenario(scenario)
    except (LawsError, ValueError) as exc:
        raise ScenarioFileError(f"{path}: {exc}") from None


# ------------------------------------------------------------------------ text
def _sides(values: tuple[int, int]) -> str:
    return f"NS {values[0]}, EW {values[1]}"


def _when(trick: int) -> str:
    if trick < 0:
        return "the deal"
    return "end of the hand" if trick >= 13 else f"trick {trick + 1}"


def _tricks(report: Report) -> list[int]:
    """The trick of each finding (its ruling's): findings follow the rulings of the log,
    after those of the deal made by hand (trick -1, "the deal")."""
    play = [e.trick for e in report.events if isinstance(e, Ruling)]
    return [-1] * (len(report.findings) - len(play)) + play


def _finding_lines(number: int, finding: Finding, trick: int) -> list[Text]:
    head = Text(f"{number}. [{_when(trick)}] ")
    head.append(f"{law_name(finding.law)} ({law_title(finding.law)})", style="bold")
    head.append(f": {finding.what}.")
    lines = [head]
    if finding.options:
        lines.append(Text(f"   Options: {' | '.join(finding.options)}"))
        if finding.taken is not None:
            who = f", by {finding.by} ({finding.by.side})" if finding.by is not None else ""
            how = " by the computer's rule of election" if finding.computer else ""
            lines.append(Text(f"   Taken: {finding.taken}{who}{how}"))
        else:
            lines.append(Text("   Taken: none (no election was made)"))
    return lines


def report_text(report: Report, path: Path, data: dict[str, Any]) -> list[Text]:
    """The report in plain English, a line at a time."""
    scenario = Scenario.from_dict(data)
    title = str(data.get("title") or path.stem)
    out = [Text(f"Scenario: {title} ({path.name})", style="bold")]
    deal = scenario.deal
    head = (
        f"{_VARIANTS.get(scenario.variant, scenario.variant)} · dealer {deal.dealer} · "
        f"trump card {deal.trump_card} ({deal.trump.word}) · game score {_sides(scenario.score)}"
    )
    if scenario.dummies:
        head += f" · dummies {' '.join(str(s) for s in scenario.dummies)}"
    if not scenario.attentive:
        head += " · an inattentive table"
    out.append(Text(head))
    if data.get("note"):
        out.append(Text(str(data["note"]), style="dim"))
    out.append(Text(""))
    if not report.findings:
        out.append(Text("No irregularity: nothing to rule."))
    tricks = _tricks(report)
    for number, finding in enumerate(report.findings, start=1):
        out.extend(_finding_lines(number, finding, tricks[number - 1]))
    out.append(Text(""))
    if report.void is not None:
        out.append(Text(f"The hand is void ({report.void}): a new deal; nothing is scored."))
        return out
    if not report.finished or report.result is None or report.score is None:
        out.append(Text("The hand is not finished: no score."))
        return out
    out.extend(_score_lines(report.result, report.score))
    return out


def _score_lines(result: HandResult, score: HandScore) -> list[Text]:
    lines = [
        Text(f"Tricks: {_sides(result.tricks)} · honours held: {_sides(result.honours)}"),
    ]
    if result.revokes:
        penalties = ", ".join(f"{r.side} revoked: {r.penalty}" for r in result.revokes)
        lines.append(Text(f"Revoke penalties elected: {penalties}"))
    lines.append(
        Text(
            f"Score of the hand: {_sides(score.points)} · game score {_sides(score.before)} "
            f"→ {_sides(score.after)}",
            style="bold",
        )
    )
    for note in score.notes:
        lines.append(Text(f"  {note}"))
    if score.game_winner is not None:
        lines.append(
            Text(
                f"{score.game_winner} win the game, worth {score.game_value} "
                f"({_GAME_WORDS.get(score.game_value, str(score.game_value))}).",
                style="bold",
            )
        )
    return lines


_GAME_WORDS = {1: "a single", 2: "a double", 3: "a treble"}


# ------------------------------------------------------------------------ JSON
def _pair(values: tuple[int, int]) -> dict[str, int]:
    return {str(Side.NS): values[0], str(Side.EW): values[1]}


def report_json(report: Report, path: Path, data: dict[str, Any]) -> dict[str, Any]:
    """The report as JSON data: the findings, the result and the score."""
    scenario = Scenario.from_dict(data)
    out: dict[str, Any] = {
        "scenario": path.name,
        "title": str(data.get("title") or path.stem),
        "variant": scenario.variant,
        "findings": [
            {
                "trick": trick + 1 if trick < 13 else None,
                "law": f.law,
                "law_name": law_name(f.law),
                "title": law_title(f.law),
                "seat": str(f.seat),
                "what": f.what,
                "options": list(f.options),
                "taken": f.taken,
                "by": None if f.by is None else str(f.by),
                "computer": f.computer,
            }
            for f, trick in zip(report.findings, _tricks(report), strict=True)
        ],
        "void": report.void,
        "finished": report.finished,
        "result": None,
        "score": None,
    }
    if report.result is not None:
        out["result"] = {
            "tricks": _pair(report.result.tricks),
            "honours": _pair(report.result.honours),
            "revokes": [
                {"side": str(r.side), "penalty": r.penalty, "trick": r.trick + 1}
                for r in report.result.revokes
            ],
        }
    if report.score is not None:
        s = report.score
        out["score"] = {
            "points": _pair(s.points),
            "before": _pair(s.before),
            "after": _pair(s.after),
            "game_winner": None if s.game_winner is None else str(s.game_winner),
            "game_value": s.game_value,
            "notes": list(s.notes),
        }
    return out


# --------------------------------------------------------------------- command
def _fail(message: str) -> NoReturn:
    fail(message, 2)


def register(app: typer.Typer) -> None:
    """Add the ``rule`` command to ``app``."""

    @app.command("rule")
    def rule(
        scenario_file: Annotated[
            Path,
            typer.Argument(
                metavar="SCENARIO.json",
                help="A scenario: the deal and the actions at the table (docs/scenarios.md).",
            ),
        ],
        as_json: Annotated[
            bool, typer.Option("--json", help="Print the rulings and the score as JSON.")
        ] = False,
    ) -> None:
        """Rule on a hand played at a real table: each irregularity, its law, the options
        it gave, the option taken, and the score of the hand.

        Decisions the scenario leaves open are taken by the computer's rules of
        election, and said so. A scenario that cannot be read or replayed is refused
        with the file and the problem (exit status 2).
        """
        try:
            scenario, data = load_scenario(scenario_file)
            report = _run(scenario_file, scenario)
        except ScenarioFileError as exc:
            _fail(str(exc))
        if as_json:
            typer.echo(json.dumps(report_json(report, scenario_file, data), indent=2))
            return
        console = Console(highlight=False, soft_wrap=True)
        for line in report_text(report, scenario_file, data):
            console.print(line)
