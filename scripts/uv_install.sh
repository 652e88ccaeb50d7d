#!/usr/bin/env bash
# The fast path of `make venv`: install the project (editable) with its extras into a venv with uv, at exactly the
# versions the constraints file pins. uv downloads, installs and compiles in parallel: make venv takes about 30 s
# instead of pip's 75 s on a fresh 2-core machine, which CI's 10 minutes need.
# Exits non-zero on any failure, and the Makefile then runs the plain pip command: uv reads no pip.conf, so a machine
# that reaches its packages only through pip's configured indexes still installs (by pip). ISLE_NB_PIP_ONLY=1 skips uv.
# Usage: scripts/uv_install.sh VENV EXTRAS CONSTRAINTS
set -euo pipefail
[ "${ISLE_NB_PIP_ONLY:-}" != 1 ] || exit 1
venv=$1 extras=$2 lock=$3
py="$venv/bin/python"
UV_VERSION=0.13.9
tools="$venv/.uv"  # uv itself, kept outside the venv's packages (pip install --target)
uv="$tools/bin/uv"

if [ ! -x "$uv" ] || [ "$("$uv" --version 2>/dev/null | cut -d' ' -f2)" != "$UV_VERSION" ]; then
  rm -rf "$tools"
  "$py" -m pip install -q --target "$tools" "uv==$UV_VERSION"
fi

# --compile-bytecode as pip does: without .pyc files every process would compile what it imports, on every run where
# PYTHONDONTWRITEBYTECODE is set (CI's pytest workers, Jupyter servers and kernels: minutes).
VENV="$venv" "$(dirname "$0")/uv_run.sh" pip install -q --compile-bytecode --python "$py" -e ".[$extras]" -c "$lock"

# Trust but verify: every installed distribution the constraints name has the pinned version, and nothing is broken.
"$py" - "$lock" <<'EOF'
import re
import sys
from importlib.metadata import distributions

try:
    from packaging.markers import Marker
except ImportError:  # pip's own copy (always there: the venv was made with pip)
    from pip._vendor.packaging.markers import Marker


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


pins = {}
for line in open(sys.argv[1], encoding="utf-8"):
    requirement, _, marker = line.split("#", 1)[0].partition(";")
    if "==" in requirement and (not marker.strip() or Marker(marker.strip()).evaluate()):
        name, version = requirement.split("==", 1)
        pins[canonical(name)] = version.strip()
wrong = sorted(
    f"{dist.metadata['Name']} {dist.version} (pinned {pins[name]})"
    for dist in distributions()
    if (name := canonical(dist.metadata["Name"])) in pins and dist.version != pins[name]
)
if wrong:
    sys.exit("uv_install: not the pinned versions: " + ", ".join(wrong))
EOF
broken=$("$py" -m pip check) || { echo "uv_install: $broken" >&2; exit 1; }
