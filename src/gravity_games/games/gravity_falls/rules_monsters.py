"""The monster phase, disorder, the monster movement deck and events, curses (the alarm track's own
rule is in ``rules_board.py``)."""

from __future__ import annotations

from typing import Final

from .rules_board import (
    PULL_CHOICE,
    PULL_DISTRUST,
    PULL_NONE,
    PULL_SUPPORT,
    character_stands_at,
    curse_everyone,
    flip_all_support,
    has_curse,
    live_monsters,
    others_at,
    pull_kind,
    pull_token,
    raise_alarm,
    seats_from_active,
    take_card,
    to_discard_pile,
)
from .rules_move import (
    card_label,
    teleport_target_bits,
    teleport_targets,
)
from .state import (
    ALARM_CHECK,
    CHOOSE_MOVER,
    CURSE_REVEAL,
    CURSE_REVEAL_TASK,
    DISORDER_ALARM,
    DISORDER_PULL,
    END_TURN,
    EV_DISCARD_OR_ALARM,
    EV_FLEE,
    EV_REMOVE_DIE,
    EV_TELEPORT,
    EVENT,
    EVENT_END,
    GIVE_CURSE,
    MONSTER_SLOTS,
    REMOVE_NEAR_CHARACTER,
    REMOVE_NEAR_MONSTER,
    REVEAL_STAGE,
    REVEALED_AT_STAGE,
    STAGE_REVEAL_TASK,
    START_TURN,
    TABLE,
    GravityFallsPosition,
    Task,
    finish_task,
    push_task,
    push_task_list,
    replace_task,
    replace_task_with,
    replace_task_with_list,
    seat_task,
)
from .tables import (
    Chances,
    curse_draw_outcomes,
    uniform_chances,
)

# the log line of a monster's pull in disorder (forced or chosen)
DISORDER_PULL_LOG: Final = "%s pulls a %s token from %s"

# ===================================================================== alarm track ===========


def alarm_check(position: GravityFallsPosition, task: Task) -> bool:
    """Curses of the monster icon come once the effect that raised the alarm is over."""
    finish_task(position)
    if position.alarm_due:
        curse_everyone(position)
    return True


# ===================================================================== curses ================


def check_curse_deck(position: GravityFallsPosition, task: Task) -> bool:
    if any(count > 0 for count in position.curse_deck):  # cards left to draw
        return False
    seat = task.seat
    held = position.curses[seat]
    cdisc = position.curse_discard
    # a player holding every kind cannot get one (the usual case here): no need to look
    if held != (1 << len(cdisc)) - 1:
        for k, count in enumerate(cdisc):
            if count and not held >> k & 1:  # a curse the player could get: reshuffle
                position.curse_deck, position.curse_discard = cdisc, [0] * len(cdisc)
                position._log.append("The curse discard pile is shuffled into a new curse deck")
                return False
    finish_task(position)
    position._log.append(("No curse card is left for %s", position.tables.char_names[position.characters[seat]]))
    return True


def curse_draw_chances(position: GravityFallsPosition, task: Task) -> Chances:
    """Each curse kind by its share of the deck."""
    return curse_draw_outcomes(position.rule_tables, position.curse_deck)


def take_curse(position: GravityFallsPosition, task: Task, k: int) -> None:
    """Take a curse; one you already hold is discarded and another drawn; its effect starts at once."""
    seat = task.seat
    position.curse_deck[k] -= 1
    tables = position.tables
    bit = 1 << k
    held = position.curses[seat]
    if held & bit:
        position.curse_discard[k] += 1
        position._log.append(
            (
                "%s already has '%s': it is discarded and another drawn",
                tables.char_names[position.characters[seat]],
                tables.curse_names[k],
            )
        )
        return
    position.curses[seat] = held | bit
    position.new_curses[seat] |= bit
    position._log.append(
        ("Bill Cipher curses %s: '%s'", tables.char_names[position.characters[seat]], tables.curse_names[k])
    )
    if tables.curse_kinds[k] == "reveal_card":
        replace_task_with(position, seat_task(CURSE_REVEAL, seat), seat_task(ALARM_CHECK))
        return
    finish_task(position)  # this task is done; the alarm check it leaves runs here
    if position.alarm_due:
        curse_everyone(position)


