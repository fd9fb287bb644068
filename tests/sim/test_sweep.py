"""``gravity sweep``: parameters and component values on a grid, same seeds at every point."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from gravity_games.cli.main import main
from gravity_games.core.api import InvalidParameterError
from gravity_games.core.registry import entry, list_games
from gravity_games.sim.runner import run_batch
from gravity_games.sim.sweep import get_path, parse_vary, run_sweep, set_path, sweepable, to_toml

REAL_GAMES = ["comparison-gravity", "doubt-gravity", "gravity-falls", "gravwell", "memory-gravity", "saving-waddles"]


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_every_data_document_survives_the_toml_writer(game_id: str) -> None:
    assert game_id in list_games()
    document = entry(game_id).design.data_document
    assert document is not None
    doc = document()
    assert tomllib.loads(to_toml(doc)) == doc


def test_paths_reach_values_by_index_name_and_key() -> None:
    doc = entry("gravwell").design.data_document()
    assert doc is not None
    fe = next(c for c in doc["cards"] if c["symbol"] == "Fe")
    assert get_path(doc, "cards[Fe].value") == fe["value"]
    assert get_path(doc, "board.debris_fields[1]") == doc["board"]["debris_fields"][1]
    changed = set_path(doc, "cards[Fe].value", 9)
    assert get_path(changed, "cards[Fe].value") == 9 and get_path(doc, "cards[Fe].value") == fe["value"]
    assert next(c for c in changed["cards"] if c["symbol"] == "Fe")["source"] == "user"


@pytest.mark.parametrize(
    ("vary", "message"),
    [
        ("alarm.bus=abc", "'abc' is not a whole number"),
        ("alarm.buss=16", "has no 'buss'; it has: bus, curse_space, shrink_space"),
        ("characters[Grunkle].ability=x", "no entry named 'Grunkle'; its names: Dipper"),
        ("alarm=3", "is a whole entry; vary one of its fields: curse_space, shrink_space, bus"),
        ("wizards=1", "has no parameter 'wizards'"),
        ("alarm.bus", "PATH=V1,V2"),
    ],
)
def test_bad_vary_names_what_is_allowed(vary: str, message: str) -> None:
    with pytest.raises(InvalidParameterError, match=message.replace("[", r"\[").replace("(", r"\(")):
        parse_vary("gravity-falls", vary)


def test_a_value_the_game_refuses_gets_the_games_reason() -> None:
    with pytest.raises(InvalidParameterError, match=r"alarm.bus=5: .*the swept components"):
        run_sweep("gravity-falls", ["alarm.bus=5"], games=1, players=1)


def test_the_packaged_value_plays_exactly_the_packaged_game() -> None:
    doc = run_sweep("gravity-falls", ["alarm.bus=14,18"], games=8, players=2, seed=3)
    plain = run_batch("gravity-falls", games=8, players=2, seed=3)
    at18 = next(p for p in doc["points"] if p["values"]["alarm.bus"] == 18)
    at14 = next(p for p in doc["points"] if p["values"]["alarm.bus"] == 14)
    assert at18["length"]["mean"] == plain["mean_length"] and at18["wins"] == plain["wins"]
    assert at14["length"]["mean"] < at18["length"]["mean"]  # a shorter alarm track ends games sooner
    assert doc["vary"] == [{"path": "alarm.bus", "kind": "data", "values": [14, 18], "default": 18}]


def test_parameter_axes_on_a_grid_are_reproducible_whatever_the_workers() -> None:
    args = {"games": 6, "players": 2, "seed": 5}
    one = run_sweep("gravity-falls", ["events=0,8", "alarm.bus=16,18"], workers=1, **args)
    two = run_sweep("gravity-falls", ["events=0,8", "alarm.bus=16,18"], workers=2, **args)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    assert [p["values"] for p in one["points"]] == [{"events": e, "alarm.bus": b} for e in (0, 8) for b in (16, 18)]
    assert "data" not in one["params"] and "gravity-sweep" not in json.dumps(one)


def test_a_value_that_never_comes_into_play_is_flagged() -> None:
    # Sodium is one of the 14 cards used only with 5 or 6 players.
    doc = run_sweep("gravwell", ["cards[Na].value=2,8"], games=4, players=3, seed=1)
    assert doc["no_effect"] is True
    used = run_sweep("gravwell", ["cards[Na].value=2,8"], games=4, players=5, seed=1)
    assert used["no_effect"] is False


def test_sweep_command_json_and_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sweep", "comparison-gravity", "--vary", "masses.grams[4]=22,40", "--games", "6", "-q"]
    main([*argv, "--agents", "heuristic", "--json", "-", "--report", str(tmp_path / "r")])
    doc = json.loads(capsys.readouterr().out)
    assert [p["values"]["masses.grams[4]"] for p in doc["points"]] == [22.0, 40.0]
    page = (tmp_path / "r" / "index.html").read_text(encoding="utf-8")
    assert "masses.grams[4] (component value, packaged value 22.0)" in page
    assert (tmp_path / "r" / "sweep_win_rate_masses_grams_4_.png").exists()
    main(argv)
    assert "packaged: masses.grams[4] = 22.0" in capsys.readouterr().out


def test_a_data_sweep_on_ray_gives_the_local_document(ray_session: object) -> None:
    args = {"games": 4, "players": 2, "seed": 8}
    local = run_sweep("gravity-falls", ["alarm.bus=16,18"], **args)
    remote = run_sweep("gravity-falls", ["alarm.bus=16,18"], backend="ray", workers=2, **args)
    assert json.dumps(local, sort_keys=True) == json.dumps(remote, sort_keys=True)


def test_sweep_refuses_an_unknown_backend_before_playing(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["sweep", "gravity-falls", "--vary", "alarm.bus=16", "--backend", "spark"])
    assert exc.value.code == 2
    assert "unknown backend 'spark'; allowed: local" in capsys.readouterr().err


def test_players_can_be_swept_with_one_agent_spec() -> None:
    doc = run_sweep("saving-waddles", ["players=2,4"], games=6, seed=2)
    assert [p["players"] for p in doc["points"]] == [2, 4] and doc["players"] == 2
    assert [len(p["win_rate"]) for p in doc["points"]] == [2, 4]
    four = run_batch("saving-waddles", games=6, players=4, seed=2)
    assert doc["points"][1]["wins"] == four["wins"]
    with pytest.raises(InvalidParameterError, match="one agent spec for every seat"):
        run_sweep("saving-waddles", ["players=2,3"], games=1, agents=["random", "heuristic"])
    with pytest.raises(InvalidParameterError, match=r"'9' is not a player count of saving-waddles \(2-5\)"):
        parse_vary("saving-waddles", "players=2,9")


@pytest.mark.parametrize("game_id", sorted(list_games()))
def test_every_listed_path_reads_back_and_parses_as_a_vary(game_id: str) -> None:
    # `gravity sweep GAME --paths` is how a designer finds the path of a value to vary.
    rows = [r for r in sweepable(game_id) if r["kind"] == "data"]
    document = entry(game_id).design.data_document
    assert bool(rows) == (document is not None)
    for row in rows:
        assert get_path(document(), row["path"]) == row["value"]  # type: ignore[misc]
    numbers = [r for r in rows if isinstance(r["value"], int) and not isinstance(r["value"], bool)]
    if numbers:
        axis = parse_vary(game_id, f"{numbers[0]['path']}={numbers[0]['value']}")
        assert axis.kind == "data" and axis.values == (numbers[0]["value"],)


def test_sweep_paths_lists_the_reconstructed_values(capsys: pytest.CaptureFixture[str]) -> None:
    main(["sweep", "gravity-falls", "--paths", "--json", "-"])
    rows = {r["path"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["alarm.bus"]["source"] == "reconstructed" and rows["alarm.bus"]["value"] == 18
    assert rows["events"]["kind"] == "param"
    with pytest.raises(SystemExit):
        main(["sweep", "gravity-falls", "--games", "2"])
    assert "--paths lists what can vary" in capsys.readouterr().err
