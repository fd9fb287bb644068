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

The weights of that score are settings (``WEIGHTS``; ``heuristic:guard_next=7``), and so is an
outlook of the monster move that follows the turn, off by default: for every roll of the turn, with
its chance, the alarm the next disorder raises (``alarm``), the characters it curses (``cursed``),
the chance it reaches the bus (``bus``), and how much easier the moved monster is to defeat where it
lands than where it stood (``trap``, ``trap_dice``). Monsters stand on every token of their location
turned to distrust, so a fight is worth taking mostly where a monster has just landed on few tokens;
the trap term steers the team to let monsters land there and to fight them. The ``hard`` level is
this outlook with fitted weights (``levels.py``); ``heuristic`` and ``medium`` play as always.
"""

from __future__ import annotations

import random
from math import comb
from typing import Any

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import InvalidParameterError

from .data import Tables
from .rules_board import (
    PULL_CHOICE,
    PULL_DISTRUST,
    PULL_NONE,
    PULL_SUPPORT,
    has_curse,
    live_monsters,
    monsters_at,
    pull_kind,
)
from .rules_monsters import disorder_pull_kind, nearest_monsters
from .rules_turn import immune_to_successes, successes_needed
from .state import DEFEATED, GravityFallsPosition
from .tables import FACE_P, dice_distribution

CURSE_HARM = {
    "draw_fewer": 5,
    "max_five_dice": 4,
    "flip_support": 3,
    "no_shared_location": 2,
    "no_move_support": 2,
    "reveal_card": 0,
}
CARD_PREFERENCE = ["1-5", "0-4", "2-2", "T", "3-1", "4-0"]

WEIGHTS: dict[str, float] = {
    # the card choice's score of a turn (defaults: the bot as it always played)
    "curse": 3.0,  # per expected curse card from the roll's curse symbols
    "extra": 5.0,  # per die over the limit (each is a curse card for sure)
    "fight": 60.0,  # a monster defeated, times the chance, while others are left
    "last_fight": 100.0,  # the last monster defeated (the game won), times the chance
    "fight_cost": 4.0,  # a fight's turn spent instead of persuading
    "immune": 20.0,  # a fight the successes cannot win (Time Monster, Letoyin Trickster)
    "flip": 2.0,  # per expected flip of distrust to support anywhere
    "flip_next": 3.0,  # ... more at or next to the next monster card
    "flip_later": 1.5,  # ... more at or next to each later revealed card
    "guard": 1.0,  # a courage die placed, times the chance the location is clean
    "guard_next": 14.0,  # ... on the next monster card's location
    "guard_later": 6.0,  # ... on a later revealed card's location
    "draw": 1.5,  # a card drawn at the end of a short-handed turn
    "rest": 1.2,  # a rest: per card taken back
    "rest_base": 1.0,  # ... less this
    # the outlook of the monster move that follows the turn (0: not looked at)
    "alarm": 0.0,  # per expected alarm space the next disorder raises
    "cursed": 0.0,  # per expected character the next disorder curses
    "bus": 0.0,  # the chance that the next disorder takes the alarm to the bus (the game lost)
    "trap": 0.0,  # per unit of the chance that the moved monster can be defeated where it lands, less where it stood
    "trap_dice": 6.0,  # the dice the fight in that chance is rolled with
}


def p_at_least(n: int, need: int, p: float) -> float:
    """Chance that ``n`` dice with success chance ``p`` give at least ``need`` successes."""
    if need <= 0:
        return 1.0
    return sum(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(need, n + 1))


class HeuristicAgent(Agent):
    """Persuade near the next disorder, fight at good odds, guard with courage dice, rest in time."""

    name = "heuristic"
    SETTINGS: tuple[str, ...] = tuple(WEIGHTS)

    def __init__(self, game: Any, seat: int, seed: int, **settings: Any) -> None:
        super().__init__(game, seat, seed, **settings)
        tb = game.tables
        self.tables: Tables = tb
        self.index = {n: i for i, n in enumerate(tb.names)}
        self.plan: list[int] = []
        for key, value in settings.items():
            if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
                raise InvalidParameterError(f"heuristic setting {key}={value!r}: a number is needed (e.g. {key}=3)")
        w = {**WEIGHTS, **{k: float(v) for k, v in settings.items()}}
        self.w_curse, self.w_extra, self.w_immune = w["curse"], w["extra"], w["immune"]
        self.w_fight, self.w_last_fight, self.w_fight_cost = w["fight"], w["last_fight"], w["fight_cost"]
        self.w_flip, self.w_flip_next, self.w_flip_later = w["flip"], w["flip_next"], w["flip_later"]
        self.w_guard, self.w_guard_next, self.w_guard_later = w["guard"], w["guard_next"], w["guard_later"]
        self.w_draw, self.w_rest, self.w_rest_base = w["draw"], w["rest"], w["rest_base"]
        self.w_alarm, self.w_cursed, self.w_bus = w["alarm"], w["cursed"], w["bus"]
        self.w_trap, self.trap_dice = w["trap"], int(w["trap_dice"])
        # The outlook of the coming monster move is worked out only when one of its weights is set,
        # so that the default bot (``heuristic``, ``medium``) plays exactly as it always has.
        self.outlook = bool(self.w_alarm or self.w_cursed or self.w_bus or self.w_trap)
        self.position: GravityFallsPosition | None = None

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
        score = -(p_curse * self.w_curse + extra * self.w_extra)
        monsters = self._monster_locs(obs)
        targets = self._targets(obs)
        live = sum(1 for m in obs["monsters"] if m["location"] is not None)
        if dest in monsters:
            m = monsters[dest]
            ability = m["ability"]
            need = successes_needed(ability, distrust)
            p = FACE_P[1] if ability == "arrows_fight" else FACE_P[0]  # Rumble McSkirmish counts arrows
            if immune_to_successes(ability, live, bool(me["curses"])):
                return score - self.w_immune
            win = p_at_least(n, need, p)
            return score + win * (self.w_fight if live > 1 else self.w_last_fight) - self.w_fight_cost
        # persuasion: expected flips, weighted by how close the next disorders are
        exp_flips = sum(comb(n, k) / 2**n * min(k, distrust) for k in range(n + 1))
        weight = self.w_flip
        for rank, t in enumerate(targets):
            if t == dest or dest in adj[t]:
                weight += self.w_flip_next if rank == 0 else self.w_flip_later
        score += exp_flips * weight
        if not die[dest] and obs["supply"] > 0:
            p_clean = p_at_least(n, distrust, 0.5) if distrust else 1.0
            guard = self.w_guard
            if targets and targets[0] == dest:
                guard = self.w_guard_next
            elif dest in targets:
                guard = self.w_guard_later
            score += p_clean * guard
        if me["hand_size"] <= 2 and not distrust:
            score += self.w_draw  # a card will be drawn
        return float(score)

    # -- the outlook of the monster move that follows a turn -------------------------------------
    def _outlook(self, obs: dict[str, Any], dest: int, res: int) -> float:
        """The expected cost of the monster move after a turn that ends at ``dest`` with ``res`` dice of
        resourcefulness (-1: a rest, no rumors and no roll).

        The turn is played out on the public board with the bot's own choices (rumors: support where it
        can, a courage die's distrust left; arrows: distrust out first; a courage die placed when it
        may), for every roll with its chance; then the next monster card moves the monster nearest to
        ``dest``: a courage die there stops it, else the alarm rises by the distrust its disorder
        counts, and it curses the characters there. The rules' own functions answer which tokens can be
        pulled, which monster moves, the fight threshold; nothing the seat cannot see is read.
        """
        pos = self.position
        targets = self._targets(obs)
        if pos is None or not targets:
            return 0.0
        t = targets[0]
        adj = self.tables.adj
        seat = self.seat
        saved = pos.support, pos.distrust, pos.courage_dice, pos.character_locations, pos.monster_locations
        sup, dis, die = list(saved[0]), list(saved[1]), list(saved[2])
        pos.support, pos.distrust, pos.courage_dice = sup, dis, die
        pos.character_locations = list(saved[3])
        pos.character_locations[seat] = dest
        pos.monster_locations = list(saved[4])
        try:
            return self._outlook_on(pos, obs, dest, res, t, adj)
        finally:
            pos.support, pos.distrust, pos.courage_dice, pos.character_locations, pos.monster_locations = saved

    def _outlook_on(
        self,
        pos: GravityFallsPosition,
        obs: dict[str, Any],
        dest: int,
        res: int,
        t: int,
        adj: tuple[tuple[int, ...], ...],
    ) -> float:
        sup, dis, die = pos.support, pos.distrust, pos.courage_dice
        seat = self.seat
        live = live_monsters(pos)
        foe = -1
        outcomes: tuple[tuple[int, float], ...] = ((0, 1.0),)
        if res >= 0:
            for nb in adj[dest]:
                kind = pull_kind(pos, nb)
                if kind in (PULL_SUPPORT, PULL_CHOICE):
                    sup[nb] -= 1
                    sup[dest] += 1
                elif kind == PULL_DISTRUST and not die[nb]:
                    dis[nb] -= 1
                    dis[dest] += 1
            cap = 5 if has_curse(pos, seat, "max_five_dice") else 7
            n = min(res + sup[dest], cap)
            if n:
                outcomes = dice_distribution(n).pairs
            here = monsters_at(pos, dest)
            if here:
                foe = here[0]
        ability = pos.rule_tables.monster_ability[pos.monsters[foe]] if foe >= 0 else ""
        need = successes_needed(ability, dis[dest])
        beatable = foe >= 0 and not immune_to_successes(ability, len(live), bool(pos.curses[seat]))
        movers = nearest_monsters(pos, seat)
        movers_won = movers
        if beatable:
            pos.monster_locations[foe] = DEFEATED
            movers_won = nearest_monsters(pos, seat)
            pos.monster_locations[foe] = dest
        ptero = [
            bool(m) and pos.rule_tables.monster_ability[pos.monsters[m[0]]] == "pull_distrust"
            for m in (movers, movers_won)
        ]
        others = sum(1 for s in range(pos.players) if s != seat and pos.character_locations[s] == t)
        # the pulls from the neighbours of the card's location other than ``dest`` do not depend on the roll
        base = [
            sum(1 for nb in adj[t] if nb != dest and disorder_pull_kind(pos, nb, p) == PULL_DISTRUST) for p in ptero
        ]
        pulled = [sum(1 for nb in adj[t] if nb != dest and disorder_pull_kind(pos, nb, p) != PULL_NONE) for p in ptero]
        # how beatable the moving monster is where it stands now (what it loses by moving)
        trap = [
            self._beatable(pos, m[0], dis[pos.monster_locations[m[0]]], len(live)) if m else 0.0
            for m in (movers, movers_won)
        ]
        level, bus = obs["alarm"]["level"], obs["alarm"]["bus"]
        arrows_fight = ability == "arrows_fight"
        keep_support = has_curse(pos, seat, "no_move_support")
        s0, d0, die0 = sup[dest], dis[dest], die[dest]
        may_place = res >= 0 and not die0 and pos.supply > 0
        alone = len(monsters_at(pos, dest)) <= 1
        e_alarm = e_cursed = p_bus = e_trap = 0.0
        for key, p in outcomes:
            hits, moves = key >> 3, key & 7
            won = False
            if foe >= 0:
                if arrows_fight:
                    hits, moves = moves, 0
                won = beatable and hits >= need
                if won and len(live) == 1:
                    continue  # the game is won: no monster moves
                d_end = d0 - moves if moves < d0 else 0
                s_end = s0 if keep_support else max(0, s0 - max(0, moves - d0))
                placed = may_place and won and alone and d_end == 0
            else:
                flips = hits if hits < d0 else d0
                left = d0 - flips
                moved = moves if moves < left else left
                d_end = left - moved
                s_end = s0 + flips if keep_support else max(0, s0 + flips - (moves - moved))
                placed = may_place and d_end == 0
            if die[t] or (placed and dest == t):
                continue  # the courage die stops the monster
            k = 1 if won else 0
            if dest == t:
                alarm = d_end + base[k]
                tokens = s_end + d_end + pulled[k]
            else:
                alarm = dis[t] + base[k]
                tokens = sup[t] + dis[t] + pulled[k]
                if dest in adj[t]:
                    sup[dest], dis[dest], die[dest] = s_end, d_end, 1 if placed else die0
                    kind = disorder_pull_kind(pos, dest, ptero[k])
                    alarm += kind == PULL_DISTRUST
                    tokens += kind != PULL_NONE
                    sup[dest], dis[dest], die[dest] = s0, d0, die0
            if self.w_trap:
                mover = (movers_won if won else movers)[0]
                e_trap += p * (self._beatable(pos, mover, tokens, len(live) - won) - trap[k])
            e_alarm += p * alarm
            e_cursed += p * (others + (dest == t))
            if level + alarm >= bus:
                p_bus += p
        return self.w_alarm * e_alarm + self.w_cursed * e_cursed + self.w_bus * p_bus - self.w_trap * e_trap

    def _beatable(self, pos: GravityFallsPosition, m: int, distrust: int, in_play: int) -> float:
        """The chance that a fight with ``trap_dice`` dice defeats monster ``m`` on ``distrust`` distrust tokens."""
        ability = pos.rule_tables.monster_ability[pos.monsters[m]]
        if immune_to_successes(ability, in_play, True):
            return 0.0
        p = FACE_P[1] if ability == "arrows_fight" else FACE_P[0]
        return p_at_least(self.trap_dice, successes_needed(ability, distrust), p)

    # -- the card choice -----------------------------------------------------------------------
    def _on_choose_card(self, view: SeatView, obs: dict[str, Any], legal: list[int], prompt: dict[str, Any]) -> int:
        me = self._me(obs)
        best_score = self.w_rest * (6 - me["hand_size"]) - self.w_rest_base  # the value of a rest
        rest = next(a for a in legal if self._text(view, a) == "rest")
        best: tuple[int, list[int]] = (rest, [])
        here = self.index[me["location"]]
        if self.outlook:
            world = view.sample_state(random.Random(0))  # the public board, as the rules' functions read it
            assert isinstance(world, GravityFallsPosition)
            self.position = world
            best_score -= self._outlook(obs, here, -1)
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
                if self.outlook:
                    value -= self._outlook(obs, dest, res)
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
