"""A heuristic Memory × Gravity player that reasons only from its own observation.

Beliefs: for each colour, the 120 orders of the numbers under its tokens are weighed by the
likelihood of this seat's own readings (the same perception model that plays), giving each token a
distribution over its number. Kept tokens stay hidden, so their beliefs come from the readings too.
With ``evidence=1`` the other seats' public lifts and keeps weigh the orders as well (a token an
opponent kept first is likely a 4 or 5; ``bots_evidence.py``, fitted by self-play). With ``pairs=1``
a token another seat kept over one of its colour lifted in the same turn weighs the orders toward
the kept one carrying the better number (measured no stronger beside ``evidence``).

Value: the chance that a combination beats every opponent holding a random combination, taken from
the ranking table (an equal one counting ``tie``, a half by default). With ``fitted=1`` each opponent
holds instead a combination drawn from what heuristic bots really ended with, counted by self-play
(``data/opponents.toml``, ``scripts/count_memory_gravity_combinations.py``): far stronger than random
numbers (543 and 554 are their commonest), which makes only triples and 543 safe. With
``blocked=1`` an opponent's combination must also avoid the numbers this seat holds, colour by
colour (holding 543 leaves no one a 555; :func:`blocked_beat_table`). A plan gives
each colour not yet kept a target number; a target is found with the probability that one of the two
best-looking tokens of that colour carries it.

Lift: the token most likely to carry its colour's target (a small bonus for uncertain tokens, since a
reading of them tells the most). Keep: the assessed token whose kept number gives the best plan value;
with ``playouts=N`` keeps within ``close`` of the best are settled by N playouts (``bots_search.py``).

Plan settings (``bots_plan.py``, off by default, measured no stronger): ``plan=1`` takes each
target's completion chance from self-play instead of the estimate above, ``holdings=1`` weighs the
opponents' combinations by this seat's beliefs about the tokens they kept, ``lookahead=1`` values a
lift by what the turn's keep could make of any number it may carry, ``takes=1`` lets an opponent
keep a wanted number first.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from itertools import permutations, product
from typing import Any

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import Game, InvalidParameterError
from gravity_games.core.seeding import derive_seed
from gravity_games.games.gravity_three.tokens import parse_token_label

# The per-decision arithmetic runs compiled (bots_core); this class stays interpreted.
from .bots_core import best_plan, colour_beliefs, entropy, top_chances, weigh_orders
from .bots_evidence import evidence_ratios, kept_over, opponent_evidence, pair_ratios
from .bots_plan import OURS, completion_tables, holdings_beat, number_shares
from .bots_search import keep_by_playouts
from .data import TOKENS_PER_COLOUR
from .rules import MemoryGravityGame, combination_key, permutation_weights
from .state import KEEP_BASE

Dist = list[float]

SETTINGS = (
    "explore",
    "power",
    "reach",
    "fitted",
    "tie",
    "evidence",
    "pairs",
    "blocked",
    "holdings",
    "takes",
    "plan",
    "lookahead",
    "playouts",
    "close",
    "seconds",
)
"""The heuristic's settings (``heuristic:fitted=1:power=4``), in the order its error message names them."""


def _beat_random_table() -> dict[tuple[int, int, int], float]:
    """P(a combination beats one opponent whose three numbers are uniform), ties counting half."""
    triples = [(a, b, c) for a in range(1, 6) for b in range(1, 6) for c in range(1, 6)]
    keys = sorted(combination_key(t) for t in triples)
    table: dict[tuple[int, int, int], float] = {}
    for t in triples:
        k = combination_key(t)
        below = sum(1 for other in keys if other < k)
        equal = sum(1 for other in keys if other == k)
        table[t] = (below + 0.5 * equal) / len(keys)
    return table


BEAT_RANDOM = _beat_random_table()


def _tie_weighted(tie: float) -> dict[tuple[int, int, int], float]:
    """:data:`BEAT_RANDOM` with an equal combination counting ``tie`` instead of a half."""
    triples = list(product(range(1, 6), repeat=3))
    return beat_table({"".join(map(str, t)): 1 for t in triples}, tie)


@cache
def heuristic_combinations(players: int) -> dict[str, int]:
    """How often heuristic bots ended with each combination at ``players`` (``data/opponents.toml``)."""
    text = resources.files(__package__).joinpath("data", "opponents.toml").read_text(encoding="utf-8")
    table: dict[str, Any] = tomllib.loads(text).get("players", {}).get(str(players), {})
    return {str(k): int(v) for k, v in table.get("combinations", {}).items()}


