"""Compile the engines with mypyc into build/compiled/ and write the manifest gravity_games.compiled reads.

Run by ``make install`` (so by ``make run`` and ``make test``); by hand:
``.venv/bin/python scripts/build_compiled.py [--force] [--jobs N]``.

The source in ``src/`` is the only source. mypyc writes its C into ``build/mypyc-c/`` (a file is
rewritten only when its content changes) and setuptools compiles into ``build/mypyc-temp/``,
skipping objects newer than their C file, so a rebuild compiles only the modules that changed.
The manifest, written last, records each compiled module's source SHA-256: the package uses the
build only while every one of them still matches (see ``src/gravity_games/compiled.py``).

Which modules: :data:`COMPILED` below, every engine module that does the work of a step (the
core API, seeding and the play loop, the agents, and each game's position, rules, tables, bots,
state JSON and tensor). Data loaders (pydantic models), views and the layers above stay
interpreted: they run once per page or per load, not per step.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
# GRAVITY_COMPILED_DIR moves the build (the package reads the same variable).
OUT = Path(os.environ.get("GRAVITY_COMPILED_DIR") or ROOT / "build" / "compiled")
C_DIR = ROOT / "build" / "mypyc-c"
TEMP = ROOT / "build" / "mypyc-temp"

CORE = ["core/api.py", "core/seeding.py", "core/play.py", "core/agent.py", "core/record.py"]
AGENTS = ["agents/random_agent.py", "agents/playouts.py", "agents/ismcts.py"]
# Per game: every file of these roles that exists (the template's engine files).
GAME_ROLES = (
    "state.py",
    "rules.py",
    "rules_*.py",
    "tables.py",
    "tasks.py",
    "dice.py",
    "model.py",
    "bots.py",
    "state_json.py",
    "tensor.py",
    "perception.py",
    "rolloff.py",
)
# Games (or shared libraries) compiled; a package is listed once it is mypy --strict clean.
GAME_PACKAGES: list[str] = []


def compiled_sources() -> list[str]:
    """Paths relative to src/ of every module to compile."""
    paths = [f"gravity_games/{p}" for p in CORE + AGENTS]
    for package in GAME_PACKAGES:
        folder = SRC / "gravity_games" / "games" / package
        for role in GAME_ROLES:
            for path in sorted(folder.glob(role)):
                paths.append(str(path.relative_to(SRC)))
    return [p for p in dict.fromkeys(paths) if (SRC / p).is_file()]


def module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def c_compiler() -> str | None:
    """The C compiler setuptools would use, if there is one."""
    import sysconfig

    configured = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(configured) or shutil.which("cc") or shutil.which("gcc")


def build(jobs: int, force: bool) -> int:
    if c_compiler() is None:
        print("build_compiled: no C compiler here; gravity-games runs from source (interpreted)")
        (OUT / "manifest.json").unlink(missing_ok=True)
        return 0
    from mypyc.build import mypycify
    from setuptools import setup

    sys.path.insert(0, str(SRC))
    from gravity_games.compiled import MANIFEST_NAME, MANIFEST_VERSION, extension_suffix, file_digest

    sources = compiled_sources()
    OUT.mkdir(parents=True, exist_ok=True)
    manifest = OUT / MANIFEST_NAME
    # A build that fails half-way must not leave a manifest that vouches for it.
    manifest.unlink(missing_ok=True)
    started = time.monotonic()
    cwd = os.getcwd()
    os.chdir(SRC)
    try:
        options = [f"--cache-dir={ROOT / 'build' / 'mypyc-cache'}", *sources]
        extensions = mypycify(
            options,
            opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
            separate=True,
            target_dir=str(C_DIR),
            verbose=False,
        )
        args = ["build_ext", "--build-lib", str(OUT), "--build-temp", str(TEMP), "--parallel", str(jobs)]
        if force:
            args.append("--force")
        setup(name="gravity-games-compiled", ext_modules=extensions, script_args=["-q", *args])
    finally:
        os.chdir(cwd)
    suffix = extension_suffix()
    modules = {}
    for path in sources:
        name = module_name(path)
        modules[name] = {"source": path, "sha256": file_digest(SRC / path), "binary": path.removesuffix(".py") + suffix}
    # mypyc's group libraries (one per module with separate=True), imported by their module's shim.
    shared = {}
    for library in sorted(OUT.rglob(f"*__mypyc{suffix}")):
        relative = library.relative_to(OUT).as_posix()
        shared[relative.removesuffix(suffix).replace("/", ".")] = relative
    import mypy.version

    document = {
        "version": MANIFEST_VERSION,
        "suffix": suffix,
        "compiler": f"mypyc {mypy.version.__version__}",
        "modules": modules,
        "shared": shared,
    }
    manifest.write_text(json.dumps(document, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"compiled {len(modules)} modules with mypyc in {time.monotonic() - started:.0f} s -> {OUT}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel C compilations")
    parser.add_argument("--force", action="store_true", help="recompile every module")
    parser.add_argument("--list", action="store_true", help="print the modules that would be compiled")
    args = parser.parse_args()
    if args.list:
        print("\n".join(module_name(p) for p in compiled_sources()))
        return 0
    return build(args.jobs, args.force)


if __name__ == "__main__":
    raise SystemExit(main())
