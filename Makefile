# Two entry points: `make demo` and `make test`. Both create .venv when needed.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PYTEST_ARGS ?= -q
INSPECTOR := .tools/inspector/node_modules/.bin/mcp-inspector

.PHONY: demo test lint typecheck unit pythons check bench clean tools stress scale

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/mdbrain demo

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

# The MCP Inspector, a client nobody here wrote, for tests/test_mcp_inspector.py: from the
# npm registry with a Node.js it supports. Without npm the test is skipped and says why.
tools:
	@if [ -x $(INSPECTOR) ]; then :; \
	elif command -v npm >/dev/null 2>&1; then \
		npm install --prefix .tools/inspector --no-audit --no-fund --loglevel=error \
			@modelcontextprotocol/inspector@2.12.0 node@22 \
		|| echo "could not install the MCP Inspector: its test will be skipped"; \
	else echo "npm is not installed: the MCP Inspector test will be skipped"; fi

unit: $(STAMP) tools
	$(BIN)/pytest $(PYTEST_ARGS)

# The suite again on every other supported Python the machine has (.ci/pythons finds
# them; a missing one is said and skipped), each in a virtual environment of its own.
pythons: $(STAMP)
	@own="$$($(BIN)/python -c 'import sys; print("%d.%d" % sys.version_info[:2])')"; \
	.ci/pythons | while read -r version interpreter; do \
		[ "$$version" = "$$own" ] && continue; \
		venv=".venv-$$version"; \
		echo "--- Python $$version ($$interpreter)"; \
		if [ ! -f "$$venv/.installed" ] || [ pyproject.toml -nt "$$venv/.installed" ]; then \
			"$$interpreter" -m venv "$$venv" && \
			"$$venv/bin/python" -m pip install --quiet --upgrade pip && \
			"$$venv/bin/python" -m pip install --quiet -e '.[dev]' && \
			touch "$$venv/.installed" || exit 1; \
		fi; \
		"$$venv/bin/pytest" $(PYTEST_ARGS) -p no:cacheprovider || exit 1; \
	done

check: $(STAMP)
	$(BIN)/mdbrain check --strict

test: lint typecheck unit pythons check

# The fault and fuzz suites at length: hundreds of killed writers and of generated
# inputs per campaign (tests/test_faults.py, tests/test_fuzz.py).
STRESS_RUNS ?= 400
stress: $(STAMP)
	MDBRAIN_STRESS_RUNS=$(STRESS_RUNS) $(BIN)/pytest $(PYTEST_ARGS) tests/test_faults.py tests/test_fuzz.py

bench: $(STAMP)
	$(BIN)/python bench/run.py

# Costs from 1,000 to 100,000 documents and cpp-docs: bench/RESULTS.md and bench/growth.png.
scale: $(STAMP)
	$(BIN)/python bench/scale.py --workdir /tmp/mdbrain-scale

clean:
	rm -rf $(VENV) .venv-3.* .tools build dist .pytest_cache .mypy_cache .ruff_cache
