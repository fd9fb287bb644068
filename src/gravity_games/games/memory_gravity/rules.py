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
from collections.abc import Collection, Mapping
from typing import Any

from gravity_games.core.api import (
    CHANCE,
    TERMINAL,
    Game,
    InvalidStateError,
    Outcome,
    Param,
    State,
)
from gravity_games.games.gravity_three import COLOUR_LETTERS, PerceptionModel, RollOff, face_text
from gravity_games.games.gravity_three.rolloff import ROLL_OUTCOMES, TIE_LIMIT, roll_for_first

from .data import (
    NUM_TOKENS,
    PERMUTATIONS,
    TOKEN_NAMES,
    TOKENS_PER_COLOUR,
    load_components,
    token_colour,
    token_name,
)

COLOUR_NAMES = ("black", "grey", "red")
LIFTS_PER_TURN = 3
TURNS_PER_PLAYER = 3
KEEP_BASE = NUM_TOKENS
"""Action ids: ``lift t`` is ``t`` (0-14), ``keep t`` is ``15 + t``."""

ROLL_OFF_PASS_LIMIT = TIE_LIMIT
"""Tied roll-off passes in a row before the tied players draw lots (``gravity_three.rolloff``)."""

# Phases of the flat state.
DEAL, ROLL, LOTS, LIFT, READ, KEEP, OVER = range(7)
PHASE_NAMES = ("deal", "roll-off", "lots", "lift", "reading", "keep", "over")

PERCEPTION_LEVELS = ("exact", "easy", "normal", "hard")
DEAL_OUTCOMES = tuple((i, 1.0 / len(PERMUTATIONS)) for i in range(len(PERMUTATIONS)))
_DEAL_ACTIONS = range(len(PERMUTATIONS))
_ROLL_ACTIONS = frozenset(a for a, _ in ROLL_OUTCOMES)
_TOKENS = range(NUM_TOKENS)
_COLOUR = tuple(token_colour(t) for t in _TOKENS)
"""Colour of each token id, as a table (asked for every token at every lift)."""
_KEEPABLE = tuple(frozenset(c for c in range(3) if not mask >> c & 1) for mask in range(8))
"""The colours still wanted, by the bit mask of colours kept."""
_ALL_TOKENS = (1 << NUM_TOKENS) - 1
_COLOUR_BITS = (*(sum(1 << t for t in _TOKENS if _COLOUR[t] == c) for c in range(3)), 0)
"""Bit mask of the tokens of each colour (index 3: no colour, for a turn's first lift)."""
_WANTED_BITS = tuple(sum(_COLOUR_BITS[c] for c in _KEEPABLE[mask]) for mask in range(8))
"""Bit mask of the tokens of the colours still wanted, by the bit mask of colours kept."""
_LOW_TOKENS = tuple(tuple(t for t in range(8) if m >> t & 1) for m in range(256))
_HIGH_TOKENS = tuple(tuple(t + 8 for t in range(7) if m >> t & 1) for m in range(128))
"""Token ids of the low 8 and the high 7 bits of a mask, in order."""


def _tokens_in(mask: int) -> tuple[int, ...]:
    """Token ids of a bit mask, in order (two table look-ups)."""
    return _LOW_TOKENS[mask & 0xFF] + _HIGH_TOKENS[mask >> 8]


_ACTOR = (CHANCE, CHANCE, CHANCE, None, CHANCE, None, TERMINAL)
"""Who acts in each phase: CHANCE, TERMINAL, or None for the seat whose turn it is."""


# ---------------------------------------------------------------------------
# The ranking table
# ---------------------------------------------------------------------------


def combination_key(numbers: list[int] | tuple[int, ...]) -> tuple[int, int]:
    """Strength of three kept numbers by the printed ranking table (bigger is stronger).

    Identical numbers beat consecutive numbers, which beat every other three-digit number;
    among identical numbers 111 is the strongest ("555 is beaten by 111"), then 555 ... 222;
    consecutive 543 > 432 > 321; the rest compare as three-digit numbers (554 ... 211).
    """
    a, b, c = sorted(numbers, reverse=True)
    if a == b == c:
        return (2, 6 if a == 1 else a)
    if a == b + 1 == c + 2:
        return (1, a)
    return (0, 100 * a + 10 * b + c)


def combination_kind(numbers: list[int] | tuple[int, ...]) -> str:
    return ("three-digit", "consecutive", "identical")[combination_key(numbers)[0]]


