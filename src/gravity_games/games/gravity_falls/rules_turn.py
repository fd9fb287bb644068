"""The character phase after movement: rumors, the roll, courage dice, draws, curses, abilities, rest.

Each handler is named after the task it carries out: ``_auto_<task>`` runs without a decision
(returns False when the task needs one), ``_opts_<task>`` lists a seat's choices and ``_do_<task>``
applies one, ``_chance_<task>``/``_roll_<task>`` do the same for chance.
"""

from __future__ import annotations

from typing import Final

from .rules_board import (
    PULL_CHOICE,
    PULL_NONE,
    PULL_SUPPORT,
    live_monsters,
    monster_stands_at,
    monsters_at,
    pull_kind,
    pull_options,
    pull_token,
)
from .rules_move import (
    CARD_TELEPORT,
    card_label,
)
from .state import (
    ABILITY,
    CLEANSE,
    DEFEATED,
    DISCARD_CURSE,
    DRAW,
    DRAW_CARD,
    END_STEPS,
    FLIP_CURSE,
    GIVE_CURSE,
    MONSTER_MOVE,
    MONSTER_SLOTS,
    MOVE_TOKEN,
    PLACE_DIE,
    REROLL,
    REROLL_OFFER,
    RESOLVE_ROLL,
    ROLL,
    ROLL_CURSES,
    ROLL_SETUP,
    RUMOR,
    WON,
    GravityFallsPosition,
    Task,
    amount_task,
    finish_task,
    push_task,
    push_tasks,
    replace_task,
    replace_task_with,
    replace_task_with_list,
    seat_task,
)
from .tables import (
    CARD_DRAWS,
    CARDS_IN,
    REROLL_OUTCOMES,
    ROLL_LINES,
    Chances,
    count_words,
    dice_distribution,
    discard_choices,
    successes_distribution,
)

RUMOR_PULL: Final = "Rumors: a %s token comes from %s"  # the log line of a rumor's pull (forced or chosen)
# A die face in a log line, as the rulebook names the symbols (success, arrow, curse)
FACE_WORDS: Final[tuple[str, ...]] = ("a success", "an arrow", "a curse")


def _dice(n: int) -> str:
    """A number of dice in words: "1 die", "3 dice"."""
    return "1 die" if n == 1 else f"{n} dice"


# ===================================================================== 3. rumors =============


def spread_rumors(position: GravityFallsPosition, task: Task) -> bool:
    """3. Rumors: a token from each neighbour, then 4. the roll.

    Pulls that leave no choice are carried out here, in order, until one needs the player's
    choice; from there on the rumors wait as tasks.
    """
    seat = task.seat
    here = position.character_locations[seat]
    adj = position.tables.adj[here]
    die, rule_tables = position.courage_dice, position.rule_tables
    for place, neighbour in enumerate(adj):  # noqa: B007 (read after the loop: where it stopped)
        kind = pull_kind(position, neighbour)
        if kind == PULL_NONE:
            continue
        if kind == PULL_CHOICE or die[neighbour]:  # both kinds, or a pull the die makes optional
            break
        # _rumor's pull, without its check for the choice to leave (there is none here)
        position._log.append(
            (
                RUMOR_PULL,
                pull_token(
                    position,
                    neighbour,
                    here,
                    rule_tables.ACTION_PULL_SUPPORT if kind == PULL_SUPPORT else rule_tables.ACTION_PULL_DISTRUST,
                ),
                position.tables.names[neighbour],
            )
        )
    else:
        replace_task(position, seat_task(ROLL_SETUP, seat))
        return True
    sub = [Task(RUMOR, seat, location=x) for x in adj[place:]]  # from the neighbour that stopped the loop
    sub.append(seat_task(ROLL_SETUP, seat))
    replace_task_with_list(position, sub)
    return True


def rumor_options(position: GravityFallsPosition, task: Task) -> list[int]:
    source = task.location
    out = pull_options(position, source)
    if out and position.courage_dice[source]:
        out.append(position.rule_tables.ACTION_LEAVE)  # pulling from a location with a courage die is optional
    return out


