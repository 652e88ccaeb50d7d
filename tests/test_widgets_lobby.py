"""The hub's lobby page (issue #20, ``make class``): the tables with an open seat, and "Take a seat" showing that
seat's screen; a page shows it only when its address asks (``?lobby``) and the class's hub is set."""

from __future__ import annotations

import pytest

from isle_nb import play_app, remote
from isle_nb.hub import running_hub
from isle_nb.widgets.app import GameApp
from isle_nb.widgets.lobby import HUB_ENV, LobbyApp, lobby_in_address

pytestmark = pytest.mark.timeout(60)


def test_a_student_takes_an_open_seat_from_the_lobby_and_plays_it(monkeypatch: pytest.MonkeyPatch) -> None:
    with running_hub() as hub:
        monkeypatch.setenv(HUB_ENV, hub.url)
        monkeypatch.setenv("QUERY_STRING", "lobby&token=abc")
        lobby = play_app()
        assert isinstance(lobby, LobbyApp) and lobby.take_button.disabled and "No table" in lobby.status.value
        remote.create_table(hub.url, players=["Ann", "Bob"], seed=1)  # no open seat: not listed
        table = remote.create_table(hub.url, players=["Ann", "Cleo=open"], seed=2)
        lobby.refresh_button.click()
        assert lobby.choice.options == ((f"{table.id}: Ann, Cleo (1 open)", table.id),)
        lobby.take_button.click()
        app = lobby.seat_app
        try:
            assert isinstance(app, GameApp) and app.viewer == "Cleo" and lobby.children == (app,)
            assert remote.tables(hub.url).set_index("id").loc[table.id, "open"] == []
        finally:
            app.close()


def test_only_a_class_page_that_asks_shows_the_lobby(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(HUB_ENV, raising=False)
    assert lobby_in_address("lobby") is None  # no class hub: the address cannot name one
    monkeypatch.setenv(HUB_ENV, "http://127.0.0.1:9")
    assert lobby_in_address("lobby&token=x") == "http://127.0.0.1:9"
    assert lobby_in_address("token=x") is None and lobby_in_address("") is None
