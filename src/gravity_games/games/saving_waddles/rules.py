"""Rules of Gravity Falls: Saving Waddles: the spec, the game and the state (the API).

The state answers the API (legal actions, apply, chance outcomes, returns, observation,
notation) by calling the rule functions of the ``rules_*.py`` modules, each named after the
rulebook's rule it carries out: ``rules_setup`` (Setup), ``rules_turn`` (Turn Order and what
is owed within a turn), ``rules_die`` (rolling and changing the die), ``rules_move``
(movement and carrying Waddles), ``rules_spaces`` (Special Spaces, Victory), ``rules_cards``
(Mischief and Help Cards) and ``rules_views`` (what each seat sees). The position's fields
are in ``state.py``, the canonical document in ``state_json.py``, the tables computed once
per game in ``tables.py``.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from typing import Any, Final

from gravity_games.core.api import (
    CHANCE,
    JSON,
    TERMINAL,
    Game,
    InvalidParameterError,
    Outcome,
    Param,
)

from . import state_json
from .data import HELP_KINDS, HEROES, MISCHIEF_KINDS, SLOTS, load_components, texts_of
from .rules_cards import (
    carry_out_mischief_card,
    choose_face_down,
    discard_help_card,
    discard_mischief_in_front,
    draw_outcomes,
    play_another_turn,
    take_help_card,
)
from .rules_die import change_the_die, die_change_options, die_rolled
from .rules_setup import deal_hero, deal_hut_card, deal_path_card
from .rules_turn import (
    carry_out_what_is_owed,
    end_game,
    end_of_turn,
    exchange_cost,
    offer_start_of_turn,
    pass_the_turn,
    roll_die_for,
    start_of_turn_options,
)
from .rules_views import hand_value, observation, resample_from_infostate
from .state import (
    CHANCE_PHASES,
    DISCARD_BASE,
    END_TURN,
    EXCHANGE_CARDS,
    NUM_ACTIONS,
    P_ADJUST,
    P_DISCARD,
    P_END,
    P_HELP_DRAW,
    P_MISCHIEF_CHOICE,
    P_MISCHIEF_DRAW,
    P_OVER,
    P_ROLL,
    P_SETUP_HERO,
    P_SETUP_HUT,
    P_SETUP_PATH,
    P_START,
    PHASES,
    PLAY_ANOTHER_TURN,
    PLAY_FACE_DOWN,
    R_MOVE,
    ROLL,
    TAKE_MISCHIEF,
    EndReason,
    SavingWaddlesPosition,
    SavingWaddlesSettings,
    action_name,
    seat_names,
)
from .tables import (
    DIE_FACES,
    HERO_DEALS,
    PATH_CARD_DEALS,
    ROLL_ACTIONS,
    ROLL_OUTCOMES,
    Track,
    card_left,
    dealt_set,
)
from .tensor import observation_tensor, tensor_size

_ACTOR: Final[tuple[int | None, ...]] = tuple(
    TERMINAL if p == P_OVER else CHANCE if p in CHANCE_PHASES else None for p in range(len(PHASES))
)
"""Who acts in each phase: CHANCE, TERMINAL, or None for the seat whose turn it is."""


class SavingWaddlesGame(Game):
    ID = "saving-waddles"
    TITLE = "Gravity Falls: Saving Waddles"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 5
    COOPERATIVE = False
    KIND = "race"
    VERSION = 1
    PARAMS = (
        Param("variant", "standard", "standard rules, or the simple rules for young players",
              choices=("standard", "simple")),
        Param("heroes", None, "hero of each seat in seat order (wendy, dipper, soos, mabel, stan); "
              "none = dealt at random", kind=tuple, nullable=True),
        Param("data", None, "path of your own components TOML (none = the packaged reconstruction)",
              kind=str, nullable=True),
    )  # fmt: skip
    SUMMARY = (
        "Race along the track, revealing path cards, find Waddles the pig and carry him "
        "(three spaces a turn at most) to the Hut of Wonders. Help and mischief cards, five heroes."
    )
    RULEBOOK = "saving-waddles.txt"
    PRIVATE_FIELDS = ("hand",)

    def _check_params(self) -> None:
        heroes = self.params["heroes"]
        if heroes is not None:
            names = tuple(str(h).strip().lower() for h in heroes)
            bad = [h for h in names if h not in HEROES]
            if bad:
                raise InvalidParameterError(
                    f"parameter 'heroes' has unknown hero(es) {', '.join(map(repr, bad))}; allowed: {', '.join(HEROES)}"
                )
            if len(names) != self.players:
                raise InvalidParameterError(
                    f"parameter 'heroes' names {len(names)} heroes for {self.players} players; name one per seat"
                )
            if len(set(names)) != len(names):
                raise InvalidParameterError("parameter 'heroes' names a hero twice; each hero card exists once")
            self.params["heroes"] = names
        self.components = load_components(self.params["data"])
        texts = texts_of(self.components)
        self.settings = SavingWaddlesSettings(
            players=self.players,
            variant=self.params["variant"],
            track=Track(self.components),
            help_mix=list(self.components.help_cards.counts()),
            mischief_mix=list(self.components.mischief_cards.counts()),
            # the cards' names as printed in the data's texts (by kind, in HELP_KINDS / MISCHIEF_KINDS order)
            help_names=tuple(texts.help[k].name for k in HELP_KINDS),
            mischief_names=tuple(texts.mischief[k].name for k in MISCHIEF_KINDS),
        )
        # What the views, the bot and the tools read of the game (the same objects as the settings').
        self.track = self.settings.track
        self.simple = self.settings.simple
        self.last = self.settings.last
        self.turn_limit = self.settings.turn_limit
        self.help_mix = self.settings.help_mix
        self.mischief_mix = self.settings.mischief_mix
        self.help_names = self.settings.help_names
        self.mischief_names = self.settings.mischief_names
        self.max_steps = self.settings.max_steps

    def _dimensions(self) -> tuple[int, int, int]:
        return self.max_steps, NUM_ACTIONS, max(SLOTS, 6, len(HEROES))

    def _observation_shape(self) -> tuple[int, ...]:
        return (tensor_size(self.players),)

    def new_initial_state(self) -> SavingWaddlesState:
        state = SavingWaddlesState(self, self.settings)
        if self.params["heroes"] is not None:
            state.heroes = [HEROES.index(h) for h in self.params["heroes"]]
            state.seat_names = seat_names(state.heroes)
        return state

    def _state_from_body(self, body: Mapping[str, Any]) -> SavingWaddlesState:
        state = SavingWaddlesState(self, self.settings)
        state_json.load(state, body)
        return state


class SavingWaddlesState(SavingWaddlesPosition):
    """The API of a Saving Waddles position."""

    __slots__ = ()

    # -- API ------------------------------------------------------------------------

    def current_player(self) -> int:
        who = _ACTOR[self.phase]
        return self.turn if who is None else who

    def is_terminal(self) -> bool:
        return self.phase == P_OVER

    def outcome(self) -> Outcome | None:
        if self.phase != P_OVER:
            return None
        winners = (self.winner,) if self.winner >= 0 else ()
        detail: dict[str, JSON] = {"turns": self.turns_taken}
        if not self.settings.simple and self.hut_card >= 0:
            detail["hut"] = self.settings.track.hut_names[self.hut_card]
        for seat, hero in enumerate(self.heroes):
            detail[f"hero_seat{seat}"] = HEROES[hero] if hero >= 0 else "none"
        return Outcome(winners, self.reason, detail)

    def standings(self) -> list[float]:
        """Distance along the track (half a space more for carrying Waddles), for lead-change counts."""
        return [p + (0.5 if self.waddles_carrier == s else 0.0) for s, p in enumerate(self.positions)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = self.phase
        if p == P_ROLL:  # the commonest chance step, asked first
            return list(ROLL_OUTCOMES)
        if p == P_SETUP_PATH:
            return list(PATH_CARD_DEALS[dealt_set(self.path_cards)])
        if p == P_SETUP_HUT:
            return [(h, 1.0 / 3) for h in range(3)]
        if p == P_SETUP_HERO:
            return list(HERO_DEALS[dealt_set(self.heroes)])
        if p == P_MISCHIEF_DRAW:
            return draw_outcomes(self.mischief_deck)
        if p == P_HELP_DRAW:
            return draw_outcomes(self.help_deck)
        return []

    def _chance_actions(self) -> Collection[int]:
        # The actions of chance_outcomes, without computing their probabilities a second time.
        p = self.phase
        if p == P_ROLL:  # the commonest chance step
            return ROLL_ACTIONS
        if p == P_MISCHIEF_DRAW:
            return [kind for kind, _ in draw_outcomes(self.mischief_deck)]
        if p == P_HELP_DRAW:
            return [kind for kind, _ in draw_outcomes(self.help_deck)]
        if p == P_SETUP_PATH:
            return [c for c in range(SLOTS) if c not in self.path_cards]
        return [a for a, _ in self.chance_outcomes()]

    def _is_chance_action(self, action: int) -> bool:
        # The same answer as _chance_actions, read off the position: a face of the die, a kind
        # of card still in the deck.
        p = self.phase
        if p == P_ROLL:
            return 0 <= action < DIE_FACES
        if p == P_MISCHIEF_DRAW:
            return card_left(self.mischief_deck, action)
        if p == P_HELP_DRAW:
            return card_left(self.help_deck, action)
        if p == P_SETUP_PATH:
            return 0 <= action < SLOTS and action not in self.path_cards
        return action in self._chance_actions()

    def _legal_actions(self) -> list[int]:
        p = self.phase
        if p == P_START:
            return start_of_turn_options(self)
        if p == P_ADJUST:
            return die_change_options(self)
        if p == P_MISCHIEF_CHOICE:
            return [PLAY_FACE_DOWN, TAKE_MISCHIEF]
        if p == P_DISCARD:
            return [DISCARD_BASE + k for k, c in enumerate(self.hands[self.turn]) if c > 0]
        if p == P_END:
            return [PLAY_ANOTHER_TURN, END_TURN]
        return []

    def _apply(self, action: int) -> None:
        self.steps += 1
        p = self.phase
        if p == P_ROLL:  # the commonest steps first
            die_rolled(self, action + 1)
        elif p == P_ADJUST:
            change_the_die(self, action)
        elif p == P_MISCHIEF_DRAW:
            carry_out_mischief_card(self, action)
        elif p == P_HELP_DRAW:
            take_help_card(self, action)
        elif p == P_SETUP_PATH:
            deal_path_card(self, action)
        elif p == P_SETUP_HUT:
            deal_hut_card(self, action)
        elif p == P_SETUP_HERO:
            deal_hero(self, action)
        elif p == P_START:
            self._start_of_turn_action(action)
        elif p == P_MISCHIEF_CHOICE:
            choose_face_down(self, action == PLAY_FACE_DOWN)
        elif p == P_DISCARD:
            discard_help_card(self, action - DISCARD_BASE)
        elif p == P_END:
            if action == PLAY_ANOTHER_TURN:
                play_another_turn(self)
                end_of_turn(self)
            else:
                pass_the_turn(self)
        if self.steps >= self.settings.max_steps and self.phase != P_OVER:
            end_game(self, -1, EndReason.STEP_LIMIT)

    def _start_of_turn_action(self, action: int) -> None:
        """Turn Order 1: roll, exchange mischief cards for a help card, or play "Take another turn"."""
        seat = self.turn
        if action == ROLL:
            roll_die_for(self, R_MOVE)
        elif action == EXCHANGE_CARDS:
            cost = exchange_cost(self, True)
            discard_mischief_in_front(self, seat, cost)
            self._note_later("%s exchanges %s mischief cards for a help card", self.seat_names[seat], cost)
            self.pending_help += 1
            carry_out_what_is_owed(self)
        elif action == PLAY_ANOTHER_TURN:
            play_another_turn(self)
            offer_start_of_turn(self)

    # -- views, JSON, determinization -------------------------------------------------

    def observation(self, seat: int | None) -> dict[str, JSON]:
        return observation(self, seat)

    def private_values(self, seat: int) -> dict[str, JSON]:
        return {"hand": hand_value(self, seat)}

    def observation_tensor(self, seat: int | None) -> list[float]:
        return observation_tensor(self.observation(seat), self.settings)

    def _to_json_body(self) -> dict[str, JSON]:
        return state_json.dump(self)

    def resample_from_infostate(self, seat: int, rng: random.Random) -> SavingWaddlesState:
        """Redraw what ``seat`` cannot see: face-down path cards, the hidden Hut card, other
        hands, unseen face-down mischief cards and the decks."""
        return resample_from_infostate(self, seat, rng)

    # -- notation -------------------------------------------------------------------------

    def _action_text(self, action: int) -> str:
        p = self.phase
        track = self.settings.track
        if p == P_SETUP_PATH:
            return f"path card {track.card_names[action]}"
        if p == P_SETUP_HUT:
            return f"hut card {track.hut_names[action]}"
        if p == P_SETUP_HERO:
            return f"hero {HEROES[action]}"
        if p == P_ROLL:
            return f"roll {action + 1}"
        if p == P_MISCHIEF_DRAW:
            return f"mischief {MISCHIEF_KINDS[action]}"
        if p == P_HELP_DRAW:
            return f"help {HELP_KINDS[action]}"
        return action_name(action)

    def _explain_illegal(self, action: int) -> str:
        if not 0 <= action < NUM_ACTIONS:
            return f"player actions are 0-{NUM_ACTIONS - 1}"
        return f"'{action_name(action)}' is not possible in phase {PHASES[self.phase]}"
