"""Every registered game as an OpenSpiel game, reached through the game API alone.

>>> import pyspiel
>>> from gravity_games.interop import openspiel
>>> names = openspiel.register_all()          # python_gravity_<id> for every game
>>> game = pyspiel.load_game(openspiel.game_name("doubt-gravity"), {"players": 3})
>>> game.num_players()
3

A game registers as ``python_gravity_<id>`` with the dashes of the id written as
underscores (OpenSpiel game names are identifiers). Its ``GameType``:

- dynamics **sequential** (simultaneous choices are taken seat by seat by the API);
- chance mode **explicit stochastic**: every chance node lists its outcomes;
- information **imperfect**, unless the game class says ``PERFECT_INFORMATION = True``;
- utility **identical** for cooperative games, otherwise the class attribute ``UTILITY``
  (``"zero_sum"``, ``"constant_sum"`` with ``UTILITY_SUM``) or **general sum**, which
  always holds for "winners get ``MAX_UTILITY``, the others ``MIN_UTILITY``";
- reward model **terminal**.

Game parameters: ``players`` plus every parameter of the game. Ints, floats, bools
and strings keep their type; the others (tuples, parameters that may be ``None``)
travel as their command-line text and are parsed by :meth:`Param.parse` (``""``
stands for ``None``).

Observations: ``observation_string(p)`` is the canonical JSON of ``observation(p)``;
``observation_tensor(p)`` is the game's ``observation_tensor(p)`` (shape
``spec.observation_shape``). ``information_state_string(p)`` is the observation plus
the actions seat ``p`` took itself, so it never forgets its own choices even when
the observation does; ``information_state_tensor(p)`` is the same as a fixed-size tensor
(:func:`information_state_tensor_layout`). ``resample_from_infostate(p, sampler)`` calls the
game's own determinization with a ``random.Random`` seeded from ``sampler``.

Zero-sum view: every competitive game that can be played by two also registers as
``python_gravity_<id>_zero_sum`` (``load_game(id, zero_sum=True)``): two seats only, the
winner gets +1 and the loser -1 (0 each when nobody or both win), declared
``GameType.Utility.ZERO_SUM`` so OpenSpiel's two-player zero-sum algorithms (CFR, MCCFR,
exploitability) accept it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel

from gravity_games.core.api import CHANCE, TERMINAL, Game, GravityError, Param, State
from gravity_games.core.registry import entry, list_games, load
from gravity_games.interop.infostate import INFOSTATE_OWN_ACTIONS as INFOSTATE_OWN_ACTIONS  # re-exported
from gravity_games.interop.infostate import information_state_tensor_layout as information_state_tensor_layout
from gravity_games.interop.infostate import own_action_slots

PREFIX = "python_gravity_"
ZERO_SUM_SUFFIX = "_zero_sum"


_REGISTERED: dict[str, str] = {}


def game_name(game_id: str, zero_sum: bool = False) -> str:
    """The OpenSpiel name of a game id: ``doubt-gravity`` -> ``python_gravity_doubt_gravity``.

    ``zero_sum=True`` names its two-seat zero-sum view (``..._zero_sum``).
    """
    return PREFIX + game_id.replace("-", "_") + (ZERO_SUM_SUFFIX if zero_sum else "")


def has_zero_sum_view(game_class: type[Game]) -> bool:
    """Whether a game gets a zero-sum view: competitive and playable by exactly two."""
    return not game_class.COOPERATIVE and game_class.MIN_PLAYERS <= 2 <= game_class.MAX_PLAYERS


def zero_sum_returns(state: State) -> list[float]:
    """+1 to the one winner of a two-seat game and -1 to the other; 0 each otherwise (or before the end)."""
    outcome = state.outcome()
    if outcome is None or len(set(outcome.winners)) != 1:
        return [0.0, 0.0]
    winner = outcome.winners[0]
    return [1.0 if seat == winner else -1.0 for seat in range(2)]


# ---------------------------------------------------------------------------
# Parameters: gravity Param <-> OpenSpiel GameParameter
# ---------------------------------------------------------------------------


def _native(param: Param) -> bool:
    """Whether OpenSpiel can carry the parameter in its own type (int, float, bool, str)."""
    return param.kind in (int, float, bool, str) and not param.nullable


def _spec_default(param: Param) -> Any:
    if _native(param):
        return param.default
    if param.default is None:
        return ""
    if isinstance(param.default, tuple):
        return ",".join(str(v) for v in param.default)
    return str(param.default)


def parameter_specification(game_class: type[Game], zero_sum: bool = False) -> dict[str, Any]:
    """OpenSpiel parameter defaults of a game: ``players`` and each game parameter."""
    spec: dict[str, Any] = {"players": 2 if zero_sum else game_class.MIN_PLAYERS}
    for p in game_class.PARAMS:
        spec[p.name] = _spec_default(p)
    return spec


def _game_params(game_class: type[Game], params: Mapping[str, Any]) -> dict[str, Any]:
    """Turn OpenSpiel parameters back into checked gravity parameter values."""
    known = {p.name: p for p in game_class.PARAMS}
    out: dict[str, Any] = {}
    for name, value in params.items():
        if name == "players":
            continue
        param = known.get(name)
        if param is None:
            allowed = ", ".join(["players", *sorted(known)])
            raise GravityError(f"{game_class.ID} has no parameter {name!r}; its parameters: {allowed}")
        if isinstance(value, str) and not _native(param):
            out[name] = param.parse(value)
        else:
            out[name] = param.validate(value)
    return out


# ---------------------------------------------------------------------------
# Game type
# ---------------------------------------------------------------------------


def _utility(game_class: type[Game]) -> pyspiel.GameType.Utility:
    if game_class.COOPERATIVE:
        return pyspiel.GameType.Utility.IDENTICAL
    declared = getattr(game_class, "UTILITY", "general_sum")
    table = {
        "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
        "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
        "general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
    }
    if declared not in table:
        raise GravityError(f"{game_class.ID}: UTILITY is {declared!r}; allowed: {', '.join(table)}")
    return table[declared]


def _utility_sum(game_class: type[Game]) -> float | None:
    utility = _utility(game_class)
    if utility == pyspiel.GameType.Utility.ZERO_SUM:
        return 0.0
    if utility == pyspiel.GameType.Utility.CONSTANT_SUM:
        return float(game_class.UTILITY_SUM)  # type: ignore[attr-defined]
    return None


def _information(game_class: type[Game]) -> pyspiel.GameType.Information:
    # Imperfect is the safe default: algorithms for imperfect information are still
    # correct on a perfect-information game, the reverse is not true.
    if getattr(game_class, "PERFECT_INFORMATION", False):
        return pyspiel.GameType.Information.PERFECT_INFORMATION
    return pyspiel.GameType.Information.IMPERFECT_INFORMATION


def _has_tensor(game_class: type[Game]) -> bool:
    return bool(game_class().spec.observation_shape)


def game_type(game_id: str, zero_sum: bool = False) -> pyspiel.GameType:
    """The OpenSpiel ``GameType`` of a registered game (of its zero-sum view with ``zero_sum``)."""
    game_class = entry(game_id).game_class
    tensor = _has_tensor(game_class)
    if zero_sum and not has_zero_sum_view(game_class):
        raise GravityError(
            f"{game_id} has no zero-sum view: that is for competitive games two can play "
            f"(it is {game_class.game_kind()}, for {game_class.MIN_PLAYERS}-{game_class.MAX_PLAYERS} players)"
        )
    return pyspiel.GameType(
        short_name=game_name(game_id, zero_sum),
        long_name=f"Gravity games: {game_class.TITLE}" + (" (two seats, zero-sum)" if zero_sum else ""),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=_information(game_class),
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else _utility(game_class),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2 if zero_sum else game_class.MAX_PLAYERS,
        min_num_players=2 if zero_sum else game_class.MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=tensor,
        provides_observation_string=True,
        provides_observation_tensor=tensor,
        provides_factored_observation_string=False,
        parameter_specification=parameter_specification(game_class, zero_sum),
    )


# ---------------------------------------------------------------------------
# Game, state, observer
# ---------------------------------------------------------------------------


class GravitySpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """A gravity game seen by OpenSpiel. ``self.inner`` is the gravity :class:`Game`.

    :func:`register` makes one subclass per game id, with ``GAME_ID`` set, since
    OpenSpiel calls the registered creator with the parameters alone.
    """

    GAME_ID: str = ""
    ZERO_SUM: bool = False

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game_id = self.GAME_ID
        game_class = entry(game_id).game_class
        params = dict(params or {})
        players = int(params.get("players", 2 if self.ZERO_SUM else game_class.MIN_PLAYERS))
        if self.ZERO_SUM and players != 2:
            raise GravityError(f"the zero-sum view of {game_id} is for 2 players, got {players}")
        self.inner: Game = load(game_id, players=players, **_game_params(game_class, params))
        spec = self.inner.spec
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.num_distinct_actions,
            max_chance_outcomes=spec.max_chance_outcomes,
            num_players=players,
            min_utility=-1.0 if self.ZERO_SUM else float(spec.min_utility),
            max_utility=1.0 if self.ZERO_SUM else float(spec.max_utility),
            utility_sum=0.0 if self.ZERO_SUM else _utility_sum(game_class),
            max_game_length=spec.max_game_length,
        )
        full = parameter_specification(game_class, self.ZERO_SUM)
        full.update(params)
        full["players"] = players
        super().__init__(_registered_type(game_id, self.ZERO_SUM), info, full)
        self.game_id = game_id

    def new_initial_state(self) -> GravitySpielState:
        return GravitySpielState(self)

    def __reduce__(self) -> tuple[Callable[..., pyspiel.Game], tuple[Any, ...]]:
        # pyspiel's own pickling would rebuild the C++ side only, without ``inner``.
        return _load_registered, (self.GAME_ID, dict(self.get_parameters()), self.ZERO_SUM)

    def max_chance_nodes_in_history(self) -> int:
        # The gravity bound counts chance steps too, so it bounds them alone as well.
        return self.inner.spec.max_game_length

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> GravityObserver:
        return GravityObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


def _load_registered(game_id: str, params: dict[str, Any], zero_sum: bool = False) -> pyspiel.Game:
    return pyspiel.load_game(register(game_id, zero_sum), params)


class _Inner:
    """The gravity state plus ``own[p]``, the actions seat ``p`` took itself.

    OpenSpiel clones a Python state by deep-copying its attributes; this one object
    makes that the hand-written ``clone`` (``own`` is immutable, so it is shared), and
    makes pickling (OpenSpiel's serialization) go through ``to_json``.
    """

    __slots__ = ("own", "state")

    def __init__(self, state: State, own: tuple[tuple[int, ...], ...]) -> None:
        self.state = state
        self.own = own

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        return _Inner(self.state.clone(), self.own)

    def __reduce__(self) -> tuple[Callable[..., _Inner], tuple[Any, ...]]:
        game = self.state.game
        doc = json.dumps(self.state.to_json())
        return _restore_inner, (game.ID, game.players, dict(game.params), doc, self.own)


def _restore_inner(
    game_id: str, players: int, params: dict[str, Any], doc: str, own: tuple[tuple[int, ...], ...]
) -> _Inner:
    game = load(game_id, players=players, **params)
    return _Inner(game.state_from_json(doc), own)


class GravitySpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping one gravity :class:`State` (all of it in ``_inner``)."""

    def __init__(self, game: GravitySpielGame, inner: State | None = None) -> None:
        super().__init__(game)
        state = inner if inner is not None else game.inner.new_initial_state()
        self._inner = _Inner(state, tuple(() for _ in range(game.num_players())))

    @property
    def gravity_state(self) -> State:
        """The wrapped gravity state (full information: never hand it to a player)."""
        return self._inner.state

    def current_player(self) -> int:
        player = self._inner.state.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self._inner.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._inner.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        state = self._inner.state
        player = state.current_player()
        state.apply_action(int(action))  # an illegal action raises IllegalActionError, state unchanged
        if player >= 0:
            own = list(self._inner.own)
            own[player] = (*own[player], int(action))
            self._inner.own = tuple(own)

    def _action_to_string(self, player: int, action: int) -> str:
        # OpenSpiel may name an action of an earlier state; notation is only defined
        # for the legal actions of this one, so fall back to the id.
        try:
            text = self._inner.state.action_to_string(int(action))
        except Exception:
            text = f"action {action}"
        return f"chance: {text}" if player == pyspiel.PlayerId.CHANCE else text

    def is_terminal(self) -> bool:
        return self._inner.state.is_terminal()

    def returns(self) -> list[float]:
        if self.get_game().ZERO_SUM:
            return zero_sum_returns(self._inner.state)
        return [float(r) for r in self._inner.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> GravitySpielState:
        """A state with the same information state for ``player_id``, hidden parts redrawn.

        ``probability_sampler()`` (e.g. ``pyspiel.UniformProbabilitySampler``) seeds the
        game's own ``resample_from_infostate``. The new state's OpenSpiel history is
        empty. ``player_id``'s own-action list carries over (so its information state is
        unchanged); the other seats' lists start empty, since which actions they took
        may be hidden from ``player_id``.
        """
        seed = int(float(probability_sampler()) * (1 << 53))
        inner = self._inner.state.resample_from_infostate(int(player_id), random.Random(seed))
        new = GravitySpielState(self.get_game(), inner)
        own: list[tuple[int, ...]] = [() for _ in self._inner.own]
        own[int(player_id)] = self._inner.own[int(player_id)]
        new._inner.own = tuple(own)
        return new

    def __str__(self) -> str:
        return json.dumps(self._inner.state.to_json()["state"], sort_keys=True)


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class GravityObserver:
    """OpenSpiel's PyObserver for gravity games.

    - private info ``SINGLE_PLAYER`` (the default): ``observation(player)``;
      ``NONE``: the public view ``observation(None)``; ``ALL_PLAYERS`` is refused,
      since the API has no "everything every seat sees" view short of the full state.
    - perfect recall adds the seat's own past actions to the string, and to the tensor
      (:func:`information_state_tensor_layout`: the observation tensor, then the own actions).
    """

    def __init__(self, game: GravitySpielGame, iig_obs_type: pyspiel.IIGObservationType, params: Any) -> None:
        if params:
            raise ValueError(f"gravity observers take no parameters, got {params!r}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("gravity observers support private_info SINGLE_PLAYER or NONE, not ALL_PLAYERS")
        if not iig_obs_type.public_info:
            raise ValueError("gravity observations always include the public information (public_info=True)")
        self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        shape = tuple(game.inner.spec.observation_shape)
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        self.obs_size = int(np.prod(shape)) if shape else 0
        if not shape:
            return
        if not self.perfect_recall:
            self.tensor = np.zeros(self.obs_size, np.float32)
            self.dict = {"observation": self.tensor.reshape(shape)}
            return
        self.actions = game.inner.spec.num_distinct_actions
        self.slots = own_action_slots(game.inner)
        size = self.obs_size + self.slots * self.actions + self.actions + 1
        self.tensor = np.zeros(size, np.float32)
        own_end = self.obs_size + self.slots * self.actions
        self.dict = {
            "observation": self.tensor[: self.obs_size].reshape(shape),
            "own_actions": self.tensor[self.obs_size : own_end].reshape(self.slots, self.actions),
            "own_action_counts": self.tensor[own_end : own_end + self.actions],
            "own_actions_beyond": self.tensor[own_end + self.actions :],
        }

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else int(player)

    def set_from(self, state: GravitySpielState, player: int) -> None:
        if self.tensor is None:
            return
        seat = self._seat(player)
        values = state.gravity_state.observation_tensor(seat)
        if not self.perfect_recall:
            self.tensor[:] = np.asarray(values, dtype=np.float32).reshape(-1)
            return
        self.tensor.fill(0.0)
        self.tensor[: self.obs_size] = np.asarray(values, dtype=np.float32).reshape(-1)
        own = state._inner.own[player] if seat is not None else ()
        base = self.obs_size
        for i, action in enumerate(own[: self.slots]):
            self.tensor[base + i * self.actions + action] = 1.0
        counts = base + self.slots * self.actions
        for action in own:
            self.tensor[counts + action] += 1.0
        self.tensor[counts + self.actions] = max(0, len(own) - self.slots)

    def string_from(self, state: GravitySpielState, player: int) -> str:
        seat = self._seat(player)
        text = _canonical(state.gravity_state.observation(seat))
        if not self.perfect_recall:
            return text
        own = ",".join(map(str, state._inner.own[player])) if seat is not None else ""
        return f"seat {player} | {text} | own actions: {own}"


# ---------------------------------------------------------------------------
# Registration
# ---------------------------------------------------------------------------

_TYPES: dict[str, pyspiel.GameType] = {}
_CREATORS: list[type[GravitySpielGame]] = []


def _registered_type(game_id: str, zero_sum: bool = False) -> pyspiel.GameType:
    return _TYPES[game_name(game_id, zero_sum)]


def register(game_id: str, zero_sum: bool = False) -> str:
    """Register one game with pyspiel (idempotent) and return its OpenSpiel name.

    ``zero_sum=True`` registers its two-seat zero-sum view instead (see the module doc).
    """
    name = game_name(game_id, zero_sum)
    if name in _REGISTERED:
        return name
    gtype = game_type(game_id, zero_sum)
    _TYPES[name] = gtype
    if name not in pyspiel.registered_names():
        # A class, not a closure: pyspiel keeps the creator in a C++ static that is
        # destroyed after Python shuts down, and freeing a closure then aborts the
        # process; a class stays alive through its own reference cycles.
        cls_name = f"GravitySpielGame_{name[len(PREFIX) :]}"
        attrs = {"GAME_ID": game_id, "ZERO_SUM": zero_sum, "__module__": __name__}
        creator = type(cls_name, (GravitySpielGame,), attrs)
        globals()[cls_name] = creator  # so pickle finds the class by name
        _CREATORS.append(creator)
        pyspiel.register_game(gtype, creator)
    _REGISTERED[name] = game_id
    return name


REGISTRATION_ERRORS: dict[str, str] = {}
"""Games :func:`register_all` could not register at import, with the error (``register``
raises it again when that game is asked for)."""


def register_all(*, strict: bool = True) -> list[str]:
    """Register every game the registry knows; returns their OpenSpiel names.

    With ``strict=False`` (as on import) a game that fails is noted in
    :data:`REGISTRATION_ERRORS` and the others are still registered.
    """
    names = []
    for game_id in list_games():
        try:
            names.append(register(game_id))
            if has_zero_sum_view(entry(game_id).game_class):
                names.append(register(game_id, zero_sum=True))
        except Exception as exc:
            if strict:
                raise
            REGISTRATION_ERRORS[game_id] = f"{type(exc).__name__}: {exc}"
    return names


def load_game(game_id: str, players: int | None = None, zero_sum: bool = False, **params: Any) -> GravitySpielGame:
    """Register ``game_id`` if needed and load it: ``load_game("doubt-gravity", players=3)``.

    ``zero_sum=True`` loads the two-seat zero-sum view (+1 / -1, ``Utility.ZERO_SUM``).
    """
    name = register(game_id, zero_sum)
    spiel_params: dict[str, Any] = {}
    if players is not None:
        spiel_params["players"] = players
    game_class = entry(game_id).game_class
    known = {p.name: p for p in game_class.PARAMS}
    for key, value in params.items():
        param = known.get(key)
        if param is not None and not _native(param):
            value = _spec_default(Param(key, value, "", kind=param.kind)) if value is not None else ""
        spiel_params[key] = value
    game: GravitySpielGame = pyspiel.load_game(name, spiel_params)
    return game


register_all(strict=False)  # one broken game must not hide the others from OpenSpiel
