"""Gravwell movement: the nearest object, the tie rule, drifting, Standard and Multipoint Beams.

Plain functions over a :class:`~gravity_games.games.gravwell.state.GravwellPosition`, each named after
the rule it carries out (the rulebook's "Fuel Card Types", "Drifting" and "End of the Game").
Spaces are absolute: 0 is the Inner Warp Gate, ``track_length`` the Outer Warp Gate, 1..L-1 the
spaces of the spiral arm. A direction is +1 (toward the Outer Warp Gate) or -1.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from gravity_games.games.gravwell.rules_charging import charge_abilities, charge_for_move
from gravity_games.games.gravwell.state import NO_SEAT, STAGE_END, GravwellPosition, Result, is_among, spaces_between
from gravity_games.games.gravwell.tables import MULTIPOINT_REPULSOR_BEAM

NO_SPACE: Final = -1
"""The answer of a target search that found no space."""
JUNK0: Final = 6
"""Object id of the first Space Junk token; ships are 0..5 (their seat), junk 6 and 7.

Space Junk is an object like a ship ("the term 'object' refers to ships and Space Junk") and moves by
the same rules, into a Warp Gate too ("all other objects in the Gravwell will move toward (and
possibly into) the Warp Gate"). Once in a gate it is what a ship in a gate is: no source of gravity,
not counted in the tie rule, blocking nothing, dragged out by a Multipoint Tractor Beam and left alone
by a Multipoint Repulsor Beam.
"""


def sign(x: int) -> int:
    """+1, -1 or 0: the direction of a difference of spaces."""
    return (x > 0) - (x < 0)


def distance_to_goal(position: GravwellPosition, seat: int) -> int:
    """Spaces between ``seat``'s ship and the Warp Gate it escapes through."""
    return spaces_between(position.goal_space[seat], position.ship_spaces[seat])


def escape_gravwell(position: GravwellPosition, seat: int) -> None:
    """Entering the opposite Warp Gate ends the game at once; only one ship can escape."""
    position.winners = [seat]
    position.result = Result.ESCAPED
    position.stage = STAGE_END
    position.say("%s escapes the Gravwell and wins", position.seat_names[seat])


def in_warp_gate(position: GravwellPosition, seat: int) -> bool:
    """Ships in either Warp Gate are not objects: no gravity, no drifting onto them."""
    p = position.ship_spaces[seat]
    return p == 0 or p == position.track_length


def is_occupied(position: GravwellPosition, space: int, ship: int = NO_SEAT, junk: int = NO_SEAT) -> bool:
    """Is ``space`` held by an object other than ``ship``/``junk``? Warp Gates never are."""
    if space <= 0 or space >= position.track_length:
        return False
    for t, p in enumerate(position.ship_spaces):
        if p == space and t != ship:
            return True
    # a plain loop, not any(<generator>): no generator object per call
    for j, q in enumerate(position.junk_spaces):  # noqa: SIM110
        if q == space and j != junk:
            return True
    return False


def gravity_sources(position: GravwellPosition, seat: int) -> list[int]:
    """Positions of the objects a Standard Beam of ``seat`` can lock onto.

    Other ships outside the Warp Gates (a cloaked ship is no source of gravity) and the Space Junk
    outside them.
    """
    L = position.track_length
    out = [p for t, p in enumerate(position.ship_spaces) if t != seat and 0 < p < L and not position.cloaked[t]]
    out.extend(q for q in position.junk_spaces if 0 < q < L)
    return out


def direction_of_gravity(position: GravwellPosition, seat: int) -> int:
    """Direction (+1/-1) toward the nearest object, or 0 when the tie rule leaves the ship stuck.

    Equidistant objects on both sides: the side holding more objects wins, distances of the others
    do not matter; an equal count means no move (rulebook "Special Cases").
    """
    # One pass over gravity_sources(seat) without building the list: the nearest object ahead
    # and behind, and the count of objects on each side.
    pos = position.ship_spaces
    p = pos[seat]
    L = position.track_length
    cloaked = position.cloaked
    up = down = 0
    near_up = near_down = 0
    level = False  # an object on the ship's own space: distance 0 on both sides at once
    for t, q in enumerate(pos):
        if t == seat or q <= 0 or q >= L or cloaked[t]:
            continue
        if q > p:
            if not up or q < near_up:
                near_up = q
            up += 1
        elif q < p:
            if not down or q > near_down:
                near_down = q
            down += 1
        else:
            level = True
    for q in position.junk_spaces:
        if q <= 0 or q >= L:  # junk in a Warp Gate is no object, like a ship there
            continue
        if q > p:
            if not up or q < near_up:
                near_up = q
            up += 1
        elif q < p:
            if not down or q > near_down:
                near_down = q
            down += 1
        else:
            level = True
    if level or (up and down and near_up - p == p - near_down):
        return sign(up - down)
    if up and (not down or near_up - p < p - near_down):
        return 1
    return -1 if down else 0


