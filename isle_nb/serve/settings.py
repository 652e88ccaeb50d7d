"""The settings of the play servers, applied by the config files under ``isle_nb/serve/config`` (Jupyter and Voila
load them with ``--config`` and ``--Voila.config_file_paths``; :mod:`isle_nb.serve.launch` passes them).

* JupyterLab (:func:`play_settings`): the notebooks saved clean (:class:`~isle_nb.serve.clean.PlayContentsManager`),
  Voila inside it (``/voila/render/...``) using the offline ``isle`` template, no news pop-up over the game and no
  update check: nothing at runtime comes from the internet.
* Voila (:func:`voila_settings`): the protections JupyterLab has. On this machine only (the default), a request
  naming another host is refused, so a web page elsewhere cannot reach the kernels through DNS rebinding; served on
  every interface (``PLAY_IP=0.0.0.0``, which :mod:`isle_nb.serve.launch` sets), other machines may connect, with
  the token. Every page load starts a kernel; kernels idle with no page connected are shut down after 15 minutes.
"""

from __future__ import annotations

import os
from typing import Any

EVERY_INTERFACE = ("0.0.0.0", "::", "[::]")
"""The addresses that mean "every interface of this machine"."""

IP_ENVIRONMENT = "PLAY_IP"
"""The environment variable that tells the Voila settings the address served (:data:`EVERY_INTERFACE` or not)."""

IDLE_MINUTES = 15
"""Voila kernels idle this long with no page connected are shut down."""


def play_settings(c: Any) -> None:
    """Apply JupyterLab's play settings to the config object ``c``."""
    c.ServerApp.contents_manager_class = "isle_nb.serve.clean.PlayContentsManager"
    c.VoilaConfiguration.template = "isle"
    c.LabApp.news_url = None
    c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"


def voila_settings(c: Any) -> None:
    """Apply Voila's protections to the config object ``c`` (the address served is read from ``PLAY_IP``)."""
    c.Voila.tornado_settings = {"allow_remote_access": os.environ.get(IP_ENVIRONMENT, "localhost") in EVERY_INTERFACE}
    c.MappingKernelManager.cull_idle_timeout = IDLE_MINUTES * 60
    c.MappingKernelManager.cull_interval = 60
    c.MappingKernelManager.cull_connected = False


__all__ = ["EVERY_INTERFACE", "IDLE_MINUTES", "IP_ENVIRONMENT", "play_settings", "voila_settings"]
