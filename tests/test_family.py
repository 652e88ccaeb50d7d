"""The family game (FAMILY-1..5): simplified rules without fish, cards, baskets or Oshax.

States come from :func:`engine.new_game` with ``mode="family"`` and are changed with ``dataclasses.replace``;
tiles are only moved between places, so the 160 tiles stay accounted for.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest

from isle_nb import Game, GreedyBot, IllegalAction, RandomBot, play
from isle_nb.model.isle import engine, results
from isle_nb.model.isle.actions import (
    Action,
    Buy,
    ChooseRescueCards,
    DraftPick,
    KeepFamilyLessons,
    Pass,
    Place,
    PlayOshax,
    Rescue,
    TakeCat,
    TakeMapBonus,
)
from isle_nb.model.isle.frames import tile_locations
from isle_nb.model.isle.state import GameState, draw_tile
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.boat_analysis import filled_rooms
from isle_nb.model.parts.cards import family_lesson_ids
from isle_nb.model.parts.scoring import Score, ScoreRow, family_winners
from isle_nb.model.parts.tiles import COMMON_SHAPES, Tile, all_cats, all_common_treasures, all_oshax, all_rare_treasures

NAMES = ("Ann", "Ben", "Cat", "Dan")


# ==== helpers =================================================================================================
def new(players: int = 3, seed: int = 0) -> GameState:
    return engine.new_game(NAMES[:players], seed, "family")


def keep_all(state: GameState) -> GameState:
    """Every player keeps the first two family lessons dealt."""
    for p in state.players:
        state = engine.apply(state, KeepFamilyLessons(p.name, p.family_offer[:2]))
    return state


def started(players: int = 3, seed: int = 0) -> GameState:
    return keep_all(new(players, seed))


def current(state: GameState) -> str:
    assert state.turn is not None
    return state.players[state.turn].name


def order_names(state: GameState) -> list[str]:
    return [state.players[s].name for s in state.turn_order]


def take_and_place(state: GameState, name: str, tile: Tile | None = None) -> GameState:
    """``name`` takes a cat (the first that fits, or ``tile``) and places it at its first legal spot; any map bonus
    is declined."""
    take = next(a for a in engine.legal_actions(state, name)
                if isinstance(a, TakeCat) and (tile is None or a.tile == tile.id))
    state = engine.apply(state, take)
    while state.pending:
        top = state.pending[-1]
        if top.kind == "map_bonus":
            state = engine.apply(state, TakeMapBonus(top.player, None))
        else:
            state = engine.apply(state, engine.legal_actions(state, top.player)[0])
    return state


def tile_ids(state: GameState) -> Counter[str]:
    return Counter(t.id for t, _, _ in tile_locations(state))


def fill_room(boat: Boat, room: int) -> Boat:
    """Cover one room with 1x1 treasures (for filled-room tests)."""
    for copy, cell in enumerate(sorted(boat.rooms[room])):
        boat = boat.place(Tile.common("1x1", copy), [cell], must_touch=False)
    return boat


# ==== FAMILY-1: setup ===========================================================================================
@pytest.mark.parametrize("players", [2, 3, 4])
def test_family_1_no_fish_cards_baskets_or_oshax(players: int) -> None:
    """FAMILY-1: no fish, no discovery cards, no baskets, no Oshax (all 6 are in the box); common treasures as
    SETUP-2; the bag holds the 85 cats and 25 rare treasures."""
    state = new(players, 1)
    assert all(p.fish == 0 and p.hand == () and p.permanent_baskets == 0 for p in state.players)
    assert state.deck == () and state.discard == () and state.public_lessons == ()
    assert state.oshax_supply == ()
    assert sorted(t.id for t in state.box if t.kind == "oshax") == sorted(t.id for t in all_oshax())
    per_shape = {2: 5, 3: 8, 4: 11}[players]
    assert Counter(t.shape for t in state.common_supply) == dict.fromkeys(COMMON_SHAPES, per_shape)
    assert Counter(t.kind for t in state.bag) == {"cat": 85, "rare": 25}
    assert sum(tile_ids(state).values()) == 160 and len(tile_ids(state)) == 160
    assert state.mode == "family" and state.sister is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_family_1_three_lessons_dealt_to_each(players: int) -> None:
    """FAMILY-1: each player is dealt 3 different family lessons (151-168); nobody shares a card."""
    state = new(players, 2)
    dealt = [c for p in state.players for c in p.family_offer]
    assert all(len(p.family_offer) == 3 for p in state.players)
    assert len(dealt) == len(set(dealt)) == 3 * players and set(dealt) <= set(family_lesson_ids())
    assert engine.awaiting(state) == NAMES[:players] and state.phase == "setup"
    assert state.around_island == () and state.bag and len(state.bag) == 110


def test_family_1_keep_two_the_third_goes_to_the_box() -> None:
    """FAMILY-1: a player keeps 2 of the 3; the third is out of the game; the day starts once everyone kept."""
    state = new(3, 4)
    ann = state.player("Ann").family_offer
    state = engine.apply(state, KeepFamilyLessons("Ann", (ann[2], ann[0])))
    assert state.player("Ann").family_lessons == (ann[2], ann[0]) and state.player("Ann").family_offer == ()
    assert engine.awaiting(state) == ("Ben", "Cat") and state.around_island == ()
    assert engine.legal_actions(state, "Ann") == []
    frame = Game(state).cards_frame()
    assert frame.set_index("card").loc[ann[1], "location"] == "box"
    for name in ("Ben", "Cat"):
        state = engine.apply(state, KeepFamilyLessons(name, state.player(name).family_offer[1:]))
    assert state.phase == "family" and state.step == "turns" and state.day == 1
    assert len(state.around_island) == 12


def test_family_1_legal_keeps_are_the_three_pairs() -> None:
    """FAMILY-1: the choices are exactly the 3 pairs of the dealt lessons."""
    state = new(2, 5)
    offer = state.player("Ben").family_offer
    keeps = {frozenset(a.cards) for a in engine.legal_actions(state, "Ben")}
    assert keeps == {frozenset(offer[:2]), frozenset(offer[1:]), frozenset((offer[0], offer[2]))}


def test_family_1_kept_lessons_are_hidden_from_the_others() -> None:
    """FAMILY-1: the kept lessons are face down: another player's view, log and cards frame do not show them."""
    state = started(3, 6)
    game = Game(state)
    ann = state.player("Ann").family_lessons
    mine, theirs = game.view("Ann"), game.view("Ben")
    assert mine.me.family_lessons == ann
    assert theirs.me.family_lessons == state.player("Ben").family_lessons
    shown = json.dumps(theirs["others"]) + " ".join(entry.text for entry in theirs.log)
    assert all(f"#{c}" not in shown for c in ann) and theirs.other("Ann").family_lessons == len(ann)  # a count only
    assert any(all(f"#{c}" in entry.text for c in ann) for entry in mine.log)
    frame = game.cards_frame(viewer="Ben")
    assert frame[frame["owner"] == "Ann"]["card"].isna().all() and (frame["owner"] == "Ann").sum() == 2
    assert set(frame[frame["owner"] == "Ben"]["card"]) == set(state.player("Ben").family_lessons)
    log = game.log_frame(viewer="Ben")
    assert not any(f"#{ann[0]}" in t for t in log["text"])


