"""The gravity-falls observation tensor: its encoding (``observation_tensor``) and its named parts.

The tensor is computed from the observation dict itself, so equal observations give equal tensors.
The layout's order and sizes follow the encoder slot by slot (``tensor_size`` is their sum);
``tests/interop/test_tensor_layout.py`` checks that they add up and that one-hot parts and
flags hold only 0s and 1s along real games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gravity_games.core.api import TensorPart, tensor_layout

from .data import COURAGE_DICE
from .tables import RuleTables

if TYPE_CHECKING:
    from gravity_games.core.api import Game

Part = tuple[str, int, str, str]


def observation_tensor_layout(game: Game) -> tuple[TensorPart, ...]:
    """Locations, monsters, characters, the movement cards, curses, alarm, dice, the turn, own hand."""
    from .state import TASK_NAMES

    rule_tables = getattr(game, "rule_tables", None)  # a GravityFallsGame's (rules.py imports this module)
    if not isinstance(rule_tables, RuleTables):
        raise TypeError(f"not a gravity-falls game: {game!r}")
    tables = rule_tables.tables
    n = rule_tables.location_count
    k = len(tables.curse_kinds)
    curses = ", ".join(tables.curse_kinds)
    parts: list[Part] = []
    for i in range(n):
        parts += [
            (f"location[{i}].support", 1, "scaled", "support at this location (board order) / 10"),
            (f"location[{i}].distrust", 1, "scaled", "distrust there / 10"),
            (f"location[{i}].die", 1, "flags", "a die lies there"),
            (f"location[{i}].monsters", 3, "flags", "monsters 1-3 there"),
            (f"location[{i}].characters", 5, "flags", "the characters of seats 0-4 there"),
        ]
    for m in range(3):
        parts += [
            (f"monster[{m}].name", 9, "one-hot", "which monster"),
            (f"monster[{m}].defeated", 1, "flags", "defeated"),
            (f"monster[{m}].on_board", 1, "flags", "on the board"),
        ]
    for s in range(5):
        parts += [
            (f"character[{s}].present", 1, "flags", "this seat plays"),
            (f"character[{s}].name", 5, "one-hot", "its character"),
            (f"character[{s}].curses", k, "flags", f"its curses: {curses}"),
            (f"character[{s}].new_curses", k, "flags", "its curses new this turn"),
            (f"character[{s}].hand_size", 1, "scaled", "action cards in hand / 6"),
            (f"character[{s}].deck_size", 1, "scaled", "action cards in its deck / 6"),
            (f"character[{s}].discard", 6, "flags", "its discarded action cards"),
        ]
    parts += [
        (f"revealed[{i}]", rule_tables.movement_card_count, "one-hot", "a revealed movement card") for i in range(3)
    ]
    parts += [
        ("movement_discard", rule_tables.movement_card_count, "scaled", "movement cards discarded, by card (counts)"),
        ("movement_deck_size", 1, "scaled", "movement deck size / movement cards"),
        ("events_in_game", len(tables.event_cards), "flags", "event cards shuffled into the movement deck"),
        ("curse_deck_size", 1, "scaled", "curse deck size / 18"),
        ("curse_discard", k, "scaled", f"curse discard by kind / 3: {curses}"),
        ("alarm.level", 1, "scaled", "alarm level / the bus space"),
        ("alarm.capacity_two", 1, "flags", "the revealed capacity is 2"),
        ("alarm.curse_passed", 1, "flags", "the alarm reached the curse space"),
        ("supply", 1, "scaled", "courage dice in the supply / all"),
        ("roll", 3, "scaled", "the three dice rolled / 7"),
        ("extra_dice", 1, "scaled", "extra dice / 10"),
        ("card_played", 8, "one-hot", "the action card played: six cards, rest, or none"),
        ("event", len(tables.event_effects), "one-hot", "the event in effect"),
        ("event_present", 1, "flags", "an event is in effect"),
        ("event_used", 1, "flags", "the event was used"),
        ("route.position", n, "one-hot", "the moving piece's location on its route"),
        ("route.left", 1, "scaled", "steps left / 4"),
        ("route.roads_used", len(tables.data.roads), "flags", "roads used on this route"),
        ("prompt.task", len(TASK_NAMES), "one-hot", "the task being asked"),
        ("prompt.seat", 6, "one-hot", "who is asked: the table, then seats 0-4"),
        ("prompt.xy", 2, "scaled", "the task's two arguments / 32"),
        ("active", 5, "one-hot", "the active seat"),
        ("turn", 1, "scaled", "turn / 200"),
        ("result", 4, "one-hot", "the result so far"),
        ("variant_standard", 1, "flags", "the standard (not simplified) rules"),
        ("hand.cards", 6, "flags", "own action cards"),
        ("hand.present", 1, "flags", "the view has a hand (not the spectator)"),
        ("current_player", 7, "one-hot", "terminal, chance, then seats 0-4"),
    ]
    return tensor_layout(parts)


def tensor_size(rule_tables: RuleTables) -> int:
    from .state import TASK_NAMES

    n = rule_tables.location_count
    k = len(rule_tables.tables.curse_kinds)
    per_char = 1 + 5 + 2 * k + 2 + 6
    return (
        11 * n  # locations
        + 3 * 11  # monsters
        + 5 * per_char  # characters
        + 3 * rule_tables.movement_card_count
        + rule_tables.movement_card_count
        + 1  # revealed, discard, deck size
        + len(rule_tables.tables.event_cards)  # events in the game
        + 1
        + k  # curse deck, curse discard
        + 3
        + 1  # alarm level, capacity, curse/shrink passed; supply
        + 4  # roll and extra dice
        + 8  # card played
        + len(rule_tables.tables.event_effects)
        + 1
        + 1  # event, event used
        + n
        + 1
        + len(rule_tables.tables.data.roads)  # route
        + len(TASK_NAMES)
        + 6
        + 2  # prompt
        + 5
        + 1
        + 4
        + 1  # active, turn, result, variant
        + 7
        + 7  # own hand (6 cards + present), current player
    )


def observation_tensor(rule_tables: RuleTables, obs: dict[str, Any]) -> list[float]:
    """Flat floats encoding exactly ``obs`` (length ``tensor_size``)."""
    from .state import RESULT_TEXT, TASK_NAMES

    tables = rule_tables.tables
    n = rule_tables.location_count
    k = len(tables.curse_kinds)
    loc_index = {name: i for i, name in enumerate(tables.names)}
    out: list[float] = []
    mon_at = [[0.0] * 3 for _ in range(n)]
    char_at = [[0.0] * 5 for _ in range(n)]
    for m, mo in enumerate(obs["monsters"]):
        if mo["location"] is not None:
            mon_at[loc_index[mo["location"]]][m] = 1.0
    for ch in obs["characters"]:
        if ch["location"] is not None:
            char_at[loc_index[ch["location"]]][ch["seat"]] = 1.0
    for i, loc in enumerate(obs["locations"]):
        out += [loc["support"] / 10, loc["distrust"] / 10, 1.0 if loc["die"] else 0.0, *mon_at[i], *char_at[i]]
    for mo in obs["monsters"]:
        onehot = [0.0] * 9
        if mo["name"] is not None:
            onehot[tables.monster_names.index(mo["name"])] = 1.0
        out += [*onehot, 1.0 if mo["defeated"] else 0.0, 1.0 if mo["location"] is not None else 0.0]
    chars = {ch["seat"]: ch for ch in obs["characters"]}
    card_idx = {name: i for i, name in enumerate(tables.card_names)}
    for s in range(5):
        ch = chars.get(s)
        if ch is None:
            out += [0.0] * (1 + 5 + 2 * k + 2 + 6)
            continue
        onehot = [0.0] * 5
        if ch["name"] is not None:
            onehot[tables.char_names.index(ch["name"])] = 1.0
        curses = [1.0 if e in ch["curses"] else 0.0 for e in tables.curse_kinds]
        new = [1.0 if e in ch["new_curses"] else 0.0 for e in tables.curse_kinds]
        disc = [0.0] * 6
        for c in ch["discard"]:
            disc[card_idx[c]] = 1.0
        out += [1.0, *onehot, *curses, *new, ch["hand_size"] / 6, ch["deck_size"] / 6, *disc]
    names = {_card_name(rule_tables, c): c for c in range(rule_tables.movement_card_count)}
    for slot in range(3):
        onehot = [0.0] * rule_tables.movement_card_count
        if slot < len(obs["revealed"]):
            onehot[names[obs["revealed"][slot]]] = 1.0
        out += onehot
    disc = [0.0] * rule_tables.movement_card_count
    for c in obs["movement_discard"]:
        disc[names[c]] += 1.0
    out += disc
    out.append(obs["movement_deck_size"] / max(rule_tables.movement_card_count, 1))
    in_game = set(obs["events_in_game"])
    out += [1.0 if _card_name(rule_tables, c) in in_game else 0.0 for c in range(n, rule_tables.movement_card_count)]
    out.append(obs["curse_deck_size"] / 18)
    out += [obs["curse_discard"][e] / 3 for e in tables.curse_kinds]
    al = obs["alarm"]
    out += [
        al["level"] / al["bus"],
        1.0 if al["revealed_capacity"] == 2 else 0.0,
        1.0 if al["level"] >= al["curse_space"] else 0.0,
        obs["supply"] / COURAGE_DICE,
    ]
    out += [x / 7 for x in obs["roll"]] + [obs["extra_dice"] / 10]
    played = [0.0] * 8
    cp = obs["card_played"]
    played[7 if cp is None else 6 if cp == "rest" else card_idx[cp]] = 1.0
    out += played
    ev = [0.0] * len(tables.event_effects)
    if obs["event"] is not None:
        ev[tables.event_effects.index(obs["event"])] = 1.0
    out += [*ev, 1.0 if obs["event"] is not None else 0.0, 1.0 if obs["event_used"] else 0.0]
    route = obs["route"]
    pos = [0.0] * n
    if route["position"] >= 0:
        pos[route["position"]] = 1.0
    out += pos + [route["left"] / 4] + [float(route["used"] >> r & 1) for r in range(len(tables.data.roads))]
    task_hot = [0.0] * len(TASK_NAMES)
    seat_hot = [0.0] * 6
    xy = [0.0, 0.0]
    if obs["prompt"] is not None:
        p = obs["prompt"]
        task_hot[TASK_NAMES.index(p["task"])] = 1.0
        seat_hot[p["seat"] + 1] = 1.0
        xy = [p["x"] / 32, p["y"] / 32]
    out += task_hot + seat_hot + xy
    active = [0.0] * 5
    active[obs["active"]] = 1.0
    res = [0.0] * 4
    res[RESULT_TEXT.index(obs["result"])] = 1.0
    out += [*active, obs["turn"] / 200, *res, 1.0 if obs["variant"] == "standard" else 0.0]
    hand = [0.0] * 7
    if obs.get("hand") is not None:
        hand[6] = 1.0
        for c in obs["hand"]["cards"]:
            hand[card_idx[c]] = 1.0
    cur = [0.0] * 7
    cur[{-4: 0, -1: 1}.get(obs["current_player"], obs["current_player"] + 2)] = 1.0
    out += hand + cur
    return out


def _card_name(rule_tables: RuleTables, card: int) -> str:
    tables = rule_tables.tables
    if card < rule_tables.location_count:
        return tables.names[card]
    e = card - rule_tables.location_count
    return f"event {e} ({tables.event_effects[tables.event_cards[e]]})"
