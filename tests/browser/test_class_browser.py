"""A class through ``isle-nb class`` (what ``make class`` runs), as issue #30's "Done when" plays it, each person in a
browser context of their own:

* the teacher's page (a laptop) opens with the hub's admin secret and creates a table from its form: the standard
  game, two open seats and a bot, a 30-second time limit;
* Ann and Bob, on phones (touch, 390x844), take the open seats by name in the lobby: Ann waits in the waiting room,
  and the game is dealt when Bob takes the last seat; each page says "You are <name>";
* a laptop watches the table from the lobby's Watch link, and a phone by the watcher's address (``?watch=``): both
  follow Ann's move live, show no button and nothing scrolls sideways on the phone;
* the hub is killed: the class starts it again, and every page says it is connected again;
* Ann reloads her page and is back at her seat (her browser remembers it); Bob taps his page's link to come back to
  his seat, and finds it as it was;
* meanwhile the teacher creates a table of two bots from the form (Pocket Cats), which plays to its end, and
  downloads the class's results as CSV;
* Bob keeps the table waiting past the time limit: every page (his own, Ann's, the watchers', the teacher's) says a
  bot is playing for him, and the logs say what it did for him; he taps, is back, and his next decision waits for
  him: after Ann's move, which reaches his page, he makes it, and it reaches Ann's page and the watchers';
* the class's Voila server then runs about one kernel per page open.

Screenshots: test-artifacts/screenshots/class_*.png. The time limit's 30 seconds (the form's shortest) are most of
the test's minute: they run from the hub's restart, while Ann and Bob come back and the teacher downloads the results.
"""

from __future__ import annotations

import csv
import io
import os
import re
import signal
import time
from pathlib import Path
from typing import Any

from helpers import SHOTS, keep_two, wait_for_panel, wait_until
from test_make_class import children_running

APP = ".isle-app"
CARDS = ".isle-panel-draft .isle-card-button"
BOB_AWAY = "away: a bot is playing for Bob"
SPACING = "e => parseFloat(getComputedStyle(e).lineHeight) / parseFloat(getComputedStyle(e).fontSize)"
"""JavaScript: an element's line height in font sizes."""


def look(page: Any, name: str) -> None:
    """A screenshot of the page, to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"class_{name}.png"))


def choose(page: Any, label: str, option: str) -> None:
    """Choose ``option`` in the teacher form's drop-down labelled ``label``."""
    field = page.locator(".isle-teacher-form .widget-dropdown").filter(
        has=page.locator("label", has_text=re.compile(f"^{re.escape(label)}$")))
    field.locator("select").select_option(label=option)


def listed(page: Any, shown: Any, what: str) -> None:
    """Wait until the lobby shows ``shown`` (a locator): it looks at the hub again by itself every 5 s. A lobby that
    has not after 20 s is refreshed as its status line tells a student to, and that is said (a lobby that stopped
    looking by itself was seen twice under load, and not yet explained; its screenshot is kept). The 20 s count
    from the lobby's first showing: under load Voila may take longer than that to run a page's notebook."""
    from playwright.sync_api import expect

    expect(page.locator(".isle-lobby")).to_be_visible(timeout=120_000)
    try:
        expect(shown).to_have_count(1, timeout=20_000)
    except AssertionError:
        look(page, f"lobby_stale_{time.monotonic():.0f}")
        print(f"\nthe lobby did not show {what} by itself in 20 s: its Refresh button is tapped")
        page.locator(".isle-lobby").get_by_role("button", name="Refresh").click()
        expect(shown).to_have_count(1)


def take_seat(page: Any, name: str, table: str, shot: str = "") -> None:
    """In the lobby: the table chosen, the name typed, "Take a seat" tapped (``shot``: a screenshot before)."""
    lobby = page.locator(".isle-lobby")
    option = lobby.locator("select option", has_text=f"{table}:")
    listed(page, option, f"table {table}")
    lobby.locator("select").select_option(label=option.inner_text())
    lobby.get_by_placeholder("Your name").fill(name)
    if shot:
        look(page, shot)
    lobby.get_by_role("button", name="Take a seat").tap()


def move_number(watcher: Any) -> int:
    """The table's move number, as the watcher's page says it ("Move 4: ...")."""
    found = re.match(r"Move (\d+):", watcher.locator(".isle-watch-status").inner_text())
    assert found, watcher.locator(".isle-watch-status").inner_text()
    return int(found.group(1))


