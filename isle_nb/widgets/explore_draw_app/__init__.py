"""The named parts the Explore & Draw app (:class:`~isle_nb.widgets.explore_draw.ExploreDrawApp`) is built from:
the header with the status line, Undo / Redo and the ready mark (:mod:`.header`), the island's twelve cards with
their column buttons and pick boxes (:mod:`.island`), the specials to tick (:mod:`.specials`), the tray of chosen
cards to resolve (:mod:`.tray`), the boat sheet with the discoveries to draw on it (:mod:`.drawing`) and the
printable sheets (:mod:`.printing`). The app wires them together and sends the shown seat's actions; each part
draws what it is given and says what was clicked through the callbacks it was made with.
"""
