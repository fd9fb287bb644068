"""Doubt × Gravity: the game and its API (Game 3 of the Gravity Three rulebook).

The position and its ids are in ``state.py``; the rules themselves are plain functions named
after the rulebook's steps, in ``rules_setup.py`` (Setup) and ``rules_round.py`` (Order of Play,
End of the Game). This module answers the API: whose move, the legal moves, chance, the views.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from typing import Any, ClassVar

from gravity_games.core.api import (
    CHANCE,
    JSON,
    TERMINAL,
    Game,
    Outcome,
    Param,
)
from gravity_games.games.gravity_three import DIE_FACES, ROLL_OUTCOMES
from gravity_games.games.gravity_three.observation import private_values_of
from gravity_games.games.gravity_three.perception import Outcomes, PerceptionReadings
from gravity_games.games.gravity_three.tables import ids_in_mask
from gravity_games.games.gravity_three.tokens import COLOUR_LETTERS, COLOUR_NAMES

from .data import Components, PerceptionModel, load_components
from .rules_round import assess, designate, place_token, record_reading, roll_designated_number
from .rules_setup import (
    choose_colour,
    choose_extra_colour,
    deal_token,
    decide_first_player,
    remove_token,
    roll_for_first_player,
)
from .state import (
    ACTION_COUNT,
    ASSESS,
    CHOOSE_COLOUR,
    CHOOSE_EXTRA,
    COLOUR_BASE,
    COLOURS,
    CORRECT,
    DEAL,
    DESIGNATE,
    DONE,
    DOUBT,
    END,
    LIFT,
    LOTS,
    NUMBER_BASE,
    PHASE_NAMES,
    PLACE,
    PLACE_NAMES,
    REMOVE,
    ROLL,
    ROLL_OFF,
    ROLL_OFF_PASS_LIMIT,
    SAID_WORDS,
    TOKEN_COUNT,
    TOKENS_PER_COLOUR,
    DoubtGravityPosition,
    DoubtGravitySettings,
    token_name,
)
from .state_json import dump, load
from .tables import DEAL_OUTCOMES, DONE_BIT, FACE_COUNT, NUMBER_MASKS
from .tensor import encode_observation, observation_tensor_size

_ROLL_ACTIONS = frozenset(a for a, _ in ROLL_OUTCOMES)


# -- the game --------------------------------------------------------------------------


class DoubtGravityGame(Game):
    """Game 3, "Doubt × Gravity": stack tokens claimed to show the Designated Number, doubt bluffs."""

    ID: ClassVar[str] = "doubt-gravity"
    TITLE: ClassVar[str] = "Doubt × Gravity"
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 3
    KIND: ClassVar[str] = "bluffing"
    VERSION: ClassVar[int] = 1
    SUMMARY: ClassVar[str] = (
        "Each round a die names a number; players stack tokens face down claiming that number, "
        "then lift the stack in turn and say 'correct' or 'I doubt it!'. Run out of tokens first."
    )
    RULEBOOK: ClassVar[str] = "gravity-three.txt, Game 3: Doubt × Gravity"
    PARAMS: ClassVar[tuple[Param, ...]] = (
        Param(
            "perception",
            "normal",
            "how well a lifted stack is felt: exact (no noise), easy, normal or hard",
            str,
            choices=("exact", "easy", "normal", "hard"),
        ),
        Param(
            "max_rounds",
            30,
            "engine rule: after this many rounds the fewest tokens win (keeps games finite)",
            int,
            low=1,
            high=200,
        ),
        Param("data", None, "a components TOML file (default: the packaged one)", str, nullable=True),
    )
    PRIVATE_FIELDS: ClassVar[tuple[str, ...]] = ("hand", "readings")

    components: Components
    model: PerceptionModel
    grams: tuple[float, ...]
    tokens_in_play: int
    settings: DoubtGravitySettings

    def _check_params(self) -> None:
        self.components = load_components(self.params["data"])
        perception = PerceptionReadings(self.components, self.params["perception"])
        self.model = perception.model
        self.grams = perception.grams
        # 2 players: 4 + 2 tokens each; 3 players: 2 + 1 each.
        self.tokens_in_play = 12 if self.players == 2 else 9
        self.settings = DoubtGravitySettings(self.players, int(self.params["max_rounds"]), perception)

    def _dimensions(self) -> tuple[int, int, int]:
        n = self.players
        setup = COLOURS + n + n + self.tokens_in_play + ROLL_OFF_PASS_LIMIT * n + 1
        per_round = 1 + 1 + self.tokens_in_play + n + 2 * n
        length = setup + self.params["max_rounds"] * per_round
        outcomes = max(TOKEN_COUNT, len(DIE_FACES), self.components.perception.grid_levels)
        return length, ACTION_COUNT, outcomes

    def _observation_shape(self) -> tuple[int, ...]:
        return (observation_tensor_size(self.params["max_rounds"]),)

    def new_initial_state(self) -> DoubtGravityState:
        return DoubtGravityState(self)

    def _state_from_body(self, body: Mapping[str, Any]) -> DoubtGravityState:
        """Rebuild a position from its ``state`` document, checking what can be checked."""
        state = DoubtGravityState(self)
        load(state, body)
        return state


# -- the state -------------------------------------------------------------------------


class DoubtGravityState(DoubtGravityPosition):
    """A position of Doubt × Gravity with the game API; the rules are the functions it calls."""

    __slots__ = ("rules_game",)

    def __init__(self, game: DoubtGravityGame) -> None:
        super().__init__(game, game.settings)
        self.rules_game = game
        """The game, typed as this game (``self.game`` is a plain Game)."""

    def current_player(self) -> int:
        phase = self.phase
        if phase == PLACE:  # the commonest step first
            return (self.first_player + self.turn_index) % self.players
        if phase == ASSESS:
            return self.assessor
        if phase == DESIGNATE:
            return self.first_player
        if phase in (CHOOSE_COLOUR, CHOOSE_EXTRA):
            return self.chooser
        if phase == END:
            return TERMINAL
        return CHANCE  # the removal, the deal, the rolls, the lifts, the lots

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PLACE:
            seat = (self.first_player + self.turn_index) % self.players
            # The placements of the tokens in hand, and "done" (or "pass"): one mask, one list.
            return ids_in_mask(self.hands[seat].placements | DONE_BIT)
        if phase == ASSESS:
            return [CORRECT, DOUBT]
        if phase == CHOOSE_COLOUR:
            return [COLOUR_BASE + c for c in range(COLOURS) if c not in self.colours]
        if phase == CHOOSE_EXTRA:
            own = self.colours[self.chooser]
            return [COLOUR_BASE + c for c in range(COLOURS) if c != own]
        if phase == DESIGNATE:
            return list(range(NUMBER_BASE, NUMBER_BASE + 5))
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        # Every list handed out is a fresh copy: the tables are shared by every state in the
        # process, and a caller that edits the list it was given must never change later games.
        phase = self.phase
        if phase == LIFT:
            return list(self._lift_outcomes()[0])
        if phase in (ROLL, ROLL_OFF):
            return list(ROLL_OUTCOMES)
        if phase == DEAL:
            return list(self._deal_outcomes())
        if phase == REMOVE:
            colour = self.ids_handed_out.index(0)
            return [(colour * TOKENS_PER_COLOUR + k, 1.0 / TOKENS_PER_COLOUR) for k in range(TOKENS_PER_COLOUR)]
        if phase == LOTS:
            assert self.roll_off is not None
            tied = self.roll_off.contenders
            return [(i, 1.0 / len(tied)) for i in range(len(tied))]
        return []

    def _is_chance_action(self, action: int) -> bool:
        # apply_action's check at a chance node, answered from the position (the same actions as
        # chance_outcomes): a reading the stack can give, a face, a number still in the box, a tied seat.
        phase = self.phase
        if phase == LIFT:
            return action in self._lift_outcomes()[1]
        if phase in (ROLL, ROLL_OFF):
            return 0 <= action < FACE_COUNT
        if phase == DEAL:
            colour = self.next_deal_slot().colour
            number = action - colour * TOKENS_PER_COLOUR + 1
            return 1 <= number <= TOKENS_PER_COLOUR and not self.numbers_drawn(colour) >> (number - 1) & 1
        if phase == REMOVE:
            colour = self.ids_handed_out.index(0)
            return colour * TOKENS_PER_COLOUR <= action < colour * TOKENS_PER_COLOUR + TOKENS_PER_COLOUR
        if phase == LOTS:
            assert self.roll_off is not None
            return 0 <= action < len(self.roll_off.contenders)
        return False

    def _chance_actions(self) -> Collection[int]:
        # apply_action's refusal names these (its check itself is _is_chance_action).
        phase = self.phase
        if phase == LIFT:
            return self._lift_outcomes()[1]
        if phase in (ROLL, ROLL_OFF):
            return _ROLL_ACTIONS
        if phase == DEAL:
            return [a for a, _ in self._deal_outcomes()]
        if phase == REMOVE:
            colour = self.ids_handed_out.index(0)
            return range(colour * TOKENS_PER_COLOUR, colour * TOKENS_PER_COLOUR + TOKENS_PER_COLOUR)
        if phase == LOTS:
            assert self.roll_off is not None
            return range(len(self.roll_off.contenders))
        return ()

    def _lift_outcomes(self) -> tuple[Outcomes, frozenset[int]]:
        """The readings a lift of the stack can give (the perception model, once per stack mass)."""
        return self.settings.perception.outcomes_of_mass(self.stack_grams)

    def _deal_outcomes(self) -> Outcomes:
        """The next token dealt: any number of its colour still in the box, equally likely (a table)."""
        colour = self.next_deal_slot().colour
        return DEAL_OUTCOMES[colour * NUMBER_MASKS + self.numbers_drawn(colour)]

    def _apply(self, action: int) -> None:
        phase = self.phase
        # A step whose id names a token's number (a placement, a removal, a deal) is remembered
        # in token_steps, so that a determinization can rewrite its history to match the
        # numbers it redrew.
        if phase == PLACE:
            if action < DONE:
                self.token_steps.append(len(self._history))
            place_token(self, action)
        elif phase == ASSESS:
            assess(self, action)
        elif phase == LIFT:
            record_reading(self, action)
        elif phase == DEAL:
            self.token_steps.append(len(self._history))
            deal_token(self, action // TOKENS_PER_COLOUR, action % TOKENS_PER_COLOUR + 1)
        elif phase == ROLL:
            roll_designated_number(self, action)
        elif phase == DESIGNATE:
            designate(self, action - NUMBER_BASE + 1)
        elif phase == REMOVE:
            self.token_steps.append(len(self._history))
            remove_token(self, action // TOKENS_PER_COLOUR, action % TOKENS_PER_COLOUR + 1)
        elif phase == CHOOSE_COLOUR:
            choose_colour(self, action - COLOUR_BASE)
        elif phase == CHOOSE_EXTRA:
            choose_extra_colour(self, action - COLOUR_BASE)
        elif phase == ROLL_OFF:
            roll_for_first_player(self, action)
        elif phase == LOTS:
            assert self.roll_off is not None
            decide_first_player(self, self.roll_off.contenders[action])

    def is_terminal(self) -> bool:
        return self.phase == END

    def outcome(self) -> Outcome | None:
        if self.phase != END:
            return None
        return Outcome(
            self.winners,
            self.reason,
            {
                "tokens_left": list(self.hand_counts),
                "doubt_card": None if self.doubt_card_holder < 0 else self.doubt_card_holder,
            },
        )

    def standings(self) -> list[float]:
        """Minus the tokens each seat still holds (the fewest wins), half a token more for the
        Doubt Card (it breaks ties); higher is ahead.

        For the balance report's lead changes and a search's leaf values. Hand sizes are public.
        """
        return [-float(n) + (0.5 if s == self.doubt_card_holder else 0.0) for s, n in enumerate(self.hand_counts)]

    # -- helpers -------------------------------------------------------------------

    def _action_text(self, action: int) -> str:
        phase = self.phase
        if phase in (ROLL, ROLL_OFF):
            return f"roll {DIE_FACES[action]}"
        if phase == LOTS and self.roll_off is not None and 0 <= action < len(self.roll_off.contenders):
            return f"lots seat {self.roll_off.contenders[action]}"
        if phase == LIFT:
            return f"feel {self.settings.perception.model.grams(action):.1f} g"
        if phase in (REMOVE, DEAL):
            verb = "remove" if phase == REMOVE else "deal"
            return f"{verb} {token_name(action // TOKENS_PER_COLOUR, action % TOKENS_PER_COLOUR + 1)}"
        if 0 <= action < DONE:
            return f"place {token_name(action // TOKENS_PER_COLOUR, action % TOKENS_PER_COLOUR + 1)}"
        if action == DONE:
            return "done" if self.placed_this_turn else "pass"
        if action == CORRECT:
            return "correct"
        if action == DOUBT:
            return "doubt"
        if COLOUR_BASE <= action < COLOUR_BASE + COLOURS:
            word = "extra" if phase == CHOOSE_EXTRA else "colour"
            return f"{word} {COLOUR_NAMES[action - COLOUR_BASE]}"
        if NUMBER_BASE <= action < NUMBER_BASE + 5:
            return f"number {action - NUMBER_BASE + 1}"
        return f"action {action}"

    def _explain_illegal(self, action: int) -> str:
        phase = self.phase
        if phase == PLACE and 0 <= action < DONE:
            return f"you hold no {token_name(action // TOKENS_PER_COLOUR, action % TOKENS_PER_COLOUR + 1)} token"
        if phase == CHOOSE_COLOUR and COLOUR_BASE <= action < COLOUR_BASE + COLOURS:
            return "that colour is already taken"
        if phase == CHOOSE_EXTRA and COLOUR_BASE <= action < COLOUR_BASE + COLOURS:
            return "the extra token must be of a different colour than your own"
        return f"it is the {PHASE_NAMES[phase]} phase"

    # -- what a seat sees ----------------------------------------------------------

    def observation(self, seat: int | None) -> dict[str, JSON]:
        n = self.players
        tokens: list[dict[str, JSON]] = []
        for p in range(TOKEN_COUNT):
            where = self.token_places[p]
            if self.token_numbers[p] == 0:
                continue  # still in the box, not yet handed out
            tokens.append(
                {
                    "id": p,
                    "colour": COLOUR_LETTERS[p // TOKENS_PER_COLOUR],
                    "where": f"seat {where}" if where >= 0 else PLACE_NAMES[where],
                    "number": self.token_numbers[p] if self.sees_number(seat, p) else None,
                    "revealed": self.revealed[p],
                }
            )
        obs: dict[str, JSON] = {
            "players": n,
            "viewer": seat,
            "phase": PHASE_NAMES[self.phase],
            "to_act": self.current_player(),
            "round": self.round_number,
            "max_rounds": self.settings.max_rounds,
            "first_player": None if self.first_player < 0 else self.first_player,
            "die": None if self.die_face < 0 else DIE_FACES[self.die_face],
            "designated": self.designated_number or None,
            "colours": [None if c < 0 else COLOUR_LETTERS[c] for c in self.colours],
            "extra_colours": [None if c < 0 else COLOUR_LETTERS[c] for c in self.extra_colours] if n == 3 else [],
            "doubt_card": None if self.doubt_card_holder < 0 else self.doubt_card_holder,
            "hand_counts": list(self.hand_counts),
            "tokens": tokens,
            "stack": [
                {
                    "id": p,
                    "colour": COLOUR_LETTERS[p // TOKENS_PER_COLOUR],
                    "owner": self.placed_by[p],
                    "number": self.token_numbers[p] if self.sees_number(seat, p) else None,
                }
                for p in self.stack
            ],
            "placed_this_turn": self.placed_this_turn,
            "said": [[d.seat, SAID_WORDS[d.said]] for d in self.declarations],
            "rounds": [r.document() for r in self.rounds],
            "rolloff": self.roll_off.to_json() if self.roll_off is not None else None,
        }
        if seat is not None:
            obs["hand"] = self.hand_names(seat)
            obs["readings"] = self.readings_of(seat)
        if self.phase == END:
            obs["winners"] = list(self.winners)
            obs["reason"] = self.reason
        return obs

    def hand_names(self, seat: int) -> list[str]:
        return sorted(
            token_name(p // TOKENS_PER_COLOUR, self.token_numbers[p])
            for p in range(TOKEN_COUNT)
            if self.token_places[p] == seat
        )

    def readings_of(self, seat: int) -> list[dict[str, JSON]]:
        """The seat's own lifts of the stack, with what each read."""
        model = self.settings.perception.model
        return [
            {
                "seat": r.seat,
                "round": r.round_number,
                "level": r.level,
                "grams": model.grams(r.level),
                "stack": list(r.stack),
            }
            for r in self.readings
            if r.seat == seat
        ]

    def private_values(self, seat: int) -> dict[str, JSON]:
        # An empty hand is no secret (and every empty hand looks alike): empty fields are left out.
        mine: dict[str, JSON] = {"hand": self.hand_names(seat), "readings": self.readings_of(seat)}
        return private_values_of(mine, self.rules_game.PRIVATE_FIELDS, drop_empty=True)

    def reveals_information(self, action: int) -> bool | None:
        """A placement that leaves the placer a token, and naming the Designated Number, show nothing.

        "Place the Token ... face down": the others see a token of its colour go on the stack,
        colours being public, and the placer learns nothing; its turn goes on. Naming the number
        after a "G" is said aloud, and the namer (who holds tokens) places next. Any other step
        (the last placement may start the lifting, a doubt turns tokens over) is left to the
        caller's own check.
        """
        seat = self.current_player()
        if self.phase == PLACE and action < DONE and self.tokens_held(seat) > 1:
            return False
        if self.phase == DESIGNATE and self.tokens_held(seat) > 0:
            return False
        return None

    def observation_tensor(self, seat: int | None) -> list[float]:
        return encode_observation(self.observation(seat))

    # -- determinization -----------------------------------------------------------

    def resample_from_infostate(self, seat: int, rng: random.Random) -> DoubtGravityState:
        """Redraw the numbers ``seat`` cannot see; weight by its readings (importance resampling).

        Unknown numbers are permuted within each colour (so colour counts hold), ``SIR_DRAWS``
        candidates are drawn and one is picked with probability proportional to the product of
        the likelihoods of the seat's own stack readings. If no candidate fits at all (possible
        with ``perception=exact``), the one whose readings are nearest on the grid is taken.
        """
        unknown_by_colour: list[list[int]] = [[] for _ in range(COLOURS)]
        for p in range(TOKEN_COUNT):
            if self.token_numbers[p] and not self.sees_number(seat, p):
                unknown_by_colour[p // TOKENS_PER_COLOUR].append(p)
        mine = [(r.level, r.stack) for r in self.readings if r.seat == seat]
        relevant = [(level, stack) for level, stack in mine if any(not self.sees_number(seat, p) for p in stack)]
        new = self.clone()
        if any(unknown_by_colour):
            new.token_numbers = self._importance_resample(unknown_by_colour, relevant, rng)
            new.refresh_derived_fields()  # a redrawn stack weighs what its new numbers weigh
            new._history = self.relabelled_history(new.token_numbers)
        return new

    def relabelled_history(self, numbers: list[int]) -> list[int]:
        """The history of a world where token ``p`` carries ``numbers[p]`` instead.

        Numbers are redrawn by permuting them within a colour, so each colour's old-to-new map
        is one-to-one: every step that names a number (remove, deal, place) is rewritten with it,
        and the rewritten history replays to the resampled state. It keeps the real numbers out
        of a search bot's reach.
        """
        mapping = [[0, 1, 2, 3, 4, 5] for _ in range(COLOURS)]
        for p in range(TOKEN_COUNT):
            if self.token_numbers[p]:
                mapping[p // TOKENS_PER_COLOUR][self.token_numbers[p]] = numbers[p]
        history = list(self._history)
        for i in self.token_steps:
            colour, number = divmod(history[i], TOKENS_PER_COLOUR)
            history[i] = colour * TOKENS_PER_COLOUR + mapping[colour][number + 1] - 1
        return history

    def _importance_resample(
        self,
        unknown_by_colour: list[list[int]],
        readings: list[tuple[int, tuple[int, ...]]],
        rng: random.Random,
    ) -> list[int]:
        model = self.settings.perception.model
        grams = self.settings.perception.grams
        draws = self.SIR_DRAWS if readings else 1
        candidates: list[list[int]] = []
        weights: list[float] = []
        distances: list[float] = []
        for _ in range(draws):
            numbers = list(self.token_numbers)
            for ids in unknown_by_colour:
                # sorted first: the real order of the numbers must not shape the draw
                values = sorted(numbers[p] for p in ids)
                rng.shuffle(values)
                for p, v in zip(ids, values, strict=True):
                    numbers[p] = v
            weight = 1.0
            distance = 0.0
            for level, stack in readings:
                mass = sum(grams[numbers[p] - 1] for p in stack)
                weight *= model.likelihood(level, mass)
                distance += abs(model.nearest_level(mass) - level)
            candidates.append(numbers)
            weights.append(weight)
            distances.append(distance)
        total = sum(weights)
        if total <= 0.0:
            return candidates[min(range(draws), key=distances.__getitem__)]
        x = rng.random() * total
        acc = 0.0
        for numbers, w in zip(candidates, weights, strict=True):
            acc += w
            if x < acc:
                return numbers
        return candidates[-1]

    SIR_DRAWS: ClassVar[int] = 48

    def clone(self) -> DoubtGravityState:
        new = DoubtGravityState.__new__(DoubtGravityState)
        new.game = self.game
        new.rules_game = self.rules_game
        new.settings = self.settings
        new.players = self.players
        self.copy_position_into(new)
        return new

    def _to_json_body(self) -> dict[str, JSON]:
        return dump(self)
