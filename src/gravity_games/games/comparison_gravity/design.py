"""Comparison × Gravity for designers: each seat's colour and whether it goes first; the shared data to vary."""

from __future__ import annotations

from gravity_games.games.gravity_three.design import design_hooks

DESIGN = design_hooks()

__all__ = ["DESIGN"]
