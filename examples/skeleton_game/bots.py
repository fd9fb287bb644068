"""A heuristic skeleton-game player that reasons from its own observation only.

Playing last in a round, it takes the round if it can, with the token it will miss least later;
playing first, it plays the token that beats most of the tokens it has not seen. Whether a token
takes a round is always asked of the rules (``round_winner``), never worked out again here.
"""

from __future__ import annotations

from typing import Any

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import Game, InvalidParameterError

from .data import Components, load_components, token_names, token_values
from .rules import round_winner, tokens_that_take_the_round
from .state import Play


def later_worth(value: int, faces: tuple[int, ...]) -> float:
    """How useful a token is for a round still to come: minus its mean distance to a die face.

    A middle token lies close to most faces; keeping it is worth more than keeping an edge one.
    """
    return -sum(abs(value - face) for face in faces) / len(faces)


class HeuristicAgent(Agent):
    """Takes the round when it plays last and can; otherwise plays its best chance against the unseen."""

    name = "heuristic"
    SETTINGS: tuple[str, ...] = ()

    def __init__(self, game: Game, seat: int, seed: int, **settings: Any) -> None:
        if settings:
            raise InvalidParameterError(
                f"agent 'heuristic' has no setting {', '.join(sorted(settings))}; it takes none"
            )
        super().__init__(game, seat, seed)
        # The components are public (printed on the tokens), so the bot may read them.
        self.components: Components = load_components(game.params["data"])
        self.values: tuple[int, ...] = token_values(self.components)
        self.names: tuple[str, ...] = token_names(self.components)

    def token_id(self, name: str) -> int:
        return self.names.index(name)

    def act(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = view.observation()
        die = int(obs["die"])
        table = [Play(int(p["seat"]), self.token_id(str(p["token"]))) for p in obs["table"]]
        faces = self.components.die.faces
        if len(table) == int(obs["players"]) - 1:
            takers = tokens_that_take_the_round(die, table, self.seat, legal, self.values)
            pool = takers or legal
            return min(pool, key=lambda token: (later_worth(self.values[token], faces), token))
        unseen = self.unseen_tokens(obs, legal)
        return max(
            legal, key=lambda token: (self.share_beaten(die, token, unseen), -later_worth(self.values[token], faces))
        )

    def unseen_tokens(self, obs: dict[str, Any], hand: list[int]) -> list[int]:
        """Tokens this seat has not seen: in another hand or in the bag."""
        seen = set(hand)
        seen.update(self.token_id(str(p["token"])) for p in obs["table"])
        seen.update(self.token_id(str(p["token"])) for r in obs["finished_rounds"] for p in r["plays"])
        return [token for token in range(len(self.names)) if token not in seen]

    def share_beaten(self, die: int, token: int, unseen: list[int]) -> float:
        """The share of unseen tokens that ``token`` beats when played first against it."""
        opponent = (self.seat + 1) % self.game.players
        beaten = sum(
            1
            for other in unseen
            if round_winner(die, [Play(self.seat, token), Play(opponent, other)], self.values) == self.seat
        )
        return beaten / len(unseen) if unseen else 1.0
