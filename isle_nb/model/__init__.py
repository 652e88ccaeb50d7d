"""The rules of every game as plain, typed Python over frozen values; nothing here draws or imports a UI library.

The rooms (a small framework, one folder per game; ``tests/test_layers.py`` holds who may import whom):

- :mod:`~isle_nb.model.core`: what every game runs on: the ``Rules`` and ``Bot`` contract (``contract.py``), the one
  observable traitlets shell (``shell.py``: apply, undo/redo, save/load, log, ``play``), histories and saves
  (``history.py``), the records of actions (``records.py``) and the wire form of views (``wire.py``), seats and
  tables (``seat.py``, ``table.py``, ``seating.py``), ``GameResult`` (``result.py``), the errors and the random bot.
  It imports nothing of the parts or the games.
- :mod:`~isle_nb.model.parts`: what several games share: ``geometry.py``, ``tiles.py``, ``boat.py``,
  ``placements.py`` (the bitmask placement engine), ``boat_analysis.py`` (families, rats, rooms, edges),
  ``placement_effects.py``, ``cards.py``, ``words.py``, ``scoring/`` (categories, lessons, sister, winners) and
  ``judgement.py`` (how good a placement looks to a bot). It imports the core only.
- :mod:`~isle_nb.model.isle`: The Isle of Cats with its solo and family modes: ``game.py`` (``Game``), ``rules.py``
  over ``engine.py``, the phase table ``flow.py`` and ``phases/`` (one module per phase), its modes as data
  (``variants.py``), what it keeps secret (``hidden.py``), ``state.py`` (``constants.py``), ``actions.py``,
  ``anytime.py``, ``player_view.py``, ``view_facts.py`` (what a screen derives from a view), results, DataFrames
  (``frames.py``, ``outcomes.py``, ``catalogue.py``), the bots (``bots.py``, ``search.py`` with ``determinize.py``,
  ``judgement.py``) and the explained hints (``hints.py``).
- :mod:`~isle_nb.model.pocket` (Pocket Cats) and :mod:`~isle_nb.model.explore_draw` (Explore & Draw), each with its
  rules and shell. A game imports the core and the parts, never another game.
- :mod:`~isle_nb.model.modes`: the registry of games on top, the front door (``isle_nb.new_game``,
  ``isle_nb.load_game``).
"""
