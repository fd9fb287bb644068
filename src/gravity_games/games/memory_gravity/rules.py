"""Memory × Gravity: lift three tokens a turn, keep one, collect three colours, best combination wins.

Flow of a game (every random event is a chance node):

1. ``deal``: three chance steps, one per colour, each choosing one of the 120 orders of the
   numbers 1-5 under that colour's face-down tokens (``PERMUTATIONS``).
2. ``roll-off``: each player rolls the die (``RollOff``: "G" counts 0, the tied highest roll again).
3. Turns, clockwise from the first player, three per player. A turn is three ``lift`` actions, each
   followed by a ``reading`` chance node (the lifter's private, noisy felt weight; none when
   ``perception = "exact"``), then one ``keep`` action.
4. The end: kept numbers are revealed and ranked with the printed table.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from gravity_games.core.api import (
    CHANCE,
    JSON,
    TERMINAL,
    Game,
    Outcome,
    Param,
)
from gravity_games.games.gravity_three import PerceptionModel, face_text
from gravity_games.games.gravity_three.observation import private_values_of
from gravity_games.games.gravity_three.perception import PerceptionReadings, draw_outcome
from gravity_games.games.gravity_three.rolloff import (
    FIRST_PLAYER_WORDS,
    LOTS_LINE,
    ROLL_OUTCOMES,
    TIE_LIMIT,
    roll_for_first_player,
)
from gravity_games.games.gravity_three.tables import ids_in_mask
from gravity_games.games.gravity_three.tokens import COLOUR_NAMES

from .data import (
    PERMUTATIONS,
    load_components,
    token_colour,
    token_name,
)

# combination_key is read from here by the bot and the board (the ranking rules' old home).
from .rules_ranking import combination_key as combination_key
from .rules_ranking import combination_kind, combination_text
from .state import (
    DEAL,
    KEEP,
    KEEP_BASE,
    LIFT,
    LIFTS_PER_TURN,
    LOTS,
    NO_SEAT,
    NUM_TOKENS,
    OVER,
    PENDING,
    PHASE_NAMES,
    READ,
    ROLL,
    TOKENS_PER_COLOUR,
    TURNS_PER_PLAYER,
    Lift,
    MemoryGravityPosition,
    MemoryGravitySettings,
)
from .state_json import dump, load
from .tables import (
    COLOUR_NAME,
    COLOUR_TOKEN_BITS,
    COMBINATION_KIND,
    COMBINATION_STRENGTH,
    COMBINATION_TEXT,
    DEAL_COUNT,
    DEAL_ORDERS,
    DEAL_OUTCOMES,
    FACE_COUNT,
    KEEPABLE_COLOURS,
    TOKEN_COLOUR,
    TOKEN_NAME,
    WANTED_TOKEN_BITS,
    ReadingTables,
    combination_index,
)
from .tensor import encode_observation, observation_size

ROLL_OFF_PASS_LIMIT = TIE_LIMIT
"""Tied roll-off passes in a row before the tied players draw lots (``gravity_three.rolloff``)."""

PERCEPTION_LEVELS = ("exact", "easy", "normal", "hard")
_DEAL_ACTIONS = range(len(PERMUTATIONS))
_ROLL_ACTIONS = frozenset(a for a, _ in ROLL_OUTCOMES)


# ---------------------------------------------------------------------------
# The ranking table
# ---------------------------------------------------------------------------


def combination_winners(kept_numbers: list[list[int]]) -> list[int]:
    """Seats holding the strongest combination; equal combinations share the win.

    The strength of each seat's three numbers is read off the ranking table (``tables.py``)."""
    strengths = [COMBINATION_STRENGTH[combination_index(numbers)] for numbers in kept_numbers]
    best = max(strengths)
    return [seat for seat, strength in enumerate(strengths) if strength == best]


# ---------------------------------------------------------------------------
# Game
# ---------------------------------------------------------------------------


