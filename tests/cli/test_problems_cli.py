"""``cavendish problem list|show|play``: the library in the terminal, play driven by stdin."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from cavendish.analysis.problems import (
    ProblemSession,
    keeping_cards,
    load_problem,
    problem_names,
)
from cavendish.cli.problems import register
from cavendish.core.cards import Card

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def main() -> None:
        """Test root."""

    register(app)
    return app


def _sym(card: Card) -> str:
    rank = str(card)[1]
    return card.suit.symbol + ("10" if rank == "T" else rank)


def test_problem_list_names_every_problem_with_its_goal() -> None:
    result = runner.invoke(_app(), ["problem", "list"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert [ln.split()[0] for ln in lines] == problem_names()
    assert "NS to take all 13 tricks" in lines[0]


def test_problem_show_draws_hands_trumps_leader_goal_and_source() -> None:
    result = runner.invoke(_app(), ["problem", "show", "vienna"])
    assert result.exit_code == 0
    out = result.output
    assert "♠ A Q  ♥ 4  ♦ A Q 6 5 4 2  ♣ A K Q 3" in out  # No. 1, South
    assert "Trumps: clubs. South leads. Goal: NS to take all 13 tricks." in out
    assert "Source: Clay" in out
    assert "Solution" not in out


def test_problem_show_solution_prints_the_printed_lines() -> None:
    result = runner.invoke(_app(), ["problem", "show", "boston", "--solution"])
    assert result.exit_code == 0
    out = result.output
    for name in ("1", "2a", "2b", "2c", "3"):
        assert f"Solution {name}:" in out
    assert "1. S: ♥A ♥J ♥2 ♥5" in out  # the third solution, as printed
    assert "Cards in brackets are not named by the source" in out


def test_problem_unknown_name_lists_the_names_and_exits_2() -> None:
    for cmd in ("show", "play"):
        result = runner.invoke(_app(), ["problem", cmd, "cumberland"])
        assert result.exit_code == 2
        assert "unknown problem 'cumberland'" in result.output
        assert ", ".join(problem_names()) in result.output


def _winning_inputs(name: str, seed: int) -> list[str]:
    """The goal side's cards of a winning play against the seeded defence."""
    p = load_problem(name)
    s = ProblemSession(p, seed=seed)
    inputs: list[str] = []
    while not s.is_over:
        if s.user_to_play:
            card = keeping_cards(p, s.position, s.side_tricks)[-1]
            inputs.append(str(card).lower())
            s.play_user(card)
        else:
            s.play_defence()
    return inputs


def test_problem_play_winning_line_from_stdin_succeeds() -> None:
    for name, seed in (("grand-coup", 3), ("vienna", 11)):
        inputs = _winning_inputs(name, seed)
        result = runner.invoke(
            _app(), ["problem", "play", name, "--seed", str(seed)], input="\n".join(inputs) + "\n"
        )
        assert result.exit_code == 0, result.output
        assert "the goal is lost" not in result.output
        assert "Success: NS took" in result.output


def test_problem_play_wrong_card_names_the_cards_that_kept_the_goal() -> None:
    p = load_problem("simple-squeeze")
    keepers = keeping_cards(p, p.start())
    result = runner.invoke(
        _app(), ["problem", "play", "simple-squeeze", "--seed", "0"], input="♦Q\n"
    )
    assert result.exit_code == 0
    out = result.output
    assert "South plays ♦Q: the goal is lost; NS can now make at most 2." in out
    assert f"{' '.join(_sym(c) for c in keepers)} would have kept it." in out
    assert "Goodbye" in out  # end of input quits cleanly


def test_problem_play_refuses_bad_input_and_finishes_with_failure() -> None:
    p = load_problem("simple-squeeze")
    s = ProblemSession(p, seed=0)
    inputs = ["zz", "SA", "DQ"]
    s.play_user(Card.parse("DQ"))
    while not s.is_over:
        if s.user_to_play:
            card = s.position.legal_cards()[0]
            inputs.append(str(card))
            s.play_user(card)
        else:
            s.play_defence()
    result = runner.invoke(
        _app(), ["problem", "play", "simple-squeeze", "--seed", "0"], input="\n".join(inputs)
    )
    out = result.output
    assert result.exit_code == 0
    assert "cannot read card 'zz'" in out
    assert "You cannot play ♠A: South does not hold ♠A." in out
    assert "Failure: NS took" in out
