"""Doubt × Gravity, Order of Play (gravity-three.txt, Game 3): roll, place, assess, doubt, the end.

Plain functions over the position, each named after the rule of the rulebook it carries out:
"Roll the Dice", "Place the Token" / "Pass", "Assess the Weights", "Spotting the Bluff" /
"Failed to Spot the Bluff", "If No One Declares", "End of the Game".
"""

from __future__ import annotations

from gravity_games.games.gravity_three.rolloff import G_FACE

from .state import (
    ASSESS,
    CORRECT,
    DESIGNATE,
    DONE,
    END,
    IN_STACK,
    LIFT,
    OUT_OF_GAME,
    PLACE,
    REMOVED,
    ROLL,
    SAID_CORRECT,
    SAID_DOUBT,
    TOKEN_COUNT,
    TOKENS_PER_COLOUR,
    UNUSED,
    Declaration,
    DoubtGravityPosition,
    RoundSummary,
    StackReading,
    token_name,
)
from .tables import FACE_NAME


def start_round(position: DoubtGravityPosition) -> None:
    """A new round: "Roll the Dice" comes first."""
    position.round_number += 1
    position.die_face = -1
    position.designated_number = 0
    position.declarations = []
    position.phase = ROLL


def roll_designated_number(position: DoubtGravityPosition, face: int) -> None:
    """ "The number on the dice is the Designated Number ... If a "G" comes up, the first player chooses"."""
    position.die_face = face
    position._note_later(
        "Round %d: seat %d is first; the die shows %s.", position.round_number, position.first_player, FACE_NAME[face]
    )
    if face == G_FACE:
        position.phase = DESIGNATE
    else:
        designate(position, face + 1)


def designate(position: DoubtGravityPosition, number: int) -> None:
    """The Designated Number is set: "Place the Token", clockwise from the first player."""
    position.designated_number = number
    if position.die_face == G_FACE:
        position._note_later("Seat %d chooses %d as the Designated Number.", position.first_player, number)
    position.phase = PLACE
    position.turn_index = 0
    position.placed_this_turn = 0
    skip_empty_hands(position)


def skip_empty_hands(position: DoubtGravityPosition) -> None:
    """A player without tokens can only pass: their turn is skipped."""
    n = position.players
    while position.turn_index < n and position.tokens_held((position.first_player + position.turn_index) % n) == 0:
        position._note_later("Seat %d has no tokens and passes.", (position.first_player + position.turn_index) % n)
        position.turn_index += 1
    if position.turn_index == n:
        start_assessment(position)


def place_token(position: DoubtGravityPosition, action: int) -> None:
    """Place one token face down on top of the stack, or end the turn (``done``/pass)."""
    seat = (position.first_player + position.turn_index) % position.players
    if action == DONE:
        end_turn(position, seat)
        return
    p = position.token_in_hand(seat, action)
    position.token_places[p] = IN_STACK
    position.placed_by[p] = seat
    position.stack.append(p)
    position.stack_grams += position.settings.perception.grams[position.token_numbers[p] - 1]
    position.take_out_of_hand(seat, p)
    position.placed_this_turn += 1
    if position.tokens_held(seat) == 0:
        end_turn(position, seat)


def end_turn(position: DoubtGravityPosition, seat: int) -> None:
    """The seat's turn ends (after its placements, or a pass); the next seat places."""
    if position.placed_this_turn == 1:
        position._note_later("Seat %d places 1 token claiming %d.", seat, position.designated_number)
    elif position.placed_this_turn:
        position._note_later(
            "Seat %d places %d tokens claiming %d.", seat, position.placed_this_turn, position.designated_number
        )
    else:
        position._note_later("Seat %d passes.", seat)
    position.turn_index += 1
    position.placed_this_turn = 0
    skip_empty_hands(position)


def start_assessment(position: DoubtGravityPosition) -> None:
    """ "After all players' turns are done, the first player first checks the total weight"."""
    position.assess_index = 0
    if not position.stack:
        position._note_later("Nobody placed a token; there is nothing to assess.")
        end_round(position, -1, (), -1)
        return
    next_assessor(position)


def next_assessor(position: DoubtGravityPosition) -> None:
    """The next player in turn lifts the stack, unless it holds only their own tokens."""
    n = position.players
    while position.assess_index < n:
        seat = (position.first_player + position.assess_index) % n
        if position.placed_whole_stack(seat):
            position._note_later("Seat %d placed the whole stack and does not assess it.", seat)
            position.assess_index += 1
            continue
        position.assessor = seat
        position._note_later("Seat %d lifts the stack.", seat)
        model = position.settings.perception.model
        if model.exact:
            record_reading(position, model.nearest_level(position.stack_grams))
        else:
            position.phase = LIFT
        return
    stack_leaves_game(position)


def record_reading(position: DoubtGravityPosition, level: int) -> None:
    """The lifter alone feels the weight (a grid level of the perception model)."""
    position.readings.append(StackReading(position.assessor, position.round_number, level, tuple(position.stack)))
    position.phase = ASSESS


def assess(position: DoubtGravityPosition, action: int) -> None:
    """The lifter declares "It's correct!" (the next player lifts) or "I doubt it!"."""
    seat = position.assessor
    if action == CORRECT:
        position.declarations.append(Declaration(seat, SAID_CORRECT))
        position._note_later('Seat %d: "It\'s correct!"', seat)
        position.assess_index += 1
        next_assessor(position)
    else:
        position.declarations.append(Declaration(seat, SAID_DOUBT))
        position._note_later('Seat %d: "I doubt it!"', seat)
        resolve_doubt(position, seat)


