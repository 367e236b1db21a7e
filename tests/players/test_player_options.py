"""Kinds of player with options, ``search:replies=0:worlds=64`` (cavendish.players.options)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cavendish.analysis.teams import teams_of
from cavendish.cli.main import app, make_session
from cavendish.core import Seat
from cavendish.core.rules import get_rules
from cavendish.match import run_match
from cavendish.players import PlayerOptionError, UnknownPlayer, get_player, kind_of
from cavendish.players.classical import ClassicalPlayer
from cavendish.players.options import parse_kind
from cavendish.players.search import STRONG_BUDGET, PIMCPlayer, SearchPlayer
from cavendish.players.search.budget import Budget


def test_parse_kind_splits_the_kind_and_its_options() -> None:
    assert parse_kind("search:replies=0:worlds=64") == ("search", {"replies": "0", "worlds": "64"})
    assert parse_kind("pimc") == ("pimc", {})
    assert kind_of("classical:school=old") == "classical"


def test_search_options_set_the_player_and_its_budget() -> None:
    p = get_player("search:replies=0:worlds=64:work=4000:conventions=none:beta=0.25", 3)
    assert isinstance(p, SearchPlayer)
    assert (p.replies, p.conventions, p.beta, p.classical) == (0, None, 0.25, None)
    assert p.budget == STRONG_BUDGET.with_(worlds=64, work=4000.0)
    assert p.name == "search:replies=0:worlds=64:work=4000:conventions=none:beta=0.25"
    default = get_player("search", 3)
    assert isinstance(default, SearchPlayer)
    assert (default.replies, default.budget) == (3, STRONG_BUDGET)


def test_pimc_budget_options_start_from_its_own_budget() -> None:
    p = get_player("pimc:worlds=8:time_ms=none", 1, "P")
    assert isinstance(p, PIMCPlayer)
    assert p.budget == Budget().with_(worlds=8)
    assert p.name == "P"


def test_classical_school_option() -> None:
    p = get_player("classical:school=old", 1)
    assert isinstance(p, ClassicalPlayer)
    assert p.school.name == "old"
    with pytest.raises(PlayerOptionError, match=r"classical:school=new'.*unknown school 'new'"):
        get_player("classical:school=new", 1)


@pytest.mark.parametrize(("spec", "message"), [
    # malformed
    ("search:", "an empty option"),
    ("search:replies", "option 'replies' has no value"),
    ("search:replies=", "option 'replies' has no value"),
    ("search:replies=1:replies=2", "option 'replies' is given twice"),
    # unknown, mistyped or refused by the player
    ("search:replies=1.5", "option replies='1.5' must be a whole number"),
    ("search:beta=high", "option beta='high' must be a number"),
    ("search:worlds=none", "option worlds='none' must be a whole number"),
    ("search:replys=0",
     "unknown option 'replys': expected one of adaptive, adaptive_z, alphamu, alphamu_worlds"),
    ("search:model=xyz", "model 'xyz': expected one of dd, own"),
    ("search:adaptive=-8", "adaptive -8, adaptive_z 2.0: both 0 (off) or more"),
    ("search:worlds=0", "worlds: 0; a search needs at least one world"),
    ("pimc:beta=1", "unknown option 'beta'"),
    ("random:seed=3", "random takes no options"),
])
def test_bad_options_are_refused_naming_the_kind_and_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(PlayerOptionError, match=re.escape(f"player '{spec}': {message}")):
        get_player(spec, 1)


def test_unknown_kind_with_options_is_an_unknown_player() -> None:
    with pytest.raises(UnknownPlayer, match="unknown player 'oracle'"):
        get_player("oracle:worlds=3", 1)


def test_match_plays_a_kind_with_options_and_names_it_at_the_table() -> None:
    m = run_match("pimc:worlds=2:work=100", "random", boards=1, seed=4)
    assert m.a == "pimc:worlds=2:work=100"
    rec = m.records()[0]
    assert rec.players[0] == "A pimc:worlds=2:work=100 N"
    assert teams_of(rec.players) == ("A pimc:worlds=2:work=100", "B random")


def test_match_cli_refuses_a_bad_option_before_playing() -> None:
    result = CliRunner().invoke(app, ["match", "search:replys=0", "random", "-n", "1", "-q"])
    assert result.exit_code == 2
    assert "player 'search:replys=0': unknown option 'replys'" in result.output


def test_match_cli_json_names_the_kind_with_its_options() -> None:
    result = CliRunner().invoke(
        app, ["match", "classical:school=old", "random", "-n", "1", "-q", "--json", "--seed", "2"]
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["a"] == "classical:school=old"


def test_play_cli_refuses_a_bad_players_kind_before_dealing() -> None:
    result = CliRunner().invoke(app, ["play", "--players", "search:wrold=3", "--seed", "1"])
    assert result.exit_code == 2
    assert "--players: player 'search:wrold=3': unknown option 'wrold'" in result.output
    unknown = CliRunner().invoke(app, ["play", "--players", "oracle", "--seed", "1"])
    assert unknown.exit_code == 2
    assert "unknown player 'oracle'" in unknown.output


def test_play_sits_the_players_of_the_kind_asked(tmp_path: Path) -> None:
    session = make_session(get_rules("short"), Seat.S, 5, "classical:school=old")
    computers = [p for p in session.players.values() if p is not None]
    assert len(computers) == 3
    assert all(isinstance(p, ClassicalPlayer) and p.school.name == "old" for p in computers)
    out = tmp_path / "r.pbn"
    result = CliRunner().invoke(
        app, ["play", "--players", "random", "--seed", "1", "-o", str(out)], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    assert out.exists()
