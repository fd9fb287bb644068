"""Resolving your Fuel Cards: the reveal, the alphabetical order, and each card with its windows.

A card resolves in three steps. The owner's window: Emergency Stop and the abilities that change the
owner's own card. The response windows: each other seat, starting left of the owner, may use an
ability that answers this card. Then the movement, with the choices it needs (which ship leaves a
shared Warp Gate first). A window is only opened for a seat that has something it can use.
"""

from __future__ import annotations

from typing import Final

from gravity_games.games.gravwell.rules_abilities import (
    own_window_options,
    response_window_options,
    reveal_window_options,
)
from gravity_games.games.gravwell.rules_charging import charge_for_resolved_card
from gravity_games.games.gravwell.rules_moves import (
    NO_SPACE,
    move_multipoint_objects,
    move_object_by_multipoint,
    move_ship,
    multipoint_order,
    place_ship,
    resolve_standard_beam,
    sign,
    swap_paint_target,
    waypoint_target,
)
from gravity_games.games.gravwell.rules_rounds import begin_movement_phase, end_round
from gravity_games.games.gravwell.state import (
    MODIFIER_ECHO,
    MODIFIER_JAM,
    MODIFIER_REDIRECT,
    MODIFIER_REVERSE,
    MODIFIER_STOP,
    MODIFIER_SWAP,
    MODIFIER_WAYPOINT,
    NO_CARD,
    NO_SEAT,
    PHASES,
    SEAT_SLOTS,
    STAGE_DRAG,
    STAGE_END,
    STAGE_OWN,
    STAGE_PREACT,
    STAGE_RESPONSE,
    STAGE_REVEAL,
    STAGE_TRIM,
    GravwellPosition,
    add_modifier,
    any_set,
    clear_modifiers,
    has_modifier,
    is_among,
    remove_card,
)
from gravity_games.games.gravwell.tables import (
    EMERGENCY_STOP_SLOT,
    MULTIPOINT,
    MULTIPOINT_REPULSOR_BEAM,
    MULTIPOINT_TRACTOR_BEAM,
    REPULSOR,
    REPULSOR_BEAM,
    STOP,
    TRACTOR_BEAM,
    TRIM_LESS,
    action_ability,
)

ENDS_OWN_WINDOW: Final = frozenset({"stop", "swap", "waypoint"})
"""Own-card abilities after which no other ability can change the card."""


def place_fuel_card(position: GravwellPosition, card: int) -> None:
    """Each seat places one card face down; nobody sees it until all have chosen."""
    a = position.actor
    remove_card(position.hands[a], card)
    position.chosen[a] = card
    if a + 1 < len(position.ship_spaces):
        position.actor = a + 1
    else:
        reveal_fuel_cards(position)


def reveal_fuel_cards(position: GravwellPosition) -> None:
    """Once each player has placed a card, all are flipped face up; reveal-time abilities may answer."""
    position.revealed = True
    t = position.tables
    sym = t.symbols
    chosen = position.chosen
    known = position.known_cards
    names = position.seat_names
    shown: list[str | int] = [t.reveal_format, position.round, position.phase]  # the log entry: then ship, card, ...
    for s, c in enumerate(chosen):
        if known[s] and is_among(c, known[s]):  # a publicly known card is played: no longer in the hand
            remove_card(known[s], c)
        shown.append(names[s])
        shown.append(sym[c])
    position.say_entry(tuple(shown))
    if position.delayed_seats:
        position.delayed_seats = []
    # only ships with a reveal-time ability (T'Rang's) can open a reveal window
    if position.reveal_seats:
        position.window_queue = [s for s in position.reveal_seats if reveal_window_options(position, s)]
        open_next_reveal_window(position)
    else:
        if position.window_queue:  # usually emptied already by the last card's windows
            position.window_queue = []
        order_fuel_cards(position)


def open_next_reveal_window(position: GravwellPosition) -> None:
    """The next seat with a reveal-time ability to use gets its window; none left: the cards resolve."""
    while position.window_queue:
        s = position.window_queue.pop(0)
        if reveal_window_options(position, s):
            position.stage = STAGE_REVEAL
            position.actor = s
            return
    order_fuel_cards(position)


