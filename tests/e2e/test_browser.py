"""End to end in Chromium: the lobby, two people playing doubt-gravity, every game against bots.

Moves are made the way a person makes them: clicking the move buttons (or the board),
with each page kept live by its own WebSocket. Screenshots of every game page are
saved under artifacts/e2e/.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from gravity_games.core import registry
from gravity_games.core.registry import list_games

from .conftest import LiveServer

pytestmark = pytest.mark.e2e

VIEWPORT = {"width": 1280, "height": 900}
MOVE_ATTR = "document.getElementById('app').dataset.move"


def server_view(server: LiveServer, gid: str, token: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.get(f"{server.base}/api/games/{gid}", headers=headers, timeout=10).json()


def wait_synced(page: Any, move: int) -> None:
    page.wait_for_function(f"{MOVE_ATTR} === '{move}'", timeout=20_000)


def click_a_move(page: Any, rng: random.Random, use_board: bool = False) -> str:
    """Click one legal move (a board element when asked and offered); wait for the page to move on."""
    before = page.evaluate(MOVE_ATTR)
    board = page.locator("#board [data-action].clickable")
    if use_board and board.count():
        target = board.nth(rng.randrange(board.count()))
        label = "board:" + (target.get_attribute("data-action") or "")
    else:
        buttons = page.locator("button.move:not([disabled])")
        count = buttons.count()
        assert count > 0, "it is this seat's turn but no move is offered"
        target = buttons.nth(rng.randrange(count))
        label = target.inner_text()
    click_where_a_person_can(target)
    try:
        page.wait_for_function(f"{MOVE_ATTR} !== '{before}'", timeout=20_000)
    except Exception:
        toast = page.locator("#toast").inner_text()
        raise AssertionError(f"clicking {label!r} did not move the game on (message: {toast!r})") from None
    return label


def click_where_a_person_can(target: Any) -> None:
    """Click the element at a point where it is really on top (a token or die may cover its centre)."""
    box = target.bounding_box()
    assert box is not None, "the move is not on screen"
    w, h = box["width"], box["height"]
    spots = [None] + [
        {"x": w * fx, "y": h * fy}
        for fx, fy in ((0.5, 0.15), (0.15, 0.5), (0.85, 0.5), (0.5, 0.85), (0.25, 0.25), (0.75, 0.75))
    ]
    for spot in spots:
        try:
            target.click(position=spot, trial=True, timeout=1500)
        except Exception:
            continue
        target.click(position=spot)
        return
    raise AssertionError("no visible point of this move can be clicked")


def create_in_lobby(page: Any, server: LiveServer, game: str, people: int | None = None) -> list[str]:
    """Use the lobby form; returns the seat links it shows."""
    page.goto(f"{server.base}/?game={game}")
    page.wait_for_function(f"document.getElementById('game-select').value === '{game}'")
    if people is not None:
        for seat in range(people):
            page.select_option(f"#seat-{seat}", "")
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    boxes = page.locator(".link-box")
    return [boxes.nth(i).input_value() for i in range(boxes.count())]


def game_id(link: str) -> str:
    return link.split("/games/")[1].split("#")[0]


def test_two_people_play_a_whole_game_of_doubt_gravity(live_server: LiveServer, browser: Any, artifacts: Path) -> None:
    assert "doubt-gravity" in list_games(), "doubt-gravity is not registered"
    ctx_a = browser.new_context(viewport=VIEWPORT)
    ctx_b = browser.new_context(viewport=VIEWPORT)
    a = ctx_a.new_page()
    errors: list[str] = []
    a.on("pageerror", lambda exc: errors.append(str(exc)))
    links = create_in_lobby(a, live_server, "doubt-gravity", people=2)
    assert len(links) == 2
    a.screenshot(path=str(artifacts / "lobby.png"), full_page=True)
    gid = game_id(links[0])
    a.goto(links[0])
    b = ctx_b.new_page()
    b.on("pageerror", lambda exc: errors.append(str(exc)))
    b.goto(links[1])
    watcher = browser.new_context(viewport=VIEWPORT).new_page()
    watcher.goto(f"{live_server.base}/games/{gid}")
    watcher.wait_for_function("document.getElementById('moves-head').textContent.length > 0")
    assert "Spectators cannot move" in watcher.locator("#moves-head").inner_text()
    assert watcher.locator("button.move").count() == 0
    assert "spectator" in watcher.locator("#whoami").inner_text()
    watcher.screenshot(path=str(artifacts / "doubt-gravity-spectator.png"), full_page=True)
    watcher.context.close()
    rng = random.Random(6)
    pages = {0: a, 1: b}
    steps = 0
    while True:
        v = server_view(live_server, gid)
        if v["terminal"]:
            break
        for page in pages.values():
            wait_synced(page, v["move"])
        mover = pages[v["current_player"]]
        waiter = pages[1 - v["current_player"]]
        assert mover.locator("#turn.mine").is_visible()
        assert waiter.locator("#turn.theirs").is_visible()
        assert waiter.locator("button.move").count() == 0
        click_a_move(mover, rng)
        steps += 1
        if steps == 2:
            a.screenshot(path=str(artifacts / "doubt-gravity-2p-seat0-start.png"), full_page=True)
            b.screenshot(path=str(artifacts / "doubt-gravity-2p-seat1-start.png"), full_page=True)
        if steps == 14:
            a.screenshot(path=str(artifacts / "doubt-gravity-2p-seat0-middle.png"), full_page=True)
        assert steps < 600, "the game did not end"
    for seat, page in pages.items():
        page.wait_for_selector("#result:not([hidden])")
        text = page.locator("#result").inner_text()
        assert "win" in text.lower() or "nobody" in text.lower()
        assert "null" not in text and "undefined" not in text
        assert page.locator("#log li").count() > 0
        page.screenshot(path=str(artifacts / f"doubt-gravity-2p-seat{seat}-end.png"), full_page=True)
    # the replay page steps through the finished game
    a.click("#result a")
    a.wait_for_selector("#step-text")
    a.wait_for_function("document.getElementById('counter').textContent.startsWith('decision 0 /')")
    for _ in range(5):
        a.click("#next")
    a.wait_for_function("document.getElementById('counter').textContent.startsWith('decision 5 /')")
    a.screenshot(path=str(artifacts / "doubt-gravity-replay.png"), full_page=True)
    assert errors == [], f"script errors: {errors}"
    ctx_a.close()
    ctx_b.close()


def test_board_elements_are_clickable_moves_and_undo_works(
    live_server: LiveServer, browser: Any, artifacts: Path
) -> None:
    from tests.web.toy_game import TOY_ID, register_toy

    register_toy()
    try:
        r = httpx.post(f"{live_server.base}/api/games", json={"game": TOY_ID, "players": 2, "seed": 1})
        doc = r.json()
        link = f"{live_server.base}/games/{doc['id']}#seat=0&token={doc['seats'][0]['token']}"
        page = browser.new_page(viewport=VIEWPORT)
        page.goto(link)
        page.wait_for_selector("#board [data-action].clickable")
        start = int(page.evaluate(MOVE_ATTR))
        legal = server_view(live_server, doc["id"], doc["seats"][0]["token"])["legal_actions"]
        assert page.locator("#board [data-action].clickable").count() == len(legal) >= 2
        assert page.locator("#undo-button").is_hidden()
        click_a_move(page, random.Random(1), use_board=True)
        assert server_view(live_server, doc["id"])["observation"]["marks"] == [1, 0]
        page.wait_for_selector("#undo-button:visible")
        page.click("#undo-button")
        page.wait_for_function(f"{MOVE_ATTR} === '{start}'")
        assert server_view(live_server, doc["id"])["observation"]["marks"] == [0, 0]
        assert page.locator("#undo-button").is_hidden()
        page.close()
    finally:
        registry._ENTRIES.pop(TOY_ID, None)


def test_a_person_asks_for_a_hint_and_plays_it(live_server: LiveServer, browser: Any, artifacts: Path) -> None:
    r = httpx.post(
        f"{live_server.base}/api/games",
        json={"game": "gravwell", "players": 3, "seed": 4, "bots": [None, "heuristic", "heuristic"]},
    )
    doc = r.json()
    gid, token = doc["id"], doc["seats"][0]["token"]
    page = browser.new_page(viewport=VIEWPORT)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{live_server.base}/games/{gid}#seat=0&token={token}")
    # gravwell seat 0 chooses a ship, then a card each phase: wait until it has a real choice
    page.wait_for_selector("#hint-button:visible", timeout=30_000)
    before = int(page.evaluate(MOVE_ATTR))
    mine = httpx.get(f"{live_server.base}/api/games/{gid}", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    legal = {a["id"] for a in mine.json()["legal_actions"]}
    page.click("#hint-button")
    page.wait_for_selector("#hints:not([hidden]) .hint", timeout=20_000)
    rows = page.locator("#hints .hint")
    assert 1 <= rows.count() <= 3
    texts = [rows.nth(i).inner_text() for i in range(rows.count())]
    assert all(t.rstrip().endswith("%") for t in texts), texts
    assert "win chance" in page.locator("#hints .hint-head").inner_text()
    # the search is budgeted in iterations, its seconds only a cap: the note says what it did
    assert re.match(
        r"From a search of what you can see: [\d,]+( of its [\d,]+)? iterations",
        page.locator("#hints .hint-note").inner_text(),
    )
    assert "The chances assume you play on as the hard bot would" in page.locator("#hints .hint-note").inner_text()
    best = rows.nth(0).locator("button.move")
    assert int(best.get_attribute("data-action-id") or -1) in legal
    page.screenshot(path=str(artifacts / "hints.png"), full_page=True)
    best.click()
    page.wait_for_function(f"{MOVE_ATTR} !== '{before}'", timeout=20_000)
    assert page.locator("#hints").is_hidden()  # hints of a past move are gone
    assert errors == [], errors
    page.close()


def test_the_lobby_can_turn_hints_off(live_server: LiveServer, browser: Any, artifacts: Path) -> None:
    page = browser.new_page(viewport=VIEWPORT)
    page.goto(f"{live_server.base}/?game=doubt-gravity")
    page.wait_for_function("document.getElementById('game-select').value === 'doubt-gravity'")
    for seat in range(2):
        page.select_option(f"#seat-{seat}", "")
    page.uncheck("#hints-input")
    page.screenshot(path=str(artifacts / "lobby-hints-off.png"), full_page=True)
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    links = [page.locator(".link-box").nth(i).input_value() for i in range(2)]
    gid = game_id(links[0])
    seat = server_view(live_server, gid)["current_player"]
    assert server_view(live_server, gid)["hints"] is False
    page.goto(links[seat])
    page.wait_for_selector("button.move")
    assert page.locator("#hint-button").is_hidden()
    page.close()