def beat_table(counts: dict[str, int], tie: float) -> dict[tuple[int, int, int], float]:
    """P(a combination beats one opponent whose combination is drawn from ``counts``), an equal one counting ``tie``."""
    total = sum(counts.values())
    opponents = [(combination_key([int(ch) for ch in text]), n) for text, n in counts.items()]
    table: dict[tuple[int, int, int], float] = {}
    for a, b, c in product(range(1, 6), repeat=3):
        t = (a, b, c)
        k = combination_key(t)
        below = sum(n for other, n in opponents if other < k)
        equal = sum(n for other, n in opponents if other == k)
        table[t] = (below + tie * equal) / total
    return table


def blocked_beat_table(counts: dict[str, int], tie: float) -> dict[tuple[int, int, int], float]:
    """:func:`beat_table` knowing that an opponent cannot hold the tokens this seat holds.

    Exactly one token of a colour carries each number, so holding (black 5, grey 4, red 3) leaves no
    one a 555 or a 444, and a 554 only with its 4 in black. Each counted combination is weighed by
    the share of its colour assignments that avoid this seat's numbers colour by colour (the counts
    say nothing of colours, so every assignment is taken as equally likely).
    """
    table: dict[tuple[int, int, int], float] = {}
    for a, b, c in product(range(1, 6), repeat=3):
        ours = (a, b, c)
        key = combination_key(ours)
        below = equal = total = 0.0
        for text, n in counts.items():
            assignments = set(permutations(int(ch) for ch in text))
            free = sum(all(x != y for x, y in zip(way, ours, strict=True)) for way in assignments)
            weight = n * free / len(assignments)
            other = combination_key([int(ch) for ch in text])
            total += weight
            below += weight if other < key else 0.0
            equal += weight if other == key else 0.0
        table[ours] = (below + tie * equal) / total if total else 1.0
    return table


@cache
def _blocked_cached(players: int, tie: float) -> dict[tuple[int, int, int], float]:
    return blocked_beat_table(heuristic_combinations(players), tie)


@cache
def _fitted_cached(players: int, tie: float) -> dict[tuple[int, int, int], float]:
    # Once per player count and tie: a playout makes a fresh agent per seat, and the table is
    # 125 sums over the counted combinations (read only: each agent builds its own utility from it).
    return beat_table(heuristic_combinations(players), tie)


