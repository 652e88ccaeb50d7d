"""The game's stylesheet (rounded panels, spacing, the cover), added to the page once by the app, and the colours
of its texts and buttons, each pair readable at WCAG AA (4.5:1, :func:`contrast_ratio`)."""

from __future__ import annotations

import ipywidgets as widgets

from isle_nb.view import CHANGED
from isle_nb.widgets.fit import FIT_CSS

WHITE = "#ffffff"
PANEL_BACKGROUND = "#fffdf8"
ISLAND_BACKGROUND = "#fbf7ee"
PASSED_TEXT = "#6b6b6b"
"""A player who passed, in the turn order on the island (the light grey it replaces read at 2.66:1)."""
PAST_DAY = ("#555555", "#dddddd")
"""A day already played on Vesh's day track: text and background."""
CHANGED_TEXT = CHANGED
"""What changed since the player's last move: the outline of a new tile, of a cat that arrived, and its legend."""
BUTTON_COLOURS = {
    "warning": "#b35900",
    "success": "#2e7d32",
    "info": "#0277bd",
    "danger": "#c62828",
    "primary": "#1565c0",
}
"""Our backgrounds for the theme's button styles, each with white text at 4.5:1 or more: the JupyterLab theme's
orange (Pass, 2.70:1), green (Rescue, Choose, 4.12:1) and light blue (3.86:1) fall short."""
TEXT_COLOURS = {
    "a passed player in the turn order": (PASSED_TEXT, ISLAND_BACKGROUND),
    "a day already played": PAST_DAY,
    "a muted note on a panel": ("#666666", PANEL_BACKGROUND),
    "a muted note on the island": ("#666666", ISLAND_BACKGROUND),
    "a warning note": ("#a11a1a", PANEL_BACKGROUND),
    "a good note": ("#1e6b34", PANEL_BACKGROUND),
    "a rule tag": ("#6b4f2a", "#efe6d2"),
    "the seed": ("#7a6a50", PANEL_BACKGROUND),
    "what changed since your last move, on the island": (CHANGED_TEXT, ISLAND_BACKGROUND),
    "what changed since your last move, on a panel": (CHANGED_TEXT, PANEL_BACKGROUND),
    **{f"the {style} button style": (WHITE, colour) for style, colour in BUTTON_COLOURS.items()},
}
"""Every text colour of our styles on its background, by what it shows (checked by the tests)."""


PANEL_HEIGHT = "380px"
"""The decision panel's fixed height in the phases that need the island (it scrolls inside): a new panel never moves
the boat or the island under it."""
TALL_PANEL_HEIGHT = "clamp(380px, calc(100vh - 270px), 720px)"
"""The decision panel's height in the other phases (draft, buy, lessons), whose decisions need neither the island nor
a click on the boat: the window's height under the header, so that a pack of 7 cards shows 4 of them whole beside the
boat at 1400x900 with JupyterLab's file browser open (2 at the island phases' height). While a hint is shown the
panel has the island phases' height, so the hint's reasons under it are in view."""


def contrast_ratio(foreground: str, background: str) -> float:
    """The WCAG 2 contrast ratio of two ``#rrggbb`` (or ``#rgb``) colours, from 1 to 21."""

    def luminance(colour: str) -> float:
        digits = colour.lstrip("#")
        if len(digits) == 3:
            digits = "".join(d * 2 for d in digits)
        channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    lighter, darker = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


BUTTON_CSS = "\n".join(
    f".isle-app .jupyter-button.mod-{style}, .isle-quiz .jupyter-button.mod-{style} "
    f"{{ background-color: {colour}; color: {WHITE}; }}"
    for style, colour in BUTTON_COLOURS.items()
)
"""The theme's button styles with our colours, inside our apps only."""

