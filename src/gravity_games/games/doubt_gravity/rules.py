"""Doubt × Gravity: the rules (Game 3 of the Gravity Three rulebook).

Tokens are physical objects with a public id ``p`` (colour ``p // 5``, ids handed out in the
order tokens leave the box) and a hidden number ``number[p]``. A token's place is public
(whose hand, the stack, out of the game); its number is known to the seats that held it and,
once turned over, to everybody. Flat lists and a hand-written ``clone`` keep playouts fast.
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
    State,
)
from gravity_games.games.gravity_three import DIE_FACES, G_FACE, ROLL_OUTCOMES, RollOff
from gravity_games.games.gravity_three.rolloff import roll_off_with_tie_limit

from .data import COLOUR_LETTERS, COLOUR_NAMES, Components, PerceptionModel, load_components
from .ids import (
    A_COLOUR,
    A_CORRECT,
    A_DONE,
    A_DOUBT,
    A_NUMBER,
    COLOURS,
    LOC_BOX,
    LOC_NAMES,
    LOC_OUT,
    LOC_REMOVED,
    LOC_STACK,
    LOC_UNUSED,
    NUM_ACTIONS,
    P_ASSESS,
    P_COLOUR,
    P_DEAL,
    P_DESIGNATE,
    P_END,
    P_EXTRA,
    P_LIFT,
    P_LOTS,
    P_PLACE,
    P_REMOVE,
    P_ROLL,
    P_ROLLOFF,
    PER_COLOUR,
    PHASE_NAMES,
    ROLLOFF_PASSES,
    SAID_WORDS,
    TOKENS,
    token_name,
)
from .state_json import fill_state_from_body, state_to_body
from .tensor import encode_observation, observation_tensor_size

_DEAL_OUTCOMES: dict[tuple[int, ...], tuple[tuple[tuple[int, float], ...], frozenset[int]]] = {}
"""Deal outcomes and their actions by (colour, numbers drawn so far for its five ids): at most a few hundred."""
_ROLL_ACTIONS = frozenset(a for a, _ in ROLL_OUTCOMES)
_PLACE_BASE = tuple(p - p % PER_COLOUR - 1 for p in range(TOKENS))
"""Placing token p is action ``colour * 5 + number - 1``: ``_PLACE_BASE[p] + number``."""
_ACTOR: tuple[int | None, ...] = tuple(
    CHANCE if p in (P_REMOVE, P_DEAL, P_ROLLOFF, P_ROLL, P_LIFT, P_LOTS) else TERMINAL if p == P_END else None
    for p in range(len(PHASE_NAMES))
)
"""CHANCE or TERMINAL for the phases nobody chooses in, None where a seat acts."""


# -- the game --------------------------------------------------------------------------


class DoubtGravity(Game):
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
    lift_outcomes: dict[float, tuple[tuple[tuple[int, float], ...], frozenset[int]]]

    def _check_params(self) -> None:
        self.components = load_components(self.params["data"])
        self.model = PerceptionModel.from_components(self.components, self.params["perception"])
        self.grams = tuple(self.components.masses.grams)
        # 2 players: 4 + 2 tokens each; 3 players: 2 + 1 each.
        self.tokens_in_play = 12 if self.players == 2 else 9
        # stack mass -> (reading outcomes, the set of their levels)
        self.lift_outcomes: dict[float, tuple[tuple[tuple[int, float], ...], frozenset[int]]] = {}

    def _dimensions(self) -> tuple[int, int, int]:
        n = self.players
        setup = COLOURS + n + n + self.tokens_in_play + ROLLOFF_PASSES * n + 1
        per_round = 1 + 1 + self.tokens_in_play + n + 2 * n
        length = setup + self.params["max_rounds"] * per_round
        outcomes = max(TOKENS, len(DIE_FACES), self.components.perception.grid_levels)
        return length, NUM_ACTIONS, outcomes

    def _observation_shape(self) -> tuple[int, ...]:
        return (observation_tensor_size(self.params["max_rounds"]),)

    def new_initial_state(self) -> DoubtState:
        return DoubtState(self)

    def _state_from_body(self, body: Mapping[str, Any]) -> DoubtState:
        return DoubtState.from_body(self, body)


# -- the state -------------------------------------------------------------------------


class DoubtState(State):
    """One position of Doubt × Gravity."""

    __slots__ = (
        "assess_index",
        "assessor",
        "chooser",
        "colour",
        "deal",
        "designated",
        "dg",
        "die",
        "doubt_card",
        "extra",
        "first",
        "hand_n",
        "hands",
        "known",
        "loc",
        "n",
        "next_slot",
        "number",
        "owner",
        "phase",
        "placed",
        "public",
        "readings",
        "reason",
        "rolloff",
        "rolloff_passes",
        "round",
        "rounds",
        "said",
        "stack",
        "token_steps",
        "turn_index",
        "winners",
    )

    def __init__(self, game: DoubtGravity, *, blank: bool = False) -> None:
        super().__init__(game)
        self.dg = game  # typed reference (``self.game`` is a plain Game)
        self.n = game.players
        if blank:
            return
        n = game.players
        self.phase = P_REMOVE
        self.number = [0] * TOKENS  # 0 = not yet drawn
        self.loc = [LOC_BOX] * TOKENS
        self.known = [0] * TOKENS  # bit s: seat s knows the number
        self.public = [False] * TOKENS  # turned over (or shown at the end)
        self.owner = [-1] * TOKENS  # who placed it on the current stack
        self.stack: list[int] = []  # bottom first
        self.hand_n = [0] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]  # token ids per seat (any order)
        self.colour = [-1] * n
        self.extra = [-1] * n
        self.chooser = 0
        self.deal: list[tuple[int, int]] = []
        self.next_slot = [0] * COLOURS
        self.rolloff: RollOff | None = None
        self.rolloff_passes = 0
        self.round = 0
        self.first = -1
        self.die = -1
        self.designated = 0
        self.turn_index = 0
        self.placed = 0
        self.assess_index = 0
        self.assessor = -1
        self.said: list[tuple[int, int]] = []
        self.readings: list[tuple[int, int, int, tuple[int, ...]]] = []  # seat, round, level, stack
        self.rounds: list[dict[str, Any]] = []  # public summaries of finished rounds
        self.token_steps: list[int] = []  # history indices of steps that name a number
        self.doubt_card = -1
        self.winners: tuple[int, ...] = ()
        self.reason = ""

    # -- API hooks -----------------------------------------------------------------

    def current_player(self) -> int:
        phase = self.phase
        if phase == P_PLACE:  # the commonest step first
            return (self.first + self.turn_index) % self.n
        who = _ACTOR[phase]
        if who is not None:  # chance, or the end
            return who
        if phase == P_ASSESS:
            return self.assessor
        if phase == P_DESIGNATE:
            return self.first
        return self.chooser  # P_COLOUR, P_EXTRA

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == P_PLACE:
            seat = (self.first + self.turn_index) % self.n
            number = self.number
            base = _PLACE_BASE
            actions = [base[p] + number[p] for p in self.hands[seat]]
            actions.sort()
            actions.append(A_DONE)
            return actions
        if phase == P_ASSESS:
            return [A_CORRECT, A_DOUBT]
        if phase == P_COLOUR:
            return [A_COLOUR + c for c in range(COLOURS) if c not in self.colour]
        if phase == P_EXTRA:
            own = self.colour[self.chooser]
            return [A_COLOUR + c for c in range(COLOURS) if c != own]
        if phase == P_DESIGNATE:
            return list(range(A_NUMBER, A_NUMBER + 5))
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        # Every list handed out is a fresh copy: the tables are shared by every state in the
        # process, and a caller that edits the list it was given must never change later games.
        phase = self.phase
        if phase == P_LIFT:
            return list(self._lift_outcomes()[0])
        if phase in (P_ROLL, P_ROLLOFF):
            return list(ROLL_OUTCOMES)
        if phase == P_DEAL:
            return list(self._deal_outcomes()[0])
        if phase == P_REMOVE:
            colour = self.next_slot.index(0)
            return [(colour * PER_COLOUR + k, 1.0 / PER_COLOUR) for k in range(PER_COLOUR)]
        if phase == P_LOTS:
            assert self.rolloff is not None
            tied = self.rolloff.contenders
            return [(i, 1.0 / len(tied)) for i in range(len(tied))]
        return []

    def _chance_actions(self) -> Collection[int]:
        # apply_action's check at a chance node: sets kept beside the outcome lists, not rebuilt per step.
        phase = self.phase
        if phase == P_LIFT:
            return self._lift_outcomes()[1]
        if phase in (P_ROLL, P_ROLLOFF):
            return _ROLL_ACTIONS
        if phase == P_DEAL:
            return self._deal_outcomes()[1]
        if phase == P_REMOVE:
            colour = self.next_slot.index(0)
            return range(colour * PER_COLOUR, colour * PER_COLOUR + PER_COLOUR)
        if phase == P_LOTS:
            assert self.rolloff is not None
            return range(len(self.rolloff.contenders))
        return ()

    def _lift_outcomes(self) -> tuple[tuple[tuple[int, float], ...], frozenset[int]]:
        """The readings a lift of the stack can give (the perception model, once per stack mass)."""
        mass = self.stack_mass()
        entry = self.dg.lift_outcomes.get(mass)
        if entry is None:
            outcomes = tuple(self.dg.model.outcomes(mass))
            entry = self.dg.lift_outcomes[mass] = (outcomes, frozenset(a for a, _ in outcomes))
        return entry

    def _deal_outcomes(self) -> tuple[tuple[tuple[int, float], ...], frozenset[int]]:
        """The next token dealt: any number of its colour still in the box, equally likely."""
        colour = self.deal[0][1]
        base = colour * PER_COLOUR
        key = (colour, *self.number[base : base + PER_COLOUR])
        entry = _DEAL_OUTCOMES.get(key)
        if entry is None:
            free = self.free_numbers(colour)
            outcomes = tuple((base + k - 1, 1.0 / len(free)) for k in free)
            entry = _DEAL_OUTCOMES[key] = (outcomes, frozenset(a for a, _ in outcomes))
        return entry

    def _apply(self, action: int) -> None:
        phase = self.phase
        # A step whose id names a token's number (a placement, a removal, a deal) is remembered
        # in token_steps, so that a determinization can rewrite its history to match the
        # numbers it redrew.
        if phase == P_PLACE:
            if action < A_DONE:
                self.token_steps.append(len(self._history))
            self.place_token(action)
        elif phase == P_ASSESS:
            self.assess(action)
        elif phase == P_LIFT:
            self.record_reading(action)
        elif phase == P_DEAL:
            self.token_steps.append(len(self._history))
            self.deal_token(action // PER_COLOUR, action % PER_COLOUR + 1)
        elif phase == P_ROLL:
            self.roll_designated_number(action)
        elif phase == P_DESIGNATE:
            self.designate(action - A_NUMBER + 1)
        elif phase == P_REMOVE:
            self.token_steps.append(len(self._history))
            self.remove_token(action // PER_COLOUR, action % PER_COLOUR + 1)
        elif phase == P_COLOUR:
            self.choose_colour(action - A_COLOUR)
        elif phase == P_EXTRA:
            self.choose_extra_colour(action - A_COLOUR)
        elif phase == P_ROLLOFF:
            self.roll_for_first_player(action)
        elif phase == P_LOTS:
            assert self.rolloff is not None
            self.decide_first_player(self.rolloff.contenders[action])

    def is_terminal(self) -> bool:
        return self.phase == P_END

    def outcome(self) -> Outcome | None:
        if self.phase != P_END:
            return None
        return Outcome(
            self.winners,
            self.reason,
            {"tokens_left": list(self.hand_n), "doubt_card": None if self.doubt_card < 0 else self.doubt_card},
        )

    def standings(self) -> list[float]:
        """Minus the tokens each seat still holds (the fewest wins), half a token more for the
        Doubt Card (it breaks ties); higher is ahead.

        For the balance report's lead changes and a search's leaf values. Hand sizes are public.
        """
        return [-float(n) + (0.5 if s == self.doubt_card else 0.0) for s, n in enumerate(self.hand_n)]

    # -- helpers -------------------------------------------------------------------

    def token_in_hand(self, seat: int, action: int) -> int:
        """The physical token of ``seat`` whose colour and number the action names (-1: none).

        A colour's five ids carry its five numbers once each, so the token is the id of that
        colour showing the number (searched by ``list.index``); it must lie in the seat's hand."""
        base = action - action % PER_COLOUR
        try:
            p = self.number.index(action - base + 1, max(base, 0), base + PER_COLOUR)
        except ValueError:
            return -1
        return p if self.loc[p] == seat else -1

    def free_numbers(self, colour: int) -> list[int]:
        """Numbers of ``colour`` still in the box (not removed, not dealt)."""
        used = self.number[colour * PER_COLOUR : colour * PER_COLOUR + PER_COLOUR]
        return [k for k in (1, 2, 3, 4, 5) if k not in used]

    def stack_mass(self) -> float:
        grams = self.dg.grams
        number = self.number
        mass: float = 0  # summed bottom first, as sum() did: the lift tables are keyed by this float
        for p in self.stack:
            mass += grams[number[p] - 1]
        return mass

    def _new_token(self, colour: int, number: int, where: int) -> int:
        p = colour * PER_COLOUR + self.next_slot[colour]
        self.next_slot[colour] += 1
        self.number[p] = number
        self.loc[p] = where
        if where >= 0:
            self.known[p] |= 1 << where
            self.hand_n[where] += 1
            self.hands[where].append(p)
        return p

    # -- setup ---------------------------------------------------------------------

    def remove_token(self, colour: int, number: int) -> None:
        """Setup 1: one token of each colour leaves the game, its number hidden from all."""
        self._new_token(colour, number, LOC_REMOVED)
        if 0 not in self.next_slot:
            self._note("One token of each colour is removed face down; nobody may look at them.")
            self.phase = P_COLOUR
            self.chooser = 0

    def choose_colour(self, colour: int) -> None:
        """Setup 2: each player chooses a colour (the last one in 3 players has no choice)."""
        self.colour[self.chooser] = colour
        self._note(f"Seat {self.chooser} chooses {COLOUR_NAMES[colour]}.")
        self.chooser += 1
        n = self.game.players
        if n == 3 and self.chooser == 2:
            last = next(c for c in range(COLOURS) if c not in self.colour)
            self.colour[2] = last
            self._note(f"Seat 2 takes the remaining colour, {COLOUR_NAMES[last]}.")
            self.chooser = 3
        if self.chooser == n:
            if n == 3:
                self.phase = P_EXTRA
                self.chooser = 0
            else:
                self.start_deal()

    def choose_extra_colour(self, colour: int) -> None:
        """Setup 2 (3 players): "... and one of a different color"."""
        self.extra[self.chooser] = colour
        self._note(f"Seat {self.chooser} will take one {COLOUR_NAMES[colour]} token.")
        self.chooser += 1
        if self.chooser == self.game.players:
            self.start_deal()

    def start_deal(self) -> None:
        """Queue who gets which colour; the numbers are chance."""
        n = self.game.players
        queue: list[tuple[int, int]] = []
        for c in range(COLOURS):
            for s in range(n):
                if n == 2:
                    count = 4 if self.colour[s] == c else (2 if c not in self.colour else 0)
                else:
                    count = (2 if self.colour[s] == c else 0) + (1 if self.extra[s] == c else 0)
                queue.extend([(s, c)] * count)
        self.deal = queue
        self.phase = P_DEAL
        self.advance_deal()

    def advance_deal(self) -> None:
        """Hand out a colour's last token without a chance step; every other token is chance.

        Even when one seat takes all that is left of a colour, which public token id carries
        which number is drawn, so that the ids say nothing about the numbers.
        """
        while self.deal:
            seat, colour = self.deal[0]
            if self.next_slot[colour] != PER_COLOUR - 1:  # ids handed out = numbers used
                return  # more than one number left: a real chance step
            self._new_token(colour, self.free_numbers(colour)[0], seat)
            self.deal.pop(0)
        self.finish_deal()

    def deal_token(self, colour: int, number: int) -> None:
        seat = self.deal.pop(0)[0]
        self._new_token(colour, number, seat)
        self.advance_deal()

    def finish_deal(self) -> None:
        for seat in range(self.n):
            counts = [0] * COLOURS
            for p in self.hands[seat]:  # every token the seat was dealt (loc == seat)
                counts[p // PER_COLOUR] += 1
            parts = [f"{k} {COLOUR_NAMES[c]}" for c, k in enumerate(counts) if k]
            words = "token and looks at its number" if sum(counts) == 1 else "tokens and looks at their numbers"
            self._note(f"Seat {seat} takes {' and '.join(parts)} {words}.")
        # 3 players use 9 of the 12 tokens left: the other 3 stay out, face down, unused.
        for c in range(COLOURS):
            for k in self.free_numbers(c):
                self._new_token(c, k, LOC_UNUSED)
        if self.n == 3:
            self._note("The three tokens nobody took stay face down, out of play.")
        self.phase = P_ROLLOFF
        self.rolloff = RollOff(list(range(self.game.players)))

    def roll_for_first_player(self, face: int) -> None:
        """Setup 3: highest roll goes first (G counts 0; the tied roll again)."""
        assert self.rolloff is not None
        roller = self.rolloff.roller()
        self._note(f"Seat {roller} rolls {DIE_FACES[face]} for first player.")
        step = roll_off_with_tie_limit(self.rolloff, face, self.rolloff_passes, ROLLOFF_PASSES)
        self.rolloff_passes = step.passes
        if step.tie:
            tied = ", ".join(str(s) for s in self.rolloff.contenders)
            if step.lots:
                self._note(f"Seats {tied} tied {ROLLOFF_PASSES} times: they draw lots.")
                self.phase = P_LOTS
                return
            self._note(f"Seats {tied} tie and roll again.")
        if step.first is not None:
            self.decide_first_player(step.first)

    def decide_first_player(self, first: int) -> None:
        self.first = first
        self.rolloff = None
        self._note(f"Seat {first} goes first.")
        self.start_round()

    # -- a round -------------------------------------------------------------------

    def start_round(self) -> None:
        self.round += 1
        self.die = -1
        self.designated = 0
        self.said = []
        self.phase = P_ROLL

    def roll_designated_number(self, face: int) -> None:
        """ "The number on the dice is the Designated Number ... If a "G" comes up, the first player chooses"."""
        self.die = face
        self._note(f"Round {self.round}: seat {self.first} is first; the die shows {DIE_FACES[face]}.")
        if face == G_FACE:
            self.phase = P_DESIGNATE
        else:
            self.designate(face + 1)

    def designate(self, number: int) -> None:
        self.designated = number
        if self.die == G_FACE:
            self._note(f"Seat {self.first} chooses {number} as the Designated Number.")
        self.phase = P_PLACE
        self.turn_index = 0
        self.placed = 0
        self.skip_empty_hands()

    def skip_empty_hands(self) -> None:
        """A player without tokens can only pass: their turn is skipped."""
        n = self.game.players
        while self.turn_index < n and self.hand_n[(self.first + self.turn_index) % n] == 0:
            self._note(f"Seat {(self.first + self.turn_index) % n} has no tokens and passes.")
            self.turn_index += 1
        if self.turn_index == n:
            self.start_assessment()

    def place_token(self, action: int) -> None:
        """Place one token face down on top of the stack, or end the turn (``done``/pass)."""
        seat = (self.first + self.turn_index) % self.n
        if action == A_DONE:
            self.end_turn(seat)
            return
        p = self.token_in_hand(seat, action)
        self.loc[p] = LOC_STACK
        self.owner[p] = seat
        self.stack.append(p)
        self.hand_n[seat] -= 1
        self.hands[seat].remove(p)
        self.placed += 1
        if self.hand_n[seat] == 0:
            self.end_turn(seat)

    def end_turn(self, seat: int) -> None:
        if self.placed:
            tokens = "1 token" if self.placed == 1 else f"{self.placed} tokens"
            self._note(f"Seat {seat} places {tokens} claiming {self.designated}.")
        else:
            self._note(f"Seat {seat} passes.")
        self.turn_index += 1
        self.placed = 0
        self.skip_empty_hands()

    def start_assessment(self) -> None:
        """ "After all players' turns are done, the first player first checks the total weight"."""
        self.assess_index = 0
        if not self.stack:
            self._note("Nobody placed a token; there is nothing to assess.")
            self.end_round(-1, (), -1)
            return
        self.next_assessor()

    def next_assessor(self) -> None:
        """The next player in turn lifts the stack, unless it holds only their own tokens."""
        n = self.game.players
        while self.assess_index < n:
            seat = (self.first + self.assess_index) % n
            owner = self.owner
            if all(owner[p] == seat for p in self.stack):
                self._note(f"Seat {seat} placed the whole stack and does not assess it.")
                self.assess_index += 1
                continue
            self.assessor = seat
            self._note(f"Seat {seat} lifts the stack.")
            model = self.dg.model
            if model.exact:
                self.record_reading(model.nearest_level(self.stack_mass()))
            else:
                self.phase = P_LIFT
            return
        self.stack_leaves_game()

    def record_reading(self, level: int) -> None:
        """The lifter alone feels the weight (a grid level of the perception model)."""
        self.readings.append((self.assessor, self.round, level, tuple(self.stack)))
        self.phase = P_ASSESS

    def assess(self, action: int) -> None:
        seat = self.assessor
        if action == A_CORRECT:
            self.said.append((seat, 0))
            self._note(f'Seat {seat}: "It\'s correct!"')
            self.assess_index += 1
            self.next_assessor()
        else:
            self.said.append((seat, 1))
            self._note(f'Seat {seat}: "I doubt it!"')
            self.resolve_doubt(seat)

    def resolve_doubt(self, doubter: int) -> None:
        """Take the Doubt Card, turn tokens over from the top; the first wrong one names the taker."""
        self.doubt_card = doubter
        revealed: list[int] = []
        taker = doubter
        for p in reversed(self.stack):
            self.public[p] = True
            revealed.append(p)
            self._note(f"Turned over: {token_name(p // PER_COLOUR, self.number[p])} (seat {self.owner[p]}).")
            if self.number[p] != self.designated:
                taker = self.owner[p]
                break
        if taker == doubter and self.number[revealed[-1]] == self.designated:
            self._note(f"Every token shows {self.designated}: seat {doubter} failed and takes the stack.")
        else:
            taken = "the 1 token" if len(self.stack) == 1 else f"all {len(self.stack)} tokens"
            self._note(f"Bluff spotted: seat {taker} takes {taken} of the round.")
        for p in self.stack:
            self.loc[p] = taker
            self.known[p] |= 1 << taker
        self.hand_n[taker] += len(self.stack)
        self.hands[taker].extend(self.stack)
        self.end_round(doubter, tuple(revealed), taker)

    def stack_leaves_game(self) -> None:
        """ "If No One Declares 'I doubt it'": the stack goes out of the game unrevealed."""
        for p in self.stack:
            self.loc[p] = LOC_OUT
        leave = "1 token leaves" if len(self.stack) == 1 else f"{len(self.stack)} tokens leave"
        self._note(f"Nobody doubts: the {leave} the game unrevealed.")
        self.end_round(-1, (), -1)

    def end_round(self, doubter: int, revealed: tuple[int, ...], taker: int) -> None:
        self.rounds.append(
            {
                "round": self.round,
                "first": self.first,
                "die": DIE_FACES[self.die],
                "designated": self.designated,
                "stack": [[p, self.owner[p]] for p in self.stack],
                "said": [[s, SAID_WORDS[w]] for s, w in self.said],
                "doubter": None if doubter < 0 else doubter,
                "revealed": list(revealed),
                "taker": None if taker < 0 else taker,
            }
        )
        for p in self.stack:
            self.owner[p] = -1
        self.stack = []
        if not self.check_end_of_game():
            self.first = (self.first + 1) % self.game.players
            self.start_round()

    def check_end_of_game(self) -> bool:
        """ "The winner is the player who runs out of their Tokens first at the end of the round"."""
        n = self.game.players
        empty = [s for s in range(n) if self.hand_n[s] == 0]
        if empty:
            self.finish(empty, "ran out of tokens")
            return True
        if self.round >= self.game.params["max_rounds"]:
            fewest = min(self.hand_n)
            self.finish([s for s in range(n) if self.hand_n[s] == fewest], "round limit: fewest tokens")
            return True
        return False

    def finish(self, candidates: list[int], reason: str) -> None:
        """Ties go to the holder of the Doubt Card; without it among them, they share the win."""
        if len(candidates) > 1 and self.doubt_card in candidates:
            self.winners = (self.doubt_card,)
            reason += ", tie broken by the Doubt Card"
        else:
            self.winners = tuple(candidates)
            if len(candidates) > 1:
                reason += ", shared"
        self.reason = reason
        self.phase = P_END
        for p in range(TOKENS):
            if self.loc[p] in (LOC_REMOVED, LOC_UNUSED):
                self.public[p] = True  # "Players may not check the numbers on them until the game ends"
        who = " and ".join(f"seat {s}" for s in self.winners)
        wins = "wins" if len(self.winners) == 1 else "win"
        self._note(f"Game over after round {self.round}: {who} {wins} ({self.reason}).")

    # -- notation ------------------------------------------------------------------

    def _action_text(self, action: int) -> str:
        phase = self.phase
        if phase in (P_ROLL, P_ROLLOFF):
            return f"roll {DIE_FACES[action]}"
        if phase == P_LOTS and self.rolloff is not None and 0 <= action < len(self.rolloff.contenders):
            return f"lots seat {self.rolloff.contenders[action]}"
        if phase == P_LIFT:
            return f"feel {self.dg.model.grams(action):.1f} g"
        if phase in (P_REMOVE, P_DEAL):
            verb = "remove" if phase == P_REMOVE else "deal"
            return f"{verb} {token_name(action // PER_COLOUR, action % PER_COLOUR + 1)}"
        if 0 <= action < A_DONE:
            return f"place {token_name(action // PER_COLOUR, action % PER_COLOUR + 1)}"
        if action == A_DONE:
            return "done" if self.placed else "pass"
        if action == A_CORRECT:
            return "correct"
        if action == A_DOUBT:
            return "doubt"
        if A_COLOUR <= action < A_COLOUR + COLOURS:
            word = "extra" if phase == P_EXTRA else "colour"
            return f"{word} {COLOUR_NAMES[action - A_COLOUR]}"
        if A_NUMBER <= action < A_NUMBER + 5:
            return f"number {action - A_NUMBER + 1}"
        return f"action {action}"

    def _explain_illegal(self, action: int) -> str:
        phase = self.phase
        if phase == P_PLACE and 0 <= action < A_DONE:
            return f"you hold no {token_name(action // PER_COLOUR, action % PER_COLOUR + 1)} token"
        if phase == P_COLOUR and A_COLOUR <= action < A_COLOUR + COLOURS:
            return "that colour is already taken"
        if phase == P_EXTRA and A_COLOUR <= action < A_COLOUR + COLOURS:
            return "the extra token must be of a different colour than your own"
        return f"it is the {PHASE_NAMES[phase]} phase"

    # -- what a seat sees ----------------------------------------------------------

    def sees_number(self, seat: int | None, p: int) -> bool:
        return self.public[p] or (seat is not None and bool(self.known[p] >> seat & 1))

    def observation(self, seat: int | None) -> dict[str, JSON]:
        n = self.game.players
        tokens: list[dict[str, JSON]] = []
        for p in range(TOKENS):
            where = self.loc[p]
            if self.number[p] == 0:
                continue  # still in the box, not yet handed out
            tokens.append(
                {
                    "id": p,
                    "colour": COLOUR_LETTERS[p // PER_COLOUR],
                    "where": f"seat {where}" if where >= 0 else LOC_NAMES[where],
                    "number": self.number[p] if self.sees_number(seat, p) else None,
                    "revealed": self.public[p],
                }
            )
        obs: dict[str, JSON] = {
            "players": n,
            "viewer": seat,
            "phase": PHASE_NAMES[self.phase],
            "to_act": self.current_player(),
            "round": self.round,
            "max_rounds": self.game.params["max_rounds"],
            "first_player": None if self.first < 0 else self.first,
            "die": None if self.die < 0 else DIE_FACES[self.die],
            "designated": self.designated or None,
            "colours": [None if c < 0 else COLOUR_LETTERS[c] for c in self.colour],
            "extra_colours": [None if c < 0 else COLOUR_LETTERS[c] for c in self.extra] if n == 3 else [],
            "doubt_card": None if self.doubt_card < 0 else self.doubt_card,
            "hand_counts": list(self.hand_n),
            "tokens": tokens,
            "stack": [
                {
                    "id": p,
                    "colour": COLOUR_LETTERS[p // PER_COLOUR],
                    "owner": self.owner[p],
                    "number": self.number[p] if self.sees_number(seat, p) else None,
                }
                for p in self.stack
            ],
            "placed_this_turn": self.placed,
            "said": [[s, SAID_WORDS[w]] for s, w in self.said],
            "rounds": [dict(r) for r in self.rounds],
            "rolloff": self.rolloff.to_json() if self.rolloff is not None else None,
        }
        if seat is not None:
            obs["hand"] = self.hand_names(seat)
            obs["readings"] = self.readings_of(seat)
        if self.phase == P_END:
            obs["winners"] = list(self.winners)
            obs["reason"] = self.reason
        return obs

    def hand_names(self, seat: int) -> list[str]:
        return sorted(token_name(p // PER_COLOUR, self.number[p]) for p in range(TOKENS) if self.loc[p] == seat)

    def readings_of(self, seat: int) -> list[dict[str, JSON]]:
        model = self.dg.model
        return [
            {"seat": s, "round": r, "level": level, "grams": model.grams(level), "stack": list(stack)}
            for s, r, level, stack in self.readings
            if s == seat
        ]

    def private_values(self, seat: int) -> dict[str, JSON]:
        values: dict[str, JSON] = {}
        hand = self.hand_names(seat)
        if hand:  # an empty hand is no secret (and every empty hand looks alike)
            values["hand"] = hand
        readings = self.readings_of(seat)
        if readings:
            values["readings"] = readings
        return values

    def observation_tensor(self, seat: int | None) -> list[float]:
        return encode_observation(self.observation(seat))

    # -- determinization -----------------------------------------------------------

    def resample_from_infostate(self, seat: int, rng: random.Random) -> DoubtState:
        """Redraw the numbers ``seat`` cannot see; weight by its readings (importance resampling).

        Unknown numbers are permuted within each colour (so colour counts hold), ``SIR_DRAWS``
        candidates are drawn and one is picked with probability proportional to the product of
        the likelihoods of the seat's own stack readings. If no candidate fits at all (possible
        with ``perception=exact``), the one whose readings are nearest on the grid is taken.
        """
        unknown_by_colour: list[list[int]] = [[] for _ in range(COLOURS)]
        for p in range(TOKENS):
            if self.number[p] and not self.sees_number(seat, p):
                unknown_by_colour[p // PER_COLOUR].append(p)
        mine = [(level, stack) for s, _, level, stack in self.readings if s == seat]
        relevant = [(level, stack) for level, stack in mine if any(not self.sees_number(seat, p) for p in stack)]
        new = self.clone()
        if any(unknown_by_colour):
            new.number = self._importance_resample(unknown_by_colour, relevant, rng)
            new._history = self.relabelled_history(new.number)
        return new

    def relabelled_history(self, numbers: list[int]) -> list[int]:
        """The history of a world where token ``p`` carries ``numbers[p]`` instead.

        Numbers are redrawn by permuting them within a colour, so each colour's old-to-new map
        is one-to-one: every step that names a number (remove, deal, place) is rewritten with it,
        and the rewritten history replays to the resampled state. It keeps the real numbers out
        of a search bot's reach.
        """
        mapping = [[0, 1, 2, 3, 4, 5] for _ in range(COLOURS)]
        for p in range(TOKENS):
            if self.number[p]:
                mapping[p // PER_COLOUR][self.number[p]] = numbers[p]
        history = list(self._history)
        for i in self.token_steps:
            colour, number = divmod(history[i], PER_COLOUR)
            history[i] = colour * PER_COLOUR + mapping[colour][number + 1] - 1
        return history

    SIR_DRAWS: ClassVar[int] = 48

    def _importance_resample(
        self,
        unknown_by_colour: list[list[int]],
        readings: list[tuple[int, tuple[int, ...]]],
        rng: random.Random,
    ) -> list[int]:
        model = self.dg.model
        grams = self.dg.grams
        draws = self.SIR_DRAWS if readings else 1
        candidates: list[list[int]] = []
        weights: list[float] = []
        distances: list[float] = []
        for _ in range(draws):
            numbers = list(self.number)
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

    # -- copying and JSON ----------------------------------------------------------

    def clone(self) -> DoubtState:
        new = DoubtState(self.dg, blank=True)
        self._copy_base_into(new)
        new.phase = self.phase
        new.number = list(self.number)
        new.loc = list(self.loc)
        new.known = list(self.known)
        new.public = list(self.public)
        new.owner = list(self.owner)
        new.stack = list(self.stack)
        new.hand_n = list(self.hand_n)
        new.hands = [list(h) for h in self.hands]
        new.colour = list(self.colour)
        new.extra = list(self.extra)
        new.chooser = self.chooser
        new.deal = list(self.deal)
        new.next_slot = list(self.next_slot)
        new.rolloff = self.rolloff.copy() if self.rolloff is not None else None
        new.rolloff_passes = self.rolloff_passes
        new.round = self.round
        new.first = self.first
        new.die = self.die
        new.designated = self.designated
        new.turn_index = self.turn_index
        new.placed = self.placed
        new.assess_index = self.assess_index
        new.assessor = self.assessor
        new.said = list(self.said)
        new.readings = list(self.readings)  # entries are tuples: shared safely
        new.rounds = list(self.rounds)  # entries are never changed after a round ends
        new.token_steps = list(self.token_steps)
        new.doubt_card = self.doubt_card
        new.winners = self.winners
        new.reason = self.reason
        return new

    def _to_json_body(self) -> dict[str, JSON]:
        return state_to_body(self)

    @classmethod
    def from_body(cls, game: DoubtGravity, body: Mapping[str, Any]) -> DoubtState:
        """Rebuild a state from ``_to_json_body`` output, checking what can be checked."""
        state = cls(game, blank=True)
        fill_state_from_body(state, body)
        return state
