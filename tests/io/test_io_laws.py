"""Records of hands played under the laws arbiter: every ruling and election is an event
of the log and a row of the PBN record; PBN and JSON round trips of hands with each
kind of irregularity and ruling replay to the original state; the result is read
from the log (revokes claimed, penalties elected)."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from io_playouts import GOLDEN, PLAYERS, REGEN_ENV

from cavendish.core import Seat, get_rules
from cavendish.core.events import LAWS_EVENTS, CardPlayed, CardWithdrawn, Ruling
from cavendish.core.state import HandState, standing_plays
from cavendish.core.table import deal_cards
from cavendish.io import (
    HandRecord,
    JSONLogError,
    PBNError,
    RecordError,
    read_pbn,
    read_pbn_file,
    records_from_json,
    records_to_json,
    write_json_file,
    write_pbn,
    write_pbn_file,
)
from cavendish.io.record import event_from_json
from cavendish.laws import Arbiter, Scenario, auto_elect
from cavendish.players import RandomPlayer
from cavendish.players.sloppy import SloppyPlayer, play_hand

SCENARIOS = Path(__file__).resolve().parents[2] / "docs" / "scenarios"
GOLDEN_LAWS_PBN = GOLDEN / "laws.pbn"
GOLDEN_LAWS_JSON = GOLDEN / "laws.json"
LAWS_KINDS = {cls._field_defaults["kind"] for cls in LAWS_EVENTS}


def scenario_arbiter(name: str) -> Arbiter:
    """The arbiter after the actions of docs/scenarios/<name>.json."""
    data = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    scenario = Scenario.from_dict(data)
    arb = scenario.arbiter()
    for action in scenario.actions:
        getattr(arb, action.name)(**action.kwargs())
    return arb


def record_of(arb: Arbiter, board: int = 1) -> HandRecord:
    return HandRecord.from_state(
        arb.state, variant=arb.rules.name, board=board, players=PLAYERS, event="Laws"
    )


def sloppy(seed: int, rate: float = 0.2) -> Arbiter:
    rng = random.Random(seed)
    dummies = (Seat(rng.randrange(4)),) if seed % 5 == 0 else ()
    players = {
        s: SloppyPlayer(RandomPlayer(rng.randrange(2**31)), rate, rng.randrange(2**31))
        for s in Seat
    }

    def controller(seat: Seat) -> SloppyPlayer:
        return players[seat.partner if seat in dummies else seat]

    return play_hand(
        deal_cards(rng, Seat(seed % 4)),
        get_rules("dummy" if dummies else "short"),
        controller,
        dummies=dummies,
    )


def assert_round_trips(arb: Arbiter, board: int = 1) -> HandRecord:
    """PBN and JSON give back the record, and its replay is the arbiter's hand."""
    rec = record_of(arb, board)
    assert rec.laws and rec.irregular
    assert rec.plays == tuple(e.card for e in standing_plays(arb.events))
    assert rec.replay() == arb.state
    (from_pbn,) = read_pbn(write_pbn([rec]))
    assert from_pbn == rec
    assert from_pbn.replay() == arb.state
    (from_json,) = records_from_json(records_to_json([rec]))
    assert from_json == rec
    assert from_json.replay() == arb.state
    return rec


# ------------------------------------------------------------- every kind, round trip
SCENARIO_NAMES = sorted(p.stem for p in SCENARIOS.glob("*.json"))


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_laws_scenario_hand_round_trips_through_pbn_and_json_with_its_rulings(name: str) -> None:
    arb = scenario_arbiter(name)
    rec = assert_round_trips(arb)
    text = write_pbn([rec])
    rulings = [e for e in arb.events if isinstance(e, Ruling)]
    assert rulings and text.count(" Ruling ") == len(rulings)  # every ruling is in the record
    if arb.finished and arb.void is None:
        expected = arb.result()
        got = rec.result()
        assert expected is not None
        assert (got.tricks, got.honours) == (expected.tricks, expected.honours)
        assert [(r.side, r.penalty) for r in got.revokes] == [
            (r.side, r.penalty) for r in expected.revokes
        ]


