"""The hub's lobby page (issue #20, ``make class``): the tables with an open seat, and "Take a seat" showing that
seat's screen; a page shows it only when its address asks (``?lobby``) and the class's hub is set."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import ipywidgets
import pytest
from apart import run_apart

from isle_nb import play_app, remote
from isle_nb.hub import running_hub
from isle_nb.widgets.app import GameApp
from isle_nb.widgets.lobby import HUB_ENV, LobbyApp, lobby_in_address
from isle_nb.widgets.presence import PresenceLine

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
        assert lobby.choice.options == ((f"{table.id}: The Isle of Cats, with Ann and 1 open seat", table.id),)
        lobby.take_button.click()  # no name typed: nothing is claimed
        assert lobby.seat_app is None and lobby.messages.text.startswith("Type your name first")
        lobby.your_name.value = "  Cleo "
        lobby.take_button.click()
        app = lobby.seat_app
        try:
            assert isinstance(app, GameApp) and app.viewer == "Cleo"
            assert lobby.children == (lobby.page_style, lobby.presence, app, lobby.come_back_link, lobby.memory)
            assert remote.tables(hub.url).set_index("id").loc[table.id, "open"] == []
            # the seat is kept by this browser, and its screen shows the link back to it (with the page's token)
            link = lobby.memory.link
            assert remote.parse_link(link)[1] == table.id and not lobby.memory.forget
            assert f'href="?{urlencode({"table": link, "token": "abc"})}"'.replace("&", "&amp;") \
                in lobby.come_back_link.value
            assert f"your seat at table {table.id}" in lobby.come_back_link.value
        finally:
            app.close()


def test_only_a_class_page_that_asks_shows_the_lobby(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(HUB_ENV, raising=False)
    assert lobby_in_address("lobby") is None  # no class hub: the address cannot name one
    monkeypatch.setenv(HUB_ENV, "http://127.0.0.1:9")
    assert lobby_in_address("lobby&token=x") == "http://127.0.0.1:9"
    assert lobby_in_address("token=x") is None and lobby_in_address("") is None


def test_losing_the_race_for_the_last_seat_reads_as_a_sentence_and_the_list_catches_up() -> None:
    """Issue #30 §2: two students choose the same last seat; the second is told in a sentence (not "Something went
    wrong: HubRefused"), the lobby shows the tables as they are now, and nothing is claimed for them."""
    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "open"], seed=2)
        lobby = LobbyApp(hub.url, lambda link: pytest.fail("no seat was left to open"), refresh_every=None)
        assert lobby.choice.value == table.id
        remote.claim(hub.url, table.id)  # another student, a moment earlier
        lobby.your_name.value = "Bea"
        lobby.take_button.click()
        text = lobby.messages.text
        assert text == (f"Someone else took the last open seat at table {table.id} just before you. No other table "
                        "has a free seat yet: the list updates by itself.")
        assert lobby.messages.kind == "warning" and lobby.seat_app is None
        assert lobby.choice.options == () and lobby.take_button.disabled


def test_the_lobby_keeps_its_list_up_to_date_while_it_waits() -> None:
    """Issue #30 §2: in a running kernel (an asyncio loop) the lobby looks at the hub again by itself, so a table
    the teacher opens appears without a click; it stops once closed."""
    import asyncio

    with running_hub() as hub:
        async def page() -> tuple[tuple, tuple]:
            lobby = LobbyApp(hub.url, lambda link: None, refresh_every=0.05)
            before = lobby.choice.options
            table = remote.create_table(hub.url, players=["Ann", "open"], seed=2)
            for _ in range(100):
                await asyncio.sleep(0.02)
                if lobby.choice.options:
                    break
            after = lobby.choice.options
            lobby.close()
            remote.create_table(hub.url, players=["Bob", "open"], seed=3)
            await asyncio.sleep(0.2)  # closed: no more looks (a look now would fail on the closed widgets)
            assert lobby.choice.options == after
            return before, after if after[0][1] == table.id else ()

        before, after = run_apart(page())
        assert before == () and len(after) == 1


