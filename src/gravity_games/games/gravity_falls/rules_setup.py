"""Setup (monsters, characters, the first movement cards, events) and the token pulls every phase uses.

A *pull* moves one support or distrust token from a location to a neighbour where a monster or a
character stands: monsters pull when they arrive at setup and in the disorder step, characters in
the rumors step. ``_pull_options`` and ``_pull_token`` carry out that rule for all three.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from typing import Any

from .dice import Outcomes, uniform
from .state import (
    TABLE,
    Task,
    TaskKind,
)

# what a pull from a location can take (see SetupPhase._pull_kind)
PULL_NONE, PULL_SUPPORT, PULL_DISTRUST, PULL_CHOICE = range(4)


class SetupPhase:
    """Mixin of :class:`GravityFallsState` (attributes are declared there)."""

    __slots__ = ()

    # ===================================================================== pulls =================
    def _pull_options(self: Any, frm: int) -> list[int]:
        """Pull a support token, a distrust token, whichever ``frm`` holds."""
        g = self.rule_tables
        if self.support[frm]:
            return [g.A_PULL_S, g.A_PULL_D] if self.distrust[frm] else [g.A_PULL_S]
        return [g.A_PULL_D] if self.distrust[frm] else []

    def _pull_kind(self: Any, frm: int) -> int:
        """What a pull from ``frm`` can take: nothing, the one kind of token there, or a choice of both
        (``_pull_options`` as one number, for the loops that carry out forced pulls at once)."""
        if self.support[frm]:
            return PULL_CHOICE if self.distrust[frm] else PULL_SUPPORT
        return PULL_DISTRUST if self.distrust[frm] else PULL_NONE

    def _pull_token(self: Any, frm: int, to: int, action: int) -> str:
        """Move the pulled token (``A_PULL_S`` support, else distrust); returns its kind for the log."""
        if action == self.rule_tables.A_PULL_S:
            self.support[frm] -= 1
            self.support[to] += 1
            return "support"
        self.distrust[frm] -= 1
        self.distrust[to] += 1
        return "distrust"

    def _flip_all_support(self: Any, loc: int) -> None:
        sup = self.support
        n = sup[loc]
        if n:
            self._log.append(("%s support token at %s flips to distrust" if n == 1 else
                              "%s support tokens at %s flip to distrust", n, self.tables.names[loc]))
            self.distrust[loc] += n
            sup[loc] = 0

    # ===================================================================== setup ================
    def _chance_pick_monster(self: Any, task: tuple) -> list[tuple[int, float]]:
        """Any monster of the slot's difficulty not in the game yet, equally likely."""
        level, draw = self.rule_tables.monster_draws[task.monster]
        mon = self.monsters
        if not draw.ids.isdisjoint(mon):  # (never in a dealt game: each slot has its own difficulty)
            return uniform([i for i in level if i not in mon])
        return draw

    def _roll_pick_monster(self: Any, task: tuple, outcome: int) -> None:
        self.monsters[task.monster] = outcome
        del self.tasks[0]
        self._log.append(("Setup: %s (%s) joins the game", self.tables.monster_names[outcome],
                          self.tables.monster_level[outcome]))

    def _chance_pick_character(self: Any, task: tuple) -> list[tuple[int, float]]:
        pool = [i for i in range(len(self.tables.char_names)) if i not in self.characters]
        return uniform(pool)

    def _roll_pick_character(self: Any, task: tuple, outcome: int) -> None:
        self.characters[task.seat] = outcome
        del self.tasks[0]
        self._log.append(("Setup: seat %s plays %s", task.seat, self.tables.char_names[outcome]))

    def _deck_draw_options(self: Any, task: tuple) -> list[tuple[int, float]]:
        """Any card of the monster movement deck, equally likely (setup placements and the row)."""
        return uniform(self.movement_deck)

    _chance_place_monster = _chance_place_character = _chance_setup_row = _deck_draw_options

    def _place_by_card(self: Any, card: int) -> None:
        """Setup 4-5: a card revealed to place a monster or a character goes to the discard pile."""
        self.movement_deck.remove(card)
        self.movement_discard.append(card)
        del self.tasks[0]

    def _roll_place_monster(self: Any, task: tuple, card: int) -> None:
        """Setup 4a-d: place the monster, pull a token from each neighbour, then flip its location.

        Pulls that leave no choice are carried out here, in order, until one needs a choice; from
        there on the pulls wait as tasks.
        """
        m = task.monster
        self._place_by_card(card)
        self.monster_locations[m] = card
        self._log.append(("Setup: %s appears at %s", self.tables.monster_names[self.monsters[m]], self.tables.names[card]))
        adj = self.tables.adj[card]
        for i, nb in enumerate(adj):
            kind = self._pull_kind(nb)  # _pull_options as one number: no list per neighbour
            if kind == PULL_NONE:
                continue
            if kind == PULL_CHOICE:
                self._push(*[Task(TaskKind.SETUP_PULL, 0, location=x, monster=m) for x in adj[i:]], Task(TaskKind.SETUP_FLIP, TABLE, monster=m))
                return
            self._setup_pull(nb, m, self.rule_tables.A_PULL_S if kind == PULL_SUPPORT else self.rule_tables.A_PULL_D)
            if self.result:
                return
        self._flip_all_support(card)

    def _opts_setup_pull(self: Any, task: tuple) -> list[int]:
        # a distrust token exists only where an earlier monster already flipped tokens
        return self._pull_options(task.location)

    def _do_setup_pull(self: Any, task: tuple, action: int) -> None:
        del self.tasks[0]
        self._setup_pull(task.location, task.monster, action)

    def _setup_pull(self: Any, frm: int, m: int, action: int) -> None:
        kind = self._pull_token(frm, self.monster_locations[m], action)
        self._log.append(("Setup: %s takes a %s token from %s", self.tables.monster_names[self.monsters[m]], kind,
                          self.tables.names[frm]))
        if kind == "distrust":
            self._raise_alarm(1, "a distrust token taken during setup")

    def _auto_setup_flip(self: Any, task: tuple) -> bool:
        del self.tasks[0]
        self._flip_all_support(self.monster_locations[task.monster])
        return True

    def _roll_place_character(self: Any, task: tuple, card: int) -> None:
        """Setup 5: the character and a courage die go to the revealed location."""
        seat = task.seat
        self._place_by_card(card)
        self.character_locations[seat] = card
        if not self.courage_dice[card] and self.supply:
            self.courage_dice[card] = 1
            self.supply -= 1
        self._log.append(("Setup: %s starts at %s with a courage die", self.char_name(seat), self.loc_name(card)))

    def _roll_setup_row(self: Any, task: tuple, card: int) -> None:
        self.movement_deck.remove(card)
        self.revealed.insert(0, card)
        del self.tasks[0]
        self._log.append(("Setup: monster movement card %s is revealed", self.loc_name(card)))

    def _chance_pick_event(self: Any, task: tuple) -> list[tuple[int, float]]:
        # The box is kept sorted (built so, loaded so, cards only leave it) and the event cards
        # are the ids from n_loc on: they are its tail, found by bisection instead of a scan.
        mbox = self.box
        return uniform(mbox[bisect_left(mbox, self.rule_tables.n_loc):])

    def _roll_pick_event(self: Any, task: tuple, card: int) -> None:
        """The chosen number of event cards is shuffled into the monster movement deck."""
        self.box.remove(card)
        insort(self.movement_deck, card)  # the deck is kept sorted (its order is not the draw order)
        del self.tasks[0]


def monster_draws(levels: tuple[str, ...]) -> tuple[tuple[tuple[int, ...], Outcomes], ...]:
    """Per setup slot (easy, medium, hard): the monsters of its difficulty in data order, and the
    draw of one of them (outcome ids as a frozenset; shared, never changed). Built once per game."""
    table = []
    for difficulty in ("easy", "medium", "hard"):
        level = tuple(i for i, lv in enumerate(levels) if lv == difficulty)
        draw = uniform(list(level))
        draw.ids = frozenset(level)
        table.append((level, draw))
    return tuple(table)
