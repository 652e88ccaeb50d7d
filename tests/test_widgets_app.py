"""GameApp driven from Python through its controls: every phase panel, the island and boat, hidden information,
confirmations, errors, undo and the bot seats. Each test asserts on the model, not only on what is shown."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pytest
from canvas_capture import decode
from widget_counts import snapshot

from isle_nb.bots import GreedyBot
from isle_nb.model.isle.actions import Place, Rescue
from isle_nb.model.isle.flow import enter
from isle_nb.model.isle.game import Game
from isle_nb.model.isle.state import GameState, MapBonus, PlaceTile
from isle_nb.model.parts.tiles import COLOUR_HEX, COLOURS, Tile
from isle_nb.widgets import GameApp, panels, play_app
from isle_nb.widgets.app import panel_height
from isle_nb.widgets.seats import parse_players
from isle_nb.widgets.style import PANEL_HEIGHT, TALL_PANEL_HEIGHT


def app_from(state: GameState, bots: tuple[str, ...] = ("Bot",), **kwargs: Any) -> GameApp:
    """An app on a prepared state; the named seats are greedy bots moving at once."""
    return GameApp(Game(state), bots={name: GreedyBot() for name in bots}, bot_delay=0, **kwargs)


def new_state(seed: int = 3, names: tuple[str, ...] = ("Ann", "Bot")) -> GameState:
    return Game.new(list(names), seed=seed).state


def at_buy(state: GameState, ann: tuple[int, ...], fish: int = 20) -> GameState:
    """The buy step, with Ann holding these drafted cards and the bot none."""
    state = replace(state, step="buy")
    state = state.update_player("Ann", pack=(), drafted=ann, fish=fish)
    return state.update_player("Bot", pack=(), drafted=())


def at_rescue(state: GameState, hand: tuple[int, ...] = (), fish: int = 20) -> GameState:
    """The rescue phase (choosing cards), Ann holding ``hand``."""
    state = state.update_player("Ann", pack=(), drafted=(), hand=hand, fish=fish, bought=True)
    state = state.update_player("Bot", pack=(), drafted=(), bought=True)
    return enter(state, ("rescue", "choose"))


def click_target(app: GameApp) -> tuple[int, int]:
    """Place the tile being placed at its first legal spot, through the browser ghost's click message."""
    boat = app.boat
    assert boat.placer is not None
    x, y = sorted(boat.placer.current_targets)[0]
    boat.ghost_view._handle_custom_msg({"event": "click", "x": x, "y": y, "orientation": boat.placer.orientation}, [])
    return x, y


# -- building ---------------------------------------------------------------------------------------------------
def test_play_app_names_bot_seats_and_shows_the_human():
    app = play_app(["Ann", "bot:greedy"], seed=1, bot_delay=0)
    assert app.game.state.names == ("Ann", "Greedy bot")
    assert app.viewer == "Ann"
    assert isinstance(app.panel, panels.DraftPanel)
    assert "Day 1 of 5" in app.status.value and "your move" in app.status.value
    assert repr(app).startswith("GameApp(Game(Ann, Greedy bot")
    assert app.game.state.player("Greedy bot").pick is not None  # the bot picked at once


def test_bots_alone_play_a_whole_game_that_can_be_watched():
    app = play_app(["bot:greedy", "bot:random"], seed=2, bot_delay=0)
    assert app.game.over and isinstance(app.panel, panels.GameOverPanel)
    assert "watching" in app.player_info.value


def test_parse_players_names_and_numbers_bots():
    names, bots = parse_players(["Ann", "bot:greedy", "bot:greedy", "Cleo=bot:random"])
    assert names == ["Ann", "Greedy bot 1", "Greedy bot 2", "Cleo"]
    assert set(bots) == {"Greedy bot 1", "Greedy bot 2", "Cleo"}
    with pytest.raises(ValueError, match="unknown bot"):
        parse_players(["Ann", "bot:clever"])


# -- explore ----------------------------------------------------------------------------------------------------
def test_draft_needs_exactly_two_cards_then_keeps_them():
    app = play_app(["Ann", "bot:greedy"], seed=1, bot_delay=0)
    panel = app.panel
    pack = panel.picker.cards
    assert panel.keep_button.disabled
    panel.picker.buttons[pack[0]].click()
    assert panel.keep_button.disabled and "choose 1 more" in panel.hint.value
    panel.picker.buttons[pack[1]].click()
    panel.picker.buttons[pack[2]].click()  # a third card replaces the oldest choice
    assert panel.picker.selected == (pack[1], pack[2])
    assert not panel.keep_button.disabled
    panel.keep_button.click()
    me = app.game.state.player("Ann")
    assert set(me.drafted) == {pack[1], pack[2]}
    assert len(me.pack) == 5 and isinstance(app.panel, panels.DraftPanel) and app.panel is not panel


