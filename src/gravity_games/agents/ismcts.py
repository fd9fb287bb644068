"""Information-set Monte Carlo tree search (``ismcts``), for every registered game.

The agent sees one seat's :class:`~gravity_games.core.agent.SeatView` and nothing else.
Each iteration draws a fresh determinization with ``view.sample_state(rng)`` (the
game's ``resample_from_infostate``: hidden cards and deck order redrawn consistently
with what the seat has seen), walks one shared tree with UCB1 adjusted for
availability (Cowling, Powley and Whitehouse 2012, "single-observer" IS-MCTS), expands
one node, finishes the game with uniformly random moves and backs the result up.

* Each tree node holds the statistics of the player who chose the move that leads to
  it, so the same search serves competitive, cooperative (all returns equal), one-seat
  and six-seat games.
* Chance nodes are sampled with the agent's own chance RNG and branch the tree by
  outcome; they are never "chosen".
* Returns are scaled to [0, 1] with the game's utility bounds, so ``c`` means the same
  in every game.

Settings (agent spec ``ismcts:iterations=800:c=0.7``):

``iterations``  searches per move (default 200); ``seconds`` a time budget per move
(when both are given the search stops at whichever comes first; a time budget makes
play depend on machine speed, so seeded batches should use ``iterations``);
``c`` the exploration constant (default 0.7); ``opponents`` ``tree`` (default: the other seats
choose by their own UCB statistics in the shared tree) or ``random`` (the other seats move at
random throughout; in a single-observer tree a seat choosing after a hidden choice of ours would
otherwise respond to it as if it had seen it).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Protocol

from gravity_games.core.agent import Agent
from gravity_games.core.api import CHANCE, TERMINAL, Game, InvalidParameterError, State, sample_chance
from gravity_games.core.seeding import derive_seed

from . import register_agent


class InfoView(Protocol):
    """The part of a SeatView the search uses (a real SeatView, or a test double)."""

    seat: int

    @property
    def game(self) -> Game: ...

    def legal_actions(self) -> list[int]: ...

    def sample_state(self, rng: random.Random) -> State: ...


class _Node:
    """One tree node: the move that leads here, seen from the player who made it."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


@dataclass(frozen=True)
class ActionStats:
    """What the search learned about one root action: visits and mean value in [0, 1]."""

    action: int
    visits: int
    value: float


def _chance_key(outcome: int) -> int:
    # Chance outcomes share the children dict with player moves; negative keys keep
    # them apart (outcome ids are >= 0).
    return -1 - outcome


