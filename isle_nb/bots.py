"""The bots of The Isle of Cats, and the one driver of every game (:func:`play`).

* :class:`RandomBot` picks uniformly among the legal actions (seeded, so games replay).
* :class:`GreedyBot` prefers placements that grow families, cover rats and fill rooms, buys cards it can use,
  and rescues when it can afford to.
* :class:`SearchBot` looks ahead over re-dealt hidden cards.

They live with the standard game's rules in :mod:`isle_nb.model.isle.bots`; this module is their public address.
"""

from isle_nb.model.isle.bots import (
    BOTS,
    Bot,
    GreedyBot,
    RandomBot,
    SearchBot,
    card_value,
    make_bot,
    placement_value,
    play,
)

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "SearchBot", "card_value", "make_bot", "placement_value", "play"]
