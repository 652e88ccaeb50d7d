"""Explore & Draw: a test per rule (ED-1..ED-8) on hand-built situations, and every keyword and special, alone and
combined. The deck and the lesson sheet are a reconstruction (variants-data §C.2-§C.4); these tests pin the rules,
not the card list."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ed_helpers import (
    any2_card,
    apply_all,
    boat_with,
    cat_card,
    choose_all,
    fill_except,
    first_draw,
    lesson_card,
    or_card,
    oshax_card,
    start,
    with_boat,
)
from msgspec.structs import replace as replace_action

from isle_nb import load_game, new_game
from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.explore_draw import data, rules
from isle_nb.model.explore_draw.actions import ChooseCards, Draw, EDAction, TakeCard, TakeMapBonus, UseSpecial
from isle_nb.model.explore_draw.island import CAT_SLOTS, LESSON_SLOTS, column_slots, row_slots
from isle_nb.model.explore_draw.scoring import CATEGORIES, score_seat, winners
from isle_nb.model.explore_draw.state import EDState, new_state
from isle_nb.model.explore_draw.view import player_view
from isle_nb.model.parts.tiles import Tile


def refused(state: EDState, action: EDAction, rule: str) -> IllegalAction:
    """Apply must refuse ``action`` naming ``rule``; the state is a value, so nothing changed."""
    before = state
    with pytest.raises(IllegalAction) as error:
        rules.apply(state, action)
    assert error.value.rule == rule, str(error.value)
    assert state == before
    return error.value


# -- ED-1: setup and the island -------------------------------------------------------------------------------
def test_ed1_island_pattern_and_decks() -> None:
    state = new_state(("Ann", "Bob"), 7)
    island = dict(state.island)
    assert sorted(island) == list(range(1, 13))
    assert all(data.island_card(island[s]).deck == "cat" for s in CAT_SLOTS)
    assert all(data.island_card(island[s]).deck == "lesson" for s in LESSON_SLOTS)
    assert CAT_SLOTS == (1, 3, 5, 6, 8, 9, 10, 11) and LESSON_SLOTS == (2, 4, 7, 12)
    assert (state.dealt_cat, state.dealt_lesson) == (8, 4)
    assert [s.sheet for s in state.seats] == [1, 2]
    assert len(data.cat_deck()) == 109 and len(data.lesson_deck()) == 47 and len(data.cat_deck(mixed_cards=True)) == 114


@pytest.mark.parametrize("count", [0, 13])
def test_ed1_player_count(count: int) -> None:
    with pytest.raises(IllegalAction, match="ED-1"):
        new_state(tuple(f"P{i}" for i in range(count)), 1)


def test_ed1_same_seed_same_island_and_game_new_entry_point() -> None:
    game = new_game("explore_draw", ["Ann", "Bob"], seed=7)
    assert game.island == new_state(("Ann", "Bob"), 7).island
    assert game.island != new_state(("Ann", "Bob"), 8).island
    assert game.awaiting == ("Ann", "Bob") and game.day == 1


# -- ED-2: hidden simultaneous choice, any order, a card at a time ------------------------------------------
def test_ed2_choice_is_hidden_until_everyone_has_chosen() -> None:
    state = start(3)
    state = rules.apply(state, ChooseCards("P1", column_slots("B")))
    view = player_view(state, "P2")
    assert view.seats[0].has_chosen and view.seats[0].choice is None
    assert player_view(state, "P1").seats[0].choice == column_slots("B")
    assert rules.awaiting(state) == ("P2", "P3")
    refused(state, ChooseCards("P1", column_slots("C")), "ED-2")
    state = rules.apply(state, ChooseCards("P2", column_slots("B")))
    revealed_before = state.revealed
    state = rules.apply(state, ChooseCards("P3", column_slots("A")))
    assert state.step == "resolve" and state.revealed == revealed_before + 1
    assert player_view(state, "P2").seats[0].choice == column_slots("B")
    # two players took the same column: the cards stay on the island for both
    assert state.seat("P1").to_resolve == state.seat("P2").to_resolve == (2, 6, 10)


def test_ed2_a_choice_is_a_column() -> None:
    state = start(2)
    for slots in [(1, 2, 3), (1, 5), (1, 5, 9, 2), (1, 5, 13)]:
        refused(state, ChooseCards("P1", slots), "ED-2")


def test_ed2_cards_resolve_in_any_order_each_completely() -> None:
    orc = or_card()
    state = start(1, cards={1: cat_card("blue", 400), 5: orc.id, 9: cat_card("red", 401)})
    state = choose_all(state, "A")
    # start with the bottom card
    state = rules.apply(state, TakeCard("P1", 9))
    assert state.seat("P1").card == 9
    refused(state, TakeCard("P1", 1), "ED-2")  # the red cat first
    state = rules.apply(state, first_draw(state, "P1"))
    state = rules.apply(state, TakeCard("P1", 5, side="below"))  # two common treasures
    state = rules.apply(state, first_draw(state, "P1"))
    refused(state, TakeCard("P1", 1), "ED-2")  # the second treasure is still to draw
    state = rules.apply(state, first_draw(state, "P1"))
    state = rules.apply(state, TakeCard("P1", 1))
    state = rules.apply(state, first_draw(state, "P1"))
    seat = state.seat("P1")
    assert seat.resolved == ((1, cat_card("red", 401)), (1, orc.id), (1, cat_card("blue", 400)))
    assert [d.tile.kind for d in seat.drawn] == ["cat", "common", "common", "cat"]
    assert state.day == 2


# -- ED-3: drawing with the PLACE rules ------------------------------------------------------------------------
def test_ed3_first_anywhere_then_touching() -> None:
    state = choose_all(start(1, cards={1: cat_card("blue", 400), 5: cat_card("green", 400)}), "A")
    state = rules.apply(state, TakeCard("P1", 1))
    draws = [a for a in rules.legal_actions(state, "P1") if isinstance(a, Draw)]
    xs = {x for a in draws for x, _ in a.cells}
    assert min(xs) == 0 and max(xs) >= 19  # anywhere on the empty sheet
    state = rules.apply(state, next(a for a in draws if (0, 4) in a.cells))
    state = rules.apply(state, TakeCard("P1", 5))
    far = next(a for a in draws if all(x > 10 for x, _ in a.cells))
    error = refused(state, Draw("P1", "cat:green:400", far.cells), "ED-3")
    assert "PLACE-3" in str(error)
    overlap = Draw("P1", "cat:green:400", next(a for a in draws if (0, 4) in a.cells).cells)
    assert "overlap" in str(refused(state, overlap, "ED-3"))
    assert all(
        set(a.cells) & {(x + dx, y + dy) for x, y in state.seat("P1").boat.covered for dx, dy in
                        ((1, 0), (-1, 0), (0, 1), (0, -1))}
        for a in rules.legal_actions(state, "P1") if isinstance(a, Draw)
    )


def test_ed3_rotate_and_mirror_allowed_and_wrong_shape_refused() -> None:
    state = choose_all(start(1, cards={1: cat_card("blue", 404)}), "A")
    state = rules.apply(state, TakeCard("P1", 1))
    shape = Tile.cat("blue", 404).shape_def
    orientations = {tuple(sorted(shape.orientations[i])) for i in range(len(shape.orientations))}
    drawn = {a.cells for a in rules.legal_actions(state, "P1") if isinstance(a, Draw)}
    seen = set()
    for cells in drawn:
        mx, my = min(x for x, _ in cells), min(y for _, y in cells)
        seen.add(tuple(sorted((x - mx, y - my) for x, y in cells)))
    assert seen == orientations and len(orientations) > 1
    refused(state, Draw("P1", "cat:blue:404", ((5, 4), (6, 4))), "ED-3")


def test_ed3_oshax_colour_chosen_when_drawn() -> None:
    state = choose_all(start(1, cards={1: oshax_card()}), "A")
    state = rules.apply(state, TakeCard("P1", 1))
    draw = first_draw(state, "P1")
    assert {a.colour for a in rules.legal_actions(state, "P1") if isinstance(a, Draw)} == {
        "blue", "green", "red", "purple", "orange"}
    refused(state, replace_action(draw, colour=None), "ED-3")
    refused(state, replace_action(draw, colour="pink"), "ED-3")
    state = rules.apply(state, replace_action(draw, colour="purple"))
    assert state.seat("P1").boat.tiles[-1].tile.colour == "purple"


def test_ed3_legal_draws_are_the_sheets_placements_for_each_player_in_order() -> None:
    """Draw actions are built once and reused (speed); each must still be exactly the action a player would build
    for that place, named for that player, in the placement engine's order, with the Oshax colours of the moment."""
    from isle_nb.model.explore_draw import sheet

    state = choose_all(start(2, cards={1: cat_card("blue", 404), 5: oshax_card()}), "A")
    for player in ("P1", "P2"):
        state = rules.apply(state, TakeCard(player, 1))
    for player in ("P1", "P2", "P1"):  # twice for P1: the reused actions equal the first ones
        seat = state.seat(player)
        tile = seat.items[0]
        expected = [Draw(player, tile.id, p.sorted_cells) for p in sheet.placements(seat.boat, tile)]
        assert [a for a in rules.legal_actions(state, player) if isinstance(a, Draw)] == expected
    state = rules.apply(state, first_draw(state, "P1"))
    state = rules.apply(state, TakeCard("P1", 5))
    seat = state.seat("P1")
    oshax = seat.items[0]
    places = sheet.placements(seat.boat, oshax)
    draws = [a for a in rules.legal_actions(state, "P1") if isinstance(a, Draw)]
    colours = ("blue", "green", "red", "purple", "orange")
    assert sorted(draws, key=str) == sorted(
        (Draw("P1", oshax.id, p.sorted_cells, c) for p in places for c in colours), key=str)
    assert [d.cells for d in draws[:5]] == [places[0].sorted_cells] * 5  # colours vary fastest, as before


