"""Every text of our styles is readable: WCAG AA, a contrast of 4.5:1 or more (issue 22 §4), computed from the
colours the app's styles use: the button styles, the turn order, the day track, the notes of the panels."""

from __future__ import annotations

import re

import pytest

from isle_nb.model.isle import engine
from isle_nb.model.isle.player_view import player_view
from isle_nb.widgets.island import day_track_html, turn_order_html
from isle_nb.widgets.panels.base import note
from isle_nb.widgets.style import (
    BUTTON_COLOURS,
    PANEL_BACKGROUND,
    PASSED_TEXT,
    TEXT_COLOURS,
    WHITE,
    contrast_ratio,
    style_widget,
)

AA = 4.5


def test_the_ratio_is_the_wcag_formula() -> None:
    assert contrast_ratio("#000", "#fff") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio(WHITE, "#f57c00") == pytest.approx(2.70, abs=0.01)  # the theme's orange Pass button
    assert contrast_ratio(WHITE, "#388e3c") == pytest.approx(4.12, abs=0.01)  # the theme's green buttons


@pytest.mark.parametrize("what", sorted(TEXT_COLOURS))
def test_every_text_of_our_styles_reaches_wcag_aa(what: str) -> None:
    foreground, background = TEXT_COLOURS[what]
    assert contrast_ratio(foreground, background) >= AA, what


def test_the_stylesheet_gives_every_button_style_our_colours() -> None:
    css = style_widget().value
    for style, colour in BUTTON_COLOURS.items():
        assert re.search(rf"\.isle-app \.jupyter-button\.mod-{style}\b[^{{]*{{ background-color: {colour}; "
                         rf"color: {WHITE}; }}", css), style


def test_the_notes_and_the_island_use_those_colours() -> None:
    for kind in ("plain", "muted", "warn", "good"):
        colour = re.search(r"color:(#[0-9a-f]{3,6})", note("x", kind).value)[1]
        assert contrast_ratio(colour, PANEL_BACKGROUND) >= AA, kind
    state = engine.new_game(["Ann", "Ben"], 1)
    state = state.update_player("Ben", passed=True)
    html = turn_order_html(player_view(state, "Ann"))
    assert f"color:{PASSED_TEXT}" in html and "#999" not in html
    assert "#999" not in day_track_html(3, over=False)
