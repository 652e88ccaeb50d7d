"""The sheets to print and play on paper: the shown player's sheets as a picture, with links that download them as
PNG and SVG, and every player's sheets as a PDF on the paper chosen."""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from isle_nb.draw.pdf import PAPERS
from isle_nb.view.explore_draw import sheets_pdf, sheets_png, sheets_svg
from isle_nb.widgets.messages import MessageArea


def download_link(data: bytes, name: str, mime: str, words: str) -> str:
    """An HTML link that downloads ``data`` as the file ``name`` (a data URL: no server needed)."""
    encoded = base64.b64encode(data).decode()
    return (f'<a class="isle-ed-download" download="{html.escape(name)}" href="data:{mime};base64,{encoded}" '
            f'style="margin-right:14px;color:#1a5fb4;text-decoration:underline;cursor:pointer">{html.escape(words)}</a>')


class PrintPanel:
    """The print button, the paper and the download links (in ``row``), and the picture of the sheets
    (``picture``, shown once printed). ``on_print`` prints the sheets shown (:meth:`show`); a new paper prints
    them again."""

    def __init__(self, messages: MessageArea, on_print: Callable[[], None]) -> None:
        guard = messages.guard
        self.on_print = on_print
        self.print_button = widgets.Button(description="Print the sheets", icon="print",
                                           tooltip="Download the sheets as PNG, SVG or PDF to play on paper")
        self.print_button.add_class("isle-ed-print")
        self.print_button.on_click(guard(lambda _b: on_print()))
        self.downloads = widgets.HTML()
        self.paper = widgets.ToggleButtons(options=tuple(PAPERS), description="Paper", value="A4",
                                           tooltip="The paper the PDF is printed on",
                                           style={"button_width": "auto"})
        self.paper.add_class("isle-ed-paper")
        self.paper.observe(guard(lambda _c: self._reprint()), names=["value"])
        self.picture = widgets.Image(format="png", layout=widgets.Layout(max_width="100%", display="none"))
        self.row = widgets.HBox([self.print_button, self.paper, self.downloads],
                                layout=widgets.Layout(align_items="center", flex_flow="row wrap"))

    @property
    def shown(self) -> bool:
        """Whether the sheets were printed (their picture and links show)."""
        return self.picture.layout.display == "block"

    def _reprint(self) -> None:
        """The paper changed: make the PDF again for it, if the print links are shown."""
        if self.shown:
            self.on_print()

    def show(self, view: Any, player: str, result: Any, seed: Any) -> None:
        """``player``'s sheets in ``view`` as a picture (with their scores by category once the game has its
        ``result``), with links to download them as PNG, SVG, and a PDF of every player's sheets; the files are
        named after the game's ``seed``."""
        sheet = view.sheet_of(player)
        categories = {}
        if result is not None:
            categories = {n: dict(zip(result.columns, v, strict=True))
                          for n, v in zip(result.players, result.values, strict=True)}
        png = sheets_png(sheet, categories=categories.get(player))
        self.picture.value = png
        self.picture.layout.display = "block"
        stem = "explore-draw-" + re.sub(r"[^\w.-]+", "-", str(seed))  # a hub's table: its id and hub
        self.downloads.value = (
            download_link(png, f"{stem}-{player}.png", "image/png", "PNG")
            + download_link(sheets_svg(sheet, categories.get(player)).encode(), f"{stem}-{player}.svg",
                            "image/svg+xml", "SVG")
            + download_link(sheets_pdf(view.seats, categories=categories, paper=self.paper.value),
                            f"{stem}-{self.paper.value.lower()}.pdf", "application/pdf",
                            f"PDF on {self.paper.value} (every player's sheets)"))


__all__ = ["PrintPanel", "download_link"]
