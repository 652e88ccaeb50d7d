"""The Isle of Cats app on a seat of a table on a hub (``play_app(table=link)``), driven from Python: it shows the
joined seat's view, sends its moves to the hub and shows the others' moves as they arrive."""

from __future__ import annotations

import time

import pytest
from hub_helpers import play_randomly

from isle_nb import play_app, remote
from isle_nb.hub import running_hub
from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.modes import game_mode

pytestmark = pytest.mark.timeout(60)
CENTRE = (2, 2)
"""The Pocket Cats board's centre square, face up from the start."""


def settle(seat: remote.RemoteSeat, seq: int) -> None:
    """Wait until the seat has seen move ``seq`` (its observers, the app's redraw included, have run)."""
    deadline = time.monotonic() + 5
    while seat.seq < seq and time.monotonic() < deadline:
        seat.wait(seat.seq, 0.2)
    time.sleep(0.05)


def test_the_app_plays_a_seat_of_a_shared_table() -> None:
    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=5)
        app = play_app(table=table.links["Ann"])
        bob = remote.join(table.links["Bob"])
        try:
            assert app.viewer == "Ann" and app.seat.name == "Ann"
            assert f"table {table.id}" in app.player_info.value and "seed 5" not in app.player_info.value
            assert "your move" in app.status.value
            pick = app.seat.legal_actions()[0]
            app.act(pick)  # sent to the hub, which judges it (EXPLORE-2)
            assert "waiting for Bob" in app.status.value
            with pytest.raises(IllegalAction):
                app.act(pick)  # Ann has picked already: the rules refuse it, the table does not move
            before = app.seat.seq
            bob.apply(bob.legal_actions()[0])  # Bob plays in his own notebook...
            settle(app.seat, before + 1)
            assert "your move" in app.status.value  # ...and Ann's screen shows the next round of the draft
            assert app.seat.view.day == 1 and app.bots == {}
            app.rematch()  # the hub holds the game: no local game takes its place
            assert "played on a hub" in app.messages.text and app.seat.name == "Ann"
        finally:
            app.close()
            bob.close()


def test_the_pocket_cats_board_plays_a_seat_of_a_shared_table() -> None:
    """Issue #20: Pocket Cats on a remote seat (it was refused before): Ann's clicks go to the hub, Bob's moves from
    his own notebook reach her board."""
    from isle_nb.widgets.pocket import PocketBoardWidget

    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "Bob"], mode="pocket", seed=5)
        ann = play_app(table=table.links["Ann"])
        bob = remote.join(table.links["Bob"])
        try:
            assert isinstance(ann, PocketBoardWidget) and ann.seat.name == "Ann" and ann.bots == {}
            assert ann.seat.awaiting == ("Ann",) and "Ann" in ann.status.value
            ann.click_cell(0, 1)  # a flip, judged by the hub (POCKET-2)
            settle(bob, 1)
            assert ann.seat.seq == bob.seq == 1 and "Ann flips" in ann.log_view.value
            ann.click_cell(*CENTRE)  # face up already: the hub refuses it and nothing moves
            assert "POCKET-2" in ann.message.value and bob.seq == 1
            ann.click_cell(*ann.targets()[0])  # Ann's swap ends her turn...
            settle(bob, 2)
            bob.apply(bob.legal_actions()[0])  # ...and Bob's flip, from his own notebook, reaches her board
            settle(ann.seat, 3)
            assert "Bob flips" in ann.log_view.value and ann.seat.awaiting == ("Bob",)
        finally:
            ann.close()
            bob.close()
        with pytest.raises(remote.NotASeat):
            play_app(table=f"{hub.url}/tables/{table.id}?seat=made-up")


