"""Printed components as TOML, validated with pydantic, with their provenance.

Every entry of a component file carries ``source``: ``"rulebook"`` (stated in the
rulebook), ``"published"`` (a public source named in the game's docs),
``"reconstructed"`` (not known; designed to fit every constraint the rulebook gives, with
its ``reason``) or ``"user"`` (copied by a user from their own printed game into their own
file). A user who owns the printed game passes their own file; each wrong field gets its
own line in the :class:`DataError`.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from gravity_games.core.api import DataError

Source = Literal["rulebook", "published", "reconstructed", "user"]
SOURCES: tuple[str, ...] = ("rulebook", "published", "reconstructed", "user")

M = TypeVar("M", bound=BaseModel)


class Component(BaseModel):
    """Base of every data model: unknown fields are errors, and ``source`` is required.

    ``reason`` says why a reconstructed value was chosen (shown by ``gravity rules``).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: Source
    reason: str = ""


class DataFile(BaseModel):
    """Base of a whole data file's model (unknown top-level keys are errors)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def read_toml(path: str | Path) -> dict[str, Any]:
    """Parse a TOML file, turning I/O and syntax errors into :class:`DataError`."""
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except OSError as exc:
        raise DataError(f"cannot read data file {str(path)!r}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise DataError(
            f"data file {str(path)!r} is not a TOML text file: TOML is UTF-8, and byte {exc.start} "
            f"(0x{exc.object[exc.start]:02x}) is not UTF-8"
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"data file {str(path)!r} is not valid TOML: {exc}") from None


def read_package_toml(package: str, name: str) -> dict[str, Any]:
    """Parse a TOML file shipped inside ``package`` (e.g. ``gravity_games.games.gravwell.data``)."""
    try:
        text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError) as exc:
        raise DataError(f"cannot read packaged data {package}/{name}: {exc}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"packaged data {package}/{name} is not valid TOML: {exc}") from None


def validate(model: type[M], raw: dict[str, Any], where: str) -> M:
    """Validate ``raw`` against ``model``; each wrong field becomes one line of the error."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            loc = ".".join(str(part) for part in err["loc"]) or "(top level)"
            lines.append(f"  {loc}: {err['msg']}")
        raise DataError(f"{where} has {len(lines)} problem(s):\n" + "\n".join(lines)) from None


def reconstructed_entries(obj: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Walk a validated data model and yield ``(dotted path, entry)`` for reconstructed entries."""
    for where, entry in sourced_entries(obj, path):
        if entry.source == "reconstructed":
            yield where, entry


def sourced_entries(obj: Any, path: str = "", _seen: set[int] | None = None) -> Iterator[tuple[str, Component]]:
    """Yield ``(dotted path, entry)`` for every :class:`Component` inside ``obj``.

    ``obj`` may be a data model or anything holding one: a dataclass (a game's tables), a
    list, tuple or dict, so ``gravity rules --data FILE`` can walk a loaded game whatever it
    keeps its components in. Each object is visited once.
    """
    seen = set() if _seen is None else _seen
    if id(obj) in seen:
        return
    if isinstance(obj, BaseModel):
        seen.add(id(obj))
        if isinstance(obj, Component):
            yield path or "(file)", obj
        for name in type(obj).model_fields:
            yield from sourced_entries(getattr(obj, name), f"{path}.{name}" if path else name, seen)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        seen.add(id(obj))
        for f in dataclasses.fields(obj):
            yield from sourced_entries(getattr(obj, f.name), f"{path}.{f.name}" if path else f.name, seen)
    elif isinstance(obj, (list, tuple)):
        seen.add(id(obj))
        for i, item in enumerate(obj):
            yield from sourced_entries(item, f"{path}[{i}]", seen)
    elif isinstance(obj, dict):
        seen.add(id(obj))
        for key, item in obj.items():
            yield from sourced_entries(item, f"{path}.{key}" if path else str(key), seen)


def entry_label(entry: BaseModel, where: str) -> str:
    """How ``gravity rules`` names an entry: its ``name``, a road's two ends, or its path."""
    fields = type(entry).model_fields
    if "a" in fields and "b" in fields:
        ends = entry.model_dump(include={"a", "b"})
        return f"road {ends['a']} - {ends['b']}"
    for key in ("name", "symbol"):
        value = getattr(entry, key, None) if key in fields else None
        if isinstance(value, str) and value:
            return value
    return where


def entry_value(entry: BaseModel, skip: tuple[str, ...] = ("name", "source", "reason")) -> str:
    """An entry's chosen values in words (``support 3, x 120, y 330``), nested entries left out."""
    fields = type(entry).model_fields
    if "a" in fields and "b" in fields:
        ends = entry.model_dump(include={"a", "b"})
        return f"a road from {ends['a']} to {ends['b']}"
    parts = []
    for key in type(entry).model_fields:
        if key in skip:
            continue
        value = getattr(entry, key)
        if isinstance(value, BaseModel) or (
            isinstance(value, (list, tuple)) and any(isinstance(v, BaseModel) for v in value)
        ):
            continue
        if isinstance(value, bool):
            text = "yes" if value else "no"
        elif isinstance(value, float) and value.is_integer():
            text = str(int(value))
        elif isinstance(value, (list, tuple)):
            text = "/".join(str(v) for v in value)
        elif isinstance(value, dict):
            text = ", ".join(f"{k} {v}" for k, v in value.items())
        else:
            text = str(value)
        if text != "":
            parts.append(f"{key.replace('_', ' ')} {text}")
    return ", ".join(parts)