def test_ed3_a_discovery_that_does_not_fit_is_skipped_and_only_then() -> None:
    # a sheet full but for three cells in a row: a 1x2 treasure fits, a big cat does not
    keep = {(10, 4), (11, 4), (12, 4)}
    boat = fill_except(boat_with("A", []), keep)
    orc = or_card()  # below: two common treasures
    state = start(1, cards={1: cat_card("red", 416), 5: orc.id, 9: cat_card("blue", 400)})
    state = with_boat(choose_all(state, "A"), "P1", boat)
    big = Tile.cat("red", 416)
    assert big.size > 3
    state = rules.apply(state, TakeCard("P1", 1))
    seat = state.seat("P1")
    assert seat.card is None and [d.tile for d in seat.skipped] == [big]
    assert "skipped (ED-3)" in state.log[-1].text
    # the two small common treasures below the 'or' fit in the three free cells: nothing is skipped
    assert sum(t.size for t in orc.below) <= 3
    state = rules.apply(state, TakeCard("P1", 5, side="below"))
    seat = state.seat("P1")
    assert seat.card == 5 and seat.items == orc.below and len(seat.skipped) == 1


def test_ed3_skip_only_when_nothing_left_on_the_card_fits() -> None:
    # two common treasures below the 'or': the first fills the last cells, the second is then skipped
    keep = {(10, 4)}
    boat = fill_except(boat_with("A", []), keep)
    card = next(c for c in data.cat_deck() if c.keyword == "or" and Tile.common("1x1") in c.below)
    state = with_boat(choose_all(start(1, cards={1: card.id}), "A"), "P1", boat)
    state = rules.apply(state, TakeCard("P1", 1, side="below"))
    seat = state.seat("P1")
    assert seat.card == 1 and seat.items  # the 1x1 still fits: nothing skipped yet
    assert not seat.skipped
    state = rules.apply(state, first_draw(state, "P1", "common:1x1:0"))
    assert state.seat("P1").card is None and len(state.seat("P1").skipped) == 1


