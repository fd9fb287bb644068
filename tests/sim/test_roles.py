"""Balance by role: each game's design hook names who every seat played as; ``by_role`` counts them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gravity_games.cli.main import main
from gravity_games.core.registry import load
from gravity_games.sim.report import write_report
from gravity_games.sim.roles import roles_by_kind
from gravity_games.sim.runner import GameSummary, play_one, play_recorded, role_breakdown, run_batch

ROLE_KINDS = {
    "gravwell": {"ship"},
    "gravity-falls": {"character", "easy monster", "medium monster", "hard monster"},
    "saving-waddles": {"hero"},
    "memory-gravity": {"first player"},
    "comparison-gravity": {"colour", "first player"},
    "doubt-gravity": {"colour", "first player"},
}


@pytest.mark.parametrize("game_id", sorted(ROLE_KINDS))
def test_every_seat_has_the_games_roles(game_id: str) -> None:
    game = load(game_id, players=2)
    summary = play_one(game_id, 2, game.params, ["random", "random"], 3, 0)
    assert len(summary.roles) == 2
    assert all(set(r) == ROLE_KINDS[game_id] for r in summary.roles)
    if "first player" in ROLE_KINDS[game_id]:
        assert sorted(r["first player"] for r in summary.roles) == ["no", "yes"]


def test_roles_read_the_public_observation_only() -> None:
    # The hook is given observation(None): a seat's hidden hand cannot reach a report.
    summary, record = play_recorded("gravwell", 3, {}, ["random"] * 3, 5, 1)
    ships = [s["ship"] for s in record.replay().observation(None)["ships"]]
    assert [r["ship"] for r in summary.roles] == ships
    assert len(set(ships)) == 3


def test_competitive_counts_per_seat_and_cooperative_once_per_game() -> None:
    def summary(winners: tuple[int, ...], roles: tuple[dict[str, str], ...]) -> GameSummary:
        return GameSummary(0, 0, winners, "end", 1, 1, (0.0, 0.0), roles=roles)

    games = [
        summary((0,), ({"ship": "A"}, {"ship": "B"})),
        summary((1,), ({"ship": "A"}, {"ship": "A"})),
    ]
    table = role_breakdown(games, cooperative=False)
    assert list(table) == ["ship: A", "ship: B"]
    assert (table["ship: A"]["games"], table["ship: A"]["wins"]) == (3, 2)
    assert (table["ship: B"]["games"], table["ship: B"]["wins"]) == (1, 0)
    assert (table["ship: B"]["kind"], table["ship: B"]["value"]) == ("ship", "B")
    team = role_breakdown(games, cooperative=True)
    assert (team["ship: A"]["games"], team["ship: A"]["wins"]) == (2, 2)
    assert team["ship: A"]["low"] < 1.0 == team["ship: A"]["high"]


def test_role_names_are_unique_across_kinds() -> None:
    # Two kinds sharing a value ("yes") stay two roles: the kind is part of the name.
    summary = GameSummary(
        0,
        0,
        (0,),
        "end",
        1,
        1,
        (1.0, 0.0),
        roles=({"first player": "yes", "bonus": "yes"}, {"first player": "no", "bonus": "no"}),
    )
    table = role_breakdown([summary], cooperative=False)
    assert sorted(table) == ["bonus: no", "bonus: yes", "first player: no", "first player: yes"]
    assert set(table["first player: yes"]) == {"kind", "value", "games", "wins", "rate", "low", "high"}


def test_by_role_adds_up_and_does_not_depend_on_workers() -> None:
    one = run_batch("gravwell", games=24, players=3, seed=4, workers=1)
    two = run_batch("gravwell", games=24, players=3, seed=4, workers=2)
    ships = [r for r in one["by_role"].values() if r["kind"] == "ship"]
    assert len(ships) == len(one["by_role"]) >= 3
    assert all(name == f"ship: {r['value']}" for name, r in one["by_role"].items())
    assert sum(r["games"] for r in ships) == 24 * 3
    assert sum(r["wins"] for r in ships) == sum(one["wins"])
    assert json.dumps(one["by_role"], sort_keys=True) == json.dumps(two["by_role"], sort_keys=True)


def test_simulate_prints_and_reports_roles(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    out = f"{tmp_path}/report"
    main(["simulate", "saving-waddles", "-n", "3", "--games", "12", "--seed", "2", "-q", "--report", out])
    printed = capsys.readouterr().out
    assert "Win rate by role" in printed
    doc = run_batch("saving-waddles", games=12, players=3, seed=2)
    best = max(doc["by_role"].values(), key=lambda r: (r["rate"], r["games"]))
    assert f"{best['value']} " in printed and f"{best['rate']:.1%}" in printed
    page = Path(out, "index.html").read_text(encoding="utf-8")
    assert "Win rate by hero" in page and "role_hero.png" in page


def test_a_report_renders_the_older_nested_by_role(tmp_path: Path) -> None:
    # Documents saved before the flat form held {kind: {value: figures}}; they still render, as the flat form does.
    doc = run_batch("saving-waddles", games=6, players=2, seed=1, keep_games=True)
    nested = roles_by_kind(doc["by_role"])
    assert nested and all(": " not in kind for kind in nested)
    pages = []
    for name, table in (("flat", doc["by_role"]), ("nested", nested)):
        index = write_report({**doc, "by_role": table}, tmp_path / name, sweep_games=0)
        pages.append(index.read_text(encoding="utf-8"))
    assert "Win rate by hero" in pages[1] and (tmp_path / "nested" / "role_hero.png").exists()
    assert pages[0] == pages[1]
