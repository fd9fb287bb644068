"""How Saving Waddles is played on its drawn board (the board contract, ``core/board.py``).

Every decision is a tap on the thing that makes it (the part keys of ``render_svg.py``):

- roll, or reroll with a "Reroll the die" card: the die (``die``);
- a help card from the hand: the card (``help:<kind>``): "Take another turn", "Set the die to
  3", "Take a mischief card face down", and every help card that must be discarded; "+1 or -1
  to the die" is the card, then the "+1" or "-1" mark beside the die (``die:plus``, ``die:minus``);
- exchange mischief cards for a help card: the seat's own mischief cards (``front:<seat>``);
- take the mischief card (instead of playing a face-down card): the mischief deck;
- Mabel's +1: Mabel's hero card (``hero:mabel``); the simple rules' +1 for starting on a help
  symbol: that help space (``space:<position>``);
- keep the die as it shows and end the turn: the on-board buttons ``button:keep`` ("Move 4")
  and ``button:end-turn`` (no thing stands for them).

Actions are decoded by their ids (``state.Action``, the same numbers in every phase), never by
re-deciding a rule; everything reads the seat's observation only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from gravity_games.core.board import BoardHooks, BoardMove, InfoCard, SeatRole, changed_by_comparison

from .data import HELP_KINDS, MISCHIEF_KINDS, Space
from .render_common import (
    Obs,
    as_drawn,
    help_name,
    hero_colour,
    hero_mark,
    keep_words,
    known_space,
    last_space,
    mischief_name,
    plural,
    seat_name,
    space_home,
    space_words,
    texts,
)
from .rules import SavingWaddlesGame
from .state import (
    ACCEPT,
    DISCARD_BASE,
    END_TURN,
    EXCHANGE_CARDS,
    HELP_SPACE_PLUS,
    MABEL_PLUS,
    PLAY_ANOTHER_TURN,
    PLAY_FACE_DOWN,
    PLAY_MINUS,
    PLAY_PLUS,
    PLAY_REROLL,
    PLAY_SET_THREE,
    ROLL,
    TAKE_MISCHIEF,
    action_name,
)

# -- board moves -------------------------------------------------------------------------


def _help_move(game: SavingWaddlesGame, kind: str, why: str) -> tuple[tuple[str, ...], str]:
    return (f"help:{kind}",), f"{why} your '{help_name(game, kind)}' card"


def _move_for(obs: Obs, game: SavingWaddlesGame, action: int) -> tuple[tuple[str, ...], str]:
    """The taps and the words of one player action, from its id."""
    seat = obs["turn"]
    if action == ROLL:
        return ("die",), "roll the die and move"
    if action == PLAY_REROLL:
        return ("die",), f"play your '{help_name(game, 'reroll')}' card and roll the die again"
    if action == ACCEPT:
        return ("button:keep",), keep_words(obs)
    if action in (PLAY_PLUS, PLAY_MINUS):
        mark, words = ("die:plus", "add 1 to") if action == PLAY_PLUS else ("die:minus", "take 1 from")
        return ("help:plus_minus", mark), f"play your '{help_name(game, 'plus_minus')}' card: {words} the die"
    if action == PLAY_SET_THREE:
        return _help_move(game, "set_three", "set the die to 3 with")
    if action == PLAY_ANOTHER_TURN:
        parts, words = _help_move(game, "another_turn", "play")
        return parts, words + ": you take another turn after this one"
    if action == PLAY_FACE_DOWN:
        parts, words = _help_move(game, "face_down", "play")
        return parts, words + ": the mischief card goes in front of you unseen"
    if action == TAKE_MISCHIEF:
        return ("deck:mischief",), "take the mischief card, show it and carry it out"
    if action == EXCHANGE_CARDS:
        return (f"front:{seat}",), "exchange mischief cards lying in front of you for 1 help card"
    if action == MABEL_PLUS:
        return ("hero:mabel",), "use Mabel's ability: add 1 to the die (Waddles shares a space with a hero)"
    if action == HELP_SPACE_PLUS:
        pos = obs["positions"][seat]
        return (f"space:{pos}",), "you started on a help symbol: add 1 to the die"
    if action == END_TURN:
        return ("button:end-turn",), "end your turn (keep your 'Take another turn' card for later)"
    if DISCARD_BASE <= action < DISCARD_BASE + len(HELP_KINDS):
        return _help_move(game, HELP_KINDS[action - DISCARD_BASE], "discard")
    raise ValueError(f"saving-waddles has no board move for action {action} ({action_name(action)})")


def board_moves(observation: Obs, game: Any, legal: Sequence[tuple[int, str]]) -> list[BoardMove]:
    """One board move per legal action: the parts tapped, in words."""
    game = cast(SavingWaddlesGame, game)
    out = []
    for action, _notation in legal:
        parts, words = _move_for(observation, game, action)
        out.append(BoardMove(action, parts, words))
    return out


# -- what a move changed -------------------------------------------------------------------


def part_looks(obs: Obs, game: SavingWaddlesGame) -> dict[str, Any]:
    """What each drawn part shows, by its key (compared between two observations of one seat)."""
    looks: dict[str, Any] = {}
    for pos in range(last_space(obs, game) + 1):
        space = known_space(obs, game, pos)
        if space is not None:
            looks[f"space:{pos}"] = space.kind
    for slot, name in enumerate(obs["path_cards"]):
        if name is None:
            looks[f"path:{slot}"] = "face down"
    for seat, pos in enumerate(obs["positions"]):
        looks[f"token:{seat}"] = (pos, obs["lying"][seat])
        hero = obs["heroes"][seat]
        if hero:
            looks[f"hero:{hero}"] = (obs["hand_sizes"][seat], obs["carried_by"] == seat)
    if obs["waddles"] is not None:
        looks["waddles"] = (obs["waddles"], obs["carried_by"])
    looks["die"] = (obs["die"], obs["roll_for"])
    if obs["variant"] == "standard":
        looks["deck:help"] = obs["help_deck"]
        looks["deck:mischief"] = obs["mischief_deck"]
        looks["hut"] = obs["hut_card"]
        for seat, pile in enumerate(obs["mischief_in_front"]):
            looks[f"front:{seat}"] = tuple(pile)
        hand = obs.get("hand")
        if hand:
            looks.update({f"help:{k}": c for k, c in hand["cards"].items() if c})
    return looks


def changed_parts(before: Obs, after: Obs, game: Any) -> list[str]:
    """The parts whose look differs between two observations of one seat."""
    game = cast(SavingWaddlesGame, game)
    return changed_by_comparison(part_looks(before, game), part_looks(after, game))


# -- who is who --------------------------------------------------------------------------


def _public_facts(obs: Obs, seat: int) -> tuple[str, ...]:
    facts = [f"space {obs['positions'][seat]}"]
    if obs["lying"][seat]:
        facts.append("lying down: skips the next turn")
    if obs["carried_by"] == seat:
        facts.append("carries Waddles")
    if obs["variant"] == "standard":
        facts.append(plural(obs["hand_sizes"][seat], "help card") + " in hand")
        facts.append(plural(len(obs["mischief_in_front"][seat]), "mischief card") + " in front")
    return tuple(facts)


def seat_roles(observation: Obs, game: Any) -> list[SeatRole]:
    """Each seat's hero (its token colour and letter) and what everybody sees of it."""
    game = cast(SavingWaddlesGame, game)
    obs = observation
    roles = []
    for seat, hero in enumerate(obs["heroes"]):
        role = seat_name(obs, game, seat) if hero else "no hero yet"
        roles.append(
            SeatRole(
                role=role,
                swatch=hero_colour(obs, seat),
                mark=hero_mark(obs, seat) if hero else None,
                public=_public_facts(obs, seat),
                info=f"hero:{hero}" if hero else None,
            )
        )
    return roles


