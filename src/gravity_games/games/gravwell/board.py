"""How Gravwell is played on its drawn board (the contract of :mod:`gravity_games.core.board`).

Part keys drawn by :mod:`.render_svg`, and the decisions made with them:

- ``shipcard:<ship>`` the six ship cards at the choice of ship (``ship Gracie``);
- ``gate:inner`` / ``gate:outer`` the Warp Gates (``inner gate``: where a ship starts, 5-6 players);
- ``stack:A`` .. ``stack:L`` the mining stacks (``stack A``);
- ``card:<symbol>`` a Fuel Card in the seat's hand (``play Xe``; ``instead Ne`` for Preact);
- ``ability:0`` .. ``ability:3`` the seat's Emergency Stop and three Ship Ability Cards
  (``emergency stop``, ``use Afterburner``, ``charge Latch``);
- ``ship:<seat>`` a ship on the track (``drag RC71``: which ship leaves the Warp Gate next);
- ``junk:1`` / ``junk:2`` the Space Junk (drawn as parts so the last move can mark them);
- ``button:go`` / ``button:pass`` / ``button:left`` / ``button:right`` / ``button:fewer`` /
  ``button:more``: the decisions with no component of their own.

Each move is decoded from its action id with the game's own tables (:mod:`.tables`) and its notation;
nothing here reads a state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gravity_games.core.api import Game
from gravity_games.core.board import BoardHooks, BoardMove, InfoCard, SeatRole, changed_by_comparison
from gravity_games.games.gravwell import render_common as w
from gravity_games.games.gravwell.tables import (
    ABILITY0,
    DIR_LEFT,
    DIR_RIGHT,
    DRAG0,
    GATE_ACTION0,
    MINE0,
    PASS,
    SHIP0,
    STOP,
    TRIM_LESS,
    TRIM_MORE,
)

Observation = dict[str, Any]


def board_moves(obs: Observation, game: Game, legal: Sequence[tuple[int, str]]) -> list[BoardMove]:
    """One move per legal action: the thing tapped, the move in words, a confirm for spending an ability."""
    return [_move(obs, game, action, text) for action, text in legal]


def _move(obs: Observation, game: Game, action: int, text: str) -> BoardMove:
    stage = obs["stage"]
    data = w.data_of(game)
    n_cards = len(data.cards)
    if 0 <= action < n_cards:
        symbol = data.cards[action].symbol
        card = f"{w.card_title(game, symbol)}: {w.card_words(game, symbol)}"
        if stage == "preact":
            return BoardMove(action, (f"card:{symbol}",), f"play {card} instead (Preact)")
        return BoardMove(action, (f"card:{symbol}",), f"play {card} this phase")
    if MINE0 <= action < MINE0 + 12:
        k = action - MINE0
        letter = w.STACK_LETTERS[k]
        stacks = obs["stacks"]
        what = w.stack_words(game, stacks[k]) if k < len(stacks) else "three cards"
        return BoardMove(action, (f"stack:{letter}",), f"mine stack {letter}: {what}")
    if action in (DIR_LEFT, DIR_RIGHT):
        side = "left" if action == DIR_LEFT else "right"
        return BoardMove(action, (f"button:{side}",), f"mine to the {side}: the player on your {side} mines next")
    if SHIP0 <= action < SHIP0 + 6:
        name = data.ships[action - SHIP0].name
        return BoardMove(action, (f"shipcard:{name}",), f"fly {name}")
    if action in (GATE_ACTION0, GATE_ACTION0 + 1):
        key, name = ("inner", "Inner") if action == GATE_ACTION0 else ("outer", "Outer")
        return BoardMove(action, (f"gate:{key}",), f"start in the {name} Warp Gate")
    if action == PASS:
        return _pass(stage, action)
    if action == STOP or ABILITY0 <= action < STOP:
        return _ability_move(obs, game, action, stage)
    if action in (TRIM_LESS, TRIM_MORE):
        key, words = ("fewer", "move 1 space fewer") if action == TRIM_LESS else ("more", "move 1 space more")
        return BoardMove(action, (f"button:{key}",), f"{words} (Precision)")
    if DRAG0 <= action < DRAG0 + 6:
        seat = action - DRAG0
        ship = obs["ships"][seat]
        return BoardMove(action, (f"ship:{seat}",), f"drag {w.ship_label(ship)} out of the Warp Gate next")
    return BoardMove(action, ("button:pass",), f"play the move {text}")


def _pass(stage: str, action: int) -> BoardMove:
    if stage == "own":
        return BoardMove(action, ("button:go",), "go on: your card resolves with no ability")
    if stage == "charge":
        return BoardMove(action, ("button:pass",), "charge no ability this time")
    return BoardMove(action, ("button:pass",), "pass: use no ability now")


def _ability_move(obs: Observation, game: Game, action: int, stage: str) -> BoardMove:
    seat = obs["to_act"] if obs["to_act"] is not None else obs.get("seat")
    ship = obs["ships"][seat]["ship"] if seat is not None else None
    slot = 0 if action == STOP else (action - ABILITY0) % 3 + 1
    name, text, _charge, _rec = w.ability_words(game, ship, slot)
    if stage == "charge":
        return BoardMove(action, (f"ability:{slot}",), f"charge {name} for the next round: {text}")
    return BoardMove(action, (f"ability:{slot}",), f"use {name}: {text}", confirm=True)


def changed_parts(before: Observation, after: Observation, game: Game) -> list[str]:
    """The parts whose look differs: ships (place, vanish), junk, stacks, hand cards, own abilities."""
    return changed_by_comparison(_looks(before), _looks(after))


def _looks(obs: Observation) -> dict[str, Any]:
    looks: dict[str, Any] = {}
    for s in obs["ships"]:
        looks[f"ship:{s['seat']}"] = (s["position"], s["ship"], s["cloaked"])
    for j, q in enumerate(obs["junk"]):
        looks[f"junk:{j + 1}"] = q
    if obs["stage"] in ("mine", "dir", "form"):
        for k, st in enumerate(obs["stacks"]):
            looks[f"stack:{w.STACK_LETTERS[k]}"] = (tuple(st["face_up"]), st["face_down"], st["taken_by"])
    seat = obs.get("seat")
    if seat is not None:
        for c in obs.get("my_hand", []):
            looks[f"card:{c}"] = "in hand"
        own = obs["ships"][seat]
        if own["ship"] is not None:
            for k, charged in enumerate(own["charged"]):
                looks[f"ability:{k}"] = bool(charged)
    return looks


def seat_roles(obs: Observation, game: Game) -> list[SeatRole]:
    """Each seat's ship (or "no ship yet"), its colour and letter, and what everybody sees of it."""
    roles = []
    for s in obs["ships"]:
        public = [
            w.where_words(s, obs["track_length"]),
            f"{w.plural(s['to_goal'], 'space')} to the {w.goal_name(s)}",
            f"{w.plural(s['hand_size'], 'Fuel Card')} in hand",
        ]
        if s["card"]:
            public.append(f"played {w.card_words(game, s['card'])}")
        elif s["has_chosen"]:
            public.append("has chosen a card")
        if s["ship"] is not None:
            public.append("charged: " + (", ".join(s["charged_names"]) or "nothing"))
        if s["known_cards"]:
            public.append("known in hand: " + ", ".join(w.card_words(game, c) for c in s["known_cards"]))
        if s["ship"] is None:
            roles.append(SeatRole("no ship yet", None, str(s["seat"]), tuple(public), None))
        else:
            roles.append(
                SeatRole(
                    s["ship"], w.ship_colour(game, s["ship"]), w.ship_letter(s), tuple(public), f"ship:{s['ship']}"
                )
            )
    return roles


