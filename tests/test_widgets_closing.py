"""Closing what a screen no longer shows (issue #19 §5): a replaced widget closes with its parts, and nothing that
is still shown closes with it."""

from __future__ import annotations

import random

import ipywidgets as widgets
import pytest
from ipycanvas import MultiCanvas
from ipywidgets.widgets.widget import _instances
from widget_counts import live_shells, made_since, snapshot

from isle_nb import play_app
from isle_nb.model.parts.boat import Boat
from isle_nb.widgets.boat import BoatWidget
from isle_nb.widgets.closing import close_dropped, close_tree, replace_children, tree


def test_close_tree_closes_children_layouts_styles_and_canvases() -> None:
    before = snapshot()
    box = widgets.VBox([widgets.HBox([widgets.Button(description="a")]), MultiCanvas(2), widgets.HTML("x")])
    made = made_since(before)
    assert close_tree(box) == made > 8  # the shared canvas manager of ipycanvas is no part: it stays
    assert made_since(before) == 0


def test_replace_children_closes_only_what_is_no_longer_shown() -> None:
    before = snapshot()
    kept, gone = widgets.Button(description="kept"), widgets.HBox([widgets.Button(description="gone")])
    moved = widgets.HTML("moves into the new child")
    box = widgets.VBox([kept, gone, widgets.VBox([moved])])
    old_child = box.children[2]
    replace_children(box, [kept, widgets.HBox([moved])])
    assert gone.comm is None and gone.children[0].comm is None and old_child.comm is None
    assert kept.comm is not None and moved.comm is not None and moved.layout.comm is not None
    close_tree(box)
    assert made_since(before) == 0


def test_close_dropped_closes_the_parts_a_mapping_lets_go() -> None:
    a, b = widgets.HTML("a"), widgets.HTML("b")
    close_dropped({"a": a, "b": b}, {"a": a})
    assert a.comm is not None and b.comm is None and b.layout.comm is None
    a.close()


def test_a_composite_widget_closes_what_it_keeps_besides_what_it_shows() -> None:
    before = snapshot()
    boat = BoatWidget(Boat("A"))  # its links and its own message area are not among its children
    boat.close()
    assert made_since(before) == 0


def test_new_games_from_the_games_dialog_keep_the_live_widgets_and_game_shells_flat() -> None:
    """One app taken through several games (many moves each, started from its Games dialog) holds as many live
    widgets and game shells after the last game as after the first: every panel, card, button and boat it replaces
    is closed, and the games it drops are freed (issue #19 §5)."""
    before, shells = snapshot(), live_shells()
    app = play_app(["You", "bot:random"], seed=7, bot_delay=0, autosave=False)
    widgets_after = []
    for game in range(3):
        if game:
            app.games_button.click()
            app.dialog.form.seed.value = "7"  # the same deal and the same moves: the same screen
            app.dialog.form.start_button.click()
        rng = random.Random(7)
        for _ in range(15):  # the first day's decisions and more, sent through the app as clicks send them
            legal = app.game.legal_actions("You")
            app.act(legal[rng.randrange(len(legal))])
        widgets_after.append(made_since(before))
    assert widgets_after == [widgets_after[0]] * 3, f"live widgets after each game: {widgets_after}"
    assert live_shells() - shells == 1, "only the game being played is alive"
    app.close()
    assert made_since(before) <= 1  # ipycanvas' shared canvas manager, made on first use


def test_games_in_their_own_apps_from_the_games_dialog_keep_the_live_widgets_flat() -> None:
    """Pocket Cats and Explore & Draw games started from the Games dialog take the app's place; going back to the
    dialog closes the game's app, so game after game the live widgets and game shells stay as they were."""
    before, shells = snapshot(), live_shells()
    host = play_app(["You", "bot:random"], seed=5, bot_delay=0, autosave=False)
    widgets_after = []
    for mode in ("pocket", "explore_draw", "pocket", "explore_draw"):
        host.games_button.click()
        host.dialog.form.mode.value = mode
        host.dialog.form.seed.value = "5"
        host.dialog.form.start_button.click()
        assert "New game started (seed 5)." in host.messages.value  # the line above the game's app says so
        rng = random.Random(5)
        for _ in range(12):
            legal = host.other_app.game.legal_actions("You")
            host.other_app.act(legal[rng.randrange(len(legal))])
        widgets_after.append(made_since(before))
        host.children[1].children[1].click()  # the game's Games button: back to the dialog, the game's app closes
        host.close_games()
    assert widgets_after[2:] == widgets_after[:2], f"live widgets in each game: {widgets_after}"
    assert live_shells() - shells == 1, "only the Isle of Cats app's own game is alive"
    host.close()
    assert made_since(before) <= 1


def test_the_news_above_another_games_app_goes_once_the_player_moves_there() -> None:
    """The line above a game shown in the app's place says "New game started" (or "Rematch started", "Loaded your
    game"); once the player moves in that game the news is stale and goes, as the app's own line does (issue #32)."""
    host = play_app(["You", "bot:random"], seed=5, bot_delay=0, autosave=False)
    for mode in ("explore_draw", "pocket"):
        host.open_games()
        _start_from(host.dialog, mode, 5)
        assert host.messages.text == "New game started (seed 5).", mode
        _play_a_little(host.other_app, moves=1)
        assert host.messages.text == "", mode
        if mode == "explore_draw":
            host.other_app.rematch()
            assert host.messages.text == "Rematch started."
            _play_a_little(host.other_app, moves=1)
            assert host.messages.text == ""
        host.children[1].children[1].click()  # the bar's Games button: back to the dialog
    host.close()


