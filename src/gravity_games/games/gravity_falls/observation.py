"""What one seat sees (``observation``) and its flat encoding (``observation_tensor``).

Everything on the table is public: the board, monsters, characters and their curses, discard
piles, the revealed movement cards, the alarm track. Private: the cards in each hand (``hand``).
The tensor is computed from the observation dict itself, so equal observations give equal tensors.
"""

from __future__ import annotations

from typing import Any

from .data import COURAGE_DICE


def hand_value(state: Any, seat: int) -> dict[str, Any]:
    """A seat's hand, tagged with the seat so two equal hands never look like a leak."""
    from .state_json import _cards

    return {"seat": seat, "cards": _cards(state, state.hands[seat])}


def build_observation(state: Any, seat: int | None) -> dict[str, Any]:
    from .state import DEFEATED, RESULT_TEXT
    from .state_json import _cards, _kinds

    tb = state.tables
    g = state.rule_tables
    al = tb.data.alarm
    task = state.tasks[0] if state.tasks and not state.result else None
    obs: dict[str, Any] = {
        "seat": seat,
        "variant": "standard" if g.standard else "simplified",
        "turn": state.turn,
        "active": state.active,
        "current_player": state.current_player(),
        "result": RESULT_TEXT[state.result],
        "alarm": {"level": state.alarm, "curse_space": al.curse_space, "shrink_space": al.shrink_space,
                  "bus": al.bus, "revealed_capacity": state.revealed_capacity},
        "supply": state.supply,
        "locations": [
            {"name": tb.names[i], "support": state.support[i], "distrust": state.distrust[i], "die": bool(state.courage_dice[i])}
            for i in range(g.n_loc)
        ],
        "monsters": [
            {
                "name": tb.monster_names[state.monsters[m]] if state.monsters[m] >= 0 else None,
                "difficulty": tb.monster_level[state.monsters[m]] if state.monsters[m] >= 0 else None,
                "ability": state.monster_ability(m) if state.monsters[m] >= 0 else None,
                "location": tb.names[state.monster_locations[m]] if state.monster_locations[m] >= 0 else None,
                "defeated": state.monster_locations[m] == DEFEATED,
            }
            for m in range(3)
        ],
        "characters": [
            {
                "seat": s,
                "name": tb.char_names[state.characters[s]] if state.characters[s] >= 0 else None,
                "location": tb.names[state.character_locations[s]] if state.character_locations[s] >= 0 else None,
                "curses": _kinds(state, state.curses[s]),
                "new_curses": _kinds(state, state.new_curses[s]),
                "hand_size": bin(state.hands[s]).count("1"),
                "deck_size": bin(state.action_decks[s]).count("1"),
                "discard": _cards(state, state.action_discards[s]),
            }
            for s in range(state.players)
        ],
        "revealed": [state.card_name(c) for c in state.revealed],
        "movement_deck_size": len(state.movement_deck),
        "movement_discard": [state.card_name(c) for c in state.movement_discard],
        # the players shuffle the event cards in by hand, so which ones are in play is public
        "events_in_game": [state.card_name(c) for c in range(g.n_loc, g.n_cards) if c not in state.box],
        "curse_deck_size": sum(state.curse_deck),
        "curse_discard": dict(zip(tb.curse_kinds, state.curse_discard, strict=True)),
        "card_played": (None if state.card_played < 0 else "rest" if state.card_played == 6 else
                        "T" if state.card_played == 5 else tb.card_names[state.card_played]),
        "roll": [state.roll_successes, state.roll_arrows, state.roll_curses],
        "extra_dice": state.extra_dice,
        "event": tb.event_effects[state.current_event] if state.current_event >= 0 else None,
        "event_used": bool(state.event_used),
        "route": {"position": state.route_position, "left": state.route_left, "used": state.route_used},
        "prompt": None if task is None else _prompt(task),
    }
    if seat is not None:
        obs["hand"] = hand_value(state, seat)
    return obs


def _prompt(task: Any) -> dict[str, Any]:
    from .state import TASK_NAMES, task_arguments

    x, y = task_arguments(task)
    return {"task": TASK_NAMES[task.kind], "seat": task.seat, "x": x, "y": y}


