"""The layers of design.md §1: data -> model -> widgets. The model never imports a widget library, and widgets
never decide a rule (they reach the rules only through the model's public API)."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import isle_nb
import isle_nb.model

WIDGET_LIBRARIES = ("ipywidgets", "ipycanvas", "anywidget", "IPython")
PACKAGE = Path(isle_nb.__file__).parent


def test_importing_the_model_loads_no_widget_library() -> None:
    """Every model module imports without ipywidgets, ipycanvas or anywidget (in a fresh interpreter)."""
    modules = [m.name for m in pkgutil.walk_packages(isle_nb.model.__path__, "isle_nb.model.")]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r} + ['isle_nb', 'isle_nb.bots', 'isle_nb.scene']:\n"
        "    importlib.import_module(name)\n"
        f"loaded = sorted(m for m in sys.modules if m.split('.')[0] in {WIDGET_LIBRARIES!r})\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert len(modules) > 20
    assert result.stdout.strip() == ""


def test_model_source_never_imports_widget_libraries() -> None:
    """No import statement under isle_nb/model names a widget library."""
    offenders = []
    for path in (PACKAGE / "model").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in WIDGET_LIBRARIES]
    assert offenders == []


def test_widgets_only_use_the_public_rules_api() -> None:
    """Widgets import rules only from the model's public modules (game, actions, ...), never phase internals."""
    private = ("isle_nb.model.phases", "isle_nb.model.gained_tiles", "isle_nb.model.anytime", "isle_nb.model.turns")
    offenders = []
    for path in (PACKAGE / "widgets").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(private):
                offenders.append(f"{path.name}: {node.module}")
    assert offenders == []
