"""The task machine's rules by kind of task: for each ``TaskKind``, the rule functions that carry it out.

A pending task (``state.Task``) has up to four parts, each one of the rule functions of
``rules_setup``, ``rules_move``, ``rules_turn`` and ``rules_monsters``:

- its automatic part, ``run_automatic_part`` (the ``AUTOMATIC_TASKS``): it runs first and says
  whether the task moved on (done, or replaced by the tasks it starts) or waits for a decision;
- the decision's options: ``chance_outcomes_of`` for chance's outcomes (a die roll, a card drawn)
  at the ``CHANCE_TASKS``, else ``seat_choices`` for the seat's choices;
- the decision itself, ``carry_out_decision``: the rule that applies the chosen outcome or choice.

Each part is one chain over the kinds in the order a turn meets them (its start, movement, rumors,
the roll, the end of the character phase, the monster phase, events, the turn's end), then the
setup's, which come once a game; a kind that a chain does not name has no such part.
``GravityFallsState._advance`` (``rules.py``) drives them.
"""

from __future__ import annotations

from .rules_monsters import (
    advance_revealed_cards,
    alarm_check,
    check_curse_deck,
    check_event_teleport,
    choose_mover,
    curse_draw_chances,
    die_removal_options,
    discard_or_alarm_options,
    discard_or_raise_alarm,
    disorder_pull,
    disorder_pull_options,
    end_event,
    end_turn,
    event_teleport,
    event_teleport_options,
    finish_disorder,
    flee,
    flee_options,
    move_nearest_monster,
    mover_options,
    prepare_reveal,
    queued_monster_move,
    remove_courage_die,
    reveal_card,
    reveal_chances,
    reveal_stage,
    start_event,
    take_curse,
)
from .rules_move import (
    play_card,
    playable_cards,
    route_options,
    start_turn,
    teleport,
    teleport_options,
    travel_road,
)
from .rules_setup import (
    add_monster,
    assign_character,
    character_draw_chances,
    choose_setup_pull,
    event_card_chances,
    flip_support_under_monster,
    monster_draw_chances,
    movement_card_chances,
    place_character,
    place_monster,
    reveal_first_card,
    setup_pull_options,
    shuffle_in_event,
)
from .rules_turn import (
    ability_options,
    apply_successes,
    card_draw_chances,
    choose_draw,
    choose_foe,
    choose_reroll,
    cleanse_chances,
    courage_die_options,
    discard_curse,
    discard_curse_options,
    draw_card,
    draw_cards,
    draw_options,
    end_character_phase,
    flip_curse,
    foe_options,
    keep_one_card_out,
    move_token,
    offer_cleanse,
    place_courage_die,
    prepare_roll,
    pull_rumor,
    read_reroll,
    read_roll,
    reroll_chances,
    reroll_options,
    rest_return_chances,
    roll_against_curses,
    roll_chances,
    rumor_options,
    spread_rumors,
    take_cards_back,
    take_rolled_curses,
    token_moves,
    use_ability,
)
from .state import (
    ABILITY,
    AFTER_MOVE,
    ALARM_CHECK,
    CHOOSE_CARD,
    CHOOSE_MOVER,
    CLEANSE,
    CURSE_REVEAL,
    DISCARD_CURSE,
    DISORDER_ALARM,
    DISORDER_PULL,
    DRAW,
    DRAW_CARD,
    END_STEPS,
    END_TURN,
    EV_DISCARD_OR_ALARM,
    EV_FLEE,
    EV_REMOVE_DIE,
    EV_TELEPORT,
    EVENT,
    EVENT_END,
    FLIP_CURSE,
    GIVE_CURSE,
    MONSTER_MOVE,
    MOVE_MONSTER,
    MOVE_TOKEN,
    PICK_CHARACTER,
    PICK_EVENT,
    PICK_MONSTER,
    PLACE_CHARACTER,
    PLACE_DIE,
    PLACE_MONSTER,
    REROLL,
    REROLL_OFFER,
    RESOLVE_ROLL,
    REST_RETURN,
    REVEAL,
    REVEAL_STAGE,
    ROLL,
    ROLL_CURSES,
    ROLL_SETUP,
    ROUTE,
    RUMOR,
    SETUP_FLIP,
    SETUP_PULL,
    SETUP_ROW,
    START_TURN,
    TELEPORT,
    GravityFallsPosition,
    Task,
)
from .tables import NO_CHANCES, Chances