def pull_rumor(position: GravityFallsPosition, task: Task, action: int) -> None:
    """Pull the chosen token from the neighbour ``task.location``, or leave them all there."""
    finish_task(position)
    seat, source = task.seat, task.location
    if action == position.rule_tables.ACTION_LEAVE:
        position._log.append(
            (
                "Rumors: %s leaves the tokens at %s",
                position.tables.char_names[position.characters[seat]],
                position.tables.names[source],
            )
        )
    else:
        position._log.append(
            (
                RUMOR_PULL,
                pull_token(position, source, position.character_locations[seat], action),
                position.tables.names[source],
            )
        )


# ===================================================================== 4. roll ==============


def prepare_roll(position: GravityFallsPosition, task: Task) -> bool:
    seat = task.seat
    here = position.character_locations[seat]
    foes = monsters_at(position, here)
    if not foes:
        position.fought_monster = -1
    elif len(foes) > 1:
        return False  # several monsters here: the player chooses which one to fight (choose_foe)
    else:
        position.fought_monster = foes[0]
    roll_dice(position, seat)
    return True


def foe_options(position: GravityFallsPosition, task: Task) -> list[int]:
    return [
        position.rule_tables.ACTION_MONSTER + m for m in monsters_at(position, position.character_locations[task.seat])
    ]


def choose_foe(position: GravityFallsPosition, task: Task, action: int) -> None:
    position.fought_monster = action - position.rule_tables.ACTION_MONSTER
    roll_dice(position, task.seat)


def roll_dice(position: GravityFallsPosition, seat: int) -> None:
    """Dice = resourcefulness + support tokens here; at most 7 (5 when cursed), extra dice curse.

    The roll's tasks take the place of the roll setup at the front.
    """
    tables = position.tables
    char = position.characters[seat]
    card = position.card_played
    # resourcefulness: the played card's, or for a Teleport the character's own
    want = (tables.char_teleport_res[char] if card == CARD_TELEPORT else tables.card_res[card]) + position.support[
        position.character_locations[seat]
    ]
    cap = 5 if position.curses[seat] & position.rule_tables.curse_max_five_dice else 7
    rolled = want if want < cap else cap
    extra = position.extra_dice = want - rolled
    who = tables.char_names[char]
    if position.fought_monster >= 0:
        name = tables.monster_names[position.monsters[position.fought_monster]]
        if extra:
            position._log.append(("%s fights %s with %s (%s over the limit)", who, name, _dice(rolled), extra))
        else:
            position._log.append(("%s fights %s with %s", who, name, _dice(rolled)))
    elif extra:
        position._log.append(("%s persuades the residents with %s (%s over the limit)", who, _dice(rolled), extra))
    else:
        position._log.append(("%s persuades the residents with %s", who, _dice(rolled)))
    position.roll_successes = position.roll_arrows = position.roll_curses = 0
    if not rolled:
        replace_task(position, seat_task(RESOLVE_ROLL, seat))
    elif tables.char_ability[char] == "reroll_one":
        replace_task_with(
            position,
            amount_task(ROLL, seat, rolled),
            seat_task(REROLL_OFFER, seat),
            seat_task(RESOLVE_ROLL, seat),
        )
    else:
        replace_task_with(position, amount_task(ROLL, seat, rolled), seat_task(RESOLVE_ROLL, seat))


def roll_chances(position: GravityFallsPosition, task: Task) -> Chances:
    return dice_distribution(task.amount).chances


def read_roll(position: GravityFallsPosition, task: Task, outcome: int) -> None:
    ds, dm = outcome >> 3, outcome & 7  # the id is 8 * successes + moves (dice.dice_distribution)
    dc = task.amount - ds - dm
    position.roll_successes, position.roll_arrows, position.roll_curses = ds, dm, dc
    finish_task(position)
    position._log.append(ROLL_LINES[ds << 6 | dm << 3 | dc])


def reroll_options(position: GravityFallsPosition, task: Task) -> list[int]:
    """Dipper (reconstructed): once per turn he may re-roll one die of his roll."""
    a = position.rule_tables.ACTION_REROLL  # + the face shown: 0 success, 1 move, 2 curse
    out = [position.rule_tables.ACTION_PASS]
    if position.roll_successes:
        out.append(a)
    if position.roll_arrows:
        out.append(a + 1)
    if position.roll_curses:
        out.append(a + 2)
    return out


