"""The game API every game keeps: games and states.

Specs, parameters and outcomes live in ``spec.py`` and the errors in ``errors.py``; both are
re-exported here, the one place to import them from.

Modelled on OpenSpiel's ``State`` with chance as an explicit player. A game is a
:class:`Game` (rules plus parameters) that makes :class:`State` objects; a state is
advanced one integer action at a time by :meth:`State.apply_action`.

>>> from gravity_games import load, CHANCE
>>> game = load("memory-gravity", players=2)
>>> state = game.new_initial_state()
>>> state.current_player() == CHANCE
True

Subclasses implement the underscored hooks (``_legal_actions``, ``_apply``,
``_to_json_body`` ...); the public methods here add the guarantees the API promises:
legality checks with a readable reason, a state left untouched when an action is
refused, the history and the log.
"""

from __future__ import annotations

import importlib
import json
import random
from abc import ABC, ABCMeta, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, ClassVar, Final, NoReturn, Self

from mypy_extensions import mypyc_attr

from .errors import (
    DataError,
    GravityError,
    IllegalActionError,
    InvalidParameterError,
    InvalidStateError,
    UnknownGameError,
)
from .spec import JSON, TENSOR_ENCODINGS, GameSpec, Outcome, Param, TensorPart, tensor_layout

CHANCE: Final[int] = -1
"""Player id of the chance player (dice, shuffles, deals, perception noise)."""

TERMINAL: Final[int] = -4
"""Player id returned by ``current_player()`` once the game has ended."""


__all__ = [
    "CHANCE",
    "JSON",
    "TENSOR_ENCODINGS",
    "TERMINAL",
    "DataError",
    "Game",
    "GameSpec",
    "GravityError",
    "IllegalActionError",
    "InvalidParameterError",
    "InvalidStateError",
    "Outcome",
    "Param",
    "State",
    "TensorPart",
    "UnknownGameError",
    "chance_outcome_at",
    "log_line",
    "normalise",
    "sample_chance",
    "tensor_layout",
]


