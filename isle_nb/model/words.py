"""Small helpers for the model's sentences to players (log lines, refusals)."""

from __future__ import annotations

AN_LETTERS = "AEFHILMNORSX"
"""Capital letters said with a vowel sound first ("an L-shaped", "an S-shaped")."""


def with_article(words: str) -> str:
    """``words`` after "a" or "an" as they are said: "an orange cat", "a blue cat", "an L-shaped rare treasure"."""
    first = words.split(" ", 1)[0]
    said_as_letter = len(first) == 1 or (len(first) > 1 and first[1] == "-" and first[0].isupper())
    vowel = first[:1] in AN_LETTERS if said_as_letter else first[:1].lower() in "aeio"
    return f"{'an' if vowel else 'a'} {words}"


__all__ = ["with_article"]
