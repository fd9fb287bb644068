"""Printed components of Saving Waddles: board segments, path cards, Hut of Wonders cards, decks.

The packaged file ``data/components.toml`` is reconstructed (see
docs/games/saving-waddles.md); a user who owns the printed game passes their own file
with the same layout (``data=PATH``). :func:`load_components` validates the file with
pydantic (one error line per wrong field) and then checks the rules the rulebook
imposes on the track as a whole (:func:`check_track`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from gravity_games.core.api import DataError
from gravity_games.core.data import Component, DataFile, read_package_toml, read_toml, validate

SpaceKind = Literal[
    "start",
    "plain",
    "arrow",
    "pointer",
    "waddles_pointer",
    "totem",
    "mischief",
    "help",
    "exchange",
    "another_turn",
    "skip",
    "discard_help",
    "victory",
]

HELP_KINDS: tuple[str, ...] = ("another_turn", "reroll", "plus_minus", "set_three", "face_down")
"""The five help cards of the rulebook, in the order used by counts and action ids."""

MISCHIEF_KINDS: tuple[str, ...] = (
    "back_two",
    "back_roll",
    "discard_help",
    "discard_mischief",
    "skip",
    "take_two",
)
"""The six mischief cards of the rulebook, in the order used by counts and action ids."""

HEROES: tuple[str, ...] = ("wendy", "dipper", "soos", "mabel", "stan")
"""The five hero cards, in the order used by hero ids."""

SLOTS = 7
"""Path cards in the box (and so pointers on the board)."""

HUT_CARDS = 3
DECK_SIZE = 21


class Space(BaseModel):
    """One space of the track."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: SpaceKind
    to: int | None = None
    colour: Literal["red", "blue", "green", "yellow"] | None = None
    symbols: int = Field(default=1, ge=1, le=3)
    number: int | None = Field(default=None, ge=1, le=6)


class Segment(Component):
    """A stretch of printed board between two path-card slots."""

    name: str
    spaces: tuple[Space, ...] = Field(min_length=1)


class PathCard(Component):
    name: str
    spaces: tuple[Space, ...] = Field(min_length=1)


class HutCard(Component):
    name: str
    victory: Literal["none", "discard_help", "roll"]
    text: str | None = None
    """What its Victory space asks, in words (shown when the card is tapped)."""
    spaces: tuple[Space, ...] = Field(min_length=1)


class HelpMix(Component):
    another_turn: int = Field(ge=0)
    reroll: int = Field(ge=0)
    plus_minus: int = Field(ge=0)
    set_three: int = Field(ge=0)
    face_down: int = Field(ge=0)

    def counts(self) -> tuple[int, ...]:
        return tuple(getattr(self, k) for k in HELP_KINDS)


class MischiefMix(Component):
    back_two: int = Field(ge=0)
    back_roll: int = Field(ge=0)
    discard_help: int = Field(ge=0)
    discard_mischief: int = Field(ge=0)
    skip: int = Field(ge=0)
    take_two: int = Field(ge=0)

    def counts(self) -> tuple[int, ...]:
        return tuple(getattr(self, k) for k in MISCHIEF_KINDS)


class Text(Component):
    """The words of one card, hero, piece or kind of space, shown when it is tapped."""

    name: str
    text: str
    label: tuple[str, ...] = ()
    """The short word(s) drawn on a space of the board, one line each (spaces only)."""
    simple: str | None = None
    """What the space does under the simple rules, when that differs (spaces only)."""


PIECES: tuple[str, ...] = ("waddles", "die", "help_deck", "mischief_deck", "path_card", "hut_card")
"""The pieces whose texts the views show besides cards, heroes and spaces."""


class Texts(BaseModel):
    """Texts of every help card, mischief card, hero, piece and kind of space, by id."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    help: dict[str, Text]
    mischief: dict[str, Text]
    heroes: dict[str, Text]
    pieces: dict[str, Text]
    spaces: dict[SpaceKind, Text]

    def missing(self) -> list[str]:
        """One message per id that has no text (a view needs every one)."""
        wanted = (
            ("help", HELP_KINDS),
            ("mischief", MISCHIEF_KINDS),
            ("heroes", HEROES),
            ("pieces", PIECES),
            ("spaces", get_args(SpaceKind)),
        )
        out = []
        for section, ids in wanted:
            have = getattr(self, section)
            out += [f"texts.{section}: no text for '{i}'" for i in ids if i not in have]
            out += [f"texts.{section}: unknown id '{i}' (allowed: {', '.join(ids)})" for i in have if i not in ids]
        return out


class Components(DataFile):
    """The whole component file."""

    board: tuple[Segment, ...]
    path_cards: tuple[PathCard, ...]
    hut_cards: tuple[HutCard, ...]
    help_cards: HelpMix
    mischief_cards: MischiefMix
    texts: Texts | None = None
    """None in a user's file that leaves the texts out: :func:`texts_of` gives the packaged ones."""


