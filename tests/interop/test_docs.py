"""Every ``python`` block of docs/api.md runs as it is written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

API_DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"
BLOCKS = re.findall(r"```python\n(.*?)```", API_DOC.read_text(encoding="utf-8"), flags=re.S)


IDS = ["native", "tensor-layout", "openspiel", "zero-sum", "pettingzoo"]


def test_the_page_has_one_snippet_per_way_in() -> None:
    assert len(BLOCKS) == len(IDS)
    assert "from gravity_games import" in BLOCKS[0]
    assert "observation_tensor_layout" in BLOCKS[1]
    assert "pyspiel" in BLOCKS[2]
    assert "zero_sum=True" in BLOCKS[3]
    assert "interop.pettingzoo" in BLOCKS[4]


@pytest.mark.parametrize("index", range(len(BLOCKS)), ids=IDS[: len(BLOCKS)])
def test_the_snippet_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, object] = {"__name__": f"api_md_snippet_{index}"}
    exec(compile(BLOCKS[index], f"docs/api.md block {index}", "exec"), namespace)
    out = capsys.readouterr().out
    assert out.strip(), "the snippet printed nothing"
    # Each snippet plays a game to its end and prints the result.
    if "state" in namespace:
        assert namespace["state"].is_terminal()  # type: ignore[attr-defined]
    if "e" in namespace:
        assert namespace["e"].agents == []  # type: ignore[attr-defined]
