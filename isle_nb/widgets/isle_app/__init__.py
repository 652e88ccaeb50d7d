"""The named parts The Isle of Cats app (:class:`~isle_nb.widgets.app.GameApp`) is built from, each drawn from the
one :class:`~isle_nb.widgets.panels.Context` of the player shown: the header (:mod:`.header`), the decision area
beside the boat with the full-width slot above it (:mod:`.decision`), the island (:mod:`.island_area`), the boat
side with the sister and the latest events (:mod:`.boat_side`), the side tabs (:mod:`.side_tabs`) and the offer to
resume the last game (:mod:`.offer`). The app wires them together; each part redraws only what its key says
changed (:mod:`isle_nb.widgets.slots`).
"""
