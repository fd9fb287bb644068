"""gravwell's variants replay exactly as before the speed work (see tests/speed_regression.py).

Besides the shared fixture (standard variant, replayed by tests/conformance/test_speed_regression.py),
``speed_regression_variants.json`` holds ten seeded games
each of the "make-it-count" and "classic" variants, written the same way before the speed work, because
those variants take other branches of the ability and recharge rules.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests import speed_regression as sr

from gravity_games.core.record import GameRecord

GAME_ID = "gravwell"
VARIANT_FIXTURE = Path(__file__).parent / "data" / "speed_regression_variants.json"
VARIANTS = ("make-it-count", "classic")
VARIANT_SEEDS = range(10)


def play_variant(variant: str, seed: int, players: int) -> tuple[dict[str, Any], str]:
    """The record and canonical final state of a seeded random game of one variant."""
    return sr.play(GAME_ID, seed, players, variant=variant)


def write_variant_fixture() -> None:
    entries = []
    for variant in VARIANTS:
        for seed in VARIANT_SEEDS:
            players = sr.players_for(GAME_ID, seed)
            record, final = play_variant(variant, seed, players)
            entries.append({"variant": variant, "seed": seed, "players": players, "record": record, "final": final})
    VARIANT_FIXTURE.write_text(json.dumps({"game": GAME_ID, "entries": entries}, sort_keys=True), encoding="utf-8")


VARIANT_ENTRIES = json.loads(VARIANT_FIXTURE.read_text(encoding="utf-8"))["entries"]


def test_variant_fixture_covers_both_variants_and_all_seeds() -> None:
    covered = {(e["variant"], e["seed"]) for e in VARIANT_ENTRIES}
    assert covered == {(v, s) for v in VARIANTS for s in VARIANT_SEEDS}


@pytest.mark.parametrize("entry", VARIANT_ENTRIES, ids=lambda e: f"{e['variant']}-seed{e['seed']}-{e['players']}p")
def test_same_seed_plays_the_same_variant_game(entry: dict[str, Any]) -> None:
    record, final = play_variant(entry["variant"], entry["seed"], entry["players"])
    assert record == entry["record"], f"{entry['variant']} seed {entry['seed']}: the game's moves changed"
    assert final == entry["final"], f"{entry['variant']} seed {entry['seed']}: the final state changed"
    replayed = GameRecord.from_json(entry["record"]).replay()
    assert json.dumps(replayed.to_json(), sort_keys=True) == entry["final"]


if __name__ == "__main__":  # the standard fixture: python -m tests.speed_regression gravwell
    write_variant_fixture()
