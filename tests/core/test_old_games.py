"""The games whist grew from (issue 23 item 4): ruff-and-honours, whisk and
whisk-and-swabbers, as 000 (the Britannica's history of whist) gives them.  Each test
quotes the passage it proves; the random playouts are seeded."""

from __future__ import annotations

import random

import pytest

from cavendish.core import (
    CARDS,
    FULL_PACK,
    ActionRefused,
    Card,
    CardPlayed,
    Deal,
    HandState,
    Seat,
    Side,
    get_rules,
)
from cavendish.core.errors import DealError, NotInHand
from cavendish.core.events import Ruffed, event_from_dict, event_to_dict
from cavendish.core.old_games import DEUCES, check_deal
from cavendish.core.table import deal_cards, deal_for
from cavendish.game import Session
from cavendish.players import RandomPlayer
from cavendish.players.ruff import default_put_out
from cavendish.scoring import HandResult
from cavendish.scoring.club import score_club
from cavendish.scoring.swabbers import held_swabbers, stakes, swabber_cards

RUFF = get_rules("ruff-and-honours")
WHISK = get_rules("whisk")
SWABBERS = get_rules("swabbers")


def ruff_deal(want) -> Deal:  # type: ignore[no-untyped-def]
    """The first ruff-and-honours deal (by seed) for which ``want(deal)`` holds."""
    for seed in range(500):
        deal = deal_for(RUFF, random.Random(seed), Seat(seed % 4))
        if want(deal):
            return deal
    raise AssertionError("no seed gives that deal")


def ace_of_trumps(deal: Deal) -> int:
    return 13 * deal.trump + 12


# ------------------------------------------------------------------ the deal
def test_000_twelve_cards_were_dealt_to_each_player_four_being_left_in_the_stock() -> None:
    """000: "Twelve cards were dealt to each player, four being left in the stock.  The
    top card of the stock was turned up for trumps." """
    for seed in range(20):
        deal = deal_for(RUFF, random.Random(seed), Seat.E)
        assert [deal.hand(s).bit_count() for s in Seat] == [12] * 4
        assert deal.stock.bit_count() == 4
        assert deal.stock >> deal.trump_card & 1
        held = deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.hands[3]
        assert held | deal.stock == FULL_PACK


def test_000_at_whist_no_stock_the_deuces_put_out_the_bottom_card_turned_up() -> None:
    """000: "Cotton adds that at whist there was no stock.  The deuces were put out and
    the bottom card was turned up for trumps." """
    for rules in (WHISK, SWABBERS):
        for seed in range(20):
            deal = deal_for(rules, random.Random(seed), Seat.W)
            held = deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.hands[3]
            assert deal.stock == 0 and held == FULL_PACK & ~DEUCES
            assert [deal.hand(s).bit_count() for s in Seat] == [12] * 4
            # the bottom card is the last dealt: the dealer's own, as at whist
            assert deal.hand(Seat.W) >> deal.trump_card & 1


def test_a_deal_of_the_wrong_pack_is_refused_naming_what_is_wrong() -> None:
    whist = deal_cards(random.Random(1), Seat.N)
    with pytest.raises(DealError, match="a deal of whisk has 12 cards a hand, not 13"):
        check_deal(WHISK, whist)
    ruff = deal_for(RUFF, random.Random(1), Seat.N)
    assert ruff.stock != DEUCES  # a deuce is in some hand
    dealers_card = Card(ruff.hand(ruff.dealer).bit_length() - 1)
    with pytest.raises(DealError, match="the deuces are put out at whisk"):
        check_deal(WHISK, Deal(ruff.hands, ruff.dealer, dealers_card))
    with pytest.raises(DealError, match="a deal of ruff-and-honours has a stock of 4 cards"):
        check_deal(RUFF, deal_for(WHISK, random.Random(1), Seat.N))
    with pytest.raises(DealError, match="is not the stock's top card"):
        Deal(ruff.hands, ruff.dealer, Card(ruff.hand(Seat.N).bit_length() - 1), ruff.stock)