def test_family_1_cards_frame_row_order_does_not_give_hidden_lessons_away() -> None:
    """FAMILY-1: what Ben sees of the cards does not depend on which lessons Ann kept, not even the row order."""
    state = new(3, 6)
    offer = state.player("Ann").family_offer
    frames = []
    for kept in ((offer[0], offer[1]), (offer[1], offer[2])):
        done = engine.apply(state, KeepFamilyLessons("Ann", kept))
        frames.append(Game(done).cards_frame(viewer="Ben"))
    assert frames[0].equals(frames[1])
    assert frames[0]["card"].notna().sum() == 3  # only Ben's own three cards show


@pytest.mark.parametrize(
    ("label", "cards"),
    [("one", 1), ("three", 3), ("twice the same", "same"), ("not dealt", "other")],
)
def test_family_1_keep_refusals(label: str, cards: object) -> None:
    """FAMILY-1: keep exactly 2 different lessons of those dealt to you; refusals change nothing."""
    state = new(3, 7)
    offer = state.player("Ann").family_offer
    chosen = {1: offer[:1], 3: offer, "same": (offer[0], offer[0]),
              "other": (offer[0], state.player("Ben").family_offer[0])}[cards]  # type: ignore[index]
    with pytest.raises(IllegalAction) as error:
        engine.apply(state, KeepFamilyLessons("Ann", chosen))
    assert error.value.rule == "FAMILY-1", label
    assert engine.apply(state, KeepFamilyLessons("Ann", offer[:2])).player("Ann").family_lessons == offer[:2]