def test_a_browser_that_remembers_its_seat_goes_back_to_it_and_forgets_a_seat_that_is_gone() -> None:
    """Issue #30 §2: the lobby page opened again in the browser that took a seat (a reload, a reopened tab) is told
    the link the browser kept and shows that seat again; a kept link whose table is gone is forgotten, in a
    sentence, and the lobby stays."""
    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "open"], seed=2)
        link = remote.claim(hub.url, table.id)
        lobby = LobbyApp(hub.url, lambda seat_link: ipywidgets.HTML(seat_link), refresh_every=None)
        lobby.memory._on_message(lobby.memory, {"event": "remembered", "link": link}, [])  # what the browser sends
        assert lobby.seat_app.value == link
        assert lobby.children == (lobby.page_style, lobby.seat_app, lobby.come_back_link, lobby.memory)

        gone = LobbyApp(hub.url, remote.join, refresh_every=None)
        remote.delete_table(hub.url, table.id)
        gone.memory._on_message(gone.memory, {"event": "remembered", "link": link}, [])
        assert gone.seat_app is None and gone.memory.forget and gone.memory.link == ""
        assert gone.messages.text.startswith("The seat this browser remembered is no longer at any table")
        gone.memory._on_message(gone.memory, {"event": "remembered", "link": 42}, [])  # not a link: ignored
        assert gone.seat_app is None


def test_the_lobby_and_a_waiting_room_keep_looking_while_the_hub_does_not_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #30 §6: a look at a hub that does not answer (the class command is starting it again) is said in a
    sentence and the page looks again later; it stopped every later look, so the lobby's list and a waiting room
    stood still for good after a hub restart. The sentence goes once the hub answers."""
    import httpx

    from isle_nb.widgets import lobby as lobby_module
    from isle_nb.widgets import waiting_room
    from isle_nb.widgets.later import HUB_SILENT

    looks: list = []  # what the pages ask to be called back for, as a kernel's loop would call it

    def later(_seconds: float | None, callback) -> bool:
        looks.append(callback)
        return True

    monkeypatch.setattr(lobby_module, "later", later)
    monkeypatch.setattr(waiting_room, "later", later)

    def looked() -> None:
        pending, looks[:] = list(looks), []
        for look in pending:
            look()

    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "open"], seed=2)
        lobby = LobbyApp(hub.url, remote_app)
        room = waiting_room.WaitingRoom(table.links["Ann"], remote_app, "Ann")
        answers = remote.tables

        def silent(_url: str) -> None:
            raise httpx.ConnectError("the hub is being started again")

        monkeypatch.setattr(remote, "tables", silent)
        for _ in range(2):
            looked()
            assert len(looks) == 2 and lobby.messages.text == room.messages.text == HUB_SILENT
        monkeypatch.setattr(remote, "tables", answers)
        remote.claim(hub.url, table.id, name="Bob")
        looked()
        try:
            assert lobby.messages.text == "" and len(looks) == 1  # the lobby goes on looking; the room has started
            assert room.messages.text == "" and isinstance(room.app, GameApp) and room.app.viewer == "Ann"
        finally:
            room.app.close()
            lobby.close()


def test_a_seat_taken_by_name_waits_for_the_table_to_start_then_shows_the_game() -> None:
    """Issue #30 §2: each student plays under the name they typed (unique at the table); while a seat is open the
    seat's screen is a waiting room saying who is seated, and it becomes the game once the last seat is taken."""
    from isle_nb.widgets.waiting_room import WaitingRoom

    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["open", "open"], seed=2)
        ann_page = LobbyApp(hub.url, remote_app, refresh_every=None)
        ann_page.your_name.value = "Ann"
        ann_page.take_button.click()
        room = ann_page.seat_app
        assert isinstance(room, WaitingRoom) and room.app is None
        said = room.status.value
        assert f"You are <b>Ann</b> at table {table.id}. The table is waiting for 1 more player. Seated: Ann." in said

        bea_page = LobbyApp(hub.url, remote_app, refresh_every=None)
        bea_page.your_name.value = "Ann"
        bea_page.take_button.click()  # the name is Ann's at this table
        assert bea_page.seat_app is None and bea_page.messages.text == (
            f"The name Ann cannot be used at table {table.id}: someone there has it already, or it is too long. "
            "Choose another name.")
        bea_page.your_name.value = "Bea"
        bea_page.take_button.click()  # the last seat: the table starts, and Bea's screen is the game at once
        try:
            assert isinstance(bea_page.seat_app, GameApp) and bea_page.seat_app.viewer == "Bea"
            room.look()  # what Ann's page does by itself every 2 s
            assert isinstance(room.app, GameApp) and room.app.viewer == "Ann"
            presence = room.children[0]
            assert isinstance(presence, PresenceLine) and room.children == (presence, room.app)
            assert "<b>Ann</b> (you), <b>Bea</b> (here)" in presence.line.value
            assert '"Bea"' in json.dumps(room.app.seat.view.to_dict())  # Ann's game was dealt with Bea's name
        finally:
            for app in (bea_page.seat_app, room.app):
                if app is not None:
                    app.close()


def remote_app(link: str) -> GameApp:
    """The game screen of a seat link, as the play page builds it."""
    return play_app(table=link)
