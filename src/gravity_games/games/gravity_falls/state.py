"""The Gravity Falls position: every field of the table, in full words, and nothing of the rules.

Locations, monsters, characters and cards are ids (indexes into the components of ``data.py``);
a seat's action cards are bit masks (bit ``c``: card ``c``, the Teleport card is bit 5). The
canonical JSON document (``state_json.py``) names the same fields with its own, older keys.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from gravity_games.core.api import TERMINAL, Game, State

from .data import COURAGE_DICE
from .tables import NO_CHANCES, Chances, RuleTables

# --- how long a game may last -------------------------------------------------------------------
TURN_LIMIT: Final = 200  # the summer's turns (the rules name no limit; a bound so that every game ends)
PER_TURN_STEPS: Final = 3000  # a generous bound on the steps of one turn (curse redraws included), see max_game_length
SETUP_STEPS: Final = 3 + 5 + 3 + 3 * 8 + 5 + 3 + 8 + 50  # a bound on the setup's steps
MAX_GAME_LENGTH: Final = SETUP_STEPS + TURN_LIMIT * PER_TURN_STEPS  # the spec's max_game_length
LAST_TURN_START: Final = MAX_GAME_LENGTH - PER_TURN_STEPS  # a turn starts only while a whole turn still fits

# --- named values of the fields -----------------------------------------------------------------
MONSTER_SLOTS: Final = 3  # every game has three monsters (one per setup slot: easy, medium, hard)
NOT_PLACED: Final = -1  # a monster, character or location id not chosen or placed yet
DEFEATED: Final = -2  # a monster's location once it is defeated
NO_CARD: Final = -1  # no card (no card played yet, no event waiting, no event in effect)
TELEPORT_CARD: Final = 5  # the action cards are 0-4 (the numbered cards) and 5, the character's Teleport card
REST: Final = 6  # ``card_played`` when the active player rests
ALL_ACTION_CARDS: Final = 0b111111  # a seat's six action cards as a bit mask
NUMBERED_ACTION_CARDS: Final = 0b011111  # the young players' rules set the Teleport cards aside
TABLE: Final = -1  # the seat of a task nobody decides (chance or an automatic step)


class Result(IntEnum):
    """How the game stands: on, won, or lost (the document writes ``RESULT_TEXT``)."""

    ONGOING = 0
    WON = 1
    LOST_ALARM = 2
    LOST_SUMMER = 3


# The enum members as plain int module constants, for the rule functions: a member read as
# ``Result.WON`` is looked up through the enum class at every use and compares slower than an int
# (several times the cost in CPython 3.11), and mypyc compiles a ``Final`` int to a C constant.
ONGOING: Final = int(Result.ONGOING)
WON: Final = int(Result.WON)
LOST_ALARM: Final = int(Result.LOST_ALARM)
LOST_SUMMER: Final = int(Result.LOST_SUMMER)

RESULT_TEXT: Final[tuple[str, ...]] = ("ongoing", "won", "lost: the alarm reached the bus", "lost: the summer ended")


class TaskKind(IntEnum):
    """The steps of setup and of a turn; the document names each by its lower-case name."""

    PICK_MONSTER = 0
    PICK_CHARACTER = 1
    PLACE_MONSTER = 2
    SETUP_PULL = 3
    SETUP_FLIP = 4
    PLACE_CHARACTER = 5
    SETUP_ROW = 6
    PICK_EVENT = 7
    START_TURN = 8
    CHOOSE_CARD = 9
    ROUTE = 10
    TELEPORT = 11
    AFTER_MOVE = 12
    RUMOR = 13
    ROLL_SETUP = 14
    CHOOSE_FOE = 15
    ROLL = 16
    REROLL_OFFER = 17
    REROLL = 18
    RESOLVE_ROLL = 19
    MOVE_TOKEN = 20
    ROLL_CURSES = 21
    GIVE_CURSE = 22
    PLACE_DIE = 23
    DRAW = 24
    FLIP_CURSE = 25
    CLEANSE = 26
    DISCARD_CURSE = 27
    ABILITY = 28
    REST_RETURN = 29
    MONSTER_MOVE = 30
    CHOOSE_MOVER = 31
    MOVE_MONSTER = 32
    DISORDER_PULL = 33
    DISORDER_ALARM = 34
    REVEAL_STAGE = 35
    REVEAL = 36
    CURSE_REVEAL = 37
    EVENT = 38
    EV_TELEPORT = 39
    EV_DISCARD_OR_ALARM = 40
    EV_REMOVE_DIE = 41
    EV_FLEE = 42
    EVENT_END = 43
    ALARM_CHECK = 44
    END_TURN = 45
    END_STEPS = 46
    DRAW_CARD = 47


# The task kinds as plain int constants for the rules, as the results above.
PICK_MONSTER: Final = int(TaskKind.PICK_MONSTER)
PICK_CHARACTER: Final = int(TaskKind.PICK_CHARACTER)
PLACE_MONSTER: Final = int(TaskKind.PLACE_MONSTER)
SETUP_PULL: Final = int(TaskKind.SETUP_PULL)
SETUP_FLIP: Final = int(TaskKind.SETUP_FLIP)
PLACE_CHARACTER: Final = int(TaskKind.PLACE_CHARACTER)
SETUP_ROW: Final = int(TaskKind.SETUP_ROW)
PICK_EVENT: Final = int(TaskKind.PICK_EVENT)
START_TURN: Final = int(TaskKind.START_TURN)
CHOOSE_CARD: Final = int(TaskKind.CHOOSE_CARD)
ROUTE: Final = int(TaskKind.ROUTE)
TELEPORT: Final = int(TaskKind.TELEPORT)
AFTER_MOVE: Final = int(TaskKind.AFTER_MOVE)
RUMOR: Final = int(TaskKind.RUMOR)
ROLL_SETUP: Final = int(TaskKind.ROLL_SETUP)
CHOOSE_FOE: Final = int(TaskKind.CHOOSE_FOE)
ROLL: Final = int(TaskKind.ROLL)
REROLL_OFFER: Final = int(TaskKind.REROLL_OFFER)
REROLL: Final = int(TaskKind.REROLL)
RESOLVE_ROLL: Final = int(TaskKind.RESOLVE_ROLL)
MOVE_TOKEN: Final = int(TaskKind.MOVE_TOKEN)
ROLL_CURSES: Final = int(TaskKind.ROLL_CURSES)
GIVE_CURSE: Final = int(TaskKind.GIVE_CURSE)
PLACE_DIE: Final = int(TaskKind.PLACE_DIE)
DRAW: Final = int(TaskKind.DRAW)
FLIP_CURSE: Final = int(TaskKind.FLIP_CURSE)
CLEANSE: Final = int(TaskKind.CLEANSE)
DISCARD_CURSE: Final = int(TaskKind.DISCARD_CURSE)
ABILITY: Final = int(TaskKind.ABILITY)
REST_RETURN: Final = int(TaskKind.REST_RETURN)
MONSTER_MOVE: Final = int(TaskKind.MONSTER_MOVE)
CHOOSE_MOVER: Final = int(TaskKind.CHOOSE_MOVER)
MOVE_MONSTER: Final = int(TaskKind.MOVE_MONSTER)
DISORDER_PULL: Final = int(TaskKind.DISORDER_PULL)
DISORDER_ALARM: Final = int(TaskKind.DISORDER_ALARM)
REVEAL_STAGE: Final = int(TaskKind.REVEAL_STAGE)
REVEAL: Final = int(TaskKind.REVEAL)
CURSE_REVEAL: Final = int(TaskKind.CURSE_REVEAL)
EVENT: Final = int(TaskKind.EVENT)
EV_TELEPORT: Final = int(TaskKind.EV_TELEPORT)
EV_DISCARD_OR_ALARM: Final = int(TaskKind.EV_DISCARD_OR_ALARM)
EV_REMOVE_DIE: Final = int(TaskKind.EV_REMOVE_DIE)
EV_FLEE: Final = int(TaskKind.EV_FLEE)
EVENT_END: Final = int(TaskKind.EVENT_END)
ALARM_CHECK: Final = int(TaskKind.ALARM_CHECK)
END_TURN: Final = int(TaskKind.END_TURN)
END_STEPS: Final = int(TaskKind.END_STEPS)
DRAW_CARD: Final = int(TaskKind.DRAW_CARD)

TASK_NAMES: Final = tuple(kind.name.lower() for kind in TaskKind)
TASK_KINDS: Final = {name: kind for name, kind in zip(TASK_NAMES, TaskKind, strict=True)}

#: tasks whose front position means chance acts (the others are a seat's choice or automatic)
CHANCE_TASKS: Final = frozenset(
    {
        TaskKind.PICK_MONSTER,
        TaskKind.PICK_CHARACTER,
        TaskKind.PLACE_MONSTER,
        TaskKind.PLACE_CHARACTER,
        TaskKind.SETUP_ROW,
        TaskKind.PICK_EVENT,
        TaskKind.ROLL,
        TaskKind.REROLL,
        TaskKind.GIVE_CURSE,
        TaskKind.CLEANSE,
        TaskKind.REST_RETURN,
        TaskKind.REVEAL,
        TaskKind.DRAW_CARD,
    }
)


#: tasks with an automatic part, run before any decision (``rules_tasks.run_automatic_part``)
AUTOMATIC_TASKS: Final = frozenset(
    {
        TaskKind.SETUP_FLIP,
        TaskKind.START_TURN,
        TaskKind.AFTER_MOVE,
        TaskKind.ROLL_SETUP,
        TaskKind.RESOLVE_ROLL,
        TaskKind.ROLL_CURSES,
        TaskKind.GIVE_CURSE,
        TaskKind.DRAW,
        TaskKind.FLIP_CURSE,
        TaskKind.CLEANSE,
        TaskKind.REST_RETURN,
        TaskKind.MONSTER_MOVE,
        TaskKind.MOVE_MONSTER,
        TaskKind.DISORDER_ALARM,
        TaskKind.REVEAL_STAGE,
        TaskKind.REVEAL,
        TaskKind.CURSE_REVEAL,
        TaskKind.EVENT,
        TaskKind.EV_TELEPORT,
        TaskKind.EVENT_END,
        TaskKind.ALARM_CHECK,
        TaskKind.END_TURN,
        TaskKind.END_STEPS,
    }
)


# The two sets as bit masks (bit ``kind``), for the task machine's test at every task: a set of
# enum members answers ``kind in ...`` by boxing, hashing and comparing with a member.
CHANCE_TASK_BITS: Final = sum(1 << kind for kind in CHANCE_TASKS)
AUTOMATIC_TASK_BITS: Final = sum(1 << kind for kind in AUTOMATIC_TASKS)


class RevealContext(IntEnum):
    """Why a movement card is revealed (``Task.context`` of a reveal)."""

    STAGE = 0  # the monster phase's reveal stage
    CURSE = 1  # the curse that reveals a card (Bill's scheme)


REVEALED_AT_STAGE: Final = int(RevealContext.STAGE)
REVEALED_BY_CURSE: Final = int(RevealContext.CURSE)


class DieRemoval(IntEnum):
    """Whose surroundings an event's courage die is removed from (``Task.context`` of ev_remove_die)."""

    MONSTER = 0
    CHARACTER = 1


