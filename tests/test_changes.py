"""What changed since a player's last move (isle_nb.model.isle.changes) and the seat that remembers that move (issue #22
§4): the other players' new tiles, the cats that arrived in or left the fields, the display, the Oshax and the
public lessons; nothing before a player's first move, nothing for their own move, and undo/redo move the mark."""

from __future__ import annotations

from msgspec.structs import replace

from isle_nb import Game, LocalSeat
from isle_nb.bots import GreedyBot
from isle_nb.model.isle.changes import NOTHING, changes_since
from isle_nb.model.isle.player_view import PlayerView
from isle_nb.model.parts.tiles import Tile
from tests.game_helpers import first_placement


def a_view(seed: int = 3) -> PlayerView:
    """Ann's view at the start of a 2-player game against Ben."""
    return Game.new(["Ann", "Ben"], seed=seed).view("Ann")


def with_ben(view: PlayerView, **changes: object) -> PlayerView:
    """``view`` with Ben's side changed."""
    return replace(view, others=tuple(replace(o, **changes) if o.name == "Ben" else o for o in view.others))


def test_nothing_is_marked_before_the_first_move() -> None:
    view = a_view()
    assert changes_since(None, view) is NOTHING and NOTHING.empty and NOTHING.sentence() == ""
    assert changes_since(view, view).empty


def test_a_tile_on_another_boat_is_marked_with_its_cells() -> None:
    before = a_view()
    boat = before.other("Ben").boat
    cat = Tile.cat("blue", 400)
    cells = first_placement(boat, cat, must_touch=False)
    now = with_ben(before, boat=boat.place(cat, cells, must_touch=False))
    found = changes_since(before, now)
    assert list(found.boats) == ["Ben"] and found.boats["Ben"][0].tile == cat
    assert found.cells("Ben") == (frozenset(cells),) and found.cells("Ann") == ()
    assert found.sentence() == "Since your last move: Ben placed 1 tile."


def test_the_viewers_own_boat_is_not_compared() -> None:
    before = a_view()
    boat = before.me.boat
    cat = Tile.cat("red", 401)
    now = replace(before, me=replace(before.me, boat=boat.place(cat, first_placement(boat, cat, False), False)))
    assert changes_since(before, now).empty


def test_cats_that_left_and_arrived_in_the_fields_and_the_display() -> None:
    before = a_view()
    cats = [Tile.cat("green", s) for s in (400, 401, 402)]
    before = replace(before, left_field=(cats[0], cats[1]), right_field=())
    now = replace(before, left_field=(cats[1],), right_field=(cats[2],),
                  oshax_supply=before.oshax_supply[1:], public_lessons=((131, None),))
    found = changes_since(before, now)
    assert found.left == (cats[0],) and found.arrived == {cats[2].id}
    assert found.oshax_left == before.oshax_supply[:1] and found.lessons == (131,)
    assert found.sentence() == ("Since your last move: 1 cat left the fields, 1 cat arrived, 1 Oshax taken and "
                                "1 public lesson played.")


def test_a_cat_moving_from_one_field_to_the_other_arrived_there_and_did_not_leave() -> None:
    before = a_view()
    cat = Tile.cat("purple", 405)
    before = replace(before, left_field=(), right_field=(cat,))
    now = replace(before, left_field=(cat,), right_field=())
    found = changes_since(before, now)
    assert found.arrived == {cat.id} and found.left == ()


def test_rare_treasures_on_the_display() -> None:
    before = a_view()
    display = before.rare_display
    assert len(display) >= 2
    now = replace(before, rare_display=display[1:])
    assert changes_since(before, now).rare_left == display[:1]
    assert changes_since(now, before).rare_arrived == {display[0].id}


# -- the seat remembers its last move -------------------------------------------------------------------------------
def ann_against_a_bot(seed: int = 5) -> tuple[Game, LocalSeat, GreedyBot]:
    game = Game.new(["Ann", "Ben"], seed=seed)
    return game, LocalSeat(game, "Ann"), GreedyBot(seed)


