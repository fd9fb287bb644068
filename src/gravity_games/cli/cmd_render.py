"""``gravity render``: draw one seat's view of a position as text or SVG."""

from __future__ import annotations

import json
import random
from pathlib import Path

import typer

from gravity_games.core.api import CHANCE, InvalidParameterError, InvalidStateError, sample_chance
from gravity_games.core.record import GameRecord

from .common import console, make_game, svg_view, text_view


def render_command(
    game: str = typer.Argument(..., help="Game id (see gravity list)."),
    players: int = typer.Option(None, "--players", "-n", help="Number of seats."),
    param: list[str] = typer.Option(None, "--param", "-p", help="Game parameter K=V (repeatable)."),
    seed: int = typer.Option(1, "--seed", help="Seed of the random moves that reach the position."),
    steps: int = typer.Option(40, "--steps", help="Random actions to play before drawing."),
    state_file: Path = typer.Option(None, "--state", help="A state document (to_json) or game record to draw."),
    seat: int = typer.Option(None, "--seat", help="Whose view (default: the public view)."),
    svg: Path = typer.Option(None, "--svg", help="Write the SVG view to FILE instead of printing text."),
) -> None:
    """Draw a seat's view of a position: the terminal text view, or an SVG file."""
    game_obj = make_game(game, players, param)
    if state_file is not None:
        try:
            doc = json.loads(state_file.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise InvalidStateError(f"cannot read {str(state_file)!r}: {exc}") from None
        if isinstance(doc, dict) and "actions" in doc and "state" not in doc:
            state = GameRecord.from_json(doc).replay()
        else:
            state = game_obj.state_from_json(doc)
    else:
        state = game_obj.new_initial_state()
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
    if seat is not None and not 0 <= seat < state.game.players:
        raise InvalidParameterError(f"--seat must be from 0 to {state.game.players - 1}, got {seat}")
    if svg is not None:
        drawing = svg_view(state, seat)
        if drawing is None:
            raise InvalidParameterError(f"{game} has no SVG view yet")
        svg.write_text(drawing, encoding="utf-8")
        console.print(f"wrote {svg}")
        return
    console.print(text_view(state, seat))


def register(app: typer.Typer) -> None:
    app.command("render")(render_command)
