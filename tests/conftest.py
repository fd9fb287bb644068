"""Shared test setup: the repository root on ``sys.path``, so every folder can import ``tests.*``
helpers (the conformance checks, the speed-regression fixtures) whether or not it is a package."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parent.parent)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
