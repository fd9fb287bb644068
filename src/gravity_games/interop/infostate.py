"""The information-state tensor's layout, free of OpenSpiel so ``gravity info`` can show it.

The tensor is the seat's observation tensor now, then its own actions so far: one one-hot row
per own action (the first :func:`own_action_slots` of them), a count per action id over the
whole game, and how many own actions did not fit one by one. It holds exactly what
``information_state_string`` holds (the observation plus the own actions), in a fixed size.
"""

from __future__ import annotations

from collections.abc import Sequence

from gravity_games.core.api import Game, TensorPart, tensor_layout

INFOSTATE_OWN_ACTIONS = 64
"""At most this many of a seat's own actions are kept one by one in the information-state
tensor (fewer when the game is shorter); later ones only add to the per-action counts."""


def own_action_slots(game: Game) -> int:
    """How many of a seat's own actions the information-state tensor keeps one by one."""
    return min(game.spec.max_game_length, INFOSTATE_OWN_ACTIONS)


def information_state_tensor_layout(game: Game) -> tuple[TensorPart, ...]:
    """The parts of ``information_state_tensor``: the observation now, then the seat's own actions.

    ``own_action[i]`` is the one-hot of the seat's i-th own action (all zero before it is
    taken); ``own_action_counts`` counts every own action id over the whole game and
    ``own_actions_beyond`` how many did not fit one by one. Empty when the game has no
    observation tensor.
    """
    observation = game.observation_tensor_layout()
    if not observation:
        return ()
    actions = game.spec.num_distinct_actions
    parts: list[tuple[str, int, str, str]] = [
        (f"observation.{p.name}", p.size, p.encoding, p.description) for p in observation
    ]
    parts += [
        (f"own_action[{i}]", actions, "one-hot", f"the seat's own action number {i + 1}, by action id")
        for i in range(own_action_slots(game))
    ]
    parts += [
        ("own_action_counts", actions, "scaled", "how often the seat took each action id (counts)"),
        ("own_actions_beyond", 1, "scaled", "own actions past the one-by-one slots (count)"),
    ]
    return tensor_layout(parts)


def information_state_tensor_size(game: Game) -> int:
    """Length of the information-state tensor (0 when the game has no observation tensor)."""
    layout = information_state_tensor_layout(game)
    return layout[-1].offset + layout[-1].size if layout else 0


def information_state_tensor(game: Game, observation: Sequence[float], own: Sequence[int]) -> list[float]:
    """The information-state tensor of a seat whose observation tensor is ``observation`` and
    whose own actions so far are ``own`` (in order). The OpenSpiel adapter fills the same."""
    actions = game.spec.num_distinct_actions
    slots = own_action_slots(game)
    out = list(observation) + [0.0] * (slots * actions + actions + 1)
    base = len(observation)
    for i, action in enumerate(own[:slots]):
        out[base + i * actions + action] = 1.0
    counts = base + slots * actions
    for action in own:
        out[counts + action] += 1.0
    out[counts + actions] = float(max(0, len(own) - slots))
    return out
