"""How the skeleton game is played on its drawn board (the board contract, ``core/board.py``).

Every decision is one tap on a token of the seat's hand: the part ``token:<name>``
(``token:T3``). A token keeps its key wherever it is drawn (hand, table, a finished round, the
bag at the end), so ``changed_parts`` can name it after it moved. The die is the part ``die``.
Everything here reads the seat's observation only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gravity_games.core.board import BoardHooks, BoardMove, InfoCard, SeatRole, changed_by_comparison

from .data import load_components

Observation = dict[str, Any]

DIE_PART = "die"
INFO_DIE = "die"
INFO_RULES = "rules"
SEAT_ROLES = ("Red", "Blue")
SEAT_SWATCHES = ("#c0392b", "#2471a3")
SEAT_MARKS = ("circle", "square")


def plural(count: int, word: str) -> str:
    """``1 token``, ``2 tokens``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def token_part(name: str) -> str:
    """The part key of a token: ``token:T3``."""
    return f"token:{name}"


def board_moves(obs: Observation, game: Any, legal: Sequence[tuple[int, str]]) -> list[BoardMove]:
    """One tap per move: the token to play (notation ``play T3``)."""
    values = {str(entry["token"]): int(entry["value"]) for entry in obs.get("hand", [])}
    moves = []
    for action, notation in legal:
        name = notation.partition(" ")[2]
        moves.append(BoardMove(action, (token_part(name),), f"play {name} (value {values[name]}) face up"))
    return moves


def part_looks(obs: Observation) -> dict[str, Any]:
    """What each drawn part shows: where each token the seat sees lies, and the die's face."""
    looks: dict[str, Any] = {DIE_PART: obs["die"]}
    for entry in obs.get("hand", []):
        looks[token_part(entry["token"])] = "hand"
    for play in obs["table"]:
        looks[token_part(play["token"])] = f"table {play['seat']}"
    for number, result in enumerate(obs["finished_rounds"]):
        for play in result["plays"]:
            looks[token_part(play["token"])] = f"round {number} {play['seat']}"
    for entry in obs.get("bag", []):
        looks[token_part(entry["token"])] = "bag"
    return looks


def changed_parts(before: Observation, after: Observation, _game: Any) -> list[str]:
    """The tokens that moved and the die, if its face changed."""
    return changed_by_comparison(part_looks(before), part_looks(after))


def seat_roles(obs: Observation, _game: Any) -> list[SeatRole]:
    """Each seat is a numbered player with a colour and a mark; everyone sees counts and rounds."""
    return [
        SeatRole(
            role=SEAT_ROLES[seat % len(SEAT_ROLES)],
            swatch=SEAT_SWATCHES[seat % len(SEAT_SWATCHES)],
            mark=SEAT_MARKS[seat % len(SEAT_MARKS)],
            public=(
                f"{plural(int(obs['hand_counts'][seat]), 'token')} in hand",
                f"{plural(int(obs['rounds_won'][seat]), 'round')} taken",
            ),
            info=INFO_RULES,
        )
        for seat in range(int(obs["players"]))
    ]


def info_cards(_obs: Observation, game: Any) -> dict[str, InfoCard]:
    """The die (its faces are reconstructed) and the rules in short."""
    components = load_components(game.params["data"])
    die = components.die
    faces = ", ".join(str(face) for face in die.faces)
    return {
        INFO_DIE: InfoCard(
            "The die",
            f"Rolled at the start of every round, for everyone to see. Faces: {faces}.",
            reconstructed=die.source == "reconstructed",
        ),
        INFO_RULES: InfoCard(
            "How to play",
            f"Each player is dealt {components.deal.hand_size} tokens. Every round the die is rolled and both "
            "play a token face up; the token closest to the die takes the round (at equal distance the "
            "higher one). Whoever takes the most rounds wins.",
        ),
    }


def glossary(_game: Any) -> list[tuple[str, str]]:
    """The notation in words."""
    return [
        ("play T3", "put your token T3 face up on the table"),
        ("roll 4", "the round's die shows 4"),
        ("deal T3", "token T3 is dealt face down to the next player"),
    ]


BOARD = BoardHooks(
    board_moves=board_moves,
    changed_parts=changed_parts,
    seat_roles=seat_roles,
    info_cards=info_cards,
    glossary=glossary,
)
