"""Entry point of the ``gravity`` command.

Every module ``gravity_games/cli/cmd_*.py`` adds its command with ``register(app)``. Errors
the user can fix (a bad game id, parameter, file or move) print one line naming the
problem and what is allowed, and exit with status 2; no traceback reaches the user unless
``GRAVITY_DEBUG=1`` is set.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
import traceback

import click
import typer

from gravity_games.core.api import GravityError


def build_app() -> typer.Typer:
    app = typer.Typer(
        name="gravity",
        help="Play, simulate and study six tabletop games: Gravity Falls, Saving Waddles, "
        "the three Gravity Three games and Gravwell.",
        add_completion=False,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        rich_markup_mode="rich",
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    package = importlib.import_module("gravity_games.cli")
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.name.startswith("cmd_"):
            module = importlib.import_module(f"gravity_games.cli.{info.name}")
            module.register(app)
    return app


def fail(message: str, status: int = 2) -> None:
    print(f"gravity: error: {message}", file=sys.stderr)
    raise SystemExit(status)


def main(argv: list[str] | None = None) -> None:
    debug = os.environ.get("GRAVITY_DEBUG") == "1"
    try:
        app = build_app()
        app(args=argv, prog_name="gravity", standalone_mode=False)
    except click.exceptions.Exit as exc:
        raise SystemExit(exc.exit_code) from None
    except click.exceptions.Abort:
        print("gravity: aborted", file=sys.stderr)
        raise SystemExit(130) from None
    except click.ClickException as exc:
        exc.show()
        raise SystemExit(exc.exit_code) from None
    except GravityError as exc:
        if debug:
            traceback.print_exc()
        fail(str(exc).replace("\n", "\n  "))
    except KeyboardInterrupt:
        print("\ngravity: interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    except BrokenPipeError:
        raise SystemExit(0) from None
    except Exception as exc:
        if debug:
            traceback.print_exc()
        print(
            f"gravity: internal error: {type(exc).__name__}: {exc}\n"
            "  This is a bug; run again with GRAVITY_DEBUG=1 for the traceback and report it.",
            file=sys.stderr,
        )
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()
