"""How strong a bot could be if it saw everything: the tested agent searches the true position (issue 15).

A measurement of the game, not a player: the tested agent is any search agent (``rollouts``,
``ismcts``, gravwell's ``hard``, ...) whose worlds are not drawn from its seat's view but are the true
position itself, with every hidden card, face-down path card and committed choice of the other seats
in it. Only what is not yet decided stays unknown: the dice, draws and shuffles still to come, which
the search samples as it always does. Its win rate against the same opponents on the same deals as
``scripts/bot_strength.py`` bounds what a fair bot of the same kind and budget can reach: if even
the all-seeing search falls short of a line, knowing more cannot close the gap, only a better search
or a better playout policy can.

The agents in the registry never peek (``SeatView`` hides the state); this script reaches past
that on purpose, so it runs the interpreted build only (it sets ``GRAVITY_BUILD=interpreted`` for
itself) and writes ``"sees": "everything"`` into its record, whose name ends in ``-ceiling``.
Options are ``scripts/bot_strength.py``'s (``--first`` and ``--merge`` for parts on several cores),
and for gravwell ``--but-choices``: the worlds are the true position except the cards the other
seats have just chosen face down, which are drawn again from the cards each holds as a fair world
draws them; it tells how much of the all-seeing edge is those choices.

    nice .venv/bin/python scripts/ceiling.py saving-waddles -n 3 --agent hard --games 400 --seed 15
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import Any

# Before the package is imported: the compiled SeatView keeps its state out of reach, as it should.
os.environ["GRAVITY_BUILD"] = "interpreted"
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_strength import main as strength_main

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import State
from gravity_games.games.gravwell.state import NO_CARD

SEES = "everything"
SEES_BUT_CHOICES = "everything but the cards just chosen face down"


def redraw_hidden_choices(world: Any, seat: int, rng: random.Random) -> None:
    """Gravwell: each card another seat chose face down is drawn again uniformly from the cards it holds."""
    if getattr(world, "revealed", True):
        return
    for other, card in enumerate(world.chosen):
        if other == seat or card < 0 or card == NO_CARD:
            continue
        held = [*world.hands[other], card]
        world.chosen[other] = held.pop(rng.randrange(len(held)))
        world.hands[other] = held


class AllSeeingView(SeatView):
    """A seat's view whose sampled worlds are copies of the true position (``but``: less one thing)."""

    __slots__ = ("but",)

    def __init__(self, state: State, seat: int, but: str = "") -> None:
        super().__init__(state, seat)
        self.but = but

    def sample_state(self, rng: random.Random) -> State:
        state: State = self._SeatView__state  # type: ignore[attr-defined]
        world = state.clone()
        if self.but == "choices":
            redraw_hidden_choices(world, self.seat, rng)
        return world


class AllSeeing(Agent):
    """Wraps a search agent so that every world it draws is the true position."""

    but = ""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name
        self.game, self.seat, self.rng, self.settings = inner.game, inner.seat, inner.rng, inner.settings

    def act(self, view: SeatView) -> int:
        return self.inner.act(AllSeeingView(view._SeatView__state, view.seat, self.but))  # type: ignore[attr-defined]


class AllButChoices(AllSeeing):
    """Sees every hidden card but the ones other seats have just chosen face down (gravwell)."""

    but = "choices"


def check_interpreted() -> None:
    """Refuse to run on the compiled build, where the view's state cannot be reached."""
    from gravity_games.compiled import BUILD

    if BUILD.kind != "interpreted":
        raise SystemExit(f"ceiling.py needs the interpreted build, got {BUILD.describe()}")


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    but_choices = "--but-choices" in args
    if but_choices:
        args.remove("--but-choices")
        if not args or args[0] != "gravwell":
            raise SystemExit("--but-choices is for gravwell, whose seats choose cards face down in turn")
    check_interpreted()
    if but_choices:
        return strength_main(args, wrap=AllButChoices, sees=SEES_BUT_CHOICES, prog="ceiling.py")
    return strength_main(args, wrap=AllSeeing, sees=SEES, prog="ceiling.py")


if __name__ == "__main__":
    raise SystemExit(main())
