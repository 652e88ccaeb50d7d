"""The teacher's page of a class (issue #30 §5): nothing without the hub's admin secret; then tables created from a
form, listed with Start, End, Delete and Watch, the class's results as tables and CSV, and the class's address as a
QR code."""

from __future__ import annotations

import base64
import re
import time

import pytest
from apart import run_apart

from isle_nb import play_app, remote
from isle_nb.hub import running_hub
from isle_nb.model.modes import game_mode
from isle_nb.widgets.lobby import HUB_ENV
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.teacher import CLASS_ADDRESS_ENV, TeacherApp, address_html, teacher_in_address
from isle_nb.widgets.teacher_form import NewTableForm, SeatChoice, seat_specs

pytestmark = pytest.mark.timeout(60)


def opened(url: str, secret: str) -> TeacherApp:
    """The teacher's page of the hub at ``url``, opened with ``secret``."""
    app = TeacherApp(url, refresh_every=None, query="teacher&token=abc")
    app.secret_field.value = secret
    app.open_button.click()
    assert app.is_open, app.messages.text
    return app


def test_the_page_shows_nothing_but_the_secret_field_until_the_hubs_secret_is_typed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with running_hub() as hub:
        monkeypatch.setenv(HUB_ENV, hub.url)
        monkeypatch.setenv("QUERY_STRING", "teacher&token=abc")
        app = play_app()
        assert isinstance(app, TeacherApp) and "isle-teacher" in app._dom_classes
        gate = app.children
        for typed, said in (("", "Type the hub's admin secret first."),  # this process knows it: never used
                            ("a guess", "That is not the hub's admin secret: nothing is shown without it.")):
            app.secret_field.value = typed
            app.open_button.click()
            assert not app.is_open and app.children == gate and app.form is None
            assert app.messages.text.startswith(said) and app.messages.kind == "warning"
            assert app.secret_field.value == ""
        app.secret_field.value = f" {hub.secret} "
        app.open_button.click()
        assert app.is_open and app.form in app.children and app.tables in app.children
        assert app.secret_field.value == "" and app.messages.text.startswith("The class is open")


@pytest.mark.parametrize(("hub", "query", "shown"), [
    (None, "teacher&token=x", False),  # no class hub: the address cannot name one
    ("http://127.0.0.1:9", "teacher&token=x", True),
    ("http://127.0.0.1:9", "lobby&token=x", False),
    ("http://127.0.0.1:9", "", False),
])
def test_only_a_class_page_that_asks_is_the_teachers(monkeypatch: pytest.MonkeyPatch, hub: str | None, query: str,
                                                     shown: bool) -> None:
    if hub is None:
        monkeypatch.delenv(HUB_ENV, raising=False)
    else:
        monkeypatch.setenv(HUB_ENV, hub)
    assert teacher_in_address(query) == (hub if shown else None)


def test_a_table_made_with_the_form_is_listed_then_started_ended_and_deleted_after_a_confirmation() -> None:
    with running_hub() as hub:
        app = opened(hub.url, hub.secret)
        form = app.form
        assert form is not None and app.tables is not None
        assert app.tables.status.value.startswith("No table yet")
        form.mode.value = "standard"
        form.count.value = 3
        for row, (who, name) in zip(form.rows, [("person", "Ann"), ("open", ""), ("bot:greedy", "Cleo")],
                                    strict=True):
            row.who.value, row.name.value = who, name
        form.time_limit.value = 60.0
        form.create_button.click()
        table = remote.tables(hub.url).iloc[0]
        assert app.messages.text == f"Table {table.id} is ready: 1 open seat waits for a student in the lobby."
        assert list(table.players) == ["Ann", "Player 2", "Cleo"] and list(table.kinds) == ["person", "open", "bot"]
        assert table.time_limit == 60.0
        assert "the seat of Ann" in app.links.value and "token=abc" in app.links.value
        row = app.tables.rows[table.id]
        assert "waiting for 1 more player" in row.summary.value and "Open seats: Player 2." in row.summary.value
        assert f'href="?watch={table.id}&amp;token=abc"' in row.watch_link.value
        assert not row.start_button.disabled and not row.end_button.disabled

        row.start_button.click()
        assert app.messages.text == f"Table {table.id} has started: bots play its open seats."
        assert list(remote.tables(hub.url).iloc[0].open) == [] and row.start_button.disabled
        row.end_button.click()
        assert app.messages.text == f"Table {table.id} has ended: nobody moves there any more."
        assert "ended by the teacher" in row.summary.value and row.end_button.disabled

        row.delete_button.click()  # asks first: nothing is deleted yet
        question, _yes, no = row.confirm.children
        assert question.value.startswith(f"Delete table {table.id} and its game?") and len(remote.tables(hub.url))
        no.click()
        assert row.confirm.children == () and len(remote.tables(hub.url)) == 1
        row.delete_button.click()
        row.confirm.children[1].click()
        assert app.messages.text.startswith(f"Table {table.id} is deleted") and remote.tables(hub.url).empty
        assert app.tables.rows == {} and row.comm is None  # the row is closed


