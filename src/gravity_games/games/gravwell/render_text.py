"""The terminal view of one seat's Gravwell observation (Rich markup), in words a player knows.

The track is a numbered strip (one character per space); then every ship with what everybody can
see of it (revealed cards with value and beam type, known cards, charged abilities), the mining
stacks by letter (as the notation names them), and the seat's own hand and Ship Ability Cards with
what each does.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from gravity_games.core.api import Game
from gravity_games.games.gravwell import render_common as w


def render_text(observation: dict[str, Any], game: Game) -> str:
    """The whole view: title, track strip, ships, cards in play, mining, the seat's own hand and ship."""
    obs = observation
    lines = [f"[bold]Gravwell[/]  {w.phase_title(obs)}", escape(w.status_line(obs)), ""]
    lines += _strip(obs, game)
    lines += _ships(obs, game)
    lines += _cards_in_play(obs, game)
    if obs["stage"] == "ship":
        lines += _ship_choice(obs, game)
    if obs["stacks"] and obs["stage"] in ("mine", "dir", "form"):
        lines += _stacks(obs, game)
    if "my_hand" in obs:
        lines += _own(obs, game)
    if obs["winners"]:
        names = ", ".join(w.ship_label(obs["ships"][s]) for s in obs["winners"])
        how = "escaped through the Warp Gate" if obs["result"] == "escaped" else "nearest the goal after round 6"
        lines.append(f"  [bold green]Game over: {escape(names)} won ({how})[/]")
    return "\n".join(lines)


