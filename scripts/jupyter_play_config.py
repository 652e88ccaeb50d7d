"""Jupyter server settings for ``make play`` (and ``make voila``).

* Playing never dirties the committed notebooks: JupyterLab autosaves the play notebook while you play, so every
  notebook under ``notebooks/`` is saved without outputs, execution counts or widget state (what ``nbstripout``
  would leave). The game itself is not lost: the app saves every game in its own folder (see the README).
* Voila (also at ``/voila/render/...`` inside JupyterLab) uses the ``isle`` template from ``share/jupyter``: Voila's
  lab template without the stylesheets it loads from a CDN, so nothing at runtime comes from the internet.
"""

from __future__ import annotations

from typing import Any

CELL_KEYS_DROPPED = ("execution", "collapsed", "scrolled", "ExecuteTime")


def strip_play_outputs(model: dict[str, Any], path: str, contents_manager: Any, **kwargs: Any) -> None:
    """Pre-save hook: a notebook under ``notebooks/`` is written without outputs and run state."""
    if model.get("type") != "notebook" or not path.lstrip("/").startswith("notebooks/"):
        return
    notebook = model.get("content") or {}
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        metadata = cell.get("metadata", {})
        for key in CELL_KEYS_DROPPED:
            metadata.pop(key, None)
    notebook.get("metadata", {}).pop("widgets", None)


c = get_config()  # type: ignore[name-defined]  # noqa: F821  (provided by Jupyter when it loads this file)
c.FileContentsManager.pre_save_hook = strip_play_outputs
c.VoilaConfiguration.template = "isle"
