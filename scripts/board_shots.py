"""Screenshots of one game's SVG board at its start, middle and end, for looking at it.

    .venv/bin/python scripts/board_shots.py gravwell --players 3 --seed 4 --out artifacts/boards

Plays one seeded random game through the API and draws the observation of the seat to act
(or seat 0) at the first decision, the middle one and the end, at 1:1 scale (one SVG unit is
one CSS pixel, as the desktop game page shows it) in Debian's Chromium. Legal targets get the
highlight the game page gives them, so the picture shows what a player may tap.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from playwright.sync_api import sync_playwright

from gravity_games import CHANCE, load
from gravity_games.core.registry import entry

PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin: 0; background: #f4f1ea; font-family: system-ui, sans-serif; }}
.board svg {{ display: block; }}
[data-part].gg-legal {{ cursor: pointer; filter: drop-shadow(0 0 3px #f5a300) drop-shadow(0 0 2px #f5a300); }}
p {{ margin: 6px 10px; font-size: 14px; }}
</style></head><body><div class="board">{svg}</div><p>{caption}</p></body></html>"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("artifacts/boards"))
    parser.add_argument("--width", type=int, default=900)
    args = parser.parse_args()

    game = load(args.game, players=args.players)
    e = entry(args.game)
    assert e.svg_view is not None
    rng = random.Random(args.seed)
    state = game.new_initial_state()
    snapshots: list[tuple[dict[str, object], list[str], str]] = []
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        obs = state.observation(player)
        legal = [(a, state.action_to_string(a)) for a in state.legal_actions()]
        firsts = sorted({m.parts[0] for m in e.board.board_moves(obs, game, legal) if m.parts})
        snapshots.append((obs, firsts, f"seat {player} to act: " + ", ".join(t for _, t in legal[:12])))
        state.apply_action(rng.choice(state.legal_actions()))
    snapshots.append((state.observation(0), [], "the end, seen by seat 0"))
    chosen = {"start": snapshots[0], "middle": snapshots[len(snapshots) // 2], "end": snapshots[-1]}
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": args.width, "height": 800})
        for name, (obs, firsts, caption) in chosen.items():
            page.set_content(PAGE.format(svg=e.svg_view(obs, game), caption=caption))
            for part in firsts:
                page.evaluate(
                    '(k) => document.querySelectorAll(`[data-part="${k}"]`)'
                    ".forEach(n => n.classList.add('gg-legal'))",
                    part,
                )
            path = args.out / f"{args.game}-{game.players}p-{name}.png"
            page.screenshot(path=str(path), full_page=True)
            print(path)
        browser.close()


if __name__ == "__main__":
    main()
