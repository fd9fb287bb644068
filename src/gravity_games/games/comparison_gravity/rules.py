"""Comparison × Gravity: announce a see-saw spot, place a hidden token, tilt the see-saw down.

Flow of a game (the roll-off is the only chance; nothing is lifted, so there is no perception noise):

1. ``roll-off``: each player rolls the die (``RollOff``: "G" counts 0, the tied highest roll again).
2. Five rounds. In each, every player announces a card (A, B or C), in turn from the round's first
   player; then the tokens are played. With 2 players: first, then second; the heavier torque
   (mass x arm) tilts the see-saw down and wins. With 3 players: the first player and the player to
   their left play a match; the winner's token stays, the loser's leaves; the third player then
   plays on the vacant side and the round goes to whoever tilts the see-saw down.
3. The first player moves clockwise (2 players: alternates). After five rounds the most rounds won
   wins; a tie goes to the lower total of the numbers on the tokens of the rounds won; a remaining
   tie shares the win.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from typing import Any

from gravity_games.core.api import CHANCE, JSON, TERMINAL, Game, InvalidStateError, Outcome, Param
from gravity_games.games.gravity_three import face_text
from gravity_games.games.gravity_three.observation import private_values_of
from gravity_games.games.gravity_three.rolloff import (
    FIRST_PLAYER_WORDS,
    LOTS_LINE,
    ROLL_OUTCOMES,
    TIE_LIMIT,
    roll_for_first_player,
)

from .data import SPOTS, card_counts, load_components, torque_table
from .state import (
    ANNOUNCE,
    LEVEL,
    LOTS,
    NO_CARD,
    NOT_PLAYED,
    OVER,
    PHASE_NAMES,
    PLAY,
    ROLL,
    ROUNDS,
    TOKEN_BASE,
    UNRESOLVED,
    ComparisonGravityPosition,
    ComparisonGravitySettings,
    RoundRecord,
)
from .state_json import dump, load
from .tables import FACE_COUNT, NUMBERS, PLACED_TOKEN_LINE, SEAT_COLOUR_NAME, SPOT_COUNT, SPOT_NAME
from .tensor import OBS_SIZE, encode_observation

ROLL_OFF_PASS_LIMIT = TIE_LIMIT
"""Tied roll-off passes in a row before the tied players draw lots (``gravity_three.rolloff``)."""

_ROLL_ACTIONS = frozenset(a for a, _ in ROLL_OUTCOMES)


def seat_colour(seat: int) -> str:
    return SEAT_COLOUR_NAME[seat]


def token_total(numbers: list[int]) -> int:
    """The total of the numbers on these tokens (the tie-break: the lower total wins)."""
    total = 0
    for number in numbers:
        total += number
    return total


def tilt(torque: list[list[float]], a: int, card_a: int, num_a: int, b: int, card_b: int, num_b: int) -> int:
    """Who tilts the see-saw down: the larger torque; ``LEVEL`` when equal (nobody wins the match)."""
    ta, tb = torque[card_a][num_a - 1], torque[card_b][num_b - 1]
    if ta > tb:
        return a
    if tb > ta:
        return b
    return LEVEL


def resolve_round(
    torque: list[list[float]], players: int, first: int, cards: list[int], tokens: list[int]
) -> tuple[int, int]:
    """``(first match, round winner)`` of a round from its cards and tokens (0 = not played yet).

    2 players: one match, its result is the round's. 3 players: the first player meets the player to
    their left; the third player then meets the winner, or, if the first match was level, tilts the
    empty see-saw alone and wins."""
    left = (first + 1) % players
    if not tokens[first] or not tokens[left]:
        return UNRESOLVED, UNRESOLVED
    match = tilt(torque, first, cards[first], tokens[first], left, cards[left], tokens[left])
    if players == 2:
        return match, match
    third = (first + 2) % players
    if not tokens[third]:
        return match, UNRESOLVED
    if match == LEVEL:
        return match, third
    return match, tilt(torque, match, cards[match], tokens[match], third, cards[third], tokens[third])


RoundFacts = tuple[int, list[int], list[int], int, int]
"""One round as the determinization sees it: first player, cards, tokens (others' may be any non-zero
placeholder when played, 0 when not), first match result, round winner (``UNRESOLVED`` if open)."""


class HiddenTokens:
    """Exact uniform sampling of the tokens ``seat`` has not seen, given the public round results.

    ``count(i, masks)`` is the number of ways to give the others tokens in rounds ``i..`` from the
    remaining sets ``masks`` (bit n set = token n still held) that reproduce every recorded result;
    it is memoised, so many samples share one table."""

    def __init__(self, torque: list[list[float]], players: int, seat: int, rounds: list[RoundFacts]) -> None:
        self.torque = torque
        self.players = players
        self.others = [s for s in range(players) if s != seat]
        self.rounds = rounds
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self.options: dict[tuple[int, tuple[int, ...]], list[tuple[tuple[int, ...], list[int]]]] = {}

    def choices(self, index: int, masks: tuple[int, ...]) -> list[tuple[tuple[int, ...], list[int]]]:
        """Every consistent way to fill round ``index``: (remaining masks after it, its tokens)."""
        key = (index, masks)
        if key in self.options:
            return self.options[key]
        first, cards, tokens, match, winner = self.rounds[index]
        slots = [(o, k) for k, o in enumerate(self.others) if tokens[o]]
        found: list[tuple[tuple[int, ...], list[int]]] = []
        current = list(tokens)
        left = list(masks)

        def fill(j: int) -> None:
            if j == len(slots):
                got = resolve_round(self.torque, self.players, first, cards, current)
                if got[0] == match and (winner == UNRESOLVED or got[1] == winner):
                    found.append((tuple(left), list(current)))
                return
            other, k = slots[j]
            for number in range(1, 6):
                if left[k] >> number & 1:
                    current[other] = number
                    left[k] &= ~(1 << number)
                    fill(j + 1)
                    left[k] |= 1 << number

        fill(0)
        self.options[key] = found
        return found

    def count(self, index: int, masks: tuple[int, ...]) -> int:
        if index == len(self.rounds):
            return 1
        key = (index, masks)
        if key not in self.memo:
            self.memo[key] = sum(self.count(index + 1, m) for m, _ in self.choices(index, masks))
        return self.memo[key]

    def sample(self, rng: random.Random) -> tuple[list[list[int]], dict[int, list[int]]] | None:
        """Tokens of every round and the others' remaining hands, or None if nothing fits."""
        masks = tuple(0b111110 for _ in self.others)
        if self.count(0, masks) == 0:
            return None
        drawn: list[list[int]] = []
        for index in range(len(self.rounds)):
            options = self.choices(index, masks)
            weights = [self.count(index + 1, m) for m, _ in options]
            masks, tokens = options[rng.choices(range(len(options)), weights=weights)[0]]
            drawn.append(tokens)
        hands = {o: [x for x in range(1, 6) if masks[k] >> x & 1] for k, o in enumerate(self.others)}
        return drawn, hands


