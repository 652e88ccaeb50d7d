"""The teacher's page of a class (issue #30 §5): the play page opened with ``?teacher`` under ``isle-nb class``.

Nothing shows but a field for the hub's admin secret until the secret typed is the hub's (the hub itself says so):
students hold only the page token, so a student who guesses the page's address gets no further. Once open, the page
shows the class's address (with a QR code for phones), a form for new tables (:mod:`.teacher_form`), every table of
the class with Start, End, Delete and Watch (:mod:`.teacher_tables`, kept up to date every few seconds on the
kernel's running loop, as the lobby is), and the class's results as tables and CSV downloads
(:mod:`isle_nb.hub.results`).
"""

from __future__ import annotations

import base64
import os
from html import escape
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

import httpx
import ipywidgets as widgets

from isle_nb.hub.results import csv_text, scores_frame, totals_frame
from isle_nb.model.parts.words import plural
from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.fit import fit_style
from isle_nb.widgets.later import HUB_SILENT, later
from isle_nb.widgets.lobby import HUB_ENV, class_address
from isle_nb.widgets.messages import HEIGHT, MessageArea
from isle_nb.widgets.page_intro import introduction_hidden
from isle_nb.widgets.teacher_form import NewTableForm, links_html, sentence
from isle_nb.widgets.teacher_tables import TableList

if TYPE_CHECKING:
    import pandas as pd
else:
    from isle_nb.model.core.lazy import pandas as pd

REFRESH_EVERY = 5.0
"""Seconds between two looks at the hub's tables and results while the page is open (local requests of a few ms)."""
CLASS_ADDRESS_ENV = "ISLE_NB_CLASS_ADDRESS"
"""The environment variable in which ``isle-nb class`` tells the pages' kernels the address it hands out."""

PAGE_STYLE = (
    f"{introduction_hidden('isle-teacher')}\n"
    ".isle-teacher .isle-message div, .isle-teacher .isle-message-text { white-space: normal !important; "
    f"height: auto !important; min-height: {HEIGHT}; line-height: 1.35; }}\n"
    ".isle-teacher .isle-message div { padding: 4px 10px !important; box-sizing: border-box; }\n"
    ".isle-teacher .isle-message { max-width: 100%; }\n"
    ".isle-teacher .isle-teacher-frame { border-collapse: collapse; font-size: 12px; line-height: 1.4; }\n"
    ".isle-teacher .isle-teacher-frame th, .isle-teacher .isle-teacher-frame td { padding: 2px 8px; "
    "border-bottom: 1px solid #d0d7de; text-align: left; white-space: nowrap; }\n"
    ".isle-teacher .isle-teacher-scroll { max-width: 100%; overflow-x: auto; }")
"""Hides the play page's introduction (about games on this device), lets the page's messages wrap, and keeps the
results' tables within the screen (they scroll inside their own box)."""

GATE = ("<h3>The teacher's page</h3><p>Type the hub's admin secret to manage the class's tables. The class command "
        "printed where it is kept (the file <code>hub.secret</code> beside the hub's database).</p>")


def teacher_in_address(query: str) -> str | None:
    """The hub the teacher's page manages: the class's hub (``ISLE_NB_HUB``) when the page's query string asks for
    the teacher's page (``?teacher``), else ``None``. The address never names the hub."""
    hub = os.environ.get(HUB_ENV)
    return hub if hub and "teacher" in parse_qs(query or "", keep_blank_values=True) else None


def qr_svg(text: str) -> str | None:
    """``text`` as a QR code (inline SVG, about 200 px wide), or ``None`` without the ``segno`` library."""
    try:
        import segno
    except ImportError:
        return None
    return str(segno.make(text, error="m").svg_inline(scale=4, border=2))


