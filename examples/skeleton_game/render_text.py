"""The skeleton game in the terminal, drawn from one seat's observation (never the state)."""

from __future__ import annotations

from typing import Any

from gravity_games.core.api import CHANCE, TERMINAL, Game

Observation = dict[str, Any]


def player_name(seat: int) -> str:
    """A seat as the log and the command line name it: ``Seat 0``."""
    return f"Seat {seat}"


def token_text(entry: dict[str, Any]) -> str:
    """A token as it reads: ``T3 (3)``."""
    return f"{entry['token']} ({entry['value']})"


def status_line(obs: Observation) -> str:
    """What the game is waiting for, in words (the SVG's header says the same)."""
    to_act = int(obs["to_act"])
    if to_act == TERMINAL:
        winners = [player_name(seat) for seat in obs["winners"]]
        verb = "wins" if len(winners) == 1 else "share the win"
        return f"Game over: {' and '.join(winners)} {verb}."
    if to_act == CHANCE:
        return "Dealing the tokens." if obs["phase"] == "deal" else f"Rolling the die for round {obs['round']}."
    you = to_act == obs["viewer"]
    who = "You play" if you else f"{player_name(to_act)} plays"
    return f"Round {obs['round']} of {obs['rounds']}, the die shows {obs['die']}: {who} a token."


def render_text(obs: Observation, _game: Game) -> str:
    """The whole view as text lines (Rich markup: bold headings)."""
    lines = [f"[bold]{status_line(obs)}[/bold]"]
    won = ", ".join(f"{player_name(s)} {n}" for s, n in enumerate(obs["rounds_won"]))
    counts = ", ".join(f"{player_name(s)} {n}" for s, n in enumerate(obs["hand_counts"]))
    lines.append(f"Rounds taken: {won}.  Tokens in hand: {counts}.  In the bag: {obs['bag_count']}.")
    if obs["table"]:
        played = ", ".join(f"{player_name(p['seat'])} {token_text(p)}" for p in obs["table"])
        lines.append(f"On the table: {played}.")
    for number, result in enumerate(obs["finished_rounds"], start=1):
        plays = ", ".join(f"{player_name(p['seat'])} {token_text(p)}" for p in result["plays"])
        lines.append(f"Round {number}: die {result['die']}; {plays}; taken by {player_name(result['winner'])}.")
    if "hand" in obs:
        hand = ", ".join(token_text(entry) for entry in obs["hand"]) or "empty"
        lines.append(f"[bold]Your hand:[/bold] {hand}")
    if "bag" in obs:
        lines.append(f"Left in the bag: {', '.join(token_text(entry) for entry in obs['bag']) or 'nothing'}.")
    return "\n".join(lines)
