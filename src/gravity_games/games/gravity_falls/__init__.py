"""Gravity Falls (Hobby World, 2019): the cooperative board game, for 1-5 players.

Rules in short: on a turn the active player plays an action card (distance - resourcefulness:
0-4, 1-5, 2-2, 3-1, 4-0, or the character's Teleport card) or rests. The character travels exactly
that many roads (never a road twice, never back to the start), pulls one token from every
neighbouring location (rumors), then rolls resourcefulness + support tokens dice (7 at most; every
die over the limit is a curse): with a monster there it fights (successes >= distrust tokens there,
at least 1), otherwise each success flips a distrust token to support. Arrows move tokens to
neighbours; any curse symbol deals one curse card. Then a courage die may be placed (no distrust,
no monster), a card drawn (fewer than 3 in hand), old curses rolled away on a courage die. In the
monster phase the revealed movement card furthest from the deck moves the monster nearest the
active character (a courage die there stops it and is removed); the monster curses characters
there, pulls a token from each neighbour, raises the alarm by the distrust in its location and
flips its support. A new card is revealed; an event acts (one per turn, each further one +1 alarm).
The alarm track curses everyone at the monster icon, shrinks the revealed row to 2 at the three
icons, and loses the game at the bus. Defeat the three monsters to win.

Parameters: ``players`` 1-5; ``variant`` ``standard`` | ``simplified`` (young players: no monster
abilities, events or Teleport cards, alarm marks ignored except the bus); ``monsters`` (three names,
default one easy, one medium, one hard by chance); ``events`` (0-8 event cards in the movement deck,
default 4); ``characters`` (one per seat, default by chance); ``data`` (your components TOML).

Action notation: ``play 3-1``, ``play teleport``, ``rest``, ``go Arcade``, ``pull support``,
``pull distrust``, ``leave``, ``move distrust to Town Hall``, ``place die``, ``pass``, ``draw deck``,
``take 1-5``, ``discard 4-0``, ``raise alarm``, ``drop curse max_five_dice``, ``heal Wendy
flip_support``, ``die to Arcade``, ``die from Arcade``, ``reroll curse``, ``monster Gremoblin``,
``remove die Arcade``. Chance: ``card NAME``, ``roll 2s 1m 2c``, ``curse KIND``, ``N success``, ...

Observation: the whole table is public (board, monsters, characters, curses, discard piles, revealed
cards, alarm); each seat also sees its own hand (``hand``, the only private field).

Reconstructed (not published; see docs/games/gravity-falls.md): the board's roads and starting
tokens (fitted to every worked example), the 3+ cards, the alarm track (bus 18, curses on 8, two
revealed cards from 13; tuned by simulation), the curse and event mixes, Teleport cards, the
starting hand, Dipper's and Mabel's abilities, and the monster difficulties (measured).
"""

from gravity_games.core.registry import register

from .board import BOARD
from .bots import HeuristicAgent
from .data import reconstructed_list
from .design import DESIGN
from .levels import LEVELS
from .render_svg import render_svg
from .render_text import render_text
from .rules import GravityFallsGame, GravityFallsState

register(
    GravityFallsGame,
    agents={"heuristic": HeuristicAgent, **LEVELS},
    text_view=render_text,
    svg_view=render_svg,
    doc=__doc__ or "",
    reconstructed=reconstructed_list,
    board=BOARD,
    design=DESIGN,
)

__all__ = ["GravityFallsGame", "GravityFallsState", "HeuristicAgent", "render_svg", "render_text"]
