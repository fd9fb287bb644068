"""The canonical position format of Comparison × Gravity: ``to_json()["state"]`` both ways.

Documented in docs/games/comparison-gravity.md. Cards are written by spot (``A``, ``B``, ``C``),
every finished round as ``{first, cards, tokens, first_match, winner}`` (results: a seat, -1
level, -2 unresolved).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gravity_games.core.api import JSON, InvalidStateError
from gravity_games.games.gravity_three.state_json import phase_from_name, roll_off_document, roll_off_from_document

from .data import SPOTS
from .state import NO_CARD, PHASE_NAMES, ROUNDS, ComparisonGravityPosition, RoundRecord

# -- JSON -----------------------------------------------------------------------------


def dump(position: ComparisonGravityPosition) -> dict[str, JSON]:
    """The full position as JSON (the ``state`` part of ``to_json``)."""
    return {
        "phase": PHASE_NAMES[position.phase],
        "roll_off": roll_off_document(position.roll_off),
        "roll_off_passes": position.roll_off_passes,
        "lots": list(position.lot_seats),
        "first_player": position.first_player,
        "round_first": position.round_first_player,
        "step": position.acted_this_phase,
        "hands": [list(h) for h in position.hands],
        "cards": [{spot: c[i] for i, spot in enumerate(SPOTS)} for c in position.cards_left],
        "announced": [None if c == NO_CARD else SPOTS[c] for c in position.announced_cards],
        "played": list(position.played_numbers),
        "first_match": position.first_match_result,
        "rounds": [
            {
                "first": r.first_player,
                "cards": [SPOTS[c] for c in r.cards],
                "tokens": list(r.tokens),
                "first_match": r.first_match,
                "winner": r.winner,
            }
            for r in position.rounds
        ],
    }


def load(state: ComparisonGravityPosition, body: Mapping[str, Any]) -> None:
    """Fill a fresh position from a ``state`` document, naming the first thing wrong with it."""
    n = state.players
    state.phase = phase_from_name("comparison-gravity", PHASE_NAMES, body["phase"])
    state.roll_off = roll_off_from_document(body["roll_off"])
    state.roll_off_passes = int(body["roll_off_passes"])
    state.lot_seats = [int(s) for s in body["lots"]]
    state.first_player = int(body["first_player"])
    state.round_first_player = int(body["round_first"])
    state.acted_this_phase = int(body["step"])
    state.hands = [sorted(int(x) for x in h) for h in body["hands"]]
    state.cards_left = [[int(c[spot]) for spot in SPOTS] for c in body["cards"]]
    state.announced_cards = [NO_CARD if c is None else _spot(c) for c in body["announced"]]
    state.played_numbers = [int(x) for x in body["played"]]
    state.first_match_result = int(body["first_match"])
    state.rounds = [
        RoundRecord(
            int(r["first"]),
            [_spot(c) for c in r["cards"]],
            [int(x) for x in r["tokens"]],
            int(r["first_match"]),
            int(r["winner"]),
        )
        for r in body["rounds"]
    ]
    for name, value in (
        ("hands", state.hands),
        ("cards", state.cards_left),
        ("announced", state.announced_cards),
        ("played", state.played_numbers),
    ):
        if len(value) != n:
            raise InvalidStateError(f"comparison-gravity: {name!r} needs one entry per seat ({n})")
    if any(x not in range(1, 6) for h in state.hands for x in h) or any(len(set(h)) != len(h) for h in state.hands):
        raise InvalidStateError("comparison-gravity: a hand holds distinct token numbers 1-5")
    if not -1 <= state.first_player < n or not -1 <= state.round_first_player < n:
        raise InvalidStateError(f"comparison-gravity: seats must lie in 0-{n - 1}")
    if len(state.rounds) > ROUNDS:
        raise InvalidStateError(f"comparison-gravity: at most {ROUNDS} rounds")
    if not 0 <= state.acted_this_phase < n:
        raise InvalidStateError(f"comparison-gravity: 'step' must lie in 0-{n - 1}")
    if any(c < 0 for counts in state.cards_left for c in counts):
        raise InvalidStateError("comparison-gravity: card counts cannot be negative")


def _spot(text: Any) -> int:
    if text not in SPOTS:
        raise InvalidStateError(f"comparison-gravity: {text!r} is not a card; cards are A, B, C")
    return SPOTS.index(text)
