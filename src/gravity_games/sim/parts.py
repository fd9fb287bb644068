"""Runs split across cores: the parts' files read, checked to be one run, and their games joined.

A long measurement (``scripts/bot_strength.py``, ``scripts/vs_openspiel.py``) plays games ``a`` to
``b - 1`` of one run per process; the parts are joined afterwards. Joining refuses parts of other
runs (any of ``head_keys`` differing), parts cut short, and a gap or a game played twice, so a
joined file always stands for games ``0..n-1`` of one run, each once.

    >>> join_parts([])
    Traceback (most recent call last):
    ...
    gravity_games.sim.parts.PartsError: no parts to join
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any


class PartsError(ValueError):
    """The parts cannot be joined; the message names the file and what is wrong with it."""


def join_parts(
    paths: Sequence[Path], head_keys: Sequence[str] = ()
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The parts, in game order, and their games joined into one list of rows."""
    if not paths:
        raise PartsError("no parts to join")
    parts: list[dict[str, Any]] = []
    for path in paths:
        try:
            parts.append(json.loads(path.read_text()))
        except (OSError, ValueError) as exc:
            raise PartsError(f"cannot read {path}: {exc}") from exc
    for path, part in zip(paths, parts, strict=True):
        if not isinstance(part, dict) or not isinstance(part.get("games"), list):
            raise PartsError(f"{path} is not a run of games")
        for key in head_keys:
            if part.get(key) != parts[0].get(key):
                raise PartsError(f"{path} has {key}={part.get(key)!r}, {paths[0]} has {parts[0].get(key)!r}")
        if not part.get("complete"):
            raise PartsError(f"{path} is cut short; finish it with --resume first")
    parts.sort(key=lambda part: part["games"][0]["index"] if part["games"] else 0)
    rows = [row for part in parts for row in part["games"]]
    if [row["index"] for row in rows] != list(range(len(rows))):
        raise PartsError(f"the parts' games are not 0..{len(rows) - 1} once each")
    return parts, rows
