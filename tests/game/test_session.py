"""The game driver: cutting and seating, the deal's rotation, dummies, players' views,
calling honours at eight, reproducibility and records."""

from __future__ import annotations

import itertools
import random

import pytest

from cavendish.core import (
    CARDS,
    Card,
    CardPlayed,
    Event,
    HandState,
    HonoursCalled,
    IllegalPlay,
    Seat,
    SeatView,
    Side,
    TrickQuitted,
    get_rules,
    honours_mask,
)
from cavendish.game import (
    Session,
    SessionError,
    SessionResult,
    play_rubber,
    seat_by_cut,
    seat_fixed,
)
from cavendish.game.seating import SeatingError, cut_for_deal
from cavendish.players import Player, PlayerError, RandomPlayer, get_player


def four(seed: int = 0) -> list[Player]:
    return [RandomPlayer(seed + i, f"R{i}") for i in range(4)]


def three() -> dict[Seat, Player]:
    """Three people at dummy whist, North being the dummy."""
    seats = (Seat.E, Seat.S, Seat.W)
    return {s: RandomPlayer(i, n) for i, (s, n) in enumerate(zip(seats, "abc", strict=True))}


def fingerprint(result: SessionResult) -> list[tuple[str, tuple[str, ...]]]:
    return [(h.state.deal.to_pbn(), tuple(str(e) for e in h.state.events)) for h in result.hands]


class StrictPlayer:
    """Asserts that it is handed nothing but a seat's view and public events."""

    def __init__(self, seed: int, name: str, seats: set[Seat]) -> None:
        self.name = name
        self.inner = RandomPlayer(seed, name)
        self.seats = seats
        self.views: list[SeatView] = []
        self.events: list[Event] = []
        self.begun: list[SeatView] = []

    def choose(self, view: SeatView) -> Card:
        assert type(view) is SeatView
        assert view.seat in self.seats, f"{self.name} asked to play {view.seat}"
        assert view.turn == view.seat and view.legal
        self.views.append(view)
        return self.inner.choose(view)

    def observe(self, event: Event) -> None:
        assert isinstance(event, CardPlayed | TrickQuitted | HonoursCalled)
        self.events.append(event)

    def begin_hand(self, view: SeatView) -> None:
        assert type(view) is SeatView and view.seat in self.seats
        assert view.trick_number == 0 and not view.trick
        self.begun.append(view)


# ------------------------------------------------------------------ cutting


@pytest.mark.parametrize("seed", range(12))
def test_law_16_lowest_cutter_deals_and_partners_sit_opposite(seed: int) -> None:
    names = ["You", "Hoyle", "Clay", "Pole"]
    seating = seat_by_cut(get_rules("short"), names, random.Random(seed))
    cut = seating.cut
    assert cut is not None
    assert seating.names[seating.first_dealer] == cut.dealer
    a, b = (seating.seat_of(n) for n in cut.low_pair)
    c, d = (seating.seat_of(n) for n in cut.high_pair)
    assert a.partner == b and c.partner == d
    assert sorted(seating.names) == list(Seat)


@pytest.mark.parametrize("variant", ["short", "dummy", "double-dummy"])
@pytest.mark.parametrize("seat", list(Seat))
def test_law_16_requested_seat_is_respected(variant: str, seat: Seat) -> None:
    rules = get_rules(variant)
    names = ["You", "Hoyle", "Clay", "Pole"][: rules.players]
    for seed in range(6):
        seating = seat_by_cut(rules, names, random.Random(seed), request=("You", seat))
        assert seating.seat_of("You") == seat
        assert len(seating.names) == rules.players
        for d in seating.dummies:
            assert d.partner in seating.names and d not in seating.names
        assert seating.first_dealer in (seating.dummies or tuple(Seat))


