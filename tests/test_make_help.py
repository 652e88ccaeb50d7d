"""`make help` lists every make target and every variable the README mentions, so a reader finds them there too."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_help_lists_what_the_readme_mentions() -> None:
    shown = subprocess.run(["make", "--no-print-directory", "help"], cwd=REPO, capture_output=True, text=True,
                           check=True).stdout
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    targets = set(re.findall(r"\bmake ([a-z][a-z-]*)", readme))
    variables = set(re.findall(r"\b([A-Z][A-Z_]+)=", readme))
    assert {"play", "voila", "test", "bench"} <= targets and {"PLAY_IP", "PYTHON"} <= variables
    missing = sorted(t for t in targets if not re.search(rf"\b{re.escape(t)}\b", shown))
    missing += sorted(v for v in variables if f"{v}=" not in shown and f"{v} " not in shown)
    assert not missing, f"make help does not list {missing}"
    defined = set(re.findall(r"^([a-z][a-z-]*):", (REPO / "Makefile").read_text(), re.M))
    assert targets <= defined, f"the README names targets the Makefile lacks: {sorted(targets - defined)}"