CSS = """
.isle-app { font-family: var(--jp-ui-font-family, sans-serif); color: #222; }
.isle-play-area { gap: 10px; }
.isle-oshax-colours { gap: 4px; }
.isle-app .widget-html-content { line-height: 1.4; }
.isle-panel-box { border-radius: 8px; background: #fffdf8; }
.isle-island { border-radius: 8px; background: #fbf7ee; }
.isle-cover { border-radius: 12px; background: #f3ead8; }
.isle-app .isle-card-button { margin: 2px 0 0 0; }
.isle-app .widget-tab > .p-TabBar .p-TabBar-tab, .isle-app .widget-tab > .lm-TabBar .lm-TabBar-tab { min-width: 110px; }
.isle-result table, .isle-breakdown { border-collapse: collapse; font-size: 12px; }
.isle-result th, .isle-result td, .isle-breakdown th, .isle-breakdown td { padding: 2px 8px; text-align: left; }
.isle-result tr:nth-child(even), .isle-breakdown tr:nth-child(even) { background: #f6f1e6; }
/* rule IDs: a small tag; hovering shows the rule (its title) */
.isle-app .isle-rule, .isle-quiz .isle-rule { display: inline-block; font-size: 10px; line-height: 14px;
  padding: 0 5px; margin-left: 4px;
  border-radius: 7px; background: #efe6d2; color: #6b4f2a; border: 1px solid #d8c8a8; cursor: help;
  vertical-align: 1px; white-space: nowrap; }
.isle-app .isle-seed { color: #7a6a50; }
/* one screen: the header keeps its buttons whole; the decision panel has a fixed size and scrolls inside, so a
   new panel never moves the boat */
.isle-app { container-type: inline-size; container-name: isle-app; }
.isle-app .isle-header .widget-button { flex: none; }
/* the header: the status wraps rather than being cut (the note on Undo sits under the buttons, leaving it the
   width), two lines of facts */
.isle-app .isle-status-text { white-space: normal; overflow-wrap: anywhere; }
.isle-app .isle-player-info { height: 38px; overflow: hidden; }
.isle-app .isle-panel-box { overflow-y: auto; }
/* the button that sends a choice of cards stays at the bottom of the panel while the cards scroll under it (the
   panel lets it stick to the box that scrolls); its words wrap under it rather than being cut */
.isle-app .isle-panel-box > .isle-panel { overflow: visible; }
.isle-app .isle-panel-box .isle-panel-footer { position: sticky; bottom: -4px; z-index: 1; background: #fffdf8;
  padding: 4px 0; box-shadow: 0 -6px 6px -6px rgba(0, 0, 0, 0.3); flex-wrap: wrap; }
.isle-app .isle-panel-box > *, .isle-app .isle-panel > *, .isle-app .isle-top-box > * { flex-shrink: 0; }
.isle-app .isle-top-box { border-radius: 8px; background: #fffdf8; }
.isle-app .isle-island-bar .widget-button { height: 26px; }
"""

NARROW_PANEL_HEIGHT = "200px"
"""The decision panel's height on a narrow screen (1024 px wide with a side bar) in the turns on the island (rescue,
rare finds, the family game's turns): the prompt of a rescue turn fits, and the boat under it stays in the window at
1024x768 (JupyterLab's file browser open or not); the other steps' panels (cards to choose) are tall."""
NARROW_CSS = f"""
@container isle-app (max-width: 920px) {{
  /* narrow (1024 px screens with a side bar): one column, the decision first, the boat right under it, then the
     island (the solo game's sister) and the latest events: choosing a cat shows the boat where it will go, and the
     island under the boat never moves it. The columns' boxes give their parts to the play area, which orders them. */
  .isle-app .isle-play-area {{ row-gap: 0; }}
  .isle-app .isle-right, .isle-app .isle-left, .isle-app .isle-decision {{ display: contents !important; }}
  .isle-app .isle-panel-box {{ order: -3; flex: 0 0 100%; height: {TALL_PANEL_HEIGHT} !important; }}
  .isle-app .isle-panel-box.isle-turn-step {{ height: {NARROW_PANEL_HEIGHT} !important; }}
  .isle-app .isle-anytime-box {{ order: -2; flex: 0 0 100%; }}
  .isle-app .isle-hint-box {{ order: -1; flex: 0 0 100%; }}
  /* in a turn on the island the playable anytime cards and a hint's reasons come under the boat, by the island's
     cats: they never push the boat out of the window */
  .isle-app .isle-panel-box.isle-turn-step ~ .isle-anytime-box,
  .isle-app .isle-decision:has(> .isle-turn-step) ~ .isle-hint-box {{ order: 0; }}
  .isle-app .isle-island-bar, .isle-app .isle-island {{ order: 1; flex: 0 0 100%; margin-top: 6px; }}
  /* the solo game's sister comes after the island: the cats stay next to the boat, and her growing log moves
     nothing that is clicked */
  .isle-app .isle-sister-box {{ order: 2; margin-top: 6px; }}
  .isle-app .isle-events {{ order: 3; flex: 0 0 100%; }}
  .isle-app .isle-undo-note {{ display: none !important; }}
  .isle-app .isle-status-text {{ font-size: 14px !important; }}
}}
"""
"""The narrow screen's layout (the app's own width, a container query)."""

