"""A win-chance estimate of a Saving Waddles position from one seat's observation (the ``lookahead`` bot's).

The estimate is a small neural network (one hidden layer) over features of the observation, fitted
by self-play with NumPy (``scripts/fit_saving_waddles_evaluation.py``) to the wins and losses of
heuristic games; its weights are ``data/evaluation.toml``, one network per player count. Plain
Python evaluates it (the engine needs no NumPy).

It is asked at one moment only: right after the seat's turn has passed to the next seat (the
seat after it in play order is to move), which is where the lookahead stops (``bots_lookahead.py``) and
where the fitting script takes its samples. The features read only the observation: every token's
space and its estimated turns to win (reach Waddles, then carry him three spaces a turn at most),
who carries Waddles and how far ahead he lies, tokens lying down, cards in hand (the seat's own
by kind, the others' counts), mischief cards in front, heroes and the Hut of Wonders card once
revealed. Opponents are listed in play order after the seat.
"""

from __future__ import annotations

import math
import tomllib
from functools import cache
from importlib import resources
from typing import Any

from .data import HELP_KINDS, HEROES
from .rules import SavingWaddlesGame
from .tables import WADDLES_POINTER

MOVE = 3.5
"""Mean spaces of a free move (a die)."""
CARRY = 2.5
"""Mean spaces of a move carrying Waddles (a die, at most three)."""
HUT_KINDS = ("none", "discard_help", "roll")
"""The Hut of Wonders victory conditions, one feature each once the card is face up."""


class Track:
    """What the features read of the game's track: its last space, where Waddles is found and may lie."""

    __slots__ = ("finder", "last", "mean_waddles", "victory_of")

    def __init__(self, game: SavingWaddlesGame) -> None:
        track = game.track
        self.last = float(game.last)
        finders = [p for p, s in enumerate(track.fixed) if s is not None and s.kind == WADDLES_POINTER]
        self.finder = float(finders[0]) if finders else self.last / 2
        self.mean_waddles = sum(track.number_pos.values()) / max(1, len(track.number_pos))
        self.victory_of = dict(zip(track.hut_names, track.hut_victory, strict=True))


def turns_to_win(track: Track, pos: float, carrying: bool, waddles: float | None) -> float:
    """Turns a token needs, on average moves: to Waddles (or to where he is found), then carrying him home."""
    if carrying:
        return (track.last - pos) / CARRY
    if waddles is None:
        return max(0.0, track.finder - pos) / MOVE + 1.0 + (track.last - track.mean_waddles) / CARRY
    return max(0.0, waddles - pos) / MOVE + (track.last - max(waddles, pos)) / CARRY


def feature_names(players: int) -> list[str]:
    """The features' names, in the order of :func:`features` (the seat first, then the others in play order)."""
    names: list[str] = []
    for k in range(players):
        who = "me" if k == 0 else f"opp{k}"
        names += [f"{who}_{f}" for f in ("pos", "carry", "turns", "lying", "hand", "mischief", "behind_waddles")]
        names += [f"{who}_hero_{h}" for h in HEROES]
        if k:
            names += [f"{who}_turns_gap", f"{who}_gap_sq"]
    names += [f"me_{kind}" for kind in HELP_KINDS]
    names += ["waddles_found", "waddles_pos", "turns_taken"]
    names += [f"hut_{kind}" for kind in HUT_KINDS]
    return names


def features(obs: dict[str, Any], track: Track) -> list[float]:
    """The features of ``obs`` (an observation with the seat's own ``hand``), from its seat's view."""
    seat = obs["seat"]
    positions = obs["positions"]
    players = len(positions)
    waddles = obs["waddles"]
    carrier = obs["carried_by"]
    last = track.last
    out: list[float] = []
    own_turns = 0.0
    for k in range(players):
        s = (seat + k) % players
        pos = positions[s]
        carrying = carrier == s
        turns = turns_to_win(track, pos, carrying, waddles)
        behind = 0.0 if waddles is None or carrying else max(0.0, waddles - pos) / 10.0
        out += [
            pos / last,
            1.0 if carrying else 0.0,
            turns / 10.0,
            1.0 if obs["lying"][s] else 0.0,
            obs["hand_sizes"][s] / 4.0,
            len(obs["mischief_in_front"][s]) / 3.0,
            behind,
        ]
        hero = obs["heroes"][s]
        out += [1.0 if hero == h else 0.0 for h in HEROES]
        if k == 0:
            own_turns = turns
        else:
            gap = max(-3.0, min(3.0, (turns - own_turns) / 5.0))
            out += [gap, gap * abs(gap)]
    cards = obs["hand"]["cards"]
    out += [cards[kind] / 2.0 for kind in HELP_KINDS]
    out += [
        0.0 if waddles is None else 1.0,
        0.0 if waddles is None else waddles / last,
        obs["turns_taken"] / 100.0,
    ]
    hut = obs["hut_card"]
    victory = track.victory_of.get(hut) if hut is not None else None
    out += [1.0 if victory == kind else 0.0 for kind in HUT_KINDS]
    return out


class Network:
    """One hidden layer of tanh units and a logistic output, over standardised features."""

    __slots__ = ("b1", "b2", "mean", "scale", "w1", "w2")

    def __init__(self, table: dict[str, Any]) -> None:
        self.mean: list[float] = [float(x) for x in table["mean"]]
        self.scale: list[float] = [float(x) for x in table["scale"]]
        self.w1: list[list[float]] = [[float(x) for x in row] for row in table["w1"]]
        """One row per hidden unit, one weight per feature."""
        self.b1: list[float] = [float(x) for x in table["b1"]]
        self.w2: list[float] = [float(x) for x in table["w2"]]
        self.b2 = float(table["b2"])

    def win_chance(self, x: list[float]) -> float:
        """The fitted chance that the seat of these features wins."""
        z = [(v - m) * s for v, m, s in zip(x, self.mean, self.scale, strict=True)]
        total = self.b2
        for row, bias, out in zip(self.w1, self.b1, self.w2, strict=True):
            acc = bias
            for w, v in zip(row, z, strict=True):
                acc += w * v
            total += out * math.tanh(acc)
        if total < -30.0:
            return 0.0
        return 1.0 / (1.0 + math.exp(-total))


@cache
def _weights() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data", "evaluation.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def network(players: int) -> Network | None:
    """The fitted network for a table of ``players`` (None when none was fitted for that count)."""
    table = _weights().get("players", {}).get(str(players))
    return Network(table) if table is not None else None


class Evaluation:
    """The win chance of a seat's observation in one game (its track and the network of its player count)."""

    __slots__ = ("net", "track")

    def __init__(self, game: SavingWaddlesGame) -> None:
        self.track = Track(game)
        net = network(game.players)
        if net is None:
            raise ValueError(f"no fitted saving-waddles evaluation for {game.players} players")
        self.net = net

    def win_chance(self, obs: dict[str, Any]) -> float:
        """The chance that ``obs``'s seat wins; 1 or 0 once the game is over."""
        if obs["winner"] is not None:
            return 1.0 if obs["winner"] == obs["seat"] else 0.0
        if obs["reason"] is not None:  # over without a winner (the turn limit)
            return 0.0
        return self.net.win_chance(features(obs, self.track))


__all__ = ["Evaluation", "Network", "Track", "feature_names", "features", "network", "turns_to_win"]