def run_automatic_part(position: GravityFallsPosition, task: Task) -> bool:
    """Run the automatic part of ``task`` (the front task, one of ``AUTOMATIC_TASKS``): True when it
    moved on, False when it waits for a decision (and for a kind without an automatic part)."""
    kind = task.kind
    if kind == START_TURN:
        return start_turn(position, task)
    if kind == AFTER_MOVE:
        return spread_rumors(position, task)
    if kind == ROLL_SETUP:
        return prepare_roll(position, task)
    if kind == RESOLVE_ROLL:
        return apply_successes(position, task)
    if kind == ROLL_CURSES:
        return take_rolled_curses(position, task)
    if kind == GIVE_CURSE:
        return check_curse_deck(position, task)
    if kind == END_STEPS:
        return end_character_phase(position, task)
    if kind == DRAW:
        return draw_cards(position, task)
    if kind == FLIP_CURSE:
        return flip_curse(position, task)
    if kind == CLEANSE:
        return offer_cleanse(position, task)
    if kind == REST_RETURN:
        return take_cards_back(position, task)
    if kind == MONSTER_MOVE:
        return move_nearest_monster(position, task)
    if kind == MOVE_MONSTER:
        return queued_monster_move(position, task)
    if kind == DISORDER_ALARM:
        return finish_disorder(position, task)
    if kind == REVEAL_STAGE:
        return reveal_stage(position, task)
    if kind == REVEAL:
        return prepare_reveal(position, task)
    if kind == CURSE_REVEAL:
        return advance_revealed_cards(position, task)
    if kind == EVENT:
        return start_event(position, task)
    if kind == EV_TELEPORT:
        return check_event_teleport(position, task)
    if kind == EVENT_END:
        return end_event(position, task)
    if kind == ALARM_CHECK:
        return alarm_check(position, task)
    if kind == END_TURN:
        return end_turn(position, task)
    if kind == SETUP_FLIP:
        return flip_support_under_monster(position, task)
    return False


def chance_outcomes_of(position: GravityFallsPosition, task: Task) -> Chances:
    """The outcomes of the chance step ``task`` (one of ``CHANCE_TASKS``) waits for; none for another kind."""
    kind = task.kind
    if kind == ROLL:
        return roll_chances(position, task)
    if kind == REROLL:
        return reroll_chances(position, task)
    if kind == GIVE_CURSE:
        return curse_draw_chances(position, task)
    if kind == DRAW_CARD:
        return card_draw_chances(position, task)
    if kind == CLEANSE:
        return cleanse_chances(position, task)
    if kind == REST_RETURN:
        return rest_return_chances(position, task)
    if kind == REVEAL:
        return reveal_chances(position, task)
    if kind == PICK_MONSTER:
        return monster_draw_chances(position, task)
    if kind == PICK_CHARACTER:
        return character_draw_chances(position, task)
    if kind == PLACE_MONSTER:
        return movement_card_chances(position, task)
    if kind == PLACE_CHARACTER:
        return movement_card_chances(position, task)
    if kind == SETUP_ROW:
        return movement_card_chances(position, task)
    if kind == PICK_EVENT:
        return event_card_chances(position, task)
    return NO_CHANCES


