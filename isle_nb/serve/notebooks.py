"""The notebooks shipped in the package, and the player's copies of them in a folder of their own.

A wheel carries the numbered notebooks as package data (``isle_nb/notebooks``); in a checkout they are the
repository's ``notebooks/``. ``isle-nb play`` and ``isle-nb lessons`` serve a copy of them in the player's folder
(:func:`notebook_folder`: ``~/isle_nb/notebooks`` unless ``--notebooks`` or ``ISLE_NB_NOTEBOOKS`` says otherwise),
made by :func:`install_notebooks` on first use. A record in that folder (:data:`RECORD`) keeps, for each notebook, a
fingerprint of the cells it was shipped with (their kinds and sources: outputs do not count), so that a later
version of the package can tell the player's edits from its own: a notebook whose cells are as shipped is replaced
by the new one, and one the player changed is kept, the new one written beside it (``04_lessons (0.2.0).ipynb``).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from isle_nb import __version__

ENVIRONMENT = "ISLE_NB_NOTEBOOKS"
"""The environment variable naming the player's notebook folder (the ``--notebooks`` option wins over it)."""

DEFAULT_FOLDER = Path("~") / "isle_nb" / "notebooks"
"""The player's notebook folder when nothing else is asked for (``~`` is the home folder)."""

RECORD = ".isle_nb-shipped.json"
"""The file in the player's folder that records the version and the cells each notebook was last shipped with."""

PLAY_NOTEBOOK = "00_play.ipynb"
"""The notebook ``isle-nb play`` opens and ``isle-nb class`` hands out."""


def shipped_folder() -> Path:
    """The folder of the notebooks this version ships: the package data of a wheel, or a checkout's ``notebooks/``."""
    package = Path(__file__).resolve().parents[1]
    inside = package / "notebooks"
    if inside.is_dir():
        return inside
    checkout = package.parent / "notebooks"
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"no notebooks found beside the isle_nb package ({inside} or {checkout}): reinstall it")


def notebook_folder(option: str | os.PathLike[str] | None = None) -> Path:
    """The player's notebook folder: ``option`` (``--notebooks``), else ``$ISLE_NB_NOTEBOOKS``, else
    :data:`DEFAULT_FOLDER`; an absolute path, ``~`` expanded."""
    chosen = option or os.environ.get(ENVIRONMENT) or DEFAULT_FOLDER
    return Path(chosen).expanduser().resolve()


def cells_fingerprint(path: Path) -> str:
    """A fingerprint of a notebook's cells: their kinds and sources, in order (not outputs, counts or metadata), so
    that running a notebook does not count as changing it."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = [[cell.get("cell_type"), "".join(cell.get("source", ""))] for cell in notebook.get("cells", [])]
    return hashlib.sha256(json.dumps(cells).encode()).hexdigest()


@dataclass
class Installed:
    """What :func:`install_notebooks` did in the player's folder, notebook by notebook."""

    folder: Path
    copied: list[str] = field(default_factory=list)
    """Notebooks that were not there and were copied."""
    replaced: list[str] = field(default_factory=list)
    """Notebooks whose cells were as shipped, replaced by this version's."""
    beside: dict[str, str] = field(default_factory=dict)
    """Notebooks the player changed, kept; the new version's is written beside each, under the name given."""

    def messages(self) -> list[str]:
        """One sentence per thing done, for the terminal."""
        lines = []
        if self.copied:
            lines.append(f"Copied {len(self.copied)} notebooks into {self.folder}.")
        if self.replaced:
            names = ", ".join(self.replaced)
            lines.append(f"Updated {len(self.replaced)} notebooks to version {__version__}: {names}.")
        lines += [f"You changed {name}, so it is kept; version {__version__}'s is beside it as {new}."
                  for name, new in self.beside.items()]
        return lines


def _read_record(folder: Path) -> dict[str, str]:
    try:
        record = json.loads((folder / RECORD).read_text(encoding="utf-8"))
        notebooks = record.get("notebooks", {})
        return {str(k): str(v) for k, v in notebooks.items()} if isinstance(notebooks, dict) else {}
    except (OSError, ValueError, AttributeError):
        return {}


def _beside_name(name: str) -> str:
    stem, suffix = os.path.splitext(name)
    return f"{stem} ({__version__}){suffix}"


def install_notebooks(folder: Path, source: Path | None = None) -> Installed:
    """Bring the player's ``folder`` up to this version's notebooks (from ``source``, default :func:`shipped_folder`):

    * a notebook not in the folder is copied (the first use copies them all);
    * one whose cells are as they were last shipped (the record says which) is replaced by this version's;
    * one the player changed is kept, and this version's is written beside it (:data:`Installed.beside`), unless
      this version's cells are the same as those last shipped (then there is nothing new to show).

    The record then holds this version's cells for every notebook, so each change is dealt with once.

    Serving the shipped folder itself (a checkout's ``notebooks/``) copies nothing.
    """
    source = (source or shipped_folder()).resolve()
    folder = folder.resolve()
    done = Installed(folder)
    if folder == source:
        return done
    folder.mkdir(parents=True, exist_ok=True)
    record = _read_record(folder)
    shipped: dict[str, str] = {}
    for new in sorted(source.glob("*.ipynb")):
        name = new.name
        fingerprint = cells_fingerprint(new)
        shipped[name] = fingerprint
        mine = folder / name
        if not mine.exists():
            mine.write_bytes(new.read_bytes())
            done.copied.append(name)
            continue
        before = record.get(name)
        current = cells_fingerprint(mine)
        if current == fingerprint:
            continue  # already this version's cells
        if current == before:
            mine.write_bytes(new.read_bytes())
            done.replaced.append(name)
        elif before != fingerprint:
            beside = folder / _beside_name(name)
            beside.write_bytes(new.read_bytes())
            done.beside[name] = beside.name
    (folder / RECORD).write_text(json.dumps({"version": __version__, "notebooks": shipped}, indent=1) + "\n",
                                 encoding="utf-8")
    return done


__all__ = ["DEFAULT_FOLDER", "ENVIRONMENT", "PLAY_NOTEBOOK", "RECORD", "Installed", "cells_fingerprint",
           "install_notebooks", "notebook_folder", "shipped_folder"]
