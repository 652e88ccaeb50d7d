"""The registry of games: one :class:`GameMode` per mode says everything about it, and everything that offers a
choice of games reads it (``Game.new``, :func:`isle_nb.simulate`, the saves, the app's Games dialog, ``play_app``
and :func:`modes`, ``isle_nb.modes()`` for notebooks).

A mode is its name, its label for players, its player counts, its options with their choices, its rules object,
its shell (the observable game), its bots and its save format. Adding a game is a rules package (state, actions,
rules, player view, shell; see :mod:`isle_nb.model.core.contract`) plus one :func:`register` call below; widgets add
the mode's app with :func:`register_app` when they are imported (the model imports no widget).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, get_args, get_origin

from isle_nb.model.core.contract import Bot, Rules
from isle_nb.model.core.errors import IllegalAction, InvalidSave, quote
from isle_nb.model.core.history import SAVE_LIMIT
from isle_nb.model.core.shell import GameShell
from isle_nb.model.core.tabulation import Tabulation
from isle_nb.model.explore_draw import frames as explore_draw_frames
from isle_nb.model.explore_draw.game import ExploreDrawGame
from isle_nb.model.explore_draw.state import DIFFICULTIES as EXPLORE_DRAW_DIFFICULTIES
from isle_nb.model.explore_draw.state import MAX_PLAYERS as EXPLORE_DRAW_MAX_PLAYERS
from isle_nb.model.isle import outcomes as isle_outcomes
from isle_nb.model.isle.game import Game
from isle_nb.model.isle.phases.solo import DIFFICULTIES
from isle_nb.model.isle.variants import VARIANTS
from isle_nb.model.pocket import frames as pocket_frames
from isle_nb.model.pocket.game import PocketGame
from isle_nb.model.pocket.state import VARIANTS as POCKET_VARIANTS
from isle_nb.model.pocket.tiles import CLAN_KEYS

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class GameMode:
    """One game mode: what it is called, who may play it, its options and the code that plays and saves it.

    ``setup`` holds the arguments of ``rules.new_game`` that make this mode of a shared rules object (the solo game
    is The Isle of Cats' rules with ``mode="solo"``). ``options`` maps each option a player may choose to its
    choices, the default first; ``rule`` is the setup rule a wrong setup breaks.
    """

    name: str
    label: str
    players: tuple[int, ...]
    default_players: int
    shell: type[GameShell]
    options: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    setup: Mapping[str, Any] = field(default_factory=dict)
    rule: str = "SETUP-1"
    tabulation: Tabulation | None = None
    """How :func:`isle_nb.simulate` turns a finished game into rows (``None``: it does not simulate the mode)."""

    @property
    def rules(self) -> Rules[Any, Any, Any]:
        """The mode's rules object (pure functions of frozen states)."""
        return self.shell.rules

    @property
    def view(self) -> type[Any]:
        """The class of the mode's player views (the ``V`` of its shell's ``GameShell[S, A, V]``), whose
        ``from_dict`` rebuilds a view sent over the wire."""
        for base in getattr(self.shell, "__orig_bases__", ()):
            if get_origin(base) is GameShell:
                return get_args(base)[2]
        raise TypeError(f"{self.shell.__name__} does not say its view type (GameShell[S, A, V])")

    @property
    def player_counts(self) -> str:
        """The player counts for people: ``"2-4"``, or ``"2"`` when only one count is allowed."""
        return str(self.players[0]) if len(self.players) == 1 else f"{self.players[0]}-{self.players[-1]}"

    @property
    def save_format(self) -> str:
        """The ``"format"`` tag of this mode's saved games."""
        return self.rules.save_format

    @property
    def bots(self) -> Mapping[str, Callable[[int], Bot[Any]]]:
        """The mode's bots by name, each built from a seed."""
        return self.shell.bot_kinds()

    def new(self, players: Sequence[str] | int, seed: int = 0, **options: Any) -> Any:
        """A new game of this mode: ``players`` are names or a count (default names), ``options`` as in
        :attr:`options` (an option the mode does not have is refused, unless it is ``None``). The rules refuse a bad
        setup with :class:`~isle_nb.model.core.errors.IllegalAction`."""
        unknown = sorted(name for name, value in options.items() if name not in self.options and value is not None)
        if unknown:
            has = f"its options are {', '.join(self.options)}" if self.options else "it has no options"
            raise IllegalAction(self.rule, f"{self.label} has no option {quote(unknown[0])}; {has}")
        chosen = {name: value for name, value in options.items() if name in self.options}
        return self.shell(self.rules.new_game(players, seed, **self.setup, **chosen))


MODES: dict[str, GameMode] = {}
"""Every registered mode by name, in the order they were registered."""

_APPS: dict[str, Callable[[], Callable[..., Any]]] = {}


def register(mode: GameMode) -> GameMode:
    """Add a mode to the registry (a name registered twice is a programming error)."""
    if mode.name in MODES:
        raise ValueError(f"the mode {mode.name!r} is already registered")
    MODES[mode.name] = mode
    return mode


def game_mode(name: str) -> GameMode:
    """The registered mode called ``name``; :class:`IllegalAction` (SETUP-1, a ValueError) naming the modes for an
    unknown one."""
    if not isinstance(name, str) or name not in MODES:
        raise IllegalAction("SETUP-1", f"unknown mode {quote(name)}; choose one of {', '.join(MODES)}")
    return MODES[name]


def new_game(mode: str, players: Sequence[str] | int, seed: int = 0, **options: Any) -> Any:
    """A new game of the registered ``mode`` (see :meth:`GameMode.new`)."""
    return game_mode(mode).new(players, seed, **options)


def same_game(mode: str, other: str) -> bool:
    """Whether two registered modes are played by the same shell (so one app plays both: the standard, solo and
    family games)."""
    return game_mode(mode).shell is game_mode(other).shell


def mode_of_save(data: Mapping[str, Any]) -> GameMode:
    """The mode a saved game (its JSON record) belongs to, by its format and, for modes sharing one rules object,
    its ``mode`` field; :class:`InvalidSave` for a format no registered mode writes."""
    fmt = data.get("format")
    candidates = [m for m in MODES.values() if m.save_format == fmt]
    if not candidates:
        raise InvalidSave(f"not a saved game of any mode: format {quote(fmt)}")
    return next((m for m in candidates if m.setup.get("mode", m.name) == data.get("mode")), candidates[0])


def mode_of_game(game: GameShell) -> GameMode:
    """The registered mode of a game shell (by its rules' save format and setup)."""
    return mode_of_save({"format": game.rules.save_format, **game.rules.setup(game.state)})


def shell_of_save(text: str | bytes) -> type[GameShell] | None:
    """The shell that loads a saved game, by the save's format; ``None`` when the text is no save of a registered
    mode (the loader then says why)."""
    if not isinstance(text, (str, bytes, bytearray)) or len(text) > SAVE_LIMIT:
        return None  # refused by the loader, before any parsing
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return None
    try:
        return mode_of_save(data).shell if isinstance(data, dict) else None
    except InvalidSave:
        return None


def load_game(text: str | bytes) -> Any:
    """A saved game of any registered mode, replayed through its rules (:class:`InvalidSave` if it is not one)."""
    shell = shell_of_save(text)
    return (shell or Game).from_json(text)


def register_app(name: str, loader: Callable[[], Callable[..., Any]]) -> None:
    """Say how to make the app of the registered mode ``name``: ``loader()`` imports and returns its maker, called
    as ``maker(players, seed, mode=..., bot_delay=..., hot_seat_cover=..., autosave=..., **options)``. Widgets call
    this when imported; the loader runs only when the app is first asked for."""
    game_mode(name)
    _APPS[name] = loader


def app_maker(name: str) -> Callable[..., Any]:
    """The maker of the registered mode's app (see :func:`register_app`); LookupError if no widget registered one."""
    game_mode(name)
    if name not in _APPS:
        raise LookupError(f"no app is registered for the mode {name!r} (import isle_nb.widgets first)")
    return _APPS[name]()


def modes() -> pd.DataFrame:
    """The registered modes: ``name``, ``label``, ``players`` (the counts, e.g. ``"2-4"``) and ``options`` (each
    option with its choices, the default first)."""
    import pandas as pd

    def choices(options: Mapping[str, tuple[Any, ...]]) -> str:
        return "; ".join(f"{name}: {', '.join(map(str, values))}" for name, values in options.items())

    return pd.DataFrame(
        [(m.name, m.label, m.player_counts, choices(m.options)) for m in MODES.values()],
        columns=["name", "label", "players", "options"],
    )


# -- the games ------------------------------------------------------------------------------------------------
for _variant in VARIANTS.values():  # The Isle of Cats in each of its modes (isle/variants.py)
    register(GameMode(
        _variant.name, _variant.label, _variant.players, _variant.players[-1], Game,
        options={"difficulty": tuple(DIFFICULTIES)} if _variant.has_sister else {}, setup={"mode": _variant.name},
        tabulation=isle_outcomes.SOLO_TABULATION if _variant.has_sister else isle_outcomes.TABULATION,
    ))
register(GameMode("pocket", "Pocket Cats", (2,), 2, PocketGame,
                  options={"variant": POCKET_VARIANTS, "effects": (True, False), "clans": (None, *CLAN_KEYS)},
                  rule="POCKET-5", tabulation=pocket_frames.TABULATION))
register(GameMode("explore_draw", "Explore & Draw, the flip-and-write game",
                  tuple(range(1, EXPLORE_DRAW_MAX_PLAYERS + 1)), 4, ExploreDrawGame,
                  options={"difficulty": EXPLORE_DRAW_DIFFICULTIES, "mixed_cards": (False, True)}, rule="ED-1",
                  tabulation=explore_draw_frames.TABULATION))


__all__ = [
    "MODES",
    "GameMode",
    "app_maker",
    "game_mode",
    "load_game",
    "mode_of_game",
    "mode_of_save",
    "modes",
    "new_game",
    "register",
    "register_app",
    "same_game",
]

Game.registry = sys.modules[__name__]  # this module is the FrontDoor Game asks