def accepted_lead() -> Arbiter:
    """A lead out of turn that the adversaries accept (law 63: the leader changes)."""
    arb = scenario_arbiter("lead-out-of-turn")
    scenario = Scenario(arb.deal, tuple(arb.actions[:4]))
    arb = scenario.arbiter()
    for action in scenario.actions:
        getattr(arb, action.name)(**action.kwargs())
    wrong = arb.state.turn.left
    arb.play(wrong, arb.state.hand_cards(wrong)[0])
    decision = arb.pending()
    assert decision is not None and "accept" in decision.options
    arb.elect(decision.side, "accept")
    while not arb.finished:
        if arb.pending() is not None:
            auto_elect(arb)
            continue
        arb.play(arb.state.turn, arb.state.legal_cards()[-1])
    return arb


def test_every_laws_event_kind_round_trips_in_seeded_sloppy_hands() -> None:
    seen: set[str] = set()
    hands = [sloppy(seed) for seed in range(120)]
    hands += [scenario_arbiter(name) for name in SCENARIO_NAMES]
    hands.append(accepted_lead())
    for board, arb in enumerate(hands, start=1):
        if arb.rulings:
            assert_round_trips(arb, board=board)
        seen |= {e.kind for e in arb.events}
    assert seen >= LAWS_KINDS | {"out_of_turn", "exposed"}, LAWS_KINDS - seen


def test_law_76_a_corrected_revoke_leaves_52_standing_plays_in_the_record() -> None:
    arb = scenario_arbiter("revoke-corrected")
    played = [e for e in arb.events if isinstance(e, CardPlayed)]
    assert len(played) > 52  # the cards taken back are in the log
    rec = record_of(arb)
    assert len(rec.plays) == 52 and rec.is_finished
    withdrawn = [e for e in arb.events if isinstance(e, CardWithdrawn)]
    text = write_pbn([rec])
    assert text.count(" Withdrawn ") == len(withdrawn)
    assert text.count(" Play ") == len(played) - 52  # the cards played and taken back


def test_law_69_imperfect_trick_is_written_with_a_dash_from_the_replay() -> None:
    # W plays two cards to one trick (law 70), never found: he has no card for the last
    state_arb = scenario_arbiter("two-cards-to-a-trick")
    assert state_arb.state.tricks  # (the scenario restores the card: build our own)
    arb = Arbiter(state_arb.deal, get_rules("short"))
    for action in state_arb.actions:
        if action.name == "count_tricks":
            break
        getattr(arb, action.name)(**action.kwargs())
    while not arb.finished:
        if arb.pending() is not None:
            auto_elect(arb)
            continue
        arb.play(arb.state.turn, arb.state.legal_cards()[0])
    last = arb.state.tricks[-1]
    assert last.missing == (Seat.W,)
    rec = assert_round_trips(arb)
    lines = write_pbn([rec]).split("\r\n")
    play = lines[lines.index('[Play "W"]') + 13]  # the 13th trick; W's column first
    assert play.split()[0] == "-" and len(play.split()) == 4
    assert rec.tricks_won() == (arb.state.tricks_won(0), arb.state.tricks_won(1))
    assert f'[Result "NS {rec.tricks_won()[0]} EW {rec.tricks_won()[1]}"]' in lines


def test_an_unfinished_laws_hand_round_trips_and_has_no_result() -> None:
    arb = scenario_arbiter("lead-out-of-turn")
    scenario = Scenario(arb.deal, tuple(arb.actions[:9]))
    short = scenario.arbiter()
    for action in scenario.actions:
        getattr(short, action.name)(**action.kwargs())
    rec = assert_round_trips(short)
    assert write_pbn([rec]).count("\r\n*\r\n") == 1
    with pytest.raises(RecordError, match=r"^board 1: the hand is not over"):
        rec.result()


def test_law_72_the_record_result_takes_the_penalties_elected_from_the_log() -> None:
    for name, penalty in [
        ("revoke-add-three", "add"),
        ("revoke-deduct-three", "deduct"),
        ("revoke-take-three-tricks", "tricks"),
    ]:
        rec = read_pbn(write_pbn([record_of(scenario_arbiter(name))]))[0]
        assert [r.penalty for r in rec.result().revokes] == [penalty]


def test_law_69_a_new_deal_claimed_makes_the_record_void() -> None:
    data = json.loads((SCENARIOS / "card-not-played.json").read_text(encoding="utf-8"))
    for action in data["actions"]:
        if action.get("option") == "stand":
            action["option"] = "new-deal"
    scenario = Scenario.from_dict(data)
    arb = scenario.arbiter()
    for action in scenario.actions:
        try:
            getattr(arb, action.name)(**action.kwargs())
        except ValueError:
            break  # the hand is void: no more play
    assert arb.void == "law 69"
    rec = assert_round_trips(arb)
    with pytest.raises(RecordError, match=r"void: the adversaries claimed a new deal \(law 69\)"):
        rec.result()


