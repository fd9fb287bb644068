"""``gravity info GAME``: the game-information table, as OpenSpiel's ``GameType`` and ``GameInfo`` give.

Players, chance, information, utility, distinct actions, chance outcomes, the longest game,
the observation and information-state tensor shapes (with their layouts) and the parameters,
for one configuration (``--players``, ``--param K=V``). ``--json FILE`` (``-`` for stdout)
writes the same as a document; ``--layout`` lists every part of both tensors instead of one
line per kind of part. Needs no OpenSpiel: the values are the ones the adapter declares.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import typer
from rich.markup import escape
from rich.table import Table

from gravity_games.core.api import Game, InvalidParameterError, TensorPart
from gravity_games.core.registry import entry
from gravity_games.interop.infostate import (
    information_state_tensor_layout,
    information_state_tensor_size,
    own_action_slots,
)

from .common import console, make_game, write_json

_INDEX = re.compile(r"\[\d+\]")


def information_kind(game: Game) -> str:
    """``perfect`` or ``imperfect``, as the OpenSpiel adapter declares it."""
    return "perfect" if getattr(type(game), "PERFECT_INFORMATION", False) else "imperfect"


def utility_kind(game: Game) -> str:
    """``identical`` (co-op), or the declared ``zero-sum`` / ``constant-sum``, else ``general-sum``."""
    if game.spec.cooperative:
        return "identical"
    return str(getattr(type(game), "UTILITY", "general_sum")).replace("_", "-")


def zero_sum_view(game: Game) -> str | None:
    """The OpenSpiel name of the game's two-seat zero-sum view, or None when it has none."""
    cls = type(game)
    if cls.COOPERATIVE or not cls.MIN_PLAYERS <= 2 <= cls.MAX_PLAYERS:
        return None
    return "python_gravity_" + game.ID.replace("-", "_") + "_zero_sum"


def group_layout(parts: Sequence[TensorPart]) -> list[dict[str, Any]]:
    """One row per kind of part (``token[*].where`` for every token), in the order they first come.

    ``strides`` gives, for each ``[*]`` of the name, how far apart two neighbouring copies lie:
    the parts of one record (a token's where, number, ...) interleave, so copy ``(i, j)`` of
    ``round[*].token[*].height`` starts at ``offset + i * strides[0] + j * strides[1]``.
    """
    groups: dict[str, dict[str, Any]] = {}
    for part in parts:
        name = _INDEX.sub("[*]", part.name)
        index = [int(m.group()[1:-1]) for m in _INDEX.finditer(part.name)]
        group = groups.get(name)
        if group is None:
            group = groups[name] = {
                "name": name,
                "offset": part.offset,
                "count": 0,
                "size": part.size,
                "total": 0,
                "strides": [part.size] * len(index),
                "levels": _index_names(part.name),
                "encoding": part.encoding,
                "description": part.description,
                "_first": index,
            }
        group["count"] += 1
        group["total"] += part.size
        steps = [b - a for a, b in zip(group["_first"], index, strict=True)]
        moved = [k for k, step in enumerate(steps) if step]
        if len(moved) == 1 and steps[moved[0]] == 1:
            # The neighbour along one index only: the distance is that index's stride.
            group["strides"][moved[0]] = part.offset - group["offset"]
    for group in groups.values():
        del group["_first"]
    return list(groups.values())


_LEVEL = re.compile(r"([A-Za-z_]+)$")


def _index_names(name: str) -> list[str]:
    """What each ``[i]`` of a part's name counts: the word before it (``round``, ``token``), or its place.

    >>> _index_names("round[2].token[5].height"), _index_names("kept[0][1]")
    (['round', 'token'], ['kept', 'index 2'])
    """
    names = []
    for k, match in enumerate(_INDEX.finditer(name)):
        word = _LEVEL.search(name[: match.start()])
        names.append(word.group(1) if word else f"index {k + 1}")
    return names


