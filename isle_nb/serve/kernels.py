"""The kernels of a page server that let go when their page has gone (issue #30 §6).

Voila starts a kernel for every page load. A page that goes normally (reloaded, closed, left) asks the server to shut
its kernel down; one that goes without asking (a phone that dropped the page, a crashed browser) leaves its kernel
running. Jupyter's own culler never takes such a kernel while the table it sits at is being played: every message the
hub sends the seat is kernel activity, so the kernel never looks idle. :class:`PagelessKernelsGo` shuts a kernel down
once no page has been connected to it for :data:`GONE_SECONDS`, busy or not, and otherwise culls as Jupyter does.

This module is loaded only by the page servers (it needs ``jupyter_server``, of the ``lab`` extra).
"""

from __future__ import annotations

import time

from jupyter_client.manager import KernelManager
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float

GONE_SECONDS = 120.0
"""A kernel no page has been connected to for this long is shut down."""


class PagelessKernelsGo(AsyncMappingKernelManager):
    """A kernel manager whose culler also shuts down every kernel left without a page for :attr:`gone_after`
    seconds, counted from its last page's disconnection (or from the culler's first look, for a kernel no page ever
    reached); the culler looks every ``cull_interval`` seconds, so a kernel goes within ``gone_after +
    cull_interval`` of its page going."""

    gone_after = Float(GONE_SECONDS, config=True, help="Seconds a kernel may stay with no page connected.")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._pageless_since: dict[str, float] = {}

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Shut the kernel down if no page has been connected to it for :attr:`gone_after` seconds; else cull it
        as Jupyter would (idle for ``cull_idle_timeout``)."""
        if self._kernel_connections.get(kernel_id, 0) > 0:
            self._pageless_since.pop(kernel_id, None)
        else:
            since = self._pageless_since.setdefault(kernel_id, time.monotonic())
            if time.monotonic() - since >= self.gone_after:
                self._pageless_since.pop(kernel_id, None)
                self.log.warning("Shutting down kernel %s: no page has been connected to it for %d s.", kernel_id,
                                 int(self.gone_after))
                await self.shutdown_kernel(kernel_id)
                return
        await super().cull_kernel_if_idle(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        """A page's connection closed: the kernel is without a page from now if it was the last."""
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id, 0) <= 0:
            self._pageless_since[kernel_id] = time.monotonic()

    def remove_kernel(self, kernel_id: str) -> KernelManager:
        """Forget the kernel's pageless time along with the kernel."""
        self._pageless_since.pop(kernel_id, None)
        return super().remove_kernel(kernel_id)


__all__ = ["GONE_SECONDS", "PagelessKernelsGo"]
