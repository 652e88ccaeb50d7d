"""Tables for the reader: a DataFrame styled to be projected in class (no index, text left-aligned, long text
wrapped), for the teaching notebooks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd
    from pandas.io.formats.style import Styler


def table(frame: pd.DataFrame, wrap: Sequence[str] = (), caption: str | None = None, width: str = "36em") -> Styler:
    """``frame`` as a styled table: no index column, headers and text left-aligned, zebra rows, and the ``wrap``
    columns (long text) wrapped at ``width`` instead of stretching the page. The HTML is the same on every run
    (a fixed table id)."""
    styler = frame.style.hide(axis="index").set_uuid("isle-nb")
    styler = styler.set_table_styles(
        [
            {"selector": "th", "props": "text-align: left; padding: 3px 8px;"},
            {"selector": "td", "props": "text-align: left; padding: 3px 8px; vertical-align: top;"},
            {"selector": "tbody tr:nth-child(even)", "props": "background: #f6f1e6;"},
        ]
    )
    if wrap:
        styler = styler.set_properties(subset=list(wrap), **{"white-space": "normal", "min-width": width})
    if caption:
        styler = styler.set_caption(caption)
    return styler


__all__ = ["table"]
