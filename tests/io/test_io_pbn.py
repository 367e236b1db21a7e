"""PBN 2.1 for whist: the writer's export format, round trips, the golden session,
files in other programs' style, and clear refusals of malformed input.

Tests are named after the section of the PBN 2.1 standard (or the law) they prove.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from io_playouts import GOLDEN, PLAYERS, REGEN_ENV, irregular_hand, random_hand, session

from cavendish.core import Card, CardPlayed, HandState, Seat, Side, get_rules
from cavendish.io import (
    HandRecord,
    PBNError,
    RecordError,
    read_pbn,
    read_pbn_file,
    write_pbn,
    write_pbn_file,
)
from cavendish.io.pbn import IRREGULARITY_COLUMNS, PBNWarning
from cavendish.io.record import split_tricks

GOLDEN_PBN = GOLDEN / "session.pbn"


def _record(state: HandState, board: int = 1) -> HandRecord:
    return HandRecord.from_state(state, variant="short", board=board, players=PLAYERS)


def _tags(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in text.split("\r\n"):
        if line.startswith("[") and line.endswith('"]'):
            name, _, value = line[1:-2].partition(' "')
            out.setdefault(name, value)
    return out


# ---------------------------------------------------------------- round trips
@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    stop_after=st.integers(0, 52),
    laws=st.booleans(),
    dealer=st.sampled_from(list(Seat)),
    dummies=st.sampled_from([(), (Seat.N,), (Seat.N, Seat.E)]),
)
def test_pbn_round_trip_of_random_hands_finished_or_not(
    seed: int, stop_after: int, laws: bool, dealer: Seat, dummies: tuple[Seat, ...]
) -> None:
    state = random_hand(seed, dealer=dealer, stop_after=stop_after, laws=laws, dummies=dummies)
    rec = _record(state, board=seed % 50 + 1)
    back = read_pbn(write_pbn([rec]))
    assert back == [rec]
    replayed = back[0].replay()
    assert replayed.events == state.events
    assert replayed.tricks == state.tricks
    assert replayed.rules.mode == ("laws" if rec.irregular else "enforced")


@pytest.mark.parametrize("seed", [3, 17, 1863])
def test_pbn_3_9_revoke_and_card_out_of_turn_round_trip(seed: int) -> None:
    state = irregular_hand(seed)
    rec = _record(state, board=2)
    text = write_pbn([rec])
    assert "^R " in text  # 3.9: the revoke marked before its card
    assert f'[Irregularities "{";".join(IRREGULARITY_COLUMNS)}"]' in text
    assert " OutOfTurn " in text and " Exposed " in text
    (back,) = read_pbn(text)
    assert back == rec
    assert back.irregular and back.revokes == rec.revokes != ()
    replayed = back.replay()
    assert replayed.rules == get_rules("short").replace(mode="laws")
    assert replayed == state
    assert back.result().revokes == rec.result().revokes != ()


def test_pbn_unfinished_laws_hand_with_card_out_of_turn_round_trips() -> None:
    state = irregular_hand(5, stop_after=14)
    rec = _record(state)
    assert len(rec.plays) == 14 and any(e.kind == "out_of_turn" for e in rec.events)
    assert read_pbn(write_pbn([rec])) == [rec]


def test_long_whist_call_of_honours_at_eight_round_trips() -> None:
    state = random_hand(8, variant="long", stop_after=0)
    state.call_honours(Seat.E, 2)
    for _ in range(52):
        state.play(state.legal_cards()[0])
    rec = HandRecord.from_state(state, variant="long", board=4)
    text = write_pbn([rec])
    assert "0 E HonoursCalled - 2\r\n" in text
    (back,) = read_pbn(text)
    assert back == rec
    assert back.result().honours_called == Side.EW


# ---------------------------------------------------------------- export format
def test_pbn_2_3_export_lines_end_with_crlf_and_2_4_escape_lines_open_the_file() -> None:
    text = write_pbn(session())
    lines = text.split("\r\n")
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"]
    assert lines[-1] == ""
    assert "\n" not in text.replace("\r\n", "")
    assert "\t" not in text
    assert max(len(line) for line in lines) < 255


def test_pbn_3_games_after_the_first_start_with_an_empty_line() -> None:
    text = write_pbn(session())
    games = text.split("\r\n\r\n")
    assert len(games) == 3
    assert games[0].startswith('% PBN 2.1\r\n% EXPORT\r\n[Event "')
    assert all(g.startswith('[Event "') for g in games[1:])


def test_pbn_3_4_mandatory_tags_in_order_then_supplemental_tags_sorted() -> None:
    state = random_hand(11, dummies=(Seat.N,))
    text = write_pbn([_record(state)])
    names = [line[1:].split(" ")[0] for line in text.split("\r\n") if line.startswith("[")]
    mts = [
        "Event", "Site", "Date", "Board", "West", "North", "East", "South",
        "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
    ]  # fmt: skip
    assert names[:15] == mts
    assert names[15:18] == sorted(names[15:18]) == ["Dummies", "TrumpCard", "Variant"]
    assert names[18] == "Play"


def test_pbn_3_4_whist_has_no_contract_declarer_and_contract_are_empty() -> None:
    state = random_hand(12)
    rec = _record(state)
    tags = _tags(write_pbn([rec]))
    assert tags["Declarer"] == tags["Contract"] == ""
    assert tags["Vulnerable"] == "None"
    assert tags["Scoring"] == "Whist"
    assert tags["Dealer"] == str(state.deal.dealer)
    assert tags["Deal"].startswith(f"{state.deal.dealer}:")  # 3.4.11: first seat = dealer
    assert tags["TrumpCard"] == str(state.deal.trump_card)


def test_pbn_3_4_15_result_gives_the_tricks_of_both_sides() -> None:
    state = random_hand(13)
    tags = _tags(write_pbn([_record(state)]))
    ns, ew = state.tricks_won(Side.NS), state.tricks_won(Side.EW)
    assert tags["Result"] == f"NS {ns} EW {ew}"
    part = random_hand(13, stop_after=22)  # five tricks and two cards
    tags = _tags(write_pbn([_record(part)]))
    ns, ew = part.tricks_won(Side.NS), part.tricks_won(Side.EW)
    assert ns + ew == 5
    assert tags["Result"] == f"NS {ns} EW {ew}"


def test_pbn_3_4_unknown_names_event_site_and_date_are_written_as_unknown() -> None:
    state = random_hand(14, stop_after=4)
    rec = HandRecord.from_state(state, variant="short", board=1)
    tags = _tags(write_pbn([rec]))
    assert [tags[t] for t in ("Event", "Site", "West", "North")] == ["?"] * 4
    assert tags["Date"] == "????.??.??"
    assert read_pbn(write_pbn([rec])) == [rec]


def test_pbn_3_6_play_columns_are_fixed_by_seat_from_the_eldest_hand() -> None:
    state = random_hand(15, dealer=Seat.E)
    rec = _record(state)
    lines = write_pbn([rec]).split("\r\n")
    start = lines.index('[Play "S"]')  # E deals, S is eldest and leads
    rows = lines[start + 1 : start + 14]
    order = [Seat.S, Seat.W, Seat.N, Seat.E]
    for row, trick in zip(rows, state.tricks, strict=True):
        assert row.split() == [str(trick.card_of(seat)) for seat in order]
    assert lines[start + 14] == ""  # thirteen tricks, no '*'


def test_pbn_3_6_unfinished_play_has_dashes_and_ends_with_star() -> None:
    state = random_hand(16, stop_after=18)
    lines = write_pbn([_record(state)]).split("\r\n")
    start = lines.index('[Play "W"]')
    rows = lines[start + 1 : start + 7]
    assert rows[-1] == "*"
    last = rows[-2].split()
    assert len(last) == 4 and last.count("-") == 2
    leader, cards = split_tricks(state.deal, _record(state).plays)[-1]
    assert leader == state.leader and len(cards) == 2


def test_pbn_3_3_tag_values_escape_quotes_and_backslashes() -> None:
    state = random_hand(17, stop_after=8)
    names = ('Smith, "Lucky" J.', "Back\\slash", "Dupont, É.", "")
    rec = HandRecord.from_state(
        state,
        variant="short",
        board=9,
        players=names,
        event='The "Portland"',
        site="Bath; Somerset",
    )
    text = write_pbn([rec])
    assert '[North "Smith, \\"Lucky\\" J."]' in text
    assert '[East "Back\\\\slash"]' in text
    assert read_pbn(text) == [rec]


def test_pbn_writer_refuses_a_name_with_a_line_break() -> None:
    state = random_hand(18, stop_after=0)
    rec = HandRecord.from_state(state, variant="short", board=6, players=("a\nb", "", "", ""))
    with pytest.raises(PBNError, match=r"board 6.*North 'a\\nb'.*control character"):
        write_pbn([rec])


def test_pbn_writer_refuses_a_log_that_does_not_follow_from_the_play() -> None:
    state = random_hand(19, stop_after=3)
    rec = _record(state)
    wrong = CardPlayed(Seat.N, rec.plays[0], 0, False)  # the eldest (W) led it
    bad = HandRecord(rec.deal, plays=rec.plays, board=7, events=(wrong, *rec.events[1:]))
    with pytest.raises(PBNError, match=r"board 7.*does not follow from the cards played"):
        write_pbn([bad])


# ---------------------------------------------------------------- golden session
def test_golden_session_file_is_the_writers_output_byte_for_byte(tmp_path: Path) -> None:
    records = session()
    if os.environ.get(REGEN_ENV) == "1":
        write_pbn_file(records, GOLDEN_PBN)
    written = tmp_path / "session.pbn"
    write_pbn_file(records, written)
    assert written.read_bytes() == GOLDEN_PBN.read_bytes()
    assert write_pbn(records).encode("ascii") == GOLDEN_PBN.read_bytes()


def test_golden_session_reads_back_and_replays() -> None:
    records = read_pbn_file(GOLDEN_PBN)
    assert records == session()
    assert [r.board for r in records] == [1, 2, 3]
    assert [r.deal.dealer for r in records] == [Seat.S, Seat.W, Seat.N]  # law 33
    assert [len(r.plays) for r in records] == [52, 52, 23]
    assert records[1].irregular and not records[0].irregular
    for rec in records:
        rec.replay()


def test_pbn_file_falls_back_to_utf8_for_names_outside_latin1(tmp_path: Path) -> None:
    state = random_hand(20, stop_after=4)
    rec = HandRecord.from_state(
        state, variant="short", board=1, players=("Dupont, É.", "♠ Spade", "", "")
    )
    path = tmp_path / "utf8.pbn"
    write_pbn_file([rec], path)
    assert "♠ Spade".encode() in path.read_bytes()
    assert read_pbn_file(path) == [rec]
    latin = HandRecord.from_state(
        state, variant="short", board=1, players=("Dupont, É.", "", "", "")
    )
    write_pbn_file([latin], path)
    assert b"Dupont, \xc9." in path.read_bytes()  # ISO 8859-1, as PBN 2.2 asks
    assert read_pbn_file(path) == [latin]


# ---------------------------------------------------------------- import format
# N holds the diamonds, E the clubs, S the spades, W the hearts; S deals and turns
# up the S2, W (the eldest) leads.  Trick 1: W HA, N D2, E C2, S S2 (trumps, wins);
# trick 2: S SA, W H2, N D3, E C3; trick 3: S SK, W H3, and N is to play.
OTHER_PROGRAM = "\r\n".join(
    [
        "% PBN 2.0",
        "% written by another program",
        "{ A whist hand in another program's style.",
        "",
        "  The empty line above is inside a comment: it does not end the game. }",
        '[Dealer "s"] [Vulnerable "-"]   ; two tags on one line',
        '[Deal "n:..23456789TJQKA. ...A2K3Q4J5T6987 2AKQJT9876543... .akqjt98765432.."]',
        "[TrumpCard",
        '    "s2"]',
        '[Board "7"]',
        '[Contract ""]',
        '[Declarer ""]',
        '[Play "W"]',
        "HA =1= D2 C2 S2!",
        "H2 d3 c3 SA $12 { South draws trumps }",
        "H3 + - SK",
        "*",
        '[Note "1:the eldest leads his best"]',
        '[Event "Club night"]',
        '[Site "##Bath"]',
        '[North "Smith, J."]',
        '[Result "NS 2 EW 0"]',
        " \t",
        '[Event "#"]',
        '[Board "8"]',
        '[Dealer "W"]',
        '[Deal "W:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]',
        '[TrumpCard "SA"]',
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
        "N NT 5",
        "S S 13",
        "",
    ]
)


def test_pbn_import_format_reads_another_programs_file() -> None:
    first, second = read_pbn(OTHER_PROGRAM, source="other.pbn")
    assert first.board == 7
    assert first.deal.dealer == Seat.S
    assert first.deal.trump_card == Card.parse("S2")
    assert first.deal.to_pbn() == (
        "S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    )
    plays = ["HA", "D2", "C2", "S2", "SA", "H2", "D3", "C3", "SK", "H3"]
    assert [str(c) for c in first.plays] == plays
    assert first.players == ("Smith, J.", "", "", "")
    assert (first.event, first.site, first.date) == ("Club night", "Bath", "")
    assert first.variant == "short"
    state = first.replay()
    assert state.events == first.events
    assert state.tricks_won(Side.NS) == 2 and state.turn == Seat.N
    # 4.8: "#" inherits the previous game's value, "##" holds for the games after it
    assert (second.board, second.event, second.site) == (8, "Club night", "Bath")
    assert second.deal.dealer == Seat.W and second.plays == () and second.events == ()


def test_pbn_import_format_reads_lf_line_ends_the_same() -> None:
    assert read_pbn(OTHER_PROGRAM.replace("\r\n", "\n")) == read_pbn(OTHER_PROGRAM)


def test_pbn_import_does_not_judge_the_play_but_replay_does() -> None:
    # W leads HA and N, holding only diamonds, "plays" the SA, which S holds
    text = OTHER_PROGRAM.replace("HA =1= D2 C2 S2!", "HA SA C2 S2")
    first = read_pbn(text)[0]
    with pytest.raises(RecordError) as info:
        first.replay()
    assert str(info.value) == "board 7, trick 1: illegal card 'SA' for N: not in hand"


# ---------------------------------------------------------------- malformed input
BASE = [
    '[Event "Test"]',
    '[Board "3"]',
    '[Dealer "S"]',
    '[Deal "S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]',
    '[TrumpCard "S2"]',
    '[Variant "short"]',
    '[Play "W"]',
    "HA D2 C2 S2",
    "*",
]

# fmt: off
MALFORMED = [
    # (id, line to replace (1-based), new text, line named, board named, problem)
    ("3.3 tag not closed", 1, '[Event "Test" x', 1, False, "is not closed by ']'"),
    ("3.3 value not a string", 2, "[Board 3]", 2, False, "Board has no value in double quotes"),
    ("3.2 unterminated string", 1, '[Event "Test]', 1, False, "unterminated string"),
    ("3.3 text outside a tag", 6, "Variant short", 6, True,
     "unexpected 'Variant' after the tag [TrumpCard ...]"),
    ("3.3 bracket closing nothing", 6, 'Variant "short"]', 6, False, "']' without '['"),
    ("3.8 unterminated comment", 9, "* { never closed", 9, False, "unterminated comment"),
    ("3.4.4 board not a number", 2, '[Board "three"]', 2, False, "bad Board 'three'"),
    ("3.4.3 date not YYYY.MM.DD", 1, '[Date "1864-05-02"]', 1, True, "bad Date '1864-05-02'"),
    ("3.4.9 unknown dealer", 3, '[Dealer "Q"]', 3, True, "bad Dealer 'Q'"),
    ("law 44(iv) a hand of 12 cards", 4,
     '[Deal "S:AKQJT9876543... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]',
     4, True, "hand S has 12 cards, not 13"),
    ("3.4.11 a card in two hands", 4,
     '[Deal "S:AKQJT98765432... A.KQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]',
     4, True, "card SA is in two hands"),
    ("3.4.11 a hand not given", 4,
     '[Deal "S:AKQJT98765432... - ..AKQJT98765432. ...AKQJT98765432"]',
     4, True, "needs all four hands"),
    ("3.4.11 not a rank", 4,
     '[Deal "S:AKQJT9876543X... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]',
     4, True, "'X' is not a rank"),
    ("law 44(ii) trump card missing", 5, '[Site "Bath"]', 4, True, "no TrumpCard tag"),
    ("law 44(iii) trump card not the dealer's", 5, '[TrumpCard "H2"]', 5, True,
     "the trump card H2 is not in the dealer's (S) hand"),
    ("trump card not a card", 5, '[TrumpCard "Z9"]', 5, True, "cannot read card 'Z9'"),
    ("unknown variant", 6, '[Variant "bridge"]', 6, True, "unknown variant 'bridge'"),
    ("3.6.1 card not a card", 8, "HA D2 CX S2", 8, True, "cannot read card 'CX'"),
    ("3.6 card after a card not played", 8, "HA - C2 S2", 8, True,
     "C2 for E follows a card not played"),
    ("3.9 lead out of turn accepted", 8, "HA D2 ^L C2 S2", 8, True, "'^L' in the play section"),
    ("3.6 text after the star", 9, "* HK", 9, True, "after the '*' that ends the play"),
    ("irregularities unknown event", 9,
     '*\n[Irregularities "Played;Seat;Event;Card;Detail"]\n0 N Kibitzed SA -',
     11, True, "unknown Event 'Kibitzed'"),
    ("irregularities position beyond the play", 9,
     '*\n[Irregularities "Played;Seat;Event;Card;Detail"]\n9 N OutOfTurn D5 -',
     11, True, "bad Played '9'"),
    ("3.8 closing brace alone", 9, "* }", 9, False, "'}' without an opening '{'"),
]
# fmt: on


@pytest.mark.parametrize(
    ("line", "text", "named_line", "names_board", "problem"),
    [case[1:] for case in MALFORMED],
    ids=[case[0] for case in MALFORMED],
)
def test_pbn_import_refuses_malformed_input_naming_source_line_and_problem(
    line: int, text: str, named_line: int, names_board: bool, problem: str
) -> None:
    lines = list(BASE)
    lines[line - 1] = text
    source = "\r\n".join(lines)
    assert read_pbn("\r\n".join(BASE))  # the base is well formed
    with pytest.raises(PBNError) as info:
        read_pbn(source, source="bad.pbn")
    message = str(info.value)
    prefix = f"bad.pbn, line {named_line}" + (" (board 3)" if names_board else "") + ": "
    assert message.startswith(prefix), message
    assert problem in message
    assert info.value.line == named_line and info.value.source == "bad.pbn"


def test_pbn_error_is_a_value_error() -> None:
    assert issubclass(PBNError, ValueError)
    with pytest.raises(ValueError, match="no Deal tag"):
        read_pbn('[Event "x"]\n[Board "1"]')


# ------------------------------------------------ defects found by fuzzing (issue 19)
def _play_rows(lines: list[str]) -> tuple[int, int]:
    """The index of the [Play] tag and of the line after the last trick."""
    start = next(i for i, line in enumerate(lines) if line.startswith("[Play "))
    end = start + 1
    while end < len(lines) and lines[end] and lines[end][0] not in "[*":
        end += 1
    return start, end


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32 - 1),
    stop_after=st.integers(1, 52),
    dealer=st.sampled_from(list(Seat)),
    turn=st.integers(1, 3),
)
def test_pbn_play_tag_naming_a_seat_other_than_the_eldest_is_refused_never_reseated(
    seed: int, stop_after: int, dealer: Seat, turn: int
) -> None:
    """A silent wrong result found by fuzzing: the [Play] tag names the player of the
    first column, who led; the reader took the eldest hand as the leader whatever the
    tag said, so the tricks went to the wrong side.  The same cards, each in its seat's
    column, with another seat first, are refused, saying so."""
    state = random_hand(seed, dealer=dealer, stop_after=stop_after)
    rec = _record(state)
    lines = write_pbn([rec]).split("\r\n")
    assert read_pbn("\r\n".join(lines)) == [rec]
    start, end = _play_rows(lines)
    eldest = rec.deal.eldest
    first = eldest.offset(turn)
    lines[start] = f'[Play "{first}"]'
    for i in range(start + 1, end):
        cells = lines[i].split()
        lines[i] = " ".join(cells[turn:] + cells[:turn])  # the same card under each seat
    with pytest.raises(PBNError) as info:
        read_pbn("\r\n".join(lines), source="moved.pbn")
    assert str(info.value) == (
        f'moved.pbn, line {start + 1} (board 1): [Play "{first}"]: the play section starts '
        f"with {first}, but the laws make {eldest}, the eldest hand (left of the dealer "
        f'{dealer}), lead the first trick; write the play from [Play "{eldest}"] (a lead '
        "out of turn is an OutOfTurn row of the Irregularities table)"
    )


@settings(max_examples=20, deadline=None, derandomize=True)
@given(boards=st.integers(2, 4), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_pbn_two_boards_with_no_empty_line_between_them_are_refused_not_merged(
    boards: int, seed: int, data: st.DataObject
) -> None:
    """Fuzzing found two boards with no empty line between them read as one board, the
    second lost without a word.  Every board is read, or the file is refused."""
    records = [
        _record(random_hand(seed + k, stop_after=(seed + 13 * k) % 53), board=k + 1)
        for k in range(boards)
    ]
    lines = write_pbn(records).split("\r\n")
    gaps = [i for i, line in enumerate(lines[:-1]) if line == ""]
    assert len(gaps) == boards - 1
    gap = data.draw(st.sampled_from(gaps))
    joined = lines[:gap] + lines[gap + 1 :]
    deal_lines = [i + 1 for i, line in enumerate(joined) if line.startswith("[Deal ")]
    second = next(n for n in deal_lines if n > gap)
    with pytest.raises(PBNError) as info:
        read_pbn("\r\n".join(joined), source="joined.pbn")
    assert str(info.value).startswith(f"joined.pbn, line {second}: a second Deal tag")
    assert "two boards run together" in str(info.value)


@pytest.mark.parametrize("name", ["#", "##Smith", "##", "?"])
def test_pbn_player_named_hash_or_starting_with_two_hashes_is_refused_by_the_writer(
    name: str,
) -> None:
    """Fuzzing found a player named ``#`` read back as the previous board's player, and
    ``##x`` as a name held for every board after it (PBN 4.8)."""
    state = random_hand(5, stop_after=8)
    rec = HandRecord.from_state(state, variant="short", board=2, players=("", name, "", ""))
    with pytest.raises(PBNError, match=rf"^board 2: the East {re.escape(repr(name))} cannot"):
        write_pbn([rec])


