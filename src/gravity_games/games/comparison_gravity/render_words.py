"""Words and keys shared by the views and ``board.py``: player names, plurals, part keys, info texts.

Players are named by their colour ("Red"), the viewer is "you"; numbers of things take proper
plurals ("1 round", "2 rounds"). The info texts take every value from the components data (token
masses, spot distances) and say when a value is reconstructed.
"""

from __future__ import annotations

from typing import Any

from gravity_games.core.board import InfoCard
from gravity_games.games.gravity_three import COLOUR_LETTERS
from gravity_games.games.gravity_three.board_common import seesaw_info_card, swatch

COLOURS = ("black", "grey", "red")
"""The component colours in the order of ``COLOUR_LETTERS`` (K, G, R)."""
INK = {name: swatch(name).fill for name in COLOURS}
"""The body colour of each token colour (the shared Gravity Three swatches)."""
SPOTS = ("A", "B", "C")
SIDES = ("left", "right")
"""Drawn sides of the see-saw: the first player's side (observation side 0) is on the left."""

Observation = dict[str, Any]


def count(n: int, noun: str) -> str:
    """``count(1, "token")`` is "1 token", ``count(3, "round")`` "3 rounds"."""
    return f"{n} {noun}" if n == 1 or noun == "more" else f"{n} {noun}s"


def colour_letter(colour: str) -> str:
    return COLOUR_LETTERS[COLOURS.index(colour)]


def player_name(obs: Observation, seat: int, *, you: bool = True) -> str:
    """The colour of a seat ("Red"), or "you" for the viewer when ``you``."""
    if you and seat == obs["seat"]:
        return "you"
    return str(obs["colours"][seat]).capitalize()


def player_label(obs: Observation, seat: int) -> str:
    """A heading for a seat: "Red · seat 1", "You · black · seat 0"."""
    colour = obs["colours"][seat]
    if seat == obs["seat"]:
        return f"You · {colour} · seat {seat}"
    return f"{colour.capitalize()} · seat {seat}"


def token_key(obs: Observation, seat: int, number: int) -> str:
    """The part key of a seat's token: ``token:R4`` for the red 4."""
    return f"token:{colour_letter(obs['colours'][seat])}{number}"


def spot_key(token: dict[str, Any]) -> str:
    """The part key of the spot a see-saw token stands on: ``spot:left-B``."""
    return f"spot:{SIDES[token['side']]}-{token['spot']}"


def side_of_seat(obs: Observation, seat: int) -> str | None:
    """The drawn side a seat plays on this round (see :func:`side_owners`); None while it waits."""
    owners = side_owners(obs)
    return SIDES[owners.index(seat)] if seat in owners else None


def side_owners(obs: Observation) -> list[int | None]:
    """Who plays on the left and the right side this round (None: nobody yet).

    With 3 players the third player takes the side the first match's loser left (the right side
    when the first match was level and both tokens left)."""
    first = obs["round_first"]
    if first is None:
        return [None, None]
    n = obs["players"]
    left = (first + 1) % n
    if n == 2 or obs["first_match"] is None:
        return [first, left]
    third = (first + 2) % n
    match = obs["first_match"]
    if match == "level":
        return [None, third]
    return [match, third] if match == first else [third, match]


def waiting_seat(obs: Observation) -> int | None:
    """With 3 players, before the first match is decided: the third player, who waits."""
    first = obs["round_first"]
    if first is None or obs["players"] == 2 or obs["first_match"] is not None:
        return None
    return (int(first) + 2) % 3


def _reconstructed(component: Any) -> bool:
    return getattr(component, "source", None) == "reconstructed"


def spot_place(game: Any, spot: str) -> str:
    """Where a spot lies, from the data's distances: "the nearest to the middle", "halfway out"..."""
    arms = game.components.seesaw.arms_cm
    order = sorted(arms, key=arms.__getitem__)
    return ("the nearest to the middle", "halfway out", "the farthest out")[order.index(spot)]


def card_info(game: Any, spot: str) -> InfoCard:
    """An Announcement Card: which spot it names, how far out, and how many each player holds."""
    seesaw = game.components.seesaw
    held = seesaw.cards.count(spot)
    rec = _reconstructed(seesaw)
    text = (
        f"Shows the see-saw spot where your token goes this round: spot {spot}, {spot_place(game, spot)} "
        f"({seesaw.arms_cm[spot]:g} cm{', reconstructed' if rec else ''}). Farther out pushes harder: "
        f"weight × distance decides. Each player starts with {held} {spot} card{'' if held == 1 else 's'}; "
        "a shown card is used up."
    )
    return InfoCard(f"Announcement Card {spot}", text, rec)


def seesaw_info(game: Any) -> InfoCard:
    """The see-saw (distances, from the shared card) and how a match of this game is decided."""
    common = seesaw_info_card(game.components)
    text = (
        f"{common.text} The side that pushes down harder tilts the see-saw down and wins the match; "
        "equal pushes leave it level, and nobody wins that match. With 3 players, the winner of the "
        "first match stays on the see-saw and the third player challenges it."
    )
    return InfoCard(common.title, text, common.reconstructed)
