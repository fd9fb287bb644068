"""``gravity trace GAME --seed S``: a playthrough, as OpenSpiel's playthrough files are.

Every step of one seeded game played by uniform random choice: the player to act, the legal
actions in notation (at a chance node the outcomes with their probabilities), each seat's
observation (the string, then a summary of its tensor and of its information-state tensor)
and the log lines the step wrote.
After the first state an observation string is shown as its changes since that seat's last
one, a seat's listing only those the public view did not show (``--full``: every string
whole, every time), so a trace reads as a story and stays small.

The golden traces under ``tests/golden/traces`` (one per game and variant, :data:`GOLDEN`)
are these playthroughs; ``tests/golden/test_traces.py`` regenerates each and diffs it, so any
change of behaviour (rules, notation, observations, log wording) shows as a diff. After an
intended change, regenerate them all with ``gravity trace --update tests/golden/traces``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from gravity_games.core.api import CHANCE, Game, InvalidParameterError, State, sample_chance
from gravity_games.core.registry import entry, list_games, load
from gravity_games.core.seeding import rng_for
from gravity_games.interop.infostate import information_state_tensor

from .cmd_info import game_information
from .common import make_game

CHANCE_SHOWN = 40
"""At most this many chance outcomes are listed one by one; the rest are counted."""


@dataclass(frozen=True)
class GoldenTrace:
    """One golden playthrough: which game, variant, seat count and seed, and how many steps."""

    game: str
    variant: str
    players: int = 2
    seed: int = 1
    steps: int = 60

    @property
    def file_name(self) -> str:
        return f"{self.game}-{self.variant}.txt"

    def make(self) -> Game:
        has_variant = any(p.name == "variant" for p in entry(self.game).game_class.PARAMS)
        params = {"variant": self.variant} if has_variant else {}
        return load(self.game, players=self.players, **params)


def golden_traces() -> list[GoldenTrace]:
    """Every game at two seats (or its fewest, if more), each variant, seed 1, first 60 steps."""
    out = []
    for game_id in list_games():
        cls = entry(game_id).game_class
        for variant in cls.variants():
            out.append(GoldenTrace(game_id, variant, players=max(2, cls.MIN_PLAYERS)))
    return out


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def observation_changes(old: Any, new: Any, path: str = "") -> list[str]:
    """What changed from ``old`` to ``new``, one ``path: before -> after`` line per change.

    A list that only grew is shown as ``path += [new items]``.
    """
    if old == new:
        return []
    if isinstance(old, dict) and isinstance(new, dict):
        out: list[str] = []
        for key in sorted(set(old) | set(new), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in new:
                out.append(f"{where}: removed")
            elif key not in old:
                out.append(f"{where}: added {_json(new[key])}")
            else:
                out += observation_changes(old[key], new[key], where)
        return out
    if isinstance(old, list) and isinstance(new, list):
        if len(old) == len(new):
            out = []
            for i, (a, b) in enumerate(zip(old, new, strict=True)):
                out += observation_changes(a, b, f"{path}[{i}]")
            return out
        if len(new) > len(old) and new[: len(old)] == old:
            return [f"{path} += {_json(new[len(old) :])}"]
    return [f"{path or '(all)'}: {_json(old)} -> {_json(new)}"]


def tensor_summary(values: list[float]) -> str:
    """Length, nonzero count, sum and a short hash of a tensor (any change of a value changes the hash)."""
    text = ",".join(f"{v:.6g}" for v in values)
    digest = hashlib.sha1(text.encode("ascii")).hexdigest()[:12]  # a fingerprint, not security
    nonzero = sum(1 for v in values if v != 0.0)
    return f"{len(values)} floats, {nonzero} nonzero, sum {sum(values):.6g}, sha1 {digest}"


def _who(player: int) -> str:
    return "chance" if player == CHANCE else "terminal" if player < 0 else f"seat {player}"


def _header(game: Game, seed: int, steps: int | None) -> list[str]:
    doc = game_information(game)
    params = ", ".join(f"{p['name']}={p['value']}" for p in doc["parameters"]) or "none"
    shown = "every step" if steps is None else f"the first {steps} steps (or fewer if the game ends)"
    return [
        f"game: {game.ID}",
        f"players: {game.players}",
        f"params: {params}",
        f"seed: {seed} (seats choose uniformly at random; chance draws by its probabilities)",
        f"shown: {shown}",
        "",
        "GameType.dynamics = sequential",
        "GameType.chance_mode = explicit stochastic",
        f"GameType.information = {doc['information']}",
        f"GameType.utility = {doc['utility']}",
        f"NumDistinctActions() = {doc['num_distinct_actions']}",
        f"MaxChanceOutcomes() = {doc['max_chance_outcomes']}",
        f"MaxGameLength() = {doc['max_game_length']}",
        f"MinUtility() = {doc['min_utility']:g}",
        f"MaxUtility() = {doc['max_utility']:g}",
        f"ObservationTensorShape() = {doc['observation_tensor_shape']}",
        f"InformationStateTensorShape() = {doc['information_state_tensor_shape']}",
        "",
    ]


def _actions(state: State) -> list[str]:
    player = state.current_player()
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        listed = [f'{a} "{state.action_to_string(a)}" {p:.6g}' for a, p in outcomes[:CHANCE_SHOWN]]
        lines = [f"ChanceOutcomes() = {len(outcomes)}: " + "; ".join(listed)]
        if len(outcomes) > CHANCE_SHOWN:
            rest = sum(p for _, p in outcomes[CHANCE_SHOWN:])
            lines.append(f"  ... and {len(outcomes) - CHANCE_SHOWN} more outcomes, probability {rest:.6g} in all")
        return lines
    legal = state.legal_actions()
    listed = [f'{a} "{state.action_to_string(a)}"' for a in legal]
    return [f"LegalActions() = {len(legal)}: " + "; ".join(listed)]


def playthrough(game: Game, seed: int, steps: int | None = None, *, full: bool = False) -> str:
    """The playthrough text of one seeded random game (the first ``steps`` steps, or all)."""
    moves = rng_for(seed, "trace", "moves")
    chance = rng_for(seed, "trace", "chance")
    state = game.new_initial_state()
    seats: list[int | None] = [None, *range(game.players)]
    last: dict[int | None, Any] = {}
    lines = _header(game, seed, steps)
    logged = 0
    step = 0
    public_changes: set[str] = set()
    own: list[list[int]] = [[] for _ in range(game.players)]
    while True:
        player = state.current_player()
        lines.append(f"# State {step}")
        lines.append(f"IsTerminal() = {state.is_terminal()}")
        lines.append(f"CurrentPlayer() = {_who(player)}")
        for seat in seats:
            name = "public" if seat is None else str(seat)
            obs = state.observation(seat)
            if full or seat not in last:
                lines.append(f"ObservationString({name}) = {_json(obs)}")
            else:
                changed = observation_changes(last[seat], obs)
                if seat is None:
                    public_changes = set(changed)
                    lines.append(f"ObservationString({name}) changes: {len(changed)}")
                else:
                    # A seat sees the public changes too: name only its own, to keep the trace short.
                    shared = sum(1 for line in changed if line in public_changes)
                    changed = [line for line in changed if line not in public_changes]
                    lines.append(f"ObservationString({name}) changes: {len(changed) + shared} ({shared} as public)")
                lines += [f"  {line}" for line in changed]
            last[seat] = obs
            if game.spec.observation_shape:
                tensor = state.observation_tensor(seat)
                lines.append(f"ObservationTensor({name}): {tensor_summary(tensor)}")
                if seat is not None:
                    infostate = information_state_tensor(game, tensor, own[seat])
                    lines.append(f"InformationStateTensor({name}): {tensor_summary(infostate)}")
        if state.is_terminal():
            outcome = state.outcome()
            lines.append(f"Returns() = {state.returns()}")
            lines.append(f"Outcome() = {_json(outcome.to_json() if outcome is not None else None)}")
            break
        if steps is not None and step >= steps:
            lines.append(f"(stopped after {steps} steps; the game goes on)")
            break
        lines += _actions(state)
        action = sample_chance(state, chance) if player == CHANCE else moves.choice(state.legal_actions())
        lines.append(f'# Apply action "{state.action_to_string(action)}" ({action}) by {_who(player)}')
        state.apply_action(action)
        if player >= 0:
            own[player].append(action)
        log = state.full_log()
        lines += [f"Log: {line}" for line in log[logged:]]
        logged = len(log)
        lines.append("")
        step += 1
    return "\n".join(lines) + "\n"


def golden_text(trace: GoldenTrace) -> str:
    """The text a golden trace file holds."""
    return playthrough(trace.make(), trace.seed, trace.steps)


def update_golden(directory: Path) -> list[Path]:
    """Write every golden trace into ``directory``; return the files written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for trace in golden_traces():
        path = directory / trace.file_name
        path.write_text(golden_text(trace), encoding="utf-8")
        written.append(path)
    return written