PERSON_SEATS = {"standard": ["You", "bot:random"], "solo": ["You"], "family": ["You", "bot:random"],
                "pocket": ["You", "bot:random"], "explore_draw": ["You", "bot:random"]}


def _start_from(dialog: widgets.Widget, mode: str, seed: int) -> None:
    """Start a game of ``mode`` from a Games dialog, the way a person fills its form."""
    form = dialog.form
    form.mode.value = mode
    for index, spec in enumerate(PERSON_SEATS[mode]):
        form.kinds[index].value = "person" if spec == "You" else spec
        form.names[index].value = "You" if spec == "You" else ""
    if len(PERSON_SEATS[mode]) < 2:
        form.kinds[1].value = ""
    form.seed.value = str(seed)
    form.start_button.click()


def _play_a_little(app: widgets.Widget, moves: int = 8) -> None:
    """A few of the person's moves (the same in every round), sent through ``app`` as clicks send them."""
    rng = random.Random(5)
    for _ in range(moves):
        game = app.game
        if game.over or "You" not in game.awaiting:
            return
        legal = game.legal_actions("You")
        app.act(legal[rng.randrange(len(legal))])


def test_one_app_through_twelve_games_of_every_mode_keeps_its_live_widgets_and_game_shells_flat(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """One app on the screen goes through 12 games alternating every mode and every way of changing games: its
    own Games dialog, Explore & Draw's own Games dialog and rematch (which used to keep the Explore & Draw app alive
    inside the next one: about 280 widgets and a game shell per round trip, issue #32 §2) and the bar's way back.
    The second round of six games leaves exactly as many live widgets as the first, and one game shell."""
    monkeypatch.setattr("isle_nb.widgets.launcher.fresh_seed", lambda: 10)  # the rematch's deal, each round
    before, shells = snapshot(), live_shells()
    host = play_app(["You", "bot:random"], seed=5, bot_delay=0, autosave=False)
    counts = []
    for _round in range(2):
        host.games_button.click()
        _start_from(host.dialog, "standard", 5)  # 1. the Isle of Cats app's own game
        _play_a_little(host)
        host.games_button.click()
        _start_from(host.dialog, "explore_draw", 6)  # 2. Explore & Draw in its place
        _play_a_little(host.other_app)
        host.other_app.rematch()  # 3. its rematch: a new Explore & Draw app, the old one closes
        _play_a_little(host.other_app)
        host.other_app.open_games()  # 4. the solo game from Explore & Draw's own Games dialog
        _start_from(host.other_app.dialog, "solo", 7)
        assert host.other_app is None and host.play_area in host.children
        _play_a_little(host)
        host.games_button.click()
        _start_from(host.dialog, "pocket", 8)  # 5. Pocket Cats in its place
        _play_a_little(host.other_app)
        host.children[1].children[1].click()  # 6. the bar's Games button, then the family game
        _start_from(host.dialog, "family", 9)
        _play_a_little(host)
        counts.append((made_since(before), live_shells() - shells))
    assert counts[1] == counts[0], f"live widgets and game shells after each round: {counts}"
    assert counts[1][1] == 1, "only the game on the screen is alive"
    assert _left_out(host, before) <= 1, "every live widget is part of the app"
    host.close()
    assert made_since(before) <= 1  # ipycanvas' shared canvas manager, made on first use


def _left_out(app: widgets.Widget, before: frozenset[str]) -> int:
    """How many widgets made since ``before`` are alive but no part of ``app`` (nothing will ever close them)."""
    parts = tree(app)
    return sum(1 for key, widget in _instances.items() if key not in before and id(widget) not in parts)


def _games_of(app: widgets.Widget) -> widgets.Widget:
    """The app whose Games dialog a person opens: the one shown in ``app``'s place, if any, else ``app``."""
    shown = getattr(app, "other_app", None)
    return shown if shown is not None else app


def test_an_explore_and_draw_app_through_twelve_games_of_every_mode_keeps_its_live_widgets_flat() -> None:
    """An Explore & Draw app on the screen (``play_app(mode="explore_draw")``) goes to a standard game and back,
    and through every other mode, 12 games: each replaced app closes, whichever mode it plays and whichever app's
    Games dialog started the next game. Its dialogs closed (each used to stay alive, about 140 widgets, as did a
    Layout of each Isle of Cats app: issue #32 §2); only its own game, hidden while another is shown, stays."""
    before, shells = snapshot(), live_shells()
    host = play_app(["You", "bot:random"], mode="explore_draw", seed=5, bot_delay=0, autosave=False)
    counts = []
    for _round in range(2):
        for mode, seed in (("standard", 5), ("explore_draw", 6), ("pocket", 7), ("solo", 8), ("explore_draw", 9),
                           ("family", 10)):
            if hasattr(_games_of(host), "open_games"):
                _games_of(host).open_games()
            else:  # Pocket Cats has no Games dialog: the bar's Games button leads back to the screen's
                host.children[1].children[1].click()
            _start_from(_games_of(host).dialog, mode, seed)
            _play_a_little(_games_of(host))
        counts.append((made_since(before), live_shells() - shells))
    assert counts[1] == counts[0], f"live widgets and game shells after each round: {counts}"
    assert counts[1][1] == 2, "the Explore & Draw app's own game (hidden) and the family game shown"
    assert _left_out(host, before) <= 1, "every live widget is part of the app"
    host.close()
    assert made_since(before) <= 1
