"""The walk through the end of a Pocket Cats game: the dogs bite, then each prey goes to a clan (POCKET-3,
POCKET-6), one step at a time with its explanation, Previous / Next / Last."""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from isle_nb.model.pocket.endgame import EndStep
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.pocket_app.moves import pocket_button


class EndSteps:
    """The step shown (``step``, 0 = the last tile placed) of the game's end-game steps (``steps`` says them: none
    before the end), with its label, its text and the step buttons, in ``end_box``; ``on_step`` redraws after a step
    button."""

    def __init__(self, messages: MessageArea, width: str, steps: Callable[[], tuple[EndStep, ...]],
                 on_step: Callable[[], None]) -> None:
        self.steps = steps
        self.on_step = on_step
        self._seen: tuple[EndStep, ...] = ()
        """The steps last shown: new steps start at the first."""
        self.step = 0
        self.previous_button = pocket_button(messages, "Previous step", self.previous_step, "pocket-previous-step")
        self.next_button = pocket_button(messages, "Next step", self.next_step, "pocket-next-step")
        self.last_button = pocket_button(messages, "Last step", self.last_step, "pocket-last-step")
        self.step_label = widgets.HTML()
        self.step_label.add_class("pocket-step-label")
        self.step_text = widgets.HTML(layout=widgets.Layout(width=width, min_height="60px"))
        self.step_text.add_class("pocket-step-text")
        self.end_box = widgets.VBox(
            [self.step_label, widgets.HBox([self.previous_button, self.next_button, self.last_button]), self.step_text]
        )

    def next_step(self) -> None:
        """Show the next step of the end-game sequence."""
        self.step = min(self.step + 1, max(len(self.steps()) - 1, 0))
        self.on_step()

    def previous_step(self) -> None:
        """Show the previous step of the end-game sequence."""
        self.step = max(self.step - 1, 0)
        self.on_step()

    def last_step(self) -> None:
        """Jump to the scores, the last step of the end-game sequence."""
        self.step = max(len(self.steps()) - 1, 0)
        self.on_step()

    def follow(self) -> None:
        """The game's end-game steps are new (its end has come, or another game's): show the first."""
        steps = self.steps()
        if steps != self._seen:
            self._seen = steps
            self.step = 0

    def current(self) -> EndStep | None:
        """The step shown, if the game has ended."""
        steps = self.steps()
        return steps[min(self.step, len(steps) - 1)] if steps else None

    def show(self, game: int) -> None:
        """Show the step of game number ``game`` (nothing before its end)."""
        step = self.current()
        self.end_box.layout.display = "" if step is not None else "none"
        if step is None:
            self.step_label.value = ""
            self.step_text.value = ""
            return
        count = len(self.steps())
        self.previous_button.disabled = self.step == 0
        self.next_button.disabled = self.step >= count - 1
        self.last_button.disabled = self.step >= count - 1
        self.step_label.value = f"<b>End of game {game}: step {self.step + 1} of {count}</b>"
        self.step_text.value = (
            f"<div style='line-height:1.45'><b>{html.escape(step.title)}</b> <small>({step.rule})</small><br>"
            f"{html.escape(step.text)}</div>"
        )


__all__ = ["EndSteps"]
