"""Moving along the track (Playing the Game, Rescuing Waddles, Arrows, Pointers, Waddles Found!).

A token moving forward stops at a pointer whose path card is face down, at the totem while the
Hut of Wonders card is face down, and at Victory; it picks Waddles up as it passes him, and
carries him at most three spaces a turn. Moving backward leaves him behind and never makes a
space take effect (the main rule). Where the token stops takes effect in ``rules_spaces.py``.
"""

from __future__ import annotations

from .state import CARRY_LIMIT, SavingWaddlesPosition
from .tables import NO_STOP, STOP_TOTEM, Track


def stops_a_forward_move(stop: int, simple: bool, path_card_face_up: list[bool], hut_card_face_up: bool) -> bool:
    """Pointers with a face-down card, the unrevealed totem and Victory stop a token moving forward.

    ``stop`` is the position's entry of ``Track.stop_at`` (a pointer's slot, ``STOP_TOTEM`` or
    ``STOP_VICTORY``; never NO_STOP); the simple rules stop only at the totem, their last space.
    The engine asks it of a position (:func:`must_stop_here`), the bot of an observation.
    """
    if stop >= 0:
        return not simple and not path_card_face_up[stop]
    if stop == STOP_TOTEM:
        return simple or not hut_card_face_up
    return not simple  # Victory


def must_stop_here(position: SavingWaddlesPosition, stop: int) -> bool:
    """:func:`stops_a_forward_move` in this position."""
    return stops_a_forward_move(stop, position.settings.simple, position.path_card_face_up, position.hut_card_face_up)


class ForwardMove:
    """Where a forward move ends, and what happened to Waddles on the way.

    A plain class (native when compiled, its fields typed slots), not a NamedTuple: a
    NamedTuple is built through its interpreted ``__new__``.
    """

    __slots__ = ("carried_steps", "carries_waddles", "carrying_limit_reached", "end", "picked_up_at")

    def __init__(
        self, end: int, carries_waddles: bool, carried_steps: int, picked_up_at: int, carrying_limit_reached: bool
    ) -> None:
        self.end = end
        """The position where the token stops."""
        self.carries_waddles = carries_waddles
        """The token carries Waddles at the end."""
        self.carried_steps = carried_steps
        """Spaces moved this turn carrying Waddles, at the end."""
        self.picked_up_at = picked_up_at
        """Where Waddles was picked up on the way (-1: he was not)."""
        self.carrying_limit_reached = carrying_limit_reached
        """The three-space limit cut the move short."""


def forward_move(
    track: Track,
    start: int,
    spaces: int,
    carrying: bool,
    carried_steps: int,
    waddles_position: int,
    simple: bool,
    last: int,
    path_card_face_up: list[bool],
    hut_card_face_up: bool,
) -> ForwardMove:
    """Rescuing Waddles and the stops: move forward ``spaces`` spaces from ``start``.

    Waddles is picked up on his space (not in the simple rules); while he is carried, at most
    :data:`CARRY_LIMIT` spaces a turn (whatever was moved before the pick-up). A stop ends the
    move (:func:`stops_a_forward_move`), so does ``last``, the track's last space (the totem in the
    simple rules, else Victory). The engine moves a
    token with it (:func:`move_forward`), the bot looks ahead with it.
    """
    stop_at = track.stop_at
    here = start
    picked_up_at = -1
    for _ in range(spaces):
        if carrying and carried_steps >= CARRY_LIMIT:
            return ForwardMove(here, carrying, carried_steps, picked_up_at, True)
        if here >= last:
            break
        here += 1
        if carrying:
            carried_steps += 1
        elif waddles_position == here and not simple:
            carrying = True
            picked_up_at = here
        stop = stop_at[here]
        if stop != NO_STOP and stops_a_forward_move(stop, simple, path_card_face_up, hut_card_face_up):
            break
    return ForwardMove(here, carrying, carried_steps, picked_up_at, False)


def step_forward(position: SavingWaddlesPosition, seat: int) -> None:
    """One space forward: Waddles comes along if carried, and is picked up on his space."""
    here = position.positions[seat] = position.positions[seat] + 1
    if position.waddles_carrier == seat:
        position.waddles_position = here
    elif position.waddles_position == here and not position.settings.simple:
        position.waddles_carrier = seat
        position._note_later("%s picks up Waddles", position.seat_names[seat])


def move_forward(position: SavingWaddlesPosition, spaces: int) -> None:
    """Move the token of the seat to play forward ``spaces`` spaces, as far as a stop lets it.

    The caller then makes the space where it stopped take effect.
    """
    seat = position.turn
    positions = position.positions
    start = positions[seat]
    last = position.settings.last
    track = position.settings.track
    stop_at = track.stop_at
    if position.waddles_carrier != seat and not start < position.waddles_position <= start + spaces:
        # The common move: Waddles is neither carried nor on the way, so only a stop or the
        # end of the track cuts it short (without the carrying checks of forward_move,
        # visiting only the positions that may stop the token).
        end = max(start, min(start + spaces, last))
        next_stop = track.next_stop
        ahead = next_stop[start]
        while ahead <= end:
            if must_stop_here(position, stop_at[ahead]):
                end = ahead
                break
            ahead = next_stop[ahead]
        positions[seat] = end
        position._note_later("%s moves from %s to %s", position.seat_names[seat], start, end)
        return
    move = forward_move(
        track,
        start,
        spaces,
        position.waddles_carrier == seat,
        position.carried_steps,
        position.waddles_position,
        position.settings.simple,
        last,
        position.path_card_face_up,
        position.hut_card_face_up,
    )
    name = position.seat_names[seat]
    if move.picked_up_at >= 0:
        position._note_later("%s picks up Waddles", name)
    if move.carrying_limit_reached:
        position._note_later("%s has carried Waddles %s spaces and must stop", name, CARRY_LIMIT)
    positions[seat] = move.end
    position.carried_steps = move.carried_steps
    if move.carries_waddles:
        position.waddles_carrier = seat
        position.waddles_position = move.end
    position._note_later("%s moves from %s to %s", name, start, move.end)


def move_back(position: SavingWaddlesPosition, spaces: int) -> None:
    """Backward moves never take Waddles along, never pass the start and never trigger the space."""
    seat = position.turn
    old = position.positions[seat]
    new = position.positions[seat] = max(0, old - spaces)
    if position.waddles_carrier == seat and new != old:
        position.waddles_carrier = -1
        position._note_later("Waddles stays behind on space %s", old)
    position._note_later("%s goes back from %s to %s", position.seat_names[seat], old, new)


def follow_arrow(position: SavingWaddlesPosition, offset: int) -> bool:
    """Arrows: move along the arrow; True when the arrival takes effect (forward arrows only)."""
    seat = position.turn
    if offset > 0:
        # Interpretation: the token travels over the spaces, so it picks Waddles up
        # there (or brings him along) and his carrying limit does not cut an arrow short.
        for _ in range(offset):
            step_forward(position, seat)
        position._note_later("%s follows an arrow forward to %s", position.seat_names[seat], position.positions[seat])
        return True
    move_back(position, -offset)
    return False


def waddles_found(position: SavingWaddlesPosition, number: int) -> None:
    """Waddles Found!: once a game, Waddles goes to the space marked with the rolled number."""
    position.waddles_position = position.settings.track.number_pos[number]
    position._note_later("Waddles is found on the space marked %s (space %s)", number, position.waddles_position)