def bot_moves(game: Game, bot: GreedyBot) -> None:
    while "Ben" in game.awaiting and not game.over:
        game.apply(bot.choose(game, "Ben", game.legal_actions("Ben")))


def ann_moves(game: Game, ann: LocalSeat, bot: GreedyBot) -> None:
    """Ann plays her first legal action (the bot's choice for her), then Ben until Ann is awaited again."""
    ann.apply(bot.choose(game, "Ann", ann.legal_actions()))
    bot_moves(game, bot)


def test_the_seat_sees_nothing_before_its_first_move_and_its_own_move_is_not_a_change() -> None:
    game, ann, bot = ann_against_a_bot()
    assert ann.seen is None
    ann.apply(bot.choose(game, "Ann", ann.legal_actions()))
    assert ann.seen is ann.view  # right after her own move
    assert changes_since(ann.seen, ann.view).empty


def test_a_bots_rescue_shows_up_for_the_other_seat() -> None:
    """RESCUE-3, RESCUE-6: Ben's rescued cat lands on his boat and leaves its field; Ann's screen is told both."""
    game, ann, bot = ann_against_a_bot()
    found = None
    while not game.over and found is None:
        if "Ann" in game.awaiting:
            ann.apply(bot.choose(game, "Ann", ann.legal_actions()))
        else:
            before = game.view("Ben").me.boat
            game.apply(bot.choose(game, "Ben", game.legal_actions("Ben")))
            placed = [p for p in game.view("Ben").me.boat.tiles if p not in set(before.tiles)]
            if placed and placed[0].tile.kind == "cat" and ann.seen is not None:
                found = placed[0]
    assert found is not None
    changes = changes_since(ann.seen, ann.view)
    assert found in changes.boats["Ben"] and found.cells in changes.cells("Ben")
    assert found.tile in changes.left
    assert "Ben placed" in changes.sentence()


def test_each_seat_at_a_hot_seat_table_remembers_its_own_last_move() -> None:
    game = Game.new(["Ann", "Ben"], seed=2)
    seats = {n: LocalSeat(game, n, people=("Ann", "Ben")) for n in ("Ann", "Ben")}
    bot = GreedyBot(0)
    seats["Ann"].apply(bot.choose(game, "Ann", seats["Ann"].legal_actions()))
    assert seats["Ben"].seen is None and seats["Ann"].seen is not None
    after_ann = seats["Ann"].seen
    seats["Ben"].apply(bot.choose(game, "Ben", seats["Ben"].legal_actions()))
    assert seats["Ann"].seen == after_ann and seats["Ben"].seen == seats["Ben"].view


def test_undo_takes_the_mark_back_to_the_move_before_and_redo_brings_it_again() -> None:
    """The view at a seat's last move comes from the game's history: an undo of that move makes the move before it
    the last one (or none), a redo the undone one again."""
    game, ann, bot = ann_against_a_bot(seed=7)
    views = []
    for _ in range(12):
        if game.over:
            break
        if "Ann" in game.awaiting:
            ann.apply(bot.choose(game, "Ann", ann.legal_actions()))
            views.append(ann.view)
            if len(views) >= 2 and game.can_undo:
                break
        else:
            bot_moves(game, bot)
    assert len(views) >= 2 and ann.seen == views[-1]
    ann.undo()
    assert ann.seen == views[-2]
    ann.redo()
    assert ann.seen == views[-1]


def test_a_loaded_game_remembers_the_last_move() -> None:
    game, ann, bot = ann_against_a_bot(seed=4)
    ann_moves(game, ann, bot)
    ann_moves(game, ann, bot)
    loaded = Game.from_json(game.to_json())
    assert LocalSeat(loaded, "Ann").seen == ann.seen


def test_state_after_reads_the_history() -> None:
    game, ann, bot = ann_against_a_bot(seed=6)
    ann_moves(game, ann, bot)
    assert game.state_after(-1) is game.state
    assert game.view("Ann") == game.rules.view(game.state_after(len(game.actions) - 1), "Ann")
