"""How Comparison × Gravity is played on its drawn board (the board contract of ``core/board.py``).

A player's two kinds of decision are each one tap on the component itself:

- step 1, the announcement: tap one of the Announcement Cards in the hand (``card:A``, ``card:B``,
  ``card:C``; a letter's cards are drawn as one fanned stack, so one key per letter);
- step 2, the token: tap one of the own tokens (``token:K3`` = the black token 3); it goes, face down,
  on the spot of the card shown.

The see-saw spots (``spot:left-A`` … ``spot:right-C``), the other players' panels (``player:1``) and
the rows of the rounds played (``round:1``) are parts too, never tapped for a move: the client
marks them when the last move changed them. Everything here reads the seat's observation only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gravity_games.core.board import BoardHooks, BoardMove, InfoCard, SeatRole, changed_by_comparison
from gravity_games.games.gravity_three.board_common import SEESAW_INFO_KEY, mass_info_cards

from .data import load_texts
from .render_common import (
    INK,
    card_info,
    colour_letter,
    count,
    player_name,
    seesaw_info,
    side_of_seat,
    spot_key,
    spot_place,
    token_key,
)

Observation = dict[str, Any]


def _describe_announce(obs: Observation, spot: str) -> str:
    left = obs["cards_left"][obs["seat"]][spot] - 1
    rest = "your last one" if left == 0 else f"{count(left, 'more')} left after this"
    return f"show your Announcement Card {spot}: your token will go on spot {spot} ({rest})"


def _describe_play(obs: Observation, number: int) -> str:
    seat = obs["seat"]
    spot = obs["announced"][seat]
    side = side_of_seat(obs, seat)
    where = f"spot {spot}" if side is None else f"spot {spot} on the {side} side"
    return f"place your token {number} face down on {where}"


def board_moves(obs: Observation, game: Any, legal: Sequence[tuple[int, str]]) -> list[BoardMove]:
    """One tap per action: a hand card to announce, an own token to play (from the notation)."""
    seat = obs["seat"]
    moves: list[BoardMove] = []
    for action, notation in legal:
        verb, _, arg = notation.partition(" ")
        if verb == "announce" and arg in ("A", "B", "C"):
            moves.append(BoardMove(action, (f"card:{arg}",), _describe_announce(obs, arg)))
        elif verb == "play" and arg.isdigit() and seat is not None:
            number = int(arg)
            moves.append(BoardMove(action, (token_key(obs, seat, number),), _describe_play(obs, number)))
        else:
            raise ValueError(f"comparison-gravity board: no board part for the move {notation!r}")
    return moves


def _token_look(obs: Observation, number: int) -> str:
    hand = obs["hand"]
    on_seesaw = any(t["seat"] == obs["seat"] for t in obs["seesaw"])
    if on_seesaw and hand["played"] and hand["played"][-1] == number:
        return "on the see-saw"
    if number in hand["played"]:
        return "used"
    return "held"


def _looks(obs: Observation) -> dict[str, Any]:
    """What every drawn part shows, for comparing two observations of one seat."""
    seat = obs["seat"]
    looks: dict[str, Any] = {}
    for side in ("left", "right"):
        for spot in ("A", "B", "C"):
            looks[f"spot:{side}-{spot}"] = None
    for token in obs["seesaw"]:
        looks[spot_key(token)] = token["seat"]
    for other in range(obs["players"]):
        if other == seat:
            continue
        looks[f"player:{other}"] = (
            tuple(obs["cards_left"][other].values()),
            obs["tokens_left"][other],
            obs["announced"][other],
            obs["has_played"][other],
            obs["rounds_won"][other],
        )
    if seat is not None and obs.get("hand"):
        for spot, left in obs["cards_left"][seat].items():
            looks[f"card:{spot}"] = left
        for number in range(1, 6):
            looks[token_key(obs, seat, number)] = _token_look(obs, number)
    revealed = obs.get("revealed")
    for i, record in enumerate(obs["rounds"]):
        tokens = tuple(revealed["tokens_by_round"][i]) if revealed else None
        looks[f"round:{i + 1}"] = (tuple(record["cards"]), record["first_match"], record["winner"], tokens)
    if obs["phase"] in ("announce", "play"):
        looks[f"round:{len(obs['rounds']) + 1}"] = (
            tuple(obs["announced"]),
            tuple(obs["has_played"]),
            obs["first_match"],
        )
    return looks


def changed_parts(before: Observation, after: Observation, game: Any) -> list[str]:
    """The spots, cards, tokens, player panels and round rows whose look the last move changed."""
    return changed_by_comparison(_looks(before), _looks(after))


def _public_facts(obs: Observation, seat: int) -> tuple[str, ...]:
    facts = []
    if obs["round_first"] == seat:
        facts.append("first player this round")
    shown = obs["announced"][seat]
    if shown:
        facts.append(f"shows card {shown}")
    if obs["has_played"][seat]:
        facts.append("token placed")
    cards = [spot for spot, n in obs["cards_left"][seat].items() for _ in range(n)]
    facts.append(f"{count(len(cards), 'card')} left" + (f": {', '.join(cards)}" if cards else ""))
    facts.append(f"{count(obs['tokens_left'][seat], 'token')} left")
    facts.append(f"{count(obs['rounds_won'][seat], 'round')} won")
    return tuple(facts)


def seat_roles(obs: Observation, game: Any) -> list[SeatRole]:
    """Each seat's colour (with its letter K, G or R) and what everybody sees of it."""
    return [
        SeatRole(
            role=player_name(obs, seat, you=False),
            swatch=INK[obs["colours"][seat]],
            mark=colour_letter(obs["colours"][seat]),
            public=_public_facts(obs, seat),
        )
        for seat in range(obs["players"])
    ]


def info_cards(obs: Observation, game: Any) -> dict[str, InfoCard]:
    """The Announcement Cards, the tokens and the see-saw, from the components data."""
    cards = {f"card:{spot}": card_info(game, spot) for spot in ("A", "B", "C")}
    cards.update(mass_info_cards(game.components))
    cards[SEESAW_INFO_KEY] = seesaw_info(game)
    return cards


def glossary(game: Any) -> list[tuple[str, str]]:
    """The move notation and the log's words, in plain words."""
    words = load_texts().glossary
    announce = [
        (f"announce {spot}", words.announce.format(spot=spot, place=spot_place(game, spot))) for spot in ("A", "B", "C")
    ]
    return [*announce, *words.terms]


BOARD = BoardHooks(
    board_moves=board_moves,
    changed_parts=changed_parts,
    seat_roles=seat_roles,
    info_cards=info_cards,
    glossary=glossary,
)