def test_the_decision_panel_is_tall_outside_the_island_phases_and_keeps_its_height_while_a_step_lasts():
    """Issue #22 §4: beside the boat at 1400x900 with the file browser open, a pack of 7 cards needs the height the
    island does not use in the draft and the buy; the height changes only with the phase (nothing moves under the
    mouse while a phase's clicks go on)."""
    app = play_app(["Ann", "bot:greedy"], seed=1, bot_delay=0)
    seen = []
    while isinstance(app.panel, panels.DraftPanel | panels.BuyPanel):
        seen.append((app.game.state.step, app.panel_box.layout.height))
        panel = app.panel
        if isinstance(panel, panels.BuyPanel):
            panel.buy_nothing()
            break
        for card_id in panel.picker.cards[:2]:
            panel.picker.buttons[card_id].click()
        panel.keep_button.click()
    assert {step for step, _ in seen} == {"draft", "buy"}
    assert {height for _, height in seen} == {TALL_PANEL_HEIGHT}
    assert app.game.state.phase == "rescue" and app.panel_box.layout.height == PANEL_HEIGHT

    assert "isle-turn-step" not in app.panel_box._dom_classes

    # on a narrow screen the prompt of a turn on the island is short (the boat under it stays in the window) and the
    # rescue cards' is tall: the style reads the class, set when the step changes
    app = app_from(at_rescue(new_state(), hand=(7,)))
    heights = {app.panel_box.layout.height}
    turn_step = ["isle-turn-step" in app.panel_box._dom_classes]
    app.panel.picker.buttons[7].click()
    app.panel.play_button.click()
    heights.add(app.panel_box.layout.height)
    turn_step.append("isle-turn-step" in app.panel_box._dom_classes)
    rescue = next(a for a in app.game.legal_actions("Ann") if isinstance(a, Rescue))
    app.island.buttons()[rescue.tile].click()
    assert isinstance(app.panel, panels.PlacePanel)
    heights.add(app.panel_box.layout.height)
    turn_step.append("isle-turn-step" in app.panel_box._dom_classes)
    assert heights == {PANEL_HEIGHT}
    assert turn_step == [False, True, True]
    assert panel_height("lessons") == panel_height("explore") == TALL_PANEL_HEIGHT
    assert panel_height("rare_finds") == panel_height("family") == PANEL_HEIGHT


def test_the_button_that_sends_a_choice_of_cards_is_the_panels_footer():
    """Issue #22 §4: the style keeps the footer at the bottom of the panel while a long pack scrolls under it."""
    app = play_app(["Ann", "bot:greedy"], seed=1, bot_delay=0)
    footers = [w for w in app.panel.children if "isle-panel-footer" in w._dom_classes]
    assert len(footers) == 1 and app.panel.keep_button in footers[0].children
    assert app.panel.children.index(footers[0]) == len(app.panel.children) - 1
    app = app_from(at_rescue(new_state(), hand=(7,)))
    app.panel.play_button.click()
    assert isinstance(app.panel, panels.RescueTurnPanel)
    assert "isle-panel-footer" in app.panel.pass_button._dom_classes  # Pass too, under a basket question


def test_the_draft_panel_shows_readable_cards_and_the_pass_direction():
    app = play_app(["Ann", "bot:greedy"], seed=1, bot_delay=0)
    html = "".join(view.value for view in app.panel.picker.views.values())
    assert html.count('class="isle-card"') == 7 and "fish" in html
    text = "".join(getattr(w, "value", "") for w in app.panel.children)
    assert "to the left" in text and "Greedy bot" in text


