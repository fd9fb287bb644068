"""Gravwell movement: the nearest object, the tie rule, drifting, Standard and Multipoint Beams.

These are mixed into :class:`~gravity_games.games.gravwell.rules.GravwellState`; they read and write its
flat fields. Positions are absolute: 0 is the Inner Warp Gate, ``L`` (the track length) the Outer Warp
Gate, 1..L-1 the spaces of the spiral arm. A direction is +1 (toward the Outer Warp Gate) or -1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gravity_games.games.gravwell.rules import GravwellState

JUNK0 = 6
"""Object id of the first Space Junk token; ships are 0..5 (their seat), junk 6 and 7.

Space Junk is an object like a ship ("the term 'object' refers to ships and Space Junk") and moves by
the same rules, into a Warp Gate too ("all other objects in the Gravwell will move toward (and
possibly into) the Warp Gate"). Once in a gate it is what a ship in a gate is: no source of gravity,
not counted in the tie rule, blocking nothing, dragged out by a Multipoint Tractor Beam and left alone
by a Multipoint Repulsor Beam.
"""


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


class MovesMixin:
    """Beam geometry of the Gravwell (see the rulebook's "Fuel Card Types" and "Drifting")."""

    __slots__ = ()  # no instance __dict__: the state's fields are the slots of GravwellState

    # -- objects ------------------------------------------------------------

    def in_gate(self: GravwellState, seat: int) -> bool:
        """Ships in either Warp Gate are not objects: no gravity, no drifting onto them."""
        p = self.pos[seat]
        return p == 0 or p == self.L

    def occupied(self: GravwellState, x: int, ship: int = -1, junk: int = -1) -> bool:
        """Is space ``x`` held by an object other than ``ship``/``junk``? Warp Gates never are."""
        if x <= 0 or x >= self.L:
            return False
        for t, p in enumerate(self.pos):
            if p == x and t != ship:
                return True
        # a plain loop, not any(<generator>): no generator object per call
        for j, q in enumerate(self.junk):  # noqa: SIM110
            if q == x and j != junk:
                return True
        return False

    def gravity_sources(self: GravwellState, seat: int) -> list[int]:
        """Positions of the objects a Standard Beam of ``seat`` can lock onto.

        Other ships outside the Warp Gates (a cloaked ship is no source of gravity) and the Space Junk
        outside them.
        """
        L = self.L
        out = [p for t, p in enumerate(self.pos) if t != seat and 0 < p < L and not self.cloaked[t]]
        out.extend(q for q in self.junk if 0 < q < L)
        return out

    def beam_direction(self: GravwellState, seat: int) -> int:
        """Direction (+1/-1) toward the nearest object, or 0 when the tie rule leaves the ship stuck.

        Equidistant objects on both sides: the side holding more objects wins, distances of the others
        do not matter; an equal count means no move (rulebook "Special Cases").
        """
        # One pass over gravity_sources(seat) without building the list: the nearest object ahead
        # and behind, and the count of objects on each side.
        pos = self.pos
        p = pos[seat]
        L = self.L
        cloaked = self.cloaked
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
        for q in self.junk:
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
            return _sign(up - down)
        if up and (not down or near_up - p < p - near_down):
            return 1
        return -1 if down else 0

    # -- moving things ------------------------------------------------------

    def drift_target(self: GravwellState, seat: int, x: int, d: int) -> tuple[int, bool]:
        """Where a ship moved to ``x`` in direction ``d`` comes to rest (drifting past objects)."""
        L = self.L
        pos = self.pos
        junk = self.junk
        drifted = False
        while 0 < x < L:
            # occupied(x, ship=seat), inlined: junk there, or a ship other than this one
            if x in junk or (x in pos and (pos[seat] != x or pos.count(x) > 1)):
                x += d
                drifted = True
            else:
                return x, drifted
        return (0 if x <= 0 else L), drifted

    def move_ship(self: GravwellState, seat: int, d: int, steps: int, owner: int, multipoint: bool) -> None:
        """Move ``seat``'s ship ``steps`` spaces in direction ``d`` (by ``owner``'s card), drifting."""
        if steps <= 0 or d == 0:
            return
        # drift_target and settle_ship, inlined (this runs at nearly every card)
        L = self.L
        pos = self.pos
        junk = self.junk
        old = pos[seat]
        x = old + d * steps
        drifted = False
        while 0 < x < L:
            if x in junk or (x in pos and (old != x or pos.count(x) > 1)):
                x += d
                drifted = True
            else:
                break
        else:
            x = 0 if x <= 0 else L
        if x == old:
            return
        pos[seat] = x
        t = self.tables
        names = t.space_names
        if self._shared:  # _say, inlined
            self._unshare()
        self._log.append(("%s moves %s %s from %s to %s%s", self.names[seat], abs(x - old),
                          "forward" if (x - old) * self.fdir[seat] > 0 else "back", names[old], names[x],
                          " (drifting)" if drifted else ""))
        if t.standard:
            self.fire_move_events(seat, old, x, drifted, owner, multipoint)
        if x == self.dest[seat]:
            self.escape(seat)

    def place_ship(self: GravwellState, seat: int, target: int, d: int, owner: int) -> None:
        """Put ``seat``'s ship on ``target``, drifting in direction ``d`` if that space is held."""
        x, drifted = self.drift_target(seat, target, d)
        if x != self.pos[seat]:
            self.settle_ship(seat, x, drifted, owner, False)

    def settle_ship(self: GravwellState, seat: int, x: int, drifted: bool, owner: int, multipoint: bool) -> None:
        """Finish a ship's move: log it, fire the charging events, and check for an escape."""
        old = self.pos[seat]
        self.pos[seat] = x
        if x == old:
            return
        names = self.tables.space_names
        self._say("%s moves %s %s from %s to %s%s", self.names[seat], abs(x - old),
                  "forward" if (x - old) * self.fdir[seat] > 0 else "back", names[old], names[x],
                  " (drifting)" if drifted else "")
        if self.tables.standard:
            self.fire_move_events(seat, old, x, drifted, owner, multipoint)
        if x == self.dest[seat]:
            self.escape(seat)

    def move_junk(self: GravwellState, j: int, d: int, steps: int) -> None:
        """Move Space Junk ``j`` like a ship: drifting past objects, into a Warp Gate it reaches or passes.

        "If you play a Multipoint Beam while in a Warp Gate, all other objects in the Gravwell will move
        toward (and possibly into) the Warp Gate"; "Follow the same rule when moving any objects".
        """
        L = self.L
        old = self.junk[j]
        x = old + d * steps
        while 0 < x < L and self.occupied(x, junk=j):
            x += d
        if x <= 0:
            x = 0
        elif x >= L:
            x = L
        self.junk[j] = x
        if x != old:
            names = self.tables.space_names
            self._say("Space Junk moves from %s to %s", names[old], names[x])

    # -- the two kinds of beam ----------------------------------------------

    def standard_beam(self: GravwellState, seat: int, repulsor: bool, value: int, flip: bool) -> None:
        """A Standard Tractor (toward) or Repulsor (away) Beam moves the card owner's ship."""
        d = self.beam_direction(seat)
        if d == 0:
            self._say("%s is held between equal pulls and does not move", self.names[seat])
            self.charge(seat, "stuck")
            return
        if repulsor:
            if self.in_gate(seat):
                self._say("%s is in a Warp Gate; the Repulsor Beam does not move it", self.names[seat])
                return
            d = -d
        if flip:
            d = -d
        self.move_ship(seat, d, value, seat, False)

    def multipoint_order(self: GravwellState, owner: int, repulsor: bool) -> list[list[int]]:
        """Objects a Multipoint Beam moves, nearest first; equal distance: nearer the Inner Gate first.

        Ships sharing a Warp Gate are equally near and at the same place: they form one group whose
        order the card's owner chooses. Repulsors never move ships in a gate; shielded, coasting and
        cloaked ships are left out.
        """
        p = self.pos[owner]
        keyed: list[tuple[int, int, int]] = []
        for t, q in enumerate(self.pos):
            if t == owner or q == p or self.cloaked[t] or t in self.shielded:
                continue
            if repulsor and self.in_gate(t):
                continue
            d = _sign(q - p) if repulsor else _sign(p - q)
            if t in self.coasted and d * self.fdir[t] < 0:
                continue
            keyed.append((abs(q - p), q, t))
        L = self.L
        for j, q in enumerate(self.junk):
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

    def move_object_by_multipoint(self: GravwellState, obj: int) -> None:
        """Move one object of the current Multipoint Beam toward (tractor) or away from the owner."""
        owner = self.resolving
        p = self.pos[owner]
        repulsor = self.eff_type == 3
        value = self.eff_value
        if obj >= JUNK0:
            q = self.junk[obj - JUNK0]
            d = _sign(q - p) if repulsor else _sign(p - q)
            self.move_junk(obj - JUNK0, d, value)
        else:
            q = self.pos[obj]
            d = _sign(q - p) if repulsor else _sign(p - q)
            self.move_ship(obj, d, value, owner, True)

    def run_multipoint(self: GravwellState) -> bool:
        """Move the queued objects in order; False when the owner must choose a gate group's order."""
        while self.drag:
            group = self.drag[0]
            if len(group) >= 2:
                return False
            self.drag.pop(0)
            self.move_object_by_multipoint(group[0])
            if self.winners:
                return True
        return True

    def swap_target(self: GravwellState, seat: int, value: int) -> int:
        """Swap Paint: the nearest ship ahead of ``seat`` within ``value`` spaces (or -1)."""
        p, f = self.pos[seat], self.fdir[seat]
        best, best_d = -1, value + 1
        for t, q in enumerate(self.pos):
            if t == seat or self.in_gate(t) or self.cloaked[t]:
                continue
            dist = (q - p) * f
            if 0 < dist < best_d:
                best, best_d = t, dist
        return best

    def waypoint_target(self: GravwellState, seat: int, value: int) -> int:
        """Waypoint: the farthest Debris Field or Merton Cloud space ahead within ``value`` (or -1)."""
        p, f = self.pos[seat], self.fdir[seat]
        best, best_d = -1, 0
        for w in self.tables.waypoints:
            dist = (w - p) * f
            if best_d < dist <= value:
                best, best_d = w, dist
        return best
