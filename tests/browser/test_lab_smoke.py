"""Smoke test: the package imports in a real JupyterLab kernel and an ipywidget renders and round-trips."""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
from helpers import run_all_cells

SMOKE_CELL = """\
import isle_nb
import ipywidgets as widgets

print("isle_nb ok")
button = widgets.Button(description="isle smoke button")
button.on_click(lambda b: setattr(b, "description", "isle smoke clicked"))
display(button)
"""


def _write_smoke_notebook(path: Path) -> None:
    nb = nbformat.v4.new_notebook(
        metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
    )
    nb.cells = [nbformat.v4.new_markdown_cell("# isle_nb smoke"), nbformat.v4.new_code_cell(SMOKE_CELL)]
    nbformat.write(nb, path)


def test_lab_runs_notebook_and_renders_widget(tmp_path, nb_root, lab_url, page, page_errors):
    from playwright.sync_api import expect

    src = tmp_path / "_smoke_isle_nb.ipynb"
    _write_smoke_notebook(src)
    shutil.copy(src, nb_root / src.name)

    nb = run_all_cells(page, lab_url, src.name)

    errors = nb.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, f"cell produced an error:\n{errors.first.inner_text()}"
    stdout = nb.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stdout']")
    expect(stdout).to_have_text("isle_nb ok")
    button = nb.get_by_role("button", name="isle smoke button")
    expect(button).to_be_visible(timeout=30_000)
    button.click()  # Python callback changes the description: proves the widget comm works both ways
    expect(nb.get_by_role("button", name="isle smoke clicked")).to_be_visible(timeout=30_000)
    assert page_errors == []
