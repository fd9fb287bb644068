"""The skeleton game's observation tensor: its encoding and its named layout.

The tensor is computed from the observation dict itself, so it holds exactly what the seat sees
(equal observations give equal tensors). ``observation_tensor_layout`` names each slice in the
order the encoder writes it; both are built from one list of parts, so they cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gravity_games.core.api import CHANCE, Game, TensorPart, tensor_layout

from .data import Components, load_components, token_names
from .state import PHASE_NAMES

Part = tuple[str, int, str, str]


def token_places(players: int) -> tuple[str, ...]:
    """Where the viewer may know a token to be (the one-hot of ``token[i].where``)."""
    on_table = tuple(f"on the table from seat {s}" for s in range(players))
    played = tuple(f"played earlier by seat {s}" for s in range(players))
    return ("not seen", "in the viewer's hand", *on_table, *played, "left in the bag")


def _parts(components: Components, players: int) -> list[Part]:
    faces = len(components.die.faces)
    rounds = components.deal.hand_size
    parts: list[Part] = [
        ("phase", len(PHASE_NAMES), "one-hot", f"the phase: {', '.join(PHASE_NAMES)}"),
        ("to_act", players + 2, "one-hot", "the seat to act, then chance, then nobody (the end)"),
        ("viewer", players + 1, "one-hot", "the observing seat, or the spectator"),
        ("round", 1, "scaled", "the round being played / the number of rounds"),
        ("die", faces, "one-hot", "this round's die face (all zero before the roll)"),
        ("rounds_won", players, "scaled", "rounds each seat has taken / the number of rounds"),
        ("hand_counts", players, "scaled", "tokens in each seat's hand / the hand size"),
        ("bag_count", 1, "scaled", "tokens in the bag / the number of tokens"),
    ]
    places = token_places(players)
    for name in token_names(components):
        parts.append((f"token[{name}].where", len(places), "one-hot", f"where the token is: {', '.join(places)}"))
    for r in range(rounds):
        parts.append((f"round[{r}].die", faces, "one-hot", "that finished round's die face"))
        parts.append((f"round[{r}].winner", players, "one-hot", "the seat that took it"))
    return parts


def observation_tensor_size(components: Components, players: int) -> int:
    """The tensor's length (``spec.observation_shape[0]``)."""
    return sum(part[1] for part in _parts(components, players))


def observation_tensor_layout(game: Game) -> tuple[TensorPart, ...]:
    """The named slices of the tensor, in order, covering its whole length."""
    return tensor_layout(_parts(load_components(game.params["data"]), game.players))


def _one_hot(out: list[float], index: int | None, width: int) -> None:
    """Append ``width`` slots with a 1 at ``index`` (None: all zero)."""
    block = [0.0] * width
    if index is not None:
        block[index] = 1.0
    out.extend(block)


def observation_tensor(obs: Mapping[str, Any], components: Components) -> list[float]:
    """A flat, fixed-length encoding of ``obs`` (everything in it, nothing else)."""
    players = int(obs["players"])
    faces = list(components.die.faces)
    names = token_names(components)
    rounds = int(obs["rounds"])
    out: list[float] = []
    _one_hot(out, PHASE_NAMES.index(obs["phase"]), len(PHASE_NAMES))
    to_act = int(obs["to_act"])
    _one_hot(out, to_act if to_act >= 0 else players if to_act == CHANCE else players + 1, players + 2)
    viewer = obs["viewer"]
    _one_hot(out, players if viewer is None else int(viewer), players + 1)
    out.append(int(obs["round"]) / rounds)
    die = obs["die"]
    _one_hot(out, None if die is None else faces.index(die), len(faces))
    out.extend(won / rounds for won in obs["rounds_won"])
    out.extend(count / components.deal.hand_size for count in obs["hand_counts"])
    out.append(int(obs["bag_count"]) / len(names))
    place = {name: 0 for name in names}
    for entry in obs.get("hand", []):
        place[entry["token"]] = 1
    for play in obs["table"]:
        place[play["token"]] = 2 + int(play["seat"])
    for result in obs["finished_rounds"]:
        for play in result["plays"]:
            place[play["token"]] = 2 + players + int(play["seat"])
    for entry in obs.get("bag", []):
        place[entry["token"]] = 2 + 2 * players
    width = len(token_places(players))
    for name in names:
        _one_hot(out, place[name], width)
    finished = obs["finished_rounds"]
    for r in range(rounds):
        result = finished[r] if r < len(finished) else None
        _one_hot(out, None if result is None else faces.index(result["die"]), len(faces))
        _one_hot(out, None if result is None else int(result["winner"]), players)
    return out