WIDE_CSS = """
@container isle-app (min-width: 921px) {
  /* beside the boat the decision panel and the playable anytime cards share the decision's box (its height is the
     phase's): a card that becomes playable, or is played, takes its room from the panel (which scrolls inside, its
     Pass or send button at the bottom), so the island under the box never moves under the mouse */
  .isle-app .isle-decision { flex: none; }
  .isle-app .isle-decision > .isle-panel-box { height: auto !important; flex: 1 1 0; min-height: 0;
    margin: 0 !important; }
  .isle-app .isle-decision > .isle-anytime-box { flex: 0 1 auto; max-height: 45%; overflow-y: auto; }
  .isle-app .isle-decision > .isle-anytime-box:has(> *) { margin-top: 6px; padding: 2px 10px 4px 10px;
    border: 1px solid #d8c8a8; border-radius: 8px; background: #fffdf8; }
}
"""
"""The wide screen's layout of the decision (the app's own width, a container query)."""

WINDOW_UNDER_HEADER = "calc(100vh - 270px)"
"""The window's height under the app's header: the most a decision panel takes."""
GROWING_CSS = f"""
@container isle-app (min-width: 921px) {{
  /* the steps of the island phases whose choices are in the panel (the rescue cards to play, the rare finds) have
     no inner scroll where the window has room: the decision box takes its content's height, at least the island
     phases' height and at most the window's under the header (then it scrolls inside, its button at the bottom) */
  .isle-app .isle-decision.isle-grows {{ height: auto !important; min-height: {PANEL_HEIGHT};
    max-height: {WINDOW_UNDER_HEADER}; }}
  .isle-app .isle-decision.isle-grows > .isle-panel-box {{ flex: 0 1 auto; min-height: {PANEL_HEIGHT}; }}
}}
"""
"""Beside the boat, a panel of choices in an island phase grows to show them all (issue #32): the island under it
moves when such a step begins or ends, never during it; the turns on the island keep the phase's height."""

HINT_ROOM_CSS = (
    "@container isle-app (min-width: 921px) { .isle-app .isle-right:has(.isle-hint-text) .isle-decision "
    f"{{ height: {PANEL_HEIGHT} !important; }} }}"
)
"""A hint's reasons come under the decision panel: beside the boat, a tall panel takes the island phases' height
while they show, so they are in view (nothing moves under the mouse: the Hint button is in the header)."""


CHANGED_CSS = f"""
/* what changed since the player's last move: an outline that takes no room, so nothing moves */
.isle-app .isle-changed {{ outline: 2px solid {CHANGED_TEXT}; outline-offset: 1px; border-radius: 4px;
  box-shadow: 0 0 6px 1px rgba(173, 20, 87, 0.35); }}
.isle-app .isle-changed-note {{ color: {CHANGED_TEXT}; font-size: 12px; }}
"""
"""The marks of what changed since the player's last move (:mod:`isle_nb.model.isle.changes`)."""


def style_widget() -> widgets.HTML:
    """An invisible widget carrying the stylesheet."""
    style = widgets.HTML(f"<style>{CSS}{NARROW_CSS}{WIDE_CSS}{GROWING_CSS}{HINT_ROOM_CSS}{CHANGED_CSS}{BUTTON_CSS}"
                         f"{FIT_CSS}</style>",
                         layout=widgets.Layout(display="none"))
    style.add_class("isle-style")
    return style


__all__ = ["BUTTON_COLOURS", "BUTTON_CSS", "CHANGED_CSS", "CHANGED_TEXT", "CSS", "GROWING_CSS", "NARROW_CSS",
           "NARROW_PANEL_HEIGHT", "PANEL_HEIGHT", "PASSED_TEXT", "PAST_DAY", "TALL_PANEL_HEIGHT", "TEXT_COLOURS",
           "WIDE_CSS", "WINDOW_UNDER_HEADER", "contrast_ratio", "style_widget"]
