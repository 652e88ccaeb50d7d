"""The game app plays the solo game against the sister and the family game, driven from Python through its controls
only (panel buttons, the island's cat buttons, the boat's click messages). Each test asserts on the model as well as
on what is shown: the sister's panel, the numbered island, hidden family lessons, the score sheet and the result."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from isle_nb.bots import GreedyBot
from isle_nb.model.isle.actions import TakeCat, TakeMapBonus
from isle_nb.model.isle.game import Game
from isle_nb.model.isle.state import SISTER, MapBonus
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.tiles import COMMON_SHAPES, Tile
from isle_nb.widgets import GameApp, panels, play_app
from isle_nb.widgets.island import AROUND_THE_ISLAND
from isle_nb.widgets.panels.mode_cards import basket_actions_text


# -- driving the app like a person, through its controls only ---------------------------------------------------
def click_target(app: GameApp) -> None:
    """Place the tile being placed at its first legal spot, through the browser ghost's click message."""
    boat = app.boat
    assert boat.placer is not None and boat.ghost_view is not None
    x, y = sorted(boat.placer.current_targets)[0]
    boat.ghost_view._handle_custom_msg({"event": "click", "x": x, "y": y, "orientation": boat.placer.orientation}, [])


def cat_buttons(app: GameApp) -> dict[str, Any]:
    """The island's visible cat buttons, by tile id."""
    return {t: b for t, b in app.island.buttons().items() if b.layout.display != "none"}


def shown_text(widget: Any) -> str:
    """Every HTML value and button label inside a widget tree."""
    parts = [str(getattr(widget, "value", "") or ""), str(getattr(widget, "description", "") or "")]
    for child in getattr(widget, "children", ()):
        parts.append(shown_text(child))
    return "".join(parts)


def confirm(button: panels.ConfirmButton) -> None:
    button.press()
    if button.ask_first:
        button.yes.click()


def step(app: GameApp) -> str:
    """Make the decision the app's panel asks for, with its buttons; return the panel's name."""
    panel = app.panel
    name = type(panel).__name__
    if isinstance(panel, (panels.DraftPanel, panels.FamilyLessonsPanel)):
        need = app.game.picks_needed(app.viewer) if isinstance(panel, panels.DraftPanel) else panel.need
        for card_id in panel.picker.cards[:need]:
            panel.picker.buttons[card_id].click()
        panel.keep_button.click()
    elif isinstance(panel, panels.BuyPanel):
        for card_id in panel.picker.cards:  # buy what the model lets us pay for
            panel.picker.buttons[card_id].click()
            if panel.confirm.button.disabled:
                panel.picker.buttons[card_id].click()
        confirm(panel.confirm if panel.picker.selected else panel.skip)
    elif isinstance(panel, panels.LessonColourPanel):
        panel.choose(next(iter(panel.buttons)))
    elif isinstance(panel, panels.FreshDrawPanel):
        panel.keep.click()
    elif isinstance(panel, panels.RescueChoicePanel):
        for card_id in panel.picker.cards:
            panel.picker.buttons[card_id].click()
        panel.play_button.click()
    elif isinstance(panel, (panels.RescueTurnPanel, panels.FamilyTurnPanel)):
        cats = cat_buttons(app)
        if getattr(panel, "basket", None) is not None:  # the rescue names its basket (RESCUE-5)
            panel.basket.toggle.value = panel.basket.toggle.options[0][1]
        if cats:
            next(iter(cats.values())).click()
        else:
            confirm(panel.pass_button)
    elif isinstance(panel, panels.PlacePanel):
        tile = app.game.state.pending[-1].tile
        if tile is not None and tile.kind == "oshax":
            panel.colour_buttons["orange"].click()
        click_target(app)
    elif isinstance(panel, panels.MapBonusPanel):
        if panel.rare_buttons:
            next(iter(panel.rare_buttons.values())).click()
        else:
            panel.decline_button.click()  # No thanks
    elif isinstance(panel, panels.RareFindsPanel):
        if panel.option_buttons:
            panel.option_buttons[0][1].click()
        else:
            confirm(panel.pass_button)
    elif isinstance(panel, panels.BuyDrawnPanel):
        confirm(panel.confirm)
    elif isinstance(panel, panels.ChooseFieldPanel):
        panel.buttons["left"].click()
    elif isinstance(panel, panels.MoveCatsPanel):
        panel.stop_button.click()
    elif isinstance(panel, panels.ExtraRescuePanel):
        panel.decline.click()
    else:
        raise AssertionError(f"no decision to make in {name}: {app.status.value} {app.messages.text}")
    assert app.messages.kind != "error", app.messages.text
    return name


