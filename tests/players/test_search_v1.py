"""``search:v1``: the search player as it was before issue 33, kept card for card.

The cards below were chosen by the default ``search`` player before any change of
issue 33 (``SearchPlayer(seed)``, its budget and options of then), at positions
reached by double-dummy play; ``search:v1`` must choose them still, whatever the
defaults of ``search`` have become.
"""

from __future__ import annotations

import pytest
from search_helpers import dd_played_state, told

from cavendish.core import Card
from cavendish.players import get_player
from cavendish.players.search import SearchPlayer

TODAYS_CARDS = [  # (deal seed and player seed, cards played before, the card chosen)
    (4, 24, "D3"), (7, 40, "SA"), (8, 10, "DK"), (9, 44, "DK"), (11, 27, "D8"),
    (12, 37, "DQ"),
]


@pytest.mark.parametrize(("seed", "cards", "card"), TODAYS_CARDS)
def test_search_v1_plays_the_card_the_search_of_before_issue_33_played(
    seed: int, cards: int, card: str
) -> None:
    state = dd_played_state(seed, cards)
    player = get_player("search:v1", seed)
    assert isinstance(player, SearchPlayer)
    view = told(player, state, state.turn)
    assert len(state.legal_cards()) > 1
    assert player.decide(view).card == Card.parse(card)
