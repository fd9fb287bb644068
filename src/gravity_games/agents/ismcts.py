"""Information-set Monte Carlo tree search (``ismcts``), for every registered game.

The agent sees one seat's :class:`~gravity_games.core.agent.SeatView` and nothing else.
Each iteration draws a fresh determinization with ``view.sample_state(rng)`` (the
game's ``resample_from_infostate``: hidden cards and deck order redrawn consistently
with what the seat has seen), walks one shared tree with UCB1 adjusted for
availability (Cowling, Powley and Whitehouse 2012, "single-observer" IS-MCTS), expands
one node, plays on (to the end, or ``depth`` steps) and backs the result up.

* Each tree node holds the statistics of the player who chose the move that leads to
  it, so the same search serves competitive, cooperative (all returns equal), one-seat
  and six-seat games.
* Chance nodes are sampled with the agent's own chance RNG and branch the tree by
  outcome; they are never "chosen".
* Returns are scaled to [0, 1] with the game's utility bounds, so ``c`` means the same
  in every game.
* Playouts follow the game's rollout policy when its heuristic bot offers one (a cheap
  function of the full determinized state, which belongs to the search, not the seat), and
  may stop after ``depth`` steps: the result is then read from the game's optional
  ``State.standings()`` hook (higher = further ahead) as each seat's chance to win, a
  softmax of the standings divided by ``scale``, at the first point after ``depth`` steps
  where the game calls its standings settled.

Settings (agent spec ``ismcts:iterations=800:c=0.7``):

``iterations``  searches per move (default 200); ``seconds`` a time budget per move
(when both are given the search stops at whichever comes first; a time budget makes
play depend on machine speed, so seeded batches should use ``iterations``);
``c`` the exploration constant (default 0.7); ``opponents`` ``tree`` (the other seats
choose by their own UCB statistics in the shared tree), ``random`` (the other seats move at
random throughout), ``policy`` (they move by the rollout policy throughout) or ``model``
(inside the tree they move by the game's opponent model, a stand-in for how its heuristic bot
decides, computed from the acting seat's own information set in the determinized world; the
rollout policy when the game has no model), or ``heuristic`` (the same, by the game's full opponent
model, every decision of the seat its heuristic bot's way where ``model`` may cover only some, e.g.
Gravwell's fuel cards; costlier, and only in a game with that hook). In a single-observer tree a
seat choosing after a hidden choice of ours would otherwise respond to it as if it had seen it;
``random``, ``policy``, ``model`` and ``heuristic`` avoid that (a model must redraw what its seat
cannot see). ``rollout`` ``policy``
(the game's rollout policy, uniform random moves when it has none) or ``random``;
``depth`` steps simulated from the current position before the standings are read (``0``:
play every playout to the end); ``scale`` the standings gap worth a factor e in the
estimated odds of winning. ``depth`` and ``scale`` need a competitive game with
``standings()``. ``root`` ``ucb`` (default) or ``paired``: sweeps in which every root move is
searched on the same determinization with the same random streams, best mean chosen.
``infer`` ``none`` (default) or ``model``: each determinization's hidden choices that other seats
have already made (cards chosen face down before the searching seat's turn) are redrawn as the
game's opponent model would have made them from that seat's own information in the world, instead
of uniformly from the cards it holds; it needs the game's ``infer_hidden_choices`` hook.
``leaf`` ``standings`` (default) or ``fitted``: a cut playout is scored by the game's fitted
win-chance estimate (its ``leaf_value(state) -> chances`` hook, e.g. Gravwell's conditional logit
over distance, cards in hand and abilities, fitted by self-play) instead of the standings' softmax;
``scale`` is then unused.

Per-game defaults: a game's ``heuristic`` agent class (reached through the registry) may
carry ``rollout_policy(state, legal, rng) -> action``, ``rollout_settled(state) -> bool``,
``opponent_model(state, legal, rng) -> action``, ``opponent_model_full`` (the same signature),
``infer_hidden_choices(state, seat, rng) -> state``,
``leaf_value(state) -> chances`` and ``search_defaults``, a dict of
the settings above that suit the game (e.g. Gravwell's ``depth`` and ``scale``); settings
written in the agent spec win over them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from gravity_games.core.agent import Agent
from gravity_games.core.api import Game, InvalidParameterError
from gravity_games.core.registry import entry
from gravity_games.core.seeding import derive_seed

from . import register_agent

# The per-iteration work (tree, selection, playouts, backup) lives in ismcts_tree, which mypyc
# compiles; this module keeps the agent class, found by its class attributes, interpreted.
from .ismcts_tree import (
    ActionStats,
    Inference,
    InfoView,
    LeafValue,
    Node,
    RolloutPolicy,
    Search,
    SettledTest,
    standings_win_chances,
)


@mypyc_attr(native_class=False)  # frozen: a native one cannot be unpickled
@dataclass(frozen=True)
class GameHooks:
    """What a game offers the search through its registered ``heuristic`` agent class (all optional).

    ``policy(state, legal, rng) -> action``: a cheap playout move; ``settled(state) -> bool``:
    whether ``standings()`` is a fair picture now (e.g. between Gravwell's movement phases,
    never halfway through resolving the cards already chosen); ``defaults``: settings that
    suit the game; ``model(state, legal, rng) -> action``: the opponent model of
    ``opponents=model``, how a seat would choose from its own information set in the search's
    determinized world (e.g. the heuristic's rule run on a world redrawn for that seat);
    ``infer(state, seat, rng) -> state``: ``infer=model``'s redraw of the hidden choices the other
    seats made before ``seat``'s turn, as that model would have made them; ``value(state) -> chances``:
    ``leaf=fitted``'s estimate of each seat's chance to win a settled position; ``full_model``: the
    model of ``opponents=heuristic``, every decision of a seat the heuristic bot's way.
    """

    policy: RolloutPolicy | None
    settled: SettledTest | None
    defaults: dict[str, Any]
    model: RolloutPolicy | None = None
    infer: Inference | None = None
    value: LeafValue | None = None
    full_model: RolloutPolicy | None = None


def game_hooks(game: Game) -> GameHooks:
    """The hooks of ``game``'s heuristic bot, found through the registry only."""
    factory = entry(game.ID).agents.get("heuristic")
    defaults = getattr(factory, "search_defaults", None)
    return GameHooks(
        getattr(factory, "rollout_policy", None),
        getattr(factory, "rollout_settled", None),
        dict(defaults) if isinstance(defaults, Mapping) else {},
        getattr(factory, "opponent_model", None),
        getattr(factory, "infer_hidden_choices", None),
        getattr(factory, "leaf_value", None),
        getattr(factory, "opponent_model_full", None),
    )


_SETTINGS = ("iterations", "seconds", "c", "opponents", "rollout", "depth", "scale", "root", "infer", "leaf")
_INFERENCES = ("none", "model")
_LEAVES = ("standings", "fitted")
_ROOTS = ("ucb", "paired")
_OPPONENT_MODELS = ("tree", "random", "policy", "model", "heuristic")
_ROLLOUTS = ("policy", "random")


@mypyc_attr(native_class=False)  # frozen: a native one cannot be unpickled
@dataclass(frozen=True)
class Settings:
    """Checked settings of one ``ismcts`` agent (defaults: the game's, then the agent's)."""

    iterations: int | None
    seconds: float | None
    c: float
    opponents: str
    rollout: str
    depth: int
    scale: float
    root: str
    infer: str = "none"
    leaf: str = "standings"


def _is_number(x: Any) -> bool:
    return not isinstance(x, bool) and isinstance(x, int | float) and not math.isnan(x)


def _check_settings(settings: dict[str, Any], game: Game | None = None) -> Settings:
    unknown = sorted(set(settings) - set(_SETTINGS))
    if unknown:
        raise InvalidParameterError(
            f"agent 'ismcts' has no setting {', '.join(map(repr, unknown))}; allowed: {', '.join(_SETTINGS)}"
        )
    defaults: dict[str, Any] = {}
    has_standings = False
    if game is not None:
        defaults = {k: v for k, v in game_hooks(game).defaults.items() if k in _SETTINGS}
        has_standings = not game.spec.cooperative and callable(getattr(game.new_initial_state(), "standings", None))
    given = dict(settings)
    merged = {**defaults, **given}
    iterations = merged.get("iterations")
    seconds = merged.get("seconds")
    c = merged.get("c", 0.7)
    if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1):
        raise InvalidParameterError(f"ismcts setting iterations must be a whole number >= 1, got {iterations!r}")
    if seconds is not None:
        if not _is_number(seconds) or seconds <= 0:
            raise InvalidParameterError(f"ismcts setting seconds must be a number > 0, got {seconds!r}")
        seconds = float(seconds)
    if not _is_number(c) or c < 0:
        raise InvalidParameterError(f"ismcts setting c must be a number >= 0, got {c!r}")
    opponents = merged.get("opponents", "tree")
    if opponents not in _OPPONENT_MODELS:
        raise InvalidParameterError(
            f"ismcts setting opponents must be one of {', '.join(_OPPONENT_MODELS)}, got {opponents!r}"
        )
    if opponents == "heuristic" and game is not None and game_hooks(game).full_model is None:
        raise InvalidParameterError(
            f"ismcts setting opponents=heuristic needs a game with a full opponent model; {game.ID} has none "
            "(use opponents=model)"
        )
    rollout = merged.get("rollout", "policy")
    if rollout not in _ROLLOUTS:
        raise InvalidParameterError(f"ismcts setting rollout must be one of {', '.join(_ROLLOUTS)}, got {rollout!r}")
    depth = merged.get("depth", 0)
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise InvalidParameterError(
            f"ismcts setting depth must be a whole number >= 0 (0: play playouts to the end), got {depth!r}"
        )
    scale = merged.get("scale", 1.0)
    if not _is_number(scale) or scale <= 0 or math.isinf(scale):
        raise InvalidParameterError(f"ismcts setting scale must be a finite number > 0, got {scale!r}")
    if game is not None and not has_standings and (given.get("depth") or "scale" in given):
        raise InvalidParameterError(
            f"ismcts settings depth and scale need a competitive game with standings(); {game.ID} "
            f"{'is cooperative' if game.spec.cooperative else 'has no standings()'} (use depth=0 or leave them out)"
        )
    if not has_standings:
        depth = 0  # a game's default depth cannot apply without standings (e.g. its cooperative mode)
    if iterations is None and seconds is None:
        iterations = 200
    root = merged.get("root", "ucb")
    if root not in _ROOTS:
        raise InvalidParameterError(f"ismcts setting root must be one of {', '.join(_ROOTS)}, got {root!r}")
    infer = merged.get("infer", "none")
    if infer not in _INFERENCES:
        raise InvalidParameterError(f"ismcts setting infer must be one of {', '.join(_INFERENCES)}, got {infer!r}")
    if infer == "model" and game is not None and game_hooks(game).infer is None:
        raise InvalidParameterError(
            f"ismcts setting infer=model needs a game with an infer_hidden_choices hook; {game.ID} has none"
        )
    leaf = merged.get("leaf", "standings")
    if leaf not in _LEAVES:
        raise InvalidParameterError(f"ismcts setting leaf must be one of {', '.join(_LEAVES)}, got {leaf!r}")
    if leaf == "fitted" and game is not None:
        value = game_hooks(game).value
        if value is None or not has_standings:
            raise InvalidParameterError(
                f"ismcts setting leaf=fitted needs a competitive game with a leaf_value hook; {game.ID} has none"
            )
        try:  # a game may have fitted its estimate for some player counts only
            value(game.new_initial_state())
        except ValueError as exc:
            raise InvalidParameterError(f"ismcts setting leaf=fitted: {exc}") from None
    return Settings(iterations, seconds, float(c), opponents, rollout, depth, float(scale), root, infer, leaf)


