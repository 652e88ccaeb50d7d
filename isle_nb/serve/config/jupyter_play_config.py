"""JupyterLab's settings for ``isle-nb play`` (``--config`` this file): see
:func:`isle_nb.serve.settings.play_settings`."""

from isle_nb.serve.settings import play_settings

play_settings(get_config())  # type: ignore[name-defined]  # noqa: F821  (provided by Jupyter when it loads this file)
