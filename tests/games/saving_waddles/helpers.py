"""Building Saving Waddles positions from explicit JSON bodies for rule tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gravity_games import load
from gravity_games.games.saving_waddles.rules import SavingWaddlesGame, SavingWaddlesState

EXAMPLES = Path(__file__).parent / "examples"

# Track positions of the packaged reconstruction (path card k in place k): see the docs, "Track".
WADDLES_POINTER, NUMBER_POSITIONS = 39, {1: 43, 2: 44, 3: 46, 4: 52, 5: 53, 6: 59}
TOTEM, VICTORY = 64, 68

HELP_MIX = [3, 5, 6, 4, 3]
MISCHIEF_MIX = [5, 3, 4, 3, 3, 3]


def make_game(heroes: tuple[str, ...] = ("stan", "dipper"), **params: Any) -> SavingWaddlesGame:
    return load("saving-waddles", players=len(heroes), heroes=heroes, **params)  # type: ignore[return-value]


def body(game: SavingWaddlesGame, **fields: Any) -> dict[str, Any]:
    """A mid-game body: path cards 0-6 in slots 0-6 (first three face up), Hut card 0 face down,
    every token on the start, full decks, nobody holding cards, seat 0 about to roll."""
    n = game.players
    simple = game.simple
    b: dict[str, Any] = {
        "slots": list(range(7)),
        "slot_up": [True] * 7 if simple else [True, True, True, False, False, False, False],
        "hut": -1 if simple else 0,
        "hut_up": False,
        "heroes": [["wendy", "dipper", "soos", "mabel", "stan"].index(h) for h in game.params["heroes"]],
        "pos": [0] * n,
        "lying": [False] * n,
        "waddles": -1,
        "carrier": -1,
        "hands": [[0] * 5 for _ in range(n)],
        "help_deck": [0] * 5 if simple else list(HELP_MIX),
        "help_discard": [0] * 5,
        "mischief_deck": [0] * 6 if simple else list(MISCHIEF_MIX),
        "mischief_discard": [0] * 6,
        "front": [[] for _ in range(n)],
        "turn": 0,
        "turns_taken": 5,
        "steps": 30,
        "phase": "roll",
        "die": 0,
        "roll_for": "move",
        "mabel_used": False,
        "help_plus": 0,
        "pending_mischief": 0,
        "pending_help": 0,
        "extra_turns": 0,
        "carried_steps": 0,
        "draw_hidden": False,
        "discard_for": 0,
        "stage": 0,
        "winner": -1,
        "reason": "",
    }
    b.update(fields)
    return b


def state(game: SavingWaddlesGame, **fields: Any) -> SavingWaddlesState:
    doc = {"game": game.ID, "version": game.VERSION, "players": game.players, "state": body(game, **fields)}
    return game.state_from_json(doc)  # type: ignore[return-value]


def give(hand: dict[str, int], game: SavingWaddlesGame, seat: int, fields: dict[str, Any]) -> None:
    """Move help cards from the deck into ``seat``'s hand inside ``fields`` (keeps the mix whole)."""
    from gravity_games.games.saving_waddles.data import HELP_KINDS

    b = body(game, **fields)
    for name, count in hand.items():
        k = HELP_KINDS.index(name)
        b["hands"][seat][k] += count
        b["help_deck"][k] -= count
    fields.update(hands=b["hands"], help_deck=b["help_deck"])


def play(st: SavingWaddlesState, *moves: str) -> None:
    for move in moves:
        st.apply_action(st.string_to_action(move))


def load_example(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / name).read_text())


def lay(kinds: list[int], game: SavingWaddlesGame, seat: int, fields: dict[str, Any]) -> None:
    """Put mischief cards (kind ids; +8 = face down unseen) in front of ``seat``, taken from the deck."""
    b = body(game, **fields)
    for code in kinds:
        b["front"][seat].append(code)
        b["mischief_deck"][code % 8] -= 1
    fields.update(front=b["front"], mischief_deck=b["mischief_deck"])
