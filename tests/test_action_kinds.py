"""An action's ``kind`` (its name in saved games) is its class name in snake case, for all three games. Saves
written before kinds were derived must still load, so the names are listed here as the format fixes them."""

from __future__ import annotations

import pytest

from isle_nb.model.explore_draw import actions as ed_actions
from isle_nb.model.isle import actions
from isle_nb.model.pocket import actions as pocket_actions

SAVED_KINDS = {
    "standard": [
        "buy", "buy_drawn", "choose_field", "choose_lesson_colour", "choose_rescue_cards", "draft_pick",
        "keep_family_lessons", "move_cat", "pass", "place", "play_anytime", "play_oshax", "play_treasure", "rescue",
        "take_cat", "take_map_bonus",
    ],
    "pocket": ["choose_clan", "flip", "keep_dogs", "next_game", "rotate_dog", "stay", "swap"],
    "explore_draw": ["choose_cards", "decline_copy", "draw", "take_card", "take_map_bonus", "use_special"],
}  # fmt: skip
MODULES = {"standard": actions, "pocket": pocket_actions, "explore_draw": ed_actions}


@pytest.mark.parametrize("game", SAVED_KINDS)
def test_kinds_are_the_saved_names(game: str) -> None:
    types = MODULES[game].ACTION_TYPES
    assert sorted(types) == SAVED_KINDS[game]
    for kind, cls in types.items():
        assert cls.kind == kind
        words = "".join(f"_{c.lower()}" if c.isupper() else c for c in cls.__name__).lstrip("_")
        assert words == kind  # TakeMapBonus -> take_map_bonus


def test_a_round_trip_keeps_the_kind() -> None:
    action = actions.TakeMapBonus("Ann", "1x2")
    data = action.to_dict()
    assert data["kind"] == "take_map_bonus"
    assert actions.action_from_dict(data) == action
