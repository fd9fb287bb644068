"""What the views and ``board.py`` share: words, part keys, info texts, and the status sentences.

Players are named by their colour ("Red"), the viewer is "you"; numbers of things take proper
plurals ("1 round", "2 rounds"). The info texts take every value from the components data (token
masses, spot distances) and say when a value is reconstructed. Both views open with the same
sentences: whose turn it is and what to do, and what just happened (the end of this module).
"""

from __future__ import annotations

from typing import Any

from gravity_games.core.board import InfoCard
from gravity_games.games.gravity_three.board_common import seesaw_info_card, swatch
from gravity_games.games.gravity_three.tokens import COLOUR_LETTERS, COLOUR_NAMES

from .data import load_texts

COLOURS = COLOUR_NAMES
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
    card = load_texts().announcement_card
    words = {
        "spot": spot,
        "place": spot_place(game, spot),
        "distance": f"{seesaw.arms_cm[spot]:g} cm{', reconstructed' if rec else ''}",
        "held": f"{held} {spot} card{'' if held == 1 else 's'}",
    }
    return InfoCard(card.title.format(**words), card.text.format(**words), rec)


def seesaw_info(game: Any) -> InfoCard:
    """The see-saw (distances, from the shared card) and how a match of this game is decided."""
    common = seesaw_info_card(game.components)
    text = f"{common.text} {load_texts().seesaw_match.text}"
    return InfoCard(common.title, text, common.reconstructed)


# -- the status sentences (both views open with them) -------------------------------


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _names(obs: Observation, seats: list[int]) -> str:
    return " and ".join(player_name(obs, s) for s in seats)


def winners_line(obs: Observation) -> str:
    """ "Game over: you win with 3 rounds." / "Game over: Red and you share the win."."""
    winners = obs["revealed"]["winners"]
    rounds = count(obs["rounds_won"][winners[0]], "round")
    if len(winners) > 1:
        return f"Game over: {_names(obs, winners)} share the win ({rounds} each)."
    who = winners[0]
    verb = "win" if who == obs["seat"] else "wins"
    return f"Game over: {player_name(obs, who)} {verb} with {rounds} won."


def winner_banner(obs: Observation) -> str:
    """The end in three words: "You win!", "Red wins!", "Red and you share the win"."""
    winners = obs["revealed"]["winners"]
    if len(winners) > 1:
        return f"{_cap(_names(obs, winners))} share the win"
    who = winners[0]
    return "You win!" if who == obs["seat"] else f"{player_name(obs, who)} wins!"


def status_line(obs: Observation, verb: str = "tap") -> str:
    """Whose turn it is and what they do, in words; on the viewer's turn, how to do it
    (``verb``: "tap" on the board, "choose" in the terminal)."""
    if obs["phase"] == "over":
        return _cap(winners_line(obs))
    if obs["round_first"] is None:
        return "Rolling the die for the first player."
    seat = obs["current_player"]
    spot = obs["announced"][seat]
    if seat == obs["seat"]:
        if obs["phase"] == "announce":
            return f"Your turn: {verb} one of your cards to announce your spot (A, B or C)."
        return f"Your turn: {verb} one of your tokens to place it, face down, on spot {spot}."
    name = player_name(obs, seat)
    if obs["phase"] == "announce":
        return f"{name} is choosing a card."
    return f"{name} is placing a token on spot {spot}."


def _match_line(obs: Observation) -> str:
    """With 3 players, once the first match is decided: who stays and who challenges."""
    first = obs["round_first"]
    third = (first + 2) % 3
    challenger = player_name(obs, third)
    match = obs["first_match"]
    if match == "level":
        verb = "decide" if third == obs["seat"] else "decides"
        return f"First match: level, both tokens left the see-saw; {challenger} alone {verb} the round."
    loser = first if match != first else (first + 1) % 3
    winner = player_name(obs, match)
    return (
        f"First match: {winner} tilted the see-saw down against {player_name(obs, loser)}; "
        f"{challenger} now {'challenge' if third == obs['seat'] else 'challenges'} {winner}."
    )


def _round_result(obs: Observation, index: int) -> str:
    record = obs["rounds"][index]
    winner = record["winner"]
    cards = ", ".join(f"{player_name(obs, s)} {card}" for s, card in enumerate(record["cards"]))
    if winner == "level":
        return f"Round {index + 1}: level, nobody won (cards: {cards})."
    return f"Round {index + 1}: {player_name(obs, winner)} won (cards: {cards})."


def last_round_line(obs: Observation) -> str:
    """What just happened: the first match (3 players), else the last round's result, else who meets whom."""
    if obs["phase"] == "over":
        won = obs["rounds_won"]
        tie = won.count(max(won)) > 1 and len(obs["revealed"]["winners"]) == 1
        totals = ", ".join(f"{player_name(obs, s)} {obs['revealed']['totals'][s]}" for s in range(obs["players"]))
        return f"Totals of the winning tokens: {totals}" + (" (the lower total breaks the tie)." if tie else ".")
    if obs["round_first"] is None:
        return ""
    if obs["players"] == 3 and obs["first_match"] is not None:
        return _cap(_match_line(obs))
    if obs["rounds"] and not any(obs["has_played"]):
        return _cap(_round_result(obs, len(obs["rounds"]) - 1))
    first = obs["round_first"]
    if obs["players"] == 2:
        goes = "go" if first == obs["seat"] else "goes"
        return (
            f"Each player shows a card, then places a token on that spot. {_cap(player_name(obs, first))} {goes} first."
        )
    return (
        f"This round: {player_name(obs, first)} against {player_name(obs, (first + 1) % 3)}, "
        f"then {player_name(obs, (first + 2) % 3)} plays the winner."
    )