def order_fuel_cards(position: GravwellPosition) -> None:
    """Cards resolve in alphabetical order of their symbols; delayed cards (Foresight) last."""
    rank = position.tables.resolution_rank
    chosen = position.chosen
    delayed = position.delayed_seats
    # Each seat keyed by its card's place in the alphabet (then its seat, in the low digits): a
    # sort of plain ints, where a key function would be a Python call per comparison. Foresight's
    # delayed cards are keyed after every other card.
    keys = [
        (rank[chosen[s]] + (position.tables.delayed_rank if delayed and is_among(s, delayed) else 0)) * SEAT_SLOTS + s
        for s in range(len(chosen))
    ]
    keys.sort()
    position.resolution_order = [key % SEAT_SLOTS for key in keys]
    position.resolution_index = 0
    resolve_next_fuel_card(position)


def resolve_next_fuel_card(position: GravwellPosition) -> None:
    """The next card in the order takes its printed type and value; its owner's window opens."""
    order = position.resolution_order
    if position.resolution_index >= len(order):
        end_movement_phase(position)
        return
    owner = order[position.resolution_index]
    card = position.chosen[owner]
    t = position.tables
    position.resolving_seat = owner
    position.card_type = t.card_type[card]
    position.card_value = t.card_value[card]
    clear_card_answers(position)
    if position.drag_groups:
        position.drag_groups = []
    position.echoes = 0
    open_own_window(position)


def clear_card_answers(position: GravwellPosition) -> None:
    """Forget the last card's modifiers and answers (usually empty already: only filled lists are replaced)."""
    clear_modifiers(position)
    if position.shielded_seats:
        position.shielded_seats = []
    if position.coasting_seats:
        position.coasting_seats = []
    if position.latching_seats:
        position.latching_seats = []


def end_movement_phase(position: GravwellPosition) -> None:
    """Every card resolved: they go to the discard pile; the next phase, or the end of the round."""
    chosen = position.chosen
    position.last_cards = chosen  # the list itself moves over; chosen gets a fresh one
    # resolved cards go face up on the common discard pile until the round ends
    position.discards.extend(chosen if not is_among(NO_CARD, chosen) else [c for c in chosen if c != NO_CARD])
    n = len(position.ship_spaces)
    position.chosen = [NO_CARD] * n
    position.revealed = False
    if any_set(position.cloaked):
        position.cloaked = [False] * n
    position.resolving_seat = NO_SEAT
    position.resolution_order = []
    position.resolution_index = 0
    position.card_type = TRACTOR_BEAM
    position.card_value = 0
    clear_card_answers(position)
    if position.delayed_seats:
        position.delayed_seats = []
    if position.phase == PHASES:
        end_round(position)
    else:
        begin_movement_phase(position)


def open_own_window(position: GravwellPosition) -> None:
    """The owner may change its own card: a window opens only if some ability of it applies."""
    owner = position.resolving_seat
    options = own_window_options(position, owner)
    if options:
        position.stage = STAGE_OWN
        position.actor = owner
        position.window_options = options
        return
    close_own_window(position)


def use_own_ability(position: GravwellPosition, action: int) -> None:
    """The owner uses an ability on its own card: Emergency Stop, or one that changes the card."""
    owner = position.resolving_seat
    if action == STOP:
        position.charged[owner][EMERGENCY_STOP_SLOT] = False
        position.emergency_stop_used[owner] = True
        add_modifier(position, "stop")
        position.say("%s uses Emergency Stop", position.seat_names[owner])
        close_own_window(position)
        return
    ship, slot = action_ability(action)
    position.charged[owner][slot] = False
    effect = position.tables.effect[ship][slot]
    amount = position.tables.amount[ship][slot]
    position.say("%s uses %s", position.seat_names[owner], position.tables.ability_names[ship][slot])
    if effect == "boost":
        position.card_value += amount
        add_modifier(position, f"boost+{amount}")
    elif effect == "trim":
        position.stage = STAGE_TRIM
        position.actor = owner
        position.window_queue = []
        position.precision_amount = amount
        return
    elif effect == "flail":
        position.card_type += MULTIPOINT
        add_modifier(position, effect)
    elif effect == "dynamo":
        position.card_type -= MULTIPOINT
        add_modifier(position, effect)
    elif effect == "invert":
        position.card_type ^= REPULSOR
        add_modifier(position, effect)
    elif effect == "cloak":
        position.cloaked[owner] = True
    else:  # reverse, swap, waypoint, echo
        add_modifier(position, effect)
    if effect in ENDS_OWN_WINDOW:
        close_own_window(position)
    else:
        open_own_window(position)


