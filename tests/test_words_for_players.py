"""The words the model and the app write for players (issue 22 §4): no "You ... takes", no "a orange", no bare
letters or internal numbers for tiles, a sister's keyword line that reads as a sentence, and a refusal to rescue
that says which of fish, baskets or room is missing."""

from __future__ import annotations

from dataclasses import replace

from game_helpers import choose_rescue_cards, cram_boat, new_state, passive_policy, set_field, set_hand, to_phase

from isle_nb.model.isle import engine
from isle_nb.model.isle.phases import day, solo
from isle_nb.model.isle.player_view import player_view
from isle_nb.model.isle.view_facts import no_rescue_reason
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.cards import SoloAction
from isle_nb.model.parts.placement_effects import placement_effects
from isle_nb.model.parts.tiles import Tile
from isle_nb.model.parts.words import with_article
from isle_nb.widgets.words import player_text

BLUE = Tile.cat("blue", 415)


def test_both_verbs_of_a_line_are_in_the_second_person_for_you() -> None:
    assert player_text("buys 3 cards for 7 fish and discards 1 card (EXPLORE-5)", "Ann", "Ann")[0] == \
        "You buy 3 cards for 7 fish and discard 1 card."
    assert player_text("plays Oshax card #70 and takes an Oshax (RARE-2)", "Ann", "Ann")[0] == \
        "You play Oshax card #70 and take an Oshax."
    assert player_text("plays Oshax card #70 and takes an Oshax", "Ann", "Ben")[0] == \
        "Ann plays Oshax card #70 and takes an Oshax."


def test_articles_and_tile_names_without_internal_numbers() -> None:
    assert with_article("orange cat") == "an orange cat" and with_article("blue cat") == "a blue cat"
    assert with_article("L-shaped rare treasure") == "an L-shaped rare treasure"
    assert str(Tile.oshax(300)) == "Oshax" and str(Tile.oshax(305, "red")) == "Oshax (red)"
    assert str(Tile.rare("T")) == "T-shaped 4-square rare treasure"


def test_a_placement_next_to_an_orange_cat_says_an() -> None:
    boat = Boat("A")
    cat = Tile.cat("orange", 415)
    first = boat.legal_placements(cat, must_touch=False)[0]
    boat = boat.place(cat, first)
    other = Tile.cat("orange", 414)
    words = [" ".join(placement_effects(boat, other, p).words()) for p in boat.legal_placements(other, must_touch=True)]
    assert any("next to an orange cat" in w for w in words) and not any("a orange" in w for w in words)


def test_rare_treasures_drawn_to_the_display_are_named_by_shape() -> None:
    state = new_state(2)
    rare = Tile.rare("T", 0)
    bag = (rare, next(t for t in state.bag if t.kind == "cat"))
    _, _, note = day.draw_cats(replace(state, bag=bag, rare_display=()), 2)  # draws the whole bag
    assert "to the treasure display: a T-shaped 4-square rare treasure" in note and ": T" not in note


def test_the_sisters_common_treasure_line_is_a_sentence() -> None:
    state = engine.new_game(["Ann"], 1, "solo")
    _, text = solo.resolve_action(state, SoloAction("common", shape="1x2"))
    assert text.startswith("Common treasure 1x2: ")
    _, text = solo.resolve_action(state, SoloAction("oshax", n=1))
    assert text == "Oshax 1: one Oshax goes to the box"


def _rescue_turn(fish: int = 20) -> object:
    state = to_phase(new_state(2), "rescue", "choose", policy=passive_policy)
    state = replace(state, turn_order=(0, 1))
    state = set_hand(set_hand(state, "Ann", ()), "Ben", ())
    state = set_field(set_field(state, "left", [BLUE]), "right", [])
    state = choose_rescue_cards(state, {})
    return state.update_player("Ann", fish=fish)


def test_no_rescue_says_which_of_fish_baskets_or_room_is_missing() -> None:
    state = _rescue_turn()
    assert no_rescue_reason(player_view(state, "Ann")) == ""
    assert "2 fish" in no_rescue_reason(player_view(state.update_player("Ann", fish=2), "Ann"))
    assert "3 fish from the left field" in no_rescue_reason(player_view(state.update_player("Ann", fish=2), "Ann"))
    assert "no basket" in no_rescue_reason(player_view(state.update_player("Ann", baskets_used=1), "Ann"))
    crammed = cram_boat(state, "Ann")
    assert "room on your boat" in no_rescue_reason(player_view(crammed, "Ann"))
    empty = set_field(state, "left", [])
    assert no_rescue_reason(player_view(empty, "Ann")) == "the fields are empty"


def test_card_faces_draw_their_icons_instead_of_emoji() -> None:
    """Notebook 01's card pictures: emoji showed as empty boxes without an emoji font; the icons are drawn (SVG)
    and the words beside them stay."""
    import re

    from isle_nb.model.parts.cards import card

    for card_id in (55, 23, 7, 117, 148, 98, 1, 69, 174):
        face = card(card_id)._repr_html_()
        assert not re.search(r"&#1[0-9]{5};|[\U0001F000-\U0001FAFF\u2600-\u27BF]", face), card_id
    assert face.count("<svg") >= 1 and "basket" in card(7)._repr_html_() and "<svg" in card(7)._repr_html_()
    assert "fish" in card(55)._repr_html_() and "speed" in card(7)._repr_html_()


def test_no_oshax_is_named_by_its_internal_number() -> None:
    """RARE-2: the refusal of an Oshax no longer there and the rare finds panel's buttons name no shape number."""
    import pytest

    from isle_nb.model.core.errors import IllegalAction
    from isle_nb.model.isle.actions import PlayOshax

    state = to_phase(new_state(2), "rare_finds", policy=passive_policy)
    name = state.players[state.turn].name
    state = set_hand(state, name, (1,))
    gone = state.oshax_supply[0]
    state = replace(state, oshax_supply=state.oshax_supply[1:], box=(*state.box, gone))
    with pytest.raises(IllegalAction, match="that Oshax is not beside the island") as refused:
        engine.apply(state, PlayOshax(name, 1, gone.shape))
    assert str(gone.shape) not in str(refused.value)


def test_another_boats_counts_read_as_words():
    """The Other boats tab counts a player's cards and lessons in words: "1 card", not "1 cards"."""
    from msgspec.structs import replace

    from isle_nb import Game
    from isle_nb.widgets.panels.boats import boat_facts

    view = Game.new(["Ann", "Bob"], seed=3).view("Ann")
    bob = view.others[0]
    one = boat_facts(replace(bob, hand_size=1, private_lessons=1), view)
    assert "1 card in hand" in one and "1 private lesson &middot;" in one
    two = boat_facts(replace(bob, hand_size=2, private_lessons=0), view)
    assert "2 cards in hand" in two and "0 private lessons" in two