# -- texts of the components -----------------------------------------------------------------


def _mix_words(names: list[str], counts: Sequence[int]) -> str:
    return "; ".join(f"{n} ×{c}" for n, c in zip(names, counts, strict=True))


def _deck_cards(game: SavingWaddlesGame) -> dict[str, InfoCard]:
    t = texts(game)
    comps = game.components
    help_mix = _mix_words([help_name(game, k) for k in HELP_KINDS], comps.help_cards.counts())
    mischief_mix = _mix_words([t.mischief[k].name for k in MISCHIEF_KINDS], comps.mischief_cards.counts())
    out = {}
    for key, piece, mix, source in (
        ("deck:help", "help_deck", help_mix, comps.help_cards.source),
        ("deck:mischief", "mischief_deck", mischief_mix, comps.mischief_cards.source),
    ):
        rebuilt = source == "reconstructed"
        mark = " (reconstructed)" if rebuilt else ""
        text = f"{t.pieces[piece].text} The 21 cards{mark}: {mix}."
        out[key] = InfoCard(t.pieces[piece].name, text, reconstructed=rebuilt)
    return out


def _hut_card(obs: Obs, game: SavingWaddlesGame) -> InfoCard:
    name = obs["hut_card"]
    if name is None:
        piece = texts(game).pieces["hut_card"]
        return InfoCard(piece.name, piece.text)
    card = next(h for h in game.components.hut_cards if h.name == name)
    rebuilt = card.source == "reconstructed"
    text = (card.text or "Reach Victory with Waddles to win.") + (" (reconstructed)" if rebuilt else "")
    return InfoCard(f"Hut of Wonders: {name}", text, reconstructed=rebuilt)


def _front_card(obs: Obs, game: SavingWaddlesGame, seat: int) -> InfoCard:
    pile = obs["mischief_in_front"][seat]
    name = seat_name(obs, game, seat)
    if not pile:
        return InfoCard(f"{name}'s mischief cards", "No mischief cards lie in front of this hero.")
    lines = []
    for kind in pile:
        if kind == "face down":
            lines.append("a card taken face down, unseen by anyone")
        else:
            lines.append(f"{mischief_name(game, kind)}: {texts(game).mischief[kind].text}")
    text = (
        f"{plural(len(pile), 'card')}, oldest first: " + " / ".join(lines) + ". "
        "At the start of a turn they may be exchanged for a help card."
    )
    return InfoCard(f"{name}'s mischief cards", text)


