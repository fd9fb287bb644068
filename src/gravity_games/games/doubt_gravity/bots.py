"""A heuristic Doubt × Gravity player that reasons only from its own observation.

Opponent model, from the public record of finished rounds: each opponent's chance of placing a
token that truly shows the Designated Number (revealed tokens, Beta(1, 1) prior) and its chance of
doubting when it assesses (its declarations, Beta(1, 1) prior).

Assess: the unknown tokens of the stack are sampled from that model (numbers drawn without
replacement from what this seat cannot see of each colour) and weighted by the likelihood of this
seat's own reading of the stack (the perception model that plays). Turning the sampled stack over
from the top gives who would take it; the bot doubts when the chance that it takes the stack itself
is below a threshold (1/2 with two players, 1/3 with three, where a taken stack lands on one of two
opponents), and always when an opponent would otherwise go out (nothing is lost by doubting then).

Place: every token that shows the Designated Number goes on, truthfully. A bluff is added when its
expected gain beats its risk: the chance of being caught is the chance that somebody doubts times
the chance that every token placed above it is true. Bluffs go under the bot's true tokens (they are
turned over last) and are chosen so that the stack weighs what the claim says (a 2 with a 4 on a
3), or as close to it as the hand allows. Going out is worth much more than one token, so the last
tokens of a hand are bluffed away more readily.

G: the bot names the number it holds most of.

Settings: ``tau`` (the doubt threshold above), ``out_bonus`` (what going out is worth, in tokens);
two off by default, fitted for three players (docs/sim.md, "Bot levels"): ``free_ride=1`` says
"correct" to a stack that lets an opponent go out when a later assessor still holds tokens (that
player doubts it anyway, as this heuristic does, and takes the stack if the doubt fails: the third
seat rides free on a doubt), ``sure_doubt=1`` puts no bluff on a stack an opponent went out on.
"""

from __future__ import annotations

from typing import Any

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import Game

from .data import COLOUR_LETTERS
from .rules import DoubtGravityGame
from .rules_round import spot_the_bluff
from .state import CORRECT, DONE, DOUBT, NUMBER_BASE, TOKENS_PER_COLOUR

SAMPLES = 160
"""Monte Carlo samples of the unknown stack tokens per assessment."""


