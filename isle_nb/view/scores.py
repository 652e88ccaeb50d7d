"""A score sheet as HTML: the breakdown of one scored boat (category, detail, points) and its total."""

from __future__ import annotations

from isle_nb.model.parts.scoring import Score


def score_html(score: Score) -> str:
    """The breakdown table and the total (what ``Score._repr_html_`` shows)."""
    table = score.breakdown.to_html(index=False, escape=True, border=0)
    return f'<div class="isle-nb-score">{table}<p><b>Total: {score.total}</b></p></div>'


__all__ = ["score_html"]