# ------------------------------------------------------------- golden laws session
def laws_session() -> list[HandRecord]:
    names = ["revoke-corrected", "card-not-played", "hand-thrown-down", "dummy-revoke"]
    return [record_of(scenario_arbiter(n), board=k + 1) for k, n in enumerate(names)]


def test_golden_laws_session_pbn_and_json_are_the_writers_output(tmp_path: Path) -> None:
    records = laws_session()
    if os.environ.get(REGEN_ENV) == "1":
        write_pbn_file(records, GOLDEN_LAWS_PBN)
        write_json_file(records, GOLDEN_LAWS_JSON)
    written = tmp_path / "laws.pbn"
    write_pbn_file(records, written)
    assert written.read_bytes() == GOLDEN_LAWS_PBN.read_bytes()
    assert records_to_json(records) == GOLDEN_LAWS_JSON.read_text(encoding="utf-8")
    back = read_pbn_file(GOLDEN_LAWS_PBN)
    assert back == records
    assert [r.replay().events for r in back] == [r.events for r in records]


# ------------------------------------------------------------- refusals
def _laws_text() -> str:
    return write_pbn([record_of(scenario_arbiter("revoke-corrected"))])


def _first_row(text: str, event: str) -> str:
    return next(line for line in text.split("\r\n") if f" {event} " in line)


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            lambda row: row.replace('"{', '"{oops'),
            r"Irregularities: Withdrawn: Detail is not JSON",
        ),
        (
            lambda row: row.replace(" E Withdrawn ", " W Withdrawn "),
            r"Irregularities: the Seat is W, but Detail gives E",
        ),
        (
            lambda row: row.replace(" Withdrawn S2 ", " Withdrawn S3 "),
            r"Irregularities: the Card is S3, but Detail gives S2",
        ),
        (
            lambda row: row.replace(" Withdrawn ", " Covered "),
            r"Irregularities: the Event is Covered, but Detail holds a 'withdrawn' event",
        ),
        (
            lambda row: row.replace("S2", "S3"),
            r"Irregularities: the table has E takes back S3 \(law 76\), but the replay gives "
            r"E takes back S2 \(law 76\)",
        ),
    ],
)
def test_pbn_laws_rows_that_disagree_are_refused_naming_the_line(
    change: object, problem: str
) -> None:
    text = _laws_text()
    row = _first_row(text, "Withdrawn")
    line = text.split("\r\n").index(row) + 1
    bad = text.replace(row, change(row))  # type: ignore[operator]
    with pytest.raises(PBNError, match=rf"^laws\.pbn, line {line} \(board 1\): {problem}"):
        read_pbn(bad, source="laws.pbn")


def test_pbn_laws_play_section_that_disagrees_with_the_replay_is_refused() -> None:
    text = _laws_text()
    lines = text.split("\r\n")
    start = lines.index('[Play "W"]')
    # swap two cards of the last trick: the replay finds a revoke mark where none is,
    # or a card for the wrong seat
    cells = lines[start + 13].split()
    lines[start + 13] = " ".join([cells[1], cells[0], *cells[2:]])
    with pytest.raises(PBNError, match=r"^laws\.pbn, line \d+ \(board 1\): trick 13: "):
        read_pbn("\r\n".join(lines), source="laws.pbn")


def test_a_laws_record_whose_log_cannot_be_replayed_is_not_written() -> None:
    rec = record_of(scenario_arbiter("revoke-corrected"))
    log = list(rec.events)
    k = next(i for i, e in enumerate(log) if isinstance(e, CardWithdrawn))
    bad_event = log[k]
    assert isinstance(bad_event, CardWithdrawn)
    log[k] = bad_event._replace(card=bad_event.card.parse("S3"))
    bad = HandRecord(rec.deal, plays=rec.plays, board=4, events=tuple(log))
    with pytest.raises(RecordError, match=r"^board 4, trick \d+: the record has E takes back S3"):
        bad.replay()
    with pytest.raises(PBNError, match=r"^board 4: the event log cannot be replayed"):
        write_pbn([bad])


def test_replay_of_a_laws_log_applies_every_kind_in_laws_mode() -> None:
    arb = sloppy(7, rate=0.3)
    rec = record_of(arb)
    assert rec.default_rules() == arb.rules
    state = rec.replay()
    assert isinstance(state, HandState) and state == arb.state