def test_a_class_plays_a_table_made_on_the_teachers_page(class_command, people):
    from playwright.sync_api import expect

    began = time.monotonic()
    teacher, ann, bob, watcher = people(False), people(True), people(True), people(False)
    teacher.goto(class_command.teacher, wait_until="commit")
    for page in (ann, bob, watcher):  # every page's kernel starts meanwhile
        page.goto(class_command.lobby, wait_until="commit")

    # the teacher's page: the admin secret, then a table from the form
    teacher.locator("input[type=password]").fill(class_command.secret)
    teacher.get_by_role("button", name="Open").click()
    form = teacher.locator(".isle-teacher-form")
    choose(teacher, "Game", "The Isle of Cats")
    choose(teacher, "Seats", "3")
    expect(form.locator("label", has_text=re.compile("^Seat 3$"))).to_be_visible()
    choose(teacher, "Seat 3", "Greedy bot")
    choose(teacher, "Time limit", "30 seconds")
    form.get_by_role("button", name="Create the table").click()
    said = teacher.locator(".isle-teacher .isle-message").filter(has_text="is ready")
    expect(said).to_contain_text("2 open seats wait for students in the lobby")
    found = re.search(r"Table (\S+) is ready", said.inner_text())
    assert found, said.inner_text()
    table = found.group(1)
    phone_watcher = people(True)  # a phone opens the watcher's page by its address
    phone_watcher.goto(class_command.lobby.replace("?lobby&", f"?watch={table}&"), wait_until="commit")

    # Ann and Bob take the open seats by name: the game is dealt when both are taken
    take_seat(ann, "Ann", table)
    expect(ann.locator(".isle-waiting-room")).to_contain_text(f"You are Ann at table {table}")
    expect(ann.locator(".isle-waiting-room")).to_contain_text("waiting for 1 more player")
    intro = bob.locator(".isle-lobby-intro")
    expect(intro).to_be_visible()
    assert intro.evaluate(SPACING) <= 1.6  # the lobby's text wrapped on a phone, not double-spaced
    take_seat(bob, "Bob", table, "lobby_phone")
    ann_app, bob_app = ann.locator(APP), bob.locator(APP)
    for app, name in ((ann_app, "Ann"), (bob_app, "Bob")):
        expect(app.locator(".isle-player-info")).to_contain_text(f"You are {name}", timeout=60_000)
    expect(bob.locator(".isle-presence")).to_contain_text("Ann (here), Bob (you), Greedy bot (computer player)")
    print(f"\ndealt at {time.monotonic() - began:.1f} s")

    # the laptop watches from the lobby's Watch link
    watch = watcher.locator(".isle-lobby-watch li").filter(has_text=f"table {table}:").get_by_role("link",
                                                                                                    name="Watch")
    listed(watcher, watch, f"a Watch link for table {table}")
    watch.click()
    watchers = (watcher, phone_watcher)
    for page in watchers:
        expect(page.locator(".isle-watch-status")).to_contain_text("waiting for Ann", timeout=90_000)
    before = move_number(watcher)
    keep_two(ann)  # Ann keeps two cards: Bob's page and the watchers see her move arrive
    expect(ann_app.locator(".isle-status-text")).to_contain_text("waiting for Bob")
    expect(bob_app.locator(".isle-event").filter(has_text="Ann has picked")).to_have_count(1)
    for page in watchers:
        expect(page.locator(".isle-watch-status")).not_to_contain_text(f"Move {before}:")
        expect(page.locator(".isle-watch-log")).to_contain_text("Ann has picked")
        assert not page.get_by_role("button").count()  # a watcher has nothing to act with
    assert phone_watcher.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert phone_watcher.locator(".isle-watch-intro").evaluate(SPACING) <= 1.6  # wrapped lines, not double-spaced

    # the hub is killed: the class starts it again, and every page says it is connected again
    (hub,) = children_running(class_command.process.pid, "isle_nb.hub")
    os.kill(hub, signal.SIGKILL)
    restarted = time.monotonic()
    print(f"hub killed at {restarted - began:.1f} s")
    for page in (ann, bob, *watchers):
        expect(page.locator(".isle-connection-again")).to_be_visible(timeout=60_000)
    print(f"connected again after {time.monotonic() - restarted:.1f} s")

    # Ann reloads her page: her browser brings her back to her seat
    ann.reload()
    expect(ann_app.locator(".isle-player-info")).to_contain_text("You are Ann", timeout=90_000)
    expect(ann_app.locator(".isle-status-text")).to_contain_text("waiting for Bob")
    # Bob taps the link to come back to his seat (from any device): his seat as it was, his pick still to make
    bob.locator(".isle-come-back a").tap()
    expect(bob_app.locator(".isle-player-info")).to_contain_text("You are Bob", timeout=90_000)
    expect(bob.get_by_text("Other games:")).to_be_hidden()  # the play page's introduction is for games here
    wait_for_panel(bob_app, "draft")
    expect(bob_app.locator(CARDS)).to_have_count(7)
    expect(bob_app.locator(".isle-status-text")).to_contain_text("your move")

    print(f"Ann and Bob back at {time.monotonic() - began:.1f} s")
    # meanwhile the teacher makes a table of two bots, which plays to its end, and downloads the class's results
    choose(teacher, "Game", "Pocket Cats")
    expect(form.locator("label", has_text=re.compile("^Seat 3$"))).to_have_count(0)
    choose(teacher, "Seat 1", "Random bot")
    choose(teacher, "Seat 2", "Random bot")
    form.get_by_role("button", name="Create the table").click()
    said = teacher.locator(".isle-teacher .isle-message").filter(has_text="its game has started")
    expect(said).to_be_visible()
    found = re.search(r"Table (\S+) is ready", said.inner_text())
    assert found, said.inner_text()
    bots_table = found.group(1)
    download = teacher.get_by_role("link", name="the results (a row per player)")
    expect(download).to_be_visible()  # the page looks at the hub's results every few seconds
    with teacher.expect_download() as downloading:
        download.click()
    rows = list(csv.DictReader(io.StringIO(Path(downloading.value.path()).read_text(encoding="utf-8"))))
    assert list(rows[0]) == ["table", "mode", "player", "total", "rank", "winner"]
    assert {(row["table"], row["mode"]) for row in rows} == {(bots_table, "pocket")} and len(rows) == 2
    assert sorted(row["rank"] for row in rows) in (["1", "1"], ["1", "2"])

    print(f"results downloaded at {time.monotonic() - began:.1f} s")
    # Bob keeps the table waiting past its time limit: a bot plays for him, and every page says so
    expect(ann.locator(".isle-presence")).to_contain_text(BOB_AWAY, timeout=90_000)
    away = time.monotonic()
    print(f"Bob away {away - restarted:.1f} s after the restart")
    expect(bob.locator(".isle-presence")).to_contain_text("Bob (you, away: a bot is playing for you until you tap")
    bob.locator(".isle-presence").scroll_into_view_if_needed()
    look(bob, "bob_away")
    expect(bob_app.locator(".isle-event").filter(has_text="A bot playing for you has picked.").first).to_be_visible()
    expect(ann_app.locator(".isle-event").filter(has_text="A bot playing for Bob has picked.").first).to_be_visible()
    for page in watchers:
        expect(page.locator(".isle-presence")).to_contain_text(BOB_AWAY)
        expect(page.locator(".isle-watch-log")).to_contain_text("A bot playing for Bob has picked.")
    expect(teacher.locator(".isle-teacher-summary").filter(has_text=f"Table {table}")).to_contain_text(
        "Away, a bot playing for them: Bob.")
    expect(ann_app.locator(CARDS)).to_have_count(5)  # the bot's pick for Bob passed the packs on
    wait_for_panel(ann_app, "draft")
    # Bob taps his page: he is back, and the next decision of his waits for him
    bob.locator(".isle-presence").tap()
    for page in (ann, bob):
        expect(page.locator(".isle-presence")).not_to_contain_text("away")
    keep_two(ann)
    print(f"Ann moved {time.monotonic() - away:.1f} s after Bob went away (she has 30 s)")
    wait_for_panel(bob_app, "draft")
    expect(bob_app.locator(CARDS)).to_have_count(3)
    expect(bob_app.locator(".isle-status-text")).to_contain_text("your move")
    for page in watchers:  # "connected again" went with the next move
        expect(page.locator(".isle-connection")).to_have_count(0)
    before = move_number(watcher)
    keep_two(bob)
    for page in watchers:
        expect(page.locator(".isle-watch-status")).not_to_contain_text(f"Move {before}:")
    expect(ann_app.locator(".isle-event").last).to_contain_text("Bob has picked")
    look(teacher, "teacher")
    look(bob, "bob_seat")
    look(watcher, "watcher")
    look(phone_watcher, "watcher_phone")

    # about one kernel per page open: the pages that went (a reload, a link followed) gave theirs back
    (voila,) = children_running(class_command.process.pid, "voila")
    pages = 5
    wait_until(lambda: abs(len(children_running(voila, "ipykernel_launcher")) - pages) <= 2,
               f"the class's Voila to run {pages} kernels or about", 30,
               seen=lambda: children_running(voila, "ipykernel_launcher"))
    print(f"kernels {len(children_running(voila, 'ipykernel_launcher'))} for {pages} pages; "
          f"whole scenario {time.monotonic() - began:.1f} s")
