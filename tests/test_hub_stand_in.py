"""Every page says truthfully what a bot did for a person who kept a shared table waiting (issue #30 §3): the hub
marks the log lines of the stand-in's moves in each connection's log change, by their place in that seat's own log
(private lines make the places differ from seat to seat), a reloaded page gets the marks again with the whole log,
a restarted hub keeps them and an undo takes them back. Bob's page says "A bot playing for you ...", everyone
else's "A bot playing for Bob ...", in every game. Driven through the table manager, without a server."""

from __future__ import annotations

import json
import random
import time

import msgspec
import pytest

from isle_nb.connection import state_data
from isle_nb.hub.protocol import LogChange, encode, from_hub
from isle_nb.hub.store import Store
from isle_nb.hub.tables import Listener, Table, TableManager
from isle_nb.remote import RemoteSeat
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.panels.base import Context
from isle_nb.widgets.panels.log import log_html
from isle_nb.widgets.pocket_app.words import log_html as pocket_log_html
from isle_nb.widgets.watch import log_lines_html
from isle_nb.widgets.words import bot_lines, bot_sentence, player_text

MODES = ("standard", "pocket", "explore_draw")
URL = "http://127.0.0.1:1"


def _away_table(mode: str, store: Store | None = None) -> tuple[TableManager, Table]:
    """A table of Ann and Bob with a time limit where Bob has kept it waiting: the stand-in plays for him."""
    manager = TableManager(store or Store(":memory:"))
    table, _ = manager.create(mode, ["Ann", "Bob"], 5, {"time_limit": 5})
    now = time.monotonic()
    table.awaited_since = {"Ann": now, "Bob": now - 100}  # Bob has been awaited for longer than the limit
    assert manager.overdue(table, now) and table.away == {"Bob"}
    return manager, table


def _play(manager: TableManager, table: Table, stop: int = 3) -> None:
    """Ann plays at random and the stand-in for Bob, until it made ``stop`` log lines about Bob's moves, its last
    move Bob's and Bob could take it back."""
    pick = random.Random(1)
    for _ in range(300):
        game = table.game
        if "Ann" in game.awaiting:
            manager.act(table, "Ann", pick.choice(game.legal_actions("Ann")).to_dict(), table.seq)
        else:
            assert manager.bot_move(table)
        if len(table.stood_in) >= stop and game.actions[-1].player == "Bob" and not table.undo_note("Bob"):
            return
    raise AssertionError("the stand-in never played for Bob")


def _page(table: Table, seat: str | None) -> RemoteSeat:
    """What a page opened (or reloaded) now at ``seat`` holds: the whole log, sent again."""
    return RemoteSeat(URL, table.id, None, state_data(from_hub(table.message(seat))))


def _names_bob(line: object) -> bool:
    text = str(getattr(line, "text", line))
    return getattr(line, "player", None) == "Bob" or text.startswith("Bob ")


@pytest.mark.parametrize("mode", MODES)
def test_each_page_marks_the_lines_of_the_moves_a_bot_made_for_bob(mode: str) -> None:
    manager, table = _away_table(mode)
    _play(manager, table)
    log = table.game.state.log
    for seat in ("Ann", "Bob", None):
        page = _page(table, seat)
        marked = page.stand_in_lines
        lines = page.view.log
        # exactly Bob's lines that this seat may read, found at their place in this seat's own log
        assert len(marked) == sum(1 for number in table.stood_in if log[number].seen_by(seat))
        assert marked and all(person == "Bob" and _names_bob(lines[place]) for place, person in marked.items())
        words = log_lines_html(lines, len(lines), bot_lines(page))
        assert words.count("A bot playing for Bob") == len(marked)
    if mode == "standard":  # private lines (Bob's draft picks) come before: the places differ from seat to seat
        assert _page(table, "Bob").stand_in_lines != _page(table, None).stand_in_lines


def test_bobs_own_page_says_a_bot_played_for_him_and_the_others_say_for_bob() -> None:
    manager, table = _away_table("standard")
    _play(manager, table)
    said = {}
    for seat in ("Ann", "Bob"):
        page = _page(table, seat)
        said[seat] = log_html(Context(page, seat, [], lambda action: None, MessageArea()))
    assert "A bot playing for you keeps #" in said["Bob"]  # his private draft picks, which only he reads
    assert "A bot playing for you has picked." in said["Bob"] and "You have picked" not in said["Bob"]
    assert "A bot playing for Bob has picked." in said["Ann"]
    assert said["Ann"].count("Bob has picked") == said["Ann"].count("A bot playing for Bob has picked")
    assert "You have picked" in said["Ann"]  # Ann's own moves are hers


