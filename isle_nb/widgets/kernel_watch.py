"""``KernelWatch``: when an app's kernel is restarted, stops or can no longer be reached, the app says so.

A restart leaves the old app on the page, but nothing it shows answers any more. Each app holds a
:class:`KernelWatch` (an anywidget, ``kernel_watch.js``): the browser watches the widget manager's kernel connection
and, once the kernel is gone, covers the app with a message such as "This game's kernel was restarted. The game is
saved: run the cell again and click “Resume your last game” to go on." The headline comes from the browser (which
knows what happened); the rest, :attr:`KernelWatch.notice`, is kept up to date by the app while its kernel lives,
because afterwards nobody can ask: it says honestly whether the game is saved (:func:`lost_notice`). ``{again}`` in
it stands for the front end's way to start the app again: "run the cell again" in JupyterLab and Notebook 7,
"reload the page" in Voila.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import anywidget
from traitlets import Unicode

RESUME = "Resume your last game"
"""The words of the button that resumes the last game (:mod:`isle_nb.widgets.resume`), quoted by the notice."""

CSS = """
.isle-kernel-watched.isle-kernel-lost-app { position: relative; min-height: 220px; }
.isle-kernel-lost { position: absolute; inset: 0; z-index: 50; background: rgba(250, 248, 243, 0.88); }
.isle-kernel-lost-box { position: relative; margin: 56px auto 0 auto; max-width: 640px; box-sizing: border-box;
  padding: 16px 22px; background: #fff4e0; border: 2px solid #7a4a00; border-radius: 8px; color: #3b2a14;
  box-shadow: 0 4px 16px rgba(0, 0, 0, 0.18); font-size: 15px; line-height: 1.45; white-space: normal; }
.isle-kernel-lost-head { font-size: 18px; font-weight: bold; margin-bottom: 6px; }
.isle-kernel-lost-app .jupyter-widgets-disconnected::before { display: none; }
"""


def lost_notice(*, on_hub: bool, over: bool, autosave: bool, moves: int, saved_moves: int | None,
                saved_at: float | None) -> str:
    """What to tell the player about their game if the kernel goes now: whether it is saved and what to do.

    ``moves`` is how many moves the game has; ``saved_moves`` how many its save file holds (``None``: never saved
    by this app) and ``saved_at`` when that file was written. ``{again}`` stands for the front end's way to start
    the app again.
    """
    if on_hub:
        return "The game goes on at the hub: {again} to join your seat again."
    if saved_moves is None:
        if over:
            return "The game had ended: {again} to start a new game."
        if not autosave:
            return "This game was not saved (saving after each move was turned off), so it cannot be resumed: " \
                   "{again} to start a new game."
        return "Nothing was played in this game yet, so nothing was saved: {again} to start a new game."
    if over:
        return "The game had ended and is saved (the Games button lists it): {again} to start a new game."
    if saved_moves >= moves:
        return f"The game is saved: {{again}} and click “{RESUME}” to go on."
    lost = moves - saved_moves
    when = time.strftime("%H:%M", time.localtime(saved_at)) if saved_at is not None else "its last save"
    moved = f"the {lost} moves played since then are" if lost != 1 else "the move played since then is"
    return (f"The game was last saved at {when} and {moved} lost: {{again}} and click “{RESUME}” to go on from "
            "that save.")


class KernelWatch(anywidget.AnyWidget):
    """An invisible mark in an app: the browser covers the app with a message once its kernel is gone (see the
    module's text). The app keeps :attr:`notice` up to date."""

    _esm = Path(__file__).with_name("kernel_watch.js").read_text(encoding="utf-8")
    """The script as text: given as a file, anywidget ties every instance to the file's change signal for good,
    so a closed one (and the app it served, with its game) would never be freed (issue #32 §2)."""
    _css = CSS
    notice = Unicode("", help="What happened to the game and what to do, if the kernel goes now.").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.layout.display = "none"  # its own Layout: a new one would leave this one alive

    def __repr__(self) -> str:
        return "KernelWatch()"


__all__ = ["RESUME", "KernelWatch", "lost_notice"]
