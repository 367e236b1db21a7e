"""Fixed sets of values are enumerations whose members are their words (issue 18):
the calls (laws 53-86), a revoke case's status (laws 73, 76) and the modes, so that
records and JSON keep the words they always had."""

from __future__ import annotations

import json

import pytest

from cavendish.core.cards import Seat
from cavendish.core.events import CALLS, Call, Called
from cavendish.core.rules import Mode, Rules, UnknownVariant, get_rules
from cavendish.laws.base import RevokeStatus


def test_the_members_are_the_words_records_write() -> None:
    values = [Mode.LAWS, Call.NOT_WIN, RevokeStatus.ESTABLISHED]
    assert json.dumps(values) == '["laws", "not_win", "established"]'
    assert [f"{v}" for v in values] == ["laws", "not_win", "established"]
    assert CALLS == ("card", "play", "highest", "lowest", "lead", "win", "not_win")
    assert str(Called(Seat.E, Call.HIGHEST, "S", -1, 55)) == str(
        Called(Seat.E, "highest", "S", -1, 55)
    )


def test_a_mode_given_by_its_word_is_the_mode() -> None:
    assert get_rules("short", mode="laws").mode is Mode.LAWS
    assert Rules().mode is Mode.ENFORCED
    assert get_rules("short").replace(mode="laws") == get_rules("short", mode=Mode.LAWS)


def test_an_unknown_mode_is_refused_by_name() -> None:
    with pytest.raises(UnknownVariant, match="unknown mode 'lax': expected one of enforced, laws"):
        get_rules("short", mode="lax")
