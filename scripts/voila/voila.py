"""Voila settings for ``make voila`` (Voila reads ``voila.py`` from the folders in ``--Voila.config_file_paths``):
the protections JupyterLab has under ``make play``. The token is given on the command line and printed in the
address.

* On this machine only (the default ``PLAY_IP=localhost``), a request naming another host is refused, so a web page
  elsewhere cannot reach the kernels through DNS rebinding; served on every interface (``PLAY_IP=0.0.0.0``), other
  machines may connect, with the token.
* Every page load starts a kernel; kernels idle with no page connected are shut down after 15 minutes.
"""

from __future__ import annotations

import os

EVERY_INTERFACE = ("0.0.0.0", "::", "[::]")

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (provided by Voila when it loads this file)
c.Voila.tornado_settings = {"allow_remote_access": os.environ.get("PLAY_IP", "localhost") in EVERY_INTERFACE}
c.MappingKernelManager.cull_idle_timeout = 15 * 60
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = False
