"""The terminal view of one seat's observation (Rich markup), and the words both views share.

It reads the observation only (never the state), so it shows exactly what that seat may see:
its own numbers, the numbers turned over, and ``?`` for every face-down token of the others.
"""

from __future__ import annotations

from typing import Any

from gravity_games.core.api import Game

_STYLE = {"K": "bold white on grey15", "G": "bold black on grey70", "R": "bold white on red3"}
COLOUR_WORDS = {"K": "black", "G": "grey", "R": "red"}
"""Colour letter -> the word a player says."""


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 token``, ``2 tokens``: a count with its noun in the right number."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def seat_name(seat: int, viewer: int | None) -> str:
    """``seat 1``, or ``seat 0 (you)`` for the viewer."""
    return f"seat {seat} (you)" if seat == viewer else f"seat {seat}"


def winners_line(winners: list[int], viewer: int | None) -> str:
    """``seat 1 wins``, ``seat 0 (you) and seat 2 win``."""
    who = " and ".join(seat_name(s, viewer) for s in winners)
    return f"{who} {'wins' if len(winners) == 1 else 'win'}"


def claim_grams(obs: dict[str, Any], game: Game) -> float | None:
    """What the stack weighs if every token shows the Designated Number (None before one is named)."""
    grams = getattr(game, "grams", None)
    if not obs["designated"] or grams is None:
        return None
    return float(len(obs["stack"]) * grams[obs["designated"] - 1])


def describe_round(info: dict[str, Any], obs: dict[str, Any]) -> str:
    """One line on a finished round: what was claimed, who doubted, who took the stack."""
    viewer = obs.get("viewer")
    numbers = {t["id"]: (t["colour"], t["number"]) for t in obs["tokens"]}
    size = len(info["stack"])
    text = f"round {info['round']}, {plural(size, 'token')} claimed as {info['designated']}"
    if not size:
        return f"round {info['round']}: everybody passed."
    if info["doubter"] is None:
        gone = "it left" if size == 1 else "they left"
        return f"{text}: nobody doubted; {gone} the game unrevealed."
    shown = " ".join(f"{numbers[p][0]}{numbers[p][1]}" for p in info["revealed"])
    doubter = seat_name(info["doubter"], viewer)
    taker = seat_name(info["taker"], viewer)
    return f"{text}: {doubter} doubted and turned over {shown}; {taker} took {'it' if size == 1 else 'them'}."


def token_order(token: dict[str, Any]) -> tuple[int, int]:
    """Black, grey, red; lowest number first; face-down tokens after the known ones of their colour."""
    return "KGR".index(token["colour"]), token["number"] or 9


def _chip(colour: str, number: int | None) -> str:
    shown = "?" if number is None else str(number)
    return f"[{_STYLE[colour]}] {colour}{shown} [/]"


def render_text(observation: dict[str, Any], game: Game) -> str:
    """The table as Rich markup: round, die, hands, the stack, readings and the last result."""
    obs = observation
    viewer = obs["viewer"]
    lines: list[str] = []
    stage = f"round {obs['round']} (limit {obs['max_rounds']})" if obs["round"] else "setting up"
    head = f"[bold]Doubt × Gravity[/bold]  {stage}"
    if obs["first_player"] is not None:
        head += f"  ·  first player: {seat_name(obs['first_player'], viewer)}"
    lines.append(head)
    if obs["die"] is not None:
        number = obs["designated"]
        shown = f"[bold yellow]{number}[/]" if number else "[italic]first player chooses[/]"
        lines.append(f"Die: [bold]{obs['die']}[/]  →  Designated Number: {shown}")
    card = obs["doubt_card"]
    lines.append(f"Doubt Card: {'nobody yet' if card is None else seat_name(card, viewer)}")
    lines.append("")
    tokens_by_place: dict[str, list[dict[str, Any]]] = {}
    for tok in obs["tokens"]:
        tokens_by_place.setdefault(tok["where"], []).append(tok)
    for seat in range(obs["players"]):
        colour = obs["colours"][seat]
        extra = obs["extra_colours"][seat] if obs["extra_colours"] else None
        what = COLOUR_WORDS.get(colour or "", "no colour yet") + (f" + one {COLOUR_WORDS[extra]}" if extra else "")
        held = sorted(tokens_by_place.get(f"seat {seat}", []), key=token_order)
        chips = " ".join(_chip(t["colour"], t["number"]) for t in held) or "[dim]no tokens[/]"
        marker = "[bold cyan]▶[/] " if obs["to_act"] == seat else "  "
        lines.append(f"{marker}{seat_name(seat, viewer)} · [dim]{what}[/]: {plural(len(held), 'token')}  {chips}")
    lines.append("")
    if obs["stack"]:
        parts = [
            f"{_chip(e['colour'], e['number'])}[dim] {seat_name(e['owner'], viewer)}[/]" for e in reversed(obs["stack"])
        ]
        lines.append("Stack, top first: " + ", ".join(parts))
        claim = claim_grams(obs, game)
        if claim is not None:
            lines.append(
                f"  {plural(len(obs['stack']), 'token')} claimed as {obs['designated']}: should weigh {claim:.0f} g"
            )
    elif obs["phase"] in ("place", "lift", "assess"):
        lines.append("Stack: [dim]empty[/]")
    for reading in obs.get("readings", []):
        if reading["round"] == obs["round"]:
            lines.append(f"  You felt the stack at about [bold]{reading['grams']:.1f} g[/].")
    if obs["phase"] in ("lift", "assess"):
        for seat in range(obs["players"]):
            if obs["hand_counts"][seat] == 0:
                lines.append(
                    f"  [bold red]{seat_name(seat, viewer)} has no tokens left: "
                    "unless a bluff of theirs is turned over, they win at the end of this round.[/]"
                )
    if obs["said"]:
        lines.append("  Said: " + ", ".join(f"{seat_name(s, viewer)}: {_said_words(w)}" for s, w in obs["said"]))
    if obs["rounds"]:
        lines.append("Last round: " + describe_round(obs["rounds"][-1], obs))
    out = tokens_by_place.get("out", [])
    removed = tokens_by_place.get("removed", []) + tokens_by_place.get("unused", [])
    if out:
        lines.append("Out of the game: " + " ".join(_chip(t["colour"], t["number"]) for t in out))
    if removed:
        lines.append("Set aside at the start: " + " ".join(_chip(t["colour"], t["number"]) for t in removed))
    if obs["phase"] == "end":
        lines.append("")
        lines.append(f"[bold green]Game over: {winners_line(obs['winners'], viewer)}[/] ({obs['reason']}).")
    return "\n".join(lines)


SAID = {"correct": "“It's correct!”", "doubt": "“I doubt it!”"}
"""What a player says, as the rulebook words it."""


def _said_words(word: str) -> str:
    return SAID.get(word, word)
