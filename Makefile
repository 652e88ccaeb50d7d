# isle_nb developer entry points.  `make play` and `make test` set everything up themselves.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

VENV   ?= .venv
VPY    := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
EXTRAS ?= test,browser,lab
NOTEBOOKS := $(wildcard notebooks/*.ipynb)
BENCHMARKS := $(wildcard benchmarks/*.py)
PYTEST_ARGS ?=
JUPYTER_ARGS ?=

.PHONY: help venv play test test-lint test-strip test-pytest test-nbval test-binder bench clean distclean

help:
	@echo "make play   - set up .venv and open JupyterLab on the play notebook"
	@echo "make test   - set up .venv and run lint, unit+browser tests, notebooks (nbval), Binder check"
	@echo "make bench  - run every benchmarks/*.py"
	@echo "make venv   - (re)install the venv when pyproject.toml changed"
	@echo "make clean  - remove caches and test artifacts (distclean: also the venvs)"

## ---- environment -----------------------------------------------------------------------------
venv: $(STAMP)

# The stamp is only written after a successful install, so a failed install is retried next time.
$(STAMP): pyproject.toml
	@if [ -x "$(VPY)" ] && ! "$(VPY)" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then \
	  echo "$(VENV) uses Python < 3.11: recreating it"; rm -rf "$(VENV)"; \
	fi
	@if [ ! -x "$(VPY)" ]; then \
	  py=$$(scripts/find_python.sh); \
	  echo "creating $(VENV) with $$py ($$("$$py" --version))"; \
	  "$$py" -m venv "$(VENV)"; \
	  "$(VPY)" -m pip install -q --upgrade pip; \
	fi
	"$(VPY)" -m pip install -q -e ".[$(EXTRAS)]"
	@touch "$(STAMP)"

## ---- play --------------------------------------------------------------------------------------
play: venv
	@target=notebooks/00_play.ipynb; [ -f "$$target" ] || target=notebooks/; \
	root=""; [ "$$(id -u)" = 0 ] && root="--allow-root"; \
	echo "$(VENV)/bin/jupyter lab $$root $(JUPYTER_ARGS) $$target"; \
	exec "$(VENV)/bin/jupyter" lab $$root $(JUPYTER_ARGS) "$$target"

## ---- test ------------------------------------------------------------------------------------------
# Every step runs even if an earlier one failed; the target fails if any step failed.
TEST_STEPS := lint strip pytest nbval binder

test: venv
	@failed=""; \
	for step in $(TEST_STEPS); do \
	  echo; echo "==== make test: $$step"; \
	  $(MAKE) --no-print-directory test-$$step || failed="$$failed $$step"; \
	done; \
	echo; \
	if [ -n "$$failed" ]; then echo "==== make test: FAILED:$$failed"; exit 1; fi; \
	echo "==== make test: all steps passed ($(TEST_STEPS))"

test-lint: venv
	"$(VENV)/bin/ruff" check .

test-strip: venv
ifeq ($(NOTEBOOKS),)
	@echo "no notebooks/*.ipynb: nothing to verify"
else
	"$(VENV)/bin/nbstripout" --verify $(NOTEBOOKS)
endif

# Unit + browser tests (browser tests skip themselves without Playwright or /usr/bin/chromium).
# pytest exit code 5 ("no tests collected") is a failure here, on purpose.
test-pytest: venv
	"$(VPY)" -m pytest -q tests $(PYTEST_ARGS)

test-nbval: venv
	VENV="$(VENV)" scripts/check_notebooks.sh

test-binder:
	scripts/check_binder.sh

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
	rm -rf build dist *.egg-info .pytest_cache .ruff_cache .hypothesis test-artifacts \
	       .ci/shots .ci/binder.Dockerfile benchmarks/results
	find . -path ./.git -prune -o -path './.venv*' -prune -o \
	       \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print0 | xargs -0 rm -rf

distclean: clean
	rm -rf .venv .venv-r2d
