"""The ready signal: a hidden mark in the page that says whether an app is idle and awaiting input.

A browser (a test, a benchmark, a screen reader's script) cannot see when the kernel has finished handling a click:
the bots may still be thinking, the rest of the screen may follow the boat's tiles a moment later. Each app holds a
:class:`ReadySignal`, an invisible element ``<span class="isle-ready" data-ready="yes|no" data-settled="N">``:
``data-ready`` is "yes" once nothing more will change until someone acts, and ``data-settled`` counts how often
the app became so. A page reads the count, clicks, and waits for ``data-ready="yes"`` with a larger count, instead
of waiting a fixed time.

In a kernel the signal is written once the current message is handled (the event loop's next turn), so a burst of
changes (a click, the observers it wakes, the bot move it schedules) ends in one write that sees the bots' state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from isle_nb.widgets.boat import kernel_loop


class ReadySignal(widgets.HTML):
    """A hidden element telling the page whether the app is idle and awaiting input (see the module's text)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(layout=widgets.Layout(display="none"), **kwargs)
        self.add_class("isle-ready-signal")
        self.settled = 0
        """How many times the app became idle (the page waits for this count to grow after it acts)."""
        self.ready = False
        self._check: Callable[[], bool] | None = None
        self._write(False)

    def settle(self, ready: Callable[[], bool]) -> None:
        """Say whether the app is idle once the kernel has handled the current message (at once outside a kernel);
        ``ready`` tells it then."""
        loop = kernel_loop()
        if loop is None:
            self._write(ready())
            return
        if self._check is None:
            loop.call_soon(self._emit)
        self._check = ready

    def _emit(self) -> None:
        check, self._check = self._check, None
        if check is not None and self.comm is not None:  # a closed app says nothing
            self._write(check())

    def _write(self, ready: bool) -> None:
        if ready:
            self.settled += 1
        self.ready = ready
        self.value = (f'<span class="isle-ready" data-ready="{"yes" if ready else "no"}" '
                      f'data-settled="{self.settled}"></span>')


__all__ = ["ReadySignal"]