# -- solo ---------------------------------------------------------------------------------------------------------
def test_solo_app_starts_with_a_keep_three_draft_and_the_sister_beside_the_boat():
    app = play_app(players=["You"], mode="solo", difficulty="hard", seed=1, bot_delay=0)
    game = app.game
    assert game.state.mode == "solo" and game.sister is not None and game.sister.difficulty == "hard"
    panel = app.panel
    assert isinstance(panel, panels.DraftPanel) and len(panel.picker.cards) == 5
    text = shown_text(panel)
    assert "keep 3 cards" in text and "Nothing is passed" in text
    assert [t for t, _ in app.tab_specs] == ["Your hand", "Scores", "Log"]  # no other boats in the solo game
    assert "solo game against the sister (hard)" in app.player_info.value

    sister = app.sister_panel
    assert isinstance(sister, panels.SisterPanel) and app.sister_box is not None
    assert app.sister_box in app.play_area.children[0].children  # under the boat
    shown = shown_text(sister)
    first = game.sister.colour_row[0]
    assert shown.count("isle-sister-colour-up") == 1 and f">{first}</div>" in shown
    assert shown.count("face down</div>") == 4
    assert all(f"<b>{points}</b> a cat" in shown for points in (5, 4, 3, 2, 1))
    for card_id in game.sister.lessons:  # every lesson with its title and text
        assert f"#{card_id} " in shown and card(card_id).title in shown
    assert len(game.sister.lessons) == 5  # 3 + 2 advanced at "hard"
    assert "revealed when you have chosen your rescue cards" in shown


def test_solo_island_numbers_the_cats_across_both_fields_and_the_rare_stacks():
    app = play_app(players=["You"], mode="solo", seed=4, bot_delay=0)
    numbers = app.island.cat_numbers()
    rows = app.game.solo_rows()
    assert rows is not None
    row = rows["cats"]
    assert len(row) == 8
    assert [re.sub(r"<[^>]+>", "", numbers[t.id]) for t in row] == [f"Cat {i}" for i in range(1, 9)]
    titles = app.island.field_titles
    assert "Cat 1&ndash;4" in titles["left"].value and "Cat 5&ndash;8" in titles["right"].value
    treasures = app.island.treasures.value
    stacks = rows["rare"]
    assert stacks
    for i, stack in enumerate(stacks, start=1):  # one number per stack of one shape
        assert f'title="Rare {i}: {len(stack)} rare treasure' in treasures
    assert all(f'title="Oshax {i}"' in treasures for i in range(1, 7)) and "Oshax 1&ndash;6" in treasures
    assert "Turn order" in app.island.order.value and "the sister" in app.island.order.value


