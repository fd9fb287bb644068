"""``gravity rules GAME``: the spec page, parameters, variants and reconstructed data."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import typer
from rich.markdown import Markdown
from rich.panel import Panel
from rich.table import Table

from gravity_games.core.registry import entry

from .common import console


def rules_command(game: str = typer.Argument(..., help="Game id (see gravity list).")) -> None:
    """Show a game's rules summary, parameters, variants and every reconstructed value."""
    info = entry(game)
    cls = info.game_class
    module = importlib.import_module(cls.__module__.rsplit(".", 1)[0])
    page = info.doc or inspect.getdoc(module) or cls.SUMMARY
    kind = "cooperative" if cls.COOPERATIVE else "competitive"
    console.print(
        Panel(
            f"[bold]{cls.TITLE}[/]  [dim]({game}, {cls.MIN_PLAYERS}-{cls.MAX_PLAYERS} players, {kind})[/]",
            expand=False,
        )
    )
    console.print(Markdown(page))
    table = Table(title="Parameters", header_style="bold cyan", title_justify="left")
    table.add_column("name", style="bold")
    table.add_column("default")
    table.add_column("allowed")
    table.add_column("meaning")
    table.add_row("players", str(cls.MIN_PLAYERS), f"{cls.MIN_PLAYERS} to {cls.MAX_PLAYERS}", "number of seats")
    for p in cls.PARAMS:
        table.add_row(p.name, repr(p.default), p.allowed(), p.help)
    console.print(table)
    if info.reconstructed is not None:
        values = info.reconstructed()
        recon = Table(
            title=f"Reconstructed data ({len(values)} values the rulebook does not give)",
            header_style="bold yellow",
            title_justify="left",
        )
        recon.add_column("value", style="bold")
        recon.add_column("what was chosen")
        recon.add_column("why")
        for item in values:
            recon.add_row(str(item.get("name", "")), str(item.get("value", "")), str(item.get("reason", "")))
        console.print(recon)
    doc_path = Path("docs") / "games" / f"{game}.md"
    console.print(f"[dim]Full rules mapping and interpretations: {doc_path}[/]")


def register(app: typer.Typer) -> None:
    app.command("rules")(rules_command)
