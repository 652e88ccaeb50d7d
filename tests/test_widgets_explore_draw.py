"""The Explore & Draw app driven from Python: a whole 2-player hot-seat game by its buttons and boat clicks, a
solo game against a bot-free sister, and the printable sheets."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from widget_counts import made_since, snapshot

from isle_nb import play_app
from isle_nb.model.explore_draw.actions import ChooseCards, Draw, TakeCard, TakeMapBonus, UseSpecial
from isle_nb.widgets.explore_draw import ExploreDrawApp
from isle_nb.widgets.saves import saved_games


def click_a_legal_spot(app: ExploreDrawApp, rng: random.Random) -> None:
    """Hover and click the boat where the ghost is legal (choosing an Oshax colour first if asked)."""
    boat = app.boat
    if boat.placing is not None and boat.placing.kind == "oshax" and boat.placing.colour is None:
        boat.colour_buttons.value = rng.choice(["blue", "green", "red", "purple", "orange"])
    for _ in range(rng.randrange(4)):
        boat.rotate()
    for turn in range(8):  # late in the game some orientations fit nowhere: turn until one fits
        if boat.placer.current_targets:
            break
        boat.rotate() if turn % 4 else boat.mirror()
    targets = sorted(boat.placer.current_targets)
    assert targets, "the ghost has a legal spot in its orientation"
    cell = rng.choice(targets)
    boat.hover_cell(*cell)
    ghost = boat.ghost()
    assert ghost is not None and ghost[1], "the ghost is legal over a target"
    boat.click_cell(*cell)


def play_by_clicks(app: ExploreDrawApp, seed: int) -> int:
    """Play every human decision with the app's own controls; returns the number of clicks."""
    rng = random.Random(seed)
    clicks = 0
    while not app.game.over:
        clicks += 1
        assert clicks < 2000
        legal = app.game.legal_actions(app.player)
        assert legal, f"{app.player} is shown but has nothing to do"
        before = len(app.game.actions)
        kinds = {type(a) for a in legal}
        if ChooseCards in kinds:
            enabled = [b for b in app.column_buttons if not b.disabled]
            rng.choice(enabled).click()
        elif TakeMapBonus in kinds:
            buttons = [c for c in app.boat.offer.children if hasattr(c, "children")]
            if buttons and rng.random() < 0.7:
                buttons[0].children[1].click()
            else:
                app.boat.offer.children[-1].click()
        elif Draw in kinds:
            if UseSpecial in kinds and rng.random() < 0.2:
                app.twice.children[0].click()
            else:
                button = rng.choice(app.items.children) if len(app.items.children) > 1 else None
                if button is not None:
                    button.click()
                if button is None or "isle-ed-decline-copy" not in button._dom_classes:
                    click_a_legal_spot(app, rng)  # else the second copy of a "twice" special was left out
        else:
            assert TakeCard in kinds
            buttons = [b for box in app.tray.children for b in box.children[1:]]
            rng.choice(buttons).click()
        assert not app.messages.errors, app.messages.errors
        assert len(app.game.actions) > before, "each click applies one action (bots may add more)"
    return clicks


def test_a_whole_two_player_hot_seat_game_by_clicks() -> None:
    app = play_app(mode="explore_draw", players=["Ann", "Ben"], seed=4)
    assert isinstance(app, ExploreDrawApp) and app.humans == ("Ann", "Ben")
    assert sum("cat deck" in c.value for c in app.cards) == 8 and sum("lesson deck" in c.value for c in app.cards) == 4
    app.column_buttons[1].click()  # Ann: column B
    assert app.player == "Ben"  # hot seat: the app turns to the next seat that must choose
    assert app.game.view("Ben").seats[0].choice is None
    clicks = play_by_clicks(app, 4)
    assert app.game.over and clicks > 40
    assert "Game over" in app.status.value
    result = app.game.result()
    assert set(result.player) == {"Ann", "Ben"} and result.winner.any()
    for name in ("Ann", "Ben"):
        app.seat.value = name
        assert app.boat.boat is app.game.state.seat(name).boat
        assert len(app.boat.boat.tiles) > 10


