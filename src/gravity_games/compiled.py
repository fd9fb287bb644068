"""Which build of the engines runs: the mypyc-compiled modules when they match the source, else the source.

``make install`` (and so ``make run`` and ``make test``) compiles the engines with mypyc
(``scripts/build_compiled.py``) into ``build/compiled/``, beside a manifest that records the
SHA-256 of every source file it compiled. The source stays the single source: the compiled
modules live apart from it and are used only through an import hook that this module installs
when the package is imported, and only if every compiled module's source is unchanged. A
compiled module never shadows an edited source: one changed file and the whole build is set
aside (mypyc calls across modules in C, so a half-compiled package could run old code), and
the package says so on standard error and runs the source.

``GRAVITY_BUILD`` chooses:

- ``auto`` (the default): compiled when fresh, else the source (with the message above);
- ``interpreted``: always the source;
- ``compiled``: the compiled build or refuse to start (:class:`StaleBuildError`).

>>> from gravity_games.compiled import BUILD
>>> BUILD.kind in ("compiled", "interpreted")
True
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import sysconfig
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

__all__ = ["BUILD", "BuildInfo", "StaleBuildError", "activate", "compiled_dir", "source_root"]

MANIFEST_NAME = "manifest.json"
MANIFEST_VERSION = 1
MODES = ("auto", "interpreted", "compiled")


class StaleBuildError(ImportError):
    """``GRAVITY_BUILD=compiled`` was asked for, but the compiled build is missing or older than its source."""


@dataclass(frozen=True)
class BuildInfo:
    """What runs: ``kind`` is ``compiled`` or ``interpreted``; ``reason`` says why in words."""

    kind: str
    reason: str
    modules: tuple[str, ...] = ()
    compiler: str = ""

    def describe(self) -> str:
        """One line for ``gravity bench`` and ``gravity --version``."""
        if self.kind == "compiled":
            return f"compiled ({self.compiler}, {len(self.modules)} modules)"
        return f"interpreted ({self.reason})"


def source_root() -> Path:
    """The folder that holds the ``gravity_games`` package (``src/`` in a checkout)."""
    return Path(__file__).resolve().parent.parent


def compiled_dir() -> Path:
    """Where the build is: ``$GRAVITY_COMPILED_DIR``, else ``build/compiled`` beside ``src/``."""
    override = os.environ.get("GRAVITY_COMPILED_DIR")
    if override:
        return Path(override)
    return source_root().parent / "build" / "compiled"


def file_digest(path: Path) -> str:
    """The SHA-256 of a file's bytes, as the manifest records it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def extension_suffix() -> str:
    """This interpreter's suffix for extension modules (``.cpython-311-x86_64-linux-gnu.so``)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    return suffix if isinstance(suffix, str) else ".so"


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled extension of each module named in the manifest, and nothing else."""

    def __init__(self, binaries: dict[str, Path]) -> None:
        self.binaries = binaries

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        binary = self.binaries.get(fullname)
        if binary is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(binary))
        return importlib.util.spec_from_file_location(fullname, str(binary), loader=loader)


def read_manifest(directory: Path) -> tuple[dict[str, object] | None, str]:
    """The manifest of a build, or ``None`` and why there is none usable."""
    manifest = directory / MANIFEST_NAME
    if not manifest.is_file():
        return None, f"no compiled build in {directory} (run `make install`)"
    try:
        document = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        return None, f"unreadable build manifest {manifest}: {error}"
    if not isinstance(document, dict) or document.get("version") != MANIFEST_VERSION:
        return None, f"build manifest {manifest} is of another version (run `make install`)"
    if document.get("suffix") != extension_suffix():
        return None, f"the build is for {document.get('suffix')}, this Python needs {extension_suffix()}"
    return document, ""


def stale_sources(document: dict[str, object]) -> list[str]:
    """The compiled modules whose source changed (or vanished) since the build."""
    root = source_root()
    modules = document.get("modules")
    if not isinstance(modules, dict):
        return ["<manifest without modules>"]
    stale = []
    for name, entry in modules.items():
        if not isinstance(entry, dict):
            stale.append(str(name))
            continue
        source = root / str(entry.get("source", ""))
        if not source.is_file() or file_digest(source) != entry.get("sha256"):
            stale.append(str(entry.get("source", name)))
    return stale


def binaries_of(document: dict[str, object], directory: Path) -> dict[str, Path] | str:
    """Module name -> extension file, or why the build is incomplete."""
    binaries: dict[str, Path] = {}
    modules = document.get("modules")
    extra = document.get("shared")
    entries: dict[str, object] = dict(modules) if isinstance(modules, dict) else {}
    if isinstance(extra, dict):
        entries.update({name: {"binary": binary} for name, binary in extra.items()})
    for name, entry in entries.items():
        binary = directory / str(entry.get("binary", "")) if isinstance(entry, dict) else directory
        if not binary.is_file():
            return f"the build lacks {binary.name} (run `make install`)"
        binaries[str(name)] = binary
    return binaries


def activate() -> BuildInfo:
    """Install the compiled build if it is fresh; called once, before any engine module is imported."""
    mode = os.environ.get("GRAVITY_BUILD", "auto").strip().lower() or "auto"
    if mode not in MODES:
        sys.stderr.write(f"gravity-games: GRAVITY_BUILD={mode!r} is not one of {', '.join(MODES)}; using auto\n")
        mode = "auto"
    if mode == "interpreted":
        return BuildInfo("interpreted", "GRAVITY_BUILD=interpreted")
    directory = compiled_dir()
    document, why = read_manifest(directory)
    if document is not None:
        stale = stale_sources(document)
        if stale:
            shown = ", ".join(stale[:3]) + (f" and {len(stale) - 3} more" if len(stale) > 3 else "")
            why = f"the compiled build is older than {shown}; rebuild with `make install`"
            if mode == "auto":
                sys.stderr.write(f"gravity-games: {why}. Running the source.\n")
        else:
            binaries = binaries_of(document, directory)
            if isinstance(binaries, str):
                why = binaries
            else:
                sys.meta_path.insert(0, CompiledFinder(binaries))
                modules = document.get("modules")
                names = tuple(sorted(modules)) if isinstance(modules, dict) else ()
                return BuildInfo("compiled", "fresh", names, str(document.get("compiler", "mypyc")))
    if mode == "compiled":
        raise StaleBuildError(f"GRAVITY_BUILD=compiled, but {why}")
    return BuildInfo("interpreted", why)


BUILD = activate()
