"""Balance reports: every section present, plots written, clear errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gravity_games import InvalidParameterError
from gravity_games.sim import run_batch
from gravity_games.sim.report import agent_rates, detail_breakdown, seat_advantage, write_report

PNG = b"\x89PNG\r\n\x1a\n"


def _pngs(out: Path) -> set[str]:
    return {p.name for p in out.glob("*.png") if p.read_bytes().startswith(PNG)}


def test_report_of_a_competitive_game_has_every_plot(tmp_path: Path) -> None:
    doc = run_batch("toy-race", games=80, players=3, seed=3, keep_games=True)
    index = write_report(doc, tmp_path)
    page = index.read_text()
    assert _pngs(tmp_path) >= {
        "win_rate_seat.png",
        "win_rate_agent.png",
        "game_length.png",
        "seat_advantage.png",
        "lead_changes.png",
        "terminations.png",
        "detail_finish.png",
    }
    for png in _pngs(tmp_path):
        assert f'src="{png}"' in page
    for heading in ("Win rate per seat", "Game length", "Seat-order advantage", "Lead changes", "Termination"):
        assert heading in page
    assert "margin" in page  # numeric details are summarised in a table


def test_report_of_a_cooperative_game_sweeps_player_counts(tmp_path: Path) -> None:
    doc = run_batch("toy-push", games=30, players=2, seed=1, keep_games=True)
    write_report(doc, tmp_path, sweep_games=20)
    assert "team_win_rate_players.png" in _pngs(tmp_path)
    assert "detail_start.png" in _pngs(tmp_path)  # team win rate per setup label
    assert "seat_advantage.png" not in _pngs(tmp_path)
    page = (tmp_path / "index.html").read_text()
    assert "every seat shares the team" in page


def test_report_without_standings_says_why_there_are_no_lead_changes(tmp_path: Path) -> None:
    doc = run_batch("toy-nim", games=20, players=2, seed=1, keep_games=True)
    page = write_report(doc, tmp_path).read_text()
    assert "State.standings()" in page
    assert "lead_changes.png" not in _pngs(tmp_path)


def test_report_needs_per_game_summaries(tmp_path: Path) -> None:
    doc = run_batch("toy-nim", games=5, players=2, seed=1)
    with pytest.raises(InvalidParameterError, match="keep_games"):
        write_report(doc, tmp_path)


def test_seat_advantage_is_measured_against_the_fair_share() -> None:
    doc = {"games": 100, "players": 2, "wins": [60, 40], "agents": ["random", "random"]}
    adv = seat_advantage(doc)
    assert [round(a["points"], 6) for a in adv] == [10.0, -10.0]
    assert adv[0]["low"] < 10.0 < adv[0]["high"]


def test_agent_rates_pool_every_seat_an_agent_held() -> None:
    doc = {"games": 10, "players": 3, "wins": [5, 2, 3], "agents": ["a", "b", "a"]}
    rates = agent_rates(doc)
    assert rates["a"]["wins"] == 8 and rates["a"]["games"] == 20
    assert rates["b"]["rate"] == pytest.approx(0.2)


def test_detail_breakdown_splits_win_rates_by_label() -> None:
    doc = {
        "players": 2,
        "per_game": [
            {"winners": [0], "detail": {"setup": "A", "turns": 3}},
            {"winners": [1], "detail": {"setup": "A", "turns": 4}},
            {"winners": [0], "detail": {"setup": "B", "turns": 5}},
        ],
    }
    table = detail_breakdown(doc)
    assert set(table) == {"setup"}  # numbers are not categories
    assert table["setup"]["A"][0]["rate"] == pytest.approx(0.5)
    assert table["setup"]["B"][0]["rate"] == pytest.approx(1.0)


def test_error_bars_are_never_negative_when_a_rate_sits_on_its_bound() -> None:
    from gravity_games.sim.report import _err

    # The Wilson lower bound of 0 wins can come out a hair above 0 (3e-18).
    below, above = _err([{"rate": 0.0, "low": 3.5e-18, "high": 0.04}])
    assert below == [0.0]
    assert above[0] == pytest.approx(4.0)


def test_report_of_a_team_that_never_wins(tmp_path: Path) -> None:
    doc = run_batch("toy-push", games=6, players=1, seed=1, keep_games=True)
    doc["wins"], doc["no_winner"] = [0], 6
    for g in doc["per_game"]:
        g["winners"] = []
    write_report(doc, tmp_path, sweep_games=0)
    assert "win_rate_seat.png" in _pngs(tmp_path)


def test_player_sweep_breaks_the_team_rate_down_by_label() -> None:
    from gravity_games.sim.report import player_sweep

    doc = run_batch("toy-push", games=10, players=1, seed=2, keep_games=True)
    rows = player_sweep(doc, games=30)
    assert [row["players"] for row in rows] == [1, 2, 3, 4, 5]
    for row in rows:
        by = row["by"]["start"]
        assert sum(r["games"] for r in by.values()) == 30
        assert sum(r["wins"] for r in by.values()) == row["rate"]["wins"]


def test_a_label_with_many_values_is_drawn_as_rows_best_first(tmp_path: Path, monkeypatch: Any) -> None:
    from gravity_games.sim import report

    doc = run_batch("toy-push", games=6, players=1, seed=1, keep_games=True)
    trios = [f"trio {i:02d}" for i in range(27)]  # like Gravity Falls' 27 monster trios
    per_game = []
    for i, name in enumerate(trios):
        for k in range(4):
            per_game.append(
                {
                    "winners": [0] if k < i % 5 else [],
                    "detail": {"monsters": name},
                    "length": 3,
                    "decisions": 2,
                    "reason": "done",
                    "lead_changes": 0,
                }
            )
    doc["per_game"], doc["games"] = per_game, len(per_game)
    doc["wins"] = [sum(1 for g in per_game if g["winners"])]
    table = detail_breakdown(doc)["monsters"]
    assert len(table) == 27 > report.WIDE_CATEGORIES
    drawn: list[list[str]] = []
    real_subplots = report.plt.subplots

    def spy(*args: Any, **kwargs: Any) -> Any:
        fig, ax = real_subplots(*args, **kwargs)
        real_set_yticks = ax.set_yticks

        def set_yticks(ticks: Any, labels: Any = None, **kw: Any) -> Any:
            drawn.append([str(label).split(" (n=")[0] for label in labels])
            return real_set_yticks(ticks, labels, **kw)

        ax.set_yticks = set_yticks
        return fig, ax

    monkeypatch.setattr(report.plt, "subplots", spy)
    name = report.plot_detail(doc, "monsters", table, tmp_path)
    assert name == "detail_monsters.png" and (tmp_path / name).read_bytes().startswith(PNG)
    rates = [table[v][0]["rate"] for v in drawn[0]]
    assert len(rates) == 27 and rates == sorted(rates) and rates[-1] == 1.0  # the best trio drawn last: on top


def test_a_sweep_label_with_many_values_gets_a_grid_not_lines(tmp_path: Path) -> None:
    from gravity_games.sim import report

    def rate(wins: int, games: int) -> dict[str, float]:
        return {"rate": wins / games, "low": 0.0, "high": 1.0, "wins": wins, "games": games}

    trios = [f"trio {i}" for i in range(9)]
    sweep = [
        {
            "players": n,
            "rate": rate(n, 40),
            "by": {"monsters": {t: rate(i % 3, 4) for i, t in enumerate(trios)}, "monster_set": {"mixed": rate(n, 40)}},
        }
        for n in range(1, 6)
    ]
    assert report.sweep_grid_keys(sweep) == ["monsters"]  # one value: no grid; nine: a grid
    doc = {"game": "toy-push", "agents": ["random"]}
    name = report.plot_sweep_grid(doc, sweep, "monsters", tmp_path)
    assert (tmp_path / name).read_bytes().startswith(PNG)
