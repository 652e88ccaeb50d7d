"""The Explore & Draw app driven from Python: a whole 2-player hot-seat game by its buttons and boat clicks, a
solo game against a bot-free sister, and the printable sheets."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from widget_counts import made_since, snapshot

from isle_nb import play_app
from isle_nb.model.explore_draw.actions import ChooseCards, Draw, TakeCard, TakeMapBonus, UseSpecial
from isle_nb.model.explore_draw.data import island_card, specials
from isle_nb.model.explore_draw.island import column_slots
from isle_nb.view.explore_draw import pen_drawing_items, sheets_pdf, sheets_svg
from isle_nb.widgets.explore_draw import ExploreDrawApp
from isle_nb.widgets.saves import saved_games


def with_class(root: Any, name: str) -> list[Any]:
    """Every widget under ``root`` (itself included) with the CSS class ``name``, in order."""
    found = [root] if name in getattr(root, "_dom_classes", ()) else []
    for child in getattr(root, "children", ()):
        found.extend(with_class(child, name))
    return found


def html_under(root: Any) -> str:
    """The HTML text of every HTML widget under ``root``."""
    own = root.value if isinstance(getattr(root, "value", None), str) else ""
    return " ".join([own, *(html_under(c) for c in getattr(root, "children", ()))])


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
        if app.covered:  # hot seat: the next person takes the device
            app.cover.reveal()
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
            usable = [b for b in app.special_boxes.values() if not b.disabled]
            if UseSpecial in kinds and rng.random() < 0.2:
                usable[0].click()
            else:
                button = rng.choice(app.items.children) if len(app.items.children) > 1 else None
                if button is not None:
                    button.click()
                if button is None or "isle-ed-decline-copy" not in button._dom_classes:
                    click_a_legal_spot(app, rng)  # else the second copy of a "twice" special was left out
        else:
            assert TakeCard in kinds
            rng.choice(with_class(app.tray, "isle-ed-take")).click()
        assert not app.messages.errors, app.messages.errors
        assert len(app.game.actions) > before, "each click applies one action (bots may add more)"
    return clicks


def test_a_whole_two_player_hot_seat_game_by_clicks() -> None:
    app = play_app(mode="explore_draw", players=["Ann", "Ben"], seed=4)
    assert isinstance(app, ExploreDrawApp) and app.humans == ("Ann", "Ben")
    assert all("isle-ed-card" in c.value and "data:image/svg+xml;base64," in c.value for c in app.cards)
    app.column_buttons[1].click()  # Ann: column B
    assert app.player == "Ben"  # hot seat: the app turns to the next seat that must choose ...
    assert app.covered and app.children[-1] is app.cover and "Ann, please look away" in app.cover.text.value
    app.cover.reveal()  # ... behind the hand-over cover: Ann's hidden choice stays hidden
    assert not app.covered and app.play_area in app.children
    assert app.game.view("Ben").seats[0].choice is None
    clicks = play_by_clicks(app, 4)
    assert app.game.over and clicks > 40
    assert "Game over" in app.status.value and "<h3>" not in app.status.value  # one headline: the end screen's
    end = app.end  # the standard app's end screen: winner, scores by category and by lesson, Rematch, New game
    assert end is not None and app.top_box.children == (end,) and end.winners
    shown = html_under(end)
    assert "isle-final-table" in shown and "rare treasures" in shown and "isle-ed-by-lesson" in shown
    end.rematch_button.click()
    rematch = app.other_app
    assert isinstance(rematch, ExploreDrawApp) and rematch.humans == ("Ann", "Ben")
    assert rematch.table.seed != app.table.seed and not rematch.game.actions
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
    assert "The sister" in solo.sister.value and "her score now" in solo.sister.value
    assert "Her lessons" in solo.sister.value and "The sister scores" in solo.sister.value  # in words
    play_by_clicks(solo, 3)
    assert solo.sister.value.count("per ") >= 5 and "face down" not in solo.sister.value  # all five face up
    assert set(solo.game.result().player) == {"You", "Sister"}
    assert solo.end is not None and "the sister" in solo.end.children[0].value.lower()
    solo.end.new_game_button.click()  # the Games dialog above the end screen
    assert solo.dialog is not None and solo.top_box.children == (solo.dialog, solo.end)


def test_sheets_download_as_png_svg_and_pdf_and_a_blank_sheet_prints_no_score() -> None:
    app = play_app(mode="explore_draw", players=["Ann", "bot:random"], seed=5, bot_delay=0, autosave=False)
    app.print_button.click()
    assert app.picture.value[:8] == b"\x89PNG\r\n\x1a\n"
    links = app.downloads.value
    assert links.count("download=") == 3 and "data:application/pdf;base64," in links and "image/svg+xml" in links
    blank = sheets_svg(app.seat_view().sheet_of("Ann"))
    assert "Lesson sheet of Ann" in blank and "Score" in blank and ">0<" not in blank  # nothing to score yet
    assert sheets_pdf(app.seat_view().seats)[:5] == b"%PDF-"
    play_by_clicks(app, 5)
    drawn = sheets_svg(app.seat_view().sheet_of("Ann"))
    assert f">{app.seat_view().sheet_of('Ann').score}<" in drawn  # the total in the scoring area


def test_a_refused_click_shows_the_rule() -> None:
    app = play_app(mode="explore_draw", players=["Ann", "Ben"], seed=6)
    app.column_buttons[0].click()
    app.seat.value = "Ann"  # back to Ann's sheet (behind the cover): she has chosen already, so her buttons are off
    app.cover.reveal()
    assert all(b.disabled for b in app.column_buttons)
    count = len(app.game.actions)
    app.column_buttons[2].click()  # a stale click reaches the model, which refuses it
    assert app.messages.errors and "ED-2" in app.messages.errors[-1]
    assert len(app.game.actions) == count


def test_a_special_is_a_box_to_tick_and_its_cards_are_picked_on_the_island() -> None:
    app = play_app(mode="explore_draw", players=["Ann", "Ben"], seed=8)
    assert [b.description[2:] for b in app.special_boxes.values()] == [s.text for s in specials()]
    assert all(b.description.startswith("\u2610") for b in app.special_boxes.values())
    assert app.special_boxes["twice_cat"].disabled and not app.special_boxes["row"].disabled  # only choices today
    app.special_boxes["row"].click()  # tick "a row instead of a column" (ED-6) ...
    assert app.special_boxes["row"].description.startswith("\u2611") and app.choice_row.layout.display == "flex"
    assert "pick its cards on the island" in app.special_note.value
    picks = [p for p in app.picks if p.layout.display != "none"]
    assert len(picks) == 12
    app.picks[0].value = True  # ... pick one card only: not a row
    app.choose_button.click()
    assert app.messages.errors and "not a choice" in app.messages.errors[-1]
    row = next(a for a in app.game.legal_actions("Ann") if isinstance(a, ChooseCards) and a.special == "row")
    for slot, pick in enumerate(app.picks, start=1):
        pick.value = slot in row.slots
    app.choose_button.click()
    assert app.covered
    app.cover.reveal()
    app.column_buttons[0].click()  # Ben takes column A
    assert app.game.state.seat("Ann").to_resolve == row.slots and len(row.slots) == 4
    app.seat.value = "Ann"
    assert app.special_boxes["row"].description.startswith("\u2611")  # the box stays ticked
    assert all(b.disabled for b in app.special_boxes.values())  # one special a day
    app2 = play_app(mode="explore_draw", players=["Cy", "Di"], seed=8)
    app2.column_buttons[0].click()
    app2.cover.reveal()
    app2.column_buttons[0].click()
    usable = [k for k, b in app2.special_boxes.items() if not b.disabled]
    assert usable == ["twice_cat", "twice_treasure"]
    app2.special_boxes["twice_cat"].click()
    assert app2.game.state.seat(app2.player).armed == ("twice_cat",)
    assert app2.special_boxes["twice_cat"].description.startswith("\u2611")


def test_or_and_any_2_cards_offer_pictures_of_what_each_choice_takes() -> None:
    for seed in range(1, 40):
        app = play_app(mode="explore_draw", players=["Ann"], seed=seed, difficulty="easy")
        island = dict(app.seat_view().island)
        found = [s for s, c in island.items() if island_card(c).keyword == "or"]
        if found:
            break
    slot = found[0]
    card_id = island[slot]
    column = next(c for c in "ABCD" if slot in column_slots(c))
    app.column_buttons["ABCD".index(column)].click()
    options = [b for b in with_class(app.tray, "isle-ed-take")]
    card = island_card(card_id)
    assert html_under(app.tray).count("svg+xml") == 1 + len(options)  # the card, and a picture per choice
    if card.keyword == "or":
        assert {o.description for o in options} >= {"Take the top", "Take the bottom"}
    assert not any("1x" in o.description for o in options)


def test_undo_and_redo_take_back_a_move_and_play_it_again() -> None:
    app = play_app(mode="explore_draw", players=["Ann", "bot:greedy"], seed=3, bot_delay=0, autosave=False)
    assert app.history.undo_button.disabled and "Nothing to undo yet" in app.history.note.value
    app.column_buttons[0].click()  # everyone's choice is revealed: Undo may not take it back
    assert app.history.undo_button.disabled and "revealed" in app.history.note.value
    before = app.game.state
    with_class(app.tray, "isle-ed-take")[0].click()  # take the first card to resolve
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
    app.cover.reveal()
    app.column_buttons[1].click()
    app.seat.value = "Ann"
    with_class(app.tray, "isle-ed-take")[0].click()
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
    with_class(resumed.tray, "isle-ed-take")[0].click()  # playing on saves in the same file
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


def test_the_games_dialog_seats_twelve_for_explore_and_draw_and_offers_the_sister_only_alone() -> None:
    app = play_app(["Ann", "bot:greedy"], seed=4, bot_delay=0, autosave=False)
    app.games_button.click()
    form = app.dialog.form
    label = dict((v, k) for k, v in form.mode.options)["explore_draw"]
    assert "flip-and-write" in label and "1-12 players" in label and "roll" not in label
    form.mode.value = "explore_draw"
    assert [row.layout.display for row in form.seat_rows] == [None] * 12  # ED-9: up to 12
    assert form.difficulty.layout.display == "none"  # two seats filled: no sister in a game of several
    form.kinds[1].value = ""
    assert form.difficulty.layout.display is None and form.options() == {"difficulty": form.difficulty.value}
    for index in range(1, 8):
        form.kinds[index].value = "bot:random"
    assert form.difficulty.layout.display == "none" and form.options() == {}
    form.start_button.click()
    other = app.other_app
    assert isinstance(other, ExploreDrawApp) and len(other.seat_view().seats) == 8
    assert other.seat_view().sister_colours is None


def test_an_observer_error_and_a_failed_autosave_show_in_the_message_line(monkeypatch: Any) -> None:
    import errno

    import isle_nb.widgets.playing as playing_module

    def disk_full(path: Path, record: dict[str, Any]) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(playing_module, "write", disk_full)
    app = play_app(mode="explore_draw", players=["Ann", "bot:greedy"], seed=3, bot_delay=0, autosave=True)
    app.column_buttons[0].click()
    assert "Your game could not be saved: the disk is full (" in app.messages.text
    monkeypatch.undo()
    app.autosave = False

    def broken(_change: Any) -> None:
        raise RuntimeError("a watcher broke")

    app.game.observe(broken, names=["state"])
    with_class(app.tray, "isle-ed-take")[0].click()
    assert "a watcher broke" in app.messages.text  # the move stands and the error is shown
    assert isinstance(app.game.actions[-1], TakeCard)


def test_the_sheet_is_drawn_in_pen_after_each_drawing_not_only_after_a_redraw() -> None:
    app = play_app(mode="explore_draw", players=["You"], seed=3, difficulty="easy", bot_delay=0, autosave=False)
    drawn: list[Any] = []
    original = app.boat.tiles_items

    def spy(tiles: Any) -> list[Any]:
        drawn.append(tuple(tiles))
        return original(tiles)

    app.boat.tiles_items = spy  # type: ignore[method-assign]
    app.column_buttons[0].click()
    with_class(app.tray, "isle-ed-take")[0].click()
    click_a_legal_spot(app, random.Random(3))
    new = app.boat.boat.tiles[-1]
    assert any(call == (new,) for call in drawn), "the new drawing alone is drawn, by the sheet's pen"
    assert original((new,)) == pen_drawing_items((new,), app.boat.cell)
    assert "nan" not in app.lessons.value.lower()


def test_each_column_holds_its_three_cards_and_pointing_at_it_frames_them() -> None:
    app = play_app(mode="explore_draw", players=["Ann", "Ben"], seed=2, bot_delay=0, autosave=False)
    columns = with_class(app.island, "isle-ed-col")
    assert len(columns) == 4
    for box, column in zip(columns, "ABCD", strict=True):
        assert [app.cards.index(c) + 1 for c in box.children if c in app.cards] == list(column_slots(column))
        assert box.children[-1] is app.column_buttons["ABCD".index(column)]
        island = dict(app.seat_view().island)
        assert app.column_buttons["ABCD".index(column)].tooltip == f"Column {column} gives: " + "; ".join(
            island_card(island[s]).describe() for s in column_slots(column))
    style = app.children[0].value
    assert ".isle-ed-col:hover .isle-ed-card" in style  # the three cards a column gives are framed on hover
    assert app.seat.layout.display is None and len(app.seat.options) == 2
    solo = play_app(mode="explore_draw", players=["You"], seed=2, difficulty="easy", bot_delay=0, autosave=False)
    assert solo.seat.layout.display == "none"  # one sheet: no switch


def test_picked_cards_show_a_tick_and_a_refused_pick_is_said_where_the_cards_are_picked() -> None:
    """Issue #32 §4: a picked card has a tick and a solid frame (its button says so); cards a special does not allow
    are refused in a plain sentence under the island (and in the message line with the rule), never as a crash."""
    app = play_app(mode="explore_draw", players=["Ann", "Ben"], seed=8)
    app.special_boxes["one_per_row"].click()
    app.picks[0].value = True
    assert app.picks[0].description == "\u2714 Picked" and app.picks[1].description == "Pick"
    assert "isle-ed-chosen" in app.cards[0].value and "\u2714" in app.cards[0].value
    assert "isle-ed-chosen" not in app.cards[1].value and "\u2714" not in app.cards[1].value
    app.choose_button.click()  # one card only: not one of each row
    refusal = app.pick_note.value
    assert "isle-ed-pick-refusal" in refusal and "A1 is not a choice with" in refusal
    assert "pick the cards it allows" in refusal and "Error" not in refusal
    assert app.messages.errors[-1].startswith("Not allowed: A1 is not a choice") and "ED-6" in app.messages.errors[-1]
    assert "Something went wrong" not in app.messages.value
    app.picks[4].value = True  # the picks change: the note goes back to counting them
    assert "isle-ed-pick-refusal" not in app.pick_note.value and "(2 picked)" in app.pick_note.value


def test_the_status_line_says_who_chooses_and_the_cover_offers_no_undo() -> None:
    """Issue #32 §4: the status line has a subject for today's hidden choice, the two-person game's bar says nothing
    of the sister, Undo is off behind the hand-over cover and the log is in sentences."""
    app = play_app(mode="explore_draw", players=["Ann", "Ben"], seed=6)
    assert "Ann and Ben choose today's cards, which stay hidden until everyone has chosen" in app.status.value
    assert "sister" not in app.status.value
    app.column_buttons[0].click()
    assert app.covered and app.history.undo_button.disabled and app.history.redo_button.disabled
    app.cover.reveal()
    assert "Ben chooses today's cards" in app.status.value
    assert not app.history.undo_button.disabled  # Ben may take back his own moves once he sees his sheet...
    assert all(line[:1].isupper() for line in app.log_view.value.split("<br>") if line)  # sentences
    assert "isle-rule" in app.log_view.value  # rule IDs as tags


def test_the_sister_explains_her_score_before_the_first_move_and_any_2_options_wrap() -> None:
    """Issue #32 §4: the solo sister's points before the first move are explained (she scores the boat as it is);
    the options of a card to resolve wrap within the island's width."""
    solo = play_app(mode="explore_draw", players=["You"], seed=3, difficulty="hard")
    view = solo.seat_view()
    assert view.sister_score and sum(points for _words, points in view.sister_points) == view.sister_score
    assert "isle-ed-sister-why" in solo.sister.value and "before your first move" in solo.sister.value
    assert all(words in solo.sister.value for words, _points in view.sister_points)
    solo.column_buttons[0].click()
    for box in solo.tray.children:
        assert box.layout.max_width and box.children[1].layout.flex_flow == "row wrap"