def drift_destination(position: GravwellPosition, seat: int, space: int, direction: int) -> tuple[int, bool]:
    """Where a ship moved to ``space`` in ``direction`` comes to rest (drifting past objects)."""
    L = position.track_length
    pos = position.ship_spaces
    junk = position.junk_spaces
    drifted = False
    while 0 < space < L:
        # is_occupied(x, ship=seat) in one test: junk there, or a ship other than this one
        if is_among(space, junk) or (is_among(space, pos) and (pos[seat] != space or pos.count(space) > 1)):
            space += direction
            drifted = True
        else:
            return space, drifted
    return (0 if space <= 0 else L), drifted


def move_ship(position: GravwellPosition, seat: int, direction: int, steps: int, owner: int, multipoint: bool) -> None:
    """Move ``seat``'s ship ``steps`` spaces in ``direction`` (by ``owner``'s card), drifting."""
    if steps <= 0 or direction == 0:
        return
    # a direction is -1 half the time: as machine ints (i64) the product stays native code, where a
    # tagged int with a negative factor leaves mypyc's fast path for Python int objects
    shift: i64 = direction
    x, drifted = drift_destination(position, seat, position.ship_spaces[seat] + shift * steps, direction)
    settle_ship(position, seat, x, drifted, owner, multipoint)


def place_ship(position: GravwellPosition, seat: int, target: int, direction: int, owner: int) -> None:
    """Put ``seat``'s ship on ``target``, drifting in ``direction`` if that space is held."""
    x, drifted = drift_destination(position, seat, target, direction)
    if x != position.ship_spaces[seat]:
        settle_ship(position, seat, x, drifted, owner, False)


def settle_ship(position: GravwellPosition, seat: int, space: int, drifted: bool, owner: int, multipoint: bool) -> None:
    """Finish a ship's move: log it, fire the charging events, and check for an escape."""
    old = position.ship_spaces[seat]
    position.ship_spaces[seat] = space
    if space == old:
        return
    names = position.tables.space_names
    forward: i64 = position.forward_direction[seat]  # machine ints: see move_ship
    position.say(
        "%s moves %s %s from %s to %s%s",
        position.seat_names[seat],
        spaces_between(space, old),
        "forward" if (space - old) * forward > 0 else "back",
        names[old],
        names[space],
        " (drifting)" if drifted else "",
    )
    if position.tables.standard:
        charge_for_move(position, seat, old, space, drifted, owner, multipoint)
    if space == position.goal_space[seat]:
        escape_gravwell(position, seat)


def move_space_junk(position: GravwellPosition, junk: int, direction: int, steps: int) -> None:
    """Move Space Junk ``junk`` (0 or 1) like a ship: drifting past objects, into a Warp Gate it reaches or passes.

    "If you play a Multipoint Beam while in a Warp Gate, all other objects in the Gravwell will move
    toward (and possibly into) the Warp Gate"; "Follow the same rule when moving any objects".
    """
    L = position.track_length
    old = position.junk_spaces[junk]
    shift: i64 = direction  # machine ints: see move_ship
    space = old + shift * steps
    while 0 < space < L and is_occupied(position, space, junk=junk):
        space += direction
    if space <= 0:
        space = 0
    elif space >= L:
        space = L
    position.junk_spaces[junk] = space
    if space != old:
        names = position.tables.space_names
        position.say("Space Junk moves from %s to %s", names[old], names[space])


