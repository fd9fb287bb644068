"""Ids shared by the rules, the state format and the tensor: actions, places, phases.

Player actions: 0-14 ``place K3`` (colour × 5 + number − 1), 15 ``done``/``pass``, 16 ``correct``,
17 ``doubt``, 18-20 a colour, 21-25 a Designated Number. Token ``loc``: a seat (0-2) or one of the
``LOC_*`` places below.
"""

from __future__ import annotations

from gravity_games.games.gravity_three.rolloff import TIE_LIMIT

from .data import COLOUR_LETTERS

COLOURS = 3
PER_COLOUR = 5
TOKENS = COLOURS * PER_COLOUR

A_DONE = 15
A_CORRECT = 16
A_DOUBT = 17
A_COLOUR = 18  # 18, 19, 20: black, grey, red (choose a colour, or the extra colour)
A_NUMBER = 21  # 21..25: Designated Number 1..5 after a "G"
NUM_ACTIONS = 26

# Where a token is (``loc``); seats are 0..n-1.
LOC_BOX = -1
LOC_REMOVED = -2
LOC_STACK = -3
LOC_OUT = -4
LOC_UNUSED = -5
LOC_NAMES = {LOC_BOX: "box", LOC_REMOVED: "removed", LOC_STACK: "stack", LOC_OUT: "out", LOC_UNUSED: "unused"}

# Phases, and their names in observations and state documents.
P_REMOVE, P_COLOUR, P_EXTRA, P_DEAL, P_ROLLOFF, P_ROLL, P_DESIGNATE, P_PLACE, P_LIFT, P_ASSESS, P_END, P_LOTS = range(
    12
)

PHASE_NAMES = (
    "remove",
    "choose-colour",
    "choose-extra",
    "deal",
    "roll-off",
    "roll",
    "designate",
    "place",
    "lift",
    "assess",
    "end",
    "lots",
)
SAID_WORDS = ("correct", "doubt")

ROLLOFF_PASSES = TIE_LIMIT
"""Engine rule: after this many tied roll-off passes the tied seats draw lots (``gravity_three.rolloff``)."""


def token_name(colour: int, number: int) -> str:
    """``K3``: colour letter and number."""
    return f"{COLOUR_LETTERS[colour]}{number}"
