"""A Doubt × Gravity player that looks one decision ahead on worlds drawn from its own view (``lookahead``).

Flat Monte Carlo with the heuristic as the model of every opponent: for a decision with a choice
(placing a token or ending the turn, "It's correct!" or "I doubt it!"), ``worlds`` determinizations
are drawn with ``view.sample_state`` (the engine's resampling: only what this seat cannot see is
redrawn, weighted by its own readings), each candidate is played on each world and the game
played to its end with the heuristic in the opponents' seats and ``own`` settings of the heuristic
in this one; chance after the decision comes from one stream per world shared by every candidate
(common random numbers). The candidate with the most wins is taken; the heuristic's own move is
kept unless another wins ``margin`` more.

Belief from what the opponents did (their placements, observation only): the heuristic places
every token it holds that shows the Designated Number. So a token an opponent kept in hand through
its turn of a round is not that round's Designated Number. Worlds that break this (a resampled
opponent hand holding a token it would have placed) are redrawn, up to ``tries`` times a world;
past rounds come from the public record of finished rounds, the current one from whose turn has
passed.
"""

from __future__ import annotations

import random
from typing import Any

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import CHANCE, TERMINAL, Game, State, sample_chance
from gravity_games.core.seeding import derive_seed

from .bots import HeuristicAgent
from .rules import DoubtGravityGame
from .state import TOKEN_COUNT, TOKENS_PER_COLOUR

SEARCHED_PHASES = ("place", "assess")


class PlayoutHeuristic(HeuristicAgent):
    """The heuristic as the playouts play it: the same rules of thumb, fewer samples of the stack.

    Its doubts that do not depend on the felt weight (an opponent about to go out; this seat
    about to go out alone) are decided before sampling, as the heuristic decides them after.
    """

    def __init__(self, game: Game, seat: int, seed: int, samples: int, **settings: Any) -> None:
        super().__init__(game, seat, seed, **settings)
        self.samples = samples

    def should_doubt(self, obs: dict[str, Any]) -> bool:
        if self.free_ride:
            return super().should_doubt(obs)
        counts = obs["hand_counts"]
        threats = any(counts[s] == 0 for s in range(self.players) if s != self.seat)
        if threats and counts[self.seat] > 0:
            return True
        if not threats and counts[self.seat] == 0:
            return False
        return super().should_doubt(obs)


def kept_numbers(obs: dict[str, Any], seat: int) -> dict[int, set[int]]:
    """Per token in another seat's hand: the Designated Numbers of the rounds it was kept through.

    A token entered its holder's hand at the deal, or when the holder took the stack it was in
    (its last round in a stack); every later round in which the holder ended its placing turn
    with it (finished rounds, and this one if that turn is over) names a number it is not, if the
    holder places every true token as the heuristic does.
    """
    n = obs["players"]
    rounds = obs["rounds"]
    last_in_stack: dict[int, int] = {}
    for index, info in enumerate(rounds):
        for p, _owner in info["stack"]:
            last_in_stack[p] = index
    finished_turn: set[int] = set()
    if obs["phase"] == "assess" or obs["phase"] == "lift":
        finished_turn = set(range(n))
    elif obs["phase"] == "place" and obs["first_player"] is not None:
        first = obs["first_player"]
        order = [(first + i) % n for i in range(n)]
        finished_turn = set(order[: order.index(obs["to_act"])])
    kept: dict[int, set[int]] = {}
    for token in obs["tokens"]:
        where = token["where"]
        if not where.startswith("seat "):
            continue
        holder = int(where[5:])
        if holder == seat or token["number"] is not None:
            continue
        since = last_in_stack.get(token["id"], -1) + 1
        numbers = {info["designated"] for info in rounds[since:]}
        if holder in finished_turn and obs["designated"]:
            numbers.add(obs["designated"])
        if numbers:
            kept[token["id"]] = numbers
    return kept


def consistent(world: State, kept: dict[int, set[int]]) -> bool:
    """The world gives no kept token a number its holder would have placed."""
    numbers = world.token_numbers  # type: ignore[attr-defined]  # a drawn world, not the real one
    return all(numbers[p] not in bad for p, bad in kept.items())


