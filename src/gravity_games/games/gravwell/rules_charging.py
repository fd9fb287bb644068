"""Charging the Ship Ability Cards: the conditions met by events, by resolved cards, at a round's end.

"It is possible to charge multiple Ship Ability Cards at once": every event charges every uncharged
card of the seats waiting for it. Only the standard variant charges by events ("Make It Count" never
recharges, "Classic Gravwell" has no unique abilities).
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from gravity_games.games.gravwell.state import GravwellPosition, is_among, spaces_between
from gravity_games.games.gravwell.tables import CONDITION_BIT, UNIQUE_SLOTS, ability_action

# The bits of the conditions a ship's move can meet (``GravwellPosition.awaited_bits``).
DRIFTED: Final = CONDITION_BIT["drifted"]
PUSHED_BACK: Final = CONDITION_BIT["pushed_back"]
MOVED_BY_MULTIPOINT: Final = CONDITION_BIT["moved_by_multipoint"]
OWN_BACKWARD: Final = CONDITION_BIT["own_backward"]
NEAR_JUNK: Final = CONDITION_BIT["near_junk"]


def charge_abilities(position: GravwellPosition, seat: int, condition: str) -> None:
    """Charge every uncharged card of ``seat`` whose condition is ``condition`` (standard variant)."""
    t = position.tables
    ship = position.ships[seat]
    # most events concern none of the ship's three cards: one set lookup says so
    if not t.standard or ship < 0 or condition not in t.conditions[ship]:
        return
    row = position.charged[seat]
    for slot in t.condition_slots[ship][condition]:
        if not row[slot]:
            row[slot] = True
            position.say("%s charges %s", position.seat_names[seat], t.ability_names[ship][slot])


def charge_for_resolved_card(position: GravwellPosition, seat: int, card: int) -> None:
    """Conditions met by resolving a card: its printed value, its place in the order, its type."""
    t = position.tables
    if not t.standard:
        return
    ship = position.ships[seat]
    # the slots each condition charges are looked up (Tables.value_slots etc.), usually none
    slots = t.value_slots[ship][card]
    if slots:
        charge_slots(position, seat, slots)
    if position.resolution_index == 0 and t.first_slots[ship]:
        charge_slots(position, seat, t.first_slots[ship])
    if position.resolution_index == len(position.resolution_order) - 1 and t.last_slots[ship]:
        charge_slots(position, seat, t.last_slots[ship])
    slots = t.type_slots[ship][card]
    if slots:
        charge_slots(position, seat, slots)


def charge_slots(position: GravwellPosition, seat: int, slots: tuple[int, ...]) -> None:
    """Charge those of ``seat``'s cards in ``slots`` that are not charged yet (in that order)."""
    row = position.charged[seat]
    for slot in slots:
        if not row[slot]:
            row[slot] = True
            position.say(
                "%s charges %s", position.seat_names[seat], position.tables.ability_names[position.ships[seat]][slot]
            )


def charge_for_move(
    position: GravwellPosition, seat: int, old: int, x: int, drifted: bool, owner: int, multipoint: bool
) -> None:
    """Charging events of one ship's move (drift, pushed back, passed over, approached, near junk)."""
    # Only the seats with a card waiting for an event are looked at (``watchers``; empty outside
    # the standard variant), in seat order as the events charge them; most ships wait for none.
    waits = position.awaited_bits[seat]
    # machine ints (i64): a product with a negative factor stays native code when compiled
    moved: i64 = x - old
    forward: i64 = position.forward_direction[seat]
    if drifted and waits & DRIFTED:
        charge_abilities(position, seat, "drifted")
    if owner != seat:
        if waits & PUSHED_BACK and moved * forward < 0:
            charge_abilities(position, seat, "pushed_back")
        if multipoint and waits & MOVED_BY_MULTIPOINT:
            charge_abilities(position, seat, "moved_by_multipoint")
    elif waits & OWN_BACKWARD and moved * forward < 0:
        charge_abilities(position, seat, "own_backward")
    L = position.track_length
    pos = position.ship_spaces
    passed = position.passed_over_watchers
    if passed:
        lo, hi = (old, x) if old < x else (x, old)
        for t in passed:
            q = pos[t]
            if lo < q < hi and t != seat and 0 < q < L:
                charge_abilities(position, t, "passed_over")
    if 0 < x < L:
        for t in position.approached_watchers:
            if spaces_between(pos[t], x) == 1 and t != seat:
                charge_abilities(position, t, "approached")
        if waits & NEAR_JUNK:
            junk = position.junk_spaces
            # junk in a Warp Gate (0 or L) is out of the Gravwell: no space next to it is "near" it
            if (x > 1 and is_among(x - 1, junk)) or (x + 1 < L and is_among(x + 1, junk)):
                charge_abilities(position, seat, "near_junk")


def end_of_round_charge_options(position: GravwellPosition, seat: int) -> list[int]:
    """End of round, standard variant: Emergency Stop unused this round -> charge one other card.

    "If you end a Round without using your Emergency Stop card, you may charge one of your other
    Ship Ability Cards before the start of the next Round."
    """
    if position.tables.variant != "standard" or position.emergency_stop_used[seat]:
        return []
    ship = position.ships[seat]
    return [ability_action(ship, k) for k in UNIQUE_SLOTS if not position.charged[seat][k]]
