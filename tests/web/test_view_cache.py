"""A seat's view is built and serialized once per revision and never outlives it.

The actor's answer, its own push and every socket of one seat share one document and one JSON
text; any change
(a move, an undo, a name) raises the revision, so what is kept is never out of date.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from gravity_games.web.service import Hub
from gravity_games.web.storage import Storage
from gravity_games.web.views import VIEWS_KEPT

from .toy_game import MARK


def test_views_are_built_once_per_revision_and_follow_every_change(tmp_path: Path, toy: str) -> None:
    storage = Storage(f"sqlite:///{tmp_path}/views.db")
    hub = Hub(storage, bot_delay=0.0, search_workers=0)

    async def scenario() -> None:
        live, tokens = await hub.create(toy, 2, {}, 5, [])
        assert tokens[0] is not None
        queue = hub.subscribe(live, 0, svg=False)
        first = hub.view(live, 0)
        assert hub.view(live, 0) is first  # the same document, not rebuilt
        assert hub.view(live, 1) is not first and hub.view(live, 0, svg=True) is not first

        await hub.act(live, tokens[0], MARK, live.state.move_number())
        pushed = queue.get_nowait()
        assert hub.view_text(live, 0) is pushed  # the answer to the move is the text its socket got
        answer = hub.view(live, 0)
        assert json.loads(pushed) == answer
        assert answer["revision"] == first["revision"] + 1 and answer["observation"]["marks"] == [1, 0]
        assert answer["can_undo"] is True

        await hub.undo(live, tokens[0])
        undone = hub.view(live, 0)
        assert undone["observation"]["marks"] == [0, 0] and undone["can_undo"] is False

        await hub.set_name(live, tokens[0], "Ada")
        named = hub.view(live, 0)
        assert named["revision"] == undone["revision"] + 1
        assert named["seats"][0]["name"] == "Ada" and undone["seats"][0].get("name") != "Ada"
        assert len(live.views) <= VIEWS_KEPT and all(key[0] == live.revision for key in live.views)

    try:
        asyncio.run(scenario())
    finally:
        storage.close()