@pytest.mark.parametrize(("seats", "said"), [
    ([SeatChoice("person", "Ann"), SeatChoice("person", " ann ")],
     "The name ann is given to two seats: each player at a table needs a name of their own."),
    ([SeatChoice("person", ""), SeatChoice("open")],
     "Seat 1 is for a person: type their name, or make it an open seat."),
    ([SeatChoice("open")] * 3, "Pocket Cats is played by 2 players, not 3."),
    ([SeatChoice("person", "x" * 41), SeatChoice("open")],
     "The name of seat 1 is too long: a name has at most 40 characters."),
    ([SeatChoice("person", "Greedy bot"), SeatChoice("bot:greedy")],
     "Players need different names, got ['Greedy bot', 'Greedy bot']."),
])
def test_a_form_that_cannot_be_a_table_is_refused_in_a_sentence(seats: list[SeatChoice], said: str) -> None:
    with pytest.raises(ValueError) as refused:
        seat_specs("pocket", seats)
    assert str(refused.value) == said
    assert seat_specs("pocket", [SeatChoice("open", "Ann"), SeatChoice("bot:random")]) == ["Ann=open", "bot:random"]


def test_the_forms_drop_downs_always_show_a_choice_and_give_the_modes_own_values() -> None:
    made: list[tuple] = []
    form = NewTableForm(MessageArea(), lambda *table: made.append(table))
    form.mode.value = "pocket"
    shown = [*form.option_boxes.values(), form.time_limit, form.count, *(row.who for row in form.rows)]
    assert all(box.value is not None for box in shown)  # None would show as no choice in the browser
    form.option_boxes["effects"].value = 1
    form.rows[0].who.value = "bot:random"
    form.create_button.click()
    form.time_limit.value = 60.0
    form.create_button.click()
    options = {"variant": game_mode("pocket").options["variant"][0], "effects": False, "clans": None}
    seats = ["bot:random", "open"]
    assert made == [("pocket", seats, options, None), ("pocket", seats, options, 60.0)]


def test_refusals_change_nothing_and_the_results_are_shown_and_downloadable() -> None:
    with running_hub() as hub:
        app = opened(hub.url, hub.secret)
        form = app.form
        assert form is not None and app.results.value == "<p>No game of the class has finished yet.</p>"
        form.mode.value = "pocket"
        form.rows[0].who.value, form.rows[0].name.value = "person", "Ann"
        form.rows[1].who.value, form.rows[1].name.value = "person", "Ann"
        form.create_button.click()
        assert app.messages.text.startswith("The table was not created. The name Ann is given to two seats")
        assert remote.tables(hub.url).empty and app.links.value == ""
        app.create("pocket", ["Ann", "Bob"], {"variant": "no such variant"}, None)  # the hub refuses: a sentence
        assert app.messages.text.startswith("The table was not created. ") and "SETUP" not in app.messages.text
        assert remote.tables(hub.url).empty

        form.rows[0].who.value = form.rows[1].who.value = "bot:random"
        form.rows[0].name.value = form.rows[1].name.value = ""
        form.create_button.click()  # two bots: the game plays itself to the end
        assert app.messages.text.endswith("is ready: its game has started."), app.messages.text
        deadline = time.monotonic() + 20
        while remote.results(hub.url, hub.secret).empty and time.monotonic() < deadline:
            time.sleep(0.05)
        app.refresh()
        assert list(app.totals.columns) == ["table", "mode", "player", "total", "rank", "winner"]
        assert len(app.totals) == 2 and set(app.totals["mode"]) == {"pocket"} and app.totals["winner"].any()
        assert list(app.scores.columns) == ["table", "player", "category", "value"]
        links = dict(re.findall(r'download="([^"]+)" href="data:text/csv;charset=utf-8;base64,([^"]+)"',
                                app.results.value))
        assert set(links) == {"class-results.csv", "class-scores.csv"}
        assert base64.b64decode(links["class-results.csv"]).decode().startswith("table,mode,player,total,rank,winner\n")
        assert "isle-teacher-frame" in app.results.value and "Random bot 1" in app.results.value


