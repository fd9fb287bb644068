"""Rules every phase uses: token pulls and flips, the alarm track, and who stands where.

A *pull* moves one support or distrust token from a location to a neighbour where a monster or a
character stands: monsters pull when they arrive at setup and in the disorder step, characters in
the rumors step. ``pull_options`` and ``pull_token`` carry out that rule for all three.
"""

from __future__ import annotations

from typing import Any, Final

from .state import (
    GIVE_CURSE,
    LOST_ALARM,
    MONSTER_SLOTS,
    GravityFallsPosition,
    push_tasks,
    seat_task,
)
from .tables import alarm_line

# what a pull from a location can take (see pull_kind)
PULL_NONE: Final = 0
PULL_SUPPORT: Final = 1
PULL_DISTRUST: Final = 2
PULL_CHOICE: Final = 3


def pull_options(position: GravityFallsPosition, source: int) -> list[int]:
    """Pull a support token, a distrust token, whichever ``frm`` holds."""
    rule_tables = position.rule_tables
    if position.support[source]:
        return (
            [rule_tables.ACTION_PULL_SUPPORT, rule_tables.ACTION_PULL_DISTRUST]
            if position.distrust[source]
            else [rule_tables.ACTION_PULL_SUPPORT]
        )
    return [rule_tables.ACTION_PULL_DISTRUST] if position.distrust[source] else []


def pull_kind(position: GravityFallsPosition, source: int) -> int:
    """What a pull from ``source`` can take: nothing, the one kind of token there, or a choice of both
    (``_pull_options`` as one number, for the loops that carry out forced pulls at once)."""
    if position.support[source]:
        return PULL_CHOICE if position.distrust[source] else PULL_SUPPORT
    return PULL_DISTRUST if position.distrust[source] else PULL_NONE


def pull_token(position: GravityFallsPosition, source: int, to: int, action: int) -> str:
    """Move the pulled token (``ACTION_PULL_SUPPORT`` support, else distrust); returns its kind for the log."""
    if action == position.rule_tables.ACTION_PULL_SUPPORT:
        position.support[source] -= 1
        position.support[to] += 1
        return "support"
    position.distrust[source] -= 1
    position.distrust[to] += 1
    return "distrust"


def flip_all_support(position: GravityFallsPosition, loc: int) -> None:
    sup = position.support
    n = sup[loc]
    if n:
        position._log.append(
            (
                "%s support token at %s flips to distrust" if n == 1 else "%s support tokens at %s flip to distrust",
                n,
                position.tables.names[loc],
            )
        )
        position.distrust[loc] += n
        sup[loc] = 0


def raise_alarm(position: GravityFallsPosition, n: int, why: str, *why_args: Any, by_effect: bool = False) -> None:
    """Raise the alarm; the monster icon curses everyone, the three icons shrink the row, the bus loses.

    ``why`` is the reason as a format for ``why_args`` (the log line is formatted when read).
    ``by_effect`` says the rise comes from a curse or an event (not from disorder or setup): then
    reaching the three icons discards the revealed card closest to the deck, however many show.
    """
    if n <= 0 or position.result:
        return
    curse_space, shrink_space, bus = position.rule_tables.alarm_marks
    old = position.alarm
    alarm = old + n
    if alarm >= bus:  # the track ends at the bus
        alarm = bus
    position.alarm = alarm
    if why_args:
        position._log.append((alarm_line(why), n, alarm, *why_args))
    else:
        position._log.append(("The alarm rises by %s to %s (%s)", n, alarm, why))
    if alarm == bus:
        position.result = LOST_ALARM
        position._log.append("The alarm reaches the bus: Dipper and Mabel must leave Gravity Falls. The game is lost")
        return
    if not position.rule_tables.standard:
        return  # the young players' rules ignore the marks on the track, except the bus
    if old < curse_space <= alarm:
        position.alarm_due = 1
        position._log.append("The alarm reaches the monster icon: every player takes a curse")
    if old < shrink_space <= alarm:
        position.revealed_capacity = 2
        position._log.append("The alarm reaches the three icons: only 2 monster movement cards stay revealed")
        row = position.revealed
        # "If that space is reached because of a curse or an event, discard the revealed card
        # closest to the deck": whatever the count (a reveal still to come refills the row to 2).
        # After disorder the row holds 2 and "simply do not place a third" card: nothing goes.
        if row and (by_effect or len(row) > 2):
            card = row.pop(0)  # the revealed card closest to the deck
            to_discard_pile(position, card)
            position._log.append(
                ("The revealed card closest to the deck is discarded: %s", position.tables.names[card])
            )


def curse_everyone(position: GravityFallsPosition) -> None:
    """The monster icon: every player takes a curse, the active player first."""
    position.alarm_due = 0
    push_tasks(position, *(seat_task(GIVE_CURSE, seat) for seat in seats_from_active(position)))


def has_curse(position: GravityFallsPosition, seat: int, effect: str) -> bool:
    return bool(position.curses[seat] & position.rule_tables.curse_mask.get(effect, 0))


def monsters_at(position: GravityFallsPosition, loc: int) -> list[int]:
    monster_locations = position.monster_locations
    return [m for m in range(MONSTER_SLOTS) if monster_locations[m] == loc]


def live_monsters(position: GravityFallsPosition) -> list[int]:
    return [m for m in range(3) if position.monster_locations[m] >= 0]


def others_at(position: GravityFallsPosition, seat: int, loc: int) -> bool:
    character_locations = position.character_locations
    return any(s != seat and character_locations[s] == loc for s in range(position.players))


def seats_from_active(position: GravityFallsPosition) -> list[int]:
    return [(position.active + i) % position.players for i in range(position.players)]


def to_discard_pile(position: GravityFallsPosition, card: int) -> None:
    position.movement_discard.append(card)


def take_card(pile: list[int], card: int) -> None:
    """Take ``card`` out of ``pile`` (a deck, the box); the other cards keep their order.

    A typed search for the card's place: ``list.remove`` compares with a generic call per card.
    """
    for place in range(len(pile)):
        if pile[place] == card:
            pile.pop(place)
            return
    raise ValueError(f"card {card} is not in the pile {pile}")


def monster_stands_at(position: GravityFallsPosition, loc: int) -> bool:
    """Whether a monster stands at ``loc`` (a typed loop; ``in`` on the list is a generic search)."""
    return any(location == loc for location in position.monster_locations)


def character_stands_at(position: GravityFallsPosition, loc: int) -> bool:
    """Whether a character stands at ``loc``."""
    return any(location == loc for location in position.character_locations)
