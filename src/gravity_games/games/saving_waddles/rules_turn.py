"""Turn Order: a turn from its start to passing it on, what is still owed in between, the end.

The bottom layer of the rules (it imports ``state.py`` only): every other rule module hands
the turn back to :func:`carry_out_what_is_owed` once its own step is done.
"""

from __future__ import annotations

from .data import HELP_KINDS, MISCHIEF_KINDS
from .state import (
    BEFORE_ROLL,
    EXCHANGE_CARDS,
    H_ANOTHER,
    H_FACE_DOWN,
    NO_HERO,
    P_END,
    P_HELP_DRAW,
    P_MISCHIEF_CHOICE,
    P_MISCHIEF_DRAW,
    P_OVER,
    P_ROLL,
    P_START,
    PLAY_ANOTHER_TURN,
    R_MOVE,
    R_NONE,
    ROLL,
    STAN,
    WENDY,
    EndReason,
    SavingWaddlesPosition,
)
from .tables import HELP, cards_in


def hero_ability(position: SavingWaddlesPosition, seat: int) -> int:
    """The hero whose ability counts for ``seat`` (none in the simple rules)."""
    return NO_HERO if position.settings.simple else position.heroes[seat]


def exchange_price(hero: int, at_start: bool) -> int:
    """Mischief cards for one help card: 3 at the start of a turn, 2 on the Exchange space; Wendy pays 1 fewer."""
    base = 3 if at_start else 2
    return base - 1 if hero == WENDY else base


def exchange_cost(position: SavingWaddlesPosition, at_start: bool) -> int:
    """:func:`exchange_price` for the seat to play."""
    return exchange_price(hero_ability(position, position.turn), at_start)


def help_cards_left(position: SavingWaddlesPosition) -> bool:
    """A help card can still be taken: the deck, or its discard pile to shuffle, is not empty."""
    return cards_in(position.help_deck) + cards_in(position.help_discard) > 0


def start_of_turn_options(position: SavingWaddlesPosition) -> list[int]:
    """Turn Order 1: exchange mischief cards for a help card, or play "Take another turn", or roll."""
    seat = position.turn
    actions = []  # built in action-id order: EXCHANGE_CARDS < ROLL < PLAY_ANOTHER_TURN
    if len(position.mischief_in_front[seat]) >= exchange_cost(position, True) and help_cards_left(position):
        actions.append(EXCHANGE_CARDS)
    actions.append(ROLL)
    if position.hands[seat][H_ANOTHER] > 0:
        actions.append(PLAY_ANOTHER_TURN)
    return actions


def roll_die_for(position: SavingWaddlesPosition, purpose: int) -> None:
    """The die is rolled (a chance step next) for a :class:`RollPurpose`."""
    position.roll_purpose = purpose
    position.die = 0
    position.phase = P_ROLL


def end_game(position: SavingWaddlesPosition, winner: int, reason: EndReason) -> None:
    """The game is over: ``winner`` (-1 for none) and why."""
    position.winner = winner
    position.reason = reason.value
    position.phase = P_OVER
    if winner < 0:
        position._note_later("The game ends without a winner (%s)", reason.value)


def win(position: SavingWaddlesPosition) -> None:
    """The seat to play wins: Waddles brought to the Hut of Wonders (simple rules: first at the totem)."""
    simple = position.settings.simple
    name = position.seat_names[position.turn]
    end_game(position, position.turn, EndReason.TOTEM if simple else EndReason.VICTORY)
    position._note(f"{name} wins!" if simple else f"{name} brings Waddles to the Hut of Wonders and wins!")


def skip_a_turn(position: SavingWaddlesPosition, seat: int) -> None:
    """Skip a Turn: the token lies on its side; no one skips two turns in a row."""
    name = position.seat_names[seat]
    if position.lying[seat]:
        position._note_later("%s is already lying down: no one skips two turns in a row", name)
        return
    position.lying[seat] = True
    position._note_later("%s lays their token on its side and will skip a turn", name)