def test_a_hub_that_does_not_answer_is_said_in_a_sentence_and_so_is_its_return() -> None:
    with running_hub() as hub:
        app = opened(hub.url, hub.secret)
    app.refresh()  # the hub has stopped (a class restarts it)
    assert app.messages.text.startswith("The class's hub does not answer just now") and app.is_open
    with running_hub() as again:  # as if restarted (a class keeps its port and secret; one in memory cannot)
        app.url, app._secret = again.url, again.secret
        app.refresh()
        assert app.messages.text.startswith("The class's hub answers again")


def test_the_class_address_is_shown_with_a_qr_code(monkeypatch: pytest.MonkeyPatch) -> None:
    address = "http://192.168.1.20:8866/voila/render/00_play.ipynb?lobby&token=abc"
    shown = address_html(address)
    assert shown.count("<svg") == 1 and 'class="isle-teacher-qr"' in shown and "192.168.1.20" in shown
    assert "this machine only" not in shown
    assert "this machine only" in address_html(address.replace("192.168.1.20", "127.0.0.1"))
    assert "does not know the class's address" in address_html(None)
    with running_hub() as hub:
        monkeypatch.setenv(CLASS_ADDRESS_ENV, address)
        app = opened(hub.url, hub.secret)
        assert any("<svg" in getattr(child, "value", "") for child in app.children)


def test_the_page_keeps_its_tables_up_to_date_by_itself_until_it_is_closed() -> None:
    """In a running kernel (an asyncio loop) the open page looks at the hub again by itself, as the lobby does."""
    import asyncio

    with running_hub() as hub:
        async def page() -> tuple[int, int]:
            app = opened(hub.url, hub.secret)
            app.refresh_every = 0.05
            app.open_button.click()  # the secret field is empty now: refused, the page stays open
            assert app.is_open and app.messages.text == "Type the hub's admin secret first."
            app._tick()
            tables = app.tables
            assert tables is not None and tables.rows == {}
            remote.create_table(hub.url, players=["Ann", "open"], seed=2)
            for _ in range(100):
                await asyncio.sleep(0.02)
                if tables.rows:
                    break
            seen = len(tables.rows)
            app.close()
            remote.create_table(hub.url, players=["Bob", "open"], seed=3)
            await asyncio.sleep(0.2)  # closed: no more looks
            return seen, len(tables.rows)

        assert run_apart(page()) == (1, 1)


def test_a_tables_line_says_only_what_its_public_summary_shows() -> None:
    from types import SimpleNamespace

    from isle_nb.widgets.teacher_tables import summary_html

    row = SimpleNamespace(id="7", label="The Isle of Cats", players=["Ann", "Bob", "Cleo", "Player 4"],
                          kinds=["person", "person", "bot", "open"], open=["Player 4"], away=[], awaiting=["Ann"],
                          seq=0, over=False, ended=float("nan"), damaged=None, time_limit=None)
    assert summary_html(row).split(">", 1)[1] == (
        "<b>Table 7</b>: The Isle of Cats, waiting for 1 more player.<br>Seated: Ann, Bob, Cleo (a bot).<br>"
        "Open seats: Player 4.</div>")
    row.open, row.kinds[3], row.players[3] = [], "bot", "Greedy bot"  # started: a bot in the open seat
    row.seq, row.away, row.time_limit = 12, ["Bob"], 30.0
    assert summary_html(row).split(">", 1)[1] == (
        "<b>Table 7</b>: The Isle of Cats, playing, 12 moves so far.<br>Seated: Ann, Bob, Cleo (a bot), Greedy bot."
        "<br>Away, a bot playing for them: Bob.<br>Waiting for: Ann.<br>A bot plays for anyone who keeps the table "
        "waiting longer than 30 seconds.</div>")
    row.kinds = ["bot", "bot", "bot", "bot"]  # nobody at the table for a bot to play for: the limit is not said
    assert "keeps the table waiting" not in summary_html(row)
    row.kinds = ["person", "person", "bot", "bot"]
    row.over = True
    assert "the game is over after 12 moves." in summary_html(row) and "Waiting for" not in summary_html(row)
    assert "keeps the table waiting" not in summary_html(row)  # over: nobody will be waited for
