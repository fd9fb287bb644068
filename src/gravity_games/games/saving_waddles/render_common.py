"""What the views and the board hooks of Saving Waddles share: names, words and part keys.

Everything here reads one seat's observation (and the game's printed components), never a
state, so neither the terminal view, the SVG nor ``board.py`` can show what the seat may not
see. Words come from the ``[texts]`` of ``data/components.toml``.
"""

from __future__ import annotations

from typing import Any

from .data import Space, Text, Texts, texts_of
from .rules import SavingWaddlesGame

Obs = dict[str, Any]

HERO_COLOURS = {"wendy": "#2e7d4f", "dipper": "#1f5fbf", "soos": "#8b5a2b", "mabel": "#c2338f", "stan": "#333333"}
"""Token colours (white letters on them pass WCAG AA)."""
HERO_MARKS = {"wendy": "W", "dipper": "D", "soos": "So", "mabel": "M", "stan": "St"}
"""The letters on the tokens, so colour is never the only cue (Soos and Stan share an S)."""
NO_HERO_COLOUR = "#555555"


def texts(game: SavingWaddlesGame) -> Texts:
    """The component texts of this game (a user's data file may leave them to the packaged ones)."""
    return texts_of(game.components)


def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 help card``, ``2 help cards``, ``0 help cards``."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def seat_name(obs: Obs, game: SavingWaddlesGame, seat: int) -> str:
    """The hero's name from the data, or "Seat n" before heroes are dealt."""
    hero = obs["heroes"][seat]
    return texts(game).heroes[hero].name if hero else f"Seat {seat}"


def seat_names(obs: Obs, game: SavingWaddlesGame) -> list[str]:
    return [seat_name(obs, game, s) for s in range(len(obs["heroes"]))]


def hero_colour(obs: Obs, seat: int) -> str:
    return HERO_COLOURS.get(obs["heroes"][seat] or "", NO_HERO_COLOUR)


def hero_mark(obs: Obs, seat: int) -> str:
    hero = obs["heroes"][seat]
    return HERO_MARKS[hero] if hero else str(seat)


def last_space(obs: Obs, game: SavingWaddlesGame) -> int:
    """The last position of the track: the totem under the simple rules, else Victory."""
    return game.track.totem if obs["variant"] == "simple" else game.track.victory


def known_space(obs: Obs, game: SavingWaddlesGame, pos: int) -> Space | None:
    """The printed space at ``pos`` if this seat can see it (None on a face-down card)."""
    comps = game.components
    where, which, index = game.track.segment_of[pos]
    if where == "board":
        return comps.board[which].spaces[index]
    name = obs["path_cards"][which] if where == "slot" else obs["hut_card"]
    if name is None:
        return None
    cards = comps.path_cards if where == "slot" else comps.hut_cards
    return next(c for c in cards if c.name == name).spaces[index]


SIMPLE_KINDS = frozenset({"start", "plain", "arrow", "mischief", "help", "totem"})
"""The spaces the simple rules keep: "Ignore all special spaces except arrows, mischief symbols
and help symbols" (the totem is their goal); the others are drawn as plain spaces then."""


def as_drawn(obs: Obs, space: Space) -> Space:
    """The space as the board shows it: under the simple rules an ignored space is plain (and
    no space shows where Waddles may be placed: he is not in the simple game)."""
    if obs["variant"] != "simple":
        return space
    return space.model_copy(update={"kind": space.kind if space.kind in SIMPLE_KINDS else "plain", "number": None})


def space_home(obs: Obs, game: SavingWaddlesGame, pos: int) -> tuple[str, str]:
    """Which printed piece a position lies on, in words, and that piece's data source."""
    comps = game.components
    where, which, _ = game.track.segment_of[pos]
    if where == "board":
        seg = comps.board[which]
        return f"the board ({seg.name})", seg.source
    if where == "slot":
        card = next(c for c in comps.path_cards if c.name == obs["path_cards"][which])
        return f"the path card {card.name}", card.source
    hut = next(h for h in comps.hut_cards if h.name == obs["hut_card"])
    return f"the Hut of Wonders card {hut.name}", hut.source


def space_text(game: SavingWaddlesGame, space: Space) -> Text:
    return texts(game).spaces[space.kind]


