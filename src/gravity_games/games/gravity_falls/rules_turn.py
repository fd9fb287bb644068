"""The character phase after movement: rumors, the roll, courage dice, draws, curses, abilities, rest.

Each handler is named after the task it carries out: ``_auto_<task>`` runs without a decision
(returns False when the task needs one), ``_opts_<task>`` lists a seat's choices and ``_do_<task>``
applies one, ``_chance_<task>``/``_roll_<task>`` do the same for chance.
"""

from __future__ import annotations

from typing import Any

from .dice import REROLL_OUTCOMES, dice_distribution, successes_distribution, uniform
from .rules_move import CARD_TELEPORT
from .rules_setup import PULL_CHOICE, PULL_NONE, PULL_SUPPORT
from .state import (
    DEFEATED,
    Result,
    Task,
    TaskKind,
)

# CARD_DRAWS[mask]: one card drawn at random from a pile of action cards (bit c: card c), the
# outcomes shared by every state (never changed; chance_outcomes hands out copies)
CARD_DRAWS = tuple(uniform([c for c in range(6) if mask >> c & 1]) for mask in range(64))
RUMOR_PULL = "Rumors: a %s token comes from %s"  # the log line of a rumor's pull (forced or chosen)
# A die face in a log line, as the rulebook names the symbols (success, arrow, curse)
FACE_WORDS = ("a success", "an arrow", "a curse")


def _count(n: int, one: str, many: str) -> str:
    """``n`` things in words: "no curse", "1 arrow", "2 successes"."""
    return f"no {one}" if n == 0 else f"1 {one}" if n == 1 else f"{n} {many}"


# "Roll: ..." for every outcome (successes << 6 | arrows << 3 | curses; at most 7 dice), built once:
# a roll's log line is then one lookup, not three plural choices.
ROLL_LINES = tuple(
    "Roll: " + ", ".join((_count(k >> 6, "success", "successes"), _count(k >> 3 & 7, "arrow", "arrows"),
                          _count(k & 7, "curse", "curses")))
    for k in range(512)
)


def _dice(n: int) -> str:
    """A number of dice in words: "1 die", "3 dice"."""
    return "1 die" if n == 1 else f"{n} dice"


