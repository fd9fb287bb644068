"""The errors this package raises on purpose: each names what was wrong and what is allowed.

``core.api`` re-exports them; import from there.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr


@mypyc_attr(native_class=False)
class GravityError(Exception):
    """Base class of every error this package raises on purpose.

    Each message names what was wrong and what was expected, so a front end can
    show it to a person as it is.
    """


@mypyc_attr(native_class=False)
class UnknownGameError(GravityError, KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


@mypyc_attr(native_class=False)
class InvalidParameterError(GravityError, ValueError):
    """A game parameter (or player count) outside what the game allows."""


@mypyc_attr(native_class=False)
class IllegalActionError(GravityError, ValueError):
    """An action that is not legal in the current state. The state is unchanged."""


@mypyc_attr(native_class=False)
class InvalidStateError(GravityError, ValueError):
    """A state document or game record that cannot be read or does not fit the game."""


@mypyc_attr(native_class=False)
class DataError(GravityError, ValueError):
    """A component data file (TOML) that is malformed or inconsistent."""
