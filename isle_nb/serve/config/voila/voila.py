"""Voila's settings for ``isle-nb lessons`` (Voila reads ``voila.py`` from ``--Voila.config_file_paths``): see
:func:`isle_nb.serve.settings.voila_settings`."""

from isle_nb.serve.settings import voila_settings

voila_settings(get_config())  # type: ignore[name-defined]  # noqa: F821  (provided by Voila when it loads this file)