def layout_place(row: dict[str, Any]) -> str:
    """Where a grouped part lies: its offset, and for interleaved copies the step of each index.

    >>> layout_place({"offset": 107, "size": 7, "strides": [19], "levels": ["token"]})
    '107, then every 19'
    >>> layout_place({"offset": 401, "size": 1, "strides": [97, 6], "levels": ["round", "token"]})
    '401, then every 97 (round), 6 (token)'
    >>> layout_place({"offset": 35, "size": 4, "strides": [4], "levels": ["colours"]})
    '35'
    """
    strides = row.get("strides") or []
    if strides == [row["size"]] or not strides:
        return str(row["offset"])
    if len(strides) == 1:
        return f"{row['offset']}, then every {strides[0]}"
    steps = ", ".join(f"{n} ({level})" for n, level in zip(strides, row["levels"], strict=True))
    return f"{row['offset']}, then every {steps}"


def game_information(game: Game, *, full_layout: bool = False) -> dict[str, Any]:
    """The information document of one configured game (what ``--json`` writes)."""
    spec = game.spec
    cls = type(game)
    observation = game.observation_tensor_layout()
    infostate = information_state_tensor_layout(game)
    info_size = infostate[-1].offset + infostate[-1].size if infostate else 0
    layouts: dict[str, Any] = {
        "observation_tensor": group_layout(observation),
        "information_state_tensor": group_layout(infostate),
    }
    if full_layout:
        layouts = {
            "observation_tensor": [p.to_json() for p in observation],
            "information_state_tensor": [p.to_json() for p in infostate],
        }
    return {
        "game": spec.id,
        "title": spec.title,
        "openspiel_name": "python_gravity_" + spec.id.replace("-", "_"),
        "players": spec.players,
        "min_players": spec.min_players,
        "max_players": spec.max_players,
        "kind": spec.kind,
        "dynamics": "sequential",
        "chance": "explicit stochastic",
        "max_chance_outcomes": spec.max_chance_outcomes,
        "information": information_kind(game),
        "utility": utility_kind(game),
        "min_utility": spec.min_utility,
        "max_utility": spec.max_utility,
        "zero_sum_view": zero_sum_view(game),
        "num_distinct_actions": spec.num_distinct_actions,
        "max_game_length": spec.max_game_length,
        "observation_tensor_shape": list(spec.observation_shape),
        "information_state_tensor_shape": [info_size] if info_size else [],
        "information_state_own_action_slots": own_action_slots(game),
        "variants": list(spec.variants),
        "parameters": [
            {
                "name": p.name,
                "value": list(v) if isinstance(v := game.params[p.name], tuple) else v,
                "default": list(p.default) if isinstance(p.default, tuple) else p.default,
                "allowed": p.allowed(),
                "help": p.help,
            }
            for p in cls.PARAMS
        ],
        "layout_grouped": not full_layout,
        "layouts": layouts,
    }


def _utility_text(doc: dict[str, Any]) -> str:
    kind = doc["utility"]
    lo, hi = doc["min_utility"], doc["max_utility"]
    if kind == "identical":
        text = f"identical (co-op: every seat gets {hi:g} on a win, {lo:g} on a loss)"
    elif kind == "general-sum":
        text = f"general-sum (winners get {hi:g}, the others {lo:g})"
    else:
        text = f"{kind} ({lo:g} to {hi:g})"
    if doc["zero_sum_view"]:
        text += f"; zero-sum view for 2 seats (+1/-1): {doc['zero_sum_view']}"
    return text


def _layout_table(title: str, rows: list[dict[str, Any]], grouped: bool) -> Table:
    table = Table(title=title, header_style="bold cyan", title_justify="left")
    table.add_column("offset", justify="right")
    table.add_column("part", style="bold")
    table.add_column("size", justify="right")
    table.add_column("encoding")
    table.add_column("meaning", ratio=1, overflow="fold")
    for row in rows:
        size = str(row["size"])
        if grouped and row["count"] > 1:
            size = f"{row['count']} x {row['size']} = {row['total']}"
        place = layout_place(row) if grouped else str(row["offset"])
        table.add_row(place, escape(row["name"]), size, row["encoding"], escape(row["description"]))
    return table


