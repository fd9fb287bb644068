"""Gravity Falls plays exactly as before its speed work, state by state, in every configuration.

The shared fixture (tests/conformance/test_speed_regression.py) replays random games of the default
configuration and compares records and final states. The engine's speed work rewired how its
automatic task chains run (handlers call the next automatic task directly, forced token pulls are
done inside the handler, log lines are formatted lazily), which must not change what is pending at
any decision point either: the state document (pending tasks included), the observation of the
seat to act and the log must be the same after every step.

``data/speed_regression_states.json`` holds, per configuration below (every player count, the
young players' rules, chosen monster and character sets, all events), a SHA-256 digest of those
documents over three seeded games, written by the code before the speed work (commit 7052e74).
Regenerate only after a deliberate rule change, from the repository root:
``.venv/bin/python -m tests.games.gravity_falls.test_speed_regression_states``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from gravity_games import load
from gravity_games.core.api import sample_chance

FIXTURE = Path(__file__).parent / "data" / "speed_regression_states.json"
SEEDS = range(3)
CONFIGS: list[dict[str, Any]] = [
    *({"players": p} for p in range(1, 6)),
    *({"players": p, "variant": "simplified"} for p in (1, 3, 5)),
    {"players": 2, "monsters": ["Gnome Giant", "Manotaur", "Time Monster"]},
    {"players": 3, "monsters": ["Pterodactyl", "Rumble McSkirmish", "Zhivogryz"]},
    {"players": 4, "events": 8},
    {"players": 2, "characters": ["Stan", "Dipper"]},
    {"players": 3, "characters": ["Soos", "Wendy", "Mabel"]},
]


def config_id(cfg: dict[str, Any]) -> str:
    return ",".join(f"{k}={'+'.join(v) if isinstance(v, list) else v}" for k, v in cfg.items())


def state_digest(cfg: dict[str, Any]) -> str:
    """SHA-256 over every intermediate state document, observation and log of seeded random games."""
    game = load("gravity-falls", **cfg)
    digest = hashlib.sha256()
    for seed in SEEDS:
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            digest.update(json.dumps(state.to_json(), sort_keys=True).encode())
            digest.update(json.dumps(state.observation(seat if seat >= 0 else None), sort_keys=True).encode())
            action = sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            state.apply_action(action)
        digest.update(json.dumps([state.to_json(), state.log(), state.full_log()], sort_keys=True).encode())
    return digest.hexdigest()


def write_fixture() -> None:
    FIXTURE.write_text(
        json.dumps({config_id(c): state_digest(c) for c in CONFIGS}, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_every_state_matches_the_engine_before_its_speed_work(cfg: dict[str, Any]) -> None:
    expected = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert state_digest(cfg) == expected[config_id(cfg)], f"{config_id(cfg)}: some state, observation or log changed"


def test_the_fixture_covers_every_configuration() -> None:
    assert set(json.loads(FIXTURE.read_text(encoding="utf-8"))) == {config_id(c) for c in CONFIGS}


if __name__ == "__main__":
    write_fixture()
