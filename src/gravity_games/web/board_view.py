"""What the game page adds to a seat's view so the game is played on its board.

Everything here is built from observations only (``state.observation(seat)``), through the
game's :class:`~gravity_games.core.board.BoardHooks`: which board parts make each legal move,
who each seat plays as, the info cards, and what the last decision changed as the viewer saw it.
The counters count player decisions, never chance steps: "decision 3" is a person's or a bot's
third choice, whatever dice and draws came between.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from gravity_games.core.api import CHANCE, Game, State
from gravity_games.core.board import BoardHooks
from gravity_games.core.registry import entry

log = logging.getLogger("gravity_games.web")

MAX_NAME_LENGTH = 24
"""Longest seat name a person may give (characters, after trimming)."""

LEVEL_NAMES = {"easy": "Easy bot", "medium": "Medium bot", "hard": "Hard bot"}


def board_hooks(game: Game) -> BoardHooks:
    return entry(game.ID).board


def legal_moves(game: Game, observation: dict[str, Any], legal: Sequence[tuple[int, str]]) -> list[dict[str, Any]]:
    """Each legal action with its notation, its taps on the board and its plain description."""
    plain: list[dict[str, Any]] = [
        {"id": a, "text": t, "parts": [], "description": t, "confirm": False} for a, t in legal
    ]
    if not legal:
        return plain
    try:
        moves = {m.action: m for m in board_hooks(game).board_moves(observation, game, legal)}
    except Exception:  # a broken board must not stop play: the move list still works
        log.exception("board_moves of %s failed", game.ID)
        return plain
    for (action, _text), doc in zip(legal, plain, strict=True):
        move = moves.get(action)
        if move is not None:
            doc.update(move.to_json())
    return plain


def bot_label(spec: str | None) -> str | None:
    """How a bot is named at the table: its level when it has one, else its spec."""
    if spec is None:
        return None
    head = spec.split(":", 1)[0]
    return LEVEL_NAMES.get(head, "Bot · " + spec)


def seat_docs(
    game: Game, observation: dict[str, Any], bots: Sequence[str | None], names: Sequence[str | None]
) -> list[dict[str, Any]]:
    """Who sits where: name, bot level, role with swatch and what everybody sees of the seat."""
    try:
        roles = [r.to_json() for r in board_hooks(game).seat_roles(observation, game)]
    except Exception:
        log.exception("seat_roles of %s failed", game.ID)
        roles = []
    out = []
    for seat, spec in enumerate(bots):
        role = (
            roles[seat]
            if seat < len(roles)
            else {"role": None, "swatch": None, "mark": None, "public": [], "info": None}
        )
        given = names[seat] if seat < len(names) else None
        name = bot_label(spec) if spec is not None else (given or f"Seat {seat}")
        out.append({"seat": seat, "bot": spec, "name": name, "named": given is not None, **role})
    return out


def info_docs(game: Game, observation: dict[str, Any]) -> dict[str, Any]:
    try:
        return {k: v.to_json() for k, v in board_hooks(game).info_cards(observation, game).items()}
    except Exception:
        log.exception("info_cards of %s failed", game.ID)
        return {}


def decisions_made(actors: Sequence[int]) -> int:
    """Player decisions so far (chance steps are not counted)."""
    return sum(1 for a in actors if a != CHANCE)


def last_decision_index(actors: Sequence[int]) -> int | None:
    """The history index of the last player decision, or None before the first."""
    for i in range(len(actors) - 1, -1, -1):
        if actors[i] != CHANCE:
            return i
    return None


def decision_steps(actors: Sequence[int]) -> list[int]:
    """For a replay: the step counts shown, one per decision (each with the chance it led to).

    Step 0 is the start, after the setup's chance; step k follows the k-th decision and every
    chance outcome drawn after it, up to the next decision.
    """
    indices = [i for i, a in enumerate(actors) if a != CHANCE]
    starts = [*indices[1:], len(actors)]
    first = indices[0] if indices else len(actors)
    return [first, *starts]


def state_at(game: Game, history: Sequence[int], steps: int) -> State:
    state = game.new_initial_state()
    for a in history[:steps]:
        state.apply_action(a)
    return state


def last_change(
    game: Game, before: State | None, after: State, seat: int | None, actor: int | None, lines_before: int
) -> dict[str, Any] | None:
    """What the last decision did, as ``seat`` saw it: who, the new log lines, the changed parts."""
    if before is None or actor is None:
        return None
    old = before.observation(seat)
    new = after.observation(seat)
    try:
        parts = board_hooks(game).changed_parts(old, new, game)
    except Exception:
        log.exception("changed_parts of %s failed", game.ID)
        parts = []
    lines = after.log(seat)[lines_before:]
    return {"seat": actor, "parts": parts, "lines": lines}


def clean_name(raw: Any) -> str:
    """A seat name as given, checked: 1-24 printable characters, spaces folded."""
    if not isinstance(raw, str):
        raise ValueError(f"a name is text, got {type(raw).__name__}")
    text = " ".join(unicodedata.normalize("NFC", raw).split())
    if not text:
        raise ValueError("a name needs at least one visible character")
    if len(text) > MAX_NAME_LENGTH:
        raise ValueError(f"a name has at most {MAX_NAME_LENGTH} characters, got {len(text)}")
    if any(unicodedata.category(c)[0] == "C" for c in text):
        raise ValueError("a name may not hold control or invisible characters")
    return text


_DOCS = Path(__file__).resolve().parents[3] / "docs" / "games"
_SECTION = re.compile(r"^## (.+)$", re.MULTILINE)


@cache
def game_help(game_id: str) -> dict[str, Any]:
    """The "How to play" panel: the game's spec page, its glossary and its reconstructed values."""
    e = entry(game_id)
    cls = e.game_class
    spec = (e.doc or cls.__doc__ or "").strip()
    title, _, body = spec.partition("\n")
    sections: list[dict[str, str]] = [{"title": "The rules in short", "text": body.strip() or title}]
    page = _DOCS / f"{game_id}.md"
    if page.is_file():
        text = page.read_text(encoding="utf-8")
        found = list(_SECTION.finditer(text))
        for i, match in enumerate(found):
            name = match.group(1).strip()
            if name.lower().startswith(("interpretation", "rules", "how to play")):
                end = found[i + 1].start() if i + 1 < len(found) else len(text)
                sections.append({"title": name, "text": text[match.end() : end].strip()[:6000]})
    try:
        glossary = [{"notation": n, "meaning": m} for n, m in e.board.glossary(cls(players=cls.MIN_PLAYERS))]
    except Exception:
        log.exception("glossary of %s failed", game_id)
        glossary = []
    reconstructed: list[dict[str, Any]] = []
    if e.reconstructed is not None:
        try:
            reconstructed = [
                {k: str(v) for k, v in row.items() if k in ("path", "name", "value", "reason")}
                for row in e.reconstructed()
            ]
        except Exception:
            log.exception("reconstructed of %s failed", game_id)
    return {
        "game": game_id,
        "title": cls.TITLE,
        "summary": cls.SUMMARY,
        "sections": sections,
        "glossary": glossary,
        "reconstructed": reconstructed,
    }
