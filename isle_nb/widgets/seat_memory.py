"""``SeatMemory``: a class seat remembered by the student's browser, so that a reload or a reopened tab of the lobby
page takes them back to their seat (issue #30 §2).

An invisible anywidget (``seat_memory.js``) in the lobby: when a seat is taken, :meth:`SeatMemory.keep` stores its
link in the browser's local storage under :attr:`SeatMemory.key` (one key per class hub); when the page opens again,
the browser sends the link it kept and :attr:`SeatMemory.on_remembered` is called with it. :meth:`SeatMemory.forget`
removes a link that no longer opens a seat. Nothing leaves the browser but to this page's own kernel.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
from traitlets import Bool, Unicode


class SeatMemory(anywidget.AnyWidget):
    """The seat link this browser keeps for one class (see the module's text)."""

    _esm = Path(__file__).with_name("seat_memory.js").read_text(encoding="utf-8")
    """The script as text (given as a file, anywidget would tie every instance to the file's change signal)."""
    key = Unicode("", help="The local storage key: one per class hub.").tag(sync=True)
    link = Unicode("", help="The seat link to keep in the browser (set once a seat is taken).").tag(sync=True)
    forget = Bool(False, help="Whether the kept link is to be removed (its table is gone).").tag(sync=True)

    def __init__(self, key: str, on_remembered: Callable[[str], Any], **kwargs: Any) -> None:
        super().__init__(key=key, **kwargs)
        self.layout.display = "none"
        self.on_remembered = on_remembered
        """Called with the link the browser kept, when a page showing this mark opens with one."""
        self.on_msg(self._on_message)

    def keep(self, link: str) -> None:
        """Keep ``link`` in the browser: the next time this page opens, it leads back to that seat."""
        with self.hold_sync():
            self.forget, self.link = False, link

    def drop(self) -> None:
        """Forget the kept link (it no longer opens a seat)."""
        with self.hold_sync():
            self.link, self.forget = "", True

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "remembered":
            link = content.get("link")
            if isinstance(link, str) and 0 < len(link) <= 2_000 and not self.link:
                self.on_remembered(link)

    def __repr__(self) -> str:
        return f"SeatMemory(key={self.key!r})"


__all__ = ["SeatMemory"]
