"""Issue 30's benchmark: the round trip of a person's card is broken into the stages
the servers mark (:mod:`cavendish.web.trace`), joined with the client's own marks and
across processes (:func:`cavendish.web.bench._breakdown`)."""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path
from typing import Any

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


def _gc_callbacks_of(tracer: object) -> int:
    import gc

    return sum(1 for c in gc.callbacks if getattr(c, "__self__", None) is getattr(
        tracer, "stalls", None))


def test_the_stall_watcher_names_the_code_that_held_the_event_loop() -> None:
    from cavendish.web.trace import Tracer

    tracer = Tracer("/nonexistent")

    def hold_the_loop() -> None:
        time.sleep(0.15)  # blocking the loop: what the watcher is there to catch

    async def run() -> None:
        tracer.begin()
        await asyncio.sleep(0.05)
        asyncio.get_running_loop().call_soon(hold_the_loop)
        await asyncio.sleep(0.2)  # (its timer runs late, just after the stall)
        await asyncio.sleep(0.05)  # the loop turning again: the stall is over

    try:
        asyncio.run(run())
    finally:
        tracer.stalls.stop()
    out = tracer.stalls.summary()
    assert _gc_callbacks_of(tracer) == 0  # nothing left behind in the test's process
    assert any(wall >= 0.1 for _, wall, _ in out["stalls"])
    assert any("hold_the_loop" in frame for frame in out["stall_stacks"][0]["stack"][-2:])
    longest = max(out["stalls"], key=lambda s: s[1])
    assert longest[2] < 0.5  # asleep, not on a processor


def test_stalls_and_collections_are_summed_per_server_and_stacks_merged(tmp_path: Path) -> None:
    stack = ["web/tables:join:303", "web/chat:load_chat:154"]
    _trace(tmp_path, 11, stalls=[[1.0, 0.1, 0.2], [2.0, 0.3, 1.0]],
           stall_stacks=[{"ms": 80.0, "looks": 16, "stack": stack}],
           gc=[[1.0, 0, 0.002, 1], [2.0, 2, 0.05, 1], [3.0, 0, 0.004, 0]])
    _trace(tmp_path, 12, stall_stacks=[{"ms": 20.0, "looks": 4, "stack": stack},
                                       {"ms": 30.0, "looks": 6, "stack": ["x:y:1"]}])
    out = _breakdown(str(tmp_path), [], {11: 0, 12: 1})
    first, second = out["server_stalls"]
    assert first["count"] == 2 and first["total_ms"] == 400.0 and first["max_ms"] == 300.0
    assert first["cpu_share"] == pytest.approx((0.1 * 0.2 + 0.3) / 0.4, abs=0.01)
    assert first["gc"] == {"gen0": {"count": 1, "total_ms": 2.0, "max_ms": 2.0},
                           "gen2": {"count": 1, "total_ms": 50.0, "max_ms": 50.0}}
    assert second["count"] == 0 and second["cpu_share"] is None
    assert out["stall_stacks"] == [{"ms": 100.0, "stack": stack},
                                   {"ms": 30.0, "stack": ["x:y:1"]}]


def test_the_client_plays_at_the_niceness_asked_and_says_so_then_is_as_it_was() -> None:
    import threading

    from cavendish.web.bench import _client_priority

    seen: list[int] = []

    def play() -> None:  # a thread of its own: on Linux a niceness is a thread's
        before = os.getpriority(os.PRIO_PROCESS, 0)
        with _client_priority(3) as said:
            seen.extend([said, os.getpriority(os.PRIO_PROCESS, 0) - before])
        seen.append(os.getpriority(os.PRIO_PROCESS, 0) - before)
        with _client_priority(0) as said:
            seen.append(said)

    thread = threading.Thread(target=play)
    thread.start()
    thread.join()
    assert seen == [3, 3, 0, 0]


def _fake_table_server() -> tuple[str, Any, Any]:
    """A websocket server in a thread of its own standing for a table: it shows a
    ``state`` with one legal card, and after each ``play`` the state with that card."""
    import threading

    from websockets.asyncio.server import serve

    async def table(ws: Any) -> None:
        seq = 0
        await ws.send(json.dumps({"type": "state", "seq": seq, "events": [],
                                  "phase": "play", "legal": ["SA"]}))
        async for text in ws:
            seq += 1
            card = json.loads(text)["card"]
            await ws.send(json.dumps({
                "type": "state", "seq": seq, "phase": "play", "legal": ["SA"],
                "events": [{"kind": "card", "seat": "S", "card": card}]}))

    loop = asyncio.new_event_loop()
    started = threading.Event()
    holder: dict[str, Any] = {}

    async def start() -> None:
        holder["server"] = await serve(table, "127.0.0.1", 0)
        started.set()

    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(start(), loop)
    started.wait(10)
    port = holder["server"].sockets[0].getsockname()[1]
    return f"http://127.0.0.1:{port}", loop, holder["server"]


@pytest.mark.parametrize(("clients", "kind", "asked"),
                         [(1, "asyncio", 0), (2, "uvloop", 0), (1, "uvloop", 3)])
def test_the_persons_are_shared_among_the_client_processes_and_their_play_merged(
        clients: int, kind: str, asked: int) -> None:
    from cavendish.web.bench import Probe, _play_in

    url, loop, server = _fake_table_server()
    try:
        jobs = [(url, {"id": f"t{i}", "tokens": {"S": "x"}}) for i in range(4)]
        probe = Probe([])
        part, cpu, elapsed, nice = _play_in(jobs, 0.5, probe, clients, asked, kind)
    finally:
        asyncio.run_coroutine_threadsafe(_close(server), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
    # (a niceness asked: the client in a process, and a session, of its own)
    assert len(probe.clients) == (clients if clients > 1 or asked else 0)
    assert part["autogroup"] == (asked != 0 and os.path.exists("/proc/self/autogroup"))
    assert {table_id for table_id, *_ in part["marks"]} == {"t0", "t1", "t2", "t3"}
    assert part["counts"]["errors"] == 0
    assert part["counts"]["cards"] == len(part["rtts"]) == len(part["marks"]) > 0
    assert part["counts"]["messages"] == part["counts"]["cards"] + 4  # each first state
    assert all(0 < sent < read for _, _, sent, read in part["marks"])
    assert cpu["client"] > 0 and part["lags"] and nice == asked and 0.4 < elapsed < 5


async def _close(server: Any) -> None:
    server.close()
    await server.wait_closed()
