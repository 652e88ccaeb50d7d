"""Tests run their coroutines apart (tests/apart.py): a browser test on the same pytest worker leaves Playwright's loop
marked as running in the worker's thread, where ``asyncio.run`` refuses to start. Three tests failed so in loaded
fresh-clone runs, each passing alone; this holds the rule for every test file."""

from __future__ import annotations

from pathlib import Path

from apart import run_apart

TESTS = Path(__file__).resolve().parent


def test_no_test_starts_a_loop_in_the_workers_own_thread() -> None:
    offenders = [path.relative_to(TESTS).as_posix() for path in sorted(TESTS.rglob("*.py"))
                 if path.name not in ("apart.py", "test_apart.py") and "asyncio.run(" in path.read_text("utf-8")]
    assert offenders == []


def test_a_coroutine_run_apart_gives_its_result() -> None:
    async def answer() -> int:
        return 42

    assert run_apart(answer()) == 42
