"""Gravwell: 2nd Edition rules: the spec, the game and the state API over the rule functions.

Flow: ship choice (and Warp Gate choice with 5-6 players) -> round 1 dealt (a chance step per card) ->
six Movement Phases (secret choice seat by seat, reveal, reveal-time abilities, then each card in
alphabetical order: the owner's ability window, other seats' response windows, the movement) -> end of
round (Emergency Stop recharge, the optional charge) -> rounds 2-6 mined (a chance step per stack card,
then two picks per seat). The rules themselves are plain functions: setup, mining and the round's end
in ``rules_rounds.py``, the resolution of the cards in ``rules_resolution.py``, the ability windows'
options in ``rules_abilities.py``, movement in ``rules_moves.py`` and charging in ``rules_charging.py``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, cast

from gravity_games.core.api import (
    CHANCE,
    JSON,
    TERMINAL,
    Game,
    InvalidParameterError,
    Outcome,
    Param,
    State,
)
from gravity_games.core.seeding import randbelow, shuffle
from gravity_games.games.gravwell import state_json, tensor
from gravity_games.games.gravwell.data import GravwellData, load_data
from gravity_games.games.gravwell.rules_abilities import (
    ability_name,
    own_window_options,
    response_window_options,
    reveal_window_options,
)
from gravity_games.games.gravwell.rules_charging import end_of_round_charge_options
from gravity_games.games.gravwell.rules_moves import distance_to_goal, in_warp_gate
from gravity_games.games.gravwell.rules_resolution import (
    close_own_window,
    drag_out_of_gate,
    open_next_response_window,
    open_next_reveal_window,
    place_fuel_card,
    preact_with,
    use_own_ability,
    use_precision,
    use_response_ability,
    use_reveal_ability,
)
from gravity_games.games.gravwell.rules_rounds import (
    after_ship_choice,
    charge_at_end_of_round,
    choose_mining_direction,
    choose_ship,
    choose_warp_gate,
    deal_card,
    lay_stack_card,
    mine_stack,
    warp_gate_choices,
)
from gravity_games.games.gravwell.state import (
    HAND,
    INNER_GATE,
    NO_CARD,
    NO_SEAT,
    PHASES,
    ROUNDS,
    STAGE_ACTIVITY,
    STAGE_CHARGE,
    STAGE_CHOOSE,
    STAGE_DEAL,
    STAGE_DIR,
    STAGE_DRAG,
    STAGE_END,
    STAGE_FORM,
    STAGE_GATE,
    STAGE_MINE,
    STAGE_NAMES,
    STAGE_OWN,
    STAGE_PREACT,
    STAGE_RESPONSE,
    STAGE_REVEAL,
    STAGE_SHIP,
    STAGE_TRIM,
    GravwellPosition,
    fill_deck,
    is_among,
    is_chance_stage,
    is_in_deck,
)
from gravity_games.games.gravwell.tables import (
    ABILITY0,
    DIR_LEFT,
    DIR_RIGHT,
    DRAG0,
    GATE_ACTION0,
    MINE0,
    NUM_ACTIONS,
    PASS,
    SHIP0,
    STOP,
    TRIM_LESS,
    TRIM_MORE,
    TYPE_NAMES,
    Tables,
    action_ability,
)

STACK_LETTERS = "ABCDEFGHIJKL"
"""The names of the (at most 12) mining stacks in the notation and the views."""


class Gravwell(Game):
    """Gravwell: 2nd Edition for 2-6 players (standard, "Make It Count", "Classic Gravwell")."""

    ID = "gravwell"
    TITLE = "Gravwell: 2nd Edition"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    KIND = "race"
    VERSION = 1
    PARAMS = (
        Param(
            "variant",
            "standard",
            "standard, make-it-count (all abilities charged once) or classic (Emergency Stop only)",
            str,
            choices=("standard", "make-it-count", "classic"),
        ),
        Param("data", None, "path to your own TOML with tables board, cards and/or ships", str, nullable=True),
    )
    SUMMARY = (
        "Race your ship out of the Gravwell: fuel cards pull you toward (or push you from) the nearest "
        "ship or Space Junk, resolved in alphabetical order; first through the far Warp Gate wins."
    )
    RULEBOOK = "gravwell-2nd-edition.txt"
    PRIVATE_FIELDS = ("my_hand", "my_card")

    def _check_params(self) -> None:
        self.data: GravwellData = load_data(self.params["data"])
        deck = self.data.deck_for(self.players)
        if len(deck) < HAND * self.players:
            raise InvalidParameterError(
                f"gravwell with {self.players} players needs at least {HAND * self.players} fuel cards "
                f"in the deck, the data gives {len(deck)}"
            )
        self.tables = Tables(self.data, self.players, self.params["variant"])

    def _dimensions(self) -> tuple[int, int, int]:
        n = self.players
        per_card = 6 + 5 * (n - 1) + n + 2  # own window, responses, drag order, trim
        per_phase = n + 2 * n + 2 * n * per_card  # choices, reveal window, cards (echo doubles)
        per_round = 6 * n + 2 * n + 1 + n + PHASES * per_phase
        return 2 * n + ROUNDS * per_round, NUM_ACTIONS, len(self.data.cards)

    def _observation_shape(self) -> tuple[int, ...]:
        return (tensor.observation_tensor_size(self.players, len(self.data.cards)),)

    def new_initial_state(self) -> GravwellState:
        return GravwellState(self)

    def _state_from_body(self, body: Mapping[str, Any]) -> GravwellState:
        state = GravwellState(self)
        state_json.load(state, body)
        return state


class GravwellState(GravwellPosition):
    """The position with the game's API: whose turn, legal moves, steps, views and notation."""

    FIELDS: ClassVar[tuple[str, ...]] = state_json.FIELDS
    __slots__ = ()

    def __init__(self, game: Gravwell) -> None:
        super().__init__(game, game.tables)
        if self.tables.variant == "classic":
            self.ships = list(range(game.players))  # no unique abilities: the ship is only a colour, no choice
            self.ships_assigned()
            after_ship_choice(self)

    # -- API -------------------------------------------------------------------

    def current_player(self) -> int:
        stage = self.stage
        if stage == STAGE_END:
            return TERMINAL
        return CHANCE if is_chance_stage(stage) else self.actor

    def is_terminal(self) -> bool:
        return self.stage == STAGE_END

    def outcome(self) -> Outcome | None:
        if self.stage != STAGE_END:
            return None
        detail = {
            "round": self.round,
            "positions": list(self.ship_spaces),
            "distance_to_goal": [distance_to_goal(self, s) for s in range(len(self.ship_spaces))],
        }
        return Outcome(tuple(self.winners), self.result.value, detail)

    def standings(self) -> list[float]:
        """Minus each ship's distance to its goal gate: higher is further ahead (the after-round-6 order)."""
        return [-float(distance_to_goal(self, s)) for s in range(len(self.ship_spaces))]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not is_chance_stage(self.stage):
            return []
        deck = self.deck if self.deck_sorted else sorted(self.deck)
        pairs = self.tables.chance_pairs[len(deck)]
        outcomes = [pairs[card] for card in deck]  # the prebuilt (card, probability) pairs
        return cast("list[tuple[int, float]]", outcomes)

    def _chance_actions(self) -> list[int]:
        # Every card left in the deck may come next; apply_action only tests membership.
        return self.deck

    def _is_chance_action(self, action: int) -> bool:
        # the chance actions are the cards left in the deck: one flag of the presence vector
        return is_chance_stage(self.stage) and is_in_deck(self, action)

    def _legal_actions(self) -> list[int]:
        s = self.stage
        a = self.actor
        if s in (STAGE_CHOOSE, STAGE_PREACT):  # the cards of the hand
            return sorted(self.hands[a])
        if s in (STAGE_OWN, STAGE_RESPONSE):
            # the options were worked out when the window opened (and no move came since);
            # PASS (62) is below every ability id (63..81), so it leads the sorted list
            window = self.window_options
            if window is None:
                window = own_window_options(self, a) if s == STAGE_OWN else response_window_options(self, a)
            return [PASS] + window  # noqa: RUF005 (a concatenation of lists is cheaper than unpacking)
        if s == STAGE_SHIP:
            return [SHIP0 + k for k in range(len(self.tables.ship_names)) if not is_among(k, self.ships)]
        if s == STAGE_GATE:
            return warp_gate_choices(self)
        if s == STAGE_MINE:
            return [MINE0 + k for k, who in enumerate(self.stack_taken_by) if who == NO_SEAT]
        if s == STAGE_DIR:
            return [DIR_LEFT, DIR_RIGHT]
        if s == STAGE_REVEAL:
            return [PASS, *reveal_window_options(self, a)]
        if s == STAGE_CHARGE:
            return [PASS, *end_of_round_charge_options(self, a)]
        if s == STAGE_TRIM:
            return [TRIM_LESS, TRIM_MORE]
        if s == STAGE_DRAG:
            return sorted(DRAG0 + t for t in self.drag_groups[0])
        return []

    def _apply(self, action: int) -> None:
        self.window_options = None
        s = self.stage
        # the most frequent steps first: card choice, stack cards, the owner's window
        if s == STAGE_CHOOSE:
            place_fuel_card(self, action)
        elif s == STAGE_FORM:
            lay_stack_card(self, action)
        elif s == STAGE_OWN:
            if action == PASS:
                close_own_window(self)
            else:
                use_own_ability(self, action)
        elif s == STAGE_RESPONSE:
            if action == PASS:
                self.window_queue.pop(0)
                open_next_response_window(self)
            else:
                use_response_ability(self, action)
        elif s == STAGE_MINE:
            mine_stack(self, action - MINE0)
        elif s == STAGE_DEAL:
            deal_card(self, action)
        elif s == STAGE_SHIP:
            choose_ship(self, action - SHIP0)
        elif s == STAGE_GATE:
            choose_warp_gate(self, action)
        elif s == STAGE_DIR:
            choose_mining_direction(self, action)
        elif s == STAGE_TRIM:
            use_precision(self, action)
        elif s == STAGE_REVEAL:
            if action == PASS:
                open_next_reveal_window(self)
            else:
                use_reveal_ability(self, action)
        elif s == STAGE_PREACT:
            preact_with(self, action)
        elif s == STAGE_DRAG:
            drag_out_of_gate(self, action - DRAG0)
        elif s == STAGE_CHARGE:
            charge_at_end_of_round(self, action)

    # -- views -------------------------------------------------------------------

    def _symbol(self, card: int) -> str | None:
        return self.tables.symbols[card] if card != NO_CARD else None

    def _symbols(self, cards: list[int]) -> list[str]:
        """Card symbols in the order of resolution (alphabetical)."""
        rank = self.tables.resolution_rank
        return [self.tables.symbols[c] for c in sorted(cards, key=lambda c: rank[c])]

    def observation(self, seat: int | None) -> dict[str, JSON]:
        t = self.tables
        n = len(self.ship_spaces)
        ships = []
        for s in range(n):
            sh = self.ships[s]
            ships.append(
                {
                    "seat": s,
                    "ship": t.ship_names[sh] if sh != NO_SEAT else None,
                    "start": "inner" if self.start_gate[s] == INNER_GATE else "outer",
                    "position": self.ship_spaces[s],
                    "in_gate": in_warp_gate(self, s),
                    "to_goal": distance_to_goal(self, s),
                    "charged": list(self.charged[s]),
                    "charged_names": [
                        ability_name(self, s, k) for k, on in enumerate(self.charged[s]) if on and sh != NO_SEAT
                    ],
                    "hand_size": len(self.hands[s]),
                    "has_chosen": self.chosen[s] != NO_CARD,
                    "card": self._symbol(self.chosen[s]) if self.revealed else None,
                    "known_cards": self._symbols(self.known_cards[s]),
                    "last_card": self._symbol(self.last_cards[s]),
                    "cloaked": self.cloaked[s],
                    "shielded": s in self.shielded_seats,
                    "coasting": s in self.coasting_seats,
                    "latching": s in self.latching_seats,
                    "delayed": s in self.delayed_seats,
                }
            )
        player = self.current_player()
        resolving = self.resolving_seat if self.resolving_seat != NO_SEAT else None
        obs: dict[str, JSON] = {
            "round": self.round,
            "phase": self.phase,
            "stage": STAGE_NAMES[self.stage],
            "to_act": player if player >= 0 else None,
            "track_length": self.track_length,
            "debris_fields": list(t.debris),
            "merton_cloud": t.merton,
            "junk": list(self.junk_spaces),
            "ships": ships,
            "resolution_order": list(self.resolution_order),
            "resolving": resolving,
            "card_type": TYPE_NAMES[self.card_type] if resolving is not None else None,
            "card_value": self.card_value if resolving is not None else None,
            "modifiers": list(self.modifiers) if resolving is not None else [],
            "drag_choices": sorted(self.drag_groups[0]) if self.stage == STAGE_DRAG else [],
            "stacks": [
                {
                    "face_up": [self._symbol(st[1]), self._symbol(st[2])],
                    "face_down": st[0] != NO_CARD,
                    "taken_by": self.stack_taken_by[k] if self.stack_taken_by[k] != NO_SEAT else None,
                }
                for k, st in enumerate(self.stacks)
            ],
            "mining_order": list(self.mining_order),
            "discards": self._symbols(self.discards),
            "winners": list(self.winners),
            "result": self.result.value or None,
        }
        if seat is not None:
            obs["seat"] = seat
            obs["my_hand"] = self._symbols(self.hands[seat])
            mine = self.chosen[seat]
            obs["my_card"] = self._symbol(mine) if mine != NO_CARD and not self.revealed else None
        return obs

    def private_values(self, seat: int) -> dict[str, JSON]:
        out: dict[str, JSON] = {}
        if self.hands[seat]:
            out["my_hand"] = self._symbols(self.hands[seat])
        if self.chosen[seat] != NO_CARD and not self.revealed:
            out["my_card"] = self._symbol(self.chosen[seat])
        return out

    def observation_tensor(self, seat: int | None) -> list[float]:
        """A flat encoding computed from ``observation(seat)`` alone, so equal views give equal tensors."""
        return tensor.observation_tensor(self.observation(seat), self.tables)

    def _to_json_body(self) -> dict[str, JSON]:
        return state_json.dump(self)

    # -- notation --------------------------------------------------------------

    def _action_text(self, action: int) -> str:
        t = self.tables
        s = self.stage
        if is_chance_stage(s):
            return f"{'deal' if s == STAGE_DEAL else 'draw'} {t.symbols[action]}"
        if 0 <= action < len(t.symbols):
            return f"{'instead' if s == STAGE_PREACT else 'play'} {t.symbols[action]}"
        if MINE0 <= action < MINE0 + len(STACK_LETTERS):
            # letters, not numbers: a menu numbering the moves 1..n would otherwise collide with them
            return f"stack {STACK_LETTERS[action - MINE0]}"
        if action in (DIR_LEFT, DIR_RIGHT):
            return "left" if action == DIR_LEFT else "right"
        if SHIP0 <= action < SHIP0 + len(t.ship_names):
            return f"ship {t.ship_names[action - SHIP0]}"
        if action in (GATE_ACTION0, GATE_ACTION0 + 1):
            return "inner gate" if action == GATE_ACTION0 else "outer gate"
        if action == PASS:
            return "go" if s == STAGE_OWN else "pass"
        if action == STOP:
            return "emergency stop"
        if ABILITY0 <= action < STOP:
            sh, k = action_ability(action)
            return f"{'charge' if s == STAGE_CHARGE else 'use'} {t.ability_names[sh][k]}"
        if action in (TRIM_LESS, TRIM_MORE):
            return "fewer" if action == TRIM_LESS else "more"
        if DRAG0 <= action < DRAG0 + self.game.players:
            return f"drag {self.seat_names[action - DRAG0]}"
        return f"action {action}"

    def string_to_action(self, text: str) -> int:
        """Notation to action; the old stack numbers (``stack 3``) still name the stack (``stack C``)."""
        words = text.split()
        old_number = len(words) == 2 and words[0].lower() == "stack" and words[1].isdigit()
        if old_number and 1 <= int(words[1]) <= len(self.stacks):
            text = f"stack {STACK_LETTERS[int(words[1]) - 1]}"
        return State.string_to_action(self, text)

    def _explain_illegal(self, action: int) -> str:
        if self.stage == STAGE_CHOOSE and 0 <= action < len(self.tables.symbols):
            return f"card {self.tables.symbols[action]} is not in seat {self.actor}'s hand"
        if self.stage in (STAGE_OWN, STAGE_RESPONSE, STAGE_REVEAL, STAGE_CHARGE) and action != PASS:
            return "that ability is not charged or does not apply to this card"
        return f"it is not a move of this step (the game is {STAGE_ACTIVITY[STAGE_NAMES[self.stage]]})"

    # -- copying -----------------------------------------------------------------

    def clone(self) -> GravwellState:
        new = GravwellState.__new__(GravwellState)
        self.copy_into(new)
        return new

    def resample_from_infostate(self, seat: int, rng: random.Random) -> GravwellState:
        """Redraw every card ``seat`` cannot see: others' unknown hand cards, their hidden choices,
        face-down stack cards and the unused deck, keeping each place's count."""
        new = self.clone()
        pool = list(self.deck)
        seats = range(len(self.ship_spaces))
        secret = [False] * len(seats)
        for t in seats:
            if t == seat:
                continue
            secret[t] = self.chosen[t] != NO_CARD and not self.revealed
            held = self.hands[t] + ([self.chosen[t]] if secret[t] else [])
            pool.extend(c for c in held if c not in self.known_cards[t])
        for k, st in enumerate(self.stacks):
            if self.stack_taken_by[k] == NO_SEAT and st[0] != NO_CARD:
                pool.append(st[0])
        # Shuffled from a canonical order: the pool's own order follows where the hidden cards
        # really are, and a search knowing its RNG could undo a shuffle of it.
        pool.sort()
        shuffle(rng, pool)  # rng.shuffle, the same order, without random.py's Python frames
        for t in seats:
            if t == seat:
                continue
            size = len(self.hands[t]) + (1 if secret[t] else 0)
            held = list(self.known_cards[t])
            while len(held) < size:
                held.append(pool.pop())
            if secret[t]:
                # the face-down card may be any card the seat holds, known ones included
                new.chosen[t] = held.pop(randbelow(rng, len(held)))
            new.hands[t] = held
        for k, st in enumerate(self.stacks):
            if self.stack_taken_by[k] == NO_SEAT and st[0] != NO_CARD:
                new.stacks[k][0] = pool.pop()
        # the deck is a set in the rules: keep it in id order like every deck the engine makes
        fill_deck(new, sorted(pool))
        return new
