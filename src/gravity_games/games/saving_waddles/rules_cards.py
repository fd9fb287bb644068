"""Mischief Cards and Help Cards: taking them, carrying them out, playing and discarding them."""

from __future__ import annotations

from .rules_move import move_back
from .rules_turn import carry_out_what_is_owed, roll_die_for, skip_a_turn, win
from .state import (
    D_HUT,
    D_MISCHIEF,
    H_ANOTHER,
    H_FACE_DOWN,
    HIDDEN,
    M_BACK_ROLL,
    M_BACK_TWO,
    M_DISCARD_HELP,
    M_DISCARD_MISCHIEF,
    M_SKIP,
    M_TAKE_TWO,
    P_DISCARD,
    P_MISCHIEF_DRAW,
    R_BACK,
    SavingWaddlesPosition,
)
from .tables import cards_in


def cards_in_words(count: int, kind: str) -> str:
    """``count`` cards of a kind in words: "1 mischief card", "2 mischief cards"."""
    return f"1 {kind} card" if count == 1 else f"{count} {kind} cards"


def draw_outcomes(deck: list[int]) -> list[tuple[int, float]]:
    """Drawing the top card of a shuffled deck: each kind left, weighted by its count.

    Worked out at each draw, not cached: a deck can hold thousands of different counts, and a
    table of them spreads over more memory than the few small objects this builds.
    """
    total = cards_in(deck)
    return [(kind, count / total) for kind, count in enumerate(deck) if count > 0]


def spend_help_card(position: SavingWaddlesPosition, kind: int) -> None:
    """Help Cards: a played card goes face up to the help discard pile."""
    position.hands[position.turn][kind] -= 1
    position.help_discard[kind] += 1


def play_another_turn(position: SavingWaddlesPosition) -> None:
    """The help card "Take another turn": one more turn once this one ends."""
    spend_help_card(position, H_ANOTHER)
    position.extra_turns += 1
    position._note_later("%s plays '%s'", position.seat_names[position.turn], position.settings.help_names[H_ANOTHER])


def choose_face_down(position: SavingWaddlesPosition, face_down: bool) -> None:
    """The help card "take a mischief card face down", played (or not) as a mischief card is taken."""
    position.draw_face_down = face_down
    if face_down:
        spend_help_card(position, H_FACE_DOWN)
        position._note_later(
            "%s plays '%s'", position.seat_names[position.turn], position.settings.help_names[H_FACE_DOWN]
        )
    position.phase = P_MISCHIEF_DRAW


def discard_mischief_in_front(position: SavingWaddlesPosition, seat: int, count: int) -> None:
    """Mischief cards go face up to the discard pile, the oldest first."""
    front = position.mischief_in_front[seat]
    for code in front[:count]:
        position.mischief_discard[code % HIDDEN] += 1
    del front[:count]


def carry_out_mischief_card(position: SavingWaddlesPosition, kind: int) -> None:
    """Mischief: the card taken is shown and carried out, then placed face down in front of the player."""
    seat = position.turn
    name = position.seat_names[seat]
    front = position.mischief_in_front[seat]
    position.mischief_deck[kind] -= 1
    position.pending_mischief -= 1
    if position.draw_face_down:
        position.draw_face_down = False
        front.append(kind + HIDDEN)
        position._note_later("%s takes a mischief card and lays it face down unseen", name)
        carry_out_what_is_owed(position)
        return
    position._note_later("%s takes the mischief card '%s'", name, position.settings.mischief_names[kind])
    if kind == M_DISCARD_MISCHIEF:
        count = len(front)
        discard_mischief_in_front(position, seat, count)
        if count:
            position._note(f"{name} discards the {cards_in_words(count, 'other mischief')} in front of them")
        else:
            position._note_later("%s has no other mischief card in front of them to discard", name)
    front.append(kind)  # placed in front, face down (its face was shown)
    if kind == M_BACK_TWO:
        move_back(position, 2)
    elif kind == M_BACK_ROLL:
        roll_die_for(position, R_BACK)
        return
    elif kind == M_DISCARD_HELP:
        if cards_in(position.hands[seat]) == 0:
            position._note_later("%s has no help card to discard", name)
        else:
            discard_one_help_card(position, D_MISCHIEF)
            return
    elif kind == M_SKIP:
        skip_a_turn(position, seat)
    elif kind == M_TAKE_TWO:
        position.pending_mischief += 2
    carry_out_what_is_owed(position)


def take_help_card(position: SavingWaddlesPosition, kind: int) -> None:
    """Help: the top card of the help deck goes to the hand, unseen by the others."""
    seat = position.turn
    position.help_deck[kind] -= 1
    position.hands[seat][kind] += 1
    position.pending_help -= 1
    position._note_later("%s takes a help card", position.seat_names[seat])
    carry_out_what_is_owed(position)


def discard_one_help_card(position: SavingWaddlesPosition, reason: int) -> None:
    """A help card must be discarded; the player chooses which (no step when all are alike)."""
    kinds = [kind for kind, count in enumerate(position.hands[position.turn]) if count > 0]
    position.discard_reason = reason
    if len(kinds) == 1:
        discard_help_card(position, kinds[0])
    else:
        position.phase = P_DISCARD


def discard_help_card(position: SavingWaddlesPosition, kind: int) -> None:
    """The chosen help card is discarded (for the mischief card, or at the door of the Hut of Wonders)."""
    seat = position.turn
    position.hands[seat][kind] -= 1
    position.help_discard[kind] += 1
    position._note_later(
        "%s discards the help card '%s'", position.seat_names[seat], position.settings.help_names[kind]
    )
    if position.discard_reason == D_HUT:
        win(position)
        return
    carry_out_what_is_owed(position)
