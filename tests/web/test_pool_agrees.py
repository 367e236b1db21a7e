"""The pool's session and the server's agree on every action (issue 30, point 5): the
server applies each card the pool's computer chooses (:func:`cavendish.web.computer.
choose_card`) to its own session, which has no computer players in it, and never
refuses one.  At ruff-and-honours a computer holding the ace of trumps ruffs as the
hand is dealt (000: "The holder of the ace of trumps was allowed to ruff"); the
server's session once left it unruffed, refused the computer's next card as not in
its hand, and the table stood still (seeds 4, 6 and 1947336770 with a person at S)."""

from __future__ import annotations

import pytest

from cavendish.core.rules import variant_names
from cavendish.web.computer import choose_card
from cavendish.web.config import HUMAN, TableConfig, apply_action, build_session

Action = tuple[str, ...]


def play_one_hand(variant: str, kind: str, seed: int) -> list[Action]:
    """One hand of ``variant`` with a person at S (his lowest legal card each turn,
    his dummy's too) and ``kind`` at the other seats, the computers' actions chosen
    by the pool's code and applied to the server's session: the actions, all taken."""
    cfg = TableConfig.from_request(
        {"variant": variant, "seats": {"S": HUMAN}, "computer": kind}, seed=seed)
    config = cfg.to_json()
    server = build_session(cfg)
    actions: list[Action] = [("deal",)]
    apply_action(server, ("deal",))
    while server.state is not None and (seat := server.to_play) is not None:
        if cfg.kind_of(server.holder(seat)) == HUMAN:
            action: Action = ("card", str(server.view(seat).legal_cards()[0]))
        else:
            action, _ = choose_card(f"agree-{variant}-{kind}-{seed}", config, list(actions))
        apply_action(server, action)  # refused: IllegalAction, and the test fails here
        actions.append(action)
        assert len(actions) < 60, f"{variant} {kind} seed {seed}: the hand does not end"
    assert server.hands, f"{variant} {kind} seed {seed}: no hand was finished"
    return actions


@pytest.mark.parametrize("seed", [4, 6, 1947336770])
def test_000_a_computer_holding_the_ace_of_trumps_ruffs_alike_in_the_pool_and_the_server(
        seed: int) -> None:
    actions = play_one_hand("ruff-and-honours", "classical", seed)
    assert actions[-1][0] in ("card", "claim")


@pytest.mark.parametrize("kind", ["random", "classical"])
@pytest.mark.parametrize("variant", variant_names())
def test_every_variant_plays_a_hand_to_its_end_with_the_pools_cards(
        variant: str, kind: str) -> None:
    play_one_hand(variant, kind, seed=11)
