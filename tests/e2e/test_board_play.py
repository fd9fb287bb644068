"""Every game played in real Chromium by taps on its board only, at a desktop and a phone size.

At every decision of the person's seat the test checks that each legal move can be started by
a highlighted board part (never the move list), that no board text is drawn under 12 CSS px on
a 1280x800 desktop or 11 px on a 390x844 phone, and then makes a seeded random move by tapping
its parts in order (confirming when the page asks). A whole game per game at the desktop size,
the first 15 decisions at the phone size. Screenshots of each game's start, middle and end go
to ``artifacts/e2e/``, with the figures (smallest text, share of decisions playable on the
board, time from the last tap to the new board) in ``artifacts/e2e/board-figures.json``.
"""

from __future__ import annotations

import json
import random
import statistics
from pathlib import Path
from typing import Any

import httpx
import pytest

from gravity_games import list_games
from tests.e2e.conftest import LiveServer
from tests.e2e.test_browser import click_where_a_person_can

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
MIN_PX = {"desktop": 12.0, "phone": 11.0}
PHONE_DECISIONS = 15
MAX_DECISIONS = 700
FIGURES: dict[str, dict[str, Any]] = {}

READY = (
    "(() => { const p = window.GGPage; const v = p && p.view; if (!v) return false;"
    " if (v.terminal) return true;"
    " return v.current_player === v.seat && v.legal_actions.length > 0 && !p.busy && !p.playing && !p.naming"
    " && document.querySelectorAll('#board [data-part]').length > 0; })()"
)

# Which legal moves cannot be started by a highlighted part drawn on the board, and the smallest
# text on screen (font size in SVG units times the drawing's scale on screen).
INSPECT = """() => {
  const v = window.GGPage.view;
  const bad = [];
  for (const a of v.legal_actions) {
    const find = (k) => document.querySelector(`#board [data-part="${CSS.escape(k)}"]`);
    const first = a.parts && a.parts.length ? find(a.parts[0]) : null;
    const drawn = (a.parts || []).every(find);
    if (!first || !drawn || !first.classList.contains('gg-legal')) bad.push(a.text);
  }
  const svg = document.querySelector('#board svg');
  const scale = svg.getScreenCTM().a;
  let smallest = Infinity, where = '';
  for (const t of svg.querySelectorAll('text')) {
    if (!t.textContent.trim()) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * scale;
    if (px < smallest) { smallest = px; where = t.textContent.trim().slice(0, 40); }
  }
  return { bad, smallest, where, revision: v.revision, decision: v.decision,
           moves: v.legal_actions.map((a) => ({ id: a.id, parts: a.parts, confirm: a.confirm, text: a.text })) };
}"""

FIRST_SCREEN = """() => {
  const h = window.innerHeight;
  const box = (sel) => { const n = document.querySelector(sel); return n ? n.getBoundingClientRect() : null; };
  const turn = box('#turn'), moves = box('#moves-card'), port = box('#board-viewport');
  const hand = box('#board [data-region=hand]');
  const handSeen = !hand || (hand.bottom > Math.max(0, port.top) && hand.top < Math.min(h, port.bottom));
  return { turn: turn.bottom <= h, moves: moves.top < h, hand: handSeen, width: document.documentElement.scrollWidth };
}"""


def _tables() -> list[tuple[str, int]]:
    return [(g, 2) for g in list_games()]


def _new_game(server: LiveServer, game: str, players: int, seed: int) -> tuple[str, str]:
    bots = [None] + ["heuristic"] * (players - 1)
    r = httpx.post(
        f"{server.base}/api/games", json={"game": game, "players": players, "seed": seed, "bots": bots}, timeout=30
    )
    assert r.status_code == 201, r.text
    doc = r.json()
    token = doc["seats"][0]["token"]
    return doc["id"], f"{server.base}/games/{doc['id']}#seat=0&token={token}"


def _tap_move(page: Any, move: dict[str, Any], revision: int) -> float:
    """Tap the move's parts in order (and confirm when asked); seconds from the last tap to the new board.

    The time is the page's own: from the tap that sends the move to the new board drawn.
    """
    for i, key in enumerate(move["parts"]):
        target = page.locator(f'#board [data-part="{key}"].gg-legal').first
        assert target.count() == 1, f"part {key!r} of {move['text']!r} is not highlighted after {i} taps"
        click_where_a_person_can(target)
    confirm = page.locator(f'#builder [data-confirm-id="{move["id"]}"]')
    if move["confirm"] or confirm.count():
        assert confirm.count() == 1, f"{move['text']!r} asks for no confirmation"
        confirm.click()
    page.wait_for_function(f"window.GGPage.view.revision > {revision} || window.GGPage.view.terminal", timeout=20_000)
    return float(page.evaluate("window.GGPage.lastLatency || 0")) / 1000