def test_a_whole_solo_game_through_the_widgets_shows_the_sister_at_work():
    app = play_app(players=["You"], mode="solo", difficulty="hard", seed=1, bot_delay=0)
    game = app.game
    seen_cards: set[int] = set()
    removals_shown = 0
    steps = 0
    while not game.over:
        step(app)
        steps += 1
        assert steps < 400
        sister = game.sister
        if game.phase == "rescue" and game.step == "turns" and sister is not None and sister.cards:
            shown = shown_text(app.sister_panel)
            revealed = game.view("You")["sister"]["cards_today"]
            for card_id in revealed:  # each revealed basket card with its keywords
                assert f"<b>#{card_id}</b> {basket_actions_text(card_id)}" in shown
                seen_cards.add(card_id)
            hidden = len(sister.cards) - len(revealed)
            assert (f"{hidden} face down" in shown) == bool(hidden)
            assert f"Speed <b>{sister.speed}</b>" in shown
            lines = [e.text for e in game.state.log if e.player == SISTER and e.day == game.day]
            removals = [t for t in lines if "goes to the box" in t]
            if removals:
                words, why = removals[-1].rsplit(" (", 1)  # what she took, and why (the rule, as a tag)
                assert f"{words}. " in shown and f">{why.rstrip(')')}</span>" in shown
                removals_shown += 1
            assert "the sister" in app.island.order.value
    assert len(seen_cards) >= 5 and removals_shown >= 5
    assert isinstance(app.panel, panels.GameOverPanel)
    result = game.result()
    assert list(result["player"]) == ["You", SISTER]
    title = app.panel.children[0].value
    sister_won = bool(result.set_index("player").loc[SISTER, "winner"])
    assert ("The sister wins" in title) == sister_won and ("You beat the sister" in title) != sister_won
    tied = (result["total"] == result["total"].max()).sum() > 1
    assert ("sister wins ties" in shown_text(app.panel)) == tied  # the tie-break is said only after a tie
    scores = shown_text(app.tab("Scores"))
    assert f"The sister: {game.score(SISTER).total}</h4>" in scores


def test_solo_rescue_shows_her_speed_in_the_turn_order_and_revealed_line():
    app = play_app(players=["You"], mode="solo", seed=2, bot_delay=0)
    while not (app.game.phase == "rescue" and app.game.step == "turns"):
        step(app)
    sister = app.game.sister
    assert sister is not None
    order = app.island.order.value
    assert f"the sister <span style=\"color:#666\">(speed {sister.speed})" in order
    if isinstance(app.panel, panels.RescueTurnPanel):
        assert f"basket card #{sister.cards[0]} (speed {sister.speed})" in shown_text(app.panel)


# -- family -------------------------------------------------------------------------------------------------------
def test_a_whole_family_game_through_the_widgets_against_a_greedy_bot():
    app = play_app(players=["Ann", "bot:greedy"], mode="family", seed=1, bot_delay=0)
    game = app.game
    assert game.phase == "setup" and isinstance(app.panel, panels.FamilyLessonsPanel)
    assert game.state.player("Greedy bot").family_lessons  # the bot kept its lessons at once
    assert [t for t, _ in app.tab_specs] == ["Your lessons", "Scores", "Log", "Other boats"]
    panel = app.panel
    offer = game.state.player("Ann").family_offer
    assert panel.picker.cards == offer and panel.keep_button.disabled
    panel.picker.buttons[offer[0]].click()
    assert panel.keep_button.disabled and "choose 1 more" in panel.hint.value
    panel.picker.buttons[offer[2]].click()
    panel.keep_button.click()
    assert game.state.player("Ann").family_lessons == (offer[0], offer[2])
    assert game.phase == "family"
    lessons_tab = shown_text(app.tab("Your lessons"))
    assert f'data-card="{offer[0]}"' in lessons_tab and f'data-card="{offer[1]}"' not in lessons_tab

    takes = 0
    steps = 0
    while not game.over:
        if isinstance(app.panel, panels.FamilyTurnPanel):
            legal = {a.tile for a in game.legal_actions("Ann") if isinstance(a, TakeCat)}
            assert set(cat_buttons(app)) == legal  # a Take button under exactly the cats that fit
            assert all(b.description == "Take" for b in cat_buttons(app).values())
            takes += bool(legal)
        step(app)
        steps += 1
        assert steps < 300
    assert takes >= 10
    assert len(game.state.player("Ann").boat.tiles) >= 10
    assert isinstance(app.panel, panels.GameOverPanel)
    text = shown_text(app.panel)
    result = game.result()
    tied = (result["total"] == result["total"].max()).sum() > 1
    assert "filled rooms" in text and ("FAMILY-5" in text) == tied and "fish left" not in text  # said after a tie


def test_family_island_shows_the_cats_around_the_island_without_costs():
    app = play_app(players=["Ann", "bot:greedy"], mode="family", seed=3, bot_delay=0)
    step(app)  # keep 2 lessons
    island = app.island
    assert AROUND_THE_ISLAND in island.field_titles["left"].value
    assert "fish" not in island.field_titles["left"].value
    assert island.field_boxes["right"].layout.display == "none"
    assert "Oshax" not in island.treasures.value
    assert "speed" not in island.order.value
    assert "family game" in app.player_info.value and "fish" not in app.player_info.value
    if isinstance(app.panel, panels.FamilyTurnPanel):
        tile_id = next(iter(cat_buttons(app)))
        app.island.buttons()[tile_id].click()
        assert app.game.state.pending[-1].tile == Tile.from_id(tile_id)
        assert "from around the island" in shown_text(app.panel)


