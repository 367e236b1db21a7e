"""One local Ray cluster (two CPUs) shared by the Ray tests of a module (they are all in
test_ray.py): shut down when they end, not left running through the rest of the suite."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[Any]:
    """A real local Ray, started once and shut down after the module's last test;
    ``run_tasks`` finds it connected and uses it whatever the address says."""
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()
