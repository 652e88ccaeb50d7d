"""A watcher's page (issue #30 §4): a table on a hub followed live by someone who plays no seat, in every mode. It
shows what ``remote.watch`` receives (the public view) and nothing more, the moves as they arrive, the log, and once
the game is over the scores and who won; it has no button that acts. The lobby links every table being played to
its watcher's page, which a class page opens with ``?watch=<table id>``."""

from __future__ import annotations

import html
import time

import ipywidgets
import pytest
from hub_helpers import play_randomly
from ipywidgets.widgets.widget import _instances

from isle_nb import play_app, remote
from isle_nb.hub import running_hub
from isle_nb.model.parts.cards import card
from isle_nb.widgets.closing import tree
from isle_nb.widgets.lobby import HUB_ENV, LobbyApp
from isle_nb.widgets.watch import WatchApp, watch_in_address
from isle_nb.widgets.watch_pictures import public_picture

pytestmark = pytest.mark.timeout(90)


def caught_up(app: WatchApp, seq: int) -> None:
    """Wait until the watcher has seen move ``seq`` (its redraw has run) or the game's end."""
    deadline = time.monotonic() + 5
    while app.seat.seq < seq and not app.seat.over and time.monotonic() < deadline:
        app.seat.wait(app.seat.seq, 0.2)
    time.sleep(0.05)


def live_widgets(app: WatchApp) -> list[ipywidgets.Widget]:
    return [w for w in _instances.values() if id(w) in tree(app)]


@pytest.mark.parametrize(("mode", "players"), [
    ("standard", ["Ann", "bot:greedy"]), ("solo", ["Ann"]), ("family", ["Ann", "bot:greedy"]),
    ("explore_draw", ["Ann", "bot:greedy"]), ("pocket", ["Ann", "bot:greedy"])])
def test_a_watcher_follows_a_table_live_to_its_result_and_sees_only_the_public_view(mode: str,
                                                                                     players: list[str]) -> None:
    with running_hub() as hub:
        table = remote.create_table(hub.url, players=players, mode=mode, seed=7)
        app = WatchApp(remote.watch(hub.url, table.id), back="?lobby=")
        ann = remote.join(table.links["Ann"])
        other = remote.watch(hub.url, table.id)  # what any watcher receives
        try:
            assert app.seat.name == "watcher" and "Ann" in app.status.value and "waiting for" in app.status.value
            assert app.result.value == "" and app.picture.value and "Back to the class" in app.title.value
            assert not [w for w in live_widgets(app) if isinstance(w, ipywidgets.Button)]  # nothing to act with
            assert app.seat.legal_actions() == []  # and nothing the seat could do
            before, log_before = app.seat.seq, app.log_view.value
            play_randomly([ann], until=before + 1)
            caught_up(app, before + 1)
            assert app.seat.seq > before and app.log_view.value != log_before  # the move arrived on the page
            # the table is quiet once Ann is awaited again (the bot has answered): then both watchers hold the
            # same move, and nothing arrives between the comparisons below (under load it did, and they differed)
            deadline = time.monotonic() + 10
            while not (other.seq == app.seat.seq and ("Ann" in app.seat.awaiting or app.seat.over)) \
                    and time.monotonic() < deadline:
                other.wait(other.seq, 0.2)
            if other.seq == app.seat.seq:  # the page draws exactly the public view, and only it
                assert app.seat.view_data == other.view_data
                assert app.picture.value == public_picture(other.view)
            play_randomly([ann], seed=1)
            caught_up(app, 10**6)
            assert app.seat.over and "the game is over" in app.status.value
            result = app.seat.result()
            assert result is not None and "Game over" in app.result.value
            assert all(html.escape(name) in app.result.value for name in result.players)
            assert html.escape(result.winners[0]) in app.result.value.split("</h3>")[0]  # who won, first
        finally:
            app.close()
            ann.close()
            other.close()
        assert app.comm is None


def test_no_card_in_a_players_hand_or_draft_pack_shows_on_the_watchers_page() -> None:
    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=3)
        app = WatchApp(remote.watch(hub.url, table.id))
        ann, bob = remote.join(table.links["Ann"]), remote.join(table.links["Bob"])
        try:
            secret = {c for seat in (ann, bob) for c in (*seat.view.me.pack, *seat.view.me.hand)}
            assert secret  # the draft is on: each player holds a pack nobody else sees
            page = app.picture.value + app.log_view.value + app.status.value
            titles = {card(c).title for c in secret}
            assert not [t for t in titles if html.escape(t) in page]
            assert app.seat.view.me is None and all(o.rescue_cards is None for o in app.seat.view.others)
        finally:
            for closing in (app, ann, bob):
                closing.close()


