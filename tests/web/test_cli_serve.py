"""`gravity serve` is registered by the CLI and describes its options."""

from __future__ import annotations

from typer.testing import CliRunner

from gravity_games.cli.cmd_serve import _safe_url
from gravity_games.cli.main import build_app


def test_serve_is_a_command_with_host_port_and_db() -> None:
    result = CliRunner().invoke(build_app(), ["serve", "--help"])
    assert result.exit_code == 0, result.output
    for option in ("--host", "--port", "--db", "--bot-delay"):
        assert option in result.output


def test_a_bad_port_is_refused_before_anything_starts() -> None:
    result = CliRunner().invoke(build_app(), ["serve", "--port", "0"])
    assert result.exit_code != 0 and "port" in result.output.lower()


def test_the_printed_store_never_shows_a_password() -> None:
    assert _safe_url("postgresql+psycopg://me:secret@db:5432/games") == "postgresql+psycopg://me@db:5432/games"
    assert _safe_url("sqlite:///var/gravity.sqlite3") == "sqlite:///var/gravity.sqlite3"