REMOVE_NEAR_MONSTER: Final = int(DieRemoval.MONSTER)
REMOVE_NEAR_CHARACTER: Final = int(DieRemoval.CHARACTER)


class Task:
    """One pending step; each kind reads only the fields it names (the others stay at their defaults).

    - ``seat``: the seat that decides or acts (``TABLE`` when nobody does);
    - ``location``: the neighbour a token is pulled from (setup_pull, rumor, disorder_pull);
    - ``monster``: a monster slot (pick_monster, place_monster, setup_pull, setup_flip,
      move_monster, disorder_pull, disorder_alarm);
    - ``amount``: dice to roll (roll), tokens left to move (move_token), cards left to draw (draw,
      draw_card), curses left to discard (discard_curse);
    - ``card``: a movement card (choose_mover, move_monster), the event card (event), the event
      revealed on the way and waiting (reveal; ``NO_CARD`` when none);
    - ``context``: a reveal's ``RevealContext``; an ev_remove_die's ``DieRemoval``; a teleport's
      source (0: the played card);
    - ``target``: the monster slot or seat whose surroundings lose a courage die (ev_remove_die).

    A task is never changed once made (the list of tasks is copied by ``clone``, the tasks in it
    are shared): a rule replaces it with a new one (``with_amount``, ``with_card``).
    """

    __slots__ = ("amount", "card", "context", "kind", "location", "monster", "seat", "target")

    def __init__(
        self,
        kind: int,  # a TaskKind value
        seat: int = TABLE,
        location: int = 0,
        monster: int = 0,
        amount: int = 0,
        card: int = 0,
        context: int = 0,
        target: int = 0,
    ) -> None:
        self.kind: Final = kind
        self.seat: Final = seat
        self.location: Final = location
        self.monster: Final = monster
        self.amount: Final = amount
        self.card: Final = card
        self.context: Final = context
        self.target: Final = target

    def with_amount(self, amount: int) -> Task:
        """The same task with ``amount`` in place of its own."""
        return Task(self.kind, self.seat, self.location, self.monster, amount, self.card, self.context, self.target)

    def with_card(self, card: int) -> Task:
        """The same task with ``card`` in place of its own."""
        return Task(self.kind, self.seat, self.location, self.monster, self.amount, card, self.context, self.target)

    def fields(self) -> tuple[int, int, int, int, int, int, int, int]:
        """Every field, in the order of ``TASK_FIELDS``."""
        return (self.kind, self.seat, self.location, self.monster, self.amount, self.card, self.context, self.target)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Task) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        named = ", ".join(f"{name}={value}" for name, value in zip(TASK_FIELDS[1:], self.fields()[1:], strict=True))
        return f"Task({TASK_NAMES[self.kind]}, {named})"


