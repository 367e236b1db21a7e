"""PBN and JSON records of the old games (issue 23 item 4): twelve-card hands, the
stock of ruff-and-honours and its ruff, read back as written."""

from __future__ import annotations

import re

import pytest

from cavendish.core import Card, Seat
from cavendish.game import Session
from cavendish.io.jsonlog import records_from_json, records_to_json
from cavendish.io.pbn import PBNError, read_pbn, write_pbn
from cavendish.io.record import HandRecord, RecordError
from cavendish.players import RandomPlayer
from cavendish.scoring.swabbers import held_swabbers, stakes


def played(name: str, seed: int = 5) -> list[HandRecord]:
    players = {seat: RandomPlayer(i, f"R{i}") for i, seat in enumerate(Seat)}
    result = Session.seated(name, players, seed=seed, rubbers=1).play_all()  # type: ignore[arg-type]
    return result.records(event=f"{name} test")


@pytest.mark.parametrize("name", ["ruff-and-honours", "whisk", "swabbers"])
def test_pbn_round_trip_of_the_old_games(name: str) -> None:
    records = played(name)
    text = write_pbn(records)
    assert read_pbn(text) == records
    for rec in read_pbn(text):
        state = rec.replay()
        assert state.is_over and state.tricks_in_hand == 12 and rec.is_finished
    if name == "ruff-and-honours":
        assert "[Stock " in text and " Ruffed - " in text
    else:
        assert "[Stock " not in text


@pytest.mark.parametrize("name", ["ruff-and-honours", "whisk"])
def test_json_round_trip_of_the_old_games(name: str) -> None:
    records = played(name, seed=8)
    assert records_from_json(records_to_json(records)) == records


def test_a_ruff_and_honours_board_without_its_stock_is_refused_naming_the_stock() -> None:
    text = write_pbn(played("ruff-and-honours")[:1])
    without = "\r\n".join(line for line in text.split("\r\n") if not line.startswith("[Stock "))
    with pytest.raises(PBNError, match="Deal"):
        read_pbn(without)


def test_a_whist_deal_read_as_whisk_is_refused_naming_the_hand_size() -> None:
    text = write_pbn(played("short")[:1]).replace('[Variant "short"]', '[Variant "whisk"]')
    with pytest.raises(PBNError, match="a deal of whisk has 12 cards a hand, not 13"):
        read_pbn(text)


def test_a_record_of_a_whisk_deal_under_short_whist_is_refused() -> None:
    rec = played("whisk")[0]
    with pytest.raises(RecordError, match="a deal of short has 13 cards a hand, not 12"):
        HandRecord(rec.deal, variant="short")


def _tag(text: str, name: str) -> list[str]:
    return re.findall(rf'\[{name} "([^"]*)"\]', text)


def test_whisk_and_swabbers_pbn_names_the_swabbers_and_their_stakes_and_reads_them_back() -> None:
    records = played("swabbers", seed=3)
    text = write_pbn(records)
    held, staked = _tag(text, "Swabbers"), _tag(text, "Stakes")
    assert len(held) == len(staked) == len(records)
    for rec, who, won in zip(records, held, staked, strict=True):
        state = rec.replay()
        written = {} if who == "-" else {
            Seat.parse(part.split()[0]): [Card.parse(c) for c in part.split()[1:]]
            for part in who.split(";")}
        assert written == held_swabbers(state)
        assert tuple(int(part.split()[1]) for part in won.split(";")) == stakes(state)
        assert [part.split()[0] for part in won.split(";")] == ["N", "E", "S", "W"]
    assert read_pbn(text) == records  # read back, each tag checked against its deal
    assert "[Swabbers " not in write_pbn(played("whisk"))


def test_a_swabbers_or_stakes_tag_the_deal_does_not_give_is_refused_naming_it() -> None:
    text = write_pbn(played("swabbers", seed=3)[:1])
    stakes_value = _tag(text, "Stakes")[0]
    altered = stakes_value.replace("+", "*").replace("-", "+").replace("*", "-")
    assert altered != stakes_value
    with pytest.raises(PBNError, match=r"bad Stakes .* the deal gives"):
        read_pbn(text.replace(f'[Stakes "{stakes_value}"]', f'[Stakes "{altered}"]'))
    held = _tag(text, "Swabbers")[0]
    with pytest.raises(PBNError, match="bad Swabbers"):
        read_pbn(text.replace(f'[Swabbers "{held}"]', '[Swabbers "N SA"]'))
    whisk = write_pbn(played("whisk")[:1]).replace("[TrumpCard ", '[Swabbers "-"]\r\n[TrumpCard ')
    with pytest.raises(PBNError, match="has no swabbers"):
        read_pbn(whisk)
