PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run lint typecheck test bench golden format clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --upgrade pip
	$(BIN)/pip install -e '.[dev]'
	touch $@

# the tests also need ray (the Ray backend's equality test); `make run` does not
RAY_STAMP := $(VENV)/.installed-ray

$(RAY_STAMP): $(STAMP)
	$(BIN)/pip install -e '.[dev,ray]'
	touch $@

install: $(STAMP)

run: $(STAMP)
	@echo "Starting the tycoon server (SQLite: tycoon.db); open the address it prints. Ctrl-C stops it."
	$(BIN)/tycoon serve --db tycoon.db

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts
	$(BIN)/ruff format --check src tests scripts

typecheck: $(STAMP)
	$(BIN)/mypy

test: $(RAY_STAMP) lint typecheck
	$(BIN)/pytest -n auto

bench: $(STAMP)
	$(BIN)/tycoon bench classic

golden: $(STAMP)
	$(BIN)/python scripts/make_golden.py

format: $(STAMP)
	$(BIN)/ruff format src tests scripts
	$(BIN)/ruff check --fix src tests scripts

clean:
	rm -rf $(VENV) build dist .mypy_cache .ruff_cache .pytest_cache .hypothesis src/*.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
