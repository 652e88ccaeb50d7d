"""The line that says when a page at a shared table has lost its hub and when it is back (issue #30 §6), on a seat's
page (above who is at the table) and on a watcher's page: nothing on the first connection, "lost for now" while the
hub is away, "connected again" once it answers, until the next move at the table."""

from __future__ import annotations

import html

from traitlets import Bool, HasTraits, Int

from isle_nb import remote
from isle_nb.hub import running_hub
from isle_nb.widgets.connection_note import AGAIN, LOST, ConnectionNote
from isle_nb.widgets.presence import PresenceLine
from isle_nb.widgets.watch import WatchApp


class FakeSeat(HasTraits):
    """What the note reads of a seat: its connection and the table's move number (and who is there, for the line of
    who is at the table)."""

    connected = Bool(False)
    seq = Int(0)
    version = Int(0)

    name = "Ann"
    present: tuple[str, ...] = ()
    away: tuple[str, ...] = ()


def test_the_note_says_when_the_hub_is_lost_and_when_it_is_back_until_the_next_move() -> None:
    seat = FakeSeat()
    note = ConnectionNote(seat)
    try:
        seat.connected = True  # the first connection: nothing to say
        assert note.value == "" and note.said == ""
        seat.connected = False
        assert note.said == "lost" and "lost for now" in note.value and "connects again by itself" in note.value
        seat.version += 1  # the others' pages coming back change who is at the table: the line stays
        seat.connected = True
        assert note.said == "again" and "connected to the table's hub again" in html.unescape(note.value)
        seat.version += 1
        assert note.said == "again"
        seat.seq += 1  # the next move at the table
        assert note.value == "" and note.said == ""
        seat.connected = False
        seat.connected = True
        assert note.said == "again"
    finally:
        note.close()
    seat.connected = False  # a closed note follows the seat no more
    assert note.said == "again"


def test_a_page_never_connected_says_nothing_until_it_has_been() -> None:
    seat = FakeSeat()
    note = ConnectionNote(seat)
    try:
        seat.connected = False
        assert note.value == ""
    finally:
        note.close()


def test_a_seats_line_and_a_watchers_page_carry_the_note_in_plain_sentences() -> None:
    seat = FakeSeat(connected=True)
    line = PresenceLine(seat, ["Ann", "Bob"], [])
    try:
        assert line.children[0] is line.connection and line.connection.value == ""
        seat.connected = False
        assert LOST in html.unescape(line.connection.value)
    finally:
        line.close()
    assert line.connection.comm is None  # closed with the line
    for words in (LOST, AGAIN):
        assert words[0].isupper() and words.endswith(".")
    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "bot:greedy"], seed=7)
        app = WatchApp(remote.watch(hub.url, table.id))
        try:
            assert app.connection in app.children and app.connection.value == ""
        finally:
            app.close()
        assert app.connection.comm is None
