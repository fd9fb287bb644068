"""Gravwell: 2nd Edition (Renegade Game Studios, 2021; designer Corey Young), 2-6 players.

Rules summary
-------------
Ships race along a spiral track from one Warp Gate to the other (space 0 is the Inner Warp Gate,
space 54 the Outer one). Each round every player holds six Fuel Cards; in each of the six Movement
Phases everyone picks a card face down (here: seat by seat, hidden until all have picked), the cards are
revealed and resolve in alphabetical order of their element symbols. A Standard Tractor Beam moves your
ship toward the nearest object (ship outside a gate, or Space Junk), a Standard Repulsor away from it;
a tie in distance is broken by counting the objects on each side (equal counts: no move). Multipoint
Beams move every other object toward (tractor) or away from (repulsor) your ship, nearest first. Ships
landing on an object drift on to the next free space. Entering the opposite Warp Gate wins at once;
otherwise after round 6 the ship nearest its goal wins (ties share the win). Round 1 is dealt; rounds
2-6 are mined (2 x players stacks of one hidden and two open cards, two picks each, the ship nearest
the Merton Cloud first). Each ship has an Emergency Stop and three unique Ship Ability Cards that are
charged by events and used on your turn or in response to others.

Parameters
----------
``players`` 2-6 (5-6 use the 40-card deck and may start on either gate, at most 3 per gate);
``variant`` ``standard`` | ``make-it-count`` (all abilities charged once, never recharged) |
``classic`` (Emergency Stop only); ``data`` a TOML file with your own ``board``, ``cards`` or ``ships``.

Action notation
---------------
``play Xe`` (choose a card), ``stack C`` (mine; stacks are lettered A-L, and the older ``stack 3`` is
read as ``stack C``), ``left``/``right`` (mining direction), ``ship Gracie``,
``inner gate``/``outer gate``, ``use Afterburner``, ``emergency stop``, ``go``/``pass`` (no ability),
``fewer``/``more`` (Precision), ``drag RC71`` (order of ships leaving a gate), ``charge Latch`` (end of
round), ``instead Ne`` (Preact's replacement card); chance: ``deal Xe``, ``draw Xe``.

Observation
-----------
The whole board (ships, positions, junk, charged abilities, revealed cards, the open faces of the
mining stacks, the cards each player is publicly known to hold) plus, for the seat itself, ``my_hand``
and ``my_card`` (its face-down choice before the reveal): these two are the private fields.

Files
-----
``state.py`` (the position, every field typed), ``rules.py`` (the game and the state API) calling the
rule functions of ``rules_rounds.py`` (setup, mining, end of round), ``rules_resolution.py`` (the
Fuel Cards resolving, with the ability windows), ``rules_abilities.py`` (the windows' options),
``rules_moves.py`` (movement) and ``rules_charging.py``; ``tables.py`` (action ids and the tables
computed once per game); ``state_json.py`` (the position document) and ``tensor.py`` (the
observation tensor); ``data.py`` and ``data/*.toml`` (components and the players' words);
``render_text.py`` / ``render_svg.py`` with ``render_common.py`` (the shared words); ``board.py``
(how the SVG board is played by taps); ``bots.py``, ``levels.py`` and ``design.py``.

Reconstructed
-------------
The 14 cards for 5-6 players, the board (54 spaces, Debris Fields 26 and 36, Merton Cloud 27) and all
18 unique ship abilities with their charging conditions; see docs/games/gravwell.md.
"""

from gravity_games.core.registry import register
from gravity_games.games.gravwell.board import BOARD
from gravity_games.games.gravwell.bots import HeuristicAgent
from gravity_games.games.gravwell.data import load_data
from gravity_games.games.gravwell.design import DESIGN
from gravity_games.games.gravwell.levels import LEVELS
from gravity_games.games.gravwell.render_svg import render_svg
from gravity_games.games.gravwell.render_text import render_text
from gravity_games.games.gravwell.rules import Gravwell, GravwellState


def _reconstructed() -> list[dict[str, object]]:
    return load_data(None).reconstructed()


register(
    Gravwell,
    agents={"heuristic": HeuristicAgent, **LEVELS},
    text_view=render_text,
    svg_view=render_svg,
    doc=__doc__ or "",
    reconstructed=_reconstructed,
    board=BOARD,
    design=DESIGN,
)

__all__ = ["Gravwell", "GravwellState", "HeuristicAgent", "render_svg", "render_text"]