# ---------------------------------------------------------------------------
# Game
# ---------------------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A rule set with its parameters fixed. Subclasses set the class attributes.

    ``PARAMS`` never includes ``players``: every game takes it, bounded by
    ``MIN_PLAYERS``/``MAX_PLAYERS``.
    """

    ID: ClassVar[str]
    TITLE: ClassVar[str]
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    COOPERATIVE: ClassVar[bool] = False
    KIND: ClassVar[str] = ""
    """``race``, ``bluffing``...; empty means cooperative or competitive, from ``COOPERATIVE``."""
    VERSION: ClassVar[int] = 1
    PARAMS: ClassVar[tuple[Param, ...]] = ()
    SUMMARY: ClassVar[str] = ""
    RULEBOOK: ClassVar[str] = ""
    PRIVATE_FIELDS: ClassVar[tuple[str, ...]] = ()
    MIN_UTILITY: ClassVar[float] = 0.0
    MAX_UTILITY: ClassVar[float] = 1.0

    def __init__(self, players: object = None, **params: Any) -> None:
        # ``object``: callers from JSON or the command line pass anything; it is checked here.
        if players is None:
            players = self.MIN_PLAYERS
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidParameterError(
                f"{self.ID}: players must be a whole number from {self.MIN_PLAYERS} to {self.MAX_PLAYERS}, "
                f"got {players!r}"
            )
        if not self.MIN_PLAYERS <= players <= self.MAX_PLAYERS:
            raise InvalidParameterError(
                f"{self.ID} is for {self.MIN_PLAYERS}-{self.MAX_PLAYERS} players, got {players}"
            )
        self.players: int = players
        known = {p.name: p for p in self.PARAMS}
        unknown = sorted(set(params) - set(known))
        if unknown:
            allowed = ", ".join(sorted(known)) or "none"
            raise InvalidParameterError(
                f"{self.ID} has no parameter {', '.join(map(repr, unknown))}; its parameters: {allowed}"
            )
        values: dict[str, Any] = {}
        for p in self.PARAMS:
            values[p.name] = p.validate(params[p.name]) if p.name in params else p.default
        self.params: dict[str, Any] = values
        self._check_params()
        length, actions, outcomes = self._dimensions()
        self.spec: GameSpec = GameSpec(
            id=self.ID,
            title=self.TITLE,
            min_players=self.MIN_PLAYERS,
            max_players=self.MAX_PLAYERS,
            players=players,
            cooperative=self.COOPERATIVE,
            max_game_length=length,
            num_distinct_actions=actions,
            max_chance_outcomes=outcomes,
            params={p.name: p for p in self.PARAMS},
            values=dict(values),
            version=self.VERSION,
            variants=self.variants(),
            summary=self.SUMMARY,
            rulebook=self.RULEBOOK,
            kind=self.game_kind(),
            private_fields=self.PRIVATE_FIELDS,
            min_utility=self.MIN_UTILITY,
            max_utility=self.MAX_UTILITY,
            observation_shape=self._observation_shape(),
        )

    @classmethod
    def game_kind(cls) -> str:
        """What kind of game this is: cooperative, competitive, race or bluffing."""
        return cls.KIND or ("cooperative" if cls.COOPERATIVE else "competitive")

    @classmethod
    def variants(cls) -> tuple[str, ...]:
        """The values of the ``variant`` parameter, or ``("standard",)`` when it has none."""
        for p in cls.PARAMS:
            if p.name == "variant" and p.choices is not None:
                return tuple(str(c) for c in p.choices)
        return ("standard",)

    def _check_params(self) -> None:
        """Hook: check parameters against each other (raise InvalidParameterError)."""

    @abstractmethod
    def _dimensions(self) -> tuple[int, int, int]:
        """Return (max_game_length, num_distinct_actions, max_chance_outcomes)."""

    def _observation_shape(self) -> tuple[int, ...]:
        """Hook: the shape of ``observation_tensor`` (empty when the game has none)."""
        return ()

    def observation_tensor_layout(self) -> tuple[TensorPart, ...]:
        """The named parts of ``observation_tensor``, in order, covering ``spec.observation_shape``.

        A game lays out its tensor in ``<its package>.tensor.observation_tensor_layout(game)``
        (looked up here, so the rules module need not know of it); a game with a tensor but no
        layout gets a single part ``observation``, one with no tensor an empty layout.
        """
        shape = self.spec.observation_shape
        if not shape:
            return ()
        package = type(self).__module__.rpartition(".")[0]
        module: Any = None
        for name in (f"{package}.tensor", f"{package}.tensor_layout"):
            try:
                candidate = importlib.import_module(name)
            except ModuleNotFoundError as exc:
                if exc.name != name:
                    raise
                continue
            if hasattr(candidate, "observation_tensor_layout"):
                module = candidate
                break
        if module is None:
            size = 1
            for dim in shape:
                size *= dim
            return (TensorPart("observation", 0, size, "scaled", "the whole observation (no layout given)"),)
        layout: tuple[TensorPart, ...] = tuple(module.observation_tensor_layout(self))
        return layout

    @abstractmethod
    def new_initial_state(self) -> State:
        """The state before setup: shuffles, deals and dice are chance nodes."""

    @abstractmethod
    def _state_from_body(self, body: Mapping[str, Any]) -> State:
        """Build a state from the ``state`` part of a ``to_json`` document."""

    def state_from_json(self, doc: Mapping[str, Any] | str) -> State:
        """Rebuild a state from :meth:`State.to_json` output (a dict or its JSON text)."""
        if isinstance(doc, str):
            try:
                doc = json.loads(doc)
            except json.JSONDecodeError as exc:
                raise InvalidStateError(f"state document is not valid JSON: {exc}") from None
        if not isinstance(doc, Mapping):
            raise InvalidStateError("a state document must be a JSON object with keys game, players, state")
        if doc.get("game") != self.ID:
            raise InvalidStateError(f"state document is for game {doc.get('game')!r}, expected {self.ID!r}")
        if doc.get("players", self.players) != self.players:
            raise InvalidStateError(f"state document has {doc.get('players')!r} players, this game has {self.players}")
        version = doc.get("version", self.VERSION)
        if version != self.VERSION:
            raise InvalidStateError(
                f"state document was written by {self.ID} version {version}; this is version {self.VERSION}"
            )
        body = doc.get("state")
        if not isinstance(body, Mapping):
            raise InvalidStateError("state document has no 'state' object")
        try:
            state = self._state_from_body(body)
        except GravityError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise InvalidStateError(f"{self.ID}: malformed state document: {type(exc).__name__}: {exc}") from None
        history = doc.get("history", [])
        log = doc.get("log", [])
        if not isinstance(history, list) or not all(isinstance(a, int) for a in history):
            raise InvalidStateError("state document 'history' must be a list of integer actions")
        entries: list[str | tuple[int, str]] = []
        for line in log if isinstance(log, list) else [None]:
            if isinstance(line, str):
                entries.append(line)
            elif isinstance(line, list) and len(line) == 2 and isinstance(line[0], int) and isinstance(line[1], str):
                entries.append((line[0], line[1]))
            else:
                raise InvalidStateError(
                    "state document 'log' must be a list of lines: strings, or [seat, text] for private lines"
                )
        state._history = list(history)
        state._log = entries
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its class, players and parameters: the copy re-derives its tables.

        A class compiled by mypyc has no ``__dict__`` for pickle to copy, so this is the one way
        across a process boundary for either build.
        """
        return (_rebuild_game, (type(self), self.players, dict(self.params)))

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"{type(self).__name__}(players={self.players}{extra})"


