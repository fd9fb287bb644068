"""Batch simulation: many seeded games, aggregated into balance figures.

``run_batch`` is the one entry point; backends (local processes, Ray) only decide where
games run. Every game of a batch gets its seed from the root seed and its index, and
results are aggregated in index order, so the document never depends on the backend or
the worker count.
"""

from .runner import GameSummary, play_one, run_batch, summarise
from .stats import wilson_interval

__all__ = ["GameSummary", "play_one", "run_batch", "summarise", "wilson_interval"]
