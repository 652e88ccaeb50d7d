"""Program printouts that must not reach a page a player reads (issue #34): the text of a printed object, a list of
internal tile numbers or boat coordinates, or a pandas table printed as plain text. Used by the Voila lessons test
(tests/browser/test_lessons_voila.py) on each page's visible text, and tested on its own in
tests/test_printouts.py."""

from __future__ import annotations

import re

PRINTOUTS: dict[str, re.Pattern[str]] = {
    "a printed object": re.compile(r"\b[A-Z][A-Za-z]+\((?:'|\"|[a-z_]+=|[A-Z][a-z]+(?:, [A-Z][a-z]+)*;|\w+; )"),
    "an object's address": re.compile(r"\bobject at 0x|<[a-z_]+(?:\.[a-z_]+)+[ >]"),
    "internal tile numbers": re.compile(r"\b\d{3}, \d{3}, \d{3}\b"),
    "a list of coordinates": re.compile(r"\(\d+, ?\d+\),? \(\d+, ?\d+\)"),
    "a printed Python list": re.compile(r"\[\(\d+, ?\d+\)|\[\d+(?:, \d+)+\]|\[['\"]\w+['\"](?:, ['\"]\w+['\"])*\]"),
    "a printed dictionary": re.compile(r"\{['\"]\w+['\"]: "),
    "a pandas printout": re.compile(r"\bdtype: \w+|\bName: \w+, dtype|\[\d+ rows x \d+ columns\]"),
}
"""What each kind of printout looks like in a page's text."""

ALIGNED_ROW = re.compile(r"\S {2,}\S.* {2,}\S")
"""A line of a table printed as plain text: three or more cells separated by runs of spaces."""


def printouts(text: str) -> list[str]:
    """The printouts found in ``text``: each as 'kind: the text', in the order of :data:`PRINTOUTS`."""
    return [f"{kind}: {match.group(0)!r}" for kind, pattern in PRINTOUTS.items() for match in pattern.finditer(text)]


def plain_text_table(output: str) -> bool:
    """Whether a plain-text output holds a table printed as text (three aligned lines in a row)."""
    run = 0
    for line in output.splitlines():
        run = run + 1 if ALIGNED_ROW.search(line) else 0
        if run >= 3:
            return True
    return False


__all__ = ["PRINTOUTS", "plain_text_table", "printouts"]
