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
    STOP,
    TRIM_LESS,
    TRIM_MORE,
    Stage,
)

if TYPE_CHECKING:
    from gravity_games.games.gravwell.rules import GravwellState

ENDS_OWN_WINDOW = frozenset({"stop", "swap", "waypoint"})


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


class AbilitiesMixin:
    """The ability windows and the execution of the card being resolved."""

    # -- names ---------------------------------------------------------------

    def ship_name(self: GravwellState, seat: int) -> str:
        k = self.ship[seat]
        return self.tables.ship_names[k] if k >= 0 else f"Seat {seat}"

    def space_name(self: GravwellState, x: int) -> str:
        if x == 0:
            return "the Inner Warp Gate"
        if x == self.L:
            return "the Outer Warp Gate"
        return f"space {x}"

    def ability_name(self: GravwellState, seat: int, slot: int) -> str:
        return self.tables.ability_names[self.ship[seat]][slot]

    # -- charging ------------------------------------------------------------

    def charge(self: GravwellState, seat: int, condition: str) -> None:
        """Charge every uncharged card of ``seat`` whose condition is ``condition`` (standard variant)."""
        t = self.tables
        if t.variant != "standard" or self.ship[seat] < 0:
            return
        sh = self.ship[seat]
        row = self.charged[seat]
        for k in (1, 2, 3):
            if not row[k] and t.condition[sh][k] == condition:
                row[k] = True
                self._note(f"{self.ship_name(seat)} charges {t.ability_names[sh][k]}")

    def charge_for_card(self: GravwellState, seat: int, card: int) -> None:
        """Conditions met by resolving a card: its printed value, type, and place in the order."""
        t = self.tables
        if t.variant != "standard":
            return
        sh = self.ship[seat]
        value = t.cvalue[card]
        row = self.charged[seat]
        for k in (1, 2, 3):
            cond = t.condition[sh][k]
            cv = t.cond_value[sh][k]
            if not row[k] and ((cond == "value_at_most" and value <= cv) or (cond == "value_at_least" and value >= cv)):
                row[k] = True
                self._note(f"{self.ship_name(seat)} charges {t.ability_names[sh][k]}")
        if self.res_idx == 0:
            self.charge(seat, "resolved_first")
        if self.res_idx == len(self.order) - 1:
            self.charge(seat, "resolved_last")
        if t.ctype[card] in (1, 3):
            self.charge(seat, "played_repulsor")
        if t.ctype[card] >= 2:
            self.charge(seat, "played_multipoint")

    def fire_move_events(self: GravwellState, seat: int, old: int, x: int, drifted: bool, owner: int,
                         multipoint: bool) -> None:
        """Charging events of one ship's move (drift, pushed back, passed over, approached, near junk)."""
        if self.tables.variant != "standard":
            return
        if drifted:
            self.charge(seat, "drifted")
        back = (x - old) * self.fdir[seat] < 0
        if owner != seat:
            if back:
                self.charge(seat, "pushed_back")
            if multipoint:
                self.charge(seat, "moved_by_multipoint")
        elif back:
            self.charge(seat, "own_backward")
        lo, hi = (old, x) if old < x else (x, old)
        L = self.L
        for t, q in enumerate(self.pos):
            if t != seat and lo < q < hi and 0 < q < L:
                self.charge(t, "passed_over")
        if 0 < x < L:
            for t, q in enumerate(self.pos):
                if t != seat and abs(q - x) == 1:
                    self.charge(t, "approached")
            if any(abs(j - x) == 1 for j in self.junk):
                self.charge(seat, "near_junk")

    # -- window dispatch -------------------------------------------------------

    def window_actions(self: GravwellState) -> list[int]:
        s = self.stage
        a = self.actor
        # PASS (62) is below every ability id (63..81), so it leads the sorted list.
        if s == Stage.OWN:
            return [PASS, *self.own_options(a)]
        if s == Stage.RESPONSE:
            return [PASS, *self.response_options(a)]
        if s == Stage.REVEAL:
            return [PASS, *self.reveal_options(a)]
        if s == Stage.CHARGE:
            return [PASS, *self.round_charge_options(a)]
        if s == Stage.TRIM:
            return [TRIM_LESS, TRIM_MORE]
        if s == Stage.DRAG:
            return sorted(DRAG0 + t for t in self.drag[0])
        return []

    def apply_window_action(self: GravwellState, action: int) -> None:
        s = self.stage
        if s == Stage.OWN:
            if action == PASS:
                self.after_own()
            else:
                self.use_own(action)
        elif s == Stage.TRIM:
            self.use_precision(action)
        elif s == Stage.RESPONSE:
            if action == PASS:
                self.queue.pop(0)
                self.next_response()
            else:
                self.use_response(action)
        elif s == Stage.REVEAL:
            if action == PASS:
                self.next_reveal_window()
            else:
                self.use_reveal(action)
        elif s == Stage.PREACT:
            self.preact_with(action)
        elif s == Stage.DRAG:
            self.drag_next(action - DRAG0)
        elif s == Stage.CHARGE:
            if action != PASS:
                _, k = self.tables.action_ability(action)
                self.charged[self.actor][k] = True
                self._note(f"{self.ship_name(self.actor)} kept its Emergency Stop and charges "
                           f"{self.ability_name(self.actor, k)}")
            self.next_round_charge()

    # -- the owner's window --------------------------------------------------------

    def own_options(self: GravwellState, o: int) -> list[int]:
        """Abilities ``o`` may use on its own card now (Emergency Stop first in id order)."""
        mods = self.mods
        if "stop" in mods or "swap" in mods or "waypoint" in mods:
            return []
        row = self.charged[o]
        sh = self.ship[o]
        t = self.tables
        out = []
        for k in t.own_slots[sh]:
            if row[k] and self.own_applies(o, t.effect[sh][k], t.scope[sh][k]):
                out.append(ABILITY0 + sh * 3 + k - 1)
        if row[0]:
            out.append(STOP)
        return out

    def own_applies(self: GravwellState, o: int, effect: str, scope: str) -> bool:
        multi = self.eff_type >= 2
        if effect == "boost":
            return scope == "any" or not multi
        if effect in ("reverse", "trim", "flail"):
            return not multi
        if effect == "swap":
            return not multi and self.swap_target(o, self.eff_value) >= 0
        if effect == "waypoint":
            return not multi and self.waypoint_target(o, self.eff_value) >= 0
        if effect == "dynamo":
            return multi
        if effect == "cloak":
            return not self.cloaked[o]
        return effect in ("echo", "invert")

    def open_own_window(self: GravwellState) -> None:
        o = self.resolving
        if self.own_options(o):
            self.stage = Stage.OWN
            self.actor = o
        else:
            self.after_own()

    def use_own(self: GravwellState, action: int) -> None:
        o = self.resolving
        if action == STOP:
            self.charged[o][0] = False
            self.es_used[o] = True
            self.mods.append("stop")
            self._note(f"{self.ship_name(o)} uses Emergency Stop")
            self.after_own()
            return
        sh, k = self.tables.action_ability(action)
        self.charged[o][k] = False
        effect = self.tables.effect[sh][k]
        amount = self.tables.amount[sh][k]
        self._note(f"{self.ship_name(o)} uses {self.tables.ability_names[sh][k]}")
        if effect == "boost":
            self.eff_value += amount
            self.mods.append(f"boost+{amount}")
        elif effect == "trim":
            self.stage = Stage.TRIM
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
        o = self.resolving
        if self.own_options(o):
            self.stage = Stage.OWN
            self.actor = o
        else:
            self.after_own()

    def after_own(self: GravwellState) -> None:
        o = self.resolving
        if "stop" in self.mods:
            self.execute_card()
            return
        n = len(self.pos)
        self.queue = [(o + i) % n for i in range(1, n)]
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
        t = self.tables
        sh = self.ship[r]
        row = self.charged[r]
        multi = self.eff_type >= 2
        std_move = not multi and "swap" not in self.mods and "waypoint" not in self.mods
        out = []
        for k in t.response_slots[sh]:
            if not row[k]:
                continue
            e = t.effect[sh][k]
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
                out.append(ABILITY0 + sh * 3 + k - 1)
        return out

    def next_response(self: GravwellState) -> None:
        while self.queue:
            r = self.queue[0]
            if self.response_options(r):
                self.stage = Stage.RESPONSE
                self.actor = r
                return
            self.queue.pop(0)
        self.execute_card()

    def use_response(self: GravwellState, action: int) -> None:
        r = self.actor
        sh, k = self.tables.action_ability(action)
        self.charged[r][k] = False
        effect = self.tables.effect[sh][k]
        self._note(f"{self.ship_name(r)} answers with {self.tables.ability_names[sh][k]}")
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
        t = self.tables
        sh = self.ship[s]
        if sh < 0:
            return []
        row = self.charged[s]
        out = []
        for k in t.reveal_slots[sh]:
            if not row[k]:
                continue
            e = t.effect[sh][k]
            if (e == "preact" and self.hands[s]) or (e == "delay" and s not in self.delayed):
                out.append(ABILITY0 + sh * 3 + k - 1)
        return out

    def use_reveal(self: GravwellState, action: int) -> None:
        s = self.actor
        sh, k = self.tables.action_ability(action)
        self.charged[s][k] = False
        self._note(f"{self.ship_name(s)} uses {self.tables.ability_names[sh][k]}")
        if self.tables.effect[sh][k] == "preact":
            self.stage = Stage.PREACT
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
        self._note(f"{self.ship_name(s)} takes back {sym[old]} and plays {sym[card]}")
        self.continue_reveal()

    def continue_reveal(self: GravwellState) -> None:
        if self.reveal_options(self.actor):
            self.stage = Stage.REVEAL
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
        o = self.resolving
        sym = self.tables.symbols[self.chosen[o]]
        if "stop" in self.mods:
            self._note(f"{self.ship_name(o)}'s {sym} is discarded without moving anything")
            self.finish_card()
            return
        if self.eff_type >= 2:
            if "jam" in self.mods:
                self._note(f"{self.ship_name(o)}'s Multipoint Beam {sym} is jammed and moves nothing")
                self.finish_card()
                return
            self.drag = self.multipoint_order(o, self.eff_type == 3)
            self.continue_multipoint()
            return
        if "swap" in self.mods:
            self.swap_paint(o)
        elif "waypoint" in self.mods:
            w = self.waypoint_target(o, self.eff_value)
            if w >= 0:
                self.move_ship(o, self.fdir[o], abs(w - self.pos[o]), o, False)
        else:
            old = self.pos[o]
            flip = ("reverse" in self.mods) != ("redirect" in self.mods)
            self.standard_beam(o, self.eff_type == 1, self.eff_value, flip)
            if self.stage == Stage.END:
                return
            self.latch_on(o, old)
        if self.stage != Stage.END:
            self.finish_card()

    def swap_paint(self: GravwellState, o: int) -> None:
        t = self.swap_target(o, self.eff_value)
        if t < 0:
            return
        self.pos[o], self.pos[t] = self.pos[t], self.pos[o]
        self._note(f"{self.ship_name(o)} swaps places with {self.ship_name(t)}")

    def latch_on(self: GravwellState, o: int, old: int) -> None:
        """Latch: each latching ship moves to the space just behind the ship that moved."""
        new = self.pos[o]
        if new == old:
            return
        d = _sign(new - old)
        for r in self.latchers:
            self.place_ship(r, new - d, -d, r)
            if self.stage == Stage.END:
                return

    def continue_multipoint(self: GravwellState) -> None:
        done = self.run_multipoint()
        if self.stage == Stage.END:
            return
        if not done:
            self.stage = Stage.DRAG
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
        if self.stage == Stage.END:
            return
        self.continue_multipoint()

    def finish_card(self: GravwellState) -> None:
        o = self.resolving
        if "echo" in self.mods and self.echo == 0:
            self.echo = 1
            self._note(f"{self.ship_name(o)}'s Echo Drive resolves the card again")
            self.execute_card()
            return
        self.charge_for_card(o, self.chosen[o])
        self.res_idx += 1
        self.begin_card()
