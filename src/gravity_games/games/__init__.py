"""One package per rule set; each registers itself on import (see core/registry.py)."""
