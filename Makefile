# Cavendish: every target sets up what it needs (a .venv with the pinned dependencies).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
ARGS   ?=

.PHONY: wheel play play-terminal chromium test lint typecheck unit bench bench-engine bench-dd bench-players bench-strength bench-laws bench-web bench-env bench-pool bench-sim venv clean

# the modules compiled with mypyc (src/cavendish/compiled.py's list): an edit rebuilds them
COMPILED := $(shell $(PYTHON) src/cavendish/compiled.py)

$(STAMP): pyproject.toml setup.py constraints.txt src/cavendish/analysis/_endgame.c \
		src/cavendish/analysis/_endgame_search.h \
		src/cavendish/players/classical/_layouts.c src/cavendish/compiled.py $(COMPILED)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

## whist in the browser: serve tables and print the address to open (make play ARGS="--port 8080")
play: $(STAMP)
	$(BIN)/cavendish serve $(ARGS) $$( [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ] && echo --open )

## play a rubber of whist in the terminal (make play-terminal ARGS="--variant long --seat N")
play-terminal: $(STAMP)
	$(BIN)/cavendish play $(ARGS)

## Debian's Chromium for the browser tests: installed when missing (as root), else they are skipped
chromium:
	@test -x /usr/bin/chromium || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
	  && (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) \
	  || echo "make: chromium could not be installed: the browser tests will be skipped"; }

## lint, type-check and run every test (doctests included)
test: lint typecheck chromium unit

lint: $(STAMP)
	$(BIN)/ruff check src tests

typecheck: $(STAMP)
	$(BIN)/mypy

## two pytest-xdist workers (the machine's two cores; many tests wait on servers and
## browsers), each test file whole in one of them: a module's shared set-up (a Ray
## cluster, a PostgreSQL cluster, a match computed once) is made once, in one process
unit: $(STAMP)
	$(BIN)/pytest -n 2 --dist loadfile

## every benchmark, JSON lines
bench: bench-engine bench-dd bench-players bench-strength bench-laws bench-env bench-pool bench-sim bench-web

bench-engine: $(STAMP)
	$(BIN)/python -m cavendish.bench.engine

bench-pool: $(STAMP)
	$(BIN)/python -m cavendish.bench.pool $(ARGS)

## the classical player's hands per second; odds record's 16,000 rubbers extrapolated
bench-sim: $(STAMP)
	$(BIN)/python -m cavendish.bench.simulation $(ARGS)

bench-env: $(STAMP)
	$(BIN)/python -m cavendish.bench.env

bench-dd: $(STAMP)
	$(BIN)/python -m cavendish.bench.dd

bench-players: $(STAMP)
	$(BIN)/python -m cavendish.bench.players $(ARGS)

## the wheel to install elsewhere, with its compiled modules (pip install 'dist/cavendish-*.whl[env]')
wheel: $(STAMP)
	$(BIN)/python -m pip wheel --no-deps --disable-pip-version-check -w dist .

## every card of a side against double dummy, per kind (ARGS: --boards, --kinds, --decisions)
bench-strength: $(STAMP)
	$(BIN)/python -m cavendish.bench.strength $(ARGS)

clean:
	rm -rf $(VENV) build dist src/*.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis

bench-laws: $(STAMP)
	$(BIN)/python -m cavendish.bench.laws $(ARGS)

## 50 tables on loopback, a scripted person and three classical players each, 60 s (JSON lines)
bench-web: $(STAMP) chromium
	$(BIN)/python -m cavendish.web.bench $(ARGS)
