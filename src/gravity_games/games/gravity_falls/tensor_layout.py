"""The named parts of the gravity-falls observation tensor (see ``observation.encode``).

The order and sizes follow the encoder slot by slot (``observation.tensor_size`` is their sum);
``tests/interop/test_tensor_layout.py`` checks that they add up and that one-hot parts and
flags hold only 0s and 1s along real games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gravity_games.core.api import TensorPart, tensor_layout

if TYPE_CHECKING:
    from gravity_games.core.api import Game

Part = tuple[str, int, str, str]


def observation_tensor_layout(game: Game) -> tuple[TensorPart, ...]:
    """Locations, monsters, characters, the movement cards, curses, alarm, dice, the turn, own hand."""
    from .state import TASK_NAMES

    g: Any = getattr(game, "rule_tables")
    tb = g.tables
    n = g.n_loc
    k = len(tb.curse_kinds)
    curses = ", ".join(tb.curse_kinds)
    parts: list[Part] = []
    for i in range(n):
        parts += [
            (f"location[{i}].support", 1, "scaled", "support at this location (board order) / 10"),
            (f"location[{i}].distrust", 1, "scaled", "distrust there / 10"),
            (f"location[{i}].die", 1, "flags", "a die lies there"),
            (f"location[{i}].monsters", 3, "flags", "monsters 1-3 there"),
            (f"location[{i}].characters", 5, "flags", "the characters of seats 0-4 there"),
        ]
    for m in range(3):
        parts += [
            (f"monster[{m}].name", 9, "one-hot", "which monster"),
            (f"monster[{m}].defeated", 1, "flags", "defeated"),
            (f"monster[{m}].on_board", 1, "flags", "on the board"),
        ]
    for s in range(5):
        parts += [
            (f"character[{s}].present", 1, "flags", "this seat plays"),
            (f"character[{s}].name", 5, "one-hot", "its character"),
            (f"character[{s}].curses", k, "flags", f"its curses: {curses}"),
            (f"character[{s}].new_curses", k, "flags", "its curses new this turn"),
            (f"character[{s}].hand_size", 1, "scaled", "action cards in hand / 6"),
            (f"character[{s}].deck_size", 1, "scaled", "action cards in its deck / 6"),
            (f"character[{s}].discard", 6, "flags", "its discarded action cards"),
        ]
    parts += [(f"revealed[{i}]", g.n_cards, "one-hot", "a revealed movement card") for i in range(3)]
    parts += [
        ("movement_discard", g.n_cards, "scaled", "movement cards discarded, by card (counts)"),
        ("movement_deck_size", 1, "scaled", "movement deck size / movement cards"),
        ("events_in_game", len(tb.event_cards), "flags", "event cards shuffled into the movement deck"),
        ("curse_deck_size", 1, "scaled", "curse deck size / 18"),
        ("curse_discard", k, "scaled", f"curse discard by kind / 3: {curses}"),
        ("alarm.level", 1, "scaled", "alarm level / the bus space"),
        ("alarm.capacity_two", 1, "flags", "the revealed capacity is 2"),
        ("alarm.curse_passed", 1, "flags", "the alarm reached the curse space"),
        ("supply", 1, "scaled", "courage dice in the supply / all"),
        ("roll", 3, "scaled", "the three dice rolled / 7"),
        ("extra_dice", 1, "scaled", "extra dice / 10"),
        ("card_played", 8, "one-hot", "the action card played: six cards, rest, or none"),
        ("event", len(tb.event_effects), "one-hot", "the event in effect"),
        ("event_present", 1, "flags", "an event is in effect"),
        ("event_used", 1, "flags", "the event was used"),
        ("route.position", n, "one-hot", "the moving piece's location on its route"),
        ("route.left", 1, "scaled", "steps left / 4"),
        ("route.roads_used", len(tb.data.roads), "flags", "roads used on this route"),
        ("prompt.task", len(TASK_NAMES), "one-hot", "the task being asked"),
        ("prompt.seat", 6, "one-hot", "who is asked: the table, then seats 0-4"),
        ("prompt.xy", 2, "scaled", "the task's two arguments / 32"),
        ("active", 5, "one-hot", "the active seat"),
        ("turn", 1, "scaled", "turn / 200"),
        ("result", 4, "one-hot", "the result so far"),
        ("variant_standard", 1, "flags", "the standard (not simplified) rules"),
        ("hand.cards", 6, "flags", "own action cards"),
        ("hand.present", 1, "flags", "the view has a hand (not the spectator)"),
        ("current_player", 7, "one-hot", "terminal, chance, then seats 0-4"),
    ]
    return tensor_layout(parts)
