#!/usr/bin/env bash
# Regenerate constraints.txt, the tested set of packages that `make venv`, .ci/run (through make) and binder/ install.
#
#  1. uv (make venv's, scripts/uv_run.sh) resolves this package with every extra for every platform and Python 3.11+
#     at once (`uv pip compile --universal`: seconds, where a pip install and freeze took minutes, and macOS and
#     Windows get their own packages, under markers) into constraints.txt. The pins already there are kept where
#     the ranges still allow them; `scripts/lock.sh --upgrade` takes the newest releases instead.
#  2. Check the pins on every Python 3.11-3.13 found on PATH or under pyenv: pip resolves the package with all its
#     extras against constraints.txt as a dry run, wheels only, and every package it would install must be pinned.
#
# Usage: make lock (or scripts/lock.sh --check to run step 2 only). Needs the package index and make venv's uv.
# Run the test suite after a lock change (make test): the lock is what CI tests.
set -euo pipefail
cd "$(dirname "$0")/.."
LOCK=constraints.txt
py=$(scripts/find_python.sh)
extras=$("$py" -c 'import tomllib; print(",".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]))')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ "${1:-}" != "--check" ]; then
  upgrade=()
  [ "${1:-}" = "--upgrade" ] && upgrade=(--upgrade)
  echo "lock: resolving .[$extras] for every platform with uv"
  [ -s "$LOCK" ] && cp "$LOCK" "$work/lock.txt"  # the pins kept where the ranges allow them
  VENV="${VENV:-.venv}" scripts/uv_run.sh pip compile -q --universal --python-version 3.11 --all-extras \
    --no-header --no-annotate --no-emit-package isle-nb "${upgrade[@]}" -o "$work/lock.txt" pyproject.toml \
    || { echo "lock: FAILED: uv could not resolve .[$extras] (make venv installs uv)"; exit 1; }
  {
    echo "# The tested set: every package \`make venv\`, CI and binder/ install, pinned (pip constraints)."
    echo "# Written by \`make lock\` (scripts/lock.sh: uv pip compile --universal, every platform; markers say where a pin"
    echo "# applies); checked on Python 3.11-3.13. pyproject.toml keeps the ranges for users; tests/test_lock.py checks"
    echo "# every dependency there is pinned here."
    cat "$work/lock.txt"
  } >"$LOCK"
  echo "lock: wrote $LOCK ($(grep -c '==' "$LOCK") pins)"
fi

# Step 2: the pins install on every Python the Makefile may pick.
checked=0
for version in 3.11 3.12 3.13; do
  py=""
  for candidate in "python$version" "${PYENV_ROOT:-$HOME/.pyenv}"/versions/"$version".*/bin/python"$version"; do
    if "$candidate" -m pip --version >/dev/null 2>&1; then py=$(command -v "$candidate"); break; fi
  done
  if [ -z "$py" ]; then echo "lock: no Python $version found: not checked"; continue; fi
  report="$work/report-$version.json"
  if ! "$py" -m pip install -q --dry-run --ignore-installed --only-binary=:all: --report "$report" \
      -c "$LOCK" ".[$extras]" >"$work/pip-$version.log" 2>&1; then
    cat "$work/pip-$version.log"; echo "lock: FAILED: the pins do not install on Python $version ($py)"; exit 1
  fi
  missing=$("$py" - "$report" "$LOCK" <<'EOF'
import json, re, sys

def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()

pinned = {norm(line.split("==")[0]) for line in open(sys.argv[2]) if "==" in line}
report = json.load(open(sys.argv[1]))
wanted = {norm(item["metadata"]["name"]) for item in report["install"]} - {"isle-nb"}
print(" ".join(sorted(wanted - pinned)))
EOF
)
  if [ -n "$missing" ]; then echo "lock: FAILED: on Python $version these are installed but not pinned: $missing"; exit 1; fi
  echo "lock: Python $version ($py): every package pinned, wheels for all"
  checked=$((checked + 1))
done
[ "$checked" -gt 0 ] || { echo "lock: FAILED: no Python 3.11-3.13 found to check the pins on"; exit 1; }