class HeuristicAgent(Agent):
    """Lifts what its plan needs and keeps the token with the best expected combination."""

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int, **settings: Any) -> None:
        unknown = sorted(set(settings) - set(SETTINGS))
        if unknown:
            raise InvalidParameterError(
                f"agent 'heuristic' has no setting {', '.join(unknown)}; its settings: {', '.join(SETTINGS)}"
            )
        super().__init__(game, seat, seed, **settings)
        assert isinstance(game, MemoryGravityGame)
        self.model = game.model
        self.grams = game.grams
        # Utility: the chance to beat every opponent (power = number of opponents by default).
        power = float(settings.get("power", game.players - 1))
        tie = float(settings.get("tie", 0.5))
        # fitted=1: the opponents are heuristic bots, whose final combinations (counted by self-play) are
        # far stronger than random numbers; else each opponent holds three random numbers.
        counts = heuristic_combinations(game.players) if settings.get("fitted", 0) else {}
        if counts and settings.get("blocked", 0):
            # blocked=1: the opponents' combinations exclude the tokens this seat holds (543 rules out 555).
            beat = _blocked_cached(game.players, tie)
        elif counts:
            beat = _fitted_cached(game.players, tie)
        else:
            beat = BEAT_RANDOM if tie == 0.5 else _tie_weighted(tie)
        self.utility = {t: v**power for t, v in beat.items()}
        self.power = power
        self.tie = tie
        # holdings=1 (with fitted=1): the opponents' kept tokens, as this seat believes them, weigh their
        # counted combinations too (bots_plan.py); the utility is then worked out at each decision.
        self.counts = counts
        self.holdings = bool(counts) and bool(settings.get("holdings", 0))
        # plan=1: the completion chance of a target is what self-play found it to be (data/plan.toml).
        self.completion = completion_tables(game.players) if settings.get("plan", 0) else {}
        # lookahead=1: a lift is chosen by what the turn's keep could make of it (lift_gains).
        self.lookahead = bool(settings.get("lookahead", 0))
        # takes=1 (with fitted=1): a wanted number may be kept by an opponent before this seat's next turn.
        self.shares = number_shares(tuple(sorted(counts.items()))) if counts and settings.get("takes", 0) else None
        self.explore = float(settings.get("explore", 0.05))
        self.reach = int(settings.get("reach", 2))
        # playouts=N: keeps within ``close`` (a share of the best plan value) are settled by N playouts.
        self.playouts = int(settings.get("playouts", 0))
        self.close = float(settings.get("close", 0.2))
        self.seconds = float(settings.get("seconds", 0.8))
        self.seed = seed
        # evidence=1: the other seats' public lifts and keeps weigh the orders too (bots_evidence.py).
        self.evidence = evidence_ratios(game.players) if settings.get("evidence", 0) else {}
        # pairs=1: a token another seat kept over one of its colour it lifted in the same turn likely
        # carries the better number; the orders are weighed by that too (bots_evidence.kept_over).
        self.pair_ratios = pair_ratios(game.players) if settings.get("pairs", 0) else None

    # -- beliefs --------------------------------------------------------------

    def beliefs(self, obs: dict[str, Any]) -> list[Dist]:
        """Each token's distribution over the numbers 1-5 (index 0-4), from this seat's readings."""
        evidence: list[list[tuple[int, int]]] = [[], [], []]
        for reading in obs["readings"]["lifts"]:
            t = _token_index(reading["token"])
            evidence[t // TOKENS_PER_COLOUR].append((t % TOKENS_PER_COLOUR, reading["level"]))
        ratios = [self.evidence.get(f) for f in opponent_evidence(obs)] if self.evidence else []
        pairs: list[list[tuple[int, int]]] = [[], [], []]
        if self.pair_ratios is not None:
            for kept, passed in kept_over(obs):
                pairs[kept // TOKENS_PER_COLOUR].append((kept % TOKENS_PER_COLOUR, passed % TOKENS_PER_COLOUR))
        result: list[Dist] = []
        for colour in range(3):
            weights = permutation_weights(self.model, self.grams, evidence[colour])
            # each token's ratio of what the other seats did with it (evidence), and the ordered pairs
            known = [
                (pos, r)
                for pos, r in enumerate(ratios[colour * TOKENS_PER_COLOUR : (colour + 1) * TOKENS_PER_COLOUR])
                if r is not None
            ]
            if known or pairs[colour]:
                weights = weigh_orders(weights, known, pairs[colour], self.pair_ratios or ())  # compiled (bots_core)
            result += colour_beliefs(weights)
        return result

    # -- plan value -------------------------------------------------------------

    def hit_chances(self, obs: dict[str, Any], beliefs: list[Dist], colour: int, later: float = 1.0) -> list[float]:
        """Chance of finding each number in ``colour`` later: exactly one token of a colour carries a
        number, so two lifts of the two likeliest table tokens find it with the sum of their chances.

        ``later``: the chance the colour is kept at a later turn, open to the opponents' keeps (``takes``)."""
        table = [
            t
            for t in range(colour * TOKENS_PER_COLOUR, (colour + 1) * TOKENS_PER_COLOUR)
            if obs["tokens"][t]["kept_by"] is None
        ]
        chances = top_chances(beliefs, table, self.reach)
        if self.shares is not None and later > 0.0:
            taken = self.taken_share(obs, colour)
            chances = [c * (1.0 - later * taken * share) for c, share in zip(chances, self.shares, strict=True)]
        return chances

    def taken_share(self, obs: dict[str, Any], colour: int) -> float:
        """How many opponent keeps, in expectation, fall on ``colour`` before this seat's next turn.

        Each opponent with turns left keeps one of the colours it still needs, taken as equally
        likely; the number it keeps there follows the heuristic bots' counted numbers (``takes``)."""
        total = 0.0
        for seat, names in enumerate(obs["kept"]):
            if seat == self.seat or len(names) >= 3:
                continue
            held = {_token_index(name) // TOKENS_PER_COLOUR for name in names}
            if colour not in held:
                total += 1.0 / (3 - len(held))
        return total

    def holdings_utility(self, obs: dict[str, Any], beliefs: list[Dist]) -> dict[tuple[int, int, int], float]:
        """The utility of each three numbers (black, grey, red) against opponents holding what they kept."""
        held = [
            [(_token_index(name) // TOKENS_PER_COLOUR, beliefs[_token_index(name)]) for name in names]
            for seat, names in enumerate(obs["kept"])
            if seat != self.seat
        ]
        beat = holdings_beat(self.counts, self.tie, held)
        exponent = self.power / max(1, len(held))
        values = (beat**exponent).prod(axis=0)
        return {t: float(v) for t, v in zip(OURS, values, strict=True)}

    def plan_value(
        self, fixed: list[Dist], future: list[list[float]], colours: list[int] | None = None, stage: str = ""
    ) -> float:
        """Best expected utility over target numbers for the ``future`` colours (their hit chances).

        ``colours`` (with ``holdings``): the colour of each of ``fixed`` then ``future``; the
        utility then depends on the colours, so the distributions go in colour order. ``stage``
        (with ``plan``): where the plan is made, naming its fitted completion chances."""
        return self.best_plan(fixed, future, colours, stage)[0]

    def best_plan(
        self, fixed: list[Dist], future: list[list[float]], colours: list[int] | None, stage: str
    ) -> tuple[float, tuple[int, ...]]:
        """The best targets (a number 0-4 per ``future`` colour) and their expected utility."""
        table = self.completion.get(stage) if self.completion else None
        return best_plan(fixed, future, colours, table, self.utility)

    # -- decisions --------------------------------------------------------------

    def act(self, view: SeatView) -> int:
        obs = view.observation()
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        beliefs = self.beliefs(obs)
        if self.holdings:
            self.utility = self.holdings_utility(obs, beliefs)
        kept = [_token_index(name) for name in obs["kept"][self.seat]]
        kept_colours = {t // TOKENS_PER_COLOUR for t in kept}
        fixed = [beliefs[t] for t in kept]
        if legal[0] >= KEEP_BASE:
            if self.playouts:
                return self.keep_with_playouts(view, obs, legal, beliefs, fixed, kept_colours)
            return self.choose_keep(obs, legal, beliefs, fixed, kept_colours)
        return self.choose_lift(obs, legal, beliefs, fixed, kept_colours)

    def keep_value(
        self, obs: dict[str, Any], action: int, beliefs: list[Dist], fixed: list[Dist], kept: set[int]
    ) -> float:
        """The plan value after keeping ``action``'s token."""
        token = action - KEEP_BASE
        colour = token // TOKENS_PER_COLOUR
        rest = [c for c in range(3) if c not in kept and c != colour]
        future = [self.hit_chances(obs, beliefs, c) for c in rest]
        colours = None
        if self.holdings:
            colours = [t // TOKENS_PER_COLOUR for t in self.kept_tokens(obs)] + [colour, *rest]
        return self.plan_value([*fixed, beliefs[token]], future, colours, f"keep{len(rest)}")

    def kept_tokens(self, obs: dict[str, Any]) -> list[int]:
        """This seat's kept tokens, in the order kept."""
        return [_token_index(name) for name in obs["kept"][self.seat]]

    def choose_keep(
        self, obs: dict[str, Any], legal: list[int], beliefs: list[Dist], fixed: list[Dist], kept: set[int]
    ) -> int:
        return max(legal, key=lambda a: (self.keep_value(obs, a, beliefs, fixed, kept), -a))

    def keep_with_playouts(
        self,
        view: SeatView,
        obs: dict[str, Any],
        legal: list[int],
        beliefs: list[Dist],
        fixed: list[Dist],
        kept: set[int],
    ) -> int:
        """The heuristic's keep, unless another is within ``close`` of it: then playouts settle it."""
        ranked = sorted(((self.keep_value(obs, a, beliefs, fixed, kept), -a) for a in legal), reverse=True)
        best = ranked[0][0]
        candidates = [-neg for value, neg in ranked if value >= best * (1.0 - self.close)]
        if len(candidates) < 2:
            return candidates[0]
        quiet = {k: v for k, v in self.settings.items() if k not in ("playouts", "close", "seconds")}

        def own(game: Game, seat: int, seed: int) -> Agent:
            return HeuristicAgent(game, seat, seed, **quiet)

        seed = derive_seed(self.seed, "keep", view.move_number())
        return keep_by_playouts(view, candidates, own, HeuristicAgent, self.playouts, self.seconds, seed)

    def choose_lift(
        self, obs: dict[str, Any], legal: list[int], beliefs: list[Dist], fixed: list[Dist], kept: set[int]
    ) -> int:
        wanted = [c for c in range(3) if c not in kept]
        # One wanted colour is kept this turn, out of the opponents' reach (takes).
        later = (len(wanted) - 1) / len(wanted)
        chances = {c: self.hit_chances(obs, beliefs, c, later) for c in wanted}
        targets = self._best_targets(obs, fixed, wanted, chances)

        def score(token: int) -> float:
            colour = token // TOKENS_PER_COLOUR
            bonus = self.explore * _entropy(beliefs[token])
            if colour in targets:
                return beliefs[token][targets[colour]] + bonus
            return 0.2 * bonus

        if self.lookahead:
            gain = self.lift_gains(obs, legal, beliefs, fixed, kept)
            return max(legal, key=lambda t: (gain[t], score(t), -t))
        return max(legal, key=lambda t: (score(t), -t))

    def lift_gains(
        self, obs: dict[str, Any], legal: list[int], beliefs: list[Dist], fixed: list[Dist], kept: set[int]
    ) -> dict[int, float]:
        """What each legal lift is worth when this turn's keep is chosen (``lookahead``).

        The turn ends keeping the best of its lifted tokens, so a lift is worth the plan value of
        keeping that token if its number turns out good, or the best keep lifted so far if not:
        the expected ``max(best so far, plan value of keeping a token known to carry n)`` over the
        token's belief. Taking the reading as telling the number makes this an optimistic value of
        what a lift shows, but it weighs every number a keep could use (holding 5 and 4, a red 3
        and a red 5 both help), where the heuristic's lift looks for one target only."""
        lifted = [_token_index(name) for name in obs["this_turn"]]
        so_far = max(
            (
                self.keep_value(obs, KEEP_BASE + t, beliefs, fixed, kept)
                for t in lifted
                if t // TOKENS_PER_COLOUR not in kept
            ),
            default=0.0,
        )
        chances = {c: self.hit_chances(obs, beliefs, c) for c in range(3) if c not in kept}
        mine = [t // TOKENS_PER_COLOUR for t in self.kept_tokens(obs)]
        known: dict[tuple[int, int], float] = {}
        gains: dict[int, float] = {}
        for token in legal:
            colour = token // TOKENS_PER_COLOUR
            if colour in kept:
                gains[token] = so_far
                continue
            total = 0.0
            for number, p in enumerate(beliefs[token]):
                if p < 1e-9:
                    continue
                if (colour, number) not in known:
                    rest = [c for c in chances if c != colour]
                    sure = [1.0 if n == number else 0.0 for n in range(5)]
                    colours = [*mine, colour, *rest] if self.holdings else None
                    known[(colour, number)] = self.plan_value(
                        [*fixed, sure], [chances[c] for c in rest], colours, f"keep{len(rest)}"
                    )
                total += p * max(so_far, known[(colour, number)])
            gains[token] = total
        return gains

    def _best_targets(
        self, obs: dict[str, Any], fixed: list[Dist], wanted: list[int], chances: dict[int, list[float]]
    ) -> dict[int, int]:
        colours = [t // TOKENS_PER_COLOUR for t in self.kept_tokens(obs)] + wanted if self.holdings else None
        future = [chances[c] for c in wanted]
        best = self.best_plan(fixed, future, colours, f"lift{len(wanted)}")[1]
        return dict(zip(wanted, best, strict=True))


def _entropy(dist: Dist) -> float:
    return entropy(dist)  # compiled (bots_core)


_TOKEN_INDEX: dict[str, int] = {}
"""Token ids already parsed (an observation names tokens afresh at every decision of every playout)."""


def _token_index(name: str) -> int:
    """The id of a token named in the observation (``K1``-``R5``)."""
    known = _TOKEN_INDEX.get(name)
    if known is not None:
        return known
    label = parse_token_label(name)
    if label is None:
        raise ValueError(f"{name!r} is not a token id; ids are K1-K5, G1-G5, R1-R5")
    index = _TOKEN_INDEX[name] = label[0] * TOKENS_PER_COLOUR + label[1] - 1
    return index
