"""What a screen derives from a player's view (isle_nb.model.isle.view_facts) agrees with the game it came from: a
screen that holds only a view (a remote seat) shows the same scores, seat order and numbering as the game would."""

from __future__ import annotations

import random

import pytest

from isle_nb import Game
from isle_nb.model.core.table import LocalTable
from isle_nb.model.isle import view_facts
from isle_nb.model.isle.state import SISTER


@pytest.mark.parametrize(("mode", "players", "seed"), [("standard", 3, 1), ("solo", 1, 2), ("family", 2, 3)])
def test_facts_from_a_view_match_the_game(mode: str, players: int, seed: int) -> None:
    """SCORE-1..8, SOLO-12, FAMILY-5: each player's own live score from their view is the game's; another player's
    is the game's without the lessons they keep secret (SCORE-5, FAMILY-1); the sister's is public (SOLO-12)."""
    game = Game.new(players, seed=seed, mode=mode)  # type: ignore[arg-type]
    rng = random.Random(seed)
    checked = 0
    while not game.over:
        if checked % 7 == 0:
            for name in game.player_names:
                view = game.view(name)
                assert view_facts.live_score(view, name) == game.score(name)
                for other in game.player_names:
                    full = game.score(other)
                    hidden = sum(full.categories.get(c, 0) for c in view_facts.HIDDEN_CATEGORIES)
                    assert view_facts.live_score(view, other).total == full.total - (other != name) * hidden
                if view.sister is not None:
                    assert view_facts.live_score(view, SISTER) == game.score(SISTER)
                assert view_facts.seat_order(view) == game.player_names
                assert view_facts.solo_rows(view) == game.solo_rows()
                assert view_facts.pass_direction(view) == game.pass_direction
                assert view_facts.describe_pending(view) == game.describe_pending()
                if view.phase == "explore" and view.step == "draft" and view.me.pack:
                    assert view_facts.picks_needed(view) == game.picks_needed(name)
        checked += 1
        who = game.awaiting[0]
        game.apply(rng.choice(game.legal_actions(who)))


def test_the_family_game_needs_a_cover_only_while_lessons_are_dealt() -> None:
    """FAMILY-1: in the family game only the family lessons are secret; the other games always show a hand."""
    family = Game.new(["Ann", "Bob"], seed=1, mode="family")
    assert view_facts.needs_cover(family.view("Ann"))  # the lessons dealt
    for name in ("Ann", "Bob"):
        family.apply(family.legal_actions(name)[0])
    assert not view_facts.needs_cover(family.view("Ann"))
    assert view_facts.needs_cover(Game.new(["Ann", "Bob"], seed=1).view("Ann"))


def test_a_local_table_plays_its_bots_and_gives_the_people_seats() -> None:
    game = Game.new(["Ann", "Bot"], seed=5)
    table = LocalTable(game, {"Bot": game.bot_kinds()["random"](0)})
    assert table.people == ("Ann",) and table.players == ("Ann", "Bot") and table.seed == 5
    assert table.bot_to_move() == "Bot" and table.simultaneous
    table.play_bot("Bot")
    assert table.bot_to_move() is None and table.moves == 1 and not table.people_moved
    ann = table.seat("Ann")
    assert table.seat("Ann") is ann and ann.people == frozenset({"Ann"})
    ann.apply(ann.legal_actions()[0])
    assert table.people_moved
    with pytest.raises(ValueError, match="unknown players"):
        LocalTable(game, {"Zed": game.bot_kinds()["random"](0)})
    table.close()
