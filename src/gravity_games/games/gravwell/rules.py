"""Gravwell: 2nd Edition rules: the spec, the game and the state machine of a whole game.

Flow: ship choice (and Warp Gate choice with 5-6 players) -> round 1 dealt (a chance step per card) ->
six Movement Phases (secret choice seat by seat, reveal, reveal-time abilities, then each card in
alphabetical order: the owner's ability window, other seats' response windows, the movement) -> end of
round (Emergency Stop recharge, the optional charge) -> rounds 2-6 mined (a chance step per stack card,
then two picks per seat). Movement geometry is in ``rules_moves.py``, ship abilities in
``rules_abilities.py``, views (observation, tensor, notation, JSON) in ``rules_views.py``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from operator import itemgetter
from typing import Any, ClassVar

from gravity_games.core.api import (
    CHANCE,
    TERMINAL,
    Game,
    InvalidParameterError,
    Outcome,
    Param,
    State,
)
from gravity_games.games.gravwell.data import GravwellData, load_data
from gravity_games.games.gravwell.rules_abilities import AbilitiesMixin
from gravity_games.games.gravwell.rules_moves import MovesMixin
from gravity_games.games.gravwell.rules_views import ViewsMixin, state_from_body
from gravity_games.games.gravwell.tables import (
    CARD_STAGES,
    CHANCE_STAGES,
    CONDITIONS,
    DIR_LEFT,
    DIR_RIGHT,
    GATE_ACTION0,
    GATE_INNER,
    MINE0,
    NUM_ACTIONS,
    PASS,
    PLAYER_STAGES,
    SHIP0,
    ST_CHARGE,
    ST_CHOOSE,
    ST_DEAL,
    ST_DIR,
    ST_END,
    ST_FORM,
    ST_GATE,
    ST_MINE,
    ST_OWN,
    ST_RESPONSE,
    ST_REVEAL,
    ST_SHIP,
    STAGE_ACTIVITY,
    STAGE_NAMES,
    Tables,
)

ROUNDS = 6
PHASES = 6
HAND = 6


class Gravwell(Game):
    """Gravwell: 2nd Edition for 2-6 players (standard, "Make It Count", "Classic Gravwell")."""

    ID = "gravwell"
    TITLE = "Gravwell: 2nd Edition"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    KIND = "race"
    VERSION = 1
    PARAMS = (
        Param("variant", "standard", "standard, make-it-count (all abilities charged once) or classic "
              "(Emergency Stop only)", str, choices=("standard", "make-it-count", "classic")),
        Param("data", None, "path to your own TOML with tables board, cards and/or ships", str, nullable=True),
    )
    SUMMARY = ("Race your ship out of the Gravwell: fuel cards pull you toward (or push you from) the nearest "
               "ship or Space Junk, resolved in alphabetical order; first through the far Warp Gate wins.")
    RULEBOOK = "gravwell-2nd-edition.txt"
    PRIVATE_FIELDS = ("my_hand", "my_card")

    def _check_params(self) -> None:
        self.data: GravwellData = load_data(self.params["data"])
        deck = self.data.deck_for(self.players)
        if len(deck) < HAND * self.players:
            raise InvalidParameterError(
                f"gravwell with {self.players} players needs at least {HAND * self.players} fuel cards "
                f"in the deck, the data gives {len(deck)}")
        self.tables = Tables(self.data, self.players, self.params["variant"])

    def _dimensions(self) -> tuple[int, int, int]:
        n = self.players
        per_card = 6 + 5 * (n - 1) + n + 2          # own window, responses, drag order, trim
        per_phase = n + 2 * n + 2 * n * per_card      # choices, reveal window, cards (echo doubles)
        per_round = 6 * n + 2 * n + 1 + n + PHASES * per_phase
        return 2 * n + ROUNDS * per_round, NUM_ACTIONS, len(self.data.cards)

    def _observation_shape(self) -> tuple[int, ...]:
        return (self.tables.tensor_size,)

    def new_initial_state(self) -> GravwellState:
        return GravwellState(self)

    def _state_from_body(self, body: Mapping[str, Any]) -> GravwellState:
        state = GravwellState(self)
        state_from_body(state, body)
        return state


class GravwellState(MovesMixin, AbilitiesMixin, ViewsMixin, State):
    """The whole position as flat lists; see docs/games/gravwell.md "State JSON" for each field."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "stage", "actor", "round", "phase", "pos", "start", "ship", "junk", "hands", "known", "chosen",
        "revealed", "deck", "stacks", "taken", "form", "mine_order", "mine_idx", "charged", "es_used",
        "order", "res_idx", "delayed", "queue", "cloaked", "resolving", "eff_type", "eff_value", "mods",
        "shielded", "coasted", "latchers", "drag", "echo", "last_cards", "winners", "reason", "dealt",
        "discards",
    )
    __slots__ = (*FIELDS, "L", "dest", "fdir", "tables", "deck_sorted", "window", "names", "watch", "waits",
                 "reveal_seats")

    def __init__(self, game: Gravwell) -> None:
        super().__init__(game)
        t = game.tables
        n = game.players
        self.tables: Tables = t
        self.L: int = t.length
        self.stage: int = ST_SHIP
        self.actor: int = 0
        self.round: int = 0
        self.phase: int = 0
        self.pos: list[int] = [0] * n
        self.start: list[int] = [GATE_INNER] * n
        self.dest: list[int] = [self.L] * n
        self.fdir: list[int] = [1] * n
        self.ship: list[int] = [-1] * n
        self.ships_assigned()
        self.junk: list[int] = list(t.debris)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.chosen: list[int] = [-1] * n
        self.revealed: bool = False
        self.deck: list[int] = []
        # The deck is kept in id order (it starts so and cards only leave it), which lets
        # chance_outcomes skip sorting; only a state read from JSON may hold another order.
        self.deck_sorted: bool = True
        # The options of the ability window just opened, kept for legal_actions until the next move
        # (None: work them out again). Derived, never in the JSON.
        self.window: list[int] | None = None
        self.stacks: list[list[int]] = []
        self.taken: list[int] = []
        self.form: int = 0
        self.dealt: int = 0
        self.mine_order: list[int] = []
        self.mine_idx: int = 0
        self.charged: list[list[bool]] = [t.initial_charge() for _ in range(n)]
        self.es_used: list[bool] = [False] * n
        self.order: list[int] = []
        self.res_idx: int = 0
        self.delayed: list[int] = []
        self.queue: list[int] = []
        self.cloaked: list[bool] = [False] * n
        self.resolving: int = -1
        self.eff_type: int = 0
        self.eff_value: int = 0
        self.mods: list[str] = []
        self.shielded: list[int] = []
        self.coasted: list[int] = []
        self.latchers: list[int] = []
        self.drag: list[list[int]] = []
        self.echo: int = 0
        self.last_cards: list[int] = [-1] * n
        self.discards: list[int] = []
        self.winners: list[int] = []
        self.reason: str = ""
        if t.variant == "classic":
            self.ship = list(range(n))  # no unique abilities: the ship is only a colour, no choice needed
            self.ships_assigned()
            self.after_ship_choice()

    # -- API -------------------------------------------------------------------

    def current_player(self) -> int:
        if self.stage in PLAYER_STAGES:
            return self.actor
        return TERMINAL if self.stage == ST_END else CHANCE

    def is_terminal(self) -> bool:
        return self.stage == ST_END

    def outcome(self) -> Outcome | None:
        if self.stage != ST_END:
            return None
        detail = {"round": self.round, "positions": list(self.pos),
                  "distance_to_goal": [self.distance_to_goal(s) for s in range(len(self.pos))]}
        return Outcome(tuple(self.winners), self.reason, detail)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.stage not in CHANCE_STAGES:
            return []
        deck = self.deck if self.deck_sorted else sorted(self.deck)
        size = len(deck)
        pairs = self.tables.chance_pairs[size]
        if size == 1:
            return [pairs[deck[0]]]
        return list(itemgetter(*deck)(pairs))  # picks the prebuilt pairs in C (itemgetter of 2+ gives a tuple)

    def _chance_actions(self) -> list[int]:
        # Every card left in the deck may come next; apply_action only tests membership.
        return self.deck

    def _legal_actions(self) -> list[int]:
        s = self.stage
        a = self.actor
        if s in CARD_STAGES:
            return sorted(self.hands[a])
        if s == ST_OWN and self.window is not None:
            # the owner's options were worked out when the window opened (no move came since);
            # PASS (62) is below every ability id (63..81), so it leads the sorted list
            return [PASS, *self.window]
        if s == ST_SHIP:
            return [SHIP0 + k for k in range(len(self.tables.ship_names)) if k not in self.ship]
        if s == ST_GATE:
            return self.gate_choices()
        if s == ST_MINE:
            return [MINE0 + k for k, who in enumerate(self.taken) if who < 0]
        if s == ST_DIR:
            return [DIR_LEFT, DIR_RIGHT]
        return self.window_actions()

    def _apply(self, action: int) -> None:
        self.window = None
        s = self.stage
        # the most frequent steps first: card choice, stack cards, the owner's window
        if s == ST_CHOOSE:
            self.choose_fuel_card(action)
        elif s == ST_FORM:
            self.form_stack_card(action)
        elif s == ST_OWN:
            if action == PASS:
                self.after_own()
            else:
                self.use_own(action)
        elif s == ST_MINE:
            self.mine_stack(action - MINE0)
        elif s == ST_DEAL:
            self.deal_card(action)
        elif s == ST_SHIP:
            self.choose_ship(action - SHIP0)
        elif s == ST_GATE:
            self.choose_gate(action)
        elif s == ST_DIR:
            self.choose_mining_direction(action)
        else:
            self.apply_window_action(action)

    # -- setup -------------------------------------------------------------------

    def choose_ship(self, k: int) -> None:
        """Each player chooses a spaceship (seat order) and takes its 4 Ship Ability Cards."""
        self.ship[self.actor] = k
        self.ships_assigned()
        self._say("Seat %s takes %s", self.actor, self.tables.ship_names[k])
        n = len(self.pos)
        if self.actor + 1 < n:
            self.actor += 1
        else:
            self.after_ship_choice()

    def ships_assigned(self) -> None:
        """Work out what follows from the ships the seats hold (derived, never in the JSON).

        ``names``: each seat's name in the log; ``watch``: per charging condition, the seats with a
        card waiting for it, and ``waits``: per seat, the conditions its cards wait for (both empty
        outside the standard variant), so an event nobody waits for costs one lookup;
        ``reveal_seats``: the seats whose ship has a reveal-time ability.
        """
        t = self.tables
        ship = self.ship
        self.names = tuple(t.ship_names[k] if k >= 0 else f"Seat {s}" for s, k in enumerate(ship))
        watch = dict.fromkeys(CONDITIONS, ())
        if t.standard:
            for s, k in enumerate(ship):  # seat by seat, so every tuple is in seat order
                if k >= 0:
                    for c in t.conditions[k]:
                        watch[c] = (*watch[c], s)
        self.watch = watch
        empty: frozenset[str] = frozenset()
        self.waits = tuple(t.conditions[k] if t.standard and k >= 0 else empty for k in ship)
        self.reveal_seats = tuple(s for s, k in enumerate(ship) if k >= 0 and t.reveal_abilities[k])

    def after_ship_choice(self) -> None:
        if len(self.pos) >= 5:
            self.stage = ST_GATE
            self.actor = 0
            self.skip_forced_gates()
        else:
            self.begin_round_one()

    def gate_choices(self) -> list[int]:
        """5-6 players choose a Warp Gate each, at most 3 ships on the same gate."""
        counts = [0, 0]
        for s in range(self.actor):
            counts[self.start[s]] += 1
        return [GATE_ACTION0 + g for g in (0, 1) if counts[g] < 3]

    def choose_gate(self, action: int) -> None:
        self.set_start(self.actor, action - GATE_ACTION0)
        self.actor += 1
        self.skip_forced_gates()

    def skip_forced_gates(self) -> None:
        """A seat whose only gate left is forced gets it without a needless step."""
        n = len(self.pos)
        while self.actor < n:
            choices = self.gate_choices()
            if len(choices) > 1:
                return
            self.set_start(self.actor, choices[0] - GATE_ACTION0)
            self.actor += 1
        self.begin_round_one()

    def set_start(self, seat: int, gate: int) -> None:
        self.start[seat] = gate
        self.pos[seat] = 0 if gate == 0 else self.L
        self.dest[seat] = self.L if gate == 0 else 0
        self.fdir[seat] = 1 if gate == 0 else -1
        self._say("%s starts on the %s Warp Gate", self.names[seat], "Inner" if gate == 0 else "Outer")

    def begin_round_one(self) -> None:
        """Round 1 is dealt: shuffle the deck for this player count and deal 6 cards to each player."""
        self.round = 1
        self.actor = 0
        self.deck = list(self.tables.deck)
        self.deck_sorted = True
        self.dealt = 0
        self.stage = ST_DEAL
        self._say("Round 1: dealing %s Fuel Cards to each player from %s cards", HAND, len(self.deck))

    def deal_card(self, card: int) -> None:
        n = len(self.pos)
        self.deck.remove(card)
        self.hands[self.dealt % n].append(card)
        self.dealt += 1
        if self.dealt == HAND * n:
            self.begin_phase()

    # -- mining ------------------------------------------------------------------

    def begin_mining(self) -> None:
        """Rounds 2-6: 2 x players stacks of three (one face down, two face up) from the full deck."""
        n = len(self.pos)
        self.deck = list(self.tables.deck)
        self.deck_sorted = True
        self.stacks = [[-1, -1, -1] for _ in range(2 * n)]
        self.taken = [-1] * (2 * n)
        self.form = 0
        self.stage = ST_FORM
        self._say("Round %s: mining %s stacks", self.round, 2 * n)

    def form_stack_card(self, card: int) -> None:
        self.deck.remove(card)
        f = self.form
        self.stacks[f // 3][f % 3] = card
        self.form = f = f + 1
        if f == 3 * len(self.stacks):
            first = self.first_miner()
            self.mine_order = [first]
            self.mine_idx = 0
            self.stage = ST_MINE
            self.actor = first
            self._say("%s is nearest the Merton Cloud and mines first", self.names[first])

    def first_miner(self) -> int:
        """Nearest the Merton Cloud; tie: nearer the Inner Warp Gate; still tied (same gate): lower seat."""
        m = self.tables.merton
        return min(range(len(self.pos)), key=lambda s: (abs(self.pos[s] - m), self.pos[s], s))

    def mine_stack(self, k: int) -> None:
        a = self.actor
        stack = self.stacks[k]
        self.taken[k] = a
        self.hands[a].extend(stack)
        self.known[a].extend(stack[1:])
        sym = self.tables.symbols
        self._say("%s mines stack %s (face up %s and %s)", self.names[a], k + 1, sym[stack[1]], sym[stack[2]])
        self.mine_idx += 1
        n = len(self.pos)
        if self.mine_idx == 1:
            if n > 2:
                self.stage = ST_DIR
                return
            self.set_mining_order(1)
        self.next_miner()

    def choose_mining_direction(self, action: int) -> None:
        """The first miner chooses left or right; 'left' is the next seat number."""
        self.set_mining_order(1 if action == DIR_LEFT else -1)
        self._say("Mining goes %s", "left" if action == DIR_LEFT else "right")
        self.stage = ST_MINE
        self.next_miner()

    def set_mining_order(self, d: int) -> None:
        n = len(self.pos)
        first = self.mine_order[0]
        self.mine_order = [(first + d * i) % n for i in range(2 * n)]

    def next_miner(self) -> None:
        if self.mine_idx == len(self.mine_order):
            self.begin_phase()
        else:
            self.actor = self.mine_order[self.mine_idx]

    # -- movement phases ---------------------------------------------------------

    def begin_phase(self) -> None:
        self.phase += 1
        if self.chosen.count(-1) != len(self.chosen):
            self.chosen = [-1] * len(self.pos)
        self.revealed = False
        self.stage = ST_CHOOSE
        self.actor = 0

    def choose_fuel_card(self, card: int) -> None:
        """Each seat places one card face down; nobody sees it until all have chosen."""
        a = self.actor
        self.hands[a].remove(card)
        self.chosen[a] = card
        if a + 1 < len(self.pos):
            self.actor = a + 1
        else:
            self.reveal()

    def reveal(self) -> None:
        self.revealed = True
        t = self.tables
        sym = t.symbols
        chosen = self.chosen
        known = self.known
        names = self.names
        shown: list[str | int] = [self.round, self.phase]  # the log line's arguments: then ship, card, ...
        for s, c in enumerate(chosen):
            if known[s] and c in known[s]:  # a publicly known card is played: no longer in the hand
                known[s].remove(c)
            shown.append(names[s])
            shown.append(sym[c])
        self._say(t.reveal_format, *shown)
        if self.delayed:
            self.delayed = []
        # only ships with a reveal-time ability (T'Rang's) can open a reveal window
        if self.reveal_seats:
            self.queue = [s for s in self.reveal_seats if self.reveal_options(s)]
            self.next_reveal_window()
        else:
            self.queue = []
            self.start_resolution()

    def next_reveal_window(self) -> None:
        while self.queue:
            s = self.queue.pop(0)
            if self.reveal_options(s):
                self.stage = ST_REVEAL
                self.actor = s
                return
        self.start_resolution()

    def start_resolution(self) -> None:
        """Cards resolve in alphabetical order of their symbols; delayed cards (Foresight) last."""
        rank = self.tables.rank
        chosen = self.chosen
        delayed = self.delayed
        keys = []  # each seat's place in the alphabet (a loop: cheaper than map or a comprehension here)
        for c in chosen:
            keys.append(rank[c])
        if delayed:
            normal = sorted((s for s in range(len(chosen)) if s not in delayed), key=keys.__getitem__)
            self.order = normal + sorted(delayed, key=keys.__getitem__)
        else:
            self.order = sorted(range(len(chosen)), key=keys.__getitem__)
        self.res_idx = 0
        self.begin_card()

    def begin_card(self) -> None:
        """The next card in the order takes its printed type and value; its owner's window opens."""
        order = self.order
        if self.res_idx >= len(order):
            self.end_phase()
            return
        o = order[self.res_idx]
        card = self.chosen[o]
        t = self.tables
        self.resolving = o
        self.eff_type = t.ctype[card]
        self.eff_value = t.cvalue[card]
        self.clear_card_answers()
        if self.drag:
            self.drag = []
        self.echo = 0
        self.open_own_window()

    def clear_card_answers(self) -> None:
        """Forget the last card's modifiers and answers (usually empty already: only filled lists are replaced)."""
        if self.mods:
            self.mods = []
        if self.shielded:
            self.shielded = []
        if self.coasted:
            self.coasted = []
        if self.latchers:
            self.latchers = []

    def end_phase(self) -> None:
        chosen = self.chosen
        self.last_cards = chosen  # the list itself moves over; chosen gets a fresh one
        # resolved cards go face up on the common discard pile until the round ends
        self.discards.extend(chosen if -1 not in chosen else [c for c in chosen if c >= 0])
        n = len(self.pos)
        self.chosen = [-1] * n
        self.revealed = False
        if True in self.cloaked:
            self.cloaked = [False] * n
        self.resolving = -1
        self.order = []
        self.res_idx = 0
        self.eff_type = 0
        self.eff_value = 0
        self.clear_card_answers()
        if self.delayed:
            self.delayed = []
        if self.phase == PHASES:
            self.end_round()
        else:
            self.begin_phase()

    # -- end of round and game --------------------------------------------------

    def end_round(self) -> None:
        """Used Emergency Stops recharge; a seat that never used it may charge one other card."""
        variant = self.tables.variant
        for s in range(len(self.pos)):
            if self.es_used[s] and variant != "make-it-count":
                self.charged[s][0] = True
        # after round 6 there is no next round to charge a card for: no needless step
        last = self.round >= ROUNDS
        self.queue = [] if last else [s for s in range(len(self.pos)) if self.round_charge_options(s)]
        self.next_round_charge()

    def next_round_charge(self) -> None:
        if self.queue:
            self.actor = self.queue.pop(0)
            self.stage = ST_CHARGE
            return
        self.es_used = [False] * len(self.pos)
        self.round += 1
        self.phase = 0
        self.hands = [[] for _ in self.pos]
        self.known = [[] for _ in self.pos]
        self.discards = []
        if self.round > ROUNDS:
            self.finish_by_distance()
        else:
            self.begin_mining()

    def distance_to_goal(self, seat: int) -> int:
        return abs(self.dest[seat] - self.pos[seat])

    def standings(self) -> list[float]:
        """Minus each ship's distance to its goal gate: higher is further ahead (the after-round-6 order)."""
        return [-float(abs(self.dest[s] - self.pos[s])) for s in range(len(self.pos))]

    def finish_by_distance(self) -> None:
        """After round 6 the ship nearest its destination wins; equal distances share the win."""
        self.round = ROUNDS
        self.phase = PHASES
        best = min(self.distance_to_goal(s) for s in range(len(self.pos)))
        self.winners = [s for s in range(len(self.pos)) if self.distance_to_goal(s) == best]
        self.reason = "nearest after round 6"
        self.stage = ST_END
        self._say("After round 6 the nearest to their goal: %s (%s away)",
                  ", ".join(self.names[s] for s in self.winners), "1 space" if best == 1 else f"{best} spaces")

    def escape(self, seat: int) -> None:
        """Entering the opposite Warp Gate ends the game at once; only one ship can escape."""
        self.winners = [seat]
        self.reason = "escaped"
        self.stage = ST_END
        self._say("%s escapes the Gravwell and wins", self.names[seat])

    def _say(self, *entry: str | int) -> None:
        """Add a public log line, ``entry`` = (format, *args), written as ``format % args`` when read.

        Most logs are never read (random playouts, searches), and formatting a line at once cost
        more than building it; the core's lazy log entries (``LogEntry`` in core/api.py) defer it.
        """
        if self._shared:
            self._unshare()
        self._log.append(entry)

    # -- copying -----------------------------------------------------------------

    def clone(self) -> GravwellState:
        new = GravwellState.__new__(GravwellState)
        self._copy_base_into(new)
        new.game = self.game
        new.tables = self.tables
        new.L = self.L
        new.stage = self.stage
        new.actor = self.actor
        new.round = self.round
        new.phase = self.phase
        new.pos = self.pos[:]
        new.start = self.start[:]
        new.dest = self.dest[:]
        new.fdir = self.fdir[:]
        new.ship = self.ship[:]
        new.names = self.names  # derived from ship; replaced (never changed) when ships change
        new.watch = self.watch
        new.waits = self.waits
        new.reveal_seats = self.reveal_seats
        new.junk = self.junk[:]
        new.hands = [h[:] for h in self.hands]
        new.known = [h[:] for h in self.known]
        new.chosen = self.chosen[:]
        new.revealed = self.revealed
        new.deck = self.deck[:]
        new.deck_sorted = self.deck_sorted
        new.window = None
        new.stacks = [s[:] for s in self.stacks]
        new.taken = self.taken[:]
        new.form = self.form
        new.dealt = self.dealt
        new.mine_order = self.mine_order[:]
        new.mine_idx = self.mine_idx
        new.charged = [c[:] for c in self.charged]
        new.es_used = self.es_used[:]
        new.order = self.order[:]
        new.res_idx = self.res_idx
        new.delayed = self.delayed[:]
        new.queue = self.queue[:]
        new.cloaked = self.cloaked[:]
        new.resolving = self.resolving
        new.eff_type = self.eff_type
        new.eff_value = self.eff_value
        new.mods = self.mods[:]
        new.shielded = self.shielded[:]
        new.coasted = self.coasted[:]
        new.latchers = self.latchers[:]
        new.drag = [g[:] for g in self.drag]
        new.echo = self.echo
        new.last_cards = self.last_cards[:]
        new.discards = self.discards[:]
        new.winners = self.winners[:]
        new.reason = self.reason
        return new

    def resample_from_infostate(self, seat: int, rng: random.Random) -> GravwellState:
        """Redraw every card ``seat`` cannot see: others' unknown hand cards, their hidden choices,
        face-down stack cards and the unused deck, keeping each place's count."""
        new = self.clone()
        pool = list(self.deck)
        secret = [False] * len(self.pos)
        for t in range(len(self.pos)):
            if t == seat:
                continue
            secret[t] = self.chosen[t] >= 0 and not self.revealed
            held = self.hands[t] + ([self.chosen[t]] if secret[t] else [])
            pool.extend(c for c in held if c not in self.known[t])
        for k, st in enumerate(self.stacks):
            if self.taken[k] < 0 and st[0] >= 0:
                pool.append(st[0])
        # Shuffled from a canonical order: the pool's own order follows where the hidden cards
        # really are, and a search knowing its RNG could undo a shuffle of it.
        pool.sort()
        rng.shuffle(pool)
        for t in range(len(self.pos)):
            if t == seat:
                continue
            size = len(self.hands[t]) + (1 if secret[t] else 0)
            held = list(self.known[t])
            while len(held) < size:
                held.append(pool.pop())
            if secret[t]:
                # the face-down card may be any card the seat holds, known ones included
                new.chosen[t] = held.pop(rng.randrange(len(held)))
            new.hands[t] = held
        for k, st in enumerate(self.stacks):
            if self.taken[k] < 0 and st[0] >= 0:
                new.stacks[k][0] = pool.pop()
        # the deck is a set in the rules: keep it in id order like every deck the engine makes
        new.deck = sorted(pool)
        new.deck_sorted = True
        return new

    def _explain_illegal(self, action: int) -> str:
        if self.stage == ST_CHOOSE and 0 <= action < len(self.tables.symbols):
            return f"card {self.tables.symbols[action]} is not in seat {self.actor}'s hand"
        if self.stage in (ST_OWN, ST_RESPONSE, ST_REVEAL, ST_CHARGE) and action != PASS:
            return "that ability is not charged or does not apply to this card"
        return f"it is not a move of this step (the game is {STAGE_ACTIVITY[STAGE_NAMES[self.stage]]})"