# ------------------------------------------------------------------ the ruff
def test_000_the_holder_of_the_ace_of_trumps_may_ruff_take_in_the_stock_put_out_four() -> None:
    """000: "The holder of the ace of trumps was allowed to *ruff, i.e.,* to take in the
    stock and to put out four cards from his hand." """
    deal = ruff_deal(lambda d: not d.stock >> ace_of_trumps(d) & 1)
    state = HandState(deal, RUFF)
    holder = next(s for s in Seat if deal.hand(s) >> ace_of_trumps(deal) & 1)
    assert state.ruff_due == holder
    other = holder.left
    with pytest.raises(ActionRefused, match=f"the ruff is {holder}'s"):
        state.ruff(other, state.hand_cards(other)[:4])
    out = state.hand_cards(holder)[:3]
    with pytest.raises(ActionRefused, match="must put out 4, not 3"):
        state.ruff(holder, out)
    with pytest.raises(NotInHand):
        state.ruff(holder, [*out, Card(state.hand(other).bit_length() - 1)])
    put_out = state.hand_cards(holder)[:4]
    event = state.ruff(holder, put_out)
    assert isinstance(event, Ruffed) and event in state.events
    expected = (deal.hand(holder) | deal.stock) & ~sum(1 << c for c in put_out)
    assert state.hand(holder) == expected == state.opening_hand(holder)
    assert state.hand(holder).bit_count() == 12
    assert state.ruff_due is None  # once only
    assert event_from_dict(event_to_dict(event)) == event


def test_000_the_top_card_of_the_stock_was_turned_up_for_trumps_seen_by_every_player() -> None:
    """000 (lines 287-288): "The top card of the stock was turned up for trumps."  Every
    seat's :class:`SeatView` shows it, before the ruff and after, and none takes it for
    a card of the dealer's hand (``trump_card`` is the dealer's card, law 52)."""
    deal = ruff_deal(lambda d: not d.stock >> ace_of_trumps(d) & 1)
    state = HandState(deal, RUFF)
    for seat in Seat:
        view = state.view(seat)
        assert view.stock_card == deal.trump_card and view.trump_card is None
    holder = state.ruff_due
    assert holder is not None
    state.ruff(holder, state.hand_cards(holder)[:4])
    assert {state.view(s).stock_card for s in Seat} == {deal.trump_card}
    whisk = HandState(deal_for(WHISK, random.Random(2), Seat.S), WHISK)
    assert whisk.view(Seat.N).stock_card is None  # no stock at whisk


def test_the_ruff_is_made_before_the_first_card_and_undone_like_any_event() -> None:
    deal = ruff_deal(lambda d: not d.stock >> ace_of_trumps(d) & 1)
    state = HandState(deal, RUFF)
    holder = state.ruff_due
    assert holder is not None
    state.ruff(holder, state.hand_cards(holder)[-4:])
    state.undo()
    assert state.hand(holder) == deal.hand(holder) and state.ruff_due == holder
    state.play(state.legal_cards()[0])
    assert state.ruff_due is None
    with pytest.raises(ActionRefused, match="the ruff is past"):
        state.ruff(holder, state.hand_cards(holder)[:4])


def test_when_the_ace_of_trumps_is_turned_up_nobody_ruffs() -> None:
    """The choice stated in core/old_games: the ace turned up lies in the stock."""
    deal = ruff_deal(lambda d: d.trump_card == ace_of_trumps(d))
    assert HandState(deal, RUFF).ruff_due is None


def test_the_computer_ruffs_keeping_its_trumps_to_make_trumps_by_ruffing() -> None:
    """000 on Cotton's play: "the main ideas were to make trumps by ruffing"."""
    deal = ruff_deal(lambda d: not d.stock >> ace_of_trumps(d) & 1)
    state = HandState(deal, RUFF)
    holder = state.ruff_due
    assert holder is not None
    out = default_put_out(state.hand(holder), deal.stock, deal.trump)
    whole = state.hand(holder) | deal.stock
    trumps = whole & (0x1FFF << (13 * deal.trump))
    assert len(out) == 4 and all(whole >> c & 1 for c in out)
    if (whole & ~trumps).bit_count() >= 4:
        assert not any(c.suit == deal.trump for c in out)


