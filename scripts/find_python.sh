#!/usr/bin/env bash
# Print the first Python >= 3.11 on PATH that can create venvs; exit 1 if there is none.
# Override with PYTHON=/path/to/python.
set -euo pipefail
for py in ${PYTHON:-} python3.13 python3.12 python3.11 python3 python; do
  [ -n "$py" ] || continue
  command -v "$py" >/dev/null 2>&1 || continue
  if "$py" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1; then
    command -v "$py"
    exit 0
  fi
done
echo "find_python: no Python >= 3.11 with the venv/ensurepip modules found on PATH" >&2
exit 1
