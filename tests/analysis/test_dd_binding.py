"""DDS is loaded only when a position it solves is solved (one of more than
``dd.COMPILED_CARDS`` cards a hand: smaller ones go to the compiled solver), alone (not
endplay's package with its plotting helpers), and with the thread limit set before it
loaded."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cavendish.analysis import dd

pytestmark = pytest.mark.skipif(not dd.endplay_available(), reason="DDS (endplay) not importable")

SOLVE = """
import json, sys
from cavendish.analysis import dd
from cavendish.core.cards import hand_mask
from cavendish.core.deal import Deal
small = [hand_mask(h) for h in (["SA", "SQ"], ["H2", "H3"], ["S2", "S3"], ["SK", "S4"])]
deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 T98.T98.QJT9.QJT",
                     trump_card="S2")
before = dd.dds_loaded()
dd.set_threads(THREADS)
set_alone = dd.dds_loaded()
small_best = dd.solve(small, "C", "S").best
small_alone = dd.dds_loaded()
result = dd.solve(deal.hands, "S", "E")
best = (result.best, len(result.tricks))
binding = sys.modules["endplay._dds"]
info = dd._DDSInfo()
binding._dll.GetDDSInfo(__import__("ctypes").byref(info))  # DDS's own report, not through dd
heavy = sorted(m for m in ("endplay", "numpy", "matplotlib") if m in sys.modules)
import endplay
print(json.dumps({"before": before, "set_alone": set_alone, "best": best,
                  "small_best": small_best, "small_alone": small_alone,
                  "threads": info.noOfThreads, "heavy": heavy,
                  "shared": endplay._dds is binding and endplay.dds.solve_board is not None}))
"""


def _run(threads: int) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-c", SOLVE.replace("THREADS", str(threads))],
        capture_output=True, text=True, timeout=120, check=True,
    )
    return json.loads(out.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def test_solving_loads_dds_alone_and_not_endplay_s_plotting_package():
    got = _run(1)
    assert got["before"] is False and got["set_alone"] is False  # set_threads waits for DDS
    assert got["small_best"] == 2 and got["small_alone"] is False  # compiled: no DDS
    tricks, cards = got["best"]
    assert 0 <= tricks <= 13 and cards == 13  # East's opening lead, every card scored
    assert got["heavy"] == []  # neither endplay's __init__ nor numpy nor matplotlib
    assert got["shared"] is True  # an `import endplay` afterwards uses the same DDS


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: DDS's own choice is one thread")
def test_a_thread_limit_set_before_dds_loads_reaches_dds_by_the_first_solve():
    # endplay's binding sets DDS to a thread per core as it loads; ours then gives it the limit
    assert _run(1)["threads"] == 1
    assert _run(0)["threads"] > 1  # without a limit: DDS's own choice, a thread per core
