"""Every registered game as a PettingZoo AEC environment, reached through the game API alone.

>>> from gravity_games.interop.pettingzoo import env
>>> e = env("doubt-gravity", players=3, render_mode="ansi")
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs)
['action_mask', 'observation']

- Agents are ``player_0`` ... ``player_{n-1}`` (seat ``i`` is ``player_i``).
- Observation space: ``Dict(observation=Box(shape=spec.observation_shape, float32),
  action_mask=Box(0, 1, (num_distinct_actions,), int8))``. ``observation`` is the game's
  ``observation_tensor(seat)``, which encodes exactly ``observation(seat)``; the mask
  marks the legal actions of the agent to act (all zeros for the others and at the end).
- Action space: ``Discrete(num_distinct_actions)``. An illegal action raises
  :class:`~gravity_games.IllegalActionError` and changes nothing.
- Chance nodes never surface: the environment draws them itself with
  ``random.Random(derive_seed(seed, "chance"))``, the same stream ``play_game`` uses, so an
  episode reset with seed ``s`` is the game ``play_game`` plays with seed ``s`` when the
  seats choose the same actions. ``reset()`` without a seed draws the next episode seed
  from the last seed given (or from the operating system if none was).
- Rewards come at the end only: each agent gets its ``returns()`` value when the game
  ends (cooperative games give every agent the same). There is no truncation: every
  game ends within ``max_game_length`` steps.
- ``render_mode="ansi"``: the game's text view of the public (spectator) observation,
  Rich markup stripped; ``"rgb_array"``: that text drawn into an RGB image.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from gravity_games.core.api import CHANCE, TERMINAL, Game, GravityError, IllegalActionError, sample_chance
from gravity_games.core.registry import entry, load
from gravity_games.core.seeding import derive_seed

RENDER_MODES = ("ansi", "rgb_array")


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def public_text(observation: dict[str, Any], game: Game) -> str:
    """The game's text view of ``observation`` without Rich markup (JSON if it has none)."""
    view = entry(game.ID).text_view
    if view is None:
        return json.dumps(observation, sort_keys=True, indent=1)
    from rich.text import Text  # Rich is a core dependency; imported here to keep import light

    return Text.from_markup(view(observation, game)).plain


def text_to_rgb(text: str, *, scale: int = 2) -> np.ndarray:
    """Draw ``text`` (black on white, Pillow's built-in font) into an ``(H, W, 3)`` uint8 array."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.load_default()
    lines = text.splitlines() or [""]
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    boxes = [probe.textbbox((0, 0), line or " ", font=font) for line in lines]
    line_h = int(max(b[3] - b[1] for b in boxes)) + 4
    width = int(max(b[2] - b[0] for b in boxes)) + 8
    image = Image.new("RGB", (width, line_h * len(lines) + 8), "white")
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        draw.text((4, 4 + i * line_h), line, fill="black", font=font)
    if scale > 1:
        image = image.resize((image.width * scale, image.height * scale), Image.Resampling.NEAREST)
    return np.asarray(image, dtype=np.uint8)


class GravityAECEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """One gravity game as an AEC environment (see the module docstring for the contract)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "gravity", "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise GravityError(f"render_mode {render_mode!r} is not supported; allowed: None, ansi, rgb_array")
        shape = tuple(game.spec.observation_shape)
        if not shape:
            raise GravityError(f"{game.ID} has no observation tensor (spec.observation_shape is empty)")
        self.game = game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"gravity_{game.ID.replace('-', '_')}"}
        n_actions = game.spec.num_distinct_actions
        self.possible_agents = [agent_name(s) for s in range(game.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(n_actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        # What each slot of "observation" means (name, offset, size, encoding): see docs/tensors.md.
        self.observation_layout = game.observation_tensor_layout()
        self._seed_source: random.Random | None = None
        self.episode_seed: int | None = None
        self.state = game.new_initial_state()
        self._chance_rng = random.Random(0)
        self.agents: list[str] = []

    # -- spaces ---------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- episode --------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed_source = random.Random(seed)
            self.episode_seed = int(seed)
        else:
            if self._seed_source is None:
                self._seed_source = random.Random(random.SystemRandom().getrandbits(63))
            self.episode_seed = self._seed_source.getrandbits(63)
        self._chance_rng = random.Random(derive_seed(self.episode_seed, "chance"))
        self.state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._resolve_chance()
        self._after_move()

    def _resolve_chance(self) -> None:
        """Play every chance node with the episode's chance stream (dice, shuffles, deals)."""
        while self.state.current_player() == CHANCE:
            self.state.apply_action(sample_chance(self.state, self._chance_rng))

    def _after_move(self) -> None:
        player = self.state.current_player()
        if player == TERMINAL:
            returns = self.state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
                self.infos[a] = {"outcome": self._outcome_json()}
            # Every agent now steps ``None`` once to leave; start with seat 0.
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = agent_name(player)

    def _outcome_json(self) -> dict[str, Any]:
        outcome = self.state.outcome()
        return outcome.to_json() if outcome is not None else {}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise IllegalActionError(f"{agent}: an action is an integer id, got {action!r}")
        self.state.apply_action(int(action))  # IllegalActionError leaves everything unchanged
        self._cumulative_rewards[agent] = 0.0  # only once the action is taken, for the same reason
        self._resolve_chance()
        for a in self.agents:
            self.rewards[a] = 0.0
        self._after_move()
        self._accumulate_rewards()

    # -- observing ------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        tensor = np.asarray(self.state.observation_tensor(seat), dtype=np.float32)
        tensor = tensor.reshape(self.observation_spaces[agent]["observation"].shape)
        mask = np.zeros(self.game.spec.num_distinct_actions, dtype=np.int8)
        if self.state.current_player() == seat:
            mask[self.state.legal_actions()] = 1
        return {"observation": tensor, "action_mask": mask}

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            return None
        text = public_text(self.state.observation(None), self.game)
        if self.render_mode == "ansi":
            return text
        return text_to_rgb(text)

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return str(self.metadata["name"])


def raw_env(
    game: str | Game, players: int | None = None, render_mode: str | None = None, **params: Any
) -> GravityAECEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    if isinstance(game, Game):
        if players is not None or params:
            raise GravityError("pass players and parameters with a game id, not with a Game already made")
        made = game
    else:
        made = load(game, players=players, **params)
    return GravityAECEnv(made, render_mode=render_mode)


def env(game: str | Game, players: int | None = None, render_mode: str | None = None, **params: Any) -> AECEnv:
    """An AEC environment for ``game`` (an id with ``players`` and parameters, or a ``Game``).

    Wrapped in PettingZoo's ``OrderEnforcingWrapper`` (``reset`` before ``step``), as the
    PettingZoo environments are; ``env(...).unwrapped`` is the :class:`GravityAECEnv`.
    """
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, render_mode, **params))
