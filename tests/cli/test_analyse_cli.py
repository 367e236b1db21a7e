"""``cavendish analyse FILE.pbn``: text and JSON reports, and clear refusals."""

from __future__ import annotations

import json
import random
from pathlib import Path

import typer
from typer.testing import CliRunner

from cavendish.cli.analyse import register
from cavendish.core import HandState, Seat, deal_cards
from cavendish.io import HandRecord, write_pbn_file

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def main() -> None:
        """Test root."""

    register(app)
    return app


def _file(tmp_path: Path, boards: int = 2, cards: int = 52) -> Path:
    records = []
    for b in range(1, boards + 1):
        rng = random.Random(100 + b)
        state = HandState(deal_cards(rng, Seat.S))
        for _ in range(cards):
            state.play(rng.choice(state.legal_cards()))
        records.append(HandRecord.from_state(state, variant="short", board=b))
    path = tmp_path / "hands.pbn"
    write_pbn_file(records, path)
    return path


def test_analyse_json_shape(tmp_path: Path) -> None:
    path = _file(tmp_path)
    result = runner.invoke(_app(), ["analyse", str(path), "--json", "--workers", "1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["file"] == str(path) and len(data["boards"]) == 2
    board = data["boards"][0]
    assert set(board) == {
        "board", "dealer", "trump", "trump_card", "eldest", "dd_start", "dd_start_ns",
        "made", "lost", "dd_now", "finished", "stopped", "cards",
    }
    assert board["eldest"] == "W" and board["dd_start"]["side"] == "EW"
    assert len(board["cards"]) == 52 and board["finished"] and board["stopped"] is None
    card = board["cards"][0]
    assert set(card) == {
        "index", "trick", "seat", "side", "card", "cost", "mark", "best", "got", "best_cards",
    }
    assert (card["trick"], card["seat"], card["side"]) == (1, "W", "EW")
    for b in data["boards"]:
        side = b["dd_start"]["side"]
        other = "NS" if side == "EW" else "EW"
        assert b["made"][side] == b["dd_start"]["tricks"] - b["lost"][side] + b["lost"][other]
        assert sum(c["cost"] for c in b["cards"] if c["side"] == side) == b["lost"][side]


def test_analyse_text_table_per_board(tmp_path: Path) -> None:
    path = _file(tmp_path, boards=1, cards=20)
    result = runner.invoke(_app(), ["analyse", str(path), "--workers", "1"])
    assert result.exit_code == 0, result.output
    out = result.output.splitlines()
    assert out[0].startswith("Board 1: dealer S, trumps")
    assert "double dummy at the start: EW" in out[1]
    assert "unfinished" in out[2]
    header = next(i for i, ln in enumerate(out) if ln.split() == ["trick", "seat", "card", "cost",
                                                                 "mark"])
    rows = out[header + 1 :]
    assert len(rows) == 20
    assert rows[0].split()[:3] == ["1", "W", rows[0].split()[2]]
    for row in rows:
        parts = row.split()
        cost = int(parts[3])
        assert (parts[4] if len(parts) > 4 else "") == ("" if cost == 0 else "?" if cost == 1
                                                          else "??")


def test_analyse_malformed_file_exits_1_with_a_clear_message(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Deal "N:AKQ"]\n', encoding="utf-8")
    result = runner.invoke(_app(), ["analyse", str(bad)])
    assert result.exit_code == 1
    assert "bad.pbn" in result.output and "expected four hands" in result.output
    missing = runner.invoke(_app(), ["analyse", str(tmp_path / "none.pbn")])
    assert missing.exit_code == 1 and "no such file" in missing.output
    empty = tmp_path / "empty.pbn"
    empty.write_text("% nothing\n", encoding="utf-8")
    result = runner.invoke(_app(), ["analyse", str(empty)])
    assert result.exit_code == 1 and "no board" in result.output


def test_analyse_illegal_play_in_the_record_exits_1(tmp_path: Path) -> None:
    path = _file(tmp_path, boards=1, cards=8)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    play = lines.index('[Play "W"]')
    first = lines[play + 1].split()
    first[1] = first[0]  # the second card of the first trick: a card West already played
    lines[play + 1] = " ".join(first)
    path.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")
    result = runner.invoke(_app(), ["analyse", str(path)])
    assert result.exit_code == 1
    assert "board 1" in result.output


def test_analyse_workers_must_be_positive(tmp_path: Path) -> None:
    path = _file(tmp_path, boards=1, cards=4)
    result = runner.invoke(_app(), ["analyse", str(path), "--workers", "0"])
    assert result.exit_code == 2 and "--workers 0" in result.output


def test_analyse_mistakes_lists_only_costly_cards_with_the_better_card(tmp_path: Path) -> None:
    """Issue 19 item 6: only the cards that lost a trick or more, each with a better
    card, and each player's tricks lost against double dummy per hand."""
    path = _file(tmp_path)
    full = json.loads(
        runner.invoke(_app(), ["analyse", str(path), "--json", "--workers", "1"]).output
    )
    result = runner.invoke(
        _app(), ["analyse", str(path), "--mistakes", "--json", "--workers", "1"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    for board, whole in zip(data["boards"], full["boards"], strict=True):
        costly = [c for c in whole["cards"] if c["cost"] > 0]
        assert [(m["trick"], m["seat"], m["card"], m["cost"]) for m in board["mistakes"]] == [
            (c["trick"], c["seat"], c["card"], c["cost"]) for c in costly
        ]
        for m, c in zip(board["mistakes"], costly, strict=True):
            assert m["better"] == c["best_cards"] and m["card"] not in m["better"]
        lost = {seat: v["tricks"] for seat, v in board["lost"].items()}
        assert lost["N"] + lost["S"] == whole["lost"]["NS"]
        assert lost["E"] + lost["W"] == whole["lost"]["EW"]
    text = runner.invoke(_app(), ["analyse", str(path), "--mistakes", "--workers", "1"]).output
    assert "better" in text and "tricks lost against double dummy" in text
    assert "Over the file" in text
    assert text.count(" lost; better ") == sum(len(b["mistakes"]) for b in data["boards"])
