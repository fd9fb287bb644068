"""Gravwell components (board, 40 Fuel Cards, six ships and their abilities) from TOML.

The packaged files live in ``data/``; a user's own file (the ``data`` parameter) may hold any of the
tables ``board``, ``cards`` and ``ships``, and each table it holds replaces the packaged one. Every
entry is validated field by field; the loaded :class:`GravwellData` carries the tables the rules use
(card order of resolution, ability lookup) computed once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, get_args

from pydantic import Field, model_validator

from gravity_games.core.api import DataError
from gravity_games.core.data import Component, DataFile, Source, read_package_toml, read_toml, validate

PACKAGE = "gravity_games.games.gravwell"

CardType = Literal["tractor", "repulsor", "multi_tractor", "multi_repulsor"]
Effect = Literal[
    "stop",
    "boost",
    "reverse",
    "trim",
    "swap",
    "waypoint",
    "echo",
    "flail",
    "dynamo",
    "invert",
    "cloak",
    "coast",
    "shield",
    "jam",
    "redirect",
    "latch",
    "preact",
    "delay",
]
Condition = Literal[
    "value_at_most",
    "value_at_least",
    "resolved_first",
    "resolved_last",
    "played_repulsor",
    "played_multipoint",
    "drifted",
    "pushed_back",
    "own_backward",
    "moved_by_multipoint",
    "approached",
    "passed_over",
    "near_junk",
    "stuck",
]

# When an effect may be used: on the owner's own card, in response to another player's card, or
# right after the reveal (before any card resolves). Cloak may be used at both kinds of window.
OWN_EFFECTS = frozenset(
    {"stop", "boost", "reverse", "trim", "swap", "waypoint", "echo", "flail", "dynamo", "invert", "cloak"}
)
RESPONSE_EFFECTS = frozenset({"coast", "shield", "jam", "redirect", "latch", "cloak"})
REVEAL_EFFECTS = frozenset({"preact", "delay"})
MAX_CARDS = 40
MAX_SHIPS = 6


class Board(Component):
    length: int = Field(ge=12, le=200)
    debris_fields: list[int] = Field(min_length=2, max_length=2)
    merton_cloud: int
    reasoning: str = ""

    @model_validator(mode="after")
    def features_on_the_track(self) -> Board:
        inner = [*self.debris_fields, self.merton_cloud]
        if any(not 0 < x < self.length for x in inner):
            raise ValueError(f"debris_fields and merton_cloud must lie on spaces 1..{self.length - 1}")
        if self.debris_fields[0] == self.debris_fields[1]:
            raise ValueError("the two debris_fields must be different spaces")
        return self


class Card(Component):
    symbol: str = Field(min_length=1, max_length=2, pattern=r"^[A-Z][a-z]?$")
    name: str = Field(min_length=1)
    value: int = Field(ge=1, le=20)
    type: CardType
    min_players: Literal[2, 5]


class Ability(Component):
    name: str = Field(min_length=1)
    effect: Effect
    condition: Condition
    condition_value: int = Field(default=0, ge=0, le=20)
    amount: int = Field(default=0, ge=0, le=10)
    scope: Literal["standard", "any"] = "any"
    text: str = ""
    charge_text: str = ""

    @model_validator(mode="after")
    def needs_its_numbers(self) -> Ability:
        if self.effect in ("boost", "trim") and self.amount < 1:
            raise ValueError(f"effect {self.effect!r} needs amount >= 1")
        if self.condition in ("value_at_most", "value_at_least") and self.condition_value < 1:
            raise ValueError(f"condition {self.condition!r} needs condition_value >= 1")
        if self.effect == "stop":
            raise ValueError("'stop' is the Emergency Stop card every ship already has; pick another effect")
        return self


class Ship(Component):
    name: str = Field(min_length=1)
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    colour_source: Source = "reconstructed"
    """The rulebook gives each ship a colour (its cards share it) but never says which."""
    colour_reason: str = ""
    abilities: list[Ability] = Field(min_length=3, max_length=3)


class Beam(Component):
    """A Fuel Card type in words (the rulebook's name, a short name for small cards, what it does)."""

    type: CardType
    name: str = Field(min_length=1)
    short: str = Field(min_length=1)
    text: str = Field(min_length=1)


class Feature(Component):
    """A thing on the board that is not a card or a ship (a Warp Gate, the Merton Cloud...), in words."""

    key: str = Field(min_length=1)
    name: str = Field(min_length=1)
    text: str = Field(min_length=1)


class Texts(Component):
    """Words for players (info cards, glossary, the terminal's explanations); the rules never read them."""

    emergency_stop: str
    emergency_stop_charge: str
    charge_step: str
    charging: str
    drifting: str
    order: str
    beams: list[Beam]
    features: list[Feature]

    @model_validator(mode="after")
    def every_beam_named(self) -> Texts:
        missing = sorted(set(get_args(CardType)) - {b.type for b in self.beams})
        if missing:
            raise ValueError(f"texts.beams needs every card type; missing: {', '.join(missing)}")
        return self

    def beam(self, card_type: str) -> Beam:
        return next(b for b in self.beams if b.type == card_type)

    def feature(self, key: str) -> Feature:
        return next(f for f in self.features if f.key == key)


class GravwellFile(DataFile):
    board: Board | None = None
    cards: list[Card] | None = None
    ships: list[Ship] | None = None
    texts: Texts | None = None

    @model_validator(mode="after")
    def consistent(self) -> GravwellFile:
        if self.cards is not None:
            symbols = [c.symbol for c in self.cards]
            dup = sorted({s for s in symbols if symbols.count(s) > 1})
            if dup:
                raise ValueError(f"card symbols must be unique; repeated: {', '.join(dup)}")
            if len(self.cards) > MAX_CARDS:
                raise ValueError(f"at most {MAX_CARDS} cards, got {len(self.cards)}")
            base = sum(1 for c in self.cards if c.min_players == 2)
            if base < 24:
                raise ValueError(f"need at least 24 cards with min_players = 2 (4 players mine 24), got {base}")
            if len(self.cards) < 36:
                raise ValueError(f"need at least 36 cards in all (6 players mine 36), got {len(self.cards)}")
        if self.ships is not None:
            if len(self.ships) != MAX_SHIPS:
                raise ValueError(f"need exactly {MAX_SHIPS} ships, got {len(self.ships)}")
            names = [s.name for s in self.ships]
            if len(set(names)) != len(names):
                raise ValueError("ship names must be unique")
        return self


@dataclass(frozen=True)
class GravwellData:
    """The validated components plus the tables the rules read at every step."""

    board: Board
    cards: tuple[Card, ...]
    ships: tuple[Ship, ...]
    texts: Texts
    """The players' words (always the packaged ones: a user's file holds game values only)."""

    @property
    def symbols(self) -> tuple[str, ...]:
        return tuple(c.symbol for c in self.cards)

    def resolution_rank(self) -> tuple[int, ...]:
        """Rank of each card id in the order of resolution: alphabetical by symbol, second letter next."""
        order = sorted(range(len(self.cards)), key=lambda i: (self.cards[i].symbol[0], self.cards[i].symbol[1:]))
        rank = [0] * len(self.cards)
        for r, i in enumerate(order):
            rank[i] = r
        return tuple(rank)

    def deck_for(self, players: int) -> tuple[int, ...]:
        """Card ids in the deck: the cards marked for 5-6 players only join with 5 or more."""
        return tuple(i for i, c in enumerate(self.cards) if c.min_players <= players)

    def reconstructed(self) -> list[dict[str, Any]]:
        """Every reconstructed value, for ``gravity rules`` and the docs."""
        out: list[dict[str, Any]] = []
        if self.board.source == "reconstructed":
            b = self.board
            out.append(
                {
                    "name": "board",
                    "value": f"{b.length} spaces, Debris Fields {b.debris_fields[0]} and "
                    f"{b.debris_fields[1]}, Merton Cloud {b.merton_cloud}",
                    "reason": b.reasoning,
                }
            )
        for c in self.cards:
            if c.source == "reconstructed":
                out.append(
                    {
                        "name": f"card {c.symbol}",
                        "value": f"{c.name}, {c.value}, {c.type.replace('_', ' ')}",
                        "reason": "one of the 14 cards for 5-6 players: the published deck's mix plus the "
                        "new Multipoint Repulsor, symbols filling the alphabet (docs)",
                    }
                )
        for s in self.ships:
            if s.colour_source == "reconstructed":
                out.append({"name": f"{s.name}: colour", "value": s.colour, "reason": s.colour_reason})
            for a in s.abilities:
                if a.source == "reconstructed":
                    out.append(
                        {
                            "name": f"{s.name}: {a.name}",
                            "value": f"{a.text} {a.charge_text}",
                            "reason": "from the ship's description in the rulebook (docs/games/gravwell.md)",
                        }
                    )
        return out


def _packaged() -> dict[str, Any]:
    raw: dict[str, Any] = {}
    for name in ("board.toml", "cards.toml", "ships.toml", "texts.toml"):
        raw.update(read_package_toml(PACKAGE, f"data/{name}"))
    return raw


@lru_cache(maxsize=16)
def load_data(path: str | None = None) -> GravwellData:
    """The packaged components, with the tables of ``path`` (a user's TOML file) replacing them."""
    base = validate(GravwellFile, _packaged(), "packaged Gravwell data")
    if path is None:
        user = GravwellFile()
    else:
        raw = read_toml(path)
        unknown = sorted(set(raw) - {"board", "cards", "ships"})
        if unknown:
            raise DataError(f"data file {path!r}: unknown table(s) {', '.join(unknown)}; allowed: board, cards, ships")
        user = validate(GravwellFile, raw, f"data file {path!r}")
    board = user.board or base.board
    cards = user.cards or base.cards
    ships = user.ships or base.ships
    assert board is not None and cards is not None and ships is not None and base.texts is not None
    for c in cards:
        if c.value >= board.length:
            raise DataError(
                f"card {c.symbol} has value {c.value}; values must be below the track length {board.length}"
            )
    return GravwellData(board=board, cards=tuple(cards), ships=tuple(ships), texts=base.texts)