# ---------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------


LogEntry = str | tuple[int, str] | tuple[Any, ...]
"""One entry of ``State._log``: a public line; ``(seat, line)``, a line private to ``seat``;
``(format, *args)``, a public line written lazily as ``format % args``; or ``(seat, format, *args)``,
a private line written lazily.

The lazy form is for engines whose hot paths write a line at almost every step: a random playout
or a search never reads its log, and building the text would be a large part of its cost
(:meth:`State._note_later` and :meth:`State._note_private_later` write it). Every
reader (:meth:`State.log`, :meth:`State.full_log`, :meth:`State.to_json`) sees plain text, the
same as if the line had been formatted at once; the arguments must be immutable (ints, strings).
An engine appending to ``_log`` directly must first copy a log it still shares with a clone
(``if self._shared: self._unshare()``), as :meth:`State._note` does.
"""


def log_line(entry: tuple[Any, ...]) -> str:
    """The text of a lazy log entry ``(format, *args)``."""
    return str(entry[0] % entry[1:])


def private_line(entry: tuple[Any, ...]) -> str:
    """The text of a private entry: ``(seat, line)``, or ``(seat, format, *args)`` written lazily."""
    return str(entry[1]) if len(entry) == 2 else str(entry[1] % entry[2:])


def _holds(actions: tuple[int, ...], action: int) -> bool:
    """Whether ``action`` is one of ``actions``: mypyc compiles this ``any`` to a loop of native int
    compares, where ``action in actions`` is a generic sequence search."""
    return any(legal == action for legal in actions)


