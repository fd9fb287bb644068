"""What one seat sees (``observation``); its flat encoding is in ``tensor.py``.

Everything on the table is public: the board, monsters, characters and their curses, discard
piles, the revealed movement cards, the alarm track. Private: the cards in each hand (``hand``).
"""

from __future__ import annotations

from typing import Any

from .state import GravityFallsPosition, front_task


def hand_value(state: GravityFallsPosition, seat: int) -> dict[str, Any]:
    """A seat's hand, tagged with the seat so two equal hands never look like a leak."""
    from .state_json import _cards

    return {"seat": seat, "cards": _cards(state, state.hands[seat])}


def build_observation(state: GravityFallsPosition, seat: int | None) -> dict[str, Any]:
    from .state import DEFEATED, RESULT_TEXT
    from .state_json import _cards, _kinds

    tables = state.tables
    rule_tables = state.rule_tables
    al = tables.data.alarm
    task = front_task(state) if state.tasks and not state.result else None
    obs: dict[str, Any] = {
        "seat": seat,
        "variant": "standard" if rule_tables.standard else "simplified",
        "turn": state.turn,
        "active": state.active,
        "current_player": state.current_player(),
        "result": RESULT_TEXT[state.result],
        "alarm": {
            "level": state.alarm,
            "curse_space": al.curse_space,
            "shrink_space": al.shrink_space,
            "bus": al.bus,
            "revealed_capacity": state.revealed_capacity,
        },
        "supply": state.supply,
        "locations": [
            {
                "name": tables.names[i],
                "support": state.support[i],
                "distrust": state.distrust[i],
                "die": bool(state.courage_dice[i]),
            }
            for i in range(rule_tables.location_count)
        ],
        "monsters": [
            {
                "name": tables.monster_names[state.monsters[m]] if state.monsters[m] >= 0 else None,
                "difficulty": tables.monster_level[state.monsters[m]] if state.monsters[m] >= 0 else None,
                "ability": state.monster_ability(m) if state.monsters[m] >= 0 else None,
                "location": tables.names[state.monster_locations[m]] if state.monster_locations[m] >= 0 else None,
                "defeated": state.monster_locations[m] == DEFEATED,
            }
            for m in range(3)
        ],
        "characters": [
            {
                "seat": s,
                "name": tables.char_names[state.characters[s]] if state.characters[s] >= 0 else None,
                "location": tables.names[state.character_locations[s]] if state.character_locations[s] >= 0 else None,
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
        "events_in_game": [
            state.card_name(c)
            for c in range(rule_tables.location_count, rule_tables.movement_card_count)
            if c not in state.box
        ],
        "curse_deck_size": sum(state.curse_deck),
        "curse_discard": dict(zip(tables.curse_kinds, state.curse_discard, strict=True)),
        "card_played": (
            None
            if state.card_played < 0
            else "rest"
            if state.card_played == 6
            else "T"
            if state.card_played == 5
            else tables.card_names[state.card_played]
        ),
        "roll": [state.roll_successes, state.roll_arrows, state.roll_curses],
        "extra_dice": state.extra_dice,
        "event": tables.event_effects[state.current_event] if state.current_event >= 0 else None,
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
