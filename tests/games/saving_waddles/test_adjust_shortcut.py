"""The roll's adjust step opens without building its options when a reroll or +1/-1 card is held
(``rules_die.offer_die_changes``): that shortcut is right only if those cards always leave a choice
besides 'accept', whatever the die shows and whatever the roll is for."""

from __future__ import annotations

import pytest

from .helpers import make_game, state


@pytest.mark.parametrize("card", ["reroll", "plus_minus"])
@pytest.mark.parametrize("roll_for", ["move", "back", "waddles", "hut"])
def test_a_reroll_or_plus_minus_card_always_leaves_a_choice(card: str, roll_for: str) -> None:
    game = make_game()
    kinds = ["another_turn", "reroll", "plus_minus", "set_three", "face_down"]
    hands = [[0] * 5, [0] * 5]
    hands[0][kinds.index(card)] = 1
    help_deck = [3, 5, 6, 4, 3]
    help_deck[kinds.index(card)] -= 1
    for die in range(1, 7):
        st = state(game, phase="roll", roll_for=roll_for, hands=hands, help_deck=help_deck)
        st.apply_action(die - 1)  # the roll shows ``die``
        assert st.current_player() == 0, f"{card}, {roll_for}, die {die}: the adjust step was skipped"
        legal = st.legal_actions()
        assert len(legal) > 1, f"{card}, {roll_for}, die {die}: only {legal}"
