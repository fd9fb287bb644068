"""Parameters, data files, hidden information, tensors, views and the heuristic bot."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path

import pytest

from gravity_games import DataError, InvalidParameterError, load
from gravity_games.agents import make_agents
from gravity_games.core.play import play_game
from gravity_games.core.registry import entry
from gravity_games.games.saving_waddles.render_svg import render_svg
from gravity_games.games.saving_waddles.render_text import render_text

PACKAGED = resources.files("gravity_games.games.saving_waddles").joinpath("data/components.toml").read_text()


def test_heroes_parameter_is_checked() -> None:
    with pytest.raises(InvalidParameterError, match=r"unknown hero.*'pacifica'.*allowed: wendy"):
        load("saving-waddles", players=2, heroes=("pacifica", "stan"))
    with pytest.raises(InvalidParameterError, match="names 1 heroes for 2 players"):
        load("saving-waddles", players=2, heroes=("stan",))
    with pytest.raises(InvalidParameterError, match="names a hero twice"):
        load("saving-waddles", players=2, heroes=("stan", "Stan"))
    with pytest.raises(InvalidParameterError, match="variant"):
        load("saving-waddles", players=2, variant="hard")
    with pytest.raises(InvalidParameterError, match="2-5 players"):
        load("saving-waddles", players=6)
    game = load("saving-waddles", players=2, heroes=("Mabel", "soos"))
    assert game.params["heroes"] == ("mabel", "soos")


def test_every_packaged_component_is_marked_reconstructed() -> None:
    values = entry("saving-waddles").reconstructed()
    assert len(values) == 8 + 7 + 3 + 2
    assert PACKAGED.count('source = "reconstructed"') == 20
    assert all(v["reason"] for v in values)


def test_a_users_own_data_file_is_used(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text(PACKAGED.replace('name = "Gnome Glade"', 'name = "Gnome Meadow"'))
    game = load("saving-waddles", players=2, data=str(mine))
    assert "Gnome Meadow" in game.track.card_names


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("reroll = 5", "reroll = 6"), "help_cards: the box has 21 cards"),
        (("reroll = 5", "rerol = 5"), "help_cards.rerol"),
        (('{ kind = "totem" }', '{ kind = "plain" }'), "board\\[7\\]: must end with totem"),
        (('{ kind = "help", number = 1 }', '{ kind = "help" }'), "numbers 1 to 6"),
        (('{ kind = "waddles_pointer" }', '{ kind = "pointer" }'), "Waddles Found"),
        (
            ('{ kind = "arrow", to = 2, colour = "blue" }', '{ kind = "arrow", to = 4, colour = "blue" }'),
            "forward arrow",
        ),
        (('victory = "roll"', 'victory = "dance"'), "hut_cards.2.victory"),
    ],
)
def test_a_wrong_data_file_names_the_problem(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    bad = tmp_path / "bad.toml"
    assert change[0] in PACKAGED
    bad.write_text(PACKAGED.replace(change[0], change[1], 1))
    with pytest.raises(DataError, match=message):
        load("saving-waddles", players=2, data=str(bad))


def test_missing_data_file_is_a_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read"):
        load("saving-waddles", players=2, data=str(tmp_path / "none.toml"))


def midgame(players: int = 3, seed: int = 4, fraction: float = 0.6):  # type: ignore[no-untyped-def]
    game = load("saving-waddles", players=players)
    _, record = play_game(game, make_agents(["heuristic"] * players, game, seed=seed), seed=seed)
    state = game.new_initial_state()
    for a in record.actions[: int(len(record.actions) * fraction)]:
        state.apply_action(a)
    return game, state


def test_hands_are_private_and_resampling_keeps_the_seats_view() -> None:
    _, state = midgame()
    for seat in range(3):
        mine = state.observation(seat)
        assert mine["hand"]["seat"] == seat
        for other in range(3):
            if other != seat:
                assert "hand" not in state.observation(other) or state.observation(other)["hand"]["seat"] == other
    assert "hand" not in state.observation(None)
    rng = random.Random(1)
    changed = False
    for _ in range(30):
        sample = state.resample_from_infostate(0, rng)
        assert sample.observation(0) == state.observation(0)
        assert sample.hands[0] == state.hands[0]
        changed |= sample.hands[1:] != state.hands[1:] or sample.path_cards != state.path_cards
    assert changed, "resampling never redrew anything the seat cannot see"


def test_face_down_path_cards_and_hut_card_are_redrawn() -> None:
    game = load("saving-waddles", players=2, heroes=("wendy", "dipper"))
    state = game.new_initial_state()
    for _ in range(8):
        state.apply_action(state.chance_outcomes()[0][0])
    rng = random.Random(3)
    slots = {tuple(state.resample_from_infostate(1, rng).path_cards) for _ in range(40)}
    huts = {state.resample_from_infostate(1, rng).hut_card for _ in range(40)}
    assert len(slots) > 1 and huts == {0, 1, 2}


def test_observation_tensor_has_the_spec_shape_and_follows_the_observation() -> None:
    game, state = midgame(players=4)
    for seat in (None, 0, 1, 2, 3):
        t = state.observation_tensor(seat)
        assert len(t) == game.spec.observation_shape[0]
        assert all(isinstance(x, float) for x in t)
    assert state.observation_tensor(0) != state.observation_tensor(1)
    sample = state.resample_from_infostate(2, random.Random(0))
    assert sample.observation_tensor(2) == state.observation_tensor(2)


@pytest.mark.parametrize("variant", ["standard", "simple"])
def test_views_draw_the_board_from_one_seats_observation(variant: str) -> None:
    game = load("saving-waddles", players=3, variant=variant)
    state, _ = play_game(game, make_agents(["random"] * 3, game, seed=2), seed=2)
    obs = state.observation(1)
    text = render_text(obs, game)
    assert "track" in text and obs["heroes"][0].capitalize() in text
    svg = render_svg(obs, game)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert svg.count("<rect") > game.last  # one square per space, at least
    for seat in range(3):
        assert f'data-part="token:{seat}"' in svg
    if variant == "standard":
        assert '<g data-region="hand">' in svg and "Your help cards" in svg and "Hut of Wonders" in text
        assert 'data-part="deck:mischief"' in svg and "Your help cards:" in text
    else:
        assert "data-region" not in svg and "deck:" not in svg and "help card" not in text


def test_face_down_cards_show_as_unknown_in_views() -> None:
    game, state = midgame(fraction=0.2)
    obs = state.observation(0)
    hidden = obs["path_cards"].count(None)
    assert hidden > 0
    assert render_svg(obs, game).count(">?</text>") >= hidden * game.track.card_len


def test_heuristic_beats_random() -> None:
    for players, games, floor in ((2, 300, 0.58), (5, 300, 0.30)):
        game = load("saving-waddles", players=players)
        wins = 0
        for seed in range(games):
            agents = make_agents(["heuristic"] + ["random"] * (players - 1), game, seed=seed)
            state, _ = play_game(game, agents, seed=seed)
            wins += state.winner == 0
        assert wins / games > floor, f"{players} players: heuristic won {wins}/{games}"


def test_packaged_track_positions_used_by_the_tests() -> None:
    from .helpers import NUMBER_POSITIONS, TOTEM, VICTORY, WADDLES_POINTER

    game = load("saving-waddles", players=2)
    track = game.track
    assert track.number_pos == NUMBER_POSITIONS
    assert (track.totem, track.victory, track.length) == (TOTEM, VICTORY, 69)
    assert track.space(WADDLES_POINTER, list(range(7)), 0)[0] == 4  # the Waddles Found! pointer


def test_heuristic_names_its_settings_and_refuses_others() -> None:
    game = load("saving-waddles", players=2)
    with pytest.raises(InvalidParameterError, match="no setting 'depth'; its settings: margin"):
        make_agents(["heuristic:depth=2", "random"], game, seed=1)
    with pytest.raises(InvalidParameterError, match="margin must be a number from 0 to 1000"):
        make_agents(["heuristic:margin=-1", "random"], game, seed=1)
