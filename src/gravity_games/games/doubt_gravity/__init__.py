"""Doubt × Gravity (Gravity Three, Game 3): stack tokens claimed as the Designated Number; doubt the bluffs.

Rules (gravity-three.txt, Game 3), 2-3 players:

- Setup: one token of each colour is removed face down (numbers shown only at the end). With 2
  players, seat 0 then seat 1 choose a colour and take its four tokens; the third colour's four are
  dealt two each. With 3 players, seats choose colours in seat order (the last takes what is left),
  take two tokens of it, then each chooses another colour to take one token from; the 3 tokens
  nobody takes stay out, face down. Colours are public, numbers known only to the holder. A die
  roll-off decides the first player ("G" counts 0; the tied roll again; lots after 20 tied passes).
- A round: the die gives the Designated Number (on "G" the first player names 1-5). Clockwise from
  the first player, each player places tokens face down on top of the stack, one per step, or
  passes; any token may be placed, whatever its number. Then, in the same order, each player who
  has not placed the whole stack lifts it (a private, noisy reading of its total weight) and says
  ``correct`` or ``doubt``. A doubter takes the Doubt Card and turns tokens over from the top: the
  owner of the first token that is not the Designated Number takes every token of the round (the
  unturned ones face down); if all match, the doubter takes them. Nobody doubts: the stack leaves
  the game unrevealed. Taken tokens join the taker's hand. The first player moves clockwise.
- End: at the end of a round, players without tokens win; several: the one with the Doubt Card,
  else they share. Engine rule: after ``max_rounds`` rounds the fewest tokens win (same tie-break).

Parameters: ``perception`` = ``exact`` | ``easy`` | ``normal`` (default) | ``hard`` (Weber fraction of
the felt weight, 0 / 0.05 / 0.10 / 0.20); ``max_rounds`` (default 30, 1-200); ``data`` = path of a
components TOML (default packaged).

Action notation: ``place K3`` (ids 0-14: colour K/G/R and number), ``done`` / ``pass`` (15),
``correct`` (16), ``doubt`` (17), ``colour black`` / ``extra grey`` (18-20), ``number 4`` (21-25).
Chance: ``remove K3``, ``deal K3``, ``roll 4`` / ``roll G``, ``lots seat 1``, ``feel 84.2 g`` (a lift's
reading; none when ``perception = exact``).

Observation: phase, round, first player, die, Designated Number, colours, Doubt Card, hand counts,
every token handed out (public id, colour, where it is, its number when this seat knows it: its own,
ones it once held, ones turned over), the stack bottom first (id, colour, who placed it), what was
said this round, every finished round (claim, stack, declarations, tokens turned over, taker); the
seat's own ``hand`` and ``readings`` (private). Tensor: ``tensor.py``.

Files: ``state.py`` (the position, its ids and records), ``rules.py`` (game and API), ``rules_setup.py``
and ``rules_round.py`` (the rules, one function per step of the rulebook), ``state_json.py`` (the position
document), ``tensor.py`` (encoding and layout), ``render_text.py`` / ``render_svg.py`` (views),
``board.py``, ``bots.py``, ``levels.py``, ``design.py``, ``data.py`` and ``data/texts.toml``.

Board (``board.py``): place a token by tapping it in your hand, then the stack; pass or end
your turn with the button of your hand; "It's correct!" with its button; "I doubt it!" by tapping
the Doubt Card; a colour by its swatch; the Designated Number by its die face.

Reconstructed: token masses and the perception model (shared Gravity Three components); see
docs/games/doubt-gravity.md.
"""

from typing import Any

from gravity_games.core.registry import register
from gravity_games.games.gravity_three.data import reconstructed_values

from .board import BOARD
from .bots import HeuristicAgent
from .bots_lookahead import LookaheadAgent
from .design import DESIGN
from .levels import LEVELS
from .render_svg import render_svg
from .render_text import render_text
from .rules import DoubtGravityGame, DoubtGravityState


def reconstructed() -> list[dict[str, Any]]:
    """The reconstructed component values this game uses (for ``gravity rules``)."""
    reasons = {
        "masses": "grams per number 1-5; even 3 g steps so that one wrong token in a stack is hard "
        "but not impossible to feel (docs/games/doubt-gravity.md)",
        "perception": "a lifted stack is felt as mass x exp(sigma Z), sigma = Weber fraction of the "
        "perception parameter (about 0.1 for lifted weights); readings on a 2 % grid",
    }
    return reconstructed_values(reasons)


register(
    DoubtGravityGame,
    agents={"heuristic": HeuristicAgent, "lookahead": LookaheadAgent, **LEVELS},
    text_view=render_text,
    svg_view=render_svg,
    doc=__doc__ or "",
    reconstructed=reconstructed,
    board=BOARD,
    design=DESIGN,
)

__all__ = ["DoubtGravityGame", "DoubtGravityState", "HeuristicAgent", "render_svg", "render_text"]
