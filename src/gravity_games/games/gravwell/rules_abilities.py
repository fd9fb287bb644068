"""Ship Ability Cards: which abilities a seat may use now (the options of each window).

Queries only: nothing here changes the position. The windows themselves (opening, using an ability,
moving on) are in :mod:`.rules_resolution`.
"""

from __future__ import annotations

from gravity_games.games.gravwell.rules_moves import NO_SPACE, in_warp_gate, sign, swap_paint_target, waypoint_target
from gravity_games.games.gravwell.state import (
    MODIFIER_JAM,
    MODIFIER_REDIRECT,
    MODIFIER_STOP,
    MODIFIER_SWAP,
    MODIFIER_WAYPOINT,
    NO_SEAT,
    GravwellPosition,
    has_modifier,
)
from gravity_games.games.gravwell.tables import (
    EMERGENCY_STOP_SLOT,
    MULTIPOINT_REPULSOR_BEAM,
    MULTIPOINT_TRACTOR_BEAM,
    STOP,
)


def ability_name(position: GravwellPosition, seat: int, slot: int) -> str:
    """The name of ``seat``'s Ship Ability Card in ``slot`` (0: Emergency Stop)."""
    return position.tables.ability_names[position.ships[seat]][slot]


def own_window_options(position: GravwellPosition, owner: int) -> list[int]:
    """Abilities ``owner`` may use on its own card now (Emergency Stop first in id order)."""
    if has_modifier(position, MODIFIER_STOP | MODIFIER_SWAP | MODIFIER_WAYPOINT):
        return []
    row = position.charged[owner]
    out = []
    # only the abilities that fit this kind of card (tables.own_fits_kind), looked up per ship
    multipoint = position.card_type >= MULTIPOINT_TRACTOR_BEAM
    for slot, action, positional in position.tables.own_by_kind[position.ships[owner]][multipoint]:
        if row[slot] and (positional is None or own_ability_in_reach(position, owner, positional)):
            out.append(action)
    if row[EMERGENCY_STOP_SLOT]:
        out.append(STOP)
    return out


def own_ability_in_reach(position: GravwellPosition, owner: int, effect: str) -> bool:
    """The position's part of an own-card ability: a target in reach, or a ship not yet cloaked."""
    if effect == "swap":
        return swap_paint_target(position, owner, position.card_value) != NO_SEAT
    if effect == "waypoint":
        return waypoint_target(position, owner, position.card_value) != NO_SPACE
    return not position.cloaked[owner]  # cloak


def multipoint_moves_ship(position: GravwellPosition, seat: int) -> bool:
    """Would the current Multipoint Beam move ``seat``'s ship (before any response)?"""
    if position.cloaked[seat] or seat in position.shielded_seats:
        return False
    p, q = position.ship_spaces[position.resolving_seat], position.ship_spaces[seat]
    if q == p:
        return False
    return not (position.card_type == MULTIPOINT_REPULSOR_BEAM and in_warp_gate(position, seat))


def multipoint_direction(position: GravwellPosition, seat: int) -> int:
    """The direction the current Multipoint Beam would move ``seat``'s ship (toward or away from its owner)."""
    p, q = position.ship_spaces[position.resolving_seat], position.ship_spaces[seat]
    return sign(q - p) if position.card_type == MULTIPOINT_REPULSOR_BEAM else sign(p - q)


def response_window_options(position: GravwellPosition, seat: int) -> list[int]:
    """Abilities ``seat`` may use in answer to the card being resolved."""
    row = position.charged[seat]
    out: list[int] = []
    for slot, effect, action in position.tables.response_abilities[position.ships[seat]]:
        if not row[slot]:
            continue
        multi = position.card_type >= MULTIPOINT_TRACTOR_BEAM
        std_move = not multi and not has_modifier(position, MODIFIER_SWAP | MODIFIER_WAYPOINT)
        if effect == "coast":
            ok = (
                multi
                and seat not in position.coasting_seats
                and multipoint_moves_ship(position, seat)
                and multipoint_direction(position, seat) * position.forward_direction[seat] < 0
            )
        elif effect == "shield":
            ok = multi and multipoint_moves_ship(position, seat)
        elif effect == "jam":
            ok = multi and not has_modifier(position, MODIFIER_JAM)
        elif effect == "redirect":
            ok = std_move and not has_modifier(position, MODIFIER_REDIRECT)
        elif effect == "latch":
            ok = std_move and not in_warp_gate(position, seat) and seat not in position.latching_seats
        else:  # cloak
            ok = not position.cloaked[seat]
        if ok:
            out.append(action)
    return out


def reveal_window_options(position: GravwellPosition, seat: int) -> list[int]:
    """Reveal-time abilities ``seat`` may use once the cards are face up (Preact, Foresight)."""
    ship = position.ships[seat]
    if ship == NO_SEAT:
        return []
    row = position.charged[seat]
    out = []
    for slot, effect, action in position.tables.reveal_abilities[ship]:
        if row[slot] and (
            (effect == "preact" and position.hands[seat]) or (effect == "delay" and seat not in position.delayed_seats)
        ):
            out.append(action)
    return out
