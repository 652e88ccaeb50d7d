"""The layers of design.md §1: data -> model -> view (drawing kit + pictures) -> widgets -> notebooks.

The model never imports the drawing kit, the view layer or a widget library at load time (its ``_repr_*_`` hooks
ask the view lazily), the drawing kit knows nothing of the game, widgets never decide a rule (they reach the rules
only through the model's public API), and the package has no import cycle.
"""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import isle_nb
import isle_nb.model

WIDGET_LIBRARIES = ("ipywidgets", "ipycanvas", "anywidget", "IPython")
PACKAGE = Path(isle_nb.__file__).parent
DRAWING = ("isle_nb.draw", "isle_nb.view", "isle_nb.widgets")
"""What the model must not load: the drawing kit, the pictures and the widgets."""


def module_name(path: Path) -> str:
    """``isle_nb/model/parts/boat.py`` -> ``isle_nb.model.parts.boat``; a package's ``__init__.py`` -> the package."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def load_time_imports(path: Path, name: str | None = None) -> Iterator[tuple[str, int]]:
    """Modules a file imports when it loads, with line numbers: top-level imports only, not those inside
    functions (lazy hooks) or ``if TYPE_CHECKING:`` blocks. ``from package import name`` yields
    ``package.name`` when that is a module, else ``package``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = module_name(path) if name is None else name
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def walk(nodes: list[ast.stmt]) -> Iterator[tuple[str, int]]:
        for node in nodes:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield alias.name, node.lineno
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join([*parts[: len(parts) - node.level + 1], base]).strip(".")
                for alias in node.names:
                    candidate = f"{base}.{alias.name}"
                    is_module = any(
                        (PACKAGE.parent / Path(*candidate.split("."))).with_suffix(suffix).exists()
                        for suffix in (".py", "")
                    )
                    yield (candidate if is_module else base), node.lineno
            elif isinstance(node, ast.If):
                test = node.test
                if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING":
                    continue
                yield from walk(node.body)
                yield from walk(node.orelse)
            elif isinstance(node, ast.Try):
                yield from walk(node.body)

    yield from walk(tree.body)


def package_files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_importing_the_model_loads_no_drawing_or_widget_code() -> None:
    """Every model module imports without ipywidgets, ipycanvas, anywidget, the drawing kit or the view layer (in a
    fresh interpreter)."""
    modules = [m.name for m in pkgutil.walk_packages(isle_nb.model.__path__, "isle_nb.model.")]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r} + ['isle_nb', 'isle_nb.bots']:\n"
        "    importlib.import_module(name)\n"
        f"loaded = sorted(m for m in sys.modules if m.split('.')[0] in {WIDGET_LIBRARIES!r}"
        f" or m.startswith({DRAWING!r}))\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert len(modules) > 20
    assert result.stdout.strip() == ""


