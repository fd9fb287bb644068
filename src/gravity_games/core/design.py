"""What a game offers designers: who each seat plays as, and its components as a data file.

A game's ``design.py`` fills :class:`DesignHooks` and passes it to ``register(..., design=...)``:

- :attr:`DesignHooks.roles`: from the *public* observation of a game (``observation(None)``,
  read at its end), one ``{kind: value}`` dict per seat, for example
  ``[{"ship": "RC71"}, {"ship": "Gracie"}]`` or ``{"character": "Mabel", "easy monster":
  "Gnome"}``. Balance reports count games and wins per kind and value (``simulate --json``'s
  ``by_role``). Reading the public observation keeps hidden information out of every report;
- :attr:`DesignHooks.data_document`: the packaged components as a user's ``data`` file would
  hold them (a TOML document as plain dicts and lists), so a sweep can change one value at a
  path (``alarm.bus``, ``cards[Fe].value``) and hand the game the changed file.

Nothing here reads a ``State``; the defaults say nothing (no roles, no data document).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Roles = Callable[[dict[str, Any], Any], list[dict[str, str]]]
DataDocument = Callable[[], dict[str, Any]]


def _no_roles(_obs: dict[str, Any], _game: Any) -> list[dict[str, str]]:
    return []


@dataclass(frozen=True)
class DesignHooks:
    """A game's answers for designers (each optional)."""

    roles: Roles = field(default=_no_roles)
    data_document: DataDocument | None = None


NO_DESIGN = DesignHooks()
"""What a game without a ``design.py`` answers: no roles and no data document to vary."""
