"""The settings of the play servers, applied by the config files under ``isle_nb/serve/config`` (Jupyter and Voila
load them with ``--config`` and ``--Voila.config_file_paths``; :mod:`isle_nb.serve.launch` passes them).

* JupyterLab (:func:`play_settings`): the notebooks saved clean (:class:`~isle_nb.serve.clean.PlayContentsManager`),
  Voila inside it (``/voila/render/...``) using the offline ``isle`` template, no news pop-up over the game (its
  plugin is disabled for the page: :func:`without_news`) and no update check: nothing at runtime comes from the
  internet.
* Voila (:func:`voila_settings`): the protections JupyterLab has. On this machine only (the default), a request
  naming another host is refused, so a web page elsewhere cannot reach the kernels through DNS rebinding; served on
  every interface (``PLAY_IP=0.0.0.0``, which :mod:`isle_nb.serve.launch` sets), other machines may connect, with
  the token. Every page load starts a kernel. When the page goes (reloaded, closed or left), Voila's page asks the
  server to shut its kernel down (a beacon that needs the page's ``_xsrf`` cookie: :func:`with_xsrf_cookie` makes
  sure the page has one), so the games of that kernel are free at once, and "Resume your last game" is offered on
  the reloaded page as after a kernel restart (issue #32 §2). A kernel whose page went without saying so (a crashed
  browser, a phone that dropped the page) is shut down once no page has been connected to it for two minutes, even
  while its table is being played (:class:`isle_nb.serve.kernels.PagelessKernelsGo`, issue #30 §6), and any kernel
  idle for :data:`IDLE_MINUTES` minutes with no page connected, as Jupyter culls.
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


NEWS_PLUGIN = "@jupyterlab/apputils-extension:announcements"
"""The JupyterLab plugin that asks "Would you like to get notified about official Jupyter news?" over the game (and
fetches the news): ``LabApp.news_url = None`` does not stop it asking, disabling the plugin does."""


def without_news(handler: Any, page_config: dict[str, Any]) -> dict[str, Any]:
    """Page-config hook: JupyterLab's page loads with the news plugin disabled (as a user's ``page_config.json``
    listing it under ``disabledExtensions`` would, but without writing in the user's settings)."""
    disabled = page_config.get("disabledExtensions") or []
    if isinstance(disabled, dict):  # the hook may see the mapping form ({name: True}) too
        disabled = [name for name, off in disabled.items() if off]
    page_config["disabledExtensions"] = [*disabled, NEWS_PLUGIN] if NEWS_PLUGIN not in disabled else list(disabled)
    return page_config


def with_xsrf_cookie(handler: Any, notebook: Any = None, cwd: str | None = None) -> None:
    """Voila's ``prelaunch_hook``: the page's response sets the ``_xsrf`` cookie (Tornado sets it the first time a
    handler reads its XSRF token). Voila's page sends it in the beacon that shuts the page's kernel down when the page
    goes; Voila's own page never reads the token, so without this hook the server refused every such beacon ("'_xsrf'
    argument missing from POST") and a reloaded page found its game still held by the old page's kernel."""
    _ = handler.xsrf_token
    return None


def play_settings(c: Any) -> None:
    """Apply JupyterLab's play settings to the config object ``c``."""
    c.ServerApp.contents_manager_class = "isle_nb.serve.clean.PlayContentsManager"
    c.VoilaConfiguration.template = "isle"
    c.LabApp.news_url = None
    c.ServerApp.tornado_settings = {"page_config_hook": without_news}  # the news question itself: see without_news
    c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"
    c.VoilaConfiguration.prelaunch_hook = with_xsrf_cookie  # pages under /voila/render/ too


def voila_settings(c: Any) -> None:
    """Apply Voila's protections to the config object ``c`` (the address served is read from ``PLAY_IP``)."""
    c.Voila.tornado_settings = {"allow_remote_access": os.environ.get(IP_ENVIRONMENT, "localhost") in EVERY_INTERFACE}
    c.MappingKernelManager.cull_idle_timeout = IDLE_MINUTES * 60
    c.MappingKernelManager.cull_interval = 30
    c.MappingKernelManager.cull_connected = False
    c.VoilaConfiguration.multi_kernel_manager_class = "isle_nb.serve.kernels.PagelessKernelsGo"
    c.VoilaConfiguration.prelaunch_hook = with_xsrf_cookie


__all__ = ["EVERY_INTERFACE", "IDLE_MINUTES", "IP_ENVIRONMENT", "NEWS_PLUGIN", "play_settings", "voila_settings",
           "with_xsrf_cookie", "without_news"]
