"""A visible message line, and :meth:`MessageArea.guard` that routes every handler's errors into it.

Exceptions raised in widget callbacks and observers vanish silently in Jupyter; every handler of the game widgets
is wrapped by ``guard``, so a refused move shows why in a sentence (with the rule as a small tag whose tooltip is the
rule's text) and a bug shows its traceback.

The line has a fixed height: showing or clearing a message never moves anything below it (nothing jumps under the
mouse). A long message is cut with an ellipsis; its full text is the tooltip.
"""

from __future__ import annotations

import functools
import html
import traceback
import weakref
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, TypeVar

import ipywidgets as widgets

from isle_nb.model.core.errors import IllegalAction, InvalidSave
from isle_nb.model.core.history import UndoRefused
from isle_nb.widgets.words import error_words, line_html

P = ParamSpec("P")
R = TypeVar("R")

HEIGHT = "34px"
"""The message line's fixed height."""

# Icons are small inline SVGs: they need no icon font and no emoji font.
_CIRCLE = '<circle cx="8" cy="8" r="7.5" fill="{c}"/>'
ICONS = {
    "info": _CIRCLE + '<rect x="7" y="7" width="2" height="5" fill="#fff"/><rect x="7" y="4" width="2" height="2" '
                      'fill="#fff"/>',
    "ok": _CIRCLE + '<path d="M4.5 8.2l2.3 2.3 4.7-4.9" stroke="#fff" stroke-width="2" fill="none"/>',
    "warning": '<path d="M8 0.8L15.4 15H0.6z" fill="{c}"/><rect x="7" y="5" width="2" height="5" fill="#fff"/>'
               '<rect x="7" y="11" width="2" height="2" fill="#fff"/>',
    "error": _CIRCLE + '<path d="M5 5l6 6M11 5l-6 6" stroke="#fff" stroke-width="2"/>',
}
STYLES = {
    "info": ("#e8f1fb", "#0b4f8a"),
    "ok": ("#e6f4ea", "#1e6b34"),
    "warning": ("#fff4e0", "#7a4a00"),
    "error": ("#fde8e8", "#a11a1a"),
}


def icon_svg(kind: str) -> str:
    """The message icon of ``kind`` as inline SVG."""
    colour = STYLES[kind][1]
    return (f'<svg class="isle-icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" '
            f'style="vertical-align:-3px;flex:none">{ICONS[kind].format(c=colour)}</svg>')


class MessageArea(widgets.HTML):
    """One line telling the player what happened: info, success, a refused move, or an unexpected error."""

    def __init__(self, **kwargs: Any) -> None:
        if "layout" not in kwargs:  # made only when needed: an unused Layout would stay alive (a widget too)
            kwargs["layout"] = widgets.Layout(height=HEIGHT, min_height=HEIGHT, max_height=HEIGHT,
                                              overflow="hidden", margin="2px 0")
        super().__init__(**kwargs)
        self.add_class("isle-message")
        self.kind = "info"
        self.text = ""
        """The message as plain text (without the rule tags)."""
        self.rules: list[str] = []
        """The rule IDs the message cites."""
        self.errors: list[str] = []
        """Every error shown so far, with the rule IDs it cites in brackets (tests read this)."""
        self._on_handled: weakref.WeakMethod[Callable[[], None]] | None = None
        self._clears_too: weakref.ref[MessageArea] | None = None

    @property
    def on_handled(self) -> Callable[[], None] | None:
        """A method called after every guarded handler (the app's ready signal, :mod:`isle_nb.widgets.ready`). Held
        weakly: a closed app's message line, still reachable from a canvas' callbacks, does not keep the app alive."""
        return self._on_handled() if self._on_handled is not None else None

    @on_handled.setter
    def on_handled(self, method: Callable[[], None] | None) -> None:
        self._on_handled = weakref.WeakMethod(method) if method is not None else None

    @property
    def clears_too(self) -> MessageArea | None:
        """Another message line that clears whenever this one does: the line of the app on the screen, above another
        game's app shown in its place, says "New game started" or "Loaded your game"; once the player moves in that
        game (its app clears its own line), that news is stale. Held weakly."""
        return self._clears_too() if self._clears_too is not None else None

    @clears_too.setter
    def clears_too(self, other: MessageArea | None) -> None:
        self._clears_too = weakref.ref(other) if other is not None else None

    def show(self, text: str, kind: str = "info", detail: str | None = None, rules: Sequence[str] = ()) -> None:
        """Show a message (a plain-text sentence); ``kind`` is info, ok, warning or error; ``rules`` are shown as
        tags."""
        background, colour = STYLES[kind]
        self.kind, self.text, self.rules = kind, text, list(rules)
        extra = ""
        if detail:
            extra = (
                '<details style="display:inline;margin-left:8px"><summary style="display:inline;cursor:pointer">'
                'details</summary><pre style="font-size:11px;white-space:pre-wrap;max-height:200px;overflow:auto">'
                f"{html.escape(detail)}</pre></details>"
            )
        self.value = (
            f'<div class="isle-message-{kind}" title="{html.escape(text)}" style="background:{background};'
            f"color:{colour};padding:0 10px;border-radius:6px;font-size:13px;height:{HEIGHT};display:flex;"
            f'align-items:center;gap:6px;overflow:hidden;white-space:nowrap;box-sizing:border-box">'
            f'{icon_svg(kind)}<span class="isle-message-text" style="overflow:hidden;text-overflow:ellipsis">'
            f"{line_html(text, rules)}</span>{extra}</div>"
        )

    def clear(self) -> None:
        """Remove the message (the line keeps its place)."""
        self.kind, self.text, self.rules = "info", "", []
        self.value = ""
        other = self.clears_too
        if other is not None and other is not self:
            other.clear()

    def error(self, error: BaseException) -> None:
        """Show an exception: a refused move in plain words, anything else with its traceback."""
        if isinstance(error, IllegalAction):
            words, rules = error_words(error)
            text = f"Not allowed: {words}"
            self.show(text, "error", rules=rules)
            text += f" ({', '.join(rules)})" if rules else ""  # the record keeps the rule IDs
        elif isinstance(error, (UndoRefused, InvalidSave)):  # and their kinds (OutdatedSave)
            words, rules = error_words(error)
            self.show(words, "warning", rules=rules)
            text = words
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
            finally:
                handled = self.on_handled
                if handled is not None:
                    handled()

        return wrapped


__all__ = ["HEIGHT", "MessageArea", "icon_svg"]
