"""The Ray backend gives the document of the local backend for the same seed."""

from __future__ import annotations

import pytest

from gravity_games import InvalidParameterError
from gravity_games.sim import run_batch


def _without_timing(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k != "timing"}


@pytest.mark.parametrize(
    ("game_id", "players", "agents"),
    [("toy-race", 3, ["random", "ismcts:iterations=10", "random"]), ("toy-push", 2, ["random"])],
)
def test_ray_document_equals_local_document(ray_session: object, game_id: str, players: int, agents: list) -> None:
    common = {"games": 40, "players": players, "agents": agents, "seed": 17, "keep_games": True}
    local = run_batch(game_id, backend="local", workers=1, **common)
    on_ray = run_batch(game_id, backend="ray", workers=2, **common)
    assert _without_timing(on_ray) == _without_timing(local)
    assert on_ray["timing"]["backend"] == "ray"


def test_ray_backend_reuses_the_running_ray(ray_session: object) -> None:
    run_batch("toy-nim", games=5, players=2, seed=1, backend="ray")
    assert ray_session.is_initialized()  # type: ignore[attr-defined]


def test_ray_progress_counts_every_game(ray_session: object) -> None:
    seen: list[int] = []
    run_batch("toy-nim", games=23, players=2, seed=1, backend="ray", progress=seen.append)
    assert sum(seen) == 23


def test_unknown_backend_is_named() -> None:
    with pytest.raises(InvalidParameterError, match="allowed: "):
        run_batch("toy-nim", games=2, backend="dask")


def test_unreachable_cluster_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import ray

    def refuse(**kwargs: object) -> None:
        assert kwargs["address"] == "10.9.9.9:6379"
        raise ConnectionError("could not connect")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", refuse)
    with pytest.raises(InvalidParameterError, match=r"cannot start or reach Ray at 10\.9\.9\.9:6379"):
        run_batch("toy-nim", games=2, seed=1, backend="ray", address="10.9.9.9:6379")