@settings(max_examples=80, deadline=None, derandomize=True)
@given(
    names=st.lists(
        st.sampled_from(["#", "##", "##x", "#x", "?", "?x", ""])
        | st.text(st.characters(min_codepoint=32, max_codepoint=0x2FF), max_size=5),
        min_size=4,
        max_size=4,
    ),
    event=st.sampled_from(["#", "##Club", "?"])
    | st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=4),
)
def test_pbn_names_and_event_survive_a_write_and_read_or_the_writer_refuses_them(
    names: list[str], event: str
) -> None:
    """Two boards with the same names: each read back exactly as written, or refused."""
    records = [
        HandRecord.from_state(
            random_hand(k, stop_after=4),
            variant="short",
            board=k + 1,
            players=(names[0], names[1], names[2], names[3]),
            event=event,
        )
        for k in range(2)
    ]
    try:
        text = write_pbn(records)
    except PBNError as exc:
        assert "(4.8)" in str(exc) or "control character" in str(exc), exc
        return
    assert read_pbn(text) == records


def test_pbn_date_with_a_time_as_bbo_writes_it_is_read_with_a_warning() -> None:
    """Fuzzing with BBO's files: ``[Date "2021-04-03 05:06"]`` refused the whole file."""
    lines = list(BASE)
    lines[0] = '[Date "2021-04-03 05:06"]'
    with pytest.warns(PBNWarning) as caught:
        (rec,) = read_pbn("\r\n".join(lines), source="bbo.pbn")
    assert rec.date == "2021.04.03"
    assert [str(w.message) for w in caught] == [
        "bbo.pbn, line 1 (board 3): Date '2021-04-03 05:06' has a time, which PBN's Date "
        "does not hold: read as 2021.04.03"
    ]


def test_pbn_bridge_board_keeps_its_refusal_and_says_what_would_make_it_whist() -> None:
    lines = [line for line in BASE if not line.startswith("[TrumpCard")]
    lines.insert(1, '[Contract "4SX"]')
    with pytest.raises(PBNError) as info:
        read_pbn("\r\n".join(lines), source="bridge.pbn")
    assert str(info.value) == (
        'bridge.pbn, line 5 (board 3): no TrumpCard tag: a whist deal needs the card turned '
        'up, as [TrumpCard "C3"]; this is a bridge board (Contract \'4SX\'): to read it as '
        "whist, add the card the dealer (S) turned up, one of his cards, as a TrumpCard tag; "
        "its play, if any, must start with the eldest hand (W), as the laws of whist lead"
    )