# -- ED-4: keywords ---------------------------------------------------------------------------------------------
def test_ed4_any_2_exactly_two_repeats_allowed() -> None:
    card = any2_card()
    state = choose_all(start(1, cards={1: card.id}), "A")
    options = [a for a in rules.legal_actions(state, "P1") if isinstance(a, TakeCard) and a.slot == 1]
    n = len(card.discoveries)
    assert len(options) == n * (n + 1) // 2 and all(len(a.picks) == 2 for a in options)
    refused(state, TakeCard("P1", 1, picks=(0,)), "ED-4")
    refused(state, TakeCard("P1", 1, picks=(0, 1, 2)), "ED-4")
    refused(state, TakeCard("P1", 1), "ED-4")
    refused(state, TakeCard("P1", 1, picks=(0, n)), "ED-4")
    state = rules.apply(state, TakeCard("P1", 1, picks=(2, 2)))
    assert state.seat("P1").items == (card.discoveries[2], card.discoveries[2])


def test_ed4_or_everything_above_or_everything_below() -> None:
    card = or_card()
    state = choose_all(start(1, cards={1: card.id}), "A")
    assert {a.side for a in rules.legal_actions(state, "P1") if isinstance(a, TakeCard) and a.slot == 1} == {
        "above", "below"}
    refused(state, TakeCard("P1", 1), "ED-4")
    refused(state, TakeCard("P1", 1, side="middle"), "ED-4")
    above = rules.apply(state, TakeCard("P1", 1, side="above"))
    below = rules.apply(state, TakeCard("P1", 1, side="below"))
    assert above.seat("P1").items == card.discoveries and below.seat("P1").items == card.below
    assert len(card.below) == 2  # everything below is taken: both treasures