def test_buying_nothing_is_a_deliberate_secondary_choice_that_asks_first():
    """EXPLORE-5: the primary button buys the chosen cards (disabled until one is chosen); buying nothing is a
    separate, plain button that asks first."""
    app = app_from(at_buy(new_state(), (7, 98)))
    panel = app.panel
    assert isinstance(panel, panels.BuyPanel)
    assert panel.confirm.button.disabled and "nothing" not in panel.confirm.button.description
    assert panel.confirm.button.button_style == "success" and panel.skip.button.button_style == ""
    panel.skip.button.click()
    assert panel.skip.yes in panel.skip.children  # "Buy nothing?" is asked, nothing happened yet
    assert not app.game.state.player("Ann").bought
    panel.skip.cancel.click()
    assert panel.skip.children == (panel.skip.button,)
    panel.skip.button.click()
    panel.skip.yes.click()
    assert app.game.state.player("Ann").hand == ()
    assert app.game.phase == "rescue"


def test_card_buttons_line_up_across_cards_of_different_lengths():
    app = app_from(at_buy(new_state(), (7, 98)))
    picker = app.panel.picker
    assert picker.layout.align_items == "stretch"
    assert all(box.layout.justify_content == "space-between" for box in picker.children)


def test_buying_shows_the_total_and_the_model_refuses_what_you_cannot_pay():
    app = app_from(at_buy(new_state(), (7, 98, 63), fish=3))
    panel = app.panel
    panel.picker.buttons[7].click()
    assert "Total <b>1</b> fish" in panel.total.value and not panel.confirm.button.disabled
    panel.picker.buttons[63].click()
    assert panel.confirm.button.disabled and "EXPLORE-5" in panel.total.value  # 4 fish > 3: the model says no
    panel.picker.buttons[63].click()
    panel.confirm.button.click()  # buying something needs no confirmation
    me = app.game.state.player("Ann")
    assert me.hand == (7,) and me.fish == 2


def test_a_public_lesson_gets_its_colour_from_a_button():
    app = app_from(at_buy(new_state(), (144,)))
    app.panel.picker.buttons[144].click()
    app.panel.confirm.button.click()
    panel = app.panel
    assert isinstance(panel, panels.LessonColourPanel) and panel.card == 144
    panel.choose("green")
    assert (144, "green") in app.game.state.public_lessons
    assert isinstance(app.panel, panels.RescueChoicePanel)


# -- rescue -----------------------------------------------------------------------------------------------------
def test_rescue_cards_are_chosen_then_a_cat_is_rescued_from_the_island_and_placed_on_the_boat(sent):
    app = app_from(at_rescue(new_state(), hand=(7, 63)))
    panel = app.panel
    assert isinstance(panel, panels.RescueChoicePanel)
    for card_id in (7, 63):
        panel.picker.buttons[card_id].click()
    assert "speed <b>7</b>" in panel.summary.value
    panel.play_button.click()
    me = app.game.state.player("Ann")
    assert me.speed == 7 and me.full_baskets == 1
    assert app.game.turn_order[0] == "Ann"
    assert isinstance(app.panel, panels.RescueTurnPanel)

    legal = {a.tile for a in app.game.legal_actions("Ann") if isinstance(a, Rescue)}
    buttons = app.island.buttons()
    shown = {tile for tile, button in buttons.items() if button.layout.display != "none"}
    assert shown == legal  # a button under exactly the cats the model lets Ann rescue
    tile_id = sorted(legal)[0]
    buttons[tile_id].click()
    tile = Tile.from_id(tile_id)
    assert app.game.state.pending[-1].tile == tile
    assert isinstance(app.panel, panels.PlacePanel)
    assert app.boat.placing == tile

    sent.clear()
    click_target(app)
    boat = app.game.state.player("Ann").boat
    assert boat.tiles[-1].tile == tile
    assert sent, "the canvas was not redrawn"
    commands = decode(sent[0])
    tiles_layer = f"IPY_MODEL_{app.boat.canvas[1].model_id}"
    assert ("switchCanvas", [tiles_layer]) in commands
    assert ("set", [0, COLOUR_HEX[tile.colour]]) in commands  # the new cat is drawn in its colour
    assert all(("switchCanvas", [tiles_layer]) not in decode(m) for m in sent[1:])  # drawn once


def test_passing_in_the_rescue_asks_first():
    app = app_from(at_rescue(new_state(), hand=(7,)))
    app.panel.picker.buttons[7].click()
    app.panel.play_button.click()
    panel = app.panel
    assert isinstance(panel, panels.RescueTurnPanel)
    panel.pass_button.button.click()
    assert not app.game.state.player("Ann").passed and app.game.turn == "Ann"
    panel.pass_button.yes.click()
    assert any(e.player == "Ann" and "passes (RESCUE-3)" in e.text for e in app.game.state.log)


