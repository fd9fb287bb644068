"""The hints' calibration maps: monotone Platt scalings read from data, fitted from played-out positions."""

from __future__ import annotations

import random

import pytest

from gravity_games import DataError
from gravity_games.agents import hint_maps
from gravity_games.agents.hint_maps import HintMap, calibrated, fit_platt, parse_hint_maps, platt

GOOD = """
[[map]]
game = "doubt-gravity"
players = 2
slope = 0.8
intercept = 0.3
fitted_on = "a run"
positions = 300
"""


def test_the_packaged_maps_load_and_every_one_keeps_the_order_of_moves() -> None:
    maps = hint_maps.hint_maps()
    for hint_map in maps.values():
        figures = [platt(p / 20, hint_map) for p in range(21)]
        assert figures == sorted(figures)
        assert hint_map.positions >= 300 and hint_map.fitted_on


def test_a_map_moves_the_figure_and_a_game_without_one_keeps_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hint_maps, "hint_maps", lambda: parse_hint_maps(GOOD))
    assert calibrated("doubt-gravity", 2, 0.5) == pytest.approx(1 / (1 + 2.718281828459045**-0.3))
    assert calibrated("doubt-gravity", 3, 0.5) == 0.5
    assert calibrated("gravwell", 2, 0.37) == 0.37


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("[[map]]\ngame = 1\n", "needs game, players"),
        (GOOD.replace("slope = 0.8", "slope = -1.0"), "slope must be > 0"),
        (GOOD.replace("players = 2", 'players = "two"'), "needs game, players"),
        (GOOD + GOOD, "a second map"),
        ("[[map]\n", "not valid TOML"),
    ],
)
def test_malformed_maps_are_refused_naming_what_is_wrong(text: str, needle: str) -> None:
    with pytest.raises(DataError, match=needle):
        parse_hint_maps(text)


def test_the_fit_recovers_a_known_distortion() -> None:
    """Outcomes drawn with chance platt(raw) under a known map: the fit finds that map again."""
    truth = HintMap("x", 2, 0.6, 0.5, "", 0)
    rng = random.Random(3)
    raw = [rng.uniform(0.05, 0.95) for _ in range(4000)]
    won = [rng.random() < platt(p, truth) for p in raw]
    slope, intercept = fit_platt(raw, won)
    assert slope == pytest.approx(0.6, abs=0.08)
    assert intercept == pytest.approx(0.5, abs=0.1)