def info_command(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game id (see gravity list)."),
    players: int = typer.Option(None, "--players", "-n", help="Number of seats (default: the fewest)."),
    param: list[str] = typer.Option(None, "--param", "-p", help="Game parameter K=V (repeatable)."),
    json_flag: bool = typer.Option(
        False, "--json", help="Write the document as JSON: --json alone or --json - to stdout, --json FILE to a file."
    ),
    layout: bool = typer.Option(False, "--layout", help="List every tensor part, not one row per kind."),
) -> None:
    """Game information: players, chance, information, utility, sizes, tensor shapes and layouts, parameters."""
    json_out = _json_target(json_flag, list(ctx.args))
    entry(game)  # an unknown id is named before anything else
    loaded = make_game(game, players, param)
    doc = game_information(loaded, full_layout=layout)
    if json_out is not None:
        write_json(doc, json_out)
        return
    table = Table(title=f"{doc['title']} ({doc['game']})", header_style="bold cyan", title_justify="left")
    table.add_column("property", style="bold")
    table.add_column("value", ratio=1, overflow="fold")
    values = {p["name"]: p["value"] for p in doc["parameters"]}
    shown = ", ".join(f"{k}={v}" for k, v in values.items()) or "none"
    rows = [
        ("players", f"{doc['players']} (this game is for {doc['min_players']}-{doc['max_players']})"),
        ("kind", doc["kind"]),
        ("dynamics", "sequential (simultaneous choices are taken seat by seat)"),
        ("chance", f"explicit stochastic: at most {doc['max_chance_outcomes']} outcomes at a chance node"),
        ("information", doc["information"]),
        ("utility", _utility_text(doc)),
        ("distinct actions", str(doc["num_distinct_actions"])),
        ("longest game", f"{doc['max_game_length']} steps (chance steps included; a bound, never passed)"),
        ("observation tensor", str(doc["observation_tensor_shape"] or "none")),
        (
            "information-state tensor",
            f"{doc['information_state_tensor_shape'] or 'none'}: the observation, then up to "
            f"{doc['information_state_own_action_slots']} own actions one-hot, then per-action counts",
        ),
        ("variants", ", ".join(doc["variants"])),
        ("parameters", shown),
        ("OpenSpiel name", doc["openspiel_name"]),
    ]
    for name, value in rows:
        table.add_row(name, escape(value))
    console.print(table)
    params = Table(title="Parameters", header_style="bold cyan", title_justify="left")
    for column in ("name", "value", "default", "allowed", "meaning"):
        params.add_column(column, overflow="fold")
    for p in doc["parameters"]:
        params.add_row(p["name"], escape(repr(p["value"])), escape(repr(p["default"])), p["allowed"], escape(p["help"]))
    if doc["parameters"]:
        console.print(params)
    grouped = doc["layout_grouped"]
    console.print(_layout_table("Observation tensor layout", doc["layouts"]["observation_tensor"], grouped))
    info_rows = doc["layouts"]["information_state_tensor"]
    if grouped:  # the observation's parts were just listed; name them once here
        obs = [r for r in info_rows if r["name"].startswith("observation.")]
        rest = [r for r in info_rows if not r["name"].startswith("observation.")]
        if obs:
            total = sum(r["total"] for r in obs)
            head = {
                "name": "observation.*",
                "offset": 0,
                "count": 1,
                "size": total,
                "strides": [],
                "levels": [],
                "total": total,
                "encoding": "(as above)",
                "description": "the observation tensor, as laid out above",
            }
            info_rows = [head, *rest]
    console.print(_layout_table("Information-state tensor layout", info_rows, grouped))
    if grouped:
        console.print("[dim]--layout lists every part; --json - writes all of this as JSON.[/]")


