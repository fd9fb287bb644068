# gravity-games: `make run` starts the main job, `make test` runs every check.
# Both work on a fresh machine with nothing but Python 3.11+: the virtual environment,
# the package with every extra, and (for the browser and database tests) Chromium and
# PostgreSQL are installed on first use.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
# The mypyc-compiled engines (scripts/build_compiled.py); rebuilt when a source changes.
COMPILED := build/compiled/manifest.json
ENGINE_SOURCES := $(shell find src/gravity_games/core src/gravity_games/agents src/gravity_games/games -name '*.py' 2>/dev/null)
# Test processes: the suite runs in parallel (pytest-xdist); every fixture is per process.
PYTEST_WORKERS ?= 2

.PHONY: run test install services lint format typecheck pytest bench clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip==26.3 setuptools==84.2.1 wheel==0.48.0
	$(BIN)/python -m pip install --quiet -e ".[web,sim,rl,dev]"
	@touch $(STAMP)

# Without a C compiler the script says so and the source runs interpreted.
$(COMPILED): $(STAMP) $(ENGINE_SOURCES) scripts/build_compiled.py
	$(BIN)/python scripts/build_compiled.py

install: $(STAMP) $(COMPILED)

# The main job: the web app on http://127.0.0.1:8000 (SQLite store in ./var/).
# For the terminal instead: .venv/bin/gravity play
run: install
	$(BIN)/gravity serve --host 127.0.0.1 --port 8000

services:
	@if [ -f scripts/ci_services.sh ]; then bash scripts/ci_services.sh; fi

lint: install
	$(BIN)/ruff check src tests examples scripts
	$(BIN)/ruff format --check src tests examples scripts

format: install
	$(BIN)/ruff format src tests examples scripts

typecheck: install
	$(BIN)/mypy

# With a compiled build, GRAVITY_BUILD=compiled: the suite runs the compiled engines or refuses to start.
pytest: install services
	GRAVITY_BUILD=$$(test -f $(COMPILED) && echo compiled || echo auto) \
	  $(BIN)/pytest -q -n $(PYTEST_WORKERS) --durations=30

test: install services lint typecheck pytest

bench: install
	$(BIN)/gravity bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info
