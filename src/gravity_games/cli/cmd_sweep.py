"""``gravity sweep GAME --vary PATH=V1,V2,...``: balance against a parameter or a component value.

One or two ``--vary`` on a grid; each point is a batch of ``--games`` games on the same seeds.
The document (``--json``) depends only on the game, values, agents, game count and seed, never on
``--workers`` or ``--backend``; ``--report DIR`` draws win rate and game length against the values.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape
from rich.table import Table

from gravity_games.core.api import InvalidParameterError
from gravity_games.core.registry import parse_params
from gravity_games.sim.sweep import parse_vary, run_sweep, sweepable

from .batch import agent_specs, backend_options, games_progress
from .common import console, err_console, write_json


def sweep_command(
    game: str = typer.Argument(..., help="Game id (see gravity list)."),
    vary: list[str] = typer.Option(
        None,
        "--vary",
        "-v",
        help="PATH=V1,V2,...: a parameter (events=0,4,8) or a data path (alarm.bus=16,18,20); once or twice.",
    ),
    games: int = typer.Option(200, "--games", "-g", help="Games per grid point."),
    players: int = typer.Option(None, "--players", "-n", help="Number of seats."),
    agents: str = typer.Option("random", "--agents", "-a", help="Agent specs, one per seat or one for all."),
    seed: int = typer.Option(0, "--seed", help="Root seed; every point plays the same seeds."),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes (or Ray tasks)."),
    backend: str = typer.Option("local", "--backend", help="local (processes here) or ray (a Ray cluster)."),
    address: str = typer.Option(None, "--address", help="Address of an existing Ray cluster."),
    param: list[str] = typer.Option(None, "--param", "-p", help="A fixed game parameter K=V (repeatable)."),
    data_dir: Path = typer.Option(
        None, "--data-dir", help="Folder for the changed component files (one every Ray node can read)."
    ),
    json_out: str = typer.Option(None, "--json", help="Write the document to FILE, or - for stdout only."),
    report: Path = typer.Option(None, "--report", help="Write an HTML report with plots to DIR."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
    paths: bool = typer.Option(
        False, "--paths", help="List every parameter and data path --vary takes, with its packaged value and source."
    ),
) -> None:
    """Win rate and game length against one or two swept values, with 95% intervals."""
    if paths:
        print_paths(game, json_out)
        return
    if not vary:
        raise InvalidParameterError(
            f"give --vary PATH=V1,V2,... once or twice (e.g. --vary players=2,3); "
            f"gravity sweep {game} --paths lists what can vary"
        )
    params = parse_params(game, list(param or []))
    specs = agent_specs(agents)
    options = backend_options(backend, address)
    points = 1
    for text in vary:
        points *= len(parse_vary(game, text).values)  # every value checked before any game runs
    with games_progress(f"{game} sweep", games * points, quiet) as advance:
        doc = run_sweep(
            game,
            list(vary),
            games=games,
            players=players,
            params=params,
            agents=specs,
            seed=seed,
            workers=workers,
            backend=backend,
            data_dir=data_dir,
            progress=advance,
            **options,
        )
    if report is not None:
        from gravity_games.sim.sweep_report import write_sweep_report

        err_console.print(f"report: {write_sweep_report(doc, report)}")
    if json_out is not None:
        write_json(doc, json_out)
        if json_out == "-":
            return
    print_points(doc)


def print_paths(game: str, json_out: str | None) -> None:
    """What ``--vary`` takes: parameters, then every data value with the source of its entry."""
    rows = sweepable(game)
    if json_out is not None:
        write_json(rows, json_out)
        if json_out == "-":
            return
    table = Table(title=f"{game}: what --vary takes", header_style="bold cyan")
    table.add_column("path")
    table.add_column("packaged value")
    table.add_column("source")
    for row in rows:
        value = "a seat count" if row["kind"] == "players" else json.dumps(row["value"], ensure_ascii=False)
        source = "parameter" if row["kind"] in ("param", "players") else row["source"]
        style = "yellow" if source == "reconstructed" else None
        table.add_row(
            escape(row["path"]), escape(value if len(value) <= 60 else value[:57] + "..."), source, style=style
        )
    console.print(table)
    numbers = [r for r in rows if r["kind"] == "data" and isinstance(r["value"], int | float)]
    example = next((r for r in numbers if r["source"] == "reconstructed"), numbers[0] if numbers else rows[0])
    console.print(
        f"[dim]e.g. gravity sweep {game} --vary '{example['path']}=V1,V2,...' (quoted: brackets and spaces); "
        "reconstructed values (yellow) are "
        "the ones the rulebook does not print[/]"
    )


def print_points(doc: dict[str, Any]) -> None:
    paths = [a["path"] for a in doc["vary"]]
    seats = [0] if doc["cooperative"] else list(range(doc["players"]))
    seated = "players swept" if "players" in paths else f"{doc['players']} players"
    table = Table(
        title=f"{doc['game']} sweep · {seated} · {doc['games_per_point']} games a point · seed {doc['seed']}",
        header_style="bold cyan",
    )
    for path in paths:
        table.add_column(path, justify="right")
    for seat in seats:
        table.add_column("team win rate" if doc["cooperative"] else f"seat {seat}", justify="right")
    table.add_column("mean length", justify="right")
    for p in doc["points"]:
        rates = [p["win_rate"][s] for s in seats]
        length = p["length"]
        table.add_row(
            *(str(p["values"][path]) for path in paths),
            *(f"{r['rate']:.1%} ({r['low']:.0%}-{r['high']:.0%})" for r in rates),
            f"{length['mean']:.1f} ±{length['high'] - length['mean']:.1f}",
        )
    console.print(table)
    packaged = ", ".join(f"{a['path']} = {a['default']}" for a in doc["vary"] if a["default"] is not None)
    agents = ", ".join(dict.fromkeys(doc["agents"])) if "players" in paths else ", ".join(doc["agents"])
    console.print(f"[dim]packaged: {packaged or 'none'}; agents {agents}[/]")
    if doc.get("no_effect"):
        console.print(
            "[yellow]Every point played exactly the same games: the swept value never came into play with these "
            "players, parameters and agents.[/]"
        )


def register(app: typer.Typer) -> None:
    app.command("sweep")(sweep_command)