def choose_reroll(position: GravityFallsPosition, task: Task, action: int) -> None:
    finish_task(position)
    if action == position.rule_tables.ACTION_PASS:
        return
    face = action - position.rule_tables.ACTION_REROLL
    if face == 0:
        position.roll_successes -= 1
    elif face == 1:
        position.roll_arrows -= 1
    else:
        position.roll_curses -= 1
    position._log.append(("%s re-rolls a die showing %s", position.character_name(task.seat), FACE_WORDS[face]))
    push_tasks(position, seat_task(REROLL, task.seat))


def reroll_chances(position: GravityFallsPosition, task: Task) -> Chances:
    return REROLL_OUTCOMES.chances


def read_reroll(position: GravityFallsPosition, task: Task, face: int) -> None:
    if face == 0:
        position.roll_successes += 1
    elif face == 1:
        position.roll_arrows += 1
    else:
        position.roll_curses += 1
    finish_task(position)
    position._log.append(("The re-rolled die shows %s", FACE_WORDS[face]))


def apply_successes(position: GravityFallsPosition, task: Task) -> bool:
    """Successes first, then movement, and the curses at the very end."""
    seat = task.seat
    moves = position.roll_arrows
    if position.fought_monster >= 0:
        moves = fight_monster(position, seat, position.fought_monster)
        if position.result:
            finish_task(position)
            return True
    else:
        here = position.character_locations[seat]
        dis, ds = position.distrust, position.roll_successes
        flips = ds if ds < dis[here] else dis[here]
        if flips:
            dis[here] -= flips
            position.support[here] += flips
            position._log.append(
                (
                    "%s distrust token at %s flips to support"
                    if flips == 1
                    else "%s distrust tokens at %s flip to support",
                    flips,
                    position.tables.names[here],
                )
            )
    if moves:
        replace_task_with(position, amount_task(MOVE_TOKEN, seat, moves), seat_task(ROLL_CURSES, seat))
        return True
    replace_task(position, seat_task(ROLL_CURSES, seat))
    return True


def successes_needed(ability: str, distrust: int) -> int:
    """Successes that defeat a monster: as many as the distrust tokens in its location, at least 1.

    Zhivogryz (``extra_success``) needs one more: the distrust tokens + 1, and 2 without any.
    """
    if ability == "extra_success":
        return distrust + 1 if distrust else 2
    return max(distrust, 1)


def immune_to_successes(ability: str, monsters_in_play: int, cursed: bool) -> bool:
    """Whether successes cannot defeat the monster now: the ``last_only`` monster while others are
    in play, the ``cursed_only`` monster against a character without a curse."""
    return (ability == "last_only" and monsters_in_play > 1) or (ability == "cursed_only" and not cursed)


def fight_monster(position: GravityFallsPosition, seat: int, m: int) -> int:
    """Defeat the monster with enough successes; return how many tokens still move."""
    here = position.character_locations[seat]
    ability = position.monster_ability(m)
    hits, moves = position.roll_successes, position.roll_arrows
    if ability == "arrows_fight":  # Rumble McSkirmish: arrows are the successes, and move nothing
        hits, moves = position.roll_arrows, 0
    need = successes_needed(ability, position.distrust[here])
    immune = immune_to_successes(ability, len(live_monsters(position)), bool(position.curses[seat]))
    name = position.monster_name(m)
    if immune:
        position._log.append(("Successes do not affect %s now", name))
    elif hits >= need:
        position.monster_locations[m] = DEFEATED
        position._log.append(("%s defeats %s (%s of %s needed)", position.character_name(seat), name, hits, need))
        if not live_monsters(position):
            position.result = WON
            position._log.append("All the monsters are defeated: Gravity Falls is saved!")
    else:
        position._log.append(("Not enough successes against %s (%s of %s needed)", name, hits, need))
    return moves


def token_moves(position: GravityFallsPosition, task: Task) -> list[int]:
    seat = task.seat
    here = position.character_locations[seat]
    rule_tables = position.rule_tables
    out = list(rule_tables.move_distrust[here]) if position.distrust[here] else []
    if position.support[here] and not position.curses[seat] & rule_tables.curse_no_move_support:
        out += rule_tables.move_support[here]
    return out


