"""The shadow study (cavendish.bench.shadow): versions of a player at the same decisions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cavendish.analysis import dd
from cavendish.bench.shadow import (
    Decision,
    ShadowSpec,
    _Shadowed,
    decisions_of,
    main,
    study,
    summarise,
)
from cavendish.bench.strength import main as strength_main
from cavendish.bench.strength import strength_table
from cavendish.core import Card, HandState, Seat
from cavendish.core.rules import get_rules
from cavendish.core.state import SeatView
from cavendish.match import run_match
from cavendish.players import get_player


def test_a_shadow_of_the_hosts_own_kind_chooses_the_hosts_card() -> None:
    # the same player spelled differently, so that the shadow is really asked
    spec = ShadowSpec("pimc:worlds=3:work=60", "classical",
                      ("pimc:work=60:worlds=3", "classical"), seed=5)
    decisions = study(spec, 1)
    assert decisions
    assert all(d.cards[0] == d.played for d in decisions)
    assert all(d.costs[0] >= 0 and d.costs[1] >= 0 for d in decisions)


def test_the_host_plays_as_in_a_match_and_costs_are_double_dummy_on_the_true_layout() -> None:
    spec = ShadowSpec("classical", "random", ("classical", "random"), seed=8,
                      places=frozenset({1, 2}), tricks=(2, 9))
    decisions = study(spec, 2)
    m = run_match("classical", "random", boards=2, seed=8)
    plays = {(r.board, room): r.plays[room - 1].split() for r in m.results for room in (1, 2)}
    deals = {r.board: r for r in m.results}
    rules = get_rules("short")
    assert decisions
    for d in decisions:
        assert d.place in (1, 2) and 2 <= d.trick <= 9
        # the host's card is the card played at that point of the match itself
        assert str(d.played) == plays[(d.board, d.room)][d.index]
        rec = next(x for x in m.records() if x.board == d.board + 1 and
                   x.event.endswith(f"room {d.room}"))
        state = HandState(rec.deal, rules)
        for c in plays[(d.board, d.room)][: d.index]:
            state.play(Card.parse(c))
        result = dd.solve_state(state)
        assert d.costs == tuple(result.best - result.tricks[c] for c in d.cards)
    assert set(deals) == {0, 1}


def test_summary_sums_the_differences_per_board() -> None:
    spec = ShadowSpec("x", "y", ("base", "other"))
    c = Card.parse
    ds = [
        Decision(0, 1, 5, Seat.N, c("SA"), (c("SA"), c("S2")), (0, 1)),
        Decision(0, 2, 6, Seat.E, c("HA"), (c("HA"), c("HA")), (0, 0)),
        Decision(1, 1, 9, Seat.S, c("DA"), (c("D2"), c("DA")), (2, 0)),
    ]
    out = summarise(spec, ds, [0, 1, 2])
    other = out["shadows"][1]
    # per board: +1, -2, 0 -> mean -1/3, sd sqrt(((4/3)^2 + (5/3)^2 + (1/3)^2) / 2)
    assert other["cost_per_board_vs_base"] == pytest.approx(-1 / 3, abs=1e-4)
    sd = ((16 / 9 + 25 / 9 + 1 / 9) / 2) ** 0.5
    assert other["se"] == pytest.approx(sd / 3**0.5, abs=1e-4)
    assert other["differ_from_base"] == 2
    assert out["host_differs_from_base"] == 1
    assert other["by_place"]["second hand"]["decisions"] == 2  # indices 5 and 9
    assert other["by_place"]["third hand"]["cost_per_board_vs_base"] == 0.0


def test_summary_gives_each_shadows_own_cpu_time_a_decision() -> None:
    spec = ShadowSpec("x", "y", ("base", "other"))
    c = Card.parse
    ds = [Decision(0, 1, i, Seat.N, c("SA"), (c("SA"), c("S2")), (0, 1), 1.0, 1.0,
                   (float(i), 10.0 * i)) for i in (1, 2, 6)]
    out = summarise(spec, ds, [0])
    base, other = out["shadows"]
    assert (base["cpu_ms_median"], base["cpu_ms_mean"]) == (2.0, 3.0)
    assert (other["cpu_ms_median"], other["cpu_ms_mean"]) == (20.0, 30.0)


@pytest.mark.parametrize(("argv", "message"), [
    (["--shadows", "classical"], "at least two shadows"),
    (["--shadows", "classical", "oracle"], "unknown player 'oracle'"),
    (["--shadows", "classical", "classical:school=new"], "unknown school 'new'"),
])
def test_shadow_cli_refuses_bad_requests(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--boards", "1", "--workers", "1"]) == 2
    assert message in capsys.readouterr().err


def test_shadow_cli_refuses_bad_places(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--shadows", "a", "b", "--places", "5"])
    assert exc.value.code == 2
    assert "--places '5'" in capsys.readouterr().err


def test_shadow_cli_prints_one_json_object(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "d.jsonl"
    assert main(["--host", "classical", "--opponent", "random", "--shadows", "classical",
                 "random", "--boards", "1", "--workers", "1", "--places", "0",
                 "--decisions", str(out)]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["boards"] == 1 and figures["places"] == ["lead"]
    assert [s["kind"] for s in figures["shadows"]] == ["classical", "random"]
    lines = out.read_text().splitlines()
    assert len(lines) == figures["decisions"]


def _host(board: int, room: int, index: int, cost: int, ms: float = 1.0) -> Decision:
    card = Card.parse("SA")
    return Decision(board, room, index, Seat.N, card, (card,), (cost,), ms)


def test_strength_figures_by_place_and_phase_add_up_as_worked_by_hand() -> None:
    # four hands (two boards, two rooms); the side's costly cards, worked by hand:
    #   hand (0,1): opening lead costs 1, second hand at trick 2 costs 0
    #   hand (0,2): second hand at trick 5 costs 2; hand (1,1): lead at trick 13 costs 0
    ds = [_host(0, 1, 0, 1, 10.0), _host(0, 1, 5, 0, 2.0), _host(0, 2, 17, 2, 4.0),
          _host(1, 1, 48, 0, 6.0)]
    t = strength_table(ds, [0, 1])
    sd = (2.75 / 3) ** 0.5  # costs 1 0 2 0 about 0.75; per hand 1 2 0 0 about 0.75
    assert t["hands"] == 4
    overall = t["all"]
    assert overall["decisions"] == 4
    assert overall["costly_share"] == 0.5 and overall["costly_share_se"] == 0.25
    assert overall["mean_cost"] == 0.75
    assert overall["mean_cost_se"] == pytest.approx(sd / 2, abs=1e-4)
    assert overall["lost_per_hand"] == 0.75
    assert overall["lost_per_hand_se"] == pytest.approx(sd / 2, abs=1e-4)
    assert overall["median_ms"] == 5.0 and overall["mean_ms"] == 5.5
    place = t["by_place"]
    assert place["lead"]["decisions"] == 2 and place["lead"]["lost_per_hand"] == 0.25
    assert place["second hand"]["lost_per_hand"] == 0.5
    assert place["third hand"]["decisions"] == 0 and place["third hand"]["mean_cost"] is None
    # the places, like the phases, add up to the whole hand's loss
    assert sum(f["lost_per_hand"] for f in place.values()) == 0.75
    phase = t["by_phase"]
    assert [f["lost_per_hand"] for f in phase.values()] == [0.25, 0.5, 0.0]
    assert list(phase) == ["tricks 1-4", "tricks 5-9", "tricks 10-13"]
    lead = t["opening_leads"]
    assert lead["decisions"] == 1 and lead["costly_share"] == 1.0 and lead["mean_cost"] == 1.0
    assert lead["median_ms"] == 10.0 and "lost_per_hand" not in lead


def test_strength_bench_scores_the_hosts_own_cards_and_writes_them_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "d.jsonl"
    assert strength_main(["--kinds", "classical", "--opponent", "random", "--boards", "1",
                          "--workers", "1", "--seed", "8", "--decisions", str(out)]) == 0
    line = json.loads(capsys.readouterr().out)
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert line["kind"] == "classical" and line["hands"] == 2
    assert line["all"]["decisions"] == len(rows) > 0
    assert line["all"]["lost_per_hand"] == pytest.approx(sum(r["cost"] for r in rows) / 2,
                                                         abs=1e-4)
    # the same decisions as the shadow study of the host alone
    ds = decisions_of(ShadowSpec("classical", "random", ("classical",), seed=8), 1)
    assert [(d.index, str(d.played), d.costs[0]) for d in ds] == [
        (r["index"], r["card"], r["cost"]) for r in rows]


class _SolvesTheTrueLayout:
    """A shadow that solves one fixed position at every decision and notes whether
    the DD layer had it already (a cache hit)."""

    def __init__(self, state: HandState, name: str) -> None:
        self.state, self.name = state, name
        self.hits: list[int] = []

    def choose(self, view: SeatView) -> Card:
        before = dd.cache_info()["hits"]
        dd.solve_state(self.state)
        self.hits.append(dd.cache_info()["hits"] - before)
        return view.legal_cards()[0]


def test_each_shadow_solves_with_its_own_store_so_none_is_timed_on_anothers_solves() -> None:
    deal = run_match("classical", "random", boards=1, seed=3).records()[0].deal
    state = HandState(deal, get_rules("short"))
    first, second = _SolvesTheTrueLayout(state, "a"), _SolvesTheTrueLayout(state, "b")
    host = get_player("classical", 1)
    spec = ShadowSpec("classical", "random", ("x", "y"))
    wrapped = _Shadowed(host, [first, second], spec, 0, 1)
    dd.cache_clear()
    view = state.view(state.turn)
    wrapped.choose(view)
    wrapped.choose(view)
    # the second shadow does not find the first's solve; each finds its own the next time
    assert first.hits == [0, 1] and second.hits == [0, 1]
    # and the table's own store was not touched
    assert dd.cache_info()["size"] == 0


def test_the_floor_probe_plays_the_least_expected_cost_and_the_host_plays_as_in_the_study() -> None:
    from cavendish.bench.floor import floors_in_play

    rows = floors_in_play(8, [0], host="classical", opponent="random", worlds=12,
                          places=frozenset(range(4)), tricks=(10, 13))
    assert rows and {r["trick"] for r in rows} <= {10, 11, 12, 13}
    spec = ShadowSpec("classical", "random", ("classical", "random"), seed=8,
                      places=frozenset(range(4)), tricks=(10, 13))
    asked = decisions_of(spec, 1)
    assert [(d.room, d.index, str(d.played), d.costs[0]) for d in asked] == [
        (r["room"], r["index"], r["host"], r["host_true_cost"]) for r in rows]
    for r in rows:  # the probe's card is the Bayes card under its worlds: the least cost
        assert r["floor_low"] <= r["host_expected_cost"] + 1e-9
        assert r["floor_low"] >= 0.0 and r["floor_high"] >= 0.0
