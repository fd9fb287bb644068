"""Small helpers shared by the web tests."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from gravity_games.core.record import GameRecord
from gravity_games.core.registry import load


def auth(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def create(client: TestClient, game: str, players: int, **extra: Any) -> tuple[str, list[str | None]]:
    r = client.post("/api/games", json={"game": game, "players": players, **extra})
    assert r.status_code == 201, r.text
    doc = r.json()
    return doc["id"], [s["token"] for s in doc["seats"]]


def view(client: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def snapshot(client: TestClient, gid: str, tokens: list[str | None]) -> str:
    """Every seat's view and the spectator's, as one canonical string (to prove nothing changed)."""
    views = [view(client, gid, t) for t in tokens if t is not None] + [view(client, gid)]
    return json.dumps(views, sort_keys=True)


def act(client: TestClient, gid: str, token: str | None, action: Any, **extra: Any) -> dict[str, Any]:
    r = client.post(f"/api/games/{gid}/actions", headers=auth(token), json={"action": action, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def to_act(client: TestClient, gid: str, tokens: list[str | None]) -> tuple[int, str]:
    seat = view(client, gid)["current_player"]
    token = tokens[seat]
    assert token is not None
    return seat, token


def engine_state(game: str, params: dict[str, Any], actions: list[int]) -> Any:
    """The engine's own state after ``actions`` (to compare views against)."""
    p = dict(params)
    players = p.pop("players")
    state = load(game, players=players, **p).new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state


def replay_record(doc: dict[str, Any]) -> Any:
    return GameRecord.from_json(doc).replay()