def address_html(address: str | None) -> str:
    """What the page says of the class's ``address`` (the one handed out): the link, its QR code for phones, and
    whether other devices can reach it at all."""
    if not address:
        return ("<p>This page does not know the class's address: hand out the address the class command printed "
                "(the one with <code>?lobby</code>).</p>")
    host = urlsplit(address).hostname or ""
    note = ("<p>The class is served on this machine only, so phones and other computers cannot open this address: "
            "start the class with <code>--ip 0.0.0.0</code> to let them.</p>"
            if host in ("localhost", "127.0.0.1", "::1") else "")
    code = qr_svg(address)
    picture = (f'<div class="isle-teacher-qr" style="max-width:100%">{code}</div>' if code else
               "<p>Install the segno library to see this address as a QR code too.</p>")
    return (f'<p>Students open this address, or scan the code with a phone: <a href="{escape(address)}" '
            f'target="_blank" style="color:#1a5fb4;text-decoration:underline;overflow-wrap:anywhere">'
            f"{escape(address)}</a></p>{picture}{note}")


def download_link(frame: pd.DataFrame, file_name: str, what: str) -> str:
    """A link that downloads ``frame`` as the CSV file ``file_name`` (the data is in the link itself)."""
    data = base64.b64encode(csv_text(frame).encode()).decode()
    return (f'<a download="{escape(file_name)}" href="data:text/csv;charset=utf-8;base64,{data}" '
            f'style="color:#1a5fb4;text-decoration:underline">{escape(what)}</a>')


def frame_html(frame: pd.DataFrame) -> str:
    """``frame`` as an HTML table that scrolls within the screen's width."""
    table = frame.to_html(index=False, border=0, classes="isle-teacher-frame")
    return f'<div class="isle-teacher-scroll">{table}</div>'