def test_family_1_keep_twice_is_refused() -> None:
    """FAMILY-1: the lessons are kept once."""
    state = new(3, 7)
    offer = state.player("Ann").family_offer
    state = engine.apply(state, KeepFamilyLessons("Ann", offer[:2]))
    with pytest.raises(IllegalAction) as error:
        engine.apply(state, KeepFamilyLessons("Ann", offer[1:]))
    assert error.value.rule == "FAMILY-1"


@pytest.mark.parametrize("players", [1, 5])
def test_family_1_is_for_two_to_four_players(players: int) -> None:
    """FAMILY-1: the family game is for 2-4 players."""
    with pytest.raises(IllegalAction) as error:
        Game.new(players, mode="family")
    assert error.value.rule == "SETUP-1"


def test_family_1_no_fish_or_cards_through_a_whole_game() -> None:
    """FAMILY-1: after a whole game nobody has fish, cards, baskets or an Oshax."""
    game = play(Game.new(4, mode="family", seed=3), [GreedyBot(i) for i in range(4)])
    assert game.over
    for p in game.state.players:
        assert p.fish == 0 and p.hand == () and p.private_lessons == () and p.permanent_baskets == 0
        assert not any(t.tile.kind == "oshax" for t in p.boat.tiles)
        assert len(p.family_lessons) == 2
    assert not any("fish" in e.text for e in game.state.log)


# ==== FAMILY-2: the day ==========================================================================================
@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2), (4, 9)])
def test_family_2_four_cats_per_player_rare_treasures_to_the_display(players: int, seed: int) -> None:
    """FAMILY-2: 4 cats per player are drawn one at a time; rare treasures drawn go to the display and do not
    count."""
    before = keep_all(replace(new(players, seed)))
    # replay the draws from the moment the last lesson was kept
    setup = new(players, seed)
    replay, drawn = setup, []
    while sum(t.kind == "cat" for t in drawn) < 4 * players:
        replay, tile = draw_tile(replay)
        drawn.append(tile)
    assert list(before.around_island) == [t for t in drawn if t.kind == "cat"]
    assert list(before.rare_display) == [t for t in drawn if t.kind == "rare"]
    assert before.left_field == before.right_field == () and len(before.around_island) == 4 * players
    assert len(before.bag) == 110 - len(drawn)


def test_family_2_a_rare_treasure_drawn_does_not_count() -> None:
    """FAMILY-2: with rare treasures drawn, still exactly 4 cats per player lie around the island."""
    seeds = [s for s in range(30) if started(2, s).rare_display]
    assert seeds, "some seed draws a rare treasure on day 1"
    for seed in seeds[:5]:
        state = started(2, seed)
        assert len(state.around_island) == 8 and all(t.kind == "cat" for t in state.around_island)


def test_family_2_turns_in_order_one_cat_each_placed_at_once() -> None:
    """FAMILY-2: in turn order each player takes one cat and places it at once; then the next player."""
    state = started(3, 3)
    order = order_names(state)
    assert current(state) == order[0]
    for i in range(6):
        name = current(state)
        assert name == order[i % 3] and engine.awaiting(state) == (name,)
        tile = state.around_island[0]
        state = engine.apply(state, TakeCat(name, tile.id))
        assert state.pending[-1].kind == "place" and state.pending[-1].tile == tile
        assert engine.awaiting(state) == (name,) and tile not in state.around_island
        other = order[(i + 1) % 3]
        with pytest.raises(IllegalAction) as error:
            engine.apply(state, TakeCat(other, state.around_island[0].id))
        assert error.value.rule == "ANY-1"
        with pytest.raises(IllegalAction):
            engine.apply(state, TakeCat(name, state.around_island[0].id))  # place first
        state = engine.apply(state, engine.legal_actions(state, name)[0])
        while state.pending:
            state = engine.apply(state, TakeMapBonus(state.pending[-1].player, None))
        assert state.player(name).boat.find(tile) is not None
    assert len(state.around_island) == 6
    assert all(p.fish == 0 for p in state.players)