def test_a_kernel_that_plays_never_imports_pandas() -> None:
    """pandas takes a third of a second to import: a kernel that imports the package and plays a game of every app
    (a lesson page, a class's seat) never imports it; the first table made does."""
    code = (
        "import sys\n"
        "from isle_nb import play_app\n"
        "import isle_nb.widgets, isle_nb.remote, isle_nb.simulation\n"
        "for mode in ('standard', 'explore_draw', 'pocket'):\n"
        "    app = play_app(['Ann', 'bot:greedy'], seed=1, mode=mode, autosave=False, bot_delay=0)\n"
        "print('pandas' in sys.modules)\n"
        "from isle_nb.model.core.lazy import pandas as pd\n"
        "print(type(pd.DataFrame({'a': [1]})).__name__, 'pandas' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split("\n")[:2] == ["False", "DataFrame True"]


def test_the_view_layer_loads_no_widget_library() -> None:
    """Pictures (the drawing kit and isle_nb.view) render without ipywidgets, ipycanvas or anywidget."""
    code = (
        "import importlib, sys\n"
        "for name in ['isle_nb.draw', 'isle_nb.view']:\n"
        "    importlib.import_module(name)\n"
        f"loaded = sorted(m for m in sys.modules if m.split('.')[0] in {WIDGET_LIBRARIES!r})\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_model_source_never_imports_drawing_or_widget_code_at_load_time() -> None:
    """No load-time import under isle_nb/model names a widget library, the drawing kit or the view layer."""
    offenders = []
    for path in (PACKAGE / "model").rglob("*.py"):
        for name, line in load_time_imports(path):
            if name.split(".")[0] in WIDGET_LIBRARIES or name.startswith(DRAWING):
                offenders.append(f"{path.relative_to(PACKAGE)}:{line}: {name}")
    assert offenders == []


def test_the_drawing_kit_knows_nothing_of_the_game() -> None:
    """isle_nb/draw imports nothing else of isle_nb: it draws items, whatever they picture."""
    offenders = [
        f"{path.relative_to(PACKAGE)}:{line}: {name}"
        for path in (PACKAGE / "draw").rglob("*.py")
        for name, line in load_time_imports(path)
        if name.startswith("isle_nb") and not name.startswith("isle_nb.draw")
    ]
    assert offenders == []


def test_the_view_layer_never_imports_widgets() -> None:
    """Pictures sit below the widgets: isle_nb/view imports no widget module."""
    offenders = [
        f"{path.relative_to(PACKAGE)}:{line}: {name}"
        for path in (PACKAGE / "view").rglob("*.py")
        for name, line in load_time_imports(path)
        if name.startswith("isle_nb.widgets") or name.split(".")[0] in WIDGET_LIBRARIES
    ]
    assert offenders == []


def test_widgets_only_use_the_public_rules_api() -> None:
    """Widgets import rules only from the model's public modules (game, actions, ...), never phase internals."""
    private = tuple(
        f"isle_nb.model.isle.{name}" for name in ("phases", "gained_tiles", "anytime", "turns")
    )
    offenders = []
    for path in (PACKAGE / "widgets").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(private):
                offenders.append(f"{path.name}: {node.module}")
    assert offenders == []


def import_graph() -> dict[str, set[str]]:
    """Load-time imports between isle_nb modules (a package's ``__init__`` is the package)."""
    graph: dict[str, set[str]] = {}
    for path in package_files():
        graph[module_name(path)] = {
            name for name, _ in load_time_imports(path) if name.startswith("isle_nb") and name != module_name(path)
        }
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` as a list of modules (first == last), or ``None``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return [*path[path.index(target):], target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_package_has_no_import_cycle() -> None:
    """No chain of load-time imports between isle_nb modules leads back to where it started."""
    graph = import_graph()
    assert len(graph) > 60
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


# -- the rooms of the model (issue #29) -------------------------------------------------------------------------
GAMES = ("isle_nb.model.isle", "isle_nb.model.pocket", "isle_nb.model.explore_draw")
"""Each game's own package."""
REGISTRY = "isle_nb.model.modes"
"""The registry of games, on top of them all."""


def any_time_imports(path: Path, name: str | None = None) -> set[str]:
    """Every isle_nb module a file imports, at load time or inside a function (a lazy import is still an arrow);
    ``name``: the module the file stands for (by default, found from its place in the package)."""
    name = module_name(path) if name is None else name
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[: len(parts) - node.level + 1], base]).strip(".")
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {n for n in found if n.startswith("isle_nb")}


def room_offences(path: Path, name: str | None = None) -> list[str]:
    """The imports of a model file that run against the rooms: ``core`` reaches the parts, a game or the registry;
    ``parts`` reaches a game or the registry; a game reaches another game or the registry; anything in the model
    reaches out of it to the bots' public module, the hub, the client, the simulations or the widgets."""
    name = module_name(path) if name is None else name
    if name.startswith("isle_nb.model.core"):
        banned: tuple[str, ...] = ("isle_nb.model.parts", *GAMES, REGISTRY)
    elif name.startswith("isle_nb.model.parts"):
        banned = (*GAMES, REGISTRY)
    elif name in (REGISTRY, "isle_nb.model"):
        banned = ()
    else:
        own = next(game for game in GAMES if name == game or name.startswith(game + "."))
        banned = (*(game for game in GAMES if game != own), REGISTRY)
    outside = ("isle_nb.bots", "isle_nb.hub", "isle_nb.remote", "isle_nb.simulation", "isle_nb.widgets")
    return [f"{name} -> {target}" for target in sorted(any_time_imports(path, name))
            if target.startswith(banned + outside)]


def test_the_rooms_of_the_model_import_only_downward() -> None:
    """core <- parts <- each game <- the registry: the core imports nothing of the parts or the games, the parts
    nothing of the games, no game another game, and nothing in the model reaches the bots' public module, the hub,
    the client or the widgets, not even lazily (issue #29)."""
    files = sorted((PACKAGE / "model").rglob("*.py"))
    assert {module_name(f).split(".")[2] for f in files if f.parent != PACKAGE / "model"} == {
        "core", "parts", "isle", "pocket", "explore_draw"}
    assert [f.name for f in sorted((PACKAGE / "model").glob("*.py"))] == ["__init__.py", "modes.py"]
    assert [offence for path in files for offence in room_offences(path)] == []


def test_the_room_check_finds_an_arrow_that_runs_back(tmp_path: Path) -> None:
    """The rooms check can fail: a lazy import from the core into a game, or from one game into another, is
    reported (the files are written elsewhere and read as if they stood in the model)."""
    core, game = tmp_path / "core_sample.py", tmp_path / "pocket_sample.py"
    core.write_text("def hook():\n    from isle_nb.model.isle.state import GameState\n", encoding="utf-8")
    game.write_text("from isle_nb.model.explore_draw import data\nfrom isle_nb.model.parts import boat\n",
                    encoding="utf-8")
    assert room_offences(core, "isle_nb.model.core.sample") == [
        "isle_nb.model.core.sample -> isle_nb.model.isle.state.GameState"]
    assert room_offences(game, "isle_nb.model.pocket.sample") == [
        "isle_nb.model.pocket.sample -> isle_nb.model.explore_draw.data"]


PICTURES = ("isle_nb.view", "isle_nb.draw")
"""What a ``_repr_*_`` hook asks for: a loop through these is a picture of a model object, and fine."""


def find_cycle_through(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """A chain of imports from ``start`` back to ``start`` (first == last), or ``None``."""
    parents: dict[str, str] = {}
    frontier = [start]
    while frontier:
        node = frontier.pop()
        for target in sorted(graph.get(node, ())):
            if target == start:
                chain = [node]
                while chain[-1] != start:
                    chain.append(parents[chain[-1]])
                return [start, *reversed(chain[:-1]), start]
            if target not in parents and target != start:
                parents[target] = node
                frontier.append(target)
    return None


def test_the_loop_finder_finds_a_lazy_loop() -> None:
    """The loop check can fail: a loop from a module back to itself is found, and none where there is none."""
    assert find_cycle_through({"a": {"b"}, "b": {"c"}, "c": {"a"}}, "a") == ["a", "b", "c", "a"]
    assert find_cycle_through({"a": {"b"}, "b": {"c"}, "c": {"b"}}, "a") is None


def test_lazy_import_loops_of_the_model_are_only_the_picture_hooks() -> None:
    """Counting imports inside functions too, every loop that passes through the model passes through the view
    layer: it is a ``_repr_*_`` hook asking for a picture of itself, and nothing else (issue #29)."""
    graph: dict[str, set[str]] = {}
    modules = {module_name(path): path for path in package_files()}
    for name, path in modules.items():
        targets = set()
        for target in any_time_imports(path):
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.add(target)
        graph[name] = targets
    without_pictures = {name: {t for t in targets if not t.startswith(PICTURES)}
                        for name, targets in graph.items() if not name.startswith(PICTURES)}
    loops = [" -> ".join(cycle) for start in sorted(m for m in without_pictures if m.startswith("isle_nb.model"))
             if (cycle := find_cycle_through(without_pictures, start))]
    assert loops == []


@pytest.mark.parametrize(
    ("graph", "cycle"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": set()}, None),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c", "a"]),
        ({"a": {"a"}}, ["a", "a"]),
    ],
)
def test_the_cycle_finder_finds_cycles(graph: dict[str, set[str]], cycle: list[str] | None) -> None:
    """The cycle check can fail: it reports a cycle that is there, and none when there is none."""
    assert find_cycle(graph) == cycle


def test_load_time_imports_skip_lazy_hooks_and_type_checking(tmp_path: Path) -> None:
    """A hook's import inside a function and a TYPE_CHECKING import are not load-time imports; the rest are."""
    source = tmp_path / "sample.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "import isle_nb.model.parts.tiles\n"
        "if TYPE_CHECKING:\n"
        "    from isle_nb.view import boat_svg\n"
        "def hook():\n"
        "    from isle_nb.view.boat import boat_svg\n",
        encoding="utf-8",
    )
    names = [name for name, _ in load_time_imports(source, "isle_nb.model.sample")]
    assert names == ["typing", "isle_nb.model.parts.tiles"]


def test_every_package_folder_says_what_lives_there() -> None:
    """Each package folder starts with a module docstring of more than a title: what lives there."""
    missing = []
    for init in sorted(PACKAGE.rglob("__init__.py")):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        if not doc or len(doc.split()) < 8:
            missing.append(str(init.relative_to(PACKAGE.parent)))
    assert missing == []


# -- widgets draw from a seat (issue #19) ------------------------------------------------------------------------
SHELLS = frozenset({"Game", "GameShell", "PocketGame", "ExploreDrawGame", "StateTable"})
"""The game shells: a widget holds a seat (or a local table), never one of these."""
SHELL_MODULES = ("isle_nb.model.isle.game", "isle_nb.model.core.shell", "isle_nb.model.pocket.game",
                 "isle_nb.model.explore_draw.game")
MODE_NAMES = frozenset({"standard", "solo", "family", "explore_draw", "pocket", "freedom", "experts"})


def seat_offences(path: Path) -> list[str]:
    """Where a widget module reads a game's state or imports a game's state module (constants and the records a view
    holds come from ``model.constants`` and ``model.player_view``), holds or imports a game shell, reads something
    off a shell, or branches on a mode's name, as ``"line: what"``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []

    def mode_name(node: ast.AST) -> bool:
        return isinstance(node, ast.Constant) and node.value in MODE_NAMES

    def named_mode(node: ast.AST) -> bool:
        return (isinstance(node, ast.Name) and node.id == "mode") or (
            isinstance(node, ast.Attribute) and node.attr == "mode")

    def looks_up_by_mode(node: ast.AST) -> bool:  # TABLE[mode], TABLE.get(mode)
        if isinstance(node, ast.Subscript):
            return named_mode(node.slice)
        return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
                and bool(node.args) and named_mode(node.args[0]))

    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Attribute) and node.attr == "state":
            found.append(f"{line}: reads .state")
        elif isinstance(node, ast.Attribute) and node.attr == "game" and isinstance(node.value, ast.Name) \
                and node.value.id == "ctx":
            found.append(f"{line}: reads ctx.game")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) \
                and node.value.attr == "game":
            found.append(f"{line}: reads .game.{node.attr} off a shell")
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = {alias.name for alias in node.names}
            if node.module == "state" or node.module.endswith(".state"):
                found.append(f"{line}: imports a game's state module {node.module}")
            elif node.module.startswith(SHELL_MODULES) and not names <= {"bot_by_name"}:
                found.append(f"{line}: imports {node.module}")
            elif names & SHELLS:
                found.append(f"{line}: imports the shell {sorted(names & SHELLS)}")
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(mode_name(s) for s in sides) and not any(
                    isinstance(s, ast.Attribute) and s.attr in ("phase", "step") for s in sides):
                found.append(f"{line}: compares with a mode's name")
            elif any(named_mode(s) for s in sides):
                found.append(f"{line}: branches on the mode")
        elif isinstance(node, ast.Dict) and any(k is not None and mode_name(k) for k in node.keys):
            found.append(f"{line}: a table keyed by mode names")
        elif looks_up_by_mode(node):
            found.append(f"{line}: looks up by the mode")
    return sorted(set(found), key=lambda text: int(text.split(":")[0]))


def test_widgets_draw_from_a_seat_and_never_from_the_state_or_a_mode_name() -> None:
    """No widget module reads a game's ``.state``, ``ctx.game`` or anything off a game shell, imports a game's state
    module or a shell, or branches on a mode's name: screens draw a seat's view (the view says what the mode has:
    ``has_fish``, ``has_cards``, ``has_oshax``, ``has_fields``), so the same screen serves a local or a remote
    seat."""
    offenders = [
        f"{path.relative_to(PACKAGE)}:{offence}"
        for path in sorted((PACKAGE / "widgets").rglob("*.py"))
        for offence in seat_offences(path)
    ]
    assert offenders == []


def test_the_seat_check_finds_state_reads_shells_and_mode_branches(tmp_path: Path) -> None:
    """The check above can fail: it reports each kind of offence, and leaves phases and plain code alone."""
    source = tmp_path / "sample.py"
    source.write_text(
        "from isle_nb.model.isle.game import Game\n"
        "from isle_nb.model.explore_draw import ExploreDrawGame\n"
        "x = app.game.state.names\n"
        "y = ctx.game.day\n"
        "z = self.game.sister\n"
        "if view.mode == 'family': pass\n"
        "if mode == 'explore_draw': pass\n"
        "TABS = {'solo': 1}\n"
        "t = TABS.get(self.mode)\n"
        "if view.phase == 'family': pass\n"
        "if view.has_fish: pass\n"
        "from isle_nb.model.isle.state import SISTER\n"
        "from isle_nb.model.pocket.state import TURNS_PER_GAME\n"
        "from isle_nb.model.isle.constants import DAYS\n",
        encoding="utf-8",
    )
    found = seat_offences(source)
    assert [int(f.split(":")[0]) for f in found] == [1, 2, 3, 4, 4, 5, 6, 7, 8, 9, 12, 13], found


# -- apps as compositions (issue #29 §3) -----------------------------------------------------------------------
def widget_import_graph(
    root: Path = PACKAGE / "widgets", planted: dict[str, Path] | None = None
) -> dict[str, set[str]]:
    """Imports between the widget modules under ``root``, at load time or inside a function, ``if TYPE_CHECKING:``
    included (a lazy import is still an arrow); ``planted`` adds files read as if they were those modules."""
    modules = {module_name(path): path for path in sorted(root.rglob("*.py"))} | (planted or {})

    def owner(target: str) -> str | None:  # the module an imported name lives in
        parts = target.split(".")
        return next((".".join(parts[:n]) for n in range(len(parts), 0, -1) if ".".join(parts[:n]) in modules), None)

    return {name: {found for target in any_time_imports(path, name) if (found := owner(target)) not in (None, name)}
            for name, path in modules.items()}


def test_no_widget_is_the_front_door_to_another_not_even_lazily() -> None:
    """No chain of imports among the widget modules, lazy ones included, leads back to where it started: the apps
    reach each other only through the launcher and the registry of apps (issue #29 §3). Before, ``widgets.app``,
    ``widgets.apps``, ``widgets.explore_draw`` and ``widgets.hint`` imported each other."""
    graph = widget_import_graph()
    assert {"isle_nb.widgets.launcher", "isle_nb.widgets.app", "isle_nb.widgets.apps"} <= set(graph)
    cycle = find_cycle(graph)
    assert cycle is None, " -> ".join(cycle or [])


def test_the_widget_loop_check_finds_a_lazy_loop(tmp_path: Path) -> None:
    """The check above can fail: a widget module that imports another inside a function, which imports it back,
    is a loop (the two files are written elsewhere and read as if they stood among the widgets)."""
    first, second = tmp_path / "a.py", tmp_path / "b.py"
    first.write_text("def hook():\n    from isle_nb.widgets.sample_b_for_test import hook\n", encoding="utf-8")
    second.write_text("from isle_nb.widgets import sample_a_for_test\n", encoding="utf-8")
    planted = {"isle_nb.widgets.sample_a_for_test": first, "isle_nb.widgets.sample_b_for_test": second}
    cycle = find_cycle(widget_import_graph(planted=planted))
    assert cycle is not None and "isle_nb.widgets.sample_a_for_test" in cycle


MAX_CLASS_LINES = 300
SPLIT_CLASSES = {
    "app.py": ("GameApp",),
    "launcher.py": ("Launcher",),
    "boat.py": ("BoatWidget",),
    "boat_placing.py": ("BoatPlacing",),
    "isle_app/header.py": ("Header",),
    "isle_app/decision.py": ("DecisionArea",),
    "isle_app/island_area.py": ("IslandArea",),
    "isle_app/boat_side.py": ("BoatSide",),
    "isle_app/side_tabs.py": ("SideTabs",),
    "isle_app/offer.py": ("OfferSlot",),
    "explore_draw.py": ("ExploreDrawApp",),
    "explore_draw_app/header.py": ("Header",),
    "explore_draw_app/island.py": ("IslandPanel",),
    "explore_draw_app/specials.py": ("SpecialsPanel",),
    "explore_draw_app/tray.py": ("TrayPanel",),
    "explore_draw_app/drawing.py": ("DrawingPanel", "SheetWidget"),
    "explore_draw_app/printing.py": ("PrintPanel",),
    "pocket.py": ("PocketBoardWidget",),
    "pocket_app/board.py": ("BoardCanvas",),
    "pocket_app/moves.py": ("MoveButtons",),
    "pocket_app/end_steps.py": ("EndSteps",),
}
"""The classes under isle_nb/widgets/ that issue #29 §3 split or made, by file: the Isle of Cats app and its parts,
the launcher, the boat, the Explore & Draw app (488 lines before) and its panels, and the Pocket Cats app (411
lines before) and its parts."""


def class_lengths(path: Path) -> dict[str, int]:
    """The classes of a file with their lengths in lines (decorators and docstrings included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name: node.end_lineno - min([node.lineno, *(d.lineno for d in node.decorator_list)]) + 1
            for node in ast.walk(tree) if isinstance(node, ast.ClassDef) and node.end_lineno is not None}


def test_the_app_its_parts_the_launcher_and_the_boat_are_classes_of_at_most_300_lines() -> None:
    """GameApp (667 lines before), the launcher, BoatWidget (459), ExploreDrawApp (488) and PocketBoardWidget (411)
    are small classes, each part in its own module (issue #29 §3)."""
    lengths = {f"{file}:{name}": class_lengths(PACKAGE / "widgets" / file)[name]
               for file, names in SPLIT_CLASSES.items() for name in names}
    assert {where: lines for where, lines in lengths.items() if lines > MAX_CLASS_LINES} == {}, lengths


CLIENT_CLASSES = {"remote.py": ("RemoteSeat", "JoinedTable"), "connection.py": ("HubConnection",)}
"""The hub's client, split by issue #30 (RemoteSeat had 384 lines): what a seat shows and does, and its connection."""


def test_the_hubs_client_is_classes_of_at_most_300_lines() -> None:
    lengths = {f"{file}:{name}": class_lengths(PACKAGE / file)[name]
               for file, names in CLIENT_CLASSES.items() for name in names}
    assert {where: lines for where, lines in lengths.items() if lines > MAX_CLASS_LINES} == {}, lengths


def test_the_class_length_check_counts_every_line_of_a_class(tmp_path: Path) -> None:
    """The check above can fail: a class's length runs from its decorator to its last line."""
    source = tmp_path / "sample.py"
    body = "".join(f"    x{i} = {i}\n" for i in range(MAX_CLASS_LINES))
    source.write_text(f"import dataclasses\n@dataclasses.dataclass\nclass Big:\n{body}\nclass Small:\n    pass\n",
                      encoding="utf-8")
    assert class_lengths(source) == {"Big": MAX_CLASS_LINES + 2, "Small": 2}
