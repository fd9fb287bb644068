"""The ``ray`` backend: a batch's games as Ray tasks, on a cluster or a local Ray.

Importing this module registers the backend with :func:`gravity_games.sim.runner.register_backend`.
Games are cut into the same index chunks as the local backend and each chunk is one
task; every game's seed comes from the root seed and its index, and ``run_batch``
sorts the summaries by index, so the document equals the local one for the same seed.

Options: ``address`` of an existing cluster (``"auto"``, ``"ray://host:10001"``,
``"host:6379"``); without it a local Ray is started with ``workers`` CPUs. A Ray that is
already running in this process (a test session, a notebook) is reused as it is.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

import ray

from gravity_games.core.api import InvalidParameterError

from .runner import GameSummary, Progress, _chunks, _play_chunk, register_backend


def _remote_chunk(
    game_id: str,
    players: int,
    params: dict[str, Any],
    agents: list[str],
    root: int,
    indices: list[int],
    actions: bool = False,
) -> list[dict[str, Any]]:
    # Plain dicts cross the process boundary: they need no class import on the driver side.
    return [s.to_json() for s in _play_chunk(game_id, players, params, agents, root, indices, actions)]


_play_remote = ray.remote(_remote_chunk)


def _summary(doc: dict[str, Any]) -> GameSummary:
    return GameSummary.from_json(doc)


LOOPBACK_HOSTS = ("localhost", "::1")

AUTH_HINT = (
    "; if the cluster uses token authentication (the default for `ray start` since Ray 2.59), "
    "set RAY_AUTH_MODE=token (and RAY_AUTH_TOKEN or RAY_AUTH_TOKEN_PATH when the token is not in ~/.ray/auth_token)"
)


def is_loopback(address: str) -> bool:
    """``address`` is this machine (``auto``, ``localhost:6379``, ``127.0.0.1:6379``, ``ray://[::1]:10001``)."""
    if address == "auto":
        return True
    try:
        host = urlsplit(address if "://" in address else f"ray://{address}").hostname or ""
    except ValueError:
        return False
    return host in LOOPBACK_HOSTS or host.startswith("127.")


def use_local_cluster_token(address: str) -> None:
    """Send Ray's auth token to a cluster on this machine, as Ray does for ``address="auto"``.

    ``ray start --head`` turns token authentication on by default (Ray 2.59+), but a driver
    given an explicit address sends no token unless ``RAY_AUTH_MODE=token`` is set, and is
    refused. Ray holds back on purpose: a token sent to another host leaks it. On this
    machine nothing leaks, so the token (if one exists) is used; for other hosts the user
    decides with ``RAY_AUTH_MODE`` and the error names it. An explicit mode is left alone.
    """
    if os.environ.get("RAY_AUTH_MODE") or not is_loopback(address):
        return
    try:
        from ray._private.authentication.authentication_token_setup import (
            maybe_enable_token_auth_if_token_available,
        )
    except ImportError:  # Ray before 2.52 has no token authentication
        return
    maybe_enable_token_auth_if_token_available(warn_if_disabled=False)


def ensure_ray(address: str | None, workers: int) -> bool:
    """Connect to ``address`` or start a local Ray; True when this call started it."""
    if ray.is_initialized():
        return False
    try:
        if address:
            use_local_cluster_token(address)
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        where = address or "a local Ray"
        hint = AUTH_HINT if address and not os.environ.get("RAY_AUTH_MODE") else ""
        raise InvalidParameterError(f"cannot start or reach Ray at {where}: {exc}{hint}") from None
    return True


def run_ray(
    game_id: str,
    players: int,
    params: dict[str, Any],
    agents: Sequence[str],
    games: int,
    seed: int,
    workers: int,
    progress: Progress | None = None,
    *,
    address: str | None = None,
    shutdown: bool | None = None,
    actions: bool = False,
) -> list[GameSummary]:
    """Play the batch as Ray tasks; ``shutdown`` (default: when this call started Ray) stops it after."""
    started = ensure_ray(address, workers)
    try:
        # Chunks sized for the cluster's CPUs, not for --workers: the split never changes results.
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        cpus = max(1, int(resources.get("CPU", workers)))
        pending = {
            _play_remote.remote(game_id, players, dict(params), list(agents), seed, chunk, actions): len(chunk)
            for chunk in _chunks(games, cpus)
        }
        results: list[GameSummary] = []
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                pending.pop(ref)
                part = [_summary(d) for d in ray.get(ref)]
                results.extend(part)
                if progress:
                    progress(len(part))
        return results
    finally:
        if shutdown if shutdown is not None else started:
            ray.shutdown()


register_backend("ray", run_ray)

__all__ = ["ensure_ray", "run_ray"]
