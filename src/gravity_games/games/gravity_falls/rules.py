"""Gravity Falls: the game, its parameters and the state machine that drives a turn.

A state keeps a short list of pending *tasks* (``state.Task`` records). ``_advance`` runs the
automatic ones (flipping tokens, counting alarm) until the front task needs a decision: a seat's
choice or a chance event (die roll, card draw). Each decision is one step, so bots and people
decide exactly the same things. Setup and the token pulls live in ``rules_setup.py``, the turn
start, action card, routes and Teleports in ``rules_move.py``, the rest of the character phase in
``rules_turn.py``, the monster phase, curses, events and the alarm track in ``rules_monsters.py``.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from typing import Any

from gravity_games.core.api import (
    CHANCE,
    TERMINAL,
    Game,
    InvalidParameterError,
    InvalidStateError,
    Outcome,
    Param,
    State,
)

from .data import Tables, load_tables
from .rules_tasks import carry_out_decision, chance_outcomes_of, run_automatic_part, seat_choices
from .state import (
    AUTOMATIC_TASK_BITS,
    CHANCE_TASK_BITS,
    DEFEATED,
    MAX_GAME_LENGTH,
    ONGOING,
    PICK_CHARACTER,
    PICK_EVENT,
    PICK_MONSTER,
    PLACE_CHARACTER,
    PLACE_MONSTER,
    RESULT_TEXT,
    SETUP_ROW,
    START_TURN,
    TABLE,
    TASK_NAMES,
    WON,
    GravityFallsPosition,
    Task,
    finish_task,
    front_task,
    seat_task,
)
from .tables import NO_CHANCES, RuleTables

__all__ = ["GravityFallsGame", "GravityFallsState"]


def _names_param(value: Any, known: tuple[str, ...], what: str, count: int) -> tuple[int, ...]:
    lookup = {n.lower(): i for i, n in enumerate(known)}
    ids = []
    for name in value:
        if not isinstance(name, str) or name.strip().lower() not in lookup:
            raise InvalidParameterError(f"parameter {what!r}: unknown name {name!r}; allowed: {', '.join(known)}")
        ids.append(lookup[name.strip().lower()])
    if len(ids) != count or len(set(ids)) != count:
        raise InvalidParameterError(f"parameter {what!r} needs {count} different names, got {list(value)}")
    return tuple(ids)


class GravityFallsGame(Game):
    """Cooperative Gravity Falls for 1-5 players (standard rules or the rules for young players)."""

    ID = "gravity-falls"
    TITLE = "Gravity Falls"
    MIN_PLAYERS = 1
    MAX_PLAYERS = 5
    COOPERATIVE = True
    VERSION = 1
    RULEBOOK = "gravity-falls.txt"
    SUMMARY = "Cooperative: travel the town, persuade residents, fight three monsters before the alarm reaches the bus."
    PRIVATE_FIELDS = ("hand",)
    PARAMS = (
        Param(
            "variant",
            "standard",
            "standard rules, or 'simplified' (the rules for young players)",
            str,
            choices=("standard", "simplified"),
        ),
        Param(
            "monsters",
            None,
            "three monster names; none = one easy, one medium, one hard by chance",
            tuple,
            nullable=True,
        ),
        Param("events", 4, "event cards shuffled into the monster movement deck (standard rules)", int, low=0, high=8),
        Param("characters", None, "one character name per player; none = chosen by chance", tuple, nullable=True),
        Param("data", None, "path to your own components TOML file; none = the packaged data", str, nullable=True),
    )

    def _check_params(self) -> None:
        self.tables: Tables = load_tables(self.params["data"])
        t = self.tables
        self.standard = self.params["variant"] == "standard"
        self.events = self.params["events"] if self.standard else 0
        self.fixed_monsters = (
            None
            if self.params["monsters"] is None
            else _names_param(self.params["monsters"], t.monster_names, "monsters", 3)
        )
        self.monster_set = monster_set_label(t, self.fixed_monsters)
        self.fixed_chars = (
            None
            if self.params["characters"] is None
            else _names_param(self.params["characters"], t.char_names, "characters", self.players)
        )
        self.rule_tables = RuleTables(
            t, self.standard, self.events, self.fixed_monsters, self.fixed_chars, self.monster_set
        )
        self.n_actions = self.rule_tables.n_actions
        self.movement_card_count = self.rule_tables.movement_card_count
        self.tensor_size = _tensor_size(self)

    def _dimensions(self) -> tuple[int, int, int]:
        return MAX_GAME_LENGTH, self.n_actions, max(64, self.movement_card_count)

    def _observation_shape(self) -> tuple[int, ...]:
        return (self.tensor_size,)

    def clear_route_cache(self) -> None:
        """Forget every route answer kept (when the tables are full, and for tests)."""
        self.rule_tables.clear_route_cache()

    def new_initial_state(self) -> GravityFallsState:
        state = GravityFallsState(self)
        state._setup_tasks()
        state._advance()
        return state

    def _state_from_body(self, body: Mapping[str, Any]) -> GravityFallsState:
        state = GravityFallsState(self)
        state._load_body(body)
        state._advance()
        return state


def monster_set_label(t: Tables, fixed: tuple[int, ...] | None) -> str:
    """The monster set as a label for balance reports (``Outcome.detail["monster_set"]``).

    ``mixed``: the default draw of one easy, one medium and one hard monster; ``easy`` /
    ``medium`` / ``hard``: three chosen monsters of that one difficulty (with the packaged data
    the easy set is Gideon-Bot, Gremoblin, Pterodactyl and the hard set Zhivogryz, Rumble
    McSkirmish, Time Monster); any other chosen set: its names in the data file's order.
    """
    if fixed is None:
        return "mixed"
    levels = {t.monster_level[m] for m in fixed}
    if len(levels) == 1:
        return levels.pop()
    return " + ".join(t.monster_names[m] for m in sorted(fixed))


def _tensor_size(game: GravityFallsGame) -> int:
    from .tensor import tensor_size

    return tensor_size(game.rule_tables)


class GravityFallsState(GravityFallsPosition):
    """One position and its rules. Flat lists of ints; see ``docs/games/gravity-falls.md`` for the JSON form."""

    __slots__ = ()

    def __init__(self, game: GravityFallsGame) -> None:
        super().__init__(game, game.rule_tables)

    def clone(self) -> GravityFallsState:
        new = GravityFallsState.__new__(GravityFallsState)
        self._copy_position_into(new)
        return new

    # -- the task machine ----------------------------------------------------------------------
    def _advance(self) -> None:
        """Run automatic tasks until a decision (a seat's or chance's) or the end.

        On return ``_player_to_act`` holds the player to act, and ``_step_choices`` (a seat's
        choices, sorted) or ``_step_chances`` (chance's outcomes) that step's options; the front
        task's rule (``rules_tasks.carry_out_decision``) carries the chosen one out. Handlers write
        to the log directly, so this runs only on a state whose log is its own.
        """
        tasks = self.tasks  # the rules change the list in place, never replace it
        while tasks and self.result == ONGOING:
            task = front_task(self)
            kind = task.kind
            if AUTOMATIC_TASK_BITS >> kind & 1 and (run_automatic_part(self, task) or front_task(self) is not task):
                continue
            if CHANCE_TASK_BITS >> kind & 1:
                outcomes = chance_outcomes_of(self, task)
                if len(outcomes.pairs) == 1:
                    carry_out_decision(self, task, outcomes.pairs[0][0])
                    continue
                # several outcomes: a chance step (none at all never happens with valid data;
                # it shows as a chance step without outcomes)
                self._player_to_act = CHANCE
                self._step_chances = outcomes
                return
            choices = seat_choices(self, task)
            if len(choices) > 1:  # a seat's step (a forced choice is no step of its own)
                if not in_ascending_order(choices):
                    choices.sort()
                self._player_to_act = task.seat
                self._step_choices = choices
                return
            if choices:
                carry_out_decision(self, task, choices[0])
            else:
                finish_task(self)
        if self.result != ONGOING:
            tasks.clear()
        self._player_to_act = TERMINAL
        self._step_choices = []
        self._step_chances = NO_CHANCES

    def _setup_tasks(self) -> None:
        rule_tables = self.rule_tables
        tasks = []
        if rule_tables.fixed_monsters is None:
            tasks += [Task(PICK_MONSTER, TABLE, monster=slot) for slot in range(3)]
        if rule_tables.fixed_chars is None:
            tasks += [seat_task(PICK_CHARACTER, seat) for seat in range(self.players)]
        tasks += [Task(PLACE_MONSTER, TABLE, monster=m) for m in range(3)]
        tasks += [seat_task(PLACE_CHARACTER, seat) for seat in range(self.players)]
        tasks += [seat_task(SETUP_ROW)] * 3
        tasks += [seat_task(PICK_EVENT)] * rule_tables.events
        tasks.append(seat_task(START_TURN))
        tasks.reverse()  # the tasks are a stack: the first to run goes last (see state.front_task)
        self.tasks = tasks

    # -- API -------------------------------------------------------------------------------------
    def current_player(self) -> int:
        return self._player_to_act

    def is_terminal(self) -> bool:
        return self._player_to_act == TERMINAL

    def outcome(self) -> Outcome | None:
        if self._player_to_act != TERMINAL:
            return None
        won = self.result == WON
        winners = tuple(range(self.players)) if won else ()
        detail = {
            "alarm": self.alarm,
            "turns": self.turn,
            "defeated": sum(1 for x in self.monster_locations if x == DEFEATED),
            "monster_set": self.rule_tables.monster_set,
            # the three monsters actually met (drawn or chosen), in data order: a designer's
            # per-trio breakdown from one run of the default draw
            "monsters": " + ".join(self.tables.monster_names[m] for m in sorted(self.monsters) if m >= 0),
        }
        return Outcome(winners, RESULT_TEXT[self.result] if self.result else "ended", detail)

    def _legal_actions(self) -> list[int]:
        return list(self._step_choices)

    # The two public calls of every step, answered from what ``_advance`` keeps (the player to act
    # and the step's options) instead of through State's generic wrappers (a second
    # current_player(), the memo of the legal moves): those wrappers were a fifth of a random
    # playout's time here. The guarantees are State's: a refused action goes to State.apply_action,
    # which raises with its reason and changes nothing.
    def legal_actions(self) -> list[int]:
        player = self._player_to_act
        if player >= 0:
            return self._step_choices[:]
        if player == CHANCE:
            return [outcome for outcome, _ in self._step_chances.pairs]
        return []

    def apply_action(self, action: object) -> None:
        player = self._player_to_act
        if type(action) is int and (
            self._step_chances.is_outcome(action)
            if player == CHANCE
            else player >= 0 and is_choice(action, self._step_choices)
        ):
            if self._shared:  # handlers write to the log directly
                self._unshare()
            carry_out_decision(self, front_task(self), action)
            self._advance()
            self._history.append(action)
            return
        State.apply_action(self, action)  # refused (or not an int): raises with the reason

    def chance_outcomes(self) -> list[tuple[int, float]]:
        # a copy: the kept outcomes may be a table shared by every state (tables.py)
        return self._step_chances.pairs[:] if self._player_to_act == CHANCE else []

    def _chance_actions(self) -> Collection[int]:
        """apply_action's check (only ever at a chance node): exactly the possible outcomes.

        Every chance step's options are its (outcome, probability) pairs (``tables.Chances``).
        """
        return [outcome for outcome, _ in self._step_chances.pairs]

    def _apply(self, action: int) -> None:
        # the rules append log lines to ``_log`` directly: a log still shared with a clone is
        # copied once here, before any of them
        if self._shared:
            self._unshare()
        carry_out_decision(self, front_task(self), action)  # the rule of the pending step
        self._advance()

    def _explain_illegal(self, action: int) -> str:
        if self.current_player() == CHANCE:
            return "chance decides this step"
        name = TASK_NAMES[front_task(self).kind] if self.tasks else "none"
        return f"the game waits for a '{name}' decision and this action does not answer it"

    # -- observation --------------------------------------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        from .rules_observation import build_observation

        return build_observation(self, seat)

    def observation_tensor(self, seat: int | None) -> list[float]:
        from .tensor import observation_tensor

        return observation_tensor(self.rule_tables, self.observation(seat))

    def private_values(self, seat: int) -> dict[str, Any]:
        from .rules_observation import hand_value

        return {"hand": hand_value(self, seat)}

    def _action_text(self, action: int) -> str:
        from .rules_notation import action_text

        return action_text(self, action)

    # -- JSON -------------------------------------------------------------------------------------
    def _to_json_body(self) -> dict[str, Any]:
        from .state_json import dump

        return dump(self)

    def _load_body(self, body: Mapping[str, Any]) -> None:
        from .state_json import load

        load(self, body)

    # -- determinization --------------------------------------------------------------------------
    def resample_from_infostate(self, seat: int, rng: random.Random) -> GravityFallsState:
        """Redraw what ``seat`` cannot see: the other seats' hands (versus their action decks).

        Discard piles, curses, the board and the event cards in play are public; draw order is never
        stored (each draw is a chance step), so only the split hand/deck of other seats varies.
        """
        new = self.clone()
        for s in range(self.players):
            if s == seat:
                continue
            pool = new.hands[s] | new.action_decks[s]
            cards = [c for c in range(6) if pool >> c & 1]
            k = bin(new.hands[s]).count("1")
            rng.shuffle(cards)
            new.hands[s] = sum(1 << c for c in cards[:k])
            new.action_decks[s] = sum(1 << c for c in cards[k:])
        return new


def in_ascending_order(choices: list[int]) -> bool:
    """Whether ``choices`` are sorted already (most rules list them so): a typed loop, where a
    sort call is a generic one."""
    previous = choices[0]  # (a step's choices are never empty)
    for choice in choices:
        if choice < previous:
            return False
        previous = choice
    return True


def is_choice(action: int, choices: list[int]) -> bool:
    """Whether ``action`` is one of the seat's ``choices`` (compiled, a loop over ints; ``in`` is a generic call)."""
    return any(choice == action for choice in choices)


def check_seat(state: GravityFallsState, seat: int) -> None:
    if not 0 <= seat < state.players:
        raise InvalidStateError(f"seat {seat} out of range 0..{state.players - 1}")
