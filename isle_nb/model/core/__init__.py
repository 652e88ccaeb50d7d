"""What every game runs on: the ``Rules`` and ``Bot`` contract, the one observable shell, histories and saves,
the records of actions and their wire form, seats and tables, the errors, and the random bot.

Nothing here knows a game or a component: ``core`` imports neither :mod:`isle_nb.model.parts` nor any game.
"""
