"""``gravity play``: play a game in the terminal, any mix of people and bots.

Each seat is a person (``human``) or an agent spec (``heuristic``, ``random``,
``ismcts:iterations=500``). Between two people at one terminal the screen and its scrollback
are cleared and the next person is asked to take the device, so nobody sees another's hidden
view, not even by scrolling up; a resumed game with two people or more starts with that
screen. At the prompt, type a move's number or its notation; ``help`` lists the commands.

Nothing is lost: the record is written (atomically) whenever a seat is to decide, so it holds
every decision made; quitting, end of input, Ctrl-C (SIGINT), SIGHUP and SIGTERM save it and
say where, and ``--resume`` continues it. A signal exits with 128 + its number (130 for Ctrl-C).
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

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
MAX_DELAY = 60.0
"""Longest pause after a bot move (``--delay``), in seconds."""
CLEAR_SCREEN_AND_SCROLLBACK = "\x1b[H\x1b[2J\x1b[3J"
"""Home, erase the screen, erase the scrollback (what ``clear`` sends); 3J comes last because
some terminals push the erased screen into the scrollback on 2J."""
RESUMED = -1
"""``Session.last_human`` of a resumed game: whoever sits down first is asked for the device."""
SAVE_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGHUP", "SIGTERM") if hasattr(signal, name))
HELP = (
    "Type a move's [bold]number[/] or its [bold]notation[/] (a unique beginning is enough).\n"
    "  [bold]moves[/]  list the legal moves again     [bold]board[/]  show the board again\n"
    "  [bold]log[/]    the whole move log              [bold]hint[/]   ask a search bot for advice\n"
    "  [bold]save[/]   save the game record            [bold]quit[/]   save and leave\n"
    "  [bold]notation[/] what the move codes mean      [bold]cards[/]  the text of what is on the table"
)


class Interrupted(BaseException):
    """A signal (Ctrl-C, a closed terminal, ``kill``) arrived during the game."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@dataclass
class Session:
    """One game at the terminal: the state, who sits where, and what has been shown.

    ``actions`` is the history as of the last action applied in full: a signal may arrive in
    the middle of ``apply_action``, and the record saved then must still replay.
    """

    state: State
    seed: int
    seats: list[Agent | None]
    save_path: Path
    hints: bool
    delay: float
    chance_rng: random.Random
    keep_record: bool = True
    actions: list[int] = field(default_factory=list)
    saved_upto: int = -1
    shown_log: dict[int | None, int] = field(default_factory=dict)
    last_human: int | None = None

    @property
    def humans(self) -> list[int]:
        return [s for s, a in enumerate(self.seats) if a is None]

    def apply(self, action: int) -> None:
        self.state.apply_action(action)
        self.actions.append(action)

    def person(self, seat: int) -> str:
        """How the header and the pass screen call the person at ``seat``: you, or person k."""
        humans = self.humans
        if len(humans) == 1:
            return "you"
        return f"person {humans.index(seat) + 1}"

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


def decisions_so_far(state: State) -> int:
    """Player decisions made so far (chance steps are not counted): replayed from the history."""
    replay = state.game.new_initial_state()
    count = 0
    for action in state.history():
        count += replay.current_player() != CHANCE
        replay.apply_action(action)
    return count


def show_turn(session: Session, seat: int) -> None:
    state = session.state
    title = f"{state.game.TITLE} · decision {decisions_so_far(state) + 1} · {seat_name(state, seat)} to play"
    console.print(Rule(f"[bold]{escape(title)}[/]"))
    console.print(text_view(state, seat))
    recent = state.log(seat)[-6:]
    if recent:
        console.print("[bold]Recent events[/] [dim](yours and public)[/]")
        for line in recent:
            console.print(f"  [dim]·[/] {escape(line)}")
    show_moves(state, seat)


def move_words(state: State, seat: int) -> list[tuple[int, str, str]]:
    """Each legal move as (id, notation, plain words), the words from the game's board hooks.

    The hooks read only the seat's observation, like everything else shown to a player.
    """
    legal = [(a, state.action_to_string(a)) for a in state.legal_actions()]
    try:
        found = entry(state.game.ID).board.board_moves(state.observation(seat), state.game, legal)
        words = {m.action: m.description for m in found}
    except Exception:  # plain notation still plays
        words = {}
    return [(a, text, words.get(a, text)) for a, text in legal]