def _problems_of_arrow(space: Space, where: str, index: int, length: int, closed_end: bool) -> list[str]:
    """An arrow must have a target; a forward one stays inside its own piece of track.

    Forward arrows may not reach a pointer, the totem or Victory (the last space of
    a board segment or card) so that no arrow ever jumps over a face-down card.
    """
    if space.to is None or space.to == 0:
        return [f"{where} space {index}: an arrow needs a non-zero 'to'"]
    if space.colour is None:
        return [f"{where} space {index}: an arrow needs a colour"]
    last = length - 1 if closed_end else length
    if space.to > 0 and index + space.to >= last:
        return [f"{where} space {index}: a forward arrow must end inside its own segment or card"]
    return []


def check_track(c: Components) -> list[str]:
    """Rules of the rulebook that a valid track must satisfy, one message per problem."""
    problems: list[str] = []
    if len(c.board) != SLOTS + 1:
        problems.append(f"board: needs {SLOTS + 1} segments (one before each of the {SLOTS} path cards and one after)")
    if len(c.path_cards) != SLOTS:
        problems.append(f"path_cards: the box has {SLOTS} path cards, got {len(c.path_cards)}")
    if len(c.hut_cards) != HUT_CARDS:
        problems.append(f"hut_cards: the box has {HUT_CARDS} Hut of Wonders cards, got {len(c.hut_cards)}")
    for name, mix in (("help_cards", c.help_cards), ("mischief_cards", c.mischief_cards)):
        if sum(mix.counts()) != DECK_SIZE:
            problems.append(f"{name}: the box has {DECK_SIZE} cards, the counts add up to {sum(mix.counts())}")
    if problems:
        return problems
    if len({len(p.spaces) for p in c.path_cards}) != 1:
        problems.append("path_cards: every path card must have the same number of spaces")
    if len({len(h.spaces) for h in c.hut_cards}) != 1:
        problems.append("hut_cards: every Hut of Wonders card must have the same number of spaces")
    if c.board[0].spaces[0].kind != "start":
        problems.append("board[0]: the track must begin with the start space")
    waddles_segments = []
    for i, seg in enumerate(c.board):
        end = seg.spaces[-1].kind
        want = ("pointer", "waddles_pointer") if i < SLOTS else ("totem",)
        if end not in want:
            problems.append(f"board[{i}]: must end with {' or '.join(want)}, ends with {end}")
        if end == "waddles_pointer":
            waddles_segments.append(i)
        for j, sp in enumerate(seg.spaces):
            where = f"board[{i}]"
            if sp.kind in ("pointer", "waddles_pointer", "totem") and j != len(seg.spaces) - 1:
                problems.append(f"{where} space {j}: a {sp.kind} may only be the last space of a segment")
            if sp.kind == "start" and (i, j) != (0, 0):
                problems.append(f"{where} space {j}: only the first space is the start")
            if sp.kind == "victory":
                problems.append(f"{where} space {j}: Victory belongs on the Hut of Wonders cards")
            if sp.kind == "arrow":
                problems += _problems_of_arrow(sp, where, j, len(seg.spaces), True)
    if len(waddles_segments) != 1:
        problems.append("board: exactly one pointer must be the 'Waddles Found!' pointer (waddles_pointer)")
    cards: list[tuple[str, tuple[Space, ...]]] = [(f"path_cards[{k}]", p.spaces) for k, p in enumerate(c.path_cards)]
    cards += [(f"hut_cards[{k}]", h.spaces) for k, h in enumerate(c.hut_cards)]
    for where, spaces in cards:
        is_hut = where.startswith("hut")
        for j, sp in enumerate(spaces):
            if sp.kind in ("start", "pointer", "waddles_pointer", "totem"):
                problems.append(f"{where} space {j}: a {sp.kind} belongs on the board")
            if sp.kind == "victory" and not (is_hut and j == len(spaces) - 1):
                problems.append(f"{where} space {j}: Victory is only the last space of a Hut of Wonders card")
            if sp.number is not None:
                problems.append(f"{where} space {j}: Waddles' numbers belong on the board")
            if sp.kind == "arrow":
                problems += _problems_of_arrow(sp, where, j, len(spaces), is_hut)
        if is_hut and spaces[-1].kind != "victory":
            problems.append(f"{where}: the last space must be Victory")
    numbers: dict[int, int] = {}
    for i, seg in enumerate(c.board):
        for sp in seg.spaces:
            if sp.number is not None:
                numbers[sp.number] = numbers.get(sp.number, 0) + 1
                if waddles_segments and i <= waddles_segments[0]:
                    problems.append(
                        f"board[{i}]: Waddles' number {sp.number} must lie beyond the 'Waddles Found!' pointer"
                    )
                if sp.kind in ("pointer", "waddles_pointer", "totem", "start"):
                    problems.append(f"board[{i}]: Waddles' number {sp.number} cannot be on a {sp.kind}")
    if sorted(numbers) != [1, 2, 3, 4, 5, 6] or any(v != 1 for v in numbers.values()):
        problems.append("board: the numbers 1 to 6 (where Waddles is placed) must each appear exactly once")
    return problems