def test_honours_after_the_ruff_are_counted_in_the_hands_it_leaves() -> None:
    """000: "honours were scored as now": in the hands played, an honour put out to the
    stock counting for nobody."""
    deal = ruff_deal(
        lambda d: not d.stock >> ace_of_trumps(d) & 1
        and any(d.stock >> (13 * d.trump + r) & 1 for r in (9, 10, 11))
    )
    state = HandState(deal, RUFF)
    holder = state.ruff_due
    assert holder is not None
    before = state.honours(holder.side)
    state.ruff(holder, [c for c in state.hand_cards(holder) if c.suit != deal.trump][:4])
    assert state.honours(holder.side) > before


# ------------------------------------------------------------ random playouts
@pytest.mark.parametrize("name", ["ruff-and-honours", "whisk", "swabbers"])
def test_random_playouts_of_the_old_games_keep_every_card_and_play_twelve_tricks(
    name: str,
) -> None:
    """Every card accounted for after every action; twelve tricks; the ruff legal."""
    rules = get_rules(name)
    for seed in range(60):
        rng = random.Random(seed)
        deal = deal_for(rules, rng, Seat(seed % 4))
        check_deal(rules, deal)
        state = HandState(deal, rules)
        pack = deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.hands[3] | deal.stock
        out = deal.stock
        if state.ruff_due is not None and rng.random() < 0.8:
            seat = state.ruff_due
            whole = state.hand(seat) | deal.stock
            put = rng.sample([c for c in CARDS if whole >> c & 1], 4)
            state.ruff(seat, put)
            out = sum(1 << c for c in put)
            assert state.hand(seat).bit_count() == 12
        played = 0
        while not state.is_over:
            held = state.hand(0) | state.hand(1) | state.hand(2) | state.hand(3)
            assert held | played | out == pack and not held & played and not held & out
            card = rng.choice(state.legal_cards())
            state.play(card)
            played |= 1 << card
        assert state.trick_number == 12 == state.tricks_in_hand
        assert sum(state.tricks_won(s) for s in Side) == 12
        assert played | out == pack and played.bit_count() == 48
        assert sum(isinstance(e, CardPlayed) for e in state.events) == 48
        replay = HandState(deal, rules)
        for e in state.events:
            if e.kind != "quitted":
                replay.apply(e)
        assert replay == state


# ------------------------------------------------------------------ scoring
def test_000_the_game_was_played_nine_up_a_trick_beyond_six_counting_one() -> None:
    """000: "The game was played nine up"; with twelve tricks there is no odd trick
    (000: the whole pack "introduces the odd trick"): six all scores nothing."""
    for rules in (RUFF, WHISK, SWABBERS):
        assert rules.game_points == 9 and rules.tricks == 12
        even = score_club(rules, (0, 0), HandResult((6, 6), tricks_in_hand=12))
        assert even.points == (0, 0)
        nine = score_club(rules, (5, 0), HandResult((10, 2), tricks_in_hand=12))
        assert nine.points == (4, 0) and nine.game_winner == Side.NS


def test_000_at_the_point_of_eight_honours_could_be_called_as_at_long_whist() -> None:
    """000: "at the point of eight honours could be called, as at long whist"."""
    called = score_club(
        RUFF, (8, 3), HandResult((3, 9), (3, 0), honours_called=Side.NS, tricks_in_hand=12)
    )
    assert called.game_winner == Side.NS
    assert RUFF.call_honours_at == 8 and WHISK.call_honours_at == 8


def test_a_twelve_trick_result_must_have_twelve_tricks() -> None:
    with pytest.raises(ValueError, match="twelve tricks between two sides"):
        HandResult((7, 6), tricks_in_hand=12)


def test_000_swabbers_the_ace_of_hearts_knave_of_clubs_ace_and_duce_of_trumps() -> None:
    """000: Grose "states that swabbers are 'the ace of hearts, knave of clubs, ace and
    duce of trumps at whist.' [...] it is probable that the holders of these cards were
    entitled to receive a certain stake from the other players." """
    assert [str(c) for c in swabber_cards(0)] == ["S2", "SA", "HA", "CJ"]
    assert [str(c) for c in swabber_cards(1)] == ["H2", "HA", "CJ"]  # one card, one swabber
    for seed in range(30):
        deal = deal_for(SWABBERS, random.Random(seed), Seat.N)
        state = HandState(deal, SWABBERS)
        held = held_swabbers(state)
        won = stakes(state)
        assert sum(won) == 0
        count = sum(len(cards) for cards in held.values())
        assert count == len(swabber_cards(deal.trump)) - 1  # the deuce of trumps is out
        for seat in Seat:
            mine = len(held.get(seat, []))
            assert won[seat] == 3 * mine - (count - mine)