def checked_settings(game: Game, settings: dict[str, Any]) -> Settings:
    """The settings of an ``ismcts`` search for ``game``: the game's defaults overridden by ``settings``."""
    return _check_settings(settings, game)


def new_search(game: Game, seat: int, seed: int, config: Settings) -> Search:
    """A search configured by ``config``, with the game's rollout hooks."""
    hooks = game_hooks(game)
    # opponents=heuristic is opponents=model with the fuller model: the compiled search needs no new mode.
    full = config.opponents == "heuristic"
    return Search(
        game,
        seat,
        seed,
        config.c,
        "model" if full else config.opponents,
        policy=hooks.policy if config.rollout == "policy" else None,
        depth=config.depth,
        scale=config.scale,
        settled=hooks.settled,
        root=config.root,
        model=hooks.full_model if full else hooks.model,
        infer=hooks.infer if config.infer == "model" else None,
        leaf_value=hooks.value if config.leaf == "fitted" else None,
    )


@mypyc_attr(allow_interpreted_subclasses=True)
class ISMCTSAgent(Agent):
    """IS-MCTS over ``resample_from_infostate`` determinizations (see the module docstring)."""

    name = "ismcts"

    def __init__(self, game: Game, seat: int, seed: int, **settings: Any) -> None:
        config = _check_settings(settings, game)
        super().__init__(game, seat, seed, **settings)
        self.config = config
        self.iterations, self.seconds = config.iterations, config.seconds
        self.c, self.opponents = config.c, config.opponents
        self._seed = seed
        self._moves = 0
        self.last_search: Search | None = None

    def act(self, view: InfoView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        # A fresh seed per decision keeps a game's moves independent of how long the
        # earlier searches ran, and replays exactly with the same agent seed.
        search = new_search(self.game, self.seat, derive_seed(self._seed, "move", self._moves), self.config)
        self._moves += 1
        search.run(view, self.config.iterations, self.config.seconds)
        self.last_search = search
        return search.root_stats(legal)[0].action


register_agent("ismcts", ISMCTSAgent)

__all__ = [
    "ActionStats",
    "GameHooks",
    "ISMCTSAgent",
    "InfoView",
    "Node",
    "RolloutPolicy",
    "Search",
    "Settings",
    "SettledTest",
    "checked_settings",
    "game_hooks",
    "new_search",
    "standings_win_chances",
]
