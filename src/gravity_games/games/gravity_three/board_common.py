"""Drawing pieces the three Gravity Three boards share: colour swatches, token chips, die faces, info cards.

Memory × Gravity, Comparison × Gravity and Doubt × Gravity draw the same tokens, so they draw
them with the same code and the same look:

- every colour has a fill, an ink for text on it (WCAG AA contrast, checked in the tests), its
  notation letter (K black, G grey, R red) and a ring pattern (solid, dotted, dashed), so colour
  is never the only cue;
- :func:`token_chip` draws one token as a ``<g data-part=...>`` group with its letter and number,
  or ``?`` for a number the seat may not see;
- :func:`colour_swatch` draws a colour as a tappable square (for a colour choice or a seat's role);
- :func:`die_face` draws a die face (for naming a number);
- :func:`mass_info_cards` and :func:`seesaw_info_card` give the info-card texts of the token
  masses and the see-saw spots from ``data/components.toml`` (both reconstructed, and marked so).

This API is shared: keep the signatures stable (add keyword arguments with defaults only).

    >>> swatch("black").letter, swatch("R").name
    ('K', 'red')
    >>> token_notation("G", 4), token_words("grey", None)
    ('G4', 'grey token, number hidden')
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from gravity_games.core.board import InfoCard

from .data import Components, load_components

FONT_FAMILY = "DejaVu Sans, Arial, sans-serif"
"""The font family the Gravity Three boards use on their root ``<svg>``."""

MIN_CHIP_RADIUS = 15.0
"""The smallest chip radius that still holds its ``K3`` in 13-unit type on a plain centre."""


@dataclass(frozen=True)
class Swatch:
    """How one token colour is drawn.

    ``fill`` is the body colour and ``ink`` the text colour on it (contrast >= 4.5:1);
    ``pattern`` names the ring drawn inside every chip and swatch of this colour, and
    ``dash`` is its SVG ``stroke-dasharray`` ("" for a solid ring).
    """

    letter: str
    name: str
    fill: str
    ink: str
    ring: str
    pattern: str
    dash: str


SWATCHES: tuple[Swatch, ...] = (
    Swatch("K", "black", "#1f1f23", "#ffffff", "#d9d9de", "solid ring", ""),
    Swatch("G", "grey", "#b9bcc2", "#111114", "#4a4d53", "dotted ring", "0.1 4.6"),
    Swatch("R", "red", "#b0241c", "#ffffff", "#ffd6d2", "dashed ring", "7 4"),
)
"""The three colours in notation order K, G, R."""

HIDDEN = Swatch("?", "unknown colour", "#e9e4d8", "#2a2a2a", "#8a8478", "no ring", "")
"""The look of a token whose colour the seat may not see."""

_BY_KEY = {**{s.letter: s for s in SWATCHES}, **{s.name: s for s in SWATCHES}}


def swatch(colour: str) -> Swatch:
    """The swatch of a colour given by letter (``"K"``) or name (``"black"``).

    Raises ``ValueError`` naming the accepted spellings for anything else.
    """
    try:
        return _BY_KEY[colour]
    except KeyError:
        raise ValueError(f"unknown token colour {colour!r}; use one of K, G, R or black, grey, red") from None


def token_notation(colour: str | None, number: int | None) -> str:
    """The notation of a token: ``"K3"``, ``"K?"`` with the number hidden, ``"?"`` with both hidden."""
    if colour is None:
        return "?" if number is None else f"?{number}"
    return f"{swatch(colour).letter}{'?' if number is None else number}"


def token_words(colour: str | None, number: int | None) -> str:
    """A token in words for an aria-label or a move: ``"black token 3"``, ``"grey token, number hidden"``."""
    name = "token" if colour is None else f"{swatch(colour).name} token"
    return f"{name}, number hidden" if number is None else f"{name} {number}"


def _attrs(part: str | None, label: str, info: str | None, extra: str) -> str:
    attrs = f' aria-label="{escape(label)}"'
    if part is not None:
        attrs = f' data-part="{escape(part)}"' + attrs
    if info is not None:
        attrs += f' data-info="{escape(info)}"'
    return attrs + (f" {extra}" if extra else "")


def token_chip(
    colour: str | None,
    number: int | None,
    x: float,
    y: float,
    *,
    part: str | None = None,
    r: float = 22.0,
    label: str | None = None,
    info: str | None = None,
    extra: str = "",
) -> str:
    """One token seen from above, centred at (x, y): a ``<g>`` with its ring and ``K3`` (or ``K?``).

    ``part`` is its ``data-part`` key (omit it for a token nobody can tap), ``label`` its
    aria-label (default :func:`token_words`), ``info`` its ``data-info`` key (usually
    :func:`mass_info_key`), ``extra`` more raw attributes for the group (``'opacity="0.6"'``).
    The text is at least 13 units and sits on the plain centre, so the ring never lowers its
    contrast. ``r`` must be at least :data:`MIN_CHIP_RADIUS`.
    """
    if r < MIN_CHIP_RADIUS:
        raise ValueError(f"a token chip needs r >= {MIN_CHIP_RADIUS} to hold readable text, got {r}")
    look = HIDDEN if colour is None else swatch(colour)
    text = token_notation(colour, number)
    size = max(13.0, round(r * 0.72))
    ring_r = r - 4.0
    dash = f' stroke-dasharray="{look.dash}" stroke-linecap="round"' if look.dash else ""
    ring_w = 3.2 if look.dash.startswith("0.1") else 2.0
    body = (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{look.fill}" stroke="#111" stroke-width="1.5"/>'
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{ring_r:.1f}" fill="none" stroke="{look.ring}" '
        f'stroke-width="{ring_w}"{dash}/>'
        f'<text x="{x:.1f}" y="{y + size * 0.36:.1f}" text-anchor="middle" font-size="{size:g}" '
        f'font-weight="bold" fill="{look.ink}">{escape(text)}</text>'
    )
    return f"<g{_attrs(part, label or token_words(colour, number), info, extra)}>{body}</g>"


def colour_swatch(
    colour: str,
    x: float,
    y: float,
    *,
    size: float = 64.0,
    part: str | None = None,
    label: str | None = None,
    show_name: bool = True,
    extra: str = "",
) -> str:
    """A colour as a square with its top-left corner at (x, y): ring pattern, letter and (below) its name.

    Used for a colour choice (``part="colour:K"``) and for a seat's colour. The name is drawn
    under the square in dark ink (for a light table), 14 units; ``show_name=False`` leaves it out.
    """
    look = swatch(colour)
    inset = 6.0
    dash = f' stroke-dasharray="{look.dash}" stroke-linecap="round"' if look.dash else ""
    ring_w = 3.2 if look.dash.startswith("0.1") else 2.5
    letter_size = max(13.0, round(size * 0.42))
    parts = [
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" rx="10" fill="{look.fill}" '
        'stroke="#111" stroke-width="1.5"/>',
        f'<rect x="{x + inset:.1f}" y="{y + inset:.1f}" width="{size - 2 * inset:.1f}" '
        f'height="{size - 2 * inset:.1f}" rx="6" fill="none" stroke="{look.ring}" stroke-width="{ring_w}"{dash}/>',
        f'<text x="{x + size / 2:.1f}" y="{y + size / 2 + letter_size * 0.36:.1f}" text-anchor="middle" '
        f'font-size="{letter_size:g}" font-weight="bold" fill="{look.ink}">{look.letter}</text>',
    ]
    if show_name:
        parts.append(
            f'<text x="{x + size / 2:.1f}" y="{y + size + 18:.1f}" text-anchor="middle" font-size="14" '
            f'fill="#222">{look.name}</text>'
        )
    return f"<g{_attrs(part, label or look.name, None, extra)}>{''.join(parts)}</g>"


def die_face(
    face: str,
    x: float,
    y: float,
    *,
    size: float = 48.0,
    part: str | None = None,
    label: str | None = None,
    extra: str = "",
) -> str:
    """A die face (``"1"``-``"5"`` or ``"G"``) as a rounded square with its top-left corner at (x, y)."""
    font = max(13.0, round(size * 0.55))
    body = (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" rx="{size * 0.18:.1f}" '
        'fill="#fffdf7" stroke="#333" stroke-width="2"/>'
        f'<text x="{x + size / 2:.1f}" y="{y + size / 2 + font * 0.36:.1f}" text-anchor="middle" '
        f'font-size="{font:g}" font-weight="bold" fill="#222">{escape(face)}</text>'
    )
    return f"<g{_attrs(part, label or f'die face {face}', None, extra)}>{body}</g>"


def mass_info_key(number: int | None) -> str:
    """The ``data-info`` key of a token's mass card: ``"mass:3"``, or ``"mass:?"`` for a hidden number."""
    return "mass:?" if number is None else f"mass:{number}"


