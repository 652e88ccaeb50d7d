"""isle_nb.view.words: game facts in a player's words for the lesson pages (issue #34)."""

from __future__ import annotations

import pandas as pd

from isle_nb import Boat, Game, GreedyBot, Tile, play, score_boat
from isle_nb.view import and_list, card_numbers, game_moment, headings, log_words, score_sheet


def test_a_game_moment_names_the_day_the_phase_and_who_is_to_act() -> None:
    game = Game.new(["Ann", "Bob"], seed=4)
    assert game_moment(game) == "Day 1, the Explore phase: waiting for Ann and Bob."
    play(game, [GreedyBot(1), GreedyBot(2)], until=lambda g: g.phase == "rescue")
    assert game_moment(game).startswith("Day 1, the Rescue phase: waiting for ")
    play(game, [GreedyBot(1), GreedyBot(2)])
    assert game_moment(game) == "The game is over after day 5."
    assert "Game(" not in game_moment(game)


def test_log_words_leave_out_the_squares_of_a_placed_tile_and_nothing_else() -> None:
    line = "places the blue 6-square cat on (12,4), (12,5), (13,4), (14,4), (14,5), (15,5)"
    assert log_words(line) == "places the blue 6-square cat on the boat"
    kept = "rescues the orange 5-square cat from the right field for 5 fish and a full basket (RESCUE-4)"
    assert log_words(kept) == kept


def test_card_numbers_and_lists_read_as_on_the_cards() -> None:
    assert card_numbers((42, 66, 19)) == "#42, #66, #19" and card_numbers(()) == "none"
    assert and_list(["Ann"]) == "Ann" and and_list(["Ann", "Bob", "Cat"]) == "Ann, Bob and Cat" and and_list([]) == ""


def test_a_score_sheet_has_words_for_headings_and_the_total_last() -> None:
    boat = Boat("C").place(Tile.rare("O"), [(8, 4), (9, 4), (8, 5), (9, 5)])
    score = score_boat(boat)
    sheet = score_sheet(score)
    assert list(sheet.columns) == ["scores", "counted", "points"]
    assert "rare treasures" in set(sheet.scores) and not any("_" in s for s in sheet.scores)
    assert sheet.iloc[-1].tolist() == ["total", "", score.total]
    assert sheet.points.iloc[:-1].sum() == score.total


def test_headings_read_as_words_and_the_rows_stay() -> None:
    frame = pd.DataFrame({"player": ["Ann"], "rare_treasures": [3], "filled_rooms": [2]})
    assert list(headings(frame).columns) == ["player", "rare treasures", "filled rooms"]
    assert headings(frame).values.tolist() == frame.values.tolist()
