"""The game's stylesheet (rounded panels, spacing, the cover), added to the page once by the app."""

from __future__ import annotations

import ipywidgets as widgets

CSS = """
.isle-app { font-family: var(--jp-ui-font-family, sans-serif); color: #222; }
.isle-play-area { gap: 10px; }
.isle-app .widget-html-content { line-height: 1.4; }
.isle-panel-box { border-radius: 8px; background: #fffdf8; }
.isle-island { border-radius: 8px; background: #fbf7ee; }
.isle-cover { border-radius: 12px; background: #f3ead8; }
.isle-app .isle-card-button { margin: 2px 0 0 0; }
.isle-app .widget-tab > .p-TabBar .p-TabBar-tab, .isle-app .widget-tab > .lm-TabBar .lm-TabBar-tab { min-width: 110px; }
.isle-result table, .isle-breakdown { border-collapse: collapse; font-size: 12px; }
.isle-result th, .isle-result td, .isle-breakdown th, .isle-breakdown td { padding: 2px 8px; text-align: left; }
.isle-result tr:nth-child(even), .isle-breakdown tr:nth-child(even) { background: #f6f1e6; }
"""


def style_widget() -> widgets.HTML:
    """An invisible widget carrying the stylesheet."""
    style = widgets.HTML(f"<style>{CSS}</style>", layout=widgets.Layout(display="none"))
    style.add_class("isle-style")
    return style


__all__ = ["CSS", "style_widget"]