def test_family_2_out_of_turn_and_unknown_cats_are_refused() -> None:
    """FAMILY-2: only the player whose turn it is takes a cat, and only one lying around the island."""
    state = started(3, 3)
    name = current(state)
    other = next(n for n in NAMES[:3] if n != name)
    cases = [
        (TakeCat(other, state.around_island[0].id), "FAMILY-2"),
        (Pass(other), "FAMILY-2"),
        (TakeCat(name, "cat:blue:999"), "FAMILY-2"),
        (TakeCat(name, next(t for t in state.bag if t.kind == "cat").id), "FAMILY-2"),
    ]
    for action, rule in cases:
        with pytest.raises(IllegalAction) as error:
            engine.apply(state, action)
        assert error.value.rule == rule, action


def test_family_2_a_pass_is_for_the_rest_of_the_day() -> None:
    """FAMILY-2: a player who passes takes no more cats today; the others go on in turn order."""
    state = started(3, 8)
    first, second, third = order_names(state)
    state = engine.apply(state, Pass(first))
    assert current(state) == second
    state = take_and_place(state, second)
    state = take_and_place(state, third)
    assert current(state) == second  # the first player is skipped
    assert engine.legal_actions(state, first) == []
    state = engine.apply(state, Pass(second))
    assert current(state) == third
    state = take_and_place(state, third)
    assert current(state) == third and state.day == 1


def test_family_2_everyone_passes_leftovers_go_to_the_box() -> None:
    """FAMILY-2: when everyone has passed, the cats left go to the box and the next day begins (Vesh moves)."""
    state = started(2, 5)
    island = state.around_island
    box = {t.id for t in state.box}
    for name in order_names(state):
        state = engine.apply(state, Pass(name))
    assert state.day == 2 and len(state.around_island) == 8
    assert {t.id for t in island} <= {t.id for t in state.box} - box
    assert not set(island) & set(state.around_island)
    assert all(not p.passed for p in state.players)


def test_family_2_day_ends_when_no_cat_is_left() -> None:
    """FAMILY-2: when the last cat is taken the day ends even if nobody passed."""
    state = started(2, 2)
    state = replace(state, around_island=state.around_island[:2], box=state.box + state.around_island[2:])
    state = take_and_place(state, current(state))
    state = take_and_place(state, current(state))
    assert state.day == 2 and len(state.around_island) == 8


def test_family_2_only_cats_that_fit_may_be_taken() -> None:
    """FAMILY-2, PLACE-5: a cat with no legal place on the boat is not offered and cannot be taken."""
    state = started(2, 2)
    name = current(state)
    boat = state.player(name).boat
    big = next(t for t in state.around_island if t.size >= 4)
    # a hand-built boat: fill it with other tiles until that cat no longer fits
    for filler in (*all_rare_treasures(), *all_common_treasures(), *all_cats()):
        if not boat.can_place(big):
            break
        if filler not in state.around_island and boat.can_place(filler, must_touch=False):
            boat = boat.place(filler, boat.legal_placements(filler, must_touch=False)[0], must_touch=False)
    assert not boat.can_place(big)
    state = state.update_player(name, boat=boat)
    assert TakeCat(name, big.id) not in engine.legal_actions(state, name)
    with pytest.raises(IllegalAction) as error:
        engine.apply(state, TakeCat(name, big.id))
    assert error.value.rule == "FAMILY-2" and "PLACE-5" in str(error.value)


def test_family_2_the_game_lasts_five_days() -> None:
    """FAMILY-2, END-2: five days, then the game is over."""
    state = started(2, 1)
    days = []
    while not state.over:
        days.append(state.day)
        state = engine.apply(state, Pass(current(state)))
    assert sorted(set(days)) == [1, 2, 3, 4, 5] and state.day == 5
    assert engine.awaiting(state) == () and all(engine.legal_actions(state, n) == [] for n in NAMES[:2])


# ==== FAMILY-3: the start player moves to the end ================================================================
@pytest.mark.parametrize("players", [2, 3, 4])
def test_family_3_start_player_moves_to_the_end_each_day(players: int) -> None:
    """FAMILY-3: after each day the first player in turn order becomes the last."""
    state = started(players, 4)
    orders = {}
    while not state.over:
        orders.setdefault(state.day, state.turn_order)
        state = engine.apply(state, Pass(current(state)))
    first = orders[1]
    for day in range(2, 6):
        shift = (day - 1) % players
        assert orders[day] == first[shift:] + first[:shift], day


