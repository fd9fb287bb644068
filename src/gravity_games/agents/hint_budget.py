"""How much work a hint does: a number of playouts or search iterations per game and player count.

A hint budgeted in seconds of wall time is as strong as the machine is idle: a calibration run at a
load of 8 measured a weaker hint than a player gets on a quiet machine, and no two hints were the
same. So the hint's work is counted, not timed: ``playouts`` for a hint from heuristic playouts,
``iterations`` for one from an IS-MCTS search, read from ``hint_budget.toml`` beside this module
(one entry per game and player count, each saying how it was measured). With the count fixed a hint
is the same for the same seed on any machine, and its calibration does not depend on the load. The
caller's ``seconds`` stays a wall-clock cap: a slow machine stops early and the hint says so.

>>> budget = parse_hint_budgets('[default]\\nplayouts = 10\\niterations = 20\\n')
>>> budget_for("toy-nim", 2, "iterations", budget)
20
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from typing import NamedTuple

from gravity_games.core.api import DataError

UNITS = ("playouts", "iterations")
"""The two kinds of hint work: heuristic playouts, and IS-MCTS search iterations."""


class HintBudgets(NamedTuple):
    """The default work per unit, and each game's (game id, players) -> (unit, count)."""

    default: dict[str, int]
    games: dict[tuple[str, int], tuple[str, int]]


def _count(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise DataError(f"hint_budget.toml {where}: the count must be a whole number >= 1, got {value!r}")
    return value


def parse_hint_budgets(text: str) -> HintBudgets:
    """The budgets of a ``hint_budget.toml`` text; a malformed one is a :class:`DataError`."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"hint_budget.toml is not valid TOML: {exc}") from None
    default_table = document.get("default", {})
    if sorted(default_table) != sorted(UNITS):
        raise DataError(f"hint_budget.toml [default] needs exactly {' and '.join(UNITS)}, got {sorted(default_table)}")
    default = {unit: _count(default_table[unit], f"[default] {unit}") for unit in UNITS}
    games: dict[tuple[str, int], tuple[str, int]] = {}
    for i, item in enumerate(document.get("budget", [])):
        where = f"budget {i + 1}"
        units = [u for u in UNITS if u in item]
        if "game" not in item or "players" not in item or len(units) != 1 or not item.get("measured"):
            raise DataError(
                f"hint_budget.toml {where} needs game, players, measured and one of {' or '.join(UNITS)}, "
                f"got {sorted(item)}"
            )
        key = (str(item["game"]), _count(item["players"], f"{where} players"))
        if key in games:
            raise DataError(f"hint_budget.toml {where}: a second budget for {key[0]} at {key[1]}")
        games[key] = (units[0], _count(item[units[0]], where))
    return HintBudgets(default, games)


@functools.cache
def hint_budgets() -> HintBudgets:
    """The packaged ``hint_budget.toml``."""
    try:
        text = resources.files("gravity_games.agents").joinpath("hint_budget.toml").read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"cannot read the hint budgets (agents/hint_budget.toml): {exc}") from None
    return parse_hint_budgets(text)


def budget_for(game_id: str, players: int, unit: str, budgets: HintBudgets | None = None) -> int:
    """The hint's work in ``unit`` for the game at ``players``: its entry, else the default.

    An entry in the other unit (the game's ``hard`` changed kind since it was measured) is not
    converted: the default is used, a count of one kind saying nothing about the other.
    """
    if unit not in UNITS:
        raise ValueError(f"unit must be one of {', '.join(UNITS)}, got {unit!r}")
    budgets = budgets or hint_budgets()
    found = budgets.games.get((game_id, players))
    if found is not None and found[0] == unit:
        return found[1]
    return budgets.default[unit]


__all__ = ["UNITS", "HintBudgets", "budget_for", "hint_budgets", "parse_hint_budgets"]
