"""What a game declares about itself: its parameters, its spec, an outcome, the tensor layout parts.

``core.api`` re-exports them; import from there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar, cast

from mypy_extensions import mypyc_attr

from .errors import InvalidParameterError

JSON = Any
"""A JSON-safe value: dict, list, str, int, float, bool or None."""

_T = TypeVar("_T")


@mypyc_attr(native_class=False)  # frozen: a native one cannot be unpickled
@dataclass(frozen=True)
class Param:
    """One game parameter: its type, default and allowed values.

    ``choices`` lists the allowed values when they are few; ``low``/``high`` bound an
    int or float. ``parse`` turns command-line text (``K=V``) into a checked value.
    """

    name: str
    default: Any
    help: str
    kind: type = str
    choices: tuple[Any, ...] | None = None
    low: float | None = None
    high: float | None = None
    nullable: bool = False

    def allowed(self) -> str:
        """Describe the allowed values in words, for error messages and help."""
        if self.choices is not None:
            text = ", ".join(repr(c) if isinstance(c, str) else str(c) for c in self.choices)
            return f"one of {text}"
        if self.kind is int or self.kind is float:
            lo = "-inf" if self.low is None else f"{self.low:g}"
            hi = "inf" if self.high is None else f"{self.high:g}"
            return f"a number from {lo} to {hi}"
        if self.kind is bool:
            return "true or false"
        if self.kind is tuple:
            text = "a comma-separated list"
        elif self.name in ("data", "path", "file") or self.name.endswith("_file"):
            text = "a file path"
        else:
            text = "any text"
        return f"{text}, or none" if self.nullable else text

    def parse(self, text: str) -> Any:
        """Parse a command-line value and validate it."""
        value: Any
        if self.nullable and text.strip().lower() in ("", "none", "random", "auto"):
            return self.validate(None)
        try:
            if self.kind is bool:
                low = text.strip().lower()
                if low not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                    raise ValueError(text)
                value = low in ("true", "1", "yes", "on")
            elif self.kind is int:
                value = int(text)
            elif self.kind is float:
                value = float(text)
            elif self.kind is tuple:
                value = tuple(part.strip() for part in text.split(",") if part.strip())
            else:
                value = text.strip()
        except ValueError:
            raise InvalidParameterError(f"parameter {self.name!r} got {text!r}; allowed: {self.allowed()}") from None
        return self.validate(value)

    def validate(self, value: Any) -> Any:
        """Check a value (already of Python type) and return it normalised."""
        if value is None:
            if self.nullable:
                return None
            raise InvalidParameterError(f"parameter {self.name!r} needs a value; allowed: {self.allowed()}")
        if self.kind is tuple and isinstance(value, list):
            value = tuple(value)
        if self.kind is tuple and isinstance(value, str):
            # "a comma-separated list" is what allowed() offers, so load(..., heroes="stan,dipper") means it.
            value = tuple(part.strip() for part in value.split(",") if part.strip())
        if self.kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if self.kind is int and isinstance(value, bool):
            raise InvalidParameterError(f"parameter {self.name!r} got {value!r}; allowed: {self.allowed()}")
        if not isinstance(value, self.kind):
            raise InvalidParameterError(
                f"parameter {self.name!r} got {value!r} ({type(value).__name__}); allowed: {self.allowed()}"
            )
        if self.choices is not None and self.kind is not tuple and value not in self.choices:
            raise InvalidParameterError(f"parameter {self.name!r} got {value!r}; allowed: {self.allowed()}")
        if self.kind in (int, float):
            number = float(cast(Any, value))
            if (self.low is not None and number < self.low) or (self.high is not None and number > self.high):
                raise InvalidParameterError(f"parameter {self.name!r} got {value!r}; allowed: {self.allowed()}")
        return value

    def to_json(self) -> dict[str, JSON]:
        default = list(self.default) if isinstance(self.default, tuple) else self.default
        return {
            "name": self.name,
            "default": default,
            "help": self.help,
            "type": self.kind.__name__,
            "choices": list(self.choices) if self.choices is not None else None,
            "low": self.low,
            "high": self.high,
            "nullable": self.nullable,
        }


@mypyc_attr(native_class=False)  # frozen: a native one cannot be unpickled
@dataclass(frozen=True)
class GameSpec:
    """Everything fixed about a game once its parameters are chosen.

    ``num_distinct_actions`` and ``max_chance_outcomes`` bound every action id, as in
    OpenSpiel, so masks and tensors have a fixed shape. ``max_game_length`` bounds the
    number of steps (chance steps included) and is never passed. ``private_fields``
    names the observation keys that hold what only one seat may see; the conformance
    suite checks that no other seat's observation ever holds their values.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    players: int
    cooperative: bool
    max_game_length: int
    num_distinct_actions: int
    max_chance_outcomes: int
    params: Mapping[str, Param]
    values: Mapping[str, Any]
    version: int
    variants: tuple[str, ...] = ("standard",)
    summary: str = ""
    rulebook: str = ""
    kind: str = "competitive"
    """cooperative, competitive, race or bluffing: what ``gravity list`` and the README say."""
    private_fields: tuple[str, ...] = ()
    min_utility: float = 0.0
    max_utility: float = 1.0
    observation_shape: tuple[int, ...] = ()

    def to_json(self) -> dict[str, JSON]:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "players": self.players,
            "cooperative": self.cooperative,
            "max_game_length": self.max_game_length,
            "num_distinct_actions": self.num_distinct_actions,
            "max_chance_outcomes": self.max_chance_outcomes,
            "params": {name: p.to_json() for name, p in self.params.items()},
            "values": {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.values.items()},
            "version": self.version,
            "variants": list(self.variants),
            "summary": self.summary,
            "kind": self.kind,
            "private_fields": list(self.private_fields),
            "min_utility": self.min_utility,
            "max_utility": self.max_utility,
            "observation_shape": list(self.observation_shape),
        }


