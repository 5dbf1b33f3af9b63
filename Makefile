# Two commands for users: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8501
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: run test bench load thumbnails clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.app-installed: requirements.txt | $(PY)
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev-installed: requirements.txt requirements-dev.txt | $(PY)
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(VENV)/.app-installed $@

run: $(VENV)/.app-installed
	$(PY) -m streamlit run app.py --server.port $(PORT)

test: $(VENV)/.dev-installed
	$(PY) -m ruff check algorithms ui pages bench tests app.py
	$(PY) -m pytest -n 2 --dist loadgroup

bench: $(VENV)/.dev-installed
	$(PY) -m bench

load: $(VENV)/.dev-installed
	$(PY) -m bench.load

thumbnails: $(VENV)/.dev-installed
	$(PY) -m bench.thumbnails

clean:
	rm -rf $(VENV) tests/output .pytest_cache
