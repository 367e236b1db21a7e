"""Issue 30's benchmark: the round trip of a person's card is broken into the stages
the servers mark (:mod:`cavendish.web.trace`), joined with the client's own marks and
across processes (:func:`cavendish.web.bench._breakdown`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cavendish.web.bench import STAGES, _breakdown


def _trace(folder: Path, pid: int, **parts: object) -> None:
    body = {"pid": pid, "actions": [], "writes": [], "notes": [], "lags": [0.001], **parts}
    (folder / f"trace-{pid}.json").write_text(json.dumps(body))


def test_the_stages_of_a_persons_card_add_up_to_its_round_trip(tmp_path: Path) -> None:
    marks = {"read": 10.002, "locked": 10.0021, "applied": 10.0022, "stored": 10.0100,
             "shown": 10.0104}
    _trace(tmp_path, 11, actions=[["t1", 5, marks]],
           writes=[["t1", 5, 10.0030, 10.0090, 10.0095]])
    _trace(tmp_path, 12, notes=[["t1", 5, 10.0190]], counts={"takeover": 1})
    _trace(tmp_path, 99, notes=[["t1", 5, 99.0]])  # a pool's worker: not a server
    out = _breakdown(str(tmp_path), [("t1", 5, 10.0, 10.0200)], {11: 0, 12: 1})
    assert out["cards_traced"] == 1
    assert sum(out[name]["p50"] for name, _, _ in STAGES) == pytest.approx(20.0, abs=0.05)
    assert out["tail_rtt_mean_ms"] == pytest.approx(20.0)
    assert out["to_server"]["p50"] == pytest.approx(2.0)
    assert out["commit"]["p50"] == pytest.approx(6.0)
    assert out["to_client"]["p50"] == pytest.approx(9.6)
    assert out["bus_ms"]["p50"] == pytest.approx(10.0) and out["bus_ms"]["notes"] == 1
    assert len(out["server_loop_lag_ms"]) == 2
    assert out["events"] == {"takeover": 1, "seq_taken": 0}


def test_a_card_a_server_did_not_mark_is_left_out_of_the_stages(tmp_path: Path) -> None:
    _trace(tmp_path, 11)
    out = _breakdown(str(tmp_path), [("t1", 5, 10.0, 10.02)], {11: 0})
    assert out["cards_traced"] == 0 and "to_server" not in out
