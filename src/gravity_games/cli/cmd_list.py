"""``gravity list``: ids, titles, player counts, kinds and variants.

The README's game table says the same (``tests/cli/test_readme_table.py`` compares them).
"""

from __future__ import annotations

from typing import Any

import typer
from rich.table import Table

from gravity_games.core.api import Game
from gravity_games.core.registry import entry, list_games

from .common import console, write_json


def choice_params(cls: type[Game]) -> dict[str, list[str]]:
    """The parameters a player picks from a short list (``variant``, ``perception``), with the choices."""
    return {p.name: [str(c) for c in p.choices] for p in cls.PARAMS if p.choices is not None}


def describe_choices(choices: dict[str, list[str]]) -> str:
    """``standard, simplified`` for the variants, ``perception exact/easy/normal/hard`` for the others."""
    parts = []
    for name, values in choices.items():
        parts.append(", ".join(values) if name == "variant" else f"{name} {'/'.join(values)}")
    return "; ".join(parts)


def list_rows() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for game_id in list_games():
        cls = entry(game_id).game_class
        choices = choice_params(cls)
        rows.append(
            {
                "id": game_id,
                "title": cls.TITLE,
                "min_players": cls.MIN_PLAYERS,
                "max_players": cls.MAX_PLAYERS,
                "cooperative": cls.COOPERATIVE,
                "kind": cls.game_kind(),
                "variants": choices.get("variant", []),
                "choices": choices,
                "summary": cls.SUMMARY,
            }
        )
    return rows


def list_command(
    json_out: str | None = typer.Option(None, "--json", help="Write the list as JSON to FILE, or - for stdout."),
) -> None:
    """List every game with its player counts, kind, variants and other choices."""
    rows = list_rows()
    if json_out is not None:
        write_json(rows, json_out)
        return
    table = Table(title="gravity-games", title_style="bold", header_style="bold cyan")
    table.add_column("id", style="bold", no_wrap=True)
    table.add_column("title", ratio=1)
    table.add_column("players", justify="center", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    table.add_column("variants and choices", ratio=1, overflow="fold")
    for row in rows:
        players = f"{row['min_players']}-{row['max_players']}"
        table.add_row(row["id"], row["title"], players, row["kind"], describe_choices(row["choices"]) or "[dim]-[/]")
    console.print(table)
    console.print("[dim]gravity rules GAME[/] for the rules, [dim]gravity play GAME[/] to play.")


def register(app: typer.Typer) -> None:
    app.command("list")(list_command)
