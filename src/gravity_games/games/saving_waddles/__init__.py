"""Gravity Falls: Saving Waddles (Hobby World): a roll-and-move race for 2-5 players.

Rules summary
-------------
Roll the die and move forward; a special space acts only when reached moving forward.
Pointers stop you while their path card is face down and reveal it (the track then
continues over the card); the "Waddles Found!" pointer also rolls where Waddles is
placed (spaces 1-6), once a game. Pass Waddles' space (or start a turn on it) and you
carry him, but then move at most three spaces a turn; moving backward leaves him
behind. The totem reveals the Hut of Wonders card; reaching its Victory space with
Waddles and meeting its condition wins. Mischief spaces give one card per symbol, one
at a time; help spaces give a help card for your hand (reroll, +1/-1, set to 3, take
another turn, take a mischief card face down). At the start of a turn 3 mischief
cards may be exchanged for 1 help card. Heroes: Wendy exchanges for one card fewer,
Dipper draws an extra help card with an empty hand, Soos ignores red arrows, Mabel may
add 1 to the die when Waddles shares a space with a hero, Stan takes his first mischief
card unseen. The simple rules (``variant=simple``) keep only arrows, mischief symbols
(skip a turn), help symbols (start there: +1 to the die) and the totem (first there wins).

Parameters
----------
``players`` 2-5; ``variant`` ``standard`` | ``simple``; ``heroes`` one hero per seat in
seat order (``wendy,dipper,soos,mabel,stan``; none = dealt at random, a chance node);
``data`` path of your own components TOML (none = the packaged reconstruction).
Seat 0 plays first (the rulebook's "the one who last saw a pig" sits in seat 0).

Action notation
---------------
``roll`` ``exchange`` ``another turn`` (start of turn); after any roll ``accept``,
``reroll``, ``plus one``, ``minus one``, ``set three``, ``mabel plus one``,
``help space plus one`` (simple rules); ``face down`` / ``take mischief`` when a
mischief card must be taken; ``discard reroll`` ... when a help card must be
discarded; ``another turn`` / ``end turn`` at the end of a turn. Chance:
``path card NAME``, ``hut card NAME``, ``hero NAME``, ``roll N``, ``mischief KIND``,
``help KIND``.

Observation
-----------
Public: every token's space and whether it lies on its side, Waddles' space and
carrier, face-up path cards and Hut card, the die and what it is for, hand sizes, the
mischief cards in front of each player (their kinds, or "face down" for cards nobody
saw), deck sizes and discard piles. Private (``hand``): the seat's own help cards.
``observation_tensor`` is a flat encoding of exactly that dict.

Reconstructed
-------------
The board, the seven path cards, the three Hut of Wonders cards and their victory
conditions, arrow colours and the 21 + 21 card mix (``data/components.toml``, all
``source = "reconstructed"``); see docs/games/saving-waddles.md and ``gravity rules
saving-waddles``.
"""

from gravity_games.core.registry import register

from .board import BOARD
from .bots import HeuristicAgent
from .bots_lookahead import LookaheadAgent
from .bots_rollout import RolloutAgent
from .data import reconstructed_values
from .design import DESIGN
from .levels import LEVELS
from .render_svg import render_svg
from .render_text import render_text
from .rules import SavingWaddlesGame

register(
    SavingWaddlesGame,
    agents={"heuristic": HeuristicAgent, "lookahead": LookaheadAgent, "rollouts": RolloutAgent, **LEVELS},
    text_view=render_text,
    svg_view=render_svg,
    reconstructed=reconstructed_values,
    board=BOARD,
    design=DESIGN,
)