class MemoryGravityGame(Game):
    ID = "memory-gravity"
    TITLE = "Memory × Gravity"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 3
    VERSION = 1
    PARAMS = (
        Param(
            "perception",
            "normal",
            "how well a lifted token's weight is felt: exact (no noise), easy, normal or hard",
            str,
            choices=PERCEPTION_LEVELS,
        ),
        Param("data", None, "path of a components TOML file (default: the packaged one)", str, nullable=True),
    )
    SUMMARY = (
        "Lift three face-down tokens a turn (never the same colour twice in a row), keep one, "
        "collect one of each colour; the strongest three numbers win (111 beats 555)."
    )
    RULEBOOK = "gravity-three.txt, Game 1"
    PRIVATE_FIELDS = ("readings",)

    def _check_params(self) -> None:
        self.components = load_components(self.params["data"])
        perception = PerceptionReadings(self.components, self.params["perception"])
        self.model: PerceptionModel = perception.model
        self.grams: tuple[float, ...] = perception.grams
        self.settings = MemoryGravitySettings(self.players, perception)
        self.reading_tables = ReadingTables(perception, self.players)

    def _dimensions(self) -> tuple[int, int, int]:
        n = self.players
        roll_off = ROLL_OFF_PASS_LIMIT * n + 1
        per_turn = LIFTS_PER_TURN * (1 if self.model.exact else 2) + 1
        length = 3 + roll_off + n * TURNS_PER_PLAYER * per_turn
        outcomes = max(len(PERMUTATIONS), len(ROLL_OUTCOMES), self.components.perception.grid_levels)
        return length, 2 * NUM_TOKENS, outcomes

    def _observation_shape(self) -> tuple[int, ...]:
        return (observation_size(self.players),)

    def new_initial_state(self) -> MemoryGravityState:
        return MemoryGravityState(self)

    def _state_from_body(self, body: Mapping[str, Any]) -> MemoryGravityState:
        state = MemoryGravityState(self)
        load(state, body)
        return state


# ---------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------


