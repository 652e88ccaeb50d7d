"""The turn summary: a day of the standard game on one page (the five phases, who acts, what each costs and gives,
and how the game is scored), as tables for a notebook and as a printable A4 page (PNG or PDF).

Who acts in each step is read from the model's phase table (everyone at once and in secret, or one at a time in
turn order); the words come from ``isle_nb/data/turn_summary.json``, written from the rules reference.

>>> from isle_nb.view import turn_summary_frame, turn_summary_png
>>> list(turn_summary_frame()["who acts"])[:2]
['nobody decides: it just happens', 'everyone at once, in secret']
"""

from __future__ import annotations

import base64
import io
import textwrap
from typing import TYPE_CHECKING, Any

from isle_nb.data import load
from isle_nb.model.isle.flow import STANDARD, Step

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

PHASE_TINTS = {
    "fishing": "#dcebf7",
    "explore": "#efe3f4",
    "lessons": "#dde6f6",
    "rescue": "#e0f0e1",
    "rare_finds": "#f7ecd2",
}
"""A light background per phase on the printed page (the card colours of each phase, washed out)."""

INK = "#222222"
RULE_INK = "#6b4f2a"


def summary_data() -> dict[str, Any]:
    """The words of the turn summary (see the module docstring)."""
    return dict(load("turn_summary"))


def who_acts(step: Step) -> str:
    """Who decides in a row of the phase table, in words."""
    if step.simultaneous:
        return "everyone at once, in secret"
    if step.turns:
        return "one at a time, in turn order"
    return "nobody decides: it just happens"


def rule_span(rules: list[str]) -> str:
    """Rule IDs written short: ``["RARE-1", "RARE-2", "RARE-3", "OSHAX-1"]`` -> ``"RARE-1 to 3, OSHAX-1"``."""
    runs: list[list[str]] = []
    for rule in rules:
        prefix, number = rule.rsplit("-", 1)
        last = runs[-1] if runs else None
        if last and last[0] == prefix and int(last[-1]) + 1 == int(number):
            last.append(number)
        else:
            runs.append([prefix, number])
    return ", ".join(f"{prefix}-{numbers[0]} to {numbers[-1]}" if len(numbers) > 2
                     else ", ".join(f"{prefix}-{number}" for number in numbers) for prefix, *numbers in runs)


def _row(phase: str, step: str) -> Step:
    return next(row for row in STANDARD if (row.phase, row.step) == (phase, step))


def turn_summary_frame() -> pd.DataFrame:
    """The day step by step: phase, who acts, what it costs, what it gives, and the rules."""
    import pandas as pd

    rows = [
        {"phase": step["name"], "who acts": who_acts(_row(step["phase"], step["step"])), "costs": step["costs"],
         "gives": step["gives"], "rules": rule_span(step["rules"])}
        for step in summary_data()["steps"]
    ]
    return pd.DataFrame(rows)


def scoring_summary_frame() -> pd.DataFrame:
    """How a boat is scored after day 5, one line per category (and the tie-break)."""
    import pandas as pd

    return pd.DataFrame(summary_data()["scoring"], columns=["what", "points", "rule"])


# ---- the printed page --------------------------------------------------------------------------------------
PAGE = (11.69, 8.27)  # A4 landscape, inches
COLUMNS = (("phase", 0.035, 0.15), ("who acts", 0.185, 0.14), ("costs", 0.325, 0.2), ("gives", 0.525, 0.33),
           ("rules", 0.855, 0.12))
"""Each column of the table: its key, left edge and width (fractions of the page width)."""
FONT = 10
LINE = 0.0232  # one line of text, in fractions of the page height
ROW_PADDING = 0.008  # below each row of the table, so that its nine rows and the scoring fit on the page


def _wrap(text: str, width: float, size: float = FONT) -> list[str]:
    em = 0.64 if text.isupper() else 0.52  # rule IDs are capitals, wider than lower-case text
    characters = max(8, int(width * PAGE[0] * 72 / (size * em)))
    return textwrap.wrap(text, characters) or [""]


