"""The boat's own scoring categories: visible rats (SCORE-1), unfilled rooms (SCORE-2), families (SCORE-3) and rare
treasures (SCORE-4; none in the family game, FAMILY-5). Lessons are scored in :mod:`.lessons`."""

from __future__ import annotations

from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.boat_analysis import rare_treasures, scoring_families, unfilled_rooms, visible_rats
from isle_nb.model.parts.scoring.score import Mode, ScoreRow, plural, rooms_text

RAT_PENALTY = 1
ROOM_PENALTY = 5
RARE_TREASURE_POINTS = 3


def category_rows(boat: Boat, mode: Mode) -> list[ScoreRow]:
    """The rows of the rats, rooms, families and rare-treasure categories."""
    rows: list[ScoreRow] = []
    rats = len(visible_rats(boat))
    rows.append(ScoreRow("rats", plural(rats, "visible rat") if rats else "no visible rats", -RAT_PENALTY * rats))
    unfilled = unfilled_rooms(boat)
    rooms_detail = (
        f"{plural(len(unfilled), 'unfilled room')} ({rooms_text(unfilled)})" if unfilled else "every room filled"
    )
    rows.append(ScoreRow("rooms", rooms_detail, -ROOM_PENALTY * len(unfilled)))
    found = scoring_families(boat)
    for family in found:
        rows.append(ScoreRow("families", family.describe(), family.points))
    if not found:
        rows.append(ScoreRow("families", "no family of 3 or more cats", 0))
    rare = len(rare_treasures(boat))
    if mode == "family":
        detail = f"{plural(rare, 'rare treasure')}: no points in the family game (FAMILY-5)"
        rows.append(ScoreRow("rare_treasures", detail, 0))
    else:
        rows.append(ScoreRow("rare_treasures", plural(rare, "rare treasure"), RARE_TREASURE_POINTS * rare))
    return rows


__all__ = ["RARE_TREASURE_POINTS", "RAT_PENALTY", "ROOM_PENALTY", "category_rows"]
