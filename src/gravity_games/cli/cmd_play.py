"""``gravity play``: play a game in the terminal, any mix of people and bots.

Each seat is a person (``human``) or an agent spec (``heuristic``, ``random``,
``ismcts:iterations=500``). Between two people at one terminal the screen is cleared and
the next person is asked to take the device, so nobody sees another's hidden view. At the
prompt, type a move's number or its notation; ``help`` lists the commands. Quitting (or
end of input) saves the game record, and ``--resume`` continues it.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import typer
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule

from gravity_games.agents import make_agent, parse_spec
from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import (
    CHANCE,
    TERMINAL,
    GravityError,
    IllegalActionError,
    InvalidParameterError,
    State,
    sample_chance,
)
from gravity_games.core.record import GameRecord
from gravity_games.core.registry import entry, list_games
from gravity_games.core.seeding import derive_seed

from .common import console, make_game, seat_name, text_view

HUMAN = ("human", "person", "me", "you", "-")
HELP = (
    "Type a move's [bold]number[/] or its [bold]notation[/] (a unique beginning is enough).\n"
    "  [bold]moves[/]  list the legal moves again     [bold]board[/]  show the board again\n"
    "  [bold]log[/]    the whole move log              [bold]hint[/]   ask a search bot for advice\n"
    "  [bold]save[/]   save the game record            [bold]quit[/]   save and leave"
)


@dataclass
class Session:
    """One game at the terminal: the state, who sits where, and what has been shown."""

    state: State
    seed: int
    seats: list[Agent | None]
    save_path: Path
    hints: bool
    delay: float
    chance_rng: random.Random
    shown_log: dict[int | None, int] = field(default_factory=dict)
    last_human: int | None = None

    @property
    def humans(self) -> list[int]:
        return [s for s, a in enumerate(self.seats) if a is None]

    def viewer(self) -> int | None:
        """Whose private log lines may be printed between turns."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None


def parse_seats(spec: str | None, players: int) -> list[str]:
    """``--bots``: one spec per seat, or one spec for every seat but the first (yours)."""
    if spec is None:
        return ["human"] + ["heuristic"] * (players - 1)
    parts = [p.strip() for p in spec.split(",") if p.strip()]
    if parts == ["none"] or parts == ["human"]:
        return ["human"] * players
    if len(parts) == 1:
        return ["human"] + parts * (players - 1)
    if len(parts) != players:
        raise InvalidParameterError(
            f"--bots needs one spec for every seat but yours or {players} specs (human for a person), got {len(parts)}"
        )
    return parts


def choose_game_menu() -> tuple[str, int]:
    """The menu of ``make run``/``gravity play`` without a game: pick a game and a player count."""
    games = list_games()
    console.print(Panel("[bold]gravity-games[/]: choose a game", expand=False))
    for i, game_id in enumerate(games, 1):
        cls = entry(game_id).game_class
        counts = f"{cls.MIN_PLAYERS}-{cls.MAX_PLAYERS} players"
        console.print(f"  [bold cyan]{i}[/]) {cls.TITLE} [dim]({game_id}, {counts})[/]")
    while True:
        answer = read_line("game> ").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(games):
            game_id = games[int(answer) - 1]
            break
        if answer in games:
            game_id = answer
            break
        console.print(f"[red]Choose 1-{len(games)} or a game id.[/]")
    cls = entry(game_id).game_class
    if cls.MIN_PLAYERS == cls.MAX_PLAYERS:
        return game_id, cls.MIN_PLAYERS
    while True:
        answer = read_line(f"players ({cls.MIN_PLAYERS}-{cls.MAX_PLAYERS})> ").strip()
        if answer.isdigit() and cls.MIN_PLAYERS <= int(answer) <= cls.MAX_PLAYERS:
            return game_id, int(answer)
        console.print(f"[red]{game_id} is for {cls.MIN_PLAYERS}-{cls.MAX_PLAYERS} players.[/]")


def read_line(prompt: str) -> str:
    """Read one line; end of input raises EOFError for the caller to save and leave."""
    console.print(prompt, end="", markup=False)
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.rstrip("\n")


def print_new_log(session: Session) -> None:
    viewer = session.viewer()
    lines = session.state.log(viewer)
    start = session.shown_log.get(viewer, 0)
    for line in lines[start:]:
        console.print(f"  [dim]·[/] {escape(line)}")
    session.shown_log[viewer] = len(lines)