def test_family_3_first_turn_of_each_day_goes_to_the_new_start_player() -> None:
    """FAMILY-3: the new start player takes the first cat of the day."""
    state = started(3, 12)
    first = order_names(state)
    for name in first:
        state = engine.apply(state, Pass(name))
    assert state.day == 2 and current(state) == first[1] and order_names(state) == first[1:] + first[:1]


# ==== FAMILY-4: maps give a common or a rare treasure ============================================================
def _map_state(seed: int = 0) -> tuple[GameState, str, Tile, frozenset, Tile]:
    """A family state where the current player can take a cat covering a map of its colour; a rare treasure is on
    display."""
    state = started(2, seed)
    name = current(state)
    boat = state.player(name).boat
    for cell, colour in sorted(boat.maps.items()):
        tile = next((t for t in state.bag + state.around_island if t.colour == colour and t.kind == "cat"), None)
        if tile is None:
            continue
        spot = next((p for p in boat.legal_placements(tile, must_touch=False) if cell in p.cells), None)
        if spot is not None:
            break
    else:
        raise AssertionError("no map can be covered")
    rare = next(t for t in state.bag + state.rare_display if t.kind == "rare")
    bag = tuple(t for t in state.bag if t not in (tile, rare))
    island = tuple(t for t in state.around_island if t != tile)
    state = replace(state, bag=bag + island[:1], around_island=(tile, *island[1:]),
                    rare_display=(*(t for t in state.rare_display if t != rare), rare))
    assert sum(tile_ids(state).values()) == 160 and len(tile_ids(state)) == 160
    return state, name, tile, frozenset(spot.cells), rare


def test_family_4_a_covered_map_gives_a_rare_treasure_from_the_display() -> None:
    """FAMILY-4: covering a map with its colour lets the player take any treasure on display, rare ones too."""
    state, name, tile, cells, rare = _map_state()
    state = engine.apply(state, TakeCat(name, tile.id))
    state = engine.apply(state, Place(name, tuple(sorted(cells))))
    assert state.pending[-1].kind == "map_bonus"
    options = {a.shape for a in engine.legal_actions(state, name)}
    assert rare.id in options and set(COMMON_SHAPES) <= options and None in options
    display = state.rare_display
    state = engine.apply(state, TakeMapBonus(name, rare.id))
    assert rare not in state.rare_display and len(state.rare_display) == len(display) - 1
    assert state.pending[-1].kind == "place" and state.pending[-1].tile == rare
    state = engine.apply(state, engine.legal_actions(state, name)[0])
    while state.pending:
        state = engine.apply(state, TakeMapBonus(name, None))
    assert state.player(name).boat.find(rare) is not None
    assert sum(tile_ids(state).values()) == 160


def test_family_4_a_covered_map_gives_a_common_treasure() -> None:
    """FAMILY-4: the bonus may also be any common treasure still in the supply."""
    state, name, tile, cells, _ = _map_state(1)
    state = engine.apply(state, TakeCat(name, tile.id))
    state = engine.apply(state, Place(name, tuple(sorted(cells))))
    supply = Counter(t.shape for t in state.common_supply)
    state = engine.apply(state, TakeMapBonus(name, "L3"))
    assert Counter(t.shape for t in state.common_supply)["L3"] == supply["L3"] - 1
    assert state.pending[-1].tile.shape == "L3"


def test_family_4_rare_bonus_is_only_in_the_family_game_and_only_from_the_display() -> None:
    """FAMILY-4, MAP-1: a rare treasure not on display is refused; the standard game's maps give common ones only."""
    state, name, tile, cells, rare = _map_state(2)
    state = engine.apply(state, TakeCat(name, tile.id))
    state = engine.apply(state, Place(name, tuple(sorted(cells))))
    elsewhere = next(t for t in state.bag if t.kind == "rare")
    with pytest.raises(IllegalAction) as error:
        engine.apply(state, TakeMapBonus(name, elsewhere.id))
    assert error.value.rule == "FAMILY-4"
    standard = replace(state, mode="standard")
    assert rare.id not in {a.shape for a in engine.legal_actions(standard, name)}
    with pytest.raises(IllegalAction) as error:
        engine.apply(standard, TakeMapBonus(name, rare.id))
    assert error.value.rule == "MAP-1"


