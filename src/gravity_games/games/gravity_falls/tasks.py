"""Task codes of the Gravity Falls state machine (a task is ``(code, seat, x, y)``).

Kept apart from ``rules.py`` so that both phases' mixins can name the codes as constants:
building a task is then a plain tuple, not a dictionary lookup through a method call.
"""

from __future__ import annotations

TURN_LIMIT = 200
PER_TURN_STEPS = 3000  # a generous bound on the steps of one turn (curse redraws included), see max_game_length
SETUP_STEPS = 3 + 5 + 3 + 3 * 8 + 5 + 3 + 8 + 50  # a bound on the setup's steps
MAX_GAME_LENGTH = SETUP_STEPS + TURN_LIMIT * PER_TURN_STEPS  # the spec's max_game_length
LAST_TURN_START = MAX_GAME_LENGTH - PER_TURN_STEPS  # a turn starts only while a whole turn still fits

# --- task codes -------------------------------------------------------------------------------
TASK_NAMES = (
    "pick_monster", "pick_character", "place_monster", "setup_pull", "setup_flip", "place_character",
    "setup_row", "pick_event", "start_turn", "choose_card", "route", "teleport", "after_move", "rumor",
    "roll_setup", "choose_foe", "roll", "reroll_offer", "reroll", "resolve_roll", "move_token",
    "roll_curses", "give_curse", "place_die", "draw", "flip_curse", "cleanse", "discard_curse", "ability",
    "rest_return", "monster_move", "choose_mover", "move_monster", "disorder_pull", "disorder_alarm",
    "reveal_stage", "reveal", "curse_reveal", "event", "ev_teleport", "ev_discard_or_alarm", "ev_remove_die",
    "ev_flee", "event_end", "alarm_check", "end_turn", "end_steps", "draw_card",
)
T = {name: i for i, name in enumerate(TASK_NAMES)}

#: tasks whose front position means chance acts (the others are a seat's choice or automatic)
CHANCE_TASKS = frozenset(
    T[n] for n in ("pick_monster", "pick_character", "place_monster", "place_character", "setup_row",
                   "pick_event", "roll", "reroll", "give_curse", "cleanse", "rest_return", "reveal",
                   "draw_card")
)

# One constant per code, in the order of TASK_NAMES (checked in rules.py at import).
K_PICK_MONSTER = 0
K_PICK_CHARACTER = 1
K_PLACE_MONSTER = 2
K_SETUP_PULL = 3
K_SETUP_FLIP = 4
K_PLACE_CHARACTER = 5
K_SETUP_ROW = 6
K_PICK_EVENT = 7
K_START_TURN = 8
K_CHOOSE_CARD = 9
K_ROUTE = 10
K_TELEPORT = 11
K_AFTER_MOVE = 12
K_RUMOR = 13
K_ROLL_SETUP = 14
K_CHOOSE_FOE = 15
K_ROLL = 16
K_REROLL_OFFER = 17
K_REROLL = 18
K_RESOLVE_ROLL = 19
K_MOVE_TOKEN = 20
K_ROLL_CURSES = 21
K_GIVE_CURSE = 22
K_PLACE_DIE = 23
K_DRAW = 24
K_FLIP_CURSE = 25
K_CLEANSE = 26
K_DISCARD_CURSE = 27
K_ABILITY = 28
K_REST_RETURN = 29
K_MONSTER_MOVE = 30
K_CHOOSE_MOVER = 31
K_MOVE_MONSTER = 32
K_DISORDER_PULL = 33
K_DISORDER_ALARM = 34
K_REVEAL_STAGE = 35
K_REVEAL = 36
K_CURSE_REVEAL = 37
K_EVENT = 38
K_EV_TELEPORT = 39
K_EV_DISCARD_OR_ALARM = 40
K_EV_REMOVE_DIE = 41
K_EV_FLEE = 42
K_EVENT_END = 43
K_ALARM_CHECK = 44
K_END_TURN = 45
K_END_STEPS = 46
K_DRAW_CARD = 47
