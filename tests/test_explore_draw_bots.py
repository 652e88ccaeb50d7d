"""The Explore & Draw greedy bot plays sensibly: it spends its specials (ED-6) and outscores random play."""

from __future__ import annotations

from isle_nb import ExploreDrawGreedyBot, RandomBot, new_game, play


def test_greedy_uses_all_three_specials_and_beats_random_play() -> None:
    for seed in (1, 2):
        game = new_game("explore_draw", ["Greedy", "Random"], seed=seed)
        play(game, [ExploreDrawGreedyBot(seed), RandomBot(seed)])
        assert len(game.state.seat("Greedy").specials) == 3  # a special left unused is lost (ED-6)
        totals = game.scores()
        assert totals["Greedy"] > totals["Random"] + 10


def test_greedy_solo_keeps_up_with_the_sister() -> None:
    solo = new_game("explore_draw", ["Ann"], difficulty="medium", seed=5)
    play(solo, [ExploreDrawGreedyBot(5)])
    totals = solo.scores()
    assert totals["Ann"] >= 15  # the first greedy bot scored 4 here, filling almost no room
    assert solo.players_frame().set_index("player").loc["Ann", "cells_covered"] > 80
