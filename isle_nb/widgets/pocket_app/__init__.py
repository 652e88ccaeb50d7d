"""The named parts the Pocket Cats app (:class:`~isle_nb.widgets.pocket.PocketBoardWidget`) is built from: the board
on a canvas with what it highlights (:mod:`.board`), the buttons of the moves that are no click on the board
(:mod:`.moves`), the walk through the end of a game (:mod:`.end_steps`) and the words of the panel beside the board
(:mod:`.words`). The app keeps what the player has selected, turns clicks into actions and redraws the parts.
"""
