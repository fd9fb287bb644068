"""The skeleton game's rules: spec constants, the rule functions, ``SkeletonGame``, ``SkeletonState``.

Each rule of the spec page (``__init__.py``) is one function over the position, named after the
rule; the state's API methods call them, and the bot calls the same functions instead of
repeating a rule.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from gravity_games.core.api import CHANCE, JSON, TERMINAL, DataError, Game, Outcome, Param

from . import state_json, tensor
from .data import Components, load_components
from .state import NO_FACE, PHASE_NAMES, RESULT_REASONS, Phase, Play, Result, RoundResult, SkeletonPosition

# ---------------------------------------------------------------------------
# Spec constants
# ---------------------------------------------------------------------------

SEATS = 2
"""The game is for two players."""

SUMMARY = (
    "Two players are dealt hidden tokens; each round a die is rolled and both play a token face up: "
    "the token closest to the die takes the round. Most rounds wins."
)


def seat_words(seat: int) -> str:
    """A seat as the log names it (and the command line): ``Seat 0``."""
    return f"Seat {seat}"


# ---------------------------------------------------------------------------
# The rules, one function each
# ---------------------------------------------------------------------------


def tokens_dealt(position: SkeletonPosition) -> int:
    """How many tokens have been dealt so far."""
    return sum(len(hand) for hand in position.hands)


def seat_to_deal(position: SkeletonPosition) -> int:
    """The deal goes round the table one token at a time, seat 0 first."""
    return tokens_dealt(position) % position.game.players


def round_starter(round_number: int, players: int) -> int:
    """Seat 0 plays first in round 1, and the first player moves one seat on each round."""
    return round_number % players


def seat_to_play(position: SkeletonPosition) -> int:
    """After the round's starter, the others play in seat order."""
    players = position.game.players
    return (round_starter(position.round_number, players) + len(position.table)) % players


def round_winner(die_face: int, plays: Sequence[Play], values: Sequence[int]) -> int:
    """The round goes to the token closest to the die; at equal distance, to the higher token."""
    best = max(plays, key=lambda play: (-abs(values[play.token] - die_face), values[play.token]))
    return best.seat


def tokens_that_take_the_round(
    die_face: int, table: Sequence[Play], seat: int, hand: Sequence[int], values: Sequence[int]
) -> list[int]:
    """The tokens of ``hand`` that would take the round for ``seat`` if played last onto ``table``."""
    return [token for token in hand if round_winner(die_face, [*table, Play(seat, token)], values) == seat]


def game_winners(rounds_won: Sequence[int]) -> tuple[int, ...]:
    """Whoever took the most rounds wins; equal most share the win."""
    best = max(rounds_won)
    return tuple(seat for seat, won in enumerate(rounds_won) if won == best)


def deal_token(position: SkeletonPosition, token: int) -> None:
    """Deal one token from the bag face down to the next seat; after the last, roll for round 1."""
    seat = seat_to_deal(position)
    position.bag.remove(token)
    position.hands[seat].append(token)
    position.hands[seat].sort()
    position._note(f"{seat_words(seat)} is dealt a token.")
    position._note(f"You are dealt {position.names[token]} ({position.values[token]}).", seat=seat)
    if tokens_dealt(position) == position.hand_size * position.game.players:
        position.phase = Phase.ROLL


def roll_die(position: SkeletonPosition, face_index: int) -> None:
    """Every round begins with a roll of the die, for everyone to see."""
    position.die_face = position.faces[face_index]
    position.phase = Phase.PLAY
    position._note(f"Round {position.round_number + 1}: the die shows {position.die_face}.")


def play_token(position: SkeletonPosition, token: int) -> None:
    """The seat to play puts one of its tokens face up; the last token of a round ends it."""
    seat = seat_to_play(position)
    position.hands[seat].remove(token)
    position.table.append(Play(seat, token))
    position._note(f"{seat_words(seat)} plays {position.names[token]} ({position.values[token]}).")
    if len(position.table) == position.game.players:
        finish_round(position)


def finish_round(position: SkeletonPosition) -> None:
    """The closest token takes the round; after the last round the game ends."""
    winner = round_winner(position.die_face, position.table, position.values)
    position.rounds_won[winner] += 1
    position.finished_rounds.append(RoundResult(position.die_face, tuple(position.table), winner))
    position._note(f"{seat_words(winner)} takes round {position.round_number + 1}.")
    position.table = []
    position.die_face = NO_FACE
    position.round_number += 1
    if position.round_number == position.hand_size:
        finish_game(position)
    else:
        position.phase = Phase.ROLL


def finish_game(position: SkeletonPosition) -> None:
    """The tokens left in the bag are shown, and the most rounds win."""
    position.phase = Phase.OVER
    position.winners = game_winners(position.rounds_won)
    position.result = Result.MOST_ROUNDS
    left = ", ".join(position.names[token] for token in position.bag) or "nothing"
    position._note(f"Left in the bag: {left}.")
    names = " and ".join(seat_words(seat) for seat in position.winners)
    position._note(f"{names} {'wins' if len(position.winners) == 1 else 'share the win'}.")


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