@pytest.mark.parametrize(
    ("kind", "name", "value", "problem"),
    [
        ("ruling", "law", "76", "'law' must be int, not '76'"),
        ("ruling", "options", ["card", 3], "'options' must be a list of strings"),
        ("ruling", "options", "card", "'options' must be a list, not 'card'"),
        ("withdrawn", "exposed", 1, "'exposed' must be bool, not 1"),
        ("elected", "option", None, "'option' must be str, not None"),
    ],
)
def test_json_log_refuses_laws_events_with_fields_of_the_wrong_type(
    kind: str, name: str, value: object, problem: str
) -> None:
    data = json.loads(records_to_json([record_of(scenario_arbiter("revoke-corrected"))]))
    events = data["boards"][0]["events"]
    k = next(i for i, e in enumerate(events) if e["kind"] == kind)
    events[k][name] = value
    with pytest.raises(JSONLogError, match=rf"^laws\.json, board 1: event {k + 1}: {problem}"):
        records_from_json(json.dumps(data), source="laws.json")


# ------------------------------------------- defect: laws rows not type-checked (issue 19)
def _with_detail_field(text: str, event: str, name: str, value: object) -> tuple[str, int]:
    """The PBN text with one field of the first ``event`` row's Detail JSON changed,
    and the line of that row."""
    row = _first_row(text, event)
    head, data = row.split(' "', 1)[0], _detail(row)
    assert name in data, (name, data)
    data[name] = value
    quoted = json.dumps(data).replace("\\", "\\\\").replace('"', '\\"')
    return text.replace(row, f'{head} "{quoted}"'), text.split("\r\n").index(row) + 1


def _detail(row: str) -> dict[str, object]:
    """The Detail JSON of an Irregularities row (a PBN string: backslash escapes)."""
    data = json.loads(re.sub(r'\\(["\\])', r"\1", row.split(' "', 1)[1][:-1]))
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    ("event", "name", "value", "problem"),
    [
        ("Play", "trick", None, "Play: 'trick' must be int, not None"),
        ("Play", "trick", {}, r"Play: 'trick' must be int, not \{\}"),
        ("Withdrawn", "law", {}, r"Withdrawn: 'law' must be int, not \{\}"),
        ("Ruling", "what", None, "Ruling: 'what' must be str, not None"),
        ("Ruling", "options", [1], r"Ruling: 'options' must be a list of strings, not \[1\]"),
        ("Elected", "trick", 99, "Elected: 'trick' must be 0 to 13, not 99"),
        ("Withdrawn", "law", 95, "Withdrawn: 'law' must be 1 to 91 or 100 to 104, not 95"),
    ],
)
def test_pbn_laws_rows_with_a_null_or_an_object_for_a_number_or_a_word_are_refused(
    event: str, name: str, value: object, problem: str
) -> None:
    """Fuzzing found ``"trick": null`` (and the like) in a Detail ending ``score`` and
    ``analyse`` in a TypeError; the row is refused like the JSON log's event, naming
    the board and the row's line."""
    bad, line = _with_detail_field(_laws_text(), event, name, value)
    with pytest.raises(
        PBNError, match=rf"^laws\.pbn, line {line} \(board 1\): Irregularities: {problem}$"
    ):
        read_pbn(bad, source="laws.pbn")


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-200, 200) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=2), inner),
    max_leaves=4,
)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    event=st.sampled_from(["Play", "Withdrawn", "Ruling", "Elected", "Called"]),
    field=st.sampled_from(["trick", "law", "what", "options", "option", "call", "exposed"]),
    value=_JSON_VALUES,
)
def test_pbn_laws_rows_with_any_json_value_read_back_or_are_refused_as_the_json_log_does(
    event: str, field: str, value: object
) -> None:
    """Whatever JSON value a Detail field holds, the PBN reader either reads the board or
    raises PBNError, and it refuses exactly what the JSON log refuses."""
    text = _laws_text()
    row = _first_row(text, event)
    data = _detail(row)
    assume(field in data)
    bad, _ = _with_detail_field(text, event, field, value)
    changed = {**data, field: value}
    try:
        event_from_json(changed)
        json_ok = True
    except ValueError:
        json_ok = False
    try:
        read_pbn(bad, source="laws.pbn")
    except PBNError as exc:
        assert not json_ok or "Irregularities" in str(exc)
    else:
        assert json_ok, f"{field}={value!r} read from PBN but refused by the JSON log"
