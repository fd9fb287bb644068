"""Game Setup, Mining Fuel Cards, the End of a Round and the End of the Game after round 6.

Plain functions over a :class:`~gravity_games.games.gravwell.state.GravwellPosition`. Round 1 is dealt
(a chance step per card); rounds 2-6 are mined (a chance step per stack card, then two picks per seat).
"""

from __future__ import annotations

from typing import Final

from gravity_games.games.gravwell.rules_abilities import ability_name
from gravity_games.games.gravwell.rules_charging import end_of_round_charge_options
from gravity_games.games.gravwell.rules_moves import distance_to_goal
from gravity_games.games.gravwell.state import (
    HAND,
    INNER_GATE,
    MAX_SHIPS_PER_GATE,
    NO_CARD,
    NO_SEAT,
    OUTER_GATE,
    PHASES,
    ROUNDS,
    STAGE_CHARGE,
    STAGE_CHOOSE,
    STAGE_DEAL,
    STAGE_DIR,
    STAGE_END,
    STAGE_FORM,
    STAGE_GATE,
    STAGE_MINE,
    GravwellPosition,
    Result,
    draw_from_deck,
    gather_full_deck,
    spaces_between,
)
from gravity_games.games.gravwell.tables import DIR_LEFT, EMERGENCY_STOP_SLOT, GATE_ACTION0, PASS, action_ability

GATE_CHOICE_PLAYERS: Final = 5
"""From 5 players on, each chooses the Warp Gate to start on."""
STACK_SIZE: Final = 3
"""A mining stack: one face-down card and two face-up cards."""


def choose_ship(position: GravwellPosition, ship: int) -> None:
    """Each player chooses a spaceship (seat order) and takes its 4 Ship Ability Cards."""
    position.ships[position.actor] = ship
    position.ships_assigned()
    position.say("Seat %s takes %s", position.actor, position.tables.ship_names[ship])
    n = len(position.ship_spaces)
    if position.actor + 1 < n:
        position.actor += 1
    else:
        after_ship_choice(position)


def after_ship_choice(position: GravwellPosition) -> None:
    """With 5-6 players each chooses a Warp Gate next; with fewer all start on the Inner one."""
    if len(position.ship_spaces) >= GATE_CHOICE_PLAYERS:
        position.stage = STAGE_GATE
        position.actor = 0
        skip_forced_gates(position)
    else:
        deal_round_one(position)


def warp_gate_choices(position: GravwellPosition) -> list[int]:
    """5-6 players choose a Warp Gate each, at most 3 ships on the same gate."""
    counts = [0, 0]
    for s in range(position.actor):
        counts[position.start_gate[s]] += 1
    return [GATE_ACTION0 + g for g in (INNER_GATE, OUTER_GATE) if counts[g] < MAX_SHIPS_PER_GATE]


def choose_warp_gate(position: GravwellPosition, action: int) -> None:
    """The seat to act starts on the Warp Gate of ``action``."""
    place_on_warp_gate(position, position.actor, action - GATE_ACTION0)
    position.actor += 1
    skip_forced_gates(position)


def skip_forced_gates(position: GravwellPosition) -> None:
    """A seat whose only gate left is forced gets it without a needless step."""
    n = len(position.ship_spaces)
    while position.actor < n:
        choices = warp_gate_choices(position)
        if len(choices) > 1:
            return
        place_on_warp_gate(position, position.actor, choices[0] - GATE_ACTION0)
        position.actor += 1
    deal_round_one(position)


def place_on_warp_gate(position: GravwellPosition, seat: int, gate: int) -> None:
    """``seat``'s ship starts on ``gate`` and escapes through the other one."""
    inner = gate == INNER_GATE
    position.start_gate[seat] = gate
    position.ship_spaces[seat] = 0 if inner else position.track_length
    position.goal_space[seat] = position.track_length if inner else 0
    position.forward_direction[seat] = 1 if inner else -1
    position.say("%s starts on the %s Warp Gate", position.seat_names[seat], "Inner" if inner else "Outer")


def deal_round_one(position: GravwellPosition) -> None:
    """Round 1 is dealt: shuffle the deck for this player count and deal 6 cards to each player."""
    position.round = 1
    position.actor = 0
    gather_full_deck(position)
    position.cards_dealt = 0
    position.stage = STAGE_DEAL
    position.say("Round 1: dealing %s Fuel Cards to each player from %s cards", HAND, len(position.deck))


def deal_card(position: GravwellPosition, card: int) -> None:
    """Chance deals ``card`` to the next seat in turn; the last card starts Movement Phase 1."""
    n = len(position.ship_spaces)
    draw_from_deck(position, card)
    position.hands[position.cards_dealt % n].append(card)
    position.cards_dealt += 1
    if position.cards_dealt == HAND * n:
        begin_movement_phase(position)


def lay_out_mining_stacks(position: GravwellPosition) -> None:
    """Rounds 2-6: 2 x players stacks of three (one face down, two face up) from the full deck."""
    n = len(position.ship_spaces)
    gather_full_deck(position)
    position.stacks = [[NO_CARD, NO_CARD, NO_CARD] for _ in range(2 * n)]
    position.stack_taken_by = [NO_SEAT] * (2 * n)
    position.stack_cards_laid = 0
    position.stage = STAGE_FORM
    position.say("Round %s: mining %s stacks", position.round, 2 * n)


