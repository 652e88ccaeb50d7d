#!/usr/bin/env bash
# make test-lowest: the unit tests at the lowest versions pyproject.toml allows, so that every lower bound there is
# one the tests pass with. uv (the one `make venv` installed, scripts/uv_run.sh) installs the package with the
# [test,lab] extras into a venv of its own (LOWEST_VENV, default .venv-lowest) with --resolution lowest-direct: each
# direct dependency at its floor, the packages they need at the newest their own ranges allow. Then the unit tests
# run there (not the browser tests, not nbval: those need the full tested set). Needs the package index the first
# time; the venv is reused while pyproject.toml is unchanged.
# Left out, for CI's time: the rules' conformance runs and fuzzers (*_conformance.py, *_fuzz.py, the search bot's
# games) and the tests of single rules (test_rules_*.py, the solo, family, anytime, Explore & Draw rules, placement
# and words tests). They play the model alone (three quarters of this step's time at the floors) and meet the
# dependencies (traitlets, msgspec, pandas) only in ways the tests kept here cover: the contract, saves, golden
# games, the wire, the boundary, the DataFrames, pictures, widgets, the hub and the command. Left out too: the long
# runs of our own code that the tests kept here meet the same library calls in (test_widgets_closing.py's dozens of
# games per app, test_simulate.py's batches of games), the import graph (test_layers.py reads source text) and
# test_make_class.py (two servers; test_play_setup.py keeps the same Jupyter and Voila settings at their floors).
# And the apps' and the hub's longer scenarios, whose library calls (ipywidgets, ipycanvas, anywidget, traitlets,
# websockets, msgspec) the kept widget, lobby, teacher, remote-seat and hub tests make too: this step checks the
# floors, the full run checks the scenarios.
# Usage: scripts/test_lowest.sh [PYTEST ARGS...]   (make test-lowest)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${LOWEST_VENV:-.venv-lowest}
if [ ! -x "${VENV:-.venv}/.uv/bin/uv" ]; then  # pip cannot resolve to the lowest versions
  echo "test-lowest: SKIPPED (needs the uv that make venv installs; ISLE_NB_PIP_ONLY=1 or a failed uv leaves none)"
  exit 0
fi
stamp="$venv/.installed"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  rm -rf "$venv"
  py=$(scripts/find_python.sh)
  "$py" -m venv --without-pip "$venv"
  VENV="${VENV:-.venv}" scripts/uv_run.sh pip install -q --compile-bytecode --python "$venv/bin/python" \
    --resolution lowest-direct -e ".[test,lab]"
  touch "$stamp"
fi
# Each direct dependency must be installed at its floor: one the resolver cannot reach (another package's range
# lifts it, or the release is yanked) is no tested floor, and pyproject.toml must say the version tested instead.
"$venv/bin/python" - <<'PY'
import sys
import tomllib
from importlib.metadata import version

from packaging.requirements import Requirement
from packaging.version import Version

project = tomllib.load(open("pyproject.toml", "rb"))["project"]
extras = project["optional-dependencies"]
wrong, tested = [], []
for requirement in map(Requirement, project["dependencies"] + extras["test"] + extras["lab"]):
    floors = [Version(spec.version) for spec in requirement.specifier if spec.operator == ">="]
    installed = Version(version(requirement.name))
    tested.append(f"{requirement.name} {installed}")
    if floors and installed != floors[0]:
        wrong.append(f"{requirement.name} (floor {floors[0]}, lowest installable {installed})")
print("test-lowest: at their floors:", ", ".join(tested))
if wrong:
    sys.exit("test-lowest: FAILED: raise these floors in pyproject.toml to the lowest installable: " + ", ".join(wrong))
PY
left_out=()
for heavy in tests/*_conformance.py tests/*_fuzz.py tests/test_search_bot.py tests/test_rules_*.py \
             tests/test_solo.py tests/test_family.py tests/test_anytime_cards.py tests/test_explore_draw_rules.py \
             tests/test_explore_draw_printed.py tests/test_explore_draw_lessons.py tests/test_explore_draw_bots.py \
             tests/test_reveals.py tests/test_placement.py tests/test_placement_effects.py tests/test_tile_words.py \
             tests/test_words_every_mode.py tests/test_words_for_players.py tests/test_hints.py \
             tests/test_determinize.py tests/test_flow.py tests/test_affordable_sets.py \
             tests/test_widgets_closing.py tests/test_simulate.py tests/test_layers.py tests/test_make_class.py \
             tests/test_widgets_explore_draw.py tests/test_widgets_app.py tests/test_widgets_modes.py \
             tests/test_widgets_changes.py tests/test_widgets_app_screen.py tests/test_resume_last_game.py \
             tests/test_widgets_watch.py tests/test_hub_seating.py tests/test_same_choice.py tests/test_undo_rule.py \
             tests/test_view_turn_summary.py; do
  left_out+=("--ignore=$heavy")
done
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider -n "${PYTEST_WORKERS:-auto}" --dist loadgroup \
  --ignore=tests/browser "${left_out[@]}" tests "$@"