def test_a_second_rescue_is_offered_after_card_80_and_can_be_declined():
    app = app_from(at_rescue(new_state(), hand=(7, 63, 80)))
    hand = app.tab("Your hand")
    assert 80 in hand.play_buttons
    hand.play_buttons[80].click()
    assert app.game.state.player("Ann").extra_rescues
    for card_id in (7, 63):
        app.panel.picker.buttons[card_id].click()
    app.panel.play_button.click()
    first = next(t for t, b in app.island.buttons().items() if b.layout.display != "none")
    app.island.buttons()[first].click()
    click_target(app)
    panel = app.panel
    assert isinstance(panel, panels.ExtraRescuePanel)
    panel.decline.click()
    assert not app.game.state.pending


def test_the_next_tile_to_place_shows_in_the_same_panel_and_an_oshax_gets_its_own():
    """Tiles placed one after another change the words and the picture of one placing panel: no widget is opened or
    closed in the browser on the click-to-redraw path (issue #22 §4); an Oshax gets a panel with its colour buttons
    (OSHAX-1), and the tile after it a panel without them."""
    tiles = (Tile.cat("blue", 414), Tile.common("1x2"), Tile.oshax(300), Tile.common("1x1"))
    state = new_state()
    app = app_from(replace(state, pending=tuple(PlaceTile("Ann", t, "bag") for t in reversed(tiles))))
    first = app.panel
    assert isinstance(first, panels.PlacePanel) and "blue" in first.title.value
    before = snapshot()
    click_target(app)
    assert app.panel is first and snapshot() == before  # no widget opened, none closed
    assert "2-square common treasure" in first.title.value and "blue" not in first.title.value
    assert app.boat.placing == tiles[1]
    click_target(app)
    oshax = app.panel
    assert oshax is not first and set(oshax.colour_buttons) == set(COLOURS)
    oshax.colour_buttons["orange"].click()
    click_target(app)
    last = app.panel
    assert last is not oshax and not last.colour_buttons and "1-square common treasure" in last.title.value
    assert "colour" not in " ".join(w.value for w in last.children if hasattr(w, "value"))
    assert len(app.game.state.player("Ann").boat.tiles) == 3


# -- rare finds -------------------------------------------------------------------------------------------------
def test_rare_finds_take_an_oshax_with_its_colour_and_treasures():
    state = new_state().update_player("Ann", hand=(1, 98), pack=(), drafted=())
    state = state.update_player("Bot", pack=(), drafted=())
    state = replace(state, turn_order=(0, 1))
    app = app_from(enter(state, ("rare_finds", "turns")))
    panel = app.panel
    assert isinstance(panel, panels.RareFindsPanel)
    oshax = [(a, b) for a, b in panel.option_buttons if type(a).__name__ == "PlayOshax"]
    action, button = oshax[0]
    button.click()
    assert app.boat.placing == Tile.oshax(action.shape)
    assert isinstance(app.panel, panels.PlacePanel) and set(app.panel.colour_buttons) == set(COLOURS)
    click_target(app)  # no colour chosen yet: refused on the line under the boat, naming the rule
    assert app.boat.ghost_view.notice_rule == "OSHAX-1" and app.messages.text == ""
    assert not app.game.state.player("Ann").boat.tiles
    app.panel.colour_buttons["orange"].click()  # asked in the prompt
    assert app.boat.colour == "orange" and app.boat.ghost_view.ready
    assert "orange" in app.panel.chosen.value
    click_target(app)
    placed = app.game.state.player("Ann").boat.tiles[-1].tile
    assert placed.kind == "oshax" and placed.colour == "orange"

    panel = app.panel
    assert isinstance(panel, panels.RareFindsPanel) and panel.card == 98
    assert set(panel.shape_buttons) == {"1x1", "1x2", "L3", "I3"}  # a few shape buttons, not a button per combination
    assert panel.take_button.disabled
    panel.shape_buttons["1x2"].click()
    panel.shape_buttons["L3"].click()
    assert not panel.take_button.disabled and panel.take_button.description == "Take 1x2 + L3"
    panel.take_button.click()
    for _ in range(2):
        click_target(app)
    tiles = app.game.state.player("Ann").boat.tiles
    assert sorted(p.tile.shape for p in tiles if p.tile.is_treasure) == ["1x2", "L3"]
    passing = app.panel.pass_button
    assert not passing.ask_first  # nothing else could be played: passing needs no confirmation
    passing.press()
    assert app.game.day == 2


