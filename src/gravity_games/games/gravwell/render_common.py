"""Gravwell in words a player knows, shared by the terminal view, the SVG board and board.py.

Everything here reads the game's data (card values and beam types, ship abilities, the texts of
``data/texts.toml``) and one seat's observation; nothing reads a state.
"""

from __future__ import annotations

from typing import Any

from gravity_games.core.api import Game
from gravity_games.games.gravwell.data import Ability, Card, GravwellData, Ship, load_data
from gravity_games.games.gravwell.state import STAGE_ACTIVITY

STACK_LETTERS = "ABCDEFGHIJKL"
"""Mining stacks are named by letter, as in the notation (``stack A``)."""

LETTERS = {"Rayken": "R", "RC71": "7", "T'Rang": "T", "Lehamarn": "L", "The Champion": "C", "Gracie": "G"}
"""The one-character mark of each ship on the track (colour is never the only cue)."""

WAITING = STAGE_ACTIVITY
"""What the seat to act is doing, by step of the game (the observation's ``stage``): from tables."""

YOUR_TURN = {
    "ship": "choose your ship.",
    "gate": "choose your starting Warp Gate.",
    "mine": "pick a mining stack; its three cards join your hand.",
    "dir": "choose the mining direction: who mines after you.",
    "choose": "choose the Fuel Card you play this phase (hidden until all have chosen).",
    "reveal": "the cards are revealed: use an ability now, or pass.",
    "preact": "Preact: choose the card you play instead.",
    "own": "your card resolves now: use an ability on it, or go on.",
    "trim": "Precision: move one space fewer or one more.",
    "response": "another ship's card resolves: answer it with an ability, or pass.",
    "drag": "choose which ship your beam drags out of the Warp Gate next.",
    "charge": "end of the round: charge one Ship Ability Card for the next round.",
}
"""What the seat to act is asked to do, by step of the game."""


def data_of(game: Game) -> GravwellData:
    """The game's components (the packaged ones for a game object without them)."""
    data = getattr(game, "data", None)
    return data if isinstance(data, GravwellData) else load_data(None)


def card_of(game: Game, symbol: str) -> Card | None:
    return next((c for c in data_of(game).cards if c.symbol == symbol), None)


def beam_name(game: Game, card_type: str, short: bool = True) -> str:
    """ "Multipoint Repulsor" (short) or "Multipoint Repulsor Beam"; the data's names."""
    beam = data_of(game).texts.beam(card_type)
    return beam.short if short else beam.name


def card_words(game: Game, symbol: str) -> str:
    """A Fuel Card as every player reads it: symbol, value and beam type ("Xe 4 Multipoint Repulsor")."""
    card = card_of(game, symbol)
    if card is None:
        return symbol
    return f"{symbol} {card.value} {beam_name(game, card.type)}"


def card_title(game: Game, symbol: str) -> str:
    """ "Xenon (Xe)": the element name and its symbol."""
    card = card_of(game, symbol)
    return f"{card.name} ({symbol})" if card is not None else symbol


def ship_data(game: Game, name: str | None) -> Ship | None:
    return next((s for s in data_of(game).ships if s.name == name), None)


def ship_colour(game: Game, name: str | None) -> str:
    ship = ship_data(game, name)
    return ship.colour if ship is not None else "#8a8f9e"


def ship_letter(ship: dict[str, Any]) -> str:
    """The ship's one-character mark on the track (the seat number before it has a ship)."""
    name = ship["ship"]
    if name is None:
        return str(ship["seat"])
    return LETTERS.get(str(name), str(name)[0].upper())


def ship_label(ship: dict[str, Any]) -> str:
    """ "Rayken (seat 1)", or "seat 1" before the seat has a ship."""
    if ship["ship"] is None:
        return f"seat {ship['seat']}"
    return f"{ship['ship']} (seat {ship['seat']})"


def ship_name(ship: dict[str, Any]) -> str:
    return ship["ship"] or f"Seat {ship['seat']}"


def goal_name(ship: dict[str, Any]) -> str:
    return "Outer Warp Gate" if ship["start"] == "inner" else "Inner Warp Gate"


def where_words(ship: dict[str, Any], length: int) -> str:
    """ "space 12", or "in the Inner Warp Gate"."""
    p = ship["position"]
    if p == 0:
        return "in the Inner Warp Gate"
    if p == length:
        return "in the Outer Warp Gate"
    return f"space {p}"


def abilities(game: Game, name: str | None) -> list[tuple[int, str, str, str, bool]]:
    """The four Ship Ability Cards of a ship: (slot, name, what it does, how it charges, reconstructed).

    Slot 0 is the Emergency Stop every ship has (the rulebook's words); slots 1-3 the ship's own.
    """
    texts = data_of(game).texts
    out = [(0, "Emergency Stop", texts.emergency_stop, texts.emergency_stop_charge, False)]
    ship = ship_data(game, name)
    if ship is not None:
        out += [
            (k, a.name, a.text, a.charge_text, a.source == "reconstructed")
            for k, a in enumerate(ship.abilities, start=1)
        ]
    return out


