"""Balance by role: the ``by_role`` table of the simulate document, and reading it back.

DESIGN.md's contract is flat: ``"by_role": {role: {"games", "wins", "rate", "low", "high"}}``,
one entry per role. A role's name is ``"<kind>: <value>"`` (``"ship: Mercury"``,
``"first player: yes"``), unique across kinds because the kind is part of it, and each entry
also carries its ``kind`` and ``value`` so a report can group the roles of one kind.

Documents saved before the flat form held ``{kind: {value: {...}}}``; :func:`roles_by_kind`
reads both, so old documents still render.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from .stats import wilson_interval


class _Played(Protocol):
    """What the breakdown needs of one game's summary."""

    @property
    def winners(self) -> tuple[int, ...]: ...

    @property
    def roles(self) -> tuple[dict[str, str], ...]: ...


def role_name(kind: str, value: str) -> str:
    """The key of one role in ``by_role``: its kind and value, readable and unique across kinds.

    >>> role_name("ship", "Mercury")
    'ship: Mercury'
    """
    return f"{kind}: {value}"


def natural_key(text: str) -> tuple[Any, ...]:
    """Sort key putting ``seat 2`` before ``seat 10`` (numbers compared as numbers).

    >>> sorted(["seat 10", "seat 2"], key=natural_key)
    ['seat 2', 'seat 10']
    """
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", text) if part)


def role_breakdown(results: Iterable[_Played], cooperative: bool) -> dict[str, dict[str, Any]]:
    """``{role: {"kind", "value", "games", "wins", "rate", "low", "high"}}`` over the seats' roles.

    In a competitive game every (game, seat) place counts: ``games`` is how often a seat held
    the role and ``wins`` how often that seat won. In a cooperative game a role counts once per
    game it appears in (two seats cannot double a team result), with the team's win. Roles are
    listed kind by kind in the order the game's design hook names them, values in natural order;
    ``results`` come sorted by game index, so the document is the same for any run order.
    """
    counts: dict[tuple[str, str], list[int]] = {}
    kinds: dict[str, int] = {}  # the design hook's order (easy, medium, hard monster), not the alphabet's
    for r in results:
        for roles in r.roles:
            for kind in roles:
                kinds.setdefault(kind, len(kinds))
        if cooperative:
            held = {(kind, value) for roles in r.roles for kind, value in roles.items()}
            for place in held:
                cell = counts.setdefault(place, [0, 0])
                cell[0] += 1
                cell[1] += 1 if r.winners else 0
        else:
            won = set(r.winners)
            for seat, roles in enumerate(r.roles):
                for place in roles.items():
                    cell = counts.setdefault(place, [0, 0])
                    cell[0] += 1
                    cell[1] += 1 if seat in won else 0
    out: dict[str, dict[str, Any]] = {}
    for kind, value in sorted(counts, key=lambda kv: (kinds[kv[0]], natural_key(kv[1]))):
        games, wins = counts[kind, value]
        low, high = wilson_interval(wins, games)
        out[role_name(kind, value)] = {
            "kind": kind,
            "value": value,
            "games": games,
            "wins": wins,
            "rate": wins / games,
            "low": low,
            "high": high,
        }
    return out


def _is_entry(doc: Any) -> bool:
    return isinstance(doc, Mapping) and "games" in doc and "rate" in doc


def roles_by_kind(by_role: Mapping[str, Any] | None) -> dict[str, dict[str, dict[str, Any]]]:
    """``{kind: {value: entry}}`` from a ``by_role`` table, flat (current) or nested (older documents).

    >>> flat = {"ship: A": {"kind": "ship", "value": "A", "games": 2, "wins": 1, "rate": 0.5}}
    >>> roles_by_kind(flat) == roles_by_kind({"ship": {"A": flat["ship: A"]}})
    True
    """
    grouped: dict[str, dict[str, dict[str, Any]]] = {}
    for key, entry in (by_role or {}).items():
        if _is_entry(entry):
            kind = str(entry.get("kind", ""))
            value = str(entry.get("value", key))
            if not kind:
                # A flat entry without its fields: split the name it is filed under.
                kind, _, value = str(key).partition(": ")
            grouped.setdefault(kind, {})[value] = dict(entry)
        elif isinstance(entry, Mapping):
            for value, cell in entry.items():
                if _is_entry(cell):
                    grouped.setdefault(str(key), {})[str(value)] = dict(cell)
    return grouped


def role_entry(by_role: Mapping[str, Any] | None, kind: str, value: str) -> dict[str, Any] | None:
    """One role's figures (``None`` when the table does not hold it), in either form."""
    return roles_by_kind(by_role).get(kind, {}).get(value)


def flat_roles(by_role: Mapping[str, Any] | None) -> dict[str, dict[str, Any]]:
    """The table in the flat form of DESIGN.md, whichever form it was saved in."""
    return {
        role_name(kind, value): {**entry, "kind": kind, "value": value}
        for kind, values in roles_by_kind(by_role).items()
        for value, entry in values.items()
    }


def role_kinds(tables: Sequence[Mapping[str, Any] | None]) -> list[str]:
    """Every role kind found in any of ``tables``, in the order they first appear."""
    return list(dict.fromkeys(kind for table in tables for kind in roles_by_kind(table)))


__all__ = ["flat_roles", "natural_key", "role_breakdown", "role_entry", "role_kinds", "role_name", "roles_by_kind"]
