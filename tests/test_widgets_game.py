"""A whole two-player game played only through the widgets' handlers: one person against a GreedyBot."""

from __future__ import annotations

from collections import Counter

from isle_nb.widgets import GameApp, panels, play_app


def take_a_turn(app: GameApp) -> str:
    """What a person would click next; returns what was done."""
    panel, boat = app.panel, app.boat
    if boat.placing is not None:
        if boat.placing.kind == "oshax":
            panel.colour_buttons["green"].click()  # the prompt asks for the colour first (OSHAX-1)
        placer = boat.placer
        while not placer.current_targets:
            boat.rotate_button.click()
        maps = boat.boat.layout.maps
        colour = boat.placing.colour or boat.colour
        # Prefer a spot that covers a treasure map of the tile's colour, so the map bonus gets played too.
        targets = sorted(placer.current_targets,
                         key=lambda c: -sum(maps.get(cell) == colour for cell in placer.ghost(c)))
        x, y = targets[0]
        boat.ghost_view._handle_custom_msg({"event": "click", "x": x, "y": y, "orientation": placer.orientation}, [])
        return "place"
    if isinstance(panel, panels.MapBonusPanel):
        next(iter(panel.common_buttons.values())).click()
        return "map bonus"
    if isinstance(panel, panels.DraftPanel):
        for card_id in panel.picker.cards[:2]:
            panel.picker.buttons[card_id].click()
        panel.keep_button.click()
        return "draft"
    if isinstance(panel, panels.BuyPanel):
        for card_id in panel.picker.cards:
            panel.picker.buttons[card_id].click()
            if panel.confirm.button.disabled:  # the model would refuse: too expensive
                panel.picker.buttons[card_id].click()
        if panel.picker.selected:
            panel.confirm.button.click()
        else:
            panel.skip.button.click()
            panel.skip.yes.click()
        return "buy"
    if isinstance(panel, panels.LessonColourPanel):
        panel.choose("green")
        return "lesson colour"
    if isinstance(panel, panels.FreshDrawPanel):
        next(iter(panel.play_buttons.values())).click()
        return "draw card just bought"
    if isinstance(panel, panels.RescueChoicePanel):
        for card_id in panel.picker.cards:
            panel.picker.buttons[card_id].click()
        panel.play_button.click()
        return "rescue cards"
    if isinstance(panel, (panels.RescueTurnPanel, panels.ExtraRescuePanel)):
        cats = [b for b in app.island.buttons().values() if b.layout.display != "none"]
        if cats:
            cats[0].click()
            return "rescue"
        if isinstance(panel, panels.ExtraRescuePanel):
            panel.decline.click()
        else:
            panel.pass_button.button.click()
            panel.pass_button.yes.click()
        return "pass"
    if isinstance(panel, panels.RareFindsPanel):
        if panel.option_buttons:
            panel.option_buttons[0][1].click()
            return "rare find"
        panel.pass_button.press()
        if panel.pass_button.yes in panel.pass_button.children:
            panel.pass_button.yes.click()
        return "pass"
    if isinstance(panel, panels.BuyDrawnPanel):
        panel.confirm.button.click()
        panel.confirm.yes.click()
        return "buy drawn"
    raise AssertionError(f"stuck on {type(panel).__name__}: {app.status.value} / {app.messages.text}")


def test_a_whole_game_through_the_widgets_against_a_greedy_bot():
    app = play_app(["Ann", "bot:greedy"], seed=1, bot_delay=0)
    done: Counter[str] = Counter()
    for _ in range(1000):
        if app.game.over:
            break
        done[take_a_turn(app)] += 1
        assert app.messages.errors == [], app.messages.errors
    assert app.game.over
    assert isinstance(app.panel, panels.GameOverPanel)
    played = {"draft", "buy", "lesson colour", "rescue cards", "rescue", "place", "map bonus", "pass", "rare find"}
    assert played <= set(done)
    assert done["draft"] == 5 * 3
    # Every action in the game came either from Ann's widgets or from the bot.
    assert {a.player for a in app.game.actions} == {"Ann", "Greedy bot"}
    result = app.game.result()
    assert "win" in app.panel.children[0].value
    assert set(result["player"]) == {"Ann", "Greedy bot"}
    scores = app.tab("Scores")
    assert "Greedy bot *" not in "".join(getattr(w, "value", "") for w in scores.children)  # all shown at the end
