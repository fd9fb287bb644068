"""``gravity list``: ids, titles, player counts and variants."""

from __future__ import annotations

from typing import Any

import typer
from rich.table import Table

from gravity_games.core.registry import entry, list_games

from .common import console, write_json


def list_command(
    json_out: str | None = typer.Option(None, "--json", help="Write the list as JSON to FILE, or - for stdout."),
) -> None:
    """List every game with its player counts and variants."""
    rows: list[dict[str, Any]] = []
    for game_id in list_games():
        cls = entry(game_id).game_class
        rows.append(
            {
                "id": game_id,
                "title": cls.TITLE,
                "min_players": cls.MIN_PLAYERS,
                "max_players": cls.MAX_PLAYERS,
                "cooperative": cls.COOPERATIVE,
                "variants": list(cls.variants()) if any(p.name == "variant" for p in cls.PARAMS) else [],
                "summary": cls.SUMMARY,
            }
        )
    if json_out is not None:
        write_json(rows, json_out)
        return
    table = Table(title="gravity-games", title_style="bold", header_style="bold cyan")
    table.add_column("id", style="bold", no_wrap=True)
    table.add_column("title", ratio=1)
    table.add_column("players", justify="center", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    table.add_column("variants", ratio=1)
    for row in rows:
        players = f"{row['min_players']}-{row['max_players']}"
        table.add_row(
            row["id"],
            row["title"],
            players,
            "co-op" if row["cooperative"] else "versus",
            ", ".join(row["variants"]) or "[dim]-[/]",
        )
    console.print(table)
    console.print("[dim]gravity rules GAME[/] for the rules, [dim]gravity play GAME[/] to play.")


def register(app: typer.Typer) -> None:
    app.command("list")(list_command)
