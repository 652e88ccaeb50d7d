"""The card data in ``isle_nb/data/cards.json`` against the counts in the reference.

Sources: ``game-data.md`` §4 (discovery cards), §5 (family lessons), §6 / §6.1 (solo cards) and
``variants-data.md`` §A.1-§A.5 and §B.1. Rule IDs are from ``rules.md``.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from isle_nb.model.core.errors import UnknownComponent
from isle_nb.model.explore_draw.data import lesson_sheet
from isle_nb.model.isle.effects import EFFECT_KEYS
from isle_nb.model.parts.cards import (
    CARD_TYPES,
    CARDS,
    Card,
    CardDataError,
    Params,
    SoloAction,
    card,
    core_lesson_ids,
    discovery_card_ids,
    family_lesson_ids,
    parse_cards,
    solo_advanced_lesson_ids,
    solo_basket_ids,
    solo_colour_ids,
    solo_lesson_ids,
)


def _raw() -> dict[str, Any]:
    text = resources.files("isle_nb.data").joinpath("cards.json").read_text(encoding="utf-8")
    return json.loads(text)


def _ids(first: int, last: int) -> tuple[int, ...]:
    return tuple(range(first, last + 1))


def _of_type(card_type: str) -> list[Card]:
    return [c for c in CARDS.values() if c.type == card_type]


# ---- SETUP-5: the discovery deck ---------------------------------------------------------------------------


def test_setup_5_deck_has_150_cards() -> None:
    """SETUP-5: the discovery deck is all 150 discovery cards, ids 1-150 (game-data §4)."""
    assert discovery_card_ids() == _ids(1, 150)
    assert all(card(i).is_discovery for i in discovery_card_ids())


def test_setup_5_discovery_cards_per_type() -> None:
    """SETUP-5 / game-data §4.1-§4.5: 6 Oshax, 60 rescue, 31 anytime, 15 treasure and 38 lesson cards."""
    expected = {
        "oshax": _ids(1, 6),
        "rescue": _ids(7, 66),
        "anytime": _ids(67, 97),
        "treasure": _ids(98, 112),
        "lesson": _ids(113, 150),
    }
    for card_type, ids in expected.items():
        assert tuple(c.id for c in _of_type(card_type)) == ids, card_type
    assert {t: len(v) for t, v in expected.items()} == {
        "oshax": 6,
        "rescue": 60,
        "anytime": 31,
        "treasure": 15,
        "lesson": 38,
    }


def test_all_215_cards_in_the_box() -> None:
    """Game-data §6 / variants-data §A.1: 150 discovery + 18 family + 5 + 23 + 10 + 9 solo = 215 cards."""
    assert tuple(CARDS) == _ids(1, 215)
    assert Counter(c.type for c in CARDS.values()) == {
        "oshax": 6,
        "rescue": 60,
        "anytime": 31,
        "treasure": 15,
        "lesson": 38,
        "family_lesson": 18,
        "solo_colour": 5,
        "solo_basket": 23,
        "solo_lesson": 10,
        "solo_advanced_lesson": 9,
    }
    assert {c.type for c in CARDS.values()} == set(CARD_TYPES)


def test_non_discovery_cards_cost_nothing() -> None:
    """Only discovery cards are bought (EXPLORE-5); every other card has cost 0."""
    assert all(c.cost == 0 for c in CARDS.values() if not c.is_discovery)


# ---- RARE-2: Oshax cards -----------------------------------------------------------------------------------


def test_rare_2_oshax_cards_cost_5() -> None:
    """RARE-2 / game-data §4.1: the 6 Oshax cards cost 5 fish and have no speed or basket."""
    for c in _of_type("oshax"):
        assert (c.cost, c.speed, c.basket, c.effect) == (5, 0, "none", "oshax")


# ---- RESCUE-2, RESCUE-5: rescue cards ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "last", "cost", "speed", "basket"),
    [
        (7, 14, 1, 4, "none"),
        (15, 22, 0, 0, "half"),
        (23, 34, 1, 1, "half"),
        (35, 42, 2, 3, "half"),
        (43, 54, 2, 1, "full"),
        (55, 66, 3, 3, "full"),
    ],
)
def test_rescue_5_rescue_card_groups(first: int, last: int, cost: int, speed: int, basket: str) -> None:
    """RESCUE-2 / RESCUE-5 / game-data §4.2: cost, speed and basket of each block of rescue cards."""
    for i in _ids(first, last):
        c = card(i)
        assert (c.type, c.cost, c.speed, c.basket, c.effect) == ("rescue", cost, speed, basket, "rescue"), i


def test_rescue_5_rescue_sub_counts() -> None:
    """RESCUE-5 / game-data §4.2: 8 speed-only, 8 + 12 + 8 half-basket and 12 + 12 full-basket cards."""
    groups = Counter((c.basket, c.cost, c.speed) for c in _of_type("rescue"))
    assert groups == {
        ("none", 1, 4): 8,
        ("half", 0, 0): 8,
        ("half", 1, 1): 12,
        ("half", 2, 3): 8,
        ("full", 2, 1): 12,
        ("full", 3, 3): 12,
    }


def test_rescue_5_28_half_and_24_full_baskets() -> None:
    """RESCUE-5: 28 broken half baskets (= 14 baskets) and 24 full baskets; no permanent basket on a card."""
    baskets = Counter(c.basket for c in _of_type("rescue"))
    assert baskets == {"half": 28, "full": 24, "none": 8}
    assert all(c.basket == "none" for c in CARDS.values() if c.type != "rescue")


# ---- ANY-3: anytime cards ----------------------------------------------------------------------------------

ANYTIME = [
    # (first, last, cost, effect, params)
    (67, 68, 2, "fish_per_oshax", {"fish": 2}),
    (69, 70, 1, "place_anywhere", {}),
    (71, 72, 0, "draw_and_buy", {"n": 2}),
    (73, 74, 1, "draw_and_buy", {"n": 3}),
    (75, 75, 3, "random_tile_from_bag", {}),
    (76, 76, 2, "discard_basket_for_fish", {"fish": 5}),
    (77, 77, 1, "move_cats_between_fields", {"max": 3}),
    (78, 79, 2, "fish_per_private_lesson", {"fish": 1}),
    (80, 82, 2, "rescue_two", {}),
    (83, 83, 1, "bag_tiles_to_fields", {"n": 4}),
    (84, 85, 6, "gain_basket", {}),
    (86, 87, 2, "basket_for_lessons", {"lessons": 2}),
    (88, 89, 3, "basket_for_treasures", {"treasures": 2}),
    (90, 91, 2, "fish_per_colour", {"fish": 1}),
    (92, 93, 2, "fish_per_rare_treasure", {"fish": 2}),
    (94, 95, 2, "fish_per_common_treasure", {"fish": 1}),
    (96, 97, 2, "fish_per_cat_of_colour", {"fish": 1}),
]


@pytest.mark.parametrize(("first", "last", "cost", "effect", "params"), ANYTIME)
def test_any_3_anytime_card_effects(first: int, last: int, cost: int, effect: str, params: dict) -> None:
    """ANY-3 / game-data §4.3: cost, effect key and parameters of each anytime card."""
    for i in _ids(first, last):
        c = card(i)
        assert (c.type, c.cost, c.effect, dict(c.params)) == ("anytime", cost, effect, params), i
        assert (c.speed, c.basket) == (0, "none")


def test_any_3_anytime_counts_sum_to_31() -> None:
    """ANY-3 / game-data §4.3: 2+2+2+2+1+1+1+2+3+1+2+2+2+2+2+2+2 = 31 anytime cards."""
    per_row = [last - first + 1 for first, last, *_ in ANYTIME]
    assert per_row == [2, 2, 2, 2, 1, 1, 1, 2, 3, 1, 2, 2, 2, 2, 2, 2, 2]
    assert sum(per_row) == 31 == len(_of_type("anytime"))
    counts = Counter(c.effect for c in _of_type("anytime"))
    assert counts["draw_and_buy"] == 4
    assert counts["rescue_two"] == 3
    assert sum(counts.values()) == 31


def test_rescue_5_extra_permanent_baskets_only_from_cards_84_to_89() -> None:
    """RESCUE-5 / game-data §4.2: extra permanent baskets come only from anytime cards 84-89 (at most 6)."""
    basket_effects = {"gain_basket", "basket_for_lessons", "basket_for_treasures"}
    sources = [c.id for c in CARDS.values() if c.effect in basket_effects]
    assert sources == list(_ids(84, 89))


# ---- RARE-3: treasure cards --------------------------------------------------------------------------------


def test_rare_3_treasure_cards() -> None:
    """RARE-3 / game-data §4.4: 9 cards (cost 2) give a rare or two common; 6 (cost 1) give two small ones."""
    for i in _ids(98, 106):
        assert (card(i).cost, card(i).effect, dict(card(i).params)) == (2, "rare_or_two_common", {})
    for i in _ids(107, 112):
        assert (card(i).cost, card(i).effect, dict(card(i).params)) == (
            1,
            "two_small_or_pay_for_two_common",
            {"fish": 1},
        )


# ---- LESSON-*, SCORE-5, SCORE-6: lessons -------------------------------------------------------------------

LESSONS: dict[int, tuple[str, dict[str, Any]]] = {
    113: ("edge_no_empty", {"points": 12}),
    114: ("exactly_cats", {"n": 15, "points": 10}),
    115: ("each_colour_at_least", {"n": 3, "points": 15}),
    116: ("each_colour_on_edge", {"points": 7}),
    117: ("colour_on_edge_each", {"points": 1}),
    118: ("exactly_permanent_baskets", {"n": 3, "points": 7}),
    119: ("first_in_turn_order", {"points": 7}),
    120: ("lonely_cats", {"points": 1}),
    121: ("largest_family", {"points": 10, "solo_min": 7}),
    122: ("per_rare_treasure", {"points": 2}),
    123: ("per_common_treasure", {"points": 1}),
    124: ("no_visible_rats", {"points": 10}),
    125: ("per_visible_rat", {"points": 2}),
    126: ("per_private_lesson", {"points": 1}),
    127: ("exactly_colour", {"colour": "blue", "n": 5, "points": 9}),
    128: ("exactly_colour", {"colour": "green", "n": 5, "points": 9}),
    129: ("exactly_colour", {"colour": "purple", "n": 5, "points": 9}),
    130: ("exactly_colour", {"colour": "red", "n": 5, "points": 9}),
    131: ("exactly_colour", {"colour": "orange", "n": 5, "points": 9}),
    132: ("exactly_visible_rats", {"n": 5, "points": 10}),
    133: ("exactly_private_lessons", {"n": 6, "points": 7}),
    134: ("exactly_treasures", {"n": 5, "points": 9}),
    135: ("edge_cats_per_two", {"points": 1}),
    136: ("parrot_rooms_full", {"points": 12}),
    137: ("moon_rooms_empty", {"points": 18}),
    138: ("per_family_of_at_least", {"n": 4, "points": 4}),
    139: ("per_oshax", {"points": 3}),
    140: ("apple_room_empty", {"points": 15}),
    141: ("third_family_again", {}),
    142: ("fish_at_least", {"n": 5, "points": 7}),
    143: ("colour_on_edge_each", {"points": 2}),
    144: ("per_cat_of_colour", {"points": 1}),
    145: ("colour_at_least", {"n": 3, "points": 5}),
    146: ("lonely_cats_of_colour", {"points": 3}),
    147: ("per_private_lesson", {"points": 2}),
    148: ("per_common_treasure", {"points": 2}),
    149: ("treasures_touching_colour", {"points": 1}),
    150: ("per_uncovered_map", {"points": 5}),
}


@pytest.mark.parametrize("card_id", sorted(LESSONS))
def test_score_5_lesson_effects(card_id: int) -> None:
    """SCORE-5 / SCORE-6 / game-data §4.5: each lesson's effect key and points."""
    effect, params = LESSONS[card_id]
    c = card(card_id)
    assert (c.type, c.effect, dict(c.params)) == ("lesson", effect, params)
    assert (c.speed, c.basket) == (0, "none")


