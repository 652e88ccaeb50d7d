"""Click in one browser to the change in the other (issue #30): two people at one table on a hub, each in their own
browser context on the play page in Voila (a seat link in the address), as a class plays.

Run from the repository root (needs playwright and /usr/bin/chromium, like the browser tests)::

    .venv/bin/python benchmarks/table_click.py [--rounds 15]

It starts a hub (in this process, on 127.0.0.1) and Voila on the notebooks (a subprocess, 127.0.0.1, a free port),
creates a table for Ann and Bob, and opens each seat in a context of its own. Each round Ann keeps two draft cards
("Keep these 2") and then takes them back (Undo); both clicks change what Bob's page shows ("Ann has picked." appears
in his latest events, then goes). The latency is from the click, as Ann's page records it (``Date.now()`` in a
capturing click listener), to the moment Bob's page shows the change (``Date.now()`` in a MutationObserver); both
pages run on this machine, so they share one clock. The path measured is the whole one: Ann's page -> her kernel
(the app judges nothing: it sends the action) -> the hub (the rules judge and store it) -> Bob's kernel -> his page.

Target (issue #30): p95 <= 150 ms on an idle machine. Measured 2026-11-28 on the 2-core machine (12 clicks each):
- the hub telling those who only watch within 0.1 s (CATCH_UP), load 4.9: p50 180 ms, p95 203 ms;
- CATCH_UP 0.03 s, load 5.6: p50 128 ms, p95 179 ms (hub CPU per move in benchmarks/hub.py, 2 tables: 0.8 ms);
- CATCH_UP 0.03 s, idle (load 0.7), 20 clicks: p50 106 ms, p95 160 ms: the target is not met yet; what is left is in
  the two kernels and the browsers (the hub's share is the 0.03 s and about 1 ms of CPU);
- the hub tells the others at once after a quiet CATCH_UP (no 30 ms wait for a person's move), pandas no longer
  imported by the kernels, load 1.7-1.9, 20 clicks each: p50 60 ms, p95 96 ms; p50 54 ms, p95 124 ms: target met.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from conftest import CHROMIUM, CHROMIUM_ARGS, _free_port, _isolated_env, _missing_requirement, _server  # noqa: E402
from helpers import pick_two  # noqa: E402

TARGET_P95_MS = 150.0
WATCH = """() => {
  window.__changes = [];
  const app = document.querySelector('.isle-app');
  let shown = app.innerText.includes('Ann has picked');
  new MutationObserver(() => {
    const now = app.innerText.includes('Ann has picked');
    if (now !== shown) { shown = now; window.__changes.push([Date.now(), now]); }
  }).observe(app, {subtree: true, childList: true, characterData: true});
}"""
CLICKS = """() => {
  window.__clicks = [];
  document.addEventListener('click', (event) => {
    const button = event.target.closest('button');
    if (button && /Keep these|Undo/.test(button.textContent)) window.__clicks.push(Date.now());
  }, true);
}"""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share / 100 * (len(ordered) - 1)))]


def open_seat(browser: Any, voila: str, link: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.set_default_timeout(60_000)
    page = context.new_page()
    page.goto(f"{voila}/voila/render/00_play.ipynb?{urlencode({'table': link})}")
    page.locator(".isle-app").wait_for(state="visible", timeout=120_000)
    return context, page


def run(rounds: int) -> dict[str, Any]:
    from playwright.sync_api import expect, sync_playwright

    from isle_nb import remote
    from isle_nb.hub import running_hub

    with tempfile.TemporaryDirectory() as tmp, running_hub() as hub:
        base = Path(tmp)
        port = _free_port()
        voila = f"http://127.0.0.1:{port}"
        env = _isolated_env(base)
        env["JUPYTER_PATH"] = str(REPO / "share" / "jupyter")
        command = [sys.executable, "-m", "voila", str(REPO / "notebooks"), "--no-browser", "--Voila.ip=127.0.0.1",
                   f"--port={port}", "--Voila.port_retries=0", "--template=isle"]
        with _server(command, env, f"{voila}/", base / "voila.log"), sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=3)
            ann_context, ann_page = open_seat(browser, voila, table.links["Ann"])
            bob_context, bob_page = open_seat(browser, voila, table.links["Bob"])
            ann = ann_page.locator(".isle-app")
            bob_page.evaluate(WATCH)
            ann_page.evaluate(CLICKS)
            undo = ann.get_by_role("button", name="Undo")
            for _ in range(rounds):
                keep = pick_two(ann)
                seen = bob_page.evaluate("window.__changes.length")
                keep.click()
                bob_page.wait_for_function(f"window.__changes.length > {seen}", timeout=60_000)
                expect(undo).to_be_enabled(timeout=30_000)
                seen = bob_page.evaluate("window.__changes.length")
                undo.click()
                bob_page.wait_for_function(f"window.__changes.length > {seen}", timeout=60_000)
                time.sleep(0.3)  # a person's pace: the next click is not part of this one's answer
            clicks = ann_page.evaluate("window.__clicks")
            changes = bob_page.evaluate("window.__changes")
            ann_context.close()
            bob_context.close()
            browser.close()
    latencies = [float(change[0] - click) for click, change in zip(clicks, changes, strict=True)]
    return {"samples": len(latencies), "p50_ms": statistics.median(latencies), "p95_ms": percentile(latencies, 95),
            "max_ms": max(latencies)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    missing = _missing_requirement()
    if missing:
        print(f"table_click: skipped ({missing})")
        return
    import os

    load = os.getloadavg()[0]
    result = run(args.rounds)
    print(f"click in Ann's browser to the change in Bob's ({result['samples']} clicks, load {load:.1f}): "
          f"p50 {result['p50_ms']:.0f} ms, p95 {result['p95_ms']:.0f} ms, max {result['max_ms']:.0f} ms "
          f"(target p95 <= {TARGET_P95_MS:.0f} ms)")


if __name__ == "__main__":
    main()