def test_family_lessons_are_hidden_from_the_other_seat_in_hot_seat():
    app = play_app(players=["Ann", "Bob"], mode="family", seed=1, bot_delay=0)
    ann_offer = app.game.state.player("Ann").family_offer
    assert app.viewer == "Ann" and isinstance(app.panel, panels.FamilyLessonsPanel)
    step(app)
    kept = app.game.state.player("Ann").family_lessons
    assert len(kept) == 2
    assert app.viewer == "Bob" and app.covered and app.panel_box not in app.children
    assert "Hand the device to <b>Bob</b>" in app.cover.text.value
    assert app.cover.button.description == "I am Bob: show my lessons"
    app.cover.reveal()
    assert isinstance(app.panel, panels.FamilyLessonsPanel)
    assert app.panel.picker.cards == app.game.state.player("Bob").family_offer
    everything = shown_text(app) + "".join(shown_text(app.tab(t)) for t, _ in app.tab_specs)
    for card_id in ann_offer:  # neither Ann's kept lessons nor the one she put back
        # a card is named "#156"; a colour such as "#1565c0" in the styles is not a card
        assert not re.search(rf"#{card_id}(?![0-9a-fA-F])", everything) and f'data-card="{card_id}"' not in everything
    assert "Ann *" in shown_text(app.tab("Scores"))  # her total without the hidden lessons
    assert "2 family lessons (hidden)" in shown_text(app.tab("Other boats"))
    step(app)  # Bob keeps his; the day begins
    assert app.game.phase == "family"


def test_family_map_bonus_offers_rare_treasures_and_commons_in_the_panel():
    game = Game.new(["Ann", "Bot"], seed=1, mode="family")
    for name in ("Ann", "Bot"):
        game.apply(game.legal_actions(name)[0])
    assert game.state.rare_display
    state = replace(game.state, pending=(MapBonus("Ann", count=1),))
    app = GameApp(Game(state), bots={"Bot": GreedyBot()}, bot_delay=0)
    panel = app.panel
    assert isinstance(panel, panels.MapBonusPanel)
    rare = [a.shape for a in app.game.legal_actions("Ann") if isinstance(a, TakeMapBonus)
            and a.shape is not None and a.shape.startswith("rare:")]
    assert rare and set(panel.rare_buttons) == set(rare)
    assert panel.common_buttons and set(panel.common_buttons) <= set(COMMON_SHAPES)
    chosen = rare[0]
    panel.rare_buttons[chosen].click()
    top = app.game.state.pending[-1]
    assert top.kind == "place" and top.tile == Tile.from_id(chosen)
    assert isinstance(app.panel, panels.PlacePanel) and app.boat.placing == Tile.from_id(chosen)
    click_target(app)
    assert app.game.state.player("Ann").boat.tiles[-1].tile == Tile.from_id(chosen)


def test_game_app_takes_a_game_of_any_mode():
    solo = GameApp(Game.new(["Zoe"], seed=5, mode="solo", difficulty="expert"))
    assert solo.viewer == "Zoe" and isinstance(solo.sister_panel, panels.SisterPanel)
    assert "(expert)" in shown_text(solo.sister_panel)
    family = GameApp(Game.new(["Ann", "Bob", "Cy"], seed=5, mode="family"), hot_seat_cover=False)
    assert family.sister_panel is None and isinstance(family.panel, panels.FamilyLessonsPanel)
    with pytest.raises(Exception, match="SOLO-1"):
        play_app(players=["Ann", "Bob"], mode="solo")


def test_watching_bots_play_a_family_game_to_the_end():
    app = play_app(players=["bot:greedy", "bot:random"], mode="family", seed=2, bot_delay=0)
    assert app.game.over and isinstance(app.panel, panels.GameOverPanel)