def info_cards(obs: Observation, game: Game) -> dict[str, InfoCard]:
    """Ships with their abilities, each Ship Ability Card, every Fuel Card, the board's features."""
    return dict(_all_cards(game))


def _all_cards(game: Game) -> dict[str, InfoCard]:
    data = w.data_of(game)
    texts = data.texts
    cards: dict[str, InfoCard] = {}
    for ship in data.ships:
        rows = w.abilities(game, ship.name)
        lines = [f"{name}: {text} {charge}" for _k, name, text, charge, _rec in rows]
        rec = any(r for *_x, r in rows)
        note = " (The three ship abilities are reconstructed from the rulebook's ship descriptions.)" if rec else ""
        cards[f"ship:{ship.name}"] = InfoCard(ship.name, " ".join(lines) + note, rec)
        for k, name, text, charge, r in rows:
            cards[f"ability:{ship.name}:{k}"] = InfoCard(
                f"{name} ({ship.name})", f"{text} {charge}" + (" (reconstructed)" if r else ""), r
            )
    for c in data.cards:
        beam = texts.beam(c.type)
        rec = c.source == "reconstructed"
        five = " Used with 5 or 6 players only." if c.min_players > 2 else ""
        cards[f"card:{c.symbol}"] = InfoCard(
            f"{c.name} ({c.symbol})",
            f"Value {c.value}, {beam.name}: {beam.text} {texts.order}{five}" + (" (reconstructed)" if rec else ""),
            rec,
        )
    for f in texts.features:
        rec = f.source == "reconstructed"
        cards[f"feature:{f.key}"] = InfoCard(f.name, f.text + (" (reconstructed)" if rec else ""), rec)
    return cards


