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

try:  # typer >= 0.19 parses with its own vendored copy of click: its errors are not click's
    from typer._click import exceptions as _typer_click
except ImportError:  # pragma: no cover - older typer uses click itself
    _typer_click = click.exceptions  # type: ignore[misc,unused-ignore]

_USAGE_ERRORS: tuple[type[Exception], ...] = (click.ClickException, _typer_click.ClickException)
"""A mistyped command line (unknown option, missing value, bad number): shown as usage, status 2."""

_EXITS: tuple[type[Exception], ...] = (click.exceptions.Exit, typer.Exit)
_ABORTS: tuple[type[BaseException], ...] = (click.exceptions.Abort, typer.Abort)


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


def given_value(argv: list[str], opts: list[str]) -> str | None:
    """The text typed after an option (``--games abc``, ``--games=abc``, ``-gabc``), or None."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        for opt in opts:
            if arg == opt and i + 1 < len(argv):
                return argv[i + 1]
            if opt.startswith("--") and arg.startswith(opt + "="):
                return arg[len(opt) + 1 :]
            if not opt.startswith("--") and arg.startswith(opt) and len(arg) > len(opt):
                return arg[len(opt) :]
    return None


def show_usage_error(exc: Exception, argv: list[str] | None = None) -> None:
    """Print a command-line mistake the way click would (usage line, then the error); exit 2.

    A bad value is repeated in the message (typer's own says only what was expected).
    Running with no command prints the help and exits 0, as ``gravity --help`` does.
    """
    if type(exc).__name__ == "NoArgsIsHelpError":
        ctx = getattr(exc, "ctx", None)
        if ctx is not None:
            print(ctx.get_help())
        raise SystemExit(0)
    param = getattr(exc, "param", None)
    message = getattr(exc, "message", None)
    opts = list(getattr(param, "opts", []) or []) + list(getattr(param, "secondary_opts", []) or [])
    if type(exc).__name__ == "BadParameter" and isinstance(message, str) and opts:
        raw = given_value(list(sys.argv[1:] if argv is None else argv), opts)
        if raw is not None and repr(raw) not in message:
            exc.message = f"got {raw!r}; {message[:1].lower()}{message[1:]}"  # type: ignore[attr-defined]
    show = getattr(exc, "show", None)
    if callable(show):
        show()
    else:  # pragma: no cover - every click exception has show()
        print(f"gravity: error: {exc}", file=sys.stderr)
    raise SystemExit(getattr(exc, "exit_code", 2))


def main(argv: list[str] | None = None) -> None:
    debug = os.environ.get("GRAVITY_DEBUG") == "1"
    try:
        app = build_app()
        app(args=argv, prog_name="gravity", standalone_mode=False)
    except _EXITS as exc:
        raise SystemExit(getattr(exc, "exit_code", 0)) from None
    except _ABORTS:
        print("gravity: aborted", file=sys.stderr)
        raise SystemExit(130) from None
    except _USAGE_ERRORS as exc:
        show_usage_error(exc, argv)
    except GravityError as exc:
        if debug:
            traceback.print_exc()
        fail(str(exc).replace("\n", "\n  "))
    except KeyboardInterrupt:
        print("\ngravity: interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    except BrokenPipeError:
        raise SystemExit(0) from None
    except OSError as exc:
        if exc.filename is None:
            internal_error(exc, debug)
        # A file the user named could not be read or written (a missing folder, no permission).
        if debug:
            traceback.print_exc()
        fail(f"cannot read or write {str(exc.filename)!r}: {exc.strerror or exc} (check the path and its folder)")
    except Exception as exc:
        internal_error(exc, debug)


def internal_error(exc: BaseException, debug: bool) -> None:
    """A bug of ours: one line, never a traceback unless GRAVITY_DEBUG=1; exit 1."""
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
