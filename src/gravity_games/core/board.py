"""How a game is played on its drawn board: the contract between a game's SVG and the web client.

A game's ``render_svg`` draws one seat's observation. Every thing a player can act on is a
*part* of the drawing: an element (usually a ``<g>``) carrying ``data-part="<key>"``, for
example ``data-part="token:K3"``, ``data-part="road:12"`` or ``data-part="button:pass"``. Parts
are drawn whether or not they are legal now, so the client can also mark what the last move
changed. A game's ``board.py`` then says, from the same observation only:

- :func:`BoardHooks.board_moves`: for each legal action, the parts tapped in order to make it
  (one part for a simple move, several for a route or a composite choice), a plain-words
  description, and whether a mistake would be costly enough to ask for a confirmation;
- :func:`BoardHooks.changed_parts`: the parts whose look changed between two observations of
  one seat (what the last move did, seen by that seat: never more than it may see);
- :func:`BoardHooks.seat_roles`: who each seat plays as (character, ship, hero, colour) and what
  everybody can see of it;
- :func:`BoardHooks.info_cards`: the text shown when a character, ship, monster, curse or card
  (an element with ``data-info="<key>"``) is tapped, from the game's data, reconstructed values
  marked;
- :func:`BoardHooks.glossary`: the game's notation in words.

The web client highlights the first parts of the legal actions, narrows the candidates with
every tap, shows a preview of the chosen parts, asks for a confirmation when ``confirm`` is set
(or when the taps so far complete one action while longer ones remain possible), and plays the
action once exactly one is complete. Nothing here reads a ``State``: every hook is given an
observation, so it cannot leak what the seat may not see.

Example (a toy game with two buttons)::

    >>> hooks = BoardHooks(board_moves=lambda obs, game, legal: [
    ...     BoardMove(a, (f"button:{t}",), f"say {t}") for a, t in legal])
    >>> [m.parts for m in hooks.board_moves({}, None, [(0, "yes"), (1, "no")])]
    [('button:yes',), ('button:no',)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

Observation = dict[str, Any]


@dataclass(frozen=True)
class BoardMove:
    """How one legal action is made on the board.

    ``parts`` are the ``data-part`` keys tapped in order. ``description`` is the move in plain
    words ("place black 1 on the stack"), shown on hover and long-press. ``confirm`` asks before
    playing: for moves that cannot be undone and are easy to tap by mistake.
    """

    action: int
    parts: tuple[str, ...]
    description: str
    confirm: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"parts": list(self.parts), "description": self.description, "confirm": self.confirm}


@dataclass(frozen=True)
class SeatRole:
    """Who a seat plays as, as everybody sees it.

    ``role`` is the character, ship, hero or colour name; ``swatch`` its CSS colour (or None);
    ``mark`` a letter or pattern name that carries the same meaning as the colour (colour is never
    the only cue); ``public`` short facts any seat may see ("4 tokens in hand", "holds the Doubt
    Card"); ``info`` the key of its :class:`InfoCard`, if it has one.
    """

    role: str
    swatch: str | None = None
    mark: str | None = None
    public: tuple[str, ...] = ()
    info: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "role": self.role,
            "swatch": self.swatch,
            "mark": self.mark,
            "public": list(self.public),
            "info": self.info,
        }


@dataclass(frozen=True)
class InfoCard:
    """The text of one component, shown when it is tapped; ``reconstructed`` when not printed."""

    title: str
    text: str
    reconstructed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "text": self.text, "reconstructed": self.reconstructed}


BoardMoves = Callable[[Observation, Any, Sequence[tuple[int, str]]], list[BoardMove]]
ChangedParts = Callable[[Observation, Observation, Any], list[str]]
SeatRoles = Callable[[Observation, Any], list[SeatRole]]
InfoCards = Callable[[Observation, Any], dict[str, InfoCard]]
Glossary = Callable[[Any], list[tuple[str, str]]]


def _no_moves(_obs: Observation, _game: Any, legal: Sequence[tuple[int, str]]) -> list[BoardMove]:
    return [BoardMove(action, (), text) for action, text in legal]


def _no_changes(_before: Observation, _after: Observation, _game: Any) -> list[str]:
    return []


def _no_roles(_obs: Observation, _game: Any) -> list[SeatRole]:
    return []


def _no_cards(_obs: Observation, _game: Any) -> dict[str, InfoCard]:
    return {}


def _no_glossary(_game: Any) -> list[tuple[str, str]]:
    return []


@dataclass(frozen=True)
class BoardHooks:
    """A game's answers about its board (each optional; the defaults say nothing)."""

    board_moves: BoardMoves = field(default=_no_moves)
    changed_parts: ChangedParts = field(default=_no_changes)
    seat_roles: SeatRoles = field(default=_no_roles)
    info_cards: InfoCards = field(default=_no_cards)
    glossary: Glossary = field(default=_no_glossary)


NO_BOARD = BoardHooks()
"""What a game without a ``board.py`` answers: no board parts, roles, cards or glossary."""


def changed_by_comparison(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The keys whose values differ between two part-key -> look maps.

    A game's ``changed_parts`` usually builds, for each observation, a map from part key to
    what the part shows (its holder, count, face) and lets this compare them::

        >>> changed_by_comparison({"a": 1, "b": 2}, {"a": 1, "b": 3, "c": 0})
        ['b', 'c']
    """
    keys = sorted(set(before) | set(after))
    return [k for k in keys if before.get(k) != after.get(k)]
