"""The IS-MCTS search loop of :mod:`gravity_games.agents.ismcts`, as plain classes mypyc compiles.

The agent class (``ISMCTSAgent``, found by its class attributes ``name`` and the game hooks it reads
through the registry) stays in ``ismcts.py`` and interpreted; this module holds only what runs per
iteration: the tree :class:`Node`, the :class:`Search` (selection, expansion, playout, backup) and
the standings' win chances. No closures and no class attributes read by name: a native class keeps
its attributes as instance fields, and mypyc 2.4.1 crashes on closures in non-native classes'
methods. The search itself is documented in ``ismcts.py``; the draws here are the same calls in the
same order as before the split, so a seeded search chooses the same moves compiled or not.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast

from mypy_extensions import mypyc_attr

from gravity_games.core.api import CHANCE, TERMINAL, Game, State, sample_chance
from gravity_games.core.seeding import derive_seed, randbelow


class InfoView(Protocol):
    """The part of a SeatView the search uses (a real SeatView, or a test double)."""

    seat: int

    @property
    def game(self) -> Game: ...

    def legal_actions(self) -> list[int]: ...

    def sample_state(self, rng: random.Random) -> State: ...


class Node:
    """One tree node: the move that leads here, seen from the player who made it."""

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


@mypyc_attr(native_class=False)  # frozen: a native one cannot be unpickled
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


def _rank(stats: ActionStats) -> tuple[int, float, int]:
    # A module function, not a lambda: the root ranking's sort key (most visited, best value, id).
    return (-stats.visits, -stats.value, stats.action)


RolloutPolicy = Callable[[State, list[int], random.Random], int]
SettledTest = Callable[[State], bool]
Inference = Callable[[State, int, random.Random], State]
LeafValue = Callable[[State], list[float]]


def standings_win_chances(standings: list[float], scale: float) -> list[float]:
    """Each seat's estimated chance to win from its standing: a softmax of ``standings / scale``.

    A seat ``scale`` further ahead than another is judged e times as likely to win; equal
    standings give equal chances; the chances sum to 1 (the share of one win).
    """
    top = max(standings)
    weights = [math.exp((v - top) / scale) for v in standings]
    total = sum(weights)
    return [w / total for w in weights]


class Search:
    """One IS-MCTS run from one seat's information set.

    ``rng`` draws determinizations and tie-breaks, ``rollout_rng`` the playouts,
    ``chance_rng`` chance outcomes: separate streams so a change in one part of the
    search does not reshuffle the others. ``policy`` picks playout moves on the
    search's own determinized state (``None``: uniform random); ``depth`` > 0 stops an
    iteration after that many steps from the root and scores it with ``standings()``.
    """

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int,
        c: float,
        opponents: str = "tree",
        *,
        policy: RolloutPolicy | None = None,
        depth: int = 0,
        scale: float = 1.0,
        settled: SettledTest | None = None,
        root: str = "ucb",
        model: RolloutPolicy | None = None,
        infer: Inference | None = None,
        leaf_value: LeafValue | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.c = c
        self.opponents = opponents
        self.policy = policy
        # opponents=model: the game's opponent model, else the rollout policy, else random moves
        self.model = model if opponents == "model" and model is not None else policy
        self.depth = depth
        self.scale = scale
        self.settled = settled
        self.paired = root == "paired"
        self.rng = random.Random(derive_seed(seed, "ismcts", "determinize"))
        self.opponent_rng = random.Random(derive_seed(seed, "ismcts", "opponents"))
        self.rollout_rng = random.Random(derive_seed(seed, "ismcts", "rollout"))
        self.chance_rng = random.Random(derive_seed(seed, "ismcts", "chance"))
        # infer=model: its own stream, so the other streams draw as they do without it
        self.infer = infer
        self.infer_rng = random.Random(derive_seed(seed, "ismcts", "infer"))
        # leaf=fitted: the game's fitted win chances read at a cut playout instead of the standings
        self.leaf_value = leaf_value
        self.root = Node()
        lo, hi = game.spec.min_utility, game.spec.max_utility
        self._lo = float(lo)
        self._scale = 1.0 / (hi - lo) if hi > lo else 1.0
        self.iterations = 0

    def run(self, view: InfoView, iterations: int | None, seconds: float | None) -> None:
        """Search until ``iterations`` more iterations are done or ``seconds`` have passed."""
        deadline = time.perf_counter() + seconds if seconds is not None else None
        done = 0
        if self.paired:
            self._run_paired(view, iterations, deadline)
            return
        while iterations is None or done < iterations:
            self.iterate(self.determinize(view))
            done += 1
            # The clock is read every iteration: one iteration can take milliseconds.
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.iterations += done

    def determinize(self, view: InfoView) -> State:
        """One world drawn from the seat's information set (and, with ``infer``, the others'
        hidden choices redrawn by the opponent model)."""
        world = view.sample_state(self.rng)
        infer = self.infer
        return world if infer is None else infer(world, self.seat, self.infer_rng)

    def _run_paired(self, view: InfoView, iterations: int | None, deadline: float | None) -> None:
        """Sweeps: one determinization and one set of random streams per sweep, shared by every
        root move (common random numbers), so moves are compared on the same worlds and the
        same later luck, as a player weighs cards against the same guesses of the others' hands."""
        legal = view.legal_actions()
        sweeps = None if iterations is None else max(1, -(-iterations // len(legal)))
        done = 0
        while sweeps is None or done < sweeps:
            world = self.determinize(view)
            seed = self.rng.getrandbits(64)
            for action in legal:
                self.rollout_rng.seed(derive_seed(seed, "rollout"))
                self.chance_rng.seed(derive_seed(seed, "chance"))
                self.opponent_rng.seed(derive_seed(seed, "opponents"))
                self.iterate(world.clone(), first=action)
                self.iterations += 1
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break

    def _opponent_move(self, state: State, legal: list[int]) -> int:
        model = self.model
        if self.opponents != "random" and model is not None:
            return model(state, legal, self.opponent_rng)
        return legal[randbelow(self.opponent_rng, len(legal))]

    def iterate(self, state: State, first: int | None = None) -> None:
        """Select, expand, simulate and back up once, on one determinization (``first``: the
        root move to take instead of selecting one)."""
        node = self.root
        path_nodes: list[Node] = []  # each chosen child, beside the player who chose it
        path_players: list[int] = []
        expanded = False
        steps = 0
        depth = self.depth
        if first is not None:
            for child in node.children.values():
                child.avail += 1
            found = node.children.get(first)
            if found is None:
                found = node.children[first] = Node()
            node = found
            if node.avail == 0:
                node.avail = 1
            path_nodes.append(node)
            path_players.append(state.current_player())
            state.apply_action(first)
            steps = 1
        while True:
            player = state.current_player()
            if player == TERMINAL or (depth and steps >= depth and self._is_settled(state)):
                break
            if expanded:
                self._rollout(state, steps)
                break
            steps += 1
            if player == CHANCE:
                outcome = sample_chance(state, self.chance_rng)
                state.apply_action(outcome)
                key = _chance_key(outcome)
                found = node.children.get(key)
                if found is None:
                    found = node.children[key] = Node()
                node = found
                continue
            legal = state.legal_actions()
            if player != self.seat and self.opponents != "tree":
                # Other seats move by a fixed rule inside the tree too: their choices then
                # never depend on moves of ours they could not see (a hidden card choice).
                action = self._opponent_move(state, legal)
                state.apply_action(action)
                found = node.children.get(action)
                if found is None:
                    found = node.children[action] = Node()
                node = found
                continue
            action, node, expanded = self._select_or_expand(node, legal)
            path_nodes.append(node)
            path_players.append(player)
            state.apply_action(action)
        values = self._evaluate(state)
        for i in range(len(path_nodes)):
            child = path_nodes[i]
            child.visits += 1
            child.total += values[path_players[i]]

    def _evaluate(self, state: State) -> list[float]:
        """Each seat's result in [0, 1]: the returns at the end, else the fitted win chances
        (``leaf_value``) or the standings' win chances."""
        if state.is_terminal() or not self.depth:
            lo, scale = self._lo, self._scale
            return [(r - lo) * scale for r in state.returns()]
        leaf_value = self.leaf_value
        if leaf_value is not None:
            return leaf_value(state)
        # standings() is an optional hook of a game's State (not part of the base class).
        standings: Any = cast(Any, state).standings()
        return standings_win_chances([float(v) for v in standings], self.scale)

    def _select_or_expand(self, node: Node, legal: list[int]) -> tuple[int, Node, bool]:
        children = node.children
        untried = [a for a in legal if a not in children]
        if untried:
            action = untried[randbelow(self.rng, len(untried))]
            child = children[action] = Node()
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

    def _is_settled(self, state: State) -> bool:
        settled = self.settled
        return settled is None or settled(state)

    def _rollout(self, state: State, steps: int) -> None:
        """Play on from ``state`` (``steps`` already taken) to the end, or to ``depth`` steps and
        then on to the next point where the game calls its standings settled."""
        rng, chance_rng, policy = self.rollout_rng, self.chance_rng, self.policy
        depth = self.depth  # 0: no limit, play to the end
        while True:
            player = state.current_player()
            if player == TERMINAL or (depth and steps >= depth and self._is_settled(state)):
                return
            if player == CHANCE:
                state.apply_action(sample_chance(state, chance_rng))
            else:
                legal = state.legal_actions()
                if policy is not None:
                    state.apply_action(policy(state, legal, rng))
                else:
                    state.apply_action(legal[randbelow(rng, len(legal))])
            steps += 1

    def root_stats(self, legal: list[int]) -> list[ActionStats]:
        """Statistics of the legal root moves, most visited first (then best value, then id)."""
        stats = []
        for a in legal:
            child = self.root.children.get(a)
            if child is None or child.visits == 0:
                stats.append(ActionStats(a, 0, 0.0))
            else:
                stats.append(ActionStats(a, child.visits, child.total / child.visits))
        stats.sort(key=_rank)
        return stats


__all__ = [
    "ActionStats",
    "Inference",
    "InfoView",
    "LeafValue",
    "Node",
    "RolloutPolicy",
    "Search",
    "SettledTest",
    "standings_win_chances",
]
