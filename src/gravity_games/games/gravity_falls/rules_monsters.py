"""The monster phase, disorder, the monster movement deck and events, curses and the alarm track.

Also the table of task handlers the state machine (``GravityFallsState._advance``) dispatches on.
"""

from __future__ import annotations

from typing import Any

from .dice import Outcomes, uniform
from .rules_setup import PULL_CHOICE, PULL_DISTRUST, PULL_NONE, PULL_SUPPORT
from .state import (
    CHANCE_TASKS,
    NO_CARD,
    TABLE,
    TASK_NAMES,
    Result,
    RevealContext,
    Task,
    TaskKind,
)

_DISPATCH: dict[type, list[tuple[Any, ...]]] = {}

DISORDER_PULL = "%s pulls a %s token from %s"  # the log line of a monster's pull in disorder (forced or chosen)

def _dispatch(cls: type) -> list[tuple[Any, ...]]:
    """Per task code: its (auto, is chance, options, apply) handlers, looked up once.

    ``auto`` (``_auto_<task>``, may be None) runs first and returns False when the task needs a
    step; ``options`` lists the choices (``_opts_<task>``) or chance outcomes (``_chance_<task>``),
    ``apply`` carries one out (``_do_<task>`` or ``_roll_<task>``).
    """
    table = _DISPATCH.get(cls)
    if table is None:
        table = []
        for code, name in enumerate(TASK_NAMES):
            chance = code in CHANCE_TASKS
            table.append((
                getattr(cls, "_auto_" + name, None),
                chance,
                getattr(cls, ("_chance_" if chance else "_opts_") + name, None),
                getattr(cls, ("_roll_" if chance else "_do_") + name, None),
            ))
        _DISPATCH[cls] = table
    return table


