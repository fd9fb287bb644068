"""The sentences both views open with: whose turn it is and what to do, and what just happened."""

from __future__ import annotations

from typing import Any

from .render_words import count, player_name

Observation = dict[str, Any]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _names(obs: Observation, seats: list[int]) -> str:
    return " and ".join(player_name(obs, s) for s in seats)


def winners_line(obs: Observation) -> str:
    """ "Game over: you win with 3 rounds." / "Game over: Red and you share the win."."""
    winners = obs["revealed"]["winners"]
    rounds = count(obs["rounds_won"][winners[0]], "round")
    if len(winners) > 1:
        return f"Game over: {_names(obs, winners)} share the win ({rounds} each)."
    who = winners[0]
    verb = "win" if who == obs["seat"] else "wins"
    return f"Game over: {player_name(obs, who)} {verb} with {rounds} won."


def winner_banner(obs: Observation) -> str:
    """The end in three words: "You win!", "Red wins!", "Red and you share the win"."""
    winners = obs["revealed"]["winners"]
    if len(winners) > 1:
        return f"{_cap(_names(obs, winners))} share the win"
    who = winners[0]
    return "You win!" if who == obs["seat"] else f"{player_name(obs, who)} wins!"


def status_line(obs: Observation, verb: str = "tap") -> str:
    """Whose turn it is and what they do, in words; on the viewer's turn, how to do it
    (``verb``: "tap" on the board, "choose" in the terminal)."""
    if obs["phase"] == "over":
        return _cap(winners_line(obs))
    if obs["round_first"] is None:
        return "Rolling the die for the first player."
    seat = obs["current_player"]
    spot = obs["announced"][seat]
    if seat == obs["seat"]:
        if obs["phase"] == "announce":
            return f"Your turn: {verb} one of your cards to announce your spot (A, B or C)."
        return f"Your turn: {verb} one of your tokens to place it, face down, on spot {spot}."
    name = player_name(obs, seat)
    if obs["phase"] == "announce":
        return f"{name} is choosing a card."
    return f"{name} is placing a token on spot {spot}."


def _match_line(obs: Observation) -> str:
    """With 3 players, once the first match is decided: who stays and who challenges."""
    first = obs["round_first"]
    third = (first + 2) % 3
    challenger = player_name(obs, third)
    match = obs["first_match"]
    if match == "level":
        verb = "decide" if third == obs["seat"] else "decides"
        return f"First match: level, both tokens left the see-saw; {challenger} alone {verb} the round."
    loser = first if match != first else (first + 1) % 3
    winner = player_name(obs, match)
    return (
        f"First match: {winner} tilted the see-saw down against {player_name(obs, loser)}; "
        f"{challenger} now {'challenge' if third == obs['seat'] else 'challenges'} {winner}."
    )


def _round_result(obs: Observation, index: int) -> str:
    record = obs["rounds"][index]
    winner = record["winner"]
    cards = ", ".join(f"{player_name(obs, s)} {card}" for s, card in enumerate(record["cards"]))
    if winner == "level":
        return f"Round {index + 1}: level, nobody won (cards: {cards})."
    return f"Round {index + 1}: {player_name(obs, winner)} won (cards: {cards})."


def last_round_line(obs: Observation) -> str:
    """What just happened: the first match (3 players), else the last round's result, else who meets whom."""
    if obs["phase"] == "over":
        won = obs["rounds_won"]
        tie = won.count(max(won)) > 1 and len(obs["revealed"]["winners"]) == 1
        totals = ", ".join(f"{player_name(obs, s)} {obs['revealed']['totals'][s]}" for s in range(obs["players"]))
        return f"Totals of the winning tokens: {totals}" + (" (the lower total breaks the tie)." if tie else ".")
    if obs["round_first"] is None:
        return ""
    if obs["players"] == 3 and obs["first_match"] is not None:
        return _cap(_match_line(obs))
    if obs["rounds"] and not any(obs["has_played"]):
        return _cap(_round_result(obs, len(obs["rounds"]) - 1))
    first = obs["round_first"]
    if obs["players"] == 2:
        goes = "go" if first == obs["seat"] else "goes"
        return (
            f"Each player shows a card, then places a token on that spot. {_cap(player_name(obs, first))} {goes} first."
        )
    return (
        f"This round: {player_name(obs, first)} against {player_name(obs, (first + 1) % 3)}, "
        f"then {player_name(obs, (first + 2) % 3)} plays the winner."
    )