def ability_words(game: Game, name: str | None, slot: int) -> tuple[str, str, str, bool]:
    """(name, what it does, how it charges, reconstructed) of one ability card of a ship."""
    for k, title, text, charge, rec in abilities(game, name):
        if k == slot:
            return title, text, charge, rec
    return f"ability {slot}", "", "", False


def ability_by_name(game: Game, ability: str) -> tuple[Ship, Ability] | None:
    for ship in data_of(game).ships:
        for a in ship.abilities:
            if a.name == ability:
                return ship, a
    return None


def modifier_words(game: Game, mods: list[str]) -> list[str]:
    """The abilities changing the card that resolves, by name ("Afterburner", "Jam")."""
    out = []
    for mod in mods:
        effect = mod.split("+")[0].split("-")[0]
        if effect == "stop":
            out.append("Emergency Stop")
            continue
        names = [a.name for s in data_of(game).ships for a in s.abilities if a.effect == effect]
        out.append(names[0] if len(names) == 1 else " or ".join(names) or effect)
    return out


def stack_words(game: Game, stack: dict[str, Any]) -> str:
    """ "one face-down card, Xe 4 Tractor and Li 4 Repulsor" (what anyone sees of a mining stack)."""
    faces = [card_words(game, c) for c in stack["face_up"] if c]
    hidden = "one face-down card" if stack.get("face_down", True) else ""
    shown = " and ".join(faces)
    return ", ".join(x for x in (hidden, shown) if x) or "empty"


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


def status_line(obs: dict[str, Any]) -> str:
    """Who is to act and what they are doing, in words ("Rayken (seat 1) is choosing a Fuel Card")."""
    stage = obs["stage"]
    if obs["winners"]:
        names = " and ".join(ship_name(obs["ships"][s]) for s in obs["winners"])
        how = "escaped through the Warp Gate" if obs["result"] == "escaped" else "nearest the goal after round 6"
        return f"The game is over: {names} won ({how})."
    if stage == "end":
        return "The game is over."
    who = obs["to_act"]
    if who is None:
        return WAITING.get(stage, "").capitalize() + "."
    if who == obs.get("seat"):
        return "Your turn: " + YOUR_TURN.get(stage, WAITING.get(stage, "")).rstrip(".") + "."
    ship = obs["ships"][who]
    return f"{ship_label(ship)} is {WAITING.get(stage, 'to act')}."


def phase_title(obs: dict[str, Any]) -> str:
    """ "Round 2 of 6 · Movement Phase 3 of 6" (or Mining, Setup, Game over)."""
    if obs["winners"]:
        return f"Round {obs['round']} of 6 \u00b7 Game over"
    if obs["round"] == 0 or obs["stage"] in ("ship", "gate"):
        return "Setting up"
    if obs["stage"] == "charge":
        return f"Round {obs['round']} of 6 \u00b7 End of the round"
    if obs["phase"] == 0:
        return f"Round {obs['round']} of 6 \u00b7 " + ("Mining" if obs["round"] > 1 else "Dealing")
    return f"Round {obs['round']} of 6 \u00b7 Movement Phase {obs['phase']} of 6"


def last_phase(obs: dict[str, Any]) -> int | None:
    """The Movement Phase whose cards ``last_card`` holds, or None when it is not of this round.

    ``last_card`` keeps the previous phase's cards; in phase 1 and while mining they are the last
    round's, which a player no longer needs; after phase 6 (the charge step, the end) they are phase 6's.
    """
    finished = obs["stage"] == "charge" or (obs["stage"] == "end" and not obs["resolution_order"])
    if finished and obs["phase"] >= 1:
        return int(obs["phase"])
    if obs["phase"] >= 2 and obs["stage"] not in ("mine", "dir", "form", "deal"):
        return int(obs["phase"]) - 1
    return None


def resolving_words(obs: dict[str, Any], game: Game) -> str:
    """ "Resolving: Rayken's Ga, now 5 Tractor, with Afterburner" (empty when no card resolves)."""
    if obs["resolving"] is None or obs["winners"]:
        return ""
    ship = obs["ships"][obs["resolving"]]
    mods = modifier_words(game, obs["modifiers"])
    with_ = f", with {', '.join(mods)}" if mods else ""
    return (
        f"Resolving: {ship_name(ship)}'s {ship['card']}, now {obs['card_value']} "
        f"{beam_name(game, obs['card_type'])}{with_}"
    )