# ==== FAMILY-5: scoring ==========================================================================================
def test_family_5_scoring_rats_rooms_families_lessons_no_rare_points() -> None:
    """FAMILY-5: rats -1, unfilled rooms -5, families, the 2 family lessons; rare treasures score nothing."""
    state = started(2, 0)
    boat = Boat(state.player("Ann").boat.layout_name)
    rare = Tile.rare("O", 0)
    boat = boat.place(rare, boat.legal_placements(rare, must_touch=False)[0], must_touch=False)
    rats = len(boat.rats - boat.covered)
    state = state.update_player("Ann", boat=boat, family_lessons=(154, 166))  # no rats: 10; 2 per visible rat
    score = results.score_player(state, "Ann")
    assert score["rare_treasures"] == 0
    assert score["family_lessons"] == 2 * rats
    assert score["rats"] == -rats and score["rooms"] == -35 and score["families"] == 0
    assert score["private_lessons"] == 0 and score["public_lessons"] == 0
    assert score.total == -rats - 35 + 2 * rats


def test_family_5_lesson_165_compares_with_the_other_boats() -> None:
    """FAMILY-5: "largest family" (165) scores when nobody else has a larger family (a tie scores)."""
    state = started(2, 0)
    three = [Tile.cat("green", s) for s in (400, 401, 402)]
    four = [*three, Tile.cat("green", 403)]

    def family_boat(tiles: list[Tile]) -> Boat:
        boat = Boat("A")
        for t in tiles:
            boat = boat.place(t, boat.legal_placements(t, must_touch=bool(boat.tiles))[0])
        return boat

    for mine, theirs, points in ((three, three, 10), (four, three, 10), (three, four, 0)):
        s = state.update_player("Ann", boat=family_boat(mine), family_lessons=(165, 167))
        s = s.update_player("Ben", boat=family_boat(theirs))
        assert results.score_player(s, "Ann")["family_lessons"] == points


def test_family_5_tie_break_most_filled_rooms_else_shared() -> None:
    """FAMILY-5: equal totals: most filled rooms wins; still equal: the victory is shared."""
    state = started(3, 0)
    boats = {p.name: Boat(p.boat.layout_name) for p in state.players}
    state = state.update_player("Ben", boat=fill_room(boats["Ben"], 7))
    assert len(filled_rooms(state.player("Ben").boat)) == 1
    equal = {n: Score.from_rows([ScoreRow("families", "x", 30)]) for n in NAMES[:3]}
    assert results.winner_names(state, equal) == ("Ben",)
    state = state.update_player("Cat", boat=fill_room(boats["Cat"], 7))
    assert results.winner_names(state, equal) == ("Ben", "Cat")
    lower = {**equal, "Ann": Score.from_rows([ScoreRow("families", "x", 31)])}
    assert results.winner_names(state, lower) == ("Ann",)
    assert family_winners({"a": 5, "b": 5}, {"a": 0, "b": 0}) == ("a", "b")


def test_family_5_result_frame_of_a_finished_game() -> None:
    """FAMILY-5: the result shows each player's categories, the filled rooms as tie-break and the winners."""
    game = play(Game.new(3, mode="family", seed=5), [GreedyBot(i) for i in range(3)])
    frame = game.result().set_index("player")
    assert list(frame.index) == ["Player 1", "Player 2", "Player 3"]
    assert (frame["rare_treasures"] == 0).all() and (frame["private_lessons"] == 0).all()
    assert (frame["public_lessons"] == 0).all()
    for name in frame.index:
        assert frame.loc[name, "tiebreak"] == len(filled_rooms(game.state.player(name).boat))
        assert frame.loc[name, "total"] == game.score(name).total
    best = frame["total"].max()
    tied = frame[frame["total"] == best]
    winners = tied[tied["tiebreak"] == tied["tiebreak"].max()].index
    assert list(frame[frame["winner"]].index) == list(winners)
    assert "colours" not in frame.columns


