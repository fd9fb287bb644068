"""The canonical position document of the skeleton game: ``to_json()["state"]``, both ways.

Tokens are written by name, phases and results by word, so a document reads without this code.
The format is a public contract: a change of it raises ``SkeletonGame.VERSION`` and keeps a reader
of the old form. ``load`` fills a fresh position and names the first thing wrong with a document.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gravity_games.core.api import JSON, InvalidStateError

from .state import NO_FACE, PHASE_NAMES, Phase, Play, Result, RoundResult, SkeletonPosition

WHERE = "skeleton-game position"


def dump(position: SkeletonPosition) -> dict[str, JSON]:
    """The whole position, hidden tokens included (never send it to a player)."""
    names = position.names
    return {
        "phase": PHASE_NAMES[position.phase],
        "hands": [[names[token] for token in hand] for hand in position.hands],
        "bag": [names[token] for token in position.bag],
        "round": position.round_number,
        "die": position.die_face if position.phase == Phase.PLAY else None,
        "table": [[play.seat, names[play.token]] for play in position.table],
        "finished_rounds": [
            {
                "die": result.die_face,
                "plays": [[play.seat, names[play.token]] for play in result.plays],
                "winner": result.winner,
            }
            for result in position.finished_rounds
        ],
        "rounds_won": list(position.rounds_won),
        "winners": list(position.winners),
        "result": position.result.name.lower(),
    }


def _token(position: SkeletonPosition, name: Any, field: str) -> int:
    if name not in position.names:
        raise InvalidStateError(f"{WHERE}: {field} names token {name!r}; tokens: {', '.join(position.names)}")
    return position.names.index(name)


def _seat(position: SkeletonPosition, seat: Any, field: str) -> int:
    players = position.game.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise InvalidStateError(f"{WHERE}: {field} is {seat!r}; seats are 0 to {players - 1}")
    return seat


def _plays(position: SkeletonPosition, raw: Any, field: str) -> list[Play]:
    if not isinstance(raw, list):
        raise InvalidStateError(f"{WHERE}: {field} must be a list of [seat, token] pairs")
    plays = []
    for i, pair in enumerate(raw):
        if not isinstance(pair, list) or len(pair) != 2:
            raise InvalidStateError(f"{WHERE}: {field}[{i}] must be a [seat, token] pair, got {pair!r}")
        plays.append(Play(_seat(position, pair[0], f"{field}[{i}]"), _token(position, pair[1], f"{field}[{i}]")))
    return plays


def _face(position: SkeletonPosition, face: Any, field: str) -> int:
    if face not in position.faces:
        raise InvalidStateError(f"{WHERE}: {field} is {face!r}; the die's faces: {list(position.faces)}")
    return int(face)


def load(position: SkeletonPosition, body: Mapping[str, Any]) -> None:
    """Fill a fresh ``position`` from a document written by :func:`dump`."""
    phase = body["phase"]
    if phase not in PHASE_NAMES:
        raise InvalidStateError(f"{WHERE}: phase {phase!r} is unknown; allowed: {', '.join(PHASE_NAMES)}")
    position.phase = Phase(PHASE_NAMES.index(phase))
    hands = body["hands"]
    if not isinstance(hands, list) or len(hands) != position.game.players:
        raise InvalidStateError(f"{WHERE}: 'hands' must hold one list per seat ({position.game.players})")
    position.hands = [sorted(_token(position, name, f"hands[{s}]") for name in hand) for s, hand in enumerate(hands)]
    position.bag = sorted(_token(position, name, "bag") for name in body["bag"])
    position.round_number = int(body["round"])
    if not 0 <= position.round_number <= position.hand_size:
        raise InvalidStateError(f"{WHERE}: round {position.round_number} is outside 0 to {position.hand_size}")
    die = body["die"]
    position.die_face = NO_FACE if die is None else _face(position, die, "die")
    if (position.phase == Phase.PLAY) != (die is not None):
        raise InvalidStateError(f"{WHERE}: 'die' is a face while tokens are played, and null otherwise")
    position.table = _plays(position, body["table"], "table")
    position.finished_rounds = []
    for i, raw in enumerate(body["finished_rounds"]):
        field = f"finished_rounds[{i}]"
        plays = tuple(_plays(position, raw["plays"], f"{field}.plays"))
        position.finished_rounds.append(
            RoundResult(_face(position, raw["die"], f"{field}.die"), plays, _seat(position, raw["winner"], field))
        )
    position.rounds_won = [int(won) for won in body["rounds_won"]]
    position.winners = tuple(_seat(position, seat, "winners") for seat in body["winners"])
    results = [result.name.lower() for result in Result]
    if body["result"] not in results:
        raise InvalidStateError(f"{WHERE}: result {body['result']!r} is unknown; allowed: {', '.join(results)}")
    position.result = Result(results.index(body["result"]))
    _check_every_token_once(position)


def _check_every_token_once(position: SkeletonPosition) -> None:
    """Each token lies in exactly one place: a hand, the bag, the table or a finished round."""
    places = [token for hand in position.hands for token in hand] + position.bag
    places += [play.token for play in position.table]
    places += [play.token for result in position.finished_rounds for play in result.plays]
    if sorted(places) != list(range(len(position.names))):
        raise InvalidStateError(f"{WHERE}: every token must lie in exactly one place (a hand, the bag or played)")
    if len(position.rounds_won) != position.game.players or len(position.finished_rounds) != position.round_number:
        raise InvalidStateError(
            f"{WHERE}: 'rounds_won' needs one count per seat and 'finished_rounds' {position.round_number} rounds"
        )
