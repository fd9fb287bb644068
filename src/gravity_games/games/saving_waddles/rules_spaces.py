"""Special Spaces: what the space where a token stops does (it arrived moving forward).

Arrows, Pointers, Mischief, Help, Totem, Exchange, Waddles Found!, Take Another Turn, Skip a
Turn, Discard All Help Cards, and Victory (Hut of Wonders and Victory); the simple rules keep
arrows, mischief symbols (skip a turn) and the totem (the first there wins).
"""

from __future__ import annotations

from .data import HELP_KINDS
from .rules_cards import cards_in_words, discard_mischief_in_front, discard_one_help_card
from .rules_move import follow_arrow, move_back
from .rules_turn import (
    carry_out_what_is_owed,
    exchange_cost,
    help_cards_left,
    hero_ability,
    roll_die_for,
    skip_a_turn,
    win,
)
from .state import D_HUT, DIPPER, R_HUT, R_WADDLES, SOOS, SavingWaddlesPosition
from .tables import (
    ANOTHER_TURN,
    ARROW,
    DISCARD_HELP,
    EXCHANGE,
    HELP,
    MISCHIEF,
    PLAIN,
    POINTER,
    SKIP,
    TOTEM,
    VICTORY,
    WADDLES_POINTER,
    cards_in,
)


def special_space_takes_effect(position: SavingWaddlesPosition) -> None:
    """The space where the token of the seat to play stopped takes effect."""
    seat = position.turn
    here = position.positions[seat]
    settings = position.settings
    track = settings.track
    # A board space needs no look-up of the deal (Track.space without the call).
    kind, offset, red, symbols, _ = track.fixed[here] or track.space(here, position.path_cards, position.hut_card)
    if kind == PLAIN:  # the commonest arrival: nothing happens
        return
    if kind == ARROW:
        if red and hero_ability(position, seat) == SOOS:
            position._note_later("%s does not move along red arrows", position.seat_names[seat])
            return
        if follow_arrow(position, offset):
            special_space_takes_effect(position)
        return
    if settings.simple:
        simple_space_takes_effect(position, kind)
        return
    name = position.seat_names[seat]
    if kind in (POINTER, WADDLES_POINTER):
        reveal_path_card(position, track.pointer_slot[here], kind == WADDLES_POINTER)
    elif kind == TOTEM:
        if not position.hut_card_face_up:
            position.hut_card_face_up = True
            position._note_later("%s reveals the Hut of Wonders card: %s", name, track.hut_names[position.hut_card])
    elif kind == MISCHIEF:
        position.pending_mischief += symbols
    elif kind == HELP:
        extra = hero_ability(position, seat) == DIPPER and cards_in(position.hands[seat]) == 0
        position.pending_help += 2 if extra else 1
        if extra:
            position._note_later("%s has no help cards: Dipper takes one more", name)
    elif kind == EXCHANGE:
        exchange_on_space(position)
    elif kind == ANOTHER_TURN:
        position.extra_turns += 1
        position._note_later("%s will take another turn", name)
    elif kind == SKIP:
        skip_a_turn(position, seat)
    elif kind == DISCARD_HELP:
        discard_all_help_cards(position, seat)
    elif kind == VICTORY:
        reach_victory(position)


def simple_space_takes_effect(position: SavingWaddlesPosition, kind: int) -> None:
    """Simple rules: only arrows, mischief symbols (skip a turn) and the totem (victory) act."""
    if kind == MISCHIEF:
        skip_a_turn(position, position.turn)
    elif kind == TOTEM:
        win(position)


def reveal_path_card(position: SavingWaddlesPosition, slot: int, waddles_pointer: bool) -> None:
    """Pointers: the face-down path card is revealed; after the "Waddles Found!" pointer, roll for Waddles."""
    if position.path_card_face_up[slot]:
        return  # a pointer to a face-up card is not special
    position.path_card_face_up[slot] = True
    card = position.settings.track.card_names[position.path_cards[slot]]
    position._note_later("%s reveals path card %s: %s", position.seat_names[position.turn], slot + 1, card)
    if waddles_pointer and position.waddles_position < 0:
        roll_die_for(position, R_WADDLES)


def exchange_on_space(position: SavingWaddlesPosition) -> None:
    """Exchange: 2 mischief cards (Wendy: 1) for a help card; with too few, nothing happens."""
    seat = position.turn
    name = position.seat_names[seat]
    cost = exchange_cost(position, False)
    if len(position.mischief_in_front[seat]) < cost or not help_cards_left(position):
        position._note_later("%s has too few mischief cards to exchange: nothing happens", name)
        return
    discard_mischief_in_front(position, seat, cost)
    position._note(f"{name} exchanges {cards_in_words(cost, 'mischief')} for a help card")
    position.pending_help += 1


def discard_all_help_cards(position: SavingWaddlesPosition, seat: int) -> None:
    """Discard All Help Cards: every help card in the hand goes to the discard pile."""
    hand = position.hands[seat]
    count = cards_in(hand)
    for kind, held in enumerate(hand):
        position.help_discard[kind] += held
    position.hands[seat] = [0] * len(HELP_KINDS)
    name = position.seat_names[seat]
    if count == 0:
        position._note_later("%s has no help card to discard", name)
    else:
        position._note(f"{name} discards {'their only help card' if count == 1 else f'all {count} help cards'}")


def reach_victory(position: SavingWaddlesPosition) -> None:
    """Hut of Wonders and Victory: with Waddles, meet the Hut card's condition and win."""
    seat = position.turn
    name = position.seat_names[seat]
    if position.waddles_carrier != seat:
        position._note_later("%s reached Victory without Waddles: nothing happens", name)
        return
    condition = position.settings.track.hut_victory[position.hut_card]
    if condition == "none":
        win(position)
    elif condition == "roll":
        position._note_later("%s must roll 4, 5 or 6 to open the Hut of Wonders", name)
        roll_die_for(position, R_HUT)
    elif cards_in(position.hands[seat]) > 0:
        discard_one_help_card(position, D_HUT)
    else:
        # The door gives a hint: a help card to show next time (so no one is turned away forever).
        position._note_later("%s has no help card to give at the door: takes one and goes back 3 spaces", name)
        move_back(position, 3)
        position.pending_help += 1
        carry_out_what_is_owed(position)
