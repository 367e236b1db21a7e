"""``cavendish variants`` (issue 23 item 4): every variant, each with a line on its source;
``cavendish deal --variant`` deals the old games' packs."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cavendish.cli.main import app
from cavendish.core.rules import variant_names

runner = CliRunner()


def test_variants_lists_every_variant_with_its_source() -> None:
    res = runner.invoke(app, ["variants"])
    assert res.exit_code == 0, res.output
    lines = [line for line in res.output.splitlines() if not line.startswith(" ")]
    assert [line.split()[0] for line in lines] == variant_names()
    assert all(len(line.split()) > 2 for line in lines)  # a line on its source each
    old = [line for line in lines if line.split()[0] in ("ruff-and-honours", "whisk", "swabbers")]
    assert len(old) == 3 and all("(000" in line for line in old)


def test_000_cavendish_s_reading_is_listed_under_each_old_game_with_000_s_words() -> None:
    """000 (lines ~283-310) is silent on the worth of a game, the odd trick with twelve
    tricks, the call at whisk and the swabbers' stakes ("not positively known"):
    ``cavendish variants`` says what Cavendish adds, under each old game, with the words
    of 000 beside it, each found in 000."""
    import re
    from pathlib import Path

    seed = next(Path(__file__).parents[2].glob("sources/000_*.txt")).read_text()
    text = " ".join(re.sub(r"<[^>]+>", "", seed).split())
    res = runner.invoke(app, ["variants"])
    assert res.exit_code == 0, res.output
    blocks: dict[str, list[str]] = {}
    name = ""
    for line in res.output.splitlines():
        if line.startswith(" "):
            blocks.setdefault(name, []).append(line.strip())
        else:
            name = line.split()[0]
    old = {"ruff-and-honours", "whisk", "swabbers"}
    # the others: the two packs of the clubs (issue 31 point 17), 000's words too
    assert set(blocks) == set(variant_names())
    assert all(len(blocks[n]) == 1 and "two packs" in blocks[n][0] for n in blocks if n not in old)
    for lines in (blocks[n] for n in old):
        assert not any("two packs" in x for x in lines)
        assert any("odd trick" in x for x in lines) and any("nine up" in x for x in lines)
    for line in (x for lines in blocks.values() for x in lines):
        assert line.startswith("Cavendish's reading: ")
        words = line.split('(000: "')[1].removesuffix('")')
        assert words in text, words
    assert any("not positively known" in x for x in blocks["swabbers"])
    assert any("call at eight is kept at whisk" in x for x in blocks["whisk"])


def test_deal_variant_deals_twelve_a_hand_and_the_stock() -> None:
    res = runner.invoke(app, ["deal", "--seed", "3", "--variant", "ruff-and-honours", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    hands = data["deal"].split(":")[1].split()
    assert [len(h.replace(".", "")) for h in hands] == [12] * 4
    assert len(data["stock"].replace(".", "")) == 4


def test_000_a_person_offered_the_ruff_sees_the_stock_s_turned_up_card_first(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """000 (lines 287-288): "The top card of the stock was turned up for trumps.  The holder
    of the ace of trumps was allowed to *ruff*": the person holding the ace (seed 4:
    South) is shown the turned card before he answers, and every screen shows it."""
    from cavendish.cli.voice import card_label
    from cavendish.io.pbn import read_pbn_file

    out = tmp_path / "r.pbn"
    res = runner.invoke(
        app,
        ["play", "--variant", "ruff-and-honours", "--seed", "4", "--out", str(out)],
        input="no\nquit\n",
    )
    assert res.exit_code == 0, res.output
    (record,) = read_pbn_file(out)
    turned = card_label(record.deal.trump_card)
    shown = f"The stock's top card, turned up for trumps: {turned}."
    assert shown in res.stdout
    assert res.stdout.index(shown) < res.stdout.index("Ruff? (yes/no)")
    headers = [line for line in res.stdout.splitlines() if line.startswith("Board 1 ")]
    assert headers and all(f"turned up on the stock {turned}" in h for h in headers)


def test_score_of_a_swabbers_file_settles_the_stakes_by_seat(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """000: the holders of the swabbers "receive a certain stake from the other
    players": ``cavendish score`` adds each seat's stakes over the file's hands."""
    from cavendish.core import Seat
    from cavendish.game import Session
    from cavendish.io.pbn import write_pbn_file
    from cavendish.players import RandomPlayer
    from cavendish.scoring.swabbers import stakes

    players = {seat: RandomPlayer(i, f"R{i}") for i, seat in enumerate(Seat)}
    result = Session.seated("swabbers", players, seed=4, rubbers=1).play_all()  # type: ignore[arg-type]
    path = tmp_path / "sw.pbn"
    write_pbn_file(result.records(), path)
    res = runner.invoke(app, ["score", str(path), "--json"])
    assert res.exit_code == 0, res.output
    got = json.loads(res.stdout)["swabbers"]
    want = {str(seat): sum(stakes(h.state)[seat] for h in result.hands) for seat in Seat}
    assert got == want and sum(got.values()) == 0 and any(got.values())