MAX_SEATS: Final = 5  # the most players a game has (GravityFallsGame.MAX_PLAYERS)
MOST_SHARED_AMOUNT: Final = 7  # the amounts with a shared task record: a roll's dice (at most 7), tokens, draws, curses
# AMOUNT_TASKS[kind][seat + 1][amount]: the task ``kind`` of ``seat`` (``TABLE`` first) with
# ``amount`` and every other field at its default; SEAT_TASKS[kind][seat + 1] the one of amount 0.
# Tasks never change, so one record per kind, seat and amount serves every state (a new record
# per task made was a native object allocated and freed at about every second step).
AMOUNT_TASKS: Final = tuple(
    tuple(
        tuple(Task(kind, seat, amount=amount) for amount in range(MOST_SHARED_AMOUNT + 1))
        for seat in range(TABLE, MAX_SEATS)
    )
    for kind in range(len(TaskKind))
)
SEAT_TASKS: Final = tuple(tuple(amounts[0] for amounts in seats) for seats in AMOUNT_TASKS)


def seat_task(kind: int, seat: int = TABLE) -> Task:
    """The task ``kind`` (a TaskKind value) of ``seat`` with no other field: the shared record."""
    return SEAT_TASKS[kind][seat + 1]


def amount_task(kind: int, seat: int, amount: int) -> Task:
    """The task ``kind`` of ``seat`` with ``amount`` (dice, tokens, cards or curses) and no other
    field: the shared record when there is one."""
    if 0 <= amount <= MOST_SHARED_AMOUNT:
        return AMOUNT_TASKS[kind][seat + 1][amount]
    return Task(kind, seat, amount=amount)