def test_setup_5_14_core_lessons_113_to_126() -> None:
    """SETUP-5 / game-data §4.5: the 14 core lessons are 113-126, all private, cost 2."""
    assert core_lesson_ids() == _ids(113, 126)
    for i in core_lesson_ids():
        assert (card(i).module, card(i).public, card(i).cost) == ("core", False, 2)


def test_setup_5_modules_a_b_c_have_8_lessons_each() -> None:
    """SETUP-5 / game-data §4.5: modules A = 127-134, B = 135-142, C = 143-150 (inferred: unverified)."""
    modules = {c.id: c.module for c in _of_type("lesson")}
    assert Counter(modules.values()) == {"core": 14, "A": 8, "B": 8, "C": 8}
    assert all(modules[i] == "A" for i in _ids(127, 134))
    assert all(modules[i] == "B" for i in _ids(135, 142))
    assert all(modules[i] == "C" for i in _ids(143, 150))
    assert "unverified" in json.dumps(_raw()["notes"]).lower()
    assert all(c.module is None for c in CARDS.values() if c.type != "lesson")


def test_lesson_1_30_private_and_8_public_lessons() -> None:
    """LESSON-1 / LESSON-5: 30 private lessons (113-142, cost 2) and 8 public ones (143-150, cost 1)."""
    private = [c.id for c in _of_type("lesson") if not c.public]
    public = [c.id for c in _of_type("lesson") if c.public]
    assert private == list(_ids(113, 142))
    assert public == list(_ids(143, 150))
    assert {card(i).cost for i in private} == {2}
    assert {card(i).cost for i in public} == {1}
    assert [c.id for c in CARDS.values() if c.public] == public


