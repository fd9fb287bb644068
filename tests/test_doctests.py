"""The examples in docstrings are tests too, on whichever build runs.

A module compiled by mypyc keeps no docstrings for :func:`doctest.testmod` to find, so the
examples are read from the module's source (the one source of both builds) and run in the
namespace of the module as imported: compiled code when the compiled build is in use.
"""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path
from types import ModuleType

import pytest

import gravity_games

MODULES = [
    "gravity_games",
    "gravity_games.core.api",
    "gravity_games.core.record",
    "gravity_games.core.play",
    "gravity_games.core.seeding",
    "gravity_games.sim.stats",
    "gravity_games.agents.hint_maps",
    "gravity_games.agents.hints",
    "gravity_games.games.gravity_three.perception",
]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
SOURCE_ROOT = Path(gravity_games.__file__).resolve().parent.parent


def source_of(name: str) -> Path:
    base = SOURCE_ROOT / Path(*name.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def docstring_tests(module: ModuleType, name: str) -> list[doctest.DocTest]:
    """Every docstring's examples in the module's source, bound to the imported module's names."""
    path = source_of(name)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parser = doctest.DocTestParser()
    tests = []
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    for node in ast.walk(tree):
        if not isinstance(node, kinds):
            continue
        text = ast.get_docstring(node)
        if not text or ">>>" not in text:
            continue
        where = name if isinstance(node, ast.Module) else f"{name}.{node.name}"
        line = 0 if isinstance(node, ast.Module) else node.lineno
        tests.append(parser.get_doctest(text, dict(vars(module)), where, str(path), line))
    return tests


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for test in docstring_tests(module, name):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0, f"{name} has no doctest"
    assert result.failed == 0
