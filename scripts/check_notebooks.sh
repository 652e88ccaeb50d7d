#!/usr/bin/env bash
# Execute every notebooks/*.ipynb top to bottom in a fresh kernel (nbval, lax mode).
# Stored outputs are compared only where present (notebooks are committed stripped).
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
shopt -s nullglob
nbs=(notebooks/*.ipynb)
if [ ${#nbs[@]} -eq 0 ]; then
  echo "check_notebooks: no notebooks/*.ipynb yet: skipped"
  exit 0
fi
exec "$VENV/bin/python" -m pytest -q -p no:cacheprovider \
  --nbval-lax --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg \
  "${nbs[@]}" "$@"