def test_lesson_2_pick_colour_cards() -> None:
    """LESSON-2 / LESSON-4 / ANY-3: a player picks the colour of 96-97, 117, 143-146, 149 and 151."""
    picked = {c.id for c in CARDS.values() if c.pick_colour}
    assert picked == {96, 97, 117, 143, 144, 145, 146, 149, 151}


# ---- FAMILY-1: family lessons ------------------------------------------------------------------------------

FAMILY: dict[int, tuple[str, dict[str, Any]]] = {
    151: ("colour_on_edge_each", {"points": 1}),
    152: ("each_colour_on_edge", {"points": 9}),
    153: ("edge_cats_per_two", {"points": 1}),
    154: ("no_visible_rats", {"points": 10}),
    155: ("middle_row_full", {"points": 10}),
    156: ("edge_no_empty", {"points": 12}),
    157: ("exactly_cats", {"n": 20, "points": 10}),
    158: ("each_colour_at_least", {"n": 3, "points": 15}),
    159: ("exactly_colour", {"colour": "blue", "n": 5, "points": 9}),
    160: ("exactly_colour", {"colour": "green", "n": 5, "points": 9}),
    161: ("exactly_colour", {"colour": "purple", "n": 5, "points": 9}),
    162: ("exactly_colour", {"colour": "red", "n": 5, "points": 9}),
    163: ("exactly_colour", {"colour": "orange", "n": 5, "points": 9}),
    164: ("per_treasure", {"points": 2}),
    165: ("largest_family", {"points": 10}),
    166: ("per_visible_rat", {"points": 2}),
    167: ("per_filled_room", {"points": 2}),
    168: ("third_family_again", {}),
}


