"""Game facts in a player's words, for the lesson pages: where a game stands as a sentence, a log line without
the squares a tile covers, tables with words for headings, a score sheet, and card numbers as a player reads
them. A lesson shows these instead of an object's printed form (issue #34)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from isle_nb.model.parts.words import and_list

if TYPE_CHECKING:
    import pandas as pd

    from isle_nb.model.isle.game import Game
    from isle_nb.model.parts.scoring import Score

PHASE_WORDS = {
    "setup": "setting up",
    "fishing": "the Fishing phase",
    "explore": "the Explore phase",
    "lessons": "the Read lessons phase",
    "rescue": "the Rescue phase",
    "rare_finds": "the Rare finds phase",
}
"""The phases of a day as the lessons name them (DAY-2)."""
SQUARES = re.compile(r" on \(\d+, ?\d+\)(?:, \(\d+, ?\d+\))*")
"""The squares a log line names for a placed tile: ``on (14,5), (14,7), ...``."""


def game_moment(game: Game) -> str:
    """Where a game stands, as a sentence: the day, the phase and who is to act, or that it is over."""
    if game.over:
        return f"The game is over after day {game.day}."
    phase = PHASE_WORDS.get(game.phase, f"the {game.phase.replace('_', ' ')} phase")
    waiting = and_list(game.awaiting)
    who = f"waiting for {waiting}" if waiting else "nobody is to act"
    return f"Day {game.day}, {phase}: {who}."


def log_words(text: str) -> str:
    """A log line as a player reads it: a placed tile's squares are left out (the picture of the boat shows
    them)."""
    return SQUARES.sub(" on the boat", text)


def card_numbers(cards: Iterable[int]) -> str:
    """Card numbers as a player reads them on the cards: ``#42, #66, #19``, or ``none``."""
    return ", ".join(f"#{number}" for number in cards) or "none"


def headings(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with column headings that read as words: ``rare_treasures`` becomes ``rare treasures``."""
    return frame.rename(columns=lambda name: str(name).replace("_", " "))


def score_sheet(score: Score) -> pd.DataFrame:
    """A scored boat as a table for the reader: what scores, what was counted, the points, and the total last."""
    import pandas as pd

    rows = [
        (category.replace("_", " "), detail, points)
        for category, detail, points in score.breakdown.itertuples(index=False)
    ]
    rows.append(("total", "", score.total))
    return pd.DataFrame(rows, columns=["scores", "counted", "points"])


__all__ = ["and_list", "card_numbers", "game_moment", "headings", "log_words", "score_sheet"]