@mypyc_attr(native_class=False)  # frozen: a native one cannot be unpickled
@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seats (several for a shared or team win) and why."""

    winners: tuple[int, ...]
    reason: str
    detail: Mapping[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        return {"winners": list(self.winners), "reason": self.reason, "detail": dict(self.detail)}


@mypyc_attr(native_class=False)  # frozen: a native one cannot be unpickled
@dataclass(frozen=True)
class TensorPart:
    """One named slice of a flat observation tensor: ``tensor[offset:offset + size]``.

    ``encoding`` says how to read it: ``one-hot`` (at most one slot is 1, the others 0),
    ``flags`` (each slot 0 or 1 on its own) or ``scaled`` (numbers, mostly counts or
    positions divided by a bound). ``description`` says what it holds in words.
    """

    name: str
    offset: int
    size: int
    encoding: str = "scaled"
    description: str = ""

    def to_json(self) -> dict[str, JSON]:
        return {
            "name": self.name,
            "offset": self.offset,
            "size": self.size,
            "encoding": self.encoding,
            "description": self.description,
        }


TENSOR_ENCODINGS: Final[tuple[str, ...]] = ("one-hot", "flags", "scaled")


def tensor_layout(parts: Sequence[tuple[str, int, str] | tuple[str, int, str, str]]) -> tuple[TensorPart, ...]:
    """Lay ``(name, size, encoding[, description])`` parts end to end, offsets counted from 0.

    Parts of size 0 (a block a configuration does not have) are left out.
    """
    out: list[TensorPart] = []
    offset = 0
    for part in parts:
        name, size, encoding = part[0], int(part[1]), part[2]
        description = part[3] if len(part) > 3 else ""
        if encoding not in TENSOR_ENCODINGS:
            raise ValueError(f"tensor part {name!r}: encoding {encoding!r}; allowed: {', '.join(TENSOR_ENCODINGS)}")
        if size > 0:
            out.append(TensorPart(name, offset, size, encoding, description))
        offset += size
    return tuple(out)
