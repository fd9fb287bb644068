"""Shared set-up of the interop tests: which games and seat counts they cover.

Every test is parametrized over ``list_games()`` (so a game that lands is covered with
no change here) plus two toy games of this folder, which keep the adapters exercised on
a cooperative game and on a game whose hidden card decides the winner. The toys are
registered only while a test that uses them runs, so no other test folder sees them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from gravity_games import load
from gravity_games.core.api import Game
from gravity_games.core.registry import entry, list_games

from . import toy_game

TOY_IDS = (toy_game.ToyGame.ID, toy_game.ToyTeamGame.ID)


@contextmanager
def available(game_id: str) -> Iterator[None]:
    """Make ``game_id`` loadable for the duration of a test (installs a toy when asked)."""
    if game_id in TOY_IDS:
        toy_game.install()
        try:
            yield
        finally:
            toy_game.uninstall()
    else:
        yield


@dataclass(frozen=True)
class Config:
    game: str
    players: int
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def id(self) -> str:
        extra = "".join(f"-{v}" for _, v in self.params)
        return f"{self.game}-{self.players}p{extra}"

    def make(self) -> Game:
        return load(self.game, players=self.players, **dict(self.params))


def _classes() -> list[tuple[str, type[Game]]]:
    out = [(game_id, entry(game_id).game_class) for game_id in list_games()]
    out += [(toy_game.ToyGame.ID, toy_game.ToyGame), (toy_game.ToyTeamGame.ID, toy_game.ToyTeamGame)]
    return out


def configs(*, variants: bool = True) -> list[Config]:
    """Every game at every seat count (and every variant, unless ``variants=False``)."""
    out = []
    for game_id, cls in _classes():
        has_variant = any(p.name == "variant" for p in cls.PARAMS)
        chosen = cls.variants() if variants else cls.variants()[:1]
        for players in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
            for variant in chosen:
                params = (("variant", variant),) if has_variant and variants else ()
                out.append(Config(game_id, players, params))
    return out


def params_of(configs_: list[Config]) -> dict[str, Any]:
    return {"argvalues": configs_, "ids": [c.id for c in configs_]}