# ---------------------------------------------------------------------------
# Game
# ---------------------------------------------------------------------------


class ComparisonGravityGame(Game):
    ID = "comparison-gravity"
    TITLE = "Comparison × Gravity"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 3
    VERSION = 1
    PARAMS = (Param("data", None, "path of a components TOML file (default: the packaged one)", str, nullable=True),)
    SUMMARY = (
        "Announce a see-saw spot (A, B or C), place a hidden token of 1-5, and tilt the see-saw down; "
        "five rounds, most rounds won wins (ties: lower total of the winning tokens)."
    )
    RULEBOOK = "gravity-three.txt, Game 2"
    PRIVATE_FIELDS = ("hand",)

    def _check_params(self) -> None:
        self.components = load_components(self.params["data"])
        self.torque: list[list[float]] = torque_table(self.components)
        self.start_cards: list[int] = card_counts(self.components)
        if sum(self.start_cards) != ROUNDS:
            raise InvalidStateError("comparison-gravity needs five cards per player (one per round)")
        self.settings = ComparisonGravitySettings(self.players, self.torque, self.start_cards)

    def _dimensions(self) -> tuple[int, int, int]:
        n = self.players
        length = ROLL_OFF_PASS_LIMIT * n + 1 + ROUNDS * 2 * n
        return length, TOKEN_BASE + 5, len(ROLL_OUTCOMES)

    def _observation_shape(self) -> tuple[int, ...]:
        return (OBS_SIZE,)

    def new_initial_state(self) -> ComparisonGravityState:
        return ComparisonGravityState(self)

    def _state_from_body(self, body: Mapping[str, Any]) -> ComparisonGravityState:
        state = ComparisonGravityState(self)
        load(state, body)
        return state


