"""A hint said in plain words, never surer than the search behind it.

:func:`~gravity_games.agents.hints.advice` gives each move's estimated win chance and says when it
is unsure. A person should not read "78 %" off a search of a dozen playouts, so what the terminal
(``gravity play --hints``) and the web's hint button show comes from here, one wording for both:

* each move's chance rounded to 5 points ("about 60 % to win"), never "100 %" or "0 %";
* how far it may be off, as a range ("likely between 45 % and 75 %"): the 95 % Wilson interval of
  the move's playouts (as if each were a win or a loss, the widest spread a mean of results in
  [0, 1] can have), widened to at least :data:`MARGIN_FLOOR` either side because the calibration
  runs (docs/sim.md, "Hint calibration") found even well-searched hints off by 5-10 points on
  average and more at the edges; a move with fewer than ``FEW`` playouts is "a rough guess";
* when the search is unsure, why, naming the moves by their notation: "close call between “X”
  and “Y”" or "too few playouts: 12 behind the best move".
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from gravity_games.sim.stats import wilson_interval

from .hints import FEW, Advice

MARGIN_FLOOR = 0.10
"""Least distance between a shown chance and either end of its range (see the module docstring)."""

STEP = 5
"""Shown chances and ranges are whole multiples of this many percentage points."""

PCT = "\u00a0%"
"""A figure's percent sign, joined to it by a no-break space so a line never starts with "%"."""


@dataclass(frozen=True)
class HintMove:
    """One suggested move as a person is told it."""

    id: int
    text: str
    description: str
    chance: float
    low: float
    high: float
    samples: int
    says: str


@dataclass(frozen=True)
class HintWords:
    """A whole hint as a person is told it: the moves best first, and whether (and why) it is unsure."""

    hints: list[HintMove]
    unsure: bool
    reason: str
    samples: int
    searched: str = ""
    """What the search did, in words (:func:`search_words`), to head the hint."""
    assumes: str = ""
    """Who the chances assume plays on, as a sentence (:func:`assumption_words`): the calibration's players."""

    def to_json(self) -> dict[str, Any]:
        return {
            "unsure": self.unsure,
            "reason": self.reason,
            "samples": self.samples,
            "searched": self.searched,
            "assumes": self.assumes,
            "hints": [asdict(h) for h in self.hints],
        }


def chance_range(chance: float, playouts: int) -> tuple[float, float]:
    """Where the move's true chance likely lies: the Wilson interval, at least MARGIN_FLOOR each side."""
    low, high = wilson_interval(chance * playouts, playouts)
    return max(0.0, min(low, chance - MARGIN_FLOOR)), min(1.0, max(high, chance + MARGIN_FLOOR))


def _points(value: float, rounding: Any = None) -> int:
    """``value`` (0-1) in percentage points, a multiple of STEP: to the nearest (halves up) unless
    ``rounding`` (math.floor, math.ceil) says otherwise."""
    scaled = round(value * 100 / STEP, 6)  # 0.75 must not ceil to 80 through float error
    return int(math.floor(scaled + 0.5) if rounding is None else rounding(scaled)) * STEP


def say_chance(chance: float, low: float, high: float, samples: int, *, team: bool = False) -> str:
    """The chance and its range in words: 'about 60 % to win, likely between 45 % and 75 %'.

    It ends on the range, so the figure never stands alone; a move with fewer than FEW playouts
    is 'a rough guess: about 90 % to win, anywhere between 45 % and 100 %'.
    """
    goal = "for the team to win" if team else "to win"
    if samples <= 0:
        return f"not tried by the search yet: its chance {goal} is anywhere between 0{PCT} and 100{PCT}"
    shown = _points(chance)
    if shown >= 100:
        figure = f"over {100 - STEP}{PCT}"
    elif shown <= 0:
        figure = f"under {STEP}{PCT}"
    else:
        figure = f"about {shown}{PCT}"
    # the range is rounded outward, so rounding never narrows it
    lo, hi = _points(low, math.floor), _points(high, math.ceil)
    if samples < FEW:
        return f"a rough guess: {figure} {goal}, anywhere between {lo}{PCT} and {hi}{PCT}"
    return f"{figure} {goal}, likely between {lo}{PCT} and {hi}{PCT}"


