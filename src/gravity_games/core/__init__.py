"""Game-agnostic core: the game API, the registry, records and the play loop.

Nothing here imports from ``gravity_games.games`` or from a layer above.
"""
