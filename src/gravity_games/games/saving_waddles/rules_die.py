"""The die: "Roll the die. You may change the result with help cards or a hero ability", then use it.

A roll is for moving, for moving back (a mischief card), for where Waddles is found, or for
opening the Hut of Wonders; help cards ("Reroll the die", "+1 or -1", "Set the die to 3") may
change any of them, Mabel's +1 and the simple rules' help-symbol +1 only the move.
"""

from __future__ import annotations

from typing import Final

from .rules_cards import spend_help_card
from .rules_move import move_back, move_forward, waddles_found
from .rules_spaces import special_space_takes_effect
from .rules_turn import carry_out_what_is_owed, hero_ability, roll_die_for, win
from .state import (
    ACCEPT,
    AFTER_ROLL,
    H_PLUS_MINUS,
    H_REROLL,
    H_SET_THREE,
    HELP_SPACE_PLUS,
    MABEL,
    MABEL_PLUS,
    P_ADJUST,
    P_RESOLVING,
    PLAY_MINUS,
    PLAY_PLUS,
    PLAY_REROLL,
    PLAY_SET_THREE,
    R_BACK,
    R_HUT,
    R_MOVE,
    R_NONE,
    R_WADDLES,
    SavingWaddlesPosition,
)

ROLL_PURPOSE_WORDS: Final[tuple[str, ...]] = (
    "",
    "",
    " to move back",
    " to see where Waddles is",
    " to open the Hut of Wonders",
)
"""What a roll is for, as the log says it after "<hero> rolls 4" (by RollPurpose value)."""


def waddles_beside_a_hero(position: SavingWaddlesPosition) -> bool:
    """Mabel: Waddles is on the same space as a player (any player, Mabel too)."""
    return position.waddles_position >= 0 and position.waddles_position in position.positions


def die_change_options(position: SavingWaddlesPosition) -> list[int]:
    """What may change the die now: help cards in hand, Mabel's +1, the help symbol's +1; or accept it."""
    hand = position.hands[position.turn]
    purpose = position.roll_purpose
    actions = [ACCEPT]  # built in action-id order (ACCEPT < PLAY_REROLL < ... < HELP_SPACE_PLUS)
    if hand[H_REROLL]:
        actions.append(PLAY_REROLL)
    if hand[H_PLUS_MINUS]:
        if purpose != R_WADDLES or position.die < 6:
            actions.append(PLAY_PLUS)
        if position.die > 1:
            actions.append(PLAY_MINUS)
    if hand[H_SET_THREE] and position.die != 3:
        actions.append(PLAY_SET_THREE)
    if (
        purpose == R_MOVE
        and hero_ability(position, position.turn) == MABEL
        and not position.mabel_used
        and waddles_beside_a_hero(position)
    ):
        actions.append(MABEL_PLUS)
    if purpose == R_MOVE and position.help_space_bonus == 1:
        actions.append(HELP_SPACE_PLUS)
    return actions


def die_rolled(position: SavingWaddlesPosition, face: int) -> None:
    """The die shows ``face``; the player may now change it."""
    position.die = face
    position._note_later(
        "%s rolls %s%s", position.seat_names[position.turn], face, ROLL_PURPOSE_WORDS[position.roll_purpose]
    )
    offer_die_changes(position)


def offer_die_changes(position: SavingWaddlesPosition) -> None:
    """A choice when something may change the die, else the roll is used at once."""
    hand = position.hands[position.turn]
    if hand[H_REROLL] or hand[H_PLUS_MINUS]:
        # Without building the options: a reroll is always possible, and +1 or -1 always
        # fits (-1 on any die above 1, +1 on a 1).
        position.phase = P_ADJUST
    elif not hand[H_SET_THREE] and (
        position.roll_purpose != R_MOVE
        or (position.help_space_bonus != 1 and hero_ability(position, position.turn) != MABEL)
    ):
        # The common case, without building the options: no help card and no +1 can change the roll.
        use_the_roll(position)
    elif die_change_options(position) == [ACCEPT]:
        use_the_roll(position)
    else:
        position.phase = P_ADJUST


def change_the_die(position: SavingWaddlesPosition, action: int) -> None:
    """Help cards after a roll (any number, any order) and Mabel's +1; ``ACCEPT`` uses the die as it shows."""
    name = position.seat_names[position.turn]
    help_names = position.settings.help_names
    if action == ACCEPT:
        use_the_roll(position)
        return
    if action == PLAY_REROLL:
        spend_help_card(position, H_REROLL)
        position._note_later("%s plays '%s'", name, help_names[H_REROLL])
        roll_die_for(position, position.roll_purpose)
        return
    if action in (PLAY_PLUS, PLAY_MINUS):
        spend_help_card(position, H_PLUS_MINUS)
        position.die = position.die + 1 if action == PLAY_PLUS else max(1, position.die - 1)
        position._note_later("%s plays '%s': the die now counts %s", name, help_names[H_PLUS_MINUS], position.die)
    elif action == PLAY_SET_THREE:
        spend_help_card(position, H_SET_THREE)
        position.die = 3
        position._note_later("%s plays '%s'", name, help_names[H_SET_THREE])
    elif action == MABEL_PLUS:
        position.mabel_used = True
        position.die += 1
        position._note_later("%s adds 1 to the die beside Waddles: the die now counts %s", name, position.die)
    elif action == HELP_SPACE_PLUS:
        position.help_space_bonus = 2
        position.die += 1
        position._note_later("%s started on a help symbol and adds 1: the die now counts %s", name, position.die)
    offer_die_changes(position)


def use_the_roll(position: SavingWaddlesPosition) -> None:
    """The die is used for what it was rolled for: move, move back, place Waddles, open the Hut."""
    purpose, die = position.roll_purpose, position.die
    position.roll_purpose = R_NONE
    if purpose == R_MOVE:
        position.turn_stage = AFTER_ROLL
        position.phase = P_RESOLVING
        move_forward(position, die)
        special_space_takes_effect(position)
        if position.phase != P_RESOLVING:
            return  # the space asked for a roll or a choice, or the game is won
        carry_out_what_is_owed(position)
    elif purpose == R_BACK:
        move_back(position, die)
        carry_out_what_is_owed(position)
    elif purpose == R_WADDLES:
        waddles_found(position, die)
        carry_out_what_is_owed(position)
    elif purpose == R_HUT:
        if die >= 4:
            win(position)
        else:
            position._note(
                f"{position.seat_names[position.turn]} did not open the Hut of Wonders and goes back 3 spaces"
            )
            move_back(position, 3)
            carry_out_what_is_owed(position)
