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

.PHONY: help venv play voila test test-lint test-strip test-pytest test-nbval test-binder bench clean distclean

help:
	@echo "make play   - set up .venv and open JupyterLab on the play notebook (prints its URL)"
	@echo "make voila  - set up .venv and serve the lessons and the play notebook as pages (Voila)"
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
# JupyterLab serves the repository root (so /lab/tree/notebooks/00_play.ipynb works as in the README and on Binder)
# and opens the play notebook; the full URL (with its token) is printed first, also for --no-browser.
# scripts/jupyter_play_config.py saves notebooks under notebooks/ without outputs (playing never dirties git) and
# makes Voila use the offline "isle" template from share/jupyter.
PLAY_IP   ?= localhost
PLAY_PORT ?= 8888
PLAY_NB   := notebooks/00_play.ipynb
export JUPYTER_PATH := $(CURDIR)/share/jupyter$(if $(JUPYTER_PATH),:$(JUPYTER_PATH))

play: venv
	@root=""; [ "$$(id -u)" = 0 ] && root="--allow-root"; \
	token=$$("$(VPY)" -c 'import secrets; print(secrets.token_hex(24))'); \
	url="http://$(PLAY_IP):$(PLAY_PORT)/lab/tree/$(PLAY_NB)?token=$$token"; \
	echo; echo "  Play The Isle of Cats at:  $$url"; echo; \
	exec "$(VENV)/bin/jupyter" lab $$root --ServerApp.root_dir="$(CURDIR)" --ServerApp.ip=$(PLAY_IP) \
	  --ServerApp.port=$(PLAY_PORT) --ServerApp.port_retries=0 --IdentityProvider.token="$$token" \
	  --config=scripts/jupyter_play_config.py $(JUPYTER_ARGS) "$(PLAY_NB)"

# The lessons and the play notebook as pages (code hidden): Voila serves notebooks/; the index links the lessons.
voila: venv
	@echo; echo "  Learn the rules at:  http://$(PLAY_IP):$(PLAY_PORT)/voila/render/index.ipynb"; \
	echo "  Play at:             http://$(PLAY_IP):$(PLAY_PORT)/voila/render/00_play.ipynb"; echo
	exec "$(VENV)/bin/voila" --no-browser --Voila.ip=$(PLAY_IP) --port=$(PLAY_PORT) --template=isle \
	  $(JUPYTER_ARGS) notebooks

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
