"""The computers think at a lower priority than the event loop that serves the people
(issue 30's benchmark): the pools' processes run ``--pool-nice`` nicer than the
server; ``--pool-nice 0`` leaves them at the server's priority."""

from __future__ import annotations

import os

import pytest

from cavendish.web.computer import make_pool


def _niceness() -> int:
    return os.nice(0)


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no niceness on this system")
@pytest.mark.parametrize("on_loop", [False, True], ids=["process-pool", "loop-pool"])
def test_the_computers_pool_runs_nicer_than_the_server_as_asked(
        on_loop: bool) -> None:
    import asyncio

    async def ask(nice: int) -> int:
        pool = make_pool(1, warm=False, on_loop=on_loop, nice=nice)
        try:
            return await asyncio.wrap_future(pool.submit(_niceness))
        finally:
            pool.shutdown()

    mine = os.nice(0)
    assert asyncio.run(ask(7)) == min(19, mine + 7)
    assert asyncio.run(ask(0)) == mine


def _session_and_group() -> tuple[int, str | None]:
    from cavendish.web.computer import AUTOGROUP

    try:
        with open(AUTOGROUP) as f:
            return os.getsid(0), f.read()
    except OSError:
        return os.getsid(0), None


@pytest.mark.skipif(not os.path.exists("/proc/self/autogroup"),
                    reason="no scheduling groups of sessions (autogroup) on this system")
@pytest.mark.parametrize("on_loop", [False, True], ids=["process-pool", "loop-pool"])
def test_the_computers_pool_is_nicer_than_every_session_not_only_inside_the_servers(
        on_loop: bool) -> None:
    import asyncio

    async def ask(nice: int) -> tuple[int, str | None]:
        pool = make_pool(1, warm=False, on_loop=on_loop, nice=nice)
        try:
            return await asyncio.wrap_future(pool.submit(_session_and_group))
        finally:
            pool.shutdown()

    session, group = asyncio.run(ask(7))
    assert session != os.getsid(0)
    assert group is not None and group.split()[-2:] == ["nice", "7"]
    assert asyncio.run(ask(0))[0] == os.getsid(0)  # --pool-nice 0: the server's own
