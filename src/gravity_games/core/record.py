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

import contextlib
import json
import os
import tempfile
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
        if not isinstance(actions, list) or not all(isinstance(a, int) and not isinstance(a, bool) for a in actions):
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
        except UnicodeDecodeError as exc:
            raise InvalidStateError(
                f"{str(path)!r} is not a game record: a record is a UTF-8 JSON file, and byte {exc.start} "
                f"(0x{exc.object[exc.start]:02x}) is not UTF-8"
            ) from None
        return cls.from_json(text)

    def save(self, path: str | Path) -> None:
        """Write the record atomically: a crash mid-write leaves the previous file whole.

        The text goes to a temporary file in the same folder, is flushed to the disk, and then
        replaces ``path`` in one rename (``os.replace`` is atomic on POSIX and Windows).
        """
        write_atomically(Path(path), json.dumps(self.to_json(), indent=1) + "\n")

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


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` in one step: temp file in the same folder, fsync, ``os.replace``."""
    folder = path.parent
    try:
        mode = path.stat().st_mode & 0o777
    except OSError:
        mode = 0o644  # mkstemp's 0600 would hide a new record from the user's other tools
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        if hasattr(os, "fchmod"):  # POSIX; Windows has no modes to keep
            os.fchmod(handle, mode)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        # Interrupted or failed: the old record stays; only the half-written temp file goes.
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    try:
        # The rename itself survives a power cut only once the folder is synced too.
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
