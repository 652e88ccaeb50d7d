"""The package as a user meets it (issue #33): tab completion offers the widgets served on first use, without
importing them."""

from __future__ import annotations

import subprocess
import sys

import isle_nb


def test_dir_offers_the_lazy_widget_exports_as_tab_completion_does() -> None:
    names = dir(isle_nb)
    assert {"play_app", "GameApp", "BoatWidget", "Game", "simulate", "__version__"} <= set(names)
    assert names == sorted(names) and set(isle_nb.__all__) <= set(names)
    code = ("import sys, isle_nb; names = [n for n in dir(isle_nb) if n.startswith('play_')]; "
            "print('play_app' in names, 'ipywidgets' in sys.modules)")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert shown.stdout.split() == ["True", "False"]  # offered, and nothing imported to offer it
