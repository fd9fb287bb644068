"""Undo as Board Game Arena allows it, and bots playing server-side."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gravity_games.core.registry import entry, list_games

from .helpers import act, auth, create, view
from .toy_game import DONE, MARK, PEEK


def undo(client: TestClient, gid: str, token: str | None) -> Any:
    return client.post(f"/api/games/{gid}/undo", headers=auth(token))


def stored_count(client: TestClient, gid: str) -> int:
    return client.app.state.storage.load_game(gid).num_actions  # type: ignore[attr-defined]


def test_undo_takes_back_own_steps_within_the_turn(client: TestClient, toy: str) -> None:
    gid, tokens = create(client, toy, 2, seed=4)
    start = view(client, gid, tokens[0])
    assert start["can_undo"] is False
    act(client, gid, tokens[0], MARK)
    after_two = act(client, gid, tokens[0], MARK)
    assert after_two["can_undo"] is True and after_two["observation"]["marks"] == [2, 0]
    r = undo(client, gid, tokens[0])
    assert r.status_code == 200, r.text
    assert r.json()["observation"]["marks"] == [1, 0] and r.json()["move"] == start["move"] + 1
    r = undo(client, gid, tokens[0])
    assert r.json()["observation"] == start["observation"] and r.json()["can_undo"] is False
    assert stored_count(client, gid) == start["move"]  # the store forgot them too
    r = undo(client, gid, tokens[0])
    assert r.status_code == 409 and "nothing to undo" in r.json()["detail"]


def test_undo_never_across_revealed_information(client: TestClient, toy: str) -> None:
    gid, tokens = create(client, toy, 2, seed=4)
    act(client, gid, tokens[0], MARK)
    v = act(client, gid, tokens[0], PEEK)  # shows seat 0 the card of seat 1
    assert v["can_undo"] is False and v["observation"]["seen"][0] == 1
    r = undo(client, gid, tokens[0])
    assert r.status_code == 409 and "revealed information" in r.json()["detail"]
    assert view(client, gid, tokens[0])["observation"] == v["observation"]
    # a step taken after the reveal can be taken back, the reveal itself cannot
    assert act(client, gid, tokens[0], MARK)["can_undo"] is True
    assert undo(client, gid, tokens[0]).status_code == 200
    assert undo(client, gid, tokens[0]).status_code == 409


def test_undo_never_after_the_turn_ended_or_a_chance_event(client: TestClient, toy: str) -> None:
    gid, tokens = create(client, toy, 2, seed=4)
    act(client, gid, tokens[0], MARK)
    act(client, gid, tokens[0], DONE)  # turn passes to seat 1
    r = undo(client, gid, tokens[0])
    assert r.status_code == 409 and "your turn has ended" in r.json()["detail"]
    r = undo(client, gid, tokens[1])  # seat 1 cannot take back seat 0's step either
    assert r.status_code == 409 and "not yours" in r.json()["detail"]
    v = act(client, gid, tokens[1], DONE)  # round ends: the server rolls the die (chance)
    assert len(v["observation"]["pot"]) == 1
    r = undo(client, gid, tokens[1])
    assert r.status_code == 409 and "chance" in r.json()["detail"]
    assert undo(client, gid, None).status_code == 401
    assert undo(client, gid, "forged").status_code == 401


def test_undo_survives_a_restart(sqlite_url: str, toy: str) -> None:
    from gravity_games.web.app import create_app

    with TestClient(create_app(sqlite_url, bot_delay=0.0)) as client:
        gid, tokens = create(client, toy, 2, seed=6)
        act(client, gid, tokens[0], MARK)
        act(client, gid, tokens[0], MARK)
        assert undo(client, gid, tokens[0]).status_code == 200
        before = view(client, gid, tokens[0])
    with TestClient(create_app(sqlite_url, bot_delay=0.0)) as client:
        after = view(client, gid, tokens[0])
        assert after == before and after["can_undo"] is True
        assert undo(client, gid, tokens[0]).json()["observation"]["marks"] == [0, 0]


def wait_until(client: TestClient, gid: str, token: str | None, test: Any, limit: int = 2000) -> dict[str, Any]:
    for _ in range(limit):
        v = view(client, gid, token)
        if test(v):
            return v
        time.sleep(0.01)
    raise AssertionError(f"condition never met; last view at move {v['move']}")


def test_a_person_plays_against_bots(client: TestClient, toy: str) -> None:
    gid, tokens = create(client, toy, 3, seed=12, bots=[None, "random", "random"])
    assert tokens[1] is None and tokens[2] is None
    for _ in range(2):
        v = wait_until(client, gid, tokens[0], lambda v: v["terminal"] or v["current_player"] == 0)
        if v["terminal"]:
            break
        act(client, gid, tokens[0], DONE)
    v = wait_until(client, gid, tokens[0], lambda v: v["terminal"])
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["meta"]["bots"] == [None, "random", "random"]
    # bots moved at their own seats only, and a person cannot act for a bot seat
    stored = client.app.state.storage.load_game(gid)  # type: ignore[attr-defined]
    assert {a.seat for a in stored.actions if a.seat >= 0} == {0, 1, 2}


@pytest.mark.timeout(600)
@pytest.mark.parametrize("game", list_games())
def test_bots_play_every_registered_game_to_the_end(lite_client: TestClient, game: str) -> None:
    cls = entry(game).game_class
    players = cls.MIN_PLAYERS
    agents = ["heuristic" if "heuristic" in entry(game).agents else "random"] * players
    gid, tokens = create(lite_client, game, players, seed=31, bots=agents)
    assert tokens == [None] * players
    v = wait_until(lite_client, gid, None, lambda v: v["terminal"], limit=20000)
    assert v["outcome"] is not None and len(v["returns"]) == players
    record = lite_client.get(f"/api/games/{gid}/record").json()
    assert record["game"] == game and len(record["actions"]) == v["move"]