def advance_revealed_cards(position: GravityFallsPosition, task: Task) -> bool:
    """Curse (reconstructed): the revealed cards move one space on, the furthest is discarded, a new one shows."""
    if position.revealed and len(position.revealed) >= position.revealed_capacity:
        to_discard_pile(position, position.revealed.pop())
    # the reveal takes this task's place
    replace_task(position, CURSE_REVEAL_TASK)
    return True


# ===================================================================== monster phase =========


def nearest_monsters(position: GravityFallsPosition, seat: int) -> list[int]:
    """The monsters in play nearest to the seat's character (by roads), in slot order."""
    roads = position.tables.dist[position.character_locations[seat]]
    nearest: list[int] = []
    nearest_roads = 0
    for slot in range(MONSTER_SLOTS):
        location = position.monster_locations[slot]
        if location < 0:  # not in play
            continue
        far = roads[location]
        if not nearest or far < nearest_roads:
            nearest = [slot]
            nearest_roads = far
        elif far == nearest_roads:
            nearest.append(slot)
    return nearest


def move_nearest_monster(position: GravityFallsPosition, task: Task) -> bool:
    """1. The card furthest from the deck moves the monster closest to the active character."""
    seat = task.seat
    row = position.revealed
    if not row:
        position._log.append("No monster movement card is revealed: no monster moves")
        replace_task_with(position, seat_task(REVEAL_STAGE, seat), seat_task(END_TURN, seat))
        return True
    card = row.pop()
    position.movement_discard.append(card)
    near = nearest_monsters(position, seat)
    if len(near) > 1:
        replace_task_with(
            position,
            Task(CHOOSE_MOVER, seat, card=card),
            seat_task(REVEAL_STAGE, seat),
            seat_task(END_TURN, seat),
        )
        return True
    replace_task_with(position, seat_task(REVEAL_STAGE, seat), seat_task(END_TURN, seat))
    return move_monster(position, seat, near[0], card)


def mover_options(position: GravityFallsPosition, task: Task) -> list[int]:
    return [position.rule_tables.ACTION_MONSTER + m for m in nearest_monsters(position, task.seat)]


def choose_mover(position: GravityFallsPosition, task: Task, action: int) -> None:
    finish_task(position)
    move_monster(position, task.seat, action - position.rule_tables.ACTION_MONSTER, task.card)


def queued_monster_move(position: GravityFallsPosition, task: Task) -> bool:
    # The rules carry a move out at once (_move_monster) and never queue this task; a state
    # document that names it (written by hand or by an older version) still plays on.
    finish_task(position)
    return move_monster(position, task.seat, task.monster, task.card)


