"""Doubt × Gravity, Setup (gravity-three.txt, Game 3): remove, choose colours, deal, roll for first player.

Plain functions over the position, each named after the step of the rulebook it carries out.
"""

from __future__ import annotations

from typing import Final

from gravity_games.games.gravity_three.rolloff import RollOff, RollOffWords
from gravity_games.games.gravity_three.rolloff import roll_for_first_player as roll_off_roll

from .rules_round import start_round
from .state import (
    CHOOSE_COLOUR,
    CHOOSE_EXTRA,
    COLOURS,
    DEAL,
    LOTS,
    REMOVED,
    ROLL_OFF,
    ROLL_OFF_PASS_LIMIT,
    TOKENS_PER_COLOUR,
    UNUSED,
    DealSlot,
    DoubtGravityPosition,
)
from .tables import COLOUR_NAME, DEALT_COLOUR_DIGIT, DEALT_TOKENS_WORDS, FREE_NUMBERS

FIRST_PLAYER_WORDS: Final = RollOffWords(
    roll="Seat %d rolls %s for first player.",
    first="",  # decide_first_player says who goes first
    tie="Seats %s tie and roll again.",
    lots="Seats %s tied %d times: they draw lots.",
)
"""Doubt's words for the roll-off (its own, older than the other two games')."""


def take_from_box(position: DoubtGravityPosition, colour: int, number: int, where: int) -> int:
    """The next id of ``colour`` leaves the box showing ``number``, to ``where`` (a seat knows its own)."""
    p = colour * TOKENS_PER_COLOUR + position.ids_handed_out[colour]
    position.ids_handed_out[colour] = position.ids_handed_out[colour] + 1
    position.drawn_numbers[colour] = position.drawn_numbers[colour] | 1 << (number - 1)
    position.token_numbers[p] = number
    position.token_showing[colour * TOKENS_PER_COLOUR + number - 1] = p
    position.token_places[p] = where
    if where >= 0:
        position.known_by[p] = position.known_by[p] | 1 << where
        position.put_in_hand(where, p)
    return p


def remove_token(position: DoubtGravityPosition, colour: int, number: int) -> None:
    """Setup 1: one token of each colour leaves the game, its number hidden from all."""
    take_from_box(position, colour, number, REMOVED)
    if 0 not in position.ids_handed_out:
        position._note_later("One token of each colour is removed face down; nobody may look at them.")
        position.phase = CHOOSE_COLOUR
        position.chooser = 0


def choose_colour(position: DoubtGravityPosition, colour: int) -> None:
    """Setup 2: each player chooses a colour (the last one in 3 players has no choice)."""
    position.colours[position.chooser] = colour
    position._note_later("Seat %d chooses %s.", position.chooser, COLOUR_NAME[colour])
    position.chooser += 1
    n = position.players
    if n == 3 and position.chooser == 2:
        last = next(c for c in range(COLOURS) if c not in position.colours)
        position.colours[2] = last
        position._note_later("Seat 2 takes the remaining colour, %s.", COLOUR_NAME[last])
        position.chooser = 3
    if position.chooser == n:
        if n == 3:
            position.phase = CHOOSE_EXTRA
            position.chooser = 0
        else:
            start_deal(position)


def choose_extra_colour(position: DoubtGravityPosition, colour: int) -> None:
    """Setup 2 (3 players): "... and one of a different color"."""
    position.extra_colours[position.chooser] = colour
    position._note_later("Seat %d will take one %s token.", position.chooser, COLOUR_NAME[colour])
    position.chooser += 1
    if position.chooser == position.players:
        start_deal(position)


def start_deal(position: DoubtGravityPosition) -> None:
    """Queue who gets which colour; the numbers are chance."""
    n = position.players
    queue: list[DealSlot] = []
    for c in range(COLOURS):
        for s in range(n):
            if n == 2:
                count = 4 if position.colours[s] == c else (2 if c not in position.colours else 0)
            else:
                count = (2 if position.colours[s] == c else 0) + (1 if position.extra_colours[s] == c else 0)
            queue.extend([DealSlot(s, c)] * count)
    position.deal_slots = queue
    position.deals_made = 0
    position.phase = DEAL
    advance_deal(position)


def advance_deal(position: DoubtGravityPosition) -> None:
    """Hand out a colour's last token without a chance step; every other token is chance.

    Even when one seat takes all that is left of a colour, which public token id carries
    which number is drawn, so that the ids say nothing about the numbers.
    """
    while position.deal_pending():
        slot = position.next_deal_slot()
        if position.ids_handed_out[slot.colour] != TOKENS_PER_COLOUR - 1:  # ids handed out = numbers used
            return  # more than one number left: a real chance step
        take_from_box(position, slot.colour, FREE_NUMBERS[position.numbers_drawn(slot.colour)][0], slot.seat)
        position.deals_made += 1
    finish_deal(position)


def deal_token(position: DoubtGravityPosition, colour: int, number: int) -> None:
    """Setup 2: the next seat in the queue takes a token of ``colour`` (its number was chance)."""
    seat = position.next_deal_slot().seat
    position.deals_made += 1
    take_from_box(position, colour, number, seat)
    advance_deal(position)


def finish_deal(position: DoubtGravityPosition) -> None:
    """Setup 2 ends: each seat looks at its tokens; what nobody took stays out; the roll-off starts."""
    for seat in range(position.players):
        dealt = 0  # how many of each colour, as the digits of dealt_tokens_index
        for p in position.hands[seat].tokens():  # every token the seat was dealt (loc == seat)
            dealt += DEALT_COLOUR_DIGIT[p // TOKENS_PER_COLOUR]
        position._note_later("Seat %d takes %s.", seat, DEALT_TOKENS_WORDS[dealt])
    # 3 players use 9 of the 12 tokens left: the other 3 stay out, face down, unused.
    for c in range(COLOURS):
        for k in FREE_NUMBERS[position.numbers_drawn(c)]:
            take_from_box(position, c, k, UNUSED)
    if position.players == 3:
        position._note_later("The three tokens nobody took stay face down, out of play.")
    position.phase = ROLL_OFF
    position.roll_off = RollOff([seat for seat in range(position.players)])


def roll_for_first_player(position: DoubtGravityPosition, face: int) -> None:
    """Setup 3: highest roll goes first (G counts 0; the tied roll again)."""
    assert position.roll_off is not None
    step = roll_off_roll(
        position, position.roll_off, face, position.roll_off_passes, FIRST_PLAYER_WORDS, ROLL_OFF_PASS_LIMIT
    )
    position.roll_off_passes = step.passes
    if step.first is not None:
        decide_first_player(position, step.first)
    elif step.lots:
        position.phase = LOTS


def decide_first_player(position: DoubtGravityPosition, first: int) -> None:
    """Setup 3 ends: ``first`` goes first, and the first round begins."""
    position.first_player = first
    position.roll_off = None
    position._note_later("Seat %d goes first.", first)
    start_round(position)
