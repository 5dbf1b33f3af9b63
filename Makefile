# Two commands for users: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8501
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: run test bench load load-hall load-soak load-proxy thumbnails clean

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
	$(PY) -m streamlit run serve.py --server.port $(PORT)

test: $(VENV)/.dev-installed
	$(PY) -m ruff check algorithms ui pages bench tests app.py serve.py
	$(PY) -m pytest -n 2 --dist loadgroup

# BEFORE: the commit whose code the bench times beside today's: the last one before issue 18's speed
# work (its first, daabd7c, sped up the online learners); `make bench BEFORE=` times today's code only.
BEFORE ?= a2782d6
bench: $(VENV)/.dev-installed
	$(PY) -m bench $(if $(BEFORE),--before $(BEFORE))

load: $(VENV)/.dev-installed
	$(PY) -m bench.load $(LOAD_ARGS)

# A lecture hall: 100 sessions for 2 minutes on two app processes behind nginx (one Python process uses
# one core), p95 rerun under 1.5 s; then the most sessions one process serves with p95 < 1 s.
load-hall: $(VENV)/.dev-installed
	$(PY) -m bench.load --sessions 100 --seconds 120 --replicas 2 --max-p95 1.5
	$(PY) -m bench.load --ramp 10 20 30 35 40 50 60 --seconds 40

# 15 minutes at 30 sessions: server memory at the end within 10 % of its level after minute 1.
load-soak: $(VENV)/.dev-installed
	$(PY) -m bench.load --sessions 30 --seconds 900 --max-growth 10

# Two app processes behind Debian's nginx with deploy/nginx.conf (apt-get install nginx-light).
load-proxy: $(VENV)/.dev-installed
	$(PY) -m bench.load --replicas 2 --sessions 40 --seconds 60

thumbnails: $(VENV)/.dev-installed
	$(PY) -m bench.thumbnails $(ONLY)

clean:
	rm -rf $(VENV) tests/output .pytest_cache
