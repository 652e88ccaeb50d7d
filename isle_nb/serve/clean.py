"""The play server's save hook: the game's notebooks are saved as shipped, without outputs or run state.

JupyterLab autosaves an open notebook every two minutes, so every notebook in the served notebook folder
(:attr:`PlayContentsManager.clean_dir`, relative to the server's root) is saved without outputs, execution counts or
widget state (what ``nbstripout`` would leave), with the notebook metadata it has on disk (autosave would write the
running kernel's name and the Python version into it), and without empty code cells (Shift+Enter on the last cell
adds one). The player's own edits to cells are kept. The game itself is not lost: the app saves every game in its
own folder. Needs ``jupyter_server`` (the ``lab`` extra).
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath
from typing import Any

from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager
from traitlets import Unicode

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


def _in_clean_dir(path: str, contents_manager: Any) -> bool:
    """Whether ``path`` (relative to the server's root) lies in the manager's clean folder (``""``: anywhere)."""
    clean = PurePosixPath(str(getattr(contents_manager, "clean_dir", "notebooks")).strip("/"))
    parts = PurePosixPath(path.lstrip("/")).parts
    return clean == PurePosixPath(".") or parts[: len(clean.parts)] == clean.parts


def strip_play_outputs(model: dict[str, Any], path: str, contents_manager: Any, **kwargs: Any) -> None:
    """Pre-save hook: a notebook in the clean folder is written as shipped, without outputs and run state."""
    if model.get("type") != "notebook" or not _in_clean_dir(path, contents_manager):
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

    clean_dir = Unicode("notebooks", config=True,
                        help="The folder (relative to the root, '/' separated; '' for all of it) whose notebooks "
                             "are saved without outputs.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.register_pre_save_hook(strip_play_outputs)


__all__ = ["PlayContentsManager", "strip_play_outputs"]