def move_token(position: GravityFallsPosition, task: Task, action: int) -> None:
    seat, left = task.seat, task.amount
    here = position.character_locations[seat]
    rule_tables = position.rule_tables
    if action >= rule_tables.ACTION_MOVE_DISTRUST:
        to = action - rule_tables.ACTION_MOVE_DISTRUST
        position.distrust[here] -= 1
        position.distrust[to] += 1
        kind = "distrust"
    else:
        to = action - rule_tables.ACTION_MOVE_SUPPORT
        position.support[here] -= 1
        position.support[to] += 1
        kind = "support"
    names = position.tables.names
    position._log.append(("A %s token moves from %s to %s", kind, names[here], names[to]))
    if left > 1:
        replace_task(position, amount_task(MOVE_TOKEN, seat, left - 1))
    else:
        finish_task(position)


def take_rolled_curses(position: GravityFallsPosition, task: Task) -> bool:
    seat = task.seat
    count = position.extra_dice + 1 if position.roll_curses else position.extra_dice
    if count:
        sub = [seat_task(GIVE_CURSE, seat)] * count
        sub.append(seat_task(END_STEPS, seat))
        replace_task_with_list(position, sub)
        return True
    replace_task(position, seat_task(END_STEPS, seat))
    return True


# ===================================================================== 5. end of turn ========


def end_character_phase(position: GravityFallsPosition, task: Task) -> bool:
    """5. Place a courage die, draw, the flip curse, cleanse, abilities, then the monster phase."""
    seat = task.seat
    replace_task_with(
        position,
        amount_task(DRAW, seat, draws_allowed(position, seat)),
        seat_task(FLIP_CURSE, seat),
        seat_task(CLEANSE, seat),
        seat_task(ABILITY, seat),
        seat_task(MONSTER_MOVE, seat),
    )
    if courage_die_options(position, task):  # (reads the seat only) a choice: it goes first
        push_task(position, seat_task(PLACE_DIE, seat))
    return True


def courage_die_options(position: GravityFallsPosition, task: Task) -> list[int]:
    here = position.character_locations[task.seat]
    if (
        position.distrust[here]
        or position.courage_dice[here]
        or not position.supply
        or monster_stands_at(position, here)
    ):
        return []
    return [position.rule_tables.ACTION_PLACE_DIE, position.rule_tables.ACTION_PASS]


def place_courage_die(position: GravityFallsPosition, task: Task, action: int) -> None:
    finish_task(position)
    if action == position.rule_tables.ACTION_PLACE_DIE:
        here = position.character_locations[task.seat]
        position.courage_dice[here] = 1
        position.supply -= 1
        position._log.append(("A courage die is placed at %s", position.tables.names[here]))


def near_manotaur(position: GravityFallsPosition, loc: int) -> bool:
    monster_locations, mon = position.monster_locations, position.monsters
    rule_tables = position.rule_tables
    ability, near = rule_tables.monster_ability, rule_tables.near
    for m in range(MONSTER_SLOTS):
        ml = monster_locations[m]
        if ml >= 0 and ability[mon[m]] == "no_draw_nearby" and loc in near[ml]:
            return True
    return False


def draws_allowed(position: GravityFallsPosition, seat: int) -> int:
    """Draws allowed now: 1 (Mabel: up to a hand of 3), less one under the draw curse."""
    here = position.character_locations[seat]
    held = CARDS_IN[position.hands[seat]]
    if held >= 3 or position.distrust[here] or monster_stands_at(position, here) or near_manotaur(position, here):
        return 0
    base = 3 - held if position.tables.char_ability[position.characters[seat]] == "draw_to_three" else 1
    if position.curses[seat] & position.rule_tables.curse_draw_fewer:
        base -= 1
    return base if base > 0 else 0


def draw_cards(position: GravityFallsPosition, task: Task) -> bool:
    seat, left = task.seat, task.amount
    if not left or not (position.action_decks[seat] | position.action_discards[seat]):  # (left is never below 0)
        finish_task(position)
        return True
    stan = position.tables.char_ability[position.characters[seat]] == "draw_from_discard" and not near_manotaur(
        position, position.character_locations[seat]
    )
    if stan and position.action_discards[seat]:
        return False  # Stan chooses: the top of the deck, or any card of his discard pile
    draw_from_deck(position, seat, left)
    return True