def test_ed4_no_keyword_takes_everything_and_refuses_options() -> None:
    state = choose_all(start(1, cards={1: cat_card("green", 403)}), "A")
    refused(state, TakeCard("P1", 1, side="above"), "ED-4")
    refused(state, TakeCard("P1", 1, picks=(0, 0)), "ED-4")
    state = rules.apply(state, TakeCard("P1", 1))
    assert state.seat("P1").items == (Tile.cat("green", 403),)


# -- ED-5: lessons ------------------------------------------------------------------------------------------------
def test_ed5_lesson_card_ticks_its_lesson() -> None:
    plain, again = lesson_card(False), lesson_card(False)
    state = choose_all(start(1, cards={5: plain.id, 9: again.id}), "A")
    refused(state, TakeCard("P1", 5, colour="red"), "ED-5")  # no printed lesson takes a colour
    state = rules.apply(state, TakeCard("P1", 5))
    assert state.seat("P1").ticks == ((plain.lesson, None),)
    state = rules.apply(state, TakeCard("P1", 9))  # the same lesson again: it stays ticked once
    assert state.seat("P1").ticks == ((plain.lesson, None),)


def test_ed5_lesson_in_a_row_taken_with_the_row_special() -> None:
    plain = lesson_card(False)
    state = start(2, cards={7: plain.id})
    state = choose_all(state, "A", P1=(row_slots(2), "row"))
    assert state.seat("P1").to_resolve == (5, 6, 7, 8)
    state = rules.apply(state, TakeCard("P1", 7))
    assert plain.lesson in state.seat("P1").ticked
    assert state.seat("P1").specials == (("row", 1),)


# -- ED-6: specials ---------------------------------------------------------------------------------------------
def test_ed6_extra_card_from_another_column() -> None:
    state = start(2)
    refused(state, ChooseCards("P1", (1, 5, 9, 13), "extra_card"), "ED-6")
    refused(state, ChooseCards("P1", (1, 5, 9), "extra_card"), "ED-6")
    state = choose_all(state, "A", P1=((1, 5, 9, 4), "extra_card"))
    assert state.seat("P1").to_resolve == (1, 4, 5, 9)


def test_ed6_one_card_from_each_row() -> None:
    state = start(2)
    refused(state, ChooseCards("P1", (1, 2, 9), "one_per_row"), "ED-6")
    state = choose_all(state, "A", P1=((4, 5, 11), "one_per_row"))
    assert state.seat("P1").to_resolve == (4, 5, 11)


def test_ed6_each_special_once_one_a_day_three_a_game() -> None:
    state = choose_all(start(1, cards={1: cat_card("blue", 400)}), "A", P1=(row_slots(1), "row"))
    refused(state, UseSpecial("P1", "twice_cat"), "ED-6")  # one a day
    seat = replace(state.seat("P1"), specials=(("row", 1), ("twice_cat", 2), ("extra_card", 3)))
    state = state.with_seat(seat)
    refused(state, UseSpecial("P1", "twice_treasure"), "ED-6")
    state = replace(state, day=4)
    assert "3 specials" in str(refused(state, UseSpecial("P1", "twice_treasure"), "ED-6"))
    seat = replace(seat, specials=(("row", 1),))
    state = state.with_seat(seat)
    refused(state, ChooseCards("P1", row_slots(2), "row"), "ED-2")  # already chosen today
    assert not [a for a in rules.legal_actions(state, "P1") if isinstance(a, UseSpecial) and a.special == "row"]
    refused(state, UseSpecial("P1", "row"), "ED-6")  # chosen with the cards, not while resolving
    fresh = start(1)
    refused(fresh, ChooseCards("P1", column_slots("A"), "twice_cat"), "ED-6")
    used = fresh.with_seat(replace(fresh.seat("P1"), specials=(("row", 0),)))
    refused(used, ChooseCards("P1", row_slots(1), "row"), "ED-6")  # each special once