def use_precision(position: GravwellPosition, action: int) -> None:
    """Precision: the owner's Standard Beam moves ``precision_amount`` spaces fewer or more."""
    amount = position.precision_amount or 1
    position.precision_amount = 0
    if action == TRIM_LESS:
        position.card_value = max(0, position.card_value - amount)
        add_modifier(position, f"trim-{amount}")
    else:
        position.card_value += amount
        add_modifier(position, f"trim+{amount}")
    open_own_window(position)


def close_own_window(position: GravwellPosition) -> None:
    """The owner is done: an Emergency Stop ends the card at once, else the others may answer it."""
    if has_modifier(position, MODIFIER_STOP):
        carry_out_fuel_card(position)
        return
    position.window_queue = position.tables.seats_after[position.resolving_seat][:]
    open_next_response_window(position)


def open_next_response_window(position: GravwellPosition) -> None:
    """Open the next response window of a seat that can answer the card; none left: carry it out."""
    queue = position.window_queue
    charged = position.charged
    ship = position.ships
    abilities = position.tables.response_abilities
    while queue:
        seat = queue[0]
        row = charged[seat]
        # a seat with no charged response card has nothing to answer with: skip it at once
        for slot, _, _ in abilities[ship[seat]]:
            if row[slot]:
                options = response_window_options(position, seat)
                if options:
                    position.stage = STAGE_RESPONSE
                    position.actor = seat
                    position.window_options = options
                    return
                break
        queue.pop(0)
    carry_out_fuel_card(position)


def use_response_ability(position: GravwellPosition, action: int) -> None:
    """A seat answers the resolving card (its window stays open while it has more to use)."""
    seat = position.actor
    ship, slot = action_ability(action)
    position.charged[seat][slot] = False
    effect = position.tables.effect[ship][slot]
    position.say("%s answers with %s", position.seat_names[seat], position.tables.ability_names[ship][slot])
    if effect == "coast":
        position.coasting_seats.append(seat)
    elif effect == "shield":
        position.shielded_seats.append(seat)
    elif effect == "latch":
        position.latching_seats.append(seat)
    elif effect == "cloak":
        position.cloaked[seat] = True
    else:  # jam, redirect
        add_modifier(position, effect)
    if not response_window_options(position, seat):
        position.window_queue.pop(0)
    open_next_response_window(position)


def use_reveal_ability(position: GravwellPosition, action: int) -> None:
    """Preact (choose the card to play instead) or Foresight (resolve last this phase)."""
    seat = position.actor
    ship, slot = action_ability(action)
    position.charged[seat][slot] = False
    position.say("%s uses %s", position.seat_names[seat], position.tables.ability_names[ship][slot])
    if position.tables.effect[ship][slot] == "preact":
        position.stage = STAGE_PREACT
        return
    position.delayed_seats.append(seat)
    continue_reveal_window(position)


def preact_with(position: GravwellPosition, card: int) -> None:
    """Preact: the revealed card goes back to the hand (now known to all) and ``card`` is played."""
    seat = position.actor
    old = position.chosen[seat]
    remove_card(position.hands[seat], card)
    position.hands[seat].append(old)
    position.known_cards[seat].append(old)
    if is_among(card, position.known_cards[seat]):
        remove_card(position.known_cards[seat], card)
    position.chosen[seat] = card
    sym = position.tables.symbols
    position.say("%s takes back %s and plays %s", position.seat_names[seat], sym[old], sym[card])
    continue_reveal_window(position)


def continue_reveal_window(position: GravwellPosition) -> None:
    """The same seat keeps its reveal window while it has another ability to use, else the next seat."""
    if reveal_window_options(position, position.actor):
        position.stage = STAGE_REVEAL
    else:
        open_next_reveal_window(position)


