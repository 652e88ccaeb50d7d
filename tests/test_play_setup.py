"""How the game is started and served: the play server's save hook keeps committed notebooks clean, the Voila
template loads nothing from a CDN, and the rule summaries shipped in the package cover every rule the model cites."""

from __future__ import annotations

import copy
import json
import re
import runpy
from pathlib import Path
from typing import Any

import nbformat
import pytest

from isle_nb.data import load

REPO = Path(__file__).resolve().parents[1]


class _Config:
    """Stands in for Jupyter's config object: ``c.Section.option = value``."""

    def __init__(self) -> None:
        self.sections: dict[str, Any] = {}

    def __getattr__(self, name: str) -> Any:
        return self.sections.setdefault(name, type("Section", (), {})())


def play_config() -> _Config:
    config = _Config()
    runpy.run_path(str(REPO / "scripts" / "jupyter_play_config.py"), init_globals={"get_config": lambda: config})
    return config


class _ContentsManager:
    """Stands in for Jupyter's contents manager: the hook reads the notebook on disk under ``root_dir``."""

    root_dir = str(REPO)


def executed_notebook(name: str = "00_play.ipynb") -> dict[str, Any]:
    """A notebook as JupyterLab autosaves it after a game or a run: outputs, counts, widget state, the running
    kernel's name and Python version, and the empty cell that Shift+Enter on the last cell adds."""
    notebook = json.loads((REPO / "notebooks" / name).read_text())
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["execution_count"] = 3
            cell["outputs"] = [{"output_type": "display_data", "metadata": {},
                                "data": {"text/plain": ["GameApp(...)"]}}]
            cell["metadata"]["execution"] = {"iopub.status.busy": "2026-01-01"}
            cell["metadata"]["trusted"] = True
    notebook["cells"].append({"cell_type": "code", "execution_count": None, "id": "4f1c2e", "metadata": {},
                              "outputs": [], "source": ""})
    notebook["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    notebook["metadata"]["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python",
                                          "name": "python3"}
    notebook["metadata"]["language_info"] = {"codemirror_mode": {"name": "ipython", "version": 3},
                                             "file_extension": ".py", "name": "python", "version": "3.11.7"}
    return notebook


@pytest.mark.parametrize("name", ["00_play.ipynb", "12_explore_and_draw.ipynb"])
def test_playing_or_running_a_lesson_saves_the_notebook_exactly_as_committed(name: str) -> None:
    config = play_config()
    hook = config.FileContentsManager.pre_save_hook
    model = {"type": "notebook", "content": executed_notebook(name)}
    hook(model=model, path=f"notebooks/{name}", contents_manager=_ContentsManager())
    committed = json.loads((REPO / "notebooks" / name).read_text())
    assert model["content"] == committed
    elsewhere = {"type": "notebook", "content": executed_notebook(name)}
    before = copy.deepcopy(elsewhere)
    hook(model=elsewhere, path="my_analysis.ipynb", contents_manager=_ContentsManager())
    assert elsewhere == before  # only the repository's notebooks are stripped
    assert config.VoilaConfiguration.template == "isle"


def test_a_new_notebook_keeps_its_own_metadata() -> None:
    hook = play_config().FileContentsManager.pre_save_hook
    notebook = executed_notebook()
    model = {"type": "notebook", "content": notebook}
    hook(model=model, path="notebooks/99_new.ipynb", contents_manager=_ContentsManager())
    assert model["content"]["metadata"]["language_info"]["version"] == "3.11.7"  # nothing on disk to keep
    assert "widgets" not in model["content"]["metadata"]


def test_the_voila_template_loads_nothing_from_a_cdn():
    template = REPO / "share" / "jupyter" / "voila" / "templates" / "isle"
    text = (template / "index.html.j2").read_text()
    assert "super.super()" in text  # nbconvert's css without Voila's CDN links
    assert not re.search(r"https?://", text.replace("{#", "").split("#}")[-1])
    assert json.loads((template / "conf.json").read_text())["base_template"] == "lab"


def test_the_play_notebook_reads_right_in_voila():
    notebook = nbformat.read(REPO / "notebooks" / "00_play.ipynb", as_version=4)
    markdown = "".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    assert "Run All" not in markdown and "play_app(" not in markdown and "`" not in markdown  # no code in view
    assert "solo" in markdown and "family" in markdown and "Explore & Draw" in markdown and "seed" in markdown
    (code,) = [c.source for c in notebook.cells if c.cell_type == "code"]
    assert code.strip().endswith("play_app()")  # a fresh seed each game


def test_every_rule_the_model_cites_has_a_summary():
    rules = load("rules")
    cited = set()
    for path in (REPO / "isle_nb" / "model").rglob("*.py"):
        cited |= set(re.findall(r"\b((?:SETUP|DAY|FISH|EXPLORE|LESSON|RESCUE|RARE|PLACE|MAP|OSHAX|ANY|SCORE|END|SOLO|"
                                r"FAMILY|POCKET)-\d+)\b", path.read_text()))
    assert cited and cited <= set(rules), sorted(cited - set(rules))
    assert all(len(text) > 20 for text in rules.values())