# ==== refusals, undo, save/load, frames, bots ====================================================================
def _illegal_cases() -> list[tuple[str, GameState, Action, str]]:
    setup = new(3, 9)
    turns = started(3, 9)
    name = current(turns)
    return [
        ("pass while keeping lessons", setup, Pass("Ann"), "DAY-2"),
        ("take a cat while keeping lessons", setup, TakeCat("Ann", "cat:blue:400"), "DAY-2"),
        ("draft in the family game", turns, DraftPick(name, ()), "DAY-2"),
        ("buy in the family game", turns, Buy(name, ()), "DAY-2"),
        ("rescue in the family game", turns, Rescue(name, "left", turns.around_island[0].id), "DAY-2"),
        ("rescue cards in the family game", turns, ChooseRescueCards(name, ()), "DAY-2"),
        ("an Oshax card in the family game", turns, PlayOshax(name, 1, 300), "DAY-2"),
        ("keep lessons again", turns, KeepFamilyLessons(name, turns.player(name).family_lessons), "DAY-2"),
        ("place with nothing to place", turns, Place(name, ((0, 4),)), "ANY-1"),
        ("unknown player", turns, Pass("Zed"), "SETUP-1"),
    ]


@pytest.mark.parametrize("case", range(10))
def test_family_errors_cite_rules_and_change_nothing(case: int) -> None:
    """Every refusal names its rule and leaves the state (and the saved game) exactly as it was."""
    label, state, action, rule = _illegal_cases()[case]
    game = Game(state)
    saved, log = game.to_json(), state.log
    with pytest.raises(IllegalAction) as error:
        game.apply(action)
    assert error.value.rule == rule, label
    assert game.state is state and game.state.log == log and game.to_json() == saved


def test_family_save_load_round_trip_continues_identically() -> None:
    """A saved family game loads to the same state and continues identically."""
    game = Game.new(["Ann", "Ben", "Cat"], mode="family", seed=14)
    bots = {n: GreedyBot(i) for i, n in enumerate(game.state.names)}
    for _ in range(40):
        name = game.awaiting[0]
        game.apply(bots[name].choose(game, name, game.legal_actions(name)))
    text = game.to_json()
    assert json.loads(text)["mode"] == "family"
    loaded = Game.from_json(text)
    assert loaded.state == game.state and loaded.state.log == game.state.log
    play(game, [GreedyBot(7), GreedyBot(8), GreedyBot(9)])
    play(loaded, [GreedyBot(7), GreedyBot(8), GreedyBot(9)])
    assert game.over and loaded.state == game.state and game.result().equals(loaded.result())


def test_family_undo_a_placement_but_not_a_draw() -> None:
    """Undo takes back a placement; the keep that drew the day's cats revealed tiles, so it cannot be undone."""
    game = Game(new(2, 3))
    for p in game.state.players:
        game.apply(KeepFamilyLessons(p.name, p.family_offer[:2]))
    assert not game.can_undo  # the day's cats were drawn
    name = current(game.state)
    game.apply(TakeCat(name, game.state.around_island[0].id))
    taken = game.state
    game.apply(game.legal_actions(name)[0])
    assert game.can_undo
    game.undo()
    assert game.state is taken


def test_family_frames() -> None:
    """players_frame, tiles_frame, cards_frame (the 18 family lessons) and log_frame work in the family game."""
    game = play(Game.new(4, mode="family", seed=6), [GreedyBot(i) for i in range(4)])
    players = game.players_frame()
    assert list(players["player"]) == [f"Player {i}" for i in range(1, 5)]
    assert (players["fish"] == 0).all() and (players["hand"] == 0).all()
    assert sorted(players["turn_position"]) == [1, 2, 3, 4]
    tiles = game.tiles_frame()
    assert len(tiles) == 160 and tiles["tile"].is_unique
    assert set(tiles[tiles["kind"] == "oshax"]["location"]) == {"box"}
    assert (tiles["location"] == "boat").sum() == sum(len(p.boat.tiles) for p in game.state.players)
    cards = game.cards_frame()
    assert sorted(cards["card"]) == list(family_lesson_ids())
    assert (cards["location"] == "family lessons kept").sum() == 8 and (cards["location"] == "box").sum() == 10
    log = game.log_frame()
    assert set(log["day"]) == {1, 2, 3, 4, 5} and not log.empty


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", [GreedyBot, RandomBot])
def test_family_bots_finish(players: int, bot: type) -> None:
    """Bots play every seat of a family game to the end."""
    game = play(Game.new(players, mode="family", seed=players), [bot(i) for i in range(players)])
    assert game.over and game.state.day == 5 and game.awaiting == ()
    assert sum(len(p.boat.tiles) for p in game.state.players) > 0
    assert len(game.result()) == players
