# storydesk — set-up and everyday commands. `make demo` and `make test` work on a fresh
# machine: they create .venv with everything needed.

PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench

.PHONY: demo test lint browser bench-env clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade "pip>=25.1"
	$(BIN)/python -m pip install --quiet -e ".[ray]" --group dev
	touch $@

## demo: ingest the bundled example (examples/seeds), list its story and trends, print its brief
demo: $(STAMP)
	rm -f demo.db demo.db-wal demo.db-shm
	$(BIN)/storydesk ingest examples/seeds --db demo.db
	$(BIN)/storydesk stories --db demo.db
	$(BIN)/storydesk trends --db demo.db
	$(BIN)/storydesk brief examples/seeds --db demo.db

## test: the static checks, then the whole test suite (installs Chromium for the browser tests if missing)
test: lint $(STAMP) browser
	$(BIN)/python -m pytest

## lint: ruff (style, likely bugs, imports), mypy (types), import-linter (layers); configured in pyproject.toml
lint: $(STAMP)
	$(BIN)/ruff check
	$(BIN)/mypy src
	$(BIN)/lint-imports

## browser: Debian's chromium + chromium-driver for the end-to-end page tests
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null) \
	      || echo "make: could not install chromium; browser tests will be skipped"; \
	  else echo "make: chromium missing and not root; browser tests will be skipped"; fi; \
	fi

## bench-env: also install the baselines and the embeddings extra (CPU torch first)
bench-env: $(STAMP)
	$(BIN)/python -m pip install --quiet torch==2.13.0
	$(BIN)/python -m pip install --quiet -e ".[bench,embeddings]"
	touch $(BENCH_STAMP)

clean:
	rm -rf $(VENV) demo.db demo.db-wal demo.db-shm .pytest_cache
