"""Explore & Draw with the printed cards (ED-10) and the rulebook's differences (ED-6, ED-9, setup).

The decks as transcribed: their counts and kinds, facts that tie the transcription together (each cat shape printed
in the five colours on five consecutive numbers), every card kind and keyword played alone and with the "twice"
specials, the optional second copy, the hidden special, up to 12 players, the shared setup checks and the
``mixed_cards`` option.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from ed_helpers import choose_all, find_card, first_draw, start

import isle_nb
from isle_nb import Game, load_game, new_game
from isle_nb.model.core.errors import IllegalAction, InvalidSave
from isle_nb.model.explore_draw import data, rules
from isle_nb.model.explore_draw.actions import ChooseCards, DeclineCopy, Draw, TakeCard, UseSpecial
from isle_nb.model.explore_draw.island import column_slots, row_slots
from isle_nb.model.explore_draw.state import EDState, new_state
from isle_nb.model.explore_draw.view import player_view
from isle_nb.model.parts.tiles import COLOURS


def kinds(deck: tuple[data.IslandCard, ...]) -> Counter[str]:
    return Counter(c.kind for c in deck)


# -- the decks as printed -------------------------------------------------------------------------------------
def test_the_decks_hold_the_printed_cards() -> None:
    lesson, cat = data.lesson_deck(), data.cat_deck()
    assert [c.number for c in lesson] == list(range(1, 48))
    assert [c.number for c in cat] == list(range(48, 157))
    assert kinds(lesson) == {"lesson": 26, "oshax": 6, "treasure": 15}
    assert kinds(cat) == {"oshax": 3, "treasure": 6, "two cats": 10, "cat": 90}
    assert [c.number for c in data.cat_deck(mixed_cards=True)][-5:] == [184, 185, 186, 187, 188]
    assert all(c.kind == "mixed" and not c.standard and c.keyword == "or" for c in data.all_cards() if c.number > 156)
    assert [c.lesson for c in lesson if c.lesson] == list(range(1, 27))
    assert Counter(c.keyword for c in (*lesson, *cat)) == {None: 26 + 6 + 3 + 10 + 90, "any 2": 5, "or": 16}


def test_each_cat_shape_is_printed_in_five_colours_on_five_numbers() -> None:
    """Cards 067-156 come in 18 runs of 5: one shape, the five colours (a check on the transcription)."""
    cats = [c for c in data.cat_deck() if c.kind == "cat"]
    for start_at in range(0, 90, 5):
        run = cats[start_at:start_at + 5]
        assert len({c.discoveries[0].shape for c in run}) == 1, [c.id for c in run]
        assert sorted(c.discoveries[0].colour for c in run) == sorted(COLOURS)
    two = [t for c in data.cat_deck() if c.kind == "two cats" for t in c.discoveries]
    assert Counter(t.colour for t in two) == dict.fromkeys(COLOURS, 4)
    assert {t.shape for t in two} == {"1x1", "1x2", "L3", "I3"}


def test_treasures_are_rare_when_big_and_common_when_small() -> None:
    treasures = [t for c in data.all_cards() for t in (*c.discoveries, *c.below) if t.is_treasure]
    assert all((t.kind == "rare") == (t.size >= 4) for t in treasures)
    assert {t.shape for t in treasures if t.kind == "common"} == {"1x1", "1x2", "L3", "I3"}


def test_every_card_names_its_source_and_its_printed_squares() -> None:
    for card in data.all_cards():
        assert card.source.startswith(f"card {card.id} of NikolasFMS/TIOC_new_helper")
        for printed in card.printed:
            assert len(printed.cells) == printed.tile.size
            assert printed.tile.shape_def.orientation_index(printed.cells) is not None


def test_catalogue_frames() -> None:
    cards = isle_nb.explore_draw_cards_frame()
    assert list(cards.columns[:8]) == ["number", "deck", "kind", "colour", "cells", "keyword", "option", "source"]
    assert cards.number.nunique() == 161
    assert len(cards) == 26 + sum(len(c.printed) for c in data.all_cards())
    assert set(cards[cards.keyword == "or"].option) == {"above", "below"}
    lessons = isle_nb.explore_draw_lessons_frame()
    assert list(lessons.columns[:4]) == ["number", "text", "points", "counts"] and len(lessons) == 26
    assert (lessons.title.str.len() <= 34).all()  # short enough for a printed sheet


# -- every kind of card, alone and with the specials ----------------------------------------------------------
def take(state: EDState, slot: int, **option: object) -> EDState:
    return rules.apply(state, TakeCard("P1", slot, **option))  # type: ignore[arg-type]


def draw_all(state: EDState) -> EDState:
    """Draw everything left of the card in progress (and any copy), each at its first legal spot."""
    while state.seat("P1").card is not None or state.seat("P1").now:
        state = rules.apply(state, first_draw(state, "P1"))
    return state


def test_two_cat_card_gives_both_cats_in_either_order() -> None:
    card = find_card(lambda c: c.kind == "two cats")
    first, second = card.discoveries
    state = take(choose_all(start(1, cards={1: card.id})), 1)
    assert state.seat("P1").items == (first, second)
    state = rules.apply(state, first_draw(state, "P1", second.id))  # the second one first
    state = rules.apply(state, first_draw(state, "P1", first.id))
    assert [p.tile for p in state.seat("P1").boat.tiles] == [second, first]


def test_twice_cat_on_a_two_cat_card_copies_only_the_first_cat_drawn() -> None:
    card = find_card(lambda c: c.kind == "two cats")
    first, second = card.discoveries
    state = choose_all(start(1, cards={1: card.id}))
    state = take(rules.apply(state, UseSpecial("P1", "twice_cat")), 1)
    state = rules.apply(state, first_draw(state, "P1", first.id))
    assert state.seat("P1").now[0].tile == first and state.seat("P1").now[0].source == "copy"
    state = rules.apply(state, first_draw(state, "P1", first.id))
    state = rules.apply(state, first_draw(state, "P1", second.id))
    assert [p.tile for p in state.seat("P1").boat.tiles] == [first, first, second]


@pytest.mark.parametrize("side", ["above", "below"])
def test_mixed_card_gives_the_cat_or_the_treasures(side: str) -> None:
    card = find_card(lambda c: c.kind == "mixed", "any")
    state = choose_all(start(1, cards={1: card.id}, mixed_cards=True))
    state = take(state, 1, side=side)
    assert state.seat("P1").items == (card.discoveries if side == "above" else card.below)
    state = draw_all(state)
    drawn = [p.tile for p in state.seat("P1").boat.tiles]
    assert drawn == list(card.discoveries if side == "above" else card.below)


def test_twice_treasure_on_the_treasures_of_a_mixed_card() -> None:
    card = find_card(lambda c: c.kind == "mixed", "any")
    state = choose_all(start(1, cards={1: card.id}, mixed_cards=True))
    state = take(rules.apply(state, UseSpecial("P1", "twice_treasure")), 1, side="below")
    state = draw_all(state)
    assert len(state.seat("P1").boat.tiles) == len(card.below) + 1


def test_twice_cat_on_the_cat_of_a_mixed_card_and_its_copy_left_out() -> None:
    card = find_card(lambda c: c.kind == "mixed", "any")
    state = choose_all(start(1, cards={1: card.id}, mixed_cards=True))
    state = take(rules.apply(state, UseSpecial("P1", "twice_cat")), 1, side="above")
    state = rules.apply(state, first_draw(state, "P1"))
    assert state.seat("P1").now[0].tile == card.discoveries[0]  # the cat may be drawn again
    state = rules.apply(state, DeclineCopy("P1"))
    assert [p.tile for p in state.seat("P1").boat.tiles] == [card.discoveries[0]] and state.seat("P1").armed == ()


def test_oshax_card_of_the_lesson_deck_and_any_2_of_common_treasures() -> None:
    oshax = find_card(lambda c: c.kind == "oshax", "lesson")
    any2 = find_card(lambda c: c.keyword == "any 2", "lesson")
    state = choose_all(start(1, cards={1: oshax.id, 5: any2.id}))
    state = take(state, 1)
    assert {a.colour for a in rules.legal_actions(state, "P1") if isinstance(a, Draw)} == set(COLOURS)
    state = rules.apply(state, first_draw(state, "P1", colour="purple"))
    state = take(state, 5, picks=(3, 3))
    state = draw_all(state)
    assert [str(p.tile) for p in state.seat("P1").boat.tiles][1:] == ["I-shaped 3-square common treasure"] * 2


# -- ED-6: the second copy is optional; the special is part of the hidden choice --------------------------------
def test_ed6_the_second_copy_may_be_left_out() -> None:
    card = find_card(lambda c: c.kind == "cat")
    state = choose_all(start(1, cards={1: card.id}))
    state = take(rules.apply(state, UseSpecial("P1", "twice_cat")), 1)
    with pytest.raises(IllegalAction, match="ED-6"):
        rules.apply(state, DeclineCopy("P1"))  # nothing to leave out yet
    state = rules.apply(state, first_draw(state, "P1"))
    assert DeclineCopy("P1") in rules.legal_actions(state, "P1")
    state = rules.apply(state, DeclineCopy("P1"))
    seat = state.seat("P1")
    assert len(seat.boat.tiles) == 1 and seat.now == () and seat.specials == (("twice_cat", 1),)
    assert "does not draw" in state.log[-1].text


def test_ed6_the_special_chosen_with_the_cards_stays_hidden_until_all_have_chosen() -> None:
    state = rules.apply(start(2), ChooseCards("P1", row_slots(1), "row"))
    assert state.seat("P1").specials == (("row", 1),)
    hidden = player_view(state, "P2").seats[0]
    assert hidden.has_chosen and hidden.specials == () and hidden.choice is None and hidden.choice_special is None
    assert player_view(state, "P1").seats[0].specials == (("row", 1),)
    state = rules.apply(state, ChooseCards("P2", column_slots("B")))
    assert player_view(state, "P2").seats[0].specials == (("row", 1),)


def test_ed6_limits_are_read_from_the_data_file() -> None:
    facts = data._data()["specials"]
    assert (rules.SPECIALS_PER_DAY, rules.SPECIALS_PER_GAME) == (facts["per_day"], facts["per_game"]) == (1, 3)


# -- ED-9: up to 12 players ------------------------------------------------------------------------------------
def test_ed9_twelve_players_reuse_the_six_boat_sheets() -> None:
    game = new_game("explore_draw", 12, seed=4)
    assert [s.sheet for s in game.state.seats] == [1, 2, 3, 4, 5, 6] * 2
    assert game.boats["Player 1"].layout_name == game.boats["Player 7"].layout_name
    assert len(game.awaiting) == 12
    with pytest.raises(IllegalAction, match="1-12 players"):
        new_game("explore_draw", 13)


# -- setup: the same checks as every game ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "seed", "words"),
    [
        (["A" * 41, "Bob"], 1, "1-40 printable characters"),
        (["A" * 2_000_000, "Bob"], 1, "1-40 printable characters"),
        ("Bob", 1, "a list of names"),
        (["Ann", "Ann"], 1, "different"),
        (["Ann", "Bob"], "7", "whole number"),
        (["Ann", "Bob"], 7.0, "whole number"),
        (["Ann", "Bob"], True, "whole number"),
    ],
)
def test_setup_refuses_what_every_game_refuses(players: object, seed: object, words: str) -> None:
    with pytest.raises(IllegalAction) as explore:
        new_game("explore_draw", players, seed=seed)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction) as standard:
        Game.new(players, mode="standard", seed=seed)  # type: ignore[arg-type]
    assert words in str(explore.value)
    assert (explore.value.rule, standard.value.rule) == ("ED-1", "SETUP-1")
    assert str(explore.value).replace("ED-1", "") == str(standard.value).replace("SETUP-1", "")


@pytest.mark.parametrize("players", [["Sister"], ["Ann", "Sister"]])
def test_nobody_is_called_sister(players: list[str]) -> None:
    with pytest.raises(IllegalAction, match="Sister"):
        new_state(players, 1)


def test_mixed_cards_are_an_option_that_saves_and_loads() -> None:
    standard = new_game("explore_draw", ["Ann", "Bob"], seed=3)
    mixed = new_game("explore_draw", ["Ann", "Bob"], seed=3, mixed_cards=True)
    assert len(standard.state.cat_deck) + 8 == 109 and len(mixed.state.cat_deck) + 8 == 114
    loaded = load_game(mixed.to_json())
    assert loaded.state == mixed.state and loaded.state.mixed_cards
    with pytest.raises(IllegalAction, match="has no option 'mixed_cards'"):
        Game.new(["Ann", "Bob"], seed=3, mixed_cards=True)
    bad = json.loads(mixed.to_json()) | {"mixed_cards": "yes"}
    with pytest.raises(InvalidSave):
        load_game(json.dumps(bad))


def test_a_view_with_drawings_of_card_only_shapes_travels() -> None:
    """A sheet holding shapes no board-game tile has (a 1x1 cat, a 5-square rare treasure) keeps its exact JSON
    form (the wire reads drawings with Tile.drawn_from_id)."""
    from isle_nb.model.explore_draw.view import ExploreDrawView

    card = find_card(lambda c: c.kind == "two cats")
    rare = find_card(lambda c: any(t.shape == "X5" for t in c.discoveries))
    state = choose_all(start(1, cards={1: card.id, 5: rare.id}))
    state = draw_all(take(draw_all(take(state, 1)), 5, side="above"))
    view = player_view(state, "P1")
    assert {t.tile.shape for t in view.sheet_of("P1").boat.tiles} >= {"X5", *(t.shape for t in card.discoveries)}
    assert ExploreDrawView.from_dict(json.loads(json.dumps(view.to_dict()))) == view


def test_a_hub_table_seats_up_to_12_and_takes_the_mixed_cards_option() -> None:
    from isle_nb.hub.modes import lobby_entry, parse_seats
    from isle_nb.model.modes import game_mode

    mode = game_mode("explore_draw")
    assert lobby_entry(mode).players == [1, 12] and lobby_entry(mode).options == ["difficulty", "mixed_cards"]
    specs = parse_seats([f"P{n}" for n in range(1, 13)], mode)
    game = mode.new([s.name for s in specs], 3, mixed_cards=True)
    assert len(game.state.seats) == 12 and game.state.mixed_cards
