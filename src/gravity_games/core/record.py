"""Game records: game id, parameters, seed and every action, chance outcomes included.

A record replays exactly without any random numbers:

>>> from gravity_games import load
>>> from gravity_games.core.play import play_game
>>> from gravity_games.core.record import GameRecord
>>> from gravity_games.agents import make_agents
>>> game = load("memory-gravity", players=2)
>>> state, record = play_game(game, make_agents(["random"] * 2, game, seed=1), seed=1)
>>> GameRecord.from_json(record.to_json()).replay().to_json() == state.to_json()
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gravity_games.core.api import GravityError, IllegalActionError, InvalidStateError, State
from gravity_games.core.registry import load


@dataclass
class GameRecord:
    """``{"game", "params", "seed", "actions"}``; ``params`` holds ``players`` too."""

    game: str
    params: dict[str, Any]
    seed: int | None
    actions: list[int] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "game": self.game,
            "params": {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.params.items()},
            "seed": self.seed,
            "actions": list(self.actions),
        }
        if self.meta:
            doc["meta"] = dict(self.meta)
        return doc

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True)

    @classmethod
    def from_state(cls, state: State, seed: int | None = None, **meta: Any) -> GameRecord:
        params = {"players": state.game.players, **state.game.params}
        return cls(state.game.ID, params, seed, state.history(), dict(meta))

    @classmethod
    def from_json(cls, doc: Mapping[str, Any] | str) -> GameRecord:
        """Read a record, naming the first thing wrong with it."""
        if isinstance(doc, str):
            try:
                doc = json.loads(doc)
            except json.JSONDecodeError as exc:
                raise InvalidStateError(f"game record is not valid JSON: {exc}") from None
        if not isinstance(doc, Mapping):
            raise InvalidStateError("a game record is a JSON object with keys game, params, seed, actions")
        missing = [k for k in ("game", "params", "actions") if k not in doc]
        if missing:
            raise InvalidStateError(f"game record lacks {', '.join(missing)}; needs game, params, seed, actions")
        if not isinstance(doc["game"], str):
            raise InvalidStateError("game record 'game' must be a game id string")
        if not isinstance(doc["params"], Mapping):
            raise InvalidStateError("game record 'params' must be an object")
        actions = doc["actions"]
        if not isinstance(actions, list) or not all(
            isinstance(a, int) and not isinstance(a, bool) for a in actions
        ):
            raise InvalidStateError("game record 'actions' must be a list of integer action ids")
        seed = doc.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise InvalidStateError("game record 'seed' must be an integer or null")
        meta = doc.get("meta", {})
        meta = dict(meta) if isinstance(meta, Mapping) else {}
        return cls(doc["game"], dict(doc["params"]), seed, list(actions), meta)

    @classmethod
    def load_file(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidStateError(f"cannot read game record {str(path)!r}: {exc.strerror}") from None
        return cls.from_json(text)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    def new_state(self) -> State:
        params = dict(self.params)
        players = params.pop("players", None)
        return load(self.game, players=players, **params).new_initial_state()

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` actions (all by default)."""
        state = self.new_state()
        actions = self.actions if upto is None else self.actions[:upto]
        for i, action in enumerate(actions):
            try:
                state.apply_action(action)
            except IllegalActionError as exc:
                raise InvalidStateError(f"game record action #{i} ({action}) does not replay: {exc}") from None
            except GravityError:
                raise
        return state

    def states(self) -> list[State]:
        """Every state of the game, from the initial one to the last."""
        state = self.new_state()
        out = [state.clone()]
        for action in self.actions:
            state.apply_action(action)
            out.append(state.clone())
        return out