def test_family_1_18_family_lessons() -> None:
    """FAMILY-1 / game-data §5 / variants-data §B.1: 18 family lesson cards, ids 151-168."""
    assert family_lesson_ids() == _ids(151, 168)
    for i, (effect, params) in FAMILY.items():
        c = card(i)
        assert (c.effect, dict(c.params), c.cost, c.public) == (effect, params, 0, False), i


# ---- SOLO-2, SOLO-6..SOLO-12: solo cards -------------------------------------------------------------------


def test_solo_12_five_solo_colour_cards() -> None:
    """SOLO-2 / SOLO-12 / variants-data §A.2: one solo colour card per colour, 169-173."""
    assert solo_colour_ids() == _ids(169, 173)
    colours = [card(i).colour for i in solo_colour_ids()]
    assert colours == ["blue", "green", "purple", "red", "orange"]
    assert all(dict(card(i).params) == {"colour": card(i).colour} for i in solo_colour_ids())
    assert all(c.colour is None for c in CARDS.values() if c.type != "solo_colour")


SOLO_BASKETS: dict[int, tuple[int, int, str]] = {
    # id: (baskets, speed, actions as "kind:args" joined by ";")
    174: (1, 0, "cat:5;cat:4"),
    175: (4, 0, "cat:6;common:1x1"),
    176: (3, 0, "cat:3;oshax:3"),
    177: (2, 1, "cat:4;cat:3"),
    178: (4, 1, "cat:2;common:L3"),
    179: (3, 1, "cat:5;rare:4"),
    180: (3, 2, "cat:2;rare:2"),
    181: (2, 2, "cat:7;oshax:2"),
    182: (1, 2, "cat:4;rare:1"),
    183: (4, 3, "cat:1;common:1x2"),
    184: (3, 3, "cat:6;rare:5"),
    185: (2, 3, "cat:2;common:I3"),
    186: (4, 4, "cat:1;oshax:5"),
    187: (1, 4, "cat:1;cat:5"),
    188: (4, 4, "cat:3;common:L3"),
    189: (1, 5, "cat:6;cat:1"),
    190: (2, 5, "cat:7;common:1x2"),
    191: (2, 6, "cat:5;cat:2"),
    192: (4, 6, "swap:1,6;cat:2"),
    193: (3, 7, "cat:6;rare:3"),
    194: (4, 9, "swap:2,5;cat:1"),
    195: (3, 9, "cat:8;oshax:1"),
    196: (3, 9, "cat:4;common:I3"),
}