def _json_target(flag: bool, extra: list[str]) -> str | None:
    """Where ``--json`` writes: DESIGN.md's ``gravity info GAME [--json]`` is a flag (stdout), and
    ``--json FILE|-`` as in the other commands also works (the file is the one word left over)."""
    if not extra:
        return "-" if flag else None
    if not flag or len(extra) > 1:
        raise InvalidParameterError(
            f"unexpected {' '.join(extra)!r}: gravity info takes one game id; --json alone or --json FILE|- "
            "writes the document"
        )
    return extra[0]


def register(app: typer.Typer) -> None:
    # Extra words are allowed only to carry --json's optional FILE (see _json_target).
    app.command("info", context_settings={"allow_extra_args": True})(info_command)


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def tensor_docs() -> str:
    """The text of docs/tensors.md: each game's tensor layouts as Markdown tables."""
    from gravity_games.core.registry import list_games, load

    lines = [
        "# Observation and information-state tensors",
        "",
        "Generated by `scripts/tensor_docs.py` from `Game.observation_tensor_layout()` (each game's",
        "`tensor_layout.py`); `tests/interop/test_tensor_layout.py` fails when this page is out of date.",
        "`gravity info GAME [-n N] [--layout]` shows the same for any configuration, `--json -` as JSON.",
        "",
        "Encodings: **one-hot** (at most one slot is 1), **flags** (each slot 0 or 1), **scaled** (a number,",
        "mostly a count or position divided by the bound given). `name[*]` is a part repeated once per",
        "seat, token, round ...; `count x size` gives how many and how wide. Copies are back to back",
        "unless the offset says `then every N`: the parts of one record (a token's place, number, ...)",
        "interleave, so copy `i` starts at `offset + i * N` (with two indices, `every N (round), M (token)`:",
        "copy `(i, j)` at `offset + i * N + j * M`). The tensor is computed from",
        "`observation(seat)` alone, so it holds what that seat may see and nothing else.",
        "",
        "The information-state tensor (OpenSpiel adapter, `information_state_tensor(p)`) is the",
        "observation tensor, then `own_action[i]` (one-hot over the distinct actions) for the seat's first",
        "`min(max_game_length, 64)` own actions, then `own_action_counts` (each action id's count over",
        "the whole game) and `own_actions_beyond` (own actions past the one-by-one slots): exactly what",
        "`information_state_string` holds. It is perfect recall of the seat's own actions while they fit",
        "the slots, and of what it saw only as far as the current observation still shows it.",
        "",
    ]
    for game_id in list_games():
        cls = type(load(game_id))
        seat_counts = sorted({cls.MIN_PLAYERS, max(2, cls.MIN_PLAYERS), cls.MAX_PLAYERS})
        games = [load(game_id, players=n) for n in seat_counts]
        shapes = ", ".join(
            f"{g.players} seats: {g.spec.observation_shape[0]} / {information_state_tensor_size(g)}" for g in games
        )
        lines += [
            f"## {cls.TITLE} (`{game_id}`)",
            "",
            f"Observation / information-state floats by seats: {shapes}.",
            "",
        ]
        game = games[-1]
        lines += [f"Layout at {game.players} seats (where a block is per seat, fewer seats have fewer of it):", ""]
        lines += ["| offset | part | size | encoding | meaning |", "| ---: | --- | ---: | --- | --- |"]
        for row in group_layout(game.observation_tensor_layout()):
            size = f"{row['count']} x {row['size']} = {row['total']}" if row["count"] > 1 else str(row["size"])
            lines.append(
                f"| {layout_place(row)} | `{row['name']}` | {size} | {row['encoding']} | {_md(row['description'])} |"
            )
        lines.append("")
    return "\n".join(lines)
