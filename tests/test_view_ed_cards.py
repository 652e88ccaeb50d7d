"""Pictures of Explore & Draw's printed cards: every card draws at one size, with each discovery's squares and its
keyword (ED-4, ED-10)."""

from __future__ import annotations

from isle_nb.draw import Rect, Text
from isle_nb.model.explore_draw.data import all_cards
from isle_nb.view import ed_card_png, ed_card_scene, ed_card_svg
from isle_nb.view.ed_cards import card_size
from isle_nb.view.explore_draw import PAPER


def test_every_printed_card_draws_its_squares_and_keyword_at_one_size() -> None:
    size = card_size()
    for card in all_cards():
        scene = ed_card_scene(card.id)
        assert (scene.width, scene.height) == size
        items = scene.layers["discoveries"]
        squares = [i for i in items if isinstance(i, Rect) and i.fill == PAPER]
        assert len(squares) == sum(len(p.cells) for p in card.printed), card.id
        assert all(i.x >= 0 and i.x + i.w <= scene.width for i in squares), card.id
        words = {i.text for i in items if isinstance(i, Text)}
        assert ("or" in words) == (card.keyword == "or") and ("any 2" in words) == (card.keyword == "any 2")
        if card.lesson is not None:
            assert f"Lesson {card.lesson}" in words


def test_card_pictures_as_svg_and_png() -> None:
    assert ed_card_svg("052").startswith("<svg") and "or" in ed_card_svg("052")
    assert ed_card_png("184", scale=1.0).startswith(b"\x89PNG")


def test_cards_are_drawn_like_the_printed_ones_number_readable_and_shapes_large_and_centred() -> None:
    """Issue #32 §4: on the island a card is about 100 px wide; its number stays readable there (12 px or more) and
    its shapes fill the card's body, centred, instead of a small strip at the top."""
    shown = 100 / card_size()[0]
    for card in all_cards():
        scene = ed_card_scene(card.id)
        (number,) = [i for i in scene.layers["card"] if isinstance(i, Text)]
        assert number.text == f"#{card.id}" and number.size * shown >= 12
        if card.lesson is not None:
            continue
        squares = [i for i in scene.layers["discoveries"] if isinstance(i, Rect) and i.fill == PAPER]
        left, right = min(i.x for i in squares), max(i.x + i.w for i in squares)
        top, bottom = min(i.y for i in squares), max(i.y + i.h for i in squares)
        assert abs(left - (scene.width - right)) <= squares[0].w, card.id  # centred across
        assert (right - left) >= 0.4 * scene.width or (bottom - top) >= 0.4 * scene.height, card.id  # large
        assert squares[0].w * shown >= 6, card.id  # a square is at least 6 px on the island
        assert top > 26 and bottom < scene.height, card.id  # under the band, inside the card
