"""``gravity rules``: every reconstructed value says what was chosen and why, and a user's own data
file may say ``source = "user"`` (accepted by every game, shown by ``gravity rules --data``)."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from gravity_games import list_games, load
from gravity_games.cli.cmd_rules import data_entries
from gravity_games.core.api import DataError
from gravity_games.core.registry import entry

GRAVITY = [sys.executable, "-m", "gravity_games.cli.main"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*GRAVITY, *args],
        capture_output=True,
        text=True,
        timeout=600,
        env={"PATH": "/usr/bin:/bin", "COLUMNS": "200", "TERM": "dumb"},
    )


@pytest.mark.parametrize("game", list_games())
def test_every_reconstructed_row_says_what_was_chosen_and_why(game: str) -> None:
    info = entry(game)
    assert info.reconstructed is not None, f"{game} lists no reconstructed values"
    rows = info.reconstructed()
    assert rows, game
    for row in rows:
        assert str(row.get("name", "")).strip(), row
        assert str(row.get("value", "")).strip(), f"{game}: {row.get('name')} has no value"
        assert str(row.get("reason", "")).strip(), f"{game}: {row.get('name')} has no reason"


def test_gravity_falls_rules_print_value_and_reason() -> None:
    result = run("rules", "gravity-falls")
    assert result.returncode == 0, result.stderr
    title = re.search(r"Reconstructed data \((\d+) values", result.stdout)
    assert title is not None and int(title.group(1)) == len(entry("gravity-falls").reconstructed())
    table = result.stdout[title.end() :]
    # A location, a road, the alarm track and a monster, each with its chosen values and its reason.
    assert re.search(r"Mystery Shack\s+│ support 3, x 120, y 330", table)
    assert "a road from" in table and "prints no map" in table
    assert "bus 18" in table and "tuned by simulation" in table
    assert re.search(r"Time Monster\s+│ difficulty hard", table) and "team win" in table


def test_every_gravity_falls_reconstructed_entry_carries_its_reason_in_the_toml() -> None:
    from gravity_games.core.data import reconstructed_entries
    from gravity_games.games.gravity_falls.data import load_components

    found = list(reconstructed_entries(load_components()))
    assert len(found) == 81
    assert all(item.reason for _, item in found)


def test_gravwell_ship_colours_are_reconstructed_not_the_rulebooks() -> None:
    game = load("gravwell", players=2)
    rulebook = Path("/work/shared/rulebooks/gravwell-2nd-edition.txt")
    if rulebook.exists():  # the rulebook speaks of "the same color" but names none
        text = rulebook.read_text(encoding="utf-8").lower()
        for ship in game.data.ships:
            assert ship.colour.lower() not in text
    for ship in game.data.ships:
        assert ship.colour_source == "reconstructed" and ship.colour_reason
    names = [row["name"] for row in entry("gravwell").reconstructed()]
    assert [n for n in names if n.endswith(": colour")] == [f"{s.name}: colour" for s in game.data.ships]


PACKAGED = {
    "gravity-falls": ("gravity_games.games.gravity_falls", "data/components.toml"),
    "saving-waddles": ("gravity_games.games.saving_waddles", "data/components.toml"),
    "memory-gravity": ("gravity_games.games.gravity_three", "data/components.toml"),
    "comparison-gravity": ("gravity_games.games.gravity_three", "data/components.toml"),
    "doubt-gravity": ("gravity_games.games.gravity_three", "data/components.toml"),
    "gravwell": ("gravity_games.games.gravwell", "data/ships.toml"),
}


def users_copy(game: str, tmp_path: Path) -> Path:
    """The packaged components with every source (and colour and card source) turned to "user"."""
    package, name = PACKAGED[game]
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    mine, count = re.subn(r'^(\w*source) = "\w+"', r'\1 = "user"', text, flags=re.M)
    assert count > 0
    path = tmp_path / f"{game}-mine.toml"
    path.write_text(mine, encoding="utf-8")
    return path


def test_every_game_is_covered_by_the_user_source_test() -> None:
    assert set(PACKAGED) == set(list_games())


@pytest.mark.parametrize("game", sorted(PACKAGED))
def test_every_game_accepts_a_users_own_file(game: str, tmp_path: Path) -> None:
    path = users_copy(game, tmp_path)
    loaded = load(game, data=str(path))
    sources = {item.source for _, item in data_entries(loaded)}
    assert "user" in sources, sources
    state = loaded.new_initial_state()
    assert state.current_player() is not None


def test_an_unknown_source_is_still_refused(tmp_path: Path) -> None:
    path = users_copy("gravwell", tmp_path)
    path.write_text(path.read_text().replace('source = "user"', 'source = "my box"', 1))
    with pytest.raises(DataError, match="source"):
        load("gravwell", data=str(path))


def test_gravity_rules_shows_a_users_entries(tmp_path: Path) -> None:
    path = users_copy("gravwell", tmp_path)
    result = run("rules", "gravwell", "--data", str(path))
    assert result.returncode == 0, result.stderr
    ships = load("gravwell", data=str(path)).data.ships
    user_rows = [line for line in result.stdout.splitlines() if line.startswith("│ user ")]
    # Six ships and their three abilities each, all from the user's file.
    assert len(user_rows) == len(ships) * 4, result.stdout
    assert re.search(rf"{len(ships) * 4} user", result.stdout)
    for ship in ships:
        assert any(ship.name in row and ship.colour in row for row in user_rows), ship.name


def test_gravity_rules_refuses_a_bad_data_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[[ships]]\nname = "X"\ncolour = "red"\nsource = "user"\n', encoding="utf-8")
    result = run("rules", "gravwell", "--data", str(bad))
    assert result.returncode == 2 and "ships.0.colour" in result.stderr, result.stderr