def test_ed6_next_cat_twice() -> None:
    state = choose_all(start(1, cards={1: cat_card("blue", 402)}), "A")
    state = rules.apply(state, UseSpecial("P1", "twice_cat"))
    state = rules.apply(state, TakeCard("P1", 1))
    state = rules.apply(state, first_draw(state, "P1"))
    seat = state.seat("P1")
    assert seat.now and seat.now[0].tile == Tile.cat("blue", 402) and seat.now[0].source == "copy"
    state = rules.apply(state, first_draw(state, "P1"))
    tiles = [p.tile for p in state.seat("P1").boat.tiles]
    assert tiles == [Tile.cat("blue", 402)] * 2 and state.seat("P1").armed == ()


def test_ed6_oshax_drawn_twice_keeps_its_colour() -> None:
    state = choose_all(start(1, cards={1: oshax_card()}), "A")
    state = rules.apply(state, UseSpecial("P1", "twice_cat"))
    state = rules.apply(state, TakeCard("P1", 1))
    state = rules.apply(state, first_draw(state, "P1", colour="red"))
    copies = [a for a in rules.legal_actions(state, "P1") if isinstance(a, Draw)]
    assert {a.colour for a in copies} == {"red"}
    error = refused(state, replace_action(copies[0], colour="blue"), "ED-6")
    assert "keeps its colour" in str(error)
    state = rules.apply(state, copies[0])
    assert [p.tile.colour for p in state.seat("P1").boat.tiles] == ["red", "red"]


def test_ed6_twice_treasure_with_any_2_copies_only_the_next_treasure() -> None:
    card = any2_card()
    state = choose_all(start(1, cards={1: card.id}), "A")
    state = rules.apply(state, UseSpecial("P1", "twice_treasure"))
    state = rules.apply(state, TakeCard("P1", 1, picks=(0, 1)))
    first, second = card.discoveries[0], card.discoveries[1]
    state = rules.apply(state, first_draw(state, "P1", first.id))
    assert state.seat("P1").now[0].tile == first  # the copy comes first
    refused(state, first_draw(state.with_seat(replace(state.seat("P1"), now=())), "P1", second.id), "ED-3")
    state = rules.apply(state, first_draw(state, "P1", first.id))
    state = rules.apply(state, first_draw(state, "P1", second.id))
    assert [p.tile for p in state.seat("P1").boat.tiles] == [first, first, second]
    assert state.seat("P1").now == ()


def test_ed6_armed_twice_waits_for_the_next_cat() -> None:
    card = or_card()
    state = choose_all(start(1, cards={1: card.id, 5: cat_card("green", 401)}), "A")
    state = rules.apply(state, UseSpecial("P1", "twice_cat"))
    state = rules.apply(state, TakeCard("P1", 1, side="above"))
    state = rules.apply(state, first_draw(state, "P1"))  # a rare treasure: not a cat
    assert state.seat("P1").armed == ("twice_cat",)
    state = rules.apply(state, TakeCard("P1", 5))
    state = rules.apply(state, first_draw(state, "P1"))
    assert state.seat("P1").now[0].tile == Tile.cat("green", 401)


# -- ED-7: maps and scoring -------------------------------------------------------------------------------------
def test_ed7_map_gives_a_common_treasure_of_choice() -> None:
    # sheet 1 (layout A) has its blue map at (14, 1)
    state = choose_all(start(1, cards={1: cat_card("blue", 400), 5: cat_card("red", 400)}), "A")
    state = rules.apply(state, TakeCard("P1", 1))
    over_map = next(a for a in rules.legal_actions(state, "P1") if isinstance(a, Draw) and (14, 1) in a.cells)
    state = rules.apply(state, over_map)
    options = [a for a in rules.legal_actions(state, "P1") if isinstance(a, TakeMapBonus)]
    assert {a.shape for a in options} == {"1x1", "1x2", "L3", "I3", None}
    refused(state, TakeMapBonus("P1", "T"), "ED-7")
    refused(state, TakeCard("P1", 5), "ED-2")
    state = rules.apply(state, TakeMapBonus("P1", "L3"))
    state = rules.apply(state, first_draw(state, "P1", "common:L3:0"))
    assert state.seat("P1").drawn[-1].source == "map"
    taken = rules.apply(state, TakeCard("P1", 5))
    red = rules.apply(taken, first_draw(taken, "P1"))  # a red cat: the blue map gives it nothing
    assert not [a for a in rules.legal_actions(red, "P1") if isinstance(a, TakeMapBonus)]


