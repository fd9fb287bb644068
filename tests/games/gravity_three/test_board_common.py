"""The shared Gravity Three drawing pieces: readable, colour never the only cue, data-driven cards."""

from __future__ import annotations

import re

import pytest

from gravity_games.games.gravity_three import load_components
from gravity_games.games.gravity_three.board_common import (
    HIDDEN,
    SWATCHES,
    colour_swatch,
    contrast_ratio,
    die_face,
    mass_info_cards,
    mass_info_key,
    seesaw_info_card,
    swatch,
    token_chip,
    token_notation,
    token_words,
)


@pytest.mark.parametrize("look", [*SWATCHES, HIDDEN], ids=lambda s: s.name)
def test_text_on_every_colour_meets_wcag_aa(look):
    assert contrast_ratio(look.ink, look.fill) >= 4.5


def test_colours_differ_by_letter_and_pattern_not_only_by_fill():
    assert [s.letter for s in SWATCHES] == ["K", "G", "R"]
    assert len({s.pattern for s in SWATCHES}) == 3
    assert len({s.dash for s in SWATCHES}) == 3


def test_a_chip_is_a_part_group_with_letter_and_number_in_readable_type():
    svg = token_chip("R", 3, 50, 50, part="token:R3", info=mass_info_key(3))
    assert svg.startswith('<g data-part="token:R3" aria-label="red token 3" data-info="mass:3">')
    assert ">R3</text>" in svg
    assert all(float(size) >= 13 for size in re.findall(r'font-size="([\d.]+)"', svg))


def test_a_hidden_number_shows_a_question_mark_and_never_the_number():
    svg = token_chip("grey", None, 50, 50, part="token:7")
    assert ">G?</text>" in svg and 'aria-label="grey token, number hidden"' in svg
    assert token_notation(None, None) == "?" and token_words(None, None) == "token, number hidden"


def test_a_chip_too_small_for_readable_text_is_refused():
    with pytest.raises(ValueError, match="r >= 15"):
        token_chip("K", 1, 0, 0, r=10)


def test_an_unknown_colour_names_the_accepted_ones():
    with pytest.raises(ValueError, match="K, G, R or black, grey, red"):
        swatch("blue")


def test_swatch_and_die_face_carry_their_part_and_words():
    svg = colour_swatch("K", 0, 0, part="colour:K")
    assert 'data-part="colour:K"' in svg and ">K</text>" in svg and ">black</text>" in svg
    face = die_face("G", 0, 0, part="die:G")
    assert 'data-part="die:G"' in face and 'aria-label="die face G"' in face


def test_mass_cards_come_from_the_data_and_say_they_are_reconstructed():
    comp = load_components()
    cards = mass_info_cards()
    assert set(cards) == {"mass:1", "mass:2", "mass:3", "mass:4", "mass:5", "mass:?"}
    for number, grams in zip(comp.tokens.numbers, comp.masses.grams, strict=True):
        card = cards[f"mass:{number}"]
        assert card.reconstructed and "(reconstructed)" in card.text
        assert f"{grams:g} g" in card.text
    assert comp.masses.note and comp.masses.note in cards["mass:?"].text


def test_a_printed_mass_file_gives_cards_without_the_reconstructed_mark():
    comp = load_components()
    printed = comp.model_copy(update={"masses": comp.masses.model_copy(update={"source": "rulebook", "note": ""})})
    card = mass_info_cards(printed)["mass:2"]
    assert not card.reconstructed and "reconstructed" not in card.text


def test_seesaw_card_lists_the_spots_and_is_marked():
    card = seesaw_info_card()
    assert card.reconstructed and "A: 4 cm" in card.text and "C: 10 cm" in card.text