def test_bots_fill_their_seats_and_the_solo_game_shows_the_sister() -> None:
    app = play_app(mode="explore_draw", players=["You", "bot:greedy", "Rita=bot:random"], seed=2)
    assert app.humans == ("You",) and set(app.bots) == {"Greedy bot", "Rita"}  # named as in every game's app
    assert app.game.awaiting == ("You",)  # the bots chose at once
    solo = play_app(mode="explore_draw", players=["You"], seed=3, difficulty="hard")
    assert "Sister's colours" in solo.sister.value and len(solo.game.state.sister.lessons) == 5
    play_by_clicks(solo, 3)
    assert solo.sister.value.count("<span") == 5  # all five colour cards face up at the end
    assert set(solo.game.result().player) == {"You", "Sister"}


def test_sheets_print_as_png_and_svg() -> None:
    app = play_app(mode="explore_draw", players=["Ann", "bot:random"], seed=5)
    app.png_button.click()
    assert app.picture.value[:8] == b"\x89PNG\r\n\x1a\n"
    app.svg_button.click()
    assert app.svg.value.startswith("<svg") and "Lesson sheet of Ann" in app.svg.value


def test_a_refused_click_shows_the_rule() -> None:
    app = play_app(mode="explore_draw", players=["Ann", "Ben"], seed=6)
    app.column_buttons[0].click()
    app.seat.value = "Ann"  # back to Ann's sheet: she has chosen already, so her buttons are off
    assert all(b.disabled for b in app.column_buttons)
    count = len(app.game.actions)
    app.column_buttons[2].click()  # a stale click reaches the model, which refuses it
    assert app.messages.errors and "ED-2" in app.messages.errors[-1]
    assert len(app.game.actions) == count


def test_a_special_from_the_list_and_the_twice_button() -> None:
    app = play_app(mode="explore_draw", players=["Ann", "Ben"], seed=8)
    options = dict(app.special_choices.options)
    row = next(action for label, action in options.items() if action is not None and action.special == "row")
    assert "row" in next(label for label, action in options.items() if action == row)
    app.special_choices.value = row
    app.special_button.click()
    app.column_buttons[0].click()  # Ben takes column A
    assert app.game.state.seat("Ann").to_resolve == row.slots and len(row.slots) == 4
    app.seat.value = "Ann"
    assert "&#9745; Choose a row instead of a column." in app.specials.value  # the box is ticked
    assert not app.twice.children  # one special a day: no "twice" today
    assert not app.messages.errors
    app2 = play_app(mode="explore_draw", players=["Cy", "Di"], seed=8)
    app2.column_buttons[0].click()
    app2.column_buttons[0].click()
    names = [b.description for b in app2.twice.children]
    assert names == ["Draw your next cat twice.", "Draw your next treasure twice."]
    app2.twice.children[0].click()
    assert app2.game.state.seat(app2.player).armed == ("twice_cat",) and not app2.twice.children


def test_undo_and_redo_take_back_a_move_and_play_it_again() -> None:
    app = play_app(mode="explore_draw", players=["Ann", "bot:greedy"], seed=3, bot_delay=0, autosave=False)
    assert app.history.undo_button.disabled and "Nothing to undo yet" in app.history.note.value
    app.column_buttons[0].click()  # everyone's choice is revealed: Undo may not take it back
    assert app.history.undo_button.disabled and "revealed" in app.history.note.value
    before = app.game.state
    app.tray.children[0].children[1].click()  # take the first card to resolve
    taken = app.game.actions[-1]
    assert isinstance(taken, TakeCard) and not app.history.undo_button.disabled and app.history.redo_button.disabled
    app.history.undo_button.click()
    assert app.game.state == before and app.game.actions[-1] != taken
    assert f"Taken back: taking the card in slot {taken.slot}." in app.messages.value
    assert not app.history.redo_button.disabled
    app.history.redo_button.click()
    assert app.game.actions[-1] == taken and "Played again." in app.messages.value
    play_by_clicks(app, 3)
    assert app.history.buttons.layout.display == "none"  # the game is over for good