class CharacterPhase:
    """Mixin of :class:`GravityFallsState` (attributes are declared there)."""

    __slots__ = ()

    # ===================================================================== 3. rumors =============
    def _auto_after_move(self: Any, task: tuple) -> bool:
        """3. Rumors: a token from each neighbour, then 4. the roll.

        Pulls that leave no choice are carried out here, in order, until one needs the player's
        choice; from there on the rumors wait as tasks.
        """
        seat = task.seat
        tasks = self.tasks
        here = self.character_locations[seat]
        adj = self.tables.adj[here]
        die, g = self.courage_dice, self.rule_tables
        for nb in adj:
            kind = self._pull_kind(nb)
            if kind == PULL_NONE:
                continue
            if kind == PULL_CHOICE or die[nb]:  # both kinds, or a pull the die makes optional
                break
            # _rumor's pull, without its check for the choice to leave (there is none here)
            self._log.append((RUMOR_PULL, self._pull_token(nb, here, g.A_PULL_S if kind == PULL_SUPPORT
                                                            else g.A_PULL_D), self.tables.names[nb]))
        else:
            tasks[0] = nxt = Task(TaskKind.ROLL_SETUP, seat)
            return self._auto_roll_setup(nxt)  # at the front now: it would run next anyway
        sub = [Task(TaskKind.RUMOR, seat, location=x) for x in adj[adj.index(nb):]]  # from the neighbour that stopped the loop
        sub.append(Task(TaskKind.ROLL_SETUP, seat))
        tasks[0:1] = sub
        return True

    def _opts_rumor(self: Any, task: tuple) -> list[int]:
        frm = task.location
        out = self._pull_options(frm)
        if out and self.courage_dice[frm]:
            out.append(self.rule_tables.A_LEAVE)  # pulling from a location with a courage die is optional
        return out

    def _do_rumor(self: Any, task: tuple, action: int) -> None:
        """Pull the chosen token from the neighbour ``task.location``, or leave them all there."""
        tasks = self.tasks
        del tasks[0]
        seat, frm = task.seat, task.location
        if action == self.rule_tables.A_LEAVE:
            self._log.append(("Rumors: %s leaves the tokens at %s", self.tables.char_names[self.characters[seat]],
                              self.tables.names[frm]))
        else:
            self._log.append((RUMOR_PULL, self._pull_token(frm, self.character_locations[seat], action), self.tables.names[frm]))
        if tasks and tasks[0].kind == TaskKind.ROLL_SETUP:  # after the last rumor
            self._auto_roll_setup(tasks[0])  # at the front now: it would run next anyway

    # ===================================================================== 4. roll ==============
    def _auto_roll_setup(self: Any, task: tuple) -> bool:
        seat = task.seat
        here = self.character_locations[seat]
        mloc = self.monster_locations
        if here not in mloc:
            self.fought_monster = -1
        elif mloc.count(here) > 1:
            return False  # several monsters here: the player chooses which one to fight (choose_foe)
        else:
            self.fought_monster = mloc.index(here)
        self._start_roll(seat)
        return True

    def _opts_roll_setup(self: Any, task: tuple) -> list[int]:
        return [self.rule_tables.A_MONSTER + m for m in self.monsters_at(self.character_locations[task.seat])]

    def _do_roll_setup(self: Any, task: tuple, action: int) -> None:
        self.fought_monster = action - self.rule_tables.A_MONSTER
        self._start_roll(task.seat)

    def _start_roll(self: Any, seat: int) -> None:
        """Dice = resourcefulness + support tokens here; at most 7 (5 when cursed), extra dice curse.

        The roll's tasks take the place of the roll setup at the front.
        """
        tb = self.tables
        char = self.characters[seat]
        card = self.card_played
        # resourcefulness: the played card's, or for a Teleport the character's own
        want = (tb.char_teleport_res[char] if card == CARD_TELEPORT else tb.card_res[card]) + self.support[self.character_locations[seat]]
        cap = 5 if self.curses[seat] & self.rule_tables.cm_max_five else 7
        rolled = want if want < cap else cap
        extra = self.extra_dice = want - rolled
        who = tb.char_names[char]
        if self.fought_monster >= 0:
            name = tb.monster_names[self.monsters[self.fought_monster]]
            if extra:
                self._log.append(("%s fights %s with %s (%s over the limit)", who, name, _dice(rolled), extra))
            else:
                self._log.append(("%s fights %s with %s", who, name, _dice(rolled)))
        elif extra:
            self._log.append(("%s persuades the residents with %s (%s over the limit)", who, _dice(rolled), extra))
        else:
            self._log.append(("%s persuades the residents with %s", who, _dice(rolled)))
        self.roll_successes = self.roll_arrows = self.roll_curses = 0
        if not rolled:
            self.tasks[0] = Task(TaskKind.RESOLVE_ROLL, seat)
        elif tb.char_ability[char] == "reroll_one":
            self.tasks[0:1] = (Task(TaskKind.ROLL, seat, count=rolled), Task(TaskKind.REROLL_OFFER, seat), Task(TaskKind.RESOLVE_ROLL, seat))
        else:
            self.tasks[0:1] = (Task(TaskKind.ROLL, seat, count=rolled), Task(TaskKind.RESOLVE_ROLL, seat))

    def _chance_roll(self: Any, task: tuple) -> list[tuple[int, float]]:
        return dice_distribution(task.count)  # shared table: kept as the step's options, handed out as copies

    def _roll_roll(self: Any, task: tuple, outcome: int) -> None:
        ds, dm = outcome >> 3, outcome & 7  # the id is 8 * successes + moves (dice.dice_distribution)
        dc = task.count - ds - dm
        self.roll_successes, self.roll_arrows, self.roll_curses = ds, dm, dc
        tasks = self.tasks
        del tasks[0]
        self._log.append(ROLL_LINES[ds << 6 | dm << 3 | dc])
        if tasks and tasks[0].kind == TaskKind.RESOLVE_ROLL:
            self._auto_resolve_roll(tasks[0])  # at the front now: it would run next anyway

    def _opts_reroll_offer(self: Any, task: tuple) -> list[int]:
        """Dipper (reconstructed): once per turn he may re-roll one die of his roll."""
        a = self.rule_tables.A_REROLL  # + the face shown: 0 success, 1 move, 2 curse
        out = [self.rule_tables.A_NO]
        if self.roll_successes:
            out.append(a)
        if self.roll_arrows:
            out.append(a + 1)
        if self.roll_curses:
            out.append(a + 2)
        return out

    def _do_reroll_offer(self: Any, task: tuple, action: int) -> None:
        tasks = self.tasks
        del tasks[0]
        if action == self.rule_tables.A_NO:
            if tasks and tasks[0].kind == TaskKind.RESOLVE_ROLL:
                self._auto_resolve_roll(tasks[0])  # at the front now: it would run next anyway
            return
        face = action - self.rule_tables.A_REROLL
        if face == 0:
            self.roll_successes -= 1
        elif face == 1:
            self.roll_arrows -= 1
        else:
            self.roll_curses -= 1
        self._log.append(("%s re-rolls a die showing %s", self.char_name(task.seat), FACE_WORDS[face]))
        self._push(Task(TaskKind.REROLL, task.seat))

    def _chance_reroll(self: Any, task: tuple) -> list[tuple[int, float]]:
        return REROLL_OUTCOMES  # shared: kept as the step's options, handed out as copies

    def _roll_reroll(self: Any, task: tuple, face: int) -> None:
        if face == 0:
            self.roll_successes += 1
        elif face == 1:
            self.roll_arrows += 1
        else:
            self.roll_curses += 1
        tasks = self.tasks
        del tasks[0]
        self._log.append(("The re-rolled die shows %s", FACE_WORDS[face]))
        if tasks and tasks[0].kind == TaskKind.RESOLVE_ROLL:
            self._auto_resolve_roll(tasks[0])  # at the front now: it would run next anyway

    def _auto_resolve_roll(self: Any, task: tuple) -> bool:
        """Successes first, then movement, and the curses at the very end."""
        seat = task.seat
        moves = self.roll_arrows
        if self.fought_monster >= 0:
            moves = self._fight(seat, self.fought_monster)
            if self.result:
                del self.tasks[0]
                return True
        else:
            here = self.character_locations[seat]
            dis, ds = self.distrust, self.roll_successes
            flips = ds if ds < dis[here] else dis[here]
            if flips:
                dis[here] -= flips
                self.support[here] += flips
                self._log.append(("%s distrust token at %s flips to support" if flips == 1 else
                                  "%s distrust tokens at %s flip to support", flips, self.tables.names[here]))
        if moves:
            self.tasks[0:1] = (Task(TaskKind.MOVE_TOKEN, seat, count=moves), Task(TaskKind.ROLL_CURSES, seat))
            return True
        # this task is done: the curses take its place at the front (their handler reads the seat only)
        return self._auto_roll_curses(task)

    def _fight(self: Any, seat: int, m: int) -> int:
        """Defeat the monster with enough successes; return how many tokens still move."""
        here = self.character_locations[seat]
        ability = self.m_ability(m)
        hits, moves = self.roll_successes, self.roll_arrows
        if ability == "arrows_fight":  # Rumble McSkirmish: arrows are the successes, and move nothing
            hits, moves = self.roll_arrows, 0
        need = max(self.distrust[here], 1)
        if ability == "extra_success":  # Zhivogryz
            need = self.distrust[here] + 1 if self.distrust[here] else 2
        immune = (ability == "last_only" and len(self.live_monsters()) > 1) or (
            ability == "cursed_only" and not self.curses[seat]
        )
        name = self.monster_name(m)
        if immune:
            self._log.append(("Successes do not affect %s now", name))
        elif hits >= need:
            self.monster_locations[m] = DEFEATED
            self._log.append(("%s defeats %s (%s of %s needed)", self.char_name(seat), name, hits, need))
            if not self.live_monsters():
                self.result = Result.WON
                self._log.append("All the monsters are defeated: Gravity Falls is saved!")
        else:
            self._log.append(("Not enough successes against %s (%s of %s needed)", name, hits, need))
        return moves

    def _opts_move_token(self: Any, task: tuple) -> list[int]:
        seat = task.seat
        here = self.character_locations[seat]
        g = self.rule_tables
        out = list(g.move_distrust[here]) if self.distrust[here] else []
        if self.support[here] and not self.curses[seat] & g.cm_no_move_support:
            out += g.move_support[here]
        return out

    def _do_move_token(self: Any, task: tuple, action: int) -> None:
        seat, left = task.seat, task.count
        here = self.character_locations[seat]
        g = self.rule_tables
        if action >= g.A_MOVE_D:
            to = action - g.A_MOVE_D
            self.distrust[here] -= 1
            self.distrust[to] += 1
            kind = "distrust"
        else:
            to = action - g.A_MOVE_S
            self.support[here] -= 1
            self.support[to] += 1
            kind = "support"
        names = self.tables.names
        self._log.append(("A %s token moves from %s to %s", kind, names[here], names[to]))
        if left > 1:
            self.tasks[0] = task._replace(count=left - 1)
        else:
            tasks = self.tasks
            del tasks[0]
            if tasks and tasks[0].kind == TaskKind.ROLL_CURSES:
                self._auto_roll_curses(tasks[0])  # at the front now: it would run next anyway

    def _auto_roll_curses(self: Any, task: tuple) -> bool:
        seat = task.seat
        count = self.extra_dice + 1 if self.roll_curses else self.extra_dice
        if count:
            sub = [Task(TaskKind.GIVE_CURSE, seat)] * count
            sub.append(Task(TaskKind.END_STEPS, seat))
            self.tasks[0:1] = sub
            return True
        # this task is done: the end steps take its place at the front (their handler reads the seat only)
        return self._auto_end_steps(task)

    # ===================================================================== 5. end of turn ========
    def _auto_end_steps(self: Any, task: tuple) -> bool:
        """5. Place a courage die, draw, the flip curse, cleanse, abilities, then the monster phase.

        When no die can be placed the draw follows at once (the machine would skip the empty
        choice and run it next).
        """
        seat = task.seat
        tasks = self.tasks
        tasks[0] = draw = Task(TaskKind.DRAW, seat, count=self._draw_count(seat))
        tasks[1:1] = (Task(TaskKind.FLIP_CURSE, seat), Task(TaskKind.CLEANSE, seat), Task(TaskKind.ABILITY, seat), Task(TaskKind.MONSTER_MOVE, seat))
        if self._opts_place_die(task):  # (reads the seat only) a choice: it goes first
            tasks.insert(0, Task(TaskKind.PLACE_DIE, seat))
            return True
        return self._auto_draw(draw)

    def _opts_place_die(self: Any, task: tuple) -> list[int]:
        here = self.character_locations[task.seat]
        if self.distrust[here] or self.courage_dice[here] or not self.supply or here in self.monster_locations:
            return []
        return [self.rule_tables.A_YES, self.rule_tables.A_NO]

    def _do_place_die(self: Any, task: tuple, action: int) -> None:
        del self.tasks[0]
        if action == self.rule_tables.A_YES:
            here = self.character_locations[task.seat]
            self.courage_dice[here] = 1
            self.supply -= 1
            self._log.append(("A courage die is placed at %s", self.tables.names[here]))
        tasks = self.tasks
        if tasks and tasks[0].kind == TaskKind.DRAW:
            self._auto_draw(tasks[0])  # at the front now: it would run next anyway

    def _near_manotaur(self: Any, loc: int) -> bool:
        mloc, mon = self.monster_locations, self.monsters
        g = self.rule_tables
        ability, near = g.monster_ability, g.near
        for m in (0, 1, 2):
            ml = mloc[m]
            if ml >= 0 and ability[mon[m]] == "no_draw_nearby" and loc in near[ml]:
                return True
        return False

    def _draw_count(self: Any, seat: int) -> int:
        """Draws allowed now: 1 (Mabel: up to a hand of 3), less one under the draw curse."""
        here = self.character_locations[seat]
        held = self.hands[seat].bit_count()
        if held >= 3 or self.distrust[here] or here in self.monster_locations or self._near_manotaur(here):
            return 0
        base = 3 - held if self.tables.char_ability[self.characters[seat]] == "draw_to_three" else 1
        if self.curses[seat] & self.rule_tables.cm_draw_fewer:
            base -= 1
        return base if base > 0 else 0

    def _auto_draw(self: Any, task: tuple) -> bool:
        seat, left = task.seat, task.count
        if not left or not (self.action_decks[seat] | self.action_discards[seat]):  # (left is never below 0)
            tasks = self.tasks
            del tasks[0]
            if tasks and tasks[0].kind == TaskKind.FLIP_CURSE:
                return self._auto_flip_curse(tasks[0])  # at the front now: it would run next anyway
            return True
        stan = self.tables.char_ability[self.characters[seat]] == "draw_from_discard" and not self._near_manotaur(
            self.character_locations[seat])
        if stan and self.action_discards[seat]:
            return False  # Stan chooses: the top of the deck, or any card of his discard pile
        self._draw_from_deck(seat, left)
        return True

    def _draw_from_deck(self: Any, seat: int, left: int) -> None:
        if not self.action_decks[seat]:
            self.action_decks[seat] = self.action_discards[seat]
            self.action_discards[seat] = 0
            self._log.append(("%s shuffles the discard pile into a new action deck", self.char_name(seat)))
        self.tasks[0] = Task(TaskKind.DRAW_CARD, seat, count=left)

    def _opts_draw(self: Any, task: tuple) -> list[int]:
        seat = task.seat
        g = self.rule_tables
        return [g.A_DECK] + [g.A_HANDCARD + c for c in range(6) if self.action_discards[seat] >> c & 1]

    def _do_draw(self: Any, task: tuple, action: int) -> None:
        seat, left = task.seat, task.count
        g = self.rule_tables
        if action == g.A_DECK:
            self._draw_from_deck(seat, left)
            return
        c = action - g.A_HANDCARD
        self.action_discards[seat] &= ~(1 << c)
        self.hands[seat] |= 1 << c
        self._log.append(("%s takes %s from his discard pile", self.char_name(seat), self._card_label(seat, c)))
        self.tasks[0] = task._replace(count=left - 1)

    def _chance_draw_card(self: Any, task: tuple) -> list[tuple[int, float]]:
        return CARD_DRAWS[self.action_decks[task.seat]]

    def _roll_draw_card(self: Any, task: tuple, c: int) -> None:
        seat, left = task.seat, task.count
        self.action_decks[seat] &= ~(1 << c)
        self.hands[seat] |= 1 << c
        self._log.append(("%s draws an action card", self.tables.char_names[self.characters[seat]]))
        self.tasks[0] = Task(TaskKind.DRAW, seat, count=left - 1)
        self._auto_draw(self.tasks[0])  # at the front now: it would run next anyway

    def _auto_flip_curse(self: Any, task: tuple) -> bool:
        """Curse: at the end of the turn (after the draw) flip 1 support token in your location."""
        seat = task.seat
        tasks = self.tasks
        del tasks[0]
        if self.curses[seat] & self.rule_tables.cm_flip_support:
            here = self.character_locations[seat]
            if self.support[here]:
                self.support[here] -= 1
                self.distrust[here] += 1
                self._log.append(("Curse: a support token at %s flips to distrust", self.tables.names[here]))
        # next: cleansing after a turn's draw, the ability step after a rest; both would run now
        if tasks:
            nxt = tasks[0]
            if nxt.kind == TaskKind.CLEANSE:
                return self._auto_cleanse(nxt)
            if nxt.kind == TaskKind.ABILITY:
                return self._offer_ability(nxt)
        return True

    def _cleanse_dice(self: Any, seat: int) -> int:
        """Dice against curses: the support tokens here (at most 7), when a courage die is here and the
        seat holds a curse from before this turn; else none."""
        here = self.character_locations[seat]
        if not self.courage_dice[here] or not self.curses[seat] & ~self.new_curses[seat]:
            return 0
        n = self.support[here]
        return n if n < 7 else 7

    def _auto_cleanse(self: Any, task: tuple) -> bool:
        if self._cleanse_dice(task.seat):
            return False  # a roll against the curses from before this turn (chance)
        tasks = self.tasks
        del tasks[0]
        if tasks and tasks[0].kind == TaskKind.ABILITY:
            return self._offer_ability(tasks[0])  # at the front now: it would run next anyway
        return True

    def _chance_cleanse(self: Any, task: tuple) -> list[tuple[int, float]]:
        return successes_distribution(self._cleanse_dice(task.seat))

    def _roll_cleanse(self: Any, task: tuple, hits: int) -> None:
        seat = task.seat
        del self.tasks[0]
        self._log.append(("%s rolls %s against curses: %s", self.char_name(seat), _dice(self._cleanse_dice(seat)),
                          _count(hits, "success", "successes")))
        if hits:
            self._push(Task(TaskKind.DISCARD_CURSE, seat, count=hits))
        else:
            self._offer_next_ability()

    def _opts_discard_curse(self: Any, task: tuple) -> list[int]:
        seat = task.seat
        return list(_discard_choices(self.rule_tables, self.curses[seat] & ~self.new_curses[seat]))

    def _do_discard_curse(self: Any, task: tuple, action: int) -> None:
        seat, left = task.seat, task.count
        if action != self.rule_tables.A_NO:
            self._drop_curse(seat, action - self.rule_tables.A_CURSE)
            if left > 1:
                self.tasks[0] = task._replace(count=left - 1)
                return
        del self.tasks[0]
        self._offer_next_ability()

    def _drop_curse(self: Any, seat: int, k: int) -> None:
        self.curses[seat] &= ~(1 << k)
        self.new_curses[seat] &= ~(1 << k)
        self.curse_discard[k] += 1
        self._log.append(("%s discards the curse '%s'", self.char_name(seat), self.tables.data.curses[k].name))

    # ----------------------------------------------------------------- abilities ----------------
    def _offer_next_ability(self: Any) -> None:
        """After the cleansing: the ability step, when it is at the front now (it would run next anyway)."""
        tasks = self.tasks
        if tasks and tasks[0].kind == TaskKind.ABILITY:
            self._offer_ability(tasks[0])

    def _offer_ability(self: Any, task: tuple) -> bool:
        """The ability step at the front: a choice when there is one, else straight on to the monster phase."""
        if self._opts_ability(task):
            return True
        tasks = self.tasks
        del tasks[0]
        if tasks and tasks[0].kind == TaskKind.MONSTER_MOVE:
            return self._auto_monster_move(tasks[0])  # at the front now: it would run next anyway
        return True

    def _opts_ability(self: Any, task: tuple) -> list[int]:
        """Soos removes another nearby character's curse; Wendy moves a courage die (once per turn)."""
        seat = task.seat
        ability = self.tables.char_ability[self.characters[seat]]
        if ability == "remove_curse":
            g = self.rule_tables
            here = self.character_locations[seat]
            out: list[int] = []
            k_n = len(self.tables.curse_kinds)
            for s in range(self.players):
                if s != seat and (self.character_locations[s] == here or self.character_locations[s] in self.tables.adj[here]):
                    out += [g.A_SOOS + s * k_n + k for k in range(k_n) if self.curses[s] >> k & 1]
        elif ability == "move_courage_die":
            g = self.rule_tables
            here = self.character_locations[seat]
            out = []
            die = self.courage_dice
            if die[here]:  # carry it to a neighbour without one
                for nb in self.tables.adj[here]:
                    if not die[nb]:
                        out.append(g.A_WENDY_TO + nb)
            else:  # bring one from a neighbour
                for nb in self.tables.adj[here]:
                    if die[nb]:
                        out.append(g.A_WENDY_FROM + nb)
        else:
            return []  # the other characters have no ability step
        return [*out, g.A_NO] if out else []

    def _do_ability(self: Any, task: tuple, action: int) -> None:
        seat = task.seat
        g = self.rule_tables
        tasks = self.tasks
        del tasks[0]
        here = self.character_locations[seat]
        if action == g.A_NO:
            pass
        elif action >= g.A_WENDY_FROM:
            nb = action - g.A_WENDY_FROM
            self.courage_dice[nb], self.courage_dice[here] = 0, 1
            self._log.append(("Wendy brings the courage die from %s to %s", self.loc_name(nb), self.loc_name(here)))
        elif action >= g.A_WENDY_TO:
            nb = action - g.A_WENDY_TO
            self.courage_dice[nb], self.courage_dice[here] = 1, 0
            self._log.append(("Wendy carries the courage die from %s to %s", self.loc_name(here), self.loc_name(nb)))
        else:
            k_n = len(self.tables.curse_kinds)
            s, k = divmod(action - g.A_SOOS, k_n)
            self._log.append(("Soos helps %s:", self.char_name(s)))
            self._drop_curse(s, k)
        if tasks and tasks[0].kind == TaskKind.MONSTER_MOVE:
            self._auto_monster_move(tasks[0])  # at the front now: it would run next anyway

    # ----------------------------------------------------------------- rest ---------------------
    def _rest_pool(self: Any, seat: int) -> int:
        return self.action_decks[seat] | self.action_discards[seat]

    def _auto_rest_return(self: Any, task: tuple) -> bool:
        seat = task.seat
        pool = self._rest_pool(seat)
        cursed = self.curses[seat] & self.rule_tables.cm_draw_fewer
        if cursed and pool.bit_count() > 1:
            return False  # one random card stays out (chance)
        tasks = self.tasks
        del tasks[0]
        if pool and cursed:
            self.action_decks[seat], self.action_discards[seat] = pool, 0  # the only card stays out, in the deck
            self._log.append(("%s is cursed and takes back no card", self.char_name(seat)))
        else:
            self.hands[seat] |= pool
            self.action_decks[seat] = self.action_discards[seat] = 0
            self._log.append(("%s takes all action cards back into hand", self.char_name(seat)))
        if tasks and tasks[0].kind == TaskKind.FLIP_CURSE:
            return self._auto_flip_curse(tasks[0])  # at the front now: it would run next anyway
        return True

    def _chance_rest_return(self: Any, task: tuple) -> list[tuple[int, float]]:
        return CARD_DRAWS[self._rest_pool(task.seat)]

    def _roll_rest_return(self: Any, task: tuple, c: int) -> None:
        seat = task.seat
        del self.tasks[0]
        pool = self._rest_pool(seat)
        self.hands[seat] |= pool & ~(1 << c)
        self.action_decks[seat] = 1 << c
        self.action_discards[seat] = 0
        self._log.append(("%s is cursed: one random card stays in the action deck", self.char_name(seat)))
        tasks = self.tasks
        if tasks and tasks[0].kind == TaskKind.FLIP_CURSE:
            self._auto_flip_curse(tasks[0])  # at the front now: it would run next anyway


def _discard_choices(g: Any, old: int) -> tuple[int, ...]:
    """The choices of a curse discard: each kind among the ``old`` curses (a bit mask), or none.

    Built once per mask and game, and kept on the game (``GravityFallsGame.discard_choices``).
    """
    table = g.discard_choices
    out = table.get(old)
    if out is None:
        kinds = [g.A_CURSE + k for k in range(len(g.tables.curse_kinds)) if old >> k & 1]
        out = table[old] = (*kinds, g.A_NO) if kinds else ()
    return out  # type: ignore[no-any-return]