def test_a_pocket_cats_table_played_to_its_end_agrees_on_the_result_everywhere() -> None:
    """Issue #20, POCKET-3/POCKET-4: a Pocket Cats table played to its end by two joined seats, Ann's shown on the
    Pocket Cats board: both seats hold the same result, the local model's for the table's saved game, and Ann's
    board says who won."""
    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "Bob"], mode="pocket", seed=8)
        ann = play_app(table=table.links["Ann"])
        bob = remote.join(table.links["Bob"])
        try:
            assert ann.seat.result() is None and bob.result() is None
            assert play_randomly([ann.seat, bob], seed=2) > 0
            settle(ann.seat, bob.seq)
            settle(bob, ann.seat.seq)
            results = [ann.seat.result(), bob.result()]
            status = ann.status.value
            saved = remote.saved_game(hub.url, table.id)
        finally:
            ann.close()
            bob.close()
    game = game_mode("pocket").shell.from_json(saved)
    assert game.over and results == [game.game_result()] * 2 and results[0] is not None
    winners = results[0].winners
    assert "Game over" in status
    assert ("a shared victory" in status) if len(winners) == 2 else (f"{winners[0]} wins" in status)


def test_a_voila_page_with_a_seat_link_in_its_address_joins_that_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Voila gives the kernel the page's query string (QUERY_STRING): play_app() with no table joins the seat of
    ``?table=<link>``, with the line of who is at the table above its screen, as a seat taken in the lobby has it
    (the page opened by a seat's link said nothing of who is away, nor that a tap brings the person back), and
    without the play page's introduction (it pushed the seat below a phone's screen); without one it starts a local
    game as before."""
    from urllib.parse import urlencode

    from isle_nb.widgets.presence import PresenceLine, SeatPage

    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=5)
        monkeypatch.setenv("QUERY_STRING", urlencode({"table": table.links["Bob"]}))
        page = play_app()
        try:
            assert isinstance(page, SeatPage) and isinstance(page.presence, PresenceLine)
            app = page.app
            style = page.children[0]  # the play page's introduction (a game on this device) is hidden
            assert page.children == (style, page.presence, app) and "isle-seat-page" in page._dom_classes
            assert "body:has(.isle-seat-page) #rendered_cells .jp-MarkdownCell { display: none; }" in style.value
            assert app.seat.name == "Bob" and f"table {table.id}" in app.player_info.value
            assert "<b>Bob</b> (you)" in page.presence.line.value and "<b>Ann</b> (page closed)" in \
                page.presence.line.value
        finally:
            page.close()
        assert app.comm is None and page.presence.comm is None  # closed with the page
    monkeypatch.setenv("QUERY_STRING", "")
    local = play_app(["Ann", "bot:random"], seed=1, autosave=False)
    try:
        assert local.game is not None and local.viewer == "Ann"
    finally:
        local.close()


def test_the_explore_and_draw_app_plays_a_seat_of_a_shared_table() -> None:
    """Issue #20: Explore & Draw on a remote seat: Ann's column goes to the hub, her hidden choice stays hidden
    from Bob until he has chosen too (ED-2), and the day goes on on her screen."""
    from isle_nb.widgets.explore_draw import ExploreDrawApp

    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "Bob"], mode="explore_draw", seed=4)
        ann = play_app(table=table.links["Ann"])
        bob = remote.join(table.links["Bob"])
        try:
            assert isinstance(ann, ExploreDrawApp) and ann.player == "Ann" and ann.bots == {} and not ann.covered
            ann.column_buttons[1].click()  # Ann: column B, judged by the hub
            settle(bob, 1)
            assert bob.seq == 1 and bob.view.sheet_of("Ann").choice is None  # hidden until everyone has chosen
            assert all(b.disabled for b in ann.column_buttons) and not ann.messages.errors
            bob.apply(bob.legal_actions()[0])  # Bob chooses in his own notebook: both choices are revealed
            settle(ann.shown, 2)
            assert ann.seat_view().sheet_of("Bob").choice is not None
            ann.rematch()  # the hub holds the game: its host starts the next one there
            assert "played on a hub" in ann.messages.text and ann.messages.kind == "warning" and ann.dialog is None
            ann.open_games()
            assert ann.dialog is None and not ann.messages.errors
            ann.show_print()  # the sheet's files are named after the table, in words a file name may hold
            assert f'download="explore-draw-shared-table-{table.id}-Ann.png"' in ann.downloads.value
        finally:
            ann.close()
            bob.close()