def space_words(game: SavingWaddlesGame, space: Space) -> str:
    """A space in words: "Help", "Mischief (2 cards)", "Arrow: 3 spaces back (red)"."""
    words = space_text(game, space).name
    if space.kind == "arrow" and space.to:
        way = f"{plural(abs(space.to), 'space')} {'forward' if space.to > 0 else 'back'}"
        words = f"{words}: {way} ({space.colour})"
    elif space.kind == "mischief" and space.symbols > 1:
        words = f"{words} ({space.symbols} cards)"
    return words


def help_name(game: SavingWaddlesGame, kind: str) -> str:
    return texts(game).help[kind].name


def mischief_name(game: SavingWaddlesGame, kind: str) -> str:
    """A mischief card seen by everyone by its name; an unseen one is "face down"."""
    return "face down, unseen" if kind == "face down" else texts(game).mischief[kind].name


# -- what the seat is asked to do --------------------------------------------------------

_DIE_FOR = {
    "move": "to move",
    "back": "to move back (mischief)",
    "waddles": "to place Waddles",
    "hut": "to open the Hut of Wonders (4-6 wins)",
}


def die_purpose(obs: Obs) -> str:
    """What the die now showing is for, in words ("to move")."""
    return _DIE_FOR.get(obs["roll_for"] or "", "")


def game_over_words(obs: Obs, game: SavingWaddlesGame) -> str:
    if obs["winner"] is None:
        why = {"turn limit": "the turn limit was reached", "step limit": "the step limit was reached"}
        return f"The game ends without a winner: {why.get(obs['reason'], obs['reason'])}"
    who = seat_name(obs, game, obs["winner"])
    if obs["variant"] == "simple":
        return f"{who} reaches the totem first and wins!"
    return f"{who} brings Waddles to the Hut of Wonders and wins!"


def _discard_reason(obs: Obs, game: SavingWaddlesGame) -> str:
    """Why a help card must be discarded: the Hut of Wonders' door, or a mischief card."""
    if obs["positions"][obs["turn"]] == game.track.victory:
        return "give a help card at the Hut of Wonders door to win"
    pile = obs["mischief_in_front"][obs["turn"]]
    if pile and pile[-1] != "face down":
        return f"'{mischief_name(game, pile[-1])}': choose a help card to discard"
    return "choose a help card to discard"


def prompt(obs: Obs, game: SavingWaddlesGame) -> str:
    """One line: whose turn it is and what they are deciding, or how the game ended."""
    if obs["phase"] == "over":
        return game_over_words(obs, game)
    turn = obs["turn"]
    who = "Your turn" if obs["seat"] == turn else f"{seat_name(obs, game, turn)}'s turn"
    phase = obs["phase"]
    if phase == "start":
        ask = "roll the die (or play a card or exchange first)"
    elif phase == "adjust":
        ask = f"the die shows {obs['die']} ({die_purpose(obs)}); keep it or change it"
    elif phase == "mischief_choice":
        ask = "take the mischief card, or play a face-down card"
    elif phase == "discard":
        ask = _discard_reason(obs, game)
    elif phase == "end":
        ask = "end the turn, or play 'Take another turn'"
    elif phase in ("roll",) and obs["roll_for"]:
        ask = f"rolling the die {die_purpose(obs)}"
    elif phase in ("mischief_draw", "help_draw"):
        ask = "taking a card"
    else:
        ask = "setting up"
    return f"{who}: {ask}"


def keep_label(obs: Obs) -> str:
    """The on-board button that keeps the die as it shows ("Move 4", "Waddles to 4")."""
    die = obs["die"]
    return {
        "move": f"Move {die}",
        "back": f"Move back {die}",
        "waddles": f"Waddles to {die}",
        "hut": f"Keep {die}",
    }.get(obs["roll_for"] or "", f"Keep {die}")


def keep_words(obs: Obs) -> str:
    """What keeping the die does, in words (the description of the move)."""
    die = obs["die"]
    return {
        "move": f"keep the die at {die} and move {plural(die, 'space')} forward",
        "back": f"keep the die at {die} and move back {plural(die, 'space')}",
        "waddles": f"keep the die at {die} and place Waddles on the space marked {die}",
        "hut": f"keep the die at {die} to try the Hut of Wonders door (4, 5 or 6 opens it)",
    }.get(obs["roll_for"] or "", f"keep the die at {die}")