# ---------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------


class ComparisonGravityState(ComparisonGravityPosition):
    """A position of Comparison × Gravity with the game API and the rules of a round."""

    __slots__ = ("rules_game",)

    def __init__(self, game: ComparisonGravityGame) -> None:
        super().__init__(game, game.settings)
        self.rules_game = game
        """The game, typed as this game (``self.game`` is a plain Game)."""

    def clone(self) -> ComparisonGravityState:
        new = ComparisonGravityState.__new__(ComparisonGravityState)
        new.rules_game = self.rules_game
        self.copy_position_into(new)
        return new

    # -- whose move ------------------------------------------------------------

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def current_player(self) -> int:
        """The acting seat while cards are announced and tokens played; chance rolls; nobody at the end."""
        phase = self.phase
        if phase in (ANNOUNCE, PLAY):
            return (self.round_first_player + self.acted_this_phase) % self.players
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == ROLL:
            return list(ROLL_OUTCOMES)
        if self.phase == LOTS:
            p = 1.0 / len(self.lot_seats)
            return [(i, p) for i in range(len(self.lot_seats))]
        return []

    def _is_chance_action(self, action: int) -> bool:
        # apply_action's check at a chance node, answered from the position: a face, or a tied seat.
        if self.phase == ROLL:
            return 0 <= action < FACE_COUNT
        if self.phase == LOTS:
            return 0 <= action < len(self.lot_seats)
        return False

    def _chance_actions(self) -> Collection[int]:
        # apply_action's check at a chance node, without building the outcome list again.
        if self.phase == ROLL:
            return _ROLL_ACTIONS
        if self.phase == LOTS:
            return range(len(self.lot_seats))
        return ()

    def _legal_actions(self) -> list[int]:
        seat = (self.round_first_player + self.acted_this_phase) % self.players
        if self.phase == ANNOUNCE:
            cards = self.cards_left[seat]
            return [card for card in range(SPOT_COUNT) if cards[card] > 0]
        if self.phase == PLAY:
            return [TOKEN_BASE + n - 1 for n in self.hands[seat]]  # hands stay in increasing order
        return []

    def _explain_illegal(self, action: int) -> str:
        seat = self.acting_seat()
        if self.phase == ANNOUNCE:
            if not 0 <= action < 3:
                return "this is the announcement step: show a card A, B or C"
            return f"seat {seat} has no {SPOTS[action]} card left (each card is used once)"
        if self.phase == PLAY:
            if not TOKEN_BASE <= action < TOKEN_BASE + 5:
                return "this is the play step: place one of your tokens 1-5"
            return f"seat {seat} already used token {action - TOKEN_BASE + 1} (resolved tokens cannot be used again)"
        return "it is not one of the legal moves now"

    # -- transitions --------------------------------------------------------------

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == ANNOUNCE:  # the commonest steps first
            self._announce(action)
        elif phase == PLAY:
            self._play(action - TOKEN_BASE + 1)
        elif phase == ROLL:
            self._roll(action)
        elif phase == LOTS:
            self._note_later(LOTS_LINE, self.lot_seats[action])
            self._decide_first(self.lot_seats[action])

    def _roll(self, face: int) -> None:
        """Setup 3: "Players each roll the dice; the player with the highest number goes first"."""
        step = roll_for_first_player(self, self.roll_off, face, self.roll_off_passes, FIRST_PLAYER_WORDS)
        self.roll_off_passes = step.passes
        if step.first is not None:
            self._decide_first(step.first)
        elif step.lots:
            self.lot_seats = list(self.roll_off.contenders)
            self.phase = LOTS

    def _decide_first(self, seat: int) -> None:
        self.first_player = seat
        self.round_first_player = seat
        self.phase = ANNOUNCE
        self.acted_this_phase = 0

    def _announce(self, card: int) -> None:
        """Step 1: show an Announcement Card; it is used up."""
        seat = (self.round_first_player + self.acted_this_phase) % self.players
        cards = self.cards_left[seat]
        cards[card] = cards[card] - 1
        self.announced_cards[seat] = card
        self._note_later("Seat %d announces %s.", seat, SPOT_NAME[card])
        self.acted_this_phase += 1
        if self.acted_this_phase == self.players:
            self.phase = PLAY
            self.acted_this_phase = 0

    def _play(self, number: int) -> None:
        """Step 2: place a token, face hidden, on the announced spot; resolve when a match is complete."""
        n = self.players
        seat = (self.round_first_player + self.acted_this_phase) % n
        self.take_from_hand(seat, number)
        self.played_numbers[seat] = number
        self._note_later("Seat %d places a token on %s.", seat, SPOT_NAME[self.announced_cards[seat]])
        self._note(PLACED_TOKEN_LINE[seat * NUMBERS + number - 1], seat)  # the number is the player's alone
        self.acted_this_phase += 1
        if self.acted_this_phase == 2:
            self.first_match_result, winner = resolve_round(
                self.settings.torque, n, self.round_first_player, self.announced_cards, self.played_numbers
            )
            self._note_match(self.round_first_player, (self.round_first_player + 1) % n, self.first_match_result)
            if n == 2:
                self._end_round(winner)
            elif self.first_match_result == LEVEL:
                self._note_later("Both tokens leave the see-saw; it stands empty for the third player.")
        elif self.acted_this_phase == 3:
            _, winner = resolve_round(
                self.settings.torque, n, self.round_first_player, self.announced_cards, self.played_numbers
            )
            third = (self.round_first_player + 2) % n
            if self.first_match_result == LEVEL:
                self._note_later("Seat %d's token alone tilts the see-saw down.", third)
            else:
                self._note_match(self.first_match_result, third, winner)
            self._end_round(winner)

    def _note_match(self, a: int, b: int, result: int) -> None:
        if result == LEVEL:
            self._note_later("The see-saw stays level between seats %d and %d: nobody wins the match.", a, b)
        else:
            self._note_later("Seat %d (%s) tilts the see-saw down.", result, seat_colour(result))

    def _end_round(self, winner: int) -> None:
        """Step 3: the round is resolved, its tokens leave play; the first player moves clockwise."""
        n = self.players
        # The round keeps this round's lists; the next round starts with new ones (no copies).
        self.rounds.append(
            RoundRecord(
                self.round_first_player, self.announced_cards, self.played_numbers, self.first_match_result, winner
            )
        )
        if winner == LEVEL:
            self._note_later("Round %d: nobody wins.", len(self.rounds))
        else:
            self._note_later("Round %d: seat %d wins.", len(self.rounds), winner)
        self.announced_cards = [NO_CARD] * n
        self.played_numbers = [NOT_PLAYED] * n
        self.first_match_result = UNRESOLVED
        self.acted_this_phase = 0
        if len(self.rounds) == ROUNDS:
            self.phase = OVER
            self._note_result()
        else:
            self.round_first_player = (self.round_first_player + 1) % n
            self.phase = ANNOUNCE

    # -- the end ---------------------------------------------------------------

    def rounds_won(self) -> list[list[int]]:
        """Per seat, the numbers of its tokens in the rounds it won."""
        won: list[list[int]] = [[] for _ in range(self.players)]
        for record in self.rounds:
            if record.winner >= 0:
                won[record.winner].append(record.tokens[record.winner])
        return won

    def standings(self) -> list[float]:
        """Rounds won so far, less a hundredth of their token total (the tie-break: lower wins).

        For the balance report's lead changes and a search's leaf values; higher is further ahead.
        """
        return [len(w) - token_total(w) / 100 for w in self.rounds_won()]

    def winners(self, won: list[list[int]] | None = None) -> list[int]:
        """Most rounds won; then the lower total of the winning tokens; a remaining tie shares the win.

        ``won`` is :meth:`rounds_won` when the caller has it already."""
        if won is None:
            won = self.rounds_won()
        best_rounds, best_total = -1, 0  # the best (rounds won, token total) so far
        best: list[int] = []
        for seat in range(len(won)):
            rounds, total = len(won[seat]), token_total(won[seat])
            if rounds > best_rounds or (rounds == best_rounds and total < best_total):
                best_rounds, best_total, best = rounds, total, [seat]
            elif rounds == best_rounds and total == best_total:
                best.append(seat)
        return best

    def _note_result(self) -> None:
        won = self.rounds_won()
        for seat in range(len(won)):
            w = won[seat]
            if len(w) == 1:
                self._note_later("Seat %d won 1 round with tokens totalling %d.", seat, token_total(w))
            else:
                self._note_later("Seat %d won %d rounds with tokens totalling %d.", seat, len(w), token_total(w))
        self._note_later("Winner: seat %s.", " and seat ".join([str(seat) for seat in self.winners(won)]))

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        won = self.rounds_won()
        winners = tuple(self.winners(won))
        counts = [len(w) for w in won]
        if counts.count(max(counts)) == 1:
            reason = "most rounds won"
        elif len(winners) == 1:
            reason = "lower total of winning tokens"
        else:
            reason = "shared win"
        return Outcome(winners, reason, {"rounds_won": counts, "totals": [sum(w) for w in won]})

    # -- notation -------------------------------------------------------------------

    def _action_text(self, action: int) -> str:
        if self.phase == ROLL:
            return f"roll {face_text(action)}"
        if self.phase == LOTS:
            return f"lots seat {self.lot_seats[action]}"
        if 0 <= action < TOKEN_BASE:
            return f"announce {SPOTS[action]}"
        if TOKEN_BASE <= action < TOKEN_BASE + 5:
            return f"play {action - TOKEN_BASE + 1}"
        return f"action {action}"

    # -- views ------------------------------------------------------------------------

    def seesaw(self) -> list[dict[str, Any]]:
        """Tokens on the see-saw now: the first player's side is 0, the opposite side 1."""
        n = self.players
        if self.phase != PLAY:
            return []
        f = self.round_first_player
        left = (f + 1) % n
        on: list[dict[str, Any]] = []
        if self.acted_this_phase < 2 or n == 2:
            for seat, side in ((f, 0), (left, 1)):
                if self.played_numbers[seat]:
                    on.append({"seat": seat, "spot": SPOTS[self.announced_cards[seat]], "side": side})
        elif self.first_match_result >= 0:
            on.append(
                {
                    "seat": self.first_match_result,
                    "spot": SPOTS[self.announced_cards[self.first_match_result]],
                    "side": 0 if self.first_match_result == f else 1,
                }
            )
        return on

    def observation(self, seat: int | None) -> dict[str, JSON]:
        n = self.players
        obs: dict[str, JSON] = {
            "game": self.game.ID,
            "players": n,
            "seat": seat,
            "colours": [seat_colour(s) for s in range(n)],
            "phase": PHASE_NAMES[self.phase],
            "current_player": self.current_player(),
            "roll_off": self.roll_off.view(),
            "first_player": None if self.first_player < 0 else self.first_player,
            "round": len(self.rounds) + (0 if self.phase == OVER else 1),
            "round_first": None if self.round_first_player < 0 or self.phase == OVER else self.round_first_player,
            "cards_left": [{spot: self.cards_left[s][i] for i, spot in enumerate(SPOTS)} for s in range(n)],
            "tokens_left": [len(self.hands[s]) for s in range(n)],
            "announced": [None if c < 0 else SPOTS[c] for c in self.announced_cards],
            "has_played": [p > 0 for p in self.played_numbers],
            "seesaw": self.seesaw(),
            "first_match": _result(self.first_match_result),
            "rounds": [
                {
                    "first": r.first_player,
                    "cards": [SPOTS[c] for c in r.cards],
                    "first_match": _result(r.first_match) if n == 3 else None,
                    "winner": _result(r.winner),
                }
                for r in self.rounds
            ],
            "rounds_won": [sum(1 for r in self.rounds if r.winner == s) for s in range(n)],
        }
        if seat is not None:
            obs["hand"] = {
                "seat": seat,
                "tokens": list(self.hands[seat]),
                "played": [r.tokens[seat] for r in self.rounds]
                + ([self.played_numbers[seat]] if self.played_numbers[seat] else []),
            }
        if self.phase == OVER:
            won = self.rounds_won()
            obs["revealed"] = {
                "tokens_by_round": [list(r.tokens) for r in self.rounds],
                "won_tokens": won,
                "totals": [sum(w) for w in won],
                "winners": self.winners(),
            }
        return obs

    def private_values(self, seat: int) -> dict[str, JSON]:
        return private_values_of(self.observation(seat), self.rules_game.PRIVATE_FIELDS)

    def observation_tensor(self, seat: int | None) -> list[float]:
        return encode_observation(self.observation(seat))

    # -- determinization -----------------------------------------------------------------

    def resample_from_infostate(self, seat: int, rng: random.Random) -> ComparisonGravityState:
        """Redraw the other seats' hidden tokens, uniformly among all assignments that agree with every
        public result (who tilted the see-saw, levels) and with ``seat``'s own tokens (``HiddenTokens``)."""
        new = self.clone()
        if self.phase not in (ANNOUNCE, PLAY, OVER):
            return new
        rounds: list[RoundFacts] = [
            (r.first_player, list(r.cards), list(r.tokens), r.first_match, r.winner) for r in self.rounds
        ]
        if any(self.played_numbers):
            rounds.append(
                (
                    self.round_first_player,
                    list(self.announced_cards),
                    list(self.played_numbers),
                    self.first_match_result,
                    UNRESOLVED,
                )
            )
        solver = HiddenTokens(self.settings.torque, self.players, seat, rounds)
        drawn = solver.sample(rng)
        if drawn is None:
            return new  # a hand-made state no assignment explains: keep it as it is
        tokens_by_round, hands = drawn
        for index, tokens in enumerate(tokens_by_round):
            if index < len(new.rounds):
                record = new.rounds[index]
                new.rounds[index] = RoundRecord(
                    record.first_player, record.cards, tokens, record.first_match, record.winner
                )
            else:
                new.played_numbers = tokens
        for other, hand in hands.items():
            new.hands[other] = hand
        return new

    # -- JSON -----------------------------------------------------------------------------

    def _to_json_body(self) -> dict[str, JSON]:
        return dump(self)


def _result(code: int) -> int | str | None:
    """A match result for views: a seat, ``"level"``, or None while unresolved."""
    if code == UNRESOLVED:
        return None
    if code == LEVEL:
        return "level"
    return code