def test_ed7_map_bonus_can_be_declined_and_other_colours_give_nothing() -> None:
    state = choose_all(start(1, cards={1: cat_card("red", 400)}), "A")
    state = rules.apply(state, TakeCard("P1", 1))
    over_blue_map = next(a for a in rules.legal_actions(state, "P1") if isinstance(a, Draw) and (14, 1) in a.cells)
    after = rules.apply(state, over_blue_map)
    assert after.seat("P1").now == ()
    state = choose_all(start(1, cards={1: cat_card("blue", 400)}), "A")
    state = rules.apply(state, TakeCard("P1", 1))
    state = rules.apply(state, next(a for a in rules.legal_actions(state, "P1") if isinstance(a, Draw)
                                    and (14, 1) in a.cells))
    state = rules.apply(state, TakeMapBonus("P1", None))
    assert len(state.seat("P1").boat.tiles) == 1


def test_ed7_scoring_breakdown_and_tie_break_by_filled_rooms() -> None:
    state = start(2)
    parrot_bow = sorted(state.seat("P1").boat.rooms[7])  # 4 cells in a T: a T rare treasure fills the room
    boat = boat_with("A", [(Tile.rare("T"), parrot_bow)])
    state = with_boat(state, "P1", boat)
    state = state.with_seat(replace(state.seat("P1"), ticks=((3, None), (1, None))))
    score = score_seat(state, state.seat("P1"))
    assert set(score.categories) == set(CATEGORIES)
    assert score["rare_treasures"] == 3
    assert score["rooms"] == -5 * 6
    lesson_rows = [r for r in score.rows if r.category == "lessons"]
    assert len(lesson_rows) == 2 and any("lesson 3" in r.detail and r.points == 2 for r in lesson_rows)
    # equal totals: most filled rooms wins; equal filled rooms: shared
    from isle_nb.model.parts.scoring import Score, ScoreRow

    tied = {n: Score.from_rows([ScoreRow("rats", "", -1)], CATEGORIES) for n in ("P1", "P2")}
    assert winners(state, tied) == ("P1",)
    assert winners(with_boat(state, "P1", boat_with("A", [])), tied) == ("P1", "P2")


def test_ed7_ticked_lessons_count_ticks() -> None:
    state = start(1)
    state = state.with_seat(replace(state.seat("P1"), ticks=((3, None), (2, None), (5, None))))
    rows = {r.detail.split(",")[0]: r.points for r in score_seat(state, state.seat("P1")).rows
            if r.category == "lessons"}
    assert rows["lesson 3"] == 3  # 1 per ticked lesson, itself included
    assert rows["lesson 2"] == 0  # 1 per common treasure: none drawn


# -- ED-8: solo -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("difficulty", "lessons"), [("easy", 3), ("medium", 4), ("hard", 5), ("very hard", 6),
                                                     ("expert", 7)])
def test_ed8_sister_lessons_by_difficulty(difficulty: str, lessons: int) -> None:
    state = new_state(("Ann",), 3, difficulty)
    assert state.sister is not None and len(state.sister.lessons) == lessons
    assert 200 not in state.sister.lessons  # no fish in Explore & Draw
    assert state.sister.revealed == 1


def test_ed8_colours_flipped_after_days_1_to_4_and_sister_wins_ties() -> None:
    from isle_nb import RandomBot, play

    game = new_game("explore_draw", ["Ann"], seed=5, difficulty="medium")
    seen = {}
    bot = RandomBot(2)
    while not game.over:
        seen[game.day] = game.state.sister.revealed
        play_one = game.legal_actions("Ann")
        game.apply(bot.choose(game, "Ann", play_one))
    assert seen == {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 5, 7: 5}
    result = game.result()
    assert list(result["player"]) == ["Ann", "Sister"]
    sister_total = int(result.loc[result.player == "Sister", "total"].iloc[0])
    from isle_nb.model.explore_draw.scoring import SISTER
    state = game.state
    tie = {"Ann": replace(game.score("Ann"), total=sister_total), SISTER: game.score(SISTER)}
    assert winners(state, tie) == (SISTER,)
    assert play is not None


