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
