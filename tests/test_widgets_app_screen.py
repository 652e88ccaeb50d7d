"""The app as a player meets it around the moves: plain words, undo/redo, saving and resuming, the end screen,
new games and rematches, and the hot-seat cover in the family game (issue #14)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from isle_nb.bots import GreedyBot, play
from isle_nb.model.core.errors import IllegalAction, InvalidSave
from isle_nb.model.core.seat import person_move_depth
from isle_nb.model.isle.game import Game
from isle_nb.model.parts.boat import Boat
from isle_nb.widgets import GameApp, play_app
from isle_nb.widgets import panels as P
from isle_nb.widgets.games import NewGameForm
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.saves import saved_games, saves_folder
from isle_nb.widgets.words import error_words, placement_words, player_text, rule_tag, rule_text, second_person

REPR = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|\w+\(\w+=|\(s\)")


def finished_game(seed: int = 2, names: tuple[str, ...] = ("You", "Bot")) -> Game:
    game = Game.new(list(names), seed=seed)
    return play(game, {n: GreedyBot(seed) for n in names})


# -- words ------------------------------------------------------------------------------------------------------
def test_log_lines_are_sentences_in_the_second_person_for_you():
    assert player_text("keeps #64, #5 from the draft", "You", "You") == ("You keep #64, #5 from the draft.", [])
    assert player_text("has picked", "Ann", "Ann")[0] == "You have picked."
    assert player_text("has picked", "Ann", "Bob")[0] == "Ann has picked."
    assert player_text("buys 1 card(s) for 3 fish (EXPLORE-5)", "Bob", "Ann") == (
        "Bob buys 1 card for 3 fish.", ["EXPLORE-5"])
    assert player_text("passes (RESCUE-3)", "You", "You") == ("You pass.", ["RESCUE-3"])
    assert [second_person(v) for v in ("rescues", "passes", "flips", "reaches", "is")] == [
        "rescue", "pass", "flip", "reach", "are"]


def test_placements_are_told_in_rooms_rats_and_maps_not_cells():
    boat = Boat("C")
    line = "places the blue 5-square cat on (0,3), (1,2), (1,3), (2,2), (2,3), (2,4)"
    text, _ = player_text(line, "Ann", "Bob", boat)
    assert text.startswith("Ann places the blue 5-square cat in room") and not REPR.search(text)
    words = placement_words(boat, [(0, 3), (1, 2), (1, 3), (2, 2), (2, 3), (2, 4)])
    assert "rat" in words and "map" in words


def test_refusals_lose_coordinates_and_keep_the_rule_as_a_tag():
    error = IllegalAction("PLACE-1", "the purple 5-square cat would lie off the boat at [(-1, 0), (0, 0)]")
    assert error_words(error) == ("The purple 5-square cat would lie off the boat.", ["PLACE-1"])
    tag = rule_tag("PLACE-1")
    assert 'class="isle-rule"' in tag and rule_text("PLACE-1")[:20] in tag
    assert all(rule_text(r) for r in ("RESCUE-3", "SCORE-8", "SOLO-12", "FAMILY-5"))


def test_every_log_line_of_a_whole_game_reads_as_a_sentence():
    game = finished_game()
    for entry in game.state.log:
        boat = game.state.player(entry.player).boat if entry.player in game.state.names else None
        text, _rules = player_text(entry.text, entry.player, "You", boat)
        assert not REPR.search(text), text
        assert text[0].isupper() or text[0] in "#0123456789", text
        assert "You keeps" not in text and "You has" not in text


def test_the_message_line_has_a_fixed_height_and_no_icon_font():
    messages = MessageArea()
    height = messages.layout.height
    messages.show("A very long message " * 20, "warning", rules=["RESCUE-1"])
    assert messages.layout.height == height == messages.layout.max_height
    assert "<svg" in messages.value and "&#9432;" not in messages.value


# -- undo, redo, the end -----------------------------------------------------------------------------------------
def test_redo_plays_again_what_undo_took_back():
    app = play_app(["Ann", "bot:greedy"], seed=4, bot_delay=0, autosave=False)
    panel = app.panel
    assert isinstance(panel, P.DraftPanel)
    for card in panel.picker.cards[: app.game.picks_needed("Ann")]:
        panel.picker.toggle(card)
    panel.keep_button.click()
    # the picks were revealed at once: Ann's cannot be taken back, and Undo does not take back the bot's alone
    assert app.undo_button.disabled and "revealed" in app.undo_note.value
    ann = GreedyBot(1)
    while app.undo_button.disabled:  # play on until Ann's last move can be taken back
        app.act(ann.choose(app.game, "Ann", app.game.legal_actions("Ann")))
    moves = list(app.game.actions)
    mine = len(moves) - person_move_depth(app.game, {"Ann"})
    assert app.redo_button.disabled and moves[mine].player == "Ann"
    app.undo_button.click()
    assert app.game.actions == moves[:mine] and not app.redo_button.disabled  # her move and the bot's after it
    app.redo_button.click()
    assert app.game.actions == moves and app.redo_button.disabled


def test_undo_says_why_it_is_off():
    app = play_app(["Ann", "bot:greedy"], seed=4, bot_delay=0, autosave=False)
    assert app.undo_button.disabled and "Nothing to undo" in app.undo_note.value


def test_the_end_screen_shows_the_winner_side_by_side_and_starts_new_games(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr("isle_nb.widgets.app.fresh_seed", lambda: 424242)
    app = GameApp(finished_game(), bots={"Bot": GreedyBot()}, seats=("You", "Bot=bot:greedy"))
    panel = app.panel
    assert isinstance(panel, P.GameOverPanel)
    result = app.game.result()
    winner = result.loc[result["winner"], "player"].tolist()
    assert panel.winners == winner
    html = "".join(getattr(c, "value", "") for c in panel.children if hasattr(c, "value"))
    assert "Game over" in html and "isle-winner" in html
    assert app.history_buttons.layout.display == "none"  # no undo after the end: the game is over for good
    assert app.hints.button.layout.display == "none"  # nor a hint
    with pytest.raises(Exception, match="over"):
        app.undo()
    scores = app.tab("Scores")
    assert "if the game ended now" not in str([getattr(c, "value", "") for c in scores.children])
    old_seed = app.game.state.seed
    panel.rematch_button.click()
    assert not app.game.over and app.game.state.names == ("You", "Bot") and "Bot" in app.bots
    assert app.game.state.seed == 424242 != old_seed  # a rematch deals anew
    assert "seed 424242" in app.player_info.value
    assert not isinstance(app.panel, P.GameOverPanel)


def test_the_new_game_dialog_starts_any_mode_with_chosen_seats():
    app = play_app(["Ann", "bot:greedy"], seed=4, bot_delay=0, autosave=False)
    app.games_button.click()
    form = app.dialog.form
    assert isinstance(form, NewGameForm)
    form.mode.value = "solo"
    form.names[0].value = "Zoe"
    form.difficulty.value = "hard"
    form.seed.value = "77"
    form.start_button.click()
    assert app.game.state.mode == "solo" and app.game.state.names == ("Zoe",) and app.game.state.seed == 77
    assert app.game.sister is not None and app.game.sister.difficulty == "hard" and app.dialog is None
    app.games_button.click()
    form = app.dialog.form
    form.mode.value = "family"
    form.kinds[0].value, form.names[0].value = "person", "Ann"
    form.kinds[1].value, form.names[1].value = "person", "Bob"
    form.kinds[2].value = "bot:random"
    form.start_button.click()
    assert app.game.state.mode == "family" and app.game.state.names[:2] == ("Ann", "Bob")
    assert len(app.game.state.names) == 3 and app.humans == ["Ann", "Bob"]


# -- saving ------------------------------------------------------------------------------------------------------
def test_every_move_is_saved_and_a_new_app_resumes_it():
    app = play_app(["Ann", "bot:greedy"], seed=5, bot_delay=0)
    assert app.save_path is None  # nothing to save before the first move
    panel = app.panel
    for card in panel.picker.cards[: app.game.picks_needed("Ann")]:
        panel.picker.toggle(card)
    panel.keep_button.click()
    assert app.save_path is not None and Path(app.save_path).parent == saves_folder()
    saved = json.loads(Path(app.save_path).read_text())
    assert saved["moves"] == len(app.game.actions) and saved["seats"] == ["Ann", "bot:greedy"]
    # a kernel restart: the old app is gone (while it plays, another app is told the game is open: test_saves.py);
    # a new app offers the unfinished game and resumes it exactly
    app.close()
    again = play_app(["Ann", "bot:greedy"], bot_delay=0)
    assert "unfinished game" in again.messages.text
    (unfinished,) = [g for g in saved_games() if not g.over]
    again.load(unfinished)
    assert again.game.state == app.game.state and again.bots.keys() == app.bots.keys()
    assert again.save_path == app.save_path


def test_a_damaged_save_is_refused_and_nothing_changes(tmp_path: Path):
    app = play_app(["Ann", "bot:greedy"], seed=5, bot_delay=0, autosave=False)
    state = app.game.state
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "isle_nb-app-game", "version": 1, "seats": ["Ann"], "game": {"actions": 3}}')
    with pytest.raises(InvalidSave):
        app.load(bad)
    assert app.game.state is state


# -- hot seat ----------------------------------------------------------------------------------------------------
def test_the_family_game_covers_only_the_secret_lessons():
    app = play_app(["Ann", "Bob"], mode="family", seed=1, bot_delay=0, autosave=False)
    while app.game.phase == "setup":
        if app.covered:
            app.cover.reveal()
        panel = app.panel
        for card in panel.picker.cards[:2]:
            panel.picker.toggle(card)
        panel.keep_button.click()
    assert not app.covered  # taking cats is public: no cover between turns
    viewer = app.viewer
    lessons = app.tab("Your lessons")
    assert "family_lessons" not in str(lessons) and app.side_tabs.hides_lessons(app.viewer)
    app.show_lessons()
    assert app.viewer == viewer and not app.side_tabs.hides_lessons(app.viewer)


def test_the_prompt_says_when_your_private_lessons_were_played_for_you():
    from dataclasses import replace

    from isle_nb.model.isle.phases import lessons

    game = Game.new(["Ann", "Bob"], seed=3)
    state = game.state.update_player("Ann", hand=(124, 133), pack=(), drafted=(), bought=True)  # two private lessons
    state = state.update_player("Bob", pack=(), drafted=(), bought=True)
    state = lessons.begin(replace(state, phase="lessons", step="colours"))
    app = GameApp(Game(state), bots={"Bob": GreedyBot()})
    notes = [c for c in app.panel_box.children if "isle-lessons-played" in getattr(c, "value", "")]
    assert notes and "your 2 private lessons were played face down for you" in notes[0].value
    assert "LESSON-1" in notes[0].value


def test_the_new_game_dialog_also_starts_explore_and_draw():
    app = play_app(["Ann", "bot:greedy"], seed=4, bot_delay=0, autosave=False)
    app.games_button.click()
    form = app.dialog.form
    form.mode.value = "explore_draw"
    form.seed.value = "9"
    form.start_button.click()
    other = app.other_app
    assert other in app.children and app.play_area not in app.children
    assert type(other).__name__ == "ExploreDrawApp" and other.game.state.seed == 9
    back = next(c for c in app.children if type(c).__name__ == "HBox").children[1]  # the bar above the game
    back.click()  # back to the Games dialog of the Isle of Cats app
    assert app.dialog is not None and app.play_area in app.children
