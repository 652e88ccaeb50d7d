"""Under the message line: the offer to resume the last game (:class:`~isle_nb.widgets.resume.ResumeOffer`), until
the player moves in the new game or another game is shown."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.resume import ResumeOffer
from isle_nb.widgets.saves import SavedGame


class OfferSlot:
    """The box (``offer_box``) that shows the offer while there is one."""

    def __init__(self, messages: MessageArea, on_resume: Callable[[SavedGame], None]) -> None:
        self.messages = messages
        self.on_resume = on_resume
        self.offer_box = widgets.VBox(layout=widgets.Layout(display="none"))
        self.offer_box.add_class("isle-offer-box")

    @property
    def offer(self) -> ResumeOffer | None:
        """The offer to resume the last game, while it is shown."""
        children = self.offer_box.children
        return children[0] if children else None

    def show(self, saved: SavedGame) -> None:
        """Offer to resume ``saved`` (one click)."""
        replace_children(self.offer_box, (ResumeOffer(saved, self.messages, self.on_resume),))
        self.offer_box.layout.display = "flex"

    def drop(self) -> None:
        """Take the offer away."""
        if self.offer_box.children:
            replace_children(self.offer_box, ())
            self.offer_box.layout.display = "none"


__all__ = ["OfferSlot"]
