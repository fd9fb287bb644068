"""scripts/ceiling.py: the tested agent's worlds are the true position, and its records say so.

The script runs the interpreted build only (the compiled ``SeatView`` keeps its state out of
reach), so it is run here in a process of its own: importing it here would switch this one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tests.scripts import SCRIPTS, load_script

ROOT = SCRIPTS.parent

WORLDS = """
import random, sys
sys.path.insert(0, {scripts!r})
import ceiling
from gravity_games import load
from gravity_games.core.agent import SeatView

game = load("saving-waddles", players=3)
state = game.new_initial_state()
rng = random.Random(5)
while state.move_number() < 60 and not state.is_terminal():
    if state.is_chance_node():
        actions, weights = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, weights)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))
truth = state.to_json()
seat = 0
seen = [ceiling.AllSeeingView(state, seat).sample_state(random.Random(i)).to_json() for i in range(10)]
fair = [SeatView(state, seat).sample_state(random.Random(i)).to_json() for i in range(10)]
print(sum(doc == truth for doc in seen), sum(doc == truth for doc in fair))
"""

BUT_CHOICES = """
import random, sys
sys.path.insert(0, {scripts!r})
import ceiling
from gravity_games import load
from gravity_games.games.gravwell.state import Stage

game = load("gravwell", players=4)
state = game.new_initial_state()
rng = random.Random(2)
while not (state.stage == Stage.CHOOSE and state.current_player() == 2 and state.move_number() > 30):
    if state.is_chance_node():
        actions, weights = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, weights)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))
view = ceiling.AllSeeingView(state, 2, but="choices")
worlds = [view.sample_state(random.Random(i)) for i in range(20)]
held = lambda w, s: sorted([*w.hands[s], w.chosen[s]])
same_cards = all(held(w, s) == held(state, s) for w in worlds for s in range(4))
changed = sum(w.chosen[:2] != state.chosen[:2] for w in worlds)
print(int(same_cards), changed, int(all(w.chosen[2:] == state.chosen[2:] for w in worlds)))
"""


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "GRAVITY_BUILD"}
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False
    )


def test_the_all_seeing_view_draws_the_true_position_and_a_fair_one_does_not() -> None:
    done = run("-c", WORLDS.format(scripts=str(SCRIPTS)))
    assert done.returncode == 0, done.stderr
    all_seeing, fair = (int(word) for word in done.stdout.split())
    assert all_seeing == 10
    # 60 moves in, the other seats hold help cards and path cards lie face down: a fair draw redraws them.
    assert fair < 10


def test_but_choices_redraws_only_the_cards_just_chosen_face_down() -> None:
    done = run("-c", BUT_CHOICES.format(scripts=str(SCRIPTS)))
    assert done.returncode == 0, done.stderr
    same_cards, changed, later_untouched = (int(word) for word in done.stdout.split())
    assert same_cards == 1  # every seat keeps its own cards, the chosen one among them
    assert changed > 0
    assert later_untouched == 1


def test_but_choices_is_for_gravwell_only() -> None:
    done = run(str(SCRIPTS / "ceiling.py"), "doubt-gravity", "--but-choices", "--games", "1")
    assert done.returncode != 0
    assert "--but-choices is for gravwell" in done.stderr


def test_a_ceiling_run_is_recorded_as_one_that_sees_everything(tmp_path: Path) -> None:
    out = tmp_path / "ceiling.json"
    done = run(
        str(SCRIPTS / "ceiling.py"), "saving-waddles", "--agent", "rollouts:worlds=4", "--games", "2",
        "--seed", "3", "--json", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    doc = json.loads(out.read_text())
    assert doc["sees"] == "everything"
    assert doc["complete"] is True
    assert [row["index"] for row in doc["games"]] == [0, 1]
    assert doc["time_per_decision"]["decisions"] > 0


def test_a_ceiling_part_does_not_merge_with_a_fair_one(tmp_path: Path) -> None:
    fair = tmp_path / "fair.json"
    argv = ["doubt-gravity", "--agent", "easy", "--games", "2", "--seed", "7", "--json", str(fair)]
    module = load_script("bot_strength")
    assert module.main(argv) == 0
    part = json.loads(fair.read_text())
    seeing = tmp_path / "seeing.json"
    later = {**part, "sees": "everything", "games": [{**row, "index": row["index"] + 2} for row in part["games"]]}
    seeing.write_text(json.dumps(later))
    with pytest.raises(SystemExit, match="sees='everything'"):
        module.main(["x", "--merge", str(fair), str(seeing), "--json", str(tmp_path / "m.json")])
    assert not (tmp_path / "m.json").exists()
