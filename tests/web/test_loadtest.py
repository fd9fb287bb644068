"""The load script, run at small size: every acknowledged action stored once, none lost."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.scripts import SCRIPTS, load_script

SCRIPT = SCRIPTS / "loadtest.py"


@pytest.mark.timeout(300)
def test_small_load_run_loses_and_duplicates_nothing() -> None:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--spawn", "--games", "4", "--seconds", "120", "--json", "-"],
        capture_output=True,
        text=True,
        timeout=280,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["games"] == 4 and summary["finished"] == 4
    assert summary["actions"] > 4 and summary["errors"] == {}
    assert summary["lost"] == 0 and summary["duplicated"] == 0 and summary["unverified_games"] == 0
    assert summary["latency_ms"]["p50"] is not None and summary["pushes"] >= summary["actions"]


def test_the_comparison_catches_lost_and_duplicated_actions() -> None:
    lt = load_script("loadtest")
    run = lt.GameRun("g", ["a", "b"], acks=[lt.Ack(0, 5, 2), lt.Ack(1, 3, 4)])
    assert lt.compare(run, [(2, 0, 5), (4, 1, 3)]) == (0, 0)
    assert lt.compare(run, [(2, 0, 5)]) == (1, 0)  # an acknowledged action is missing
    assert lt.compare(run, [(2, 0, 5), (3, 0, 5), (4, 1, 3)]) == (0, 1)  # stored but never acknowledged


@pytest.mark.timeout(300)
def test_a_small_kill_run_loses_no_acknowledged_action() -> None:
    script = SCRIPT.with_name("kill_test.py")
    out = subprocess.run(
        [sys.executable, str(script), "--kills", "2", "--json", "-"],
        capture_output=True,
        text=True,
        timeout=280,
        check=False,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    summary = json.loads(out.stdout)
    assert summary["kills"] == 2 and summary["lost"] == 0
    assert summary["acknowledged"] > 0 and summary["games"] >= 8


def test_the_open_loop_schedule_counts_latency_from_the_due_time() -> None:
    import asyncio

    lt = load_script("loadtest")
    pace = lt.Pace(interval=0.05, next_due=0.0)  # long past due: no sleep, the due times step on
    assert asyncio.run(pace.wait_turn()) == 0.0 and asyncio.run(pace.wait_turn()) == 0.05
    assert pace.next_due == pytest.approx(0.1)
