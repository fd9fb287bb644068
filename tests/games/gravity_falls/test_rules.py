"""Rule sentences of the rulebook, one scenario each (explicit state, choices, expected state):
the setup and parameters, the roll and moving tokens, resting, cards and the characters.

Monsters, the alarm track, curses and events are in ``test_rules_threats.py``.
"""

from __future__ import annotations

import pytest

from gravity_games import IllegalActionError, InvalidParameterError, InvalidStateError

from .rule_positions import FAR, body, pos
from .scenario import card_id, complete, game, loc, play, roll_id, texts


def task_names(state) -> list[str]:
    return [t[0] for t in body(state)["tasks"]]


# --------------------------------------------------------------------------- setup and params -------
def test_two_player_setup_removes_the_three_plus_cards():
    g = game(2)
    state = g.new_initial_state()
    b = body(state)
    marked = {loc.name for loc in g.tables.data.locations if loc.three_plus}
    assert marked <= set(b["box"])
    g3 = game(3)
    assert not marked & set(body(g3.new_initial_state())["box"])


def test_setup_places_monsters_characters_and_dice():
    g = game(2, monsters=("Gideon-Bot", "Pterodactyl", "Manotaur"), characters=("Dipper", "Wendy"))
    state = g.new_initial_state()
    play(state, card_id(state, "Town Hall"))
    b = body(state)
    assert b["monsters"][0]["location"] == "Town Hall"
    # five neighbours give one support token each, then all of them flip
    assert b["locations"]["Town Hall"] == {"support": 0, "distrust": 8, "die": False}


def test_parameters_are_checked():
    with pytest.raises(InvalidParameterError):
        game(1, monsters=("Gideon-Bot", "Nobody", "Manotaur"))
    with pytest.raises(InvalidParameterError):
        game(2, characters=("Dipper", "Dipper"))
    with pytest.raises(InvalidParameterError):
        game(1, events=9)


def test_bad_state_documents_are_refused():
    g = game(1)
    doc = complete(g, {"monsters": FAR, "characters": [{"name": "Dipper", "location": "Town Hall"}]})
    doc["state"]["locations"]["Town Hall"]["support"] += 1
    with pytest.raises(InvalidStateError, match="51"):
        g.state_from_json(doc)


def test_illegal_action_changes_nothing():
    state = pos(characters=[{"name": "Dipper", "location": "Town Hall"}], tasks=[["start_turn", -1, 0, 0]])
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply_action(state.rule_tables.ACTION_PLACE_DIE)
    assert state.to_json() == before


def test_outcome_names_the_three_monsters_met_even_when_drawn():
    # One run of the default draw gives the report its per-trio breakdown.
    from gravity_games.agents import make_agents
    from gravity_games.core.play import play_game

    seen = set()
    for seed in range(12):
        g = game(2)
        state, _ = play_game(g, make_agents(["random"], g, seed), seed)
        detail = state.outcome().detail
        names = detail["monsters"].split(" + ")
        assert detail["monster_set"] == "mixed" and len(names) == 3
        assert names == [state.monster_name(m) for m in sorted(range(3), key=lambda m: state.monsters[m])]
        levels = sorted(state.tables.monster_level[state.monsters[m]] for m in range(3))
        assert levels == ["easy", "hard", "medium"]  # one of each difficulty, as drawn
        seen.add(detail["monsters"])
    assert len(seen) > 1  # the label varies with the draw


# --------------------------------------------------------------------------- the roll -------------
def test_more_than_seven_dice_roll_seven_and_curse_for_each_extra_die():
    state = pos(
        characters=[
            {
                "name": "Stan",
                "location": "Town Hall",
                "discard": ["1-5"],
                "hand": ["0-4"],
                "deck": ["2-2", "3-1", "4-0", "T"],
            }
        ],
        locations={"Town Hall": {"support": 8}},
        turn_state={"card": 1},
        tasks=[["roll_setup", 0, 0, 0]],
    )
    assert body(state)["tasks"][0][:3] == ["roll", 0, 7]
    play(state, roll_id(7, 0))  # no curse symbol: only the 6 dice over the limit curse
    assert task_names(state).count("give_curse") == 6


def test_curse_limits_the_roll_to_five_dice():
    state = pos(
        characters=[
            {
                "name": "Stan",
                "location": "Town Hall",
                "discard": ["1-5"],
                "hand": ["0-4"],
                "deck": ["2-2", "3-1", "4-0", "T"],
                "curses": ["max_five_dice"],
            }
        ],
        locations={"Town Hall": {"support": 1}},
        turn_state={"card": 1},
        tasks=[["roll_setup", 0, 0, 0]],
    )
    assert body(state)["tasks"][0][:3] == ["roll", 0, 5]
    play(state, roll_id(4, 0))  # 1 curse symbol + the sixth die
    assert task_names(state).count("give_curse") == 2