def _space_card(obs: Obs, game: SavingWaddlesGame, pos: int, space: Space) -> InfoCard:
    """What one visible space does (its kind's text) and where it lies (reconstructed layout)."""
    t = texts(game).spaces[space.kind]
    text = t.simple if obs["variant"] == "simple" and t.simple else t.text
    if space.number:
        text += f" Waddles may be placed here: number {space.number} of the 'Waddles Found!' roll."
    home, source = space_home(obs, game, pos)
    rebuilt = source == "reconstructed"
    text += f" On {home}" + (", whose layout is reconstructed." if rebuilt else ".")
    return InfoCard(f"Space {pos}: {space_words(game, space)}", text, reconstructed=rebuilt)


def _space_cards(obs: Obs, game: SavingWaddlesGame) -> dict[str, InfoCard]:
    out = {}
    for pos in range(last_space(obs, game) + 1):
        space = known_space(obs, game, pos)
        if space is not None:
            out[f"space:{pos}"] = _space_card(obs, game, pos, as_drawn(obs, space))
    piece = texts(game).pieces["path_card"]
    for slot, name in enumerate(obs["path_cards"]):
        if name is None:
            out[f"path:{slot}"] = InfoCard(f"{piece.name}, place {slot + 1}", piece.text)
        else:
            card = next(c for c in game.components.path_cards if c.name == name)
            spaces = ", ".join(space_words(game, s) for s in card.spaces)
            rebuilt = card.source == "reconstructed"
            mark = " (reconstructed)" if rebuilt else ""
            out[f"path:{slot}"] = InfoCard(f"Path card: {name}", f"Its spaces{mark}: {spaces}.", rebuilt)
    return out


def info_cards(observation: Obs, game: Any) -> dict[str, InfoCard]:
    """The text of every component the board can show (a tap on it opens its card)."""
    game = cast(SavingWaddlesGame, game)
    obs = observation
    t = texts(game)
    cards: dict[str, InfoCard] = {}
    for hero, text in t.heroes.items():
        cards[f"hero:{hero}"] = InfoCard(text.name, text.text)
    for kind, text in t.help.items():
        cards[f"help:{kind}"] = InfoCard(f"Help card: {text.name}", text.text)
    for kind, text in t.mischief.items():
        cards[f"mischief:{kind}"] = InfoCard(f"Mischief card: {text.name}", text.text)
    for piece in ("waddles", "die"):
        cards[piece] = InfoCard(t.pieces[piece].name, t.pieces[piece].text)
    cards.update(_space_cards(obs, game))
    if obs["variant"] == "standard":
        cards.update(_deck_cards(game))
        cards["hut"] = _hut_card(obs, game)
        for seat in range(len(obs["heroes"])):
            cards[f"front:{seat}"] = _front_card(obs, game, seat)
    return cards


# -- notation --------------------------------------------------------------------------------


def glossary(game: Any) -> list[tuple[str, str]]:
    """Every notation of the moves and the log, in words."""
    game = cast(SavingWaddlesGame, game)
    t = texts(game)
    out = [
        ("roll", "roll the die to move"),
        ("exchange", "exchange mischief cards in front of you for 1 help card (3, Wendy 2)"),
        ("another turn", f"play '{t.help['another_turn'].name}'"),
        ("accept", "keep the die as it shows"),
        ("reroll", f"play '{t.help['reroll'].name}'"),
        ("plus one", f"play '{t.help['plus_minus'].name}' as +1"),
        ("minus one", f"play '{t.help['plus_minus'].name}' as -1"),
        ("set three", f"play '{t.help['set_three'].name}'"),
        ("mabel plus one", "Mabel's ability: add 1 to the die while Waddles shares a space with a hero"),
        ("help space plus one", "simple rules: started the turn on a help symbol, add 1 to the die"),
        ("face down", f"play '{t.help['face_down'].name}'"),
        ("take mischief", "take the mischief card and show it"),
        ("end turn", "end the turn"),
    ]
    out += [(f"discard {k.replace('_', ' ')}", f"discard the help card '{t.help[k].name}'") for k in HELP_KINDS]
    out += [
        ("roll N", "the die shows N"),
        ("path card NAME", "a path card dealt face down at setup"),
        ("hut card NAME", "the Hut of Wonders card dealt face down at setup"),
        ("hero NAME", "a hero dealt to a seat"),
    ]
    out += [(f"mischief {k}", f"the mischief card '{t.mischief[k].name}' is drawn") for k in MISCHIEF_KINDS]
    out += [(f"help {k}", f"the help card '{t.help[k].name}' is drawn") for k in HELP_KINDS]
    return out


BOARD = BoardHooks(
    board_moves=board_moves,
    changed_parts=changed_parts,
    seat_roles=seat_roles,
    info_cards=info_cards,
    glossary=glossary,
)
