"""Every screen of every mode says who the person at it plays (issue #30 §2): "You are Ann" in The Isle of Cats,
Explore & Draw and Pocket Cats (with the clan once chosen), and at a hub seat; nobody is named where two people share
the screen (hot seat: the status line names who acts) or where the player is called "You"."""

from __future__ import annotations

import pytest

from isle_nb import play_app, remote
from isle_nb.hub import running_hub
from isle_nb.model.pocket.endgame import clan_name

pytestmark = pytest.mark.timeout(60)


@pytest.mark.parametrize("mode", ["standard", "solo", "family", "explore_draw", "pocket"])
def test_the_person_at_the_screen_is_told_who_they_play(mode: str) -> None:
    players = ["Ann"] if mode == "solo" else ["Ann", "bot:random"]
    app = play_app(players, mode=mode, seed=3, autosave=False)
    try:
        shown = app.player_info.value if hasattr(app, "player_info") else app.status.value
        assert "You are <b>Ann</b>" in shown
    finally:
        app.close()


def test_pocket_cats_names_the_clan_once_chosen_and_nobody_in_a_hot_seat_game() -> None:
    app = play_app(["Ann", "bot:random"], mode="pocket", seed=3, autosave=False)
    try:
        app.act(app.seat.legal_actions()[0])  # Ann keeps a clan card (POCKET-5)
        clan = app.seat.view.clans[0]
        assert clan and f"You are <b>Ann</b> ({clan_name(clan)})." in app.status.value
    finally:
        app.close()
    shared = play_app(["Ann", "Bob"], mode="pocket", seed=3, autosave=False)
    try:
        assert "You are" not in shared.status.value
    finally:
        shared.close()
    named_you = play_app(["You"], mode="explore_draw", seed=3, autosave=False)
    isle_you = play_app(["You", "bot:random"], seed=3, autosave=False)
    try:
        assert "You are" not in named_you.status.value
        assert "You are" not in isle_you.player_info.value and "20</b> fish" in isle_you.player_info.value
    finally:
        named_you.close()
        isle_you.close()


def test_a_hub_seat_of_explore_and_draw_and_pocket_cats_says_who_you_are() -> None:
    with running_hub() as hub:
        for mode in ("explore_draw", "pocket"):
            table = remote.create_table(hub.url, players=["Ann", "Bob"], mode=mode, seed=5)
            app = play_app(table=table.links["Bob"])
            try:
                assert "You are <b>Bob</b>" in app.status.value
            finally:
                app.close()
