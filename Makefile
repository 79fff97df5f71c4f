# `make run`: the app on the embedded offline models. `make test`: lint, types and the whole suite.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
PORT ?= 8501

.PHONY: run test lint typecheck pytest chromium bench clean-venv

$(STAMP): requirements.txt requirements-dev.txt constraints.txt pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip==26.3
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt -r requirements-dev.txt -c constraints.txt
	# The project itself, editable: `rubric-studio` and `dask worker` find rubric_core from any directory.
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps -e .
	@touch $(STAMP)

# `streamlit run app.py` with the app imported ahead and the worker processes warmed (rubric_ui/serve.py): their
# import of the agent stack is held while the first page is drawn.
run: $(STAMP)
	$(PY) -m rubric_ui.serve run app.py --server.port $(PORT)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

typecheck: $(STAMP)
	$(VENV)/bin/mypy rubric_core

# The browser tests need Chromium: without it `make test` stops here with the command that installs it,
# rather than passing with tests/browser unrun. $RUBRIC_STUDIO_CHROMIUM may point at another binary.
CHROMIUM := $(or $(RUBRIC_STUDIO_CHROMIUM),$(shell command -v chromium || command -v chromium-browser))
chromium:
	@test -n "$(CHROMIUM)" && test -x "$(CHROMIUM)" || { \
	  echo "Chromium is needed for the browser tests (tests/browser) and was not found. Install it:" >&2; \
	  echo "    apt-get install chromium" >&2; exit 1; }

pytest: $(STAMP) chromium
	$(PY) -m pytest -q

test: chromium lint typecheck pytest

bench: $(STAMP)
	$(PY) -m bench.run_all

clean-venv:
	rm -rf $(VENV)