class TeacherApp(widgets.VBox):
    """The teacher's page for the hub at ``url``: the admin secret first, then the class (see the module).
    ``query`` is the page's query string (Voila's by default), which holds the page token the links need."""

    def __init__(self, url: str, refresh_every: float | None = REFRESH_EVERY, query: str | None = None) -> None:
        self.url = url
        self.refresh_every = refresh_every
        self.query = os.environ.get("QUERY_STRING", "") if query is None else query
        self._secret: str | None = None
        self.messages = MessageArea(layout=widgets.Layout(min_height=HEIGHT, margin="2px 0"))
        self.secret_field = widgets.Password(placeholder="The hub's admin secret", layout=widgets.Layout(
            width="auto", max_width="360px", min_width="0", flex="1 1 auto"))
        self.open_button = widgets.Button(description="Open", button_style="primary")
        self.open_button.on_click(lambda _b: self.messages.guard(self.enter)())
        self.page_style = widgets.HTML(f"<style>{PAGE_STYLE}</style>", layout=widgets.Layout(display="none"))
        self.gate = widgets.VBox([widgets.HTML(GATE), widgets.HBox(
            [self.secret_field, self.open_button], layout=widgets.Layout(flex_flow="row wrap"))])
        self.form: NewTableForm | None = None
        self.tables: TableList | None = None
        self.links = widgets.HTML()
        """The links of the people named at the table created last."""
        self.results = widgets.HTML()
        self.totals = pd.DataFrame()
        """The class's results, a row per player of each finished table (:func:`~isle_nb.hub.results.totals_frame`)."""
        self.scores = pd.DataFrame()
        """The class's score sheets, line by line (:func:`~isle_nb.hub.results.scores_frame`)."""
        self._finished = -1
        self._unanswered = False
        """Whether the hub did not answer the last look (it is restarting): the next answer is said."""
        super().__init__([self.page_style, self.gate, self.messages, fit_style()])
        self.add_class("isle-teacher")

    @property
    def is_open(self) -> bool:
        """Whether the admin secret was given (the class is shown)."""
        return self._secret is not None

    def enter(self) -> None:
        """Check the secret typed against the hub; open the class if it is the hub's, else say so (nothing shown)."""
        from isle_nb import remote

        given = self.secret_field.value.strip()
        self.secret_field.value = ""
        if not given:  # never fall back on a secret found on this machine: the teacher must know it
            self.messages.show("Type the hub's admin secret first.", "warning")
            return
        try:
            results = remote.results(self.url, given)
        except remote.HubRefused as refused:
            if refused.code != "admin":
                raise
            self.messages.show("That is not the hub's admin secret: nothing is shown without it. Copy it from the "
                               "file the class command named.", "warning")
            return
        self._secret = given
        self.form = NewTableForm(self.messages, self.messages.guard(self.create))
        self.tables = TableList(self.messages.guard(self.act), self.query)
        address = widgets.HTML(address_html(os.environ.get(CLASS_ADDRESS_ENV)))
        replace_children(self, [
            self.page_style, widgets.HTML("<h3>The teacher's page</h3>"), address, self.form, self.messages,
            self.links, widgets.HTML("<h4>The class's tables</h4>"), self.tables,
            widgets.HTML("<h4>Results</h4>"), self.results, fit_style()])
        self.messages.show("The class is open: create tables below, and follow them as they are played.", "ok")
        self.refresh(results)
        later(self.refresh_every, self._tick)

    def _tick(self) -> None:
        """Look at the hub again and schedule the next look, for as long as the page is shown."""
        if self.comm is None:
            return
        try:
            self.messages.guard(self.refresh)()
        finally:
            later(self.refresh_every, self._tick)

    def refresh(self, results: pd.DataFrame | None = None) -> None:
        """Show the tables and results as the hub has them now; a hub that does not answer (restarting) is said in
        a sentence and the page looks again later."""
        from isle_nb import remote

        if self._secret is None or self.tables is None:
            return
        try:
            self.tables.show(remote.tables(self.url))
            self.show_results(remote.results(self.url, self._secret) if results is None else results)
        except httpx.HTTPError:
            self._unanswered = True
            self.messages.show(HUB_SILENT, "warning")
            return
        if self._unanswered:
            self._unanswered = False
            self.messages.show("The class's hub answers again: the tables below are as it has them now.", "ok")

    def show_results(self, results: pd.DataFrame) -> None:
        """Show the class's finished games (``results`` from :func:`isle_nb.remote.results`) as two tables, each
        downloadable as CSV (redrawn only when a game has finished since)."""
        if len(results) == self._finished:
            return
        self._finished = len(results)
        self.totals, self.scores = totals_frame(results), scores_frame(results)
        if self.totals.empty:
            self.results.value = "<p>No game of the class has finished yet.</p>"
            return
        self.results.value = (
            f"<p>{plural(len(results), 'finished game')}. Download: "
            f"{download_link(self.totals, 'class-results.csv', 'the results (a row per player)')}, "
            f"{download_link(self.scores, 'class-scores.csv', 'the score sheets (a row per line)')}.</p>"
            f"{frame_html(self.totals)}<details><summary>The score sheets line by line ({len(self.scores)} rows)"
            f"</summary>{frame_html(self.scores)}</details>")

    def create(self, mode: str, specs: list[str], options: dict[str, Any], time_limit: float | None) -> None:
        """Create a table (the form checked it); the hub's refusal is a sentence, and nothing is created."""
        from isle_nb import remote

        extra = {**options, **({} if time_limit is None else {"time_limit": time_limit})}
        try:
            table = remote.create_table(self.url, players=specs, mode=mode, secret=self._secret, **extra)
        except (remote.HubRefused, ValueError) as refused:  # the rules' IllegalAction is a ValueError
            self.messages.show(f"The table was not created. {sentence(refused)}", "warning")
            return
        waiting = sum(spec == "open" or spec.endswith("=open") for spec in specs)
        self.messages.show(f"Table {table.id} is ready: " + (
            "its game has started." if not waiting else "1 open seat waits for a student in the lobby."
            if waiting == 1 else f"{waiting} open seats wait for students in the lobby."), "ok")
        self.links.value = links_html(table.id, table.links, lambda link: class_address(self.query, table=link))
        self.refresh()

    def act(self, what: str, table: str) -> None:
        """A table row's button: start, end or delete ``table``, then show the list as it is now."""
        from isle_nb import remote

        do, done = {"start": (remote.start_table, "has started: bots play its open seats"),
                    "end": (remote.end_table, "has ended: nobody moves there any more"),
                    "delete": (remote.delete_table, "is deleted (a finished game's result stays)")}[what]
        try:
            do(self.url, table, self._secret)
        except remote.HubRefused as refused:
            self.messages.show(f"Table {table} could not be {'deleted' if what == 'delete' else what + 'ed'}. "
                               f"{sentence(refused)}", "warning")
        else:
            self.messages.show(f"Table {table} {done}.", "ok")
        self.refresh()


__all__ = ["CLASS_ADDRESS_ENV", "REFRESH_EVERY", "TeacherApp", "address_html", "qr_svg", "teacher_in_address"]
