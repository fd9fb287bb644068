"""Saving Waddles on its board: each decision a tap on the thing, from explicit positions."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from gravity_games import DataError, load
from gravity_games.core.registry import entry
from gravity_games.games.saving_waddles.board import BOARD
from gravity_games.games.saving_waddles.data import load_components
from gravity_games.games.saving_waddles.render_svg import render_svg
from gravity_games.games.saving_waddles.render_text import render_text

from .helpers import give, lay, make_game, play, state

BACK_ROLL = 1
PACKAGED = load_components()
assert PACKAGED.texts is not None
TEXTS = PACKAGED.texts
PACKAGED_TOML = resources.files("gravity_games.games.saving_waddles").joinpath("data/components.toml").read_text()


def moves(s: Any, seat: int | None = None) -> dict[str, tuple[tuple[str, ...], str]]:
    """Notation -> (parts, description) of every legal action, as the board offers them."""
    game = s.game
    seat = s.current_player() if seat is None else seat
    legal = [(a, s.action_to_string(a)) for a in s.legal_actions()]
    out = {}
    for move in BOARD.board_moves(s.observation(seat), game, legal):
        out[s.action_to_string(move.action)] = (move.parts, move.description)
    return out


def drawn_parts(s: Any, seat: int) -> set[str]:
    return set(re.findall(r'data-part="([^"]+)"', render_svg(s.observation(seat), s.game)))


def test_registered_board_is_this_one() -> None:
    assert entry("saving-waddles").board is BOARD


def test_after_a_roll_the_die_cards_and_the_keep_button_make_every_choice() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"reroll": 1, "plus_minus": 1, "set_three": 1}, game, 0, fields)
    s = state(game, **fields)
    play(s, "roll 4")
    got = moves(s)
    assert got == {
        "accept": (("button:keep",), "keep the die at 4 and move 4 spaces forward"),
        "reroll": (("die",), "play your 'Reroll the die' card and roll the die again"),
        "plus one": (("help:plus_minus", "die:plus"), "play your '+1 or -1 to the die' card: add 1 to the die"),
        "minus one": (("help:plus_minus", "die:minus"), "play your '+1 or -1 to the die' card: take 1 from the die"),
        "set three": (("help:set_three",), "set the die to 3 with your 'Set the die to 3' card"),
    }
    parts = drawn_parts(s, 0)
    assert {p for ps, _ in got.values() for p in ps} <= parts
    svg = render_svg(s.observation(0), game)
    assert ">Move 4</text>" in svg and ">+1</text>" in svg and ">−1</text>" in svg


def test_the_keep_button_says_what_the_die_is_for() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"reroll": 1}, game, 0, fields)
    lay([], game, 0, fields)
    s = state(game, pos=[7, 0], **fields)  # space 7: a mischief space
    play(s, "roll 3", "accept", "mischief back_roll", "roll 2")
    assert s.observation(0)["roll_for"] == "back"
    assert moves(s)["accept"] == (("button:keep",), "keep the die at 2 and move back 2 spaces")
    assert ">Move back 2</text>" in render_svg(s.observation(0), game)


def test_start_of_turn_exchange_is_the_mischief_pile_and_another_turn_the_card() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {"phase": "start", "roll_for": "none"}
    give({"another_turn": 1}, game, 0, fields)
    lay([0, 0, 4], game, 0, fields)
    s = state(game, **fields)
    got = moves(s)
    assert got["exchange"][0] == ("front:0",)
    assert got["roll"] == (("die",), "roll the die and move")
    assert got["another turn"][0] == ("help:another_turn",)
    assert "you take another turn" in got["another turn"][1]
    svg = render_svg(s.observation(0), game)
    assert "3 mischief cards" in svg and ">tap to roll</text>" in svg


def test_mischief_choice_is_the_face_down_card_or_the_deck() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"face_down": 1}, game, 0, fields)
    s = state(game, pos=[2, 0], **fields)
    play(s, "roll 1")  # space 3: mischief
    got = moves(s)
    assert got == {
        "face down": (
            ("help:face_down",),
            "play your 'Take a mischief card face down' card: the mischief card goes in front of you unseen",
        ),
        "take mischief": (("deck:mischief",), "take the mischief card, show it and carry it out"),
    }


def test_a_help_card_to_discard_is_tapped_in_the_hand() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"reroll": 1, "set_three": 1}, game, 0, fields)
    s = state(game, pos=[7, 0], **fields)
    play(s, "roll 3", "accept", "mischief discard_help")
    assert "Your turn: 'Discard 1 help card': choose a help card to discard" in render_text(s.observation(0), game)
    assert moves(s) == {
        "discard reroll": (("help:reroll",), "discard your 'Reroll the die' card"),
        "discard set three": (("help:set_three",), "discard your 'Set the die to 3' card"),
    }


def test_end_of_turn_is_a_button_or_the_another_turn_card() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"another_turn": 1}, game, 0, fields)
    s = state(game, pos=[3, 3], **fields)
    play(s, "roll 1")
    got = moves(s)
    assert got["end turn"][0] == ("button:end-turn",)
    assert got["another turn"][0] == ("help:another_turn",)
    assert ">End turn</text>" in render_svg(s.observation(0), game)


def test_mabel_adds_one_by_her_hero_card() -> None:
    game = make_game(("mabel", "dipper"))
    s = state(game, pos=[44, 0], waddles=44, slot_up=[True] * 7)
    play(s, "roll 2")
    got = moves(s)
    assert got["mabel plus one"][0] == ("hero:mabel",)
    assert "hero:mabel" in drawn_parts(s, 0)


def test_simple_rules_help_space_plus_one_is_the_help_space() -> None:
    game = make_game(("wendy", "dipper"), variant="simple")
    s = state(game, pos=[12, 4], turn=1)
    play(s, "roll 1", "roll 2")  # seat 0 starts on the help symbol at 12
    got = moves(s)
    assert got["help space plus one"] == (("space:12",), "you started on a help symbol: add 1 to the die")
    assert "space:12" in drawn_parts(s, 0)


def test_changed_parts_after_a_move_are_the_token_and_the_die() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"reroll": 1}, game, 0, fields)
    s = state(game, pos=[3, 0], **fields)
    play(s, "roll 1")
    before = s.observation(1)
    play(s, "accept")  # 3 -> 4, a plain space: the turn passes
    changed = BOARD.changed_parts(before, s.observation(1), game)
    assert changed == ["die", "token:0"]


def test_changed_parts_show_a_revealed_path_card_and_a_played_help_card() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"plus_minus": 1}, game, 0, fields)
    s = state(game, pos=[27, 0], **fields)  # 30 is the pointer to path card 4 (place 3, face down)
    play(s, "roll 4")
    before = s.observation(0)
    play(s, "minus one")  # 2: stop at the pointer and reveal the card
    after = s.observation(0)
    changed = BOARD.changed_parts(before, after, game)
    card = [f"space:{p}" for p in range(game.track.slot_start[3], game.track.slot_start[3] + 3)]
    assert {"help:plus_minus", "token:0", "path:3", *card} <= set(changed)
    assert "token:1" not in changed and "space:0" not in changed


def test_info_cards_carry_the_rulebook_texts_and_mark_the_reconstructed_ones() -> None:
    game = make_game(("wendy", "dipper"))
    s = state(game, hut_up=True, slot_up=[True] * 7)
    cards = BOARD.info_cards(s.observation(0), game)
    assert cards["hero:soos"].text == TEXTS.heroes["soos"].text and cards["hero:soos"].title == "Soos"
    assert cards["help:reroll"].title == "Help card: Reroll the die"
    assert cards["mischief:back_roll"].title == "Mischief card: Roll and move back"
    hut = cards["hut"]
    assert hut.title == "Hut of Wonders: Open Door" and hut.reconstructed and "(reconstructed)" in hut.text
    assert cards["deck:help"].reconstructed and "Reroll the die ×5" in cards["deck:help"].text
    assert cards["path:0"].reconstructed and cards["path:0"].title == "Path card: Gnome Glade"
    assert cards["space:3"].title == "Space 3: Mischief"
    assert cards["space:3"].text.startswith(TEXTS.spaces["mischief"].text)
    assert "On the board (Mystery Shack), whose layout is reconstructed." in cards["space:3"].text
    assert cards["space:11"].title == "Space 11: Arrow: 3 spaces back (red)" and cards["space:11"].reconstructed
    assert "number 1 of the 'Waddles Found!' roll" in cards["space:43"].text
    assert "On the path card Gnome Glade" in cards["space:6"].text
    svg = render_svg(s.observation(0), game)
    assert set(re.findall(r'data-info="([^"]+)"', svg)) <= set(cards)


def test_simple_rules_space_cards_say_what_the_simple_rules_do() -> None:
    game = make_game(("wendy", "dipper"), variant="simple")
    cards = BOARD.info_cards(state(game).observation(0), game)
    assert cards["space:3"].text.startswith(TEXTS.spaces["mischief"].simple or "?")
    assert cards["space:5"].title == "Space 5: Plain space"  # a pointer does nothing under the simple rules
    assert "deck:help" not in cards


def test_simple_rules_draw_the_spaces_they_ignore_as_plain() -> None:
    game = make_game(("wendy", "dipper"), variant="simple")
    svg = render_svg(state(game).observation(0), game)
    pointer = re.search(r'<g data-part="space:5" data-info="([^"]+)" aria-label="([^"]+)"', svg)
    assert pointer and pointer.groups() == ("space:5", "space 5: Plain space")
    assert ">Help</text>" in svg and ">Pointer</text>" not in svg and ">Exchange<" not in svg
    standard = make_game(("wendy", "dipper"))
    assert ">Pointer</text>" in render_svg(state(standard).observation(0), standard)


def test_rules_listing_gives_the_reconstructed_values_in_words() -> None:
    listing = entry("saving-waddles").reconstructed
    assert listing is not None
    rows = {r["name"]: r["value"] for r in listing()}
    assert rows["board segment 0 (Mystery Shack)"] == "Start, Help, Arrow +2 (blue), Mischief, Plain space, Pointer"
    assert rows["board segment 5 (Cliffs)"].startswith("Help (Waddles 1), Mischief (Waddles 2), Exchange")
    assert rows["help cards"].startswith("Take another turn ×3, Reroll the die ×5, +1 or -1 to the die ×6")
    assert "to win: Roll the die: 4, 5 or 6" in rows["Hut of Wonders card Lucky Roll"]
    assert not any(re.search(r"[a-z]+_[a-z]+", v) for v in rows.values())


def test_another_seats_hand_and_face_down_cards_stay_hidden() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"reroll": 2}, game, 0, fields)
    s = state(game, **fields)
    mine = render_svg(s.observation(0), game)
    theirs = render_svg(s.observation(1), game)
    assert 'data-part="help:reroll"' in mine and "×2" in mine
    assert "help:reroll" not in theirs and "Reroll the die" not in theirs
    assert "2 help cards" in theirs  # the count is public
    hidden = game.track.card_names[s.path_cards[3]]
    assert hidden not in mine and hidden not in render_text(s.observation(0), game)


def test_seat_roles_name_the_heroes_with_colour_and_letter() -> None:
    game = make_game(("soos", "stan"))
    fields: dict[str, Any] = {}
    lay([BACK_ROLL], game, 1, fields)
    s = state(game, pos=[4, 9], carrier=1, waddles=9, **fields)
    roles = BOARD.seat_roles(s.observation(0), game)
    assert [(r.role, r.mark, r.info) for r in roles] == [("Soos", "So", "hero:soos"), ("Stan", "St", "hero:stan")]
    assert roles[1].public == ("space 9", "carries Waddles", "0 help cards in hand", "1 mischief card in front")


def test_text_view_speaks_words_with_full_names_and_plurals() -> None:
    game = make_game(("wendy", "dipper", "mabel"))
    fields: dict[str, Any] = {}
    give({"plus_minus": 2, "reroll": 1}, game, 0, fields)
    lay([BACK_ROLL, 8 + 4], game, 1, fields)
    s = state(game, **fields)
    text = render_text(s.observation(0), game)
    assert "Dipper: space 0, 0 help cards, 2 mischief cards in front (Roll and move back; face down, unseen)" in text
    assert "Wendy (you): space 0, 3 help cards, 0 mischief cards in front" in text
    assert "Your help cards: Reroll the die; +1 or -1 to the die x2" in text
    assert "Mabel   " in text  # the token line names the hero in full
    assert not re.search(r"[a-z]+_[a-z]+", text), "an identifier reached the text view"
    assert "card(s)" not in text and "back_roll" not in text


def test_text_view_says_what_the_seat_decides() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"face_down": 1}, game, 0, fields)
    s = state(game, pos=[2, 0], **fields)
    play(s, "roll 1")
    assert "Your turn: take the mischief card, or play a face-down card" in render_text(s.observation(0), game)
    assert "Wendy's turn: take the mischief card" in render_text(s.observation(1), game)


def test_a_data_file_without_texts_uses_the_packaged_ones(tmp_path: Path) -> None:
    text = PACKAGED_TOML
    own = tmp_path / "own.toml"
    own.write_text(text[: text.index("# -- Texts shown")])
    game = load("saving-waddles", players=2, heroes=("wendy", "dipper"), data=str(own))
    obs = game.new_initial_state().observation(0)
    assert BOARD.info_cards(obs, game)["hero:wendy"].text == TEXTS.heroes["wendy"].text
    assert "Wendy" in render_svg(obs, game)


def test_a_data_file_missing_a_text_is_refused_by_name(tmp_path: Path) -> None:
    text = PACKAGED_TOML
    cut = re.sub(r"\[texts\.heroes\.stan\]\n(.+\n)+?\n", "", text)
    own = tmp_path / "own.toml"
    own.write_text(cut)
    with pytest.raises(DataError, match=re.escape("texts.heroes: no text for 'stan'")):
        load("saving-waddles", players=2, data=str(own))


def test_the_secret_password_is_a_help_card_tapped_in_the_hand() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"reroll": 1, "set_three": 1}, game, 0, fields)
    s = state(game, pos=[65, 0], slot_up=[True] * 7, hut=1, hut_up=True, waddles=65, carrier=0, **fields)
    play(s, "roll 3", "accept")
    assert "Your turn: give a help card at the Hut of Wonders door to win" in render_text(s.observation(0), game)
    assert moves(s)["discard set three"][0] == ("help:set_three",)
    svg = render_svg(s.observation(0), game)
    assert ">Secret Password</text>" in svg and ">Victory</text>" in svg


def test_the_glossary_explains_every_notation_a_game_uses() -> None:
    import random

    from gravity_games import CHANCE

    game = load("saving-waddles", players=3)
    glossary = dict(BOARD.glossary(game))
    patterns = [re.compile("^" + re.escape(k).replace("NAME", ".+").replace("N", r"\d+") + "$") for k in glossary]
    s = game.new_initial_state()
    rng = random.Random(5)
    seen = set()
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            actions, probs = zip(*s.chance_outcomes(), strict=True)
            action = rng.choices(actions, probs)[0]
        else:
            action = rng.choice(s.legal_actions())
        seen.add(s.action_to_string(action))
        s.apply_action(action)
    unexplained = [n for n in seen if not any(p.match(n) for p in patterns)]
    assert len(seen) > 10 and not unexplained, unexplained
    assert glossary["mischief back_roll"] == "the mischief card 'Roll and move back' is drawn"