# The two reveals that start with no event waiting: at the monster phase's reveal stage, and
# for the curse that reveals a card (shared records, as above).
STAGE_REVEAL_TASK: Final = Task(REVEAL, TABLE, context=REVEALED_AT_STAGE, card=NO_CARD)
CURSE_REVEAL_TASK: Final = Task(REVEAL, TABLE, context=REVEALED_BY_CURSE, card=NO_CARD)


TASK_FIELDS: Final[tuple[str, ...]] = ("kind", "seat", "location", "monster", "amount", "card", "context", "target")


# The two numbers the document and the observation's prompt give a task (its ``x`` and ``y``), per kind.
TASK_ARGUMENTS: Final[dict[int, tuple[str, str]]] = {
    TaskKind.PICK_MONSTER: ("monster", ""),
    TaskKind.PLACE_MONSTER: ("monster", ""),
    TaskKind.SETUP_PULL: ("location", "monster"),
    TaskKind.SETUP_FLIP: ("monster", ""),
    TaskKind.TELEPORT: ("context", ""),
    TaskKind.RUMOR: ("location", ""),
    TaskKind.ROLL: ("amount", ""),
    TaskKind.MOVE_TOKEN: ("amount", ""),
    TaskKind.DRAW: ("amount", ""),
    TaskKind.DISCARD_CURSE: ("amount", ""),
    TaskKind.DRAW_CARD: ("amount", ""),
    TaskKind.CHOOSE_MOVER: ("card", ""),
    TaskKind.MOVE_MONSTER: ("monster", "card"),
    TaskKind.DISORDER_PULL: ("location", "monster"),
    TaskKind.DISORDER_ALARM: ("monster", ""),
    TaskKind.REVEAL: ("context", "card"),
    TaskKind.EVENT: ("card", ""),
    TaskKind.EV_REMOVE_DIE: ("context", "target"),
}
_FIELD_INDEX: Final = {name: i for i, name in enumerate(TASK_FIELDS)}