class SkeletonGame(Game):
    """The rule set with its parameters (``data``) fixed."""

    ID: ClassVar[str] = "skeleton-game"
    TITLE: ClassVar[str] = "Skeleton Game"
    MIN_PLAYERS: ClassVar[int] = SEATS
    MAX_PLAYERS: ClassVar[int] = SEATS
    VERSION: ClassVar[int] = 1
    PARAMS: ClassVar[tuple[Param, ...]] = (
        Param("data", None, "path of a components TOML (default: the packaged one)", kind=str, nullable=True),
    )
    SUMMARY: ClassVar[str] = SUMMARY
    RULEBOOK: ClassVar[str] = "the spec page of examples/skeleton_game/__init__.py (an invented example game)"
    PRIVATE_FIELDS: ClassVar[tuple[str, ...]] = ("hand",)

    components: Components
    """Set by ``_check_params``, which ``Game.__init__`` calls before it asks for the dimensions."""

    def _check_params(self) -> None:
        self.components = load_components(self.params["data"])
        needed = self.components.deal.hand_size * self.players + 1
        if len(self.components.tokens) < needed:
            raise DataError(
                f"{self.ID}: {self.players} hands of {self.components.deal.hand_size} and one token left in the "
                f"bag need {needed} tokens; the data file has {len(self.components.tokens)}"
            )

    def _dimensions(self) -> tuple[int, int, int]:
        tokens = len(self.components.tokens)
        rounds = self.components.deal.hand_size
        length = rounds * self.players + rounds * (1 + self.players)  # the deal, then a roll and plays a round
        return length, tokens, max(tokens, len(self.components.die.faces))

    def _observation_shape(self) -> tuple[int, ...]:
        return (tensor.observation_tensor_size(self.components, self.players),)

    def new_initial_state(self) -> SkeletonState:
        return SkeletonState(self, self.components)

    def _state_from_body(self, body: Mapping[str, Any]) -> SkeletonState:
        state = SkeletonState(self, self.components)
        state_json.load(state, body)
        return state


# ---------------------------------------------------------------------------
# The state (the API)
# ---------------------------------------------------------------------------


class SkeletonState(SkeletonPosition):
    """The game API over the position: each method calls the rule functions above."""

    def current_player(self) -> int:
        phase = self.phase
        if phase == Phase.PLAY:
            return seat_to_play(self)
        if phase == Phase.OVER:
            return TERMINAL
        return CHANCE

    def _legal_actions(self) -> list[int]:
        return list(self.hands[seat_to_play(self)])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == Phase.DEAL:
            return [(token, 1.0 / len(self.bag)) for token in self.bag]
        if self.phase == Phase.ROLL:
            return [(face, 1.0 / len(self.faces)) for face in range(len(self.faces))]
        return []

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == Phase.DEAL:
            deal_token(self, action)
        elif phase == Phase.ROLL:
            roll_die(self, action)
        else:
            play_token(self, action)

    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def outcome(self) -> Outcome | None:
        if self.phase != Phase.OVER:
            return None
        return Outcome(self.winners, RESULT_REASONS[self.result], {"rounds_won": list(self.rounds_won)})

    def token_entry(self, token: int) -> dict[str, JSON]:
        """A token as observations show it: its name and value."""
        return {"token": self.names[token], "value": self.values[token]}

    def play_entry(self, play: Play) -> dict[str, JSON]:
        return {"seat": play.seat, **self.token_entry(play.token)}

    def observation(self, seat: int | None) -> dict[str, JSON]:
        over = self.phase == Phase.OVER
        obs: dict[str, JSON] = {
            "players": self.game.players,
            "viewer": seat,
            "phase": PHASE_NAMES[self.phase],
            "to_act": self.current_player(),
            "round": min(self.round_number + 1, self.hand_size),
            "rounds": self.hand_size,
            "die": self.die_face if self.phase == Phase.PLAY else None,
            "hand_counts": [len(hand) for hand in self.hands],
            "bag_count": len(self.bag),
            "table": [self.play_entry(play) for play in self.table],
            "finished_rounds": [
                {"die": result.die_face, "plays": [self.play_entry(p) for p in result.plays], "winner": result.winner}
                for result in self.finished_rounds
            ],
            "rounds_won": list(self.rounds_won),
            "winners": list(self.winners),
        }
        if seat is not None:
            obs["hand"] = [self.token_entry(token) for token in self.hands[seat]]
        if over:
            obs["bag"] = [self.token_entry(token) for token in self.bag]
        return obs

    def private_values(self, seat: int) -> dict[str, JSON]:
        return {"hand": [self.token_entry(token) for token in self.hands[seat]]}

    def _to_json_body(self) -> dict[str, JSON]:
        return state_json.dump(self)

    def _action_text(self, action: int) -> str:
        if self.phase == Phase.ROLL:
            return f"roll {self.faces[action]}"
        verb = "deal" if self.phase == Phase.DEAL else "play"
        return f"{verb} {self.names[action]}"

    def _explain_illegal(self, action: int) -> str:
        if not 0 <= action < len(self.names):
            return f"tokens are numbered 0 to {len(self.names) - 1}"
        if self.phase == Phase.PLAY:
            return f"{self.names[action]} is not in your hand"
        return "it is not one of the legal moves now"

    def resample_from_infostate(self, seat: int, rng: random.Random) -> SkeletonState:
        """Redraw the tokens ``seat`` has not seen (the others' hands and the bag) from a sorted pool."""
        world = self.clone()
        unseen = sorted([token for other, hand in enumerate(self.hands) if other != seat for token in hand] + self.bag)
        rng.shuffle(unseen)
        for other, hand in enumerate(self.hands):
            if other != seat:
                world.hands[other] = sorted(unseen[: len(hand)])
                del unseen[: len(hand)]
        world.bag = sorted(unseen)
        return world

    def observation_tensor(self, seat: int | None) -> list[float]:
        return tensor.observation_tensor(self.observation(seat), self.components)