def _action_code(action: SoloAction) -> str:
    if action.kind == "swap":
        return f"swap:{action.a},{action.b}"
    if action.kind == "common":
        return f"common:{action.shape}"
    return f"{action.kind}:{action.n}"


def test_solo_8_solo_basket_cards_exactly() -> None:
    """SOLO-6 / SOLO-8 / variants-data §A.3: baskets, speed and actions (in order) of cards 174-196."""
    assert solo_basket_ids() == _ids(174, 196)
    for i, (baskets, speed, actions) in SOLO_BASKETS.items():
        c = card(i)
        assert (c.baskets, c.speed, c.basket, c.effect) == (baskets, speed, "none", "solo_basket"), i
        assert ";".join(_action_code(a) for a in c.actions) == actions, i


def test_solo_6_solo_basket_counts() -> None:
    """SOLO-6 / variants-data §A.3: basket values 1 x4, 2 x5, 3 x7, 4 x7; each card has 2 actions."""
    cards = [card(i) for i in solo_basket_ids()]
    assert len(cards) == 23
    assert Counter(c.baskets for c in cards) == {1: 4, 2: 5, 3: 7, 4: 7}
    assert all(len(c.actions) == 2 for c in cards)
    assert all(c.baskets is None and not c.actions for c in CARDS.values() if c.type != "solo_basket")


def test_solo_8_solo_basket_keyword_totals() -> None:
    """SOLO-8 / variants-data §A.3: 28 Cat, 5 Rare, 4 Oshax, 2 Swap and 7 common-treasure keywords."""
    kinds = Counter(a.kind for i in solo_basket_ids() for a in card(i).actions)
    assert kinds == {"cat": 28, "rare": 5, "oshax": 4, "swap": 2, "common": 7}


SOLO_LESSONS: dict[int, tuple[str, dict[str, Any]]] = {
    197: ("colours_not_touching_treasure", {"points": 5}),
    198: ("largest_family_size", {"points": 2}),
    199: ("fewer_treasures_than", {"n": 9, "points": 10}),
    200: ("per_fish", {"points": 4}),
    201: ("per_visible_rat", {"points": 5}),
    202: ("cats_over", {"n": 15, "points": 5}),
    203: ("colours_not_on_edge", {"points": 5}),
    204: ("repeat_highest_lesson", {}),
    205: ("per_filled_room", {"points": 3}),
    206: ("lonely_cats", {"points": 5}),
    207: ("per_private_lesson", {"points": 3}),
    208: ("largest_family_value", {}),
    209: ("second_family_value", {}),
    210: ("per_common_treasure", {"points": 3}),
    211: ("cats_not_touching_treasure", {"points": 3}),
    212: ("per_covered_map", {"points": 4}),
    213: ("per_family", {"points": 5}),
    214: ("cats_on_edge", {"points": 1}),
    215: ("colours_not_touching_rat", {"points": 5}),
}