def combination_text(numbers: list[int] | tuple[int, ...]) -> str:
    """The numbers placed "in order of the bigger numbers": ``[2, 4, 3]`` -> ``"432"``."""
    return "".join(str(n) for n in sorted(numbers, reverse=True))


def combination_winners(kept_numbers: list[list[int]]) -> list[int]:
    """Seats holding the strongest combination; equal combinations share the win."""
    keys = [combination_key(nums) for nums in kept_numbers]
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]


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
        self.model: PerceptionModel = PerceptionModel.from_components(self.components, self.params["perception"])
        self.grams: list[float] = list(self.components.masses.grams)
        # Reading of each number when perception is exact: a table, not a chance node.
        self.exact_levels: list[int] = [self.model.nearest_level(g) for g in self.grams]
        self.exact: bool = self.model.exact
        # Tables for the hot path of play, derived once per game: the reading outcomes of each
        # number (a lift's chance node) and the set of their levels (apply_action's legality check).
        self.read_outcomes: list[tuple[tuple[int, float], ...]] = [tuple(self.model.outcomes(g)) for g in self.grams]
        self.read_levels: list[frozenset[int]] = [frozenset(a for a, _ in o) for o in self.read_outcomes]
        self._grams_of_level: dict[int, float] = {}
        self._text_of_level: dict[int, str] = {}

    def reading_grams(self, level: int) -> float:
        """What a reading shows: the grid value, or with exact perception the true mass itself."""
        cached = self._grams_of_level.get(level)
        if cached is None:
            if self.model.exact and level in self.exact_levels:
                cached = self.grams[self.exact_levels.index(level)]
            else:
                cached = self.model.grams(level)
            self._grams_of_level[level] = cached
        return cached

    def reading_text(self, level: int) -> str:
        """A reading's grams as the log writes them (one decimal), formatted once per level."""
        text = self._text_of_level.get(level)
        if text is None:
            text = self._text_of_level[level] = f"{self.reading_grams(level):.1f}"
        return text

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
        return MemoryGravityState.from_body(self, body)


# ---------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------


