"""The options every batch command shares (``simulate``, ``sweep``, ``tournament``), in one copy.

Agent specs, the backend with its Ray address, and the progress bar on standard error are read
the same way by each command, so a fix or a clearer message reaches all of them at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from gravity_games.core.api import InvalidParameterError

from .common import check_backend, err_console


def agent_specs(text: str, example: str = "random or heuristic,random") -> list[str]:
    """``--agents`` as a list of specs (one per seat, or one for every seat), refusing an empty list."""
    specs = [a.strip() for a in text.split(",") if a.strip()]
    if not specs:
        raise InvalidParameterError(f"--agents needs at least one agent spec, e.g. {example}")
    return specs


def backend_options(backend: str, address: str | None) -> dict[str, Any]:
    """Check ``--backend`` (naming every one that works here) and ``--address``; the runner's extra options."""
    check_backend(backend)
    if address is None:
        return {}
    if backend != "ray":
        raise InvalidParameterError("--address goes with --backend ray")
    return {"address": address}


@contextmanager
def games_progress(label: str, total: int, quiet: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar of games on standard error (none with ``--quiet`` or off a terminal).

    Yields the callback a runner calls with the number of games just finished; standard output
    stays free for ``--json -``.
    """
    bar = Progress(
        TextColumn(f"[bold]{label}[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
        disable=quiet or not err_console.is_terminal,
    )
    with bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


__all__ = ["agent_specs", "backend_options", "games_progress"]
