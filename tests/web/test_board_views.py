"""What the views add for board play: taps and words per move, seats, decisions, the last change, names."""

from __future__ import annotations

from fastapi.testclient import TestClient

from gravity_games import CHANCE
from gravity_games.core.registry import entry
from gravity_games.web.app import create_app
from gravity_games.web.board_view import decision_steps, decisions_made
from tests.web.helpers import act, auth, create, engine_state, view


def board_view(client: TestClient, gid: str, token: str | None = None) -> dict:
    r = client.get(f"/api/games/{gid}?svg=1", headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def test_each_move_carries_the_games_own_taps_and_words(lite_client: TestClient) -> None:
    gid, tokens = create(lite_client, "doubt-gravity", 2, seed=3, bots=[None, None])
    v = board_view(lite_client, gid, tokens[0])
    game = entry("doubt-gravity").game_class(players=2)
    legal = [(m["id"], m["text"]) for m in v["legal_actions"]]
    expected = {m.action: m for m in entry("doubt-gravity").board.board_moves(v["observation"], game, legal)}
    assert legal and all(m["parts"] == list(expected[m["id"]].parts) for m in v["legal_actions"])
    assert all(m["description"] == expected[m["id"]].description for m in v["legal_actions"])
    assert all(f'data-part="{m["parts"][0]}"' in v["svg"] for m in v["legal_actions"])
    assert [s["seat"] for s in v["seats"]] == [0, 1] and all(s["name"] == f"Seat {s['seat']}" for s in v["seats"])


def test_decisions_count_player_choices_only_and_the_last_change_is_reported(lite_client: TestClient) -> None:
    gid, tokens = create(lite_client, "doubt-gravity", 2, seed=4, bots=[None, None])
    start = board_view(lite_client, gid, tokens[0])
    assert start["decision"] == 0 and start["move"] > 0  # the setup's chance steps are not decisions
    assert start["last"] is None and start["since_mine"] == []
    for _ in range(4):
        seat = board_view(lite_client, gid)["current_player"]
        mover = board_view(lite_client, gid, tokens[seat])
        act(lite_client, gid, tokens[seat], mover["legal_actions"][0]["id"])
    v0 = board_view(lite_client, gid, tokens[0])
    actions = lite_client.get(f"/api/games/{gid}").json()
    assert v0["decision"] == 4 and actions["decision"] == 4
    last = v0["last"]
    assert last is not None and last["seat"] in (0, 1) and (last["lines"] or last["parts"])
    # what changed is drawn on the board as the seat sees it
    assert all(f'data-part="{p}"' in v0["svg"] for p in last["parts"])
    if last["seat"] != 0:
        assert v0["since_mine"], "the other seat moved since seat 0's last decision"


def test_extras_after_a_restart_equal_those_kept_by_the_commits(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, bot_delay=0)) as client:
        gid, tokens = create(client, "memory-gravity", 2, seed=9, bots=[None, None])
        for _ in range(5):
            seat = view(client, gid)["current_player"]
            act(client, gid, tokens[seat], board_view(client, gid, tokens[seat])["legal_actions"][0]["id"])
        before = [board_view(client, gid, t) for t in tokens]
    with TestClient(create_app(sqlite_url, bot_delay=0)) as client:
        after = [board_view(client, gid, t) for t in tokens]
    for old, new in zip(before, after, strict=True):
        assert (old["last"], old["since_mine"], old["decision"]) == (new["last"], new["since_mine"], new["decision"])


def test_a_seat_name_is_checked_stored_and_shown_to_everyone(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, bot_delay=0)) as client:
        gid, tokens = create(client, "comparison-gravity", 2, seed=1, bots=[None, "random"])
        url = f"/api/games/{gid}/name"
        assert client.post(url, json={"name": "Mabel"}).status_code == 401
        for bad, says in (("", "visible"), ("x" * 25, "at most 24"), ("a\u200bb", "invisible")):
            r = client.post(url, json={"name": bad}, headers=auth(tokens[0]))
            assert r.status_code == 422 and says in r.json()["detail"], r.text
        r = client.post(url, json={"name": "  Mabel   Pines "}, headers=auth(tokens[0]))
        assert r.status_code == 200 and r.json()["seats"][0]["name"] == "Mabel Pines"
        assert view(client, gid)["seats"][0]["name"] == "Mabel Pines"  # a spectator sees it too
        assert view(client, gid)["seats"][1]["name"].lower().startswith("bot")
    with TestClient(create_app(sqlite_url, bot_delay=0)) as client:
        assert view(client, gid)["seats"][0] == view(client, gid)["seats"][0] | {"name": "Mabel Pines", "named": True}


def test_replay_goes_one_decision_at_a_time(lite_client: TestClient) -> None:
    gid, tokens = create(lite_client, "memory-gravity", 2, seed=2, bots=[None, None])
    for _ in range(400):
        v = view(lite_client, gid)
        if v["terminal"]:
            break
        act(
            lite_client,
            gid,
            tokens[v["current_player"]],
            view(lite_client, gid, tokens[v["current_player"]])["legal_actions"][0]["id"],
        )
    record = lite_client.get(f"/api/games/{gid}/record").json()
    first = lite_client.get(f"/api/games/{gid}/replay?decision=0").json()
    total = first["decisions"]
    assert total == sum(1 for a in _actors(lite_client, gid) if a != CHANCE)
    steps = decision_steps(_actors(lite_client, gid))
    for k in (0, 1, total // 2, total):
        doc = lite_client.get(f"/api/games/{gid}/replay?decision={k}&seat=1").json()
        state = engine_state(record["game"], record["params"], record["actions"][: steps[k]])
        assert doc["observation"] == state.observation(1) and doc["decision"] == k
        # a decision's state holds the chance it led to: the next player is a seat, or the end
        assert state.is_terminal() or state.current_player() != CHANCE
        if k:
            assert doc["actor"] in (0, 1) and doc["lines"]
            assert doc["last"]["seat"] == doc["actor"]  # the board rings what that decision changed
            assert all(f'data-part="{p}"' in doc["svg"] for p in doc["last"]["parts"])
        else:
            assert doc["last"] is None
    assert lite_client.get(f"/api/games/{gid}/replay?decision={total + 1}").status_code == 422
    assert decisions_made(_actors(lite_client, gid)) == total


def _actors(client: TestClient, gid: str) -> list[int]:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    return list(hub.games[gid].actors)