def _paragraph(figure: Figure, x: float, y: float, text: str, width: float, **style: Any) -> float:
    """Write ``text`` wrapped to ``width`` from the top at ``y``; return the y below it."""
    size = style.pop("size", FONT)
    lines = _wrap(text, width, size)
    figure.text(x, y, "\n".join(lines), va="top", ha="left", fontsize=size, color=style.pop("color", INK),
                linespacing=1.35, **style)
    return y - len(lines) * LINE * size / FONT


def turn_summary_figure() -> Figure:
    """The turn summary as an A4 landscape page (a matplotlib figure, not shown on any screen)."""
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle

    data = summary_data()
    figure = Figure(figsize=PAGE)
    figure.patch.set_facecolor("white")
    figure.text(0.035, 0.965, data["title"], fontsize=17, fontweight="bold", va="top", color=INK)
    y = _paragraph(figure, 0.035, 0.915, f"{data['morning']} ({rule_span(data['morning_rules'])})", 0.93)
    y -= 0.012
    for key, left, _width in COLUMNS:
        figure.text(left + 0.004, y, key.capitalize(), fontsize=FONT, fontweight="bold", va="top", color=INK)
    y -= LINE + 0.008
    frame = turn_summary_frame()
    phases = [step["phase"] for step in data["steps"]]
    for (_, row), phase in zip(frame.iterrows(), phases, strict=True):
        height = max(len(_wrap(str(row[key]), width - 0.008)) for key, _left, width in COLUMNS) * LINE + ROW_PADDING
        figure.patches.append(Rectangle((0.03, y - height + 0.006), 0.945, height - 0.003, color=PHASE_TINTS[phase],
                                        transform=figure.transFigure, zorder=-1))
        for key, left, width in COLUMNS:
            bold = key == "phase"
            _paragraph(figure, left + 0.004, y, str(row[key]), width - 0.008,
                       fontweight="bold" if bold else "normal", color=RULE_INK if key == "rules" else INK)
        y -= height
    y -= 0.008
    y = _paragraph(figure, 0.035, y, f"End of day: {data['end_of_day']} ({rule_span(data['end_of_day_rules'])})",
                   0.93)
    y = _paragraph(figure, 0.035, y - 0.006, f"{data['anytime']} ({rule_span(data['anytime_rules'])})", 0.93)
    y -= 0.02
    figure.text(0.035, y, "Scoring after day 5", fontsize=12, fontweight="bold", va="top", color=INK)
    y -= LINE + 0.012
    for what, points, rule in data["scoring"]:
        figure.text(0.039, y, what, fontsize=FONT, fontweight="bold", va="top", color=INK)
        figure.text(0.185, y, points, fontsize=FONT, va="top", color=INK)
        figure.text(0.855 + 0.004, y, rule, fontsize=FONT, va="top", color=RULE_INK)
        y -= LINE
    return figure


def _save(fmt: str, dpi: int) -> bytes:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    figure = turn_summary_figure()
    FigureCanvasAgg(figure)
    buffer = io.BytesIO()
    metadata = {"Software": None} if fmt == "png" else {"Creator": None, "Producer": None, "CreationDate": None}
    figure.savefig(buffer, format=fmt, dpi=dpi, metadata=metadata)
    return buffer.getvalue()


def turn_summary_png(dpi: int = 100) -> bytes:
    """The printed page as PNG (``dpi=200`` for print)."""
    return _save("png", dpi)


def turn_summary_pdf() -> bytes:
    """The printed page as a one-page PDF."""
    return _save("pdf", 100)


def turn_summary_downloads() -> str:
    """HTML links that download the page as PNG and PDF (they work in JupyterLab and in Voila alike)."""
    links = []
    for label, mime, data, name in (("PDF", "application/pdf", turn_summary_pdf(), "isle_of_cats_turn_summary.pdf"),
                                    ("PNG", "image/png", turn_summary_png(200), "isle_of_cats_turn_summary.png")):
        encoded = base64.b64encode(data).decode("ascii")
        links.append(f'<a download="{name}" href="data:{mime};base64,{encoded}">{label}</a>')
    return f"<p>Download the page to print: {' · '.join(links)}</p>"


__all__ = [
    "rule_span",
    "scoring_summary_frame",
    "turn_summary_downloads",
    "turn_summary_figure",
    "turn_summary_frame",
    "turn_summary_pdf",
    "turn_summary_png",
    "who_acts",
]