def test_the_lobby_links_every_table_being_played_to_its_watchers_page(monkeypatch: pytest.MonkeyPatch) -> None:
    with running_hub() as hub:
        monkeypatch.setenv(HUB_ENV, hub.url)
        monkeypatch.setenv("QUERY_STRING", "lobby&token=abc")
        full = remote.create_table(hub.url, players=["Ann", "Bob"], seed=1)
        waiting = remote.create_table(hub.url, players=["Ann", "open"], mode="pocket", seed=2)
        lobby = play_app()
        assert isinstance(lobby, LobbyApp)
        for played in (full, waiting):  # full tables too: anyone may watch
            assert f'href="?watch={played.id}&amp;token=abc"' in lobby.watch_list.value
        remote.end_table(hub.url, full.id)
        lobby.refresh()
        assert full.id not in lobby.watch_list.value and waiting.id in lobby.watch_list.value
        lobby.close()
        monkeypatch.setenv("QUERY_STRING", f"watch={waiting.id}&token=abc")
        page = play_app()
        try:
            assert isinstance(page, WatchApp) and page.seat.table_id == waiting.id and page.seat.mode == "pocket"
            assert 'href="?lobby=&amp;token=abc"' in page.title.value
            assert "waits for its players" in page.status.value  # nobody moves before every seat is taken
            assert "At the table: <b>Ann</b> (page closed)" in page.presence.value
            remote.claim(hub.url, waiting.id)  # the last seat is taken: the table is dealt, the page shows it
            deadline = time.monotonic() + 5
            while "waits for its players" in page.status.value and time.monotonic() < deadline:
                time.sleep(0.05)
            assert "waits for its players" not in page.status.value and "waiting for" in page.status.value
        finally:
            page.close()
        monkeypatch.setenv("QUERY_STRING", "watch=nosuchtable")
        gone = play_app()
        assert "There is no table nosuchtable" in gone.value


def test_a_watcher_who_came_before_the_deal_sees_the_names_taken() -> None:
    """The line of who is at the table names the players who took the open seats, also when a bot moved at once
    after the deal (it kept the names of the open seats, "Player 2", for the rest of the game)."""
    from isle_nb.widgets.watch import watch_app

    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["open", "open", "bot:greedy"], seed=3)
        page = watch_app(hub.url, table.id)
        try:
            assert isinstance(page, WatchApp) and "waits for its players" in page.status.value
            remote.claim(hub.url, table.id, name="Ann")
            remote.claim(hub.url, table.id, name="Bob")  # dealt: the greedy bot picks at once
            deadline = time.monotonic() + 5
            while not (page.seat.seq and "<b>Bob</b>" in page.presence.value) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert page.seat.seq > 0 and "waiting for Ann and Bob" in page.status.value
            assert "<b>Ann</b> (page closed), <b>Bob</b> (page closed)" in page.presence.value
            assert "Player" not in page.presence.value
        finally:
            page.close()


def test_only_a_class_page_watches_and_never_another_hub(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(HUB_ENV, raising=False)
    assert watch_in_address("watch=ab12") is None  # no class hub: the address cannot name one
    monkeypatch.setenv(HUB_ENV, "http://127.0.0.1:9")
    assert watch_in_address("watch=ab12&token=x") == ("http://127.0.0.1:9", "ab12")
    assert watch_in_address("watch=&hub=http://elsewhere") is None and watch_in_address("lobby") is None


def test_closing_an_app_whose_construction_failed_is_quiet() -> None:
    """The game apps play a player's seat: built on a watcher's they refuse, and closing the half-built app (as
    ipywidgets does when it is freed) says nothing more (no ``AttributeError: _watched``)."""
    from isle_nb.widgets.apps import make_explore_draw_app, make_isle_app
    from isle_nb.widgets.playing import PlayingApp

    with running_hub() as hub:
        for mode, maker in (("standard", make_isle_app), ("explore_draw", make_explore_draw_app)):
            table = remote.create_table(hub.url, players=["Ann", "Bob"], mode=mode, seed=4)
            seat = remote.watch(hub.url, table.id)
            before = set(_instances)
            try:
                with pytest.raises((AssertionError, KeyError)):
                    maker(remote.JoinedTable(seat), {}, (seat.name,), hot_seat_cover=False, autosave=False)
                half_built = [w for key, w in list(_instances.items())
                              if key not in before and isinstance(w, PlayingApp)]
                assert len(half_built) == 1
                half_built[0].close()
                assert half_built[0].comm is None
            finally:
                seat.close()
