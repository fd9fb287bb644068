"""Ship Ability Cards and the resolution of one Fuel Card: windows, responses, charging.

A card resolves in three steps. The owner's window: Emergency Stop and the abilities that change the
owner's own card. The response windows: each other seat, starting left of the owner, may use an
ability that answers this card. Then the movement, with the choices it needs (which ship leaves a
shared Warp Gate first). A window is only opened for a seat that has something it can use.
Charging conditions fire as the events happen (one event may charge several cards).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gravity_games.games.gravwell.tables import (
    ABILITY0,
    DRAG0,
    PASS,
    ST_CHARGE,
    ST_DRAG,
    ST_END,
    ST_OWN,
    ST_PREACT,
    ST_RESPONSE,
    ST_REVEAL,
    ST_TRIM,
    STOP,
    TRIM_LESS,
    TRIM_MORE,
)

if TYPE_CHECKING:
    from gravity_games.games.gravwell.rules import GravwellState

ENDS_OWN_WINDOW = frozenset({"stop", "swap", "waypoint"})


OPTION_WINDOWS = frozenset({ST_OWN, ST_RESPONSE})
"""Windows whose options are kept in ``state.window`` when they open."""


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


class AbilitiesMixin:
    """The ability windows and the execution of the card being resolved."""

    __slots__ = ()  # no instance __dict__: the state's fields are the slots of GravwellState

    # -- names ---------------------------------------------------------------

    def ship_name(self: GravwellState, seat: int) -> str:
        return self.names[seat]

    def space_name(self: GravwellState, x: int) -> str:
        return self.tables.space_names[x]

    def ability_name(self: GravwellState, seat: int, slot: int) -> str:
        return self.tables.ability_names[self.ship[seat]][slot]

    # -- charging ------------------------------------------------------------

    def charge(self: GravwellState, seat: int, condition: str) -> None:
        """Charge every uncharged card of ``seat`` whose condition is ``condition`` (standard variant)."""
        t = self.tables
        sh = self.ship[seat]
        # most events concern none of the ship's three cards: one set lookup says so
        if not t.standard or sh < 0 or condition not in t.conditions[sh]:
            return
        row = self.charged[seat]
        for k in t.cond_slots[sh][condition]:
            if not row[k]:
                row[k] = True
                self._say("%s charges %s", self.names[seat], t.ability_names[sh][k])

    def charge_for_card(self: GravwellState, seat: int, card: int) -> None:
        """Conditions met by resolving a card: its printed value, its place in the order, its type."""
        t = self.tables
        if not t.standard:
            return
        sh = self.ship[seat]
        # the slots each condition charges are looked up (Tables.value_slots etc.), usually none
        slots = t.value_slots[sh][card]
        if slots:
            self.charge_slots(seat, slots)
        if self.res_idx == 0 and t.first_slots[sh]:
            self.charge_slots(seat, t.first_slots[sh])
        if self.res_idx == len(self.order) - 1 and t.last_slots[sh]:
            self.charge_slots(seat, t.last_slots[sh])
        slots = t.type_slots[sh][card]
        if slots:
            self.charge_slots(seat, slots)

    def charge_slots(self: GravwellState, seat: int, slots: tuple[int, ...]) -> None:
        """Charge those of ``seat``'s cards in ``slots`` that are not charged yet (in that order)."""
        row = self.charged[seat]
        for k in slots:
            if not row[k]:
                row[k] = True
                self._say("%s charges %s", self.names[seat], self.tables.ability_names[self.ship[seat]][k])

    def fire_move_events(self: GravwellState, seat: int, old: int, x: int, drifted: bool, owner: int,
                         multipoint: bool) -> None:
        """Charging events of one ship's move (drift, pushed back, passed over, approached, near junk)."""
        # Only the seats with a card waiting for an event are looked at (self.watch; empty outside
        # the standard variant), in seat order as the events charge them.
        # (the set lookup first: most ships wait for none of these)
        waits = self.waits[seat]
        if drifted and "drifted" in waits:
            self.charge(seat, "drifted")
        if owner != seat:
            if "pushed_back" in waits and (x - old) * self.fdir[seat] < 0:
                self.charge(seat, "pushed_back")
            if multipoint and "moved_by_multipoint" in waits:
                self.charge(seat, "moved_by_multipoint")
        elif "own_backward" in waits and (x - old) * self.fdir[seat] < 0:
            self.charge(seat, "own_backward")
        watch = self.watch
        L = self.L
        pos = self.pos
        watchers = watch["passed_over"]
        if watchers:
            lo, hi = (old, x) if old < x else (x, old)
            for t in watchers:
                q = pos[t]
                if lo < q < hi and t != seat and 0 < q < L:
                    self.charge(t, "passed_over")
        if 0 < x < L:
            for t in watch["approached"]:
                if abs(pos[t] - x) == 1 and t != seat:
                    self.charge(t, "approached")
            if "near_junk" in waits:
                junk = self.junk
                # junk in a Warp Gate (0 or L) is out of the Gravwell: no space next to it is "near" it
                if (x - 1 in junk and x > 1) or (x + 1 in junk and x + 1 < L):
                    self.charge(seat, "near_junk")

    # -- window dispatch -------------------------------------------------------

    def window_actions(self: GravwellState) -> list[int]:
        s = self.stage
        a = self.actor
        # PASS (62) is below every ability id (63..81), so it leads the sorted list.
        if s in OPTION_WINDOWS:
            # the options were worked out when the window opened (and no move came since)
            window = self.window
            if window is None:
                window = self.own_options(a) if s == ST_OWN else self.response_options(a)
            return [PASS, *window]
        if s == ST_REVEAL:
            return [PASS, *self.reveal_options(a)]
        if s == ST_CHARGE:
            return [PASS, *self.round_charge_options(a)]
        if s == ST_TRIM:
            return [TRIM_LESS, TRIM_MORE]
        if s == ST_DRAG:
            return sorted(DRAG0 + t for t in self.drag[0])
        return []

    def apply_window_action(self: GravwellState, action: int) -> None:
        s = self.stage
        if s == ST_OWN:
            if action == PASS:
                self.after_own()
            else:
                self.use_own(action)
        elif s == ST_TRIM:
            self.use_precision(action)
        elif s == ST_RESPONSE:
            if action == PASS:
                self.queue.pop(0)
                self.next_response()
            else:
                self.use_response(action)
        elif s == ST_REVEAL:
            if action == PASS:
                self.next_reveal_window()
            else:
                self.use_reveal(action)
        elif s == ST_PREACT:
            self.preact_with(action)
        elif s == ST_DRAG:
            self.drag_next(action - DRAG0)
        elif s == ST_CHARGE:
            if action != PASS:
                _, k = self.tables.action_ability(action)
                self.charged[self.actor][k] = True
                self._say("%s kept its Emergency Stop and charges %s", self.names[self.actor],
                          self.ability_name(self.actor, k))
            self.next_round_charge()

    # -- the owner's window --------------------------------------------------------

    def own_options(self: GravwellState, o: int) -> list[int]:
        """Abilities ``o`` may use on its own card now (Emergency Stop first in id order)."""
        mods = self.mods
        if mods and ("stop" in mods or "swap" in mods or "waypoint" in mods):
            return []
        row = self.charged[o]
        out = []
        # only the abilities that fit this kind of card (tables.own_fits_kind), looked up per ship
        for k, action, positional in self.tables.own_by_kind[self.ship[o]][self.eff_type >= 2]:
            if row[k] and (positional is None or self.own_in_reach(o, positional)):
                out.append(action)
        if row[0]:
            out.append(STOP)
        return out

    def own_in_reach(self: GravwellState, o: int, effect: str) -> bool:
        """The position's part of an own-card ability: a target in reach, or a ship not yet cloaked."""
        if effect == "swap":
            return self.swap_target(o, self.eff_value) >= 0
        if effect == "waypoint":
            return self.waypoint_target(o, self.eff_value) >= 0
        return not self.cloaked[o]  # cloak

    def open_own_window(self: GravwellState) -> None:
        """The owner may change its own card: a window opens only if some ability of it applies."""
        o = self.resolving
        options = self.own_options(o)
        if options:
            self.stage = ST_OWN
            self.actor = o
            self.window = options
            return
        # after_own, inlined: nothing was used, so there is no Emergency Stop to honour
        self.queue = list(self.tables.seats_after[o])
        self.next_response()

    def use_own(self: GravwellState, action: int) -> None:
        o = self.resolving
        if action == STOP:
            self.charged[o][0] = False
            self.es_used[o] = True
            self.mods.append("stop")
            self._say("%s uses Emergency Stop", self.names[o])
            self.after_own()
            return
        sh, k = self.tables.action_ability(action)
        self.charged[o][k] = False
        effect = self.tables.effect[sh][k]
        amount = self.tables.amount[sh][k]
        self._say("%s uses %s", self.names[o], self.tables.ability_names[sh][k])
        if effect == "boost":
            self.eff_value += amount
            self.mods.append(f"boost+{amount}")
        elif effect == "trim":
            self.stage = ST_TRIM
            self.actor = o
            self.queue = [amount]
            return
        elif effect == "flail":
            self.eff_type += 2
            self.mods.append(effect)
        elif effect == "dynamo":
            self.eff_type -= 2
            self.mods.append(effect)
        elif effect == "invert":
            self.eff_type ^= 1
            self.mods.append(effect)
        elif effect == "cloak":
            self.cloaked[o] = True
        else:  # reverse, swap, waypoint, echo
            self.mods.append(effect)
        if effect in ENDS_OWN_WINDOW:
            self.after_own()
        else:
            self.continue_own()

    def use_precision(self: GravwellState, action: int) -> None:
        amount = self.queue.pop() if self.queue else 1
        if action == TRIM_LESS:
            self.eff_value = max(0, self.eff_value - amount)
            self.mods.append(f"trim-{amount}")
        else:
            self.eff_value += amount
            self.mods.append(f"trim+{amount}")
        self.continue_own()

    def continue_own(self: GravwellState) -> None:
        self.open_own_window()

    def after_own(self: GravwellState) -> None:
        mods = self.mods
        if mods and "stop" in mods:
            self.execute_card()
            return
        self.queue = list(self.tables.seats_after[self.resolving])
        self.next_response()

    # -- response windows ----------------------------------------------------------

    def multipoint_affects(self: GravwellState, r: int) -> bool:
        """Would the current Multipoint Beam move ``r``'s ship (before any response)?"""
        if self.cloaked[r] or r in self.shielded:
            return False
        p, q = self.pos[self.resolving], self.pos[r]
        if q == p:
            return False
        return not (self.eff_type == 3 and self.in_gate(r))

    def multipoint_direction(self: GravwellState, r: int) -> int:
        p, q = self.pos[self.resolving], self.pos[r]
        return _sign(q - p) if self.eff_type == 3 else _sign(p - q)

    def response_options(self: GravwellState, r: int) -> list[int]:
        """Abilities ``r`` may use in answer to the card being resolved."""
        row = self.charged[r]
        out: list[int] = []
        for k, e, action in self.tables.response_abilities[self.ship[r]]:
            if not row[k]:
                continue
            multi = self.eff_type >= 2
            std_move = not multi and "swap" not in self.mods and "waypoint" not in self.mods
            if e == "coast":
                ok = (multi and r not in self.coasted and self.multipoint_affects(r)
                      and self.multipoint_direction(r) * self.fdir[r] < 0)
            elif e == "shield":
                ok = multi and self.multipoint_affects(r)
            elif e == "jam":
                ok = multi and "jam" not in self.mods
            elif e == "redirect":
                ok = std_move and "redirect" not in self.mods
            elif e == "latch":
                ok = std_move and not self.in_gate(r) and r not in self.latchers
            else:  # cloak
                ok = not self.cloaked[r]
            if ok:
                out.append(action)
        return out

    def next_response(self: GravwellState) -> None:
        queue = self.queue
        charged = self.charged
        ship = self.ship
        abilities = self.tables.response_abilities
        while queue:
            r = queue[0]
            row = charged[r]
            # a seat with no charged response card has nothing to answer with: skip it at once
            for k, _, _ in abilities[ship[r]]:
                if row[k]:
                    options = self.response_options(r)
                    if options:
                        self.stage = ST_RESPONSE
                        self.actor = r
                        self.window = options
                        return
                    break
            del queue[0]
        self.execute_card()

    def use_response(self: GravwellState, action: int) -> None:
        r = self.actor
        sh, k = self.tables.action_ability(action)
        self.charged[r][k] = False
        effect = self.tables.effect[sh][k]
        self._say("%s answers with %s", self.names[r], self.tables.ability_names[sh][k])
        if effect == "coast":
            self.coasted.append(r)
        elif effect == "shield":
            self.shielded.append(r)
        elif effect == "latch":
            self.latchers.append(r)
        elif effect == "cloak":
            self.cloaked[r] = True
        else:  # jam, redirect
            self.mods.append(effect)
        if not self.response_options(r):
            self.queue.pop(0)
        self.next_response()

    # -- reveal window (T'Rang) ------------------------------------------------------

    def reveal_options(self: GravwellState, s: int) -> list[int]:
        sh = self.ship[s]
        if sh < 0:
            return []
        row = self.charged[s]
        out = []
        for k, e, action in self.tables.reveal_abilities[sh]:
            if row[k] and ((e == "preact" and self.hands[s]) or (e == "delay" and s not in self.delayed)):
                out.append(action)
        return out

    def use_reveal(self: GravwellState, action: int) -> None:
        s = self.actor
        sh, k = self.tables.action_ability(action)
        self.charged[s][k] = False
        self._say("%s uses %s", self.names[s], self.tables.ability_names[sh][k])
        if self.tables.effect[sh][k] == "preact":
            self.stage = ST_PREACT
            return
        self.delayed.append(s)
        self.continue_reveal()

    def preact_with(self: GravwellState, card: int) -> None:
        """Preact: the revealed card goes back to the hand (now known to all) and ``card`` is played."""
        s = self.actor
        old = self.chosen[s]
        self.hands[s].remove(card)
        self.hands[s].append(old)
        self.known[s].append(old)
        if card in self.known[s]:
            self.known[s].remove(card)
        self.chosen[s] = card
        sym = self.tables.symbols
        self._say("%s takes back %s and plays %s", self.names[s], sym[old], sym[card])
        self.continue_reveal()

    def continue_reveal(self: GravwellState) -> None:
        if self.reveal_options(self.actor):
            self.stage = ST_REVEAL
        else:
            self.next_reveal_window()

    def round_charge_options(self: GravwellState, s: int) -> list[int]:
        """End of round, standard variant: Emergency Stop unused this round -> charge one other card."""
        if self.tables.variant != "standard" or self.es_used[s]:
            return []
        sh = self.ship[s]
        return [ABILITY0 + sh * 3 + k - 1 for k in (1, 2, 3) if not self.charged[s][k]]

    # -- executing the card ----------------------------------------------------------

    def execute_card(self: GravwellState) -> None:
        """Carry out the card being resolved, as the abilities used on it left it."""
        o = self.resolving
        mods = self.mods  # usually empty: no ability changed this card
        if not mods and self.eff_type < 2:
            # the usual case first: a Standard Beam as printed (the branch below, without modifiers)
            old = self.pos[o]
            self.standard_beam(o, self.eff_type == 1, self.eff_value, False)
            if self.stage == ST_END:
                return
            if self.latchers:
                self.latch_on(o, old)
                if self.stage == ST_END:
                    return
            self.finish_card()
            return
        if mods and "stop" in mods:
            sym = self.tables.symbols[self.chosen[o]]
            self._say("%s's %s is discarded without moving anything", self.names[o], sym)
            self.finish_card()
            return
        if self.eff_type >= 2:
            if mods and "jam" in mods:
                sym = self.tables.symbols[self.chosen[o]]
                self._say("%s's Multipoint Beam %s is jammed and moves nothing", self.names[o], sym)
                self.finish_card()
                return
            self.drag = self.multipoint_order(o, self.eff_type == 3)
            self.continue_multipoint()
            return
        if mods and "swap" in mods:
            self.swap_paint(o)
        elif mods and "waypoint" in mods:
            w = self.waypoint_target(o, self.eff_value)
            if w >= 0:
                self.move_ship(o, self.fdir[o], abs(w - self.pos[o]), o, False)
        else:
            old = self.pos[o]
            flip = bool(mods) and (("reverse" in mods) != ("redirect" in mods))
            self.standard_beam(o, self.eff_type == 1, self.eff_value, flip)
            if self.stage == ST_END:
                return
            if self.latchers:
                self.latch_on(o, old)
        if self.stage != ST_END:
            self.finish_card()

    def swap_paint(self: GravwellState, o: int) -> None:
        t = self.swap_target(o, self.eff_value)
        if t < 0:
            return
        self.pos[o], self.pos[t] = self.pos[t], self.pos[o]
        self._say("%s swaps places with %s", self.names[o], self.names[t])

    def latch_on(self: GravwellState, o: int, old: int) -> None:
        """Latch: each latching ship moves to the space just behind the ship that moved."""
        new = self.pos[o]
        if new == old:
            return
        d = _sign(new - old)
        for r in self.latchers:
            self.place_ship(r, new - d, -d, r)
            if self.stage == ST_END:
                return

    def continue_multipoint(self: GravwellState) -> None:
        done = self.run_multipoint()
        if self.stage == ST_END:
            return
        if not done:
            self.stage = ST_DRAG
            self.actor = self.resolving
            return
        self.finish_card()

    def drag_next(self: GravwellState, t: int) -> None:
        """The owner chooses which of the ships sharing a Warp Gate moves next."""
        group = self.drag[0]
        group.remove(t)
        if not group:
            self.drag.pop(0)
        self.move_object_by_multipoint(t)
        if self.stage == ST_END:
            return
        self.continue_multipoint()

    def finish_card(self: GravwellState) -> None:
        o = self.resolving
        if self.mods and self.echo == 0 and "echo" in self.mods:
            self.echo = 1
            self._say("%s's Echo Drive resolves the card again", self.names[o])
            self.execute_card()
            return
        if self.tables.standard:
            self.charge_for_card(o, self.chosen[o])
        self.res_idx += 1
        self.begin_card()
