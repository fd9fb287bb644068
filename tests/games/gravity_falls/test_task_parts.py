"""The task machine asks a task's automatic part only for ``AUTOMATIC_TASKS`` and its chance outcomes
only for ``CHANCE_TASKS``: those sets must agree with the chains of ``rules_tasks``."""

from __future__ import annotations

import json

import pytest

from gravity_games import load
from gravity_games.games.gravity_falls.rules_tasks import chance_outcomes_of, run_automatic_part
from gravity_games.games.gravity_falls.state import AUTOMATIC_TASKS, CHANCE_TASKS, Task, TaskKind
from gravity_games.games.gravity_falls.tables import NO_OUTCOMES


@pytest.mark.parametrize("kind", list(TaskKind), ids=lambda k: k.name.lower())
def test_chance_outcomes_exist_exactly_for_the_chance_tasks(kind: TaskKind) -> None:
    state = load("gravity-falls", players=2).new_initial_state()
    outcomes = chance_outcomes_of(state, Task(kind, 0))
    if kind in CHANCE_TASKS:
        assert outcomes is not NO_OUTCOMES
    else:
        assert outcomes is NO_OUTCOMES


@pytest.mark.parametrize("kind", [k for k in TaskKind if k not in AUTOMATIC_TASKS], ids=lambda k: k.name.lower())
def test_a_task_outside_the_automatic_tasks_has_no_automatic_part(kind: TaskKind) -> None:
    state = load("gravity-falls", players=2).new_initial_state()
    before = json.dumps(state.to_json(), sort_keys=True)
    tasks = list(state.tasks)
    assert run_automatic_part(state, Task(kind, 0)) is False
    assert state.tasks == tasks
    assert json.dumps(state.to_json(), sort_keys=True) == before
