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

from gravity_games.core.api import GravityError
from gravity_games.sim.bench import FLOOR, TARGET, interpreted_rates, profile_game, run_bench

from .common import console, err_console, write_json


def bench_command(
    games: list[str] = typer.Argument(None, help="Game ids (default: every registered game)."),
    seconds: float = typer.Option(1.0, "--seconds", "-s", help="CPU-time budget of each engine, in seconds."),
    players: int = typer.Option(None, "--players", "-n", help="Seats (default: each game's default)."),
    seed: int = typer.Option(0, "--seed", help="Root seed of the random playouts."),
    json_out: str = typer.Option(None, "--json", help="Write the document to FILE, or - for stdout only."),
    profile: Path = typer.Option(None, "--profile", help="Also profile each game with pyinstrument into DIR."),
    builds: str = typer.Option(
        "both",
        "--builds",
        help="both: the running build and, if it is compiled, the source beside it; current: only this one.",
    ),
) -> None:
    """Measure random playouts per second of each game against OpenSpiel's maedn and hanabi."""
    if builds not in ("both", "current"):
        raise typer.BadParameter(f"--builds takes both or current, got {builds!r}")
    doc = run_bench(games or None, seconds=seconds, seed=seed, players=players)
    if builds == "both" and doc["build"] == "compiled":
        try:
            source = interpreted_rates(games or None, seconds=seconds, seed=seed, players=players)
        except GravityError as error:
            # e.g. a game registered only in this process (a test's toy game): the compiled figures stand alone
            doc["interpreted_error"] = str(error)
            err_console.print(f"[yellow]no source figures beside the compiled ones: {error}[/]")
        else:
            doc["interpreted"] = {
                "games": {
                    gid: {"steps_per_s": row["steps_per_s"], "ratio": row["ratio"]}
                    for gid, row in source["games"].items()
                },
                "anchors": {name: {"steps_per_s": row["steps_per_s"]} for name, row in source["anchors"].items()},
                "build_detail": source["build_detail"],
            }
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
    table.add_column("engine", no_wrap=True)
    table.add_column("players", justify="right")
    table.add_column("steps/s", justify="right")
    table.add_column("games/s", justify="right")
    table.add_column("ratio", justify="right")
    source = doc.get("interpreted")
    if source:
        table.add_column("source steps/s", justify="right")
        table.add_column("source ratio", justify="right")
    for game_id, row in doc["games"].items():
        ratio = row["ratio"]
        shown = "-" if ratio is None else f"{ratio:.3f}"
        goal = TARGET if doc.get("build") == "compiled" else FLOOR
        if ratio is not None and ratio < goal:
            shown = f"[red]{shown}[/]"
        cells = [game_id, str(row["players"]), f"{row['steps_per_s']:,.0f}", f"{row['games_per_s']:,.1f}", shown]
        if source:
            other = source["games"].get(game_id, {})
            other_ratio = other.get("ratio")
            cells += [f"{other.get('steps_per_s', 0):,.0f}", "-" if other_ratio is None else f"{other_ratio:.3f}"]
        table.add_row(*cells)
    for name, row in doc["anchors"].items():
        cells = [f"[dim]{name}[/]", "", f"{row['steps_per_s']:,.0f}", f"{row['games_per_s']:,.1f}", ""]
        if source:
            cells += [f"{source['anchors'].get(name, {}).get('steps_per_s', 0):,.0f}", ""]
        table.add_row(*cells)
    console.print(f"build: {doc.get('build_detail', 'unknown')}")
    console.print(table)
    if "anchor_error" in doc:
        err_console.print(f"[yellow]no OpenSpiel anchors: {doc['anchor_error']}[/]")
    elif "slowest_ratio" in doc:
        verdict = "met" if doc["floor_met"] else "NOT met"
        line = f"slowest engine at {doc['slowest_ratio']:.3f}x maedn; floor {FLOOR}x {verdict}"
        if doc.get("build") == "compiled":
            line += f"; compiled target {TARGET}x {'met' if doc.get('target_met') else 'NOT met'}"
        console.print(line)


def register(app: typer.Typer) -> None:
    app.command("bench")(bench_command)