def show_moves(state: State, seat: int) -> None:
    """The legal moves, numbered, in words with their notation beside them."""
    console.print("[bold]Your moves[/] [dim](type the number or the code in brackets)[/]")
    for i, (_a, text, words) in enumerate(move_words(state, seat), 1):
        code = "" if words == text else f"  [dim]({escape(text)})[/]"
        console.print(f"  [bold cyan]{i:>2}[/]) {escape(words)}{code}")


def show_notation(state: State) -> None:
    """The game's notation in words (its glossary)."""
    rows = entry(state.game.ID).board.glossary(state.game)
    if not rows:
        console.print("[dim]This game has no glossary; the moves list says each move in words.[/]")
    for notation, meaning in rows:
        console.print(f"  [bold]{escape(notation)}[/]: {escape(meaning)}")


def show_cards(state: State, seat: int) -> None:
    """The text of every component on the table that this seat may see (characters, ships, cards)."""
    cards = entry(state.game.ID).board.info_cards(state.observation(seat), state.game)
    if not cards:
        console.print("[dim]Nothing on the table has a text of its own.[/]")
    for card in cards.values():
        mark = " [yellow](reconstructed: not printed in the rulebook)[/]" if card.reconstructed else ""
        console.print(f"[bold]{escape(card.title)}[/]{mark}")
        for line in card.text.splitlines():
            console.print(f"  {escape(line)}")


def clear_screen_and_scrollback() -> None:
    """Erase what the last person saw, scrollback included (Rich's ``clear`` keeps the scrollback).

    Written even when the output is no terminal: a pipe (``| tee``, ``script``) may still end on
    the screen both people look at.
    """
    console.file.write(CLEAR_SCREEN_AND_SCROLLBACK)
    console.file.flush()


def pass_device(session: Session, seat: int) -> None:
    """Hide the last person's view and wait for the next one when two people share the terminal."""
    if len(session.humans) < 2 or session.last_human in (None, seat):
        session.last_human = seat
        return
    if session.last_human != RESUMED:  # a resumed game cleared the screen before its header
        clear_screen_and_scrollback()
    who = f"{session.person(seat)} ({seat_name(session.state, seat)})"
    console.print(
        Panel(
            f"Pass the device to [bold]{escape(who)}[/].\nPress Enter when only they can see the screen.",
            title="Hidden information",
            expand=False,
        )
    )
    read_line("")
    clear_screen_and_scrollback()
    session.last_human = seat


def hide_the_last_view(session: Session) -> None:
    """When people share the terminal, leaving mid-game must not leave a hand on the screen."""
    if len(session.humans) > 1:
        with contextlib.suppress(OSError):  # after SIGHUP the terminal may be gone
            clear_screen_and_scrollback()


def resume_hint(session: Session) -> str:
    path = session.save_path
    return f"gravity play {session.state.game.ID} --resume {path}"


def write_record(session: Session) -> None:
    """Write the record of every action applied so far to ``--save`` (atomically)."""
    game = session.state.game
    record = GameRecord(
        game.ID,
        {"players": game.players, **game.params},
        session.seed,
        list(session.actions),
        {"seats": ["human" if a is None else a.describe() for a in session.seats]},
    )
    try:
        record.save(session.save_path)
    except OSError as exc:
        raise GravityError(f"cannot save the game to {str(session.save_path)!r}: {exc.strerror}") from None
    session.saved_upto = len(session.actions)


def save(session: Session, quiet: bool = False) -> None:
    write_record(session)
    if not quiet:
        console.print(
            f"[green]Saved[/] to {session.save_path} "
            f"([dim]{escape(resume_hint(session))}[/] to continue, "
            f"[dim]gravity replay {session.save_path}[/] to watch)."
        )


def autosave(session: Session) -> None:
    """Keep the file up to date before each decision, so a crash or a kill loses no decision."""
    if session.keep_record and session.saved_upto != len(session.actions):
        write_record(session)


