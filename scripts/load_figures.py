#!/usr/bin/env python3
"""The server's load figures in one run: human pace, hints beside it, saturation with 1 and 2 processes.

Each line is one ``scripts/loadtest.py --spawn`` run (doubt-gravity, 2 seats a game, people on
both seats, so every move pays the undo rules):

* **open loop**: 200 games at 100 actions/s in all (a move every 2 s per game), SQLite;
* **open loop with hints**: the same, while people in 2 more games ask for 2 s hints one after
  another (the hints' own process is niced below the server);
* **saturation**: closed loop (each game moves as soon as its push arrives), SQLite, then
  PostgreSQL with 1 and with 2 server processes.

PostgreSQL runs on a throwaway cluster started here with its durable defaults (``fsync`` and
``synchronous_commit`` on, unlike the tests' cluster), one fresh database per line. The machine's
load average is taken before each line and reported beside it: the figures say little unless it
is well under the machine's core count.

    .venv/bin/python scripts/load_figures.py --json docs/figures/load.json
    .venv/bin/python scripts/load_figures.py --quick          # 10 s lines, to try the script
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def postgres_cluster() -> Iterator[str]:
    """A throwaway PostgreSQL on loopback with durable commits; yields its base URL (no database)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    bin_dir = Path(found[-1]).parent if found else Path(shutil.which("initdb") or "initdb").parent
    if not (bin_dir / "initdb").exists():
        raise SystemExit("PostgreSQL server binaries not found; run `bash scripts/ci_services.sh`")
    root = Path(tempfile.mkdtemp(prefix="gg-load-pg-"))
    as_root = os.geteuid() == 0
    if as_root:
        shutil.chown(root, "postgres", "postgres")
    os.chmod(root, 0o755)
    port = free_port()

    def run(*cmd: str) -> None:
        full = ["runuser", "-u", "postgres", "--", *cmd] if as_root else list(cmd)
        subprocess.run(full, check=True, capture_output=True, text=True, timeout=120)

    data = root / "data"
    run(str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres")
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c max_connections=300"
    run(str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(root / "log"), "-w", "start")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}"
    finally:
        with contextlib.suppress(Exception):
            run(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(root, ignore_errors=True)


def new_database(base: str) -> str:
    import psycopg

    name = "load_" + uuid.uuid4().hex[:10]
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"{base}/{name}"


def load_run(label: str, options: list[str]) -> dict[str, Any]:
    """One loadtest.py run; its summary with the label and the load average before it."""
    before = [round(x, 2) for x in os.getloadavg()]
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as out:
        path = out.name
    command = [sys.executable, str(HERE / "loadtest.py"), "--spawn", "--games", "200", "--json", path, *options]
    print(f"-- {label}: {' '.join(command[2:])}", file=sys.stderr, flush=True)
    subprocess.run(command, check=False, timeout=900)
    summary: dict[str, Any] = json.loads(Path(path).read_text())
    Path(path).unlink()
    summary["label"] = label
    summary["load_average_before"] = before
    return summary


def table(lines: list[dict[str, Any]]) -> str:
    rows = [
        "| run | actions | actions/s | latency p50 / p99 / max (ms) | server CPU per action | "
        "hints answered | lost / duplicated | load average before / after |",
        "| --- | ---: | ---: | --- | ---: | ---: | --- | --- |",
    ]
    for d in lines:
        lat = d["latency_ms"]
        hints = d.get("hints", {})
        rows.append(
            f"| {d['label']} | {d['actions']:,} | {d['actions_per_s']} | {lat['p50']} / {lat['p99']} / {lat['max']} | "
            f"{d['server_cpu_ms_per_action']} ms | {hints.get('answered', 0) if hints.get('askers') else '-'} | "
            f"{d['lost']} / {d['duplicated']} | {', '.join(map(str, d['load_average_before']))} / "
            f"{', '.join(map(str, d['load_average']))} |"
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", metavar="FILE", help="write every run's summary here")
    parser.add_argument("--quick", action="store_true", help="10 s lines (a try of the script, not a figure)")
    parser.add_argument("--skip-postgres", action="store_true", help="only the SQLite lines")
    args = parser.parse_args(argv)
    human, busy = ("10", "10") if args.quick else ("60", "30")
    lines = [
        load_run("open loop, 100 actions/s, SQLite, 1 process", ["--rate", "100", "--seconds", human]),
        load_run(
            "open loop, 100 actions/s, with 2 people asking 2 s hints, SQLite",
            ["--rate", "100", "--seconds", human, "--hinters", "2", "--hint-seconds", "2"],
        ),
        load_run("saturation (closed loop), SQLite, 1 process", ["--seconds", busy]),
    ]
    if not args.skip_postgres:
        with postgres_cluster() as base:
            for workers in (1, 2):
                lines.append(
                    load_run(
                        f"saturation (closed loop), PostgreSQL, {workers} process{'es' if workers > 1 else ''}",
                        ["--seconds", busy, "--db", new_database(base), "--workers", str(workers)],
                    )
                )
            lines.append(
                load_run(
                    "open loop, 100 actions/s, PostgreSQL, 2 processes",
                    ["--rate", "100", "--seconds", human, "--db", new_database(base), "--workers", "2"],
                )
            )
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        document = {"taken": stamp, "cores": os.cpu_count(), "runs": lines}
        Path(args.json).write_text(json.dumps(document, indent=1) + "\n")
    print(f"Taken {stamp} on {os.cpu_count()} cores.\n")
    print(table(lines))
    return 0 if all(d["lost"] == 0 and d["duplicated"] == 0 for d in lines) else 1


if __name__ == "__main__":
    raise SystemExit(main())
