"""The skeleton game (``examples/skeleton_game``) passes every check a packaged game passes.

The skeleton is what a new game is copied from (docs/contributing.md, "Add a game"), so it must
keep working: it is imported from ``examples/`` (its ``__init__`` registers it) for these tests
only and forgotten afterwards, so no other test module sees a seventh game. The checks are the
suite's own: the API and observation privacy at every step (``checks.play_checked``), twin
resampling, the ``to_json`` round trip, the record replay, the tensor layout, the board hooks;
then seeded games with each bot level. About two seconds.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import pytest

from gravity_games import DataError, GameRecord, load
from gravity_games.agents import make_agents
from gravity_games.agents.levels import LEVELS
from gravity_games.core.play import play_game
from gravity_games.core.registry import entry, list_games, register, unregister
from tests.interop import test_tensor_layout as layout_checks

from . import test_api as api_checks
from . import test_board as board_checks
from .checks import Config, play_checked

SKELETON = "examples.skeleton_game"
GAME_ID = "skeleton-game"
CONFIG = Config(GAME_ID, 2, ())


def _forget_modules() -> None:
    for name in [m for m in sys.modules if m == SKELETON or m.startswith(SKELETON + ".")]:
        del sys.modules[name]


@contextmanager
def skeleton_registered() -> Iterator[ModuleType]:
    """The skeleton imported afresh (so its ``register`` call runs) and unregistered on exit.

    An entry that was there before (a test nested inside the module's fixture) is put back.
    """
    previous = unregister(GAME_ID)
    _forget_modules()
    try:
        yield importlib.import_module(SKELETON)
    finally:
        unregister(GAME_ID)
        _forget_modules()
        if previous is not None:
            register(
                previous.game_class,
                agents=previous.agents,
                text_view=previous.text_view,
                svg_view=previous.svg_view,
                doc=previous.doc,
                reconstructed=previous.reconstructed,
                board=previous.board,
                design=previous.design,
            )


@pytest.fixture(scope="module", autouse=True)
def skeleton() -> Iterator[ModuleType]:
    with skeleton_registered() as module:
        yield module


def test_registering_from_examples_is_undone_on_exit() -> None:
    unregister(GAME_ID)  # the module's fixture holds it; it is put back below
    try:
        with skeleton_registered():
            assert GAME_ID in list_games()
            assert entry(GAME_ID).game_class.__module__ == f"{SKELETON}.rules"
        assert GAME_ID not in list_games(), "the skeleton leaked into the registry"
    finally:
        importlib.import_module(SKELETON)  # registers it again for the other tests of this module


def test_the_api_promises_hold() -> None:
    api_checks.test_spec(CONFIG)
    api_checks.test_same_seed_same_game(CONFIG)
    api_checks.test_bad_parameters_are_refused(CONFIG)
    api_checks.test_state_documents_survive_bad_edits(CONFIG)


def test_every_step_is_checked_in_seeded_random_games() -> None:
    """Legality, privacy, resampling (twins included), to_json round trip, notation, record replay."""
    reasons = set()
    for seed in range(12):
        state = play_checked(CONFIG, seed=1000 + seed, full=True)
        outcome = state.outcome()
        assert outcome is not None and len(outcome.winners) == 1
        reasons.add(outcome.reason)
    for seed in range(200):
        assert play_checked(CONFIG, seed=seed, full=False).is_terminal()
    assert reasons == {"won the most rounds"}


def test_the_hand_is_private_and_the_bag_hidden_until_the_end() -> None:
    game = load(GAME_ID)
    state, _ = play_game(game, make_agents(["random"], game, 5), 5)
    rebuilt = game.state_from_json(state.to_json())
    assert rebuilt.observation(None)["bag"], "the bag is shown at the end"
    fresh = game.new_initial_state()
    for _ in range(6):  # the deal
        fresh.apply_action(fresh.legal_actions()[0])
    for seat in (0, 1):
        own = fresh.observation(seat)["hand"]
        assert len(own) == 3
        other = json.dumps(fresh.observation(1 - seat)) + json.dumps(fresh.observation(None))
        assert json.dumps({"hand": own})[1:-1] not in other
    assert "bag" not in fresh.observation(0) and fresh.observation(0)["bag_count"] == 1


def test_the_tensor_layout_covers_the_tensor_and_holds_along_a_game() -> None:
    layout_checks.test_layout_covers_the_tensor(GAME_ID, 2, "standard")
    layout_checks.test_layout_encodings_hold_along_a_game(GAME_ID, 2, "standard")


def test_every_decision_is_made_on_the_board() -> None:
    board_checks.test_every_decision_is_made_on_the_board(GAME_ID, 2)


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_seeded_games(level: str) -> None:
    game = load(GAME_ID)
    for seed in range(4):
        agents = make_agents([level, "random"], game, seed)
        assert agents[0].name == level
        state, record = play_game(game, agents, seed)
        assert state.is_terminal()
        again = play_game(game, make_agents([level, "random"], game, seed), seed)[1]
        assert again.to_json() == record.to_json(), f"{level}: the same seed played another game"
        assert GameRecord.from_json(record.to_json()).replay().to_json() == state.to_json()


def test_the_heuristic_beats_random_play() -> None:
    """Its rule calls must be right: a broken one would leave it no better than chance."""
    game = load(GAME_ID)
    wins = 0
    for seed in range(60):
        seat = seed % 2
        specs = ["heuristic", "random"] if seat == 0 else ["random", "heuristic"]
        state, _ = play_game(game, make_agents(specs, game, seed), seed)
        outcome = state.outcome()
        assert outcome is not None
        wins += seat in outcome.winners
    assert wins >= 36, f"the heuristic won {wins} of 60 games against random play"


def test_a_bad_data_file_names_each_wrong_field(tmp_path: Path) -> None:
    bad = tmp_path / "components.toml"
    bad.write_text(
        '[deal]\nsource = "rulebook"\nhand_size = 3\n[die]\nsource = "guess"\nfaces = [1, 1]\n'
        '[[tokens]]\nsource = "rulebook"\nname = "T1"\nvalue = 1\n',
        encoding="utf-8",
    )
    with pytest.raises(DataError) as err:
        load(GAME_ID, data=str(bad))
    message = str(err.value)
    assert "die.source" in message and "die" in message and "tokens" in message


def test_a_smaller_data_file_makes_a_smaller_game(tmp_path: Path) -> None:
    from examples.skeleton_game.design import DESIGN

    assert DESIGN.data_document is not None
    doc = DESIGN.data_document()
    lines = ['[deal]\nsource = "user"\nhand_size = 2\n', '[die]\nsource = "user"\nfaces = [1, 2, 3, 4]\n']
    for token in doc["tokens"][:5]:
        lines.append(f'[[tokens]]\nsource = "user"\nname = "{token["name"]}"\nvalue = {token["value"]}\n')
    path = tmp_path / "small.toml"
    path.write_text("".join(lines), encoding="utf-8")
    game = load(GAME_ID, data=str(path))
    assert game.spec.max_game_length == 2 * 2 + 2 * 3
    state = play_checked(Config(GAME_ID, 2, (("data", str(path)),)), seed=7, full=True)
    assert len(state.observation(None)["finished_rounds"]) == 2
    roles = DESIGN.roles(state.observation(None), game)
    assert roles == [{"first round": "first"}, {"first round": "second"}]