def trace_command(
    game: str = typer.Argument(None, help="Game id (see gravity list)."),
    seed: int = typer.Option(None, "--seed", "-s", help="Seed of the random game (required with GAME)."),
    players: int = typer.Option(None, "--players", "-n", help="Number of seats."),
    param: list[str] = typer.Option(None, "--param", "-p", help="Game parameter K=V (repeatable)."),
    steps: int = typer.Option(None, "--steps", min=0, help="Show only the first N steps (default: the whole game)."),
    full: bool = typer.Option(False, "--full", help="Print every observation string whole, not as changes."),
    out: str = typer.Option(None, "--out", "-o", help="Write the trace to FILE instead of standard output."),
    update: str = typer.Option(
        None, "--update", help="Regenerate every golden trace into DIR (tests/golden/traces); no GAME then."
    ),
) -> None:
    """A playthrough of a seeded random game: every step, legal actions, chance outcomes, observations."""
    if update is not None:
        if game is not None:
            raise InvalidParameterError("--update regenerates every golden trace; give no GAME with it")
        for path in update_golden(Path(update)):
            print(path)
        return
    if game is None:
        raise InvalidParameterError("give a GAME (see gravity list) and --seed, or --update DIR")
    entry(game)
    if seed is None:
        raise InvalidParameterError("gravity trace needs --seed S (a whole number), so the trace can be repeated")
    text = playthrough(make_game(game, players, param), seed, steps, full=full)
    if out is None:
        print(text, end="")
    else:
        Path(out).write_text(text, encoding="utf-8")


def register(app: typer.Typer) -> None:
    app.command("trace")(trace_command)
