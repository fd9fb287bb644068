"""How Memory × Gravity is played on its drawn board (the board contract, ``core/board.py``).

Every decision is a tap on a token: a face-down token on the table to lift it, then one of the
three tokens lifted this turn to keep it. Each token is the part ``token:<id>`` (``token:K3``),
drawn on the table while it lies there and in its keeper's tray once kept, so the same key
follows it. Everything here reads the seat's observation only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gravity_games.core.board import BoardHooks, BoardMove, InfoCard, SeatRole, changed_by_comparison
from gravity_games.games.gravity_three.board_common import mass_info_cards

from .data import load_components, load_texts
from .render_common import (
    ORDINALS,
    Observation,
    and_list,
    grams_text,
    lifters_by_token,
    lifts_left,
    plural,
    readings_by_token,
    token_words,
    turn_order,
)

INFO_REFERENCE = "reference"
INFO_TURN = "turn"
INFO_PERCEPTION = "perception"


def token_part(token_id: str) -> str:
    """The part key of a token: ``token:K3``."""
    return f"token:{token_id}"


def _felt(readings: dict[str, list[float]], token_id: str) -> str:
    """What the seat felt of a token, for a description: ``" (you felt 16.1 g)"`` or ``""``."""
    felt = readings.get(token_id)
    if not felt:
        return ""
    return f" (you felt {' and '.join(grams_text(g) for g in felt)})"


def _describe(obs: Observation, verb: str, token_id: str, readings: dict[str, list[float]]) -> str:
    if verb == "lift":
        return f"lift {token_words(token_id)} and feel its weight{_felt(readings, token_id)}"
    return f"keep {token_words(token_id)}{_felt(readings, token_id)}: it stays face down in front of you"


def board_moves(obs: Observation, game: Any, legal: Sequence[tuple[int, str]]) -> list[BoardMove]:
    """One tap per move: the token to lift or keep (notation ``lift K3`` / ``keep K3``).

    Keeping ends the turn and can never be taken back, so it asks for a confirmation."""
    readings = readings_by_token(obs)
    moves = []
    for action, notation in legal:
        verb, _, token_id = notation.partition(" ")
        moves.append(
            BoardMove(
                action,
                (token_part(token_id),),
                _describe(obs, verb, token_id, readings),
                confirm=verb == "keep",
            )
        )
    return moves


def _token_looks(obs: Observation) -> dict[str, Any]:
    """What each token part shows: where it is, its lift order this turn, who lifted it, what the
    seat felt, its number once revealed."""
    readings = readings_by_token(obs)
    lifters = lifters_by_token(obs)
    revealed: dict[str, int] = {}
    if "revealed" in obs:
        for seat, kept in enumerate(obs["kept"]):
            for token_id, number in zip(kept, obs["revealed"]["numbers"][seat], strict=True):
                revealed[token_id] = number
    looks = {}
    for token in obs["tokens"]:
        tid = token["id"]
        order = obs["this_turn"].index(tid) if tid in obs["this_turn"] else None
        looks[token_part(tid)] = (
            token["kept_by"],
            order,
            tuple(lifters.get(tid, ())),
            tuple(readings.get(tid, ())),
            revealed.get(tid),
        )
    return looks


def changed_parts(before: Observation, after: Observation, game: Any) -> list[str]:
    """The tokens whose look changed: lifted, kept, felt or revealed."""
    return changed_by_comparison(_token_looks(before), _token_looks(after))


def _role_name(obs: Observation, seat: int) -> str:
    order = turn_order(obs, seat)
    if order is None:
        return "rolling for first player"
    return ("first player", "second player", "third player")[order]


def _public_facts(obs: Observation, seat: int) -> tuple[str, ...]:
    kept = obs["kept"][seat]
    facts = []
    if "revealed" in obs:
        rev = obs["revealed"]
        facts.append(f"reveals {rev['combinations'][seat]} ({rev['kinds'][seat]} numbers)")
        if seat in rev["winners"]:
            facts.append("shares the win" if len(rev["winners"]) > 1 else "wins")
    elif kept:
        facts.append(f"keeps {plural(len(kept), 'token')}: " + and_list([token_words(t) for t in kept]))
    else:
        facts.append("keeps no token yet")
    if obs["turn_seat"] == seat:
        if obs["phase"] == "keep":
            facts.append("choosing a token to keep")
        else:
            facts.append(f"lifting: {plural(lifts_left(obs), 'token')} to go")
    return tuple(facts)


def seat_roles(obs: Observation, game: Any) -> list[SeatRole]:
    """Seats have no colour of their own here: the role is the place in the turn order."""
    return [SeatRole(_role_name(obs, s), None, None, _public_facts(obs, s), None) for s in range(obs["players"])]


def _reference_text() -> str:
    card = load_texts().reference
    rows = [f"{i}. {r.name}: {r.numbers}" for i, r in enumerate(card.ranks, 1)]
    return "Strongest first. " + " ".join(rows) + f" {card.note} Examples: " + "; ".join(card.examples) + "."


def _components(game: Any) -> Any:
    return load_components(game.params.get("data") if game is not None else None)


def _perception_text(game: Any) -> str:
    level = game.params.get("perception", "normal") if game is not None else "normal"
    fraction = _components(game).perception.levels[level]
    if fraction == 0:
        how = "Your readings are exact: a reading is the token's true weight."
    else:
        how = (
            f"A reading is the weight as your fingers feel it: usually within {fraction * 100:g} % of the true "
            "weight, sometimes further off, so two readings of one token differ."
        )
    return f"Perception: {level}. {how} Only you see your readings. (reconstructed)"


def info_cards(obs: Observation, game: Any) -> dict[str, InfoCard]:
    """The Reference Card and the turn rules (printed); the masses (shared Gravity Three cards
    ``mass:?``, ``mass:1``-``mass:5``) and the feel of a lift (reconstructed)."""
    texts = load_texts()
    turn = texts.turn
    cards = mass_info_cards(_components(game))
    cards[INFO_REFERENCE] = InfoCard(texts.reference.title, _reference_text())
    cards[INFO_TURN] = InfoCard(turn.title, f"{turn.lift} {turn.keep} {turn.end}")
    cards[INFO_PERCEPTION] = InfoCard("Feeling a weight", _perception_text(game), reconstructed=True)
    return cards


def glossary(game: Any) -> list[tuple[str, str]]:
    """Every notation form of the moves and the log, in words."""
    return [
        ("K1-K5", "the five black tokens, by their place on the table (the id says nothing about the number)"),
        ("G1-G5", "the five grey tokens, by their place on the table"),
        ("R1-R5", "the five red tokens, by their place on the table"),
        ("lift K3", "pick up black token K3 and feel its weight, then put it back"),
        ("keep K3", "keep black token K3, one of the three lifted this turn, face down in front of you"),
        ("feel 16.2 g", "the weight a lift felt like (only the lifter sees it)"),
        ("shuffle #37", "one colour's tokens are shuffled and laid face down (one of the 120 orders)"),
        ("roll 4, roll G", "a die roll for the first player; G counts as 0, the tied highest roll again"),
        ("lots seat 1", "after 20 tied roll-offs in a row, lots pick the first player"),
        ("543 (consecutive)", "the revealed numbers, biggest first, and their row of the ranking table"),
        (ORDINALS[0], "the first token lifted this turn (then 2nd and 3rd)"),
    ]


BOARD = BoardHooks(
    board_moves=board_moves,
    changed_parts=changed_parts,
    seat_roles=seat_roles,
    info_cards=info_cards,
    glossary=glossary,
)
