"""Every game folder, and the skeleton game, keeps the game-folder template (docs/contributing.md).

For each game package under ``src/gravity_games/games/`` (shared libraries such as
``gravity_three`` excepted) and for ``examples/skeleton_game``:

- the template's files are all there and nothing else is (``rules_<topic>.py``, ``bots_<topic>.py``,
  ``tables.py`` and ``render_common.py`` are the optional ones), with the components in ``data/*.toml``;
- no file is over 800 lines;
- the imports between the folder's modules form no circle. Every import counts: relative and
  absolute, at the top, inside functions and under ``TYPE_CHECKING`` (a type-only import is
  still a circle for a reader, and for a compiler).

Only files are read (``ast``), nothing is imported, so a folder mid-move is still checked.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from gravity_games.core.registry import broken_games, entry, list_games

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "src" / "gravity_games" / "games"
SKELETON = ROOT / "examples" / "skeleton_game"

SHARED_LIBRARIES = frozenset({"gravity_three"})
"""Folders of ``games/`` that hold code shared by several games and are no game themselves."""

TEMPLATE_FILES = (
    "__init__.py",
    "data.py",
    "state.py",
    "rules.py",
    "state_json.py",
    "tensor.py",
    "bots.py",
    "levels.py",
    "board.py",
    "render_text.py",
    "render_svg.py",
    "design.py",
)
"""Every game folder has exactly these modules (docs/contributing.md, "The game-folder template")."""

OPTIONAL_FILES = re.compile(r"^((rules|bots)_[a-z][a-z0-9_]*|tables|render_common)\.py$")
OPTIONAL_WORDS = "rules_<topic>.py, bots_<topic>.py, tables.py, render_common.py"
MAX_LINES = 800
IGNORED = frozenset({"__pycache__"})


@dataclass(frozen=True)
class Folder:
    """A game folder and the dotted names its modules may be imported by."""

    name: str
    path: Path
    packages: tuple[str, ...]


def game_folders() -> list[Folder]:
    folders = [
        Folder(p.name, p, (f"gravity_games.games.{p.name}",))
        for p in sorted(GAMES.iterdir())
        if (p / "__init__.py").is_file() and p.name not in SHARED_LIBRARIES and not p.name.startswith("_")
    ]
    folders.append(Folder("skeleton_game", SKELETON, ("examples.skeleton_game", "skeleton_game")))
    return folders


FOLDERS = game_folders()
IDS = [f.name.replace("_", "-") for f in FOLDERS]


def test_the_checked_folders_are_the_registered_games() -> None:
    modules = [entry(g).game_class.__module__ for g in list_games()]
    registered = {m.split(".")[2] for m in modules if m.startswith("gravity_games.games.")}
    on_disk = {f.name for f in FOLDERS} - {"skeleton_game"}
    broken = {g.replace("-", "_"): why for g, why in broken_games().items()}
    assert on_disk == registered, (
        f"game folders {sorted(on_disk - registered)} are not registered games "
        f"(failed to import: {broken or 'none'}) and registered games {sorted(registered - on_disk)} have no "
        "folder here; a shared library goes in SHARED_LIBRARIES"
    )


@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_the_folder_holds_the_template_files(folder: Folder) -> None:
    entries = {p.name for p in folder.path.iterdir()} - IGNORED
    modules = {name for name in entries if name.endswith(".py")}
    missing = [name for name in TEMPLATE_FILES if name not in modules]
    extra = sorted(name for name in modules - set(TEMPLATE_FILES) if not OPTIONAL_FILES.match(name))
    others = sorted(name for name in entries - modules if name != "data")
    problems = []
    if missing:
        problems.append(f"missing {', '.join(missing)}")
    if extra:
        problems.append(f"not in the template: {', '.join(extra)} (optional files allowed: {OPTIONAL_WORDS})")
    if others:
        problems.append(f"unexpected entries {', '.join(others)} (only modules and data/ belong here)")
    data = folder.path / "data"
    tomls = sorted(p.name for p in data.glob("*.toml")) if data.is_dir() else []
    if not tomls:
        problems.append("no data/*.toml (the components are data, not code)")
    if (data / "__init__.py").exists():
        problems.append("data/__init__.py exists: it would shadow data.py")
    assert not problems, f"{folder.name}: " + "; ".join(problems)


@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_no_file_is_over_800_lines(folder: Folder) -> None:
    long = []
    for path in sorted(folder.path.rglob("*")):
        if path.is_file() and not IGNORED.intersection(path.parts) and path.suffix in (".py", ".toml"):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > MAX_LINES:
                long.append(f"{path.relative_to(folder.path)} ({lines} lines)")
    assert not long, f"{folder.name}: over {MAX_LINES} lines: {', '.join(long)}"


Edge = tuple[str, str, int]
"""An import: (importing module, imported module, line)."""


def _target(name: str, modules: set[str]) -> str:
    """The folder module a name imported from the package stands for (``__init__`` if none)."""
    return name if name in modules else "__init__"


def _imported(node: ast.Import | ast.ImportFrom, packages: tuple[str, ...], modules: set[str]) -> list[str]:
    """The modules of the folder one import statement reads."""
    out = []
    if isinstance(node, ast.Import):
        for alias in node.names:
            for package in packages:
                if alias.name == package:
                    out.append("__init__")
                elif alias.name.startswith(package + ".") and alias.name[len(package) + 1 :].split(".")[0] in modules:
                    out.append(alias.name[len(package) + 1 :].split(".")[0])
        return out
    if node.level > 1:
        return out  # a sibling package (..gravity_three): outside the folder
    if node.level == 1:
        rest = node.module or ""
    else:
        module = node.module or ""
        base = next((p for p in packages if module == p or module.startswith(p + ".")), None)
        if base is None:
            return out
        rest = module[len(base) + 1 :]
    if rest:
        if rest.split(".")[0] in modules:  # a name that is no module here (the data/ folder) is not an edge
            out.append(rest.split(".")[0])
    else:
        out.extend(_target(alias.name, modules) for alias in node.names)
    return out


def import_edges(folder: Folder) -> list[Edge]:
    """Every import between the folder's modules, wherever in a file it is written."""
    files = {p.stem: p for p in folder.path.glob("*.py")}
    modules = set(files)
    edges = []
    for name, path in sorted(files.items()):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                edges += [(name, target, node.lineno) for target in _imported(node, folder.packages, modules)]
    return [e for e in edges if e[0] != e[1]]