def test_the_map_bonus_is_offered_in_the_prompt():
    """MAP-1: the choices (each common shape that fits, or No thanks) are in the prompt panel."""
    state = replace(new_state(), pending=(MapBonus("Ann", count=1),))
    app = app_from(state)
    panel = app.panel
    assert isinstance(panel, panels.MapBonusPanel)
    assert list(panel.common_buttons) == ["1x1", "1x2", "L3", "I3"]
    assert panel.common_buttons["L3"].tooltip == "Take an L-shaped 3-square common treasure"  # words, not a code
    assert panel.decline_button is not None and panel.decline_button.button_style == ""  # secondary
    panel.common_buttons["L3"].click()
    assert app.game.state.pending[-1].tile == Tile.common("L3")
    click_target(app)
    assert app.game.state.player("Ann").boat.tiles[-1].tile.shape == "L3"


# -- anytime cards ----------------------------------------------------------------------------------------------
def test_anytime_cards_play_from_the_hand_tab_when_the_model_allows():
    state = new_state().update_player("Ann", hand=(90, 96, 71, 150))
    app = app_from(state)
    hand = app.tab("Your hand")
    assert set(hand.play_buttons) == {90, 96, 71}  # the lesson has no Play button
    assert [o[0] for o in hand.choices[96].options] == ["Blue", "Green", "Red", "Purple", "Orange"]
    hand.choices[96].value = hand.choices[96].options[1][1]
    hand.play_buttons[96].click()
    assert 96 not in app.game.state.player("Ann").hand
    assert "green" in app.game.state.log[-1].text

    app.tab("Your hand").play_buttons[71].click()  # draw 2 and buy
    panel = app.panel
    assert isinstance(panel, panels.BuyDrawnPanel)
    drawn = panel.picker.cards
    panel.picker.buttons[drawn[0]].click()
    panel.confirm.button.click()
    assert drawn[0] in app.game.state.player("Ann").hand
    assert isinstance(app.panel, panels.DraftPanel)


def test_restocking_and_moving_cats_use_the_field_choice_and_the_island_buttons():
    state = new_state().update_player("Ann", hand=(83, 77))
    app = app_from(state)
    app.tab("Your hand").play_buttons[83].click()
    placed = 0
    while isinstance(app.panel, panels.ChooseFieldPanel):
        app.panel.buttons["left"].click()
        placed += 1
    assert placed >= 1
    left = len(app.game.fields["left"])
    app.tab("Your hand").play_buttons[77].click()
    assert isinstance(app.panel, panels.MoveCatsPanel)
    movable = {t: b for t, b in app.island.buttons().items() if b.layout.display != "none"}
    assert all(b.description == "Move" for b in movable.values())
    cat = next(t.id for t in app.game.fields["left"])
    movable[cat].click()
    assert len(app.game.fields["left"]) == left - 1
    app.panel.stop_button.click()
    assert not app.game.state.pending


# -- hot seat, errors, undo, bots -------------------------------------------------------------------------------
def test_hot_seat_hides_the_next_players_hand_until_they_are_ready():
    app = play_app(["Ann", "Bob"], seed=2, bot_delay=0)
    assert app.viewer == "Ann" and not app.covered
    pack = app.panel.picker.cards
    app.panel.picker.toggle(pack[0])
    app.panel.picker.toggle(pack[1])
    app.panel.keep_button.click()
    assert app.viewer == "Bob" and app.covered
    assert app.cover in app.children and app.panel_box not in app.children  # nothing of Bob's is shown
    assert "Hand the device to <b>Bob</b>" in app.cover.text.value
    app.cover.reveal()
    assert not app.covered and isinstance(app.panel, panels.DraftPanel)
    assert app.panel.picker.cards == app.game.state.player("Bob").pack


def test_without_the_cover_the_view_switches_directly():
    app = play_app(["Ann", "Bob"], seed=2, bot_delay=0, hot_seat_cover=False)
    pack = app.panel.picker.cards
    app.panel.picker.toggle(pack[0])
    app.panel.picker.toggle(pack[1])
    app.panel.keep_button.click()
    assert app.viewer == "Bob" and not app.covered


