"""Setup: the path cards, the Hut of Wonders card and the heroes are dealt (chance steps), then seat 0 plays."""

from __future__ import annotations

from .rules_turn import begin_turn
from .state import NO_HERO, P_SETUP_HERO, P_SETUP_HUT, SavingWaddlesPosition, seat_names


def deal_path_card(position: SavingWaddlesPosition, card: int) -> None:
    """Setup 2: the shuffled path cards go face down around the board (face up in the simple rules)."""
    slot = position.path_cards.index(-1)
    position.path_cards[slot] = card
    simple = position.settings.simple
    if simple:
        position.path_card_face_up[slot] = True
        position._note_later("%s is laid face up at place %s", position.settings.track.card_names[card], slot + 1)
    else:
        position._note_later("A path card is laid face down at place %s", slot + 1)
    if -1 not in position.path_cards:
        if simple:  # no Hut of Wonders card in the simple rules
            position.phase = P_SETUP_HERO
            start_when_dealt(position)
        else:
            position.phase = P_SETUP_HUT


def deal_hut_card(position: SavingWaddlesPosition, hut_card: int) -> None:
    """Setup 3: one Hut of Wonders card face down, the other two back in the box unseen."""
    position.hut_card = hut_card
    position._note("A Hut of Wonders card is laid face down beside the totem")
    position.phase = P_SETUP_HERO
    start_when_dealt(position)


def deal_hero(position: SavingWaddlesPosition, hero: int) -> None:
    """Setup 6: heroes chosen at random."""
    seat = position.heroes.index(NO_HERO)
    position.heroes[seat] = hero
    position.seat_names = seat_names(position.heroes)
    start_when_dealt(position)


def start_when_dealt(position: SavingWaddlesPosition) -> None:
    """Setup 7: once every seat has its hero, the first player (seat 0) begins."""
    if NO_HERO not in position.heroes:
        position._note("Heroes: " + ", ".join(position.seat_names))
        begin_turn(position, 0)
