"""``cavendish hint`` outside a game, and ``hint`` / ``why`` at the table."""

from __future__ import annotations

import io
import json
from pathlib import Path

import typer
from rich.console import Console
from typer.testing import CliRunner, Result

from cavendish.cli.hint import register
from cavendish.cli.play import HUMAN, TerminalGame
from cavendish.core import Card, HandState, Seat, get_rules
from cavendish.core.deal import Deal
from cavendish.game import Session
from cavendish.players.classical import ClassicalPlayer
from cavendish.players.search import Budget
from cavendish.players.tutor import opening_view

DEAL = "N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 T98.T98.QJT9.QJT"
PLAYED = "C6 CA CJ C2 H5 HT"  # E leads (N dealt); S wins and leads a heart; W plays

app = typer.Typer()


@app.callback()
def _main() -> None: ...


register(app)
runner = CliRunner()


def hint(*args: str) -> Result:
    return runner.invoke(app, ["hint", *args])


def test_hint_json_gives_the_classical_card_with_its_convention_and_the_search_tricks() -> None:
    r = hint("--deal", DEAL, "--dealer", "N", "--trump-card", "S2", "--played", PLAYED,
             "--seat", "N", "--worlds", "6", "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)
    deal = Deal.from_pbn(DEAL, dealer="N", trump_card="S2")
    state = HandState(deal)
    for card in PLAYED.split():
        state.play(Card.parse(card))
    classical = ClassicalPlayer("modern", 0)
    classical.begin_hand(opening_view(state.view(Seat.N), state.events, deal.trump_card))
    for e in state.events:
        classical.observe(e)
    expect = classical.decide(state.view(Seat.N))
    assert got["classical"] == {"card": str(expect.card), "convention": expect.convention,
                                "reason": expect.reason}
    assert got["search"]["card"] in {str(c) for c in state.legal_cards()}
    assert 0.0 <= got["search"]["tricks"] <= 13.0


def test_hint_old_school_and_words() -> None:
    r = hint("--deal", DEAL, "--dealer", "N", "--trump-card", "S2", "--seat", "E",
             "--school", "old", "--worlds", "2")
    assert r.exit_code == 0, r.output
    assert "Classical:" in r.output and "Search:" in r.output
    assert "C42" in r.output  # the old school leads the lowest of the strong suit


def test_hint_refuses_a_seat_not_to_play_and_an_illegal_card_by_name() -> None:
    r = hint("--deal", DEAL, "--dealer", "N", "--trump-card", "S2", "--seat", "S")
    assert r.exit_code == 2 and "--seat S: S is not to play; after 0 card(s) E is" in r.output
    r = hint("--deal", DEAL, "--dealer", "N", "--trump-card", "S2", "--played", "C6 H5",
             "--seat", "W")
    # issue 19 item 5: the card as the play screen writes it
    assert r.exit_code == 2 and "card 2 (♥5) cannot be played by S" in r.output
    r = hint("--deal", DEAL, "--dealer", "N", "--trump-card", "S2", "--seat", "E",
             "--school", "french")
    assert r.exit_code == 2 and "unknown school 'french'" in r.output
    r = hint("--deal", DEAL, "--dealer", "N", "--trump-card", "HA", "--seat", "E")
    assert r.exit_code == 2 and "--trump-card" in r.output


def test_hint_and_why_at_the_table(tmp_path: Path) -> None:
    rules = get_rules("short")
    people = {HUMAN: None, **{n: ClassicalPlayer("modern", i, n)
                              for i, n in enumerate(("Hoyle", "Clay", "Pole"))}}
    session = Session.by_cut(rules, people, 5, request=(HUMAN, Seat.S))
    out = io.StringIO()
    game = TerminalGame(
        session=session,
        console=Console(file=out, width=200),
        errors=Console(file=io.StringIO()),
        stdin=io.StringIO("why\nhint\nauto\nwhy\nwhy N\nquit\n"),
        seed=5,
        out=tmp_path / "x.pbn",
        tutor_budget=Budget(worlds=3, work=10.0, min_worlds=2),
    )
    assert game.run() == 0
    text = out.getvalue()
    assert "Classical: " in text and "Search: " in text
    assert "Clay" in text or "Hoyle" in text or "Pole" in text
    assert " played " in text and "(C" in text  # a computer's card with its convention
