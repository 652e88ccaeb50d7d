"""Shared pytest configuration for the isle_nb test suite.

Add shared fixtures in their own section below; keep the infrastructure section as it is.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# ==== infrastructure: opt-in `slow` marker =========================================================
# Tests marked @pytest.mark.slow (long conformance runs) are skipped unless ISLE_NB_SLOW=1.
# The marker itself is registered in pyproject.toml ([tool.pytest.ini_options] markers).

RUN_SLOW_ENV = "ISLE_NB_SLOW"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get(RUN_SLOW_ENV) == "1":
        return
    skip_slow = pytest.mark.skip(reason=f"slow test: set {RUN_SLOW_ENV}=1 to run")
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip_slow)


# ==== end of infrastructure section ================================================================


# ---- shared fixtures ------------------------------------------------------------------------------------------
@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, object]]:
    """Every message the ipycanvas canvas manager sends (content, buffers); decode with ``canvas_capture``."""
    from ipycanvas.canvas import _CANVAS_MANAGER

    log: list[tuple[object, object]] = []
    monkeypatch.setattr(_CANVAS_MANAGER, "send", lambda content, buffers=None: log.append((content, buffers)))
    return log


# ==== the app's saved games go to a temporary folder, never to the user's home ======================


@pytest.fixture(autouse=True)
def _app_saves_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ISLE_NB_SAVES", str(tmp_path_factory.mktemp("saves")))


# ==== pytest-xdist: the browser tests form two work units ===============================================
# `make test-pytest` runs the suite on every core (pytest -n auto --dist loadgroup). The browser tests start Chromium
# and Jupyter servers, and each test waits on them: they form two work units of about equal length (some 200 s of
# the CI's 2 cores each), the tests that need only JupyterLab and the others (Voila, the wheel, a lab beside Voila),
# so that on two cores each runs beside unit tests rather than one unit holding the suite up at its end. More units
# would only start more servers that fight for the same cores and their timeouts. (xdist's own `xdist_group` mark
# cannot say this: xdist 3.8 groups by editing node IDs, which pytest 9.2 no longer allows.)
BROWSER_TESTS = Path(__file__).resolve().parent / "browser"
BESIDE_LAB = frozenset({
    "test_class_browser.py", "test_lessons_voila.py", "test_play_voila.py", "test_pocket_browser.py",
    "test_restart_resume.py", "test_wheel_install.py", "test_touch.py",
})
"""The browser test files of the second unit: those that start Voila or a wheel's server."""


def browser_unit(path: Path) -> str | None:
    """The work unit of a test file: None for a unit test, else one of the two browser units."""
    if BROWSER_TESTS not in path.parents:
        return None
    return "browser-beside-lab" if path.name in BESIDE_LAB else "browser-lab"


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class BrowserTestsTogether(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            unit = browser_unit(Path(config.rootpath, nodeid.split("::", 1)[0]).resolve())
            return unit or super()._split_scope(nodeid)

    return BrowserTestsTogether(config, log)
