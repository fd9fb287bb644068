"""The web app of ``gravity serve``: FastAPI API, WebSocket push, storage, and the browser pages.

``create_app(db_url)`` builds the ASGI app; see docs/web.md for the API and its guarantees.
Reaches games only through the registry, like every layer above ``core``.
"""

from gravity_games.web.app import create_app

__all__ = ["create_app"]
