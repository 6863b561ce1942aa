PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run lint typecheck test bench golden format clean native

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

# The compiled engine (mypyc, scripts/build_native.py): a copy of the package whose typed core
# is compiled, rebuilt when a source changes; without a C compiler nothing is built and
# everything runs as pure Python. Any command runs against it with PYTHONPATH=$(NATIVE_DIR).
NATIVE_DIR := $(CURDIR)/build/native
NATIVE := $(NATIVE_DIR)/.built
SOURCES := $(shell find src/tycoon -name '*.py') scripts/build_native.py
WITH_NATIVE = $$([ -f $(NATIVE) ] && echo PYTHONPATH=$(NATIVE_DIR))

$(NATIVE): $(STAMP) $(SOURCES)
	$(BIN)/python scripts/build_native.py $(NATIVE_DIR)

native: $(NATIVE)

run: $(STAMP)
	@echo "Starting the tycoon server (SQLite: tycoon.db); open the address it prints. Ctrl-C stops it."
	$(BIN)/tycoon serve --db tycoon.db

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts
	$(BIN)/ruff format --check src tests scripts

typecheck: $(STAMP)
	$(BIN)/mypy

# the whole suite as pure Python, then again against the compiled build when there is one
test: $(RAY_STAMP) lint typecheck $(NATIVE)
	$(BIN)/pytest -n auto
	@if [ -f $(NATIVE) ]; then \
		echo "== the whole suite again, against the compiled build =="; \
		TYCOON_EXPECT_BUILD=compiled PYTHONPATH=$(NATIVE_DIR) $(BIN)/pytest -n auto; \
	fi

bench: $(NATIVE)
	env $(WITH_NATIVE) $(BIN)/tycoon bench classic

golden: $(STAMP)
	$(BIN)/python scripts/make_golden.py

format: $(STAMP)
	$(BIN)/ruff format src tests scripts
	$(BIN)/ruff check --fix src tests scripts

clean:
	rm -rf $(VENV) build dist .mypy_cache .ruff_cache .pytest_cache .hypothesis src/*.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
