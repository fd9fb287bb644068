"""Rule sentences of the rulebook, one scenario each (explicit state, choices, expected state):
the monster phase, the alarm track and how the game is lost, curses, the monsters' own rules and
events.

Setup, the roll, cards and the characters are in ``test_rules.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from .rule_positions import FAR, ROW, body, pos
from .scenario import build, card_id, curse_id, game, loc, play, roll_id, texts


# --------------------------------------------------------------------------- monster phase ---------
def test_courage_die_stops_the_monster_and_skips_disorder():
    state = pos(
        characters=[{"name": "Dipper", "location": "Town Hall"}],
        monsters=[{"name": "Gremoblin", "location": "Police Station"}, *FAR[:1], FAR[2]],
        locations={"Bottomless Pit": {"support": 1, "die": True}, "Mystery Shack": {"distrust": 3}},
        movement_deck=["Skull Fracture"],
        tasks=[["monster_move", 0, 0, 0]],
    )
    b = body(state)
    assert b["monsters"][0]["location"] == "Police Station"
    assert b["locations"]["Bottomless Pit"] == {"support": 1, "distrust": 0, "die": False}
    assert b["alarm"] == 0 and b["locations"]["Mystery Shack"]["distrust"] == 3


def test_equally_close_monsters_the_active_player_chooses():
    state = pos(
        characters=[{"name": "Dipper", "location": "Town Hall"}],
        monsters=[
            {"name": "Gremoblin", "location": "Police Station"},
            {"name": "Gideon-Bot", "location": "Greasy's Diner"},
            FAR[2],
        ],
        movement_deck=["Skull Fracture"],
        tasks=[["monster_move", 0, 0, 0]],
    )
    assert sorted(texts(state)) == ["monster Gideon-Bot", "monster Gremoblin"]
    play(state, "monster Gideon-Bot")
    assert body(state)["monsters"][1]["location"] == "Bottomless Pit"


def test_disorder_curses_characters_in_the_monster_location():
    state = pos(
        players=2,
        characters=[{"name": "Dipper", "location": "Town Hall"}, {"name": "Mabel", "location": "Bottomless Pit"}],
        monsters=[{"name": "Gremoblin", "location": "Police Station"}, *FAR[:1], FAR[2]],
        movement_deck=["Skull Fracture"],
        tasks=[["monster_move", 0, 0, 0]],
    )
    assert body(state)["tasks"][0][:2] == ["give_curse", 1]


def test_pterodactyl_pulls_distrust_even_from_courage_dice():
    state = pos(
        characters=[{"name": "Dipper", "location": "Town Hall"}],
        monsters=[{"name": "Pterodactyl", "location": "Police Station"}, *FAR[:1], FAR[2]],
        locations={"Mystery Shack": {"support": 2, "distrust": 1, "die": True}, "Cemetery": {"support": 2}},
        movement_deck=["Skull Fracture"],
        tasks=[["monster_move", 0, 0, 0]],
    )
    assert loc(state, "Mystery Shack") == {"support": 2, "distrust": 0, "die": True}
    assert loc(state, "Cemetery")["support"] == 2  # never support tokens
    assert body(state)["alarm"] == 1


def test_reshuffle_when_the_movement_deck_runs_out():
    state = pos(
        characters=[{"name": "Dipper", "location": "Town Hall"}],
        movement_deck=[],
        movement_discard=["Skull Fracture", "Arcade"],
        revealed=["Police Station", "Bottomless Pit"],
        tasks=[["reveal_stage", 0, 0, 0], ["end_turn", 0, 0, 0]],
    )
    assert sorted(c for c, _ in state.chance_outcomes()) == [card_id(state, "Arcade"), card_id(state, "Skull Fracture")]
    play(state, card_id(state, "Arcade"))
    assert body(state)["revealed"] == ["Arcade", "Police Station", "Bottomless Pit"]


# --------------------------------------------------------------------------- alarm track -----------
def test_monster_icon_curses_every_player_after_the_effect():
    state = pos(
        players=2,
        characters=[{"name": "Dipper", "location": "Town Hall"}, {"name": "Mabel", "location": "Arcade"}],
        monsters=[{"name": "Gremoblin", "location": "Police Station"}, *FAR[:1], FAR[2]],
        locations={"Mystery Shack": {"distrust": 2}},
        alarm=7,
        movement_deck=["Skull Fracture"],
        tasks=[["monster_move", 0, 0, 0]],
    )
    b = body(state)
    assert b["alarm"] == 8
    assert [t[:2] for t in b["tasks"][:2]] == [["give_curse", 0], ["give_curse", 1]]


def test_three_icons_leave_two_revealed_cards():
    state = pos(
        characters=[{"name": "Dipper", "location": "Town Hall"}],
        monsters=[{"name": "Gremoblin", "location": "Police Station"}, *FAR[:1], FAR[2]],
        locations={"Mystery Shack": {"distrust": 2}},
        alarm=12,
        movement_deck=["Skull Fracture", "Greasy's Diner"],
        tasks=[["monster_move", 0, 0, 0]],
    )
    b = body(state)
    assert b["alarm"] == 13 and b["row_capacity"] == 2
    assert b["revealed"] == ["Police Station", "Arcade"]  # no third card replaces the one used


def test_three_icons_by_an_event_discard_the_card_closest_to_the_deck():
    state = pos(
        characters=[{"name": "Dipper", "location": "Town Hall"}],
        alarm=12,
        tasks=[["ev_discard_or_alarm", 0, 0, 0], ["end_turn", 0, 0, 0]],
    )
    play(state, "raise alarm")
    b = body(state)
    assert b["alarm"] == 13 and b["revealed"] == ["Arcade", "Bottomless Pit"]
    assert "Police Station" in b["movement_discard"]


# Notes on the Alarm Track, the sentence these tests carry out:
THREE_ICONS_BY_EFFECT = (
    "If that space is reached because of a curse or an event, discard the revealed card closest to the deck."
)


def reveal_stage_event(event: str, revealed: list[str], **part: Any):
    """The reveal stage, one space short of the three icons: ``event`` on the deck, Skull Fracture under it."""
    return pos(
        characters=[{"name": "Dipper", "location": "Town Hall"}],
        alarm=12,
        revealed=revealed,
        movement_deck=[event, "Skull Fracture"],
        tasks=[["reveal_stage", 0, 0, 0], ["end_turn", 0, 0, 0]],
        **part,
    )


@pytest.mark.parametrize(
    ("revealed", "kept"),
    [
        (["Police Station", "Arcade"], ["Skull Fracture", "Arcade"]),  # the usual reveal stage: two cards show
        (["Arcade"], ["Skull Fracture"]),  # one card: it is the closest to the deck
    ],
)
def test_three_icons_by_the_discard_or_raise_event_in_the_reveal_stage_discard_the_card_closest_to_the_deck(
    revealed, kept
):
    # THREE_ICONS_BY_EFFECT: the event raised the alarm, so the card closest to the deck goes even though only
    # 1 or 2 cards show; the reveal stage then fills the row up to the 2 cards that stay revealed.
    state = reveal_stage_event("event 1 (discard_or_alarm)", revealed)
    play(state, card_id(state, "event 1 (discard_or_alarm)"), "raise alarm")
    b = body(state)
    assert b["alarm"] == 13 and b["row_capacity"] == 2
    assert b["revealed"] == kept
    assert revealed[0] in b["movement_discard"]
    assert ("The revealed card closest to the deck is discarded: " + revealed[0]) in state.log()


def test_three_icons_by_an_event_with_no_card_revealed_discard_nothing():
    # THREE_ICONS_BY_EFFECT with nothing revealed: there is no card to discard; the row still shrinks to 2.
    state = reveal_stage_event("event 1 (discard_or_alarm)", [])
    play(state, card_id(state, "event 1 (discard_or_alarm)"), "raise alarm")
    b = body(state)
    assert b["alarm"] == 13 and b["row_capacity"] == 2 and b["revealed"] == ["Skull Fracture"]
    assert not any(line.startswith("The revealed card closest") for line in state.log())


def test_three_icons_by_a_second_event_discard_the_card_closest_to_the_deck():
    # "raise the alarm level by 1 for each" extra event: an event raised it, so THREE_ICONS_BY_EFFECT applies.
    state = reveal_stage_event("event 2 (discard_or_alarm)", ["Police Station", "Arcade"], turn_state={"event_used": 1})
    play(state, card_id(state, "event 2 (discard_or_alarm)"))
    b = body(state)
    assert b["alarm"] == 13 and b["revealed"] == ["Skull Fracture", "Arcade"]
    assert "Police Station" in b["movement_discard"]


def test_three_icons_by_bills_scheme_discard_the_card_closest_to_the_deck():
    # THREE_ICONS_BY_EFFECT "because of a curse": Bill's scheme reveals a second event (+1 alarm to the three
    # icons) after moving the row on; the card closest to the deck goes and the scheme's reveal fills the row.
    state = pos(
        characters=[{"name": "Dipper", "location": "Town Hall"}],
        alarm=12,
        movement_deck=["event 2 (discard_or_alarm)", "Skull Fracture"],
        turn_state={"event_used": 1},
        tasks=[["give_curse", 0, 0, 0]],
    )
    play(state, curse_id(state, "reveal_card"), card_id(state, "event 2 (discard_or_alarm)"))
    b = body(state)
    assert b["alarm"] == 13 and b["revealed"] == ["Skull Fracture", "Arcade"]
    assert {"Police Station", "Bottomless Pit"} <= set(b["movement_discard"])


def test_the_bus_loses_the_game():
    state = pos(
        characters=[{"name": "Dipper", "location": "Town Hall"}],
        alarm=17,
        tasks=[["ev_discard_or_alarm", 0, 0, 0], ["end_turn", 0, 0, 0]],
    )
    play(state, "raise alarm")
    assert state.is_terminal() and state.returns() == [0.0]
    assert state.outcome().reason == "lost: the alarm reached the bus"


@pytest.mark.parametrize(
    ("monsters", "label"),
    [
        (None, "mixed"),
        (("Gideon-Bot", "Gremoblin", "Pterodactyl"), "easy"),
        (("Pterodactyl", "Gideon-Bot", "Gremoblin"), "easy"),
        (("Zhivogryz", "Rumble McSkirmish", "Time Monster"), "hard"),
        (("Manotaur", "Gideon-Bot", "Zhivogryz"), "Gideon-Bot + Zhivogryz + Manotaur"),
    ],
)
def test_outcome_names_the_monster_set_for_balance_reports(monsters, label):
    # The balance report plots the team win rate per value of every label in Outcome.detail.
    g = game(1) if monsters is None else game(1, monsters=monsters)
    state = build(
        g,
        {
            "monsters": FAR,
            "revealed": ROW,
            "alarm": 17,
            "characters": [{"name": "Dipper", "location": "Town Hall"}],
            "tasks": [["ev_discard_or_alarm", 0, 0, 0], ["end_turn", 0, 0, 0]],
        },
    )
    assert state.outcome() is None
    play(state, "raise alarm")
    assert state.outcome().detail["monster_set"] == label


def test_simplified_rules_ignore_the_marks_but_not_the_bus():
    g = game(1, variant="simplified")
    hand = ["0-4", "1-5", "2-2", "3-1", "4-0"]  # the Teleport cards stay in the box
    state = build(
        g,
        {
            "monsters": [{"name": "Gremoblin", "location": "Police Station"}, FAR[0], FAR[2]],
            "revealed": ROW,
            "alarm": 12,
            "locations": {"Mystery Shack": {"distrust": 2}},
            "characters": [{"name": "Dipper", "location": "Town Hall", "hand": hand}],
            "movement_deck": ["Skull Fracture"],
            "tasks": [["monster_move", 0, 0, 0]],
        },
    )
    b = body(state)
    assert b["alarm"] == 13 and b["row_capacity"] == 3 and b["revealed"][0] == "Skull Fracture"
    state = build(
        g,
        {
            "monsters": [{"name": "Gremoblin", "location": "Police Station"}, FAR[0], FAR[2]],
            "revealed": ROW,
            "alarm": 17,
            "locations": {"Mystery Shack": {"distrust": 2}},
            "characters": [{"name": "Dipper", "location": "Town Hall", "hand": hand}],
            "movement_deck": ["Skull Fracture"],
            "tasks": [["monster_move", 0, 0, 0]],
        },
    )
    assert state.is_terminal() and state.outcome().reason == "lost: the alarm reached the bus"


# --------------------------------------------------------------------------- curses -----------------
def test_a_duplicate_curse_is_discarded_and_another_drawn():
    state = pos(
        characters=[{"name": "Dipper", "location": "Town Hall", "curses": ["draw_fewer"]}],
        tasks=[["give_curse", 0, 0, 0]],
    )
    play(state, curse_id(state, "draw_fewer"))
    b = body(state)
    assert b["curse_discard"]["draw_fewer"] == 1 and b["tasks"][0][:2] == ["give_curse", 0]
    play(state, curse_id(state, "max_five_dice"))
    assert body(state)["characters"][0]["curses"] == ["draw_fewer", "max_five_dice"]


def test_draw_fewer_curse_stops_the_single_draw():
    state = pos(
        characters=[
            {
                "name": "Dipper",
                "location": "Town Hall",
                "hand": ["0-4"],
                "deck": ["1-5"],
                "discard": ["2-2", "3-1", "4-0", "T"],
                "curses": ["draw_fewer"],
            }
        ],
        turn_state={"card": 2},
        tasks=[["end_steps", 0, 0, 0]],
    )
    play(state, "pass")
    assert body(state)["characters"][0]["hand"] == ["0-4"]


def test_flip_support_curse_at_the_end_of_the_turn():
    state = pos(
        characters=[{"name": "Dipper", "location": "Town Hall", "curses": ["flip_support"]}],
        locations={"Town Hall": {"support": 2}},
        tasks=[["flip_curse", 0, 0, 0]],
    )
    assert loc(state, "Town Hall")["support"] == 1 and loc(state, "Town Hall")["distrust"] == 1


def test_no_shared_location_curse_blocks_routes_through_characters():
    state = pos(
        players=2,
        characters=[
            {"name": "Dipper", "location": "Mystery Shack", "curses": ["no_shared_location"]},
            {"name": "Mabel", "location": "Letoyin's Shop"},
        ],
        tasks=[["start_turn", -1, 0, 0]],
    )
    play(state, "play 1-5")
    assert "go Letoyin's Shop" not in texts(state)


def test_reveal_card_curse_moves_the_revealed_cards_on():
    state = pos(
        characters=[{"name": "Dipper", "location": "Town Hall"}],
        movement_deck=["Skull Fracture", "Cemetery"],
        tasks=[["give_curse", 0, 0, 0]],
    )
    play(state, curse_id(state, "reveal_card"), card_id(state, "Skull Fracture"))
    b = body(state)
    assert b["revealed"] == ["Skull Fracture", "Police Station", "Arcade"]
    assert "Bottomless Pit" in b["movement_discard"]


# --------------------------------------------------------------------------- monsters ---------------
def fight(
    monster: str, successes: int, moves: int, distrust: int = 0, curses: list | None = None, others: list | None = None
):
    others = FAR[1:] if others is None else others
    state = pos(
        monsters=[{"name": monster, "location": "Town Hall"}, *others],
        characters=[{"name": "Stan", "location": "Town Hall", "discard": ["0-4"], "curses": curses or []}],
        locations={"Town Hall": {"distrust": distrust}},
        turn_state={"card": 0},
        tasks=[["roll_setup", 0, 0, 0]],
    )
    play(state, roll_id(successes, moves))
    return body(state)["monsters"][0]["location"] == "defeated"


def test_rumble_counts_arrows_not_successes():
    assert not fight("Rumble McSkirmish", 4, 0, distrust=1)
    assert fight("Rumble McSkirmish", 0, 1, distrust=1)


def test_zhivogryz_needs_one_more_success():
    assert not fight("Zhivogryz", 2, 0, distrust=2)
    assert fight("Zhivogryz", 3, 0, distrust=2)
    assert not fight("Zhivogryz", 1, 0, distrust=0)
    assert fight("Zhivogryz", 2, 0, distrust=0)


def test_time_monster_only_when_alone():
    assert not fight("Time Monster", 4, 0)
    others = [{"name": "Gremoblin", "location": "defeated"}, {"name": "Manotaur", "location": "defeated"}]
    assert fight("Time Monster", 1, 0, others=others)


def test_letoyin_trickster_only_by_cursed_characters():
    assert not fight("Letoyin Trickster", 4, 0)
    assert fight("Letoyin Trickster", 1, 0, curses=["flip_support"])


def test_defeating_the_last_monster_wins():
    others = [{"name": "Gremoblin", "location": "defeated"}, {"name": "Manotaur", "location": "defeated"}]
    state = pos(
        monsters=[{"name": "Gideon-Bot", "location": "Town Hall"}, *others],
        characters=[{"name": "Stan", "location": "Town Hall", "discard": ["0-4"]}],
        turn_state={"card": 0},
        tasks=[["roll_setup", 0, 0, 0]],
    )
    play(state, roll_id(1, 0))
    assert state.is_terminal() and state.returns() == [1.0] and state.outcome().reason == "won"


def test_gnome_giant_stops_a_passing_character():
    state = pos(
        monsters=[{"name": "Gnome Giant", "location": "Letoyin's Shop"}, *FAR[1:]],
        characters=[{"name": "Stan", "location": "Mystery Shack"}],
        tasks=[["start_turn", -1, 0, 0]],
    )
    play(state, "play 3-1", "go Letoyin's Shop")
    b = body(state)
    assert b["characters"][0]["location"] == "Letoyin's Shop" and b["turn_state"]["foe"] == 0


def test_manotaur_forbids_drawing_nearby():
    state = pos(
        monsters=[{"name": "Manotaur", "location": "Police Station"}, *FAR[:2]],
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
    play(state, "pass")
    assert body(state)["characters"][0]["hand"] == ["0-4"]


# --------------------------------------------------------------------------- events ----------------
def event_state(effect_card: str, players: int = 1, **part: Any):
    part.setdefault("characters", [{"name": "Dipper", "location": "Town Hall"}])
    return pos(
        players=players,
        movement_deck=[effect_card, "Skull Fracture"],
        revealed=["Police Station", "Arcade"],
        tasks=[["reveal_stage", 0, 0, 0], ["end_turn", 0, 0, 0]],
        **part,
    )


def test_event_teleport_moves_holders_without_rumors():
    state = event_state(
        "event 0 (teleport)",
        players=2,
        characters=[
            {"name": "Mabel", "location": "Town Hall"},
            {"name": "Dipper", "location": "Arcade", "hand": ["0-4"], "discard": ["1-5", "2-2", "3-1", "4-0", "T"]},
        ],
    )
    play(state, card_id(state, "event 0 (teleport)"))
    b = body(state)
    assert b["characters"][0]["location"] == "Arcade" and "T" in b["characters"][0]["discard"]
    assert b["characters"][1]["location"] == "Arcade"  # no Teleport card in hand: nothing happens


def test_event_discard_or_raise():
    state = event_state("event 1 (discard_or_alarm)")
    play(state, card_id(state, "event 1 (discard_or_alarm)"))
    play(state, "discard 4-0")
    assert body(state)["alarm"] == 0 and "4-0" in body(state)["characters"][0]["discard"]


def test_event_monsters_pull_distrust():
    state = event_state(
        "event 3 (monsters_pull_distrust)",
        locations={
            "Gravity Falls History Museum": {"distrust": 1, "support": 1, "die": True},
            "Gravity Falls High School": {"support": 2},
        },
    )
    play(state, card_id(state, "event 3 (monsters_pull_distrust)"))
    assert loc(state, "Kordroy House")["distrust"] == 1 and body(state)["alarm"] == 0
    assert loc(state, "Gravity Falls High School")["support"] == 2


def test_event_remove_die_near_characters():
    state = event_state(
        "event 6 (remove_die_characters)", locations={"Police Station": {"die": True}, "Town Hall": {"die": True}}
    )
    play(state, card_id(state, "event 6 (remove_die_characters)"))
    assert sorted(texts(state)) == ["remove die Police Station", "remove die Town Hall"]
    play(state, "remove die Police Station")
    assert loc(state, "Town Hall")["die"] and not loc(state, "Police Station")["die"]


def test_event_flee_one_location_further():
    state = event_state(
        "event 7 (flee)",
        characters=[{"name": "Dipper", "location": "Gravity Falls High School"}],
        monsters=[FAR[0], {"name": "Gremoblin", "location": "Bottomless Pit"}, FAR[2]],
    )
    play(state, card_id(state, "event 7 (flee)"))
    # nearest monster: Gideon-Bot at Kordroy House (2 roads); further by one: Police Station, Mini Golf Course
    assert sorted(texts(state)) == ["go Mini Golf Course", "go Police Station"]
