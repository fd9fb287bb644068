"""``gravity simulate``: many seeded games, one JSON document of balance figures.

The document depends only on the game, parameters, agents, game count and seed — never on
``--workers`` or ``--backend``; timings go to standard error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from gravity_games.core.api import InvalidParameterError
from gravity_games.core.registry import parse_params
from gravity_games.sim.roles import roles_by_kind
from gravity_games.sim.runner import run_batch

from .batch import agent_specs, backend_options, games_progress
from .common import console, err_console, write_json


def simulate_command(
    game: str = typer.Argument(..., help="Game id (see gravity list)."),
    games: int = typer.Option(..., "--games", "-g", help="How many games to play."),
    players: int = typer.Option(None, "--players", "-n", help="Number of seats."),
    agents: str = typer.Option("random", "--agents", "-a", help="Agent specs, one per seat or one for all."),
    seed: int = typer.Option(0, "--seed", help="Root seed; game i gets its own seed from it."),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes (or Ray tasks)."),
    backend: str = typer.Option("local", "--backend", help="local (processes here) or ray (a Ray cluster)."),
    address: str = typer.Option(None, "--address", help="Address of an existing Ray cluster."),
    param: list[str] = typer.Option(None, "--param", "-p", help="Game parameter K=V (repeatable)."),
    json_out: str = typer.Option(None, "--json", help="Write the document to FILE, or - for stdout only."),
    report: Path = typer.Option(None, "--report", help="Write an HTML balance report with plots to DIR."),
    records: Path = typer.Option(None, "--records", help="Keep replayable records of chosen games in DIR."),
    keep: str = typer.Option(
        "outliers", "--keep", help="Which records: outliers (longest, shortest and a sample) or all."
    ),
    sample: int = typer.Option(3, "--sample", help="With --keep outliers: how many more games, drawn at random."),
    compare: str = typer.Option(
        None,
        "--compare",
        help="Agent specs (e.g. random,heuristic,hard): the balance figures again with each "
        "one in every seat (JSON by_play; a report section).",
    ),
    compare_games: int = typer.Option(
        None, "--compare-games", help="Games per --compare batch (default: --games, at most 100)."
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Simulate many games between agents and report win rates, lengths and endings."""
    params = parse_params(game, list(param or []))
    specs = agent_specs(agents)
    options = backend_options(backend, address)
    compare_specs = [c.strip() for c in (compare or "").split(",") if c.strip()]
    if compare is not None and not compare_specs:
        raise InvalidParameterError("--compare needs agent specs, e.g. random,heuristic,hard")
    if len(set(compare_specs)) != len(compare_specs):
        raise InvalidParameterError(f"--compare names an agent twice: {', '.join(compare_specs)}")
    if compare_games is not None and compare_games < 1:
        raise InvalidParameterError(f"--compare-games must be at least 1, got {compare_games}")
    per_compare = compare_games or min(games, 100)
    if records is not None:
        from gravity_games.sim.records import check_records_dir, choose_games

        choose_games([], keep, sample, seed)  # a bad --keep or --sample is refused before any game runs
        check_records_dir(records)
    with games_progress(game, games + per_compare * len(compare_specs), quiet) as advance:
        doc = run_batch(
            game,
            games=games,
            players=players,
            params=params,
            agents=specs,
            seed=seed,
            workers=workers,
            backend=backend,
            progress=advance,
            keep_games=report is not None or records is not None,
            keep_actions=records is not None and keep == "all",
            **options,
        )
        if compare_specs:
            from gravity_games.sim.compare import compare_play

            doc["by_play"] = compare_play(
                game,
                compare_specs,
                games=per_compare,
                players=doc["players"],
                params=params,
                seed=seed,
                workers=workers,
                backend=backend,
                progress=advance,
                **options,
            )
    timing = doc.pop("timing")
    per_game = doc.pop("per_game", None)
    if records is not None:
        from gravity_games.sim.records import write_records

        written = write_records(doc, per_game or [], records, keep=keep, sample=sample)
        err_console.print(
            f"records: {len(written)} in {records} (index.json lists them; `gravity replay FILE` re-runs one, "
            f"`gravity import {records}` puts them in the web app's replay viewer)"
        )
    if report is not None:
        from gravity_games.sim.report import write_report

        slim = [{k: v for k, v in g.items() if k != "actions"} for g in per_game or []]
        index = write_report({**doc, "per_game": slim}, report)
        err_console.print(f"report: {index}")
    err_console.print(
        f"[dim]{games} games in {timing['seconds']:.2f} s ({timing['games_per_s']:.1f} games/s, "
        f"{workers} worker(s), {backend})[/]"
    )
    if json_out is not None:
        write_json(doc, json_out)
        if json_out == "-":
            return
    print_summary(doc)


def print_summary(doc: dict[str, Any]) -> None:
    table = Table(
        title=f"{doc['game']} · {doc['players']} players · {doc['games']} games · seed {doc['seed']}",
        header_style="bold cyan",
    )
    table.add_column("seat", justify="right")
    table.add_column("agent")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval", justify="right")
    for seat, (agent, wins, rate) in enumerate(zip(doc["agents"], doc["wins"], doc["win_rate"], strict=True)):
        table.add_row(str(seat), agent, str(wins), f"{rate['rate']:.1%}", f"{rate['low']:.1%} - {rate['high']:.1%}")
    console.print(table)
    endings = ", ".join(f"{k}: {v}" for k, v in doc["terminations"].items())
    console.print(
        f"mean length {doc['mean_length']:.1f} steps ({doc['mean_decisions']:.1f} decisions); endings: {endings}"
    )
    if doc.get("cooperative"):
        console.print("[dim]Cooperative game: every seat shows the team's result.[/]")
    print_roles(doc)
    for figures in doc.get("by_play") or []:
        spec = figures["agent"] + (f" ({figures['plays_as']})" if figures.get("plays_as") else "")
        seats = " / ".join(f"{r['rate']:.0%}" for r in figures["win_rate"])
        console.print(
            f"with {spec} in every seat ({figures['games']} games): win rate per seat {seats}, "
            f"mean length {figures['mean_length']:.1f}"
        )


def print_roles(doc: dict[str, Any]) -> None:
    """One table of every role: each kind's values best first, win rate with its 95 % interval."""
    grouped = roles_by_kind(doc.get("by_role"))
    if not grouped:
        return
    team = bool(doc.get("cooperative"))
    table = Table(
        title="Win rate by role" + (" (the team's, once per game)" if team else " (the seat holding it)"),
        header_style="bold cyan",
    )
    table.add_column("by")
    table.add_column("role")
    table.add_column("games", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval", justify="right")
    for kind, values in grouped.items():
        ranked = sorted(values.items(), key=lambda kv: (-kv[1]["rate"], kv[0]))
        for i, (value, r) in enumerate(ranked):
            table.add_row(
                kind if i == 0 else "",
                value,
                str(r["games"]),
                str(r["wins"]),
                f"{r['rate']:.1%}",
                f"{r['low']:.1%} - {r['high']:.1%}",
                end_section=i == len(ranked) - 1,
            )
    console.print(table)


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)
