"""The components file: every entry has its source, the rulebook's counts are checked, and a user's own file
replaces the packaged one."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from gravity_games import DataError, load
from gravity_games.games.gravity_falls.data import load_components, reconstructed_list

PACKAGED = resources.files("gravity_games.games.gravity_falls").joinpath("data/components.toml").read_text()


def test_packaged_components_fit_the_rulebook():
    data = load_components()
    assert len(data.locations) == 23 and sum(loc.support for loc in data.locations) == 51
    assert len(data.monsters) == 9 and sum(c.count for c in data.curses) == 18
    assert sum(e.count for e in data.events) == 8 and len(data.characters) * 6 == 30
    names = {loc.name for loc in data.locations}
    for named in (
        "Gideon's Telepathy Tent",
        "Letoyin's Shop",
        "From Dusk Till Dawn",
        "Arcade",
        "Gravity Falls Junkyard",
        "Babulita's House",
        "Kordroy House",
        "Gravity Falls High School",
        "Gravity Falls History Museum",
    ):
        assert named in names
    assert any(item["path"] == "alarm" for item in reconstructed_list())


def test_the_worked_examples_fix_these_neighbours():
    g = load("gravity-falls", players=1)
    tb = g.tables
    tent = tb.names.index("Gideon's Telepathy Tent")
    babulita = tb.names.index("Babulita's House")
    assert {tb.names[i] for i in tb.adj[tent]} == {
        "Letoyin's Shop",
        "From Dusk Till Dawn",
        "Arcade",
        "Gravity Falls Junkyard",
    }
    assert {tb.names[i] for i in tb.adj[babulita]} == {
        "Kordroy House",
        "Gravity Falls High School",
        "Gravity Falls History Museum",
    }


def test_a_users_file_replaces_the_packaged_data(tmp_path: Path):
    own = tmp_path / "mine.toml"
    own.write_text(PACKAGED.replace("bus = 18", "bus = 25"))
    g = load("gravity-falls", players=2, data=str(own))
    assert g.tables.data.alarm.bus == 25
    assert g.new_initial_state().observation(None)["alarm"]["bus"] == 25


def test_a_bad_file_names_each_problem(tmp_path: Path):
    bad = tmp_path / "bad.toml"
    bad.write_text(PACKAGED.replace('name = "Zhivogryz"\ndifficulty = "hard"', 'name = "Zhivogryz"\ndifficulty = "x"'))
    with pytest.raises(DataError, match=r"monsters\.4\.difficulty"):
        load("gravity-falls", players=1, data=str(bad))
    bad.write_text(PACKAGED.replace("support = 3", "support = 4", 1))
    with pytest.raises(DataError, match="51 tokens"):
        load("gravity-falls", players=1, data=str(bad))
    with pytest.raises(DataError, match="cannot read"):
        load("gravity-falls", players=1, data=str(tmp_path / "missing.toml"))
