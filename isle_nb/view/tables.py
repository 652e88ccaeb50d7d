"""Tables for the reader: a DataFrame styled to be projected in class (no index, text left-aligned, long text
wrapped), for the teaching notebooks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd
    from pandas.io.formats.style import Styler


def table(
    frame: pd.DataFrame | pd.Series,
    wrap: Sequence[str] = (),
    caption: str | None = None,
    width: str = "36em",
    index: bool = False,
) -> Styler:
    """``frame`` as a styled table: headers and text left-aligned, zebra rows, and the ``wrap`` columns (long text)
    wrapped at ``width`` instead of stretching the page. The index is shown only with ``index=True`` (a Series
    becomes one column). The HTML is the same on every run (a fixed table id), so nbval can check it."""
    if not hasattr(frame, "style"):  # a Series
        frame = frame.to_frame()
    styler = frame.style.set_uuid("isle-nb")
    if not index:
        styler = styler.hide(axis="index")
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


def show_table(frame: pd.DataFrame | pd.Series, **options: Any) -> None:
    """Display :func:`table` of ``frame`` (same ``options``) in the notebook now, anywhere in a cell."""
    from IPython.display import display

    display(table(frame, **options))


__all__ = ["show_table", "table"]
