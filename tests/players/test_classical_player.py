"""The classical player as a whole: it sees only its seat's view (a test proves that
the hidden cards do not change its choices), explains every card, is
deterministic, registers itself, and beats the random player by a wide margin."""

from __future__ import annotations

import random
from typing import cast

import pytest

from cavendish.core import (
    CardPlayed,
    Deal,
    Event,
    HandState,
    Seat,
    SeatView,
    TrickQuitted,
    deal_cards,
    get_rules,
)
from cavendish.game import Session
from cavendish.players import Player, RandomPlayer, get_player
from cavendish.players.base import notify, notify_begin
from cavendish.players.classical import (
    FORCED,
    TITLES,
    ClassicalPlayer,
    Decision,
    ScoreTargets,
    build_position,
    replay_to,
)
from cavendish.players.inference import Knowledge


def play_hand(deal: Deal, players: dict[Seat, Player]) -> HandState:
    """Play a hand as a session does: opening views, then views and events only."""
    state = HandState(deal)
    for s in Seat:
        notify_begin(players[s], state.view(s))
    while not state.is_over:
        card = players[state.turn].choose(state.view(state.turn))
        before = len(state.events)
        state.play(card)
        for e in state.events[before:]:
            for p in {id(p): p for p in players.values()}.values():
                notify(p, e)
    return state


def four_classical(school: str = "modern") -> dict[Seat, Player]:
    return {s: ClassicalPlayer(school, seed=int(s)) for s in Seat}


# ----------------------------------------------------------------- hidden information
def alternative_deal(state: HandState, seat: Seat, rng: random.Random) -> Deal | None:
    """A deal the seat cannot tell from the real one: its own hand, the same cards
    played by the same seats, the unseen cards dealt anew consistently with the
    renounces and the turned-up card."""
    start = HandState(state.deal)
    k = Knowledge.from_view(start.view(seat))
    for e in state.events:
        k.observe(e)
    layout = k.sample(rng)
    if list(layout) == [state.hand(s) for s in Seat]:
        return None
    hands = [layout[s] | k.played_by(s) for s in Seat]
    return Deal.from_hands(hands, state.deal.dealer, state.deal.trump_card)


def test_player_cannot_see_hidden_cards_permuting_them_changes_nothing() -> None:
    rng = random.Random(11)
    checked = 0
    for board in range(6):
        deal = deal_cards(random.Random(board), Seat(board % 4))
        state = HandState(deal)
        players = four_classical()
        while not state.is_over:
            seat = state.turn
            view = state.view(seat)
            if view.legal & (view.legal - 1) and state.trick_number % 3 == 1:
                alt = alternative_deal(state, seat, rng)
                if alt is not None:
                    replica = HandState(alt)
                    for e in state.events:
                        if isinstance(e, CardPlayed):
                            replica.play(e.card)
                    assert replica.view(seat) == view
                    a = cast(Decision, replay_to(ClassicalPlayer(seed=int(seat)), state, seat))
                    b = cast(Decision, replay_to(ClassicalPlayer(seed=int(seat)), replica, seat))
                    assert (a.card, a.convention) == (b.card, b.convention)
                    checked += 1
            card = players[seat].choose(view)
            state.play(card)
    assert checked >= 20


class StrictClassical:
    """A classical player that asserts it is given only views and public events."""

    def __init__(self, seat: Seat) -> None:
        self.inner = ClassicalPlayer(seed=int(seat))
        self.name = f"strict {seat}"
        self.seat = seat

    def begin_hand(self, view: SeatView) -> None:
        assert type(view) is SeatView and view.seat == self.seat
        self.inner.begin_hand(view)

    def observe(self, event: Event) -> None:
        assert isinstance(event, CardPlayed | TrickQuitted)
        self.inner.observe(event)

    def choose(self, view: SeatView) -> object:
        assert type(view) is SeatView and view.seat == self.seat
        others = [view.exposed[s] for s in Seat if s != self.seat]
        assert not any(others)  # no dummy here: nothing of another hand is shown
        return self.inner.choose(view)


def test_player_is_handed_only_views_and_public_events_by_the_session() -> None:
    players = {s: cast(Player, StrictClassical(s)) for s in Seat}
    session = Session.seated(get_rules("short"), players, seed=4, max_hands=3, rubbers=None)
    result = session.play_all()
    assert len(result.hands) == 3