def test_law_18_equal_lowest_cards_cut_again_for_the_deal() -> None:
    recut = 0
    for seed in range(300):
        result = cut_for_deal(random.Random(seed), ["A", "B", "C"])
        first = result.rounds[0]
        values = sorted(c.rank.cut_value for c in first.cards)
        if values[0] == values[1]:
            recut += 1
            assert len(result.rounds) >= 2
        lowest = min(result.rounds[-1].cards, key=lambda c: c.rank.cut_value)
        last = result.rounds[-1]
        assert result.dealer == last.players[last.cards.index(lowest)]
    assert recut > 0


def test_seating_refuses_a_wrong_number_of_people() -> None:
    with pytest.raises(SeatingError, match="played by 3 people, not 4"):
        seat_by_cut(get_rules("dummy"), ["a", "b", "c", "d"], random.Random(1))
    with pytest.raises(SeatingError, match="partner"):
        seat_fixed(get_rules("double-dummy"), {Seat.N: "a", Seat.S: "b"}, random.Random(1))


# ------------------------------------------------------------- whole rubbers


def test_seeded_rubber_is_reproducible() -> None:
    first = play_rubber(four(), "short", seed=11)
    again = play_rubber(four(), "short", seed=11)
    other = play_rubber(four(), "short", seed=12)
    assert fingerprint(first) == fingerprint(again)
    assert first.sheet.totals == again.sheet.totals
    assert fingerprint(first) != fingerprint(other)


@pytest.mark.parametrize("variant", ["short", "long", "american", "dummy", "double-dummy"])
def test_law_1_session_stops_when_the_rubber_is_over(variant: str) -> None:
    rules = get_rules(variant)
    players = four()
    seats = dict(zip(Seat, players, strict=True))
    if rules.table == "dummy":
        del seats[Seat.N]
    elif rules.table == "double-dummy":
        del seats[Seat.N], seats[Seat.E]
    result = play_rubber(seats, rules, seed=5)
    assert len(result.sheet.rubbers) == 1
    assert result.sheet.rubber_over
    # the rubber ended with its last hand, not before
    assert len(result.sheet.rubbers[0].games) in (2, 3)
    assert result.sheet.games[-1].hands[-1] == len(result.hands) - 1


def test_clay_session_stops_at_the_end_of_a_game() -> None:
    seats = three()
    result = play_rubber(seats, "clay", seed=2)
    assert len(result.sheet.games) == 1 and not result.sheet.rubbers
    assert result.sheet.games[0].hands[-1] == len(result.hands) - 1


def test_session_stops_after_max_hands() -> None:
    result = play_rubber(four(), "short", seed=1, rubbers=None, max_hands=7)
    assert len(result.hands) == 7
    assert [h.board for h in result.hands] == list(range(1, 8))


def test_law_33_the_deal_passes_to_the_left() -> None:
    result = play_rubber(four(), "short", seed=3, rubbers=None, max_hands=12)
    dealers = [h.dealer for h in result.hands]
    for before, after in itertools.pairwise(dealers):
        assert after == before.left


@pytest.mark.parametrize("seed", range(3))
def test_dummy_law_i_dummy_deals_first_in_each_rubber(seed: int) -> None:
    seats = three()
    session = Session.seated("dummy", seats, seed, rubbers=3)
    result = session.play_all()
    assert len(result.sheet.rubbers) == 3
    hands = result.hands
    starts = {0} | {r.games[-1].hands[-1] + 1 for r in result.sheet.rubbers[:-1]}
    for i, hand in enumerate(hands):
        if i in starts:
            assert hand.dealer == Seat.N, f"board {hand.board} opens a rubber"
        else:
            assert hand.dealer == hands[i - 1].dealer.left, f"board {hand.board}: law 33"


def test_double_dummy_each_player_has_an_exposed_partner() -> None:
    seats: dict[Seat, Player] = {Seat.S: RandomPlayer(1, "a"), Seat.W: RandomPlayer(2, "b")}
    session = Session.seated("double-dummy", seats, 4, rubbers=2)
    assert set(session.dummies) == {Seat.N, Seat.E}
    result = session.play_all()
    openers = [result.hands[0].dealer] + [
        result.hands[r.games[-1].hands[-1] + 1].dealer for r in result.sheet.rubbers[:-1]
    ]
    assert set(openers) <= {Seat.N, Seat.E}
    assert openers[0] != openers[1]  # the two dummies open the rubbers in turn