def carry_out_fuel_card(position: GravwellPosition) -> None:
    """Carry out the card being resolved, as the abilities used on it left it."""
    owner = position.resolving_seat
    if has_modifier(position, MODIFIER_STOP):
        sym = position.tables.symbols[position.chosen[owner]]
        position.say("%s's %s is discarded without moving anything", position.seat_names[owner], sym)
        finish_fuel_card(position)
        return
    if position.card_type >= MULTIPOINT_TRACTOR_BEAM:
        if has_modifier(position, MODIFIER_JAM):
            sym = position.tables.symbols[position.chosen[owner]]
            position.say("%s's Multipoint Beam %s is jammed and moves nothing", position.seat_names[owner], sym)
            finish_fuel_card(position)
            return
        position.drag_groups = multipoint_order(position, owner, position.card_type == MULTIPOINT_REPULSOR_BEAM)
        continue_multipoint_beam(position)
        return
    if has_modifier(position, MODIFIER_SWAP):
        swap_paint(position, owner)
    elif has_modifier(position, MODIFIER_WAYPOINT):
        waypoint = waypoint_target(position, owner, position.card_value)
        if waypoint != NO_SPACE:
            move_ship(
                position,
                owner,
                position.forward_direction[owner],
                abs(waypoint - position.ship_spaces[owner]),
                owner,
                False,
            )
    else:
        old = position.ship_spaces[owner]
        flip = has_modifier(position, MODIFIER_REVERSE) != has_modifier(position, MODIFIER_REDIRECT)
        resolve_standard_beam(position, owner, position.card_type == REPULSOR_BEAM, position.card_value, flip)
        if position.stage == STAGE_END:
            return
        if position.latching_seats:
            latch_on(position, owner, old)
    if position.stage != STAGE_END:
        finish_fuel_card(position)


def swap_paint(position: GravwellPosition, owner: int) -> None:
    """Swap Paint: the owner's ship changes places with the nearest ship ahead within the card's value."""
    other = swap_paint_target(position, owner, position.card_value)
    if other == NO_SEAT:
        return
    position.ship_spaces[owner], position.ship_spaces[other] = position.ship_spaces[other], position.ship_spaces[owner]
    position.say("%s swaps places with %s", position.seat_names[owner], position.seat_names[other])


def latch_on(position: GravwellPosition, owner: int, old: int) -> None:
    """Latch: each latching ship moves to the space just behind the ship that moved."""
    new = position.ship_spaces[owner]
    if new == old:
        return
    direction = sign(new - old)
    for seat in position.latching_seats:
        place_ship(position, seat, new - direction, -direction, seat)
        if position.stage == STAGE_END:
            return


def continue_multipoint_beam(position: GravwellPosition) -> None:
    """Move the Multipoint Beam's objects until the owner must choose who leaves a Warp Gate first."""
    done = move_multipoint_objects(position)
    if position.stage == STAGE_END:
        return
    if not done:
        position.stage = STAGE_DRAG
        position.actor = position.resolving_seat
        return
    finish_fuel_card(position)


def drag_out_of_gate(position: GravwellPosition, seat: int) -> None:
    """The owner chooses which of the ships sharing a Warp Gate moves next."""
    group = position.drag_groups[0]
    group.remove(seat)
    if not group:
        position.drag_groups.pop(0)
    move_object_by_multipoint(position, seat)
    if position.stage == STAGE_END:
        return
    continue_multipoint_beam(position)


def finish_fuel_card(position: GravwellPosition) -> None:
    """Echo Drive resolves the card once more; then the card charges its conditions and the next one resolves."""
    owner = position.resolving_seat
    if position.echoes == 0 and has_modifier(position, MODIFIER_ECHO):
        position.echoes = 1
        position.say("%s's Echo Drive resolves the card again", position.seat_names[owner])
        carry_out_fuel_card(position)
        return
    if position.tables.standard:
        charge_for_resolved_card(position, owner, position.chosen[owner])
    position.resolution_index += 1
    resolve_next_fuel_card(position)