def test_four_zero_without_support_rolls_no_dice():
    state = pos(
        characters=[{"name": "Stan", "location": "Town Hall", "discard": ["4-0"]}],
        locations={"Town Hall": {"distrust": 2}},
        turn_state={"card": 4},
        tasks=[["roll_setup", 0, 0, 0]],
    )
    assert "roll" not in task_names(state)
    assert loc(state, "Town Hall")["distrust"] == 2


def test_persuasion_extra_successes_are_lost_and_courage_die_needs_no_distrust():
    state = pos(
        characters=[{"name": "Stan", "location": "Town Hall", "discard": ["0-4"]}],
        locations={"Town Hall": {"support": 1, "distrust": 1}},
        turn_state={"card": 0},
        tasks=[["roll_setup", 0, 0, 0]],
    )
    play(state, roll_id(5, 0))
    assert loc(state, "Town Hall") == {"support": 2, "distrust": 0, "die": False}
    assert texts(state) == ["place die", "pass"]


def test_fight_without_distrust_needs_one_success_and_failed_successes_do_not_count():
    state = pos(
        monsters=[{"name": "Gideon-Bot", "location": "Town Hall"}, *FAR[1:]],
        characters=[{"name": "Stan", "location": "Town Hall", "discard": ["2-2"]}],
        turn_state={"card": 2},
        tasks=[["roll_setup", 0, 0, 0]],
    )
    play(state, roll_id(0, 1))  # 0 successes, 1 move, 1 curse
    assert body(state)["monsters"][0]["location"] == "Town Hall"
    state = pos(
        monsters=[{"name": "Gideon-Bot", "location": "Town Hall"}, *FAR[1:]],
        characters=[{"name": "Stan", "location": "Town Hall", "discard": ["2-2"]}],
        turn_state={"card": 2},
        tasks=[["roll_setup", 0, 0, 0]],
    )
    play(state, roll_id(1, 1))
    assert body(state)["monsters"][0]["location"] == "defeated"


def test_moving_tokens_is_compulsory_even_with_a_courage_die():
    state = pos(
        characters=[{"name": "Stan", "location": "Town Hall", "discard": ["0-4"]}],
        locations={"Town Hall": {"support": 2, "die": True}},
        turn_state={"card": 0},
        tasks=[["roll_setup", 0, 0, 0]],
    )
    play(state, roll_id(0, 6))
    assert all(t.startswith("move support to") for t in texts(state))
    assert "pass" not in texts(state)


def test_no_move_support_curse_moves_only_distrust():
    state = pos(
        characters=[{"name": "Stan", "location": "Town Hall", "discard": ["0-4"], "curses": ["no_move_support"]}],
        locations={"Town Hall": {"support": 2, "distrust": 1}},
        turn_state={"card": 0},
        tasks=[["roll_setup", 0, 0, 0]],
    )
    play(state, roll_id(0, 6))
    assert all(t.startswith("move distrust") for t in texts(state))
    play(state, "move distrust to Police Station")
    assert loc(state, "Town Hall")["support"] == 2  # the other arrows are lost: support may not move


# --------------------------------------------------------------------------- rest and cards ---------
def test_rest_takes_back_every_action_card():
    state = pos(
        characters=[
            {
                "name": "Dipper",
                "location": "Town Hall",
                "hand": ["0-4"],
                "deck": ["1-5", "T"],
                "discard": ["2-2", "3-1", "4-0"],
            }
        ],
        tasks=[["start_turn", -1, 0, 0]],
    )
    play(state, "rest")
    assert body(state)["characters"][0]["hand"] == ["0-4", "1-5", "2-2", "3-1", "4-0", "T"]


def test_rest_under_the_draw_curse_leaves_one_random_card():
    state = pos(
        characters=[
            {
                "name": "Dipper",
                "location": "Town Hall",
                "hand": ["0-4"],
                "deck": ["1-5", "T"],
                "discard": ["2-2", "3-1", "4-0"],
                "curses": ["draw_fewer"],
            }
        ],
        tasks=[["start_turn", -1, 0, 0]],
    )
    play(state, "rest")
    assert len(state.chance_outcomes()) == 5
    play(state, 3)
    ch = body(state)["characters"][0]
    assert ch["hand"] == ["0-4", "1-5", "2-2", "4-0", "T"] and ch["deck"] == ["3-1"]


def test_no_cards_in_hand_means_rest():
    state = pos(
        characters=[{"name": "Dipper", "location": "Town Hall", "hand": [], "discard": ALL}],
        tasks=[["start_turn", -1, 0, 0]],
    )
    assert body(state)["characters"][0]["hand"] == ALL  # the only legal step, rest, was taken