@pytest.mark.parametrize("variant", ["dummy", "double-dummy"])
def test_dummy_hand_is_exposed_in_every_seats_view(variant: str) -> None:
    rules = get_rules(variant)
    people = [Seat.E, Seat.S, Seat.W] if rules.table == "dummy" else [Seat.S, Seat.W]
    players: dict[Seat, Player | None] = {
        s: StrictPlayer(i, f"P{i}", {s, s.partner}) for i, s in enumerate(people)
    }
    session = Session.seated(rules, players, 8, max_hands=2, rubbers=None)
    checked = 0
    while not session.is_over:
        session.start_hand()
        while (seat := session.to_play) is not None:
            state = session.state
            assert state is not None
            for dummy in session.dummies:
                for viewer in Seat:
                    assert session.view(viewer).exposed[dummy] == state.hand(dummy)
                    checked += 1
            before = {d: state.hand(d) for d in session.dummies}
            player = session.controller(seat)
            assert isinstance(player, StrictPlayer)
            session.step()
            seen = player.views[-1]
            for d in session.dummies:
                assert seen.exposed[d] == before[d]
            # nothing hidden is in the view: no other hand but the seat's own and dummies'
            for other in Seat:
                if other not in session.dummies:
                    assert seen.exposed[other] == 0
        session.finish_hand()
    assert checked > 0


def test_players_receive_only_seat_views_and_public_events() -> None:
    players: dict[Seat, Player | None] = {
        s: StrictPlayer(i, f"P{i}", {s}) for i, s in enumerate(Seat)
    }
    result = Session.seated("long", players, 2).play_all()
    for seat, p in players.items():
        assert isinstance(p, StrictPlayer)
        assert p.views and all(v.seat == seat for v in p.views)
        assert len(p.begun) == len(result.hands)
        cards = [e for e in p.events if isinstance(e, CardPlayed)]
        assert len(cards) == 52 * len(result.hands)
        # each view holds the seat's own hand, and only the cards it still holds
        for v in p.views:
            assert v.hand >> v.legal_cards()[0] & 1


def test_a_player_answering_an_illegal_card_is_refused() -> None:
    class Cheat:
        name = "Cheat"

        def choose(self, view: SeatView) -> Card:
            return next(c for c in CARDS if not view.hand >> c & 1)

    players: dict[Seat, Player | None] = {s: Cheat() for s in Seat}
    session = Session.seated("short", players, 1)
    session.start_hand()
    with pytest.raises(PlayerError, match=r"Cheat chose .* not in hand"):
        session.step()


def test_human_seat_is_asked_and_illegal_cards_change_nothing() -> None:
    people: dict[str, Player | None] = {"You": None}
    for i, name in enumerate(("Hoyle", "Clay", "Pole")):
        people[name] = get_player("random", i, name)
    session = Session.by_cut("short", people, 9, request=("You", Seat.W))
    assert session.seating.seat_of("You") == Seat.W
    session.start_hand()
    session.run()
    assert session.human_to_play and session.to_play == Seat.W
    with pytest.raises(SessionError, match="held by a human"):
        session.step()
    state = session.state
    assert state is not None
    view = session.view(Seat.W)
    not_mine = next(c for c in range(52) if not view.hand >> c & 1)
    log = state.events
    with pytest.raises(IllegalPlay, match="not in hand"):
        session.play(not_mine)
    assert state.events == log
    session.play(view.legal_cards()[0])
    assert state.events[len(log)] == CardPlayed(Seat.W, view.legal_cards()[0], 0)
    with pytest.raises(SessionError, match="not over"):
        session.finish_hand()


# -------------------------------------------------------- long whist: at eight


