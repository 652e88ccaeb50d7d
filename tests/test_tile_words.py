"""Tiles in sentences are named by what a player sees on them (polish): a cat by its colour and size ("a purple
6-square cat"), a treasure by its letter shape and size, never by the shape numbers (400-419, 300-310) that only
ids, saves and analysts' tables use. Where two cats of one colour and size lie in one field, a sentence about one of
them says which (RESCUE-4, PLACE-5, FAMILY-2)."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from game_helpers import choose_rescue_cards, cram_boat, new_state, passive_policy, set_field, set_hand, to_phase

from isle_nb.model import modes
from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.isle.actions import Rescue
from isle_nb.model.isle.hints import describe_action
from isle_nb.model.parts.tiles import CARD_SHAPES, Tile, all_cats, all_common_treasures, all_oshax, all_rare_treasures
from isle_nb.model.parts.words import chosen_words, ordinal, tile_among, with_article

SHAPE_NUMBER = re.compile(r"(?<![#\d.])\b(30\d|31\d|4[01]\d)\b")
"""A cat or Oshax shape number in a sentence (card numbers are written ``#70``)."""

TALL, WIDE = Tile.cat("purple", 406), Tile.cat("purple", 405)
"""Two purple cats of 6 squares each, of different shapes."""


def test_a_tile_is_named_by_its_colour_its_size_and_its_letter() -> None:
    assert str(TALL) == "purple 6-square cat" and with_article(str(TALL)) == "a purple 6-square cat"
    assert with_article(str(Tile.cat("orange", 414))) == "an orange 4-square cat"
    assert str(Tile.rare("T", 2)) == "T-shaped 4-square rare treasure"
    assert str(Tile.drawn("rare", "T5")) == "T-shaped 5-square rare treasure"  # Explore & Draw has both T shapes
    assert str(Tile.common("1x1")) == "1-square common treasure"
    assert str(Tile.common("1x2")) == "2-square common treasure"
    assert with_article(str(Tile.common("L3"))) == "an L-shaped 3-square common treasure"
    assert str(Tile.common("I3")) == "I-shaped 3-square common treasure"
    assert str(Tile.oshax(300)) == "Oshax" and str(Tile.oshax(300, "red")) == "Oshax (red)"
    assert TALL.id == "cat:purple:406"  # the id for programs is unchanged


def test_no_tile_name_holds_a_number_but_its_size() -> None:
    drawn = [Tile.drawn("cat" if isinstance(s, int) and s >= 400 else "oshax" if isinstance(s, int) else "rare", s,
                        "red" if isinstance(s, int) and s >= 400 else None) for s in CARD_SHAPES]
    for tile in (*all_cats(), *all_oshax(), *all_rare_treasures(), *all_common_treasures(), *drawn):
        words = str(tile)
        assert not re.search(r"\d", re.sub(r"\b\d-square\b", "", words)), words
        assert f"{tile.size}-square" in words or tile.kind == "oshax", words


@pytest.mark.parametrize(("mode", "players"), [("standard", 3), ("solo", 1), ("family", 2), ("explore_draw", 2)])
def test_no_log_line_of_a_game_names_a_shape_number(mode: str, players: int) -> None:
    rules = modes.game_mode(mode).rules
    state = modes.game_mode(mode).rules.new_game(players, 3, **dict(modes.game_mode(mode).setup))
    chooser = random.Random(1)
    while not state.over:
        player = rules.awaiting(state)[0]
        state = rules.apply(state, chooser.choice(rules.legal_actions(state, player)))
    texts = [entry.text for entry in state.log]
    assert any("-square " in text for text in texts)
    assert [text for text in texts if SHAPE_NUMBER.search(text)] == []


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]


def test_two_cats_of_one_colour_and_size_are_told_apart_by_their_place_in_line() -> None:
    field = (Tile.cat("blue", 415), TALL, Tile.cat("purple", 400), WIDE)
    assert tile_among(TALL, field) == "the 1st of the 2 purple 6-square cats"
    assert tile_among(WIDE, field) == "the 2nd of the 2 purple 6-square cats"
    assert tile_among(Tile.cat("purple", 400), field) == "the purple 5-square cat"  # the only one of its size
    twins = (Tile.rare("T", 0), Tile.rare("T", 1))  # copies of one shape are the same tile to a player
    assert tile_among(twins[1], twins) == "the T-shaped 4-square rare treasure"


def _rescue_turn_with(left: list[Tile]):
    state = to_phase(new_state(2), "rescue", "choose", policy=passive_policy)
    state = replace(state, turn_order=(0, 1))
    state = set_hand(set_hand(state, "Ann", ()), "Ben", ())
    state = set_field(set_field(state, "left", left), "right", [])
    return choose_rescue_cards(state, {}).update_player("Ann", fish=20)


def test_a_refusal_says_which_of_two_alike_cats_has_no_room_rescue_4() -> None:
    """RESCUE-4 / PLACE-5: with no room on the boat, the refusal to rescue the second purple 6-square cat says it is
    the second of the two in the left field; the state is unchanged."""
    state = cram_boat(_rescue_turn_with([TALL, WIDE]), "Ann")
    rules = modes.game_mode("standard").rules
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, Rescue("Ann", "left", WIDE.id))
    assert str(refused.value).startswith(
        "RESCUE-4: the 2nd of the 2 purple 6-square cats in the left field has no legal place on Ann's boat")
    assert not SHAPE_NUMBER.search(str(refused.value))


def test_a_cat_not_in_the_field_is_refused_in_words_rescue_4() -> None:
    state = _rescue_turn_with([TALL])
    with pytest.raises(IllegalAction) as refused:
        modes.game_mode("standard").rules.apply(state, Rescue("Ann", "left", WIDE.id))
    assert "the purple 6-square cat you chose is not in the left field" in str(refused.value)
    assert not SHAPE_NUMBER.search(str(refused.value))
    assert chosen_words("cat:pink:1") == "the tile 'cat:pink:1'"  # no tile: the id as it was given


def test_a_hint_to_rescue_says_which_of_two_alike_cats() -> None:
    state = _rescue_turn_with([TALL, WIDE])
    assert describe_action(state, Rescue("Ann", "left", WIDE.id)) == (
        "Rescue the 2nd of the 2 purple 6-square cats from the left field for 3 fish.")
    assert describe_action(_rescue_turn_with([WIDE]), Rescue("Ann", "left", WIDE.id)) == (
        "Rescue the purple 6-square cat from the left field for 3 fish.")


def test_a_drawing_move_is_told_in_words() -> None:
    """Explore & Draw's move in words (as a refused replay of a save names it): the discovery, not its id."""
    from isle_nb.model.explore_draw.actions import Draw

    cells = tuple((x, 0) for x in range(6))
    assert str(Draw("Ann", tile="cat:purple:406", cells=cells)) == "Ann draws a purple 6-square cat on 6 cells"
    assert str(Draw("Ann", tile="oshax:306", cells=cells, colour="red")) == "Ann draws an Oshax in red on 6 cells"