def check_save_path(path: Path) -> None:
    """Refuse a record path that cannot be written before the game begins, not at its end."""
    folder = path.parent
    shown = str(path)
    if path.is_dir():
        raise InvalidParameterError(f"cannot save the game to {shown!r}: it is a folder; name a file in it")
    if not folder.exists():
        raise InvalidParameterError(
            f"cannot save the game to {shown!r}: the folder {str(folder)!r} does not exist; "
            "--save needs a file in an existing folder you can write to"
        )
    if not folder.is_dir():
        raise InvalidParameterError(f"cannot save the game to {shown!r}: {str(folder)!r} is not a folder")
    try:
        # The one sure test of writability (permissions, read-only disks, /proc) is to write.
        handle, probe = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".probe", dir=folder)
    except OSError as exc:
        raise InvalidParameterError(
            f"cannot save the game to {shown!r}: the folder {str(folder)!r} is not writable ({exc.strerror}); "
            "--save needs a file in a folder you can write to"
        ) from None
    os.close(handle)
    os.unlink(probe)


@contextlib.contextmanager
def signals_interrupt() -> Iterator[None]:
    """While the game runs, Ctrl-C, SIGHUP and SIGTERM raise :class:`Interrupted` (to save first)."""

    def handler(signum: int, frame: FrameType | None) -> None:
        raise Interrupted(signum)

    previous = {}
    for sig in SAVE_SIGNALS:
        previous[sig] = signal.signal(sig, handler)
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def leave_on_signal(session: Session, signum: int) -> None:
    """Save, say where and how to go on, and exit with 128 + the signal number."""
    for sig in SAVE_SIGNALS:
        signal.signal(sig, signal.SIG_IGN)  # a second Ctrl-C must not cut the save short
    name = signal.Signals(signum).name
    hide_the_last_view(session)
    if session.keep_record:
        write_record(session)
        message = (
            f"\n[yellow]Interrupted ({name})[/]: the game is saved to {escape(str(session.save_path))} "
            f"after {len(session.actions)} moves.\nResume it with: [bold]{escape(resume_hint(session))}[/]"
        )
    else:
        message = f"\n[yellow]Interrupted ({name})[/]: only bots were playing and no --save was given; nothing saved."
    with contextlib.suppress(OSError):  # after SIGHUP the terminal may be gone
        console.print(message)
    raise SystemExit(128 + signum)


HINT_SECONDS = 1.0
"""Search time of a terminal hint (as the web's hint button)."""


def offer_hints(session: Session, seat: int) -> None:
    """The hard level's best moves for ``seat``, searched on its own view, said no surer than the search is.

    Each move is numbered as in the move list (so the number can be typed), in words with its
    notation, with its chance as a range; an unsure hint says so first, and why.
    """
    try:
        from gravity_games.agents.hint_words import hint_words
        from gravity_games.agents.hints import advice
    except ImportError:
        console.print("[yellow]Hints need the search agents (gravity_games.agents.hints), not installed.[/]")
        return
    state = session.state
    view = SeatView(state, seat)
    with console.status("Thinking about your best moves..."):
        found = advice(
            view, seconds=HINT_SECONDS, top=3, seed=derive_seed(session.seed, "hint", seat, state.move_number())
        )
    rows = move_words(state, seat)
    number = {a: i for i, (a, _text, _words) in enumerate(rows, 1)}
    said = hint_words(
        found, {a: (text, words) for a, text, words in rows}, seconds=HINT_SECONDS, team=state.game.COOPERATIVE
    )
    searched = said.searched
    if not said.unsure:
        searched += f", {said.samples} playouts behind the best move"
    console.print(f"  [bold magenta]Hint:[/] best move first, with its estimated win chance [dim]({searched})[/]")
    console.print(f"  [dim]{escape(said.assumes)}[/]")
    if said.unsure:
        console.print(f"  [bold yellow]unsure[/]: {escape(said.reason)}")
    for h in said.hints:
        code = "" if h.description == h.text else f"  [dim]({escape(h.text)})[/]"
        console.print(f"  [bold cyan]{number.get(h.id, 0):>2}[/]) {escape(h.description)}{code}")
        console.print(f"      {escape(h.says)}")


