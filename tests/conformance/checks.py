"""The promises of the game API, checked on any state of any registered game.

Each ``check_*`` function raises ``AssertionError`` with a message naming the game, the
step and the promise broken. ``play_checked`` drives one seeded random game through them.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gravity_games import CHANCE, TERMINAL, GameRecord, IllegalActionError, load
from gravity_games.core.api import Game, State, sample_chance
from gravity_games.core.registry import entry, list_games


@dataclass(frozen=True)
class Config:
    game: str
    players: int
    params: tuple[tuple[str, Any], ...]

    @property
    def id(self) -> str:
        extra = "".join(f"-{v}" for _, v in self.params)
        return f"{self.game}-{self.players}p{extra}"

    def make(self) -> Game:
        return load(self.game, players=self.players, **dict(self.params))


def configs() -> list[Config]:
    """Every registered game at every player count and variant."""
    out = []
    for game_id in list_games():
        cls = entry(game_id).game_class
        has_variant = any(p.name == "variant" for p in cls.PARAMS)
        for players in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
            for variant in cls.variants():
                params = (("variant", variant),) if has_variant else ()
                out.append(Config(game_id, players, params))
    return out


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, allow_nan=False)


def where(state: State, step: int) -> str:
    return f"{state.game.ID} ({state.game.players}p {state.game.params}) at step {step}"


def check_basic(state: State, step: int) -> list[int]:
    """Player id, legal actions, chance outcomes, the length bound, the end."""
    spec = state.game.spec
    at = where(state, step)
    assert step <= spec.max_game_length, f"{at}: passed max_game_length {spec.max_game_length}"
    player = state.current_player()
    assert player in (CHANCE, TERMINAL) or 0 <= player < spec.players, f"{at}: bad current player {player}"
    assert state.is_terminal() == (player == TERMINAL), f"{at}: is_terminal disagrees with current_player"
    legal = list(state.legal_actions())
    state.legal_actions().clear()  # a caller may edit what it is given; the game must not care
    assert state.legal_actions() == legal, f"{at}: editing the list legal_actions() returned changed the game"
    assert all(isinstance(a, int) and not isinstance(a, bool) for a in legal), f"{at}: non-int action"
    assert legal == sorted(set(legal)), f"{at}: legal actions not sorted and unique: {legal[:20]}"
    if player == TERMINAL:
        assert legal == [], f"{at}: terminal state has legal actions"
        check_end(state, step)
        return legal
    assert legal, f"{at}: no legal action for player {player} in a live state"
    assert state.outcome() is None, f"{at}: outcome before the end"
    if player == CHANCE:
        outcomes = list(state.chance_outcomes())
        given = state.chance_outcomes()
        given.reverse()
        given.clear()
        assert state.chance_outcomes() == outcomes, (
            f"{at}: editing the list chance_outcomes() returned changed the game (a shared cache?)"
        )
        total = sum(p for _, p in outcomes)
        assert all(p > 0 for _, p in outcomes), f"{at}: non-positive chance probability"
        assert abs(total - 1.0) < 1e-9, f"{at}: chance probabilities sum to {total}"
        assert all(0 <= a < spec.max_chance_outcomes for a, _ in outcomes), (
            f"{at}: chance outcome outside range({spec.max_chance_outcomes})"
        )
    else:
        assert all(0 <= a < spec.num_distinct_actions for a in legal), (
            f"{at}: action outside range({spec.num_distinct_actions}): {legal[:20]}"
        )
    return legal


def check_end(state: State, step: int) -> None:
    spec = state.game.spec
    at = where(state, step)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason, f"{at}: terminal state without an outcome and reason"
    assert all(0 <= s < spec.players for s in outcome.winners), f"{at}: bad winners {outcome.winners}"
    returns = state.returns()
    assert len(returns) == spec.players, f"{at}: returns has {len(returns)} values"
    assert all(spec.min_utility - 1e-9 <= r <= spec.max_utility + 1e-9 for r in returns), (
        f"{at}: returns {returns} outside [{spec.min_utility}, {spec.max_utility}]"
    )
    if spec.cooperative:
        assert len(set(returns)) == 1, f"{at}: cooperative returns differ between seats: {returns}"


def check_observations(state: State, step: int) -> dict[int | None, str]:
    """JSON-safe observations for every seat and the public view; returns their canonical text."""
    at = where(state, step)
    texts: dict[int | None, str] = {}
    for seat in [*range(state.game.players), None]:
        obs = state.observation(seat)
        assert isinstance(obs, dict), f"{at}: observation({seat}) is not a dict"
        try:
            texts[seat] = canonical(obs)
        except (TypeError, ValueError) as exc:
            raise AssertionError(f"{at}: observation({seat}) is not JSON-safe: {exc}") from None
        assert json.loads(texts[seat]) == obs, f"{at}: observation({seat}) changes through JSON"
    return texts


def check_privacy(state: State, step: int, texts: dict[int | None, str]) -> None:
    """No seat's private values appear under their field name in another seat's or the public view."""
    at = where(state, step)
    spec = state.game.spec
    values = {s: state.private_values(s) for s in range(spec.players)}
    for seat, private in values.items():
        unknown = set(private) - set(spec.private_fields)
        assert not unknown, f"{at}: private_values({seat}) has undeclared fields {sorted(unknown)}"
        for name, value in private.items():
            if value in (None, [], {}, ""):
                continue
            needle = f"{json.dumps(name)}: {canonical(value)}"
            assert needle in texts[seat], (
                f"{at}: seat {seat} does not see its own private field {name} = {canonical(value)[:80]}"
            )
            for other, text in texts.items():
                if other == seat:
                    continue
                if other is not None and values[other].get(name) == value:
                    continue  # the other seat's own value happens to be equal
                assert needle not in text, (
                    f"{at}: seat {seat}'s private {name} leaks into the view of "
                    f"{'the public' if other is None else f'seat {other}'}"
                )


def check_illegal_rejected(state: State, step: int, legal: list[int]) -> None:
    """An illegal action raises IllegalActionError and leaves the state exactly as it was."""
    at = where(state, step)
    before = canonical(state.to_json())
    spec = state.game.spec
    bound = spec.max_chance_outcomes if state.current_player() == CHANCE else spec.num_distinct_actions
    candidates = [-1, bound, *(a for a in range(min(bound, 64)) if a not in legal)][:4]
    for bad in candidates:
        if bad in legal:
            continue
        try:
            state.apply_action(bad)
        except IllegalActionError as exc:
            assert str(exc), f"{at}: IllegalActionError without a message"
        else:
            raise AssertionError(f"{at}: illegal action {bad} was accepted")
        assert canonical(state.to_json()) == before, f"{at}: a rejected action {bad} changed the state"


def check_clone_and_json(state: State, step: int, action: int) -> None:
    """Clones share nothing; the JSON document rebuilds an identical state."""
    at = where(state, step)
    doc = state.to_json()
    text = canonical(doc)
    rebuilt = state.game.state_from_json(json.loads(text))
    assert canonical(rebuilt.to_json()) == text, f"{at}: to_json/state_from_json round trip differs"
    assert rebuilt.legal_actions() == state.legal_actions(), f"{at}: rebuilt state has other legal actions"
    assert rebuilt.current_player() == state.current_player(), f"{at}: rebuilt state has another player"
    copy = state.clone()
    copy.apply_action(action)
    assert canonical(state.to_json()) == text, f"{at}: applying an action to a clone changed the original"
    rebuilt.apply_action(action)
    assert canonical(rebuilt.to_json()) == canonical(copy.to_json()), (
        f"{at}: the rebuilt state and the clone diverge after action {action}"
    )


def check_notation(state: State, step: int, legal: list[int]) -> None:
    at = where(state, step)
    names = [state.action_to_string(a) for a in legal]
    assert all(isinstance(n, str) and n for n in names), f"{at}: empty action notation"
    if state.current_player() != CHANCE:
        assert len(set(n.lower() for n in names)) == len(names), f"{at}: notation not unique: {names[:20]}"
        for a, n in zip(legal, names, strict=True):
            assert state.string_to_action(n) == a, f"{at}: notation {n!r} does not parse back to {a}"


def check_resample(state: State, step: int, rng: random.Random) -> None:
    """A determinization keeps what the seat sees, and the tensor follows the observation."""
    at = where(state, step)
    spec = state.game.spec
    for seat in range(spec.players):
        sample = state.resample_from_infostate(seat, rng)
        mine = state.observation(seat)
        assert canonical(sample.observation(seat)) == canonical(mine), (
            f"{at}: resample_from_infostate({seat}) changed what seat {seat} sees"
        )
        assert sample.current_player() == state.current_player(), f"{at}: resample changed the player to act"
        if state.current_player() == seat:
            assert sample.legal_actions() == state.legal_actions(), f"{at}: resample changed seat {seat}'s moves"
        if spec.observation_shape:
            t1 = state.observation_tensor(seat)
            t2 = sample.observation_tensor(seat)
            assert list(t1) == list(t2), f"{at}: equal observations of seat {seat} give different tensors"


def check_resample_uses_only_the_view(state: State, step: int, rng: random.Random) -> None:
    """Two worlds a seat cannot tell apart resample alike: the draw depends on the seat's view alone.

    The second world is the game's own resample. A pool shuffled in the order the hidden cards
    really lie in would pass check_resample yet hand a search that knows its RNG the real deal.
    """
    at = where(state, step)
    for seat in range(state.game.spec.players):
        other = state.resample_from_infostate(seat, rng)
        if canonical(other.observation(seat)) != canonical(state.observation(seat)):
            continue  # check_resample reports this
        seed = rng.randrange(2**31)
        a = state.resample_from_infostate(seat, random.Random(seed))
        b = other.resample_from_infostate(seat, random.Random(seed))
        assert canonical(a.to_json()["state"]) == canonical(b.to_json()["state"]), (
            f"{at}: resample_from_infostate({seat}) draws differently in two worlds seat {seat} cannot tell "
            "apart (shuffle hidden pools from a canonical order)"
        )


REVEAL_WORLDS = 2
"""Redrawn worlds per seat in which a step declared to reveal nothing is replayed."""


def check_reveals_information(state: State, step: int, action: int, rng: random.Random) -> None:
    """A decision the game declares shows nothing (``reveals_information`` is False) shows nothing.

    The actor: the step replayed in worlds redrawn from its own view leaves its observation as in
    the real game. Every other seat: in each world redrawn from its view, some move of the actor
    gives it the observation it really got, so what it saw rules no world out. (The same move id
    need not: in doubt-gravity ``place K3`` names a number the others cannot see, and in their
    worlds it may be another token.) The web server lets a person undo such a step without
    checking, so a wrong ``False`` would let a person look and take the step back.
    """
    at = where(state, step)
    declared = state.reveals_information(action)
    assert declared is None or isinstance(declared, bool), f"{at}: reveals_information gave {declared!r}"
    if declared is not False:
        return
    actor = state.current_player()
    after = state.child(action)
    said = state.action_to_string(action)
    for seat in range(state.game.spec.players):
        real = canonical(after.observation(seat))
        for _ in range(REVEAL_WORLDS):
            world = state.resample_from_infostate(seat, rng)
            assert world.current_player() == actor, f"{at}: a redrawn world of seat {seat} changed who acts"
            if seat == actor:
                assert action in world.legal_actions(), f"{at}: the actor's own redrawn world lacks its move"
                seen = [canonical(world.child(action).observation(seat))]
            else:
                seen = [canonical(world.child(move).observation(seat)) for move in world.legal_actions()]
            assert real in seen, (
                f"{at}: {said!r} is declared to reveal nothing, but seat {seat} sees a result that rules "
                "out a world it could not tell from the real one"
            )


def check_tensor(state: State, step: int) -> None:
    spec = state.game.spec
    if not spec.observation_shape:
        return
    at = where(state, step)
    size = math.prod(spec.observation_shape)
    for seat in range(spec.players):
        tensor = list(state.observation_tensor(seat))
        assert len(tensor) == size, f"{at}: tensor of seat {seat} has {len(tensor)} values, shape says {size}"
        assert all(isinstance(x, (int, float)) and math.isfinite(x) for x in tensor), f"{at}: non-finite tensor"


Chooser = Callable[[State, list[int]], int]


def play_checked(config: Config, seed: int, *, full: bool, choose: Chooser | None = None) -> State:
    """Play one game with random choices, checking the API at every step.

    ``full`` adds the expensive checks (JSON round trip, clone, illegal actions,
    resampling, privacy, notation) at every step.
    """
    game = config.make()
    rng = random.Random(seed)
    check_rng = random.Random(seed ^ 0x5EED)
    state = game.new_initial_state()
    step = 0
    while True:
        legal = check_basic(state, step)
        if full or step % 17 == 0:
            texts = check_observations(state, step)
            check_tensor(state, step)
            if full:
                check_privacy(state, step, texts)
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        elif choose is not None:
            action = choose(state, legal)
        else:
            action = legal[rng.randrange(len(legal))]
        if full:
            check_illegal_rejected(state, step, legal)
            check_clone_and_json(state, step, action)
            check_notation(state, step, legal)
            check_resample(state, step, check_rng)
            check_resample_uses_only_the_view(state, step, check_rng)
            if state.current_player() >= 0:
                check_reveals_information(state, step, action, check_rng)
        state.apply_action(action)
        step += 1
    assert all(isinstance(line, str) for line in state.log()), f"{where(state, step)}: log holds non-strings"
    if full:
        record = GameRecord.from_state(state, seed)
        replayed = GameRecord.from_json(json.loads(record.dumps())).replay()
        assert canonical(replayed.to_json()) == canonical(state.to_json()), f"{config.id}: record replay differs"
    return state