# --------------------------------------------------------------- the session
@pytest.mark.parametrize("name", ["ruff-and-honours", "whisk", "swabbers"])
def test_the_old_games_are_played_out_by_the_computer_players(name: str) -> None:
    players = {seat: RandomPlayer(i, f"R{i}") for i, seat in enumerate(Seat)}
    result = Session.seated(name, players, seed=3, rubbers=1).play_all()  # type: ignore[arg-type]
    assert result.sheet.rubbers
    for hand in result.hands:
        assert hand.result is not None and sum(hand.result.tricks) == 12
        if name == "ruff-and-honours" and hand.state.ruff_due is None:
            ruffed = hand.state.ruffed
            holder = next(
                (s for s in Seat if hand.state.deal.hand(s) >> ace_of_trumps(hand.state.deal) & 1),
                None,
            )
            assert (ruffed is None) == (holder is None)


def test_a_person_holding_the_ace_of_trumps_is_asked_before_the_computers_play() -> None:
    for seed in range(200):
        players = {seat: RandomPlayer(i, f"R{i}") for i, seat in enumerate(Seat)}
        players[Seat.S] = None  # type: ignore[assignment]
        s = Session.seated("ruff-and-honours", players, seed=seed, max_hands=1, rubbers=None)  # type: ignore[arg-type]
        s.offer_ruff = True
        s.start_hand()
        if s.ruff_offered == Seat.S:
            break
    else:
        raise AssertionError("no seed gives South the ace of trumps")
    assert s.run() == [] and s.state is not None and not s.state.events
    event = s.ruff(Seat.S, s.view(Seat.S).hand_cards()[:4])
    assert event.taken and s.ruff_offered is None
    assert s.view(Seat.S).hand == s.state.opening_hand(Seat.S)


def test_a_person_not_asked_declines_the_ruff_at_the_first_card() -> None:
    """A caller that does not ask (``offer_ruff`` False, as the web tables): the computers
    play on, and the person's ruff is recorded as declined at the first card."""
    for seed in range(200):
        players = {seat: RandomPlayer(i, f"R{i}") for i, seat in enumerate(Seat)}
        players[Seat.S] = None  # type: ignore[assignment]
        s = Session.seated("ruff-and-honours", players, seed=seed, max_hands=1, rubbers=None)  # type: ignore[arg-type]
        s.start_hand()
        if s.state is not None and s.state.ruff_due == Seat.S:
            break
    else:
        raise AssertionError("no seed gives South the ace of trumps")
    assert s.ruff_offered is None
    s.run()
    if s.human_to_play:
        s.play(s.view(Seat.S).legal_cards()[0])
    assert s.state is not None
    ruffed = s.state.ruffed
    assert ruffed is not None and ruffed.seat == Seat.S and not ruffed.taken
    assert s.state.events[0] == ruffed


def test_a_ruff_and_honours_session_is_saved_and_resumed_with_its_ruff() -> None:
    """The ruff is an event of the log: a saved session resumes after it."""
    for seed in range(100):
        players = {seat: RandomPlayer(i, f"R{i}") for i, seat in enumerate(Seat)}
        s = Session.seated("ruff-and-honours", players, seed=seed, max_hands=2, rubbers=None)  # type: ignore[arg-type]
        s.start_hand()
        if s.state is not None and s.state.ruffed is not None:
            break
    else:
        raise AssertionError("no seed gives a ruff")
    for _ in range(6):
        s.step()
    again = Session.restore(
        s.snapshot(), {seat: RandomPlayer(i, f"R{i}") for i, seat in enumerate(Seat)}
    )
    assert again.state == s.state and again.state is not None
    assert again.state.ruffed == s.state.ruffed
