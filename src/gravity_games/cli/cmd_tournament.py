"""``gravity tournament``: round-robin seatings with seat rotation, win rates and Elo.

The document (``--json``) depends only on the game, parameters, agents, game count and
seed, never on ``--workers`` or ``--backend``.
"""

from __future__ import annotations

from typing import Any

import typer
from rich.table import Table

from gravity_games.agents.levels import LEVELS, level_spec
from gravity_games.core.api import InvalidParameterError
from gravity_games.core.registry import parse_params
from gravity_games.sim.tournament import run_tournament

from .batch import agent_specs, backend_options
from .common import console, err_console, write_json


def tournament_command(
    game: str = typer.Argument(..., help="Game id (see gravity list)."),
    agents: str = typer.Option(..., "--agents", "-a", help="Two or more distinct agent specs, comma-separated."),
    games: int = typer.Option(20, "--games", "-g", help="Games per seating (line-up and rotation)."),
    players: int = typer.Option(None, "--players", "-n", help="Number of seats."),
    seed: int = typer.Option(0, "--seed", help="Root seed."),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes (or Ray tasks)."),
    backend: str = typer.Option("local", "--backend", help="local (processes here) or ray (a Ray cluster)."),
    address: str = typer.Option(None, "--address", help="Address of an existing Ray cluster."),
    param: list[str] = typer.Option(None, "--param", "-p", help="Game parameter K=V (repeatable)."),
    json_out: str = typer.Option(None, "--json", help="Write the document to FILE, or - for stdout only."),
    bootstrap: int = typer.Option(200, "--bootstrap", help="Resamples of the games for the Elo intervals (0: none)."),
) -> None:
    """Play every seating of the agents, rotating seats; print win rates with 95% intervals and Elo."""
    params = parse_params(game, list(param or []))
    specs = agent_specs(agents, "heuristic,random,ismcts:iterations=200")
    distinct = list(dict.fromkeys(specs))
    if len(distinct) < 2:
        other = "random" if distinct[0] == "heuristic" else "heuristic"
        raise InvalidParameterError(
            f"a tournament needs at least two distinct agents to rank, got only {distinct[0]!r}; "
            f"e.g. --agents {distinct[0]},{other} (gravity simulate {game} --agents {distinct[0]} plays one agent "
            "in every seat)"
        )
    if len(distinct) != len(specs):
        repeated = sorted({s for s in specs if specs.count(s) > 1})
        raise InvalidParameterError(f"tournament agents must differ; {', '.join(repeated)} is named twice")
    options = backend_options(backend, address)
    if not 0 <= bootstrap <= 10000:
        raise InvalidParameterError(f"--bootstrap must be from 0 to 10000, got {bootstrap}")
    doc = run_tournament(
        game,
        specs,
        games=games,
        players=players,
        params=params,
        seed=seed,
        workers=workers,
        backend=backend,
        bootstrap=bootstrap,
        **options,
    )
    err_console.print(f"[dim]{len(doc['seatings'])} seatings x {games} games[/]")
    if json_out is not None:
        write_json(doc, json_out)
        if json_out == "-":
            return
    print_standings(doc)


def print_standings(doc: dict[str, Any]) -> None:
    kind = "team win rate" if doc["cooperative"] else "win rate"
    table = Table(
        title=f"{doc['game']} tournament · {doc['players']} players · {doc['games_per_seating']} games per seating",
        header_style="bold cyan",
    )
    table.add_column("agent")
    table.add_column("games", justify="right")
    table.add_column("wins", justify="right")
    table.add_column(kind, justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("Elo", justify="right")
    table.add_column("Elo 95% interval", justify="right")
    for row in doc["standings"]:
        rate = row["win_rate"]
        table.add_row(
            row["agent"],
            str(row["games"]),
            str(row["wins"]),
            f"{rate['rate']:.1%}",
            f"{rate['low']:.1%} - {rate['high']:.1%}",
            "-" if row["elo"] is None else f"{row['elo']:.0f}",
            "-" if row.get("elo_low") is None else f"{row['elo_low']:.0f} - {row['elo_high']:.0f}",
        )
    console.print(table)
    print_head_to_head(doc)
    levels = [row["agent"] for row in doc["standings"] if row["agent"] in LEVELS]
    if levels:
        # A level is a different agent in each game: say which one played here.
        meant = ", ".join(f"{lv} = {level_spec(doc['game'], lv, doc['players'])}" for lv in levels)
        console.print(f"[dim]levels in {doc['game']}: {meant}[/]")
    if doc["cooperative"]:
        console.print("cooperative game: every seat shares the team's result, so no Elo is computed")


def print_head_to_head(doc: dict[str, Any]) -> None:
    """Rows score against columns: 1 a win over the other, 0.5 a draw, with a 95 % interval."""
    rows = doc.get("head_to_head") or []
    if not rows:
        return
    names = [row["agent"] for row in doc["standings"]]
    cells = {(r["agent"], r["opponent"]): r for r in rows}
    table = Table(title="Head to head: the row's score against the column", header_style="bold cyan")
    table.add_column("agent")
    for name in names:
        table.add_column(name, justify="right")
    for name in names:
        values = []
        for other in names:
            cell = cells.get((name, other))
            if cell is None:
                values.append("")
            else:
                values.append(f"{cell['rate']:.0%} ({cell['low']:.0%}-{cell['high']:.0%}, n={cell['results']})")
        table.add_row(name, *values)
    console.print(table)


def register(app: typer.Typer) -> None:
    app.command("tournament")(tournament_command)