def move_monster(position: GravityFallsPosition, seat: int, m: int, card: int) -> bool:
    """2. The monster moves to the card's location (unless a courage die stops it), then disorder.

    Disorder: curses for the characters there, a token pulled from each neighbour, the alarm
    rises by the distrust around the monster, the support there flips. Pulls that leave no
    choice are carried out here, in order, until one needs the active player's choice; from
    there on the pulls wait as tasks. The move's own task is already off the list.
    """
    tables, log = position.tables, position._log
    mon = position.monsters[m]
    name = tables.monster_names[mon]
    names = tables.names
    if position.courage_dice[card]:
        position.courage_dice[card] = 0
        position.supply += 1
        log.append(("%s is stopped by the courage die at %s, which it removes", name, names[card]))
        return True
    position.monster_locations[m] = card
    log.append(("%s moves to %s", name, names[card]))
    adj = tables.adj[card]
    if character_stands_at(position, card):
        sub = [seat_task(GIVE_CURSE, s) for s in seats_from_active(position) if position.character_locations[s] == card]
        sub += [Task(DISORDER_PULL, seat, location=neighbour, monster=m) for neighbour in adj]
        sub.append(Task(DISORDER_ALARM, seat, monster=m))
        sub.append(seat_task(ALARM_CHECK))
        push_task_list(position, sub)
        return True
    rule_tables = position.rule_tables
    pterodactyl = rule_tables.monster_ability[mon] == "pull_distrust"
    for place, neighbour in enumerate(adj):
        kind = disorder_pull_kind(position, neighbour, pterodactyl)
        if kind == PULL_NONE:
            continue
        if kind == PULL_CHOICE:  # both kinds: the active player chooses, here and for the neighbours after
            sub = [Task(DISORDER_PULL, seat, location=x, monster=m) for x in adj[place:]]
            sub.append(Task(DISORDER_ALARM, seat, monster=m))
            sub.append(seat_task(ALARM_CHECK))
            push_task_list(position, sub)
            return True
        # _do_disorder_pull's pull, without a choice (there is none here)
        log.append(
            (
                DISORDER_PULL_LOG,
                name,
                pull_token(
                    position,
                    neighbour,
                    card,
                    rule_tables.ACTION_PULL_SUPPORT if kind == PULL_SUPPORT else rule_tables.ACTION_PULL_DISTRUST,
                ),
                names[neighbour],
            )
        )
    disorder_alarm(position, card, name)
    if position.result:
        return True
    if position.alarm_due:
        curse_everyone(position)
    return True


def disorder_pull_kind(position: GravityFallsPosition, source: int, pterodactyl: bool) -> int:
    """What the arriving monster pulls from the neighbour ``source``: nothing, the one kind of token
    there, or a choice (both kinds, no courage die). The Pterodactyl pulls distrust only,
    courage dice or not."""
    if pterodactyl:
        return PULL_DISTRUST if position.distrust[source] else PULL_NONE
    return PULL_NONE if position.courage_dice[source] else pull_kind(position, source)


def disorder_pull_options(position: GravityFallsPosition, task: Task) -> list[int]:
    """What the monster ``task.monster`` may pull from the neighbour ``task.location`` (none, one kind, or a choice)."""
    rule_tables = position.rule_tables
    kind = disorder_pull_kind(
        position, task.location, rule_tables.monster_ability[position.monsters[task.monster]] == "pull_distrust"
    )
    if kind == PULL_NONE:
        return []
    if kind == PULL_CHOICE:
        return [rule_tables.ACTION_PULL_SUPPORT, rule_tables.ACTION_PULL_DISTRUST]
    return [rule_tables.ACTION_PULL_SUPPORT if kind == PULL_SUPPORT else rule_tables.ACTION_PULL_DISTRUST]


def disorder_pull(position: GravityFallsPosition, task: Task, action: int) -> None:
    """The monster ``task.monster`` pulls the chosen token from the neighbour ``task.location``."""
    finish_task(position)
    source, m = task.location, task.monster
    tables = position.tables
    position._log.append(
        (
            DISORDER_PULL_LOG,
            tables.monster_names[position.monsters[m]],
            pull_token(position, source, position.monster_locations[m], action),
            tables.names[source],
        )
    )


def finish_disorder(position: GravityFallsPosition, task: Task) -> bool:
    finish_task(position)
    m = task.monster
    disorder_alarm(position, position.monster_locations[m], position.tables.monster_names[position.monsters[m]])
    return True


def disorder_alarm(position: GravityFallsPosition, loc: int, name: str) -> None:
    """The alarm rises by the distrust tokens at the monster's location ``loc``; its support flips."""
    dis = position.distrust[loc]
    if dis:
        raise_alarm(
            position,
            dis,
            "%s distrust token where %s stands" if dis == 1 else "%s distrust tokens where %s stands",
            dis,
            name,
        )
    flip_all_support(position, loc)


# ===================================================================== 3. reveal =============


def reveal_stage(position: GravityFallsPosition, task: Task) -> bool:
    if len(position.revealed) < position.revealed_capacity:
        replace_task(position, STAGE_REVEAL_TASK)
    else:
        finish_task(position)
    return True


