"""What one client may ask of the server: bot budgets, game creation rate, unfinished games.

Each bound answers with a clear refusal instead of letting one client grow the server's work or
memory: a bot spec over its caps is refused with 422 (naming the caps), a client creating games
faster than its allowance gets 429 with ``Retry-After``, and past the cap on unfinished games a
new game gets 503 with ``Retry-After``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from gravity_games.agents import parse_spec
from gravity_games.core.api import InvalidParameterError

MAX_BOT_SPEC_CHARS = 200
"""Longest bot spec accepted (the store's column is VARCHAR(200))."""

SEARCH_CAPS: dict[str, float] = {
    "iterations": 20_000,  # ismcts: searches per move
    "seconds": 2.0,  # ismcts, playouts: time budget per move
    "samples": 64,  # heuristic bots that sample worlds (comparison-gravity, gravwell)
    "worlds": 64,  # playouts: determinizations per move
}
"""Largest search budget a bot of a game created over the API may be given, per setting.

The levels (``easy``, ``medium``, ``hard``) stay well inside these; the command line
(``gravity play``, ``gravity sim``) has no caps: there the budget is the user's own machine."""


def check_bot_spec(spec: str) -> None:
    """Refuse a bot spec too long for the store or whose search budget passes its cap."""
    if len(spec) > MAX_BOT_SPEC_CHARS:
        raise InvalidParameterError(f"bot spec is {len(spec)} characters long; at most {MAX_BOT_SPEC_CHARS} allowed")
    _, settings = parse_spec(spec)
    for key, value in settings.items():
        cap = SEARCH_CAPS.get(key)
        if cap is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value):
            continue  # the agent's own check names the expected type
        if value > cap:
            caps = ", ".join(f"{k} <= {v:g}" for k, v in SEARCH_CAPS.items())
            raise InvalidParameterError(
                f"bot setting {key}={value:g} is over the server's cap of {cap:g} ({caps}); "
                "use a level (easy, medium, hard) or a smaller budget"
            )


@dataclass
class _Bucket:
    tokens: float
    stamp: float


@dataclass
class RateLimit:
    """A token bucket per client: ``burst`` at once, refilled at ``per_minute`` a minute.

    ``per_minute <= 0`` turns the limit off. Clients are named by their address; the table
    forgets a client whose bucket is full again, so it cannot grow past the clients of the last
    ``burst / rate`` seconds.
    """

    per_minute: float
    burst: int
    buckets: dict[str, _Bucket] = field(default_factory=dict)

    def take(self, client: str, now: float | None = None) -> float:
        """Take one token for ``client``; 0.0 when granted, else the seconds until one is free."""
        if self.per_minute <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        rate = self.per_minute / 60.0
        if len(self.buckets) > 10_000:
            self._forget_full(now, rate)
        bucket = self.buckets.get(client)
        if bucket is None:
            bucket = self.buckets[client] = _Bucket(float(self.burst), now)
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.stamp) * rate)
        bucket.stamp = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return (1.0 - bucket.tokens) / rate

    def _forget_full(self, now: float, rate: float) -> None:
        for key, b in list(self.buckets.items()):
            if b.tokens + (now - b.stamp) * rate >= self.burst:
                del self.buckets[key]