class MemoryGravityState(State):
    """Flat state. ``numbers[t]`` is token t's number (0 before the deal); ``keeper[t]`` the seat
    that kept it (-1 on the table); ``lifts`` every lift as ``[seat, token, level]`` (level -1
    while its reading is pending); ``this_turn`` the tokens lifted this turn in order."""

    __slots__ = (
        "first",
        "keeper",
        "kept",
        "lifts",
        "lots",
        "numbers",
        "passes",
        "phase",
        "rolloff",
        "table",
        "this_turn",
        "turn",
    )

    game: MemoryGravityGame

    def __init__(self, game: MemoryGravityGame) -> None:
        super().__init__(game)
        n = game.players
        self.phase = DEAL
        self.numbers: list[int] = [0] * NUM_TOKENS
        self.rolloff = RollOff(list(range(n)))
        self.passes = 0
        self.lots: list[int] = []
        self.first = -1
        self.turn = 0
        self.this_turn: list[int] = []
        self.lifts: list[list[int]] = []
        self.keeper: list[int] = [-1] * NUM_TOKENS
        self.kept: list[list[int]] = [[] for _ in range(n)]
        self.table = _ALL_TOKENS  # bit mask of the tokens on the table (keeper -1); derived, not saved

    # -- basics -------------------------------------------------------------

    def clone(self) -> MemoryGravityState:
        new = MemoryGravityState.__new__(MemoryGravityState)
        self._copy_base_into(new)
        new.game = self.game
        new.phase = self.phase
        new.numbers = list(self.numbers)
        new.rolloff = self.rolloff.copy()
        new.passes = self.passes
        new.lots = list(self.lots)
        new.first = self.first
        new.turn = self.turn
        new.this_turn = list(self.this_turn)
        new.lifts = [list(lift) for lift in self.lifts]
        new.keeper = list(self.keeper)
        new.kept = [list(k) for k in self.kept]
        new.table = self.table
        return new

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def turn_seat(self) -> int:
        """The seat whose turn it is: clockwise from the first player."""
        return (self.first + self.turn) % self.game.players

    def current_player(self) -> int:
        who = _ACTOR[self.phase]
        return (self.first + self.turn) % self.game.players if who is None else who

    def is_terminal(self) -> bool:
        return self.phase == OVER

    # -- chance -------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == READ:  # the commonest chance step first
            token = self.lifts[-1][1]
            return list(self.game.read_outcomes[self.numbers[token] - 1])
        if phase == DEAL:
            return list(DEAL_OUTCOMES)
        if phase == ROLL:
            return list(ROLL_OUTCOMES)
        if phase == LOTS:
            p = 1.0 / len(self.lots)
            return [(i, p) for i in range(len(self.lots))]
        return []

    def _chance_actions(self) -> Collection[int]:
        # The same actions as chance_outcomes, without building a list of 120 deals per check.
        phase = self.phase
        if phase == READ:
            return self.game.read_levels[self.numbers[self.lifts[-1][1]] - 1]
        if phase == DEAL:
            return _DEAL_ACTIONS
        if phase == ROLL:
            return _ROLL_ACTIONS
        if phase == LOTS:
            return range(len(self.lots))
        return ()

    # -- player moves ---------------------------------------------------------

    def _legal_actions(self) -> list[int]:
        if self.phase == LIFT:  # the commonest decision
            return self._legal_lifts()
        if self.phase == KEEP:
            lifted_bits = 0
            for t in self.this_turn:
                lifted_bits |= 1 << t
            wanted = _WANTED_BITS[self._kept_colours(self.turn_seat())]
            return [KEEP_BASE + t for t in _tokens_in(lifted_bits & wanted)]
        return []

    def _kept_colours(self, seat: int) -> int:
        """Bit mask of the colours the seat keeps."""
        kept = 0
        for t in self.kept[seat]:
            kept |= 1 << _COLOUR[t]
        return kept

    def _keepable_colours(self, seat: int) -> frozenset[int]:
        """Colours the seat may still keep: "cannot choose the same color Token that is already 'kept'"."""
        return _KEEPABLE[self._kept_colours(seat)]

    def _legal_lifts(self) -> list[int]:
        """The lifting rules, plus "no dead end": the turn must leave a token the player may keep.

        Sets of tokens are bit masks (bit t: token t)."""
        lifted = self.this_turn
        lifted_bits = 0
        for t in lifted:
            lifted_bits |= 1 << t
        # On the table only; "cannot select the same Token more than once".
        free = self.table & ~lifted_bits
        # "cannot choose the same color Token in succession".
        candidates = free & ~_COLOUR_BITS[_COLOUR[lifted[-1]] if lifted else 3]
        wanted = _WANTED_BITS[self._kept_colours((self.first + self.turn) % self.game.players)]
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
        return list(_tokens_in(legal))

    def _may_lift(self, token: int) -> bool:
        return token in self._legal_lifts()

    def _may_keep(self, token: int) -> bool:
        return token in self.this_turn and token_colour(token) in self._keepable_colours(self.turn_seat())

    def _explain_illegal(self, action: int) -> str:
        if self.phase == LIFT:
            if not 0 <= action < NUM_TOKENS:
                return "this is the lifting step: lift a token on the table"
            if self.keeper[action] != -1:
                return f"{token_name(action)} was kept by seat {self.keeper[action]} and is no longer on the table"
            if action in self.this_turn:
                return f"{token_name(action)} was already lifted this turn (the same token only once)"
            if self.this_turn and token_colour(self.this_turn[-1]) == token_colour(action):
                return f"the last lift was {COLOUR_NAMES[token_colour(action)]}: not the same colour in succession"
            return "after it no token you may keep (a colour you have not kept) could be lifted this turn"
        if self.phase == KEEP:
            if not KEEP_BASE <= action < 2 * NUM_TOKENS:
                return "this is the keeping step: keep one of the tokens lifted this turn"
            token = action - KEEP_BASE
            if token not in self.this_turn:
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
            self._decide_first(self.lots[action], f"Lots drawn: seat {self.lots[action]} goes first.")

    def _deal_colour(self, index: int) -> None:
        """Setup 1: "Place all the Tokens with the numbers facing down on the table randomly"."""
        colour = (NUM_TOKENS - self.numbers.count(0)) // TOKENS_PER_COLOUR  # colours dealt so far
        base = colour * TOKENS_PER_COLOUR
        self.numbers[base : base + TOKENS_PER_COLOUR] = PERMUTATIONS[index]
        self._note(f"The {COLOUR_NAMES[colour]} tokens are shuffled and laid face down.")
        if colour == 2:
            self.phase = ROLL

    def _roll(self, face: int) -> None:
        """Setup 2: "Players each roll the dice; the player with the highest number goes first"."""
        roll_for_first(self, face, LOTS, ROLL_OFF_PASS_LIMIT)

    def _decide_first(self, seat: int, line: str) -> None:
        self.first = seat
        self.phase = LIFT
        self._note(line)

    def _lift(self, token: int) -> None:
        seat = (self.first + self.turn) % self.game.players
        self.this_turn.append(token)
        self._note(f"Seat {seat} lifts {TOKEN_NAMES[token]}.")
        if self.game.exact:
            self.lifts.append([seat, token, self.game.exact_levels[self.numbers[token] - 1]])
            self._after_reading()
        else:
            self.lifts.append([seat, token, -1])
            self.phase = READ

    def _read(self, level: int) -> None:
        self.lifts[-1][2] = level
        self._after_reading()

    def _after_reading(self) -> None:
        seat, token, level = self.lifts[-1]
        # The reading is the lifter's alone: a private log line.
        self._note(f"Seat {seat} feels {TOKEN_NAMES[token]} at {self.game.reading_text(level)} g.", seat)
        self.phase = KEEP if len(self.this_turn) == LIFTS_PER_TURN else LIFT

    def _keep(self, token: int) -> None:
        """Step 2: keep one assessed token; it leaves the table and is never touched again."""
        seat = self.turn_seat()
        self.keeper[token] = seat
        self.table &= ~(1 << token)
        self.kept[seat].append(token)
        self.this_turn = []
        self._note(f"Seat {seat} keeps {TOKEN_NAMES[token]}.")
        self.turn += 1
        if self.turn == self.game.players * TURNS_PER_PLAYER:
            self.phase = OVER
            self._note_result()
        else:
            self.phase = LIFT

    def kept_numbers(self) -> list[list[int]]:
        return [[self.numbers[t] for t in tokens] for tokens in self.kept]

    def _note_result(self) -> None:
        kept = self.kept_numbers()
        for seat, nums in enumerate(kept):
            self._note(f"Seat {seat} reveals {combination_text(nums)} ({combination_kind(nums)}).")
        winners = combination_winners(kept)
        self._note("Winner: seat " + " and seat ".join(map(str, winners)) + ".")

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
            return f"lots seat {self.lots[action]}"
        if phase == READ:
            return f"feel {self.game.model.grams(action):.1f} g (level {action})"
        if 0 <= action < KEEP_BASE:
            return f"lift {token_name(action)}"
        if KEEP_BASE <= action < 2 * NUM_TOKENS:
            return f"keep {token_name(action - KEEP_BASE)}"
        return f"action {action}"

    # -- views ----------------------------------------------------------------

    def observation(self, seat: int | None) -> dict[str, Any]:
        n = self.game.players
        obs: dict[str, Any] = {
            "game": self.game.ID,
            "players": n,
            "seat": seat,
            "perception": self.game.params["perception"],
            "phase": PHASE_NAMES[self.phase],
            "current_player": self.current_player(),
            "roll_off": {
                "contenders": list(self.rolloff.contenders),
                "rolls": [face_text(f) for f in self.rolloff.rolls],
            },
            "first_player": None if self.first < 0 else self.first,
            "turn": self.turn,
            "turn_seat": None if self.first < 0 or self.phase == OVER else self.turn_seat(),
            "tokens": [
                {"id": token_name(t), "colour": COLOUR_NAMES[token_colour(t)], "kept_by": _none(self.keeper[t])}
                for t in range(NUM_TOKENS)
            ],
            "this_turn": [token_name(t) for t in self.this_turn],
            "lifts": [{"seat": s, "token": token_name(t)} for s, t, _ in self.lifts],
            "kept": [[token_name(t) for t in tokens] for tokens in self.kept],
        }
        if seat is not None:
            obs["readings"] = {
                "seat": seat,
                "lifts": [
                    {"lift": i, "token": token_name(t), "grams": self.game.reading_grams(level), "level": level}
                    for i, (s, t, level) in enumerate(self.lifts)
                    if s == seat and level >= 0
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

    def private_values(self, seat: int) -> dict[str, Any]:
        return {"readings": self.observation(seat)["readings"]}

    def observation_tensor(self, seat: int | None) -> list[float]:
        return encode_observation(self.observation(seat))

    # -- determinization -------------------------------------------------------

    def resample_from_infostate(self, seat: int, rng: random.Random) -> MemoryGravityState:
        """Redraw every colour's hidden order from its exact posterior given ``seat``'s readings,
        then redraw the other seats' readings from the perception model.

        Colours are independent given the readings (each reading concerns one token), so each
        colour's 120 orders are weighed by the likelihood of the seat's own readings of them."""
        new = self.clone()
        model = self.game.model
        grams = self.game.grams
        mine = [(t, level) for s, t, level in self.lifts if s == seat and level >= 0]
        for colour in range(3):
            if not self.numbers[colour * TOKENS_PER_COLOUR]:
                continue
            base = colour * TOKENS_PER_COLOUR
            evidence = [(t - base, level) for t, level in mine if base <= t < base + TOKENS_PER_COLOUR]
            weights = permutation_weights(model, grams, evidence)
            index = rng.choices(range(len(PERMUTATIONS)), weights=weights)[0]
            new.numbers[base : base + TOKENS_PER_COLOUR] = PERMUTATIONS[index]
        for lift in new.lifts:
            if lift[0] != seat and lift[2] >= 0:
                lift[2] = _draw(model.outcomes(grams[new.numbers[lift[1]] - 1]), rng)
        return new

    # -- JSON -------------------------------------------------------------------

    def _to_json_body(self) -> dict[str, Any]:
        return {
            "phase": PHASE_NAMES[self.phase],
            "numbers": list(self.numbers),
            "roll_off": self.rolloff.to_json(),
            "roll_off_passes": self.passes,
            "lots": list(self.lots),
            "first_player": self.first,
            "turn": self.turn,
            "this_turn": [token_name(t) for t in self.this_turn],
            "lifts": [[s, token_name(t), level] for s, t, level in self.lifts],
            "kept": [[token_name(t) for t in tokens] for tokens in self.kept],
        }

    @classmethod
    def from_body(cls, game: MemoryGravityGame, body: Mapping[str, Any]) -> MemoryGravityState:
        state = cls(game)
        n = game.players
        phase = body["phase"]
        if phase not in PHASE_NAMES:
            raise InvalidStateError(f"memory-gravity: unknown phase {phase!r}; one of {', '.join(PHASE_NAMES)}")
        state.phase = PHASE_NAMES.index(phase)
        numbers = [int(x) for x in body["numbers"]]
        if len(numbers) != NUM_TOKENS or any(not 0 <= x <= 5 for x in numbers):
            raise InvalidStateError("memory-gravity: 'numbers' needs 15 numbers from 0 (not dealt) to 5")
        for colour in range(3):
            part = numbers[colour * 5 : colour * 5 + 5]
            if any(part) and sorted(part) != [1, 2, 3, 4, 5]:
                raise InvalidStateError(f"memory-gravity: the {COLOUR_NAMES[colour]} numbers must be 1-5 once each")
        state.numbers = numbers
        state.rolloff = RollOff.from_json(body["roll_off"])
        state.passes = int(body["roll_off_passes"])
        state.lots = [int(s) for s in body["lots"]]
        state.first = int(body["first_player"])
        state.turn = int(body["turn"])
        state.this_turn = [_token_id(x) for x in body["this_turn"]]
        state.lifts = [[int(s), _token_id(t), int(level)] for s, t, level in body["lifts"]]
        kept = [[_token_id(x) for x in tokens] for tokens in body["kept"]]
        if len(kept) != n:
            raise InvalidStateError(f"memory-gravity: 'kept' needs one list per seat ({n})")
        state.kept = kept
        for seat, tokens in enumerate(kept):
            for t in tokens:
                state.keeper[t] = seat
                state.table &= ~(1 << t)
        if not -1 <= state.first < n or any(not 0 <= s < n for s, _, _ in state.lifts):
            raise InvalidStateError(f"memory-gravity: seats must lie in 0-{n - 1}")
        if not 0 <= state.turn <= n * TURNS_PER_PLAYER:
            raise InvalidStateError(f"memory-gravity: 'turn' must lie in 0-{n * TURNS_PER_PLAYER}")
        lifted = len(state.this_turn)
        if len(set(state.this_turn)) != lifted or lifted > LIFTS_PER_TURN:
            raise InvalidStateError("memory-gravity: 'this_turn' holds up to three different tokens")
        if (state.phase == KEEP) != (lifted == LIFTS_PER_TURN) and state.phase in (LIFT, KEEP):
            raise InvalidStateError("memory-gravity: phase 'keep' comes exactly after three lifts")
        if state.phase == READ and (not state.lifts or state.lifts[-1][2] != -1):
            raise InvalidStateError("memory-gravity: phase 'reading' needs a last lift with level -1")
        if any(state.keeper[t] != -1 for t in state.this_turn):
            raise InvalidStateError("memory-gravity: a kept token cannot be lifted this turn")
        return state


# ---------------------------------------------------------------------------
# Helpers shared with the bot and the tensor
# ---------------------------------------------------------------------------


def permutation_weights(model: PerceptionModel, grams: list[float], evidence: list[tuple[int, int]]) -> list[float]:
    """Weight of each of the 120 orders of one colour: the likelihood of ``(position, level)`` readings."""
    weights = []
    for perm in PERMUTATIONS:
        w = 1.0
        for pos, level in evidence:
            w *= model.likelihood(level, grams[perm[pos] - 1])
            if w == 0.0:
                break
        weights.append(w)
    if sum(weights) <= 0.0:  # readings impossible under the model (a hand-made state): fall back to uniform
        return [1.0] * len(PERMUTATIONS)
    return weights


def _draw(outcomes: tuple[tuple[int, float], ...] | list[tuple[int, float]], rng: random.Random) -> int:
    x = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if x < acc:
            return action
    return outcomes[-1][0]


def _none(value: int) -> int | None:
    return None if value < 0 else value


def _token_id(name: Any) -> int:
    text = str(name).strip().upper()
    if len(text) == 2 and text[0] in COLOUR_LETTERS and text[1] in "12345":
        return COLOUR_LETTERS.index(text[0]) * TOKENS_PER_COLOUR + int(text[1]) - 1
    raise InvalidStateError(f"memory-gravity: {name!r} is not a token id; ids are K1-K5, G1-G5, R1-R5")


# Observation tensor layout (computed from the observation dict, so equal observations give equal tensors).
_PHASES = len(PHASE_NAMES)
_HEADER = 3 + 2 + _PHASES + 10 + 3 + 3  # seat, players, phase, turn, first player, seat to act
_LIFT = 3 + NUM_TOKENS + 1  # lifter, token, own reading (grams / 25; 0 when not this seat's or pending)


def observation_size(players: int) -> int:
    """Length of the tensor: header, keepers, every lift in order, this turn's lifts, keeps in order, reveal."""
    lifts = players * TURNS_PER_PLAYER * LIFTS_PER_TURN
    return _HEADER + NUM_TOKENS * 3 + lifts * _LIFT + LIFTS_PER_TURN * NUM_TOKENS + 3 * 3 * NUM_TOKENS + 9


def encode_observation(obs: Mapping[str, Any]) -> list[float]:
    """Flat encoding of a memory-gravity observation: every lift in order (who, which token, and the
    seat's own reading), so the tensor carries the whole observation except the roll-off's rolls."""
    players = obs["players"]
    out = [0.0] * observation_size(players)
    index = {token["id"]: k for k, token in enumerate(obs["tokens"])}

    def hot(offset: int, value: int | None) -> None:
        if value is not None:
            out[offset + value] = 1.0

    hot(0, obs["seat"])
    hot(3, players - 2)
    hot(5, PHASE_NAMES.index(obs["phase"]))
    i = 5 + _PHASES
    hot(i, obs["turn"])
    hot(i + 10, obs["first_player"])
    hot(i + 13, obs["turn_seat"])
    i = _HEADER
    for k, token in enumerate(obs["tokens"]):
        hot(i + 3 * k, token["kept_by"])
    i += NUM_TOKENS * 3
    mine = {r["lift"]: r["grams"] for r in obs.get("readings", {}).get("lifts", [])}
    for n, lift in enumerate(obs["lifts"]):
        base = i + n * _LIFT
        hot(base, lift["seat"])
        hot(base + 3, index[lift["token"]])
        out[base + 3 + NUM_TOKENS] = mine.get(n, 0.0) / 25.0
    i += players * TURNS_PER_PLAYER * LIFTS_PER_TURN * _LIFT
    for order, name in enumerate(obs["this_turn"]):
        hot(i + order * NUM_TOKENS, index[name])
    i += LIFTS_PER_TURN * NUM_TOKENS
    for seat, kept in enumerate(obs["kept"]):
        for order, name in enumerate(kept):
            hot(i + (seat * 3 + order) * NUM_TOKENS, index[name])
    i += 3 * 3 * NUM_TOKENS
    if "revealed" in obs:
        for seat, numbers in enumerate(obs["revealed"]["numbers"]):
            for j, number in enumerate(numbers):
                out[i + seat * 3 + j] = number / 5.0
    return out