def test_handler_errors_are_shown_never_lost():
    app = play_app(["Ann", "bot:greedy"], seed=1, bot_delay=0)
    tile = app.game.fields["left"][0].id
    app.island.slots[tile][1].click()  # no rescue is possible while drafting
    assert app.messages.kind == "error" and "nothing can be done" in app.messages.text

    def boom() -> None:
        raise RuntimeError("kaboom")

    app.messages.guard(boom)()
    assert "RuntimeError: kaboom" in app.messages.text and "Traceback" in app.messages.value
    with pytest.raises(Exception, match="ANY-1"):
        app.act(Place("Ann", ((0, 0),)))


def test_undo_takes_back_a_placement():
    app = app_from(at_rescue(new_state(), hand=(7,)))
    app.panel.picker.buttons[7].click()
    app.panel.play_button.click()
    first = next(t for t, b in app.island.buttons().items() if b.layout.display != "none")
    app.island.buttons()[first].click()
    click_target(app)
    assert len(app.game.state.player("Ann").boat.tiles) == 1
    assert not app.undo_button.disabled
    app.undo_button.click()
    assert app.game.state.player("Ann").boat.tiles == ()
    assert app.game.state.pending and app.game.state.pending[-1].kind == "place"
    assert app.boat.placing is not None
    # the undo notice is a sentence in the log's words, not an action repr
    assert app.messages.text.startswith("Taken back: You place the blue 5-square cat in room")
    assert not re.search(r"\(\s*-?\d+\s*,|\w+\(\w+=", app.messages.text)  # no cells, no action repr


def test_bots_wait_their_delay_in_turns_but_decide_hidden_steps_at_once():
    async def scenario() -> tuple[bool, bool, bool]:
        state = at_rescue(replace(new_state(), turn_order=(1, 0)), hand=())  # the bot goes first
        app = GameApp(Game(state), bots={"Bot": GreedyBot()}, bot_delay=0.05)
        chose_at_once = app.game.state.player("Bot").rescue_cards is not None
        app.panel.play_button.click()  # Ann plays no cards; the turns begin
        bot_turn = app.game.turn == "Bot" and app.game.step == "turns"
        before = len(app.game.actions)
        waited = len(app.game.actions) == before
        for _ in range(100):
            await asyncio.sleep(0.02)
            if app.game.turn == "Ann" or app.game.phase != "rescue":
                break
        moved = len(app.game.actions) > before
        return chose_at_once, bot_turn and waited, moved

    # A thread of its own gives the scenario an event loop even when another one runs here (Playwright's).
    with ThreadPoolExecutor(max_workers=1) as worker:
        chose_at_once, waited, moved = worker.submit(asyncio.run, scenario()).result(timeout=30)
    assert chose_at_once and moved
    assert waited


def test_score_log_and_boat_tabs_hide_private_lessons_of_others():
    state = new_state().update_player("Bot", private_lessons=(124,))
    state = state.update_player("Ann", private_lessons=(113,))
    app = app_from(state)
    scores = app.tab("Scores")
    text = "".join(getattr(w, "value", "") for w in scores.children)
    assert "Your score if the game ended now" in text
    assert "#113" in text and "#124" not in text and "Bot *" in text
    log = app.tab("Log")
    assert "Day 1" in log.children[0].value
    boats = app.tab("Other boats")
    assert "<svg" in boats.picture.value and "Bot" in boats.picture.value
    assert "unfilled rooms 1, 2, 3, 4, 5, 6, 7" in boats.picture.value  # numbered as on the board


def test_other_boats_are_shown_large_one_at_a_time_with_a_selector():
    game = Game.new(["Ann", "Bob", "Cat"], seed=2)
    app = GameApp(game, hot_seat_cover=False)
    boats = app.tab("Other boats")
    assert list(boats.selector.options) == ["Bob", "Cat"] and boats.selector in boats.children
    assert 'width="548"' in boats.picture.value  # 22 cells of 24 px + margins: as large as the player's own
    boats.selector.value = "Cat"
    assert "<b>Cat</b>" in boats.picture.value and "<b>Bob</b>" not in boats.picture.value