class HeuristicAgent(Agent):
    """Truthful stacking, careful bluffs, and doubts driven by the felt weight of the stack."""

    name = "heuristic"
    SETTINGS = ("tau", "out_bonus", "free_ride", "sure_doubt")

    def __init__(self, game: Game, seat: int, seed: int, **settings: Any) -> None:
        super().__init__(game, seat, seed, **settings)
        assert isinstance(game, DoubtGravityGame)
        self.model = game.model
        self.grams = game.grams
        self.players = game.players
        default_tau = 0.5 if game.players == 2 else 0.34
        self.tau = float(settings.get("tau", default_tau))
        # Going out wins the game: worth this many tokens. Two players hold six tokens each
        # and go out rarely; three players hold three and race, so it weighs more there.
        self.out_bonus = float(settings.get("out_bonus", 6.0 if game.players == 2 else 30.0))
        self.plan: tuple[int, list[int]] | None = None  # (round, actions still to take)
        self.samples = SAMPLES
        # Both off by default (the heuristic as it was); the three-seat hard level turns them on.
        # free_ride: when an opponent is about to go out and a later assessor holds tokens (it will
        # doubt), say "correct" and let it take the risk of a failed doubt.
        self.free_ride = bool(int(settings.get("free_ride", 0)))
        # sure_doubt: a stack on which an opponent went out will be doubted by a player who still
        # holds tokens (the heuristic always does), so no bluff goes on top of it. (Treating this
        # seat's own bluffing out the same way measured worse: 38 % against 48 % at three seats.)
        self.sure_doubt = bool(int(settings.get("sure_doubt", 0)))

    # -- entry -----------------------------------------------------------------

    def act(self, view: SeatView) -> int:
        obs = view.observation()
        legal = view.legal_actions()
        phase = obs["phase"]
        if phase == "place":
            action = self.place(obs)
        elif phase == "assess":
            action = DOUBT if self.should_doubt(obs) else CORRECT
        elif phase == "designate":
            action = self.designate(obs)
        elif phase in ("choose-colour", "choose-extra"):
            action = self.rng.choice(legal)  # colours carry no information yet
        else:
            action = legal[0]
        return action if action in legal else legal[-1]

    # -- the opponent model --------------------------------------------------------

    def honesty(self, obs: dict[str, Any]) -> list[float]:
        """Per seat: chance that a placed token truly shows the Designated Number."""
        true = [1.0] * self.players
        seen = [2.0] * self.players
        numbers = {t["id"]: t["number"] for t in obs["tokens"]}
        for info in obs["rounds"]:
            owners = dict((p, s) for p, s in info["stack"])
            for p in info["revealed"]:
                owner = owners[p]
                seen[owner] += 1.0
                if numbers.get(p) == info["designated"]:
                    true[owner] += 1.0
        return [t / s for t, s in zip(true, seen, strict=True)]

    def doubt_rates(self, obs: dict[str, Any]) -> list[float]:
        """Per seat: chance of saying "I doubt it!" when assessing."""
        doubts = [1.0] * self.players
        said = [2.0] * self.players
        for info in obs["rounds"]:
            for seat, word in info["said"]:
                said[seat] += 1.0
                doubts[seat] += 1.0 if word == "doubt" else 0.0
        return [d / s for d, s in zip(doubts, said, strict=True)]

    def unknown_pool(self, obs: dict[str, Any]) -> list[list[int]]:
        """Per colour, the numbers this seat has not seen (the unseen tokens carry them)."""
        pool: list[list[int]] = []
        for colour in range(3):
            seen = {
                t["number"] for t in obs["tokens"] if t["colour"] == COLOUR_LETTERS[colour] and t["number"] is not None
            }
            pool.append([k for k in range(1, 6) if k not in seen])
        return pool

    # -- assessing -----------------------------------------------------------------

    def should_doubt(self, obs: dict[str, Any]) -> bool:
        me = self.seat
        if self.free_ride:
            counts = obs["hand_counts"]
            if counts[me] > 0 and any(counts[s] == 0 for s in range(self.players) if s != me):
                return not self.later_doubter(obs)
        designated = obs["designated"]
        stack = obs["stack"]
        level = next(r["level"] for r in reversed(obs["readings"]) if r["round"] == obs["round"])
        honesty = self.honesty(obs)
        pool = self.unknown_pool(obs)
        grams = self.grams
        owners = [entry["owner"] for entry in stack]
        takers = [0.0] * self.players
        total = 0.0
        for _ in range(self.samples):
            numbers = self.sample_stack(stack, designated, honesty, pool)
            weight = self.model.likelihood(level, sum(grams[k - 1] for k in numbers))
            if weight <= 0.0:
                continue
            takers[spot_the_bluff(numbers, owners, designated, me).taker] += weight
            total += weight
        if total <= 0.0:
            return True  # no honest-looking stack fits what was felt
        p_me = takers[me] / total
        threats = [s for s in range(self.players) if s != me and obs["hand_counts"][s] == 0]
        if obs["hand_counts"][me] == 0:
            # This seat goes out unless it takes the stack. Alone, it wins if the stack goes by:
            # a doubt can only lose. With an opponent out too, the Doubt Card decides the tie, and
            # a later doubter would take it: a doubt that does not come back here wins.
            if not threats:
                return False
            return p_me < 0.5
        if threats:
            # An opponent goes out unless a bluff of theirs is found: doubting can only help.
            return True
        return p_me < self.tau

    def later_doubter(self, obs: dict[str, Any]) -> bool:
        """A seat that assesses after this one still holds tokens (so it doubts a stack that lets
        an opponent go out: it has nothing to lose by it)."""
        n = self.players
        first = obs["first_player"]
        order = [(first + i) % n for i in range(n)]
        return any(obs["hand_counts"][s] > 0 for s in order[order.index(self.seat) + 1 :])

    def sample_stack(
        self, stack: list[dict[str, Any]], designated: int, honesty: list[float], pool: list[list[int]]
    ) -> list[int]:
        """One guess of the stack's numbers, bottom first; known numbers stay as they are."""
        left = [list(p) for p in pool]
        numbers: list[int] = []
        for entry in stack:
            if entry["number"] is not None:
                numbers.append(entry["number"])
                continue
            options = left[COLOUR_LETTERS.index(entry["colour"])]
            if not options:  # cannot happen with a consistent view; stay safe
                numbers.append(designated)
                continue
            others = [k for k in options if k != designated]
            if designated in options and (not others or self.rng.random() < honesty[entry["owner"]]):
                pick = designated
            else:
                pick = self.rng.choice(others)
            options.remove(pick)
            numbers.append(pick)
        return numbers

    # -- placing ---------------------------------------------------------------------

    def place(self, obs: dict[str, Any]) -> int:
        key = obs["round"]
        if self.plan is None or self.plan[0] != key or obs["placed_this_turn"] == 0:
            self.plan = (key, self.plan_turn(obs))
        actions = self.plan[1]
        return actions.pop(0) if actions else DONE

    def plan_turn(self, obs: dict[str, Any]) -> list[int]:
        """The whole turn at once: bluffs first (turned over last), then the true tokens."""
        designated = obs["designated"]
        hand = [(COLOUR_LETTERS.index(name[0]), int(name[1])) for name in obs["hand"]]
        true = [t for t in hand if t[1] == designated]
        rest = [t for t in hand if t[1] != designated]
        bluffs = self.choose_bluffs(obs, rest, len(true))
        return [c * TOKENS_PER_COLOUR + k - 1 for c, k in bluffs + true]

    def choose_bluffs(self, obs: dict[str, Any], rest: list[tuple[int, int]], n_true: int) -> list[tuple[int, int]]:
        if not rest:
            return []
        me = self.seat
        n = self.players
        designated = obs["designated"]
        rates = self.doubt_rates(obs)
        honesty = self.honesty(obs)
        first = obs["first_player"]
        order = [(first + i) % n for i in range(n)]
        later = [s for s in order[order.index(me) + 1 :] if obs["hand_counts"][s] > 0]
        p_no_doubt = 1.0
        for s in range(n):
            if s != me:
                p_no_doubt *= 1.0 - rates[s]
        # Somebody went out on this stack already: it will be doubted.
        sure = self.sure_doubt and any(obs["hand_counts"][s] == 0 for s in range(n) if s != me)
        # Tokens placed above ours are turned over first; a false one there takes the blame.
        p_clean = 1.0
        for s in later:
            p_clean *= 1.0 - 0.5 * (1.0 - honesty[s])  # about half the time a seat places nothing
        p_cover = 1.0 - p_clean
        stack_size = len(obs["stack"]) + n_true + 1.5 * len(later)
        best: list[tuple[int, int]] = []
        best_value = 0.0
        for bluff in self.bluff_sets(rest, designated):
            k = len(bluff)
            goes_out = k == len(rest)
            imbalance = abs(sum(num for _, num in bluff) - k * designated)
            p_doubt = 1.0 if sure else 1.0 - p_no_doubt
            p_caught = min(1.0, p_doubt * (1.0 - p_cover) * (1.0 + 0.25 * imbalance))
            gain = k + (self.out_bonus if goes_out else 0.0)
            loss = stack_size + k
            value = (1.0 - p_caught) * gain - p_caught * loss
            if value > best_value:
                best, best_value = bluff, value
        return best

    @staticmethod
    def bluff_sets(rest: list[tuple[int, int]], designated: int) -> list[list[tuple[int, int]]]:
        """Candidate bluffs: one token, a weight-balanced pair, and the whole remaining hand."""
        by_gap = sorted(rest, key=lambda t: (abs(t[1] - designated), t))
        sets: list[list[tuple[int, int]]] = [[by_gap[0]]]
        for i, a in enumerate(rest):
            for b in rest[i + 1 :]:
                if a[1] + b[1] == 2 * designated:
                    sets.append([a, b])
        if len(rest) > 1:
            sets.append(list(rest))
        return sets

    # -- the G face ----------------------------------------------------------------

    def designate(self, obs: dict[str, Any]) -> int:
        counts = [0] * 6
        for name in obs["hand"]:
            counts[int(name[1])] += 1
        best = max(range(1, 6), key=lambda k: (counts[k], -k))
        return NUMBER_BASE + best - 1


__all__ = ["HeuristicAgent"]
