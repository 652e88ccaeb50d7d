"""Hiding the play page's introduction on a class's pages (issue #30 §2).

The play notebook's Markdown cells introduce a game on this device: the Games button, saved games, "closing the page
loses nothing". A class's pages (the lobby, a seat opened by its link, the watcher's and the teacher's pages) are
the same notebook opened with another address; there the introduction would promise what they do not offer and push
the page below a phone's screen, so each page hides it with a style that applies only while it is shown (CSS
``:has``, in every current browser), in JupyterLab and Notebook 7 as in Voila.
"""

from __future__ import annotations


def introduction_hidden(marker: str) -> str:
    """CSS that hides the notebook's Markdown cells while an element of class ``marker`` is on the page."""
    return (f".jp-Notebook:has(.{marker}) .jp-MarkdownCell, body:has(.{marker}) #rendered_cells .jp-MarkdownCell "
            "{ display: none; }")


__all__ = ["introduction_hidden"]
