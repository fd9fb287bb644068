"""``gravity replay RECORD.json``: re-run a record exactly and show its log."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.markup import escape
from rich.rule import Rule

from gravity_games.core.api import InvalidParameterError
from gravity_games.core.record import GameRecord

from .common import console, text_view, write_json


def replay_command(
    record_file: Path = typer.Argument(..., help="A game record (from gravity play, the web app or simulate)."),
    seat: int = typer.Option(None, "--seat", help="Show the log and view as this seat saw them."),
    step: int = typer.Option(None, "--step", help="Stop after this many actions."),
    board: bool = typer.Option(True, "--board/--no-board", help="Show the final view."),
    json_out: str = typer.Option(None, "--json", help="Write the final state (full, hidden parts too) to FILE or -."),
) -> None:
    """Replay a game record exactly and print what happened."""
    record = GameRecord.load_file(record_file)
    if step is not None and not 0 <= step <= len(record.actions):
        raise InvalidParameterError(f"--step must be from 0 to {len(record.actions)}, got {step}")
    state = record.replay(step)
    if seat is not None and not 0 <= seat < state.game.players:
        raise InvalidParameterError(f"--seat must be from 0 to {state.game.players - 1}, got {seat}")
    if json_out is not None:
        write_json(state.to_json(), json_out)
        if json_out == "-":
            return
    console.print(Rule(f"[bold]{escape(state.game.TITLE)}[/] · seed {record.seed} · {state.move_number()} actions"))
    for line in state.log(seat):
        console.print(f"  [dim]·[/] {escape(line)}")
    if board:
        console.print(text_view(state, seat))
    outcome = state.outcome()
    if outcome is not None:
        winners = ", ".join(f"seat {s}" for s in outcome.winners) or "nobody"
        console.print(f"[bold]Result:[/] {winners} ({escape(outcome.reason)})")
    else:
        console.print("[dim]The record stops before the end of the game.[/]")


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_command)
