"""tests/printouts.py finds the program printouts issue #34 names, and passes the sentences of the lessons."""

from __future__ import annotations

import pytest
from printouts import plain_text_table, printouts

PRINTED = [
    "Game(Ann, Bob; day 1, rare_finds, awaiting Ann)",
    "Game(Ann, Bob, Cat; over)",
    "Boat('A', 1 tiles, 5/142 cells covered)",
    "ChooseCards(player='Ann', slots=(2, 6, 10))",
    "cat 4: 400, 401, 402, 403",
    "Ann: places the red 6-square cat on (14,5), (14,7), (14,8)",
    "blue map on boat A at [(14, 1)]",
    "Ann drafted [58, 30, 137, 97]",
    "public view: {'difficulty': 'easy', 'colours': ['orange']}",
    "<isle_nb.widgets.app.GameApp object at 0x7f3a2b>",
    "Name: cost, dtype: int64",
]
WORDS = [
    "Day 1, the Explore phase: waiting for Ann and Bob.",
    "Ann: places the red 6-square cat on the boat",
    "Ann drafted #58, #30, #137, #97",
    "Lessons (LESSON-1) are played in the Read lessons phase (DAY-2).",
    "the blue map is the second square from the top in the 15th column",
    "6 unfilled rooms (1, 3, 4, 5, 6, 7)",
    "Scores: Player 1 (Royal Claws): prey 9 = 9 points",
]


@pytest.mark.parametrize("text", PRINTED)
def test_a_printout_is_found(text: str) -> None:
    assert printouts(text), text


@pytest.mark.parametrize("text", WORDS)
def test_a_sentence_is_not_a_printout(text: str) -> None:
    assert printouts(text) == []


def test_a_table_printed_as_text_is_found_and_a_list_of_sentences_is_not() -> None:
    printed = "rats              -3  3 visible rats\nrooms            -25  5 unfilled rooms\nfamilies          20  red"
    assert plain_text_table(printed)
    grid = "         A       B\nrow 1  cat  lesson\nrow 2  cat     cat\nrow 3  cat     cat"
    assert plain_text_table(grid)
    sentences = "Ann: rescues a cat for 3 fish\nBob: passes (RESCUE-3)\nCat: passes\n  easy: 3 lessons, 0 advanced"
    assert not plain_text_table(sentences)
