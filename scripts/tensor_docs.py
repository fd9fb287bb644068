"""Write docs/tensors.md: every game's observation and information-state tensor layout.

The tables come from ``Game.observation_tensor_layout()`` (one row per kind of part, as
``gravity info`` shows them) at every seat count's first variant, so the page is always the code's
layout; ``tests/interop/test_tensor_layout.py`` checks the page is current.

    .venv/bin/python scripts/tensor_docs.py
"""

from __future__ import annotations

from pathlib import Path

from gravity_games.cli.cmd_info import tensor_docs

PAGE = Path(__file__).resolve().parents[1] / "docs" / "tensors.md"

if __name__ == "__main__":
    PAGE.write_text(tensor_docs(), encoding="utf-8")
    print(PAGE)