def test_difficulty_only_in_solo() -> None:
    with pytest.raises(IllegalAction, match="ED-8"):
        new_state(("Ann", "Bob"), 1, "hard")
    with pytest.raises(IllegalAction, match="ED-8"):
        new_state(("Ann",), 1, "impossible")


def test_apply_all_helper_plays_a_day() -> None:
    state = choose_all(start(1, cards={1: cat_card("blue", 400), 5: cat_card("blue", 401), 9: cat_card("blue", 402)}))
    for slot in (1, 5, 9):
        state = apply_all(state, [TakeCard("P1", slot)])
        state = rules.apply(state, first_draw(state, "P1"))
    assert state.day == 2 and len(state.seat("P1").boat.tiles) == 3


def test_dataframes_describe_the_game() -> None:
    from isle_nb import play

    game = new_game("explore_draw", ["Ann", "Ben"], seed=9)
    assert list(game.cards_frame()["where"]) == ["A1", "B1", "C1", "D1", "A2", "B2", "C2", "D2", "A3", "B3", "C3", "D3"]
    play(game, ["greedy", "random"])
    players = game.players_frame()
    assert list(players.player) == ["Ann", "Ben"] and (players.cells_covered > 0).all()
    cells = game.boat_frame("Ann")
    assert len(cells) == 142 and cells.drawing.notna().sum() == game.state.seat("Ann").boat.occupied.bit_count()
    found = game.discoveries_frame()
    assert set(found.source) <= {"card", "copy", "map"} and found.day.between(1, 7).all()
    assert len(found[(found.player == "Ann") & ~found.skipped]) == len(game.state.seat("Ann").boat.tiles)
    sheet = game.lesson_sheet_frame("Ann")
    assert len(sheet) == 26 and sheet.ticked.sum() == len(game.state.seat("Ann").ticks)
    lessons = game.score("Ann")["lessons"]
    assert sheet.points.sum() == lessons
    assert len(game.log_frame()) == len(game.state.log)
    live = game.score_frame()
    totals = live.groupby("player").points.sum()
    assert totals.to_dict() == {n: int(t) for n, t in zip(game.result().player, game.result().total, strict=True)}
    assert game.resolved_frame().groupby("player").size().min() >= 21


def test_hostile_field_values_are_refused_by_the_boundary_check_and_change_nothing() -> None:
    """ED-2: every field of every offered action, given a hostile value, is refused with an IllegalAction (a
    ValueError) before any rule runs, and the game is exactly as before."""
    from isle_nb.model.core.records import record_fields


    hostile = [None, "ab", (0, 0, 7), [[0, 0]], 10**30, -1, 0, 13, (0, -5, 99), float("nan"), {}, (1,) * 50]
    hostile += ["x" * 100, ((-500, 0),)]
    refused = 0
    for cut in (0, 3, 7):
        game = new_game("explore_draw", ["Ann", "Bob"], seed=7)
        for _ in range(cut):
            game.apply(game.legal_actions(game.awaiting[0])[0])
        player = game.awaiting[0]
        for action in game.legal_actions(player)[:3]:
            for field in record_fields(type(action)):
                for value in hostile:
                    copy = load_game(game.to_json())
                    before = copy.to_json()
                    try:
                        copy.apply(replace_action(action, **{field: value}))
                    except ValueError:
                        refused += 1
                        assert copy.to_json() == before
    assert refused > 100


@pytest.mark.parametrize(("players", "difficulty"), [(["Ann", "Bob", "Cy"], None), (["Ann"], "easy")])
def test_the_result_gives_every_score_by_category(players: list[str], difficulty: str | None) -> None:
    """ED-7, ED-8: the seats' result (what the end screen shows) has each player's points by category and the total;
    the categories add up to the total and the winners are the rules' winners. Before the end there is none."""
    import random

    game = new_game("explore_draw", players, seed=4, **{"difficulty": difficulty} if difficulty else {})
    assert game.game_result() is None
    pick = random.Random(4)
    while not game.over:
        name = game.awaiting[0]
        game.apply(pick.choice(game.legal_actions(name)))
    result = game.game_result()
    assert result is not None and result.columns[-1] == "total"
    assert set(result.winners) == set(game.winners())
    for name, values in zip(result.players, result.values, strict=True):
        assert sum(values[:-1]) == values[-1] == game.scores()[name]
    if difficulty is None:
        assert result.columns[:-1] == tuple(c.replace("_", " ") for c in CATEGORIES)
    else:
        assert "colours" in result.columns and result.players[-1] == "Sister"
