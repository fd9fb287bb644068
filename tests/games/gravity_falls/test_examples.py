"""Every worked example of the rulebook, as an explicit state, the choices, and the state expected."""

from __future__ import annotations

import pytest

from gravity_games import IllegalActionError

from .scenario import build, card_id, curse_id, game, loc, play, roll_id, texts

TENT = "Gideon's Telepathy Tent"


def movement_position():
    g = game(1)
    return build(
        g,
        {
            "monsters": [
                {"name": "Gideon-Bot", "location": "Kordroy House"},
                {"name": "Gremoblin", "location": "Water Tower"},
                {"name": "Manotaur", "location": "Cemetery"},
            ],
            "characters": [{"name": "Dipper", "location": "Mystery Shack"}],
            "revealed": ["Police Station", "Town Hall", "Arcade"],
            "tasks": [["start_turn", -1, 0, 0]],
        },
    )


def test_movement_example_three_roads_to_the_tent():
    """Dipper plays "3-1": the three-road route Shack - Summerween - Arcade - tent is allowed."""
    state = movement_position()
    play(state, "play 3-1", "go Summerween Shop", "go Arcade", f"go {TENT}")
    body = state.to_json()["state"]
    assert body["characters"][0]["location"] == TENT
    assert body["characters"][0]["discard"] == ["3-1"]
    assert body["tasks"][0][:3] == ["roll", 0, 1]  # movement over; rumors (nothing to pull), then 1 die


def test_movement_example_two_roads_are_not_enough():
    """The route Shack - Letoyin's Shop - tent has only two roads: Dipper cannot stop there."""
    state = movement_position()
    play(state, "play 3-1", "go Letoyin's Shop", f"go {TENT}")
    body = state.to_json()["state"]
    assert body["tasks"][0][0] == "route" and body["turn_state"]["route_left"] == 1


def test_movement_example_no_road_twice_and_no_return():
    """Going back along the road just used, or back to the start, is refused."""
    state = movement_position()
    play(state, "play 3-1", "go Letoyin's Shop", f"go {TENT}")
    assert "go Letoyin's Shop" not in texts(state)
    with pytest.raises(IllegalActionError):
        play(state, "go Letoyin's Shop")
    state = movement_position()
    play(state, "play 3-1", "go Letoyin's Shop")
    assert "go Mystery Shack" not in texts(state)


def test_rumors_example():
    """Support from Letoyin's, distrust from Dusk Till Dawn, a chosen distrust from the Arcade, none from the
    junkyard with its courage die."""
    g = game(1)
    state = build(
        g,
        {
            "locations": {
                TENT: {"support": 2, "distrust": 1},
                "Letoyin's Shop": {"support": 2},
                "From Dusk Till Dawn": {"distrust": 2},
                "Arcade": {"support": 1, "distrust": 1},
                "Gravity Falls Junkyard": {"support": 2, "die": True},
            },
            "monsters": [
                {"name": "Gideon-Bot", "location": "Kordroy House"},
                {"name": "Gremoblin", "location": "Water Tower"},
                {"name": "Manotaur", "location": "Cemetery"},
            ],
            "characters": [
                {"name": "Dipper", "location": TENT, "hand": ["0-4", "1-5", "2-2", "4-0", "T"], "discard": ["3-1"]}
            ],
            "turn_state": {"card": 3},
            "tasks": [["after_move", 0, 0, 0]],
        },
    )
    assert sorted(texts(state)) == ["pull distrust", "pull support"]  # the Arcade: Dipper chooses
    play(state, "pull distrust")
    assert sorted(texts(state)) == ["leave", "pull support"]  # the junkyard: pulling is optional
    play(state, "leave")
    assert loc(state, TENT) == {"support": 3, "distrust": 3, "die": False}
    assert loc(state, "Letoyin's Shop")["support"] == 1
    assert loc(state, "From Dusk Till Dawn")["distrust"] == 1
    assert loc(state, "Arcade") == {"support": 1, "distrust": 0, "die": False}
    assert loc(state, "Gravity Falls Junkyard") == {"support": 2, "distrust": 0, "die": True}


def persuasion_position():
    g = game(1)
    return build(
        g,
        {
            "locations": {"Town Hall": {"support": 4, "distrust": 3}},
            "monsters": [
                {"name": "Gideon-Bot", "location": "Kordroy House"},
                {"name": "Gremoblin", "location": "Water Tower"},
                {"name": "Manotaur", "location": "Cemetery"},
            ],
            "characters": [
                {
                    "name": "Dipper",
                    "location": "Town Hall",
                    "hand": ["0-4", "1-5"],
                    "deck": ["2-2", "4-0", "T"],
                    "discard": ["3-1"],
                }
            ],
            "revealed": ["Police Station", "Arcade", "Bottomless Pit"],
            "turn_state": {"card": 3},
            "tasks": [["roll_setup", 0, 0, 0]],
        },
    )


def test_persuasion_example():
    state = persuasion_position()
    assert state.chance_outcomes()[0][0] == roll_id(0, 0) and len(state.chance_outcomes()) == 21  # 5 dice
    play(state, roll_id(2, 1), "pass")  # success, success, movement, curse, curse; Dipper keeps his roll
    assert loc(state, "Town Hall") == {"support": 6, "distrust": 1, "die": False}
    play(state, "move distrust to Police Station")
    assert loc(state, "Town Hall")["distrust"] == 0
    assert loc(state, "Police Station")["distrust"] == 1
    play(state, curse_id(state, "no_move_support"))  # only one curse for two curse symbols
    body = state.to_json()["state"]
    assert body["characters"][0]["curses"] == ["no_move_support"]
    assert texts(state) == ["place die", "pass"]
    play(state, "place die")
    assert loc(state, "Town Hall") == {"support": 6, "distrust": 0, "die": True}
    play(state, 2)  # he draws 1 card from his action deck: the "2-2"
    body = state.to_json()["state"]
    assert body["characters"][0]["hand"] == ["0-4", "1-5", "2-2"]
    # 6 support tokens and a courage die, but the only curse was received this turn: no curse roll
    assert body["characters"][0]["curses"] == ["no_move_support"]
    assert all(t[0] != "cleanse" for t in body["tasks"])


