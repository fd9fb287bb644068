"""Joining a run's parts (gravity_games.sim.parts): one run, every game once, nothing cut short."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gravity_games.sim.parts import PartsError, join_parts


def part(tmp_path: Path, name: str, indices: range, **head: Any) -> Path:
    doc = {"seed": 1, "complete": True, **head, "games": [{"index": i, "won": i % 2 == 0} for i in indices]}
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return path


def test_parts_join_in_game_order_whatever_order_they_are_given(tmp_path: Path) -> None:
    late, early = part(tmp_path, "b.json", range(2, 5)), part(tmp_path, "a.json", range(2))
    parts, rows = join_parts([late, early], ("seed",))
    assert [row["index"] for row in rows] == [0, 1, 2, 3, 4]
    assert [p["games"][0]["index"] for p in parts] == [0, 2]


@pytest.mark.parametrize(
    ("second", "message"),
    [
        (dict(indices=range(3, 5)), r"not 0\.\.3 once each"),  # a gap: game 2 is missing
        (dict(indices=range(1, 3)), r"not 0\.\.3 once each"),  # game 1 twice
        (dict(indices=range(2, 4), seed=2), r"b\.json has seed=2, .*a\.json has 1"),
        (dict(indices=range(2, 4), complete=False), r"b\.json is cut short"),
    ],
)
def test_parts_of_another_run_a_gap_or_a_part_cut_short_are_refused_by_name(
    tmp_path: Path, second: dict[str, Any], message: str
) -> None:
    first = part(tmp_path, "a.json", range(2))
    indices = second.pop("indices")
    with pytest.raises(PartsError, match=message):
        join_parts([first, part(tmp_path, "b.json", indices, **second)], ("seed",))


def test_an_unreadable_or_foreign_file_is_refused_by_name(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(PartsError, match=r"cannot read .*broken\.json"):
        join_parts([broken])
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"ships": {}}))
    with pytest.raises(PartsError, match=r"other\.json is not a run of games"):
        join_parts([other])
    with pytest.raises(PartsError, match="no parts to join"):
        join_parts([])
