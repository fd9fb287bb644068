"""Golden playthroughs: each game and variant replayed from its seed and diffed with the file kept here.

A difference means behaviour changed: rules, notation, chance outcomes or their probabilities,
observations, tensors or log wording. If the change is intended, regenerate every file with

    gravity trace --update tests/golden/traces

and commit the new files with the change, so the diff shows in review.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from gravity_games.cli.cmd_trace import GoldenTrace, golden_text, golden_traces

TRACES = Path(__file__).parent / "traces"
REGENERATE = "gravity trace --update tests/golden/traces"


@pytest.mark.parametrize("trace", golden_traces(), ids=lambda t: t.file_name)
def test_the_playthrough_is_the_golden_one(trace: GoldenTrace) -> None:
    path = TRACES / trace.file_name
    assert path.exists(), f"no golden trace {path.name}; create it with: {REGENERATE}"
    expected = path.read_text(encoding="utf-8")
    actual = golden_text(trace)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), f"golden/{path.name}", "now", n=2, lineterm=""
        )
        shown = "\n".join(list(diff)[:80])
        pytest.fail(
            f"{trace.game} ({trace.variant}) plays differently from its golden trace:\n{shown}\n"
            f"If the change is intended: {REGENERATE}"
        )


def test_every_golden_file_belongs_to_a_game() -> None:
    known = {t.file_name for t in golden_traces()}
    stale = sorted(p.name for p in TRACES.glob("*.txt") if p.name not in known)
    assert not stale, f"golden traces of no current game or variant: {stale}; remove them"
