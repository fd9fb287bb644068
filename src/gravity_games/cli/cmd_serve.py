"""``gravity serve``: the web app (lobby, game pages, replays, JSON API) on one address."""

from __future__ import annotations

import typer


def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, min=1, max=65535, help="TCP port"),
    db: str | None = typer.Option(
        None, help="database URL: postgresql://user@host/db, sqlite:///path, or a file path "
        "(default ./var/gravity.sqlite3)"
    ),
    bot_delay: float = typer.Option(0.4, min=0.0, max=10.0, help="seconds a bot 'thinks' before it moves"),
) -> None:
    """Serve the browser app and the API; every game is stored and resumes after a restart."""
    try:
        import uvicorn

        from gravity_games.web.app import create_app
    except ImportError as exc:  # the [web] extra is not installed
        typer.echo(f"gravity serve needs the web extra: pip install 'gravity-games[web]' ({exc})", err=True)
        raise typer.Exit(2) from None
    from gravity_games.web.storage import normalise_url

    app = create_app(db, bot_delay=bot_delay)
    typer.echo(f"gravity-games serving on http://{host}:{port}/  (store: {_safe_url(normalise_url(db))})")
    # Keep idle connections open a while: browsers and bots reuse them between moves.
    uvicorn.run(app, host=host, port=port, log_level="warning", ws="websockets-sansio", timeout_keep_alive=30)


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
