"""Setup (monsters, characters, the first movement cards, events) and the token pulls every phase uses.

A *pull* moves one support or distrust token from a location to a neighbour where a monster or a
character stands: monsters pull when they arrive at setup and in the disorder step, characters in
the rumors step. ``_pull_options`` and ``_pull_token`` carry out that rule for all three.
"""

from __future__ import annotations

from bisect import insort

from .rules_board import (
    PULL_CHOICE,
    PULL_NONE,
    PULL_SUPPORT,
    flip_all_support,
    pull_kind,
    pull_options,
    pull_token,
    raise_alarm,
    take_card,
)
from .state import (
    SETUP_FLIP,
    SETUP_PULL,
    TABLE,
    GravityFallsPosition,
    Task,
    finish_task,
    push_tasks,
)
from .tables import (
    Chances,
    uniform_chances,
)

# ===================================================================== pulls =================

# ===================================================================== setup ================


def monster_draw_chances(position: GravityFallsPosition, task: Task) -> Chances:
    """Any monster of the slot's difficulty not in the game yet, equally likely."""
    level = position.rule_tables.monster_levels[task.monster]
    return uniform_chances([monster for monster in level if monster not in position.monsters])


def add_monster(position: GravityFallsPosition, task: Task, outcome: int) -> None:
    position.monsters[task.monster] = outcome
    finish_task(position)
    position._log.append(
        (
            "Setup: %s (%s) joins the game",
            position.tables.monster_names[outcome],
            position.tables.monster_level[outcome],
        )
    )


def character_draw_chances(position: GravityFallsPosition, task: Task) -> Chances:
    pool = [i for i in range(len(position.tables.char_names)) if i not in position.characters]
    return uniform_chances(pool)


def assign_character(position: GravityFallsPosition, task: Task, outcome: int) -> None:
    position.characters[task.seat] = outcome
    finish_task(position)
    position._log.append(("Setup: seat %s plays %s", task.seat, position.tables.char_names[outcome]))


def movement_card_chances(position: GravityFallsPosition, task: Task) -> Chances:
    """Any card of the monster movement deck, equally likely (setup placements and the row)."""
    return uniform_chances(position.movement_deck)


# _chance_place_monster = _chance_place_character = _chance_setup_row = _deck_draw_options


def discard_placing_card(position: GravityFallsPosition, card: int) -> None:
    """Setup 4-5: a card revealed to place a monster or a character goes to the discard pile."""
    take_card(position.movement_deck, card)
    position.movement_discard.append(card)
    finish_task(position)


def place_monster(position: GravityFallsPosition, task: Task, card: int) -> None:
    """Setup 4a-d: place the monster, pull a token from each neighbour, then flip its location.

    Pulls that leave no choice are carried out here, in order, until one needs a choice; from
    there on the pulls wait as tasks.
    """
    m = task.monster
    discard_placing_card(position, card)
    position.monster_locations[m] = card
    position._log.append(
        ("Setup: %s appears at %s", position.tables.monster_names[position.monsters[m]], position.tables.names[card])
    )
    adj = position.tables.adj[card]
    for i, neighbour in enumerate(adj):
        kind = pull_kind(position, neighbour)  # _pull_options as one number: no list per neighbour
        if kind == PULL_NONE:
            continue
        if kind == PULL_CHOICE:
            push_tasks(
                position,
                *[Task(SETUP_PULL, 0, location=x, monster=m) for x in adj[i:]],
                Task(SETUP_FLIP, TABLE, monster=m),
            )
            return
        monster_takes_token_at_setup(
            position,
            neighbour,
            m,
            position.rule_tables.ACTION_PULL_SUPPORT
            if kind == PULL_SUPPORT
            else position.rule_tables.ACTION_PULL_DISTRUST,
        )
        if position.result:
            return
    flip_all_support(position, card)


def setup_pull_options(position: GravityFallsPosition, task: Task) -> list[int]:
    # a distrust token exists only where an earlier monster already flipped tokens
    return pull_options(position, task.location)


def choose_setup_pull(position: GravityFallsPosition, task: Task, action: int) -> None:
    finish_task(position)
    monster_takes_token_at_setup(position, task.location, task.monster, action)


def monster_takes_token_at_setup(position: GravityFallsPosition, source: int, m: int, action: int) -> None:
    kind = pull_token(position, source, position.monster_locations[m], action)
    position._log.append(
        (
            "Setup: %s takes a %s token from %s",
            position.tables.monster_names[position.monsters[m]],
            kind,
            position.tables.names[source],
        )
    )
    if kind == "distrust":
        raise_alarm(position, 1, "a distrust token taken during setup")


def flip_support_under_monster(position: GravityFallsPosition, task: Task) -> bool:
    finish_task(position)
    flip_all_support(position, position.monster_locations[task.monster])
    return True


def place_character(position: GravityFallsPosition, task: Task, card: int) -> None:
    """Setup 5: the character and a courage die go to the revealed location."""
    seat = task.seat
    discard_placing_card(position, card)
    position.character_locations[seat] = card
    if not position.courage_dice[card] and position.supply:
        position.courage_dice[card] = 1
        position.supply -= 1
    position._log.append(
        ("Setup: %s starts at %s with a courage die", position.character_name(seat), position.location_name(card))
    )


def reveal_first_card(position: GravityFallsPosition, task: Task, card: int) -> None:
    take_card(position.movement_deck, card)
    position.revealed.insert(0, card)
    finish_task(position)
    position._log.append(("Setup: monster movement card %s is revealed", position.location_name(card)))


def event_card_chances(position: GravityFallsPosition, task: Task) -> Chances:
    # the event cards are the card ids from the first one after the locations on
    return uniform_chances([card for card in position.box if card >= position.rule_tables.location_count])


def shuffle_in_event(position: GravityFallsPosition, task: Task, card: int) -> None:
    """The chosen number of event cards is shuffled into the monster movement deck."""
    take_card(position.box, card)
    insort(position.movement_deck, card)  # the deck is kept sorted (its order is not the draw order)
    finish_task(position)