def test_long_whist_honours_call_names_the_first_player_holding_two() -> None:
    from cavendish.core import Deal
    from cavendish.game import honours_call

    deal = Deal.from_pbn(
        "S:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 T98.T98.QJT9.QJT",
        trump_card="S2",
    )
    long = get_rules("long")
    assert honours_call(long, (8, 0), HandState(deal)) == (Seat.S, 3)  # N holds one only
    assert honours_call(long, (7, 8), HandState(deal)) is None  # EW at eight hold one
    assert honours_call(get_rules("short"), (8, 0), HandState(deal)) is None


def test_long_whist_side_at_eight_calls_honours_before_playing_and_wins() -> None:
    rules = get_rules("long")
    calls = 0
    for seed in range(8):
        result = play_rubber(four(seed), rules, seed=seed)
        for hand in result.hands:
            score = hand.score
            assert score is not None
            events = hand.state.events
            called = [e for e in events if isinstance(e, HonoursCalled)]
            deal = hand.state.deal
            for side in Side:
                entitled = score.before[side] == 8 and deal.honours(side) >= 3
                assert entitled == any(e.side == side for e in called)
            for call in called:
                calls += 1
                i = events.index(call)
                cards = [e for e in events[:i] if isinstance(e, CardPlayed)]
                # made at the caller's first turn, before he plays, in trick one
                assert len(cards) < 4 and all(e.seat != call.seat for e in cards)
                assert cards == [] or cards[-1].seat.left == call.seat
                mask = honours_mask(deal.trump)
                assert (deal.hand(call.seat) & mask).bit_count() >= 2
                for e in cards:
                    if e.seat.side == call.side:
                        assert (deal.hand(e.seat) & mask).bit_count() < 2
                assert score.game_winner == call.side
    assert calls > 0


# ----------------------------------------------------------------- records


def test_session_records_replay_to_the_same_hands() -> None:
    from cavendish.io.pbn import read_pbn, write_pbn

    seats = three()
    result = play_rubber(seats, "dummy", seed=6)
    records = read_pbn(write_pbn(result.records(event="test", date="2024.01.02")))
    assert [r.board for r in records] == [h.board for h in result.hands]
    for record, hand in zip(records, result.hands, strict=True):
        assert record.players == ("Dummy", "a", "b", "c")
        assert record.dummies == (Seat.N,)
        assert record.replay() == hand.state
        assert record.result() == hand.result


class _ScoreWatcher(RandomPlayer):
    """A random player that records the score it is told before each hand."""

    def __init__(self, seed: int, name: str) -> None:
        super().__init__(seed, name)
        self.told: list[tuple[int, int, int]] = []

    def set_score(self, ours: int, theirs: int, game_points: int = 5) -> None:
        self.told.append((ours, theirs, game_points))


@pytest.mark.parametrize("variant", ["short", "long"])
def test_convention_c7_players_are_told_the_score_before_each_hand(variant: str) -> None:
    rules = get_rules(variant)
    watchers = {seat: _ScoreWatcher(int(seat), str(seat)) for seat in Seat}
    session = Session.seated(rules, dict(watchers), seed=4, rubbers=None, max_hands=6)
    expected: dict[Seat, list[tuple[int, int, int]]] = {seat: [] for seat in Seat}
    while not session.is_over:
        score = session.sheet.score
        for seat in Seat:
            side = seat.side
            expected[seat].append((score[side], score[side.other], rules.game_points))
        session.start_hand()
        session.run()
        session.finish_hand()
    assert any(told != (0, 0, rules.game_points) for told in expected[Seat.N])
    for seat in Seat:
        assert watchers[seat].told == expected[seat]


def test_players_are_not_told_the_score_when_the_session_says_not() -> None:
    watchers = {seat: _ScoreWatcher(int(seat), str(seat)) for seat in Seat}
    session = Session.seated(get_rules("short"), dict(watchers), seed=4, rubbers=None,
                             max_hands=2)
    session.tell_score = False
    session.play_all()
    assert all(not w.told for w in watchers.values())