def show_turn(session: Session, seat: int) -> None:
    state = session.state
    title = f"{state.game.TITLE} · move {state.move_number()} · {seat_name(state, seat)} to play"
    console.print(Rule(f"[bold]{escape(title)}[/]"))
    console.print(text_view(state, seat))
    recent = state.log(seat)[-6:]
    if recent:
        console.print("[bold]Recent events[/] [dim](yours and public)[/]")
        for line in recent:
            console.print(f"  [dim]·[/] {escape(line)}")
    show_moves(state)


def show_moves(state: State) -> None:
    legal = state.legal_actions()
    cells = [f"[bold cyan]{i:>2}[/]) {escape(state.action_to_string(a))}" for i, a in enumerate(legal, 1)]
    console.print("[bold]Your moves[/]")
    width = max(len(state.action_to_string(a)) for a in legal) + 6
    per_row = max(1, min(4, 96 // max(width, 1)))
    for i in range(0, len(cells), per_row):
        console.print("  " + "".join(f"{c:<{width + 14}}" for c in cells[i : i + per_row]).rstrip())


def pass_device(session: Session, seat: int) -> None:
    """Hide the last person's view and wait for the next one when two people share the terminal."""
    if len(session.humans) < 2 or session.last_human in (None, seat):
        session.last_human = seat
        return
    console.clear()
    console.print(
        Panel(
            f"Pass the device to [bold]{escape(seat_name(session.state, seat))}[/].\n"
            "Press Enter when only they can see the screen.",
            title="Hidden information",
            expand=False,
        )
    )
    read_line("")
    console.clear()
    session.last_human = seat


def save(session: Session, quiet: bool = False) -> None:
    record = GameRecord.from_state(session.state, session.seed)
    record.meta["seats"] = ["human" if a is None else a.describe() for a in session.seats]
    try:
        record.save(session.save_path)
    except OSError as exc:
        raise GravityError(f"cannot save the game to {str(session.save_path)!r}: {exc.strerror}") from None
    if not quiet:
        console.print(
            f"[green]Saved[/] to {session.save_path} "
            f"([dim]gravity play --resume {session.save_path}[/] to continue, "
            f"[dim]gravity replay {session.save_path}[/] to watch)."
        )


def offer_hints(session: Session, seat: int) -> None:
    try:
        from gravity_games.agents.hints import hints
    except ImportError:
        console.print("[yellow]Hints need the search agents (gravity_games.agents.hints), not installed.[/]")
        return
    with console.status("Thinking about your best moves..."):
        advice = hints(SeatView(session.state, seat), seconds=1.0, top=3, seed=derive_seed(session.seed, "hint"))
    for action, chance in advice:
        console.print(f"  [magenta]hint[/] {escape(session.state.action_to_string(action))}: about {chance:.0%} to win")


def human_turn(session: Session, seat: int) -> int | None:
    """Ask the person at ``seat`` for a move; ``None`` means they quit."""
    state = session.state
    pass_device(session, seat)
    show_turn(session, seat)
    if session.hints:
        offer_hints(session, seat)
    while True:
        try:
            text = read_line("move> ").strip()
        except EOFError:
            console.print()
            return None
        low = text.lower()
        if not low:
            continue
        if low in ("quit", "exit", "q"):
            return None
        if low in ("help", "?", "h"):
            console.print(HELP)
        elif low == "moves":
            show_moves(state)
        elif low == "board":
            console.print(text_view(state, seat))
        elif low == "log":
            for line in state.log(seat):
                console.print(f"  [dim]·[/] {escape(line)}")
        elif low == "hint":
            offer_hints(session, seat)
        elif low == "save":
            save(session)
        else:
            legal = state.legal_actions()
            if low.isdigit() and 1 <= int(low) <= len(legal):
                return legal[int(low) - 1]
            try:
                return state.string_to_action(text)
            except IllegalActionError as exc:
                tip = f"numbers 1-{len(legal)} also work; help for commands"
                console.print(f"[red]{escape(str(exc))}[/]  [dim]({tip})[/]")


def run_session(session: Session) -> bool:
    """Play until the end; returns False when the people quit before it."""
    state = session.state
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return True
        if player == CHANCE:
            state.apply_action(sample_chance(state, session.chance_rng))
            continue
        agent = session.seats[player]
        if agent is None:
            if session.humans and len(session.humans) == 1:
                print_new_log(session)
            action = human_turn(session, player)
            if action is None:
                return False
        else:
            action = agent.act(SeatView(state, player))
            if session.delay > 0:
                time.sleep(session.delay)
        state.apply_action(action)
        if len(session.humans) <= 1:
            print_new_log(session)


def show_end(session: Session) -> None:
    state = session.state
    outcome = state.outcome()
    console.print(Rule("[bold]Game over[/]"))
    console.print(text_view(state, None))
    if outcome is not None:
        if not outcome.winners:
            verdict = "Nobody wins"
        elif state.game.spec.cooperative:
            verdict = "The team wins"
        else:
            verdict = "Winner: " + ", ".join(seat_name(state, s) for s in outcome.winners)
        console.print(Panel(f"[bold]{escape(verdict)}[/]  [dim]({escape(outcome.reason)})[/]", expand=False))


def play_command(
    game: str = typer.Argument(None, help="Game id (see gravity list); omit for a menu."),
    players: int = typer.Option(None, "--players", "-n", help="Number of seats."),
    bots: str = typer.Option(
        None,
        "--bots",
        help="Who sits where: one agent spec for every other seat (default heuristic), or one spec per seat "
        "with 'human' for a person, e.g. human,heuristic,random; 'none' for people only.",
    ),
    seed: int = typer.Option(None, "--seed", help="Seed of the dice and shuffles (default: random)."),
    param: list[str] = typer.Option(None, "--param", "-p", help="Game parameter K=V (repeatable)."),
    data: str = typer.Option(None, "--data", help="Your own component data file (TOML)."),
    hints: bool = typer.Option(False, "--hints", help="Show a search bot's best moves before each of your turns."),
    resume: Path = typer.Option(None, "--resume", help="Continue a saved game record."),
    save_path: Path = typer.Option(None, "--save", help="Where to save the record (default gravity-GAME-SEED.json)."),
    delay: float = typer.Option(0.0, "--delay", help="Seconds to pause after each bot move."),
) -> None:
    """Play a game in the terminal against bots or with friends at one screen."""
    record: GameRecord | None = None
    if resume is not None:
        record = GameRecord.load_file(resume)
        game = record.game
        seed = record.seed if record.seed is not None else 0
        params = {k: v for k, v in record.params.items() if k != "players"}
        state = record.replay()
        seats_spec = bots.split(",") if bots else record.meta.get("seats") or ["human"] * state.game.players
        save_path = save_path or resume
    else:
        if game is None:
            game, chosen = choose_game_menu()
            players = players or chosen
        game_obj = make_game(game, players, param, data)
        state = game_obj.new_initial_state()
        seed = seed if seed is not None else random.SystemRandom().randrange(1, 10**9)
        seats_spec = parse_seats(bots, game_obj.players)
        params = {}
    seats_spec = [s.strip() for s in seats_spec]
    if len(seats_spec) != state.game.players:
        raise InvalidParameterError(f"{state.game.ID} needs {state.game.players} seats, --bots named {len(seats_spec)}")
    agents: list[Agent | None] = []
    for seat, spec in enumerate(seats_spec):
        if spec.lower() in HUMAN:
            agents.append(None)
        else:
            parse_spec(spec)
            agents.append(make_agent(spec, state.game, seat, derive_seed(seed, "agent", seat)))
    del params
    path = save_path or Path(f"gravity-{state.game.ID}-{seed}.json")
    moves_done = state.move_number()
    chance_seed = derive_seed(seed, "chance", moves_done) if moves_done else derive_seed(seed, "chance")
    session = Session(
        state=state,
        seed=seed,
        seats=agents,
        save_path=path,
        hints=hints,
        delay=delay,
        # A resumed game draws fresh chance from its position; its record still replays exactly.
        chance_rng=random.Random(chance_seed),
    )
    who = ", ".join(f"{seat_name(state, s)}: {'you' if a is None else a.describe()}" for s, a in enumerate(agents))
    console.print(Panel(f"[bold]{escape(state.game.TITLE)}[/]  seed {seed}\n{escape(who)}", expand=False))
    if record is not None:
        console.print(f"[dim]Resumed after {moves_done} moves.[/]")
    if not session.humans:
        console.print("[dim]No person at the table: watching the bots play.[/]")
    finished = run_session(session)
    if not finished:
        save(session)
        console.print("[yellow]Game left before the end; nothing is lost.[/]")
        return
    if len(session.humans) <= 1:
        print_new_log(session)
    show_end(session)
    if save_path is not None or session.humans:
        save(session)


def register(app: typer.Typer) -> None:
    app.command("play")(play_command)


__all__ = ["play_command", "register"]
