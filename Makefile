PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install native run lint typecheck test bench golden format clean

# `pip install -e .` builds the package as setup.py says: the typed core compiled by mypyc into
# extensions beside the sources when there is a C compiler (about 2 minutes on 2 cores), pure
# Python otherwise; TYCOON_COMPILE=1 or 0 forces either.
$(STAMP): pyproject.toml setup.py
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --upgrade pip
	$(BIN)/pip install -e '.[dev]'
	touch $@

# the tests also need ray (the Ray backend's equality test); `make run` does not. Installed
# by the extra's requirement, not by installing the package again (that would compile it again)
RAY_STAMP := $(VENV)/.installed-ray
RAY_REQ = $(BIN)/python -c 'from importlib.metadata import requires; \
	print(*(r.split(";")[0] for r in requires("tycoon") if "extra == \"ray\"" in r))'

$(RAY_STAMP): $(STAMP)
	$(BIN)/pip install $$($(RAY_REQ))
	touch $@

install: $(STAMP)

# After an edit of the core's sources its compiled modules are stale: tycoon then runs as pure
# Python and warns (src/tycoon/native.py) until `make native` compiles them again, as run,
# bench and test do first (it builds again whenever the compiled core is not current: pure
# Python again, in seconds, where it cannot compile). TYCOON_BUILD=python or compiled chooses
# at run time.
COMPILED = $(BIN)/python -W ignore -c 'import sys, tycoon.native as n; \
	sys.exit(n.core_state()[0] != "current")'

native: $(STAMP)
	@$(COMPILED) || $(BIN)/pip install --no-deps -e .

run: native
	@echo "Starting the tycoon server (SQLite: tycoon.db); open the address it prints. Ctrl-C stops it."
	$(BIN)/tycoon serve --db tycoon.db

lint: $(STAMP)
	$(BIN)/ruff check setup.py src tests scripts
	$(BIN)/ruff format --check setup.py src tests scripts

typecheck: $(STAMP)
	$(BIN)/mypy

# The whole suite as pure Python, then again compiled when the core is compiled; then, once,
# the packaging test (tests/test_packaging.py: a wheel built and installed in a fresh venv).
TESTS = $(BIN)/pytest -n auto -m "not packaging"
test: $(RAY_STAMP) lint typecheck native
	TYCOON_BUILD=python $(TESTS)
	@if $(COMPILED); then \
		echo "== the whole suite again, compiled =="; \
		echo "TYCOON_BUILD=compiled $(TESTS)"; \
		TYCOON_BUILD=compiled $(TESTS); \
	fi
	$(BIN)/pytest -p no:xdist -m packaging tests/test_packaging.py

bench: native
	$(BIN)/tycoon bench classic

golden: $(STAMP)
	$(BIN)/python scripts/make_golden.py

format: $(STAMP)
	$(BIN)/ruff format setup.py src tests scripts
	$(BIN)/ruff check --fix setup.py src tests scripts

clean:
	rm -rf $(VENV) build dist .mypy_cache .ruff_cache .pytest_cache .hypothesis src/*.egg-info
	find src -name '*.so' -delete
	rm -f src/tycoon/_compiled.txt
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