def _build(raw: dict[str, Any], where: str) -> Components:
    comps = validate(Components, raw, where)
    problems = check_track(comps) + (comps.texts.missing() if comps.texts else [])
    if problems:
        raise DataError(f"{where} has {len(problems)} problem(s):\n" + "\n".join(f"  {p}" for p in problems))
    return comps


@lru_cache(maxsize=8)
def load_components(path: str | None = None) -> Components:
    """The packaged components (``path=None``) or a user's own TOML file, validated."""
    if path is None:
        raw = read_package_toml("gravity_games.games.saving_waddles", "data/components.toml")
        return _build(raw, "components.toml")
    return _build(read_toml(path), str(path))


def texts_of(comps: Components) -> Texts:
    """The texts of a component file, or the packaged ones when the file has none."""
    texts = comps.texts or load_components().texts
    assert texts is not None, "the packaged components.toml has its texts (a test holds it)"
    return texts


_REASONS = {
    "board": "the rulebook names every kind of space but prints no board; segments are short (4-6 spaces) "
    "so that the seven pointers come often, and the Waddles numbers lie just beyond the 'Waddles Found!' pointer",
    "path_cards": "seven cards of equal length (3 spaces) so a position never depends on the deal; each has one "
    "or two special spaces of the kinds the rulebook lists",
    "hut_cards": "'This space may say what must be done to win. If there are no special instructions, you have "
    "already won': one card without instructions and two with a simple, always-finite condition",
    "help_cards": "21 cards over the 5 described kinds; the die changers are the most common, 'take another turn' "
    "and 'face down' the rarest",
    "mischief_cards": "21 cards over the 6 described kinds; 'move back 2' the most common",
}


def reconstructed_values(path: str | None = None) -> list[dict[str, str]]:
    """Every reconstructed component with a one-line value in words and the reason, for ``gravity rules``."""
    comps = load_components(path)
    texts = texts_of(comps)

    def spaces(items: tuple[Space, ...]) -> str:
        return ", ".join(_space_word(s, texts) for s in items)

    out: list[dict[str, str]] = []
    for i, seg in enumerate(comps.board):
        if seg.source == "reconstructed":
            out.append(
                {"name": f"board segment {i} ({seg.name})", "value": spaces(seg.spaces), "reason": _REASONS["board"]}
            )
    for card in comps.path_cards:
        if card.source == "reconstructed":
            out.append(
                {"name": f"path card {card.name}", "value": spaces(card.spaces), "reason": _REASONS["path_cards"]}
            )
    for hut in comps.hut_cards:
        if hut.source == "reconstructed":
            value = f"{spaces(hut.spaces)}; to win: {hut.text or 'no instructions'}"
            out.append({"name": f"Hut of Wonders card {hut.name}", "value": value, "reason": _REASONS["hut_cards"]})
    mixes: tuple[tuple[str, HelpMix | MischiefMix, dict[str, Text], tuple[str, ...]], ...] = (
        ("help_cards", comps.help_cards, texts.help, HELP_KINDS),
        ("mischief_cards", comps.mischief_cards, texts.mischief, MISCHIEF_KINDS),
    )
    for name, mix, words, kinds in mixes:
        if mix.source == "reconstructed":
            value = ", ".join(f"{words[k].name} ×{c}" for k, c in zip(kinds, mix.counts(), strict=True))
            out.append({"name": name.replace("_", " "), "value": value, "reason": _REASONS[name]})
    return out


def _space_word(sp: Space, texts: Texts) -> str:
    """A space in the words of the texts: "Arrow +2 (blue)", "Mischief x2", "Help (Waddles 1)"."""
    word = texts.spaces[sp.kind].name
    if sp.kind == "arrow":
        word = f"{word} {sp.to:+d} ({sp.colour})"
    elif sp.kind == "mischief" and sp.symbols > 1:
        word = f"{word} x{sp.symbols}"
    if sp.number:
        word += f" (Waddles {sp.number})"
    return word
