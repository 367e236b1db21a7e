"""South's decision in a position built from his hand and the cards played: the
set-up shared by the classical player's convention tests."""

from __future__ import annotations

from typing import cast

from cavendish.core import Seat, parse_pbn_hand
from cavendish.players.classical import ClassicalPlayer, Decision, build_position, replay_to


def south_decides(hand: str, plays: tuple[str, ...] = (), *, dealer: str, trump: str = "C2",
                  school: str = "modern", others: dict[str, str] | None = None,
                  score: tuple[int, int, int] | None = None) -> Decision:
    """South's decision with ``hand`` (all thirteen cards) after ``plays``; ``others``
    fixes other seats' hands, ``score`` is told to the player first (C7)."""
    assert parse_pbn_hand(hand).bit_count() == 13, hand
    hands: dict[Seat | str, str] = {"S": hand}
    hands.update(others or {})
    state = build_position(hands, trump_card=trump, dealer=dealer, plays=plays)
    assert state.turn == Seat.S
    player = ClassicalPlayer(school)
    if score is not None:
        player.set_score(*score)
    return cast(Decision, replay_to(player, state))


def check(d: Decision, card: str, convention: str) -> None:
    """The decision plays ``card`` by ``convention``."""
    assert (str(d.card), d.convention) == (card, convention), str(d)
