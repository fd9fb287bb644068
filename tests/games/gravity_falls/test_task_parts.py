"""The task machine asks a task's automatic part only for ``AUTOMATIC_TASKS`` and its chance outcomes
only for ``CHANCE_TASKS``: those sets must agree with the chains of ``rules_tasks``."""

from __future__ import annotations

import json

import pytest

from gravity_games import load
from gravity_games.games.gravity_falls.rules_tasks import chance_outcomes_of, run_automatic_part
from gravity_games.games.gravity_falls.state import (
    AUTOMATIC_TASK_BITS,
    AUTOMATIC_TASKS,
    CHANCE_TASK_BITS,
    CHANCE_TASKS,
    TABLE,
    Task,
    TaskKind,
    seat_task,
)
from gravity_games.games.gravity_falls.tables import (
    MOST_DICE,
    NO_CHANCES,
    dice_distribution,
    is_chance_outcome,
    roll_outcomes,
    success_outcomes,
    successes_distribution,
    uniform,
)


@pytest.mark.parametrize("kind", list(TaskKind), ids=lambda k: k.name.lower())
def test_chance_outcomes_exist_exactly_for_the_chance_tasks(kind: TaskKind) -> None:
    state = load("gravity-falls", players=2).new_initial_state()
    outcomes = chance_outcomes_of(state, Task(kind, 0))
    if kind in CHANCE_TASKS:
        assert outcomes is not NO_CHANCES
    else:
        assert outcomes is NO_CHANCES


@pytest.mark.parametrize("kind", [k for k in TaskKind if k not in AUTOMATIC_TASKS], ids=lambda k: k.name.lower())
def test_a_task_outside_the_automatic_tasks_has_no_automatic_part(kind: TaskKind) -> None:
    state = load("gravity-falls", players=2).new_initial_state()
    before = json.dumps(state.to_json(), sort_keys=True)
    tasks = list(state.tasks)
    assert run_automatic_part(state, Task(kind, 0)) is False
    assert state.tasks == tasks
    assert json.dumps(state.to_json(), sort_keys=True) == before


@pytest.mark.parametrize("kind", list(TaskKind), ids=lambda k: k.name.lower())
def test_the_task_machines_bit_masks_are_the_task_sets(kind: TaskKind) -> None:
    # the task machine tests the masks; the sets are what the rules and the docs name
    assert bool(CHANCE_TASK_BITS >> kind & 1) == (kind in CHANCE_TASKS)
    assert bool(AUTOMATIC_TASK_BITS >> kind & 1) == (kind in AUTOMATIC_TASKS)


@pytest.mark.parametrize("seat", [TABLE, 0, 4])
def test_a_shared_seat_task_is_the_plain_task_of_its_kind_and_seat(seat: int) -> None:
    for kind in TaskKind:
        assert seat_task(kind, seat) == Task(kind, seat)
        assert seat_task(kind, seat) is seat_task(kind, seat)


def test_uniform_draws_and_dice_tables_equal_their_worked_out_outcomes() -> None:
    for items in ([], [3], [4, 0, 7], list(range(31)), [70, 2]):
        chance = 1.0 / len(items) if items else 0.0
        outcomes = uniform(items)
        assert outcomes == [(item, chance) for item in items]
        assert all(is_chance_outcome(item, outcomes) for item in items)
        assert not is_chance_outcome(99, outcomes)
    for n in range(MOST_DICE + 3):
        assert dice_distribution(n).pairs == roll_outcomes(n).pairs
        assert successes_distribution(n).pairs == success_outcomes(n).pairs
