"""A visible message area, and :meth:`MessageArea.guard` that routes every handler's errors into it.

Exceptions raised in widget callbacks and observers vanish silently in Jupyter; every handler of the game widgets
is wrapped by ``guard``, so a refused move shows its rule ("PLACE-3: ...") and a bug shows its traceback.
"""

from __future__ import annotations

import functools
import html
import traceback
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import ipywidgets as widgets

from isle_nb.model.errors import IllegalAction

P = ParamSpec("P")
R = TypeVar("R")

STYLES = {
    "info": ("#e8f1fb", "#0b4f8a", "&#9432;"),
    "ok": ("#e6f4ea", "#1e6b34", "&#10004;"),
    "warning": ("#fff4e0", "#7a4a00", "&#9888;"),
    "error": ("#fde8e8", "#a11a1a", "&#10006;"),
}


class MessageArea(widgets.HTML):
    """One line telling the player what happened: info, success, a refused move, or an unexpected error."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("isle-message")
        self.kind = "info"
        self.text = ""
        self.errors: list[str] = []
        """Every error shown so far (tests read this)."""

    def show(self, text: str, kind: str = "info", detail: str | None = None) -> None:
        """Show a message; ``kind`` is info, ok, warning or error."""
        background, colour, icon = STYLES[kind]
        self.kind, self.text = kind, text
        extra = ""
        if detail:
            extra = (
                '<details style="margin-top:4px"><summary>details</summary>'
                f'<pre style="font-size:11px;white-space:pre-wrap">{html.escape(detail)}</pre></details>'
            )
        self.value = (
            f'<div class="isle-message-{kind}" style="background:{background};color:{colour};padding:5px 10px;'
            f'border-radius:6px;font-size:13px;line-height:1.35">{icon} {html.escape(text)}{extra}</div>'
        )

    def clear(self) -> None:
        """Remove the message."""
        self.kind, self.text = "info", ""
        self.value = ""

    def error(self, error: BaseException) -> None:
        """Show an exception: a refused move in plain words, anything else with its traceback."""
        if isinstance(error, IllegalAction):
            text = f"Not allowed: {error}"
            self.show(text, "error")
        else:
            text = f"Something went wrong: {type(error).__name__}: {error}"
            detail = "".join(traceback.format_exception(type(error), error, error.__traceback__))
            self.show(text, "error", detail)
        self.errors.append(text)

    def guard(self, handler: Callable[P, R]) -> Callable[P, R | None]:
        """``handler`` wrapped so that any exception is shown here instead of vanishing."""

        @functools.wraps(handler)
        def wrapped(*args: P.args, **kwargs: P.kwargs) -> R | None:
            try:
                return handler(*args, **kwargs)
            except Exception as error:  # every handler error must become visible
                self.error(error)
                return None

        return wrapped


__all__ = ["MessageArea"]
