"""Simulation tests: toy games registered here and in Ray workers; one local Ray per session."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

TOYS = Path(__file__).resolve().parent.parent / "agents"
sys.path.insert(0, str(TOYS))

import toygames  # noqa: E402


@pytest.fixture(scope="session")
def ray_session() -> Iterator[object]:
    """One local Ray (2 CPUs) for the whole session; its workers register the toy games too."""
    import ray

    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": str(TOYS)}, "worker_process_setup_hook": "toygames.register_all"},
    )
    yield ray
    ray.shutdown()


@pytest.fixture(autouse=True, scope="module")
def _toy_games_registered() -> Iterator[None]:
    """The toy games exist only while this folder's tests run (never at collection time,
    where they would leak into other folders' parametrization over list_games())."""
    toygames.register_all()
    yield
    toygames.unregister_all()