def _play(page: Any, game: str, size: str, artifacts: Path, decisions_wanted: int | None) -> dict[str, Any]:
    rng = random.Random(f"{game}-{size}")
    smallest = (float("inf"), "")
    decisions = playable = 0
    latencies: list[float] = []
    shots: list[bytes] = []
    while decisions_wanted is None or decisions < decisions_wanted:
        try:
            page.wait_for_function(READY, timeout=60_000)
        except Exception:
            page.screenshot(path=str(artifacts / f"board-{game}-{size}-stuck.png"), full_page=True)
            flags = page.evaluate(
                "(() => { const p = window.GGPage; const v = p.view || {}; return {busy: p.busy, playing: p.playing,"
                " naming: p.naming, player: v.current_player, seat: v.seat, moves: (v.legal_actions || []).length,"
                " parts: document.querySelectorAll('#board [data-part]').length,"
                " toast: document.getElementById('toast').textContent}; })()"
            )
            raise AssertionError(f"{game} ({size}): the page neither offered a move nor ended: {flags}") from None
        if page.evaluate("window.GGPage.view.terminal"):
            break
        seen = page.evaluate(INSPECT)
        if decisions == 0:
            page.screenshot(path=str(artifacts / f"board-{game}-{size}-start.png"))
            if size == "phone":
                first = page.evaluate(FIRST_SCREEN)
                assert first["turn"] and first["moves"] and first["hand"], f"{game}: off the first screen: {first}"
                assert first["width"] <= PHONE["width"], f"{game}: the page is {first['width']} px wide"
                _long_press_shows_the_move(page, seen["moves"][0])
        if seen["smallest"] < smallest[0]:
            smallest = (seen["smallest"], seen["where"])
        assert seen["smallest"] >= MIN_PX[size], (
            f"{game} ({size}): board text {seen['where']!r} is {seen['smallest']:.1f} px (at least {MIN_PX[size]})"
        )
        assert not seen["bad"], f"{game} ({size}), decision {seen['decision']}: not on the board: {seen['bad']}"
        playable += 1
        if decisions % 10 == 5:
            shots.append(page.screenshot())
        move = rng.choice(seen["moves"])
        latencies.append(_tap_move(page, move, seen["revision"]))
        decisions += 1
        assert decisions < MAX_DECISIONS, f"{game} did not end"
    if shots:
        (artifacts / f"board-{game}-{size}-middle.png").write_bytes(shots[len(shots) // 2])
    page.screenshot(path=str(artifacts / f"board-{game}-{size}-end.png"))
    return {
        "decisions": decisions,
        "on_board": playable,
        "smallest_px": round(smallest[0], 2),
        "smallest_text": smallest[1],
        "click_to_board_ms_median": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "click_to_board_ms_max": round(1000 * max(latencies), 1) if latencies else None,
    }


LONG_PRESS = """(key) => {
  const node = document.querySelector(`#board [data-part="${CSS.escape(key)}"]`);
  const box = node.getBoundingClientRect();
  const at = { bubbles: true, pointerType: 'touch', pointerId: 7, clientX: box.x + 4, clientY: box.y + 4 };
  node.dispatchEvent(new PointerEvent('pointerdown', at));
  return new Promise((done) => setTimeout(() => {
    const tip = document.getElementById('tip');
    const text = tip.hidden ? null : tip.textContent;
    node.dispatchEvent(new PointerEvent('pointerup', at));
    done(text);
  }, 800));
}"""


def _long_press_shows_the_move(page: Any, move: dict[str, Any]) -> None:
    """On a phone a long press on a part says in words what tapping it does."""
    shown = page.evaluate(LONG_PRESS, move["parts"][0])
    label = page.locator(f'#board [data-part="{move["parts"][0]}"]').first.get_attribute("aria-label")
    assert shown and shown == label and " " in shown, f"long press showed {shown!r}, the part says {label!r}"
    page.wait_for_timeout(600)  # a person lifts the finger before the next tap


def _context(browser: Any, size: str) -> Any:
    if size == "phone":
        ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    else:
        ctx = browser.new_context(viewport=DESKTOP)
    # Others' moves are replayed at a pace people read; these tests jump straight to the present.
    ctx.add_init_script("localStorage.setItem('gg-speed', 'off'); localStorage.setItem('gg-name', 'Tester');")
    return ctx


@pytest.mark.parametrize(("game", "players"), _tables())
def test_a_whole_game_is_played_by_board_taps_on_a_desktop(
    live_server: LiveServer, browser: Any, artifacts: Path, game: str, players: int
) -> None:
    ctx = _context(browser, "desktop")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    _gid, link = _new_game(live_server, game, players, seed=21)
    page.goto(link)
    figures = _play(page, game, "desktop", artifacts, None)
    page.wait_for_selector("#result:not([hidden])")
    assert "undefined" not in page.locator("#result").inner_text()
    assert figures["decisions"] > 0 and figures["on_board"] == figures["decisions"]
    assert errors == [], f"script errors on the {game} page: {errors}"
    FIGURES.setdefault(game, {})["desktop"] = figures
    _write_figures(artifacts)
    ctx.close()


@pytest.mark.parametrize(("game", "players"), _tables())
def test_the_first_decisions_are_played_by_board_taps_on_a_phone(
    live_server: LiveServer, browser: Any, artifacts: Path, game: str, players: int
) -> None:
    ctx = _context(browser, "phone")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    _gid, link = _new_game(live_server, game, players, seed=22)
    page.goto(link)
    figures = _play(page, game, "phone", artifacts, PHONE_DECISIONS)
    assert figures["decisions"] > 0 and figures["on_board"] == figures["decisions"]
    assert errors == [], f"script errors on the {game} page: {errors}"
    FIGURES.setdefault(game, {})["phone"] = figures
    _write_figures(artifacts)
    ctx.close()


def _write_figures(artifacts: Path) -> None:
    path = artifacts / "board-figures.json"
    old = json.loads(path.read_text()) if path.exists() else {}
    for game, sizes in FIGURES.items():
        old.setdefault(game, {}).update(sizes)
    path.write_text(json.dumps(old, indent=2, sort_keys=True) + "\n")


def test_bot_moves_are_played_back_and_marked_on_the_board(
    live_server: LiveServer, browser: Any, artifacts: Path
) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.add_init_script("localStorage.setItem('gg-speed', 'slow');")
    page = ctx.new_page()
    _gid, link = _new_game(live_server, "doubt-gravity", 3, seed=5)
    page.goto(link)
    page.wait_for_function(READY, timeout=30_000)
    # the person names the seat; everybody's players panel shows it
    page.wait_for_selector("#name-form:not([hidden])")
    page.fill("#name-input", "Mabel")
    page.click("#name-form button")
    page.wait_for_function("document.querySelector('#players .me .player-name').textContent.startsWith('Mabel')")
    assert "Mabel" in page.locator("#whoami").inner_text()
    for _ in range(3):  # play until a bot has moved after us
        seen = page.evaluate(INSPECT)
        _tap_move(page, random.Random(3).choice(seen["moves"]), seen["revision"])
        try:
            page.wait_for_selector("#playback:not([hidden]) .playback-who", timeout=15_000)
            break
        except Exception:
            page.wait_for_function(READY, timeout=30_000)
    who = page.locator("#playback .playback-who").inner_text()
    assert "bot" in who.lower(), who
    assert page.locator("#board .gg-last").count() > 0, "the bot's move changed nothing on the board"
    page.screenshot(path=str(artifacts / "board-playback.png"))
    ctx.close()


def test_a_late_answer_to_naming_the_seat_does_not_hide_the_bots_newer_move(tmp_path: Path, browser: Any) -> None:
    """The page names its seat on arrival; a bot that moves before that answer arrives stays moved.

    The bot waits 2 s before its first move, so the name is stored while the bot is to act; the
    answer (a view with the bot to act) is held back until the socket has brought the bot's moves.
    Shown as it came, it would put back the bot's turn, and the page would wait for a bot that has
    already moved (a CI run failed this way under load).
    """
    server = LiveServer(f"sqlite:///{tmp_path / 'late-name.sqlite3'}", bot_delay=2.0)
    server.start()
    try:
        _gid, link = _new_game(server, "saving-waddles", 2, seed=22)  # the bot, seat 1, acts first
        ctx = _context(browser, "desktop")
        page = ctx.new_page()
        held: list[dict[str, Any]] = []
        answered: list[bool] = []

        def hold_the_answer(route: Any) -> None:
            response = route.fetch()
            view = response.json()
            held.append(view)
            # until the socket has brought the bot's last move: the person is to act
            page.wait_for_function(
                f"window.GGPage.view.revision > {view['revision']} && window.GGPage.view.current_player === 0",
                timeout=30_000,
            )
            route.fulfill(response=response)
            answered.append(True)

        page.route("**/api/games/*/name*", hold_the_answer)
        page.goto(link)
        for _ in range(300):
            if answered:
                break
            page.wait_for_timeout(100)
        assert answered, "the page never named its seat"
        assert held[0]["current_player"] == 1, "the name was stored after the bot's move: nothing was tested"
        page.wait_for_timeout(500)  # the page reads the late answer
        page.wait_for_function(READY, timeout=5_000)
        assert page.evaluate("window.GGPage.view.current_player") == 0
        ctx.close()
    finally:
        server.stop()


def test_a_socket_that_goes_silent_does_not_leave_the_page_waiting(tmp_path: Path, browser: Any) -> None:
    """A connection that dies without closing: the page asks for the view once the socket is quiet.

    The socket here passes on the server's first view (the bot, seat 1, to act) and then nothing,
    while staying open. The page must still reach the person's turn, from its own check.
    """
    server = LiveServer(f"sqlite:///{tmp_path / 'silent.sqlite3'}", bot_delay=2.0)
    server.start()
    try:
        _gid, link = _new_game(server, "saving-waddles", 2, seed=22)
        ctx = _context(browser, "desktop")
        ctx.add_init_script("window.GG_QUIET_MS = 3000;")
        page = ctx.new_page()
        passed: list[str] = []

        def first_view_only(ws: Any) -> None:
            upstream = ws.connect_to_server()

            def from_server(message: str | bytes) -> None:
                if not passed:
                    passed.append(str(message))
                    ws.send(message)

            upstream.on_message(from_server)

        page.route_web_socket("**/ws/games/**", first_view_only)
        page.goto(link)
        page.wait_for_function(READY, timeout=30_000)
        assert len(passed) == 1 and json.loads(passed[0])["current_player"] == 1, "the test's socket let more through"
        assert page.evaluate("window.GGPage.view.current_player") == 0
        ctx.close()
    finally:
        server.stop()


def test_a_wrong_seat_link_is_not_kept_as_your_seat(live_server: LiveServer, browser: Any) -> None:
    gid, link = _new_game(live_server, "memory-gravity", 2, seed=2)
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(link.split("#")[0] + "#seat=0&token=not-a-real-token")
    page.wait_for_function("document.getElementById('toast').textContent.includes('not valid')")
    assert gid not in page.evaluate("JSON.parse(localStorage.getItem('gg-seats') || '{}')")
    assert "spectator" in page.locator("#whoami").inner_text()
    page.goto("about:blank")  # a new load: only the hash would change otherwise
    page.goto(link)
    page.wait_for_function(READY, timeout=30_000)
    assert gid in page.evaluate("JSON.parse(localStorage.getItem('gg-seats') || '{}')")
    ctx.close()


def test_help_panel_and_replay_of_an_unfinished_game(live_server: LiveServer, browser: Any) -> None:
    gid, link = _new_game(live_server, "gravwell", 2, seed=8)
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(link)
    page.wait_for_function(READY, timeout=30_000)
    page.click("#help-button")
    page.wait_for_selector("#help-dialog[open] .help-section")
    text = page.locator("#help-dialog .dialog-body").inner_text()
    assert "Notation" in text and "reconstructed" in text.lower()
    page.click("#help-dialog .dialog-close")
    page.goto(f"{live_server.base}/games/{gid}/replay")
    page.wait_for_function("document.getElementById('step-text').textContent.startsWith('No replay yet')")
    assert page.locator("#next").is_disabled()
    ctx.close()


def test_pages_pass_the_axe_accessibility_checks(live_server: LiveServer, browser: Any) -> None:
    """WCAG 2 A and AA rules of axe-core (contrast, names of controls, roles) on every page."""
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    options = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa"]}}
    page = browser.new_page(viewport=DESKTOP)
    urls = [live_server.base + "/"]
    for game in list_games():
        _gid, link = _new_game(live_server, game, 2, seed=31)
        urls.append(link)
    found = []
    for url in urls:
        page.goto("about:blank")
        page.goto(url)
        if "/games/" in url:
            page.wait_for_function(READY, timeout=30_000)
        else:
            page.wait_for_selector("#game-select option", state="attached")
        for v in axe.run(page, options=options).response["violations"]:
            found.append(f"{url.split('#')[0]}: {v['id']} on {v['nodes'][0]['target']}")
    page.close()
    assert not found, "accessibility violations:\n" + "\n".join(found)


def test_the_pages_work_under_the_content_security_policy(live_server: LiveServer, browser: Any) -> None:
    """No page script, style or board is refused by the server's CSP (the other tests bypass it)."""
    refused: list[str] = []
    page = browser.strict_page(viewport=DESKTOP)
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda exc: refused.append(str(exc)))
    for game in ("gravwell", "doubt-gravity", "gravity-falls"):
        _gid, link = _new_game(live_server, game, 2, seed=41)
        page.goto("about:blank")
        page.goto(link)
        page.wait_for_selector("#board [data-part].gg-legal")  # selectors run outside the page's CSP
        page.wait_for_selector("#players .swatch")
        assert page.locator("#turn.mine").count() == 1
        page.locator("#board [data-part].gg-legal").first.click()
    page.goto(live_server.base + "/")
    page.wait_for_selector("#game-select option", state="attached")
    page.close()
    assert not refused, refused
