"""Bot levels (issue 15): every rulebook game names easy, medium and hard, and none of them peeks."""

from __future__ import annotations

import random

import pytest

from gravity_games import list_games, load
from gravity_games.agents import available_agents, make_agent
from gravity_games.agents.levels import LEVELS, level_spec
from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, TERMINAL, InvalidParameterError, State, sample_chance

RULEBOOK_GAMES = [g for g in list_games() if not g.startswith("toy-")]

# Small budgets so each check takes a fraction of a second; the level's own agent and settings otherwise.
SMALL = {
    "ismcts": "iterations=12",
    "playouts": "worlds=1:top=2",
    "rollouts": "worlds=1",
    "beginner": "",
    "heuristic": "",
}


def small(game_id: str, level: str, players: int) -> str:
    """The level's spec with a small search budget (the agent behind it is unchanged)."""
    name = level_spec(game_id, level, players).split(":")[0]
    extra = SMALL[name]
    return f"{level}:{extra}" if extra else level


def positions(game_id: str, count: int, seed: int) -> list[State]:
    """Positions with a real choice (more than one legal move), reached by seeded random play."""
    game = load(game_id)
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[State] = []
    while state.current_player() != TERMINAL and len(found) < count:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.3:
            found.append(state.clone())
        state.apply_action(legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize("game_id", RULEBOOK_GAMES)
def test_every_game_names_the_three_levels_through_its_registry_entry(game_id: str) -> None:
    assert set(LEVELS) <= set(available_agents(game_id))
    assert level_spec(game_id, "medium") == "heuristic"
    assert level_spec(game_id, "easy").startswith("beginner:mistakes=")
    assert level_spec(game_id, "hard").split(":")[0] in ("ismcts", "playouts", "rollouts", "heuristic")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game_id", RULEBOOK_GAMES)
def test_a_level_decides_alike_on_a_state_and_its_resampled_twin(game_id: str, level: str) -> None:
    """Bots never peek: two worlds the seat cannot tell apart get the same decision."""
    for index, state in enumerate(positions(game_id, 2, seed=3)):
        seat = state.current_player()
        twin = state.resample_from_infostate(seat, random.Random(100 + index))
        assert twin.observation(seat) == state.observation(seat)
        game = state.game
        choices = [
            make_agent(small(game_id, level, game.players), game, seat, seed=9).act(SeatView(s, seat))
            for s in (state, twin)
        ]
        assert choices[0] == choices[1]
        assert choices[0] in state.legal_actions()


@pytest.mark.parametrize("spec", ["playouts:worlds=1:top=2", "beginner:mistakes=0.5"])
@pytest.mark.parametrize("game_id", RULEBOOK_GAMES)
def test_the_new_agents_decide_alike_on_a_state_and_its_resampled_twin(game_id: str, spec: str) -> None:
    """The agents behind the levels, whichever level uses them now, never peek either."""
    for index, state in enumerate(positions(game_id, 2, seed=4)):
        seat = state.current_player()
        twin = state.resample_from_infostate(seat, random.Random(200 + index))
        choices = [make_agent(spec, state.game, seat, seed=5).act(SeatView(s, seat)) for s in (state, twin)]
        assert choices[0] == choices[1]
        assert choices[0] in state.legal_actions()


def test_medium_is_the_heuristic_move_for_move() -> None:
    game = load("memory-gravity")
    for state in positions("memory-gravity", 3, seed=5):
        seat = state.current_player()
        view = SeatView(state, seat)
        assert make_agent("medium", game, seat, 4).act(view) == make_agent("heuristic", game, seat, 4).act(view)


def test_the_beginner_sometimes_strays_from_the_heuristic_and_never_with_no_mistakes() -> None:
    game = load("comparison-gravity")
    states = positions("comparison-gravity", 6, seed=2)
    strays = 0
    for i, state in enumerate(states):
        seat = state.current_player()
        view = SeatView(state, seat)
        heuristic = make_agent("heuristic", game, seat, i).act(view)
        assert make_agent("easy:mistakes=0", game, seat, i).act(view) == heuristic
        strays += sum(make_agent("easy:mistakes=1", game, seat, i * 10 + k).act(view) != heuristic for k in range(5))
    assert strays > 0


def test_old_specs_keep_working_next_to_the_levels() -> None:
    game = load("doubt-gravity")
    state = positions("doubt-gravity", 1, seed=1)[0]
    seat = state.current_player()
    for spec in ("random", "heuristic", "ismcts:iterations=5", "playouts:worlds=1:top=2", "beginner"):
        assert make_agent(spec, game, seat, 1).act(SeatView(state, seat)) in state.legal_actions()


@pytest.mark.parametrize(
    ("spec", "needle"),
    [
        ("easy:mistakes=2", "mistakes must be a number from 0 to 1"),
        ("easy:cheat=1", "no setting cheat"),
        ("playouts:worlds=0", "worlds must be a whole number >= 1"),
        ("playouts:base=hard", "base must be one of"),
        ("playouts:top=-1", "top must be a whole number >= 0"),
    ],
)
def test_bad_level_settings_are_refused_with_what_is_allowed(spec: str, needle: str) -> None:
    with pytest.raises(InvalidParameterError, match=needle):
        make_agent(spec, load("memory-gravity"), 0, 1)