def find_cycle(edges: list[Edge]) -> list[Edge] | None:
    """One import circle, as the edges that make it, or ``None`` when the graph is acyclic."""
    graph: dict[str, list[Edge]] = {}
    for edge in edges:
        graph.setdefault(edge[0], []).append(edge)
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[Edge] = []

    def visit(node: str) -> list[Edge] | None:
        state[node] = 1
        for edge in graph.get(node, []):
            target = edge[1]
            if state.get(target) == 1:
                start = next(i for i, e in enumerate(path) if e[0] == target) if target != node else len(path)
                return [*path[start:], edge]
            if target not in state:
                path.append(edge)
                found = visit(target)
                if found:
                    return found
                path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_no_import_circle_inside_the_folder(folder: Folder) -> None:
    cycle = find_cycle(import_edges(folder))
    if cycle is not None:
        names = " -> ".join([cycle[0][0], *(e[1] for e in cycle)])
        lines = ", ".join(f"{a}.py line {line} imports {b}" for a, b, line in cycle)
        raise AssertionError(f"{folder.name}: import circle {names} ({lines}); TYPE_CHECKING imports count too")


def test_the_cycle_finder_names_a_circle_and_passes_a_tree() -> None:
    circle = [("state", "rules", 3), ("rules", "bots", 5), ("bots", "state", 9), ("rules", "state", 7)]
    found = find_cycle(circle)
    assert found is not None and {e[0] for e in found} <= {"state", "rules", "bots"}
    assert found[0][0] == found[-1][1], f"not a closed circle: {found}"
    tree = [("rules", "state", 1), ("bots", "rules", 1), ("bots", "state", 2), ("__init__", "bots", 3)]
    assert find_cycle(tree) is None


def test_imports_are_read_in_every_form(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    folder.mkdir()
    (folder / "__init__.py").write_text("from .rules import Game\n", encoding="utf-8")
    (folder / "state.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from gravity_games.games.demo.rules import Game\n",
        encoding="utf-8",
    )
    (folder / "rules.py").write_text(
        "from . import state\nimport gravity_games.games.demo.bots\n\n"
        "def f():\n    from gravity_games.games.demo import tensor\n",
        encoding="utf-8",
    )
    (folder / "bots.py").write_text(
        "from .. import other\nfrom gravity_games.games.demo import Game\n", encoding="utf-8"
    )
    (folder / "tensor.py").write_text("from .data import x\n", encoding="utf-8")
    edges = {(a, b) for a, b, _ in import_edges(Folder("demo", folder, ("gravity_games.games.demo",)))}
    assert edges == {
        ("__init__", "rules"),
        ("state", "rules"),
        ("rules", "state"),
        ("rules", "bots"),
        ("rules", "tensor"),
        ("bots", "__init__"),
    }  # tensor's "from .data import x" names no module of the folder (no data.py here): no edge
