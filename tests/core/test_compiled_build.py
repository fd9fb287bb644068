"""The compiled build is used only while it matches the source, and says so when it does not.

Each case runs a fresh interpreter (a process imports one build only) against a build directory
made here: the real build's manifest with one source hash changed, a manifest of another
Python, or none at all.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import gravity_games
from gravity_games.compiled import MANIFEST_NAME, compiled_dir, extension_suffix

PROBE = "import gravity_games, gravity_games.core.api as api; print(gravity_games.BUILD.kind, api.__file__)"


def run_probe(build_dir: Path, mode: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GRAVITY_COMPILED_DIR": str(build_dir), "GRAVITY_BUILD": mode}
    return subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, timeout=60)


def fake_build(tmp_path: Path, *, sha: str | None = None, suffix: str | None = None) -> Path:
    """A build directory whose manifest names core/api.py (with the given hash) and a binary for it."""
    build = tmp_path / "compiled"
    binary = build / "gravity_games" / "core" / ("api" + extension_suffix())
    binary.parent.mkdir(parents=True)
    binary.write_bytes(b"not a real extension")
    source = Path(gravity_games.__file__).parent / "core" / "api.py"
    document = {
        "version": 1,
        "suffix": suffix or extension_suffix(),
        "compiler": "mypyc test",
        "modules": {
            "gravity_games.core.api": {
                "source": "gravity_games/core/api.py",
                "sha256": sha or hashlib.sha256(source.read_bytes()).hexdigest(),
                "binary": "gravity_games/core/api" + extension_suffix(),
            }
        },
        "shared": {},
    }
    (build / MANIFEST_NAME).write_text(json.dumps(document), encoding="utf-8")
    return build


def test_a_changed_source_sets_the_whole_build_aside_and_says_so(tmp_path: Path) -> None:
    build = fake_build(tmp_path, sha="0" * 64)
    done = run_probe(build, "auto")
    assert done.returncode == 0, done.stderr
    kind, path = done.stdout.split()
    assert kind == "interpreted"
    assert path.endswith("api.py")
    assert "older than gravity_games/core/api.py" in done.stderr
    assert "Running the source" in done.stderr


def test_gravity_build_compiled_refuses_a_stale_build(tmp_path: Path) -> None:
    build = fake_build(tmp_path, sha="0" * 64)
    done = run_probe(build, "compiled")
    assert done.returncode != 0
    assert "StaleBuildError" in done.stderr
    assert "GRAVITY_BUILD=compiled" in done.stderr


def test_a_build_for_another_python_is_not_used(tmp_path: Path) -> None:
    build = fake_build(tmp_path, suffix=".cpython-99-other.so")
    done = run_probe(build, "auto")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "interpreted"


def test_no_build_runs_the_source_quietly(tmp_path: Path) -> None:
    done = run_probe(tmp_path / "nothing-here", "auto")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "interpreted"
    assert done.stderr == ""


def test_interpreted_is_always_the_source(tmp_path: Path) -> None:
    build = fake_build(tmp_path)  # fresh hashes, but a binary that is not an extension: never loaded
    done = run_probe(build, "interpreted")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["interpreted", str(Path(gravity_games.__file__).parent / "core" / "api.py")]


@pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None, reason="no C compiler: no build")
def test_this_suite_runs_on_the_compiled_build_when_it_exists() -> None:
    """`make test` builds first; then every engine module the manifest lists is the compiled one."""
    manifest = compiled_dir() / MANIFEST_NAME
    if not manifest.is_file():
        pytest.fail(f"no compiled build at {manifest}: run `make install` (make test does)")
    assert gravity_games.BUILD.kind == "compiled", gravity_games.BUILD.reason
    import gravity_games.core.api as api

    assert api.__file__ is not None and api.__file__.endswith(extension_suffix())
