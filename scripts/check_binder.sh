#!/usr/bin/env bash
# Binder config check without Docker: render the repo2docker Dockerfile (dry run) and verify that
#  * binder/requirements.txt is installed AFTER the repo is copied in (so the local "." resolves), and
#  * the image uses python=3.11 (binder/runtime.txt).
# repo2docker lives in its own venv (.venv-r2d), installed with make venv's uv (scripts/uv_run.sh: seconds) or, if
# that fails, with pip (half a minute). If it cannot be installed (e.g. offline), skip.
set -euo pipefail
cd "$(dirname "$0")/.."
R2D_VENV=${R2D_VENV:-.venv-r2d}
OUT=.ci/binder.Dockerfile

if [ ! -x "$R2D_VENV/bin/repo2docker" ]; then
  py=$(scripts/find_python.sh) || { echo "check_binder: SKIPPED (no Python >= 3.11 for $R2D_VENV)"; exit 0; }
  if ! { "$py" -m venv --without-pip "$R2D_VENV" \
         && scripts/uv_run.sh pip install -q --python "$R2D_VENV/bin/python" jupyter-repo2docker; } >/dev/null 2>&1 \
     && ! { rm -rf "$R2D_VENV" && "$py" -m venv "$R2D_VENV" \
            && "$R2D_VENV/bin/python" -m pip install -q jupyter-repo2docker; } >/dev/null 2>&1; then
    rm -rf "$R2D_VENV"
    echo "check_binder: SKIPPED (could not install jupyter-repo2docker)"
    exit 0
  fi
fi

mkdir -p .ci
if ! "$R2D_VENV/bin/repo2docker" --no-build --no-run --debug . >"$OUT" 2>&1; then
  cat "$OUT"; echo "check_binder: FAILED (repo2docker dry run failed, output above)"; exit 1
fi

copy=$(grep -n 'COPY --chown=[^ ]* src/ ' "$OUT" | head -1 | cut -d: -f1 || true)
pipi=$(grep -n 'pip install --no-cache-dir -r "binder/requirements.txt"' "$OUT" | head -1 | cut -d: -f1 || true)
if [ -z "$copy" ] || [ -z "$pipi" ] || [ "$pipi" -le "$copy" ]; then
  echo "check_binder: FAILED: binder/requirements.txt is installed before the repo is copied in"
  echo "  (repo2docker did not detect the local '.' reference; see $OUT and the UTF-16 note in README)"
  exit 1
fi
if ! grep -q 'python=3.11' "$OUT"; then
  echo "check_binder: FAILED: Binder image does not use python=3.11 (binder/runtime.txt?); see $OUT"
  exit 1
fi
echo "check_binder: OK (requirements installed after COPY src/ at line $copy; python=3.11)"
