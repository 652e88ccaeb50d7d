# isle_nb developer entry points.  `make play` and `make test` set everything up themselves.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

VENV   ?= .venv
VPY    := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
EXTRAS ?= test,browser,lab,sim
LOCK   := constraints.txt
NOTEBOOKS := $(wildcard notebooks/*.ipynb)
BENCHMARKS := $(wildcard benchmarks/*.py)
PYTEST_ARGS ?=
PYTEST_WORKERS ?= auto
JUPYTER_ARGS ?=

.PHONY: help venv lock binder-link binder-badge play voila hub class test test-lint test-types test-strip test-pytest \
        test-nbval test-binder test-lowest bench clean \
        distclean

help:
	@echo "Targets:"
	@echo "  make play        - set up .venv and open JupyterLab on the play notebook (prints its URL)"
	@echo "  make voila       - set up .venv and serve the lessons and the play notebook as pages (Voila; prints URLs)"
	@echo "  make hub         - set up .venv and serve a hub of shared tables (isle-nb hub; HUB_PORT, HUB_DB below)"
	@echo "  make class       - the hub and Voila together; prints the one address to hand out (the lobby page)"
	@echo "  make test        - set up .venv and run lint, type check, unit+browser tests, notebooks (nbval), Binder check"
	@echo "  make test-lint | test-types | test-strip | test-pytest | test-nbval | test-binder | test-lowest - one step"
	@echo "                    of make test (test-lowest: unit tests at the lowest versions pyproject.toml allows, in"
	@echo "                    .venv-lowest)"
	@echo "  make bench       - run every benchmarks/*.py; fails if a benchmark misses its target"
	@echo "  make venv        - (re)install .venv when pyproject.toml or constraints.txt changed"
	@echo "  make lock        - re-resolve constraints.txt (the tested set) and check it on Python 3.11-3.13"
	@echo "  make binder-link - print the Binder launch link and badge for this clone's git remote"
	@echo "  make binder-badge - write that badge into README.md"
	@echo "  make clean       - remove caches and test artifacts (make distclean: also the venvs)"
	@echo "  make help        - this list"
	@echo "Variables (make VAR=value ...):"
	@echo "  PYTHON=python3.11      - the Python that creates .venv (default: the newest 3.11+ on PATH)"
	@echo "  PLAY_IP=localhost      - address make play / make voila / make class listen on (0.0.0.0: every interface)"
	@echo "  PLAY_PORT=8888         - their port"
	@echo "  HUB_HOST=127.0.0.1     - address make hub listens on; HUB_PORT=8765 its port"
	@echo "  HUB_DB=~/.isle_nb/hub.sqlite - the hub's tables (SQLite)"
	@echo "  JUPYTER_ARGS=...       - further JupyterLab / Voila options (e.g. --no-browser)"
	@echo "  PYTEST_ARGS=...        - further pytest options for make test-pytest (e.g. \"-k boat -x\")"
	@echo "  PYTEST_WORKERS=auto    - processes make test-pytest runs the tests in (one per core; 0: no worker processes)"
	@echo "  EXTRAS=$(EXTRAS) - the extras installed into .venv"
	@echo "Environment: ISLE_NB_SAVES (the app's save folder), ISLE_NB_SLOW=1 (also run tests marked slow),"
	@echo "  ISLE_NB_PIP_ONLY=1 (make venv installs with pip only, not uv), NBVAL_WORKERS=2 (processes for test-nbval)"

## ---- environment -----------------------------------------------------------------------------
venv: $(STAMP)

# The stamp is only written after a successful install, so a failed install is retried next time.
# Everything is installed at the versions pinned in constraints.txt (the tested set; `make lock` renews it).
$(STAMP): pyproject.toml $(LOCK)
	@if [ -x "$(VPY)" ] && ! "$(VPY)" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then \
	  echo "$(VENV) uses Python < 3.11: recreating it"; rm -rf "$(VENV)"; \
	fi
	@if [ ! -x "$(VPY)" ]; then \
	  py=$$(scripts/find_python.sh); \
	  echo "creating $(VENV) with $$py ($$("$$py" --version))"; \
	  "$$py" -m venv "$(VENV)"; \
	  "$(VPY)" -m pip install -q --upgrade pip; \
	fi
	@# uv installs the same pins in under half of pip's time (scripts/uv_install.sh); on any failure pip does it all.
	scripts/uv_install.sh "$(VENV)" "$(EXTRAS)" $(LOCK) \
	  || { echo "make venv: uv could not install; installing with pip"; \
	       "$(VPY)" -m pip install -q -e ".[$(EXTRAS)]" -c $(LOCK); }
	@# An editable install skips the package's data files: link the Voila "isle" template where a wheel installs it,
	@# so .venv/bin/voila --template=isle works without JUPYTER_PATH here too (and edits to it show at once).
	mkdir -p "$(VENV)/share/jupyter/voila/templates"
	ln -sfn "$(CURDIR)/share/jupyter/voila/templates/isle" "$(VENV)/share/jupyter/voila/templates/isle"
	@touch "$(STAMP)"

# Re-resolve the newest releases pyproject.toml allows into constraints.txt, then check the pins on Python 3.11-3.13.
lock:
	scripts/lock.sh

# The Binder launch link (and badge) from this clone's git remote; binder-badge writes the badge into README.md.
binder-link:
	@scripts/binder_link.py

binder-badge:
	@scripts/binder_link.py --write-readme

## ---- play --------------------------------------------------------------------------------------
# The same code as a user's `isle-nb play / lessons / class` (isle_nb/cli.py, isle_nb/serve/), on this checkout's
# notebooks/ (no copy in a user folder) and with its Voila template (share/jupyter). Each prints its addresses with a
# fresh token first (so --no-browser and remote machines work), refuses other host names when serving this machine
# only (DNS rebinding), culls idle Voila kernels, and JupyterLab saves notebooks/ without outputs (playing never
# dirties git): isle_nb/serve/settings.py and clean.py.
# make play: JupyterLab serves the repository root, so /lab/tree/notebooks/00_play.ipynb works as in the README and
# on Binder, and opens the play notebook.
PLAY_IP   ?= localhost
PLAY_PORT ?= 8888
ISLE_NB   = "$(VENV)/bin/isle-nb"
SERVED    = --notebooks notebooks --ip $(PLAY_IP) --port $(PLAY_PORT)

play: venv
	exec $(ISLE_NB) play $(SERVED) --root . $(JUPYTER_ARGS)

# The lessons and the play notebook as pages (code hidden): Voila serves notebooks/; the index links the lessons.
voila: venv
	exec $(ISLE_NB) lessons $(SERVED) $(JUPYTER_ARGS)

# A hub of shared tables (players join from their own notebooks with isle_nb.remote.join), on this machine only
# unless HUB_HOST says otherwise.
HUB_HOST ?= 127.0.0.1
HUB_PORT ?= 8765
HUB_DB   ?= $(HOME)/.isle_nb/hub.sqlite

hub: venv
	exec $(ISLE_NB) hub --host $(HUB_HOST) --port $(HUB_PORT) --db "$(HUB_DB)"

# A class: the hub (on 127.0.0.1: only this machine's kernels talk to it) and Voila with make voila's protections,
# the play page being the hub's lobby; prints the one address to hand out (isle-nb class).
class: venv
	exec $(ISLE_NB) class $(SERVED) --hub-port $(HUB_PORT) --db "$(HUB_DB)" $(JUPYTER_ARGS)

## ---- test ------------------------------------------------------------------------------------------
# Every step runs even if an earlier one failed; the target fails if any step failed.
TEST_STEPS := lint types strip pytest nbval binder lowest

test: venv
	@failed=""; \
	for step in $(TEST_STEPS); do \
	  echo; echo "==== make test: $$step"; began=$$(date +%s); \
	  $(MAKE) --no-print-directory test-$$step || failed="$$failed $$step"; \
	  echo "==== make test: $$step took $$(( $$(date +%s) - began )) s"; \
	done; \
	echo; \
	if [ -n "$$failed" ]; then echo "==== make test: FAILED:$$failed"; exit 1; fi; \
	echo "==== make test: all steps passed ($(TEST_STEPS))"

test-lint: venv
	"$(VENV)/bin/ruff" check .

# mypy on the package, with the settings of [tool.mypy] in pyproject.toml (0 errors; about 15 s of CPU from cold,
# a few seconds with its .mypy_cache).
test-types: venv
	"$(VENV)/bin/mypy"

test-strip: venv
ifeq ($(NOTEBOOKS),)
	@echo "no notebooks/*.ipynb: nothing to verify"
else
	"$(VENV)/bin/nbstripout" --verify $(NOTEBOOKS)
endif

# Unit + browser tests (browser tests skip themselves without Playwright or /usr/bin/chromium).
# pytest exit code 5 ("no tests collected") is a failure here, on purpose.
# The slowest 15 tests are listed at the end (CI's time is tight: issue #33).
# The tests run on every core (pytest-xdist; PYTEST_WORKERS=0 runs them in this one process); tests/conftest.py puts
# the browser tests in two work units of about equal length (JupyterLab's, and Voila's with the rest).
# The package's bytecode, written once for the hundreds of processes (test workers, Jupyter kernels, simulate()'s
# workers) that import it from this tree: where PYTHONDONTWRITEBYTECODE is set (as on this machine) each would
# compile it again, 0.3 s of CPU each. Python checks each .pyc against its source, so a stale one is never used.
COMPILE = "$(VPY)" -m compileall -q isle_nb

test-pytest: venv
	$(COMPILE)
	"$(VPY)" -m pytest -q -n $(PYTEST_WORKERS) --dist loadgroup --durations=15 tests $(PYTEST_ARGS)

test-nbval: venv
	$(COMPILE)
	VENV="$(VENV)" scripts/check_notebooks.sh

test-binder:
	VENV="$(VENV)" scripts/check_binder.sh

# Every lower bound in pyproject.toml is one the tests pass with: the [test,lab] extras at their floors (uv,
# --resolution lowest-direct) in a venv of their own, and the unit tests run there (scripts/test_lowest.sh).
test-lowest: venv
	VENV="$(VENV)" scripts/test_lowest.sh $(PYTEST_ARGS)

## ---- benchmarks ----------------------------------------------------------------------------------
bench: venv
ifeq ($(BENCHMARKS),)
	@echo "no benchmarks/*.py yet"
else
	@failed=""; \
	for f in $(BENCHMARKS); do \
	  echo "==== $$f"; "$(VPY)" "$$f" || failed="$$failed $$f"; \
	done; \
	if [ -n "$$failed" ]; then echo "==== bench FAILED:$$failed"; exit 1; fi
endif

## ---- cleaning ---------------------------------------------------------------------------------------
clean:
	rm -rf build dist *.egg-info .pytest_cache .ruff_cache .mypy_cache .hypothesis test-artifacts \
	       .ci/shots .ci/binder.Dockerfile benchmarks/results
	find . -path ./.git -prune -o -path './.venv*' -prune -o \
	       \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print0 | xargs -0 rm -rf

distclean: clean
	rm -rf .venv .venv-r2d