def _strip(obs: dict[str, Any], game: Game) -> list[str]:
    """Spaces 0..L as characters under their numbers: gates, Debris Fields, Merton Cloud, junk, ships."""
    L = obs["track_length"]
    cells = ["."] * (L + 1)
    cells[0], cells[L] = "I", "O"
    for d in obs["debris_fields"]:
        cells[d] = "#"
    cells[obs["merton_cloud"]] = "[magenta]~[/]"
    for j in obs["junk"]:
        if 0 < j < L:
            cells[j] = "[bold white]J[/]"
    for s in obs["ships"]:
        p = s["position"]
        if 0 < p < L:
            cells[p] = f"[bold {w.ship_colour(game, s['ship'])}]{escape(w.ship_letter(s))}[/]"
    tens = "".join(str(i // 10) if i % 10 == 0 else " " for i in range(L + 1))
    units = "".join(str(i % 10) for i in range(L + 1))
    out = [
        "  " + tens,
        "  " + units,
        "  " + "".join(cells),
        "  I = Inner Warp Gate, O = Outer Warp Gate, # Debris Field, ~ Merton Cloud, J Space Junk",
        "",
    ]
    for gate, where in ((0, "Inner"), (L, "Outer")):
        inside = [w.ship_label(s) for s in obs["ships"] if s["position"] == gate]
        inside += ["Space Junk"] * sum(1 for j in obs["junk"] if j == gate)
        if inside:
            out.append(f"  In the {where} Warp Gate: " + escape(", ".join(inside)))
    return out


def _ships(obs: dict[str, Any], game: Game) -> list[str]:
    out = []
    order = obs["resolution_order"]
    for s in obs["ships"]:
        label = w.ship_label(s)
        if s["seat"] == obs.get("seat"):
            label = label[:-1] + ", you)" if label.endswith(")") else label + " (you)"
        parts = [
            f"{w.where_words(s, obs['track_length'])}",
            f"{w.plural(s['to_goal'], 'space')} to the {w.goal_name(s)}",
            w.plural(s["hand_size"], "Fuel Card"),
        ]
        if s["card"]:
            rank = f" (resolves {_ordinal(order.index(s['seat']) + 1)})" if s["seat"] in order else ""
            parts.append(f"played {w.card_words(game, s['card'])}{rank}")
        elif s["has_chosen"]:
            parts.append("has chosen a card")
        if s["known_cards"]:
            parts.append("known in hand: " + ", ".join(w.card_words(game, c) for c in s["known_cards"]))
        if s["ship"] is not None:
            parts.append("charged: " + ", ".join(s["charged_names"]) if s["charged_names"] else "no ability charged")
        for flag, words in (
            ("cloaked", "vanished this phase"),
            ("shielded", "not moved by this card"),
            ("coasting", "not pushed back by this card"),
            ("latching", "latching on"),
            ("delayed", "resolves last this phase"),
        ):
            if s.get(flag):
                parts.append(words)
        mark = f"[bold {w.ship_colour(game, s['ship'])}]{escape(w.ship_letter(s))}[/]"
        out.append(f"  {mark} {escape(label)}: " + escape(", ".join(parts)))
    return out


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def _cards_in_play(obs: dict[str, Any], game: Game) -> list[str]:
    """The last phase's cards (of this round only), the cards played this round, the order, the card resolving."""
    out = []
    ships = obs["ships"]
    shown = w.last_phase(obs)
    if not obs["resolution_order"] and shown is not None and any(s["last_card"] for s in ships):
        last = ", ".join(f"{w.ship_label(s)} {w.card_words(game, s['last_card'])}" for s in ships if s["last_card"])
        out.append(f"  Phase {shown} cards: " + escape(last))
    if obs["discards"]:
        out.append("  Played this round: " + escape(", ".join(w.card_words(game, c) for c in obs["discards"])))
    if obs["resolution_order"]:
        order = " -> ".join(
            f"{w.card_words(game, ships[s]['card'])} ({w.ship_name(ships[s])})" for s in obs["resolution_order"]
        )
        out.append("  Resolution order: " + escape(order))
    if obs["resolving"] is not None:
        s = ships[obs["resolving"]]
        out.append("  " + escape(w.resolving_words(obs, game).replace(w.ship_name(s), w.ship_label(s), 1)))
    return out


def _ship_choice(obs: dict[str, Any], game: Game) -> list[str]:
    """Every ship with what its three unique abilities do, at the choice of ship."""
    taken = {s["ship"]: s for s in obs["ships"] if s["ship"] is not None}
    rows = {ship.name: w.abilities(game, ship.name)[1:] for ship in w.data_of(game).ships}
    all_rec = all(rec for abilities in rows.values() for *_x, rec in abilities)
    note = " (the ship abilities are reconstructed from the rulebook's ship descriptions)" if all_rec else ""
    stop = w.data_of(game).texts.emergency_stop
    out = ["", f"  [bold]The ships[/]{escape(note)}", f"  Every ship has an Emergency Stop: {escape(stop)}"]
    for ship in w.data_of(game).ships:
        by = f" (taken by seat {taken[ship.name]['seat']})" if ship.name in taken else ""
        out.append(f"  [bold {ship.colour}]{escape(ship.name)}[/]{escape(by)}")
        for _k, name, text, charge, rec in rows[ship.name]:
            mark = " (reconstructed)" if rec and not all_rec else ""
            out.append(f"      {escape(name)}: {escape(text)} {escape(charge)}{mark}")
    return out


def _stacks(obs: dict[str, Any], game: Game) -> list[str]:
    out = ["", "  [bold]Mining stacks[/] (pick one: its three cards join your hand)"]
    for k, st in enumerate(obs["stacks"]):
        taken = ""
        if st["taken_by"] is not None:
            taken = f" (taken by {w.ship_label(obs['ships'][st['taken_by']])})"
        out.append(f"    stack {w.STACK_LETTERS[k]}: " + escape(w.stack_words(game, st) + taken))
    return out


def _own(obs: dict[str, Any], game: Game) -> list[str]:
    """The seat's hand, its face-down card, its ship's four Ship Ability Cards described, the charge step."""
    seat = obs["seat"]
    out = [""]
    hand = ", ".join(w.card_words(game, c) for c in obs["my_hand"]) or "(empty)"
    out.append(f"  [bold]Your hand[/] (seat {seat}): {escape(hand)}")
    if obs.get("my_card"):
        out.append(f"  Your face-down card: {escape(w.card_words(game, obs['my_card']))}")
    ship = obs["ships"][seat]
    if ship["ship"] is not None:
        out.append(f"  [bold]Your ship {escape(ship['ship'])}[/]: Ship Ability Cards")
        for k, name, text, charge, rec in w.abilities(game, ship["ship"]):
            state = "[green]charged[/]" if ship["charged"][k] else "not charged"
            note = " (reconstructed)" if rec else ""
            out.append(f"    {escape(name)} ({state}): {escape(text)} {escape(charge)}{note}")
    if obs["stage"] == "charge" and obs["to_act"] == seat:
        out.append("  [bold]Charging:[/] " + escape(w.data_of(game).texts.charge_step))
    return out
