"""``gravity serve``: the web app (lobby, game pages, replays, JSON API) on one address."""

from __future__ import annotations

import typer


def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, min=1, max=65535, help="TCP port"),
    db: str | None = typer.Option(
        None,
        help="database URL: postgresql://user@host/db, sqlite:///path, or a file path (default ./var/gravity.sqlite3)",
    ),
    bot_delay: float = typer.Option(0.4, min=0.0, max=10.0, help="seconds a bot 'thinks' before it moves"),
    workers: int = typer.Option(
        1, min=1, max=64, help="server processes (more than 1 needs a PostgreSQL --db; they share its store)"
    ),
    bot_seconds: float = typer.Option(3.0, min=0.1, max=60.0, help="a bot's time budget per move"),
    search_workers: int = typer.Option(2, min=0, max=64, help="bot search processes per server process"),
    max_unfinished: int = typer.Option(10_000, min=0, help="unfinished games the store may hold (0: no cap)"),
    create_per_minute: float = typer.Option(
        30.0, min=0.0, help="games one client address may create a minute, after a burst of 20 (0: no limit)"
    ),
    idle_seconds: float = typer.Option(300.0, min=1.0, help="seconds unused before a game leaves memory"),
) -> None:
    """Serve the browser app and the API; every game is stored and resumes after a restart."""
    try:
        import uvicorn  # noqa: F401

        from gravity_games.web.server import serve as run_server
    except ImportError as exc:  # the [web] extra is not installed
        typer.echo(f"gravity serve needs the web extra: pip install 'gravity-games[web]' ({exc})", err=True)
        raise typer.Exit(2) from None
    from gravity_games.web.storage import normalise_url

    url = normalise_url(db)
    if workers > 1 and not url.startswith("postgresql"):
        typer.echo(
            f"--workers {workers} needs a PostgreSQL store (--db postgresql://...): the processes share it and "
            "hear each other's moves through it; SQLite serves one process",
            err=True,
        )
        raise SystemExit(2)
    settings = {
        "db_url": db,
        "bot_delay": bot_delay,
        "bot_seconds": bot_seconds,
        "search_workers": search_workers,
        "max_unfinished": max_unfinished,
        "create_per_minute": create_per_minute,
        "idle_seconds": idle_seconds,
    }
    typer.echo(
        f"gravity-games serving on http://{host}:{port}/  (store: {_safe_url(url)}"
        + (f", {workers} processes)" if workers > 1 else ")"),
        err=False,
    )
    run_server(host, port, workers, settings)


def _safe_url(url: str) -> str:
    # never print a database password
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, _, where = rest.rpartition("@")
        user = creds.split(":", 1)[0]
        return f"{scheme}://{user}@{where}"
    return url


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
