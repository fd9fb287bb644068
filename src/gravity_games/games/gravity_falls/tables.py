"""Precomputed tables and caches of Gravity Falls, kept out of the rule functions.

The chance tables (the courage dice, the draw of one card among several), the log lines of a roll,
and ``RuleTables``: what the rules of one game read at every step (its parameters, action ids,
curse masks, distances) and the route answers it keeps.

A roll of ``n`` dice is one chance step whose outcome id is ``8 * successes + arrows`` (the curse
faces are the rest); the curse-removal roll counts successes only.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import comb, factorial
from typing import Final, NamedTuple, cast

from .data import Tables

FACES: Final[tuple[str, ...]] = ("success", "move", "curse")
FACE_P: Final[tuple[float, ...]] = (0.5, 1.0 / 3.0, 1.0 / 6.0)


class Chances:
    """A chance step's outcomes as the task machine keeps them: the ``(outcome, probability)`` pairs
    in their order, and the same outcomes as a bit set (bit ``outcome``) for ``apply_action``'s
    check, one shift instead of a walk over the pairs.

    Shared by every state that reaches the same chance (the dice tables, a draw from a pile of
    action cards), so never changed: ``chance_outcomes`` hands out copies of ``pairs``.
    """

    __slots__ = ("outcome_bits", "pairs")

    def __init__(self, pairs: list[tuple[int, float]], outcome_bits: int) -> None:
        self.pairs: Final = pairs
        self.outcome_bits: Final = outcome_bits

    def is_outcome(self, outcome: int) -> bool:
        """Whether ``outcome`` is one of the outcomes (ids are >= 0)."""
        return outcome >= 0 and self.outcome_bits >> outcome & 1 == 1

    def __len__(self) -> int:
        return len(self.pairs)

    def __repr__(self) -> str:
        return f"Chances({self.pairs})"


def bit_set(ids: list[int]) -> int:
    """The ids (each >= 0) as a bit set: bit ``id`` for each (a typed list: a loop over ints, where
    an iterable would be walked by generic calls)."""
    bits = 0
    for outcome in ids:
        bits |= 1 << outcome
    return bits


class Outcomes:
    """A prebuilt chance's ``(outcome, probability)`` pairs, and in ``ids`` exactly its outcomes, in order.

    One ``Outcomes`` is shared by every state that reaches the same chance (dice rolls, the
    re-rolled die), so it never changes. ``chances`` is the same outcomes as the task machine
    keeps them (``Chances``), so a roll hands it over without a new object.
    """

    __slots__ = ("chances", "ids", "pairs")

    def __init__(self, pairs: Iterable[tuple[int, float]], ids: tuple[int, ...] | None = None) -> None:
        self.pairs: Final = tuple(pairs)
        self.ids: Final[tuple[int, ...]] = tuple(a for a, _ in self.pairs) if ids is None else ids
        self.chances: Final = Chances(list(self.pairs), bit_set(list(self.ids)))

    def is_outcome(self, outcome: int) -> bool:
        """Whether ``outcome`` is one of the outcomes (a loop over ints, no generic ``in``)."""
        return any(known == outcome for known in self.ids)

    def __len__(self) -> int:
        return len(self.pairs)

    def __repr__(self) -> str:
        return f"Outcomes({list(self.pairs)})"


NO_OUTCOMES: Final = Outcomes(())  # the outcomes kept while no chance step is pending
NO_CHANCES: Final[Chances] = NO_OUTCOMES.chances


def is_chance_outcome(outcome: int, pairs: list[tuple[int, float]]) -> bool:
    """Whether ``outcome`` is one of the ``(outcome, probability)`` pairs (a loop over ints, no generic ``in``)."""
    return any(known == outcome for known, _ in pairs)


REROLL_OUTCOMES: Final = Outcomes(enumerate(FACE_P))  # one re-rolled die: (face, probability); shared


MOST_DICE: Final = 7  # a roll has at most 7 dice (5 under a curse); so has a roll against curses


def dice_distribution(n: int) -> Outcomes:
    """Outcomes of rolling ``n`` dice as ids ``8*successes + moves`` with multinomial weights (shared)."""
    return DICE_OUTCOMES[n] if n <= MOST_DICE else roll_outcomes(n)


def successes_distribution(n: int) -> Outcomes:
    """Number of successes among ``n`` dice (the curse-removal roll counts nothing else); shared."""
    return SUCCESS_OUTCOMES[n] if n <= MOST_DICE else success_outcomes(n)


def roll_outcomes(n: int) -> Outcomes:
    """The outcomes of a roll of ``n`` dice (see ``dice_distribution``), worked out."""
    out = []
    for s in range(n + 1):
        for m in range(n - s + 1):
            c = n - s - m
            w = factorial(n) / (factorial(s) * factorial(m) * factorial(c))
            out.append((8 * s + m, w * FACE_P[0] ** s * FACE_P[1] ** m * FACE_P[2] ** c))
    return Outcomes(out)


def success_outcomes(n: int) -> Outcomes:
    """The outcomes of a roll of ``n`` dice counting successes only (see ``successes_distribution``), worked out."""
    return Outcomes((k, comb(n, k) / 2**n) for k in range(n + 1))


# DICE_OUTCOMES[n], SUCCESS_OUTCOMES[n]: the two rolls of n dice, built once
DICE_OUTCOMES: Final = tuple(roll_outcomes(n) for n in range(MOST_DICE + 1))
SUCCESS_OUTCOMES: Final = tuple(success_outcomes(n) for n in range(MOST_DICE + 1))


UNIFORM_IDS: Final = 64  # ids below this take their (id, 1/n) pair from UNIFORM_PAIRS (every card id of the game)
# UNIFORM_PAIRS[n][item]: the pair (item, 1/n) of a draw among n items, built once, so that a
# draw's outcomes are a list of shared pairs instead of a new tuple and float per item. The rows
# hold objects: mypyc reads a ``tuple[int, float]`` out of a table into a C struct and boxes it
# again (a new tuple and float) when it goes into a list.
UNIFORM_PAIRS: Final[tuple[tuple[object, ...], ...]] = tuple(
    tuple((item, 1.0 / n if n else 0.0) for item in range(UNIFORM_IDS)) for n in range(UNIFORM_IDS)
)


def uniform(items: list[int]) -> list[tuple[int, float]]:
    """Each of ``items`` (ids >= 0) with the same chance (a card drawn from a shuffled pile), in their order.

    >>> uniform([4, 0, 7])
    [(4, 0.3333333333333333), (0, 0.3333333333333333), (7, 0.3333333333333333)]
    """
    n = len(items)
    if n < UNIFORM_IDS and all(item < UNIFORM_IDS for item in items):
        row = UNIFORM_PAIRS[n]
        return cast("list[tuple[int, float]]", [row[item] for item in items])
    chance = 1.0 / n if n else 0.0
    return [(item, chance) for item in items]


def uniform_chances(items: list[int]) -> Chances:
    """A chance step drawing each of ``items`` (ids >= 0) with the same chance: ``uniform``'s pairs
    and their bit set."""
    return Chances(uniform(items), bit_set(items))


# CARD_DRAWS[mask]: one card drawn at random from a pile of action cards (bit c: card c), the
# outcomes shared by every state (never changed; chance_outcomes hands out copies)
CARD_DRAWS: Final = tuple(uniform_chances([c for c in range(6) if mask >> c & 1]) for mask in range(64))


# CARDS_IN[mask]: how many action cards a pile of them (bit c: card c) holds; ``int.bit_count`` is a
# generic method call in compiled code
CARDS_IN: Final[tuple[int, ...]] = tuple(bin(mask).count("1") for mask in range(64))


def count_words(n: int, one: str, many: str) -> str:
    """``n`` things in words: "no curse", "1 arrow", "2 successes"."""
    return f"no {one}" if n == 0 else f"1 {one}" if n == 1 else f"{n} {many}"


# "Roll: ..." for every outcome (successes << 6 | arrows << 3 | curses; at most 7 dice), built once:
# a roll's log line is then one lookup, not three plural choices.
ROLL_LINES: Final = tuple(
    "Roll: "
    + ", ".join(
        (
            count_words(k >> 6, "success", "successes"),
            count_words(k >> 3 & 7, "arrow", "arrows"),
            count_words(k & 7, "curse", "curses"),
        )
    )
    for k in range(512)
)


# ALARM_LINES[reason]: the log line of an alarm rise for a reason with arguments of its own (a
# format such as "%s keeps the cards"), put together once per reason instead of at every rise
ALARM_LINES: Final[dict[str, str]] = {}


def alarm_line(reason: str) -> str:
    """The log line's format of an alarm rise for ``reason``: the rise and the new level, then the
    reason's own arguments."""
    line = ALARM_LINES.get(reason)
    if line is None:
        line = ALARM_LINES[reason] = "The alarm rises by %s to %s (" + reason + ")"
    return line


