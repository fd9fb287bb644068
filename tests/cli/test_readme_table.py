"""The README's game table and ``gravity list --json`` say the same, so they cannot drift apart."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"
KINDS = {"cooperative", "competitive", "race", "bluffing"}


def readme_rows() -> dict[str, dict[str, object]]:
    """The table under the README's title: id -> title, players, kind, choices."""
    lines = README.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| id | game |"))
    rows: dict[str, dict[str, object]] = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        game_id, title, players, kind, choices = cells
        low, _, high = players.partition("-")
        rows[game_id.strip("`")] = {
            "title": title,
            "min_players": int(low),
            "max_players": int(high),
            "kind": kind,
            "choices": parse_choices(choices),
        }
    return rows


def parse_choices(cell: str) -> dict[str, list[str]]:
    """``\\`standard\\`, \\`simple\\``` -> variants; ``perception \\`exact\\`/...`` -> that parameter; ``—`` -> none."""
    if cell in ("—", "-", ""):
        return {}
    out: dict[str, list[str]] = {}
    for part in cell.split(";"):
        values = re.findall(r"`([^`]+)`", part)
        name = part.split("`", 1)[0].strip() or "variant"
        out[name] = values
    return out


def listed() -> list[dict[str, object]]:
    result = subprocess.run(
        [sys.executable, "-m", "gravity_games.cli.main", "list", "--json", "-"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    rows: list[dict[str, object]] = json.loads(result.stdout)
    return rows


def test_the_readme_table_is_what_gravity_list_says() -> None:
    readme = readme_rows()
    rows = listed()
    assert set(readme) == {r["id"] for r in rows}, "every registered game is in the README, and no other"
    for row in rows:
        mine = readme[str(row["id"])]
        where = f"README row of {row['id']}"
        assert str(mine["title"]).startswith(str(row["title"])), (where, mine["title"], row["title"])
        assert (mine["min_players"], mine["max_players"]) == (row["min_players"], row["max_players"]), where
        assert mine["kind"] == row["kind"], (where, mine["kind"], row["kind"])
        assert mine["choices"] == row["choices"], (where, mine["choices"], row["choices"])


def test_every_game_has_a_known_kind_that_agrees_with_cooperative() -> None:
    for row in listed():
        assert row["kind"] in KINDS, row
        assert (row["kind"] == "cooperative") == row["cooperative"], row
        assert row["variants"] == dict(row["choices"]).get("variant", []), row  # type: ignore[call-overload]


def test_the_table_parser_reads_each_form() -> None:
    assert parse_choices("`standard`, `simplified` (young players)") == {"variant": ["standard", "simplified"]}
    assert parse_choices("perception `exact`/`hard`") == {"perception": ["exact", "hard"]}
    assert parse_choices("`a`, `b`; perception `exact`") == {"variant": ["a", "b"], "perception": ["exact"]}
    assert parse_choices("—") == {}


def test_gravity_list_shows_kind_and_choices_in_the_table() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gravity_games.cli.main", "list"],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "COLUMNS": "160", "TERM": "dumb"},
        check=True,
    )
    for row in listed():
        line = next(line for line in result.stdout.splitlines() if f" {row['id']} " in line)
        assert f" {row['kind']} " in line, line
        for name, values in dict(row["choices"]).items():  # type: ignore[call-overload]
            shown = ", ".join(values) if name == "variant" else f"{name} {'/'.join(values)}"
            assert shown in line, line
        assert "versus" not in line and "co-op" not in line
