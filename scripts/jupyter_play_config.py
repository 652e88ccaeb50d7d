"""Jupyter server settings for ``make play`` (and ``make voila``).

* Playing or running a lesson never dirties the committed notebooks: JupyterLab autosaves an open notebook every two
  minutes, so every notebook under ``notebooks/`` is saved as it is committed: without outputs, execution counts or
  widget state (what ``nbstripout`` would leave), with the notebook metadata it has on disk (autosave would write the
  running kernel's name and the Python version into it), and without empty code cells (Shift+Enter on the last cell
  adds one). The game itself is not lost: the app saves every game in its own folder (see the README).
* Voila (also at ``/voila/render/...`` inside JupyterLab) uses the ``isle`` template from ``share/jupyter``: Voila's
  lab template without the stylesheets it loads from a CDN, so nothing at runtime comes from the internet.
* JupyterLab opens on the game without its news pop-up and checks for no updates.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager

CELL_KEYS_DROPPED = ("execution", "collapsed", "scrolled", "ExecuteTime", "trusted")


def _metadata_on_disk(contents_manager: Any, path: str) -> dict[str, Any] | None:
    """The notebook-level metadata of the file as it is now, or None for a new or unreadable file."""
    root = getattr(contents_manager, "root_dir", None)
    if root is None:
        return None
    try:
        on_disk = json.loads((Path(root) / path.lstrip("/")).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    metadata = on_disk.get("metadata") if isinstance(on_disk, dict) else None
    return metadata if isinstance(metadata, dict) else None


def strip_play_outputs(model: dict[str, Any], path: str, contents_manager: Any, **kwargs: Any) -> None:
    """Pre-save hook: a notebook under ``notebooks/`` is written as committed, without outputs and run state."""
    if model.get("type") != "notebook" or not path.lstrip("/").startswith("notebooks/"):
        return
    notebook = model.get("content") or {}
    cells = []
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            if not "".join(cell.get("source", "")).strip():
                continue  # the empty cell Shift+Enter adds below the last one
            cell["outputs"] = []
            cell["execution_count"] = None
        metadata = cell.get("metadata", {})
        for key in CELL_KEYS_DROPPED:
            metadata.pop(key, None)
        cells.append(cell)
    notebook["cells"] = cells
    kept = _metadata_on_disk(contents_manager, path)
    if kept is not None:
        notebook["metadata"] = kept
    notebook.get("metadata", {}).pop("widgets", None)


class PlayContentsManager(AsyncLargeFileManager):
    """Jupyter's default contents manager with :func:`strip_play_outputs` as a pre-save hook, registered when the
    manager is made: JupyterLab applies a ``--config`` file twice (as the lab application and as its server), and
    setting the ``pre_save_hook`` option twice logs "Overriding existing pre_save_hook"."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.register_pre_save_hook(strip_play_outputs)


c = get_config()  # type: ignore[name-defined]  # noqa: F821  (provided by Jupyter when it loads this file)
c.ServerApp.contents_manager_class = PlayContentsManager
c.VoilaConfiguration.template = "isle"
# No pop-up asking to fetch Jupyter's news over the game, and no update check: nothing at runtime from the internet.
c.LabApp.news_url = None
c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"
