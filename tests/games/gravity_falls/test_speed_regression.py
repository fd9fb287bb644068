"""Speed work must not change play: 30 seeded random games replay exactly as before it.

`data/speed_regression.json` was written by this module's `write_fixture` *before* the engine
was optimised: for seeds 0..29 (player counts cycling through the allowed range), the game
record of random agents and the canonical final `to_json`. Replaying the same seeds now
must give byte-identical records and final states. Regenerate it only after a deliberate
rule change: `.venv/bin/python tests/games/gravity_falls/test_speed_regression.py`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gravity_games import load
from gravity_games.agents import make_agents
from gravity_games.core.play import play_game
from gravity_games.core.record import GameRecord

GAME_ID = "gravity-falls"
FIXTURE = Path(__file__).parent / "data" / "speed_regression.json"
SEEDS = range(30)


def _players_for(seed: int) -> int:
    cls = type(load(GAME_ID))
    return cls.MIN_PLAYERS + seed % (cls.MAX_PLAYERS - cls.MIN_PLAYERS + 1)


def _play(seed: int, players: int) -> tuple[dict[str, Any], str]:
    game = load(GAME_ID, players=players)
    state, record = play_game(game, make_agents(["random"], game, seed), seed)
    return record.to_json(), json.dumps(state.to_json(), sort_keys=True)


def write_fixture() -> None:
    entries = []
    for seed in SEEDS:
        players = _players_for(seed)
        record, final = _play(seed, players)
        entries.append({"seed": seed, "players": players, "record": record, "final": final})
    FIXTURE.write_text(json.dumps({"game": GAME_ID, "entries": entries}, sort_keys=True), encoding="utf-8")


def _entries() -> list[dict[str, Any]]:
    doc = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert doc["game"] == GAME_ID
    return list(doc["entries"])


ENTRIES = _entries()


def test_fixture_covers_every_seed() -> None:
    assert [e["seed"] for e in ENTRIES] == list(SEEDS)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: f"seed{e['seed']}-{e['players']}p")
def test_same_seed_plays_the_same_game(entry: dict[str, Any]) -> None:
    record, final = _play(entry["seed"], entry["players"])
    assert record == entry["record"]
    assert final == entry["final"]


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: f"seed{e['seed']}-{e['players']}p")
def test_recorded_game_replays_to_the_same_final_state(entry: dict[str, Any]) -> None:
    state = GameRecord.from_json(entry["record"]).replay()
    assert json.dumps(state.to_json(), sort_keys=True) == entry["final"]


def test_task_constants_name_the_task_codes() -> None:
    # The engine builds tasks from the K_* constants; each must be its name's index in TASK_NAMES.
    from gravity_games.games.gravity_falls import tasks

    constants = {name: value for name, value in vars(tasks).items() if name.startswith("K_")}
    assert constants == {f"K_{name.upper()}": code for code, name in enumerate(tasks.TASK_NAMES)}


if __name__ == "__main__":
    write_fixture()