def prepare_reveal(position: GravityFallsPosition, task: Task) -> bool:
    if position.movement_deck and len(position.revealed) < position.revealed_capacity:
        return False  # the usual case: a free space and a card to draw for it
    if len(position.revealed) >= position.revealed_capacity or not position.movement_discard:
        deferred = task.card
        if deferred >= 0:  # an event revealed on the way waits no longer
            replace_task_with(position, Task(EVENT, TABLE, card=deferred), seat_task(ALARM_CHECK))
        else:
            finish_task(position)
        return True
    position.movement_deck = sorted(position.movement_discard)  # the deck is empty here
    position.movement_discard = []
    position._log.append("The monster movement deck is reshuffled: the monsters grow more dangerous")
    return False


def reveal_chances(position: GravityFallsPosition, task: Task) -> Chances:
    return uniform_chances(position.movement_deck)


def reveal_card(position: GravityFallsPosition, task: Task, card: int) -> None:
    """A movement card fills the free space; an event acts (one per turn) or raises the alarm."""
    take_card(position.movement_deck, card)
    if card < position.rule_tables.location_count:
        position.revealed.insert(0, card)
        position._log.append(("Monster movement card revealed: %s", position.tables.names[card]))
        deferred = task.card
        if deferred >= 0:
            replace_task_with(position, Task(EVENT, TABLE, card=deferred), seat_task(ALARM_CHECK))
        else:
            finish_task(position)
        return
    to_discard_pile(position, card)
    kind = position.tables.event_cards[card - position.rule_tables.location_count]
    name = position.tables.data.events[kind].name
    if position.event_used:
        position._log.append(("Event '%s' is discarded: only one event per turn", name))
        raise_alarm(position, 1, "a second event this turn", by_effect=True)
        return
    position.event_used = 1
    position._log.append(("Event: %s", name))
    if task.context == REVEALED_AT_STAGE:
        replace_task_with(
            position,
            Task(EVENT, TABLE, card=card),
            seat_task(ALARM_CHECK),
            STAGE_REVEAL_TASK,
        )
    else:  # revealed by a curse: finish revealing first, then resolve the event
        replace_task(position, task.with_card(card))


# ===================================================================== events ================


def start_event(position: GravityFallsPosition, task: Task) -> bool:
    card = task.card
    kind = position.tables.event_cards[card - position.rule_tables.location_count]
    position.current_event = kind
    effect = position.tables.event_effects[kind]
    seats = seats_from_active(position)
    sub: list[Task] = []
    if effect == "teleport":
        sub = [seat_task(EV_TELEPORT, s) for s in seats]
    elif effect == "discard_or_alarm":
        sub = [seat_task(EV_DISCARD_OR_ALARM, s) for s in seats]
    elif effect == "monsters_pull_distrust":
        monsters_pull_distrust(position)
    elif effect == "remove_die_monsters":
        sub = [Task(EV_REMOVE_DIE, position.active, target=m) for m in live_monsters(position)]
    elif effect == "remove_die_characters":
        sub = [Task(EV_REMOVE_DIE, position.active, context=REMOVE_NEAR_CHARACTER, target=s) for s in seats]
    else:
        sub = [seat_task(EV_FLEE, s) for s in seats]
    sub.append(seat_task(EVENT_END))
    replace_task_with_list(position, sub)  # the event's start is done: its effect's steps, then its end
    return True


def end_event(position: GravityFallsPosition, task: Task) -> bool:
    finish_task(position)
    position.current_event = -1
    return True


def monsters_pull_distrust(position: GravityFallsPosition) -> None:
    """All monsters pull 1 distrust token from each neighbour, courage dice or not; no alarm, no flip."""
    for m in live_monsters(position):
        to = position.monster_locations[m]
        for neighbour in position.tables.adj[to]:
            if position.distrust[neighbour]:
                position.distrust[neighbour] -= 1
                position.distrust[to] += 1
                position._log.append(
                    ("%s pulls a distrust token from %s", position.monster_name(m), position.location_name(neighbour))
                )


