"""A heuristic Comparison × Gravity player that reasons only from its own observation.

It draws determinizations of what it cannot see from its observation alone (the others' hidden
tokens, uniformly among those that agree with every public see-saw result, as ``HiddenTokens``) and fills in what the
others have not chosen yet (a card or token from what they still hold). For each choice it estimates
the chance of winning the round, and charges for what the choice spends: a heavy token or a far
spot is worth more in later rounds, so both cost more the more rounds remain. It announces the card
with the best value of its best token, and plays the token with the best chance for its cost: the
lightest token that wins, or the lightest of all when nothing wins.
"""

from __future__ import annotations

from typing import Any

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import Game, InvalidParameterError

from .data import SPOTS
from .rules import ComparisonGravityGame, HiddenTokens, RoundFacts, resolve_round
from .state import LEVEL, ROUNDS, TOKEN_BASE, UNRESOLVED

TOKEN_COST = 0.6
"""What spending token n costs when every round is still ahead, scaled by (n - 1) / 4."""
CARD_COST = 0.6
"""What spending the C card costs when every round is still ahead; B costs 40 % of it, A nothing."""
CARD_WEIGHT = (0.0, 0.4, 1.0)


class HeuristicAgent(Agent):
    """Announces and plays by estimated round-win chance minus the cost of what it spends."""

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int, **settings: Any) -> None:
        unknown = sorted(set(settings) - {"samples", "token_cost", "card_cost"})
        if unknown:
            raise InvalidParameterError(
                f"agent 'heuristic' has no setting {', '.join(unknown)}; its settings: samples, token_cost, card_cost"
            )
        super().__init__(game, seat, seed, **settings)  # only the settings given, for describe()
        assert isinstance(game, ComparisonGravityGame)
        self.torque = game.torque
        self.samples = max(1, int(settings.get("samples", 32)))
        self.token_price = float(settings.get("token_cost", TOKEN_COST))
        self.card_price = float(settings.get("card_cost", CARD_COST))

    def act(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = view.observation()
        later = (ROUNDS - obs["round"]) / (ROUNDS - 1)
        worlds = self.worlds(obs)
        if legal[0] < TOKEN_BASE:
            hand = list(obs["hand"]["tokens"])
            return max(legal, key=lambda card: (self.card_value(obs, worlds, card, later, hand), -card))
        my_card = SPOTS.index(obs["announced"][self.seat])
        return max(legal, key=lambda a: (self.token_value(obs, worlds, my_card, a - TOKEN_BASE + 1, later), -a))

    def worlds(self, obs: dict[str, Any]) -> list[World]:
        """Determinizations from the observation alone: the others' tokens on the see-saw now and their
        remaining hands, drawn uniformly among those that agree with every public result."""
        n = obs["players"]
        rounds: list[RoundFacts] = []
        for i, record in enumerate(obs["rounds"]):
            tokens = [1] * n
            tokens[self.seat] = obs["hand"]["played"][i]
            match = record["winner"] if n == 2 else record["first_match"]
            rounds.append(
                (
                    record["first"],
                    [SPOTS.index(c) for c in record["cards"]],
                    tokens,
                    _code(match),
                    _code(record["winner"]),
                )
            )
        current = any(obs["has_played"])
        if current:
            tokens = [1 if played else 0 for played in obs["has_played"]]
            if obs["has_played"][self.seat]:
                tokens[self.seat] = obs["hand"]["played"][-1]
            cards = [-1 if c is None else SPOTS.index(c) for c in obs["announced"]]
            rounds.append((obs["round_first"], cards, tokens, _code(obs["first_match"]), UNRESOLVED))
        solver = HiddenTokens(self.torque, n, self.seat, rounds)
        worlds: list[World] = []
        for _ in range(self.samples):
            drawn = solver.sample(self.rng)
            if drawn is None:
                break
            tokens_by_round, hands = drawn
            worlds.append((tokens_by_round[-1] if current else [0] * n, hands))
        if not worlds:  # cannot happen in a real game; stay sensible anyway
            worlds.append(([0] * n, {s: [1, 2, 3, 4, 5] for s in range(n) if s != self.seat}))
        return worlds

    def token_cost(self, number: int, later: float) -> float:
        return self.token_price * later * (number - 1) / 4.0

    def card_value(self, obs: dict[str, Any], worlds: list[World], card: int, later: float, hand: list[int]) -> float:
        best = max(self.token_value(obs, worlds, card, n, later) for n in hand)
        return best - self.card_price * CARD_WEIGHT[card] * later

    def token_value(self, obs: dict[str, Any], worlds: list[World], card: int, number: int, later: float) -> float:
        wins = sum(1 for world in worlds if self._wins_round(obs, world, card, number))
        return wins / len(worlds) - self.token_cost(number, later)

    def _wins_round(self, obs: dict[str, Any], world: World, card: int, number: int) -> bool:
        """Complete this round in ``world`` with the others' missing choices drawn from what they hold."""
        n = obs["players"]
        played, hands = world
        cards = [-1 if c is None else SPOTS.index(c) for c in obs["announced"]]
        tokens = list(played)
        cards[self.seat] = card
        tokens[self.seat] = number
        for s in range(n):
            if s == self.seat:
                continue
            if cards[s] < 0:
                left = obs["cards_left"][s]
                options = [c for c in range(3) if left[SPOTS[c]] > 0]
                cards[s] = options[self.rng.randrange(len(options))]
            if not tokens[s]:
                hand = hands[s]
                tokens[s] = hand[self.rng.randrange(len(hand))]
        _, winner = resolve_round(self.torque, n, obs["round_first"], cards, tokens)
        return bool(winner == self.seat)


World = tuple[list[int], dict[int, list[int]]]


def _code(result: Any) -> int:
    if result is None:
        return UNRESOLVED
    if result == "level":
        return LEVEL
    return int(result)
