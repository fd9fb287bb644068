"""Ship Ability Cards: which abilities a seat may use now (the options of each window).

Queries only: nothing here changes the position. The windows themselves (opening, using an ability,
moving on) are in :mod:`.rules_resolution`.
"""

from __future__ import annotations

from gravity_games.games.gravwell.rules_moves import NO_SPACE, in_warp_gate, sign, swap_paint_target, waypoint_target
from gravity_games.games.gravwell.state import NO_SEAT, GravwellPosition
from gravity_games.games.gravwell.tables import (
    EMERGENCY_STOP_SLOT,
    MULTIPOINT_REPULSOR_BEAM,
    MULTIPOINT_TRACTOR_BEAM,
    STOP,
)


def ability_name(position: GravwellPosition, seat: int, slot: int) -> str:
    """The name of ``seat``'s Ship Ability Card in ``slot`` (0: Emergency Stop)."""
    return position.tables.ability_names[position.ships[seat]][slot]


def own_window_options(position: GravwellPosition, o: int) -> list[int]:
    """Abilities ``o`` may use on its own card now (Emergency Stop first in id order)."""
    mods = position.modifiers
    if mods and ("stop" in mods or "swap" in mods or "waypoint" in mods):
        return []
    row = position.charged[o]
    out = []
    # only the abilities that fit this kind of card (tables.own_fits_kind), looked up per ship
    multipoint = position.card_type >= MULTIPOINT_TRACTOR_BEAM
    for slot, action, positional in position.tables.own_by_kind[position.ships[o]][multipoint]:
        if row[slot] and (positional is None or own_ability_in_reach(position, o, positional)):
            out.append(action)
    if row[EMERGENCY_STOP_SLOT]:
        out.append(STOP)
    return out


def own_ability_in_reach(position: GravwellPosition, o: int, effect: str) -> bool:
    """The position's part of an own-card ability: a target in reach, or a ship not yet cloaked."""
    if effect == "swap":
        return swap_paint_target(position, o, position.card_value) != NO_SEAT
    if effect == "waypoint":
        return waypoint_target(position, o, position.card_value) != NO_SPACE
    return not position.cloaked[o]  # cloak


def multipoint_moves_ship(position: GravwellPosition, r: int) -> bool:
    """Would the current Multipoint Beam move ``r``'s ship (before any response)?"""
    if position.cloaked[r] or r in position.shielded_seats:
        return False
    p, q = position.ship_spaces[position.resolving_seat], position.ship_spaces[r]
    if q == p:
        return False
    return not (position.card_type == MULTIPOINT_REPULSOR_BEAM and in_warp_gate(position, r))


def multipoint_direction(position: GravwellPosition, r: int) -> int:
    """The direction the current Multipoint Beam would move ``r``'s ship (toward or away from its owner)."""
    p, q = position.ship_spaces[position.resolving_seat], position.ship_spaces[r]
    return sign(q - p) if position.card_type == MULTIPOINT_REPULSOR_BEAM else sign(p - q)


def response_window_options(position: GravwellPosition, r: int) -> list[int]:
    """Abilities ``r`` may use in answer to the card being resolved."""
    row = position.charged[r]
    out: list[int] = []
    for slot, e, action in position.tables.response_abilities[position.ships[r]]:
        if not row[slot]:
            continue
        multi = position.card_type >= MULTIPOINT_TRACTOR_BEAM
        std_move = not multi and "swap" not in position.modifiers and "waypoint" not in position.modifiers
        if e == "coast":
            ok = (
                multi
                and r not in position.coasting_seats
                and multipoint_moves_ship(position, r)
                and multipoint_direction(position, r) * position.forward_direction[r] < 0
            )
        elif e == "shield":
            ok = multi and multipoint_moves_ship(position, r)
        elif e == "jam":
            ok = multi and "jam" not in position.modifiers
        elif e == "redirect":
            ok = std_move and "redirect" not in position.modifiers
        elif e == "latch":
            ok = std_move and not in_warp_gate(position, r) and r not in position.latching_seats
        else:  # cloak
            ok = not position.cloaked[r]
        if ok:
            out.append(action)
    return out


def reveal_window_options(position: GravwellPosition, s: int) -> list[int]:
    """Reveal-time abilities ``s`` may use once the cards are face up (Preact, Foresight)."""
    sh = position.ships[s]
    if sh == NO_SEAT:
        return []
    row = position.charged[s]
    out = []
    for slot, e, action in position.tables.reveal_abilities[sh]:
        if row[slot] and ((e == "preact" and position.hands[s]) or (e == "delay" and s not in position.delayed_seats)):
            out.append(action)
    return out
