"""Printed components as TOML, validated with pydantic, with their provenance.

Every entry of a component file carries ``source``: ``"rulebook"`` (stated in the
rulebook), ``"published"`` (a public source named in the game's docs) or
``"reconstructed"`` (not known; designed to fit every constraint the rulebook gives).
A user who owns the printed game passes their own file; each wrong field gets its own
line in the :class:`DataError`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from gravity_games.core.api import DataError

Source = Literal["rulebook", "published", "reconstructed"]

M = TypeVar("M", bound=BaseModel)


class Component(BaseModel):
    """Base of every data model: unknown fields are errors, and ``source`` is required."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: Source


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
    if isinstance(obj, BaseModel):
        if getattr(obj, "source", None) == "reconstructed":
            yield path or "(file)", obj
        for name in type(obj).model_fields:
            yield from reconstructed_entries(getattr(obj, name), f"{path}.{name}" if path else name)
    elif isinstance(obj, (list, tuple)):
        for i, item in enumerate(obj):
            yield from reconstructed_entries(item, f"{path}[{i}]")
    elif isinstance(obj, dict):
        for key, item in obj.items():
            yield from reconstructed_entries(item, f"{path}.{key}" if path else str(key))
