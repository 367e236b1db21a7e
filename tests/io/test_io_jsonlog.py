"""The JSON event log: its documented shape, round trips, the golden session, and
errors that name the source and the board."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from io_playouts import GOLDEN, PLAYERS, REGEN_ENV, irregular_hand, random_hand, session

from cavendish.core import Seat
from cavendish.core.events import event_to_dict
from cavendish.io import (
    HandRecord,
    JSONLogError,
    read_json_file,
    records_from_json,
    records_to_json,
    write_json_file,
)

GOLDEN_JSON = GOLDEN / "session.json"


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    stop_after=st.integers(0, 52),
    laws=st.booleans(),
    dummies=st.sampled_from([(), (Seat.S,), (Seat.S, Seat.W)]),
)
def test_json_log_round_trip_of_random_hands(
    seed: int, stop_after: int, laws: bool, dummies: tuple[Seat, ...]
) -> None:
    state = random_hand(seed, stop_after=stop_after, laws=laws, dummies=dummies)
    rec = HandRecord.from_state(state, variant="short", board=seed % 9 + 1, players=PLAYERS)
    (back,) = records_from_json(records_to_json([rec]))
    assert back == rec
    assert back.replay() == rec.replay()


def test_json_log_keeps_every_event_of_an_irregular_hand() -> None:
    state = irregular_hand(40)
    rec = HandRecord.from_state(state, variant="short", board=2)
    data = json.loads(records_to_json([rec]))
    assert data["boards"][0]["events"] == [event_to_dict(e) for e in state.events]
    kinds = {e["kind"] for e in data["boards"][0]["events"]}
    assert {"play", "quitted", "out_of_turn", "exposed"} <= kinds
    assert any(e.get("revoke") for e in data["boards"][0]["events"])
    assert records_from_json(records_to_json([rec])) == [rec]


def test_json_log_has_the_documented_shape() -> None:
    records = session()
    data = json.loads(records_to_json(records))
    assert list(data) == ["format", "version", "boards"]
    assert (data["format"], data["version"]) == ("cavendish-log", 1)
    first = data["boards"][0]
    assert list(first) == [
        "board", "variant", "dealer", "deal", "trump_card", "players", "dummies",
        "event", "site", "date", "plays", "events",
    ]  # fmt: skip
    rec = records[0]
    assert first["deal"] == rec.deal.to_pbn() and first["dealer"] == "S"
    assert first["trump_card"] == str(rec.deal.trump_card)
    assert first["players"] == {"N": "Clay", "E": "Deschapelles", "S": "Cavendish", "W": "Pole"}
    assert first["plays"] == [str(c) for c in rec.plays]


def test_json_log_reads_a_minimal_board_with_defaults() -> None:
    rec = HandRecord.from_state(random_hand(41, stop_after=9), variant="short", board=1)
    board = {
        "deal": rec.deal.to_pbn(),
        "trump_card": str(rec.deal.trump_card),
        "events": [event_to_dict(e) for e in rec.events],
    }
    text = json.dumps({"format": "cavendish-log", "version": 1, "boards": [board]})
    (back,) = records_from_json(text)
    assert back == rec  # the plays follow from the log; board 1, short, no names


def test_golden_session_json_is_the_writers_output_byte_for_byte(tmp_path: Path) -> None:
    records = session()
    if os.environ.get(REGEN_ENV) == "1":
        write_json_file(records, GOLDEN_JSON)
    written = tmp_path / "session.json"
    write_json_file(records, written)
    assert written.read_bytes() == GOLDEN_JSON.read_bytes()
    assert read_json_file(GOLDEN_JSON) == records


def test_empty_session_round_trips() -> None:
    assert records_from_json(records_to_json([])) == []


def _log(*boards: object, **top: object) -> str:
    data = {"format": "cavendish-log", "version": 1, "boards": list(boards)}
    data.update(top)
    return json.dumps(data)


def _board(**changes: object) -> dict[str, object]:
    rec = HandRecord.from_state(random_hand(42, stop_after=5), variant="short", board=3)
    board = json.loads(records_to_json([rec]))["boards"][0]
    board.update(changes)
    return dict(board)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{not json", "log.json: not JSON: "),
        ("[1, 2]", 'log.json: expected a JSON object with "boards", not list'),
        (_log(format="pgn"), "log.json: \"format\" is 'pgn', expected 'cavendish-log'"),
        (_log(version=2), 'log.json: "version" 2 is not supported (expected 1)'),
        (_log(boards={}), 'log.json: "boards" must be a list, not dict'),
        (_log(_board(deal="S:AKQ")), "log.json, board 3: bad deal: deal 'S:AKQ': expected four"),
        (_log(_board(trump_card="ZZ")), "log.json, board 3: bad deal: cannot read card 'ZZ'"),
        (_log(_board(trump_card="H2", dealer="N")), "log.json, board 3: bad deal: the trump card"),
        (_log(_board(board=0)), 'log.json, board 1: "board" must be a positive integer, not 0'),
        (_log(_board(variant="bridge")), "log.json, board 3: unknown variant 'bridge'"),
        (_log(_board(players=["a"])), 'log.json, board 3: "players" must map seats'),
        (_log(_board(plays=["SA", "S1"])), "log.json, board 3: cannot read card 'S1'"),
        (_log(_board(plays=[])), "log.json, board 3: the plays and the event log disagree"),
        (_log(_board(events=[{"kind": "bid"}])), "log.json, board 3: event 1: unknown event kind"),
        (
            _log(_board(events=[{"kind": "play", "seat": "N", "card": "SA", "trick": "one"}])),
            "log.json, board 3: event 1: 'trick' must be int, not 'one'",
        ),
        (
            _log(_board(events=[{"kind": "play", "seat": "N"}])),
            "log.json, board 3: event 1: event 'play' lacks the field 'card'",
        ),
        (_log({"board": 2}), 'log.json, board 2: no "deal"'),
    ],
)
def test_json_log_errors_name_the_source_and_the_board(text: str, problem: str) -> None:
    with pytest.raises(JSONLogError) as info:
        records_from_json(text, source="log.json")
    assert str(info.value).startswith(problem), str(info.value)


def test_json_log_file_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text(_log(_board(deal="S:-")), encoding="utf-8")
    with pytest.raises(JSONLogError, match=r"broken\.json, board 3: bad deal"):
        read_json_file(path)
    assert issubclass(JSONLogError, ValueError)