def test_fight_example():
    g = game(1)
    state = build(
        g,
        {
            "locations": {"Town Hall": {"support": 4, "distrust": 2}},
            "monsters": [
                {"name": "Gideon-Bot", "location": "Town Hall"},
                {"name": "Gremoblin", "location": "Water Tower"},
                {"name": "Manotaur", "location": "Cemetery"},
            ],
            "characters": [
                {
                    "name": "Dipper",
                    "location": "Town Hall",
                    "hand": ["0-4", "1-5"],
                    "deck": ["2-2", "4-0", "T"],
                    "discard": ["3-1"],
                }
            ],
            "revealed": ["Police Station", "Arcade", "Bottomless Pit"],
            "turn_state": {"card": 3},
            "tasks": [["roll_setup", 0, 0, 0]],
        },
    )
    play(state, roll_id(3, 1), "pass")  # success x3, movement, curse
    body = state.to_json()["state"]
    assert body["monsters"][0]["location"] == "defeated"
    assert loc(state, "Town Hall") == {"support": 4, "distrust": 2, "die": False}  # successes flip nothing
    play(state, "move support to Police Station", curse_id(state, "max_five_dice"))
    body = state.to_json()["state"]
    assert body["characters"][0]["curses"] == ["max_five_dice"]
    # a distrust token is still here: no courage die, no card drawn, no curse roll
    assert body["locations"]["Town Hall"]["die"] is False
    assert body["characters"][0]["hand"] == ["0-4", "1-5"]
    assert body["result"] == "ongoing"


def monster_phase_position():
    g = game(1)
    return build(
        g,
        {
            "locations": {
                "Babulita's House": {"support": 1, "distrust": 1},
                "Kordroy House": {"distrust": 2},
                "Gravity Falls High School": {"support": 2, "distrust": 1},
                "Gravity Falls History Museum": {"support": 3, "die": True},
            },
            "monsters": [
                {"name": "Gremoblin", "location": "Town Hall"},
                {"name": "Gideon-Bot", "location": "Bottomless Pit"},
                {"name": "Manotaur", "location": "Cemetery"},
            ],
            "characters": [{"name": "Dipper", "location": "Police Station"}],
            "revealed": ["Arcade", "Skull Fracture", "Babulita's House"],
            "movement_deck": ["Water Tower"],
            "tasks": [["monster_move", 0, 0, 0]],
        },
    )


def test_monster_movement_example():
    """The card furthest from the deck (Babulita's House) moves the monster closest to Dipper (Gremoblin)."""
    state = monster_phase_position()
    body = state.to_json()["state"]
    assert body["monsters"][0]["location"] == "Babulita's House"
    assert body["revealed"] == ["Arcade", "Skull Fracture"]
    assert "Babulita's House" in body["movement_discard"]


def test_disorder_example():
    """Gremoblin pulls distrust from the Kordroy house, the chosen support from the high school, nothing from the
    museum (courage die); 2 distrust raise the alarm by 2; then the support tokens flip."""
    state = monster_phase_position()
    assert sorted(texts(state)) == ["pull distrust", "pull support"]
    play(state, "pull support")
    body = state.to_json()["state"]
    assert body["alarm"] == 2
    assert loc(state, "Babulita's House") == {"support": 0, "distrust": 4, "die": False}
    assert loc(state, "Kordroy House")["distrust"] == 1
    assert loc(state, "Gravity Falls High School") == {"support": 1, "distrust": 1, "die": False}
    assert loc(state, "Gravity Falls History Museum") == {"support": 3, "distrust": 0, "die": True}


def test_event_example():
    """The first event acts (courage dice near monsters go), the second is discarded and raises the alarm by 1,
    then a movement card fills the free space."""
    g = game(1)
    state = build(
        g,
        {
            "locations": {"Arcade": {"die": True}, "Water Tower": {"die": True}},
            "monsters": [
                {"name": "Gremoblin", "location": "Arcade"},
                {"name": "Gideon-Bot", "location": "Police Station"},
                {"name": "Manotaur", "location": "Cemetery"},
            ],
            "characters": [{"name": "Dipper", "location": "Mystery Shack"}],
            "revealed": ["Skull Fracture", "Town Hall"],
            "movement_deck": ["Greasy's Diner", "event 5 (remove_die_monsters)", "event 7 (flee)"],
            "tasks": [["reveal_stage", 0, 0, 0], ["end_turn", 0, 0, 0]],
        },
    )
    play(state, card_id(state, "event 5 (remove_die_monsters)"))
    body = state.to_json()["state"]
    assert loc(state, "Arcade")["die"] is False and loc(state, "Water Tower")["die"] is False
    assert body["alarm"] == 0
    play(state, card_id(state, "event 7 (flee)"))
    assert state.to_json()["state"]["alarm"] == 1
    body = state.to_json()["state"]
    assert body["revealed"] == ["Greasy's Diner", "Skull Fracture", "Town Hall"]
    assert body["movement_discard"][-2:] == ["event 5 (remove_die_monsters)", "event 7 (flee)"]
    assert body["characters"][0]["location"] == "Mystery Shack"  # the flee event did not act