def monster_levels(levels: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    """Per setup slot (easy, medium, hard): the monsters of its difficulty, in data order."""
    return tuple(
        tuple(monster for monster, level in enumerate(levels) if level == difficulty)
        for difficulty in ("easy", "medium", "hard")
    )


class AlarmMarks(NamedTuple):
    """The alarm track's marks (from the data), as plain ints for the rules' hot path."""

    curse_space: int
    shrink_space: int
    bus: int


def plain_routes(t: Tables) -> tuple[tuple[bool, ...], ...]:
    """route_exists[start][d]: a route of exactly d roads exists (no curse, no Gnome Giant in the way)."""

    def exists(pos: int, start: int, left: int, used: int) -> bool:
        if left == 0:
            return True
        for nxt in t.adj[pos]:
            road = t.road_id[(pos, nxt)]
            if nxt != start and not used >> road & 1 and exists(nxt, start, left - 1, used | 1 << road):
                return True
        return False

    return tuple(tuple(exists(s, s, d, 0) for d in range(7)) for s in range(len(t.names)))


class ComponentTables:
    """``data.Tables`` (the components as tables) as a class of this compiled module, field for field.

    The rules read these fields at almost every step; ``data.Tables`` is a dataclass of the
    interpreted data module, so each read there is a generic attribute lookup, and here a field
    read. Built once per game (``RuleTables.tables``); the values are the same shared tuples.
    """

    def __init__(self, t: Tables) -> None:
        self.data: Final = t.data
        self.names: Final = t.names
        self.adj: Final = t.adj
        self.road_id: Final = t.road_id
        self.dist: Final = t.dist
        self.start_support: Final = t.start_support
        self.three_plus: Final = t.three_plus
        self.curse_kinds: Final = t.curse_kinds
        self.curse_counts: Final = t.curse_counts
        self.curse_names: Final = t.curse_names
        self.event_cards: Final = t.event_cards
        self.event_effects: Final = t.event_effects
        self.monster_names: Final = t.monster_names
        self.monster_ability: Final = t.monster_ability
        self.monster_level: Final = t.monster_level
        self.char_names: Final = t.char_names
        self.char_ability: Final = t.char_ability
        self.char_teleport: Final = t.char_teleport
        self.char_teleport_res: Final = t.char_teleport_res
        self.card_names: Final = t.card_names
        self.card_distance: Final = t.card_distance
        self.card_res: Final = t.card_res


class RuleTables:
    """What the rules read at every step, built once per game from its components and parameters:
    the parameters themselves, the action ids, curse masks, distances, and the route answers kept."""

    def __init__(
        self,
        t: Tables,
        standard: bool,
        events: int,
        fixed_monsters: tuple[int, ...] | None,
        fixed_chars: tuple[int, ...] | None,
        monster_set: str,
    ) -> None:
        self.tables = ComponentTables(t)
        self.standard = standard
        self.events = events
        self.fixed_monsters = fixed_monsters
        self.fixed_chars = fixed_chars
        self.monster_set = monster_set
        self.location_count = len(t.names)
        self.curse_mask = {e: sum(1 << k for k, kind in enumerate(t.curse_kinds) if kind == e) for e in t.curse_kinds}
        self.movement_card_count = self.location_count + len(t.event_cards)  # monster movement cards, then event cards
        k = len(t.curse_kinds)
        n = self.location_count
        # action ids (see docs: Action notation)
        self.ACTION_PLAY_CARD = 0
        self.ACTION_REST = 6
        self.ACTION_LOCATION = 7
        self.ACTION_PULL_SUPPORT = 7 + n
        self.ACTION_PULL_DISTRUST = 8 + n
        self.ACTION_LEAVE = 9 + n
        self.ACTION_MOVE_SUPPORT = 10 + n
        self.ACTION_MOVE_DISTRUST = 10 + 2 * n
        self.ACTION_PLACE_DIE = 10 + 3 * n
        self.ACTION_PASS = 11 + 3 * n
        self.ACTION_DRAW_DECK = 12 + 3 * n
        self.ACTION_HAND_CARD = 13 + 3 * n
        self.ACTION_RAISE_ALARM = 19 + 3 * n
        self.ACTION_DROP_CURSE = 20 + 3 * n
        self.ACTION_SOOS_HEAL = self.ACTION_DROP_CURSE + k
        self.ACTION_WENDY_TO = self.ACTION_SOOS_HEAL + 5 * k
        self.ACTION_WENDY_FROM = self.ACTION_WENDY_TO + n
        self.ACTION_REROLL = self.ACTION_WENDY_FROM + n
        self.ACTION_MONSTER = self.ACTION_REROLL + 3
        self.n_actions = self.ACTION_MONSTER + 3
        self.route_exists = plain_routes(t)
        # adjacent_roads[pos]: (neighbour, bit of the road to it) in adjacency order, for route searches.
        self.adjacent_roads: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((nxt, 1 << t.road_id[(pos, nxt)]) for nxt in t.adj[pos]) for pos in range(len(t.names))
        )
        # Route answers (see rules_move._route_firsts), by start and position, then under
        # ``used << 3 | left``: small ints, where one key of every field would be an 80-bit int.
        # plain_route_cache holds the common question (no location blocked, no Gnome Giant in
        # play); route_cache one table per blocked/stop mask pair.
        self.plain_route_cache: list[list[dict[int, tuple[int, ...]]]] = []
        self.route_cache: list[list[dict[int, dict[int, tuple[int, ...]]]]] = []
        self.route_answers = 0
        self.clear_route_cache()
        self.alarm_marks = AlarmMarks(t.data.alarm.curse_space, t.data.alarm.shrink_space, t.data.alarm.bus)
        # the curse draw's outcomes per curse deck content (see curse_draw_outcomes)
        self.curse_outcomes: dict[int, Chances] = {}
        # Rule tables read at every turn: curse bits by effect, each monster's ability (the young
        # players' rules give monsters none), the monsters that stop movers (Gnome Giant).
        self.curse_no_shared_location = self.curse_mask.get("no_shared_location", 0)
        self.curse_draw_fewer = self.curse_mask.get("draw_fewer", 0)
        self.curse_flip_support = self.curse_mask.get("flip_support", 0)
        self.curse_max_five_dice = self.curse_mask.get("max_five_dice", 0)
        self.curse_no_move_support = self.curse_mask.get("no_move_support", 0)
        self.monster_ability = t.monster_ability if self.standard else ("none",) * len(t.monster_ability)
        self.gnome_giants = frozenset(i for i, a in enumerate(self.monster_ability) if a == "stop_movers")
        # stops_movers[monster]: it stops movers (the Gnome Giant), for the rules' loops over slots
        self.stops_movers = tuple(a == "stop_movers" for a in self.monster_ability)
        # plain_cards[loc]: bit per numbered action card playable from loc without the curse that
        # forbids shared locations (distance 0, or a route of that many roads exists);
        # card_choices[mask]: the choose-card options for such a mask of cards in hand (rest included)
        self.plain_cards = tuple(
            sum(1 << c for c, d in enumerate(t.card_distance[:5]) if d == 0 or self.route_exists[loc][d])
            for loc in range(n)
        )
        self.card_choices = tuple(
            (*(self.ACTION_PLAY_CARD + c for c in range(5) if mask >> c & 1), self.ACTION_REST) for mask in range(32)
        )
        # card_label[character][card]: how the log names a played card (the Teleport by its text)
        self.card_label = tuple(
            (*(f'"{t.card_names[c]}"' for c in range(5)), f"Teleport ({ch.teleport_text})") for ch in t.data.characters
        )
        # road_bit[a][b]: the bit of the road between two neighbours (0 where there is none)
        self.road_bit = tuple(
            tuple(1 << t.road_id[(a, b)] if (a, b) in t.road_id else 0 for b in range(n)) for a in range(n)
        )
        # move_tokens[loc]: the token moves a roll's arrows allow from loc, distrust then support
        self.move_distrust = tuple(
            tuple(self.ACTION_MOVE_DISTRUST + neighbour for neighbour in t.adj[loc]) for loc in range(n)
        )
        self.move_support = tuple(
            tuple(self.ACTION_MOVE_SUPPORT + neighbour for neighbour in t.adj[loc]) for loc in range(n)
        )
        # near[loc]: the location and its neighbours (the Manotaur's reach)
        self.near = tuple(frozenset((loc, *t.adj[loc])) for loc in range(len(t.names)))
        # per setup slot, the monsters of its difficulty (rules_setup)
        self.monster_levels = monster_levels(t.monster_level)
        # a curse discard's choices per mask of old curses, kept as they are first asked (rules_turn)
        self.discard_choices: dict[int, tuple[int, ...]] = {}
        # reach[pos][d]: bit per location at most d roads from pos (d = 0..7, beyond every card's
        # distance). A route of d roads never enters a location outside it, so the blocked and
        # Gnome Giant masks of a route question are cut to it (see rules_move._route_firsts).
        self.reach = tuple(
            tuple(sum(1 << x for x, far in enumerate(row) if far <= d) for d in range(8)) for row in t.dist
        )

    def clear_route_cache(self) -> None:
        """Forget every route answer kept (when the tables are full, and for tests)."""
        n = self.location_count
        self.plain_route_cache = [[{} for _ in range(n)] for _ in range(n)]
        self.route_cache = [[{} for _ in range(n)] for _ in range(n)]
        self.route_answers = 0


