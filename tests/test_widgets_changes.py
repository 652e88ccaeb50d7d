"""The play screen marks what the others changed since the player's last move (issue #22 §4): the new tiles on the
other boats (outlined in the Other boats tab, whose title says so), the cats that arrived in the fields and the ones
that left (on the island). Driven from Python: the app shows what the model's ``changes_since`` lists, nothing
before the player's first move."""

from __future__ import annotations

from msgspec.structs import replace

from isle_nb.bots import GreedyBot
from isle_nb.model.isle.changes import CHANGED_WORDS, changes_since
from isle_nb.model.isle.game import Game
from isle_nb.model.parts.tiles import Tile
from isle_nb.view import CHANGED
from isle_nb.widgets import GameApp
from isle_nb.widgets.island import IslandWidget


def app_against_a_bot(seed: int = 5) -> GameApp:
    """Ann against a greedy bot that moves at once."""
    return GameApp(Game.new(["Ann", "Bot"], seed=seed), bots={"Bot": GreedyBot(seed)}, bot_delay=0)


def play_until_the_bot_rescued(app: GameApp) -> None:
    """Ann plays (the greedy choice for her) until the bot placed a cat after one of Ann's moves."""
    chooser = GreedyBot(1)
    for _ in range(400):
        ctx = app.context()
        if ctx.changes.boats.get("Bot") and any(p.tile.kind == "cat" for p in ctx.changes.boats["Bot"]):
            return
        assert not app.seat.over
        app.act(chooser.choose(app.game, "Ann", ctx.legal))
    raise AssertionError("the bot never rescued a cat")


def test_nothing_is_marked_before_the_players_first_move() -> None:
    app = app_against_a_bot()
    assert app.context().changes.empty
    assert "(new)" not in "".join(app.tabs.titles)
    assert app.island.changed.value == "" and app.island.changed.layout.display == "none"
    assert CHANGED not in app.tab("Other boats").picture.value


def test_after_the_bots_rescue_its_new_cat_is_outlined_and_the_island_says_what_left() -> None:
    """RESCUE-3, RESCUE-6: the bot's rescued cat is on its boat and gone from its field; Ann's screen marks both."""
    app = app_against_a_bot()
    play_until_the_bot_rescued(app)
    changes = app.context().changes
    assert app.tabs.titles[-1] == "Other boats (new)"
    boats = app.tab("Other boats")
    assert boats.selector.value == "Bot" and boats.selector.icons[0]
    assert CHANGED_WORDS in boats.selector.tooltips[0]
    placed = len(changes.boats["Bot"])
    assert CHANGED in boats.picture.value
    assert f"Outlined: {placed} tile{'s' if placed != 1 else ''} placed since your last move" in boats.picture.value
    line = app.island.changed.value
    assert app.island.changed.layout.display is None and "Since your last move:" in line
    assert ("gone from the fields" in line) == bool(changes.left)
    assert ("outlined: new here" in line) == bool(changes.arrived or changes.rare_arrived)
    for tile_id, (box, _button) in app.island.slots.items():
        assert ("isle-changed" in box._dom_classes) == (tile_id in changes.arrived)


def test_at_a_hot_seat_table_the_marks_are_those_of_the_person_shown() -> None:
    """Each person's screen compares with their own last move: right after it nothing is marked, and what the other
    person did since is."""
    app = GameApp(Game.new(["Ann", "Ben"], seed=4), hot_seat_cover=False)
    chooser = GreedyBot(3)
    own_last, marked = 0, 0
    for _ in range(160):
        if own_last >= 2 and marked >= 2:
            break
        viewer = app.viewer
        ctx = app.context()
        mine = [a for a in app.game.actions if a.player == viewer]
        if app.game.actions and app.game.actions[-1].player == viewer:
            own_last += 1
            assert ctx.changes.empty and app.tabs.titles[-1] == "Other boats"
        elif mine and ctx.changes.boats:
            marked += 1
            assert list(ctx.changes.boats) == [n for n in ("Ann", "Ben") if n != viewer]
            assert app.tabs.titles[-1] == "Other boats (new)"
        app.act(chooser.choose(app.game, viewer, ctx.legal))
    assert own_last >= 2 and marked >= 2


def test_the_island_outlines_the_cats_and_rare_treasures_that_arrived() -> None:
    """A new day's cats (FIELD-1) and rare treasures are outlined; the cats that left are named on the last line."""
    view = Game.new(["Ann", "Ben"], seed=3).view("Ann")
    stays, goes, comes = Tile.cat("blue", 400), Tile.cat("red", 401), Tile.cat("green", 402)
    before = replace(view, left_field=(stays, goes), right_field=(), rare_display=view.rare_display[1:])
    now = replace(view, left_field=(stays,), right_field=(comes,))
    island = IslandWidget()
    island.show(now, changes=changes_since(before, now))
    outlined = {tile_id for tile_id, (box, _b) in island.slots.items() if "isle-changed" in box._dom_classes}
    assert outlined == {comes.id}
    assert island.treasures.value.count('class="isle-changed"') == 1
    line = island.changed.value
    assert "outlined: new here" in line and "gone from the fields:" in line and "red 5-square cat" in line
    island.show(now, changes=changes_since(now, now))
    assert not any("isle-changed" in box._dom_classes for box, _b in island.slots.values())
    assert island.changed.value == "" and island.changed.layout.display == "none"


def test_the_family_game_marks_the_cats_taken_from_around_the_island() -> None:
    """FAMILY-2: the cats lie around the island; the ones another player took since your last move are named there,
    and their new tiles outlined on their boat."""
    app = GameApp(Game.new(["Ann", "Bot"], seed=2, mode="family"), bots={"Bot": GreedyBot(2)}, bot_delay=0)
    chooser = GreedyBot(4)
    for _ in range(200):
        ctx = app.context()
        if ctx.changes.left and ctx.changes.boats:
            break
        app.act(chooser.choose(app.game, "Ann", ctx.legal))
    ctx = app.context()
    assert ctx.changes.left and ctx.changes.boats.get("Bot")
    assert "gone from around the island" in app.island.changed.value
    assert app.tabs.titles[-1] == "Other boats (new)"
