"""``simulate --records DIR``: the chosen games' records replay to what the batch counted; import to the web."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gravity_games.cli.main import main
from gravity_games.core.record import GameRecord
from gravity_games.sim.records import choose_games, import_records


def _simulate(tmp: Path, *extra: str) -> dict[str, object]:
    out = tmp / "doc.json"
    main(["simulate", "gravwell", "-n", "3", "--games", "12", "--seed", "9", "-q", "--json", str(out), *extra])
    return json.loads(out.read_text(encoding="utf-8"))


def test_outliers_are_the_longest_shortest_and_a_seeded_sample(tmp_path: Path) -> None:
    doc = _simulate(tmp_path, "--records", str(tmp_path / "recs"), "--sample", "2")
    listing = json.loads((tmp_path / "recs" / "index.json").read_text(encoding="utf-8"))
    kept = {tuple(r["kept_as"]): r for r in listing["records"]}
    assert ("longest",) in kept and ("shortest",) in kept
    assert sum(1 for r in listing["records"] if r["kept_as"] == ["sample"]) == 2
    assert kept[("longest",)]["length"] == doc["length_max"]
    assert kept[("shortest",)]["length"] == doc["length_min"]
    for row in listing["records"]:
        record = GameRecord.load_file(tmp_path / "recs" / row["file"])
        state = record.replay()
        assert state.is_terminal() and len(record.actions) == row["length"]
        assert list(state.outcome().winners) == row["winners"]
        assert record.meta["index"] == row["index"] and record.meta["batch_seed"] == 9


def test_keep_all_matches_the_replayed_outliers_and_any_worker_count(tmp_path: Path) -> None:
    _simulate(tmp_path, "--records", str(tmp_path / "all"), "--keep", "all", "--workers", "2")
    _simulate(tmp_path, "--records", str(tmp_path / "few"), "--sample", "0")
    every = sorted(p.name for p in (tmp_path / "all").glob("gravwell-*.json"))
    assert len(every) == 12
    for path in (tmp_path / "few").glob("gravwell-*.json"):
        assert GameRecord.load_file(path).actions == GameRecord.load_file(tmp_path / "all" / path.name).actions


def test_bad_keep_is_refused_before_playing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "gravwell", "--games", "2", "--records", str(tmp_path), "--keep", "best"])
    assert exc.value.code == 2
    assert "--keep must be one of all, outliers" in capsys.readouterr().err


def test_choose_games_ties_take_the_lowest_index() -> None:
    games = [{"index": i, "length": 7} for i in range(4)]
    assert choose_games(games, "outliers", 0, seed=1) == {0: ["longest", "shortest"]}


def test_import_puts_ended_games_in_the_web_store(tmp_path: Path) -> None:
    pytest.importorskip("sqlalchemy")
    from gravity_games.web.storage import Storage

    _simulate(tmp_path, "--records", str(tmp_path / "recs"), "--sample", "0")
    db = str(tmp_path / "web.sqlite3")
    imported = import_records([tmp_path / "recs"], db)
    assert len(imported) == 2
    storage = Storage(db)
    try:
        for path, gid in imported:
            stored = storage.load_game(gid)
            assert stored is not None and stored.finished
            assert [a.action for a in stored.actions] == GameRecord.load_file(path).actions
    finally:
        storage.close()


def test_import_refuses_an_unfinished_record(tmp_path: Path) -> None:
    record = GameRecord("gravwell", {"players": 3}, 1, [])
    record.save(tmp_path / "short.json")
    with pytest.raises(Exception, match="stops before the end"):
        import_records([tmp_path / "short.json"], str(tmp_path / "w.sqlite3"))


def test_ray_brings_every_games_actions_back(ray_session: object) -> None:
    from gravity_games.sim.runner import run_batch

    local = run_batch("gravwell", games=4, players=3, seed=6, keep_actions=True)
    remote = run_batch("gravwell", games=4, players=3, seed=6, keep_actions=True, backend="ray", workers=2)
    assert [g["actions"] for g in remote["per_game"]] == [g["actions"] for g in local["per_game"]]
    assert all(len(g["actions"]) == g["length"] for g in local["per_game"])
