"""Fitting every app to phones and tablets (issue #32 §1): the stylesheet that keeps each app within the screen's
width and makes what is tapped large enough for a finger.

* Nothing is wider than the screen: the boat (and Explore & Draw's sheet, which is a boat) and Pocket Cats' board
  scale down with the width they have. Their canvases hold twice as many pixels as their full CSS size
  (:func:`isle_nb.widgets.canvas.pin_size`), so a board scaled down on a phone stays sharp; the browser maps a
  pointer through the scaling (the ghost's ``cellAt``, ipycanvas' own mouse events).
* Rows of buttons and cards wrap rather than run off the side.
* On a touch screen (a coarse pointer) buttons, toggles, tabs and drop-downs are at least 44 px tall.

The apps add :func:`fit_style` (or :data:`FIT_CSS` in their own stylesheet); a style element applies to the whole
page, so a rule names the app it is for.
"""

from __future__ import annotations

import ipywidgets as widgets

APPS = (".isle-app", ".isle-ed-app", ".pocket-board", ".isle-lobby", ".isle-games", ".isle-teacher")
"""The root classes of the apps (the Games dialog is shown inside an app or on its own)."""

TAP_HEIGHT = 44
"""The least height in CSS pixels of anything tapped on a touch screen."""


def _each(selector: str) -> str:
    """``selector`` inside any of the apps."""
    return f":is({', '.join(APPS)}) {selector}"


NARROW = "(max-width: 820px)"
"""The screens this stylesheet fits (phones and tablets held either way); wider ones keep the apps as they are."""

FIT_CSS = f"""
/* phones and tablets: no app is wider than the screen (issue #32 section 1) */
@media {NARROW} {{
{", ".join(APPS)} {{ max-width: 100%; box-sizing: border-box; }}
{_each(".isle-boat")}, {_each(".isle-boat > *")}, {_each(".isle-left")}, {_each(".isle-sister-box")},
{_each(".isle-right")}, {_each(".widget-html")}, {_each(".widget-box")} {{ max-width: 100%; }}
/* the boat, the sheet and the board scale down with the width (their canvases have 2x pixels: still sharp) */
{_each("canvas.boat-canvas")}, {_each("canvas.pocket-canvas")} {{ max-width: 100%; min-width: 0 !important;
  height: auto !important; }}
{_each(".widget-box")} {{ min-width: 0 !important; }}
{_each(".widget-inline-hbox")} {{ max-width: 100%; }}
{_each(".widget-inline-hbox > select")}, {_each(".widget-inline-hbox > input")} {{ min-width: 0; }}
/* pictures of cards shrink with their column (Explore & Draw's island of four columns) */
{_each(".widget-html-content")}, {_each(".isle-ed-card")}, {_each(".isle-ed-card img")} {{ max-width: 100%; }}
{_each(".isle-ed-card img")} {{ height: auto; }}
{_each(".isle-ed-special")} {{ flex: 1 1 104px !important; }}
{_each(".widget-hbox")} {{ flex-wrap: wrap; }}
/* the boat's toggles wrap under its title on a phone: Rooms comes first on that line, and the place "Legal spots"
   keeps for itself while hidden (so that nothing moves when it shows) is after it, not before it */
{_each(".isle-boat-toggles")} {{ flex-direction: row-reverse; }}
/* the tabs share the width (their labels wrap) */
{_each(".widget-tab > .lm-TabBar .lm-TabBar-tab")} {{ min-width: 0 !important; flex: 1 1 0 !important; }}
{_each(".lm-TabBar-tabLabel")} {{ white-space: normal; overflow-wrap: anywhere; line-height: 1.2; }}
}}
/* on a phone or a tablet the decision panel takes its content's height (up to the window's): the boat comes right
   under a short prompt */
@media {NARROW} {{
  .isle-app .isle-play-area .isle-panel-box {{ height: auto !important; max-height: calc(100vh - 120px); }}
}}
/* words for the mouse and keyboard, or for touch: each page shows those of its pointer */
.isle-touch-words {{ display: none; }}
@media (pointer: coarse) {{
  .isle-touch-words {{ display: inline; }}
  .isle-pointer-words {{ display: none; }}
  /* a finger taps: buttons, toggles, tabs and drop-downs at least {TAP_HEIGHT} px tall */
  {_each(".jupyter-button")}, {_each(".widget-dropdown > select")},
  {_each(".lm-TabBar-tab")}, {_each(".widget-text > input")} {{ min-height: {TAP_HEIGHT}px !important; }}
  {_each(".widget-text")} {{ height: auto !important; }}
  {_each(".widget-dropdown")}, {_each(".widget-toggle-buttons")} {{ height: auto !important; }}
  {_each(".lm-TabBar")} {{ min-height: {TAP_HEIGHT}px !important; }}
}}
"""
"""The stylesheet that fits the apps to small and touch screens."""


def fit_style() -> widgets.HTML:
    """An invisible widget carrying :data:`FIT_CSS`."""
    style = widgets.HTML(f"<style>{FIT_CSS}</style>", layout=widgets.Layout(display="none"))
    style.add_class("isle-fit-style")
    return style


__all__ = ["APPS", "FIT_CSS", "NARROW", "TAP_HEIGHT", "fit_style"]