def _quoted(names: Mapping[int, tuple[str, str]], action: int) -> str:
    # The notation: short, and shown beside each move's words on both channels, so the reason
    # can be matched to the rows below it without repeating long descriptions.
    text, words = names.get(action, (str(action), str(action)))
    return f"“{text or words}”"


def unsure_reason(advice: Advice, names: Mapping[int, tuple[str, str]], seconds: float) -> str:
    """Why the hint is unsure, in words naming the moves; empty when it is not."""
    if not advice.unsure or not advice.moves:
        return ""
    best = advice.moves[0][0]
    if advice.runner_up is not None:
        return (
            f"close call between {_quoted(names, best)} and {_quoted(names, advice.runner_up)}: "
            "the search cannot tell which of the two is better"
        )
    if advice.samples < FEW:
        return (
            f"too few playouts: {advice.samples} behind the best move in {seconds:g}\u00a0s, {FEW} make a firm figure"
        )
    return advice.reason


def search_words(advice: Advice, seconds: float) -> str:
    """What the search did: 'a search of what you can see: 1,300 iterations'.

    The hint is budgeted in work (``hint_budget.toml``), with ``seconds`` of wall time as a cap
    only, so the work is what it reports (a search the cap cut short is unsure, and its reason
    names the limit).

    >>> search_words(Advice([], 0, False, "", unit="iterations", budget=1300, done=1300), 1.0)
    'a search of what you can see: 1,300 iterations'
    >>> search_words(Advice([], 0, True, "", unit="playouts", budget=660, done=210), 1.0)
    'a search of what you can see: 210 of its 660 playouts'
    """
    if not advice.unit or advice.budget <= 0:
        return f"a search of what you can see, up to {seconds:g}\u00a0s"
    if advice.done < advice.budget:
        return f"a search of what you can see: {advice.done:,} of its {advice.budget:,} {advice.unit}"
    return f"a search of what you can see: {advice.done:,} {advice.unit}"


def assumption_words(*, team: bool = False) -> str:
    """Who the chance assumes plays on from here: the players its calibration played on with
    (``scripts/hint_calibration.py``: ``hard`` in the hinted seat and the heuristic, the ``medium``
    level, in the others; a cooperative game: ``hard`` in every seat). Against stronger players the
    chance is lower, and it was not measured there, so the hint says so.

    >>> assumption_words()
    'The chances assume you play on as the hard bot would, against players as strong as the medium bot.'
    """
    if team:
        return "The chances assume the whole team plays on as the hard bot would."
    return "The chances assume you play on as the hard bot would, against players as strong as the medium bot."


def hint_words(
    advice: Advice, names: Mapping[int, tuple[str, str]], *, seconds: float, team: bool = False
) -> HintWords:
    """The hint in words; ``names`` maps each legal move to (notation, plain description)."""
    moves = []
    for i, (action, chance) in enumerate(advice.moves):
        samples = advice.playouts[i] if i < len(advice.playouts) else (advice.samples if i == 0 else 0)
        low, high = chance_range(chance, samples) if samples > 0 else (0.0, 1.0)
        text, words = names.get(action, (str(action), str(action)))
        says = say_chance(chance, low, high, samples, team=team)
        moves.append(HintMove(action, text, words, chance, round(low, 4), round(high, 4), samples, says))
    return HintWords(
        moves,
        advice.unsure,
        unsure_reason(advice, names, seconds),
        advice.samples,
        search_words(advice, seconds),
        assumption_words(team=team),
    )


__all__ = [
    "MARGIN_FLOOR",
    "STEP",
    "HintMove",
    "HintWords",
    "assumption_words",
    "chance_range",
    "hint_words",
    "say_chance",
    "search_words",
    "unsure_reason",
]