def lay_stack_card(position: GravwellPosition, card: int) -> None:
    """Chance draws ``card`` for the next place of a stack (face down first, then the two face up)."""
    draw_from_deck(position, card)
    laid = position.stack_cards_laid
    position.stacks[laid // STACK_SIZE][laid % STACK_SIZE] = card
    position.stack_cards_laid = laid = laid + 1
    if laid == STACK_SIZE * len(position.stacks):
        first = first_miner(position)
        position.mining_order = [first]
        position.mining_index = 0
        position.stage = STAGE_MINE
        position.actor = first
        position.say("%s is nearest the Merton Cloud and mines first", position.seat_names[first])


def first_miner(position: GravwellPosition) -> int:
    """Nearest the Merton Cloud; tie: nearer the Inner Warp Gate; still tied (same gate): lower seat."""
    merton = position.tables.merton
    spaces = position.ship_spaces
    first = 0
    for seat in range(1, len(spaces)):  # a lower seat stays first on a full tie
        distance, best = spaces_between(spaces[seat], merton), spaces_between(spaces[first], merton)
        if distance < best or (distance == best and spaces[seat] < spaces[first]):
            first = seat
    return first


def mine_stack(position: GravwellPosition, index: int) -> None:
    """The seat to act picks up stack ``index``: its face-up cards are known to all."""
    seat = position.actor
    stack = position.stacks[index]
    position.stack_taken_by[index] = seat
    position.hands[seat].extend(stack)
    position.known_cards[seat].extend(stack[1:])
    sym = position.tables.symbols
    position.say(
        "%s mines stack %s (face up %s and %s)", position.seat_names[seat], index + 1, sym[stack[1]], sym[stack[2]]
    )
    position.mining_index += 1
    n = len(position.ship_spaces)
    if position.mining_index == 1:
        if n > 2:
            position.stage = STAGE_DIR
            return
        set_mining_order(position, 1)
    next_miner(position)


def choose_mining_direction(position: GravwellPosition, action: int) -> None:
    """The first miner chooses left or right; 'left' is the next seat number."""
    set_mining_order(position, 1 if action == DIR_LEFT else -1)
    position.say("Mining goes %s", "left" if action == DIR_LEFT else "right")
    position.stage = STAGE_MINE
    next_miner(position)


def set_mining_order(position: GravwellPosition, direction: int) -> None:
    """From the first miner around the table in ``direction``, twice (two stacks per player)."""
    n = len(position.ship_spaces)
    first = position.mining_order[0]
    position.mining_order = [(first + direction * i) % n for i in range(2 * n)]


def next_miner(position: GravwellPosition) -> None:
    """The next seat in the mining order mines; all stacks taken: the first Movement Phase begins."""
    if position.mining_index == len(position.mining_order):
        begin_movement_phase(position)
    else:
        position.actor = position.mining_order[position.mining_index]


def begin_movement_phase(position: GravwellPosition) -> None:
    """Each Movement Phase starts with every seat choosing a card, seat by seat, face down."""
    position.phase += 1
    if position.chosen.count(NO_CARD) != len(position.chosen):
        position.chosen = [NO_CARD] * len(position.ship_spaces)
    position.revealed = False
    position.stage = STAGE_CHOOSE
    position.actor = 0


def end_round(position: GravwellPosition) -> None:
    """Used Emergency Stops recharge; a seat that never used it may charge one other card."""
    variant = position.tables.variant
    for s in range(len(position.ship_spaces)):
        if position.emergency_stop_used[s] and variant != "make-it-count":
            position.charged[s][EMERGENCY_STOP_SLOT] = True
    # after round 6 there is no next round to charge a card for: no needless step
    last = position.round >= ROUNDS
    position.window_queue = (
        [] if last else [s for s in range(len(position.ship_spaces)) if end_of_round_charge_options(position, s)]
    )
    next_end_of_round_charge(position)


def next_end_of_round_charge(position: GravwellPosition) -> None:
    """The next seat that may charge a card does so; then the next round (mined) or the end of the game."""
    if position.window_queue:
        position.actor = position.window_queue.pop(0)
        position.stage = STAGE_CHARGE
        return
    position.emergency_stop_used = [False] * len(position.ship_spaces)
    position.round += 1
    position.phase = 0
    position.hands = [[] for _ in position.ship_spaces]
    position.known_cards = [[] for _ in position.ship_spaces]
    position.discards = []
    if position.round > ROUNDS:
        win_by_distance(position)
    else:
        lay_out_mining_stacks(position)


def win_by_distance(position: GravwellPosition) -> None:
    """After round 6 the ship nearest its destination wins; equal distances share the win."""
    position.round = ROUNDS
    position.phase = PHASES
    best = min(distance_to_goal(position, s) for s in range(len(position.ship_spaces)))
    position.winners = [s for s in range(len(position.ship_spaces)) if distance_to_goal(position, s) == best]
    position.result = Result.NEAREST
    position.stage = STAGE_END
    position.say(
        "After round 6 the nearest to their goal: %s (%s away)",
        ", ".join(position.seat_names[s] for s in position.winners),
        "1 space" if best == 1 else f"{best} spaces",
    )


def charge_at_end_of_round(position: GravwellPosition, action: int) -> None:
    """The seat to act keeps its Emergency Stop charged and charges the card of ``action`` (or passes)."""
    if action != PASS:
        _, slot = action_ability(action)
        position.charged[position.actor][slot] = True
        position.say(
            "%s kept its Emergency Stop and charges %s",
            position.seat_names[position.actor],
            ability_name(position, position.actor, slot),
        )
    next_end_of_round_charge(position)
