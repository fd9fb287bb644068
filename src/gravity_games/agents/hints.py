"""Hints for a person at the table: the best moves now, each with an estimated win chance.

The estimate comes from an IS-MCTS search over determinizations of the person's own
information set (the :class:`~gravity_games.core.agent.SeatView`), so a hint never uses a
card the person cannot see. The chance is the mean result of the move over the search's
playouts, scaled to [0, 1] (win = 1, loss = 0; in a cooperative game the team's chance).
Those playouts continue with random moves (or the game's rollout policy) and, in games whose
search defaults cut them short (Gravwell), end with a chance read from the standings, so the
figure is a rough guide that grows more reliable with ``seconds``.
"""

from __future__ import annotations

from gravity_games.core.api import InvalidParameterError

from .ismcts import InfoView, checked_settings, new_search


def hints(view: InfoView, *, seconds: float = 1.0, top: int = 3, seed: int = 0) -> list[tuple[int, float]]:
    """Up to ``top`` legal actions, best first, as ``(action, estimated win chance)``.

    Searches for ``seconds`` (wall clock) with the agent's seeded RNGs; a move the search
    never tried is listed last with chance 0.0 only when fewer moves were tried than asked.
    """
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds <= 0:
        raise InvalidParameterError(f"hint seconds must be a number > 0, got {seconds!r}")
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise InvalidParameterError(f"hint top must be a whole number >= 1, got {top!r}")
    legal = view.legal_actions()
    if not legal:
        return []
    # The same search as the game's default ``ismcts`` agent (its rollout policy, depth, scale).
    search = new_search(view.game, view.seat, seed, checked_settings(view.game, {}))
    # At least a handful of iterations so even a tiny budget gives every move a look.
    search.run(view, iterations=max(4, len(legal)), seconds=None)
    search.run(view, iterations=None, seconds=float(seconds))
    return [(s.action, round(s.value, 4)) for s in search.root_stats(legal)[:top]]


__all__ = ["hints"]
