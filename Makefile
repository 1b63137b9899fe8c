# Two entry points, each working alone on a fresh clone:
#   make run   - install the app's requirements into .venv and start it (http://localhost:8501);
#                extra streamlit options go in ARGS, e.g. make run ARGS="--server.port 8502"
#   make test  - install the development requirements into .venv and run the whole test suite
# Installs are skipped while the stamp files in .venv are newer than the requirements files.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip install --quiet --disable-pip-version-check

.PHONY: run test

run: $(VENV)/.req-stamp
	$(BIN)/streamlit run app.py $(ARGS)

test: $(VENV)/.req-dev-stamp
	$(BIN)/python -m pytest

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
