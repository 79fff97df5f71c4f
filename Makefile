# `make run`: the app on the embedded offline models. `make test`: lint, types and the whole suite.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
PORT ?= 8501

.PHONY: run test lint typecheck pytest bench clean-venv

$(STAMP): requirements.txt requirements-dev.txt constraints.txt
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip==26.3
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt -r requirements-dev.txt -c constraints.txt
	@touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/streamlit run app.py --server.port $(PORT)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy rubric_core

pytest: $(STAMP)
	$(PY) -m pytest -q

test: lint typecheck pytest

bench: $(STAMP)
	$(PY) -m bench.run_all

clean-venv:
	rm -rf $(VENV)
