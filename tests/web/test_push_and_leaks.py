"""WebSocket push per seat, and hidden information staying hidden in everything a seat receives.

For every registered game (and the toy game) a whole game is played by people over
HTTP with a WebSocket open for every seat and for a spectator. Every message each
recipient gets (WebSocket pushes, HTTP answers, error bodies) is kept, then checked
against the engine: no other seat's private field value appears as ``"<field>": value``
(the conformance suite's test) and no other seat's private log line appears.
"""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gravity_games.core.api import private_line
from gravity_games.core.registry import entry, list_games

from .helpers import auth, create, engine_state, view
from .toy_game import DONE, MARK


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, allow_nan=False)


def private_lines(state: Any, seat: int) -> list[str]:
    """Log lines private to ``seat`` (the engine keeps them as (seat, text) or (seat, format, *args))."""
    return [private_line(e) for e in state._log if not isinstance(e, str) and e[0] == seat]


def assert_no_leak(
    game: str, params: dict[str, Any], actions: list[int], recipient: int | None, messages: list[dict[str, Any]]
) -> int:
    """Check each message to ``recipient`` at its move; returns how many needles were checked."""
    checked = 0
    states: dict[int, Any] = {}
    for message in messages:
        move = message.get("move")
        if move is None:  # an error body: check it against the newest state
            move = len(actions)
        if move not in states:
            states[move] = engine_state(game, params, actions[:move])
        state = states[move]
        text = canonical(message)
        players = state.game.players
        mine = state.private_values(recipient) if recipient is not None else {}
        own_log = set(state.log(recipient))
        for seat in range(players):
            if seat == recipient:
                continue
            for name, value in state.private_values(seat).items():
                if value in (None, [], {}, ""):
                    continue
                if mine.get(name) == value:
                    continue  # the recipient's own value happens to be equal
                needle = f"{json.dumps(name)}: {canonical(value)}"
                assert needle not in text, f"{game}: seat {seat}'s private {name} reached {recipient} at move {move}"
                checked += 1
            for line in private_lines(state, seat):
                if line in own_log:
                    continue
                assert line not in message.get("log", []), f"{game}: seat {seat}'s private log line reached {recipient}"
                assert line not in text, f"{game}: seat {seat}'s private log line reached {recipient}"
                checked += 1
    return checked


def play_collecting(client: TestClient, game: str, players: int, seed: int, max_steps: int = 400) -> dict[str, Any]:
    """Play a whole game with people at every seat; return every message per recipient."""
    gid, tokens = create(client, game, players, seed=seed)
    rng = random.Random(seed)
    received: dict[int | None, list[dict[str, Any]]] = {s: [] for s in range(players)}
    received[None] = []
    with ExitStack() as stack:
        sockets = {
            s: stack.enter_context(client.websocket_connect(f"/ws/games/{gid}?token={tokens[s]}"))
            for s in range(players)
        }
        sockets[None] = stack.enter_context(client.websocket_connect(f"/ws/games/{gid}"))
        for who, ws in sockets.items():
            received[who].append(ws.receive_json())
        steps = 0
        while True:
            spectator = view(client, gid)
            if spectator["terminal"]:
                break
            seat = spectator["current_player"]
            mine = view(client, gid, tokens[seat])
            received[seat].append(mine)
            if steps % 5 == 0:
                # wrong requests: their error bodies are messages to the seat that sent them
                other = (seat + 1) % players
                r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[other]), json={"action": 0})
                assert r.status_code == 409
                received[other].append(r.json())
                r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]), json={"action": 10**6})
                assert r.status_code == 422
                received[seat].append(r.json())
                r = client.get(f"/api/games/{gid}/record")
                assert r.status_code == 409
                received[None].append(r.json())
            choice = rng.choice(mine["legal_actions"])["id"]
            r = client.post(
                f"/api/games/{gid}/actions", headers=auth(tokens[seat]), json={"action": choice, "move": mine["move"]}
            )
            assert r.status_code == 200, r.text
            received[seat].append(r.json())
            for who, ws in sockets.items():
                pushed = ws.receive_json()
                assert pushed["move"] == r.json()["move"], "one push per change, in order"
                assert pushed["seat"] == who
                received[who].append(pushed)
            steps += 1
            assert steps <= max_steps, f"{game} did not end in {max_steps} steps"
    record = client.get(f"/api/games/{gid}/record").json()
    return {"gid": gid, "record": record, "received": received, "steps": steps}


