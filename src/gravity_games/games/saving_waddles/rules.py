"""Rules of Gravity Falls: Saving Waddles: the spec, the game and the state.

The track is one line of positions: board segment 0, path-card slot 0, segment 1,
..., segment 7 ending at the totem, then the Hut of Wonders card ending at Victory.
Every path card has the same length, so a position never depends on the deal.
Decks are counts per card kind: drawing "the top card of a shuffled deck" is a
chance node over the kinds left, weighted by their counts (the same distribution,
and nothing about the order is ever seen).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from typing import Any

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

from . import rules_views as views
from .data import HELP_KINDS, HEROES, MISCHIEF_KINDS, SLOTS, load_components, texts_of
from .model import (
    _FIELDS,
    ACCEPT,
    AFTER_ROLL,
    ANOTHER_TURN,
    ARROW,
    BEFORE_ROLL,
    CARRY_LIMIT,
    CHANCE_PHASES,
    D_HUT,
    D_MISCHIEF,
    DIPPER,
    DISCARD_BASE,
    DISCARD_HELP,
    END_TURN,
    EXCHANGE,
    EXCHANGE_CARDS,
    H_ANOTHER,
    H_FACE_DOWN,
    H_PLUS_MINUS,
    H_REROLL,
    H_SET_THREE,
    HELP,
    HELP_SPACE_PLUS,
    HIDDEN,
    M_BACK_ROLL,
    M_BACK_TWO,
    M_DISCARD_HELP,
    M_DISCARD_MISCHIEF,
    M_SKIP,
    M_TAKE_TWO,
    MABEL,
    MABEL_PLUS,
    MISCHIEF,
    NO_STOP,
    NUM_ACTIONS,
    P_ADJUST,
    P_DISCARD,
    P_END,
    P_HELP_DRAW,
    P_MISCHIEF_CHOICE,
    P_MISCHIEF_DRAW,
    P_OVER,
    P_RESOLVING,
    P_ROLL,
    P_SETUP_HERO,
    P_SETUP_HUT,
    P_SETUP_PATH,
    P_START,
    PHASES,
    PLAIN,
    PLAY_ANOTHER_TURN,
    PLAY_FACE_DOWN,
    PLAY_MINUS,
    PLAY_PLUS,
    PLAY_REROLL,
    PLAY_SET_THREE,
    POINTER,
    R_BACK,
    R_HUT,
    R_MOVE,
    R_NONE,
    R_WADDLES,
    ROLL,
    ROUND_LIMIT,
    SKIP,
    SOOS,
    STAN,
    STEPS_PER_TURN,
    STOP_TOTEM,
    TAKE_MISCHIEF,
    TOTEM,
    VICTORY,
    WADDLES_POINTER,
    WENDY,
    SpaceT,
    Track,
    action_name,
)


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
        self.track = Track(self.components)
        self.simple = self.params["variant"] == "simple"
        self.last = self.track.totem if self.simple else self.track.victory
        self.turn_limit = ROUND_LIMIT * self.players
        self.help_mix = list(self.components.help_cards.counts())
        self.mischief_mix = list(self.components.mischief_cards.counts())
        texts = texts_of(self.components)
        # the cards' names as printed in the data's texts, for the log (by kind, in HELP_KINDS / MISCHIEF_KINDS order)
        self.help_names = tuple(texts.help[k].name for k in HELP_KINDS)
        self.mischief_names = tuple(texts.mischief[k].name for k in MISCHIEF_KINDS)
        setup = SLOTS + 1 + self.players
        self.max_steps = setup + self.turn_limit * STEPS_PER_TURN
        """The hard step bound (``spec.max_game_length``), read at every step."""

    def _dimensions(self) -> tuple[int, int, int]:
        return self.max_steps, NUM_ACTIONS, max(SLOTS, 6, len(HEROES))

    def _observation_shape(self) -> tuple[int, ...]:
        from .tensor import tensor_size

        return (tensor_size(self),)

    def new_initial_state(self) -> SavingWaddlesState:
        s = SavingWaddlesState(self)
        if self.params["heroes"] is not None:
            s.heroes = [HEROES.index(h) for h in self.params["heroes"]]
            s.names = seat_names(s.heroes)
        return s

    def _state_from_body(self, body: Mapping[str, Any]) -> SavingWaddlesState:
        return views.state_from_body(self, body)


_HERO_NAMES = tuple(h.capitalize() for h in HEROES)

# What a roll is for, as the log says it after "<hero> rolls 4" (by R_NONE, R_MOVE, R_BACK, R_WADDLES, R_HUT)
ROLL_PURPOSE_WORDS = ("", "", " to move back", " to see where Waddles is", " to open the Hut of Wonders")


def _cards(n: int, kind: str) -> str:
    """``n`` cards of a kind in words: "1 mischief card", "2 mischief cards"."""
    return f"1 {kind} card" if n == 1 else f"{n} {kind} cards"


def seat_names(heroes: list[int]) -> tuple[str, ...]:
    """How the log names each seat: its hero, or "Seat n" before heroes are dealt."""
    return tuple(_HERO_NAMES[h] if h >= 0 else f"Seat {seat}" for seat, h in enumerate(heroes))


_ROLL_OUTCOMES = tuple((f, 1.0 / 6) for f in range(6))
_ROLL_ACTIONS = range(6)
_ACTOR: tuple[int | None, ...] = tuple(
    TERMINAL if p == P_OVER else CHANCE if p in CHANCE_PHASES else None for p in range(len(PHASES))
)
"""Who acts in each phase: CHANCE, TERMINAL, or None for the seat whose turn it is."""

_DRAWS: dict[tuple[int, ...], tuple[tuple[tuple[int, float], ...], frozenset[int]]] = {}
"""Draw outcomes and their actions by deck counts (a few thousand decks at most)."""


def _draw_outcomes(deck: list[int]) -> tuple[tuple[tuple[int, float], ...], frozenset[int]]:
    """Drawing the top card of a shuffled deck: each kind left, weighted by its count."""
    key = tuple(deck)
    entry = _DRAWS.get(key)
    if entry is None:
        total = sum(deck)
        outcomes = tuple((k, c / total) for k, c in enumerate(deck) if c > 0)
        entry = _DRAWS[key] = (outcomes, frozenset(k for k, _ in outcomes))
    return entry


class SavingWaddlesState(State):
    __slots__ = (*_FIELDS, "names")

    game: SavingWaddlesGame

    def __init__(self, game: SavingWaddlesGame) -> None:
        super().__init__(game)
        n = game.players
        self.slots: list[int] = [-1] * SLOTS
        self.slot_up: list[bool] = [False] * SLOTS
        self.hut = -1
        self.hut_up = False
        self.heroes: list[int] = [-1] * n
        self.pos: list[int] = [0] * n
        self.lying: list[bool] = [False] * n
        self.waddles = -1  # off the board (below it) until found
        self.carrier = -1
        self.hands: list[list[int]] = [[0] * len(HELP_KINDS) for _ in range(n)]
        simple = game.simple
        self.help_deck: list[int] = [0] * len(HELP_KINDS) if simple else list(game.help_mix)
        self.help_discard: list[int] = [0] * len(HELP_KINDS)
        self.mischief_deck: list[int] = [0] * len(MISCHIEF_KINDS) if simple else list(game.mischief_mix)
        self.mischief_discard: list[int] = [0] * len(MISCHIEF_KINDS)
        self.front: list[list[int]] = [[] for _ in range(n)]
        self.turn = 0
        self.turns_taken = 0
        self.steps = 0
        self.phase = P_SETUP_PATH
        self.die = 0
        self.roll_for = R_NONE
        self.mabel_used = False
        self.help_plus = 0  # simple rules: 1 = may add 1 this turn, 2 = added
        self.pending_mischief = 0
        self.pending_help = 0
        self.extra_turns = 0
        self.carried_steps = 0
        self.draw_hidden = False
        self.discard_for = D_MISCHIEF
        self.stage = BEFORE_ROLL
        self.winner = -1
        self.reason = ""
        self.names = seat_names(self.heroes)  # derived from heroes (not saved): the log's names

    # -- helpers ------------------------------------------------------------------

    @property
    def g(self) -> SavingWaddlesGame:
        return self.game

    def space(self, pos: int) -> SpaceT:
        return self.game.track.space(pos, self.slots, self.hut)

    def _name(self, seat: int) -> str:
        return self.names[seat]

    def _hero(self, seat: int) -> int:
        """The hero whose ability counts (none in the simple rules)."""
        return -1 if self.game.simple else self.heroes[seat]

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
        if not self.game.simple and self.hut >= 0:
            detail["hut"] = self.game.track.hut_names[self.hut]
        for seat, hero in enumerate(self.heroes):
            detail[f"hero_seat{seat}"] = HEROES[hero] if hero >= 0 else "none"
        return Outcome(winners, self.reason, detail)

    def standings(self) -> list[float]:
        """Distance along the track (half a space more for carrying Waddles), for lead-change counts."""
        return [p + (0.5 if self.carrier == s else 0.0) for s, p in enumerate(self.pos)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = self.phase
        if p == P_ROLL:  # the commonest chance step, asked first
            return list(_ROLL_OUTCOMES)
        if p == P_SETUP_PATH:
            left = [c for c in range(SLOTS) if c not in self.slots]
            return [(c, 1.0 / len(left)) for c in left]
        if p == P_SETUP_HUT:
            return [(h, 1.0 / 3) for h in range(3)]
        if p == P_SETUP_HERO:
            left = [h for h in range(len(HEROES)) if h not in self.heroes]
            return [(h, 1.0 / len(left)) for h in left]
        if p == P_MISCHIEF_DRAW:
            return list(_draw_outcomes(self.mischief_deck)[0])
        if p == P_HELP_DRAW:
            return list(_draw_outcomes(self.help_deck)[0])
        return []

    def _chance_actions(self) -> Collection[int]:
        # The actions of chance_outcomes, without computing their probabilities a second time.
        p = self.phase
        if p == P_ROLL:  # the commonest chance step
            return _ROLL_ACTIONS
        if p == P_MISCHIEF_DRAW:
            return _draw_outcomes(self.mischief_deck)[1]
        if p == P_HELP_DRAW:
            return _draw_outcomes(self.help_deck)[1]
        if p == P_SETUP_PATH:
            return [c for c in range(SLOTS) if c not in self.slots]
        return [a for a, _ in self.chance_outcomes()]

    def _legal_actions(self) -> list[int]:
        p = self.phase
        if p == P_START:
            return self._start_options()
        if p == P_ADJUST:
            return self._adjust_options()
        if p == P_MISCHIEF_CHOICE:
            return [PLAY_FACE_DOWN, TAKE_MISCHIEF]
        if p == P_DISCARD:
            return [DISCARD_BASE + k for k, c in enumerate(self.hands[self.turn]) if c > 0]
        if p == P_END:
            return [PLAY_ANOTHER_TURN, END_TURN]
        return []

    def _exchange_cost(self, at_start: bool) -> int:
        """3 mischief cards at the start of a turn, 2 on the Exchange space; Wendy pays 1 fewer."""
        base = 3 if at_start else 2
        return base - 1 if self._hero(self.turn) == WENDY else base

    def _help_available(self) -> bool:
        return sum(self.help_deck) + sum(self.help_discard) > 0

    def _start_options(self) -> list[int]:
        seat = self.turn
        acts = []  # built in action-id order: EXCHANGE_CARDS < ROLL < PLAY_ANOTHER_TURN
        if len(self.front[seat]) >= self._exchange_cost(True) and self._help_available():
            acts.append(EXCHANGE_CARDS)
        acts.append(ROLL)
        if self.hands[seat][H_ANOTHER] > 0:
            acts.append(PLAY_ANOTHER_TURN)
        return acts

    def _waddles_beside_a_hero(self) -> bool:
        return self.waddles >= 0 and self.waddles in self.pos

    def _adjust_options(self) -> list[int]:
        hand = self.hands[self.turn]
        acts = [ACCEPT]  # built in action-id order (ACCEPT < PLAY_REROLL < ... < HELP_SPACE_PLUS)
        if hand[H_REROLL]:
            acts.append(PLAY_REROLL)
        if hand[H_PLUS_MINUS]:
            if self.roll_for != R_WADDLES or self.die < 6:
                acts.append(PLAY_PLUS)
            if self.die > 1:
                acts.append(PLAY_MINUS)
        if hand[H_SET_THREE] and self.die != 3:
            acts.append(PLAY_SET_THREE)
        if (
            self.roll_for == R_MOVE
            and self._hero(self.turn) == MABEL
            and not self.mabel_used
            and self._waddles_beside_a_hero()
        ):
            acts.append(MABEL_PLUS)
        if self.roll_for == R_MOVE and self.help_plus == 1:
            acts.append(HELP_SPACE_PLUS)
        return acts

    def _apply(self, action: int) -> None:
        self.steps += 1
        p = self.phase
        if p == P_ROLL:  # the commonest steps first
            self._rolled(action + 1)
        elif p == P_ADJUST:
            self._adjust_action(action)
        elif p == P_MISCHIEF_DRAW:
            self._mischief_drawn(action)
        elif p == P_HELP_DRAW:
            self._help_drawn(action)
        elif p == P_SETUP_PATH:
            self._deal_path_card(action)
        elif p == P_SETUP_HUT:
            self._deal_hut_card(action)
        elif p == P_SETUP_HERO:
            self._deal_hero(action)
        elif p == P_START:
            self._start_action(action)
        elif p == P_MISCHIEF_CHOICE:
            self.draw_hidden = action == PLAY_FACE_DOWN
            if self.draw_hidden:
                self._use_help(H_FACE_DOWN)
                self._note(f"{self.names[self.turn]} plays '{self.game.help_names[H_FACE_DOWN]}'")
            self.phase = P_MISCHIEF_DRAW
        elif p == P_DISCARD:
            self._discard_chosen(action - DISCARD_BASE)
        elif p == P_END:
            if action == PLAY_ANOTHER_TURN:
                self._play_another_turn()
                self._end_of_turn()
            else:
                self._finish_turn()
        if self.steps >= self.game.max_steps and self.phase != P_OVER:
            self._game_over(-1, "step limit")

    # -- setup ----------------------------------------------------------------------

    def _deal_path_card(self, card: int) -> None:
        """Setup 2: the shuffled path cards go face down around the board (face up in the simple rules)."""
        i = self.slots.index(-1)
        self.slots[i] = card
        if self.game.simple:
            self.slot_up[i] = True
            self._note(f"{self.game.track.card_names[card]} is laid face up at place {i + 1}")
        else:
            self._note(f"A path card is laid face down at place {i + 1}")
        if -1 not in self.slots:
            if self.game.simple:  # no Hut of Wonders card in the simple rules
                self.phase = P_SETUP_HERO
                self._after_setup_cards()
            else:
                self.phase = P_SETUP_HUT

    def _deal_hut_card(self, hut: int) -> None:
        """Setup 3: one Hut of Wonders card face down, the other two back in the box unseen."""
        self.hut = hut
        self._note("A Hut of Wonders card is laid face down beside the totem")
        self.phase = P_SETUP_HERO
        self._after_setup_cards()

    def _after_setup_cards(self) -> None:
        if -1 not in self.heroes:
            self._note("Heroes: " + ", ".join(self._name(s) for s in range(self.game.players)))
            self._begin_turn(0)

    def _deal_hero(self, hero: int) -> None:
        """Setup 6: heroes chosen at random."""
        seat = self.heroes.index(-1)
        self.heroes[seat] = hero
        self.names = seat_names(self.heroes)
        self._after_setup_cards()

    # -- the turn -----------------------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        self.turn = seat
        self.turns_taken += 1
        if self.turns_taken > self.game.turn_limit:
            self.turns_taken -= 1
            self._game_over(-1, "turn limit")
            return
        self.die = 0
        self.roll_for = R_NONE
        self.mabel_used = False
        self.carried_steps = 0
        self.help_plus = 0
        self.stage = BEFORE_ROLL
        if self.lying[seat]:
            self.lying[seat] = False
            self._note(f"{self.names[seat]} stands their token back up and does nothing else this turn")
            self._finish_turn()
            return
        if self.game.simple:
            if self.space(self.pos[seat])[0] == HELP:
                self.help_plus = 1
        elif self.waddles >= 0 and self.waddles == self.pos[seat] and self.carrier != seat:
            self.carrier = seat
            self._note(f"{self.names[seat]} starts the turn beside Waddles and picks him up")
        self._enter_start()

    def _enter_start(self) -> None:
        self.stage = BEFORE_ROLL
        seat = self.turn
        if not self.hands[seat][H_ANOTHER] and len(self.front[seat]) < 2:
            # The common case, without building the options: no "another turn" card, and fewer
            # mischief cards than the cheapest exchange (2, Wendy's) — only the roll is possible.
            self._roll(R_MOVE)
        elif self._start_options() != [ROLL]:
            self.phase = P_START
        else:
            self._roll(R_MOVE)

    def _start_action(self, action: int) -> None:
        seat = self.turn
        if action == ROLL:
            self._roll(R_MOVE)
        elif action == EXCHANGE_CARDS:
            cost = self._exchange_cost(True)
            self._discard_front(seat, cost)
            self._note(f"{self.names[seat]} exchanges {cost} mischief cards for a help card")
            self.pending_help += 1
            self._continue()
        elif action == PLAY_ANOTHER_TURN:
            self._play_another_turn()
            self._enter_start()

    def _roll(self, purpose: int) -> None:
        self.roll_for = purpose
        self.die = 0
        self.phase = P_ROLL

    def _rolled(self, face: int) -> None:
        self.die = face
        self._note(f"{self.names[self.turn]} rolls {face}{ROLL_PURPOSE_WORDS[self.roll_for]}")
        self._enter_adjust()

    def _enter_adjust(self) -> None:
        hand = self.hands[self.turn]
        if hand[H_REROLL] or hand[H_PLUS_MINUS]:
            # Without building the options (_adjust_options): a reroll is always possible, and
            # +1 or -1 always fits (-1 on any die above 1, +1 on a 1).
            self.phase = P_ADJUST
        elif not hand[H_SET_THREE] and (
            self.roll_for != R_MOVE or (self.help_plus != 1 and (self.game.simple or self.heroes[self.turn] != MABEL))
        ):
            # The common case, without building the options: no help card and no +1 can change the roll.
            self._resolve_roll()
        elif self._adjust_options() == [ACCEPT]:
            self._resolve_roll()
        else:
            self.phase = P_ADJUST

    def _adjust_action(self, action: int) -> None:
        """Help cards after a roll (any number, any order) and Mabel's +1."""
        name = self.names[self.turn]
        if action == ACCEPT:
            self._resolve_roll()
            return
        if action == PLAY_REROLL:
            self._use_help(H_REROLL)
            self._note(f"{name} plays '{self.game.help_names[H_REROLL]}'")
            self._roll(self.roll_for)
            return
        if action in (PLAY_PLUS, PLAY_MINUS):
            self._use_help(H_PLUS_MINUS)
            self.die = self.die + 1 if action == PLAY_PLUS else max(1, self.die - 1)
            self._note(f"{name} plays '{self.game.help_names[H_PLUS_MINUS]}': the die now counts {self.die}")
        elif action == PLAY_SET_THREE:
            self._use_help(H_SET_THREE)
            self.die = 3
            self._note(f"{name} plays '{self.game.help_names[H_SET_THREE]}'")
        elif action == MABEL_PLUS:
            self.mabel_used = True
            self.die += 1
            self._note(f"{name} adds 1 to the die beside Waddles: the die now counts {self.die}")
        elif action == HELP_SPACE_PLUS:
            self.help_plus = 2
            self.die += 1
            self._note(f"{name} started on a help symbol and adds 1: the die now counts {self.die}")
        self._enter_adjust()

    def _resolve_roll(self) -> None:
        r, d = self.roll_for, self.die
        self.roll_for = R_NONE
        if r == R_MOVE:
            self.stage = AFTER_ROLL
            self.phase = P_RESOLVING
            self._move_forward(d)
            if self.phase != P_RESOLVING:
                return  # the space asked for a roll or a choice, or the game is won
            self._continue()
        elif r == R_BACK:
            self._move_back(d)
            self._continue()
        elif r == R_WADDLES:
            self._place_waddles(d)
            self._continue()
        elif r == R_HUT:
            if d >= 4:
                self._win()
            else:
                self._note(f"{self.names[self.turn]} did not open the Hut of Wonders and goes back 3 spaces")
                self._move_back(3)
                self._continue()

    # -- movement ------------------------------------------------------------------------

    def _stops_here(self, stop: int) -> bool:
        """Pointers with a face-down card, the unrevealed totem and Victory stop a token moving forward.

        ``stop`` is the position's entry of ``Track.stop_at`` (never NO_STOP here); the simple
        rules stop only at the totem, which is their last space.
        """
        if stop >= 0:
            return not self.game.simple and not self.slot_up[stop]
        if stop == STOP_TOTEM:
            return self.game.simple or not self.hut_up
        return not self.game.simple  # Victory

    def _step_forward(self, seat: int) -> None:
        """One space forward: Waddles comes along if carried, and is picked up on his space."""
        self.pos[seat] += 1
        if self.carrier == seat:
            self.waddles = self.pos[seat]
        elif self.waddles == self.pos[seat] and not self.game.simple:
            self.carrier = seat
            self._note(f"{self.names[seat]} picks up Waddles")

    def _move_forward(self, n: int) -> None:
        seat = self.turn
        pos = self.pos
        start = pos[seat]
        last = self.game.last
        stop_at = self.game.track.stop_at
        if self.carrier != seat and not start < self.waddles <= start + n:
            # The common move: Waddles is neither carried nor on the way, so only a stop or
            # the end of the track cuts it short (the loop below, without the carrying checks,
            # visiting only the positions that may stop the token).
            p = max(start, min(start + n, last))
            next_stop = self.game.track.next_stop
            q = next_stop[start]
            while q <= p:
                if self._stops_here(stop_at[q]):
                    p = q
                    break
                q = next_stop[q]
            pos[seat] = p
            self._note(f"{self.names[seat]} moves from {start} to {p}")
            self._arrive()
            return
        for _ in range(n):
            carrying = self.carrier == seat
            if carrying and self.carried_steps >= CARRY_LIMIT:
                self._note(f"{self.names[seat]} has carried Waddles {CARRY_LIMIT} spaces and must stop")
                break
            if pos[seat] >= last:
                break
            self._step_forward(seat)
            if carrying:
                self.carried_steps += 1
            stop = stop_at[pos[seat]]
            if stop != NO_STOP and self._stops_here(stop):
                break
        self._note(f"{self.names[seat]} moves from {start} to {pos[seat]}")
        self._arrive()

    def _move_back(self, n: int) -> None:
        """Backward moves never take Waddles along and never trigger the space (main rule)."""
        seat = self.turn
        old = self.pos[seat]
        self.pos[seat] = max(0, old - n)
        if self.carrier == seat and self.pos[seat] != old:
            self.carrier = -1
            self._note(f"Waddles stays behind on space {old}")
        self._note(f"{self.names[seat]} goes back from {old} to {self.pos[seat]}")

    def _follow_arrow(self, offset: int) -> bool:
        """Move along an arrow; return True if the arrival takes effect (forward arrows only)."""
        seat = self.turn
        if offset > 0:
            # Interpretation: the token travels over the spaces, so it picks Waddles up
            # there (or brings him along) and his carrying limit does not cut an arrow short.
            for _ in range(offset):
                self._step_forward(seat)
            self._note(f"{self.names[seat]} follows an arrow forward to {self.pos[seat]}")
            return True
        self._move_back(-offset)
        return False

    def _arrive(self) -> None:
        """The space where the token stopped takes effect (it arrived moving forward)."""
        seat = self.turn
        pos = self.pos[seat]
        track = self.game.track
        # A board space needs no look-up of the deal (Track.space without the call).
        kind, offset, red, symbols, _ = track.fixed[pos] or track.space(pos, self.slots, self.hut)
        if kind == PLAIN:  # the commonest arrival: nothing happens
            return
        if kind == ARROW:
            if red and self._hero(seat) == SOOS:
                self._note(f"{self.names[seat]} does not move along red arrows")
                return
            if self._follow_arrow(offset):
                self._arrive()
            return
        if self.game.simple:
            self._arrive_simple(kind)
            return
        name = self.names[seat]
        if kind in (POINTER, WADDLES_POINTER):
            self._reveal_path_card(self.game.track.pointer_slot[pos], kind == WADDLES_POINTER)
        elif kind == TOTEM:
            if not self.hut_up:
                self.hut_up = True
                self._note(f"{name} reveals the Hut of Wonders card: {self.game.track.hut_names[self.hut]}")
        elif kind == MISCHIEF:
            self.pending_mischief += symbols
        elif kind == HELP:
            extra = self._hero(seat) == DIPPER and sum(self.hands[seat]) == 0
            self.pending_help += 2 if extra else 1
            if extra:
                self._note(f"{name} has no help cards: Dipper takes one more")
        elif kind == EXCHANGE:
            self._exchange_space()
        elif kind == ANOTHER_TURN:
            self.extra_turns += 1
            self._note(f"{name} will take another turn")
        elif kind == SKIP:
            self._lie_down(seat)
        elif kind == DISCARD_HELP:
            self._discard_all_help(seat)
        elif kind == VICTORY:
            self._reach_victory()

    def _arrive_simple(self, kind: int) -> None:
        """Simple rules: only arrows, mischief symbols (skip a turn) and the totem (victory) act."""
        if kind == MISCHIEF:
            self._lie_down(self.turn)
        elif kind == TOTEM:
            self._win()

    # -- special spaces ---------------------------------------------------------------------

    def _reveal_path_card(self, slot: int, waddles_pointer: bool) -> None:
        if self.slot_up[slot]:
            return  # a pointer to a face-up card is not special
        self.slot_up[slot] = True
        card = self.game.track.card_names[self.slots[slot]]
        self._note(f"{self.names[self.turn]} reveals path card {slot + 1}: {card}")
        if waddles_pointer and self.waddles < 0:
            self._roll(R_WADDLES)

    def _place_waddles(self, number: int) -> None:
        """Waddles Found!: once a game, Waddles goes to the space marked with the rolled number."""
        self.waddles = self.game.track.number_pos[number]
        self._note(f"Waddles is found on the space marked {number} (space {self.waddles})")

    def _exchange_space(self) -> None:
        seat = self.turn
        cost = self._exchange_cost(False)
        if len(self.front[seat]) < cost or not self._help_available():
            self._note(f"{self.names[seat]} has too few mischief cards to exchange: nothing happens")
            return
        self._discard_front(seat, cost)
        self._note(f"{self.names[seat]} exchanges {_cards(cost, 'mischief')} for a help card")
        self.pending_help += 1

    def _lie_down(self, seat: int) -> None:
        if self.lying[seat]:
            self._note(f"{self.names[seat]} is already lying down: no one skips two turns in a row")
            return
        self.lying[seat] = True
        self._note(f"{self.names[seat]} lays their token on its side and will skip a turn")

    def _discard_all_help(self, seat: int) -> None:
        n = sum(self.hands[seat])
        for k, c in enumerate(self.hands[seat]):
            self.help_discard[k] += c
        self.hands[seat] = [0] * len(HELP_KINDS)
        if n == 0:
            self._note(f"{self.names[seat]} has no help card to discard")
        else:
            self._note(f"{self.names[seat]} discards {'their only help card' if n == 1 else f'all {n} help cards'}")

    def _reach_victory(self) -> None:
        seat = self.turn
        if self.carrier != seat:
            self._note(f"{self.names[seat]} reached Victory without Waddles: nothing happens")
            return
        rule = self.game.track.hut_victory[self.hut]
        if rule == "none":
            self._win()
        elif rule == "roll":
            self._note(f"{self.names[seat]} must roll 4, 5 or 6 to open the Hut of Wonders")
            self._roll(R_HUT)
        elif sum(self.hands[seat]) > 0:
            self._choose_discard(D_HUT)
        else:
            # The door gives a hint: a help card to show next time (so no one is turned away forever).
            self._note(f"{self.names[seat]} has no help card to give at the door: takes one and goes back 3 spaces")
            self._move_back(3)
            self.pending_help += 1
            self._continue()

    def _choose_discard(self, why: int) -> None:
        """A help card must be discarded; the player chooses which (no step when all are alike)."""
        kinds = [k for k, c in enumerate(self.hands[self.turn]) if c > 0]
        self.discard_for = why
        if len(kinds) == 1:
            self._discard_chosen(kinds[0])
        else:
            self.phase = P_DISCARD

    def _discard_chosen(self, kind: int) -> None:
        seat = self.turn
        self.hands[seat][kind] -= 1
        self.help_discard[kind] += 1
        self._note(f"{self.names[seat]} discards the help card '{self.game.help_names[kind]}'")
        if self.discard_for == D_HUT:
            self._win()
            return
        self._continue()

    # -- cards ---------------------------------------------------------------------------

    def _use_help(self, kind: int) -> None:
        self.hands[self.turn][kind] -= 1
        self.help_discard[kind] += 1

    def _play_another_turn(self) -> None:
        self._use_help(H_ANOTHER)
        self.extra_turns += 1
        self._note(f"{self.names[self.turn]} plays '{self.game.help_names[H_ANOTHER]}'")

    def _discard_front(self, seat: int, count: int) -> None:
        """Mischief cards go face up to the discard pile, the oldest first."""
        for code in self.front[seat][:count]:
            self.mischief_discard[code % HIDDEN] += 1
        del self.front[seat][:count]

    def _continue(self) -> None:
        """Carry out what is still owed this turn, one card at a time, then end the turn."""
        if self.phase == P_OVER:
            return
        if self.pending_mischief > 0:
            self._next_mischief()
            return
        if self.pending_help > 0:
            if self._help_available():
                if sum(self.help_deck) == 0:
                    self._reshuffle_help()
                self.phase = P_HELP_DRAW
                return
            self._note("The help deck and its discard pile are empty: no card to take")
            self.pending_help = 0
        if self.stage == BEFORE_ROLL:
            self._enter_start()
            return
        self._end_of_turn()

    def _reshuffle_help(self) -> None:
        self.help_deck, self.help_discard = self.help_discard, [0] * len(HELP_KINDS)
        self._note("The help discard pile is shuffled into a new deck")

    def _reshuffle_mischief(self) -> None:
        self.mischief_deck, self.mischief_discard = self.mischief_discard, [0] * len(MISCHIEF_KINDS)
        self._note("The mischief discard pile is shuffled into a new deck")

    def _next_mischief(self) -> None:
        seat = self.turn
        if sum(self.mischief_deck) + sum(self.mischief_discard) == 0:
            self._note("Every mischief card lies in front of the players: no card to take")
            self.pending_mischief = 0
            self._continue()
            return
        if sum(self.mischief_deck) == 0:
            self._reshuffle_mischief()
        if self._hero(seat) == STAN and not self.front[seat]:
            self.draw_hidden = True  # Stan's ability: taken without revealing it (forced)
            self.phase = P_MISCHIEF_DRAW
        elif self.hands[seat][H_FACE_DOWN] > 0:
            self.phase = P_MISCHIEF_CHOICE
        else:
            self.draw_hidden = False
            self.phase = P_MISCHIEF_DRAW

    def _mischief_drawn(self, kind: int) -> None:
        seat = self.turn
        name = self.names[seat]
        self.mischief_deck[kind] -= 1
        self.pending_mischief -= 1
        if self.draw_hidden:
            self.draw_hidden = False
            self.front[seat].append(kind + HIDDEN)
            self._note(f"{name} takes a mischief card and lays it face down unseen")
            self._continue()
            return
        self._note(f"{name} takes the mischief card '{self.game.mischief_names[kind]}'")
        if kind == M_DISCARD_MISCHIEF:
            count = len(self.front[seat])
            self._discard_front(seat, count)
            if count:
                self._note(f"{name} discards the {_cards(count, 'other mischief')} in front of them")
            else:
                self._note(f"{name} has no other mischief card in front of them to discard")
        self.front[seat].append(kind)  # placed in front, face down (its face was shown)
        if kind == M_BACK_TWO:
            self._move_back(2)
        elif kind == M_BACK_ROLL:
            self._roll(R_BACK)
            return
        elif kind == M_DISCARD_HELP:
            if sum(self.hands[seat]) == 0:
                self._note(f"{name} has no help card to discard")
            else:
                self._choose_discard(D_MISCHIEF)
                return
        elif kind == M_SKIP:
            self._lie_down(seat)
        elif kind == M_TAKE_TWO:
            self.pending_mischief += 2
        self._continue()

    def _help_drawn(self, kind: int) -> None:
        seat = self.turn
        self.help_deck[kind] -= 1
        self.hands[seat][kind] += 1
        self.pending_help -= 1
        self._note(f"{self.names[seat]} takes a help card")
        self._continue()

    # -- end of turn ------------------------------------------------------------------------

    def _end_of_turn(self) -> None:
        if self.hands[self.turn][H_ANOTHER] > 0 and not self.game.simple:
            self.phase = P_END
        else:
            self._finish_turn()

    def _finish_turn(self) -> None:
        if self.extra_turns > 0:
            self.extra_turns -= 1
            self._note(f"{self.names[self.turn]} takes another turn")
            self._begin_turn(self.turn)
        else:
            self._begin_turn((self.turn + 1) % self.game.players)

    def _win(self) -> None:
        self._game_over(self.turn, "totem" if self.game.simple else "victory")
        self._note(f"{self.names[self.turn]} wins!" if self.game.simple else
                   f"{self.names[self.turn]} brings Waddles to the Hut of Wonders and wins!")  # fmt: skip

    def _game_over(self, winner: int, reason: str) -> None:
        self.winner = winner
        self.reason = reason
        self.phase = P_OVER
        if winner < 0:
            self._note(f"The game ends without a winner ({reason})")

    # -- views, copies, JSON (rules_views.py) ---------------------------------------------

    def observation(self, seat: int | None) -> dict[str, JSON]:
        return views.observation(self, seat)

    def private_values(self, seat: int) -> dict[str, JSON]:
        return views.private_values(self, seat)

    def observation_tensor(self, seat: int | None) -> list[float]:
        return views.observation_tensor(self, seat)

    def clone(self) -> SavingWaddlesState:
        return views.clone(self)

    def _to_json_body(self) -> dict[str, JSON]:
        return views.to_json_body(self)

    def resample_from_infostate(self, seat: int, rng: random.Random) -> SavingWaddlesState:
        """Redraw what ``seat`` cannot see: face-down path cards, the hidden Hut card, other
        hands, unseen face-down mischief cards and the decks."""
        return views.resample_from_infostate(self, seat, rng)

    # -- notation -------------------------------------------------------------------------

    def _action_text(self, action: int) -> str:
        p = self.phase
        if p == P_SETUP_PATH:
            return f"path card {self.game.track.card_names[action]}"
        if p == P_SETUP_HUT:
            return f"hut card {self.game.track.hut_names[action]}"
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
