"""Turn start and movement: the action card, routes along the roads, Teleports.

Route questions ("which first roads start a route of d roads?") depend only on the board, the
roads used so far, the start, the locations the seat may not enter (the curse forbidding shared
locations) and where a Gnome Giant stands. Their answers are kept per game
(``GravityFallsGame.plain_route_cache`` and ``route_cache``), so a search runs once per distinct
question, not once per step.
"""

from __future__ import annotations

from typing import Final

from .rules_board import monster_stands_at
from .state import (
    ABILITY,
    AFTER_MOVE,
    CHOOSE_CARD,
    FLIP_CURSE,
    LAST_TURN_START,
    LOST_SUMMER,
    MONSTER_MOVE,
    MONSTER_SLOTS,
    REST_RETURN,
    ROUTE,
    TELEPORT,
    TURN_LIMIT,
    GravityFallsPosition,
    Task,
    finish_task,
    replace_task,
    replace_task_with,
    seat_task,
)

CARD_TELEPORT: Final = 5
CARD_REST: Final = 6
ROUTE_CACHE_LIMIT: Final = 50_000  # route answers kept per game (about 12 MB when full) before the table starts afresh


def route_continues(
    adjacent_roads: tuple[tuple[tuple[int, int], ...], ...],
    pos: int,
    left: int,
    used: int,
    start: int,
    blocked: int,
    stop: int,
) -> bool:
    """A route of ``left`` more roads from ``pos``: never a road twice (``used``: road bits), never back
    to the start, never into a ``blocked`` location (bit per location); a Gnome Giant on the way
    (``stop``: bit per location) ends the route there, which counts as complete."""
    if left == 0:
        return True
    for nxt, bit in adjacent_roads[pos]:
        if used & bit or nxt == start or blocked >> nxt & 1:
            continue
        if stop >> nxt & 1 or route_continues(adjacent_roads, nxt, left - 1, used | bit, start, blocked, stop):
            return True
    return False


# ===================================================================== turn start ===========


def start_turn(position: GravityFallsPosition, task: Task) -> bool:
    if position.turn >= TURN_LIMIT or len(position._history) > LAST_TURN_START:
        finish_task(position)
        position.result = LOST_SUMMER
        position._log.append("The summer is over before the monsters are beaten: the game is lost")
        return True
    active = position.active
    position.event_used = 0
    new_curses = position.new_curses  # no curse is new any more (the list itself is this position's own)
    for seat in range(position.players):
        new_curses[seat] = 0
    position.card_played = -1
    position.fought_monster = -1
    position.roll_successes = position.roll_arrows = position.roll_curses = position.extra_dice = 0
    position.route_start = position.character_locations[active]
    position._log.append(
        ("Turn %s: %s (seat %s)", position.turn + 1, position.tables.char_names[position.characters[active]], active)
    )
    replace_task(position, seat_task(CHOOSE_CARD, active))  # this task is done: the card choice takes its place
    return True


# ===================================================================== 1. action card ========


def playable_cards(position: GravityFallsPosition, task: Task) -> list[int]:
    """Rest, or a card in hand that can be played: a route of its distance exists, or a Teleport target."""
    seat = task.seat
    rule_tables = position.rule_tables
    hand = position.hands[seat]
    here = position.character_locations[seat]
    blocked = forbidden_locations(position, seat) if position.curses[seat] & rule_tables.curse_no_shared_location else 0
    if not blocked:
        # without the curse, or with no other character on the board to avoid, the plain route
        # table answers (a Gnome Giant on the way only shortens routes, never forbids one)
        out = list(rule_tables.card_choices[hand & rule_tables.plain_cards[here]])
    else:  # with it, the route search (the masks found once for every card)
        stop = gnome_giant_stops(position) if gnome_giant_in_play(position) else 0
        out = [rule_tables.ACTION_REST]
        distance = position.tables.card_distance
        for c in range(CARD_TELEPORT):
            if hand >> c & 1:
                d = distance[c]
                if d == 0 or route_first_steps(position, here, d, 0, here, blocked, stop):
                    out.append(rule_tables.ACTION_PLAY_CARD + c)
    if hand >> CARD_TELEPORT & 1 and teleport_target_bits(position, seat):
        out.append(rule_tables.ACTION_PLAY_CARD + CARD_TELEPORT)
    return out