def discard_choices(rule_tables: RuleTables, old: int) -> tuple[int, ...]:
    """The choices of a curse discard: each kind among the ``old`` curses (a bit mask), or none.

    Built once per mask and game, and kept on the game (``GravityFallsGame.discard_choices``).
    """
    table = rule_tables.discard_choices
    out = table.get(old)
    if out is None:
        kinds = [rule_tables.ACTION_DROP_CURSE + k for k in range(len(rule_tables.tables.curse_kinds)) if old >> k & 1]
        out = table[old] = (*kinds, rule_tables.ACTION_PASS) if kinds else ()
    return out


def curse_draw_outcomes(rule_tables: RuleTables, deck: list[int]) -> Chances:
    """The curse draw's outcomes for a curse deck of ``deck`` cards per kind: each kind by its share.

    Built once per deck content and game, and kept on the game (``RuleTables.curse_outcomes``)
    under the counts packed into one int, 5 bits per kind (a kind has at most 18 cards).
    """
    key = 0
    for count in deck:
        key = key << 5 | count
    out = rule_tables.curse_outcomes.get(key)
    if out is None:
        out = rule_tables.curse_outcomes[key] = curse_shares(deck)
    return out


def curse_shares(deck: list[int]) -> Chances:
    """The curse draw's outcomes for a curse deck of ``deck`` cards per kind, worked out: each kind
    in the deck by its share of the cards (typed loops: ``sum`` and a walk over the pairs for the
    bit set are generic calls)."""
    total = 0
    for count in deck:
        total += count
    pairs: list[tuple[int, float]] = []
    kinds = 0
    for kind, count in enumerate(deck):
        if count:
            pairs.append((kind, count / total))
            kinds |= 1 << kind
    return Chances(pairs, kinds)