def draw_from_deck(position: GravityFallsPosition, seat: int, left: int) -> None:
    if not position.action_decks[seat]:
        position.action_decks[seat] = position.action_discards[seat]
        position.action_discards[seat] = 0
        position._log.append(("%s shuffles the discard pile into a new action deck", position.character_name(seat)))
    replace_task(position, amount_task(DRAW_CARD, seat, left))


def draw_options(position: GravityFallsPosition, task: Task) -> list[int]:
    seat = task.seat
    rule_tables = position.rule_tables
    return [rule_tables.ACTION_DRAW_DECK] + [
        rule_tables.ACTION_HAND_CARD + c for c in range(6) if position.action_discards[seat] >> c & 1
    ]


def choose_draw(position: GravityFallsPosition, task: Task, action: int) -> None:
    seat, left = task.seat, task.amount
    rule_tables = position.rule_tables
    if action == rule_tables.ACTION_DRAW_DECK:
        draw_from_deck(position, seat, left)
        return
    c = action - rule_tables.ACTION_HAND_CARD
    position.action_discards[seat] &= ~(1 << c)
    position.hands[seat] |= 1 << c
    position._log.append(
        ("%s takes %s from his discard pile", position.character_name(seat), card_label(position, seat, c))
    )
    replace_task(position, amount_task(DRAW, seat, left - 1))


def card_draw_chances(position: GravityFallsPosition, task: Task) -> Chances:
    return CARD_DRAWS[position.action_decks[task.seat]]


def draw_card(position: GravityFallsPosition, task: Task, c: int) -> None:
    seat, left = task.seat, task.amount
    position.action_decks[seat] &= ~(1 << c)
    position.hands[seat] |= 1 << c
    position._log.append(("%s draws an action card", position.tables.char_names[position.characters[seat]]))
    replace_task(position, amount_task(DRAW, seat, left - 1))


def flip_curse(position: GravityFallsPosition, task: Task) -> bool:
    """Curse: at the end of the turn (after the draw) flip 1 support token in your location."""
    seat = task.seat
    finish_task(position)
    if position.curses[seat] & position.rule_tables.curse_flip_support:
        here = position.character_locations[seat]
        if position.support[here]:
            position.support[here] -= 1
            position.distrust[here] += 1
            position._log.append(("Curse: a support token at %s flips to distrust", position.tables.names[here]))
    return True


def cleanse_dice(position: GravityFallsPosition, seat: int) -> int:
    """Dice against curses: the support tokens here (at most 7), when a courage die is here and the
    seat holds a curse from before this turn; else none."""
    here = position.character_locations[seat]
    if not position.courage_dice[here] or not position.curses[seat] & ~position.new_curses[seat]:
        return 0
    n = position.support[here]
    return n if n < 7 else 7


def offer_cleanse(position: GravityFallsPosition, task: Task) -> bool:
    if cleanse_dice(position, task.seat):
        return False  # a roll against the curses from before this turn (chance)
    finish_task(position)
    return True


def cleanse_chances(position: GravityFallsPosition, task: Task) -> Chances:
    return successes_distribution(cleanse_dice(position, task.seat)).chances


def roll_against_curses(position: GravityFallsPosition, task: Task, hits: int) -> None:
    seat = task.seat
    finish_task(position)
    position._log.append(
        (
            "%s rolls %s against curses: %s",
            position.character_name(seat),
            _dice(cleanse_dice(position, seat)),
            count_words(hits, "success", "successes"),
        )
    )
    if hits:
        push_tasks(position, amount_task(DISCARD_CURSE, seat, hits))


def discard_curse_options(position: GravityFallsPosition, task: Task) -> list[int]:
    seat = task.seat
    return list(discard_choices(position.rule_tables, position.curses[seat] & ~position.new_curses[seat]))


def discard_curse(position: GravityFallsPosition, task: Task, action: int) -> None:
    seat, left = task.seat, task.amount
    if action != position.rule_tables.ACTION_PASS:
        drop_curse(position, seat, action - position.rule_tables.ACTION_DROP_CURSE)
        if left > 1:
            replace_task(position, amount_task(DISCARD_CURSE, seat, left - 1))
            return
    finish_task(position)


def drop_curse(position: GravityFallsPosition, seat: int, k: int) -> None:
    position.curses[seat] &= ~(1 << k)
    position.new_curses[seat] &= ~(1 << k)
    position.curse_discard[k] += 1
    position._log.append(
        ("%s discards the curse '%s'", position.character_name(seat), position.tables.data.curses[k].name)
    )


