"""Speed work must not change play: seeded random games replay exactly as they did before it.

Each engine's ``tests/games/<pkg>/data/speed_regression.json`` was written by
:func:`write_fixture` *before* the engine was optimised: for seeds 0..29 (player counts
cycling through the allowed range), the record of a game between random agents and the
canonical final ``to_json``. ``tests/conformance/test_speed_regression.py`` replays the same
seeds for every game that has a fixture and demands byte-identical records and final states.
Regenerate a fixture only after a deliberate rule change, from the repository root:
``.venv/bin/python -m tests.speed_regression <game-id>``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gravity_games import load
from gravity_games.agents import make_agents
from gravity_games.core.play import play_game
from gravity_games.core.record import GameRecord

SEEDS = range(30)


def players_for(game_id: str, seed: int) -> int:
    cls = type(load(game_id))
    return cls.MIN_PLAYERS + seed % (cls.MAX_PLAYERS - cls.MIN_PLAYERS + 1)


def fixture_path(game_id: str) -> Path:
    """Where a game's fixture lives: ``tests/games/<package>/data/speed_regression.json``."""
    return Path(__file__).parent / "games" / game_id.replace("-", "_") / "data" / "speed_regression.json"


def play(game_id: str, seed: int, players: int, **params: Any) -> tuple[dict[str, Any], str]:
    """The record and canonical final state of a seeded game between random agents."""
    game = load(game_id, players=players, **params)
    state, record = play_game(game, make_agents(["random"], game, seed), seed)
    return record.to_json(), json.dumps(state.to_json(), sort_keys=True)


def write_fixture(game_id: str, fixture: Path) -> None:
    entries = []
    for seed in SEEDS:
        players = players_for(game_id, seed)
        record, final = play(game_id, seed, players)
        entries.append({"seed": seed, "players": players, "record": record, "final": final})
    fixture.write_text(json.dumps({"game": game_id, "entries": entries}, sort_keys=True), encoding="utf-8")


def load_entries(game_id: str, fixture: Path) -> list[dict[str, Any]]:
    doc = json.loads(fixture.read_text(encoding="utf-8"))
    assert doc["game"] == game_id, f"{fixture} holds games of {doc['game']!r}, not {game_id!r}"
    entries = list(doc["entries"])
    assert [e["seed"] for e in entries] == list(SEEDS), f"{fixture} does not cover seeds 0..29"
    return entries


def entry_id(entry: dict[str, Any]) -> str:
    return f"seed{entry['seed']}-{entry['players']}p"


def check_same_game(game_id: str, entry: dict[str, Any]) -> None:
    record, final = play(game_id, entry["seed"], entry["players"])
    assert record == entry["record"], f"seed {entry['seed']}: the game's moves changed"
    assert final == entry["final"], f"seed {entry['seed']}: the final state changed"


def check_replay(entry: dict[str, Any]) -> None:
    state = GameRecord.from_json(entry["record"]).replay()
    assert json.dumps(state.to_json(), sort_keys=True) == entry["final"]


if __name__ == "__main__":
    import sys

    for name in sys.argv[1:]:
        write_fixture(name, fixture_path(name))