class MemoryGravityState(MemoryGravityPosition):
    """A position of Memory × Gravity with the game API and the rules of a turn."""

    __slots__ = ("rules_game",)

    def __init__(self, game: MemoryGravityGame) -> None:
        super().__init__(game, game.settings)
        self.rules_game = game
        """The game, typed as this game (``self.game`` is a plain Game)."""

    def clone(self) -> MemoryGravityState:
        new = MemoryGravityState.__new__(MemoryGravityState)
        new.rules_game = self.rules_game
        self.copy_position_into(new)
        return new

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def current_player(self) -> int:
        """The seat whose turn it is when it lifts or keeps; chance deals, rolls and reads; nobody at the end."""
        phase = self.phase
        if phase in (LIFT, KEEP):
            return (self.first_player + self.turn_number) % self.players
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        return self.phase == OVER

    # -- chance -------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == READ:  # the commonest chance step first
            token = self.lifts[-1].token
            return self.rules_game.reading_tables.outcomes[self.token_numbers[token] - 1].copy()
        if phase == DEAL:
            return list(DEAL_OUTCOMES)
        if phase == ROLL:
            return list(ROLL_OUTCOMES)
        if phase == LOTS:
            p = 1.0 / len(self.lot_seats)
            return [(i, p) for i in range(len(self.lot_seats))]
        return []

    def _is_chance_action(self, action: int) -> bool:
        # apply_action's check at a chance node, answered from the position (the same actions as
        # chance_outcomes: a reading the lifted number can give, one of the deals, a face, a tied seat).
        phase = self.phase
        if phase == READ:
            return self.rules_game.reading_tables.can_read(self.token_numbers[self.lifts[-1].token], action)
        if phase == DEAL:
            return 0 <= action < DEAL_COUNT
        if phase == ROLL:
            return 0 <= action < FACE_COUNT
        if phase == LOTS:
            return 0 <= action < len(self.lot_seats)
        return False

    def _chance_actions(self) -> Collection[int]:
        # The same actions as chance_outcomes, without building a list of 120 deals per check.
        phase = self.phase
        if phase == READ:
            return self.settings.perception.number_levels[self.token_numbers[self.lifts[-1].token] - 1]
        if phase == DEAL:
            return _DEAL_ACTIONS
        if phase == ROLL:
            return _ROLL_ACTIONS
        if phase == LOTS:
            return range(len(self.lot_seats))
        return ()

    # -- player moves ---------------------------------------------------------

    def _legal_actions(self) -> list[int]:
        if self.phase == LIFT:  # the commonest decision
            return self._legal_lifts()
        if self.phase == KEEP:
            lifted_bits = 0
            for t in self.lifted_this_turn:
                lifted_bits |= 1 << t
            keepable = lifted_bits & WANTED_TOKEN_BITS[self._kept_colours(self.turn_seat())]
            actions = ids_in_mask(keepable)
            for index in range(len(actions)):  # "keep t" is KEEP_BASE + t, in the list just built
                actions[index] += KEEP_BASE
            return actions
        return []

    def _kept_colours(self, seat: int) -> int:
        """Bit mask of the colours the seat keeps."""
        kept = 0
        for t in self.kept_tokens[seat]:
            kept |= 1 << TOKEN_COLOUR[t]
        return kept

    def _keepable_colours(self, seat: int) -> frozenset[int]:
        """Colours the seat may still keep: "cannot choose the same color Token that is already 'kept'"."""
        return KEEPABLE_COLOURS[self._kept_colours(seat)]

    def _legal_lifts(self) -> list[int]:
        """The lifting rules, plus "no dead end": the turn must leave a token the player may keep.

        Sets of tokens are bit masks (bit t: token t)."""
        lifted = self.lifted_this_turn
        lifted_bits = 0
        for t in lifted:
            lifted_bits |= 1 << t
        # On the table only; "cannot select the same Token more than once".
        free = self.tokens_on_table & ~lifted_bits
        # "cannot choose the same color Token in succession".
        candidates = free & ~COLOUR_TOKEN_BITS[TOKEN_COLOUR[lifted[-1]] if lifted else 3]
        wanted = WANTED_TOKEN_BITS[self._kept_colours((self.first_player + self.turn_number) % self.players)]
        if lifted_bits & wanted:
            legal = candidates
        elif len(lifted) + 1 == LIFTS_PER_TURN:
            legal = candidates & wanted
        # After an unwanted lift the next one can be of a wanted colour (no clash with the last colour),
        # as long as such a token is still on the table.
        elif free & wanted:
            legal = candidates
        else:
            legal = candidates & wanted
        return ids_in_mask(legal)

    def _may_lift(self, token: int) -> bool:
        return token in self._legal_lifts()

    def _may_keep(self, token: int) -> bool:
        return token in self.lifted_this_turn and token_colour(token) in self._keepable_colours(self.turn_seat())

    def _explain_illegal(self, action: int) -> str:
        if self.phase == LIFT:
            if not 0 <= action < NUM_TOKENS:
                return "this is the lifting step: lift a token on the table"
            if self.kept_by[action] != NO_SEAT:
                return f"{token_name(action)} was kept by seat {self.kept_by[action]} and is no longer on the table"
            if action in self.lifted_this_turn:
                return f"{token_name(action)} was already lifted this turn (the same token only once)"
            if self.lifted_this_turn and token_colour(self.lifted_this_turn[-1]) == token_colour(action):
                return f"the last lift was {COLOUR_NAMES[token_colour(action)]}: not the same colour in succession"
            return "after it no token you may keep (a colour you have not kept) could be lifted this turn"
        if self.phase == KEEP:
            if not KEEP_BASE <= action < 2 * NUM_TOKENS:
                return "this is the keeping step: keep one of the tokens lifted this turn"
            token = action - KEEP_BASE
            if token not in self.lifted_this_turn:
                return f"{token_name(token)} was not lifted this turn; keep one of the tokens assessed"
            return f"you already keep a {COLOUR_NAMES[token_colour(token)]} token"
        return "it is not one of the legal moves now"

    # -- transitions ----------------------------------------------------------

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == LIFT:  # the commonest steps first
            self._lift(action)
        elif phase == READ:
            self._read(action)
        elif phase == KEEP:
            self._keep(action - KEEP_BASE)
        elif phase == DEAL:
            self._deal_colour(action)
        elif phase == ROLL:
            self._roll(action)
        elif phase == LOTS:
            self._note_later(LOTS_LINE, self.lot_seats[action])
            self._decide_first(self.lot_seats[action])

    def _deal_colour(self, index: int) -> None:
        """Setup 1: "Place all the Tokens with the numbers facing down on the table randomly"."""
        colour = (NUM_TOKENS - self.token_numbers.count(0)) // TOKENS_PER_COLOUR  # colours dealt so far
        base = colour * TOKENS_PER_COLOUR
        self.token_numbers[base : base + TOKENS_PER_COLOUR] = DEAL_ORDERS[index]
        self._note_later("The %s tokens are shuffled and laid face down.", COLOUR_NAME[colour])
        if colour == 2:
            self.phase = ROLL

    def _roll(self, face: int) -> None:
        """Setup 2: "Players each roll the dice; the player with the highest number goes first"."""
        step = roll_for_first_player(self, self.roll_off, face, self.roll_off_passes, FIRST_PLAYER_WORDS)
        self.roll_off_passes = step.passes
        if step.first is not None:
            self._decide_first(step.first)
        elif step.lots:
            self.lot_seats = list(self.roll_off.contenders)
            self.phase = LOTS

    def _decide_first(self, seat: int) -> None:
        self.first_player = seat
        self.phase = LIFT

    def _lift(self, token: int) -> None:
        seat = (self.first_player + self.turn_number) % self.players
        self.lifted_this_turn.append(token)
        self._note_later("Seat %d lifts %s.", seat, TOKEN_NAME[token])
        if self.settings.perception.exact:
            self.lifts.append(Lift(seat, token, self.settings.perception.exact_levels[self.token_numbers[token] - 1]))
            self._after_reading()
        else:
            self.lifts.append(Lift(seat, token, PENDING))
            self.phase = READ

    def _read(self, level: int) -> None:
        self.lifts[-1].level = level  # the pending lift is this position's own (see Lift)
        self._after_reading()

    def _after_reading(self) -> None:
        lift = self.lifts[-1]
        # The reading is the lifter's alone: a private log line.
        self._note(self.rules_game.reading_tables.line(lift.seat, lift.token, lift.level), lift.seat)
        self.phase = KEEP if len(self.lifted_this_turn) == LIFTS_PER_TURN else LIFT

    def _keep(self, token: int) -> None:
        """Step 2: keep one assessed token; it leaves the table and is never touched again."""
        seat = self.turn_seat()
        self.kept_by[token] = seat
        self.tokens_on_table &= ~(1 << token)
        self.kept_tokens[seat].append(token)
        self.lifted_this_turn.clear()
        self._note_later("Seat %d keeps %s.", seat, TOKEN_NAME[token])
        self.turn_number += 1
        if self.turn_number == self.players * TURNS_PER_PLAYER:
            self.phase = OVER
            self._note_result()
        else:
            self.phase = LIFT

    def _note_result(self) -> None:
        kept = self.kept_numbers()
        for seat, numbers in enumerate(kept):
            row = combination_index(numbers)
            self._note_later("Seat %d reveals %s (%s).", seat, COMBINATION_TEXT[row], COMBINATION_KIND[row])
        winners = combination_winners(kept)
        self._note_later("Winner: seat %s.", " and seat ".join([str(seat) for seat in winners]))

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        kept = self.kept_numbers()
        winners = tuple(combination_winners(kept))
        reason = "strongest combination" if len(winners) == 1 else "equal strongest combinations"
        return Outcome(winners, reason, {"combinations": [combination_text(k) for k in kept]})

    # -- notation -------------------------------------------------------------

    def _action_text(self, action: int) -> str:
        phase = self.phase
        if phase == DEAL:
            return f"shuffle #{action}"
        if phase == ROLL:
            return f"roll {face_text(action)}"
        if phase == LOTS:
            return f"lots seat {self.lot_seats[action]}"
        if phase == READ:
            return f"feel {self.settings.perception.model.grams(action):.1f} g (level {action})"
        if 0 <= action < KEEP_BASE:
            return f"lift {token_name(action)}"
        if KEEP_BASE <= action < 2 * NUM_TOKENS:
            return f"keep {token_name(action - KEEP_BASE)}"
        return f"action {action}"

    # -- views ----------------------------------------------------------------

    def observation(self, seat: int | None) -> dict[str, JSON]:
        n = self.players
        obs: dict[str, JSON] = {
            "game": self.game.ID,
            "players": n,
            "seat": seat,
            "perception": self.game.params["perception"],
            "phase": PHASE_NAMES[self.phase],
            "current_player": self.current_player(),
            "roll_off": self.roll_off.view(),
            "first_player": None if self.first_player < 0 else self.first_player,
            "turn": self.turn_number,
            "turn_seat": None if self.first_player < 0 or self.phase == OVER else self.turn_seat(),
            "tokens": [
                {
                    "id": token_name(t),
                    "colour": COLOUR_NAMES[token_colour(t)],
                    "kept_by": None if self.kept_by[t] < 0 else self.kept_by[t],
                }
                for t in range(NUM_TOKENS)
            ],
            "this_turn": [token_name(t) for t in self.lifted_this_turn],
            "lifts": [{"seat": lift.seat, "token": token_name(lift.token)} for lift in self.lifts],
            "kept": [[token_name(t) for t in tokens] for tokens in self.kept_tokens],
        }
        if seat is not None:
            obs["readings"] = {
                "seat": seat,
                "lifts": [
                    {
                        "lift": i,
                        "token": token_name(lift.token),
                        "grams": self.settings.perception.reading_grams(lift.level),
                        "level": lift.level,
                    }
                    for i, lift in enumerate(self.lifts)
                    if lift.seat == seat and lift.level >= 0
                ],
            }
        if self.phase == OVER:
            kept = self.kept_numbers()
            obs["revealed"] = {
                "numbers": kept,
                "combinations": [combination_text(k) for k in kept],
                "kinds": [combination_kind(k) for k in kept],
                "winners": combination_winners(kept),
            }
        return obs

    def private_values(self, seat: int) -> dict[str, JSON]:
        return private_values_of(self.observation(seat), self.rules_game.PRIVATE_FIELDS)

    def observation_tensor(self, seat: int | None) -> list[float]:
        return encode_observation(self.observation(seat))

    # -- determinization -------------------------------------------------------

    def resample_from_infostate(self, seat: int, rng: random.Random) -> MemoryGravityState:
        """Redraw every colour's hidden order from its exact posterior given ``seat``'s readings,
        then redraw the other seats' readings from the perception model.

        Colours are independent given the readings (each reading concerns one token), so each
        colour's 120 orders are weighed by the likelihood of the seat's own readings of them."""
        new = self.clone()
        model = self.settings.perception.model
        grams = self.settings.perception.grams
        mine = [(lift.token, lift.level) for lift in self.lifts if lift.seat == seat and lift.level >= 0]
        for colour in range(3):
            if not self.token_numbers[colour * TOKENS_PER_COLOUR]:
                continue
            base = colour * TOKENS_PER_COLOUR
            evidence = [(t - base, level) for t, level in mine if base <= t < base + TOKENS_PER_COLOUR]
            weights = permutation_weights(model, grams, evidence)
            index = rng.choices(range(len(PERMUTATIONS)), weights=weights)[0]
            new.token_numbers[base : base + TOKENS_PER_COLOUR] = PERMUTATIONS[index]
        for index, lift in enumerate(new.lifts):
            if lift.seat != seat and lift.level >= 0:
                level = draw_outcome(model.outcomes(grams[new.token_numbers[lift.token] - 1]), rng)
                new.lifts[index] = Lift(lift.seat, lift.token, level)
        return new

    # -- JSON -------------------------------------------------------------------

    def _to_json_body(self) -> dict[str, JSON]:
        return dump(self)


# ---------------------------------------------------------------------------
# Helpers shared with the bot and the tensor
# ---------------------------------------------------------------------------


def permutation_weights(model: PerceptionModel, grams: Sequence[float], evidence: list[tuple[int, int]]) -> list[float]:
    """Weight of each of the 120 orders of one colour: the likelihood of ``(position, level)`` readings."""
    # Each reading's likelihood under each number, worked out once: an order only picks among them,
    # so the factors (and their product, in the same order) are those of calling it per order.
    rows = [(pos, [model.likelihood(level, g) for g in grams]) for pos, level in evidence]
    weights = []
    for perm in PERMUTATIONS:
        w = 1.0
        for pos, row in rows:
            w *= row[perm[pos] - 1]
            if w == 0.0:
                break
        weights.append(w)
    if sum(weights) <= 0.0:  # readings impossible under the model (a hand-made state): fall back to uniform
        return [1.0] * len(PERMUTATIONS)
    return weights
