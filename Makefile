# Cavendish: every target sets up what it needs (a .venv with the pinned dependencies).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
ARGS   ?=

.PHONY: play test lint typecheck unit bench bench-engine bench-dd bench-players bench-laws bench-env bench-pool venv clean

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

## play a rubber of whist in the terminal (make play ARGS="--variant long --seat N")
play: $(STAMP)
	$(BIN)/cavendish play $(ARGS)

## lint, type-check and run every test (doctests included)
test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest

## every benchmark, JSON lines
bench: bench-engine bench-dd bench-players bench-laws bench-env bench-pool

bench-engine: $(STAMP)
	$(BIN)/python -m cavendish.bench.engine

bench-pool: $(STAMP)
	$(BIN)/python -m cavendish.bench.pool $(ARGS)

bench-env: $(STAMP)
	$(BIN)/python -m cavendish.bench.env

bench-dd: $(STAMP)
	$(BIN)/python -m cavendish.bench.dd

bench-players: $(STAMP)
	$(BIN)/python -m cavendish.bench.players $(ARGS)

clean:
	rm -rf $(VENV) build dist src/*.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis

bench-laws: $(STAMP)
	$(BIN)/python -m cavendish.bench.laws $(ARGS)
