"""Memory × Gravity on its board: taps, descriptions, changed parts, roles, info cards, hidden readings."""

from __future__ import annotations

import re

from gravity_games.core.registry import entry
from gravity_games.games.memory_gravity.board import BOARD
from gravity_games.games.memory_gravity.rules import MemoryGravityState
from gravity_games.games.memory_gravity.state import Lift

from .memory_helpers import memory_state, play

_PART = re.compile(r'data-part="([^"]+)"')
_INFO = re.compile(r'data-info="([^"]+)"')


def _svg(state: MemoryGravityState, seat: int | None) -> str:
    view = entry("memory-gravity").svg_view
    assert view is not None
    return view(state.observation(seat), state.game)


def _text(state: MemoryGravityState, seat: int | None) -> str:
    view = entry("memory-gravity").text_view
    assert view is not None
    return view(state.observation(seat), state.game)


def _moves(state: MemoryGravityState, seat: int) -> dict[str, tuple[tuple[str, ...], str, bool]]:
    legal = [(a, state.action_to_string(a)) for a in state.legal_actions()]
    moves = BOARD.board_moves(state.observation(seat), state.game, legal)
    return {state.action_to_string(m.action): (m.parts, m.description, m.confirm) for m in moves}


def test_a_lift_is_a_tap_on_the_token_and_says_what_the_seat_felt_before() -> None:
    """Turn 2: seat 1 lifted K3 on turn 1 and felt 16 g; K3 is its first lift now (the same colour
    again is ruled out only within a turn), a tap on the token, no confirmation."""
    state = memory_state(2, turn=1, lifts=[[1, "K3", -1]], kept=[["G1"], []])
    first = state.lifts[0]
    exact_three = state.settings.perception.exact_levels[2]  # the exact reading of a 3
    state.lifts[0] = Lift(first.seat, first.token, exact_three)
    moves = _moves(state, 1)
    assert moves["lift K3"] == (("token:K3",), "lift black token K3 and feel its weight (you felt 16.0 g)", False)
    assert moves["lift R5"] == (("token:R5",), "lift red token R5 and feel its weight", False)
    assert "lift G1" not in moves  # kept by seat 0: off the table
    assert set(moves) == {f"lift {t}" for t in ("K1", "K2", "K3", "K4", "K5", "G2", "G3", "G4", "G5")} | {
        f"lift R{n}" for n in range(1, 6)
    }


def test_keeping_taps_one_of_the_three_lifted_tokens_and_asks_to_confirm() -> None:
    """Seat 0 keeps black already: of K2, G4 and R1 lifted this turn only G4 and R1 can be kept."""
    state = memory_state(2, turn=2, kept=[["K5"], ["G3"]])
    play(state, "lift K2", "lift G4", "lift R1")
    moves = _moves(state, 0)
    assert moves == {
        "keep G4": (("token:G4",), "keep grey token G4 (you felt 19.0 g): it stays face down in front of you", True),
        "keep R1": (("token:R1",), "keep red token R1 (you felt 10.0 g): it stays face down in front of you", True),
    }
    svg = _svg(state, 0)
    assert svg.count('data-part="token:K2"') == 1  # drawn (lifted, not keepable), never twice
    for tid in ("K2", "G4", "R1"):
        assert re.search(rf'data-part="token:{tid}"[^>]*aria-label="[^"]*lifted (1st|2nd|3rd) this turn', svg)
    assert "Keep one: grey or red." in svg


def test_every_token_is_drawn_once_wherever_it_lies() -> None:
    state = memory_state(3, turn=4, kept=[["K1", "G2"], ["R3"], ["G5"]])
    play(state, "lift R1", "lift K2")
    for seat in (0, 1, 2, None):
        parts = _PART.findall(_svg(state, seat))
        assert sorted(parts) == sorted(f"token:{c}{n}" for c in "KGR" for n in range(1, 6))


def test_changed_parts_after_a_lift_and_a_keep() -> None:
    state = memory_state(2)
    play(state, "lift K3")
    before = {s: state.observation(s) for s in (0, 1)}
    play(state, "lift G1")
    assert BOARD.changed_parts(before[0], state.observation(0), state.game) == ["token:G1"]
    assert BOARD.changed_parts(before[1], state.observation(1), state.game) == ["token:G1"]
    play(state, "lift R2")
    before = {s: state.observation(s) for s in (0, 1)}
    play(state, "keep R2")
    # R2 moved to seat 0's tray; K3 and G1 lost their lift order (they are put back).
    assert BOARD.changed_parts(before[1], state.observation(1), state.game) == ["token:G1", "token:K3", "token:R2"]


def test_readings_stay_with_the_lifter_on_every_view() -> None:
    state = memory_state(2, perception="hard")
    play(state, "lift G2")
    level = state.chance_outcomes()[-1][0]
    state.apply_action(level)
    felt = f"{state.settings.perception.reading_grams(level):.1f} g"
    assert felt in _svg(state, 0)
    for seat in (1, None):
        assert felt not in _svg(state, seat) and felt not in _text(state, seat)
        legal = [(a, state.action_to_string(a)) for a in state.legal_actions()]
        assert all(felt not in m.description for m in BOARD.board_moves(state.observation(seat), state.game, legal))
    # Who lifted is public: seat 1 sees a badge and words saying seat 0 lifted G2.
    assert re.search(r'data-part="token:G2"[^>]*aria-label="[^"]*lifted by Seat 0', _svg(state, 1))


