"""``gravity rules GAME``: the spec page, parameters, variants and reconstructed data.

With ``--data FILE`` it checks a user's own component file and shows where each of its
values comes from (``rulebook``, ``published``, ``reconstructed`` or ``user``).
"""

from __future__ import annotations

import importlib
import inspect
from collections import Counter
from pathlib import Path
from typing import Any

import typer
from rich.markdown import Markdown
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from gravity_games.core.api import Game
from gravity_games.core.data import SOURCES, Component, entry_label, entry_value, sourced_entries
from gravity_games.core.registry import entry

from .common import console, make_game


def rules_command(
    game: str = typer.Argument(..., help="Game id (see gravity list)."),
    data: str = typer.Option(None, "--data", help="Check your own component file (TOML) and show its sources."),
) -> None:
    """Show a game's rules summary, parameters, variants and every reconstructed value."""
    info = entry(game)
    cls = info.game_class
    loaded = make_game(game, None, None, data) if data is not None else None
    module = importlib.import_module(cls.__module__.rsplit(".", 1)[0])
    page = info.doc or inspect.getdoc(module) or cls.SUMMARY
    console.print(
        Panel(
            f"[bold]{cls.TITLE}[/]  [dim]({game}, {cls.MIN_PLAYERS}-{cls.MAX_PLAYERS} players, {cls.game_kind()})[/]",
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
    if loaded is not None:
        show_data_sources(loaded, data or "")
    elif info.reconstructed is not None:
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
            recon.add_row(
                escape(str(item.get("name", ""))),
                escape(str(item.get("value", ""))),
                escape(str(item.get("reason", ""))),
            )
        console.print(recon)
    doc_path = Path("docs") / "games" / f"{game}.md"
    console.print(f"[dim]Full rules mapping and interpretations: {doc_path}[/]")


def data_entries(game: Game) -> list[tuple[str, Component]]:
    """Every component entry a loaded game holds, wherever the game keeps its data."""
    seen: set[int] = set()
    found: list[tuple[str, Component]] = []
    for name, value in game_attributes(game).items():
        if name in ("spec", "params"):
            continue
        found.extend(sourced_entries(value, name, seen))
    return found


def game_attributes(game: Game) -> dict[str, Any]:
    """A game's data attributes, whether its class is a Python one (``__dict__``) or compiled (none)."""
    try:
        return dict(vars(game))
    except TypeError:
        pass
    attributes: dict[str, Any] = {}
    for name in dir(game):
        if name.startswith("_") or name.isupper() or name in ("spec", "params"):
            continue
        value = getattr(game, name, None)
        if not callable(value):
            attributes[name] = value
    return attributes


def show_data_sources(game: Game, path: str) -> None:
    """The user's file as the game loaded it: how many entries of each source, then each entry."""
    found = data_entries(game)
    counts: Counter[str] = Counter(item.source for _, item in found)
    summary = ", ".join(f"{counts[s]} {s}" for s in SOURCES if counts[s]) or "no sourced entries"
    # The counts lead the title and the path goes below the table: a long path would otherwise
    # wrap the title in the middle of the counts.
    table = Table(
        title=f"Data entries: {summary}",
        caption=f"from {path}",
        header_style="bold cyan",
        title_justify="left",
        caption_justify="left",
    )
    table.add_column("source", style="bold")
    table.add_column("entry")
    table.add_column("values")
    table.add_column("why")
    # Printed values need no listing (their count is in the title); the user's own and the
    # reconstructed ones are what the user checks.
    order = ("user", "reconstructed")
    for source in order:
        for where, item in found:
            if item.source == source:
                table.add_row(
                    source, escape(entry_label(item, where)), escape(shorten(entry_value(item))), escape(item.reason)
                )
    console.print(table)


def shorten(text: str, width: int = 90) -> str:
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def register(app: typer.Typer) -> None:
    app.command("rules")(rules_command)
