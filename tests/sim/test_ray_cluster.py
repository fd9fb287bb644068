"""``--backend ray --address``: a real, separately started Ray cluster, as a designer would use one.

The cluster is started with ``ray start --head`` in its own process group and a temporary
folder, with token authentication on (Ray's default for ``ray start`` since 2.59). The
driver is ``gravity simulate`` in a subprocess that knows where the token is but not the
auth mode: without :func:`use_cluster_token` Ray refuses it ("Authentication token is
missing"). Its document must equal the local backend's for the same seed.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gravity_games.sim import ray_backend

BIN = Path(sys.executable).parent


def _free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[tuple[str, dict[str, str]]]:
    root = Path(tempfile.mkdtemp(prefix="ggray-", dir="/tmp"))  # short: Ray's socket paths have a length limit
    token = root / "token"
    token.write_text(secrets.token_hex(32))
    port = _free_port()
    head_env = {**_clean_env(), "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN_PATH": str(token)}
    log = (root / "head.log").open("w")
    head = subprocess.Popen(
        [
            str(BIN / "ray"),
            "start",
            "--head",
            f"--port={port}",
            "--num-cpus=2",
            "--include-dashboard=false",
            "--disable-usage-stats",
            "--object-store-memory=100000000",
            f"--temp-dir={root}",
            "--block",
        ],
        env=head_env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if head.poll() is not None:
                raise RuntimeError(f"ray start exited: {(root / 'head.log').read_text()[-2000:]}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            time.sleep(0.5)
        else:
            raise RuntimeError("the Ray head did not open its port in 90 s")
        time.sleep(2)  # the GCS listens before the raylet has registered
        # The driver knows where the token is, not that the cluster wants it.
        yield f"127.0.0.1:{port}", {**_clean_env(), "RAY_AUTH_TOKEN_PATH": str(token)}
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(head.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            head.wait(timeout=20)
        # Ray's daemons leave the head's process group; find them by their temporary folder.
        subprocess.run(["pkill", "-9", "-f", str(root)], check=False)
        log.close()


def _simulate(env: dict[str, str], *extra: str) -> dict[str, object]:
    args = [
        str(BIN / "gravity"),
        "simulate",
        "doubt-gravity",
        "--games",
        "24",
        "--players",
        "3",
        "--agents",
        "heuristic,random,random",
        "--seed",
        "11",
        "--json",
        "-",
        "--quiet",
        *extra,
    ]
    result = subprocess.run(args, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    doc = json.loads(result.stdout)
    doc.pop("timing", None)  # wall-clock figures differ between runs
    return doc


def test_an_existing_cluster_gives_the_local_document(ray_cluster: tuple[str, dict[str, str]]) -> None:
    address, env = ray_cluster
    on_cluster = _simulate(env, "--backend", "ray", "--address", address, "--workers", "2")
    local = _simulate(_clean_env())
    assert on_cluster == local
    assert on_cluster["games"] == 24


@pytest.mark.parametrize(
    ("address", "local"),
    [
        ("auto", True),
        ("127.0.0.1:6379", True),
        ("localhost:6379", True),
        ("ray://[::1]:10001", True),
        ("10.0.0.7:6379", False),
        ("ray://head.example.org:10001", False),
        ("ray://[bad", False),
    ],
)
def test_only_clusters_on_this_machine_get_the_token_unasked(address: str, local: bool) -> None:
    assert ray_backend.is_loopback(address) is local


def test_a_refused_remote_cluster_names_the_auth_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    import ray

    from gravity_games import InvalidParameterError

    monkeypatch.delenv("RAY_AUTH_MODE", raising=False)
    monkeypatch.setattr(ray, "is_initialized", lambda: False)

    def refuse(**kwargs: object) -> None:
        raise ConnectionError("Failed to connect to Ray cluster at 10.0.0.7:6379")

    monkeypatch.setattr(ray, "init", refuse)
    with pytest.raises(InvalidParameterError, match="set RAY_AUTH_MODE=token"):
        ray_backend.ensure_ray("10.0.0.7:6379", 1)
    assert "RAY_AUTH_MODE" not in os.environ  # a remote host never gets the token unasked