@mypyc_attr(allow_interpreted_subclasses=True)
class State(metaclass=ABCMeta):  # not ABC: mypyc builds no __new__ over a Python base class
    """One position of a game. Advanced in place by :meth:`apply_action`.

    Subclasses keep their data flat (ints, tuples, small lists) and write ``clone``
    by hand; :meth:`_copy_base_into` copies the history and log (copy on write).
    """

    __slots__ = ("_history", "_log", "_memo_legal", "_memo_step", "_shared", "game")

    def __new__(cls, *args: object, **kwargs: object) -> Self:
        # ``clone`` makes a blank copy with ``X.__new__(X)``; a class compiled by mypyc would run
        # ``__init__`` there unless a ``__new__`` of its own says otherwise.
        return super().__new__(cls)

    def __init__(self, game: Game) -> None:
        self.game = game
        self._history: list[int] = []
        self._log: list[LogEntry] = []
        self._shared = False
        # legal_actions() remembers its answer for apply_action's check, keyed by the step
        # number (any applied action invalidates it): -1 = nothing remembered.
        self._memo_step = -1
        self._memo_legal: tuple[int, ...] = ()

    # -- to implement -------------------------------------------------------

    @abstractmethod
    def current_player(self) -> int:
        """A seat number, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """Sorted, unique legal actions of the seat to act (not called at chance or terminal)."""

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(action, probability)]`` at a chance node, probabilities positive and summing to 1."""
        return []

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply a legal action (already checked). Must not raise."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """Winners and the reason the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def observation(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` may see now (``None``: the public, spectator view). JSON-safe."""

    @abstractmethod
    def _to_json_body(self) -> dict[str, JSON]:
        """The full state, including hidden information, as JSON."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def _action_text(self, action: int) -> str:
        """Notation of ``action`` in this state (player or chance action)."""

    @abstractmethod
    def resample_from_infostate(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with all ``seat`` has seen, hidden parts redrawn with ``rng``."""

    def reveals_information(self, action: int) -> bool | None:
        """Whether the decision ``action`` (legal now) would show any seat something it cannot know.

        ``False`` when the game's rules say the step shows nothing hidden (a token placed face
        down while the turn goes on), ``True`` when they say it does, ``None`` (this default) when
        the game does not say: a caller that must know, as the web server's undo does, then
        checks by determinization. Like python-chess's ``Board.is_irreversible``, it is a question
        about the move asked before it is made; the conformance suite checks every ``False``
        against redrawn worlds of every seat.
        """
        return None

    def private_values(self, seat: int) -> dict[str, JSON]:
        """The values of ``spec.private_fields`` that belong to ``seat`` (for leak checks)."""
        return {}

    def _explain_illegal(self, action: int) -> str:
        """Hook: why ``action`` is not legal now (a short phrase)."""
        return "it is not one of the legal moves now"

    def returns(self) -> list[float]:
        """One value per seat: ``MAX_UTILITY`` for each winner, ``MIN_UTILITY`` otherwise.

        Zero everywhere before the end. Games with scores may override.
        """
        n = self.game.players
        result = self.outcome()
        if result is None:
            return [0.0] * n
        hi, lo = self.game.MAX_UTILITY, self.game.MIN_UTILITY
        if self.game.COOPERATIVE:
            value = hi if result.winners else lo
            return [value] * n
        winners = set(result.winners)
        return [hi if s in winners else lo for s in range(n)]

    # -- provided -----------------------------------------------------------

    def legal_actions(self) -> list[int]:
        """Sorted unique legal actions; chance outcomes at a chance node; ``[]`` at the end."""
        player = self.current_player()
        if player < 0:
            if player == CHANCE:
                return [a for a, _ in self.chance_outcomes()]
            return []
        legal = self._legal_actions()
        # Remembered for apply_action's legality check (keyed by the step number, so any
        # applied action invalidates it): a bot that just asked for the legal moves does
        # not pay for them twice. States change only through apply_action. A tuple: the
        # caller may edit the list it got.
        self._memo_legal = tuple(legal)
        self._memo_step = len(self._history)
        return legal

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def apply_action(self, action: object) -> None:
        """Apply ``action``; an illegal one raises :class:`IllegalActionError` and changes nothing.

        Typed ``object``: callers pass anything, and compiled code would otherwise turn ``True``
        into 1 or refuse a string with a bare ``TypeError`` before this check could name it.
        """
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalActionError(f"an action is an integer id, got {action!r}")
        if self._memo_step == len(self._history):
            # legal_actions ran at this very step, at a seat's decision (only those are remembered).
            if not _holds(self._memo_legal, action):
                self._refuse(action, self.current_player())
        else:
            player = self.current_player()
            if player == TERMINAL:
                raise IllegalActionError("the game is over; no action is legal")
            if player == CHANCE:
                if not self._is_chance_action(action):
                    self._refuse(action, player)
            elif action not in self._legal_actions():
                self._refuse(action, player)
        self._apply(action)
        # _record inlined: this runs once per step of every game.
        if self._shared:
            self._unshare()
        self._history.append(action)

    def _refuse(self, action: int, player: int) -> NoReturn:
        """Raise the :class:`IllegalActionError` for ``action``, naming the legal ones (the state is unchanged)."""
        legal = self._chance_actions() if player == CHANCE else self._legal_actions()
        shown = list(legal) if isinstance(legal, list | tuple) else sorted(legal)
        raise IllegalActionError(self._illegal_message(action, shown, player))

    def _is_chance_action(self, action: int) -> bool:
        """Hook: whether ``action`` is one of the chance outcomes now, for apply_action's check.

        The default looks it up in :meth:`_chance_actions`; a game may answer from its position
        instead (a die face in range, a card kind still in the deck) when that is the same
        question asked more cheaply. It must agree with ``chance_outcomes()`` exactly.
        """
        return action in self._chance_actions()

    def _chance_actions(self) -> Collection[int]:
        """Hook: the chance actions possible now, for apply_action's legality check.

        The default reads them off ``chance_outcomes()``; a game whose chance nodes have many
        outcomes may return a precomputed set instead (it must hold exactly those actions).
        """
        return [a for a, _ in self.chance_outcomes()]

    def _record(self, action: int) -> None:
        if self._shared:
            self._unshare()
        self._history.append(action)

    def _illegal_message(self, action: int, legal: Sequence[int], player: int) -> str:
        who = "chance" if player == CHANCE else f"seat {player}"
        try:
            reason = self._explain_illegal(action)
        except Exception:  # a reason is a courtesy; never let it mask the real error
            reason = "it is not one of the legal moves now"
        shown = ", ".join(self._safe_text(a) for a in legal[:12])
        more = f" (and {len(legal) - 12} more)" if len(legal) > 12 else ""
        return f"action {action} is illegal for {who}: {reason}; legal: {shown}{more}"

    def _safe_text(self, action: int) -> str:
        try:
            return f"{self._action_text(action)} [{action}]"
        except Exception:
            return str(action)

    def child(self, action: int) -> State:
        """A copy of this state with ``action`` applied."""
        new = self.clone()
        new.apply_action(action)
        return new

    def action_to_string(self, action: int) -> str:
        """Short human-readable notation of ``action`` in this state."""
        return self._action_text(action)

    def string_to_action(self, text: str) -> int:
        """Parse notation (or a plain action id) into a legal action of this state.

        Matching ignores case and surrounding spaces; an unambiguous prefix is enough.
        """
        wanted = " ".join(text.strip().lower().split())
        legal = self.legal_actions()
        if not legal:
            raise IllegalActionError("the game is over; no move is legal")
        names = {a: " ".join(self._action_text(a).lower().split()) for a in legal}
        exact = [a for a, name in names.items() if name == wanted]
        if len(exact) == 1:
            return exact[0]
        if wanted.lstrip("-").isdigit() and int(wanted) in names:
            return int(wanted)
        prefix = [a for a, name in names.items() if name.startswith(wanted)] if wanted else []
        if len(prefix) == 1:
            return prefix[0]
        shown = ", ".join(self._action_text(a) for a in legal[:12])
        more = f" (and {len(legal) - 12} more)" if len(legal) > 12 else ""
        if len(prefix) > 1:
            raise IllegalActionError(f"move {text!r} is ambiguous; it could be {shown}{more}")
        raise IllegalActionError(f"move {text!r} is not legal now; legal moves: {shown}{more}")

    def history(self) -> list[int]:
        """Every action applied so far, chance outcomes included."""
        return list(self._history)

    def move_number(self) -> int:
        return len(self._history)

    def log(self, seat: int | None = None) -> list[str]:
        """What happened so far, one plain-English line per event, as ``seat`` may read it.

        ``log()`` and ``log(None)`` are the public log; ``log(seat)`` adds the lines private
        to that seat (its own readings, the cards it drew). Use :meth:`full_log` for all.
        """
        out: list[str] = []
        for entry in self._log:
            if isinstance(entry, str):
                out.append(entry)
            elif isinstance(entry[0], str):
                out.append(log_line(entry))
            elif entry[0] == seat:
                out.append(private_line(entry))
        return out

    def full_log(self) -> list[str]:
        """Every line, private ones prefixed with their seat (never show it to a player)."""
        return [
            e
            if isinstance(e, str)
            else log_line(e)
            if isinstance(e[0], str)
            else f"[seat {e[0]} only] {private_line(e)}"
            for e in self._log
        ]

    def _note(self, line: str, seat: int | None = None) -> None:
        """Add one line to the log; ``seat`` makes it private to that seat.

        A line that reveals hidden information (a reading, a drawn card) must name its seat.
        """
        if self._shared:
            self._unshare()
        self._log.append(line if seat is None else (seat, line))

    def _note_later(self, *entry: int | str) -> None:
        """Add one public line kept as data: ``entry`` is a format and its arguments, its text
        ``format % arguments`` written when the log is read.

        For the lines an engine writes at almost every step (a roll, a move): a playout or a
        search never reads its log. The arguments tuple is the entry itself (one allocation,
        where building the text costs several); every reader sees the same text :meth:`_note`
        would have stored (see :data:`LogEntry`). The first item must be the format string.
        """
        if self._shared:
            self._unshare()
        self._log.append(entry)

    def _note_private_later(self, seat: int, *entry: int | str) -> None:
        """Add one line private to ``seat``, kept as data like :meth:`_note_later`'s.

        ``entry`` is a format and its arguments; readers see ``format % arguments``, exactly the
        line ``_note(format % arguments, seat)`` would have stored, and only ``seat`` reads it.
        """
        if self._shared:
            self._unshare()
        self._log.append((seat, *entry))

    def _unshare(self) -> None:
        self._history = list(self._history)
        self._log = list(self._log)
        self._shared = False

    def _copy_base_into(self, other: State) -> None:
        """Share history and log with a clone; whichever writes first copies them."""
        other._history = self._history
        other._log = self._log
        other._shared = True
        self._shared = True
        other._memo_step = -1  # a clone may be changed (resampled) before it moves
        other._memo_legal = ()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and canonical document (``to_json`` round-trips exactly)."""
        return (_rebuild_state, (self.game, self.to_json()))

    def to_json(self) -> dict[str, JSON]:
        """The canonical full state, hidden information included (never send it to a player)."""
        return {
            "game": self.game.ID,
            "version": self.game.VERSION,
            "players": self.game.players,
            "params": {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.game.params.items()},
            "state": self._to_json_body(),
            "history": list(self._history),
            "log": [
                e if isinstance(e, str) else log_line(e) if isinstance(e[0], str) else [e[0], private_line(e)]
                for e in self._log
            ],
        }

    def observation_tensor(self, seat: int | None) -> list[float]:
        """Hook: a flat encoding of exactly ``observation(seat)`` (shape ``spec.observation_shape``)."""
        raise NotImplementedError(f"{self.game.ID} has no observation tensor yet")

    def __str__(self) -> str:
        return json.dumps(self.observation(None), sort_keys=True)


def _rebuild_game(cls: type[Game], players: int, params: dict[str, Any]) -> Game:
    """Unpickle a game (see :meth:`Game.__reduce__`)."""
    return cls(players, **params)


def _rebuild_state(game: Game, document: dict[str, JSON]) -> State:
    """Unpickle a state (see :meth:`State.__reduce__`)."""
    return game.state_from_json(document)


def sample_chance(state: State, rng: random.Random) -> int:
    """Draw one chance outcome of ``state`` with ``rng`` (inverse CDF, stable across runs)."""
    return chance_outcome_at(state, rng.random())


def chance_outcome_at(state: State, x: float) -> int:
    """The chance outcome of ``state`` at ``x`` in [0, 1) of its cumulative distribution.

    For a search that draws its uniform numbers ahead (the same numbers for every move it compares).
    """
    outcomes = state.chance_outcomes()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if x < acc:
            return action
    return outcomes[-1][0]


def normalise(pairs: Sequence[tuple[int, float]]) -> list[tuple[int, float]]:
    """Sort outcomes by action, merge duplicates, drop zero weights and scale to sum 1."""
    merged: dict[int, float] = {}
    for a, w in pairs:
        if w > 0:
            merged[a] = merged.get(a, 0.0) + w
    total = sum(merged.values())
    return [(a, merged[a] / total) for a in sorted(merged)]


Factory = Callable[..., Any]
