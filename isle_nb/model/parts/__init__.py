"""The parts several games share: the boat grid and its geometry, tiles, the bitmask placement engine, what a boat
holds (families, rooms, rats), what a placement gives, the cards and their lessons, the words for tiles, and the
scoring categories.

``parts`` imports the core and nothing of any game.
"""