def test_pocket_cats_and_explore_and_draw_pages_say_so_in_their_own_words() -> None:
    manager, table = _away_table("pocket")
    _play(manager, table)
    bob = _page(table, "Bob")
    words = pocket_log_html(bob.view, bot_lines(bob))
    assert "A bot playing for you flips" in words and "Bob flips" not in words
    # Explore & Draw's lines are whole sentences (its app shows them with player_text, the viewer given)
    assert player_text("Bob takes B3: purple 5-square cat", None, "Bob", stand_in="Bob")[0] == \
        "A bot playing for you takes B3: purple 5-square cat."
    assert player_text("Bob takes B3: purple 5-square cat", None, "Ann", stand_in="Bob")[0] == \
        "A bot playing for Bob takes B3: purple 5-square cat."


def test_the_marks_come_with_the_lines_message_by_message_as_after_a_reload() -> None:
    manager, table = _away_table("standard")
    page = _page(table, "Bob")
    listener = Listener("Bob", lambda text: page._show(state_data(from_hub(text))))
    table.listeners.add(listener)
    table.tell(listener)
    for stop in (2, 4, 6):
        _play(manager, table, stop)
        table.announce()
    assert page.stand_in_lines == _page(table, "Bob").stand_in_lines and len(page.stand_in_lines) >= 6
    assert page.view.log == _page(table, "Bob").view.log


def test_the_marks_outlive_a_hub_restart_and_an_undo_takes_them_back() -> None:
    store = Store(":memory:")
    manager, table = _away_table("pocket", store)
    _play(manager, table)
    assert TableManager(store).tables[table.id].stood_in == table.stood_in  # rebuilt from the database
    before = dict(table.stood_in)
    manager.back(table, "Bob")
    manager.undo(table, "Bob")  # Bob takes back the move the bot made for him
    kept = len(table.game.state.log)
    assert table.stood_in == {line: person for line, person in before.items() if line < kept} != before
    assert TableManager(store).tables[table.id].stood_in == table.stood_in


def test_a_log_change_without_marks_is_written_as_before_and_read_by_old_and_new() -> None:
    assert json.loads(encode(LogChange(3, ["x"]))) == {"keep": 3, "add": ["x"]}  # older clients read it as before
    assert msgspec.json.decode(b'{"keep": 1, "add": []}', type=LogChange).stand_in == []
    assert json.loads(encode(LogChange(0, ["x"], [(0, "Bob")]))) == {"keep": 0, "add": ["x"], "stand_in": [[0, "Bob"]]}


def test_bot_sentences() -> None:
    assert bot_sentence("Bob flips the fox.", "Bob", "Bob") == "A bot playing for you flips the fox."
    assert bot_sentence("Bob flips the fox.", "Bob") == "A bot playing for Bob flips the fox."
    assert bot_sentence("You keep the Gourmets.", "You") == "A bot playing for you keeps the Gourmets."
    assert bot_sentence("You have chosen.", "You", "You") == "A bot playing for you has chosen."
    assert bot_sentence("The last tile is placed: Bob's chief may turn a dog.", "Bob") == \
        "The last tile is placed: Bob's chief may turn a dog."  # what followed from his move, as it is
    assert player_text("buys 5 card(s) for 10 fish (EXPLORE-5)", "Bob", "Bob", stand_in="Bob") == \
        ("A bot playing for you buys 5 cards for 10 fish.", ["EXPLORE-5"])
    assert player_text("Oshax: red", "Bob", "Ann", stand_in="Bob")[0] == "A bot playing for Bob: Oshax: red."
    assert player_text("buys 5 card(s) for 10 fish", "Bob", "Bob")[0] == "You buy 5 cards for 10 fish."


def test_the_explore_and_draw_app_says_so_on_its_screen() -> None:
    """The app's log reads the marks of the seat it shows (a hub's seat has them; here a local seat is given some,
    as a hub would send them for Ann's line)."""
    from isle_nb import play_app

    app = play_app(["Ann", "Cleo=bot:random"], mode="explore_draw", seed=5, bot_delay=0)
    try:
        app.choose_column("B")
        seat = app.shown
        place = next(n for n, text in enumerate(seat.view.log) if text.startswith("Ann has chosen"))
        seat.stand_in_lines = {place: "Ann"}  # type: ignore[attr-defined]  # what a hub's seat would say
        app.refresh()
        assert "A bot playing for you has chosen today&#x27;s cards." in app.log_view.value
        assert "Ann has chosen" not in app.log_view.value
    finally:
        app.close()


def test_the_isle_of_cats_app_says_so_in_its_latest_events() -> None:
    """The standard app's "Latest" lines beside the boat read the marks of the seat shown too (given here to a local
    seat, as a hub's seat would have them for Ann's draft pick)."""
    from isle_nb import play_app

    app = play_app(["Ann", "Cleo=bot:random"], seed=5, bot_delay=0)
    try:
        app.act(app.seat.legal_actions()[0])
        seat = app.seat
        place = next(n for n, entry in enumerate(seat.view.log) if entry.player == "Ann" and entry.private)
        seat.stand_in_lines = {place: "Ann"}  # type: ignore[attr-defined]  # what a hub's seat would say
        app.refresh()
        assert "A bot playing for you keeps #" in app.events.value and "You keep #" not in app.events.value
    finally:
        app.close()
