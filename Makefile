# gravity-games: `make run` starts the main job, `make test` runs every check.
# Both work on a fresh machine with nothing but Python 3.11+: the virtual environment,
# the package with every extra, and (for the browser and database tests) Chromium and
# PostgreSQL are installed on first use.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: run test install services lint typecheck pytest bench clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip setuptools wheel
	$(BIN)/python -m pip install --quiet -e ".[web,sim,rl,dev]"
	@touch $(STAMP)

install: $(STAMP)

# The main job: the web app on http://127.0.0.1:8000 (SQLite store in ./var/).
# For the terminal instead: .venv/bin/gravity play
run: install
	$(BIN)/gravity serve --host 127.0.0.1 --port 8000

services:
	@if [ -f scripts/ci_services.sh ]; then bash scripts/ci_services.sh; fi

lint: install
	$(BIN)/ruff check src tests examples

typecheck: install
	$(BIN)/mypy

pytest: install services
	$(BIN)/pytest -q

test: install services lint typecheck pytest

bench: install
	$(BIN)/gravity bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info
