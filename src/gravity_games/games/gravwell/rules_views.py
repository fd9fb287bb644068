"""What leaves the engine: observations, the observation tensor, action notation and the state JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gravity_games.core.api import JSON, InvalidStateError, State
from gravity_games.games.gravwell.tables import (
    ABILITY0,
    DIR_LEFT,
    DIR_RIGHT,
    DRAG0,
    GATE_ACTION0,
    MINE0,
    PASS,
    SHIP0,
    STAGE_NAMES,
    STOP,
    TRIM_LESS,
    TRIM_MORE,
    TYPE_NAMES,
    Stage,
    Tables,
)

if TYPE_CHECKING:
    from gravity_games.games.gravwell.rules import GravwellState

MOD_FLAGS = ("stop", "boost", "reverse", "trim", "swap", "waypoint", "echo", "flail", "dynamo", "invert",
             "redirect", "jam")
REASONS = ("escaped", "nearest after round 6")
STACK_LETTERS = "ABCDEFGHIJKL"
"""The names of the (at most 12) mining stacks in the notation and the views."""


class ViewsMixin:
    """Observation, tensor, notation and JSON of a :class:`GravwellState`."""

    __slots__ = ()  # no instance __dict__: the state's fields are the slots of GravwellState

    def _sym(self: GravwellState, card: int) -> str | None:
        return self.tables.symbols[card] if card >= 0 else None

    def _syms(self: GravwellState, cards: list[int]) -> list[str]:
        rank = self.tables.rank
        return [self.tables.symbols[c] for c in sorted(cards, key=lambda c: rank[c])]

    def observation(self: GravwellState, seat: int | None) -> dict[str, JSON]:
        t = self.tables
        n = len(self.pos)
        ships = []
        for s in range(n):
            sh = self.ship[s]
            ships.append({
                "seat": s,
                "ship": t.ship_names[sh] if sh >= 0 else None,
                "start": "inner" if self.start[s] == 0 else "outer",
                "position": self.pos[s],
                "in_gate": self.in_gate(s),
                "to_goal": self.distance_to_goal(s),
                "charged": list(self.charged[s]),
                "charged_names": [self.ability_name(s, k) for k in range(4) if self.charged[s][k] and sh >= 0],
                "hand_size": len(self.hands[s]),
                "has_chosen": self.chosen[s] >= 0,
                "card": self._sym(self.chosen[s]) if self.revealed else None,
                "known_cards": self._syms(self.known[s]),
                "last_card": self._sym(self.last_cards[s]),
                "cloaked": self.cloaked[s],
                "shielded": s in self.shielded,
                "coasting": s in self.coasted,
                "latching": s in self.latchers,
                "delayed": s in self.delayed,
            })
        player = self.current_player()
        resolving = self.resolving if self.resolving >= 0 else None
        obs: dict[str, JSON] = {
            "round": self.round,
            "phase": self.phase,
            "stage": STAGE_NAMES[self.stage],
            "to_act": player if player >= 0 else None,
            "track_length": self.L,
            "debris_fields": list(t.debris),
            "merton_cloud": t.merton,
            "junk": list(self.junk),
            "ships": ships,
            "resolution_order": list(self.order),
            "resolving": resolving,
            "card_type": TYPE_NAMES[self.eff_type] if resolving is not None else None,
            "card_value": self.eff_value if resolving is not None else None,
            "modifiers": list(self.mods) if resolving is not None else [],
            "drag_choices": sorted(self.drag[0]) if self.stage == Stage.DRAG else [],
            "stacks": [{"face_up": [self._sym(st[1]), self._sym(st[2])], "face_down": st[0] >= 0,
                        "taken_by": self.taken[k] if self.taken[k] >= 0 else None}
                       for k, st in enumerate(self.stacks)],
            "mining_order": list(self.mine_order),
            "discards": self._syms(self.discards),
            "winners": list(self.winners),
            "result": self.reason or None,
        }
        if seat is not None:
            obs["seat"] = seat
            obs["my_hand"] = self._syms(self.hands[seat])
            mine = self.chosen[seat]
            obs["my_card"] = self._sym(mine) if mine >= 0 and not self.revealed else None
        return obs

    def private_values(self: GravwellState, seat: int) -> dict[str, JSON]:
        out: dict[str, JSON] = {}
        if self.hands[seat]:
            out["my_hand"] = self._syms(self.hands[seat])
        if self.chosen[seat] >= 0 and not self.revealed:
            out["my_card"] = self._sym(self.chosen[seat])
        return out

    def observation_tensor(self: GravwellState, seat: int | None) -> list[float]:
        """A flat encoding computed from ``observation(seat)`` alone, so equal views give equal tensors."""
        return encode_observation(self.observation(seat), self.tables)

    # -- notation --------------------------------------------------------------

    def _action_text(self: GravwellState, action: int) -> str:
        t = self.tables
        s = self.stage
        n_cards = len(t.symbols)
        if s in (Stage.DEAL, Stage.FORM):
            return f"{'deal' if s == Stage.DEAL else 'draw'} {t.symbols[action]}"
        if 0 <= action < n_cards:
            return f"{'instead' if s == Stage.PREACT else 'play'} {t.symbols[action]}"
        if MINE0 <= action < MINE0 + 12:
            # letters, not numbers: a menu numbering the moves 1..n would otherwise collide with them
            return f"stack {STACK_LETTERS[action - MINE0]}"
        if action in (DIR_LEFT, DIR_RIGHT):
            return "left" if action == DIR_LEFT else "right"
        if SHIP0 <= action < SHIP0 + 6:
            return f"ship {t.ship_names[action - SHIP0]}"
        if action in (GATE_ACTION0, GATE_ACTION0 + 1):
            return "inner gate" if action == GATE_ACTION0 else "outer gate"
        if action == PASS:
            return "go" if s == Stage.OWN else "pass"
        if action == STOP:
            return "emergency stop"
        if ABILITY0 <= action < STOP:
            sh, k = t.action_ability(action)
            return f"{'charge' if s == Stage.CHARGE else 'use'} {t.ability_names[sh][k]}"
        if action in (TRIM_LESS, TRIM_MORE):
            return "fewer" if action == TRIM_LESS else "more"
        if DRAG0 <= action < DRAG0 + 6:
            return f"drag {self.ship_name(action - DRAG0)}"
        return f"action {action}"

    def string_to_action(self: GravwellState, text: str) -> int:
        """Notation to action; the old stack numbers (``stack 3``) still name the stack (``stack C``)."""
        words = text.split()
        old_number = len(words) == 2 and words[0].lower() == "stack" and words[1].isdigit()
        if old_number and 1 <= int(words[1]) <= len(self.stacks):
            text = f"stack {STACK_LETTERS[int(words[1]) - 1]}"
        return State.string_to_action(self, text)

    # -- JSON -------------------------------------------------------------------

    def _to_json_body(self: GravwellState) -> dict[str, JSON]:
        sym = self._sym
        return {
            "stage": STAGE_NAMES[self.stage],
            "actor": self.actor,
            "round": self.round,
            "phase": self.phase,
            "pos": list(self.pos),
            "start": ["inner" if g == 0 else "outer" for g in self.start],
            "ship": [self.tables.ship_names[k] if k >= 0 else None for k in self.ship],
            "junk": list(self.junk),
            "hands": [[sym(c) for c in h] for h in self.hands],
            "known": [[sym(c) for c in h] for h in self.known],
            "chosen": [sym(c) for c in self.chosen],
            "revealed": self.revealed,
            "deck": [sym(c) for c in self.deck],
            "stacks": [[sym(c) for c in st] for st in self.stacks],
            "taken": list(self.taken),
            "form": self.form,
            "dealt": self.dealt,
            "mine_order": list(self.mine_order),
            "mine_idx": self.mine_idx,
            "charged": [list(c) for c in self.charged],
            "es_used": list(self.es_used),
            "order": list(self.order),
            "res_idx": self.res_idx,
            "delayed": list(self.delayed),
            "queue": list(self.queue),
            "cloaked": list(self.cloaked),
            "resolving": self.resolving,
            "eff_type": TYPE_NAMES[self.eff_type],
            "eff_value": self.eff_value,
            "mods": list(self.mods),
            "shielded": list(self.shielded),
            "coasted": list(self.coasted),
            "latchers": list(self.latchers),
            "drag": [list(g) for g in self.drag],
            "echo": self.echo,
            "last_cards": [sym(c) for c in self.last_cards],
            "discards": [sym(c) for c in self.discards],
            "winners": list(self.winners),
            "reason": self.reason,
        }


def _bad(what: str) -> InvalidStateError:
    return InvalidStateError(f"gravwell state: {what}")


def state_from_body(state: GravwellState, body: Mapping[str, Any]) -> None:
    """Fill ``state`` from a ``to_json`` body, naming the first field that is wrong."""
    t = state.tables
    n = len(state.pos)
    missing = [f for f in state.FIELDS if f not in body]
    if missing:
        raise _bad(f"missing field(s) {', '.join(missing)}")

    def card(x: Any, field: str) -> int:
        if x is None:
            return -1
        if x not in t.symbol_index:
            raise _bad(f"{field}: unknown card {x!r}; cards are {', '.join(t.symbols)}")
        return t.symbol_index[x]

    def cards(xs: Any, field: str) -> list[int]:
        if not isinstance(xs, list):
            raise _bad(f"{field} must be a list of card symbols")
        return [card(x, field) for x in xs]

    def per_seat(field: str) -> list[Any]:
        v = body[field]
        if not isinstance(v, list) or len(v) != n:
            raise _bad(f"{field} must be a list with one entry per seat ({n})")
        return list(v)

    def integer(field: str, lo: int, hi: int) -> int:
        v = body[field]
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise _bad(f"{field} must be a whole number from {lo} to {hi}, got {v!r}")
        return v

    if body["stage"] not in STAGE_NAMES:
        raise _bad(f"stage {body['stage']!r} unknown; stages: {', '.join(STAGE_NAMES)}")
    state.stage = STAGE_NAMES.index(body["stage"])
    state.actor = integer("actor", 0, n - 1)
    state.round = integer("round", 0, 7)
    state.phase = integer("phase", 0, 6)
    pos = per_seat("pos")
    if any(not isinstance(p, int) or not 0 <= p <= state.L for p in pos):
        raise _bad(f"pos entries must be spaces 0..{state.L}")
    starts = per_seat("start")
    if any(g not in ("inner", "outer") for g in starts):
        raise _bad("start entries must be 'inner' or 'outer'")
    for s, g in enumerate(starts):
        state.start[s] = 0 if g == "inner" else 1
        state.dest[s] = state.L if g == "inner" else 0
        state.fdir[s] = 1 if g == "inner" else -1
    state.pos = [int(p) for p in pos]
    ships = per_seat("ship")
    state.ship = []
    for x in ships:
        if x is not None and x not in t.ship_names:
            raise _bad(f"ship {x!r} unknown; ships are {', '.join(t.ship_names)}")
        state.ship.append(t.ship_names.index(x) if x is not None else -1)
    state.ships_assigned()
    junk = body["junk"]
    # 0 and L (a Warp Gate, as in pos) came with junk entering gates; documents of before hold 1..L-1 only
    if not isinstance(junk, list) or len(junk) != 2 or any(
            isinstance(j, bool) or not isinstance(j, int) or not 0 <= j <= state.L for j in junk):
        raise _bad(f"junk must list the two Space Junk places, each a space 1..{state.L - 1} "
                   f"or a Warp Gate (0 Inner, {state.L} Outer)")
    state.junk = list(junk)
    state.hands = [cards(h, "hands") for h in per_seat("hands")]
    state.known = [cards(h, "known") for h in per_seat("known")]
    state.chosen = [card(c, "chosen") for c in per_seat("chosen")]
    state.revealed = bool(body["revealed"])
    state.deck = cards(body["deck"], "deck")
    state.deck_sorted = state.deck == sorted(state.deck)
    stacks = body["stacks"]
    if not isinstance(stacks, list) or any(not isinstance(st, list) or len(st) != 3 for st in stacks):
        raise _bad("stacks must be a list of [face down, face up, face up] card triples")
    state.stacks = [cards(st, "stacks") for st in stacks]
    state.taken = [int(x) for x in body["taken"]]
    if len(state.taken) != len(state.stacks):
        raise _bad("taken needs one entry per stack (-1 for a stack still on the table)")
    state.form = integer("form", 0, 36)
    state.dealt = integer("dealt", 0, 36)
    state.mine_order = [int(x) for x in body["mine_order"]]
    state.mine_idx = integer("mine_idx", 0, 12)
    charged = per_seat("charged")
    if any(not isinstance(c, list) or len(c) != 4 for c in charged):
        raise _bad("charged needs four booleans per seat (Emergency Stop and the three ship cards)")
    state.charged = [[bool(x) for x in c] for c in charged]
    state.es_used = [bool(x) for x in per_seat("es_used")]
    state.order = [int(x) for x in body["order"]]
    state.res_idx = integer("res_idx", 0, 6)
    state.delayed = [int(x) for x in body["delayed"]]
    state.queue = [int(x) for x in body["queue"]]
    state.cloaked = [bool(x) for x in per_seat("cloaked")]
    state.resolving = integer("resolving", -1, n - 1)
    if body["eff_type"] not in TYPE_NAMES:
        raise _bad(f"eff_type must be one of {', '.join(TYPE_NAMES)}")
    state.eff_type = TYPE_NAMES.index(body["eff_type"])
    state.eff_value = integer("eff_value", 0, 99)
    state.mods = [str(m) for m in body["mods"]]
    state.shielded = [int(x) for x in body["shielded"]]
    state.coasted = [int(x) for x in body["coasted"]]
    state.latchers = [int(x) for x in body["latchers"]]
    state.drag = [[int(x) for x in g] for g in body["drag"]]
    state.echo = integer("echo", 0, 1)
    state.last_cards = [card(c, "last_cards") for c in per_seat("last_cards")]
    state.discards = cards(body["discards"], "discards")
    state.winners = [int(x) for x in body["winners"]]
    state.reason = str(body["reason"])
    seen: dict[int, str] = {}
    places = [("hands", c) for h in state.hands for c in h] + [("chosen", c) for c in state.chosen if c >= 0]
    places += [("deck", c) for c in state.deck] + [("discards", c) for c in state.discards]
    places += [("stacks", c) for k, st in enumerate(state.stacks) if state.taken[k] < 0 for c in st if c >= 0]
    for where, c in places:
        if c in seen:
            raise _bad(f"card {t.symbols[c]} is in two places ({seen[c]} and {where})")
        seen[c] = where
    for s in range(n):
        if any(c not in state.hands[s] and c != state.chosen[s] for c in state.known[s]):
            raise _bad(f"known cards of seat {s} must be in that seat's hand (or its face-down card)")


def encode_observation(obs: Mapping[str, Any], t: Tables) -> list[float]:
    """Flatten one observation into ``t.tensor_size`` floats (sized by the player count ``n``).

    Layout: round, phase; stage one-hot; seat to act (n + 1, last = nobody); junk; per seat: ship
    one-hot, start, position, in gate, distance, 4 charged flags, hand size, chosen, cloaked, shielded,
    coasting, latching, delayed, last phase's card (index scalar), revealed card one-hot, known cards;
    place in the resolution order; resolving seat (n + 1); modifier flags; card type one-hot and value;
    2n stacks (face-up cards, face-down present, taken); own hand, own face-down card; own seat;
    drag choices; winners; mining order (2n x n); result; discard pile.
    """
    n_cards = len(t.symbols)
    n = t.players
    idx = t.symbol_index
    L = float(t.length)
    v: list[float] = [obs["round"] / 6.0, obs["phase"] / 6.0]

    def one_hot(k: int | None, size: int) -> list[float]:
        out = [0.0] * size
        if k is not None and 0 <= k < size:
            out[k] = 1.0
        return out

    def card_bits(symbols: list[str]) -> list[float]:
        out = [0.0] * n_cards
        for s in symbols:
            if s is not None:
                out[idx[s]] = 1.0
        return out

    v += one_hot(STAGE_NAMES.index(obs["stage"]), len(STAGE_NAMES))
    v += one_hot(obs["to_act"] if obs["to_act"] is not None else n, n + 1)
    v += [j / L for j in obs["junk"]]
    for sh in obs["ships"]:
        ship_k = t.ship_names.index(sh["ship"]) if sh["ship"] is not None else None
        v += one_hot(ship_k, 6)
        v += [1.0 if sh["start"] == "outer" else 0.0, sh["position"] / L, float(sh["in_gate"]), sh["to_goal"] / L]
        v += [float(x) for x in sh["charged"]]
        v += [sh["hand_size"] / 9.0, float(sh["has_chosen"]), float(sh["cloaked"])]
        v += [float(sh["shielded"]), float(sh["coasting"]), float(sh["latching"]), float(sh["delayed"])]
        v.append((idx[sh["last_card"]] + 1) / n_cards if sh["last_card"] else 0.0)
        v += card_bits([sh["card"]] if sh["card"] else [])
        v += card_bits(sh["known_cards"])
    order = obs["resolution_order"]
    v += [(order.index(s) + 1) / n if s in order else 0.0 for s in range(n)]
    v += one_hot(obs["resolving"] if obs["resolving"] is not None else n, n + 1)
    mods = obs["modifiers"]
    v += [1.0 if any(m.startswith(f) for m in mods) else 0.0 for f in MOD_FLAGS]
    v += one_hot(TYPE_NAMES.index(obs["card_type"]) if obs["card_type"] else None, 4)
    v.append((obs["card_value"] or 0) / 20.0)
    stacks = obs["stacks"]
    for k in range(2 * n):
        if k < len(stacks):
            st = stacks[k]
            v += card_bits([c for c in st["face_up"] if c])
            v += [float(st["face_down"]), float(st["taken_by"] is not None)]
        else:
            v += [0.0] * (n_cards + 2)
    v += card_bits(obs.get("my_hand", []))
    v += card_bits([obs["my_card"]] if obs.get("my_card") else [])
    v += one_hot(obs.get("seat"), n)
    drag = obs["drag_choices"]
    v += [1.0 if s in drag else 0.0 for s in range(n)]
    v += [1.0 if s in obs["winners"] else 0.0 for s in range(n)]
    mining = obs["mining_order"]
    for i in range(2 * n):
        v += one_hot(mining[i] if i < len(mining) else None, n)
    v += [1.0 if obs["result"] == r else 0.0 for r in REASONS]
    v += card_bits(obs["discards"])
    return v