class MonsterPhase:
    """Mixin of :class:`GravityFallsState` (attributes are declared there)."""

    __slots__ = ()

    # ===================================================================== alarm track ===========
    def _raise_alarm(self: Any, n: int, why: str, *why_args: Any, by_effect: bool = False) -> None:
        """Raise the alarm; the monster icon curses everyone, the three icons shrink the row, the bus loses.

        ``why`` is the reason as a format for ``why_args`` (the log line is formatted when read).
        ``by_effect`` says the rise comes from a curse or an event (not from disorder or setup): then
        reaching the three icons discards the revealed card closest to the deck, however many show.
        """
        if n <= 0 or self.result:
            return
        # the track's marks, read off the data once per game (unpacked: a NamedTuple field read costs more)
        curse_space, shrink_space, bus = self.rule_tables.alarm_marks
        old = self.alarm
        alarm = old + n
        if alarm >= bus:  # the track ends at the bus
            alarm = bus
        self.alarm = alarm
        if why_args:
            self._log.append(("The alarm rises by %s to %s (" + why + ")", n, alarm, *why_args))
        else:
            self._log.append(("The alarm rises by %s to %s (%s)", n, alarm, why))
        if alarm == bus:
            self.result = Result.LOST_ALARM
            self._log.append("The alarm reaches the bus: Dipper and Mabel must leave Gravity Falls. The game is lost")
            return
        if not self.rule_tables.standard:
            return  # the young players' rules ignore the marks on the track, except the bus
        if old < curse_space <= alarm:
            self.alarm_due = 1
            self._log.append("The alarm reaches the monster icon: every player takes a curse")
        if old < shrink_space <= alarm:
            self.revealed_capacity = 2
            self._log.append("The alarm reaches the three icons: only 2 monster movement cards stay revealed")
            row = self.revealed
            # "If that space is reached because of a curse or an event, discard the revealed card
            # closest to the deck": whatever the count (a reveal still to come refills the row to 2).
            # After disorder the row holds 2 and "simply do not place a third" card: nothing goes.
            if row and (by_effect or len(row) > 2):
                card = row.pop(0)  # the revealed card closest to the deck
                self._to_discard_pile(card)
                self._log.append(("The revealed card closest to the deck is discarded: %s", self.tables.names[card]))

    def _auto_alarm_check(self: Any, task: tuple) -> bool:
        """Curses of the monster icon come once the effect that raised the alarm is over."""
        del self.tasks[0]
        if self.alarm_due:
            self._curse_everyone()
        return True

    def _curse_everyone(self: Any) -> None:
        """The monster icon: every player takes a curse, the active player first.

        Handlers that would put an alarm check at the front of the tasks call this directly
        when ``alarm_due`` is set: the check would run at once, and a step of the machine
        costs more than the test.
        """
        self.alarm_due = 0
        np_, active = self.players, self.active
        self.tasks[0:0] = [Task(TaskKind.GIVE_CURSE, (active + i) % np_) for i in range(np_)]

    # ===================================================================== curses ================
    def _auto_give_curse(self: Any, task: tuple) -> bool:
        if any(self.curse_deck):
            return False
        seat = task.seat
        held = self.curses[seat]
        cdisc = self.curse_discard
        # a player holding every kind cannot get one (the usual case here): no need to look
        if held != (1 << len(cdisc)) - 1:
            for k, count in enumerate(cdisc):
                if count and not held >> k & 1:  # a curse the player could get: reshuffle
                    self.curse_deck, self.curse_discard = cdisc, [0] * len(cdisc)
                    self._log.append("The curse discard pile is shuffled into a new curse deck")
                    return False
        del self.tasks[0]
        self._log.append(("No curse card is left for %s", self.tables.char_names[self.characters[seat]]))
        return True

    def _chance_give_curse(self: Any, task: tuple) -> list[tuple[int, float]]:
        """Each curse kind by its share of the deck; kept per deck content (shared, never changed)."""
        key = tuple(self.curse_deck)
        found = self.rule_tables.curse_outcomes.get(key)
        if found is None:
            total = sum(key)
            found = self.rule_tables.curse_outcomes[key] = Outcomes((k, c / total) for k, c in enumerate(key) if c)
        return found

    def _roll_give_curse(self: Any, task: tuple, k: int) -> None:
        """Take a curse; one you already hold is discarded and another drawn; its effect starts at once."""
        seat = task.seat
        self.curse_deck[k] -= 1
        tb = self.tables
        bit = 1 << k
        held = self.curses[seat]
        if held & bit:
            self.curse_discard[k] += 1
            self._log.append(("%s already has '%s': it is discarded and another drawn",
                              tb.char_names[self.characters[seat]], tb.curse_names[k]))
            return
        self.curses[seat] = held | bit
        self.new_curses[seat] |= bit
        self._log.append(("Bill Cipher curses %s: '%s'", tb.char_names[self.characters[seat]], tb.curse_names[k]))
        if tb.curse_kinds[k] == "reveal_card":
            self.tasks[0:1] = (Task(TaskKind.CURSE_REVEAL, seat), Task(TaskKind.ALARM_CHECK))
            return
        del self.tasks[0]  # this task is done; the alarm check it leaves runs here
        if self.alarm_due:
            self._curse_everyone()

    def _auto_curse_reveal(self: Any, task: tuple) -> bool:
        """Curse (reconstructed): the revealed cards move one space on, the furthest is discarded, a new one shows."""
        if self.revealed and len(self.revealed) >= self.revealed_capacity:
            self._to_discard_pile(self.revealed.pop())
        self.tasks[0] = Task(TaskKind.REVEAL, TABLE, context=RevealContext.CURSE, card=NO_CARD)  # the reveal takes this task's place
        return True

    # ===================================================================== monster phase =========
    def _nearest_monsters(self: Any, seat: int) -> tuple[int, ...]:
        """The monsters in play nearest to the seat's character (by roads), in slot order.

        A comparison tree returning constant tuples: asked at every monster move, where building a
        list and calling ``min`` cost more than the comparisons.
        """
        d = self.rule_tables.dist_far[self.character_locations[seat]]  # a monster not in play (location -1 or -2) is 999 away: never nearest
        a, b, c = self.monster_locations
        da, db, dc = d[a], d[b], d[c]
        if da < db:
            if da < dc:
                return (0,)
            return (2,) if dc < da else (0, 2)
        if db < da:
            if db < dc:
                return (1,)
            return (2,) if dc < db else (1, 2)
        if da < dc:  # da == db from here on
            return (0, 1)
        if dc < da:
            return (2,)
        return (0, 1, 2) if dc != 999 else ()

    def _auto_monster_move(self: Any, task: tuple) -> bool:
        """1. The card furthest from the deck moves the monster closest to the active character."""
        seat = task.seat
        tasks, row = self.tasks, self.revealed
        if not row:
            self._log.append("No monster movement card is revealed: no monster moves")
            tasks[0:1] = (Task(TaskKind.REVEAL_STAGE, seat), Task(TaskKind.END_TURN, seat))
            return True
        card = row.pop()
        self.movement_discard.append(card)
        near = self._nearest_monsters(seat)
        if len(near) > 1:
            tasks[0:1] = (Task(TaskKind.CHOOSE_MOVER, seat, card=card), Task(TaskKind.REVEAL_STAGE, seat), Task(TaskKind.END_TURN, seat))
            return True
        tasks[0:1] = (Task(TaskKind.REVEAL_STAGE, seat), Task(TaskKind.END_TURN, seat))
        # the move's task would be at the front and run next: carried out at once, without its tuple
        return self._move_monster(seat, near[0], card)

    def _opts_choose_mover(self: Any, task: tuple) -> list[int]:
        return [self.rule_tables.A_MONSTER + m for m in self._nearest_monsters(task.seat)]

    def _do_choose_mover(self: Any, task: tuple, action: int) -> None:
        del self.tasks[0]
        # the move's task would be at the front and run next: carried out at once, without its tuple
        self._move_monster(task.seat, action - self.rule_tables.A_MONSTER, task.card)

    def _auto_move_monster(self: Any, task: tuple) -> bool:
        # The rules carry a move out at once (_move_monster) and never queue this task; a state
        # document that names it (written by hand or by an older version) still plays on.
        del self.tasks[0]
        return self._move_monster(task.seat, task.monster, task.card)

    def _move_monster(self: Any, seat: int, m: int, card: int) -> bool:
        """2. The monster moves to the card's location (unless a courage die stops it), then disorder.

        Disorder: curses for the characters there, a token pulled from each neighbour, the alarm
        rises by the distrust around the monster, the support there flips. Pulls that leave no
        choice are carried out here, in order, until one needs the active player's choice; from
        there on the pulls wait as tasks. The move's own task is already off the list.
        """
        tb, log = self.tables, self._log
        mon = self.monsters[m]
        name = tb.monster_names[mon]
        names = tb.names
        if self.courage_dice[card]:
            self.courage_dice[card] = 0
            self.supply += 1
            log.append(("%s is stopped by the courage die at %s, which it removes", name, names[card]))
            return True
        self.monster_locations[m] = card
        log.append(("%s moves to %s", name, names[card]))
        adj = tb.adj[card]
        tasks = self.tasks
        if card in self.character_locations:
            sub = [Task(TaskKind.GIVE_CURSE, s) for s in self.seats_from_active() if self.character_locations[s] == card]
            sub += [Task(TaskKind.DISORDER_PULL, seat, location=nb, monster=m) for nb in adj]
            sub += (Task(TaskKind.DISORDER_ALARM, seat, monster=m), Task(TaskKind.ALARM_CHECK))
            tasks[0:0] = sub
            return True
        g = self.rule_tables
        pterodactyl = g.monster_ability[mon] == "pull_distrust"
        for nb in adj:
            kind = self._disorder_pull_kind(nb, pterodactyl)
            if kind == PULL_NONE:
                continue
            if kind == PULL_CHOICE:  # both kinds: the active player chooses, here and for the neighbours after
                sub = [Task(TaskKind.DISORDER_PULL, seat, location=x, monster=m) for x in adj[adj.index(nb):]]
                sub += (Task(TaskKind.DISORDER_ALARM, seat, monster=m), Task(TaskKind.ALARM_CHECK))
                tasks[0:0] = sub
                return True
            # _do_disorder_pull's pull, without a choice (there is none here)
            log.append((DISORDER_PULL, name, self._pull_token(nb, card, g.A_PULL_S if kind == PULL_SUPPORT
                                                              else g.A_PULL_D), names[nb]))
        self._disorder_alarm(card, name)
        if self.result:
            return True
        if self.alarm_due:
            self._curse_everyone()
        elif tasks and tasks[0].kind == TaskKind.REVEAL_STAGE:
            return self._auto_reveal_stage(tasks[0])  # at the front now: it would run next anyway
        return True

    def _disorder_pull_kind(self: Any, frm: int, pterodactyl: bool) -> int:
        """What the arriving monster pulls from the neighbour ``frm``: nothing, the one kind of token
        there, or a choice (both kinds, no courage die). The Pterodactyl pulls distrust only,
        courage dice or not."""
        if pterodactyl:
            return PULL_DISTRUST if self.distrust[frm] else PULL_NONE
        return PULL_NONE if self.courage_dice[frm] else self._pull_kind(frm)

    def _opts_disorder_pull(self: Any, task: tuple) -> list[int]:
        """What the monster ``task.monster`` may pull from the neighbour ``task.location`` (none, one kind, or a choice)."""
        g = self.rule_tables
        kind = self._disorder_pull_kind(task.location, g.monster_ability[self.monsters[task.monster]] == "pull_distrust")
        if kind == PULL_NONE:
            return []
        if kind == PULL_CHOICE:
            return [g.A_PULL_S, g.A_PULL_D]
        return [g.A_PULL_S if kind == PULL_SUPPORT else g.A_PULL_D]

    def _do_disorder_pull(self: Any, task: tuple, action: int) -> None:
        """The monster ``task.monster`` pulls the chosen token from the neighbour ``task.location``."""
        del self.tasks[0]
        frm, m = task.location, task.monster
        tb = self.tables
        self._log.append((DISORDER_PULL, tb.monster_names[self.monsters[m]], self._pull_token(frm, self.monster_locations[m], action),
                          tb.names[frm]))

    def _auto_disorder_alarm(self: Any, task: tuple) -> bool:
        tasks = self.tasks
        del tasks[0]
        m = task.monster
        self._disorder_alarm(self.monster_locations[m], self.tables.monster_names[self.monsters[m]])
        if tasks and tasks[0].kind == TaskKind.ALARM_CHECK and not self.result:  # queued with it: it would run next anyway
            return self._auto_alarm_check(tasks[0])
        return True

    def _disorder_alarm(self: Any, loc: int, name: str) -> None:
        """The alarm rises by the distrust tokens at the monster's location ``loc``; its support flips."""
        dis = self.distrust[loc]
        if dis:
            self._raise_alarm(dis, "%s distrust token where %s stands" if dis == 1 else
                              "%s distrust tokens where %s stands", dis, name)
        self._flip_all_support(loc)

    # ===================================================================== 3. reveal =============
    def _auto_reveal_stage(self: Any, task: tuple) -> bool:
        if len(self.revealed) < self.revealed_capacity:
            self.tasks[0] = Task(TaskKind.REVEAL, TABLE, card=NO_CARD)
        else:
            del self.tasks[0]
        return True

    def _auto_reveal(self: Any, task: tuple) -> bool:
        if self.movement_deck and len(self.revealed) < self.revealed_capacity:
            return False  # the usual case: a free space and a card to draw for it
        if len(self.revealed) >= self.revealed_capacity or not self.movement_discard:
            deferred = task.card
            if deferred >= 0:  # an event revealed on the way waits no longer
                self.tasks[0:1] = (Task(TaskKind.EVENT, TABLE, card=deferred), Task(TaskKind.ALARM_CHECK))
            else:
                del self.tasks[0]
            return True
        self.movement_deck = sorted(self.movement_discard)  # the deck is empty here
        self.movement_discard = []
        self._log.append("The monster movement deck is reshuffled: the monsters grow more dangerous")
        return False

    def _chance_reveal(self: Any, task: tuple) -> list[tuple[int, float]]:
        return uniform(self.movement_deck)

    def _roll_reveal(self: Any, task: tuple, card: int) -> None:
        """A movement card fills the free space; an event acts (one per turn) or raises the alarm."""
        self.movement_deck.remove(card)
        if card < self.rule_tables.n_loc:
            self.revealed.insert(0, card)
            self._log.append(("Monster movement card revealed: %s", self.tables.names[card]))
            tasks = self.tasks
            deferred = task.card
            if deferred >= 0:
                tasks[0:1] = (Task(TaskKind.EVENT, TABLE, card=deferred), Task(TaskKind.ALARM_CHECK))
            else:
                del tasks[0]
                if tasks and tasks[0].kind == TaskKind.END_TURN:
                    self._auto_end_turn(tasks[0])  # at the front now: it would run next anyway
            return
        self._to_discard_pile(card)
        kind = self.tables.event_cards[card - self.rule_tables.n_loc]
        name = self.tables.data.events[kind].name
        if self.event_used:
            self._log.append(("Event '%s' is discarded: only one event per turn", name))
            self._raise_alarm(1, "a second event this turn", by_effect=True)
            return
        self.event_used = 1
        self._log.append(("Event: %s", name))
        ctx = task.context
        if ctx == 0:
            self.tasks[0:1] = (Task(TaskKind.EVENT, TABLE, card=card), Task(TaskKind.ALARM_CHECK), Task(TaskKind.REVEAL, TABLE, card=NO_CARD))
        else:  # revealed by a curse: finish revealing first, then resolve the event
            self.tasks[0] = task._replace(context=ctx, card=card)

    # ===================================================================== events ================
    def _auto_event(self: Any, task: tuple) -> bool:
        card = task.card
        del self.tasks[0]
        kind = self.tables.event_cards[card - self.rule_tables.n_loc]
        self.current_event = kind
        effect = self.tables.event_effects[kind]
        seats = self.seats_from_active()
        sub: list[tuple[int, int, int, int]] = []
        if effect == "teleport":
            sub = [Task(TaskKind.EV_TELEPORT, s) for s in seats]
        elif effect == "discard_or_alarm":
            sub = [Task(TaskKind.EV_DISCARD_OR_ALARM, s) for s in seats]
        elif effect == "monsters_pull_distrust":
            self._event_monsters_pull()
        elif effect == "remove_die_monsters":
            sub = [Task(TaskKind.EV_REMOVE_DIE, self.active, target=m) for m in self.live_monsters()]
        elif effect == "remove_die_characters":
            sub = [Task(TaskKind.EV_REMOVE_DIE, self.active, context=1, target=s) for s in seats]
        else:
            sub = [Task(TaskKind.EV_FLEE, s) for s in seats]
        sub.append(Task(TaskKind.EVENT_END))
        self.tasks[0:0] = sub  # the effect's steps, then its end, at the front
        return True

    def _auto_event_end(self: Any, task: tuple) -> bool:
        tasks = self.tasks
        del tasks[0]
        self.current_event = -1
        if tasks and tasks[0].kind == TaskKind.ALARM_CHECK:  # what an event leaves behind: it would run next anyway
            return self._auto_alarm_check(tasks[0])
        return True

    def _event_monsters_pull(self: Any) -> None:
        """All monsters pull 1 distrust token from each neighbour, courage dice or not; no alarm, no flip."""
        for m in self.live_monsters():
            to = self.monster_locations[m]
            for nb in self.tables.adj[to]:
                if self.distrust[nb]:
                    self.distrust[nb] -= 1
                    self.distrust[to] += 1
                    self._log.append(("%s pulls a distrust token from %s", self.monster_name(m), self.loc_name(nb)))

    def _auto_ev_teleport(self: Any, task: tuple) -> bool:
        seat = task.seat
        if not self.hands[seat] >> 5 & 1:
            del self.tasks[0]
            return True
        if not self._teleport_targets(seat):
            self._discard_teleport(seat)
            del self.tasks[0]
            self._log.append(("%s cannot use the Teleport card and discards it", self.char_name(seat)))
            return True
        return False

    def _discard_teleport(self: Any, seat: int) -> None:
        self.hands[seat] &= ~(1 << 5)
        self.action_discards[seat] |= 1 << 5

    def _opts_ev_teleport(self: Any, task: tuple) -> list[int]:
        return [self.rule_tables.A_LOC + loc for loc in self._teleport_targets(task.seat)]

    def _do_ev_teleport(self: Any, task: tuple, action: int) -> None:
        seat = task.seat
        self._discard_teleport(seat)
        del self.tasks[0]
        self.character_locations[seat] = action - self.rule_tables.A_LOC
        self._log.append(("%s uses the Teleport card and goes to %s", self.char_name(seat),
                          self.loc_name(self.character_locations[seat])))

    def _opts_ev_discard_or_alarm(self: Any, task: tuple) -> list[int]:
        hand, g = self.hands[task.seat], self.rule_tables
        return [g.A_HANDCARD + c for c in range(6) if hand >> c & 1] + [g.A_ALARM]

    def _do_ev_discard_or_alarm(self: Any, task: tuple, action: int) -> None:
        seat = task.seat
        del self.tasks[0]
        if action == self.rule_tables.A_ALARM:
            self._raise_alarm(1, "%s keeps the cards", self.char_name(seat), by_effect=True)
            return
        c = action - self.rule_tables.A_HANDCARD
        self.hands[seat] &= ~(1 << c)
        self.action_discards[seat] |= 1 << c
        self._log.append(("%s discards %s", self.char_name(seat), self._card_label(seat, c)))

    def _opts_ev_remove_die(self: Any, task: tuple) -> list[int]:
        who, idx = task.context, task.target
        center = self.monster_locations[idx] if who == 0 else self.character_locations[idx]
        if center < 0:
            return []
        return sorted(self.rule_tables.A_LOC + loc for loc in (center, *self.tables.adj[center]) if self.courage_dice[loc])

    def _do_ev_remove_die(self: Any, task: tuple, action: int) -> None:
        loc = action - self.rule_tables.A_LOC
        del self.tasks[0]
        self.courage_dice[loc] = 0
        self.supply += 1
        self._log.append(("The courage die at %s is removed", self.loc_name(loc)))

    def _opts_ev_flee(self: Any, task: tuple) -> list[int]:
        """One location further from the nearest monster (from each, when several are nearest)."""
        seat = task.seat
        near = self._nearest_monsters(seat)
        if not near:
            return []
        here = self.character_locations[seat]
        dist = self.tables.dist
        d0 = dist[here][self.monster_locations[near[0]]]
        out = []
        for nb in self.tables.adj[here]:
            further = all(dist[nb][self.monster_locations[m]] == d0 + 1 for m in near)
            lonely = self.has_curse(seat, "no_shared_location") and self.others_at(seat, nb)
            if further and not lonely:
                out.append(self.rule_tables.A_LOC + nb)
        return out

    def _do_ev_flee(self: Any, task: tuple, action: int) -> None:
        seat = task.seat
        del self.tasks[0]
        self.character_locations[seat] = action - self.rule_tables.A_LOC
        self._log.append(("%s runs to %s", self.char_name(seat), self.loc_name(self.character_locations[seat])))

    # ===================================================================== end of turn ===========
    def _auto_end_turn(self: Any, task: tuple) -> bool:
        if self.alarm_due:
            self.tasks.insert(0, Task(TaskKind.ALARM_CHECK))
            return True
        self.active = (self.active + 1) % self.players
        self.turn += 1
        self.tasks[0] = Task(TaskKind.START_TURN)  # this task is done: the next turn takes its place
        return True