def test_numbers_appear_only_at_the_end() -> None:
    numbers = [3, 1, 2, 4, 5, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5]
    state = memory_state(2, numbers=numbers, turn=5, kept=[["K1", "G1", "R1"], ["K2", "G2"]])
    play(state, "lift R5", "lift K3", "lift R4")
    svg = _svg(state, 1)
    assert not re.search(r"number \d", svg) and "Three-Digit" not in svg
    play(state, "keep R5")
    end = _svg(state, 0)
    assert 'aria-label="black token K1, kept by you: number 3"' in end
    assert 'aria-label="red token R5, kept by Seat 1: number 5"' in end
    assert "531: Three-Digit Numbers" in end and "541: Three-Digit Numbers" in end and "★ wins" in end
    roles = BOARD.seat_roles(state.observation(0), state.game)
    assert roles[1].public == ("reveals 541 (three-digit numbers)", "wins")
    assert roles[0].public == ("reveals 531 (three-digit numbers)",)


def test_seat_roles_name_the_turn_order_and_what_is_kept() -> None:
    state = memory_state(3, first=1, turn=3, kept=[["K1"], ["G2"], ["R4"]])
    play(state, "lift R1")
    roles = BOARD.seat_roles(state.observation(2), state.game)
    assert [r.role for r in roles] == ["third player", "first player", "second player"]
    assert roles[0].public == ("keeps 1 token: black token K1",)
    assert roles[1].public == ("keeps 1 token: grey token G2", "lifting: 2 tokens to go")
    assert roles[2].public == ("keeps 1 token: red token R4",)
    start = memory_state(3, first=1)
    assert BOARD.seat_roles(start.observation(0), start.game)[2].public == ("keeps no token yet",)
    state = memory_state(2, turn=4, kept=[["K1", "G3"], ["G2", "R2"]])
    assert BOARD.seat_roles(state.observation(0), state.game)[0].public[0] == (
        "keeps 2 tokens: black token K1 and grey token G3"
    )


def test_info_cards_cover_every_info_key_and_mark_the_reconstructed() -> None:
    state = memory_state(2, turn=6, kept=[["K1", "G1", "R1"], ["K2", "G2", "R2"]], phase="over")
    for probe in (memory_state(2), state):
        svg = _svg(probe, 0)
        cards = BOARD.info_cards(probe.observation(0), probe.game)
        assert set(_INFO.findall(svg)) <= set(cards)
    assert cards["mass:?"].reconstructed and "(reconstructed)" in cards["mass:?"].text
    assert cards["mass:3"].text.startswith("A token numbered 3 weighs 16 g")
    assert cards["perception"].reconstructed and "(reconstructed)" in cards["perception"].text
    reference = cards["reference"]
    assert not reference.reconstructed
    assert (
        "1. Identical Numbers: 111, 555, 444, 333, 222" in reference.text and "555 is beaten by 111" in reference.text
    )


def test_glossary_explains_every_move_and_log_form() -> None:
    state = memory_state(2)
    meanings = dict(BOARD.glossary(state.game))
    verbs = {state.action_to_string(a).split()[0] for a in state.legal_actions()}
    play(state, "lift K1", "lift G1", "lift R1")
    verbs |= {state.action_to_string(a).split()[0] for a in state.legal_actions()}
    assert verbs == {"lift", "keep"}
    for verb in verbs:
        assert any(key.startswith(verb + " ") for key in meanings), verb
    assert "K1-K5" in meanings and "says nothing about the number" in meanings["K1-K5"]


def test_terminal_view_speaks_in_words_with_proper_plurals() -> None:
    state = memory_state(3, turn=4, kept=[["K1", "G2"], ["R3"], ["G5"]])
    play(state, "lift R1", "lift K2")
    state.lifts[:0] = [Lift(2, 10, 0), Lift(2, 10, 0)]  # seat 2 lifted R1 twice on earlier turns (public)
    text = _text(state, 0)
    assert "Seat 0 (you), first player: keeps 2 tokens: black K1 and grey G2" in text
    assert "Seat 1, second player: keeps 1 token: red R3" in text
    assert "Seat 1 has lifted K2, R1." in text and "Seat 2 has lifted R1 (twice)." in text
    assert "token(s)" not in text and "win(s)" not in text and "_" not in text
    mine = _text(state, 1)
    assert "Your turn" in mine and "Lift a token of any colour but black." in mine


def test_the_viewers_tray_comes_first_and_is_its_hand() -> None:
    """On a phone the left of the board is in sight: the viewer's tray is there, marked as its hand."""
    state = memory_state(3, turn=1, kept=[["K1"], [], []])
    svg = _svg(state, 2)
    headings = re.findall(r'<text x="([0-9.]+)" y="[0-9.]+" font-size="16"[^>]*>(Seat \d[^<]*)</text>', svg)
    assert [name for _, name in sorted(headings, key=lambda h: float(h[0]))] == ["Seat 2 (you)", "Seat 0", "Seat 1"]
    hand = svg[svg.index('<g data-region="hand">') :]
    assert hand.index("Seat 2 (you)") < hand.index("</g>")
    assert svg.count('data-region="hand"') == 1 and 'data-region="hand"' not in _svg(state, None)