def play_card(position: GravityFallsPosition, task: Task, action: int) -> None:
    # the card choice is done: what it starts takes its place at the front of the tasks
    seat = task.seat
    rule_tables = position.rule_tables
    if action == rule_tables.ACTION_REST:
        position.card_played = CARD_REST
        position._log.append(("%s declares a rest", position.character_name(seat)))
        replace_task_with(
            position,
            seat_task(REST_RETURN, seat),
            seat_task(FLIP_CURSE, seat),
            seat_task(ABILITY, seat),
            seat_task(MONSTER_MOVE, seat),
        )
        return
    c = action - rule_tables.ACTION_PLAY_CARD
    position.card_played = c
    position.hands[seat] &= ~(1 << c)
    position.action_discards[seat] |= 1 << c
    char = position.characters[seat]
    position._log.append(("%s plays %s", position.tables.char_names[char], rule_tables.card_label[char][c]))
    d = position.tables.card_distance[c]
    if c == CARD_TELEPORT:
        replace_task(position, seat_task(TELEPORT, seat))
    elif d == 0:
        replace_task(position, seat_task(AFTER_MOVE, seat))
    else:
        position.route_position = position.character_locations[seat]
        position.route_left = d
        position.route_used = 0
        replace_task(position, seat_task(ROUTE, seat))


def card_label(position: GravityFallsPosition, seat: int, c: int) -> str:
    return str(position.rule_tables.card_label[position.characters[seat]][c])


# ===================================================================== 2. movement ===========


def gnome_giant_in_play(position: GravityFallsPosition) -> bool:
    """Whether a monster that stops movers (the Gnome Giant) is in the game."""
    stops_movers = position.rule_tables.stops_movers
    return any(monster >= 0 and stops_movers[monster] for monster in position.monsters)


def gnome_giant_stops(position: GravityFallsPosition) -> int:
    """Bit per location where a Gnome Giant stands: a character moving through it must stop there."""
    stops_movers = position.rule_tables.stops_movers
    stop = 0
    for slot in range(MONSTER_SLOTS):
        location = position.monster_locations[slot]
        if location >= 0 and stops_movers[position.monsters[slot]]:
            stop |= 1 << location
    return stop


def forbidden_locations(position: GravityFallsPosition, seat: int) -> int:
    """Bit per location the seat may not enter: under the curse, where another character stands."""
    if not position.curses[seat] & position.rule_tables.curse_no_shared_location:
        return 0
    blocked = 0
    for s, loc in enumerate(position.character_locations):
        if s != seat and loc >= 0:
            blocked |= 1 << loc
    return blocked


def route_first_steps(
    position: GravityFallsPosition,
    pos: int,
    left: int,
    used: int,
    start: int,
    blocked: int,
    stop: int,
) -> tuple[int, ...]:
    """The moves (``ACTION_LOCATION`` + neighbour of ``pos``) where a legal route of ``left`` more roads may go next.

    ``blocked`` (``_blocked_mask``, under the no-shared-location curse) and ``stop``
    (``_stop_mask``, with a Gnome Giant in play) are the mover's masks, found by the caller.
    """
    rule_tables = position.rule_tables
    if blocked or stop:
        # only locations within ``left`` roads can be entered: the rest of each mask cannot
        # change the answer, and cutting it lets far-apart questions share one answer
        near = rule_tables.reach[pos][left]
        blocked &= near
        stop &= near
    if blocked or stop:
        by_mask = rule_tables.route_cache[start][pos]
        cache = by_mask.get(blocked << rule_tables.location_count | stop)
        if cache is None:
            cache = by_mask[blocked << rule_tables.location_count | stop] = {}
    else:
        cache = rule_tables.plain_route_cache[start][pos]
    firsts = cache.get(used << 3 | left)
    if firsts is None:
        adjacent_roads = rule_tables.adjacent_roads
        firsts = cache[used << 3 | left] = tuple(
            rule_tables.ACTION_LOCATION + nxt
            for nxt, bit in adjacent_roads[pos]
            if not (used & bit or nxt == start or blocked >> nxt & 1)
            and (stop >> nxt & 1 or route_continues(adjacent_roads, nxt, left - 1, used | bit, start, blocked, stop))
        )
        rule_tables.route_answers += 1
        if rule_tables.route_answers >= ROUTE_CACHE_LIMIT:
            rule_tables.clear_route_cache()
    return firsts