def check_event_teleport(position: GravityFallsPosition, task: Task) -> bool:
    seat = task.seat
    if not position.hands[seat] >> 5 & 1:
        finish_task(position)
        return True
    if not teleport_target_bits(position, seat):
        discard_teleport(position, seat)
        finish_task(position)
        position._log.append(("%s cannot use the Teleport card and discards it", position.character_name(seat)))
        return True
    return False


def discard_teleport(position: GravityFallsPosition, seat: int) -> None:
    position.hands[seat] &= ~(1 << 5)
    position.action_discards[seat] |= 1 << 5


def event_teleport_options(position: GravityFallsPosition, task: Task) -> list[int]:
    return [position.rule_tables.ACTION_LOCATION + loc for loc in teleport_targets(position, task.seat)]


def event_teleport(position: GravityFallsPosition, task: Task, action: int) -> None:
    seat = task.seat
    discard_teleport(position, seat)
    finish_task(position)
    position.character_locations[seat] = action - position.rule_tables.ACTION_LOCATION
    position._log.append(
        (
            "%s uses the Teleport card and goes to %s",
            position.character_name(seat),
            position.location_name(position.character_locations[seat]),
        )
    )


def discard_or_alarm_options(position: GravityFallsPosition, task: Task) -> list[int]:
    hand, rule_tables = position.hands[task.seat], position.rule_tables
    return [rule_tables.ACTION_HAND_CARD + c for c in range(6) if hand >> c & 1] + [rule_tables.ACTION_RAISE_ALARM]


def discard_or_raise_alarm(position: GravityFallsPosition, task: Task, action: int) -> None:
    seat = task.seat
    finish_task(position)
    if action == position.rule_tables.ACTION_RAISE_ALARM:
        raise_alarm(position, 1, "%s keeps the cards", position.character_name(seat), by_effect=True)
        return
    c = action - position.rule_tables.ACTION_HAND_CARD
    position.hands[seat] &= ~(1 << c)
    position.action_discards[seat] |= 1 << c
    position._log.append(("%s discards %s", position.character_name(seat), card_label(position, seat, c)))


def die_removal_options(position: GravityFallsPosition, task: Task) -> list[int]:
    who, idx = task.context, task.target
    center = position.monster_locations[idx] if who == REMOVE_NEAR_MONSTER else position.character_locations[idx]
    if center < 0:
        return []
    return sorted(
        position.rule_tables.ACTION_LOCATION + loc
        for loc in (center, *position.tables.adj[center])
        if position.courage_dice[loc]
    )


def remove_courage_die(position: GravityFallsPosition, task: Task, action: int) -> None:
    loc = action - position.rule_tables.ACTION_LOCATION
    finish_task(position)
    position.courage_dice[loc] = 0
    position.supply += 1
    position._log.append(("The courage die at %s is removed", position.location_name(loc)))


def flee_options(position: GravityFallsPosition, task: Task) -> list[int]:
    """One location further from the nearest monster (from each, when several are nearest)."""
    seat = task.seat
    near = nearest_monsters(position, seat)
    if not near:
        return []
    here = position.character_locations[seat]
    dist = position.tables.dist
    d0 = dist[here][position.monster_locations[near[0]]]
    out = []
    for neighbour in position.tables.adj[here]:
        further = all(dist[neighbour][position.monster_locations[m]] == d0 + 1 for m in near)
        lonely = has_curse(position, seat, "no_shared_location") and others_at(position, seat, neighbour)
        if further and not lonely:
            out.append(position.rule_tables.ACTION_LOCATION + neighbour)
    return out


def flee(position: GravityFallsPosition, task: Task, action: int) -> None:
    seat = task.seat
    finish_task(position)
    position.character_locations[seat] = action - position.rule_tables.ACTION_LOCATION
    position._log.append(
        ("%s runs to %s", position.character_name(seat), position.location_name(position.character_locations[seat]))
    )


# ===================================================================== end of turn ===========


def end_turn(position: GravityFallsPosition, task: Task) -> bool:
    if position.alarm_due:
        push_task(position, seat_task(ALARM_CHECK))
        return True
    position.active = (position.active + 1) % position.players
    position.turn += 1
    replace_task(position, seat_task(START_TURN))  # this task is done: the next turn takes its place
    return True