def tensor_size(g: Any) -> int:
    from .state import TASK_NAMES

    n = g.n_loc
    k = len(g.tables.curse_kinds)
    per_char = 1 + 5 + 2 * k + 2 + 6
    return (
        11 * n  # locations
        + 3 * 11  # monsters
        + 5 * per_char  # characters
        + 3 * g.n_cards + g.n_cards + 1  # revealed, discard, deck size
        + len(g.tables.event_cards)  # events in the game
        + 1 + k  # curse deck, curse discard
        + 3 + 1  # alarm level, capacity, curse/shrink passed; supply
        + 4  # roll and extra dice
        + 8  # card played
        + len(g.tables.event_effects) + 1 + 1  # event, event used
        + n + 1 + len(g.tables.data.roads)  # route
        + len(TASK_NAMES) + 6 + 2  # prompt
        + 5 + 1 + 4 + 1  # active, turn, result, variant
        + 7 + 7  # own hand (6 cards + present), current player
    )


def encode(g: Any, obs: dict[str, Any]) -> list[float]:
    """Flat floats encoding exactly ``obs`` (length ``tensor_size``)."""
    from .state import RESULT_TEXT, TASK_NAMES

    tb = g.tables
    n = g.n_loc
    k = len(tb.curse_kinds)
    loc_index = {name: i for i, name in enumerate(tb.names)}
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
            onehot[tb.monster_names.index(mo["name"])] = 1.0
        out += [*onehot, 1.0 if mo["defeated"] else 0.0, 1.0 if mo["location"] is not None else 0.0]
    chars = {ch["seat"]: ch for ch in obs["characters"]}
    card_idx = {name: i for i, name in enumerate(tb.card_names)}
    for s in range(5):
        ch = chars.get(s)
        if ch is None:
            out += [0.0] * (1 + 5 + 2 * k + 2 + 6)
            continue
        onehot = [0.0] * 5
        if ch["name"] is not None:
            onehot[tb.char_names.index(ch["name"])] = 1.0
        curses = [1.0 if e in ch["curses"] else 0.0 for e in tb.curse_kinds]
        new = [1.0 if e in ch["new_curses"] else 0.0 for e in tb.curse_kinds]
        disc = [0.0] * 6
        for c in ch["discard"]:
            disc[card_idx[c]] = 1.0
        out += [1.0, *onehot, *curses, *new, ch["hand_size"] / 6, ch["deck_size"] / 6, *disc]
    names = {_card_name(g, c): c for c in range(g.n_cards)}
    for slot in range(3):
        onehot = [0.0] * g.n_cards
        if slot < len(obs["revealed"]):
            onehot[names[obs["revealed"][slot]]] = 1.0
        out += onehot
    disc = [0.0] * g.n_cards
    for c in obs["movement_discard"]:
        disc[names[c]] += 1.0
    out += disc
    out.append(obs["movement_deck_size"] / max(g.n_cards, 1))
    in_game = set(obs["events_in_game"])
    out += [1.0 if _card_name(g, c) in in_game else 0.0 for c in range(n, g.n_cards)]
    out.append(obs["curse_deck_size"] / 18)
    out += [obs["curse_discard"][e] / 3 for e in tb.curse_kinds]
    al = obs["alarm"]
    out += [al["level"] / al["bus"], 1.0 if al["revealed_capacity"] == 2 else 0.0,
            1.0 if al["level"] >= al["curse_space"] else 0.0, obs["supply"] / COURAGE_DICE]
    out += [x / 7 for x in obs["roll"]] + [obs["extra_dice"] / 10]
    played = [0.0] * 8
    cp = obs["card_played"]
    played[7 if cp is None else 6 if cp == "rest" else card_idx[cp]] = 1.0
    out += played
    ev = [0.0] * len(tb.event_effects)
    if obs["event"] is not None:
        ev[tb.event_effects.index(obs["event"])] = 1.0
    out += [*ev, 1.0 if obs["event"] is not None else 0.0, 1.0 if obs["event_used"] else 0.0]
    route = obs["route"]
    pos = [0.0] * n
    if route["position"] >= 0:
        pos[route["position"]] = 1.0
    out += pos + [route["left"] / 4] + [float(route["used"] >> r & 1) for r in range(len(tb.data.roads))]
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


def _card_name(g: Any, card: int) -> str:
    tb = g.tables
    if card < g.n_loc:
        return tb.names[card]
    e = card - g.n_loc
    return f"event {e} ({tb.event_effects[tb.event_cards[e]]})"
