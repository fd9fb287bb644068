"""Agent tests: the toy games (``toygames.py``) are registered before any test runs."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import toygames  # noqa: F401  (registers the toy games)
