"""Compile the engines with mypyc into build/compiled/ and write the manifest gravity_games.compiled reads.

Run by ``make install`` (so by ``make run`` and ``make test``); by hand:
``.venv/bin/python scripts/build_compiled.py [--force] [--jobs N]``.

The source in ``src/`` is the only source. mypyc writes its C into ``build/mypyc-c/`` (a file is
rewritten only when its content changes, so an edit outside the compiled modules costs only
mypyc's type check) and setuptools compiles it into ``build/mypyc-temp/``. All modules form one
group (one shared library): mypyc's separate groups cannot yet refer to each other's
non-native classes (the errors and the frozen dataclasses of core.api), so a changed engine
module recompiles the group. The manifest, written last, records each compiled module's source
SHA-256: the package uses the build only while every one of them still matches (see
``src/gravity_games/compiled.py``). ``GRAVITY_COMPILED_DIR`` moves the build; ``MYPYC_OPT_LEVEL``
sets the C optimisation (default 3).

Which modules: :func:`compiled_sources`, every engine module that does the work of a step (the
core API, seeding and the play loop, the IS-MCTS search loop, and each listed game's position, rules,
tables, bots' hot paths (bots_core), state JSON and tensor). The agent classes stay interpreted (see
``AGENTS``); data loaders (pydantic models), views and the layers above too: they run once per page
or per load, not per step.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
# GRAVITY_COMPILED_DIR moves the build (the package reads the same variable).
OUT = Path(os.environ.get("GRAVITY_COMPILED_DIR") or ROOT / "build" / "compiled")
C_DIR = ROOT / "build" / "mypyc-c"
TEMP = ROOT / "build" / "mypyc-temp"

CORE = [
    "core/errors.py",
    "core/spec.py",
    "core/api.py",
    "core/seeding.py",
    "core/play.py",
    "core/record.py",
]
# The agent classes (core.agent, agents/*.py, each game's bots.py) stay interpreted: they are found by
# their class attributes (name, SETTINGS, search hooks), which a native class turns into instance
# fields, and closures in a non-native class's methods crash mypyc 2.4.1. Their hot paths are split
# into plain modules that are compiled: the IS-MCTS loop here, each game's bots_core.py below.
AGENTS: list[str] = ["agents/ismcts_tree.py"]
# Per game: every file of these roles that exists (the template's engine files).
GAME_ROLES = (
    "state.py",
    "rules_board.py",
    "rules.py",
    "rules_*.py",
    "tables.py",
    "tasks.py",
    "dice.py",
    "model.py",
    "state_json.py",
    "tensor.py",
    "perception.py",
    "rolloff.py",
    "bots_core.py",
)
# Games (or shared libraries) compiled; a package is listed once it is mypy --strict clean.
GAME_PACKAGES: list[str] = [
    "gravity_three",
    "memory_gravity",
    "comparison_gravity",
    "doubt_gravity",
    "saving_waddles",
    "gravwell",
    "gravity_falls",
]


def compiled_sources() -> list[str]:
    """Paths relative to src/ of every module to compile (``GRAVITY_COMPILE_GAMES=a,b`` narrows the games)."""
    paths = [f"gravity_games/{p}" for p in CORE + AGENTS]
    chosen = os.environ.get("GRAVITY_COMPILE_GAMES")
    packages = [p for p in chosen.split(",") if p] if chosen is not None else GAME_PACKAGES
    for package in packages:
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


def compile_sources_in_parallel(jobs: int) -> None:
    """Let setuptools compile the C files of one extension ``jobs`` at a time.

    All modules form one extension (see above), which setuptools would compile one C file after
    the other; with ``multi_file`` mypyc writes a file per module, and this compiles them side by
    side. It is distutils' own ``CCompiler.compile`` with its loop run in a thread pool.
    """
    import importlib
    from concurrent.futures import ThreadPoolExecutor

    # setuptools ships no type information; its modules are taken as untyped.
    compiler_class: Any = importlib.import_module("setuptools._distutils.ccompiler").CCompiler

    def compile_all(  # the signature of CCompiler.compile
        self: Any,
        sources: list[str],
        output_dir: str | None = None,
        macros: Any = None,
        include_dirs: Any = None,
        debug: bool = False,
        extra_preargs: Any = None,
        extra_postargs: Any = None,
        depends: Any = None,
    ) -> list[str]:
        macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs
        )
        cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)

        def compile_one(obj: str) -> None:
            source, extension = build[obj]
            self._compile(obj, source, extension, cc_args, extra_postargs, pp_opts)

        with ThreadPoolExecutor(max(1, jobs)) as pool:
            list(pool.map(compile_one, objects))
        return list(objects)

    compiler_class.compile = compile_all  # for this build process only


def build(jobs: int, force: bool) -> int:
    if c_compiler() is None:
        print("build_compiled: no C compiler here; gravity-games runs from source (interpreted)")
        (OUT / "manifest.json").unlink(missing_ok=True)
        return 0
    import importlib

    from mypyc.build import mypycify

    setup: Any = importlib.import_module("setuptools").setup

    sys.path.insert(0, str(SRC))
    # Only the manifest helpers are needed: the package must not look for (and warn about) the old build.
    os.environ["GRAVITY_BUILD"] = "interpreted"
    from gravity_games.compiled import MANIFEST_NAME, MANIFEST_VERSION, extension_suffix, file_digest

    sources = compiled_sources()
    OUT.mkdir(parents=True, exist_ok=True)
    manifest = OUT / MANIFEST_NAME
    # A build that fails half-way must not leave a manifest that vouches for it.
    manifest.unlink(missing_ok=True)
    started = time.monotonic()
    print(
        f"build_compiled: mypyc over {len(sources)} engine modules -> {OUT} "
        "(a first build takes several minutes; later ones only when an engine source changed)",
        flush=True,
    )
    cwd = os.getcwd()
    os.chdir(SRC)
    try:
        options = [f"--cache-dir={ROOT / 'build' / 'mypyc-cache'}", *sources]
        extensions = mypycify(
            options,
            opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
            separate=False,
            multi_file=True,
            target_dir=str(C_DIR),
            verbose=False,
        )
        compile_sources_in_parallel(jobs)
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
    # mypyc's group library (one for the whole build), which each module's shim imports.
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