def begin_turn(position: SavingWaddlesPosition, seat: int) -> None:
    """A new turn for ``seat``: a token lying down only stands up; one on Waddles' space picks him up."""
    position.turn = seat
    position.turns_taken += 1
    if position.turns_taken > position.settings.turn_limit:
        position.turns_taken -= 1
        end_game(position, -1, EndReason.TURN_LIMIT)
        return
    position.die = 0
    position.roll_purpose = R_NONE
    position.mabel_used = False
    position.carried_steps = 0
    position.help_space_bonus = 0
    position.turn_stage = BEFORE_ROLL
    name = position.seat_names[seat]
    if position.lying[seat]:
        position.lying[seat] = False
        position._note_later("%s stands their token back up and does nothing else this turn", name)
        pass_the_turn(position)
        return
    settings = position.settings
    if settings.simple:
        here = position.positions[seat]
        if settings.track.space(here, position.path_cards, position.hut_card).kind == HELP:
            position.help_space_bonus = 1
    elif (
        position.waddles_position >= 0
        and position.waddles_position == position.positions[seat]
        and position.waddles_carrier != seat
    ):
        position.waddles_carrier = seat
        position._note_later("%s starts the turn beside Waddles and picks him up", name)
    offer_start_of_turn(position)


def offer_start_of_turn(position: SavingWaddlesPosition) -> None:
    """Turn Order 1-2: a choice when an exchange or "Take another turn" is possible, else the roll."""
    position.turn_stage = BEFORE_ROLL
    seat = position.turn
    if not position.hands[seat][H_ANOTHER] and len(position.mischief_in_front[seat]) < 2:
        # The common case, without building the options: no "another turn" card, and fewer
        # mischief cards than the cheapest exchange (2, Wendy's) — only the roll is possible.
        roll_die_for(position, R_MOVE)
    elif start_of_turn_options(position) != [ROLL]:
        position.phase = P_START
    else:
        roll_die_for(position, R_MOVE)


def carry_out_what_is_owed(position: SavingWaddlesPosition) -> None:
    """Mischief and help cards still owed are taken one at a time; then the turn goes on or ends."""
    if position.phase == P_OVER:
        return
    if position.pending_mischief > 0:
        take_next_mischief_card(position)
        return
    if position.pending_help > 0:
        if help_cards_left(position):
            if cards_in(position.help_deck) == 0:
                reshuffle_help_discard(position)
            position.phase = P_HELP_DRAW
            return
        position._note("The help deck and its discard pile are empty: no card to take")
        position.pending_help = 0
    if position.turn_stage == BEFORE_ROLL:
        offer_start_of_turn(position)
        return
    end_of_turn(position)


def reshuffle_help_discard(position: SavingWaddlesPosition) -> None:
    """Help Cards: when the help deck runs out, its discard pile becomes the deck."""
    position.help_deck, position.help_discard = position.help_discard, [0] * len(HELP_KINDS)
    position._note("The help discard pile is shuffled into a new deck")


def reshuffle_mischief_discard(position: SavingWaddlesPosition) -> None:
    """Mischief Cards: when the mischief deck runs out, its discard pile becomes the deck."""
    position.mischief_deck, position.mischief_discard = position.mischief_discard, [0] * len(MISCHIEF_KINDS)
    position._note("The mischief discard pile is shuffled into a new deck")


def take_next_mischief_card(position: SavingWaddlesPosition) -> None:
    """The next mischief card owed: Stan's first is taken unseen; a "face down" help card may be played."""
    seat = position.turn
    if cards_in(position.mischief_deck) + cards_in(position.mischief_discard) == 0:
        position._note("Every mischief card lies in front of the players: no card to take")
        position.pending_mischief = 0
        carry_out_what_is_owed(position)
        return
    if cards_in(position.mischief_deck) == 0:
        reshuffle_mischief_discard(position)
    if hero_ability(position, seat) == STAN and not position.mischief_in_front[seat]:
        position.draw_face_down = True  # Stan's ability: taken without revealing it (forced)
        position.phase = P_MISCHIEF_DRAW
    elif position.hands[seat][H_FACE_DOWN] > 0:
        position.phase = P_MISCHIEF_CHOICE
    else:
        position.draw_face_down = False
        position.phase = P_MISCHIEF_DRAW


def end_of_turn(position: SavingWaddlesPosition) -> None:
    """Take another turn: the card is played before the turn passes, so it is offered here."""
    if position.hands[position.turn][H_ANOTHER] > 0 and not position.settings.simple:
        position.phase = P_END
    else:
        pass_the_turn(position)


def pass_the_turn(position: SavingWaddlesPosition) -> None:
    """Turn Order 5: the turn passes to the left, unless another turn is owed."""
    if position.extra_turns > 0:
        position.extra_turns -= 1
        position._note_later("%s takes another turn", position.seat_names[position.turn])
        begin_turn(position, position.turn)
    else:
        begin_turn(position, (position.turn + 1) % position.settings.players)
