"""The web hint says how sure it is: ``unsure``, ``reason`` and ``samples``, and each move in words with a range.

A hint must never read surer than its search: no figure without its range, and an unsure hint
says why, naming the moves (``agents/hint_words.py``).
"""

from __future__ import annotations

import pickle
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gravity_games.agents.hint_words import MARGIN_FLOOR, chance_range, hint_words, say_chance
from gravity_games.agents.hints import FEW, Advice
from gravity_games.web import searches

from .helpers import auth, create, view

SAYS = re.compile(
    r"^(a rough guess: )?(about \d+ %|over 95 %|under 5 %) (to win|for the team to win), "
    r"(likely|anywhere) between (\d+) % and (\d+) %$"
)


def plain(text: str) -> str:
    """The words with their no-break spaces (between a figure and its unit) as plain spaces."""
    return text.replace("\u00a0", " ")


def ask(client: TestClient, gid: str, token: str | None, query: str) -> Any:
    r = client.get(f"/api/games/{gid}/hints?{query}", headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def seat_to_act(client: TestClient, game: str, seed: int) -> tuple[str, str, dict[str, Any]]:
    gid, tokens = create(client, game, 2, seed=seed)
    seat = view(client, gid)["current_player"]
    token = tokens[seat]
    assert token is not None
    return gid, token, view(client, gid, token)


def test_a_quick_hint_says_it_is_unsure_for_too_few_playouts(lite_client: TestClient) -> None:
    gid, token, mine = seat_to_act(lite_client, "doubt-gravity", 5)
    doc = ask(lite_client, gid, token, "seconds=0.01&top=3")
    assert doc["unsure"] is True and isinstance(doc["samples"], int)
    assert doc["samples"] < FEW
    assert plain(doc["reason"]).startswith(f"too few playouts: {doc['samples']} behind the best move")
    words = {a["id"]: a["description"] for a in mine["legal_actions"]}
    for hint in doc["hints"]:
        assert hint["description"] == words[hint["id"]]  # the board's words, as the move list says them
        assert hint["low"] <= hint["chance"] <= hint["high"]
        assert SAYS.match(plain(hint["says"])), hint["says"]  # a figure never stands without its range
    assert doc["hints"][0]["samples"] == doc["samples"]
    # the hint is budgeted in work, the seconds only cap it: the head says what the search did
    assert re.fullmatch(r"a search of what you can see: [\d,]+( of its [\d,]+)? (playouts|iterations)", doc["searched"])
    # and who the chances assume plays on: the calibration's players, hard here and medium elsewhere
    assert (
        doc["assumes"]
        == "The chances assume you play on as the hard bot would, against players as strong as the medium bot."
    )


def test_the_hint_head_reports_the_work_done_not_the_time_cap() -> None:
    names = {3: ("p3", "play 3")}
    full = Advice([(3, 0.6)], 900, False, "", (900,), None, unit="iterations", budget=1300, done=1300)
    cut = Advice([(3, 0.6)], 90, True, "stopped", (90,), None, unit="playouts", budget=660, done=120)
    assert (
        hint_words(full, names, seconds=1.0).to_json()["searched"] == "a search of what you can see: 1,300 iterations"
    )
    assert hint_words(cut, names, seconds=1.0).searched == "a search of what you can see: 120 of its 660 playouts"
    bare = hint_words(Advice([(3, 0.6)], 900, False, "", (900,), None), names, seconds=2.0)
    assert plain(bare.searched) == "a search of what you can see, up to 2 s"


def test_a_close_call_names_both_moves(lite_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    gid, token, mine = seat_to_act(lite_client, "comparison-gravity", 9)
    legal = [a["id"] for a in mine["legal_actions"]]
    codes = {a["id"]: a["text"] for a in mine["legal_actions"]}
    first, second = legal[0], legal[1]

    def close(view_: Any, *, seconds: float, top: int, seed: int) -> Advice:
        return Advice([(first, 0.52), (second, 0.5)], 400, True, "close call", (400, 380), second)

    monkeypatch.setattr(searches, "search_advice", close)
    doc = ask(lite_client, gid, token, "seconds=0.1&top=2")
    assert doc["unsure"] is True and doc["samples"] == 400
    assert doc["reason"].startswith(f"close call between “{codes[first]}” and “{codes[second]}”")
    assert [plain(h["says"]) for h in doc["hints"]] == [
        "about 50 % to win, likely between 40 % and 65 %",
        "about 50 % to win, likely between 40 % and 60 %",
    ]


def test_a_sure_hint_has_no_reason(lite_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    gid, token, mine = seat_to_act(lite_client, "comparison-gravity", 9)
    best = mine["legal_actions"][0]["id"]

    def sure(view_: Any, *, seconds: float, top: int, seed: int) -> Advice:
        return Advice([(best, 0.999)], 5000, False, "", (5000,), None)

    monkeypatch.setattr(searches, "search_advice", sure)
    doc = ask(lite_client, gid, token, "seconds=0.1&top=1")
    assert (doc["unsure"], doc["reason"], doc["samples"]) == (False, "", 5000)
    # even a search of 5000 playouts is not "100 %": the calibration found hints 5-10 points off
    assert plain(doc["hints"][0]["says"]) == "over 95 % to win, likely between 85 % and 100 %"


def test_the_answer_crosses_to_the_worker_process_as_plain_data() -> None:
    said = hint_words(Advice([(3, 0.4)], 12, True, "few", (12,), None), {3: ("p3", "play 3")}, seconds=1.0)
    doc = said.to_json()
    assert pickle.loads(pickle.dumps(doc)) == doc
    assert plain(doc["reason"]) == f"too few playouts: 12 behind the best move in 1 s, {FEW} make a firm figure"
    team = hint_words(Advice([(3, 0.4)], 12, True, "few", (12,), None), {3: ("p3", "play 3")}, seconds=1, team=True)
    assert plain(team.hints[0].says).startswith("a rough guess: about 40 % for the team to win, anywhere between")
    assert team.assumes == "The chances assume the whole team plays on as the hard bot would."


@pytest.mark.parametrize("samples", [1, 5, 29, 30, 300, 30_000])
@pytest.mark.parametrize("chance", [0.0, 0.03, 0.25, 0.5, 0.625, 0.75, 0.97, 1.0])
def test_the_words_never_narrow_the_range(chance: float, samples: int) -> None:
    low, high = chance_range(chance, samples)
    assert low <= chance - MARGIN_FLOOR + 1e-9 or low == 0.0
    assert high >= chance + MARGIN_FLOOR - 1e-9 or high == 1.0
    says = say_chance(chance, low, high, samples)
    assert " %" not in says  # a figure and its % never part at a line break
    says = plain(says)
    m = SAYS.match(says)
    assert m, says
    shown_low, shown_high = int(m.group(5)), int(m.group(6))
    assert bool(m.group(1)) == (samples < FEW) == (m.group(4) == "anywhere")  # few playouts: said rough
    assert shown_low <= low * 100 + 1e-6 and shown_high >= high * 100 - 1e-6  # rounded outward
    assert "100 % to win" not in says and "about 0 %" not in says
    if samples < 30 and 0.25 <= chance <= 0.75:
        assert shown_high - shown_low >= 30  # a few playouts: a wide range, not a firm figure