def human_turn(session: Session, seat: int) -> int | None:
    """Ask the person at ``seat`` for a move; ``None`` means they quit."""
    state = session.state
    try:
        pass_device(session, seat)
    except EOFError:
        console.print()
        return None
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
            show_moves(state, seat)
        elif low in ("notation", "glossary"):
            show_notation(state)
        elif low in ("cards", "info"):
            show_cards(state, seat)
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
            session.apply(sample_chance(state, session.chance_rng))
            continue
        autosave(session)
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
        session.apply(action)
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
    save_path: Path = typer.Option(
        None, "--save", help="Where to keep the record, written before every decision (default gravity-GAME-SEED.json)."
    ),
    delay: float = typer.Option(0.0, "--delay", help=f"Seconds to pause after each bot move (0 to {MAX_DELAY:g})."),
) -> None:
    """Play a game in the terminal against bots or with friends at one screen."""
    if not 0 <= delay <= MAX_DELAY:
        raise InvalidParameterError(f"--delay is a pause in seconds from 0 to {MAX_DELAY:g}, got {delay:g}")
    record: GameRecord | None = None
    if resume is not None:
        record = GameRecord.load_file(resume)
        refuse_changes_to_a_resumed_game(record, resume, game, players, seed, param, data)
        game = record.game
        seed = record.seed if record.seed is not None else 0
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
    if not isinstance(seats_spec, list) or not all(isinstance(s, str) for s in seats_spec):
        raise InvalidParameterError(f"{resume}: meta.seats must be a list of agent specs; give --bots instead")
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
    path = save_path or Path(f"gravity-{state.game.ID}-{seed}.json")
    keep_record = save_path is not None or any(a is None for a in agents)
    if keep_record:
        check_save_path(path)
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
        keep_record=keep_record,
        actions=list(state.history()),
    )
    if record is not None and len(session.humans) > 1:
        session.last_human = RESUMED
    who = ", ".join(
        f"{seat_name(state, s)}: {session.person(s) if a is None else a.describe()}" for s, a in enumerate(agents)
    )
    if session.last_human == RESUMED:
        # The terminal may still show the hand of whoever played before the game was left.
        clear_screen_and_scrollback()
    console.print(Panel(f"[bold]{escape(state.game.TITLE)}[/]  seed {seed}\n{escape(who)}", expand=False))
    if record is not None:
        console.print(f"[dim]Resumed after {moves_done} moves.[/]")
    if not session.humans:
        console.print("[dim]No person at the table: watching the bots play.[/]")
    with signals_interrupt():
        try:
            play_to_the_end(session)
        except Interrupted as exc:
            leave_on_signal(session, exc.signum)


def play_to_the_end(session: Session) -> None:
    """Run the game, then save it (when a record is kept) and show the result."""
    finished = run_session(session)
    if not finished:
        hide_the_last_view(session)
        save(session)
        console.print("[yellow]Game left before the end; nothing is lost.[/]")
        return
    if len(session.humans) <= 1:
        print_new_log(session)
    show_end(session)
    if session.keep_record:
        save(session)


def refuse_changes_to_a_resumed_game(
    record: GameRecord,
    resume: Path,
    game: str | None,
    players: int | None,
    seed: int | None,
    param: list[str] | None,
    data: str | None,
) -> None:
    """A record fixes its game, seats, seed and parameters: a different one named with it is a mistake."""
    if game is not None and game != record.game:
        raise InvalidParameterError(
            f"{str(resume)!r} is a record of {record.game}, not {game}; "
            f"resume it with: gravity play {record.game} --resume {resume} (or leave out the game)"
        )
    recorded = record.params.get("players")
    if players is not None and players != recorded:
        raise InvalidParameterError(
            f"{str(resume)!r} is a {recorded}-player game of {record.game}; --players {players} cannot change it"
        )
    if seed is not None and seed != record.seed:
        raise InvalidParameterError(
            f"{str(resume)!r} was dealt with seed {record.seed}; --seed {seed} cannot change a resumed game"
        )
    if param or data is not None:
        given = "--data" if data is not None else "--param"
        raise InvalidParameterError(
            f"{given} cannot change a resumed game: {str(resume)!r} keeps the parameters it was started with"
        )


def register(app: typer.Typer) -> None:
    app.command("play")(play_command)


__all__ = ["play_command", "register"]