class LookaheadAgent(Agent):
    """Each candidate move played on on drawn worlds by heuristic opponents; the most wins is taken."""

    name = "lookahead"
    SETTINGS = (
        "worlds",
        "tries",
        "margin",
        "samples",
        "belief",
        *(f"own_{name}" for name in HeuristicAgent.SETTINGS),
    )

    def __init__(self, game: Game, seat: int, seed: int, **settings: Any) -> None:
        super().__init__(game, seat, seed, **settings)
        assert isinstance(game, DoubtGravityGame)
        self.worlds = int(settings.get("worlds", 8))
        self.tries = int(settings.get("tries", 20))
        self.margin = float(settings.get("margin", 0.0))
        self.belief = bool(int(settings.get("belief", 1)))
        self.samples = int(settings.get("samples", 40))
        # This seat's play in the playouts (and the move kept unless another wins more): the
        # heuristic with these settings.
        self.own_settings = {k[4:]: v for k, v in settings.items() if k.startswith("own_")}
        self._seed = seed

    def own_agent(self, seat: int, seed: int) -> HeuristicAgent:
        """This seat's play after the decision: the heuristic with the ``own_`` settings."""
        return PlayoutHeuristic(self.game, seat, seed, self.samples, **self.own_settings)

    def act(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = view.observation()
        seed = derive_seed(self._seed, "move", view.move_number())
        default = HeuristicAgent(self.game, self.seat, derive_seed(seed, "base"), **self.own_settings).act(view)
        if obs["phase"] not in SEARCHED_PHASES:
            return default
        candidates = self.candidates(obs, legal, default)
        totals = self.evaluate(view, obs, seed, candidates)
        best = max(candidates, key=lambda a: (totals[a], a == default))
        return best if totals[best] > totals[default] + self.margin * self.worlds else default

    @staticmethod
    def candidates(obs: dict[str, Any], legal: list[int], default: int) -> list[int]:
        """The moves worth trying: one token per number (tokens weigh by their number), and the rest."""
        if obs["phase"] != "place":
            return list(legal)
        seen: set[int] = set()
        moves = [default]
        if default < TOKEN_COUNT:
            seen.add(default % TOKENS_PER_COLOUR)
        for action in legal:
            if action == default:
                continue
            if action < TOKEN_COUNT:
                number = action % TOKENS_PER_COLOUR
                if number in seen:
                    continue
                seen.add(number)
            moves.append(action)
        return moves

    def draw_world(self, view: SeatView, rng: random.Random, kept: dict[int, set[int]]) -> State:
        """A world from the view, redrawn while it contradicts what the opponents kept in hand."""
        world = view.sample_state(rng)
        for _ in range(self.tries - 1):
            if consistent(world, kept):
                break
            world = view.sample_state(rng)
        return world

    def evaluate(self, view: SeatView, obs: dict[str, Any], seed: int, candidates: list[int]) -> dict[int, float]:
        """Wins of each candidate over the worlds (a shared win counts as the game's returns say)."""
        rng = random.Random(derive_seed(seed, "worlds"))
        kept = kept_numbers(obs, self.seat) if self.belief else {}
        totals = dict.fromkeys(candidates, 0.0)
        for w in range(self.worlds):
            world = self.draw_world(view, rng, kept)
            world_seed = derive_seed(seed, "world", w)
            for action in candidates:
                state = world.clone()
                state.apply_action(action)
                totals[action] += self.play_out(state, world_seed)
        return totals

    def play_out(self, state: State, seed: int) -> float:
        """Play to the end: heuristics in the other seats, the own heuristic here; 1 for a win."""
        game = state.game
        agents: dict[int, Agent] = {}
        chance_rng = random.Random(derive_seed(seed, "chance"))
        limit = game.spec.max_game_length
        for _ in range(limit):
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                state.apply_action(sample_chance(state, chance_rng))
                continue
            agent = agents.get(player)
            if agent is None:
                agent_seed = derive_seed(seed, "seat", player)
                agent = agents[player] = (
                    self.own_agent(player, agent_seed)
                    if player == self.seat
                    else PlayoutHeuristic(game, player, agent_seed, self.samples)
                )
            state.apply_action(agent.act(SeatView(state, player)))
        outcome = state.outcome()
        if outcome is None or self.seat not in outcome.winners:
            return 0.0
        return 1.0


__all__ = ["LookaheadAgent", "consistent", "kept_numbers"]