def test_undo_takes_back_a_drawing_and_says_what_it_was() -> None:
    app = play_app(mode="explore_draw", players=["Ann", "Ben"], seed=4, bot_delay=0, autosave=False)
    app.column_buttons[0].click()
    app.column_buttons[1].click()
    app.seat.value = "Ann"
    app.tray.children[0].children[1].click()
    if app.items.children:  # a card with a discovery: draw it, then take the drawing back
        click_a_legal_spot(app, random.Random(1))
        drawn = app.game.actions[-1]
        assert isinstance(drawn, Draw)
        app.history.undo_button.click()
        assert drawn not in app.game.actions
        assert "Taken back: drawing the " in app.messages.value


def test_bots_think_before_each_drawing_move_in_a_running_kernel() -> None:
    async def scenario() -> None:
        app = play_app(mode="explore_draw", players=["Ann", "bot:greedy"], seed=3, bot_delay=0.01, autosave=False)
        assert app.game.awaiting == ("Ann",)  # the hidden choice of cards is made at once
        app.column_buttons[0].click()
        assert "Greedy bot" in app.game.awaiting  # drawing: the bot waits its delay ...
        assert "Greedy bot (bot, thinking...)" in app.status.value  # ... and says so
        for _ in range(2000):
            if "Greedy bot" not in app.game.awaiting:
                break
            await asyncio.sleep(0.005)
        assert "Greedy bot" not in app.game.awaiting and "thinking" not in app.status.value
        assert any(a.player == "Greedy bot" and isinstance(a, Draw) for a in app.game.actions)

    # A thread of its own gives the scenario an event loop even when another one runs here (Playwright's).
    with ThreadPoolExecutor(max_workers=1) as worker:
        worker.submit(asyncio.run, scenario()).result(timeout=60)


def test_every_move_is_saved_and_the_games_dialog_resumes_the_game() -> None:
    app = play_app(mode="explore_draw", players=["Ann", "bot:greedy"], seed=3, bot_delay=0)
    assert app.save_path is None  # nothing worth resuming before a person moves
    app.column_buttons[2].click()
    path = Path(app.save_path)
    saved = next(g for g in saved_games() if g.path == path)
    assert saved.mode == "explore_draw" and saved.moves == len(app.game.actions) and not saved.over
    actions = app.game.actions
    app.close()  # a kernel restart (an app still playing the file would keep it: tests/test_saves.py)
    host = play_app(["Ann", "bot:greedy"], seed=5, bot_delay=0)
    assert "unfinished game" in host.messages.value
    host.games_button.click()
    resume = next(row.children[0] for row in host.dialog.saved.children if str(saved.seed) in row.children[1].value)
    resume.click()
    resumed = host.other_app
    assert resumed.game.actions == actions and resumed.save_path == str(path)
    assert set(resumed.bots) == {"Greedy bot"} and resumed.humans == ("Ann",)
    resumed.tray.children[0].children[1].click()  # playing on saves in the same file
    assert next(g for g in saved_games() if g.path == path).moves == len(resumed.game.actions)


def test_a_game_started_from_the_new_game_dialog_is_saved_too() -> None:
    app = play_app(["Ann", "bot:greedy"], seed=4, bot_delay=0)
    app.games_button.click()
    app.dialog.form.mode.value = "explore_draw"
    app.dialog.form.seed.value = "11"
    app.dialog.form.start_button.click()
    other = app.other_app
    other.column_buttons[0].click()
    assert other.save_path and any(g.path == Path(other.save_path) and g.seed == 11 for g in saved_games())


def test_a_whole_game_keeps_the_live_widgets_flat_and_closing_the_app_leaves_none() -> None:
    before = snapshot()
    app = play_app(mode="explore_draw", players=["Ann", "bot:random"], seed=5, bot_delay=0, autosave=False)
    app.column_buttons[0].click()
    opened = made_since(before)
    play_by_clicks(app, 5)
    assert made_since(before) <= opened + 10, "the rows of buttons are rebuilt by closing the old ones"
    app.close()
    assert made_since(before) == 0