def resolve_standard_beam(position: GravwellPosition, seat: int, repulsor: bool, value: int, flip: bool) -> None:
    """A Standard Tractor (toward) or Repulsor (away) Beam moves the card owner's ship."""
    direction = direction_of_gravity(position, seat)
    if direction == 0:
        position.say("%s is held between equal pulls and does not move", position.seat_names[seat])
        charge_abilities(position, seat, "stuck")
        return
    if repulsor:
        if in_warp_gate(position, seat):
            position.say("%s is in a Warp Gate; the Repulsor Beam does not move it", position.seat_names[seat])
            return
        direction = -direction
    if flip:
        direction = -direction
    move_ship(position, seat, direction, value, seat, False)


def multipoint_order(position: GravwellPosition, owner: int, repulsor: bool) -> list[list[int]]:
    """Objects a Multipoint Beam moves, nearest first; equal distance: nearer the Inner Gate first.

    Ships sharing a Warp Gate are equally near and at the same place: they form one group whose
    order the card's owner chooses. Repulsors never move ships in a gate; shielded, coasting and
    cloaked ships are left out.
    """
    p = position.ship_spaces[owner]
    keyed: list[tuple[int, int, int]] = []
    for t, q in enumerate(position.ship_spaces):
        if t == owner or q == p or position.cloaked[t] or t in position.shielded_seats:
            continue
        if repulsor and in_warp_gate(position, t):
            continue
        d: i64 = sign(q - p) if repulsor else sign(p - q)  # machine ints: see move_ship
        if t in position.coasting_seats and d * position.forward_direction[t] < 0:
            continue
        keyed.append((abs(q - p), q, t))
    L = position.track_length
    for j, q in enumerate(position.junk_spaces):
        # junk in a gate is left there by a Repulsor, like ships ("Ships in Warp Gates are not affected")
        if q != p and not (repulsor and (q <= 0 or q >= L)):
            keyed.append((abs(q - p), q, JUNK0 + j))
    keyed.sort()
    groups: list[list[int]] = []
    last: tuple[int, int] | None = None
    for dist, q, obj in keyed:
        if last == (dist, q) and obj < JUNK0 and groups[-1][0] < JUNK0:
            groups[-1].append(obj)
        else:
            groups.append([obj])
        last = (dist, q)
    return groups


def move_object_by_multipoint(position: GravwellPosition, obj: int) -> None:
    """Move one object of the current Multipoint Beam toward (tractor) or away from the owner."""
    owner = position.resolving_seat
    p = position.ship_spaces[owner]
    repulsor = position.card_type == MULTIPOINT_REPULSOR_BEAM
    value = position.card_value
    if obj >= JUNK0:
        q = position.junk_spaces[obj - JUNK0]
        d = sign(q - p) if repulsor else sign(p - q)
        move_space_junk(position, obj - JUNK0, d, value)
    else:
        q = position.ship_spaces[obj]
        d = sign(q - p) if repulsor else sign(p - q)
        move_ship(position, obj, d, value, owner, True)


def move_multipoint_objects(position: GravwellPosition) -> bool:
    """Move the queued objects in order; False when the owner must choose a gate group's order."""
    while position.drag_groups:
        group = position.drag_groups[0]
        if len(group) >= 2:
            return False
        position.drag_groups.pop(0)
        move_object_by_multipoint(position, group[0])
        if position.winners:
            return True
    return True


def swap_paint_target(position: GravwellPosition, seat: int, value: int) -> int:
    """Swap Paint: the nearest ship ahead of ``seat`` within ``value`` spaces (or ``NO_SEAT``)."""
    p = position.ship_spaces[seat]
    f: i64 = position.forward_direction[seat]  # machine ints: see move_ship
    best, best_d = NO_SEAT, value + 1
    for t, q in enumerate(position.ship_spaces):
        if t == seat or in_warp_gate(position, t) or position.cloaked[t]:
            continue
        dist = (q - p) * f
        if 0 < dist < best_d:
            best, best_d = t, dist
    return best


def waypoint_target(position: GravwellPosition, seat: int, value: int) -> int:
    """Waypoint: the farthest Debris Field or Merton Cloud space ahead within ``value`` (or ``NO_SPACE``)."""
    p = position.ship_spaces[seat]
    f: i64 = position.forward_direction[seat]  # machine ints: see move_ship
    best, best_d = NO_SPACE, 0
    for w in position.tables.waypoints:
        dist = (w - p) * f
        if best_d < dist <= value:
            best, best_d = w, dist
    return best