def _reconstructed_suffix(source: str) -> str:
    return " (reconstructed)" if source == "reconstructed" else ""


def mass_info_cards(components: Components | None = None) -> dict[str, InfoCard]:
    """The info cards of the token masses: ``mass:1``-``mass:5`` and ``mass:?`` (all masses).

    Texts come from ``masses`` in the components data (``grams`` and ``note``); the cards are
    marked reconstructed when the data says so.
    """
    comp = components or load_components()
    masses = comp.masses
    reconstructed = masses.source == "reconstructed"
    mark = _reconstructed_suffix(masses.source)
    note = f" {masses.note}" if masses.note else ""
    cards: dict[str, InfoCard] = {}
    for number, grams in zip(comp.tokens.numbers, masses.grams, strict=True):
        cards[mass_info_key(number)] = InfoCard(
            title=f"Token {number}",
            text=f"A token numbered {number} weighs {grams:g} g in every colour{mark}.{note}",
            reconstructed=reconstructed,
        )
    listing = ", ".join(f"{n}: {g:g} g" for n, g in zip(comp.tokens.numbers, masses.grams, strict=True))
    cards[mass_info_key(None)] = InfoCard(
        title="A token, number hidden",
        text=f"Its number is one of {comp.tokens.numbers[0]}-{comp.tokens.numbers[-1]}. "
        f"Masses by number{mark}: {listing}.{note}",
        reconstructed=reconstructed,
    )
    return cards