def test_the_rescue_panel_asks_for_the_basket_only_when_the_choice_matters():
    """RESCUE-5: with card 76 in hand, a full basket card played and the permanent basket ready, the panel asks
    which basket carries the cat and the island's Rescue button sends the chosen one; otherwise it does not ask."""
    app = app_from(at_rescue(new_state(), hand=(7, 63)))
    app.panel.picker.buttons[63].click()
    app.panel.play_button.click()
    assert app.game.state.player("Ann").full_baskets == 1 and app.panel.basket is None

    app = app_from(at_rescue(new_state(), hand=(7, 63, 76)))
    for card_id in (7, 63):
        app.panel.picker.buttons[card_id].click()
    app.panel.play_button.click()
    panel = app.panel
    assert isinstance(panel, panels.RescueTurnPanel) and panel.basket is not None
    assert panel.basket.toggle.value is None
    first = next(t for t, b in app.island.buttons().items() if b.layout.display != "none")
    before = app.game.to_json()
    app.island.buttons()[first].click()
    assert app.messages.kind == "error" and "basket" in app.messages.text
    assert app.game.to_json() == before
    panel.basket.toggle.value = "permanent"
    app.island.buttons()[first].click()
    assert app.game.actions[-1] == Rescue("Ann", app.game.actions[-1].field, first, "permanent")
    assert app.game.state.player("Ann").baskets_used == 1


def test_every_copy_of_an_anytime_card_can_be_played():
    """ANY-1: two identical cards (#90 and #91 "Fish per colour") both get Play now; the model lists the choice once."""
    state = new_state().update_player("Ann", hand=(90, 91))
    app = app_from(state)
    listed = [a.card for a in app.game.legal_actions("Ann") if type(a).__name__ == "PlayAnytime"]
    assert listed == [90]  # one distinct choice in the legal actions
    hand = app.tab("Your hand")
    assert set(hand.play_buttons) == {90, 91}
    fish = app.game.state.player("Ann").fish
    hand.play_buttons[91].click()
    assert 91 not in app.game.state.player("Ann").hand and 90 in app.game.state.player("Ann").hand
    assert app.game.state.player("Ann").fish >= fish


def test_rare_finds_card_111_offers_pay_only_for_bigger_treasures_and_each_copy_can_be_played():
    """RARE-3: choose the card, then the shapes; 1x2 + 1x2 is free, L3 costs 1 fish; a second #111 is playable."""
    state = new_state().update_player("Ann", hand=(111, 112), pack=(), drafted=())
    state = state.update_player("Bot", pack=(), drafted=())
    app = app_from(enter(replace(state, turn_order=(0, 1)), ("rare_finds", "turns")))
    panel = app.panel
    assert isinstance(panel, panels.RareFindsPanel) and set(panel.picker.cards) == {111, 112}
    panel.shape_buttons["1x2"].click()
    panel.shape_buttons["1x2"].click()
    assert panel.choice() is not None and not panel.choice().pay and "fish" not in panel.take_button.description
    panel.shape_buttons["L3"].click()  # a third shape starts again
    assert panel.chosen == ["L3"] and panel.choice().pay and "(pay 1 fish)" in panel.take_button.description
    panel.select(112)
    assert panel.card == 112 and panel.shape_buttons
    fish = app.game.state.player("Ann").fish
    panel.shape_buttons["I3"].click()
    panel.take_button.click()
    me = app.game.state.player("Ann")
    assert 112 not in me.hand and 111 in me.hand and me.fish == fish - 1


def test_treasures_paid_for_a_basket_are_outlined_on_the_boat():
    """Card 88 (ANY-2): the treasures the dropdown would pay are outlined in gold on the boat; the choice follows."""
    state = new_state().update_player("Ann", hand=(88,))
    boat = state.player("Ann").boat
    for tile, cells in ((Tile.common("1x1", 0), [(5, 4)]), (Tile.common("1x1", 1), [(6, 4)]),
                        (Tile.common("1x2", 0), [(7, 4), (8, 4)])):
        boat = boat.place(tile, cells, must_touch=False)
    state = state.update_player("Ann", boat=boat)
    app = app_from(state)
    hand = app.tab("Your hand")
    dropdown = hand.choices[88]
    assert dropdown.layout.width == "auto"  # the choice text is not clipped
    first = {c for p in boat.tiles if p.tile.id in dropdown.value.choice for c in p.cells}
    assert {tuple(c) for c in app.boat.ghost_view.marked} == first
    assert app.boat.ghost_view.marked_label == "paid for a basket"
    dropdown.value = dropdown.options[-1][1]
    last = {c for p in boat.tiles if p.tile.id in dropdown.value.choice for c in p.cells}
    assert {tuple(c) for c in app.boat.ghost_view.marked} == last != first
    hand.play_buttons[88].click()
    assert app.boat.ghost_view.marked == []  # the treasures are gone: so is the mark
