# Two entry points, each working alone on a fresh clone:
#   make run   - install the app's requirements into .venv and start it warm (ui/serve.py, http://localhost:8501);
#                extra streamlit options go in ARGS, e.g. make run ARGS="--server.port 8502"
#   make test  - install the development requirements into .venv and run the whole test suite (TEST_WORKERS=2
#                processes; TEST_WORKERS=0 runs it in one)
#   make serve - SERVERS app servers (default 2) on one PostgreSQL behind HAProxy on http://localhost:8500
#                (deploy/cluster.py: MAUBINH_DATABASE_URL, or a local PostgreSQL in data/postgres; Ctrl-C stops all)
# Installs are skipped while the stamp files in .venv are newer than the requirements files; the engine's kernel is
# compiled once after the install (a progress line says so), so that no visitor waits on a compile.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip install --quiet --disable-pip-version-check

SERVERS ?= 2
# The engine's compiled kernel (numba's cache, maubinh/strategy/__pycache__), compiled once here so that no visitor
# waits on a compile; compiled again when its loops change (and by a server itself if this step was skipped).
KERNEL := maubinh/strategy/__pycache__/.make-kernel-stamp

.PHONY: run test serve

run: $(VENV)/.req-stamp $(KERNEL)
	$(BIN)/python -m ui.serve $(ARGS)

serve: $(VENV)/.req-stamp $(KERNEL)
	$(BIN)/python deploy/cluster.py --servers $(SERVERS) $(ARGS)

# TEST_WORKERS pytest-xdist workers (2, the CI machine's cores); the browser tests all run on one of them, sharing its
# servers and browser (tests/conftest.py), while the other takes the unit and AppTest tests. TEST_WORKERS=0: one process.
TEST_WORKERS ?= 2

test: $(VENV)/.req-dev-stamp $(KERNEL)
	$(BIN)/python -m pytest -n $(TEST_WORKERS)

$(BIN)/python:
	@$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	  echo "Could not create $(VENV). On Debian/Ubuntu: sudo apt-get install python3-venv" >&2; exit 1; }

$(VENV)/.req-stamp: requirements.txt | $(BIN)/python
	$(PIP) -r requirements.txt
	@touch $@

# requirements-dev.txt includes requirements.txt, so this also satisfies the run-time stamp.
$(VENV)/.req-dev-stamp: requirements-dev.txt requirements.txt | $(BIN)/python
	$(PIP) -r requirements-dev.txt
	@touch $@ $(VENV)/.req-stamp

# After the requirements (listed before it in each target): numba must be installed.
$(KERNEL): maubinh/strategy/loops.py maubinh/strategy/kernel.py requirements.txt | $(BIN)/python
	@echo "Compiling the engine's kernel once (numba; 15 s to 2 min, once per install)..."
	@$(BIN)/python -m maubinh.strategy.kernel
	@touch $@
