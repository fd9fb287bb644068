"""Sweeps: balance figures against game parameters and component values, on a grid.

``run_sweep(game, ["alarm.bus=16,18,20"], ...)`` plays one batch per grid point and reports,
per point, the win rate of every seat (the team's in a cooperative game) and the mean game
length, each with a 95 % interval, plus the point's ``by_role`` and endings.

What can vary (``--vary PATH=V1,V2,...``, one or two of them):

* a game parameter by its name (``events=0,2,4``, ``variant=standard,simplified``), parsed as
  ``--param`` parses it, or the number of seats (``players=2,3,4``; the document's ``players`` is
  then the smallest count, the seats every point has, and each point names its own);
* a component value by its path in the game's data document, the paths ``gravity rules``
  lists (``alarm``, ``locations[0]``, ``masses``) followed down to one value: ``alarm.bus``,
  ``events[1].count``, ``masses.grams[4]``, ``seesaw.arms_cm.A``. A list of named entries may
  be indexed by name or symbol: ``cards[Fe].value``, ``characters[Dipper].ability``. Each value
  takes the type of the value it replaces (``16`` for a whole number, ``0.12`` for a number,
  ``true``, a word, or a JSON list ``[10,13,16,19,22]``).

For a component value the game's packaged data document (its design hook) is copied, changed
at the path, and written as a TOML file the game loads with its ``data`` parameter; the game
checks it as it checks a user's file, so a value the rules cannot take (a bus before the
shrink space) is refused with the game's own message. The files go to a temporary folder
(``data_dir`` to choose one every node of a Ray cluster can read), named by their content.

Every point plays the same seeds (game *i* of every point is seeded from the root seed and
*i*), so points differ by the swept value and not by luck of the deal (common random numbers).
The document names values, never the temporary files, so the same seed gives the same
document whatever ``workers`` or ``backend``.
"""

from __future__ import annotations

import copy
import hashlib
import itertools
import json
import math
import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gravity_games.core.api import DataError, InvalidParameterError
from gravity_games.core.registry import entry, load

from .runner import run_batch
from .stats import wilson_interval

MAX_POINTS = 400
"""A grid larger than this is refused: it is almost always a typo (a range written out wrongly)."""

_TOKEN = re.compile(r"\.?([^.\[\]]+)|\[([^\]]+)\]")


@dataclass(frozen=True)
class Axis:
    """One swept quantity: a parameter or a data path, and the values it takes."""

    path: str
    kind: str  # "param" or "data"
    values: tuple[Any, ...]
    default: Any

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "kind": self.kind, "values": list(self.values), "default": self.default}


def split_values(text: str) -> list[str]:
    """``a,b,[1,2],c`` -> ``["a", "b", "[1,2]", "c"]``: commas inside brackets stay.

    >>> split_values("16,18,[1, 2]")
    ['16', '18', '[1, 2]']
    """
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += ch
    parts.append(current.strip())
    return [p for p in parts if p != ""]


def path_steps(path: str) -> list[str | int]:
    """``cards[Fe].value`` -> ``["cards", "Fe", "value"]``; ``masses.grams[4]`` -> ``[..., 4]``."""
    steps: list[str | int] = []
    pos = 0
    for match in _TOKEN.finditer(path):
        if match.start() != pos:
            break
        name, index = match.group(1), match.group(2)
        if name is not None:
            steps.append(name)
        else:
            text = index.strip()
            steps.append(int(text) if re.fullmatch(r"-?\d+", text) else text)
        pos = match.end()
    if pos != len(path) or not steps or not isinstance(steps[0], str):
        raise InvalidParameterError(
            f"cannot read the path {path!r}; write it as alarm.bus, events[1].count, cards[Fe].value or masses.grams[4]"
        )
    return steps


def _child(node: Any, step: str | int, where: str) -> tuple[Any, str | int]:
    """The child of ``node`` at ``step`` and the key that reaches it (a name resolved to an index)."""
    if isinstance(node, dict):
        if step not in node:
            keys = ", ".join(sorted(str(k) for k in node if k not in ("source", "reason", "reasoning")))
            raise InvalidParameterError(f"{where or 'the data'} has no {step!r}; it has: {keys}")
        return node[step], step
    if isinstance(node, list):
        if isinstance(step, int):
            if not -len(node) <= step < len(node):
                raise InvalidParameterError(f"{where} has {len(node)} entries (0-{len(node) - 1}); no [{step}]")
            return node[step], step
        for i, item in enumerate(node):
            if isinstance(item, dict) and step in (item.get("name"), item.get("symbol")):
                return item, i
        names = [str(it.get("symbol") or it.get("name")) for it in node if isinstance(it, dict)]
        names = [n for n in names if n != "None"]
        hint = f"; its names: {', '.join(names)}" if names else ""
        raise InvalidParameterError(f"{where} has no entry named {step!r}{hint}")
    raise InvalidParameterError(f"{where} is a single value ({node!r}); the path cannot go further")


