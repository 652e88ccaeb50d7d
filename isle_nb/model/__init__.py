"""The rules of every game as plain, typed Python over frozen values; nothing here draws or imports a UI library.

- The contract: ``contract.py`` (the ``Rules`` and ``Bot`` protocols, ``LogEntry``) and ``shell.py`` (``GameShell``,
  the one observable traitlets shell: apply, undo/redo, save/load, log, ``play``).
- The Isle of Cats: ``game.py`` (``Game``), ``rules.py`` over ``engine.py`` and ``phases/`` (one module per phase;
  solo and family too), ``state.py`` (its fixed numbers and names in ``constants.py``), ``actions.py``,
  ``turns.py``, ``buying.py``, ``gained_tiles.py`` (placing a gained tile, map bonuses), ``anytime.py``,
  ``player_view.py``, ``history.py``, ``copying.py`` (views and traits copy named state fields).
- Components and geometry: ``tiles.py``, ``cards.py``, ``effects.py`` (every effect key, from the registries),
  ``boat.py``, ``geometry.py``, ``bitmask_placements.py`` (the bitmask placement engine),
  ``placement_effects.py``, ``boat_analysis.py`` (families, rats, rooms, edges: what scoring counts).
- Scoring and tables: ``scoring/`` (categories, lessons, sister, winners), ``results.py``, ``frames.py``,
  ``catalogue.py`` (the box's contents: rooms, boats, tiles, cards, a new game's setup),
  ``outcomes.py`` (DataFrames).
- Bots and hints: ``random_bot.py`` (the greedy bot is ``isle_nb.bots``), ``search.py`` (the search bot) with
  ``determinize.py`` (dealing what a seat cannot see), ``judgement.py`` and ``hints.py`` (explained hints).
- The other games: ``pocket/`` (Pocket Cats) and ``explore_draw/`` (Explore & Draw), each with its rules and shell.
"""
