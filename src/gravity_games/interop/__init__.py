"""Research interop: every registered game as an OpenSpiel game and a PettingZoo environment.

``gravity_games.interop.openspiel`` needs ``open-spiel``; ``gravity_games.interop.pettingzoo``
needs ``pettingzoo`` and ``gymnasium`` (the ``[rl]`` extra). Neither is imported here, so the
engine stays free of them.
"""
