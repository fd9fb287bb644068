"""The ``gravity`` command line: one module per command (``cmd_*.py``), each with ``register(app)``."""
