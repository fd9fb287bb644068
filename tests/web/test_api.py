"""The JSON API of ../shared/DESIGN.md "The web API": views, actions, every error status.

Each refused request is checked twice: its status and message, and that every seat's
view and the stored record are exactly as before (a refused request changes nothing).
These tests run on SQLite and on PostgreSQL (the ``db_url`` fixture).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gravity_games.core.api import CHANCE

from .helpers import act, auth, create, engine_state, snapshot, view
from .toy_game import DONE, MARK, PEEK


def stored_actions(client: TestClient, gid: str) -> list[int]:
    stored = client.app.state.storage.load_game(gid)  # type: ignore[attr-defined]
    return [a.action for a in stored.actions]


def refused(
    client: TestClient,
    gid: str,
    tokens: list[str | None],
    method: str,
    path: str,
    status: int,
    needle: str,
    **kwargs: Any,
) -> dict[str, Any]:
    """Send a request that must fail; check status, message, and that the game did not change."""
    before = snapshot(client, gid, tokens)
    actions_before = stored_actions(client, gid)
    r = client.request(method, path, **kwargs)
    assert r.status_code == status, r.text
    detail = r.json()["detail"]
    assert isinstance(detail, str) and needle.lower() in detail.lower(), detail
    assert snapshot(client, gid, tokens) == before
    assert stored_actions(client, gid) == actions_before
    return r.json()


def test_create_returns_one_secret_token_per_person(client: TestClient, toy: str) -> None:
    r = client.post("/api/games", json={"game": toy, "players": 3, "seed": 7, "bots": [None, None, "random"]})
    assert r.status_code == 201
    doc = r.json()
    assert [s["seat"] for s in doc["seats"]] == [0, 1, 2]
    tokens = [s["token"] for s in doc["seats"]]
    assert tokens[2] is None and doc["seats"][2]["bot"] == "random"
    assert tokens[0] != tokens[1] and len(tokens[0]) >= 32
    for token in (tokens[0], tokens[1]):  # views never carry any token
        assert token not in json.dumps(view(client, doc["id"], tokens[0]))
        assert token not in json.dumps(view(client, doc["id"]))


def test_views_are_built_from_the_seat_observation(client: TestClient, toy: str) -> None:
    gid, tokens = create(client, toy, 2, seed=11)
    actions = stored_actions(client, gid)
    state = engine_state(toy, {"players": 2, "variant": "standard"}, actions)
    for seat, token in enumerate(tokens):
        v = view(client, gid, token)
        assert v["seat"] == seat
        assert v["observation"] == state.observation(seat)
        assert v["log"] == state.log(seat)
        assert v["current_player"] == 0 and v["current_player"] != CHANCE
        expected = [{"id": a, "text": state.action_to_string(a)} for a in state.legal_actions()] if seat == 0 else []
        # the toy game's board hooks give each move its one button and a description
        assert [{"id": m["id"], "text": m["text"]} for m in v["legal_actions"]] == expected
        assert all(
            len(m["parts"]) == 1
            and m["parts"][0].startswith("button:")
            and m["description"] == f"the toy move {m['text']}"
            for m in v["legal_actions"]
        )
        assert v["terminal"] is False and "returns" not in v
    spectator = view(client, gid)
    assert spectator["seat"] is None
    assert spectator["observation"] == state.observation(None)
    assert spectator["legal_actions"] == [] and spectator["log"] == state.log(None)


def test_action_by_id_and_by_notation_and_the_new_view(client: TestClient, toy: str) -> None:
    gid, tokens = create(client, toy, 2, seed=3)
    v = act(client, gid, tokens[0], MARK)
    assert v["observation"]["marks"] == [1, 0] and v["seat"] == 0
    v = act(client, gid, tokens[0], "MARK")  # notation, any case
    assert v["observation"]["marks"] == [2, 0]
    v = act(client, gid, tokens[0], "do")  # unique prefix of "done"
    assert v["current_player"] == 1 and v["legal_actions"] == []
    assert stored_actions(client, gid)[-3:] == [MARK, MARK, DONE]


def test_unknown_game_is_404_everywhere(client: TestClient, toy: str) -> None:
    gid, tokens = create(client, toy, 2, seed=1)
    for method, path, kwargs in [
        ("GET", "/api/games/nope", {}),
        ("POST", "/api/games/nope/actions", {"json": {"action": 0}, "headers": auth(tokens[0])}),
        ("POST", "/api/games/nope/undo", {"headers": auth(tokens[0])}),
        ("GET", "/api/games/nope/record", {}),
        ("GET", "/api/games/nope/replay", {}),
    ]:
        refused(client, gid, tokens, method, path, 404, "no game with id", **kwargs)
    assert client.get("/games/nope").status_code == 404


def test_bad_or_missing_tokens_are_401(client: TestClient, toy: str) -> None:
    gid, tokens = create(client, toy, 2, seed=1)
    url = f"/api/games/{gid}/actions"
    refused(client, gid, tokens, "GET", f"/api/games/{gid}", 401, "unknown seat token", headers=auth("forged"))
    refused(client, gid, tokens, "POST", url, 401, "unknown seat token", json={"action": 0}, headers=auth("forged"))
    refused(client, gid, tokens, "POST", url, 401, "needs a seat token", json={"action": 0})
    refused(
        client,
        gid,
        tokens,
        "POST",
        url,
        401,
        "Bearer",
        json={"action": 0},
        headers={"Authorization": f"Basic {tokens[0]}"},
    )
    refused(client, gid, tokens, "POST", f"/api/games/{gid}/undo", 401, "needs a seat token")


def test_token_of_another_game_is_401(client: TestClient, toy: str) -> None:
    gid, tokens = create(client, toy, 2, seed=1)
    _, other_tokens = create(client, toy, 2, seed=1)
    refused(
        client,
        gid,
        tokens,
        "POST",
        f"/api/games/{gid}/actions",
        401,
        "unknown seat token",
        json={"action": 0},
        headers=auth(other_tokens[0]),
    )


def test_out_of_turn_and_stale_moves_are_409(client: TestClient, toy: str) -> None:
    gid, tokens = create(client, toy, 2, seed=1)
    url = f"/api/games/{gid}/actions"
    body = refused(
        client, gid, tokens, "POST", url, 409, "not your turn", json={"action": MARK}, headers=auth(tokens[1])
    )
    assert "seat 0 is to act" in body["detail"]
    move = view(client, gid)["move"]
    refused(
        client,
        gid,
        tokens,
        "POST",
        url,
        409,
        "stale move",
        json={"action": MARK, "move": move - 1},
        headers=auth(tokens[0]),
    )
    act(client, gid, tokens[0], MARK, move=move)  # the right move number is accepted


def test_illegal_actions_are_422_with_the_legal_moves(client: TestClient, toy: str) -> None:
    gid, tokens = create(client, toy, 2, seed=1)
    url = f"/api/games/{gid}/actions"
    h = auth(tokens[0])
    body = refused(client, gid, tokens, "POST", url, 422, "illegal", json={"action": 99}, headers=h)
    assert "mark" in body["detail"] and "done" in body["detail"]
    refused(client, gid, tokens, "POST", url, 422, "not legal now", json={"action": "fly"}, headers=h)
    refused(client, gid, tokens, "POST", url, 422, "illegal", json={"action": -1}, headers=h)
    act(client, gid, tokens[0], MARK)
    act(client, gid, tokens[0], MARK)
    refused(client, gid, tokens, "POST", url, 422, "illegal", json={"action": MARK}, headers=h)  # third mark


def test_malformed_unknown_and_oversized_bodies_are_4xx(client: TestClient, toy: str) -> None:
    gid, tokens = create(client, toy, 2, seed=1)
    url = f"/api/games/{gid}/actions"
    h = {**auth(tokens[0]), "Content-Type": "application/json"}
    refused(client, gid, tokens, "POST", url, 400, "malformed JSON", content=b'{"action": ', headers=h)
    refused(client, gid, tokens, "POST", url, 422, "unknown field 'cheat'", json={"action": 0, "cheat": 1}, headers=h)
    refused(client, gid, tokens, "POST", url, 422, "missing field 'action'", json={}, headers=h)
    refused(client, gid, tokens, "POST", url, 422, "invalid request", json={"action": True}, headers=h)
    refused(client, gid, tokens, "POST", url, 422, "invalid request", json=[0], headers=h)
    big = json.dumps({"action": "x" * 100_000}).encode()
    refused(client, gid, tokens, "POST", url, 413, "over the", content=big, headers=h)

    def chunks() -> Any:  # no Content-Length: counted as it arrives
        for _ in range(100):
            yield b" " * 1024

    refused(client, gid, tokens, "POST", url, 413, "over the", content=chunks(), headers=h)


def test_bad_create_requests_are_4xx(client: TestClient, toy: str) -> None:
    cases = [
        ({"game": "no-such-game"}, 422, "unknown game"),
        ({"game": toy, "players": 9}, 422, "2-3 players"),
        ({"game": toy, "params": {"variant": "wild"}}, 422, "allowed: one of"),
        ({"game": toy, "params": {"speed": 1}}, 422, "no parameter"),
        ({"game": toy, "bots": [None, "telepath"]}, 422, "unknown agent"),
        ({"game": toy, "bots": [None, None, None, None]}, 422, "4 seats"),
        ({"game": toy, "colour": "red"}, 422, "unknown field 'colour'"),
        ({"game": toy, "seed": -1}, 422, "seed"),
        ({"players": 2}, 422, "missing field 'game'"),
        # a file path on the server: never read for a web request (it would let anyone probe files)
        ({"game": "gravwell", "players": 3, "params": {"data": "/etc/hostname"}}, 422, "not accepted over the web"),
    ]
    for body, status, needle in cases:
        r = client.post("/api/games", json=body)
        assert r.status_code == status, (body, r.text)
        assert needle.lower() in r.json()["detail"].lower(), (body, r.json())
    r = client.post("/api/games", content=b"{nope", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "malformed JSON" in r.json()["detail"]
    assert client.get("/api/games").json() == []  # nothing was created by any of them


def test_record_only_after_the_end_then_it_replays(client: TestClient, toy: str) -> None:
    gid, tokens = create(client, toy, 2, seed=5)
    refused(client, gid, tokens, "GET", f"/api/games/{gid}/record", 409, "once the game has ended")
    refused(client, gid, tokens, "GET", f"/api/games/{gid}/replay", 409, "once the game has ended")
    finish_with_done(client, gid, tokens)
    v = view(client, gid, tokens[0])
    assert v["terminal"] and v["current_player"] is None and len(v["returns"]) == 2
    record = client.get(f"/api/games/{gid}/record").json()
    assert set(record) >= {"game", "params", "seed", "actions"}
    state = engine_state(record["game"], record["params"], record["actions"])
    assert state.is_terminal() and v["observation"] == state.observation(0)
    assert record["actions"] == stored_actions(client, gid)
    url = f"/api/games/{gid}/actions"
    refused(client, gid, tokens, "POST", url, 409, "game is over", json={"action": DONE}, headers=auth(tokens[0]))


def finish_with_done(client: TestClient, gid: str, tokens: list[str | None]) -> None:
    for _ in range(50):
        v = view(client, gid)
        if v["terminal"]:
            return
        act(client, gid, tokens[v["current_player"]], DONE)
    raise AssertionError("the toy game did not end")


def test_replay_steps_through_a_finished_game(client: TestClient, toy: str) -> None:
    gid, tokens = create(client, toy, 2, seed=8)
    act(client, gid, tokens[0], PEEK)
    finish_with_done(client, gid, tokens)
    record = client.get(f"/api/games/{gid}/record").json()
    n = len(record["actions"])
    first = client.get(f"/api/games/{gid}/replay?step=0").json()
    assert first["step"] == 0 and first["steps"] == n and first["actor"] is None
    for step in (1, 3, n):
        doc = client.get(f"/api/games/{gid}/replay?step={step}&seat=0").json()
        state = engine_state(record["game"], record["params"], record["actions"][:step])
        assert doc["observation"] == state.observation(0)
        assert doc["log"] == state.log(0)
        assert "<svg" in doc["svg"]
    peek_step = record["actions"].index(PEEK, 2) + 1
    doc = client.get(f"/api/games/{gid}/replay?step={peek_step}").json()
    assert doc["action_text"] == "peek" and doc["actor"] == 0
    assert client.get(f"/api/games/{gid}/replay?step={n + 1}").status_code == 422
    assert client.get(f"/api/games/{gid}/replay?step=1&seat=5").status_code == 422


def test_list_and_catalog(client: TestClient, toy: str) -> None:
    gid, _ = create(client, toy, 3, seed=1, bots=[None, "random", None])
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed] == [gid]
    assert listed[0]["bots"] == [None, "random", None] and listed[0]["finished"] is False
    catalog = {g["id"]: g for g in client.get("/api/catalog").json()}
    assert catalog[toy]["max_players"] == 3 and "random" in catalog[toy]["agents"]
    assert [p["name"] for p in catalog[toy]["params"]] == ["variant"]
    assert client.get("/openapi.json").json()["paths"]["/api/games/{gid}/actions"]["post"]


@pytest.mark.parametrize("path", ["/", "/docs"])
def test_pages_are_served(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 200 and "<html" in r.text.lower()


def test_finished_games_leave_memory_and_come_back_from_the_store(
    client: TestClient, toy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gravity_games.web import service

    monkeypatch.setattr(service, "MAX_FINISHED_IN_MEMORY", 0)
    gid, tokens = create(client, toy, 2, seed=5)
    finish_with_done(client, gid, tokens)
    before = snapshot(client, gid, tokens)
    create(client, toy, 2, seed=6)  # creating a game sweeps finished ones out
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert gid not in hub.games
    assert snapshot(client, gid, tokens) == before  # replayed from the store, identical


def test_nobody_hears_of_an_action_the_store_did_not_commit(
    lite_client: TestClient, toy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from concurrent.futures import Future

    client = lite_client
    gid, tokens = create(client, toy, 2, seed=3)
    storage = client.app.state.storage  # type: ignore[attr-defined]

    def failing_append(*_args: Any, **_kwargs: Any) -> Future[None]:
        future: Future[None] = Future()
        future.set_exception(OSError("disk full"))
        return future

    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}") as ws:
        first = ws.receive_json()
        before = snapshot(client, gid, tokens)
        monkeypatch.setattr(storage, "append_actions", failing_append)
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[0]), json={"action": MARK})
        assert r.status_code == 503 and "not saved" in r.json()["detail"]
        assert snapshot(client, gid, tokens) == before
        monkeypatch.undo()
        # the next push the other seat receives is the next committed action, not the failed one
        act(client, gid, tokens[0], DONE)
        pushed = ws.receive_json()
        assert pushed["move"] == first["move"] + 1 and pushed["observation"]["marks"] == [0, 0]
