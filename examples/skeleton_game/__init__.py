"""Skeleton Game: the smallest complete game of this project, to copy when adding a game.

It has every file of the game-folder template (docs/contributing.md, "The game-folder template")
with its role, and is checked like every packaged game by ``tests/conformance/test_skeleton_game.py``
and ``tests/conformance/test_game_folders.py``. It is an invented game: this page is its rulebook.

Rules, 2 players:

- Setup: seven tokens T1-T7 (values 1-7) lie face down in the bag. The tokens are dealt one at a
  time, seat 0 first, until each player holds three; each player sees only their own hand. The
  token left in the bag stays hidden until the end.
- A round: the die is rolled for everyone to see; then each player plays one token of their hand
  face up, the round's first player first (seat 0 in round 1, then alternating). The token whose
  value is closest to the die takes the round for its player; at equal distance the higher token
  takes it.
- After three rounds (every hand empty) the bag is shown and whoever took the most rounds wins.

Parameters: ``data`` = path of a components TOML (default: the packaged ``data/components.toml``;
it sets the tokens, the die's faces and the hand size).

Action notation: ``play T3`` (action = token id 0-6). Chance: ``deal T3`` (the token dealt next),
``roll 4`` (action = the index of the die's face).

Observation: phase, seat to act, round, the die, hand sizes, tokens in the bag, this round's table,
the finished rounds (die, plays, winner), rounds taken, winners; the seat's own ``hand`` (private);
at the end the tokens left in the bag.

Reconstructed: the die's faces (the rules say only "a die"; 1-6 assumed), see
``data/components.toml``.
"""

from __future__ import annotations

from gravity_games.core.registry import register

from .board import BOARD
from .bots import HeuristicAgent
from .data import reconstructed_values
from .design import DESIGN
from .levels import LEVELS
from .render_svg import render_svg
from .render_text import render_text
from .rules import SkeletonGame, SkeletonState

register(
    SkeletonGame,
    agents={"heuristic": HeuristicAgent, **LEVELS},
    text_view=render_text,
    svg_view=render_svg,
    doc=__doc__ or "",
    reconstructed=reconstructed_values,
    board=BOARD,
    design=DESIGN,
)

__all__ = ["HeuristicAgent", "SkeletonGame", "SkeletonState"]
