"""What every phase panel shares: the context it is built from, asking the model, and confirming a step.

A panel never decides a rule. It shows the player's choices from ``Context.legal`` (the model's legal actions),
sends the chosen action through ``Context.act``, and uses :meth:`Context.check` to ask the model whether an
action would be accepted (without changing anything) to enable a button and explain a refusal.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, TypeVar

import ipywidgets as widgets

from isle_nb.model.core.result import GameResult
from isle_nb.model.core.seat import Seat
from isle_nb.model.isle.actions import Action, Pass
from isle_nb.model.isle.changes import Changes, changes_since
from isle_nb.model.isle.player_view import OwnView, PlayerView
from isle_nb.widgets.closing import ClosesParts
from isle_nb.widgets.messages import MessageArea

A = TypeVar("A", bound=Action)


@dataclass
class Context:
    """What a panel is built from: the seat it shows (``seat``: a :class:`~isle_nb.model.core.seat.Seat`), whose it is,
    what that player may see (``view``, a frozen :class:`~isle_nb.model.isle.player_view.PlayerView`: other players'
    hands, picks and private lessons are not in it), their legal actions, and how to act.

    Panels read the game only through ``view`` (and the facts :mod:`isle_nb.model.isle.view_facts` derives from it);
    ``seat`` is for asking the rules whether an action would be accepted and for the result at the end.
    """

    seat: Seat[Action, PlayerView]
    viewer: str
    legal: list[Action]
    act: Callable[[Action], None]
    messages: MessageArea
    choices: dict[str, Any] = field(default_factory=dict)
    """Choices made in the panel that other controls built from the same context read (the rescue's basket)."""
    boat: Any = None
    """The viewer's boat widget (``BoatWidget``), for panels that steer placing (an Oshax's colour), if shown."""
    view: PlayerView = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.view is None:
            self.view = self.seat.view

    @cached_property
    def changes(self) -> Changes:
        """What the others changed since the viewer's last move (:mod:`isle_nb.model.isle.changes`; nothing before
        it)."""
        return changes_since(self.seat.seen, self.view)

    def of(self, kind: type[A]) -> list[A]:
        """The legal actions of one type."""
        return [a for a in self.legal if isinstance(a, kind)]

    def check(self, action: Action) -> str | None:
        """The model's reason to refuse ``action`` now, or ``None`` if it would be accepted (nothing changes)."""
        return self.seat.check(action)

    @property
    def result(self) -> GameResult:
        """How the game ended (the game must be over)."""
        result = self.seat.result()
        assert result is not None, "the game is not over"
        return result

    @property
    def me(self) -> OwnView:
        """What the viewer sees of themselves (everything of their own)."""
        assert self.view.me is not None, "a watcher has no side of the table"
        return self.view.me


def note_html(text: str, kind: str = "plain") -> str:
    """The HTML of a line of explanation (HTML ``text``): what :func:`note` shows."""
    colour = {"plain": "#333", "muted": "#666", "warn": "#a11a1a", "good": "#1e6b34"}[kind]
    return f'<div style="color:{colour};font-size:13px;margin:2px 0">{text}</div>'


def note(text: str, kind: str = "plain") -> widgets.HTML:
    """A line of explanation (HTML ``text``)."""
    return widgets.HTML(note_html(text, kind))


def heading_html(text: str) -> str:
    """The HTML of a panel title (plain ``text``): what :func:`heading` shows."""
    return (f'<div class="isle-panel-title" style="font-size:15px;font-weight:bold;margin:2px 0 4px 0">'
            f"{html.escape(text)}</div>")


def heading(text: str) -> widgets.HTML:
    """A panel title (plain text)."""
    return widgets.HTML(heading_html(text))


def action_button(
    description: str,
    on_click: Callable[[], None],
    messages: MessageArea,
    style: str = "",
    width: str = "auto",
    css: str = "",
    tooltip: str = "",
) -> widgets.Button:
    """A button whose click handler's errors show in the message area."""
    button = widgets.Button(
        description=description,
        button_style=style,
        tooltip=tooltip or description,
        layout=widgets.Layout(width=width, min_width="90px", flex="0 0 auto"),  # never cut its words
    )
    if css:
        button.add_class(css)
    button.on_click(messages.guard(lambda _b: on_click()))
    return button


class ConfirmButton(ClosesParts, widgets.HBox):
    """A button for an irreversible step: the first click asks "are you sure?", ``Yes`` does it.

    ``ask=False`` makes the button act at once (the step does not need confirming in this situation).
    """

    closes_with = ("question", "yes", "cancel")
    """Shown only while asking, closed with the button."""

    def __init__(
        self,
        description: str,
        question: str,
        on_yes: Callable[[], None],
        messages: MessageArea,
        style: str = "warning",
        css: str = "",
        ask: bool = True,
        yes: str = "Yes",
    ) -> None:
        super().__init__(layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        self.on_yes = on_yes
        self.messages = messages
        self.ask_first = ask
        self.button = action_button(description, self.press, messages, style, css=css)
        self.question = widgets.HTML(f'<b style="margin:0 8px">{html.escape(question)}</b>')
        self.yes = action_button(yes, self._confirmed, messages, "danger", css="isle-confirm-yes")
        self.cancel = action_button("Cancel", self._cancelled, messages, css="isle-confirm-cancel")
        self.children = [self.button]

    def press(self) -> None:
        """Click the button: ask first (or act at once when no confirmation is needed)."""
        if not self.ask_first:
            self.on_yes()
            return
        self.children = [self.button, self.question, self.yes, self.cancel]
        self.button.disabled = True

    def _confirmed(self) -> None:
        self.children = [self.button]
        self.button.disabled = False
        self.on_yes()

    def _cancelled(self) -> None:
        self.children = [self.button]
        self.button.disabled = False


class Panel(ClosesParts, widgets.VBox):
    """Base class of the phase panels: a VBox built from a :class:`Context`. Closing a panel closes every widget
    it is made of, and those it keeps aside in ``closes_with`` (parts it shows only sometimes)."""

    kind = "panel"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ctx = ctx
        self.add_class("isle-panel")
        self.add_class(f"isle-panel-{self.kind}")

    @classmethod
    def key(cls, ctx: Context) -> tuple[Any, ...] | None:
        """What the panel shows; the app keeps a panel (and its selection) while its key is unchanged.

        ``None`` means rebuild after every change.
        """
        return None

    def update(self, ctx: Context) -> bool:
        """Show ``ctx`` in this panel without rebuilding it, if the panel can (the next decision of the same kind,
        such as the next tile to place): True if it did, False if the app must build a new panel. Rebuilding opens
        and closes a dozen widgets in the browser; changing a few texts is cheaper on the click-to-redraw path."""
        return False

    def act(self, action: Action) -> None:
        """Send an action to the model."""
        self.ctx.act(action)

    def make_pass_button(self, question: str, ask: bool = True) -> ConfirmButton:
        """The Pass button of a phase of turns: passing is final, so it asks ``question`` first (unless ``ask`` is
        false because there is nothing else the player could do). It stays at the bottom of the panel when what
        is above it scrolls."""
        button = ConfirmButton(
            "Pass",
            question,
            lambda: self.act(Pass(self.ctx.viewer)),
            self.ctx.messages,
            css="isle-pass",
            yes="Yes, pass",
            ask=ask,
        )
        button.add_class("isle-panel-footer")
        return button


class CardChoicePanel(Panel):
    """A panel in which the player selects cards (``picker``) and sends them as one action of type ``choice``, made
    from the viewer's name and the selected card ids (draft picks, buys, rescue cards, family lessons)."""

    choice: ClassVar[type[Any]]
    """The action class, made as ``choice(player, cards)``."""
    closes_with = ("picker",)
    """The picker is not shown when there is no card to pick."""
    picker: Any
    keep_button: widgets.Button
    hint: widgets.HTML

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        self.build(ctx)

    def build(self, ctx: Context) -> None:  # pragma: no cover - each panel builds its own
        """Make the card picker and the buttons, then :meth:`lay_out` the panel."""
        raise NotImplementedError

    def action(self) -> Action:
        """The choice as selected now."""
        return self.choice(self.ctx.viewer, tuple(self.picker.selected))

    def send_choice(self) -> None:
        """Send the selected cards."""
        self.act(self.action())

    def keep_row(self, label: str, css: str) -> widgets.HBox:
        """The keep button (it sends the selected cards) with a hint beside it: what is missing, or why the rules
        refuse the selection (see :meth:`need_exactly`)."""
        self.keep_button = action_button(label, self.send_choice, self.ctx.messages, "success", css=css,
                                         width="180px")
        self.hint = note("")
        return row(self.keep_button, self.hint)

    def lay_out(self, title: str, words: str, body: widgets.Widget, *rows: widgets.Widget) -> None:
        """The panel's children: a heading, a muted explanation, the cards to choose from (``body``) and rows of
        buttons; then it shows the empty selection. The first row (the button that sends the choice) stays in view
        at the bottom of the panel while the cards scroll under it."""
        if rows:
            rows[0].add_class("isle-panel-footer")
        self.children = [heading(title), note(words, "muted"), body, *rows]
        self._update(())

    def _update(self, selected: tuple[int, ...]) -> None:  # pragma: no cover - each panel says what changes
        raise NotImplementedError

    def need_exactly(self, selected: tuple[int, ...], need: int) -> None:
        """Enable the keep button once ``need`` cards are selected and the rules accept them; else say what is
        missing or why the rules refuse, beside the button."""
        missing = need - len(selected)
        reason = self.ctx.check(self.action()) if missing <= 0 else f"choose {missing} more"
        self.keep_button.disabled = reason is not None
        self.hint.value = f'<span style="color:#666;margin-left:8px">{html.escape(reason or "")}</span>'


def row(*items: widgets.Widget, margin: str | None = None) -> widgets.HBox:
    """Widgets side by side, centred on one line (a button and its hint)."""
    layout = widgets.Layout(align_items="center") if margin is None else widgets.Layout(align_items="center",
                                                                                         margin=margin)
    return widgets.HBox(list(items), layout=layout)


def names(items: Sequence[str]) -> str:
    """Comma-separated, HTML-escaped."""
    return ", ".join(html.escape(i) for i in items)


__all__ = ["CardChoicePanel", "ConfirmButton", "Context", "Panel", "action_button", "heading", "heading_html", "names",
           "note", "note_html", "row"]
