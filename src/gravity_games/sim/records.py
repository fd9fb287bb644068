"""Game records from a batch: the games a designer wants to look at again, replayable exactly.

``simulate --records DIR`` keeps, for the chosen games of a batch, each game's
:class:`~gravity_games.core.record.GameRecord` (``gravity replay FILE`` re-runs it; ``gravity import
FILE|DIR`` stores it where ``gravity serve`` shows it in the replay viewer). Which games:

* ``all``: every game; the actions travel back with the summaries (from worker processes or Ray
  tasks), so nothing is played twice;
* ``outliers`` (the default): the longest and the shortest game (the lowest index on a tie) and
  ``sample`` more drawn at random from the rest with a seed derived from the batch seed. Only those
  games are played again, here, from their seeds: a game of a batch depends on the root seed and
  its index alone, so the replayed game is the one the batch counted.

``DIR/index.json`` lists each file with its game index, why it was kept, its length, winners and
ending. Every record's ``meta`` holds the batch seed, the index, the agents and why it was kept.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gravity_games.core.api import CHANCE, InvalidParameterError, InvalidStateError
from gravity_games.core.record import GameRecord, write_atomically
from gravity_games.core.seeding import derive_seed

from .runner import play_recorded

KEEPS = ("all", "outliers")


def choose_games(per_game: Sequence[dict[str, Any]], keep: str, sample: int, seed: int) -> dict[int, list[str]]:
    """Game index -> why it is kept (``longest``, ``shortest``, ``sample``, ``all``), in index order.

    >>> games = [{"index": i, "length": n} for i, n in enumerate([5, 9, 2, 9, 4])]
    >>> choose_games(games, "outliers", 1, seed=0)
    {0: ['sample'], 1: ['longest'], 2: ['shortest']}
    """
    if keep not in KEEPS:
        raise InvalidParameterError(f"--keep must be one of {', '.join(KEEPS)}, got {keep!r}")
    if sample < 0:
        raise InvalidParameterError(f"--sample must be 0 or more, got {sample}")
    ordered = sorted(per_game, key=lambda g: g["index"])
    if not ordered:
        return {}
    if keep == "all":
        return {g["index"]: ["all"] for g in ordered}
    chosen: dict[int, list[str]] = {}
    longest = max(ordered, key=lambda g: (g["length"], -g["index"]))
    shortest = min(ordered, key=lambda g: (g["length"], g["index"]))
    chosen.setdefault(longest["index"], []).append("longest")
    chosen.setdefault(shortest["index"], []).append("shortest")
    rest = [g["index"] for g in ordered if g["index"] not in chosen]
    rng = random.Random(derive_seed(seed, "records"))
    for index in rng.sample(rest, min(sample, len(rest))):
        chosen[index] = ["sample"]
    return dict(sorted(chosen.items()))


def check_records_dir(out_dir: str | Path) -> Path:
    """Refuse a records folder that is a file, before any game is played."""
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise InvalidParameterError(f"--records {str(out)!r} is a file; give a folder (it is created if missing)")
    return out


def write_records(
    doc: dict[str, Any],
    per_game: Sequence[dict[str, Any]],
    out_dir: str | Path,
    *,
    keep: str = "outliers",
    sample: int = 3,
) -> list[Path]:
    """Write the chosen games' records and ``index.json`` into ``out_dir``; return the record paths.

    ``doc`` is the simulate document (game, players, params, agents, seed); ``per_game`` its
    per-game summaries (with ``actions`` when ``keep == "all"``).
    """
    out = check_records_dir(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    chosen = choose_games(per_game, keep, sample, doc["seed"])
    by_index = {g["index"]: g for g in per_game}
    params = {k: v for k, v in doc["params"].items()}
    written: list[Path] = []
    listing: list[dict[str, Any]] = []
    for index, why in chosen.items():
        summary = by_index[index]
        actions = summary.get("actions")
        if actions is None:
            replayed, record = play_recorded(doc["game"], doc["players"], params, doc["agents"], doc["seed"], index)
            if replayed.length != summary["length"] or list(replayed.winners) != list(summary["winners"]):
                raise InvalidStateError(f"game {index} did not play the same again; its record would mislead")
            actions = record.actions
        record = GameRecord(
            doc["game"],
            {"players": doc["players"], **params},
            summary["seed"],
            list(actions),
            {"batch_seed": doc["seed"], "index": index, "agents": list(doc["agents"]), "kept_as": why},
        )
        name = f"{doc['game']}-{index:06d}.json"
        record.save(out / name)
        written.append(out / name)
        listing.append(
            {
                "file": name,
                "index": index,
                "kept_as": why,
                "length": summary["length"],
                "winners": list(summary["winners"]),
                "reason": summary["reason"],
            }
        )
    index_doc = {"game": doc["game"], "seed": doc["seed"], "agents": list(doc["agents"]), "records": listing}
    write_atomically(out / "index.json", json.dumps(index_doc, indent=1, sort_keys=True) + "\n")
    return written


def record_files(paths: Sequence[str | Path]) -> list[Path]:
    """The record files named: files as given, folders expanded to their ``*.json`` but ``index.json``."""
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(p for p in path.glob("*.json") if p.name != "index.json"))
        elif path.exists():
            files.append(path)
        else:
            raise InvalidParameterError(f"no record file or folder {str(path)!r}")
    if not files:
        raise InvalidParameterError("no record files found (a folder's records are its *.json files)")
    return files


def import_records(paths: Sequence[str | Path], db: str | None = None) -> list[tuple[Path, str]]:
    """Store ended games from record files where ``gravity serve --db db`` shows them; (file, game id).

    Each record is replayed first (a record that does not replay to its end is refused). The
    seats get fresh tokens nobody holds: an imported game is for watching in the replay viewer.
    """
    from gravity_games.web.storage import Storage, StoredAction, hash_token

    files = record_files(paths)
    prepared = []
    for path in files:
        try:
            record = GameRecord.load_file(path)
        except InvalidStateError as exc:
            raise InvalidStateError(f"{path}: {exc}") from None
        if record.params.get("data") is not None:
            raise InvalidParameterError(
                f"{path}: the record plays with the data file {record.params['data']!r}; the web app plays the "
                "packaged components only (replay it with `gravity replay` instead)"
            )
        state = record.new_state()
        actors: list[int] = []
        for i, action in enumerate(record.actions):
            player = state.current_player()
            actors.append(CHANCE if player == CHANCE else player)
            try:
                state.apply_action(action)
            except Exception as exc:  # a broken or foreign record: name it, never half-import it
                raise InvalidStateError(f"{path}: action #{i} ({action}) does not replay: {exc}") from None
        if not state.is_terminal():
            raise InvalidStateError(f"{path}: the record stops before the end of the game; only ended games import")
        outcome = state.outcome()
        result = {"returns": state.returns(), "outcome": outcome.to_json() if outcome else None}
        agents = list(record.meta.get("agents") or [])
        bots = [str(agents[s]) if s < len(agents) else "imported" for s in range(state.game.players)]
        prepared.append((path, record, state, actors, result, bots))
    storage = Storage(db)
    imported: list[tuple[Path, str]] = []
    try:
        for path, record, state, actors, result, bots in prepared:
            gid = secrets.token_urlsafe(9)
            params = {k: (list(v) if isinstance(v, tuple) else v) for k, v in record.params.items()}
            seats = [(hash_token(secrets.token_urlsafe(24)), bot) for bot in bots]
            stored = [StoredAction(i, a, actors[i], False) for i, a in enumerate(record.actions)]
            storage.create_game(
                gid,
                record.game,
                state.game.players,
                params,
                record.seed if record.seed is not None else 0,
                seats,
                stored,
                result,
                hints=False,
            ).result()
            imported.append((path, gid))
    finally:
        storage.close()
    return imported


__all__ = ["KEEPS", "choose_games", "import_records", "record_files", "write_records"]