def task_arguments(task: Task) -> tuple[int, int]:
    """The task's ``x`` and ``y`` as the document writes them (0 for a number the kind does not use)."""
    x_name, y_name = TASK_ARGUMENTS.get(task.kind, ("", ""))
    fields = task.fields()
    x = fields[_FIELD_INDEX[x_name]] if x_name else 0
    y = fields[_FIELD_INDEX[y_name]] if y_name else 0
    return x, y


def task_from_arguments(kind: TaskKind, seat: int, x: int, y: int) -> Task:
    """The task a document's ``[kind, seat, x, y]`` stands for (``task_arguments`` undone)."""
    x_name, y_name = TASK_ARGUMENTS.get(kind, ("", ""))
    fields: dict[str, int] = {}
    if x_name:
        fields[x_name] = x
    if y_name:
        fields[y_name] = y
    return Task(kind, seat, **fields)


class GravityFallsPosition(State):
    """One position: the board, the monsters, the characters, the decks and the turn in progress."""

    __slots__ = (
        "_player_to_act",
        "_step_chances",
        "_step_choices",
        "action_decks",
        "action_discards",
        "active",
        "alarm",
        "alarm_due",
        "box",
        "card_played",
        "character_locations",
        "characters",
        "courage_dice",
        "current_event",
        "curse_deck",
        "curse_discard",
        "curses",
        "distrust",
        "event_used",
        "extra_dice",
        "fought_monster",
        "hands",
        "monster_locations",
        "monsters",
        "movement_deck",
        "movement_discard",
        "new_curses",
        "players",
        "result",
        "revealed",
        "revealed_capacity",
        "roll_arrows",
        "roll_curses",
        "roll_successes",
        "route_left",
        "route_position",
        "route_start",
        "route_used",
        "rule_tables",
        "supply",
        "support",
        "tables",
        "tasks",
        "turn",
    )

    def __init__(self, game: Game, rule_tables: RuleTables) -> None:
        super().__init__(game)
        tables = rule_tables.tables
        locations = rule_tables.location_count
        players = game.players
        self.rule_tables = rule_tables
        self.tables = tables
        self.players = players
        self.active = 0
        self.turn = 0
        self.tasks: list[Task] = []  # a stack: the last task runs next (see front_task)
        self.result = ONGOING  # a Result value
        # the board: tokens and courage dice per location
        self.support = list(tables.start_support)
        self.distrust = [0] * locations
        self.courage_dice = [0] * locations
        self.supply = COURAGE_DICE - 1  # one die marks the alarm level
        self.alarm = 0
        self.revealed_capacity = 3
        # the three monster slots: which monster, and where it stands
        fixed_monsters = rule_tables.fixed_monsters
        self.monsters = list(fixed_monsters) if fixed_monsters is not None else [NOT_PLACED] * MONSTER_SLOTS
        self.monster_locations = [NOT_PLACED] * MONSTER_SLOTS
        # per seat: the character, where it stands, its action cards and its curses
        fixed_characters = rule_tables.fixed_chars
        self.characters = list(fixed_characters) if fixed_characters is not None else [NOT_PLACED] * players
        self.character_locations = [NOT_PLACED] * players
        full = ALL_ACTION_CARDS if rule_tables.standard else NUMBERED_ACTION_CARDS
        self.hands = [full] * players
        self.action_decks = [0] * players
        self.action_discards = [0] * players
        self.curses = [0] * players
        self.new_curses = [0] * players
        # the curse cards by kind, and the monster movement cards (event cards included)
        self.curse_deck = list(tables.curse_counts)
        self.curse_discard = [0] * len(tables.curse_counts)
        # setup step 4: the 3+ cards stay in the box for 1-2 players
        self.movement_deck = [c for c in range(locations) if not (tables.three_plus[c] and players <= 2)]
        self.box = [c for c in range(locations) if tables.three_plus[c] and players <= 2]
        self.box += list(
            range(locations, rule_tables.movement_card_count)
        )  # event cards wait aside until setup shuffles some in
        self.revealed: list[int] = []
        self.movement_discard: list[int] = []
        # the turn in progress
        self.event_used = 0
        self.alarm_due = 0
        self.current_event = NO_CARD
        self.card_played = NO_CARD
        self.route_start = NOT_PLACED
        self.route_position = NOT_PLACED
        self.route_left = 0
        self.route_used = 0
        self.fought_monster = NOT_PLACED
        self.roll_successes = 0
        self.roll_arrows = 0
        self.roll_curses = 0
        self.extra_dice = 0
        # set by the task machine: the player to act and the options of the pending step (a
        # seat's choices, sorted, or chance's outcomes)
        self._player_to_act = TERMINAL
        self._step_choices: list[int] = []
        self._step_chances: Chances = NO_CHANCES

    def _copy_position_into(self, new: GravityFallsPosition) -> None:
        """Copy every field into ``new`` (made with ``__new__``): lists are copied, never shared."""
        self._copy_base_into(new)
        new.game = self.game
        new.rule_tables = self.rule_tables
        new.tables = self.tables
        new.players = self.players
        new.active = self.active
        new.turn = self.turn
        new.tasks = list(self.tasks)
        new.result = self.result
        new.support = self.support[:]
        new.distrust = self.distrust[:]
        new.courage_dice = self.courage_dice[:]
        new.supply = self.supply
        new.alarm = self.alarm
        new.revealed_capacity = self.revealed_capacity
        new.monsters = self.monsters[:]
        new.monster_locations = self.monster_locations[:]
        new.characters = self.characters[:]
        new.character_locations = self.character_locations[:]
        new.hands = self.hands[:]
        new.action_decks = self.action_decks[:]
        new.action_discards = self.action_discards[:]
        new.curses = self.curses[:]
        new.new_curses = self.new_curses[:]
        new.curse_deck = self.curse_deck[:]
        new.curse_discard = self.curse_discard[:]
        new.movement_deck = self.movement_deck[:]
        new.revealed = self.revealed[:]
        new.movement_discard = self.movement_discard[:]
        new.box = self.box[:]
        new.event_used = self.event_used
        new.alarm_due = self.alarm_due
        new.current_event = self.current_event
        new.card_played = self.card_played
        new.route_start = self.route_start
        new.route_position = self.route_position
        new.route_left = self.route_left
        new.route_used = self.route_used
        new.fought_monster = self.fought_monster
        new.roll_successes = self.roll_successes
        new.roll_arrows = self.roll_arrows
        new.roll_curses = self.roll_curses
        new.extra_dice = self.extra_dice
        new._player_to_act = self._player_to_act
        new._step_choices = self._step_choices
        new._step_chances = self._step_chances

    # -- names, as the log and the notation write them ---------------------------------------------
    def location_name(self, location: int) -> str:
        return str(self.tables.names[location])

    def character_name(self, seat: int) -> str:
        character = self.characters[seat]
        return str(self.tables.char_names[character]) if character >= 0 else f"seat {seat}"

    def card_name(self, card: int) -> str:
        """A monster movement card by its location; an event card by its number and effect."""
        locations = self.rule_tables.location_count
        if card < locations:
            return str(self.tables.names[card])
        event = card - locations
        return f"event {event} ({self.tables.event_effects[self.tables.event_cards[event]]})"

    def monster_name(self, slot: int) -> str:
        monster = self.monsters[slot]
        return str(self.tables.monster_names[monster]) if monster >= 0 else f"monster {slot}"

    def monster_ability(self, slot: int) -> str:
        """A monster's ability; the young players' rules give monsters none."""
        return str(self.rule_tables.monster_ability[self.monsters[slot]])