def glossary(game: Game) -> list[tuple[str, str]]:
    """Every notation form of the moves, the cards by symbol and each Ship Ability Card described."""
    data = w.data_of(game)
    texts = data.texts
    out = [
        ("play Xe", "choose the Fuel Card Xe for this Movement Phase (face down until everyone has chosen)"),
        (
            "stack A",
            "mine stack A: its face-down and two face-up cards join your hand (stacks are lettered A-L; "
            "the old 'stack 1' is read as 'stack A')",
        ),
        ("left / right", "the mining direction: who mines after the first miner"),
        ("ship Gracie", "fly that ship (its colour and its three Ship Ability Cards)"),
        ("inner gate / outer gate", "start in that Warp Gate (5-6 players, at most 3 per gate)"),
        ("use Afterburner", "use a charged Ship Ability Card (on your turn, in response, or after the reveal)"),
        ("emergency stop", texts.emergency_stop),
        ("go", "your card resolves with no ability"),
        ("pass", "use no ability now (or charge none at the end of a round)"),
        ("fewer / more", "Precision: your Standard Beam moves 1 space fewer or 1 more"),
        ("drag RC71", "your Multipoint Beam drags that ship out of the Warp Gate next"),
        ("charge Latch", texts.charge_step),
        ("instead Ne", "Preact: play that card in place of the one you took back"),
        ("deal Xe / draw Xe", "chance: a card dealt in round 1, or drawn for a mining stack"),
        ("charged", texts.charging),
        ("drifting", texts.drifting),
    ]
    for beam in texts.beams:
        out.append((beam.short, f"{beam.name}: {beam.text}"))
    for c in data.cards:
        extra = " (5-6 players)" if c.min_players > 2 else ""
        out.append((c.symbol, f"{c.name}: {c.value}, {texts.beam(c.type).name}{extra}"))
    for ship in data.ships:
        for _k, name, text, charge, rec in w.abilities(game, ship.name)[1:]:
            out.append((name, f"{ship.name}: {text} {charge}" + (" (reconstructed)" if rec else "")))
    return out


BOARD = BoardHooks(
    board_moves=board_moves,
    changed_parts=changed_parts,
    seat_roles=seat_roles,
    info_cards=info_cards,
    glossary=glossary,
)