class Search:
    """One IS-MCTS run from one seat's information set.

    ``rng`` draws determinizations and tie-breaks, ``rollout_rng`` the random playouts,
    ``chance_rng`` chance outcomes: separate streams so a change in one part of the
    search does not reshuffle the others.
    """

    def __init__(self, game: Game, seat: int, seed: int, c: float, opponents: str = "tree") -> None:
        self.game = game
        self.seat = seat
        self.c = c
        self.model_opponents = opponents == "tree"
        self.rng = random.Random(derive_seed(seed, "ismcts", "determinize"))
        self.rollout_rng = random.Random(derive_seed(seed, "ismcts", "rollout"))
        self.chance_rng = random.Random(derive_seed(seed, "ismcts", "chance"))
        self.root = _Node()
        lo, hi = game.spec.min_utility, game.spec.max_utility
        self._lo = lo
        self._scale = 1.0 / (hi - lo) if hi > lo else 1.0
        self.iterations = 0

    def run(self, view: InfoView, iterations: int | None, seconds: float | None) -> None:
        """Search until ``iterations`` more iterations are done or ``seconds`` have passed."""
        deadline = time.perf_counter() + seconds if seconds is not None else None
        done = 0
        while iterations is None or done < iterations:
            self.iterate(view.sample_state(self.rng))
            done += 1
            # The clock is read every iteration: one iteration can take milliseconds.
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.iterations += done

    def iterate(self, state: State) -> None:
        """Select, expand, simulate and back up once, on one determinization."""
        node = self.root
        path: list[tuple[_Node, int]] = []  # (child, player who chose it)
        expanded = False
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if expanded:
                self._rollout(state)
                break
            if player == CHANCE:
                outcome = sample_chance(state, self.chance_rng)
                state.apply_action(outcome)
                key = _chance_key(outcome)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node()
                node = child
                continue
            legal = state.legal_actions()
            if player != self.seat and not self.model_opponents:
                # Other seats move at random inside the tree too: their choices then never
                # depend on moves of ours they could not see (a hidden card choice).
                action = legal[self.rng.randrange(len(legal))]
                state.apply_action(action)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node()
                node = child
                continue
            action, node, expanded = self._select_or_expand(node, legal)
            path.append((node, player))
            state.apply_action(action)
        returns = state.returns()
        lo, scale = self._lo, self._scale
        for child, player in path:
            child.visits += 1
            child.total += (returns[player] - lo) * scale

    def _select_or_expand(self, node: _Node, legal: list[int]) -> tuple[int, _Node, bool]:
        children = node.children
        untried = [a for a in legal if a not in children]
        if untried:
            action = untried[self.rng.randrange(len(untried))]
            child = children[action] = _Node()
            child.avail = 1
            for a in legal:
                other = children.get(a)
                if other is not None and other is not child:
                    other.avail += 1
            return action, child, True
        best_action = legal[0]
        best_child = children[best_action]
        best_score = -math.inf
        c = self.c
        for a in legal:
            child = children[a]
            child.avail += 1
            # UCB1 with availability counts instead of the parent's visits: a move only
            # competes in the determinizations where it was legal.
            if child.visits == 0:
                score = math.inf
            else:
                score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best_action, best_child, best_score = a, child, score
        return best_action, best_child, False

    def _rollout(self, state: State) -> None:
        rng, chance_rng = self.rollout_rng, self.chance_rng
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return
            if player == CHANCE:
                state.apply_action(sample_chance(state, chance_rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])

    def root_stats(self, legal: list[int]) -> list[ActionStats]:
        """Statistics of the legal root moves, most visited first (then best value, then id)."""
        stats = []
        for a in legal:
            child = self.root.children.get(a)
            if child is None or child.visits == 0:
                stats.append(ActionStats(a, 0, 0.0))
            else:
                stats.append(ActionStats(a, child.visits, child.total / child.visits))
        stats.sort(key=lambda s: (-s.visits, -s.value, s.action))
        return stats


_SETTINGS = ("iterations", "seconds", "c", "opponents")
_OPPONENT_MODELS = ("tree", "random")


def _check_settings(settings: dict[str, Any]) -> tuple[int | None, float | None, float, str]:
    unknown = sorted(set(settings) - set(_SETTINGS))
    if unknown:
        raise InvalidParameterError(
            f"agent 'ismcts' has no setting {', '.join(map(repr, unknown))}; allowed: {', '.join(_SETTINGS)}"
        )
    iterations = settings.get("iterations")
    seconds = settings.get("seconds")
    c = settings.get("c", 0.7)
    if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1):
        raise InvalidParameterError(f"ismcts setting iterations must be a whole number >= 1, got {iterations!r}")
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds <= 0:
            raise InvalidParameterError(f"ismcts setting seconds must be a number > 0, got {seconds!r}")
        seconds = float(seconds)
    if isinstance(c, bool) or not isinstance(c, int | float) or c < 0 or math.isnan(c):
        raise InvalidParameterError(f"ismcts setting c must be a number >= 0, got {c!r}")
    opponents = settings.get("opponents", "tree")
    if opponents not in _OPPONENT_MODELS:
        raise InvalidParameterError(
            f"ismcts setting opponents must be one of {', '.join(_OPPONENT_MODELS)}, got {opponents!r}"
        )
    if iterations is None and seconds is None:
        iterations = 200
    return iterations, seconds, float(c), opponents


class ISMCTSAgent(Agent):
    """IS-MCTS over ``resample_from_infostate`` determinizations (see the module docstring)."""

    name = "ismcts"

    def __init__(self, game: Game, seat: int, seed: int, **settings: Any) -> None:
        self.iterations, self.seconds, self.c, self.opponents = _check_settings(settings)
        super().__init__(game, seat, seed, **settings)
        self._seed = seed
        self._moves = 0
        self.last_search: Search | None = None

    def act(self, view: InfoView) -> int:  # type: ignore[override]
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        # A fresh seed per decision keeps a game's moves independent of how long the
        # earlier searches ran, and replays exactly with the same agent seed.
        search = Search(self.game, self.seat, derive_seed(self._seed, "move", self._moves), self.c, self.opponents)
        self._moves += 1
        search.run(view, self.iterations, self.seconds)
        self.last_search = search
        return search.root_stats(legal)[0].action


register_agent("ismcts", ISMCTSAgent)

__all__ = ["ActionStats", "ISMCTSAgent", "InfoView", "Search"]