ALL = ["0-4", "1-5", "2-2", "3-1", "4-0", "T"]


def test_teleport_needs_a_suitable_location():
    state = pos(characters=[{"name": "Soos", "location": "Town Hall"}], tasks=[["start_turn", -1, 0, 0]])
    assert "play teleport" not in texts(state)  # Soos goes to a courage die, and there is none
    state = pos(
        characters=[{"name": "Soos", "location": "Town Hall"}],
        locations={"Arcade": {"die": True}},
        tasks=[["start_turn", -1, 0, 0]],
    )
    play(state, "play teleport")
    assert body(state)["characters"][0]["location"] == "Arcade"


def test_draw_refills_the_deck_from_the_discard_pile():
    state = pos(
        characters=[
            {"name": "Dipper", "location": "Town Hall", "hand": ["0-4"], "discard": ["1-5", "2-2", "3-1", "4-0", "T"]}
        ],
        tasks=[["draw", 0, 1, 0]],
    )
    assert len(state.chance_outcomes()) == 5
    assert body(state)["characters"][0]["deck"] == ["1-5", "2-2", "3-1", "4-0", "T"]


def test_curse_roll_discards_only_old_curses():
    state = pos(
        characters=[
            {
                "name": "Dipper",
                "location": "Town Hall",
                "curses": ["draw_fewer", "flip_support"],
                "new_curses": ["flip_support"],
            }
        ],
        locations={"Town Hall": {"support": 3, "die": True}},
        tasks=[["cleanse", 0, 0, 0]],
    )
    assert len(state.chance_outcomes()) == 4  # 3 dice, one per support token
    play(state, 2)
    assert sorted(texts(state)) == ["drop curse draw_fewer", "pass"]
    play(state, "drop curse draw_fewer")
    assert body(state)["characters"][0]["curses"] == ["flip_support"]


# --------------------------------------------------------------------------- characters ------------
def test_mabel_draws_up_to_three():
    state = pos(
        characters=[
            {
                "name": "Mabel",
                "location": "Town Hall",
                "hand": ["0-4"],
                "deck": ["1-5", "T"],
                "discard": ["2-2", "3-1", "4-0"],
            }
        ],
        turn_state={"card": 2},
        tasks=[["end_steps", 0, 0, 0]],
    )
    play(state, "pass", 1)
    assert body(state)["characters"][0]["hand"] == ["0-4", "1-5", "T"]


def test_stan_may_take_a_card_from_his_discard_pile():
    state = pos(
        characters=[
            {
                "name": "Stan",
                "location": "Town Hall",
                "hand": ["0-4"],
                "deck": ["1-5", "T"],
                "discard": ["2-2", "3-1", "4-0"],
            }
        ],
        turn_state={"card": 2},
        tasks=[["end_steps", 0, 0, 0]],
    )
    play(state, "pass")
    assert sorted(texts(state)) == ["draw deck", "take 2-2", "take 3-1", "take 4-0"]
    play(state, "take 3-1")
    assert body(state)["characters"][0]["hand"] == ["0-4", "3-1"]


def test_soos_removes_a_curse_from_a_neighbour():
    state = pos(
        players=2,
        characters=[
            {"name": "Soos", "location": "Town Hall", "curses": ["draw_fewer"]},
            {"name": "Wendy", "location": "Police Station", "curses": ["flip_support"]},
        ],
        tasks=[["ability", 0, 0, 0]],
    )
    assert sorted(texts(state)) == ["heal Wendy flip_support", "pass"]  # never his own curse
    play(state, "heal Wendy flip_support")
    assert body(state)["characters"][1]["curses"] == []


def test_wendy_moves_a_courage_die():
    state = pos(
        characters=[{"name": "Wendy", "location": "Town Hall"}],
        locations={"Police Station": {"die": True}},
        tasks=[["ability", 0, 0, 0]],
    )
    assert sorted(texts(state)) == ["die from Police Station", "pass"]
    play(state, "die from Police Station")
    assert loc(state, "Town Hall")["die"] and not loc(state, "Police Station")["die"]


def test_dipper_rerolls_one_die():
    state = pos(
        characters=[{"name": "Dipper", "location": "Town Hall", "discard": ["0-4"]}],
        turn_state={"card": 0},
        tasks=[["roll_setup", 0, 0, 0]],
    )
    play(state, roll_id(3, 0))
    assert sorted(texts(state)) == ["pass", "reroll curse", "reroll success"]
    play(state, "reroll curse", 0)  # the curse die comes up a success
    assert body(state)["turn_state"]["roll"] == [4, 0, 0]
    assert body(state)["characters"][0]["curses"] == [] and texts(state) == ["place die", "pass"]
