"""``gravity bench``: random-playout speed of every game next to OpenSpiel's maedn and hanabi.

Prints steps and games per second and each game's ratio to maedn's steps per second,
all measured in the same run (ratios hold on a noisy machine; absolute figures do not).
``--json`` writes the document of DESIGN.md; ``--profile DIR`` adds a pyinstrument
profile of each game (text and HTML) to find where an engine spends its time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from gravity_games.sim.bench import FLOOR, profile_game, run_bench

from .common import console, err_console, write_json


def bench_command(
    games: list[str] = typer.Argument(None, help="Game ids (default: every registered game)."),
    seconds: float = typer.Option(1.0, "--seconds", "-s", help="CPU-time budget of each engine, in seconds."),
    players: int = typer.Option(None, "--players", "-n", help="Seats (default: each game's default)."),
    seed: int = typer.Option(0, "--seed", help="Root seed of the random playouts."),
    json_out: str = typer.Option(None, "--json", help="Write the document to FILE, or - for stdout only."),
    profile: Path = typer.Option(None, "--profile", help="Also profile each game with pyinstrument into DIR."),
) -> None:
    """Measure random playouts per second of each game against OpenSpiel's maedn and hanabi."""
    doc = run_bench(games or None, seconds=seconds, seed=seed, players=players)
    if profile is not None:
        for game_id in doc["games"]:
            path = profile_game(game_id, seconds, profile, seed=seed, players=players)
            err_console.print(f"profile of {game_id}: {path}")
    if json_out is not None:
        write_json(doc, json_out)
        if json_out == "-":
            return
    print_table(doc)


def print_table(doc: dict[str, Any]) -> None:
    table = Table(
        title=f"random playouts, {doc['seconds']:g} CPU s per engine, ratio to OpenSpiel maedn steps/s",
        header_style="bold cyan",
    )
    table.add_column("engine")
    table.add_column("players", justify="right")
    table.add_column("steps/s", justify="right")
    table.add_column("games/s", justify="right")
    table.add_column("ratio", justify="right")
    for game_id, row in doc["games"].items():
        ratio = row["ratio"]
        shown = "-" if ratio is None else f"{ratio:.3f}"
        if ratio is not None and ratio < FLOOR:
            shown = f"[red]{shown}[/]"
        table.add_row(game_id, str(row["players"]), f"{row['steps_per_s']:,.0f}", f"{row['games_per_s']:,.1f}", shown)
    for name, row in doc["anchors"].items():
        table.add_row(f"[dim]{name}[/]", "", f"{row['steps_per_s']:,.0f}", f"{row['games_per_s']:,.1f}", "")
    console.print(table)
    if "anchor_error" in doc:
        err_console.print(f"[yellow]no OpenSpiel anchors: {doc['anchor_error']}[/]")
    elif "slowest_ratio" in doc:
        verdict = "met" if doc["floor_met"] else "NOT met"
        console.print(f"slowest engine at {doc['slowest_ratio']:.3f}x maedn; floor {FLOOR}x {verdict}")


def register(app: typer.Typer) -> None:
    app.command("bench")(bench_command)
