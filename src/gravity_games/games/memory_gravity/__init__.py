"""Memory × Gravity (Gravity Three, Game 1): assess the mass, collect three tokens, aim for the strongest combination.

Rules (gravity-three.txt, Game 1), 2-3 players:

- Setup: the 15 tokens (numbers 1-5 in black, grey and red) lie face down in random order; their
  ids (``K1``-``K5``, ``G1``-``G5``, ``R1``-``R5``) and colours are public, their numbers hidden.
  A die roll-off decides the first player ("G" counts 0, tied highest roll again).
- A turn, clockwise from the first player: lift three different tokens one by one, never the same
  colour twice in a row, each lift giving the lifter alone a reading of its weight; then keep one of
  the three, of a colour the player does not hold yet. Lifts never lead to a dead end: if neither of
  the first two lifts is of a colour the player may keep, the third must be. Kept tokens leave the
  table and stay face down, hidden from everyone (owner included) until the end.
- After three turns each, every player reveals three numbers of different colours. Ranking:
  111 > 555 > 444 > 333 > 222 > 543 > 432 > 321 > the rest as three-digit numbers (554 ... 211).
  Equal strongest combinations share the win.

Parameters: ``perception`` = ``exact`` | ``easy`` | ``normal`` (default) | ``hard`` (the Weber fraction
of the felt weight, 0 / 0.05 / 0.10 / 0.20); ``data`` = path of a components TOML (default packaged).

Action notation: ``lift R3`` (ids 0-14), ``keep K2`` (ids 15-29). Chance: ``shuffle #i`` (one of the
120 orders of a colour), ``roll 4`` / ``roll G``, ``lots seat 1`` (after 20 tied roll-off passes),
``feel 16.2 g (level 82)`` (the reading of a lift; none when ``perception = exact``).

Observation: phase, roll-off, first player, turn, every token's id, colour and keeper, the tokens
lifted this turn, every lift (seat, token) in order, who kept what; the seat's own readings
(``readings``, private); at the end the revealed numbers, combinations and winners.

Reconstructed: token masses, perception model (shared Gravity Three components); see
docs/games/memory-gravity.md.

Files: ``state.py`` (the position, its phases and lift records), ``rules.py`` (game, state API and the
rules of a turn), ``rules_ranking.py`` (the Reference Card's ranking table), ``tables.py`` (colour and
bit-mask tables, the ranking worked out for every three numbers, each game's reading tables),
``state_json.py`` (the position document), ``tensor.py`` (encoding and layout), ``data.py`` and
``data/reference.toml`` (the Reference Card and turn texts; the components are shared in
``gravity_three``), ``bots.py`` (heuristic agent), ``levels.py``, ``design.py``, ``render_text.py``
(terminal) and ``render_svg.py`` (board), both reading the observation through ``render_common.py``,
``board.py`` (how the board is played by taps, info cards, glossary).
"""

from __future__ import annotations

from typing import Any

from gravity_games.core.registry import register
from gravity_games.games.gravity_three.data import reconstructed_values

from .board import BOARD
from .bots import HeuristicAgent
from .design import DESIGN
from .levels import LEVELS
from .render_svg import render_svg
from .render_text import render_text
from .rules import MemoryGravityGame, MemoryGravityState, combination_key


def reconstructed() -> list[dict[str, Any]]:
    """The reconstructed component values this game uses (for ``gravity rules``)."""
    reasons = {
        "masses": "grams per number 1-5; even 3 g steps: adjacent numbers differ by 30-16 %, so one lift "
        "tells a 1 most of the time and a 3 from a 4 far less often (docs/games/memory-gravity.md)",
        "perception": "a lifted token is felt as mass x exp(sigma Z) (Weber's law), sigma = 0 / 0.05 / 0.10 / "
        "0.20 for exact / easy / normal / hard (about 0.1 for lifted weights); readings on a 2 % grid",
    }
    return reconstructed_values(reasons)


register(
    MemoryGravityGame,
    agents={"heuristic": HeuristicAgent, **LEVELS},
    text_view=render_text,
    svg_view=render_svg,
    doc=__doc__ or "",
    reconstructed=reconstructed,
    board=BOARD,
    design=DESIGN,
)

__all__ = ["HeuristicAgent", "MemoryGravityGame", "MemoryGravityState", "combination_key"]