def route_options(position: GravityFallsPosition, task: Task) -> list[int]:
    seat = task.seat
    rule_tables = position.rule_tables
    blocked = forbidden_locations(position, seat) if position.curses[seat] & rule_tables.curse_no_shared_location else 0
    stop = gnome_giant_stops(position) if gnome_giant_in_play(position) else 0
    return list(
        route_first_steps(
            position,
            position.route_position,
            position.route_left,
            position.route_used,
            position.route_start,
            blocked,
            stop,
        )
    )


def travel_road(position: GravityFallsPosition, task: Task, action: int) -> None:
    seat = task.seat
    rule_tables = position.rule_tables
    nxt = action - rule_tables.ACTION_LOCATION
    position.route_used |= rule_tables.road_bit[position.route_position][nxt]
    position.route_position = nxt
    left = position.route_left = position.route_left - 1
    position.character_locations[seat] = nxt
    if left and monster_stands_at(position, nxt) and gnome_giant_stops(position) >> nxt & 1:
        position._log.append(
            ("%s must stop at %s and fight the Gnome Giant", position.character_name(seat), position.location_name(nxt))
        )
        left = position.route_left = 0
    if left == 0:
        position._log.append(
            ("%s moves to %s", position.tables.char_names[position.characters[seat]], position.tables.names[nxt])
        )
        replace_task(position, seat_task(AFTER_MOVE, seat))  # this task is done: the rumors take its place


# ----------------------------------------------------------------- Teleport -----------------


def teleport_target_bits(position: GravityFallsPosition, seat: int) -> int:
    """The locations the seat's Teleport card allows (never its own location) as bits (bit per
    location); the card can be played when there is one."""
    rule = position.tables.char_teleport[position.characters[seat]]
    character_locations = position.character_locations
    here = character_locations[seat]
    others = 0  # where the other characters stand
    for s in range(position.players):
        if s != seat and character_locations[s] >= 0:
            others |= 1 << character_locations[s]
    lonely = position.curses[seat] & position.rule_tables.curse_no_shared_location
    found = 0
    if rule == "monster":
        for location in position.monster_locations:
            if location >= 0:
                found |= 1 << location
    elif rule == "character":
        found = 0 if lonely else others
    elif rule == "distrust3":
        for location, distrust in enumerate(position.distrust):
            if distrust >= 3:
                found |= 1 << location
    elif rule == "courage_die":
        for location, die in enumerate(position.courage_dice):
            if die:
                found |= 1 << location
    else:  # quiet: no character and no monster
        found = (1 << position.rule_tables.location_count) - 1
        found &= ~others
        for location in position.monster_locations:
            if location >= 0:
                found &= ~(1 << location)
    if here >= 0:
        found &= ~(1 << here)
    if lonely:
        found &= ~others
    return found


def teleport_targets(position: GravityFallsPosition, seat: int) -> list[int]:
    """The locations the seat's Teleport card allows (``teleport_target_bits``), in location order."""
    found = teleport_target_bits(position, seat)
    return [location for location in range(position.rule_tables.location_count) if found >> location & 1]


def teleport_options(position: GravityFallsPosition, task: Task) -> list[int]:
    a_loc = position.rule_tables.ACTION_LOCATION
    return [a_loc + loc for loc in teleport_targets(position, task.seat)]


def teleport(position: GravityFallsPosition, task: Task, action: int) -> None:
    seat, mode = task.seat, task.context
    loc = action - position.rule_tables.ACTION_LOCATION
    position.character_locations[seat] = loc
    position._log.append(("%s teleports to %s", position.character_name(seat), position.location_name(loc)))
    if mode == 0:  # the played card's teleport is done: the rumors take its place
        replace_task(position, seat_task(AFTER_MOVE, seat))
    else:
        finish_task(position)
