"""The build's one step beyond pyproject.toml: the repository's notebooks ship inside the wheel as package data
(``isle_nb/notebooks/*.ipynb``), where ``isle-nb play`` finds them (:func:`isle_nb.serve.notebooks.shipped_folder`);
a checkout and an editable install read ``notebooks/`` itself."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"


class BuildWithNotebooks(build_py):
    """``build_py`` that also copies ``notebooks/*.ipynb`` into the built package (not for an editable install)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "isle_nb" / "notebooks"
        self.mkpath(str(target))
        for notebook in sorted(NOTEBOOKS.glob("*.ipynb")):
            self.copy_file(str(notebook), str(target / notebook.name))


setup(cmdclass={"build_py": BuildWithNotebooks})
