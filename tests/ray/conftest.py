"""One local Ray cluster (two CPUs) shared by every Ray test of the session."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[Any]:
    """A real local Ray, started once and shut down at the end of the session;
    ``run_tasks`` finds it connected and uses it whatever the address says."""
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()
