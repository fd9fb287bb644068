"""A cooperative heuristic bot for Gravity Falls.

It sees only its seat's view. For the card choice it explores the legal routes of every card on a
determinized copy (``view.sample_state``; only other players' hands are redrawn, and routes do not
depend on them) and scores each end location:

- fight when the odds are good: the chance that the dice reach the monster's threshold;
- persuade where distrust is about to reach a monster: flips count more at or next to the locations
  of the revealed monster movement cards (where the next disorder will count distrust);
- guard with courage dice: ending the turn, distrust-free, on the next monster card's location stops
  that monster;
- rest in time: resting is worth more the fewer cards are left in hand.

Every other decision (which token to pull, where moved tokens go, which curse to drop, ...) is a
short greedy rule, written below next to the decision it makes.
"""

from __future__ import annotations

from math import comb
from typing import Any

from gravity_games.core.agent import Agent, SeatView

from .data import Tables
from .rules_turn import immune_to_successes, successes_needed
from .tables import FACE_P

CURSE_HARM = {
    "draw_fewer": 5,
    "max_five_dice": 4,
    "flip_support": 3,
    "no_shared_location": 2,
    "no_move_support": 2,
    "reveal_card": 0,
}
CARD_PREFERENCE = ["1-5", "0-4", "2-2", "T", "3-1", "4-0"]


def p_at_least(n: int, need: int, p: float) -> float:
    """Chance that ``n`` dice with success chance ``p`` give at least ``need`` successes."""
    if need <= 0:
        return 1.0
    return sum(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(need, n + 1))


