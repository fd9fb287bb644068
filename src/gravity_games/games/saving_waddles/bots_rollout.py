"""The ``rollouts`` bot of Saving Waddles: every move tried by heuristic playouts to the end of the game.

For a decision with a real choice the agent draws ``worlds`` determinizations from its view
(``view.sample_state``: the game's ``resample_from_infostate``, so nothing the seat cannot see is
kept). On each world it plays every legal move and then the whole rest of the game with heuristic
players in every seat (its own seat with its own heuristic settings, the others with the plain
heuristic: the opponent model), and counts a win when its seat brings Waddles home. The move with
the most wins is played; the heuristic's own move is kept unless another wins at least ``keep``
(a share of the worlds) more often.

Common random numbers: on one world every move meets the same luck, drawn from one stream of
uniform numbers per seat and kind of draw (the n-th die that seat rolls, its n-th mischief card,
its n-th help card), so a reroll shifts only the roller's own later dice and moves are compared on
the same luck as far as the rules allow. Chance outcomes are the engine's (``chance_outcome_at``).
The seed of a decision depends on the agent's seed and the move number only, so two states the
seat cannot tell apart get the same decision (the twin-state test).

Settings: ``worlds`` (default 96) the most worlds a decision plays; ``screen`` (default 8) worlds after
which a decision whose moves all ended alike on every world so far stops there (the heuristic's move);
``keep`` (default 0.03) and ``sure`` (default 2) how much more often, as a share of the worlds and in
standard errors of the paired difference, another move must win to replace the heuristic's; ``found``
(0 or 1, default 0) 1 searches only once Waddles has been found and plays the heuristic before; the
heuristic's own settings (``margin``, ``door``, ...) are the agent's default and its own seat's
playout policy.

Measured (docs/games/saving-waddles.md, "Bot levels"): with ``found=1:worlds=256:sure=1.5:keep=0.02``
it is the game's two-seat ``hard`` (978 / 1,600 two-seat games against the heuristic on seeds 15-18,
4 ms a decision median, 0.27 s p95); searching every decision (``found=0``) was noisier and slower.
"""

from __future__ import annotations

import math
import random
from typing import Any

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import CHANCE, TERMINAL, Game, InvalidParameterError, State, chance_outcome_at
from gravity_games.core.seeding import derive_seed

from .bots import SETTINGS as HEURISTIC_SETTINGS
from .bots import HeuristicAgent
from .bots_lookahead import Luck, chance_kind, checked_agent_settings, number_setting, whole_setting

_SETTINGS = ("worlds", "screen", "keep", "sure", "found")
STEP_LIMIT = 3000
"""Steps a playout may take before it is scored as a loss (a safety net; games take 100-250)."""


def _stream(state: State) -> int:
    # The world is the search's own determinization: which seat's draw of which kind is due is read off it.
    return 4 * max(0, int(getattr(state, "turn", 0))) + chance_kind(state)


class RolloutAgent(Agent):
    """Tries each move with heuristic playouts to the end on sampled worlds; keeps the most wins."""

    name = "rollouts"

    def __init__(self, game: Game, seat: int, seed: int, **settings: Any) -> None:
        checked_agent_settings("rollouts", game, settings, _SETTINGS)
        super().__init__(game, seat, seed, **settings)
        self.worlds = whole_setting("rollouts", settings, "worlds", 96)
        self.screen = whole_setting("rollouts", settings, "screen", 8)
        self.keep = number_setting("rollouts", settings, "keep", 0.03, 0.0, 1.0)
        self.sure = number_setting("rollouts", settings, "sure", 2.0, 0.0, 10.0)
        found = settings.get("found", 0)
        if found not in (0, 1) or isinstance(found, bool):
            raise InvalidParameterError(f"rollouts setting found must be 0 or 1, got {found!r}")
        self.found = found == 1
        self.played = 0
        self.spread: dict[int, float] = {}
        base = {k: v for k, v in settings.items() if k in HEURISTIC_SETTINGS}
        self.heuristic = HeuristicAgent(game, seat, seed, **base)
        # The heuristic keeps no plan between decisions, so one per seat serves every world.
        self.players = [
            HeuristicAgent(game, s, derive_seed(seed, "playout", s), **(base if s == seat else {}))
            for s in range(game.players)
        ]
        self._seed = seed
        self._moves = 0
        self.last_values: dict[int, float] = {}

    @staticmethod
    def playout_policy(game: Game, seat: int, seed: int, settings: dict[str, Any]) -> Agent:
        """The agent its playouts use for its own seat (the heuristic with its settings): for hints playing on."""
        return HeuristicAgent(game, seat, seed, **{k: v for k, v in settings.items() if k in HEURISTIC_SETTINGS})

    def play_out(self, state: State, luck: Luck) -> float:
        """Play the game to its end with the heuristics; 1 if this seat won, else 0."""
        used = [0] * len(luck.draws)
        players = self.players
        for _ in range(STEP_LIMIT):
            player = state.current_player()
            if player == TERMINAL:
                outcome = state.outcome()
                return 1.0 if outcome is not None and self.seat in outcome.winners else 0.0
            if player == CHANCE:
                stream = _stream(state)
                state.apply_action(chance_outcome_at(state, luck.uniform(stream, used[stream])))
                used[stream] += 1
            else:
                legal = state.legal_actions()
                action = legal[0] if len(legal) == 1 else players[player].act(SeatView(state, player))
                state.apply_action(action)
        return 0.0

    def values(self, view: SeatView, seed: int, legal: list[int], default: int) -> dict[int, float]:
        """Each move's share of won playouts: ``screen`` worlds, then up to ``worlds`` if the moves differed."""
        rng = random.Random(derive_seed(seed, "worlds"))
        totals = dict.fromkeys(legal, 0.0)
        squares = dict.fromkeys(legal, 0.0)  # sums of squared differences from the default move, per world
        players = self.game.players
        played = 0
        while played < self.worlds:
            world = view.sample_state(rng)
            luck = Luck(rng.getrandbits(64), 4 * players)
            results = {}
            for action in legal:
                state = world.clone()
                state.apply_action(action)
                results[action] = self.play_out(state, luck)
            played += 1
            for action in legal:
                totals[action] += results[action]
                squares[action] += (results[action] - results[default]) ** 2
            # Moves that met the same luck with the same result on every screening world are not worth more worlds.
            if played == self.screen and not any(squares.values()):
                break
        self.played = played
        self.spread = {
            a: math.sqrt(max(0.0, q / played - ((totals[a] - totals[default]) / played) ** 2) / played)
            for a, q in squares.items()
        }
        return {a: t / played for a, t in totals.items()}

    def act(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seed = derive_seed(self._seed, "move", self._moves)
        self._moves += 1
        default = self.heuristic.act(view)
        if self.found and view.observation()["waddles"] is None:
            return default
        values = self.values(view, seed, legal, default)
        self.last_values = values
        best = max(legal, key=lambda a: (values[a], a == default))
        gain = values[best] - values[default]
        # Another move replaces the heuristic's only when it wins clearly more often: ``keep`` more of the
        # worlds and ``sure`` standard errors of the paired difference.
        if best != default and gain >= self.keep and gain > self.sure * self.spread[best]:
            return best
        return default


__all__ = ["RolloutAgent"]
