"""``gravity import``: put game records (``simulate --records DIR``, ``play --save``) in the web app's store.

Each imported game is an ended game that ``gravity serve`` (with the same ``--db``) lists in its
lobby and shows in its replay viewer at ``/games/<id>/replay``.
"""

from __future__ import annotations

import typer

from gravity_games.sim.records import import_records

from .common import console


def import_command(
    paths: list[str] = typer.Argument(..., help="Record files, or folders of them (simulate --records DIR)."),
    db: str = typer.Option(
        None, "--db", help="database URL or file, as for gravity serve (default ./var/gravity.sqlite3)."
    ),
) -> None:
    """Store ended games from record files so the web app's replay viewer shows them."""
    imported = import_records(paths, db)
    for path, gid in imported:
        console.print(f"{path} -> /games/{gid}/replay")
    console.print(f"{len(imported)} game(s) imported; open them under `gravity serve` (same --db).")


def register(app: typer.Typer) -> None:
    app.command("import")(import_command)