def _cases() -> list[tuple[str, int]]:
    """Every registered game with two seats and with three (where it allows them)."""
    cases = []
    for game in list_games():
        cls = entry(game).game_class
        for players in sorted({max(cls.MIN_PLAYERS, 2), 3}):
            if cls.MIN_PLAYERS <= players <= cls.MAX_PLAYERS:
                cases.append((game, players))
    return cases


@pytest.mark.timeout(600)
@pytest.mark.parametrize(("game", "players"), _cases())
def test_no_private_value_reaches_another_seat(lite_client: TestClient, game: str, players: int) -> None:
    cls = entry(game).game_class
    played = play_collecting(lite_client, game, players, seed=2024)
    record = played["record"]
    assert played["steps"] > 0
    checked = 0
    for who, messages in played["received"].items():
        assert len(messages) >= played["steps"]
        checked += assert_no_leak(game, record["params"], record["actions"], who, messages)
    fields = cls.PRIVATE_FIELDS
    if fields:
        assert checked > 0, f"{game} declares private fields {fields} but none was ever checked"


@pytest.mark.timeout(300)
def test_toy_game_private_cards_and_lines_stay_private(lite_client: TestClient, toy: str) -> None:
    played = play_collecting(lite_client, toy, 3, seed=5)
    record = played["record"]
    checked = sum(
        assert_no_leak(toy, record["params"], record["actions"], who, messages)
        for who, messages in played["received"].items()
    )
    assert checked > 50
    # the check can fail: a seat's own view holds its card, so sending it to another seat is caught
    state = engine_state(toy, record["params"], record["actions"][:3])
    seat0_view = {"move": 3, "observation": state.observation(0), "log": state.log(0)}
    with pytest.raises(AssertionError, match="private"):
        assert_no_leak(toy, record["params"], record["actions"], 1, [seat0_view])


@pytest.mark.timeout(120)
def test_each_seat_socket_gets_its_own_view_after_every_change(lite_client: TestClient, toy: str) -> None:
    client = lite_client
    gid, tokens = create(client, toy, 2, seed=9)
    with (
        client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws0,
        client.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}&svg=false") as ws1,
    ):
        first0, first1 = ws0.receive_json(), ws1.receive_json()
        assert first0["seat"] == 0 and first1["seat"] == 1
        assert "<svg" in first0["svg"] and "svg" not in first1
        client.post(f"/api/games/{gid}/actions", headers=auth(tokens[0]), json={"action": MARK})
        a0, a1 = ws0.receive_json(), ws1.receive_json()
        assert a0["move"] == a1["move"] == first0["move"] + 1
        assert a0["observation"]["marks"] == [1, 0] == a1["observation"]["marks"]
        assert [x["text"] for x in a0["legal_actions"]] == ["mark", "peek", "done"] and a1["legal_actions"] == []
        assert a0["can_undo"] is True and a1["can_undo"] is False
        client.post(f"/api/games/{gid}/actions", headers=auth(tokens[0]), json={"action": DONE})
        b0, b1 = ws0.receive_json(), ws1.receive_json()
        assert b0["legal_actions"] == [] and b0["can_undo"] is False
        assert b1["current_player"] == 1 and [x["id"] for x in b1["legal_actions"]] == [0, 1, 2]


def test_socket_refuses_unknown_game_and_token(lite_client: TestClient, toy: str) -> None:
    gid, _ = create(lite_client, toy, 2, seed=1)
    with lite_client.websocket_connect("/ws/games/nope") as ws:
        assert ws.receive_json() == {"error": "no game with id 'nope'", "status": 404}
    with lite_client.websocket_connect(f"/ws/games/{gid}?token=forged") as ws:
        assert ws.receive_json()["status"] == 401
