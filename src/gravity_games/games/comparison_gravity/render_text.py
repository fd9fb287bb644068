"""The terminal view of Comparison × Gravity (Rich markup), from one seat's observation only."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from gravity_games.core.api import Game

from .render_common import (
    SIDES,
    colour_letter,
    count,
    last_round_line,
    player_name,
    side_owners,
    status_line,
    waiting_seat,
)

Observation = dict[str, Any]

RICH = {"black": "bold white on grey23", "grey": "bold black on grey70", "red": "bold white on red3"}
"""The colour badge of a seat: its letter (K, G, R) on its colour, so colour is not the only cue."""


def _badge(obs: Observation, seat: int) -> str:
    colour = obs["colours"][seat]
    return f"[{RICH[colour]}] {colour_letter(colour)} [/]"


def _own_token_now(obs: Observation) -> int | None:
    seat = obs["seat"]
    if seat is None or not obs["has_played"][seat] or not obs.get("hand"):
        return None
    return int(obs["hand"]["played"][-1])


def _seat_line(obs: Observation, seat: int) -> str:
    """One player: colour, the card shown this round, cards and tokens left, rounds won."""
    colour = obs["colours"][seat]
    name = f"You ({colour}, seat {seat})" if seat == obs["seat"] else f"{colour.capitalize()} (seat {seat})"
    facts = []
    if obs["round_first"] == seat:
        facts.append("first player")
    shown = obs["announced"][seat]
    facts.append(f"shows {shown}" if shown else "no card shown yet")
    if obs["has_played"][seat]:
        mine = _own_token_now(obs) if seat == obs["seat"] else None
        facts.append("placed a token" if mine is None else f"placed token {mine}")
    cards = [spot for spot, n in obs["cards_left"][seat].items() for _ in range(n)]
    facts.append("cards left: " + (" ".join(cards) if cards else "none"))
    facts.append(f"{count(obs['tokens_left'][seat], 'token')} left")
    won = f"{count(obs['rounds_won'][seat], 'round')} won"
    if "revealed" in obs and obs["rounds_won"][seat]:
        won += f" (total {obs['revealed']['totals'][seat]})"
    facts.append(won)
    marker = " [bold yellow]▶[/]" if obs["current_player"] == seat and obs["phase"] != "over" else ""
    return f"{_badge(obs, seat)} [bold]{escape(name)}[/]{marker}: " + "; ".join(facts)


def _seesaw_line(obs: Observation) -> str:
    """Both ends of the see-saw: whose side, the token on it (numbers hidden but the viewer's)."""
    owners = side_owners(obs)
    mine = _own_token_now(obs)
    ends = []
    for side in (0, 1):
        owner = owners[side]
        who = (
            "empty side"
            if owner is None
            else ("your side" if owner == obs["seat"] else f"{player_name(obs, owner)}'s side")
        )
        token = next((t for t in obs["seesaw"] if t["side"] == side), None)
        if token is None:
            what = "no token"
        elif token["seat"] == obs["seat"] and mine is not None:
            what = f"your token {mine} on {token['spot']}"
        else:
            what = f"{player_name(obs, token['seat'])}'s token (number hidden) on {token['spot']}"
        ends.append(f"{SIDES[side]}, {who}: {what}")
    line = "See-saw  " + "   ◢▲◣   ".join(ends)
    waiting = waiting_seat(obs)
    if waiting is not None:
        who = "you play" if waiting == obs["seat"] else f"{player_name(obs, waiting)} plays"
        line += f"\n  then {who} the winner of this match"
    return line


def _tokens_line(obs: Observation) -> str:
    hand = obs["hand"]
    held = " ".join(map(str, hand["tokens"])) or "none"
    used = ", ".join(f"{n} in round {i + 1}" for i, n in enumerate(hand["played"]))
    return f"Your tokens: {held}" + (f"  (used: {used})" if used else "")


def _scale_line(game: Game) -> str:
    """The physics a player judges by: weight × distance (the reconstructed masses and distances)."""
    comps = getattr(game, "components", None)
    if comps is None:
        return ""
    arms = ", ".join(f"{spot} {arm:g} cm" for spot, arm in comps.seesaw.arms_cm.items())
    grams = ", ".join(f"{g:g}" for g in comps.masses.grams)
    rec = " (reconstructed)" if comps.masses.source == "reconstructed" else ""
    return f"[dim]Weight × distance decides. Spots from the middle: {arms}. Tokens 1 to 5 weigh {grams} g{rec}.[/dim]"


def _moves_hint(obs: Observation) -> str:
    """On the viewer's turn, what the move codes of the menu mean."""
    if obs["seat"] is None or obs["current_player"] != obs["seat"] or obs["phase"] == "over":
        return ""
    if obs["phase"] == "announce":
        spot = next((s for s, n in obs["cards_left"][obs["seat"]].items() if n), "A")
        return f"[dim]'announce {spot}' shows your card {spot}: your token will go on spot {spot}.[/dim]"
    return "[dim]'play 3' places your token 3, face down, on the spot you announced.[/dim]"


def _round_line(obs: Observation, index: int) -> str:
    record = obs["rounds"][index]
    revealed = obs.get("revealed")
    cells = []
    for seat, card in enumerate(record["cards"]):
        number = None
        if revealed:
            number = revealed["tokens_by_round"][index][seat]
        elif seat == obs["seat"] and obs.get("hand"):
            number = obs["hand"]["played"][index]
        cells.append(f"{player_name(obs, seat)} {card}" + (f" (token {number})" if number is not None else ""))
    match = ""
    if record["first_match"] is not None:
        first = record["first_match"]
        match = "; first match level" if first == "level" else f"; first match won by {player_name(obs, first)}"
    winner = record["winner"]
    result = "level, nobody won" if winner == "level" else f"{player_name(obs, winner)} won"
    return f"[dim]  Round {index + 1}: {', '.join(cells)}{match}; {result}[/dim]"


def render_text(obs: Observation, game: Game) -> str:
    """The table as Rich-markup text: whose turn, the players, the see-saw, the own tokens, the rounds."""
    round_text = "game over" if obs["phase"] == "over" else f"round {obs['round']} of 5"
    lines = [f"[bold]Comparison × Gravity[/bold] · {round_text}", f"[bold]{escape(status_line(obs, 'choose'))}[/]"]
    sub = last_round_line(obs)
    if sub:
        lines.append(escape(sub))
    lines.append("")
    lines += [_seat_line(obs, seat) for seat in range(obs["players"])]
    if obs["round_first"] is not None:
        lines.append(_seesaw_line(obs))
    if obs.get("hand"):
        lines.append(_tokens_line(obs))
    hint = _moves_hint(obs)
    if hint:
        lines.append(hint)
    lines.append(_scale_line(game))
    if obs["rounds"]:
        lines.append("Rounds so far:")
        lines += [_round_line(obs, i) for i in range(len(obs["rounds"]))]
    return "\n".join(line for line in lines if line is not None)