def test_download_links_look_like_links() -> None:
    """Issue #32 §4: the sheets' download links are blue and underlined, as links are."""
    from isle_nb.widgets.explore_draw import download_link

    link = download_link(b"%PDF", "sheet.pdf", "application/pdf", "PDF")
    assert "text-decoration:underline" in link and "color:#1a5fb4" in link and 'download="sheet.pdf"' in link


def test_the_printed_pdf_is_a_vector_drawing_on_a4_or_letter_with_the_lesson_sentences() -> None:
    """Issue #32 §4: the PDF is on A4 or Letter (the reader's choice), the sheet drawn as vectors (no picture in
    it), and the lessons' sentences as on screen under it."""
    import base64
    import re

    from isle_nb.model.explore_draw.data import lesson_sheet
    from isle_nb.view.explore_draw import lesson_lines

    app = play_app(mode="explore_draw", players=["Ann"], seed=5, difficulty="easy")
    app.print_button.click()

    def pdf() -> bytes:
        found = re.search(r'download="([^"]+\.pdf)" href="data:application/pdf;base64,([^"]+)"', app.downloads.value)
        assert found is not None
        return base64.b64decode(found.group(2))

    a4 = pdf()
    assert a4.startswith(b"%PDF-") and b"/MediaBox [ 0 0 841.89 595.28 ]" in a4 and b"/Subtype /Image" not in a4
    assert "-a4.pdf" in app.downloads.value and "PDF on A4" in app.downloads.value
    app.paper.value = "Letter"
    letter = pdf()
    assert b"/MediaBox [ 0 0 792 612 ]" in letter and "-letter.pdf" in app.downloads.value
    lines = "\n".join(lesson_lines(app.seat_view().sheet_of("Ann")))
    assert all(lesson.text in lines for lesson in lesson_sheet())
