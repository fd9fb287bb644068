"""Doubt × Gravity on its drawn board: which taps make each move (issue 14's board contract).

Every hook reads the seat's observation only. The taps:

- place a token: the token in your hand, then the stack (``token:K3``, ``stack``);
- pass / done: the on-board button of your hand (``button:pass`` or ``button:done``);
- "It's correct!": the button under the Doubt Card (``button:correct``);
- "I doubt it!": the Doubt Card itself (``card:doubt``), with a confirmation;
- a colour (your own, or the extra token's): its swatch (``colour:K``);
- the Designated Number after a G: its die face (``die:1``-``die:5``).

The move's meaning is read from its notation (``place K3``, ``colour black``, ``number 4``,
see ``rules.DoubtState._action_text``): no rule is decided here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gravity_games.core.board import BoardHooks, BoardMove, InfoCard, SeatRole, changed_by_comparison
from gravity_games.games.gravity_three.board_common import mass_info_cards, swatch, token_words

from .data import load_texts
from .render_text import COLOUR_WORDS, SAID, plural

_LETTER = {word: letter for letter, word in COLOUR_WORDS.items()}


def _place(obs: dict[str, Any], token: str) -> tuple[tuple[str, ...], str]:
    colour, number = token[0], int(token[1:])
    claim = obs["designated"]
    words = f"place your {token_words(colour, number).replace(' token', '')} face down on the stack, claiming {claim}"
    if number != claim:
        words += " (a bluff)"
    return (f"token:{token}", "stack"), words


def _colour(obs: dict[str, Any], word: str, extra: bool) -> tuple[tuple[str, ...], str]:
    letter = _LETTER[word]
    if extra:
        return (f"colour:{letter}",), f"take your extra token from {word}"
    take = "its four tokens" if obs["players"] == 2 else "two of its tokens"
    return (f"colour:{letter}",), f"choose {word} and take {take}"


def board_moves(obs: dict[str, Any], game: Any, legal: Sequence[tuple[int, str]]) -> list[BoardMove]:
    """One board move per legal action, from its notation (the taps, the words, a confirm for doubting)."""
    moves: list[BoardMove] = []
    for action, notation in legal:
        verb, _, rest = notation.partition(" ")
        confirm = False
        if verb == "place":
            parts, words = _place(obs, rest)
        elif verb == "pass":
            parts, words = ("button:pass",), "pass: place no token this round"
        elif verb == "done":
            placed = plural(obs["placed_this_turn"], "token")
            parts, words = ("button:done",), f"end your turn ({placed} placed)"
        elif verb == "correct":
            parts, words = ("button:correct",), f"say {SAID['correct']}: the next player lifts the stack"
        elif verb == "doubt":
            parts = ("card:doubt",)
            words = f"say {SAID['doubt']}: take the Doubt Card and turn the stack over from the top"
            confirm = True
        elif verb in ("colour", "extra"):
            parts, words = _colour(obs, rest, extra=verb == "extra")
        elif verb == "number":
            parts, words = (f"die:{rest}",), f"name {rest} as the Designated Number"
        else:
            raise ValueError(f"doubt-gravity board: no taps for the move {notation!r}")
        moves.append(BoardMove(action, parts, words, confirm))
    return moves


def _looks(obs: dict[str, Any]) -> dict[str, Any]:
    """What each drawn part shows in one observation (for the last move's highlight)."""
    viewer = obs["viewer"]
    looks: dict[str, Any] = {
        "stack": [(e["colour"], e["number"], e["owner"]) for e in obs["stack"]],
        "card:doubt": obs["doubt_card"],
        "die": obs["die"],
        "pile:aside": sorted(
            (t["colour"], t["number"] or 0) for t in obs["tokens"] if t["where"] in ("removed", "unused")
        ),
        "pile:out": sorted((t["colour"], t["number"] or 0) for t in obs["tokens"] if t["where"] == "out"),
    }
    for n in range(1, 6):
        looks[f"die:{n}"] = obs["designated"] == n
    for seat in range(obs["players"]):
        if seat == viewer:
            continue
        held = sorted((t["colour"], t["number"] or 0) for t in obs["tokens"] if t["where"] == f"seat {seat}")
        said = [w for s, w in obs["said"] if s == seat]
        looks[f"seat:{seat}"] = (held, obs["colours"][seat], said, obs["doubt_card"] == seat)
    if viewer is not None:
        for t in obs["tokens"]:
            if t["where"] == f"seat {viewer}":
                looks[f"token:{t['colour']}{t['number']}"] = True
    if obs["phase"] in ("choose-colour", "choose-extra"):
        for letter in "KGR":
            looks[f"colour:{letter}"] = [s for s, c in enumerate(obs["colours"]) if c == letter]
    return looks


def changed_parts(before: dict[str, Any], after: dict[str, Any], game: Any) -> list[str]:
    """The parts whose look differs between two observations of one seat."""
    return changed_by_comparison(_looks(before), _looks(after))


def seat_roles(obs: dict[str, Any], game: Any) -> list[SeatRole]:
    """Each seat's colour (with its letter), and what everyone sees of it."""
    roles = []
    for seat in range(obs["players"]):
        colour = obs["colours"][seat]
        extra = obs["extra_colours"][seat] if obs["extra_colours"] else None
        public = [plural(obs["hand_counts"][seat], "token") + " in hand"]
        if obs["first_player"] == seat:
            public.append("first player")
        if obs["doubt_card"] == seat:
            public.append("holds the Doubt Card")
        said = [w for s, w in obs["said"] if s == seat]
        if said:
            public.append(f"said {SAID[said[-1]]}")
        if colour is None:
            roles.append(SeatRole("no colour yet", None, None, tuple(public)))
            continue
        look = swatch(colour)
        name = look.name + (f" + one {COLOUR_WORDS[extra]}" if extra else "")
        roles.append(SeatRole(name, look.fill, look.letter, tuple(public)))
    return roles


def info_cards(obs: dict[str, Any], game: Any) -> dict[str, InfoCard]:
    """The token masses (reconstructed), the Doubt Card, the die and the stack, from the data."""
    texts = load_texts()
    cards = mass_info_cards(getattr(game, "components", None))
    for key, item in (("card:doubt", texts.doubt_card), ("die", texts.die), ("stack", texts.stack)):
        cards[key] = InfoCard(item.title, item.text, item.source == "reconstructed")
    return cards


def glossary(game: Any) -> list[tuple[str, str]]:
    """The notation of the moves and the log, in words."""
    return [
        ("K3, G3, R3", "a black, grey or red token with the number 3"),
        ("K?", "a black token whose number you cannot see (face down)"),
        ("place K3", "place your black 3 face down on the stack, claiming the Designated Number"),
        ("pass", "place no token this round"),
        ("done", "end your turn after placing one or more tokens"),
        ("correct", "say “It's correct!”: the next player lifts the stack"),
        ("doubt", "say “I doubt it!”: take the Doubt Card and turn the stack over from the top"),
        ("colour black", "choose black as your colour and take its tokens"),
        ("extra grey", "take your extra token (3 players) from grey"),
        ("number 4", "after a G on the die, name 4 as the Designated Number"),
        ("roll 4, roll G", "the die shows 4, or G (the first player names the number)"),
        ("remove K3, deal K3", "setting up: a token set aside unseen, or dealt to a player"),
        ("lots seat 1", "after too many tied roll-offs, seat 1 is drawn as first player"),
        ("feel 84.2 g", "what the lifter felt the stack weigh (seen only by the lifter)"),
    ]


BOARD = BoardHooks(
    board_moves=board_moves,
    changed_parts=changed_parts,
    seat_roles=seat_roles,
    info_cards=info_cards,
    glossary=glossary,
)
"""Doubt × Gravity's board hooks, registered with the game."""
