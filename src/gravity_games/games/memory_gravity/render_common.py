"""What the views and the board hooks of Memory × Gravity read from one seat's observation.

Every function here takes an observation (never a state), so a view built on them shows only
what that seat may see: the public tokens, lifts and keeps, and the seat's own readings.
"""

from __future__ import annotations

from typing import Any

from gravity_games.games.gravity_three.tokens import COLOUR_LETTERS, COLOUR_NAMES

from .state import LIFTS_PER_TURN, TURNS_PER_PLAYER

Observation = dict[str, Any]

COLOURS = COLOUR_NAMES
LETTER_COLOUR = dict(zip(COLOUR_LETTERS, COLOUR_NAMES, strict=True))
ORDINALS = ("1st", "2nd", "3rd")


def colour_of(token_id: str) -> str:
    """The colour of a public token id: ``"K3"`` -> ``"black"``."""
    return LETTER_COLOUR[token_id[0]]


def token_words(token_id: str) -> str:
    """A token in words, with the id printed on it: ``"black token K3"``."""
    return f"{colour_of(token_id)} token {token_id}"


def plural(count: int, word: str, many: str | None = None) -> str:
    """``plural(1, "token")`` -> ``"1 token"``, ``plural(2, "token")`` -> ``"2 tokens"``."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def and_list(items: list[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def seat_words(obs: Observation, seat: int) -> str:
    """``"you"`` for the viewing seat, else ``"Seat 1"``."""
    return "you" if seat == obs.get("seat") else f"Seat {seat}"


def readings_by_token(obs: Observation) -> dict[str, list[float]]:
    """The viewing seat's own readings (grams) of each token, oldest first."""
    found: dict[str, list[float]] = {}
    for reading in obs.get("readings", {}).get("lifts", []):
        found.setdefault(reading["token"], []).append(reading["grams"])
    return found


def lifters_by_token(obs: Observation) -> dict[str, list[int]]:
    """Who lifted each token so far (public: everybody watches), one entry per lift."""
    found: dict[str, list[int]] = {}
    for lift in obs["lifts"]:
        found.setdefault(lift["token"], []).append(lift["seat"])
    return found


def grams_text(grams: float) -> str:
    return f"{grams:.1f} g"


def lifts_left(obs: Observation) -> int:
    return LIFTS_PER_TURN - len(obs["this_turn"])


def kept_colours(obs: Observation, seat: int) -> list[str]:
    return [colour_of(t) for t in obs["kept"][seat]]


def turn_order(obs: Observation, seat: int) -> int | None:
    """0 for the first player, 1 for the next one clockwise ..., None before the roll-off ends."""
    first = obs.get("first_player")
    if first is None:
        return None
    return (seat - int(first)) % int(obs["players"])


def next_step_hint(obs: Observation, *, board: bool = True) -> str:
    """What the seat to act may do next, in words (the rules of a turn): short enough for the
    board's side panel, or for the terminal (``board=False``), where moves are typed."""
    wanted = [c for c in COLOURS if c not in kept_colours(obs, obs["seat"])]
    if obs["phase"] == "keep":
        if len(wanted) == len(COLOURS):
            return "Tap one to keep it." if board else "Keep one of the three tokens you lifted."
        colours = " or ".join(wanted)
        return f"Keep one: {colours}." if board else f"Keep one of the tokens you lifted: {colours}."
    if obs["this_turn"]:
        last = colour_of(obs["this_turn"][-1])
        return f"Next: any colour but {last}." if board else f"Lift a token of any colour but {last}."
    return "Tap a token to lift it." if board else "Lift any token on the table."


def status_line(obs: Observation) -> str:
    """One sentence: whose turn, what step, or the result."""
    phase = obs["phase"]
    if phase == "over":
        winners = obs["revealed"]["winners"]
        names = and_list([seat_words(obs, s) for s in winners])
        if len(winners) == 1:
            return "Game over: you win!" if winners[0] == obs.get("seat") else f"Game over: {names} wins."
        return f"Game over: {names} share the win."
    if obs["turn_seat"] is None:
        return "Setting up: the tokens are shuffled and the die decides who goes first."
    total = TURNS_PER_PLAYER * obs["players"]
    mine = obs["turn_seat"] == obs.get("seat")
    who = "Your turn" if mine else f"Seat {obs['turn_seat']}'s turn"
    if phase == "keep":
        step = "keep one of the lifted tokens" if mine else "keeping one of the lifted tokens"
    else:
        left = lifts_left(obs)
        more = f"{left} more {'token' if left == 1 else 'tokens'}"
        step = f"lift {more}" if mine else f"lifting, {more} to go"
    return f"Turn {obs['turn'] + 1} of {total}: {who}, {step}."