def seat_choices(position: GravityFallsPosition, task: Task) -> list[int]:
    """The seat's choices at ``task`` (a new list; none for a task that needs no choice)."""
    kind = task.kind
    if kind == CHOOSE_CARD:
        return playable_cards(position, task)
    if kind == ROUTE:
        return route_options(position, task)
    if kind == TELEPORT:
        return teleport_options(position, task)
    if kind == RUMOR:
        return rumor_options(position, task)
    if kind == ROLL_SETUP:
        return foe_options(position, task)
    if kind == REROLL_OFFER:
        return reroll_options(position, task)
    if kind == MOVE_TOKEN:
        return token_moves(position, task)
    if kind == PLACE_DIE:
        return courage_die_options(position, task)
    if kind == DRAW:
        return draw_options(position, task)
    if kind == DISCARD_CURSE:
        return discard_curse_options(position, task)
    if kind == ABILITY:
        return ability_options(position, task)
    if kind == CHOOSE_MOVER:
        return mover_options(position, task)
    if kind == DISORDER_PULL:
        return disorder_pull_options(position, task)
    if kind == EV_TELEPORT:
        return event_teleport_options(position, task)
    if kind == EV_DISCARD_OR_ALARM:
        return discard_or_alarm_options(position, task)
    if kind == EV_REMOVE_DIE:
        return die_removal_options(position, task)
    if kind == EV_FLEE:
        return flee_options(position, task)
    if kind == SETUP_PULL:
        return setup_pull_options(position, task)
    return []


def carry_out_decision(position: GravityFallsPosition, task: Task, action: int) -> None:
    """Apply the chosen outcome or choice ``action`` of ``task`` (the front task)."""
    kind = task.kind
    if kind == CHOOSE_CARD:
        play_card(position, task, action)
    elif kind == ROUTE:
        travel_road(position, task, action)
    elif kind == TELEPORT:
        teleport(position, task, action)
    elif kind == RUMOR:
        pull_rumor(position, task, action)
    elif kind == ROLL_SETUP:
        choose_foe(position, task, action)
    elif kind == ROLL:
        read_roll(position, task, action)
    elif kind == REROLL_OFFER:
        choose_reroll(position, task, action)
    elif kind == REROLL:
        read_reroll(position, task, action)
    elif kind == MOVE_TOKEN:
        move_token(position, task, action)
    elif kind == GIVE_CURSE:
        take_curse(position, task, action)
    elif kind == PLACE_DIE:
        place_courage_die(position, task, action)
    elif kind == DRAW:
        choose_draw(position, task, action)
    elif kind == DRAW_CARD:
        draw_card(position, task, action)
    elif kind == CLEANSE:
        roll_against_curses(position, task, action)
    elif kind == DISCARD_CURSE:
        discard_curse(position, task, action)
    elif kind == ABILITY:
        use_ability(position, task, action)
    elif kind == REST_RETURN:
        keep_one_card_out(position, task, action)
    elif kind == CHOOSE_MOVER:
        choose_mover(position, task, action)
    elif kind == DISORDER_PULL:
        disorder_pull(position, task, action)
    elif kind == REVEAL:
        reveal_card(position, task, action)
    elif kind == EV_TELEPORT:
        event_teleport(position, task, action)
    elif kind == EV_DISCARD_OR_ALARM:
        discard_or_raise_alarm(position, task, action)
    elif kind == EV_REMOVE_DIE:
        remove_courage_die(position, task, action)
    elif kind == EV_FLEE:
        flee(position, task, action)
    elif kind == PICK_MONSTER:
        add_monster(position, task, action)
    elif kind == PICK_CHARACTER:
        assign_character(position, task, action)
    elif kind == PLACE_MONSTER:
        place_monster(position, task, action)
    elif kind == SETUP_PULL:
        choose_setup_pull(position, task, action)
    elif kind == PLACE_CHARACTER:
        place_character(position, task, action)
    elif kind == SETUP_ROW:
        reveal_first_card(position, task, action)
    elif kind == PICK_EVENT:
        shuffle_in_event(position, task, action)