SEESAW_INFO_KEY = "seesaw"
"""The ``data-info`` key of the see-saw's card."""


def seesaw_info_card(components: Components | None = None) -> InfoCard:
    """The see-saw's info card: the spots' distances from the middle (``seesaw`` in the data)."""
    comp = components or load_components()
    seesaw = comp.seesaw
    mark = _reconstructed_suffix(seesaw.source)
    arms = ", ".join(f"{spot}: {cm:g} cm" for spot, cm in sorted(seesaw.arms_cm.items()))
    note = f" {seesaw.note}" if seesaw.note else ""
    return InfoCard(
        title="See-saw",
        text=f"A token pushes its end down by its mass times its spot's distance from the middle. "
        f"Distances{mark}: {arms}.{note}",
        reconstructed=seesaw.source == "reconstructed",
    )


def contrast_ratio(foreground: str, background: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours (1.0-21.0)."""

    def luminance(hex_colour: str) -> float:
        channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


__all__ = [
    "FONT_FAMILY",
    "HIDDEN",
    "MIN_CHIP_RADIUS",
    "SEESAW_INFO_KEY",
    "SWATCHES",
    "Swatch",
    "colour_swatch",
    "contrast_ratio",
    "die_face",
    "mass_info_cards",
    "mass_info_key",
    "seesaw_info_card",
    "swatch",
    "token_chip",
    "token_notation",
    "token_words",
]