class HeuristicAgent(Agent):
    """Persuade near the next disorder, fight at good odds, guard with courage dice, rest in time."""

    name = "heuristic"
    SETTINGS: tuple[str, ...] = ()

    def __init__(self, game: Any, seat: int, seed: int, **settings: Any) -> None:
        super().__init__(game, seat, seed, **settings)
        tb = game.tables
        self.tables: Tables = tb
        self.index = {n: i for i, n in enumerate(tb.names)}
        self.plan: list[int] = []

    # ----------------------------------------------------------------------------------------
    def act(self, view: SeatView) -> int:
        legal = view.legal_actions()
        obs = view.observation()
        prompt = obs["prompt"] or {}
        task = prompt.get("task", "")
        handler = getattr(self, "_on_" + task, None)
        if handler is not None:
            choice = handler(view, obs, legal, prompt)
            if choice in legal:
                return int(choice)
        return legal[0]

    # -- helpers ----------------------------------------------------------------------------
    def _board(self, obs: dict[str, Any]) -> tuple[list[int], list[int], list[bool]]:
        sup = [loc["support"] for loc in obs["locations"]]
        dis = [loc["distrust"] for loc in obs["locations"]]
        die = [loc["die"] for loc in obs["locations"]]
        return sup, dis, die

    def _monster_locs(self, obs: dict[str, Any]) -> dict[int, dict[str, Any]]:
        return {self.index[m["location"]]: m for m in obs["monsters"] if m["location"] is not None}

    def _targets(self, obs: dict[str, Any]) -> list[int]:
        """Revealed monster movement cards, the next one to act first."""
        cards: list[str] = [c for c in obs["revealed"] if c in self.index]
        return [self.index[c] for c in cards[::-1]]

    def _me(self, obs: dict[str, Any]) -> dict[str, Any]:
        me: dict[str, Any] = obs["characters"][self.seat]
        return me

    def _text(self, view: SeatView, a: int) -> str:
        return view.action_to_string(a)

    # -- scoring a turn that ends at ``dest`` with ``res`` dice of resourcefulness ----------------
    def _score(self, obs: dict[str, Any], dest: int, res: int) -> float:
        sup, dis, die = self._board(obs)
        adj = self.tables.adj
        s_in = sum(1 for nb in adj[dest] if sup[nb])
        d_in = sum(1 for nb in adj[dest] if not sup[nb] and dis[nb] and not die[nb])
        support = sup[dest] + s_in
        distrust = dis[dest] + d_in
        me = self._me(obs)
        cap = 5 if "max_five_dice" in me["curses"] else 7
        want = res + support
        n = min(want, cap)
        extra = want - n
        p_curse = 1 - (5 / 6) ** n
        score = -(p_curse * 3 + extra * 5)
        monsters = self._monster_locs(obs)
        targets = self._targets(obs)
        live = sum(1 for m in obs["monsters"] if m["location"] is not None)
        if dest in monsters:
            m = monsters[dest]
            ability = m["ability"]
            need = successes_needed(ability, distrust)
            p = FACE_P[1] if ability == "arrows_fight" else FACE_P[0]  # Rumble McSkirmish counts arrows
            if immune_to_successes(ability, live, bool(me["curses"])):
                return score - 20
            win = p_at_least(n, need, p)
            return score + win * (60 if live > 1 else 100) - 4
        # persuasion: expected flips, weighted by how close the next disorders are
        exp_flips = sum(comb(n, k) / 2**n * min(k, distrust) for k in range(n + 1))
        weight = 2.0
        for rank, t in enumerate(targets):
            if t == dest or dest in adj[t]:
                weight += 3.0 if rank == 0 else 1.5
        score += exp_flips * weight
        if not die[dest] and obs["supply"] > 0:
            p_clean = p_at_least(n, distrust, 0.5) if distrust else 1.0
            guard = 1.0
            if targets and targets[0] == dest:
                guard = 14.0
            elif dest in targets:
                guard = 6.0
            score += p_clean * guard
        if me["hand_size"] <= 2 and not distrust:
            score += 1.5  # a card will be drawn
        return float(score)

    # -- the card choice -----------------------------------------------------------------------
    def _on_choose_card(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        me = self._me(obs)
        best_score = 1.2 * (6 - me["hand_size"]) - 1.0  # the value of a rest
        rest = next(a for a in legal if self._text(view, a) == "rest")
        best: tuple[int, list[int]] = (rest, [])
        here = self.index[me["location"]]
        for a in legal:
            if a == rest:
                continue
            text = self._text(view, a)
            res = self._res_of(view, a, obs)
            if text == "play teleport":
                options = {d: [d] for d in self._teleport_targets(obs)}
            else:
                dist = self.tables.card_distance[self.tables.card_names.index(text.split()[1])]
                options = self._routes(obs, here, dist) if dist else {here: []}
            for dest, path in options.items():
                value = self._score(obs, dest, res)
                if value > best_score:
                    best_score, best = value, (a, path)
        self.plan = list(best[1])
        return best[0]

    def _res_of(self, view: SeatView, a: int, obs: dict[str, Any]) -> int:
        text = self._text(view, a)
        if text == "play teleport":
            name = self._me(obs)["name"]
            return int(self.tables.char_teleport_res[self.tables.char_names.index(name)])
        card = text.split()[1]
        return int(self.tables.card_res[self.tables.card_names.index(card)])

    def _teleport_targets(self, obs: dict[str, Any]) -> list[int]:
        rule = self.tables.char_teleport[self.tables.char_names.index(self._me(obs)["name"])]
        sup, dis, die = self._board(obs)
        monsters = self._monster_locs(obs)
        others = {self.index[c["location"]] for c in obs["characters"] if c["seat"] != self.seat and c["location"]}
        here = self.index[self._me(obs)["location"]]
        checks = {
            "monster": lambda loc: loc in monsters,
            "character": lambda loc: loc in others,
            "distrust3": lambda loc: dis[loc] >= 3,
            "courage_die": lambda loc: die[loc],
            "quiet": lambda loc: loc not in monsters and loc not in others,
        }
        lonely = "no_shared_location" in self._me(obs)["curses"]
        return [loc for loc in range(len(sup)) if loc != here and checks[rule](loc) and not (lonely and loc in others)]

    def _routes(self, obs: dict[str, Any], start: int, dist: int) -> dict[int, list[int]]:
        """End locations of the legal routes of ``dist`` roads (the rules of movement), with one route each."""
        adj = self.tables.adj
        road = self.tables.road_id
        stops = {
            self.index[m["location"]]
            for m in obs["monsters"]
            if m["location"] is not None and m["ability"] == "stop_movers"
        }
        blocked: set[int] = set()
        if "no_shared_location" in self._me(obs)["curses"]:
            blocked = {self.index[c["location"]] for c in obs["characters"] if c["seat"] != self.seat and c["location"]}
        out: dict[int, list[int]] = {}

        def walk(pos: int, left: int, used: int, path: list[int]) -> None:
            for nxt in adj[pos]:
                r = road[(pos, nxt)]
                if used >> r & 1 or nxt == start or nxt in blocked:
                    continue
                if left == 1 or nxt in stops:
                    out.setdefault(nxt, [*path, nxt])
                else:
                    walk(nxt, left - 1, used | 1 << r, [*path, nxt])

        walk(start, dist, 0, [])
        return out

    def _follow_plan(self, view: SeatView, legal: list[int]) -> int | None:
        if self.plan:
            want = f"go {self.tables.names[self.plan[0]]}"
            for a in legal:
                if self._text(view, a) == want:
                    self.plan.pop(0)
                    return a
        self.plan = []
        return None

    def _on_route(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        step = self._follow_plan(view, legal)
        return legal[0] if step is None else step

    def _on_teleport(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        step = self._follow_plan(view, legal)
        if step is not None:
            return step
        return self._best_location(view, obs, legal, 2)

    def _best_location(self, view: SeatView, obs: dict[str, Any], legal: list[int], res: int) -> int:
        def value(a: int) -> float:
            name = self._text(view, a).split(" ", 1)[1]
            return self._score(obs, self.index[name], res)

        return max(legal, key=value)

    # -- tokens ----------------------------------------------------------------------------------
    def _on_rumor(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        texts = {self._text(view, a): a for a in legal}
        if "pull support" in texts:
            return texts["pull support"]
        if "leave" in texts:
            return texts["leave"]
        return texts.get("pull distrust", legal[0])

    def _danger(self, obs: dict[str, Any], loc: int) -> float:
        """How soon disorder may count tokens at ``loc`` (revealed cards and monsters nearby)."""
        adj = self.tables.adj
        d = 0.0
        for rank, t in enumerate(self._targets(obs)):
            if t == loc:
                d += 4 - rank
            elif loc in adj[t]:
                d += 2 - 0.5 * rank
        for m in self._monster_locs(obs):
            if m == loc or loc in adj[m]:
                d += 1
        return d

    def _on_move_token(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        _, _, die = self._board(obs)

        def value(a: int) -> float:
            text = self._text(view, a)
            kind = text.split()[1]
            name = text.split(" to ", 1)[1]
            loc = self.index[name]
            safety = -self._danger(obs, loc) + (1.5 if die[loc] else 0.0)
            # move distrust out of our location first (it blocks dice, draws and fights); send it to safety
            return (10 if kind == "distrust" else 0) + (safety if kind == "distrust" else -safety)

        return max(legal, key=value)

    def _on_setup_pull(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        texts = {self._text(view, a): a for a in legal}
        return texts.get("pull support", legal[0])  # a distrust token taken raises the alarm

    _on_disorder_pull = _on_setup_pull

    # -- roll ------------------------------------------------------------------------------------
    def _on_roll_setup(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        return legal[0]

    def _on_reroll_offer(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        _s, m, c = obs["roll"]
        texts = {self._text(view, a): a for a in legal}
        if c == 1 and "reroll curse" in texts:
            return texts["reroll curse"]  # one curse die: a re-roll may avoid the curse entirely
        if m and "reroll move" in texts:
            return texts["reroll move"]
        return texts["pass"]

    # -- end of turn -----------------------------------------------------------------------------
    def _on_place_die(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        texts = {self._text(view, a): a for a in legal}
        return texts["place die"]

    def _on_draw(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        texts = {self._text(view, a): a for a in legal}
        for card in CARD_PREFERENCE[:3]:
            if f"take {card}" in texts:
                return texts[f"take {card}"]
        return texts["draw deck"]

    def _on_discard_curse(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        letoyin = any(m["ability"] == "cursed_only" and m["location"] for m in obs["monsters"])
        best, harm = None, -1
        for a in legal:
            text = self._text(view, a)
            if text.startswith("drop curse"):
                h = CURSE_HARM.get(text.split()[-1], 1)
                if h > harm:
                    best, harm = a, h
        mine = self._me(obs)["curses"]
        if best is None or (letoyin and len(mine) == 1) or harm == 0:
            return next(a for a in legal if self._text(view, a) == "pass")
        return best

    def _on_ability(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        texts = {self._text(view, a): a for a in legal}
        heals = [(CURSE_HARM.get(t.split()[-1], 1), a) for t, a in texts.items() if t.startswith("heal")]
        if heals:
            harm, a = max(heals)
            if harm > 0:
                return a
        targets = self._targets(obs)
        for t, a in texts.items():
            if t.startswith("die to ") and targets and self.index[t[7:]] == targets[0]:
                return a
        return texts["pass"]

    # -- monster phase and events ----------------------------------------------------------------
    def _on_choose_mover(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        return legal[0]

    def _on_ev_discard_or_alarm(
        self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]
    ) -> int:
        texts = {self._text(view, a): a for a in legal}
        for card in reversed(CARD_PREFERENCE):
            if f"discard {card}" in texts and len(texts) > 2:
                return texts[f"discard {card}"]
        al = obs["alarm"]
        if al["bus"] - al["level"] > 4 or len(texts) == 1:
            return texts["raise alarm"]
        return legal[0]

    def _on_ev_remove_die(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        def value(a: int) -> float:
            return self._danger(obs, self.index[self._text(view, a).split(" ", 2)[2]])

        return min(legal, key=value)

    def _on_ev_flee(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        sup, _, _ = self._board(obs)
        return max(legal, key=lambda a: sup[self.index[self._text(view, a)[3:]]])

    def _on_ev_teleport(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        return self._best_location(view, obs, legal, 0)
