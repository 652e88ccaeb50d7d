#!/usr/bin/env bash
# Run the uv that `make venv` installed (VENV/.uv, pinned in scripts/uv_install.sh) with the CA certificates pip is
# told to trust (a proxy's, say): uv reads no pip.conf. Exits 127 when that uv is not there, so callers fall back.
# Usage: [VENV=.venv] scripts/uv_run.sh ARGS...   (e.g. scripts/uv_run.sh pip install --python PYTHON PACKAGE)
set -euo pipefail
venv=${VENV:-.venv}
uv="$venv/.uv/bin/uv"
[ -x "$uv" ] || exit 127
# pip's cert option from any of its config files (`pip config get` reads only some) or PIP_CERT, else the system's
# certificate store (UV_SYSTEM_CERTS) rather than uv's bundled Mozilla roots.
cert=${PIP_CERT:-$("$venv/bin/python" -m pip config list 2>/dev/null | sed -n "s/^[^.]*\.cert='\(.*\)'\$/\1/p" \
                   | head -1 || true)}
if [ -n "$cert" ] && [ -f "$cert" ]; then export SSL_CERT_FILE="$cert"; fi
export UV_SYSTEM_CERTS=1
export UV_LINK_MODE=copy  # its cache may sit on another file system than the venv: copy without warning
# A stalled network must not use up CI's time: the caller's pip gets its turn after 4 minutes.
exec timeout 240 "$uv" "$@"
