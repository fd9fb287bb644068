"""Determinization, observation tensor, views and the heuristic bot of Comparison × Gravity."""

from __future__ import annotations

import random
from collections import Counter

from rich.text import Text

from gravity_games import load
from gravity_games.agents import make_agents
from gravity_games.core.play import play_game
from gravity_games.core.registry import entry
from gravity_games.games.comparison_gravity.rules import ComparisonGravityState, resolve_round
from gravity_games.games.comparison_gravity.tensor import OBS_SIZE

from .comparison_helpers import comparison_state, play


def test_resample_draws_uniformly_among_tokens_that_explain_the_results() -> None:
    """Seat 0 played C1 (100) and lost to seat 1's B: only B3 (112), B4, B5 beat it, equally likely."""
    state = comparison_state(2)
    play(state, "announce C", "announce B", "play 1", "play 4")
    rng = random.Random(5)
    counts: Counter[int] = Counter()
    draws = 3000
    for _ in range(draws):
        sample = state.resample_from_infostate(0, rng)
        assert sample.observation(0) == state.observation(0)
        counts[sample.rounds[0].tokens[1]] += 1
        assert sorted(sample.hands[1] + [sample.rounds[0].tokens[1]]) == [1, 2, 3, 4, 5]
    assert set(counts) == {3, 4, 5}
    assert all(abs(counts[n] / draws - 1 / 3) < 0.04 for n in (3, 4, 5))


def test_resample_keeps_every_public_result_in_three_player_games() -> None:
    game = load("comparison-gravity", players=3)
    rng = random.Random(9)
    for seed in range(15):
        state, _ = play_game(game, make_agents(["random"], game, seed), seed)
        for seat in range(3):
            sample = state.resample_from_infostate(seat, rng)
            for record, real in zip(sample.rounds, state.rounds, strict=True):
                result = resolve_round(game.torque, 3, record.first_player, record.cards, record.tokens)
                assert result == (record.first_match, record.winner)
                assert record.tokens[seat] == real.tokens[seat]  # the seat's own tokens are never redrawn


def test_resample_hides_the_first_players_token_from_the_second() -> None:
    state = comparison_state(2)
    play(state, "announce A", "announce A", "play 2")
    rng = random.Random(1)
    seen = {state.resample_from_infostate(1, rng).played_numbers[0] for _ in range(200)}
    assert seen == {1, 2, 3, 4, 5}


def test_observation_tensor_shape_and_content() -> None:
    game = load("comparison-gravity", players=3)
    assert game.spec.observation_shape == (OBS_SIZE,)
    state = comparison_state(3)
    t0 = state.observation_tensor(0)
    play(state, "announce B")
    t1 = state.observation_tensor(0)
    assert len(t0) == len(t1) == OBS_SIZE and t0 != t1
    play(state, "announce A", "announce C", "play 5")
    assert state.observation_tensor(0) != state.observation_tensor(1)


def _part(svg: str, key: str) -> str:
    """The markup of one drawn part (its ``<g data-part=...>`` group, up to the next part)."""
    start = svg.index(f'data-part="{key}"')
    end = svg.find("data-part=", start + 1)
    return svg[start : end if end > 0 else len(svg)]


def test_views_show_the_own_token_and_hide_the_others() -> None:
    state = comparison_state(2)
    play(state, "announce B", "announce C", "play 4")
    views = entry("comparison-gravity")
    assert views.text_view is not None and views.svg_view is not None
    mine = views.text_view(state.observation(0), state.game)
    theirs = views.text_view(state.observation(1), state.game)
    assert "placed token 4" in mine and "your token 4 on B" in mine
    assert "Black (seat 0) ▶" not in theirs and "placed a token" in theirs
    assert "Black's token (number hidden) on B" in theirs and "token 4" not in theirs
    svg_mine = views.svg_view(state.observation(0), state.game)
    svg_theirs = views.svg_view(state.observation(1), state.game)
    assert svg_mine.startswith("<svg")
    assert ">K4</text>" in _part(svg_mine, "spot:left-B")
    assert ">K?</text>" in _part(svg_theirs, "spot:left-B") and "K4" not in svg_theirs
    assert state.log(1)[-1] == "Seat 0 places a token on B." and state.log(0)[-1] == "Seat 0 placed token 4."


FOUR_ROUNDS = [
    {"first": 1, "cards": ["A", "C"], "tokens": [1, 2], "first_match": 1, "winner": 1},
    {"first": 0, "cards": ["A", "A"], "tokens": [3, 3], "first_match": -1, "winner": -1},
    {"first": 1, "cards": ["B", "B"], "tokens": [5, 1], "first_match": 0, "winner": 0},
    {"first": 0, "cards": ["C", "B"], "tokens": [4, 5], "first_match": 0, "winner": 0},
]
"""Four rounds of a 2-player game that Red (seat 1) started: Red won one, one was level, Black won two."""


