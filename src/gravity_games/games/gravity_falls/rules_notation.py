"""Action notation: short readable text for every action id (player and chance)."""

from __future__ import annotations

from typing import Any

from .state import GravityFallsPosition, front_task


def _loc(state: GravityFallsPosition, loc: int) -> str:
    return state.tables.names[loc]


def action_text(state: GravityFallsPosition, action: int) -> str:
    """Notation of ``action`` in ``state``: unique among the legal actions of the state."""
    from .state import CHANCE_TASKS, TASK_NAMES
    from .tables import FACES

    rule_tables = state.rule_tables
    task = front_task(state) if state.tasks else None
    if task is not None and task.kind in CHANCE_TASKS:
        return _chance_text(state, TASK_NAMES[task.kind], task, action, FACES)
    k_n = len(state.tables.curse_kinds)
    if action < rule_tables.ACTION_REST:
        return f"play {state.tables.card_names[action]}" if action < 5 else "play teleport"
    if action == rule_tables.ACTION_REST:
        return "rest"
    if action < rule_tables.ACTION_PULL_SUPPORT:
        name = _loc(state, action - rule_tables.ACTION_LOCATION)
        if task is not None and TASK_NAMES[task.kind] == "ev_remove_die":
            return f"remove die {name}"
        return f"go {name}"
    if action == rule_tables.ACTION_PULL_SUPPORT:
        return "pull support"
    if action == rule_tables.ACTION_PULL_DISTRUST:
        return "pull distrust"
    if action == rule_tables.ACTION_LEAVE:
        return "leave"
    if action < rule_tables.ACTION_MOVE_DISTRUST:
        return f"move support to {_loc(state, action - rule_tables.ACTION_MOVE_SUPPORT)}"
    if action < rule_tables.ACTION_PLACE_DIE:
        return f"move distrust to {_loc(state, action - rule_tables.ACTION_MOVE_DISTRUST)}"
    if action == rule_tables.ACTION_PLACE_DIE:
        return "place die"
    if action == rule_tables.ACTION_PASS:
        return "pass"
    if action == rule_tables.ACTION_DRAW_DECK:
        return "draw deck"
    if action < rule_tables.ACTION_RAISE_ALARM:
        c = action - rule_tables.ACTION_HAND_CARD
        card = "teleport" if c == 5 else state.tables.card_names[c]
        if task is not None and TASK_NAMES[task.kind] == "draw":
            return f"take {card}"
        return f"discard {card}"
    if action == rule_tables.ACTION_RAISE_ALARM:
        return "raise alarm"
    if action < rule_tables.ACTION_SOOS_HEAL:
        return f"drop curse {state.tables.curse_kinds[action - rule_tables.ACTION_DROP_CURSE]}"
    if action < rule_tables.ACTION_WENDY_TO:
        s, k = divmod(action - rule_tables.ACTION_SOOS_HEAL, k_n)
        return f"heal {state.character_name(s)} {state.tables.curse_kinds[k]}"
    if action < rule_tables.ACTION_WENDY_FROM:
        return f"die to {_loc(state, action - rule_tables.ACTION_WENDY_TO)}"
    if action < rule_tables.ACTION_REROLL:
        return f"die from {_loc(state, action - rule_tables.ACTION_WENDY_FROM)}"
    if action < rule_tables.ACTION_MONSTER:
        return f"reroll {FACES[action - rule_tables.ACTION_REROLL]}"
    if action < rule_tables.n_actions:
        m = action - rule_tables.ACTION_MONSTER
        return f"monster {state.monster_name(m)}"
    return f"action {action}"


def _chance_text(state: GravityFallsPosition, name: str, task: Any, action: int, faces: tuple[str, ...]) -> str:
    tables = state.tables
    if name == "pick_monster":
        return f"monster {tables.monster_names[action]}"
    if name == "pick_character":
        return f"character {tables.char_names[action]}"
    if name in ("place_monster", "place_character", "setup_row", "pick_event", "reveal"):
        return f"card {state.card_name(action)}"
    if name == "roll":
        s, m = divmod(action, 8)
        return f"roll {s}s {m}m {task.amount - s - m}c"
    if name == "reroll":
        return f"die {faces[action]}"
    if name == "give_curse":
        return f"curse {tables.curse_kinds[action]}"
    if name == "cleanse":
        return f"{action} success"
    if name in ("draw_card", "rest_return"):
        return f"card {'teleport' if action == 5 else tables.card_names[action]}"
    return f"outcome {action}"
