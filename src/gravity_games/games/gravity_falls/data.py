"""Gravity Falls components (board, cards, monsters, alarm track) and the tables derived from them.

The packaged file ``data/components.toml`` holds the printed components as far as they are known;
most values are reconstructed (see docs/games/gravity-falls.md). A user's own file replaces it
through the game's ``data`` parameter and is validated field by field.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from pydantic import Field, model_validator

from gravity_games.core.api import DataError
from gravity_games.core.data import Component, DataFile, read_package_toml, read_toml, validate

Difficulty = Literal["easy", "medium", "hard"]
MonsterAbility = Literal[
    "none",
    "no_draw_nearby",
    "stop_movers",
    "arrows_fight",
    "last_only",
    "cursed_only",
    "pull_distrust",
    "extra_success",
]
CharacterAbility = Literal["reroll_one", "draw_to_three", "draw_from_discard", "remove_curse", "move_courage_die"]
TeleportRule = Literal["monster", "character", "distrust3", "courage_die", "quiet"]
CurseEffect = Literal[
    "draw_fewer", "flip_support", "no_move_support", "max_five_dice", "no_shared_location", "reveal_card"
]
EventEffect = Literal[
    "teleport", "discard_or_alarm", "monsters_pull_distrust", "remove_die_monsters", "remove_die_characters", "flee"
]

TOKENS_IN_BOX = 51
COURAGE_DICE = 20
LOCATIONS = 23
CURSE_CARDS = 18
EVENT_CARDS = 8


class Location(Component):
    name: str
    support: int = Field(ge=0, le=TOKENS_IN_BOX)
    x: float
    y: float
    three_plus: bool = False


class Road(Component):
    a: str
    b: str


class AlarmTrack(Component):
    curse_space: int = Field(ge=1)
    shrink_space: int = Field(ge=1)
    bus: int = Field(ge=2, le=60)


class ActionCard(Component):
    name: str
    distance: int = Field(ge=0, le=6)
    resourcefulness: int = Field(ge=0, le=7)


class Character(Component):
    name: str
    ability: CharacterAbility
    teleport: TeleportRule
    teleport_text: str
    teleport_resourcefulness: int = Field(ge=0, le=7)
    ability_text: str = ""  # the character card's ability in words (shown in the views)
    teleport_short: str = ""  # where the Teleport card goes, in a few words (the board's card)


class Monster(Component):
    name: str
    difficulty: Difficulty
    ability: MonsterAbility
    ability_text: str = ""  # the monster card's ability in words (shown in the views)


class CurseKind(Component):
    name: str
    effect: CurseEffect
    count: int = Field(ge=1, le=CURSE_CARDS)
    short: str = ""  # a few words for the board's curse chips (the card's text is ``name``)


class EventKind(Component):
    name: str
    effect: EventEffect
    count: int = Field(ge=1, le=EVENT_CARDS)


class Components(DataFile):
    """The whole component file, checked against the counts the rulebook states."""

    locations: list[Location]
    roads: list[Road]
    alarm: AlarmTrack
    actions: list[ActionCard]
    characters: list[Character]
    monsters: list[Monster]
    curses: list[CurseKind]
    events: list[EventKind]

    @model_validator(mode="after")
    def _check_counts(self) -> Components:
        names = [loc.name for loc in self.locations]
        problems = []
        if len(names) != LOCATIONS:
            problems.append(f"the board has {LOCATIONS} locations, the file lists {len(names)}")
        if len(set(names)) != len(names):
            problems.append("location names must be unique")
        if sum(loc.support for loc in self.locations) != TOKENS_IN_BOX:
            problems.append(f"starting support tokens must add up to the {TOKENS_IN_BOX} tokens in the box")
        known = set(names)
        pairs = set()
        for road in self.roads:
            for end in (road.a, road.b):
                if end not in known:
                    problems.append(f"road {road.a!r} - {road.b!r} names unknown location {end!r}")
            if road.a == road.b:
                problems.append(f"road {road.a!r} - {road.b!r} joins a location to itself")
            pair = frozenset((road.a, road.b))
            if pair in pairs:
                problems.append(f"road {road.a!r} - {road.b!r} is listed twice")
            pairs.add(pair)
        if not 0 < self.alarm.curse_space < self.alarm.bus or not 0 < self.alarm.shrink_space < self.alarm.bus:
            problems.append("alarm.curse_space and alarm.shrink_space must lie between 0 and alarm.bus")
        if len(self.actions) != 5:
            problems.append("each character has 5 numbered action cards")
        if len(self.characters) != 5 or len({c.name for c in self.characters}) != 5:
            problems.append("the game has 5 characters with distinct names")
        if len(self.monsters) != 9 or len({m.name for m in self.monsters}) != 9:
            problems.append("the game has 9 monsters with distinct names")
        for level in ("easy", "medium", "hard"):
            if not any(m.difficulty == level for m in self.monsters):
                problems.append(f"no {level} monster: setup draws one of each difficulty")
        if sum(c.count for c in self.curses) != CURSE_CARDS:
            problems.append(f"curse counts must add up to {CURSE_CARDS}")
        if sum(e.count for e in self.events) != EVENT_CARDS:
            problems.append(f"event counts must add up to {EVENT_CARDS}")
        if sum(1 for loc in self.locations if not loc.three_plus) < 3 + 2:
            problems.append("at least 5 movement cards must be unmarked (setup reveals 3 monsters and 2 characters)")
        if problems:
            raise ValueError("; ".join(problems))
        return self


@dataclass(frozen=True)
class Tables:
    """Everything the rules need from the components, precomputed once per game."""

    data: Components
    names: tuple[str, ...]
    adj: tuple[tuple[int, ...], ...]
    road_id: dict[tuple[int, int], int]
    dist: tuple[tuple[int, ...], ...]
    start_support: tuple[int, ...]
    three_plus: tuple[bool, ...]
    curse_kinds: tuple[str, ...]  # effect per curse kind
    curse_counts: tuple[int, ...]
    curse_names: tuple[str, ...]
    event_cards: tuple[int, ...]  # event kind index of each of the 8 event cards
    event_effects: tuple[str, ...]  # effect per event kind
    monster_names: tuple[str, ...]
    monster_ability: tuple[str, ...]
    monster_level: tuple[str, ...]
    char_names: tuple[str, ...]
    char_ability: tuple[str, ...]
    char_teleport: tuple[str, ...]
    char_teleport_res: tuple[int, ...]
    card_names: tuple[str, ...]  # 5 numbered cards + "T" (teleport)
    card_distance: tuple[int, ...]
    card_res: tuple[int, ...]


def build_tables(data: Components) -> Tables:
    names = tuple(loc.name for loc in data.locations)
    index = {n: i for i, n in enumerate(names)}
    n = len(names)
    adj: list[list[int]] = [[] for _ in range(n)]
    road_id: dict[tuple[int, int], int] = {}
    for k, road in enumerate(data.roads):
        a, b = index[road.a], index[road.b]
        adj[a].append(b)
        adj[b].append(a)
        road_id[(a, b)] = k
        road_id[(b, a)] = k
    dist = []
    for s in range(n):
        d = [-1] * n
        d[s] = 0
        queue = deque([s])
        while queue:
            u = queue.popleft()
            for v in adj[u]:
                if d[v] < 0:
                    d[v] = d[u] + 1
                    queue.append(v)
        if min(d) < 0:
            raise DataError("the roads must connect every location (monsters move toward the nearest character)")
        dist.append(tuple(d))
    event_cards: list[int] = []
    for k, ev in enumerate(data.events):
        event_cards.extend([k] * ev.count)
    return Tables(
        data=data,
        names=names,
        adj=tuple(tuple(sorted(a)) for a in adj),
        road_id=road_id,
        dist=tuple(dist),
        start_support=tuple(loc.support for loc in data.locations),
        three_plus=tuple(loc.three_plus for loc in data.locations),
        curse_kinds=tuple(c.effect for c in data.curses),
        curse_counts=tuple(c.count for c in data.curses),
        curse_names=tuple(c.name for c in data.curses),
        event_cards=tuple(event_cards),
        event_effects=tuple(e.effect for e in data.events),
        monster_names=tuple(m.name for m in data.monsters),
        monster_ability=tuple(m.ability for m in data.monsters),
        monster_level=tuple(m.difficulty for m in data.monsters),
        char_names=tuple(c.name for c in data.characters),
        char_ability=tuple(c.ability for c in data.characters),
        char_teleport=tuple(c.teleport for c in data.characters),
        char_teleport_res=tuple(c.teleport_resourcefulness for c in data.characters),
        card_names=(*tuple(a.name for a in data.actions), "T"),
        card_distance=(*tuple(a.distance for a in data.actions), 0),
        card_res=(*tuple(a.resourcefulness for a in data.actions), 0),
    )


def load_components(path: str | None = None) -> Components:
    """The packaged components, or a user's file (``path``), validated."""
    if path is None:
        raw = read_package_toml("gravity_games.games.gravity_falls", "data/components.toml")
        where = "packaged gravity-falls components.toml"
    else:
        raw = read_toml(path)
        where = f"gravity-falls data file {path!r}"
    return validate(Components, raw, where)


def load_tables(path: str | None = None) -> Tables:
    """Tables for the packaged data or a user's file (cached; an edited file is read again)."""
    import os

    stamp = 0.0
    if path is not None:
        try:
            stamp = os.stat(path).st_mtime
        except OSError:
            stamp = -1.0  # load_components reports the unreadable file
    return _cached_tables(path, stamp)


@lru_cache(maxsize=8)
def _cached_tables(path: str | None, stamp: float) -> Tables:
    return build_tables(load_components(path))


def reconstructed_list(path: str | None = None) -> list[dict[str, str]]:
    """The reconstructed entries with what was chosen and why (each entry's ``reason``), for ``gravity rules``."""
    from gravity_games.core.data import entry_label, entry_value, reconstructed_entries

    data = load_components(path)
    return [
        {"path": where, "name": entry_label(item, where), "value": entry_value(item), "reason": item.reason}
        for where, item in reconstructed_entries(data)
    ]