# --- the pending tasks, front first ----------------------------------------------------------
# ``position.tasks`` is kept as a stack: its LAST item is the front task (the one that runs next).
# Finishing the front task, putting another in its place or new ones before it are then changes
# at the end of the list; at its start every one moves the tasks behind it (and a slice
# assignment builds a slice and a tuple). The document lists the tasks front first
# (``state_json`` reverses them); the rules use these functions and never index the list.


def front_task(position: GravityFallsPosition) -> Task:
    """The task that runs next."""
    return position.tasks[-1]


def finish_task(position: GravityFallsPosition) -> None:
    """The front task is done: the one after it comes to the front."""
    position.tasks.pop()


def replace_task(position: GravityFallsPosition, task: Task) -> None:
    """The front task is done and ``task`` takes its place."""
    position.tasks[-1] = task


def push_task(position: GravityFallsPosition, task: Task) -> None:
    """Put ``task`` at the front: it runs before the present front task."""
    position.tasks.append(task)


def push_tasks(position: GravityFallsPosition, *tasks: Task) -> None:
    """Put ``tasks`` at the front, in the order given (the first runs first)."""
    pending = position.tasks
    for i in range(len(tasks) - 1, -1, -1):
        pending.append(tasks[i])


def push_task_list(position: GravityFallsPosition, tasks: list[Task]) -> None:
    """``push_tasks`` for tasks gathered in a list (a call with ``*tasks`` is a generic call)."""
    pending = position.tasks
    for i in range(len(tasks) - 1, -1, -1):
        pending.append(tasks[i])


def replace_task_with(position: GravityFallsPosition, *tasks: Task) -> None:
    """The front task is done and ``tasks`` (at least one) take its place, in the order given.

    The last of them goes into the front task's place and the others on top: the list is never
    emptied on the way (a list that empties frees its storage, and the next push allocates it again).
    """
    pending = position.tasks
    last = len(tasks) - 1
    pending[-1] = tasks[last]
    for i in range(last - 1, -1, -1):
        pending.append(tasks[i])


def replace_task_with_list(position: GravityFallsPosition, tasks: list[Task]) -> None:
    """``replace_task_with`` for tasks gathered in a list (at least one)."""
    pending = position.tasks
    last = len(tasks) - 1
    pending[-1] = tasks[last]
    for i in range(last - 1, -1, -1):
        pending.append(tasks[i])


def tasks_front_first(position: GravityFallsPosition) -> list[Task]:
    """The pending tasks in the order they run (the document's order)."""
    return position.tasks[::-1]