class BluffCheck:
    """What turning a stack over from the top found (a native record, never changed once made)."""

    __slots__ = ("bluff_found", "taker", "turned_over")

    def __init__(self, taker: int, turned_over: int, bluff_found: bool) -> None:
        self.taker = taker
        """Who takes every token of the round."""
        self.turned_over = turned_over
        """How many tokens were turned over, from the top."""
        self.bluff_found = bluff_found
        """A token did not show the Designated Number ("Spotting the Bluff")."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BluffCheck):
            return NotImplemented
        return (self.taker, self.turned_over, self.bluff_found) == (other.taker, other.turned_over, other.bluff_found)

    def __hash__(self) -> int:
        return hash((self.taker, self.turned_over, self.bluff_found))

    def __repr__(self) -> str:
        return f"BluffCheck(taker={self.taker}, turned_over={self.turned_over}, bluff_found={self.bluff_found})"


def spot_the_bluff(numbers: list[int], owners: list[int], designated: int, doubter: int) -> BluffCheck:
    """ "Turn over the Tokens one by one, starting with the top one": the owner of the first token
    that is not the Designated Number takes the stack; if every one matches, the doubter does.

    ``numbers`` and ``owners`` list the stack bottom first. The bot weighs its doubts with this too.
    """
    turned = 0
    for index in range(len(numbers) - 1, -1, -1):
        turned += 1
        if numbers[index] != designated:
            return BluffCheck(owners[index], turned, True)
    return BluffCheck(doubter, turned, False)


def resolve_doubt(position: DoubtGravityPosition, doubter: int) -> None:
    """Take the Doubt Card, turn tokens over from the top; the first wrong one names the taker."""
    position.doubt_card_holder = doubter
    stack = position.stack
    numbers = [position.token_numbers[p] for p in stack]
    check = spot_the_bluff(numbers, [position.placed_by[p] for p in stack], position.designated_number, doubter)
    revealed = stack[::-1][: check.turned_over]
    for p in revealed:
        position.revealed[p] = True
        name = token_name(p // TOKENS_PER_COLOUR, position.token_numbers[p])
        position._note_later("Turned over: %s (seat %d).", name, position.placed_by[p])
    taker = check.taker
    if check.bluff_found:
        if len(stack) == 1:
            position._note_later("Bluff spotted: seat %d takes the 1 token of the round.", taker)
        else:
            position._note_later("Bluff spotted: seat %d takes all %d tokens of the round.", taker, len(stack))
    else:
        position._note_later(
            "Every token shows %d: seat %d failed and takes the stack.", position.designated_number, doubter
        )
    for p in stack:
        position.token_places[p] = taker
        position.known_by[p] = position.known_by[p] | 1 << taker
        position.put_in_hand(taker, p)
    end_round(position, doubter, tuple(revealed), taker)


def stack_leaves_game(position: DoubtGravityPosition) -> None:
    """ "If No One Declares 'I doubt it'": the stack goes out of the game unrevealed."""
    for p in position.stack:
        position.token_places[p] = OUT_OF_GAME
    if len(position.stack) == 1:
        position._note_later("Nobody doubts: the 1 token leaves the game unrevealed.")
    else:
        position._note_later("Nobody doubts: the %d tokens leave the game unrevealed.", len(position.stack))
    end_round(position, -1, (), -1)


def end_round(position: DoubtGravityPosition, doubter: int, revealed: tuple[int, ...], taker: int) -> None:
    """The round is recorded; unless the game ends, "the first player moves to the next player"."""
    position.rounds.append(
        RoundSummary(
            position.round_number,
            position.first_player,
            FACE_NAME[position.die_face],
            position.designated_number,
            tuple(position.stack),
            tuple([position.placed_by[p] for p in position.stack]),
            tuple(position.declarations),
            None if doubter < 0 else doubter,
            revealed,
            None if taker < 0 else taker,
        )
    )
    for p in position.stack:
        position.placed_by[p] = -1
    position.stack = []
    position.stack_grams = 0.0
    if not check_end_of_game(position):
        position.first_player = (position.first_player + 1) % position.players
        start_round(position)


def check_end_of_game(position: DoubtGravityPosition) -> bool:
    """ "The winner is the player who runs out of their Tokens first at the end of the round"."""
    n = position.players
    empty = [s for s in range(n) if position.tokens_held(s) == 0]
    if empty:
        finish(position, empty, "ran out of tokens")
        return True
    if position.round_number >= position.settings.max_rounds:
        counts = position.hand_counts
        fewest = min(counts)
        finish(position, [s for s in range(n) if counts[s] == fewest], "round limit: fewest tokens")
        return True
    return False


def finish(position: DoubtGravityPosition, candidates: list[int], reason: str) -> None:
    """Ties go to the holder of the Doubt Card; without it among them, they share the win."""
    if len(candidates) > 1 and position.doubt_card_holder in candidates:
        position.winners = (position.doubt_card_holder,)
        reason += ", tie broken by the Doubt Card"
    else:
        position.winners = tuple(candidates)
        if len(candidates) > 1:
            reason += ", shared"
    position.reason = reason
    position.phase = END
    for p in range(TOKEN_COUNT):
        if position.token_places[p] in (REMOVED, UNUSED):
            position.revealed[p] = True  # "Players may not check the numbers on them until the game ends"
    who = " and ".join(f"seat {s}" for s in position.winners)
    wins = "wins" if len(position.winners) == 1 else "win"
    position._note(f"Game over after round {position.round_number}: {who} {wins} ({position.reason}).")
