"""The computers think at a lower priority than the event loop that serves the people
(issue 30's benchmark): the pools' processes run ``--pool-nice`` nicer than the
server; ``--pool-nice 0`` leaves them at the server's priority."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from typing import TypeVar

import pytest

from cavendish.web.computer import make_pool

T = TypeVar("T")


def _niceness() -> int:
    return os.nice(0)


def _in_pool(fn: Callable[[], T], nice: int, on_loop: bool) -> T:
    """``fn`` run in a worker of a pool of one made at ``nice``, its answer."""

    async def ask() -> T:
        pool = make_pool(1, warm=False, on_loop=on_loop, nice=nice)
        try:
            return await asyncio.wrap_future(pool.submit(fn))
        finally:
            pool.shutdown()

    return asyncio.run(ask())


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no niceness on this system")
@pytest.mark.parametrize("on_loop", [False, True], ids=["process-pool", "loop-pool"])
def test_the_computers_pool_runs_nicer_than_the_server_as_asked(
        on_loop: bool) -> None:
    mine = os.nice(0)
    assert _in_pool(_niceness, 7, on_loop) == min(19, mine + 7)
    assert _in_pool(_niceness, 0, on_loop) == mine


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
    session, group = _in_pool(_session_and_group, 7, on_loop)
    assert session != os.getsid(0)
    assert group is not None and group.split()[-2:] == ["nice", "7"]
    assert _in_pool(_session_and_group, 0, on_loop)[0] == os.getsid(0)  # the server's own