# ----------------------------------------------------------------- explanations
def test_every_card_carries_a_catalogued_convention_and_a_reason() -> None:
    for board in range(8):
        deal = deal_cards(random.Random(100 + board), Seat(board % 4))
        players = four_classical("modern" if board % 2 else "old")
        state = HandState(deal)
        for s in Seat:
            notify_begin(players[s], state.view(s))
        while not state.is_over:
            p = cast(ClassicalPlayer, players[state.turn])
            d = p.decide(state.view(state.turn))
            assert p.explain_last() is d
            assert d.convention in TITLES and d.reason and "\n" not in d.reason
            assert all(a in TITLES for a in d.also)
            assert (d.convention == FORCED) == (state.view(state.turn).legal.bit_count() == 1)
            before = len(state.events)
            state.play(d.card)
            for e in state.events[before:]:
                for q in players.values():
                    notify(q, e)


def test_choose_is_decide() -> None:
    state = build_position({}, trump_card="S2", dealer="N")
    view = state.view(state.turn)
    p = ClassicalPlayer()
    assert p.choose(view) == p.decide(view).card


def test_player_is_deterministic_for_a_seed() -> None:
    deal = deal_cards(random.Random(8), Seat.E)
    a = play_hand(deal, four_classical())
    b = play_hand(deal, four_classical())
    assert a.events == b.events


def test_player_without_hooks_plays_from_views_alone() -> None:
    # no begin_hand, no observe: the views (current and last trick) are enough
    deal = deal_cards(random.Random(9), Seat.W)
    hooked = play_hand(deal, four_classical())
    state = HandState(deal)
    players = four_classical()
    while not state.is_over:
        state.play(players[state.turn].choose(state.view(state.turn)))
    assert state.events == hooked.events


def test_player_forgets_the_last_hand() -> None:
    p = ClassicalPlayer()
    deals = [deal_cards(random.Random(s), Seat.N) for s in (1, 2)]
    for deal in deals:
        state = HandState(deal)
        d = p.decide(state.view(state.turn))
        assert d.card in state.legal_cards()


def test_registry_gives_the_classical_player() -> None:
    p = get_player("classical", 5, "Clay")
    assert isinstance(p, ClassicalPlayer) and p.name == "Clay" and p.school.name == "modern"


def test_unknown_school_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown school 'german'"):
        ClassicalPlayer("german")


def test_score_hook_validates_its_input() -> None:
    with pytest.raises(ValueError, match="score -1 to 0"):
        ClassicalPlayer().set_score(-1, 0, 5)
    assert ScoreTargets.from_score(4, 0, 5).win == 7
    assert ScoreTargets.from_score(0, 4, 5).save == 7


# ----------------------------------------------------------------- strength
def duplicate(boards: int, school: str, seed: int) -> float:
    """Classical minus random, tricks per deal, each board played twice with the
    partnerships' seats exchanged."""
    rng = random.Random(seed)
    total = 0
    for b in range(boards):
        deal = deal_cards(rng, Seat(b % 4))
        for classical_side in (0, 1):
            players: dict[Seat, Player] = {}
            for s in Seat:
                if s % 2 == classical_side:
                    players[s] = ClassicalPlayer(school, seed=b)
                else:
                    players[s] = RandomPlayer(1000 * b + int(s))
            state = play_hand(deal, players)
            won = state.tricks_won(classical_side)
            total += won - (13 - won)
    return total / (2 * boards)


@pytest.mark.parametrize("school", ["modern", "old"])
def test_classical_beats_random_by_a_wide_margin(school: str) -> None:
    assert duplicate(40, school, seed=2024) > 2.5


# ----------------------------------------------------------------- advice (issue 18)
def test_advice_leaves_the_adviser_unchanged_and_is_the_card_it_would_play() -> None:
    # at every turn of a hand played by others, asking the classical player for its
    # card changes nothing it remembers (knowledge, memory, last decision), and the
    # card advised is the one it then decides
    import pickle

    rng = random.Random(12)
    for _ in range(3):
        deal = deal_cards(rng, Seat.S)
        state = HandState(deal)
        adviser = ClassicalPlayer("modern", seed=5)
        others = four_classical()
        for s in Seat:
            notify_begin(adviser, state.view(s))
            notify_begin(others[s], state.view(s))
        while not state.is_over:
            view = state.view(state.turn)
            before = pickle.dumps((adviser._knowledge, adviser._memory, adviser._last))
            advice = adviser.advise(view)
            assert pickle.dumps((adviser._knowledge, adviser._memory, adviser._last)) == before
            twin = pickle.loads(pickle.dumps(adviser))
            assert twin.decide(view) == advice
            n = len(state.events)
            state.play(others[state.turn].choose(view))
            for e in state.events[n:]:
                notify(adviser, e)
                for p in others.values():
                    notify(p, e)
