#!/usr/bin/env bash
# Execute every notebooks/*.ipynb top to bottom in a fresh kernel (nbval, lax mode).
# Stored outputs are compared only where present (notebooks are committed stripped).
# The notebooks run in NBVAL_WORKERS processes (pytest-xdist, default 2; 0: this one process), each notebook whole in
# one of them (--dist loadfile). The longest notebook starts first (--no-loadscope-reorder keeps this order), so
# the workers finish together: 13_studying_the_game simulates hundreds of games and takes half the time of all others.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
NBVAL_WORKERS=${NBVAL_WORKERS:-2}
LONGEST=notebooks/13_studying_the_game.ipynb
shopt -s nullglob
nbs=()
[ -f "$LONGEST" ] && nbs+=("$LONGEST")
for nb in notebooks/*.ipynb; do
  [ "$nb" = "$LONGEST" ] || nbs+=("$nb")
done
if [ ${#nbs[@]} -eq 0 ]; then
  echo "check_notebooks: no notebooks/*.ipynb yet: skipped"
  exit 0
fi
workers=()
[ "$NBVAL_WORKERS" = 0 ] || workers=(-n "$NBVAL_WORKERS" --dist loadfile --no-loadscope-reorder)
exec "$VENV/bin/python" -m pytest -q -p no:cacheprovider "${workers[@]}" \
  --nbval-lax --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg \
  "${nbs[@]}" "$@"
