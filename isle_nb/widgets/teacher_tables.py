"""The teacher's list of the class's tables (issue #30 §5): every table as the lobby's public summary shows it (its
game, who is seated, the open seats, who is away, who is awaited, the moves so far, where the game stands and the
score as a watcher sees it, whether it is over), with Start
(while seats are open), End, Delete (after a confirmation) and a link to watch it.

A row is kept for each table and updated in place when the list is looked at again, so a refresh every few seconds
makes no new widgets; the row of a table that is gone closes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from isle_nb.model.parts.words import plural
from isle_nb.widgets.closing import close_tree, replace_children
from isle_nb.widgets.lobby import class_address
from isle_nb.widgets.words import sentence

Action = Callable[[str, str], None]
"""What a row's button does: ``act(what, table_id)`` with ``what`` one of start, end, delete."""


def _names(names: Sequence[str]) -> str:
    return ", ".join(escape(name) for name in names)


def _known(value: Any) -> bool:
    """Whether a summary's number is there (neither ``None`` nor pandas' missing value)."""
    return value is not None and value == value


def summary_html(row: Any) -> str:
    """What the list says of one table (a row of :func:`isle_nb.remote.tables`), only what its public summary
    shows."""
    players, kinds = list(row.players), list(row.kinds)
    seated = [f"{escape(name)} (a bot)" if kind == "bot" and "bot" not in name.lower() else escape(name)
              for name, kind in zip(players, kinds, strict=True) if kind != "open"]
    if row.damaged:
        state = f"cannot be played: {escape(str(row.damaged))}"
    elif row.over:
        state = f"the game is over after {row.seq} moves"
    elif _known(row.ended):
        state = f"ended by the teacher after {row.seq} moves"
    elif len(row.open):
        more = "1 more player" if len(row.open) == 1 else f"{len(row.open)} more players"
        state = f"waiting for {more}"
    else:
        state = f"playing, {row.seq} moves so far"
    lines = [f"<b>Table {escape(str(row.id))}</b>: {escape(str(row.label))}, {state}.",
             f"Seated: {', '.join(seated) or 'nobody yet'}."]
    lines.extend(_progress_lines(row))
    if len(row.open):
        lines.append(f"Open seats: {_names(row.open)}.")
    if len(row.away):
        lines.append(f"Away, a bot playing for them: {_names(row.away)}.")
    if len(row.awaiting) and not row.over and not len(row.open):
        lines.append(f"Waiting for: {_names(row.awaiting)}.")
    if _known(row.time_limit) and not row.over and any(kind in ("person", "open") for kind in kinds):
        lines.append(f"A bot plays for anyone who keeps the table waiting longer than {row.time_limit:g} seconds.")
    return '<div class="isle-teacher-summary" style="line-height:1.45">' + "<br>".join(lines) + "</div>"


def _progress_lines(row: Any) -> list[str]:
    """Where the game stands and the score, as the summary's public view gives them (a row from a hub that does not
    send them has neither): the final score once over; a game that shows no score while it is played says so."""
    progress, scores = getattr(row, "progress", ""), getattr(row, "scores", None)
    if not progress or row.damaged:
        return []
    lines = [] if row.over else [escape(sentence(str(progress)))]  # the first line says it is over
    if isinstance(scores, dict) and scores:
        said = ", ".join(f"{escape(name)} {points}" for name, points in scores.items())
        lines.append(f"{'Final score' if row.over else 'Score so far'}: {said}.")
    elif not row.over and not _known(row.ended):
        lines.append("No score is shown before the end: some points stay secret until then.")
    return lines


class TableRow(widgets.VBox):
    """One table: its summary, its buttons and, after Delete, the question that confirms it."""

    def __init__(self, table: str, act: Action, query: str) -> None:
        self.table = table
        self.summary = widgets.HTML()
        self.start_button = widgets.Button(description="Start", tooltip="Start now, with bots in the open seats")
        self.end_button = widgets.Button(description="End", tooltip="End the game: nobody moves there any more")
        self.delete_button = widgets.Button(description="Delete", button_style="danger",
                                            tooltip="Remove the table (a finished game's result stays)")
        self.watch_link = widgets.HTML(
            f'<a href="{escape(class_address(query, watch=table))}" target="_blank" class="isle-teacher-watch" '
            f'style="color:#1a5fb4;text-decoration:underline;line-height:36px;padding:0 8px">Watch table '
            f"{escape(table)}</a>")
        self.confirm = widgets.HBox()
        """Empty, or the question that confirms a Delete."""
        self.start_button.on_click(lambda _b: act("start", table))
        self.end_button.on_click(lambda _b: act("end", table))
        self.delete_button.on_click(lambda _b: self.ask_delete(act))
        buttons = widgets.HBox([self.start_button, self.end_button, self.delete_button, self.watch_link],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.summary, buttons, self.confirm],
                         layout=widgets.Layout(border="1px solid #d0d7de", padding="6px 8px", margin="4px 0"))
        self.add_class("isle-teacher-table")

    def show(self, row: Any) -> None:
        """Show ``row`` (a row of :func:`isle_nb.remote.tables`) and which buttons apply to it."""
        self.summary.value = summary_html(row)
        done = bool(row.over) or _known(row.ended) or bool(row.damaged)
        self.start_button.disabled = done or not len(row.open)
        self.end_button.disabled = done

    def ask_delete(self, act: Action) -> None:
        """Ask before deleting: the table's game is lost (its result, if it finished, stays)."""
        question = widgets.HTML(f"Delete table {escape(self.table)} and its game? A finished game's result stays "
                                "in the class's results.")
        yes = widgets.Button(description="Yes, delete it", button_style="danger")
        no = widgets.Button(description="Keep it")
        yes.on_click(lambda _b: act("delete", self.table))
        no.on_click(lambda _b: replace_children(self.confirm, []))
        replace_children(self.confirm, [question, yes, no])
        self.confirm.layout = widgets.Layout(flex_flow="row wrap", align_items="center")


class TableList(widgets.VBox):
    """Every table of the class, a :class:`TableRow` each, newest first; ``query`` is the page's query string (its
    token goes into the Watch links)."""

    def __init__(self, act: Action, query: str) -> None:
        self._act = act
        self._query = query
        self.rows: dict[str, TableRow] = {}
        """The row of each table shown, by id."""
        self.status = widgets.HTML()
        self.box = widgets.VBox()
        super().__init__([self.status, self.box])

    def show(self, frame: Any) -> None:
        """Show the tables of ``frame`` (:func:`isle_nb.remote.tables`): rows updated in place, new ones added,
        those of tables that are gone closed."""
        ids = [str(table) for table in frame["id"]][::-1] if len(frame) else []
        for row in frame.itertuples() if len(frame) else ():
            shown = self.rows.get(str(row.id))
            if shown is None:
                shown = self.rows[str(row.id)] = TableRow(str(row.id), self._act, self._query)
            shown.show(row)
        gone = [self.rows.pop(table) for table in list(self.rows) if table not in ids]
        self.box.children = tuple(self.rows[table] for table in ids)
        close_tree(*gone)
        self.status.value = (f"{plural(len(ids), 'table')} on the class's hub; the list updates itself every few "
                             "seconds."
                             if ids else "No table yet: create one above.")


__all__ = ["TableList", "TableRow", "summary_html"]
