"""Hints through the web API: the seat's best moves with estimated win chances, never changing the game.

Runs on SQLite and PostgreSQL (the ``client`` fixture), like the rest of the API tests.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from gravity_games.agents.hints import Advice
from gravity_games.agents.hints import advice as search_advice
from gravity_games.core.agent import SeatView
from gravity_games.core.seeding import derive_seed
from gravity_games.web import searches

from .helpers import auth, create, engine_state, snapshot, view


def stored(client: TestClient, gid: str) -> Any:
    return client.app.state.storage.load_game(gid)  # type: ignore[attr-defined]


def ask(client: TestClient, gid: str, token: str | None, query: str = "seconds=0.2&top=3") -> Any:
    return client.get(f"/api/games/{gid}/hints?{query}", headers=auth(token))


def test_a_hint_lists_legal_moves_with_chances_and_changes_nothing(client: TestClient) -> None:
    gid, tokens = create(client, "doubt-gravity", 2, seed=5)
    seat = view(client, gid)["current_player"]
    token = tokens[seat]
    before = snapshot(client, gid, tokens)
    revision = stored(client, gid).revision
    r = ask(client, gid, token)
    assert r.status_code == 200, r.text
    doc = r.json()
    legal = {a["id"]: a["text"] for a in view(client, gid, token)["legal_actions"]}
    assert doc["seat"] == seat and doc["move"] == view(client, gid)["move"]
    assert 1 <= len(doc["hints"]) <= min(3, len(legal))
    for hint in doc["hints"]:
        assert legal[hint["id"]] == hint["text"]
        assert 0.0 <= hint["chance"] <= 1.0
    assert len({h["id"] for h in doc["hints"]}) == len(doc["hints"])
    assert snapshot(client, gid, tokens) == before  # a hint is not a move
    assert stored(client, gid).revision == revision


def test_the_hint_searches_a_copy_through_the_seat_view(client: TestClient, monkeypatch: Any) -> None:
    gid, tokens = create(client, "comparison-gravity", 2, seed=9)
    seat = view(client, gid)["current_player"]
    game = stored(client, gid)
    state = engine_state("comparison-gravity", game.params, [a.action for a in game.actions])
    seen: list[Any] = []

    def spy(view_: Any, *, seconds: float, top: int, seed: int) -> Advice:
        seen.append((view_, seconds, top, seed))
        return search_advice(view_, seconds=seconds, top=top, seed=seed)

    monkeypatch.setattr(searches, "search_advice", spy)
    r = ask(client, gid, tokens[seat], "seconds=0.1&top=2")
    assert r.status_code == 200, r.text
    ((seat_view, seconds, top, seed),) = seen
    assert isinstance(seat_view, SeatView) and seat_view.seat == seat
    assert seat_view.observation() == state.observation(seat)  # what the seat sees, nothing more
    live = client.app.state.hub.games[gid]  # type: ignore[attr-defined]
    assert seat_view._SeatView__state is not live.state  # a copy: the live game cannot be touched
    assert (seconds, top, seed) == (0.1, 2, derive_seed(game.seed, "hint", seat, state.move_number()))


def test_hint_refusals_name_what_was_wrong(client: TestClient) -> None:
    gid, tokens = create(client, "doubt-gravity", 2, seed=5, bots=[None, "random"])
    cases = [
        (None, "", 401, "seat token"),
        ("not-a-token", "", 401, "unknown seat token"),
        (tokens[0], "seconds=0", 422, "seconds"),
        (tokens[0], "seconds=9", 422, "seconds"),
        (tokens[0], "seconds=soon", 422, "seconds"),
        (tokens[0], "top=0", 422, "top"),
        (tokens[0], "top=11", 422, "top"),
    ]
    before = snapshot(client, gid, tokens)
    for token, query, status, needle in cases:
        r = ask(client, gid, token, query)
        assert r.status_code == status, (query, r.text)
        assert needle in r.json()["detail"], r.json()
    assert snapshot(client, gid, tokens) == before
    assert ask(client, "nope", tokens[0]).status_code == 404


def test_hints_wait_for_your_turn(client: TestClient) -> None:
    gid, tokens = create(client, "doubt-gravity", 2, seed=5)
    seat = view(client, gid)["current_player"]
    other = tokens[1 - seat]
    r = ask(client, gid, other)
    assert r.status_code == 409 and "not your turn" in r.json()["detail"]


def test_the_creator_can_turn_hints_off(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "doubt-gravity", "players": 2, "seed": 5, "hints": False})
    assert r.status_code == 201 and r.json()["hints"] is False
    gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
    seat = view(client, gid)["current_player"]
    assert view(client, gid, tokens[seat])["hints"] is False
    r = ask(client, gid, tokens[seat])
    assert r.status_code == 403 and "hints are off" in r.json()["detail"]
    assert stored(client, gid).hints is False  # survives a restart: it is stored
    r = client.post("/api/games", json={"game": "doubt-gravity", "players": 2, "hints": "no"})
    assert r.status_code == 422 and "hints" in r.json()["detail"]