def test_solo_2_ten_solo_lessons_and_nine_advanced() -> None:
    """SOLO-2 / SOLO-12 / variants-data §A.4-§A.5: 10 solo lessons (197-206) and 9 advanced (207-215)."""
    assert solo_lesson_ids() == _ids(197, 206)
    assert solo_advanced_lesson_ids() == _ids(207, 215)
    for i, (effect, params) in SOLO_LESSONS.items():
        c = card(i)
        assert (c.effect, dict(c.params), c.cost) == (effect, params, 0), i


# ---- data integrity ----------------------------------------------------------------------------------------


def test_effect_keys_all_known_and_described() -> None:
    """Every effect key on a card is implemented (EFFECT_KEYS, from the effect registries) and described in the
    JSON's ``effect_keys``; nothing is described that no card uses, and nothing is implemented that neither a card
    nor a lesson of Explore & Draw's printed sheet (scored by the same registries) uses."""
    used = {c.effect for c in CARDS.values()}
    described = set(_raw()["effect_keys"])
    printed_sheet = {lesson.effect for lesson in lesson_sheet()}
    assert used == described
    assert used | printed_sheet == EFFECT_KEYS
    assert all(isinstance(v, str) and v for v in _raw()["effect_keys"].values())


def test_every_card_has_a_title_and_text() -> None:
    """Every card carries a short title and a one- or two-sentence explanation in our own words."""
    for c in CARDS.values():
        assert c.title and len(c.title) <= 40, c.id
        assert c.text.endswith("."), c.id
        assert len(c.text) <= 300, c.id


def test_card_raises_unknown_component_for_0_and_999() -> None:
    """``card()`` refuses ids that are not in the box."""
    for bad in (0, 999, -1):
        with pytest.raises(UnknownComponent):
            card(bad)


def test_cards_are_hashable_and_immutable() -> None:
    """Cards are frozen values: hashable, comparable, and their params cannot be changed."""
    c = card(113)
    assert c == card(113)
    assert len({card(i) for i in _ids(1, 215)}) == 215
    assert hash(c.params) == hash(Params({"points": 12}))
    with pytest.raises(AttributeError):
        c.cost = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        c.params["points"] = 1  # type: ignore[index]
    with pytest.raises(TypeError):
        CARDS[1] = c  # type: ignore[index]


def test_card_reprs() -> None:
    """The short repr names id, type and title; the HTML repr shows title, type, cost and text."""
    assert repr(card(113)) == "Card(113, lesson, 'No gaps on the edge')"
    page = card(55)._repr_html_()
    assert card(55).title in page
    assert "Rescue" in page and "3 fish" in page and "speed 3" in page and "basket" in page
    assert "Swap 1/6" in card(192)._repr_html_()
    assert "&lt;" in Card(**{**_card_fields(card(1)), "title": "<b>"})._repr_html_()


def _card_fields(c: Card) -> dict[str, Any]:
    return {name: getattr(c, name) for name in Card.__dataclass_fields__}


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["cards"].append(copy.deepcopy(d["cards"][0])), "duplicate"),
        (lambda d: d["cards"][0].update(type="joker"), "unknown card type"),
        (lambda d: d["cards"][0].update(effect="win_the_game"), "unknown effect key"),
        (lambda d: d["cards"][10].update(basket="triple"), "basket"),
        (lambda d: d["cards"][0].pop("cost"), "missing field 'cost'"),
        (lambda d: d["cards"][180]["actions"].append({"kind": "dance"}), "unknown solo action"),
    ],
)
def test_parse_cards_rejects_bad_data(mutate: Any, message: str) -> None:
    """A malformed card file is refused with a clear :class:`CardDataError` naming the problem."""
    document = copy.deepcopy(_raw())
    mutate(document)
    with pytest.raises(CardDataError, match=message):
        parse_cards(document)
