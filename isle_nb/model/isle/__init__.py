"""The Isle of Cats, the standard game with its solo and family modes: its state and actions, the engine over the
phase table (:mod:`~isle_nb.model.isle.flow`, one module per phase in :mod:`~isle_nb.model.isle.phases`), the anytime
cards, the player view, results and DataFrames, its bots (greedy, search) and the explained hints.

It imports the core and the parts, never another game.
"""
