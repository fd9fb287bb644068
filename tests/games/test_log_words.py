"""Every game's log speaks words a player knows (issue 17): no raw identifiers, no "(s)".

Seeded random games of all six games, every public and private log line: no snake_case identifier
(``back_roll``, ``no_draw_nearby``), no quoted one-word id (``'skip'``), no "token(s)"-style plural.
Then a few lines whose count decides the word, one per kind of line that used to say "(s)".
"""

from __future__ import annotations

import random
import re

import pytest

from gravity_games import load
from gravity_games.core.api import sample_chance
from gravity_games.core.registry import list_games

RAW = re.compile(r"\(s\)|\(es\)|\b[a-z]+_[a-z_]+\b|'[a-z]+'")
"""What a log line must never hold: '(s)'/'(es)', a snake_case id, a quoted lower-case one-word id."""


def _lines(game_id: str, players: int, seed: int) -> list[str]:
    game = load(game_id, players=players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return list(state.full_log())


@pytest.mark.parametrize("game_id", list_games())
def test_no_log_line_holds_a_raw_identifier_or_a_bracketed_plural(game_id: str) -> None:
    cls = type(load(game_id))
    bad: list[str] = []
    for players in {cls.MIN_PLAYERS, cls.MAX_PLAYERS}:
        for seed in range(6):
            bad += [line for line in _lines(game_id, players, seed) if RAW.search(line)]
    assert not bad, f"{game_id}: {len(bad)} log lines with raw words, e.g. {sorted(set(bad))[:5]}"


def _all_lines(game_id: str, players: int, seeds: int) -> set[str]:
    out: set[str] = set()
    for seed in range(seeds):
        out.update(_lines(game_id, players, seed))
    return out


def test_gravity_falls_counts_choose_singular_or_plural() -> None:
    lines = _all_lines("gravity-falls", 3, 6)
    assert any(re.fullmatch(r"1 support token at .+ flips to distrust", line) for line in lines)
    assert any(re.fullmatch(r"[2-9] support tokens at .+ flip to distrust", line) for line in lines)
    assert any(
        re.fullmatch(
            r"Roll: (no success|1 success|\d successes), (no arrow|1 arrow|\d arrows), "
            r"(no curse|1 curse|\d curses)",
            line,
        )
        for line in lines
    )
    assert any(re.search(r"\(1 distrust token where .+ stands\)", line) for line in lines)
    assert not any(re.search(r"\b1 dice\b|\b1 tokens\b|\b1 successes\b", line) for line in lines)


def test_doubt_and_comparison_counts_choose_singular_or_plural() -> None:
    doubt = _all_lines("doubt-gravity", 2, 10)
    assert any(re.fullmatch(r"Seat \d places 1 token claiming \d\.", line) for line in doubt)
    assert any(re.fullmatch(r"Seat \d places [2-9] tokens claiming \d\.", line) for line in doubt)
    assert any(re.fullmatch(r"Game over after round \d+: seat \d wins \(.+\)\.", line) for line in doubt)
    comparison = _all_lines("comparison-gravity", 2, 10)
    assert any(re.fullmatch(r"Seat \d won 1 round with tokens totalling \d+\.", line) for line in comparison)
    assert any(re.fullmatch(r"Seat \d won [02-9] rounds with tokens totalling \d+\.", line) for line in comparison)


def test_saving_waddles_names_cards_by_their_names_in_the_data() -> None:
    """ "mischief card 'back_roll'" was the id; the log now says the card's name from the data's texts."""
    game = load("saving-waddles", players=4)
    names = set(game.help_names) | set(game.mischief_names)  # read from data/components.toml [texts]
    assert "Roll and move back" in game.mischief_names and "Set the die to 3" in game.help_names
    lines = _all_lines("saving-waddles", 4, 6)
    quoted = {m for line in lines for m in re.findall(r"card '([^']+)'", line)}
    assert quoted and quoted <= names
    assert any(re.fullmatch(r"\w+ exchanges [1-3] mischief cards? for a help card", line) for line in lines)
    assert not any(re.search(r"\b1 \w+ cards\b|\ball 0\b|\b0 help", line) for line in lines)
