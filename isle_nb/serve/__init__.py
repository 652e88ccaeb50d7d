"""Serving the game from the ``isle-nb`` command (:mod:`isle_nb.cli`): the notebooks shipped in the package and the
player's own copies of them (:mod:`isle_nb.serve.notebooks`), JupyterLab and Voila with the protections and settings
of a play server (:mod:`isle_nb.serve.launch`, :mod:`isle_nb.serve.settings`), and the save hook that keeps the
notebooks clean (:mod:`isle_nb.serve.clean`, which needs JupyterLab: the ``lab`` extra).

Nothing here is imported by ``import isle_nb``.
"""
