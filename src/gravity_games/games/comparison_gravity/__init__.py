"""Comparison × Gravity (Gravity Three, Game 2): sense the balance, and win the see-saw game!

Rules (gravity-three.txt, Game 2), 2-3 players:

- Setup: each player takes the cards (A, A, B, B, C) and tokens (1-5) of one colour: seats 0, 1, 2
  are black, red and grey. A die roll-off decides the first player ("G" counts 0, ties roll again).
- Five rounds. Every player in turn from the round's first player shows an Announcement Card (A, B
  or C: the see-saw spot, nearer to or farther from the fulcrum). Then tokens are placed, faces
  hidden: with 2 players the first player then the second, on opposite ends; the side with the
  larger torque (mass x arm) tilts down and wins the round. With 3 players the first player and the
  player to their left play a match; the loser's token leaves, the winner's stays; the third player
  places a token on the vacant side and the side that tilts down wins the round. A level see-saw
  (equal torque) wins nobody the match; if the first match is level both tokens leave and the third
  player's token alone tilts the see-saw: the third player wins the round.
- Used cards and tokens are gone. The first player alternates (2 players) or moves clockwise (3).
- End: most rounds won; tie: the lower total of the numbers on the tokens of the rounds won; a
  remaining tie shares the win.

Parameters: ``data`` = path of a components TOML (default packaged: masses and arms).

Action notation: ``announce A`` / ``announce B`` / ``announce C`` (ids 0-2), ``play 4`` (ids 3-7,
token n is ``2 + n``). Chance: ``roll 4`` / ``roll G`` and, after 20 tied roll-off passes,
``lots seat 1``.

Observation: colours, phase, round, first players, every seat's cards left (cards are public once
shown), how many tokens each holds, this round's announcements, who has placed a token, the tokens on
the see-saw (seat, spot, side; never the number), the first match's result, every finished round
(cards, first match, winner) and rounds won; the seat's own tokens and plays (``hand``, private); at
the end every token played, by round.

Files: ``state.py`` (the position, its phases, match results and round records), ``rules.py`` (the
game, the state API and the rules of a round), ``state_json.py`` (the position document), ``tensor.py``
(encoding and layout), ``bots.py`` (the heuristic bot), ``levels.py``, ``design.py``, ``data.py``
(torques from the shared components), the views ``render_svg.py`` (the board) and ``render_text.py``
(the terminal) with their shared sentences and words in ``render_common.py``, and ``board.py`` (how
the board is played by taps: a hand card to announce, an own token to place).

Reconstructed: token masses and the A/B/C arms (shared Gravity Three components); see
docs/games/comparison-gravity.md and docs/games/memory-gravity.md.
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
from .rules import ComparisonGravityGame, ComparisonGravityState, resolve_round


def reconstructed() -> list[dict[str, Any]]:
    """The reconstructed component values this game uses (for ``gravity rules``)."""
    reasons = {
        "masses": "grams per number 1-5, evenly spaced (docs/games/memory-gravity.md)",
        "seesaw": "distance of A, B, C from the fulcrum: C, the single card, farthest; uneven spacing so that "
        "every (number, spot) torque differs and only equal tokens on equal spots balance",
    }
    return reconstructed_values(reasons, exclude=("source", "cards", "cards_source"))


register(
    ComparisonGravityGame,
    agents={"heuristic": HeuristicAgent, **LEVELS},
    text_view=render_text,
    svg_view=render_svg,
    doc=__doc__ or "",
    reconstructed=reconstructed,
    board=BOARD,
    design=DESIGN,
)

__all__ = ["ComparisonGravityGame", "ComparisonGravityState", "HeuristicAgent", "resolve_round"]