def round_five(
    phase: str = "announce", announced: list[str | None] | None = None, played: list[int] | None = None
) -> ComparisonGravityState:
    return comparison_state(
        2,
        phase=phase,
        first=1,
        round_first=1,
        step=sum(1 for a in (announced or []) if a) % 2 if phase == "announce" else sum(1 for p in played or [] if p),
        hands=[[2], [4]],
        cards=[{"A": 0, "B": 1, "C": 0}, {"A": 1, "B": 0, "C": 0}],
        announced=announced,
        played=played,
        rounds=FOUR_ROUNDS,
    )


def plain_text(state: ComparisonGravityState, seat: int | None) -> str:
    """The terminal view of a seat as the player reads it (Rich markup rendered, styles dropped)."""
    view = entry("comparison-gravity").text_view
    assert view is not None
    return Text.from_markup(view(state.observation(seat), state.game)).plain


def test_text_view_speaks_in_words_with_plurals() -> None:
    """Players by colour, 1 round / 2 rounds, 1 token, and what the move codes of the menu mean."""
    state = round_five()
    red = plain_text(state, 1)
    assert "Your turn: choose one of your cards to announce your spot (A, B or C)." in red
    assert "Black (seat 0): no card shown yet; cards left: B; 1 token left; 2 rounds won" in red
    assert "You (red, seat 1) ▶: first player; no card shown yet; cards left: A; 1 token left; 1 round won" in red
    assert "'announce A' shows your card A" in red  # the one card Red has left
    assert "Round 2: Black A, you A (token 3); level, nobody won" in red
    assert "Round 4: Black C, you B (token 5); Black won" in red
    assert "token(s)" not in red and "round(s)" not in red and "(token 4)" not in red
    black = plain_text(state, 0)
    assert "Red is choosing a card." in black and "'announce" not in black
    assert "Round 4: you C (token 4), Red B; you won" in black and "Red B (token" not in black


def test_heuristic_beats_random() -> None:
    for players, games, bar in ((2, 40, 0.7), (3, 45, 0.55)):
        game = load("comparison-gravity", players=players)
        wins = 0
        for seed in range(games):
            seat = seed % players
            specs = ["random"] * players
            specs[seat] = "heuristic"
            state, _ = play_game(game, make_agents(specs, game, seed), seed)
            outcome = state.outcome()
            assert outcome is not None
            wins += seat in outcome.winners
        assert wins / games > bar, (players, wins)


def finished(rows: list[tuple[str, list[int], int, int]]) -> ComparisonGravityState:
    """A finished 3-player game from (cards, tokens, first match, winner) per round, firsts 0, 1, 2, 0, 1."""
    rounds = [
        {"first": i % 3, "cards": list(cards), "tokens": tokens, "first_match": match, "winner": winner}
        for i, (cards, tokens, match, winner) in enumerate(rows)
    ]
    spent = {"A": 0, "B": 0, "C": 0}
    state = comparison_state(3, phase="over", hands=[[], [], []], cards=[dict(spent)] * 3, rounds=rounds)
    for record in state.rounds:  # the document agrees with the rule that decides a round
        assert resolve_round(state.settings.torque, 3, record.first_player, record.cards, record.tokens) == (
            record.first_match,
            record.winner,
        )
    return state


def test_the_end_says_when_the_lower_total_breaks_a_tie() -> None:
    """Black and Red win 2 rounds each, Red's lower total (6 against 9) wins; 1-3-1 needs no tie-break."""
    tie = finished(
        [
            ("BAC", [2, 5, 1], 0, 2),
            ("BAB", [5, 1, 3], 2, 0),
            ("CCB", [4, 3, 5], 0, 0),
            ("ABA", [1, 2, 4], 1, 1),
            ("ABA", [3, 4, 2], 1, 1),
        ]
    )
    text = plain_text(tie, 2)
    assert "Game over: Red wins with 2 rounds won." in text
    assert "Totals of the winning tokens: Black 9, Red 6, you 1 (the lower total breaks the tie)." in text
    clear = finished(
        [
            ("CAA", [5, 4, 1], 0, 0),
            ("ABA", [3, 2, 3], 1, 1),
            ("BCB", [4, 3, 2], 0, 1),
            ("BAC", [2, 1, 5], 0, 2),
            ("ABB", [1, 5, 4], 1, 1),
        ]
    )
    assert "Totals of the winning tokens: Black 5, Red 10, you 5." in plain_text(clear, 2)