# ----------------------------------------------------------------- abilities ----------------


def ability_options(position: GravityFallsPosition, task: Task) -> list[int]:
    """Soos removes another nearby character's curse; Wendy moves a courage die (once per turn)."""
    seat = task.seat
    ability = position.tables.char_ability[position.characters[seat]]
    if ability == "remove_curse":
        rule_tables = position.rule_tables
        here = position.character_locations[seat]
        out: list[int] = []
        k_n = len(position.tables.curse_kinds)
        for s in range(position.players):
            if s != seat and (
                position.character_locations[s] == here or position.character_locations[s] in position.tables.adj[here]
            ):
                out += [rule_tables.ACTION_SOOS_HEAL + s * k_n + k for k in range(k_n) if position.curses[s] >> k & 1]
    elif ability == "move_courage_die":
        rule_tables = position.rule_tables
        here = position.character_locations[seat]
        out = []
        die = position.courage_dice
        if die[here]:  # carry it to a neighbour without one
            for neighbour in position.tables.adj[here]:
                if not die[neighbour]:
                    out.append(rule_tables.ACTION_WENDY_TO + neighbour)
        else:  # bring one from a neighbour
            for neighbour in position.tables.adj[here]:
                if die[neighbour]:
                    out.append(rule_tables.ACTION_WENDY_FROM + neighbour)
    else:
        return []  # the other characters have no ability step
    return [*out, rule_tables.ACTION_PASS] if out else []


def use_ability(position: GravityFallsPosition, task: Task, action: int) -> None:
    seat = task.seat
    rule_tables = position.rule_tables
    finish_task(position)
    here = position.character_locations[seat]
    if action == rule_tables.ACTION_PASS:
        pass
    elif action >= rule_tables.ACTION_WENDY_FROM:
        neighbour = action - rule_tables.ACTION_WENDY_FROM
        position.courage_dice[neighbour], position.courage_dice[here] = 0, 1
        position._log.append(
            (
                "Wendy brings the courage die from %s to %s",
                position.location_name(neighbour),
                position.location_name(here),
            )
        )
    elif action >= rule_tables.ACTION_WENDY_TO:
        neighbour = action - rule_tables.ACTION_WENDY_TO
        position.courage_dice[neighbour], position.courage_dice[here] = 1, 0
        position._log.append(
            (
                "Wendy carries the courage die from %s to %s",
                position.location_name(here),
                position.location_name(neighbour),
            )
        )
    else:
        k_n = len(position.tables.curse_kinds)
        s, k = divmod(action - rule_tables.ACTION_SOOS_HEAL, k_n)
        position._log.append(("Soos helps %s:", position.character_name(s)))
        drop_curse(position, s, k)


# ----------------------------------------------------------------- rest ---------------------


def rest_pool(position: GravityFallsPosition, seat: int) -> int:
    return position.action_decks[seat] | position.action_discards[seat]


def take_cards_back(position: GravityFallsPosition, task: Task) -> bool:
    seat = task.seat
    pool = rest_pool(position, seat)
    cursed = position.curses[seat] & position.rule_tables.curse_draw_fewer
    if cursed and CARDS_IN[pool] > 1:
        return False  # one random card stays out (chance)
    finish_task(position)
    if pool and cursed:
        position.action_decks[seat], position.action_discards[seat] = pool, 0  # the only card stays out, in the deck
        position._log.append(("%s is cursed and takes back no card", position.character_name(seat)))
    else:
        position.hands[seat] |= pool
        position.action_decks[seat] = position.action_discards[seat] = 0
        position._log.append(("%s takes all action cards back into hand", position.character_name(seat)))
    return True


def rest_return_chances(position: GravityFallsPosition, task: Task) -> Chances:
    return CARD_DRAWS[rest_pool(position, task.seat)]


def keep_one_card_out(position: GravityFallsPosition, task: Task, c: int) -> None:
    seat = task.seat
    finish_task(position)
    pool = rest_pool(position, seat)
    position.hands[seat] |= pool & ~(1 << c)
    position.action_decks[seat] = 1 << c
    position.action_discards[seat] = 0
    position._log.append(("%s is cursed: one random card stays in the action deck", position.character_name(seat)))