def get_path(doc: dict[str, Any], path: str) -> Any:
    """The value at ``path`` in a data document (a clear error naming what is there instead)."""
    node: Any = doc
    where = ""
    for step in path_steps(path):
        node, _ = _child(node, step, where)
        where = f"{where}.{step}" if where and isinstance(step, str) else f"{where}[{step}]" if where else str(step)
    return node


def set_path(doc: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of ``doc`` with ``value`` at ``path``; the entry changed is marked ``source = "user"``.

    The mark keeps a changed document honest: it is no longer the reconstructed value.
    """
    out = copy.deepcopy(doc)
    steps = path_steps(path)
    node: Any = out
    where = ""
    entries: list[Any] = []
    for step in steps[:-1]:
        node, _ = _child(node, step, where)
        where = f"{where}.{step}" if where and isinstance(step, str) else f"{where}[{step}]" if where else str(step)
        if isinstance(node, dict) and "source" in node:
            entries.append(node)
    _, key = _child(node, steps[-1], where)
    node[key] = value
    if entries and entries[-1].get("source") == "reconstructed":
        entries[-1]["source"] = "user"
    return out


def coerce(value: str, like: Any, path: str) -> Any:
    """Read ``value`` as the type of ``like`` (the value it replaces)."""
    text = value.strip()
    try:
        if isinstance(like, bool):
            if text.lower() not in ("true", "false", "yes", "no"):
                raise ValueError
            return text.lower() in ("true", "yes")
        if isinstance(like, int):
            return int(text)
        if isinstance(like, float):
            number = float(text)
            if not math.isfinite(number):
                raise ValueError
            return number
        if isinstance(like, (list, dict)):
            parsed = json.loads(text)
            if not isinstance(parsed, type(like)):
                raise ValueError
            return parsed
    except (ValueError, json.JSONDecodeError):
        kind = {bool: "true or false", int: "a whole number", float: "a number"}.get(type(like), "JSON like the value")
        raise InvalidParameterError(f"--vary {path}: {value!r} is not {kind} (the value now is {like!r})") from None
    return text


def parse_vary(game_id: str, text: str) -> Axis:
    """``PATH=V1,V2,...`` -> an :class:`Axis` (parameters first, then data paths)."""
    if "=" not in text:
        raise InvalidParameterError(f"--vary is written PATH=V1,V2,... (e.g. alarm.bus=16,18,20), got {text!r}")
    path, _, raw = text.partition("=")
    path = path.strip()
    values = split_values(raw)
    if not values:
        raise InvalidParameterError(f"--vary {path}: give at least one value after '='")
    cls = entry(game_id).game_class
    params = {p.name: p for p in cls.PARAMS if p.name != "data"}
    if path == "players":
        counts = []
        for v in values:
            if not re.fullmatch(r"\d+", v) or not cls.MIN_PLAYERS <= int(v) <= cls.MAX_PLAYERS:
                raise InvalidParameterError(
                    f"--vary players: {v!r} is not a player count of {game_id} ({cls.MIN_PLAYERS}-{cls.MAX_PLAYERS})"
                )
            counts.append(int(v))
        return Axis(path, "players", tuple(counts), None)  # no packaged count: every count is the game's
    if path in params:
        param = params[path]
        return Axis(path, "param", tuple(_plain(param.parse(v)) for v in values), _plain(param.default))
    if path == "data":
        raise InvalidParameterError("--vary data is not a value to sweep; vary a path inside the data (alarm.bus)")
    document = entry(game_id).design.data_document
    if document is None:
        allowed = ", ".join(sorted(params)) or "none"
        raise InvalidParameterError(f"{game_id} offers no data document to vary; its parameters: {allowed}")
    if "." not in path and "[" not in path and path not in document():
        known = ", ".join(sorted(params)) or "none"
        tables = ", ".join(sorted(document()))
        raise InvalidParameterError(
            f"{game_id} has no parameter {path!r} (its parameters: {known}); a data value is a path into "
            f"{tables} (see gravity rules {game_id}), e.g. {sorted(document())[0]}.<field>"
        )
    default = get_path(document(), path)
    if isinstance(default, dict) and not values[0].startswith("{"):
        fields = ", ".join(k for k in default if k not in ("source", "reason", "reasoning"))
        raise InvalidParameterError(f"--vary {path} is a whole entry; vary one of its fields: {fields}")
    return Axis(path, "data", tuple(coerce(v, default, path) for v in values), default)


_NOTES = ("source", "reason", "reasoning", "note", "notes")
"""Keys that explain a value rather than hold one: nothing to sweep."""


def sweepable(game_id: str) -> list[dict[str, Any]]:
    """Everything ``--vary`` takes for a game: ``[{"path", "value", "kind", "source"}]``.

    Parameters first (``kind`` ``"param"``, their default), then every single value and list of
    values of the packaged data document (``kind`` ``"data"``) with the ``source`` of the entry
    holding it (``rulebook``, ``published`` or ``reconstructed``); entries of a named list are
    addressed by name or symbol (``characters[Dipper].teleport.resourcefulness``).
    """
    game_class = entry(game_id).game_class
    rows: list[dict[str, Any]] = [{"path": "players", "value": None, "kind": "players", "source": ""}]
    rows += [
        {"path": p.name, "value": _plain(p.default), "kind": "param", "source": ""}
        for p in game_class.PARAMS
        if p.name != "data"
    ]
    document = entry(game_id).design.data_document
    if document is None:
        return rows

    def walk(node: Any, path: str, source: str) -> None:
        if isinstance(node, dict):
            source = str(node.get("source", source))
            for key, child in node.items():
                if key not in _NOTES:
                    walk(child, f"{path}.{key}" if path else str(key), source)
        elif isinstance(node, list) and any(isinstance(item, dict | list) for item in node):
            for i, item in enumerate(node):
                name = item.get("symbol") or item.get("name") if isinstance(item, dict) else None
                walk(item, f"{path}[{name if isinstance(name, str) and _NAME.fullmatch(name) else i}]", source)
        else:
            rows.append({"path": path, "value": node, "kind": "data", "source": source})

    walk(document(), "", "")
    return rows


_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_' -]{0,23}")
"""A short name that reads back as a list index in a path (``cards[Fe]``); other entries (an event
named by its whole sentence) are numbered."""


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


# --- TOML -----------------------------------------------------------------------------

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _toml_key(key: str) -> str:
    return key if _BARE.match(key) else json.dumps(key)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # JSON's escapes are TOML basic-string escapes
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        items = ", ".join(f"{_toml_key(str(k))} = {_toml_value(v)}" for k, v in value.items() if v is not None)
        return "{ " + items + " }" if items else "{}"
    raise InvalidParameterError(f"a data value of type {type(value).__name__} cannot be written as TOML: {value!r}")


def to_toml(doc: dict[str, Any]) -> str:
    """A data document as TOML, one top-level key per line (tables written inline).

    >>> import tomllib
    >>> doc = {"alarm": {"bus": 18, "source": "user"}, "cards": [{"symbol": "Fe", "value": 5.5}]}
    >>> tomllib.loads(to_toml(doc)) == doc
    True
    """
    lines = ["# written by gravity sweep: the packaged components with the swept values"]
    lines += [f"{_toml_key(str(k))} = {_toml_value(v)}" for k, v in doc.items() if v is not None]
    return "\n".join(lines) + "\n"


def write_data_file(doc: dict[str, Any], folder: Path) -> str:
    """Write ``doc`` as TOML named by its content (a game caching by path never sees stale data)."""
    text = to_toml(doc)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    path = folder / f"sweep-{digest}.toml"
    if not path.exists():
        path.write_text(text, encoding="utf-8")
    return str(path)


# --- the sweep ----------------------------------------------------------------------------


def mean_interval(values: Sequence[float]) -> dict[str, float]:
    """Mean with a 95 % normal interval (``mean``, ``low``, ``high``, ``sd``).

    >>> mean_interval([1, 2, 3])["mean"]
    2.0
    """
    n = len(values)
    if n == 0:
        return {"mean": 0.0, "low": 0.0, "high": 0.0, "sd": 0.0}
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.959963984540054 * sd / math.sqrt(n)
    return {"mean": mean, "low": mean - half, "high": mean + half, "sd": sd}


def run_sweep(
    game_id: str,
    vary: Sequence[str],
    *,
    games: int,
    players: int | None = None,
    params: dict[str, Any] | None = None,
    agents: Sequence[str] = ("random",),
    seed: int = 0,
    workers: int = 1,
    backend: str = "local",
    data_dir: str | Path | None = None,
    progress: Callable[[int], None] | None = None,
    **backend_options: Any,
) -> dict[str, Any]:
    """One batch of ``games`` games per grid point of the ``vary`` axes (one or two); the sweep document."""
    if not 1 <= len(vary) <= 2:
        raise InvalidParameterError(f"a sweep varies one or two things at a time, got {len(vary)} --vary")
    axes = [parse_vary(game_id, v) for v in vary]
    if len(axes) == 2 and axes[0].path == axes[1].path:
        raise InvalidParameterError(f"--vary {axes[0].path} is given twice")
    base = dict(params or {})
    for axis in axes:
        if axis.kind == "players" and len(agents) > 1:
            raise InvalidParameterError("a sweep over players takes one agent spec for every seat (--agents heuristic)")
        if axis.kind == "players" and players is not None:
            raise InvalidParameterError("players is both swept (--vary players=...) and fixed (--players); choose one")
        if axis.kind == "param" and axis.path in base:
            raise InvalidParameterError(f"{axis.path} is both swept (--vary) and fixed (--param); choose one")
    if base.get("data") is not None and any(a.kind == "data" for a in axes):
        raise InvalidParameterError("a data sweep changes the packaged components; it cannot start from --param data")
    grid = list(itertools.product(*(a.values for a in axes)))
    if len(grid) > MAX_POINTS:
        raise InvalidParameterError(f"the grid has {len(grid)} points; at most {MAX_POINTS}")
    counts = next((a.values for a in axes if a.kind == "players"), None)
    game = load(game_id, players=min(counts) if counts else players, **base)
    players = game.players  # with a players axis: the smallest count, the seats every point has
    document = entry(game_id).design.data_document
    own_dir = data_dir is None
    folder = Path(tempfile.mkdtemp(prefix="gravity-sweep-")) if own_dir else Path(data_dir)  # type: ignore[arg-type]
    folder.mkdir(parents=True, exist_ok=True)
    points: list[dict[str, Any]] = []
    plays: set[tuple[tuple[int, tuple[int, ...]], ...]] = set()
    try:
        for values in grid:
            point_params = dict(base)
            point_players = players
            data = None
            for axis, value in zip(axes, values, strict=True):
                if axis.kind == "players":
                    point_players = value
                elif axis.kind == "param":
                    point_params[axis.path] = value
                else:
                    assert document is not None
                    data = set_path(data if data is not None else document(), axis.path, value)
            if data is not None:
                point_params["data"] = write_data_file(data, folder)
            try:
                doc = run_batch(
                    game_id,
                    games=games,
                    players=point_players,
                    params=point_params,
                    agents=list(agents),
                    seed=seed,
                    workers=workers,
                    backend=backend,
                    progress=progress,
                    keep_games=True,
                    **backend_options,
                )
            except DataError as exc:
                # The game's own check of the changed components, told in the sweep's words.
                text = str(exc).replace(str(point_params.get("data")), "the swept components")
                where = ", ".join(f"{a.path}={v}" for a, v in zip(axes, values, strict=True))
                raise InvalidParameterError(f"{where}: {text}") from None
            points.append(_point(axes, values, doc))
            plays.add(tuple((g["length"], tuple(g["winners"])) for g in doc["per_game"]))
    finally:
        if own_dir:
            shutil.rmtree(folder, ignore_errors=True)
    agent_list = list(agents) * players if len(agents) == 1 else list(agents)
    return {
        "game": game_id,
        "players": players,
        "cooperative": game.spec.cooperative,
        "agents": agent_list,
        "seed": seed,
        "games_per_point": games,
        "params": {k: _plain(v) for k, v in game.params.items() if k != "data"},
        "vary": [a.to_json() for a in axes],
        "points": points,
        # Every point played the very same games: the swept value did not come into play here
        # (a card used only with more players, a rule of another variant, agents that ignore it).
        "no_effect": len(points) > 1 and len(plays) == 1,
    }


def _point(axes: Sequence[Axis], values: Sequence[Any], doc: dict[str, Any]) -> dict[str, Any]:
    per_game = doc["per_game"]
    n = doc["games"]
    winners = sum(1 for g in per_game if g["winners"])
    low, high = wilson_interval(winners, n)
    return {
        "values": {a.path: v for a, v in zip(axes, values, strict=True)},
        "players": doc["players"],
        "games": n,
        "wins": doc["wins"],
        "win_rate": doc["win_rate"],
        "any_winner": {"rate": winners / n if n else 0.0, "low": low, "high": high},
        "length": mean_interval([g["length"] for g in per_game]),
        "decisions": mean_interval([g["decisions"] for g in per_game]),
        "terminations": doc["terminations"],
        "by_role": doc["by_role"],
    }


__all__ = ["Axis", "get_path", "parse_vary", "run_sweep", "set_path", "split_values", "sweepable", "to_toml"]
